"""Whole-session operations: list, rename, delete, export, import, choose the current one."""

from __future__ import annotations

import json
import os
import secrets
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.errors import EnvError, GmError
from gm_assist.core.session import (
    SCHEMA_VERSION,
    SessionInfo,
    backup_path,
    game_state,
    info_of,
    journal_path,
    lock_path,
    now,
    parse_document,
    read_document,
    resolve,
    session_path,
    write_document,
)

EXPORT_FORMAT = "gm-assist-session"


def listing() -> list[dict[str, Any]]:
    """Every session with its last change (the file's modification time: no file is parsed)."""
    current = index.current()
    rows = []
    for entry in index.entries():
        path = session_path(entry["id"])
        try:
            updated = datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")
        except OSError:
            updated = None
        rows.append({**entry, "updated": updated, "current": entry["id"] == current})
    rows.sort(key=lambda r: r["updated"] or "", reverse=True)
    return rows


def use(name: str) -> SessionInfo:
    """Make a session the current one."""
    with index.locked():
        sid = index.find(name)["id"]
        doc, _ = read_document(sid)
        index.set_current(sid)
    return info_of(doc)


def rename(old: str, new: str) -> SessionInfo:
    """Give a session a new, unused name."""
    from gm_assist.core.store import file_lock

    with index.locked():
        sid = index.find(old)["id"]
        with file_lock(lock_path(sid)):
            doc, raw = read_document(sid)
            doc["name"] = index.check_new_name(new)
            doc["updated"] = now()
            write_document(doc, raw)
            index.rename(sid, doc["name"])
    return info_of(doc)


def delete(name: str) -> SessionInfo:
    """Remove a session and its files (journal, backup)."""
    with index.locked():
        entry = index.find(name)
        sid = entry["id"]
        index.remove(sid)
        for path in (session_path(sid), journal_path(sid), backup_path(sid), lock_path(sid)):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
    return SessionInfo(
        id=sid, name=entry["name"], game=entry["game"], created=entry["created"], updated=now()
    )


def export(name: str | None) -> dict[str, Any]:
    """The whole session (state and history) as one JSON-able document."""
    sid = resolve(name)
    doc, _ = read_document(sid)
    entries = [e for _, e in journal.walk(journal_path(sid), doc.get("head"))]
    entries.reverse()
    redo = [journal.read(journal_path(sid), off) for off in doc["redo"]]
    clean = {k: v for k, v in doc.items() if k not in ("head", "redo")}
    return {
        "format": EXPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "session": clean,
        "journal": entries,
        "redo": redo,
    }


def import_file(path: Path, name: str | None = None) -> SessionInfo:
    """Import an exported session: validated completely before anything is written."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise GmError("core.error.import_missing", path=str(path)) from exc
    except (OSError, ValueError) as exc:
        raise GmError("core.error.import_invalid", path=str(path), detail=str(exc)) from exc
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise GmError("core.error.import_invalid", path=str(path), detail="not a gm-assist export")
    try:
        version = int(data.get("schema_version", 0))
        doc = parse_document({"session": {"1": dict(data["session"], schema_version=version, redo=[])}}, path)
        game_state(doc, path)
        entries = list(data.get("journal", []))
        redo = list(data.get("redo", []))
        _check_chain(doc, entries, redo)
    except EnvError as exc:
        raise GmError(
            # the nested error's own words (a newer format…), never its bare key
            "core.error.import_invalid", path=str(path),
            detail=exc.params.get("detail") or exc.message().rstrip(". "),
        ) from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise GmError("core.error.import_invalid", path=str(path), detail=str(exc)) from exc
    with index.locked():
        doc["name"] = index.check_new_name(name or doc["name"])
        doc["id"] = secrets.token_hex(6)
        jpath = journal_path(doc["id"])
        head = None
        for entry in entries:
            head = journal.append(jpath, {**entry, "prev": head})
        offsets = [journal.append(jpath, {**e, "prev": None}) for e in redo]
        doc.update(head=head, redo=offsets, changes=len(entries), updated=now())
        write_document(doc, None)
        index.add(doc["id"], doc["name"], doc["game"], doc["created"])
    return info_of(doc)


def _check_chain(doc: dict[str, Any], entries: list[Any], redo: list[Any]) -> None:
    state = doc["state"]
    for entry in reversed(entries):
        if not isinstance(entry, dict) or entry.get("after") != state or "label" not in entry:
            raise ValueError("journal does not lead to the saved state")
        state = entry.get("before")
    nxt = doc["state"]
    for entry in reversed(redo):
        if not isinstance(entry, dict) or entry.get("before") != nxt:
            raise ValueError("redo entries do not follow the saved state")
        nxt = entry.get("after")


def write_export(data: dict[str, Any], output: Path | None) -> str:
    """The export's JSON text, written to ``output`` (atomically) when given."""
    from gm_assist.core.store import atomic_write_text

    text = json.dumps(data, ensure_ascii=False, indent=2)
    if output is not None:
        try:
            atomic_write_text(Path(os.path.expanduser(output)), text + "\n")
        except OSError as exc:
            raise EnvError("core.error.file_unwritable", path=str(output), detail=str(exc)) from exc
    return text
