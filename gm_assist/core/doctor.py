"""``gm-assist doctor``: find what is wrong in the home and repair it from what is left.

``--fix`` never deletes the last copy of anything. A damaged session file (readable, but it does not
parse or does not validate) is never overwritten in place: it is kept aside as
``<id>.json.corrupt-<time>`` and replaced by the newest state another file holds: the journal's last
consistent change (the journal holds every full state, and its first line, written by ``new`` or
``import``, holds the game as it started), else the backup (``<id>.json.bak``, the copy read just
before the last successful write). A missing session file whose journal or backup is left is
restored the same way. What cannot be used is kept aside, never deleted: a journal or backup that
restores nothing (``.corrupt-<time>``), an unfinished temporary file that holds bytes found nowhere
else (``<file>.unfinished-<time>``); only a leftover that is empty, or a second name or an exact copy
of a file that is there, is removed. A file that cannot be read (permissions) is not damage: it is
reported and left alone. A history that does not lead to the saved state is truncated to its last
consistent change (the old file kept aside). A broken index, an index that disagrees with the files
(a rename or a new game cut short) is rebuilt from the session files. One bad file never stops the
diagnosis of the others.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.doctor_recovery import (
    consistent_chain,
    journal_lines,
    load_checked,
    origin_line,
    recover,
    safe_entries,
)
from gm_assist.core.errors import EnvError
from gm_assist.core.index import valid_id
from gm_assist.core.session_file import journal_path, session_path, sessions_dir, write_file
from gm_assist.core.store import FileUnreadable, atomic_write_bytes, fs_step, unlink


@dataclass
class Problem:
    """One problem found: the file, what is wrong, and whether ``--fix`` can repair it."""

    file: str
    problem: str
    restorable: bool = False
    fixed: bool = False
    details: dict[str, str] = field(default_factory=dict)
    kind: str = "damaged"
    """damaged, unreadable, journal, index, leftover, lock, folder (what ``repair`` does)."""


def _t(key: str, **params: Any) -> str:
    from gm_assist.core.i18n import t

    return t(key, **params)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, EnvError) and exc.key == "core.error.file_corrupt":
        return _t("core.doctor.damaged", detail=exc.params.get("detail", ""))
    if isinstance(exc, EnvError):
        return exc.message()
    return _t("core.doctor.check_failed", detail=f"{type(exc).__name__}: {exc}"[:200])


# --- diagnosis ----------------------------------------------------------------------------------


def _is_leftover(path: Path) -> bool:
    name = path.name
    return name.startswith(".") and (name.endswith(".tmp") or name.endswith(".link"))


def diagnose() -> list[Problem]:
    """Every problem in the gm-assist home, each file checked on its own."""
    from gm_assist.core.context import home_dir

    problems: list[Problem] = []
    home = home_dir()
    if home.exists() and not home.is_dir():
        return [Problem(str(home), _t("core.doctor.not_a_folder"), kind="folder")]
    folder = sessions_dir()
    if folder.exists() and not folder.is_dir():
        # never "rebuild" an index from a folder that is not one: that would empty it
        return [Problem(str(folder), _t("core.doctor.not_a_folder"), kind="folder")]
    for leftover in sorted(p for p in home.glob(".*") if _is_leftover(p)) if home.exists() else []:
        problems.append(_leftover(leftover))
    names: list[Path] = sorted(folder.iterdir()) if folder.exists() else []
    sids = {p.name[: -len(".json")] for p in names if p.name.endswith(".json") and valid_id(p.name[:-5])}
    try:
        indexed = {e["id"]: e for e in index.entries()}
        index_ok = True
    except EnvError as exc:
        problems.append(Problem(str(index.index_path()), exc.message(), True, kind="index"))
        indexed, index_ok = {}, False
    orphans: dict[str, list[Path]] = {}  # a journal or backup whose session file is gone
    for path in names:
        name = path.name
        if _is_leftover(path):
            problems.append(_leftover(path))
        elif name.endswith(".lock") and not path.is_file():
            empty = path.is_dir() and not any(path.iterdir())
            problems.append(Problem(str(path), _t("core.doctor.lock_not_file"), empty, kind="lock"))
        elif name.endswith((".journal.jsonl", ".json.bak")):
            sid = name.split(".", 1)[0]
            if sid not in sids and valid_id(sid):  # lost, or a delete or an import cut short
                orphans.setdefault(sid, []).append(path)
    for sid in sorted(sids):
        problems.extend(_check_session(sid, indexed.get(sid)))
    for sid, files in sorted(orphans.items()):
        problems.extend(_check_missing(sid, files))
    if index_ok:
        for sid in sorted(set(indexed) - sids - set(orphans)):
            problems.append(
                Problem(str(session_path(sid)), _t("core.doctor.missing_file"), True, kind="index")
            )
        for sid in sorted(sids - set(indexed)):
            problems.append(
                Problem(str(session_path(sid)), _t("core.doctor.not_indexed"), True, kind="index")
            )
    return problems


def _leftover(path: Path) -> Problem:
    """An interrupted command's temporary file: removed only when it holds nothing that is not
    elsewhere (empty, a second name of a file that is there, the same bytes as its target), else
    kept aside under a visible name."""
    return Problem(str(path), _t("core.doctor.leftover"), True, kind="leftover")


def _check_missing(sid: str, files: list[Path]) -> list[Problem]:
    """A session whose file is gone while its journal or backup is left: restored from them, else
    they are kept aside (never deleted) and the index forgets the session."""
    found = recover(sid)
    if found is not None:
        how = _t(f"core.doctor.recovered_{found[1]}")
        return [
            Problem(str(session_path(sid)), f"{_t('core.doctor.file_gone')} — {how}", True, kind="damaged")
        ]
    return [Problem(str(path), _t("core.doctor.unusable"), True, kind="aside") for path in files]


def _check_session(sid: str, entry: dict[str, Any] | None) -> list[Problem]:
    path = session_path(sid)
    try:
        doc = load_checked(path)
    except FileUnreadable as exc:
        return [Problem(str(path), f"{exc.message()} — {_t('core.doctor.unreadable')}", kind="unreadable")]
    except Exception as exc:  # noqa: BLE001 - one bad file never stops the diagnosis
        found = recover(sid)
        how = _t(f"core.doctor.recovered_{found[1]}") if found else _t("core.doctor.unrecoverable")
        problem = Problem(str(path), f"{_reason(exc)} — {how}", found is not None, kind="damaged")
        return [problem]
    problems = []
    try:
        issues = journal.check(journal_path(sid), doc.get("head"), doc.get("redo", []), doc["state"])
    except Exception as exc:  # noqa: BLE001
        issues = [_reason(exc)]
    if issues:
        problems.append(
            Problem(
                str(journal_path(sid)),
                _t("core.doctor.journal", detail="; ".join(issues)),
                True,
                kind="journal",
            )
        )
    if entry is not None and entry["name"] != doc["name"]:
        problems.append(
            Problem(
                str(path),
                _t("core.doctor.name_mismatch", index=entry["name"], file=doc["name"]),
                True,
                kind="index",
            )
        )
    return problems


# --- repair -------------------------------------------------------------------------------------


def repair(problems: list[Problem]) -> list[Problem]:
    """Fix what can be fixed; the index is rebuilt last, from the repaired files."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    rebuild = False
    for problem in problems:
        if not problem.restorable:
            continue
        path = Path(problem.file)
        if problem.kind == "index":
            rebuild = True
            problem.fixed = True
        elif problem.kind == "leftover":
            problem.fixed = _tidy(path, stamp, problem)
        elif problem.kind == "aside":
            problem.fixed = _put_aside(path, stamp, problem)
            rebuild = True
        elif problem.kind == "lock":
            fs_step(change=True)
            path.rmdir()
            problem.fixed = True
        elif problem.kind == "damaged":
            problem.fixed = _restore(path, stamp, problem)
            rebuild = True
        elif problem.kind == "journal":
            problem.fixed = _repair_journal(path.name.split(".", 1)[0], stamp, problem)
    if rebuild:
        _rebuild_index(stamp)
    return problems


