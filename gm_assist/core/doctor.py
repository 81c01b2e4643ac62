"""``gm-assist doctor``: find broken files and restore the last good copy kept beside each session.

A broken session file is never overwritten in place: it is moved aside to
``<id>.json.corrupt-<time>`` and the backup (``<id>.json.bak``, the copy read just before the last
successful write) takes its place. A broken index is rebuilt from the session files.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from gm_assist.core import index, journal
from gm_assist.core.errors import EnvError
from gm_assist.core.session import (
    backup_path,
    game_state,
    journal_path,
    parse_document,
    session_path,
    sessions_dir,
)
from gm_assist.core.store import atomic_write_bytes, read_json_file


@dataclass
class Problem:
    """One problem found: the file, what is wrong, and whether a good copy can replace it."""

    file: str
    problem: str
    restorable: bool = False
    fixed: bool = False
    details: dict[str, str] = field(default_factory=dict)


def _check_session_file(path: Path) -> str | None:
    """None if the file loads, else the reason (translated)."""
    try:
        data, _ = read_json_file(path)
        doc = parse_document(data, path)
        game_state(doc, path)
    except EnvError as exc:
        return exc.message()
    return None


def diagnose() -> list[Problem]:
    """Every problem in the gm-assist home: broken session files, broken journals, index mismatches."""
    from gm_assist.core.i18n import t

    problems: list[Problem] = []
    folder = sessions_dir()
    files = sorted(folder.glob("*.json")) if folder.exists() else []
    for path in files:
        reason = _check_session_file(path)
        if reason:
            bak = backup_path(path.stem)
            problems.append(Problem(str(path), reason, bak.exists() and _check_session_file(bak) is None))
            continue
        doc = parse_document(read_json_file(path)[0], path)
        issues = journal.check(journal_path(doc["id"]), doc.get("head"), doc.get("redo", []), doc["state"])
        if issues:
            problems.append(
                Problem(str(journal_path(doc["id"])), t("core.doctor.journal", detail="; ".join(issues)))
            )
    try:
        indexed = {e["id"] for e in index.entries()}
    except EnvError as exc:
        problems.append(Problem(str(index.index_path()), exc.message(), restorable=True))
        return problems
    on_disk = {p.stem for p in files}
    for sid in sorted(indexed - on_disk):
        problems.append(Problem(str(session_path(sid)), t("core.doctor.missing_file"), restorable=True))
    for sid in sorted(on_disk - indexed):
        problems.append(Problem(str(session_path(sid)), t("core.doctor.not_indexed"), restorable=True))
    return problems


def repair(problems: list[Problem]) -> list[Problem]:
    """Fix what can be fixed: restore backups, rebuild or complete the index."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    rebuild = False
    for problem in problems:
        if not problem.restorable:
            continue
        path = Path(problem.file)
        if path == index.index_path() or not path.exists() or path.suffix == ".json" and _is_unindexed(path):
            rebuild = True
            problem.fixed = True
            continue
        bak = backup_path(path.stem)
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        os.replace(path, aside)
        atomic_write_bytes(path, bak.read_bytes())
        problem.details["moved_to"] = str(aside)
        problem.fixed = True
    if rebuild:
        _rebuild_index(stamp)
    return problems


def _is_unindexed(path: Path) -> bool:
    try:
        return path.stem not in {e["id"] for e in index.entries()}
    except EnvError:
        return True


def _rebuild_index(stamp: str) -> None:
    """Write a fresh index from the session files that load (the broken index is kept aside)."""
    from gm_assist.core.store import atomic_write_text

    path = index.index_path()
    current = None
    sessions: dict[str, dict[str, str]] = {}
    try:
        current = index.current()
    except EnvError:
        if path.exists():
            os.replace(path, path.with_name(f"{path.name}.corrupt-{stamp}"))
    for n, file in enumerate(sorted(sessions_dir().glob("*.json")), start=1):
        try:
            doc = parse_document(read_json_file(file)[0], file)
        except EnvError:
            continue
        sessions[str(n)] = {
            "id": doc["id"],
            "name": doc["name"],
            "game": doc["game"],
            "created": doc["created"],
        }
    ids = {s["id"] for s in sessions.values()}
    meta = {"1": {"current": current if current in ids else None}}
    with index.locked():
        atomic_write_text(path, json.dumps({"sessions": sessions, "meta": meta}, ensure_ascii=False))
