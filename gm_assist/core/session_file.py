"""A session is one TinyDB file ``sessions/<id>.json`` holding one document: id, name, game,
``schema_version``, times, the game state, and the journal pointers (see ``journal.py``). The index
``index.json`` (TinyDB too) lists id, name and game of every session and which one is current.

This module holds a session's files and the document they hold: where they live
(``sessions/<id>.json``, its journal ``<id>.journal.jsonl``, backup ``<id>.json.bak`` and lock
``<id>.lock``), the document's format (``SCHEMA_VERSION``, ``MIGRATIONS``, ``check_document``),
reading and writing it through TinyDB (table ``session``, document 1), the game state inside it
(``game_state``: validated and migrated into the game's model), the session as listed
(``SessionInfo``, ``info_of``) and a stored label's words (``label_text``).

This module reads and writes one file at a time and never decides which session to act on
(``core.index.resolve``) nor changes a game: creating a session and recording a change (lock, load,
apply, journal, write) are in ``core.session``, undo/redo and the history in ``core.session_history``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gm_assist.core.bounds import MAX_COUNT, huge_number
from gm_assist.core.errors import EnvError
from gm_assist.core.index import valid_id
from gm_assist.core.model import Model

SCHEMA_VERSION = 1
"""Version of the session document format. Older documents are migrated with ``MIGRATIONS``."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[v]`` turns a version-``v`` document into a version-``v + 1`` one."""


class SessionInfo(Model):
    """One saved game as listed: id, name, game, times."""

    id: str
    name: str
    game: str
    created: str
    updated: str
    changes: int = 0


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --- paths -------------------------------------------------------------------------------------


def sessions_dir() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "sessions"


def _file(sid: str, suffix: str) -> Path:
    """The file ``sessions/<sid><suffix>``; an id that is not one (a tampered index) never
    becomes a path outside the home."""
    if not valid_id(sid):
        from gm_assist.core.context import home_dir

        raise EnvError(
            "core.error.file_corrupt", path=str(home_dir() / "index.json"), detail=f"bad session id {sid!r}"
        )
    return sessions_dir() / f"{sid}{suffix}"


def session_path(sid: str) -> Path:
    return _file(sid, ".json")


def journal_path(sid: str) -> Path:
    return _file(sid, ".journal.jsonl")


def backup_path(sid: str) -> Path:
    return _file(sid, ".json.bak")


def lock_path(sid: str) -> Path:
    return _file(sid, ".lock")


# --- documents ---------------------------------------------------------------------------------


def label_text(label: Any) -> str:
    """Translate a stored label ``[key, params]``."""
    from gm_assist.core.i18n import t

    key, params = label
    return t(key, **params)


TABLE = "session"
"""A session file is a TinyDB database with one table, ``session``, holding one document, id 1."""
DOC_ID = 1


def check_document(doc: Any, path: Path) -> dict[str, Any]:
    """Check and migrate a session document read from ``path`` (never writes)."""
    try:
        version = int(doc["schema_version"])
    except (KeyError, TypeError, ValueError) as exc:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=f"missing {exc}") from exc
    if version > SCHEMA_VERSION:
        raise EnvError("core.error.schema_newer", path=str(path), version=version, supported=SCHEMA_VERSION)
    while version < SCHEMA_VERSION:
        if version not in MIGRATIONS:
            raise EnvError("core.error.file_corrupt", path=str(path), detail=f"unknown format {version}")
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["schema_version"] = version
    if not isinstance(doc, dict):
        raise EnvError("core.error.file_corrupt", path=str(path), detail="not a document")
    missing = [key for key in ("id", "name", "game", "state", "created", "updated", "redo") if key not in doc]
    if missing:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=f"missing {', '.join(missing)}")
    problem = _doc_problem(doc)
    if problem:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=problem)
    return doc


