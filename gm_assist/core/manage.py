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
from gm_assist.core.index import resolve
from gm_assist.core.session import origin_entry
from gm_assist.core.session_file import (
    SCHEMA_VERSION,
    SessionInfo,
    backup_path,
    check_document,
    game_state,
    info_of,
    journal_path,
    lock_path,
    now,
    read_document,
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
        rows.append(
            {
                **entry,
                "name": index.printable(entry["name"]),
                "updated": updated,
                "current": entry["id"] == current,
            }
        )
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
    """Give a session a new, unused name. The session file is written first: if the index is not
    written after it (a crash), ``doctor --fix`` brings the index in line with the file."""
    from gm_assist.core.store import file_lock

    with index.locked():
        sid = index.find(old)["id"]
        with file_lock(lock_path(sid)):
            doc, raw = read_document(sid)
            game_state(doc, session_path(sid))  # a damaged file is reported, never rewritten
            doc["name"] = index.check_new_name(new)
            doc["updated"] = now()
            write_document(doc, raw)
            index.rename(sid, doc["name"])
    return info_of(doc)


def delete(name: str) -> SessionInfo:
    """Remove a session and its files, under the session's lock (no action in flight writes it
    back). The session file goes first: if that fails (a read-only folder), nothing changed; a crash
    later leaves an index entry without its file, which ``doctor --fix`` removes."""
    from gm_assist.core.store import file_lock, unlink

    with index.locked():
        entry = index.find(name)
        sid = entry["id"]
        with file_lock(lock_path(sid)):
            for path in (session_path(sid), backup_path(sid), journal_path(sid)):
                unlink(path)
            index.remove(sid)
        unlink(lock_path(sid))
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


MAX_JOURNAL = 10_000
"""The most changes an imported session may carry."""


def read_export(path: Path) -> Any:
    """The parsed JSON of an export file: a regular file of at most MAX_FILE_BYTES (never a FIFO, a
    device or ``/dev/zero``), nested at most as deep as the JSON parser allows."""
    from gm_assist.core.store import MAX_FILE_BYTES, parse_json, read_limited

    try:
        return parse_json(read_limited(path))
    except FileNotFoundError as exc:
        raise GmError("core.error.import_missing", path=str(path)) from exc
    except OSError as exc:
        raise GmError("core.error.import_invalid", path=str(path), detail=exc.strerror or str(exc)) from exc
    except ValueError as exc:
        if str(exc) == "too big":
            raise GmError("core.error.import_too_big", path=str(path), mb=MAX_FILE_BYTES // 2**20) from exc
        raise GmError("core.error.import_invalid", path=str(path), detail=str(exc)[:200]) from exc


def import_file(path: Path, name: str | None = None) -> SessionInfo:
    """Import an exported session: validated completely (the same checks as a saved session, every
    journal entry's states included) before anything is written; the journal is written in one
    piece, then the session file, then the index."""
    from gm_assist.core.store import atomic_write_bytes

    data = read_export(path)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise GmError("core.error.import_invalid", path=str(path), detail="not a gm-assist export")
    try:
        doc, entries, redo = _validated_export(data, path)
    except EnvError as exc:
        raise GmError(
            # the nested error's own words (a newer format…), never its bare key
            "core.error.import_invalid",
            path=str(path),
            detail=exc.params.get("detail") or exc.message().rstrip(". "),
        ) from exc
    except (KeyError, TypeError, ValueError, RecursionError) as exc:
        raise GmError("core.error.import_invalid", path=str(path), detail=str(exc)[:200]) from exc
    with index.locked():
        doc["name"] = index.check_new_name(name or doc["name"])
        doc["id"] = secrets.token_hex(6)
        lines: list[bytes] = []
        size = 0
        head = None
        for entry in entries:
            lines.append(journal.encode({**entry, "prev": head}))
            head = size
            size += len(lines[-1])
        offsets = []
        for entry in redo:
            offsets.append(size)
            lines.append(journal.encode({**entry, "prev": None}))
            size += len(lines[-1])
        doc.update(head=head, redo=offsets, changes=len(entries), updated=now())
        lines.append(journal.encode(origin_entry(doc)))  # the game as imported: restorable at once
        atomic_write_bytes(journal_path(doc["id"]), b"".join(lines))
        write_document(doc, None)
        index.add(doc["id"], doc["name"], doc["game"], doc["created"])
    return info_of(doc)


def _validated_export(data: dict[str, Any], path: Path) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """The session document, journal and redo entries of an export, every part checked."""
    from gm_assist.core.registry import get_spec

    version = data.get("schema_version", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("schema_version is not a number")
    if not isinstance(data.get("session"), dict):
        raise ValueError("session is not an object")
    session = {**data["session"], "schema_version": version, "redo": []}
    session.pop("head", None)
    doc = check_document(session, path)
    game_state(doc, path)
    entries, redo = data.get("journal", []), data.get("redo", [])
    if not isinstance(entries, list) or not isinstance(redo, list):
        raise ValueError("journal is not a list")
    if len(entries) + len(redo) > MAX_JOURNAL:
        raise ValueError(f"more than {MAX_JOURNAL} changes")
    model = get_spec(doc["game"]).state_model
    for n, entry in enumerate([*entries, *redo], start=1):
        problem = journal.entry_problem(entry, model)
        if problem:
            raise ValueError(f"change {n}: {problem}")
    _check_chain(doc, entries, redo)
    return doc, entries, redo


def _check_chain(doc: dict[str, Any], entries: list[Any], redo: list[Any]) -> None:
    state = doc["state"]
    for entry in reversed(entries):
        if entry.get("after") != state:
            raise ValueError("journal does not lead to the saved state")
        state = entry.get("before")
    nxt = doc["state"]
    for entry in reversed(redo):
        if entry.get("before") != nxt:
            raise ValueError("redo entries do not follow the saved state")
        nxt = entry.get("after")


def export_target(output: Path | None, force: bool = False) -> Path | None:
    """Where ``export -o`` writes: None for stdout (no option, or ``-``). Refuses anything but a
    regular file (a device, a symlink, a folder), a missing folder, and an existing file unless
    ``force`` (the command asks first on a terminal)."""
    import stat

    if output is None or str(output) == "-":
        return None
    target = Path(os.path.expanduser(output))
    try:
        info = target.lstat()
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise GmError("core.error.export_no_folder", path=str(target.parent)) from None
        return target
    if not stat.S_ISREG(info.st_mode):
        raise GmError("core.error.export_not_file", path=str(target))
    if not force:
        raise GmError("core.error.export_exists", path=str(target), flag="--force")
    return target


def output_target(output: Path | None, force: bool = False) -> tuple[bool, Path | None]:
    """:func:`export_target` for a command that writes a file (``export -o``, ``stats --csv``): an
    existing file is replaced only with ``force`` or after the table says yes on a terminal.
    Returns (go on?, target; None for stdout)."""
    from gm_assist.core.i18n import t

    try:
        return True, export_target(output, force)
    except GmError as exc:
        from gm_assist.core.prompts import confirm
        from gm_assist.core.terminal import is_interactive

        if exc.key != "core.error.export_exists" or not is_interactive():
            raise
        if not confirm(t("core.export.replace", path=str(output)), default=False):
            return False, None
        return True, export_target(output, force=True)


def write_text(text: str, output: Path | None) -> None:
    """Write ``text`` to ``output`` atomically (nothing when None: the caller prints it)."""
    from gm_assist.core.store import atomic_write_text

    if output is not None:
        try:
            atomic_write_text(output, text)
        except OSError as exc:
            raise EnvError("core.error.file_unwritable", path=str(output), detail=str(exc)) from exc


def write_export(data: dict[str, Any], output: Path | None) -> str:
    """The export's JSON text, written to ``output`` (atomically) when given."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    write_text(text + "\n", output)
    return text
