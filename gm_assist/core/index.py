"""The index of saved sessions (``index.json``, TinyDB): id, name, game, creation time, current.

The index changes only when a session is created, renamed, deleted or chosen, never on a game
action, so an action costs the same with 1 or 1,000 saved sessions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError, GmError


def index_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "index.json"


@contextmanager
def locked() -> Iterator[None]:
    """Hold the index lock for a read-modify-write of the index."""
    from gm_assist.core.store import file_lock

    with file_lock(index_path().with_suffix(".lock")):
        yield


def _read() -> dict[str, Any]:
    from gm_assist.core.store import read_json_file

    path = index_path()
    if not path.exists():
        return {"sessions": {}, "meta": {}}
    data, _ = read_json_file(path)
    if not isinstance(data, dict) or not isinstance(data.get("sessions", {}), dict):
        raise EnvError("core.error.file_corrupt", path=str(path), detail="not an index")
    data.setdefault("sessions", {})
    data.setdefault("meta", {})
    return data


def entries() -> list[dict[str, Any]]:
    """Every indexed session: ``{id, name, game, created}``."""
    return list(_read()["sessions"].values())


def _db():  # type: ignore[no-untyped-def]
    from gm_assist.core.store import open_db

    return open_db(index_path())


def find(name_or_id: str) -> dict[str, Any]:
    """The index entry named (or with the id) ``name_or_id``; a suggestion when there is none."""
    from gm_assist.core.names import closest, fold

    items = entries()
    wanted = fold(name_or_id)
    for entry in items:
        if entry["id"] == name_or_id or fold(entry["name"]) == wanted:
            return entry
    suggestion = closest(name_or_id, [e["name"] for e in items])
    raise GmError("core.error.unknown_session", name=name_or_id, suggestion=_hint(suggestion))


def _hint(suggestion: str | None) -> str:
    from gm_assist.core.i18n import t

    return t("core.error.did_you_mean", suggestion=suggestion) if suggestion else ""


def current() -> str | None:
    """The id of the current session, if it still exists."""
    data = _read()
    sid = data["meta"].get("1", {}).get("current")
    return sid if sid in {e["id"] for e in data["sessions"].values()} else None


def set_current(sid: str | None) -> None:
    from tinydb.table import Document

    _db().table("meta").upsert(Document({"current": sid}, doc_id=1))


def add(sid: str, name: str, game: str, created: str) -> None:
    _db().table("sessions").insert({"id": sid, "name": name, "game": game, "created": created})


def remove(sid: str) -> None:
    from tinydb import Query

    db = _db()
    db.table("sessions").remove(Query().id == sid)
    if current() == sid:
        set_current(None)


def rename(sid: str, new: str) -> None:
    from tinydb import Query

    _db().table("sessions").update({"name": new}, Query().id == sid)


def check_new_name(name: str) -> str:
    """A name the user chose: trimmed, not empty, not taken."""
    from gm_assist.core.names import fold

    clean = name.strip()
    if not clean or "/" in clean or "\\" in clean:
        raise GmError("core.error.bad_session_name", name=name)
    if any(fold(e["name"]) == fold(clean) for e in entries()):
        raise GmError("core.error.session_exists", name=clean)
    return clean


def free_name(game: str) -> str:
    """The first free ``<game>-N`` name."""
    taken = {e["name"] for e in entries()}
    n = 1
    while f"{game}-{n}" in taken:
        n += 1
    return f"{game}-{n}"


def current_game() -> str | None:
    """The game of the session a command would act on (``--session`` or the current one), or None
    when there is none; never raises for a missing session (calculators use it to decide whether to
    save)."""
    from gm_assist.core.context import ctx

    name = ctx().session
    if name:
        try:
            return find(name)["game"]
        except GmError:
            return None
    sid = current()
    return next((e["game"] for e in entries() if e["id"] == sid), None)
