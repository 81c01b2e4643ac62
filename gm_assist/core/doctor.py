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

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.errors import EnvError
from gm_assist.core.index import valid_id
from gm_assist.core.session_file import (
    backup_path,
    game_state,
    is_offset,
    journal_path,
    read_file,
    session_path,
    sessions_dir,
    write_file,
)
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


def _load(path: Path) -> dict[str, Any]:
    """A session document that parses and validates; EnvError (or FileUnreadable) otherwise."""
    doc, _ = read_file(path)
    game_state(doc, path)
    return doc


def _reason(exc: BaseException) -> str:
    if isinstance(exc, EnvError) and exc.key == "core.error.file_corrupt":
        return _t("core.doctor.damaged", detail=exc.params.get("detail", ""))
    if isinstance(exc, EnvError):
        return exc.message()
    return _t("core.doctor.check_failed", detail=f"{type(exc).__name__}: {exc}"[:200])


# --- recovery of one session ---------------------------------------------------------------------


def _journal_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every line of a journal that parses as an entry: ``(offset, entry)``, oldest first."""
    try:
        raw = path.read_bytes()
    except OSError:
        return []
    lines = []
    offset = 0
    for line in raw.split(b"\n"):
        try:
            entry = json.loads(line)
            if isinstance(entry, dict):
                lines.append((offset, entry))
        except (ValueError, RecursionError):
            pass
        offset += len(line) + 1
    return lines


def _chain(path: Path, head: int | None, state: Any, model: Any) -> list[tuple[int, dict[str, Any]]]:
    """The consistent changes leading to ``state`` from ``head`` back, newest first: each entry's
    ``after`` is the state after it and its ``before`` a valid state. Stops at the first break."""
    chain: list[tuple[int, dict[str, Any]]] = []
    expected = state
    try:
        for offset, entry in journal.walk(path, head):
            if entry.get("after") != expected or not isinstance(entry.get("label"), list):
                break
            try:
                model.model_validate(entry.get("before"))
            except Exception:  # noqa: BLE001 - any invalid state ends the chain
                break
            chain.append((offset, entry))
            expected = entry["before"]
    except EnvError:
        pass
    return chain


def _valid(model: Any, state: Any) -> bool:
    try:
        model.model_validate(state)
    except Exception:  # noqa: BLE001 - any invalid state is just not a candidate
        return False
    return True


def _origin(lines: list[tuple[int, dict[str, Any]]]) -> dict[str, Any] | None:
    """The journal's line written by ``new`` or ``import``: the session as it was then."""
    return next((entry for _, entry in lines if entry.get("origin") is True), None)


def _game_of(sid: str, base: dict[str, Any] | None, lines: list[tuple[int, dict[str, Any]]]) -> str | None:
    """Which game a session is: its backup, else the index, else its journal's first line, else the
    one game whose model reads the journal's last state."""
    from gm_assist.core.registry import games, get_spec

    known = games()
    entry = _index_entry(sid)
    origin = _origin(lines)
    for game in (base and base["game"], entry and entry["game"], origin and origin.get("game")):
        if game in known:
            return str(game)
    if lines:
        readers = [g for g in known if _valid(get_spec(g).state_model, lines[-1][1].get("after"))]
        if len(readers) == 1:
            return readers[0]
    return None


def _recover(sid: str) -> tuple[dict[str, Any], str] | None:
    """The session document to put back, from the newest state another file holds: the journal's
    last consistent change (on top of the backup when it follows it; from the journal alone when the
    backup is gone, its first line naming the game), else the backup; None when nothing is usable."""
    from gm_assist.core.registry import get_spec

    try:
        base: dict[str, Any] | None = _load(backup_path(sid))
    except Exception:  # noqa: BLE001 - a damaged backup is just not a candidate
        base = None
    entry_ix = _index_entry(sid)
    lines = _journal_lines(journal_path(sid))
    game = _game_of(sid, base, lines)
    if game is not None:
        model = get_spec(game).state_model
        usable = [(o, e) for o, e in lines if _valid(model, e.get("after"))]
        last_offset, last = usable[-1] if usable else (None, None)
        if last is not None and last.get("origin") is True:
            # nothing done since the game was created or imported: that line is the whole session
            if base is None:
                doc = _from_journal(sid, game, lines, last.get("after"), None, 0)
                head, redo, changes = last.get("head"), last.get("redo"), last.get("changes")
                if (head is None or is_offset(head)) and isinstance(redo, list) and is_offset(changes):
                    if all(is_offset(o) for o in redo):
                        doc.update(head=head, redo=redo, changes=changes)
                return doc, "journal"
        elif last is not None:
            chain = _chain(journal_path(sid), last_offset, last["after"], model)
            offsets = [o for o, _ in chain]
            if base is not None:
                head = base.get("head")
                known = [o for o in (head, *base["redo"]) if o is not None]
                if known and last_offset <= max(known):
                    # journal lines are appended in order: a line the backup already knew, or one
                    # before it (an undone change whose redo was dropped), is older than the backup
                    return _named(base, entry_ix), "backup"
                if head is not None and head in offsets:
                    steps = offsets.index(head)
                elif head is None and chain and chain[-1][1].get("before") == base["state"]:
                    steps = len(chain)
                else:
                    steps = 0
                if steps:
                    doc = dict(base, state=last["after"], head=last_offset, redo=[])
                    doc.update(changes=int(base.get("changes", 0)) + steps, updated=str(last.get("time", "")))
                    return _named(doc, entry_ix), "journal"
            elif chain:
                return _from_journal(sid, game, lines, last["after"], last_offset, len(chain)), "journal"
    if base is not None:
        return _named(base, entry_ix), "backup"
    return None