def _restore(path: Path, stamp: str, problem: Problem) -> bool:
    sid = path.name[: -len(".json")]
    found = recover(sid)
    if found is None:
        return False
    from gm_assist.core.store import keep_copy

    doc, source = found
    doc["name"] = _free_name(doc["name"], sid)
    if os.path.lexists(path):
        aside = _aside(path, stamp)
        try:  # kept aside as a copy first: a crash here leaves the damaged file where it was
            keep_copy(path, aside, path.read_bytes())
        except OSError:
            pass
        problem.details["moved_to"] = str(aside)
    write_file(path, doc)
    problem.details["source"] = source
    _tidy_journal(sid, stamp)
    return True


def _tidy_journal(sid: str, stamp: str) -> None:
    """After a restore, a history that does not lead to the restored state is truncated to its
    consistent changes at once (the old file kept aside), so one ``--fix`` is enough."""
    try:
        doc = load_checked(session_path(sid))
        issues = journal.check(journal_path(sid), doc.get("head"), doc.get("redo", []), doc["state"])
    except Exception:  # noqa: BLE001 - the next diagnosis reports it
        return
    if issues:
        _repair_journal(sid, stamp, Problem(str(journal_path(sid)), "", True, kind="journal"))


def _free_name(name: str, sid: str) -> str:
    """``name``, or ``name (2)``… when another saved game already has it (a game restored from its
    journal alone takes the name it was created with)."""
    taken = {e["name"].casefold() for e in safe_entries() if e["id"] != sid}
    candidate, n = name, 1
    while candidate.casefold() in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


