"""What ``gm-assist doctor --fix`` does with each problem the diagnosis (``core.doctor``) found:
restore a damaged or missing session file from what ``core.doctor_recovery`` finds (the damaged file
kept aside as ``<id>.json.corrupt-<time>``), truncate a history to its consistent changes (the old
journal kept aside), tidy an interrupted command's leftover (removed only when it holds nothing found
nowhere else, else kept as ``<file>.unfinished-<time>``), put aside a file that restores nothing,
remove an empty lock folder, and rebuild the index last, from the files that load.

It never deletes the last copy of anything, and it finds nothing itself: ``repair`` acts on the
``Problem`` list that ``core.doctor.diagnose`` returns.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.doctor import Problem
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
from gm_assist.core.store import atomic_write_bytes, fs_step, unlink

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
    from gm_assist.core.i18n import t
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
    problem.problem += " " + t("core.doctor.journal_repaired", kept=len(chain))
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