def _from_journal(
    sid: str, game: str, lines: list[tuple[int, dict[str, Any]]], state: Any, head: int | None, changes: int
) -> dict[str, Any]:
    """A session document made again from its journal alone: the state and head it restores, the
    name and creation time from the index, else from the journal's first line, else new ones."""
    from gm_assist.core.registry import get_spec
    from gm_assist.core.session_file import SCHEMA_VERSION

    entry = _index_entry(sid) or {}
    origin = _origin(lines) or {}
    first_time = str(lines[0][1].get("time", "")) if lines else ""
    created = entry.get("created") or origin.get("created") or first_time
    name = entry.get("name") or origin.get("name") or f"{game}-{sid[:4]}"
    doc = {
        "schema_version": SCHEMA_VERSION,
        "id": sid,
        "name": name if isinstance(name, str) and not index.name_problem(name) else f"{game}-{sid[:4]}",
        "game": game,
        "game_schema": get_spec(game).schema_version,
        "created": str(created),
        "updated": str(lines[-1][1].get("time", created)) if lines else str(created),
        "state": state,
        "head": head,
        "redo": [],
        "changes": changes,
    }
    if isinstance(origin.get("label"), list):
        doc["created_label"] = origin["label"]
    return doc


def _index_entry(sid: str) -> dict[str, Any] | None:
    return next((e for e in _safe_entries() if e["id"] == sid), None)


def _named(doc: dict[str, Any], entry: dict[str, Any] | None) -> dict[str, Any]:
    """The index's name wins over an older copy's (a rename completed after the backup)."""
    if entry is not None and entry["name"] != doc["name"]:
        return dict(doc, name=entry["name"])
    return doc


def _safe_entries() -> list[dict[str, Any]]:
    try:
        return index.entries()
    except EnvError:
        return []


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
    found = _recover(sid)
    if found is not None:
        how = _t(f"core.doctor.recovered_{found[1]}")
        return [
            Problem(str(session_path(sid)), f"{_t('core.doctor.file_gone')} — {how}", True, kind="damaged")
        ]
    return [Problem(str(path), _t("core.doctor.unusable"), True, kind="aside") for path in files]


def _check_session(sid: str, entry: dict[str, Any] | None) -> list[Problem]:
    path = session_path(sid)
    try:
        doc = _load(path)
    except FileUnreadable as exc:
        return [Problem(str(path), f"{exc.message()} — {_t('core.doctor.unreadable')}", kind="unreadable")]
    except Exception as exc:  # noqa: BLE001 - one bad file never stops the diagnosis
        found = _recover(sid)
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
    found = _recover(sid)
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
        doc = _load(session_path(sid))
        issues = journal.check(journal_path(sid), doc.get("head"), doc.get("redo", []), doc["state"])
    except Exception:  # noqa: BLE001 - the next diagnosis reports it
        return
    if issues:
        _repair_journal(sid, stamp, Problem(str(journal_path(sid)), "", True, kind="journal"))


def _free_name(name: str, sid: str) -> str:
    """``name``, or ``name (2)``… when another saved game already has it (a game restored from its
    journal alone takes the name it was created with)."""
    taken = {e["name"].casefold() for e in _safe_entries() if e["id"] != sid}
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
    doc = _load(path)
    model = get_spec(doc["game"]).state_model
    jpath = journal_path(sid)
    lines = _journal_lines(jpath)
    chain = _chain(jpath, doc.get("head"), doc["state"], model)
    if lines:
        other = _chain(jpath, lines[-1][0], doc["state"], model)
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
    origin = _origin(lines)
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
            doc = _load(file)
        except Exception:  # noqa: BLE001 - a file that does not load stays out of the index
            continue
        sessions.append(
            {"id": doc["id"], "name": doc["name"], "game": doc["game"], "created": doc["created"]}
        )
    ids = {s["id"] for s in sessions}
    with index.locked():
        index.replace(sessions, current if current in ids else None)