def is_offset(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _doc_problem(doc: dict[str, Any]) -> str | None:
    """What is wrong with the types of a session document's fields (None: nothing), so that no
    command writes a document that a later command would refuse."""
    for key in ("name", "game", "created", "updated"):
        if not isinstance(doc[key], str):
            return f"{key} is not text"
    if not valid_id(doc["id"]):
        return "bad id"
    if not isinstance(doc["state"], dict):
        return "state is not an object"
    if not isinstance(doc["redo"], list) or not all(is_offset(o) for o in doc["redo"]):
        return "redo is not a list of offsets"
    head = doc.get("head")
    if head is not None and not is_offset(head):
        return "head is not an offset"
    changes = doc.get("changes", 0)
    if not is_offset(changes):
        return "changes is not a count"
    if doc["game"] not in _games():
        return f"unknown game {doc['game']!r}"
    return None


def _games() -> Any:
    from gm_assist.core.registry import games

    return games()


def game_state(doc: dict[str, Any], path: Path) -> Any:
    """Validate (and migrate) the game state of a document into the game's model."""
    from gm_assist.core.registry import get_spec

    spec = get_spec(doc["game"])
    raw = doc["state"]
    version = int(doc.get("game_schema", 1))
    if version > spec.schema_version:
        raise EnvError(
            "core.error.schema_newer", path=str(path), version=version, supported=spec.schema_version
        )
    if version < spec.schema_version:
        if spec.migrate is None:
            raise EnvError("core.error.file_corrupt", path=str(path), detail=f"no migration from {version}")
        raw = spec.migrate(raw, version)
        doc["state"] = raw
        doc["game_schema"] = spec.schema_version
    where = huge_number(raw)
    if where:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=f"{where}: beyond {MAX_COUNT:,}")
    try:
        return spec.state_model.model_validate(raw)
    except ValidationError as exc:
        raise EnvError("core.error.file_corrupt", path=str(path), detail=_short(exc)) from exc


def _short(exc: ValidationError) -> str:
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


def read_document(sid: str) -> tuple[dict[str, Any], bytes]:
    """Read, check and migrate a session's file. The raw bytes are the last good copy."""
    return read_file(session_path(sid))


def read_file(path: Path) -> tuple[dict[str, Any], bytes]:
    """Read, check and migrate the session file ``path`` through TinyDB (table ``session``,
    document 1), with its raw bytes. Missing, empty or damaged, it is an EnvError naming it."""
    from gm_assist.core.db import open_db, raw_bytes

    with open_db(path) as db:
        found = db.table(TABLE).get(doc_id=DOC_ID)
        raw = raw_bytes(db)
    if found is None:
        raise EnvError(
            "core.error.file_corrupt", path=str(path), detail=f"missing '{TABLE}' document {DOC_ID}"
        )
    return check_document(dict(found), path), raw


def write_file(path: Path, doc: dict[str, Any], keep: tuple[Path, bytes] | None = None) -> None:
    """Replace the session file ``path`` with ``doc`` through TinyDB, in one atomic write (never an
    empty table first; the file there now is not read). ``keep``: ``(copy, previous)``, the file's
    previous good content kept as ``copy`` first."""
    from tinydb.table import Document

    from gm_assist.core.db import open_db

    with open_db(path, missing="replace", keep=keep) as db:
        db.table(TABLE).insert(Document(doc, doc_id=DOC_ID))


def write_document(doc: dict[str, Any], previous: bytes | None) -> None:
    """Write a session document atomically, keeping the previous good copy (``previous``, read
    under the same lock) beside it as ``<id>.json.bak``."""
    sid = doc["id"]
    write_file(session_path(sid), doc, None if previous is None else (backup_path(sid), previous))


def info_of(doc: dict[str, Any]) -> SessionInfo:
    """The session as shown (a name saved with control characters by an older version is shown
    escaped)."""
    from gm_assist.core.index import printable

    return SessionInfo(
        id=doc["id"],
        name=printable(doc["name"]),
        game=doc["game"],
        created=doc["created"],
        updated=doc["updated"],
        changes=int(doc.get("changes", 0)),
    )
