"""Sessions (saved games): the one way a game's state changes.

Every change goes through ``record(action)``: lock, load, ``action.apply(state)``, journal, write.
If ``apply`` raises, nothing is written. ``create`` saves a new game (``start`` says it as a recorded
change), ``load`` reads a session and its state, read-only.

Elsewhere: what a game declares (``GameSpec``, ``Action``, ``Outcome``) in ``core.game``; the
session's files and document (paths, format, reading and writing) in ``core.session_file``; which
session a command acts on in ``core.index.resolve``; undo, redo and the history in
``core.session_history``; the version of a session and the guided mode's check of what a menu has
seen in ``core.session_position``; how big a saved number may be in ``core.bounds``.
"""

from __future__ import annotations

import secrets
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from gm_assist.core import journal
from gm_assist.core.bounds import MAX_COUNT, huge_number
from gm_assist.core.errors import GmError
from gm_assist.core.game import Action
from gm_assist.core.index import resolve
from gm_assist.core.session_file import (
    SCHEMA_VERSION,
    SessionInfo,
    game_state,
    info_of,
    journal_path,
    label_text,
    lock_path,
    now,
    read_document,
    session_path,
    write_document,
)
from gm_assist.core.session_position import check_seen, check_version, note_seen


@dataclass
class Recorded:
    """What ``record`` returns: the session, the state before and after, the translated label."""

    session: SessionInfo
    before: Any
    state: Any
    label: str
    events: list[Any] = field(default_factory=list)


# --- the operations ----------------------------------------------------------------------------


def load(game: str | None, session: str | None = None) -> tuple[SessionInfo, Any]:
    """A session and its validated state, read-only. ``game`` (if given) must match."""
    sid = resolve(session)
    doc, _ = read_document(sid)
    _check_game(doc, game)
    note_seen(doc)
    return info_of(doc), game_state(doc, session_path(sid))


def _check_game(doc: dict[str, Any], game: str | None) -> None:
    if game is not None and doc["game"] != game:
        from gm_assist.core.registry import title

        raise GmError("core.error.wrong_game", name=doc["name"], game=title(doc["game"]), wanted=title(game))


def create(
    game: str,
    state: BaseModel,
    name: str | None = None,
    label: tuple[str, dict[str, Any]] = ("core.action.created", {}),
) -> SessionInfo:
    """Save a new session for ``game`` with its initial ``state`` and make it current. A state the
    app could not read back (a number beyond what a game counts) is refused, as ``record`` refuses
    it: nothing is written."""
    from gm_assist.core import index
    from gm_assist.core.registry import get_spec

    spec = get_spec(game)
    where = huge_number(state.model_dump(mode="json"))
    if where:
        raise GmError("core.error.count_too_big", where=where, max=f"{MAX_COUNT:,}")
    sid = secrets.token_hex(6)
    stamp = now()
    with index.locked():
        name = index.check_new_name(name) if name else index.free_name(game)
        doc = {
            "schema_version": SCHEMA_VERSION,
            "id": sid,
            "name": name,
            "game": game,
            "game_schema": spec.schema_version,
            "created": stamp,
            "updated": stamp,
            "created_label": list(label),
            "state": state.model_dump(mode="json"),
            "head": None,
            "redo": [],
            "changes": 0,
        }
        journal.append(journal_path(sid), origin_entry(doc))
        write_document(doc, None)
        index.add(sid, name, game, stamp, current=True)
    return info_of(doc)


def origin_entry(doc: dict[str, Any]) -> dict[str, Any]:
    """The journal line written when a game is created (the journal's first) or imported (after
    the imported changes): the session as it was then — name, game, creation time, state and its
    place in the history — so that ``doctor`` can restore a game that lost its file before its
    next change. It is no change: no ``head`` or ``prev`` points to it, and ``undo``, ``history``
    and ``export`` never see it."""
    return {
        "origin": True,
        "time": doc["updated"],
        "label": list(doc.get("created_label") or ["core.action.created", {}]),
        "name": doc["name"],
        "game": doc["game"],
        "game_schema": doc.get("game_schema", 1),
        "created": doc["created"],
        "after": doc["state"],
        "head": doc.get("head"),
        "redo": list(doc.get("redo", [])),
        "changes": int(doc.get("changes", 0)),
    }


def start(
    game: str,
    state: BaseModel,
    name: str | None = None,
    label: tuple[str, dict[str, Any]] = ("core.action.created", {}),
    events: list[Any] | None = None,
) -> Recorded:
    """``create`` a session and say it as a recorded change (nothing before; ``events``: what the
    game's set-up rule told the table), so a game's ``new`` command prints the same envelope as
    every other change."""
    info = create(game, state, name, label)
    said = list(events or [])
    return Recorded(session=info, before=None, state=state, label=label_text(list(label)), events=said)


def record(action: Action, session: str | None = None, expect: int | None = None) -> Recorded:
    """Apply ``action`` to a session, journal it and save. Nothing is saved if it raises.
    ``expect``: the version (``version_of``) the change was asked on; another one is refused."""
    from gm_assist.core.store import file_lock

    sid = resolve(session)
    with file_lock(lock_path(sid)):
        doc, raw = read_document(sid)
        _check_game(doc, action.game)
        check_seen(doc)
        check_version(doc, expect)
        before = game_state(doc, session_path(sid))
        after, events = action.resolve(before)
        after_raw = after.model_dump(mode="json")
        where = huge_number(after_raw)
        if where:
            raise GmError("core.error.count_too_big", where=where, max=f"{MAX_COUNT:,}")
        label = list(action.label())
        entry = {
            "time": now(),
            "label": label,
            "action": {"type": type(action).__name__, "data": action.model_dump(mode="json")},
            "prev": doc.get("head"),
            "before": before.model_dump(mode="json"),
            "after": after_raw,
            # what the rules told the table with this change: part of the entry, never of the state
            "events": [e.model_dump(mode="json") for e in events if isinstance(e, BaseModel)],
        }
        offset = journal.append(journal_path(sid), entry)
        doc.update(
            state=after_raw,
            head=offset,
            redo=[],
            updated=entry["time"],
            changes=int(doc.get("changes", 0)) + 1,
        )
        write_document(doc, raw)
        note_seen(doc)
    done = Recorded(session=info_of(doc), before=before, state=after, label=label_text(label), events=events)
    watching = _watchers.get()
    if watching is not None:
        watching.append(done)
    return done


_watchers: ContextVar[list[Recorded] | None] = ContextVar("gm_assist_recorded", default=None)


def watch_records() -> list[Recorded]:
    """From now on, every change the calling thread records is appended to the list returned: what a
    procedure driven from outside recorded (``POST /api/step`` answers with its envelope)."""
    found: list[Recorded] = []
    _watchers.set(found)
    return found
