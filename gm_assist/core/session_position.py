"""Where a session stands in its journal (its head change and the changes that can be redone), and
the two checks built on it: ``version_of`` names that place with a number, so a client of the table
view that acts sends the version it saw and a stale one is refused (``check_version``); the guided
mode notes what each menu has seen (``note_seen``) and refuses a change made from a screen that no
longer shows the session (``check_seen``, ``changed_elsewhere``).

This module only reads a session and compares; recording, undoing and redoing (which call these
checks under the session's lock) are in ``core.session`` and ``core.session_history``.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.index import resolve
from gm_assist.core.session_file import read_document

# --- what a guided menu has seen ---------------------------------------------------------------
# A guided menu draws from a state it loaded, then the table answers prompts; meanwhile another
# terminal may change the session (``gm-assist undo``). In the guided mode every load notes which
# point of the journal it read, and a record made from a screen that no longer shows the session
# is refused (nothing saved): the menu reloads and draws again (issue 14).


def _position(doc: dict[str, Any]) -> tuple[Any, tuple[int, ...]]:
    """Where a session stands in its journal: the head change and the changes that can be redone."""
    return doc.get("head"), tuple(doc["redo"])


def version_of(doc: dict[str, Any]) -> int:
    """A number that names where a session stands in its history (``_position``): every change,
    undo or redo gives another one (a CRC-32 of the position), and the same place gives the same
    one. A client that acts sends the version it saw; ``expect`` refuses a stale one."""
    import json
    import zlib

    return zlib.crc32(json.dumps(_position(doc)).encode())


def check_version(doc: dict[str, Any], expect: int | None) -> None:
    if expect is not None and expect != version_of(doc):
        raise GmError("core.error.stale_version", name=doc["name"], version=version_of(doc))


def note_seen(doc: dict[str, Any]) -> None:
    from gm_assist.core.context import ctx

    if ctx().guided:
        ctx().seen[doc["id"]] = _position(doc)


def check_seen(doc: dict[str, Any]) -> None:
    from gm_assist.core.context import ctx

    seen = ctx().seen.get(doc["id"]) if ctx().guided else None
    if seen is not None and seen != _position(doc):
        raise GmError("guided.changed_elsewhere", session=doc["name"])


def changed_elsewhere(session: str | None = None) -> str | None:
    """In the guided mode, the name of the session if it moved on since a menu last drew it (from
    another window; None otherwise): the menu then draws again instead of acting on what it showed."""
    from gm_assist.core.context import ctx

    try:
        doc, _ = read_document(resolve(session))
    except GmError:
        return None
    seen = ctx().seen.get(doc["id"]) if ctx().guided else None
    return doc["name"] if seen is not None and seen != _position(doc) else None
