"""The index of saved sessions (``index.json``): a TinyDB database read and written through
``core.db``, with a table ``sessions`` (id, name, game, creation time of each session) and a table
``meta`` (document 1: which session is current). Look-ups are TinyDB queries.

The index changes only when a session is created, renamed, deleted or chosen, never on a game
action, so an action costs the same with 1 or 1,000 saved sessions.

It also says which session a command acts on (``resolve``: the argument, else ``--session``, else
the current one; ``current_game``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm_assist.core.errors import GmError

if TYPE_CHECKING:
    from tinydb import TinyDB
    from tinydb.queries import QueryLike

    from gm_assist.core.db import Missing

SESSIONS = "sessions"
META = "meta"
FIELDS = ("id", "name", "game", "created")


def valid_id(sid: Any) -> bool:
    """A session id as gm-assist makes them (letters, digits, ``-``/``_``): never a path."""
    return (
        isinstance(sid, str)
        and 0 < len(sid) <= 64
        and sid.isascii()
        and all(c.isalnum() or c in "-_" for c in sid)
    )


def index_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "index.json"


@contextmanager
def locked() -> Iterator[None]:
    """Hold the index lock for a read-modify-write of the index."""
    from gm_assist.core.store import file_lock

    with file_lock(index_path().with_suffix(".lock")):
        yield


def _problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the index's rows (None: nothing); TinyDB's layout is checked before."""
    for entry in data.get(SESSIONS, {}).values():
        if not all(isinstance(entry.get(k), str) for k in FIELDS):
            return "not an index"
        if not valid_id(entry["id"]):  # a tampered id never becomes a path
            return f"bad session id {entry['id']!r}"
    return None


def _db(missing: Missing = "create") -> AbstractContextManager[TinyDB]:
    """The index for one operation (a home without one has an empty index)."""
    from gm_assist.core.db import open_db

    return open_db(index_path(), missing=missing, check=_problem)


def entries(where: QueryLike | None = None) -> list[dict[str, Any]]:
    """Every indexed session (or those the TinyDB query ``where`` selects): ``{id, name, game,
    created}``, in the order they were listed."""
    with _db() as db:
        table = db.table(SESSIONS)
        rows = table.all() if where is None else table.search(where)
    return [dict(row) for row in rows]


def _same_name(name: str, wanted: str) -> bool:
    from gm_assist.core.names import fold

    return fold(name) == wanted


def find(name_or_id: str) -> dict[str, Any]:
    """The index entry named (or with the id) ``name_or_id``; a suggestion when there is none."""
    from tinydb import Query

    from gm_assist.core.names import closest, fold

    row = Query()
    with _db() as db:
        table = db.table(SESSIONS)
        found = table.get((row.id == name_or_id) | row.name.test(_same_name, fold(name_or_id)))
        names = [] if found is not None else [e["name"] for e in table.all()]
    if found is not None:
        return dict(found)
    suggestion = closest(name_or_id, names)
    raise GmError(
        "core.error.unknown_session", name=printable(name_or_id[:MAX_NAME]), suggestion=_hint(suggestion)
    )


def _hint(suggestion: str | None) -> str:
    from gm_assist.core.i18n import t

    return t("core.error.did_you_mean", suggestion=printable(suggestion)) if suggestion else ""


def current() -> str | None:
    """The id of the current session, if it still exists."""
    from tinydb import Query

    with _db() as db:
        meta = db.table(META).get(doc_id=1)
        sid = meta.get("current") if meta is not None else None
        listed = sid is not None and db.table(SESSIONS).contains(Query().id == sid)
    return sid if listed else None


def _make_current(db: TinyDB, sid: str | None) -> None:
    from tinydb.table import Document

    db.table(META).upsert(Document({"current": sid}, doc_id=1))


def set_current(sid: str | None) -> None:
    with _db() as db:
        _make_current(db, sid)


def add(sid: str, name: str, game: str, created: str, current: bool = False) -> None:
    """List a new session (and make it the current one): one write of the index."""
    with _db() as db:
        db.table(SESSIONS).insert({"id": sid, "name": name, "game": game, "created": created})
        if current:
            _make_current(db, sid)


def remove(sid: str) -> None:
    from tinydb import Query

    row = Query()
    with _db() as db:
        db.table(SESSIONS).remove(row.id == sid)
        db.table(META).update({"current": None}, row.current == sid)


def rename(sid: str, new: str) -> None:
    from tinydb import Query

    with _db() as db:
        db.table(SESSIONS).update({"name": new}, Query().id == sid)


def replace(rows: list[dict[str, Any]], current: str | None) -> None:
    """Write a whole new index, listing ``rows`` in their order (``doctor --fix`` rebuilds it from
    the session files): the index there now, perhaps damaged, is not read."""
    from tinydb.table import Document

    with _db(missing="replace") as db:
        db.table(SESSIONS).insert_multiple(rows)
        db.table(META).insert(Document({"current": current}, doc_id=1))


MAX_NAME = 80
"""The longest session name (characters)."""


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a session name (None: it can): text, 1 to MAX_NAME characters, no
    path separator, no control or bidirectional-override character."""
    if not isinstance(name, str) or not name.strip():
        return "empty"
    if len(name) > MAX_NAME:
        return "long"
    if "/" in name or "\\" in name:
        return "separator"
    if any(_is_control(c) for c in name):
        return "control"
    return None


def _is_control(char: str) -> bool:
    import unicodedata

    return unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in BIDI_CONTROLS


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` with control and bidirectional characters shown as escapes (``\\x1b``), so a
    hostile name saved by an older version never drives the terminal."""
    if not any(_is_control(c) for c in text):
        return text
    return "".join(c.encode("unicode_escape").decode("ascii") if _is_control(c) else c for c in text)


def check_new_name(name: str) -> str:
    """A name the user chose: trimmed, not empty, not taken."""
    from gm_assist.core.names import fold

    clean = name.strip()
    problem = name_problem(clean)
    if problem:
        raise GmError(
            "core.error.bad_session_name",
            name=printable(clean[:MAX_NAME]) + ("…" if len(clean) > MAX_NAME else ""),
            max=MAX_NAME,
        )
    from tinydb import Query

    with _db() as db:
        taken = db.table(SESSIONS).contains(Query().name.test(_same_name, fold(clean)))
    if taken:
        raise GmError("core.error.session_exists", name=clean)
    return clean


def new_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a new session, as the message ``check_new_name`` would give (None:
    it can): a prompt asks again instead of refusing a whole set-up at its end."""
    try:
        check_new_name(name)
    except GmError as exc:
        return exc.message()
    return None


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
    save). It reads the index with the store's strict reader alone, the one ``core.db``'s storage
    uses, so that a calculator never loads TinyDB."""
    from gm_assist.core.context import ctx
    from gm_assist.core.names import fold
    from gm_assist.core.store import read_tables

    data, _ = read_tables(index_path(), missing_ok=True, check=_problem)
    rows = list((data or {}).get(SESSIONS, {}).values())
    name = ctx().session
    if name:
        found = [e for e in rows if e["id"] == name or _same_name(e["name"], fold(name))]
    else:
        sid = (data or {}).get(META, {}).get("1", {}).get("current")
        found = [e for e in rows if e["id"] == sid]
    return found[0]["game"] if found else None


def resolve(session: str | None = None) -> str:
    """The id of the session to act on: the argument, else ``--session``, else the current one."""
    from gm_assist.core.context import ctx

    name = session or ctx().session
    if name:
        return find(name)["id"]
    current_id = current()
    if current_id is None:
        raise GmError("core.error.no_current")
    return current_id