def _tidy(path: Path, stamp: str, problem: Problem) -> bool:
    """Remove a leftover that holds nothing found nowhere else; keep any other aside."""
    try:
        info = path.lstat()
        if not path.is_file() or path.is_symlink():
            return False  # not a file a command left: reported, left alone
        raw = path.read_bytes()
    except OSError:
        return False
    target = path.with_name(_leftover_target(path.name))
    try:
        same = target.is_file() and target.read_bytes() == raw
    except OSError:
        same = False
    if not raw or info.st_nlink > 1 or same:
        unlink(path)
        return True
    aside = path.with_name(f"{target.name}.unfinished-{stamp}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{target.name}.unfinished-{stamp}-{n}")
    fs_step(change=True)
    os.replace(path, aside)
    problem.details["moved_to"] = str(aside)
    return True


def _leftover_target(name: str) -> str:
    """The file a leftover was made for: ``.<name>.<random>.tmp`` and ``.<name>.link``."""
    if name.endswith(".tmp"):
        return name[1:-4].rpartition(".")[0] or name
    return name[1:-5]


def _put_aside(path: Path, stamp: str, problem: Problem) -> bool:
    """Rename a file that restores nothing to ``<name>.corrupt-<time>``: kept, out of the way."""
    aside = _aside(path, stamp)
    fs_step(change=True)
    try:
        os.replace(path, aside)
    except OSError:
        return False
    problem.details["moved_to"] = str(aside)
    return True


def _aside(path: Path, stamp: str) -> Path:
    """A free ``<name>.corrupt-<time>[-N]`` beside ``path``."""
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    return aside


def _repair_journal(sid: str, stamp: str, problem: Problem) -> bool:
    """Rewrite the journal with the consistent changes that lead to the saved state (the old file
    is kept aside), then point the session at it. A crash between the two writes is repaired by the
    next run: the new journal's last line leads to the saved state."""
    from gm_assist.core.registry import get_spec
    from gm_assist.core.store import keep_copy

    path = session_path(sid)
    doc = load_checked(path)
    model = get_spec(doc["game"]).state_model
    jpath = journal_path(sid)
    lines = journal_lines(jpath)
    chain = consistent_chain(jpath, doc.get("head"), doc["state"], model)
    if lines:
        other = consistent_chain(jpath, lines[-1][0], doc["state"], model)
        if len(other) > len(chain):
            chain = other
    redo_entries: list[dict[str, Any]] = []
    nxt = doc["state"]
    for offset in reversed(doc["redo"]):
        try:
            entry = journal.read(jpath, offset)
        except EnvError:
            break
        if entry.get("before") != nxt:
            break
        redo_entries.append(entry)
        nxt = entry.get("after")
    redo_entries.reverse()  # oldest undone first, as stored
    origin = origin_line(lines)
    data = b""
    if origin is not None:  # kept first, as the game began: its place in the old history is gone
        data = journal.encode({**origin, "head": None, "redo": [], "changes": 0})
    redo_offsets = []
    for entry in redo_entries:
        redo_offsets.append(len(data))
        data += journal.encode({**entry, "prev": None})
    head = None
    for _, entry in reversed(chain):
        line = journal.encode({**entry, "prev": head})
        head = len(data)
        data += line
    if jpath.exists():
        aside = _aside(jpath, stamp)
        keep_copy(jpath, aside, jpath.read_bytes())
        problem.details["moved_to"] = str(aside)
    atomic_write_bytes(jpath, data)
    doc.update(head=head, redo=redo_offsets)
    write_file(path, doc)
    problem.problem += " " + _t("core.doctor.journal_repaired", kept=len(chain))
    return True


def _rebuild_index(stamp: str) -> None:
    """Write a fresh index from the session files that load (a broken index is kept aside)."""
    path = index.index_path()
    current = None
    old: dict[str, dict[str, Any]] = {}
    try:
        current = index.current()
        old = {e["id"]: e for e in index.entries()}
    except EnvError:
        if path.exists():
            fs_step(change=True)
            os.replace(path, path.with_name(f"{path.name}.corrupt-{stamp}"))
    sessions: list[dict[str, str]] = []
    folder = sessions_dir()
    files = sorted(folder.glob("*.json"), key=lambda f: (old.get(f.stem, {}).get("created", ""), f.name))
    for file in files:
        if not valid_id(file.stem):
            continue
        try:
            doc = load_checked(file)
        except Exception:  # noqa: BLE001 - a file that does not load stays out of the index
            continue
        sessions.append(
            {"id": doc["id"], "name": doc["name"], "game": doc["game"], "created": doc["created"]}
        )
    ids = {s["id"] for s in sessions}
    with index.locked():
        index.replace(sessions, current if current in ids else None)
