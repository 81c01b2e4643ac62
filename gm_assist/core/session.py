"""Sessions (saved games), actions and the journal: the one way a game's state changes.

A session is one TinyDB file ``sessions/<id>.json`` holding one document: id, name, game,
``schema_version``, times, the game state, and the journal pointers (see ``journal.py``). The index
``index.json`` (TinyDB too) lists id, name and game of every session and which one is current.

Every change goes through ``record(action)``: lock, load, ``action.apply(state)``, journal, write.
If ``apply`` raises, nothing is written.
"""

from __future__ import annotations

import secrets
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

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
from gm_assist.core.session_position import (
    check_seen,
    check_version,
    note_seen,
)


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


def moves(session: str | None = None) -> tuple[str | None, str | None]:
    """The translated labels of the change ``undo`` would revert and of the one ``redo`` would
    bring back (None when there is none), for the guided menus' Undo/Redo entries."""
    sid = resolve(session)
    doc, _ = read_document(sid)
    note_seen(doc)  # what the menu shows: its Undo entry must revert this very change
    path = journal_path(sid)
    head = doc.get("head")
    undo_label = redo_label = None
    if head is not None:  # an undo goes from the entry's "after" back to its "before"
        entry = journal.read(path, head)
        undo_label = label_text(entry["label"]) + _comes_back(doc, entry["after"], entry["before"])
    if doc["redo"]:
        entry = journal.read(path, doc["redo"][-1])
        redo_label = label_text(entry["label"]) + _comes_back(doc, entry["before"], entry["after"])
    return undo_label, redo_label


MAX_CHANGES = 3  # a menu entry stays one line: the first changes, then "…"


def _comes_back(doc: dict[str, Any], now: dict[str, Any], then: dict[str, Any]) -> str:
    """`` — Dire Bear: HP 0 → 2, …``: what moving from ``now`` to ``then`` changes, as the game
    says it (nothing when the game has no words for it or the states cannot be read)."""
    from gm_assist.core.registry import get_spec

    try:
        spec = get_spec(doc["game"])
    except GmError:
        return ""
    if spec.changes is None:
        return ""
    try:
        words = spec.changes(spec.state_model.model_validate(now), spec.state_model.model_validate(then))
    except (ValidationError, ValueError, KeyError):
        return ""
    if not words:
        return ""
    shown = words[:MAX_CHANGES] + (["…"] if len(words) > MAX_CHANGES else [])
    return " — " + ", ".join(shown)


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


def undo(n: int = 1, session: str | None = None, expect: int | None = None) -> tuple[SessionInfo, list[str]]:
    """Revert the last ``n`` changes; returns the labels undone, most recent first. ``expect``: as
    for ``record``."""
    return _move(n, session, forward=False, expect=expect)


def redo(n: int = 1, session: str | None = None, expect: int | None = None) -> tuple[SessionInfo, list[str]]:
    """Re-apply the last ``n`` undone changes; returns their labels in order."""
    return _move(n, session, forward=True, expect=expect)


def _move(
    n: int, session: str | None, forward: bool, expect: int | None = None
) -> tuple[SessionInfo, list[str]]:
    from gm_assist.core.store import file_lock

    if n < 1:
        raise GmError("core.error.count_positive", value=n)
    sid = resolve(session)
    with file_lock(lock_path(sid)):
        doc, raw = read_document(sid)
        game_state(doc, session_path(sid))  # a damaged file is reported, never overwritten
        check_seen(doc)  # the guided menu's Undo/Redo entry named what it would change
        check_version(doc, expect)
        path = journal_path(sid)
        labels: list[str] = []
        for _ in range(n):
            if forward:
                if not doc["redo"]:
                    break
                offset = doc["redo"][-1]
                entry = journal.read(path, offset)
                doc.update(state=entry["after"], head=offset, redo=doc["redo"][:-1])
            else:
                if doc.get("head") is None:
                    break
                entry = journal.read(path, doc["head"])
                doc.update(state=entry["before"], head=entry.get("prev"), redo=[*doc["redo"], doc["head"]])
            labels.append(label_text(entry["label"]))
        if not labels:
            raise GmError(
                "core.error.nothing_to_redo" if forward else "core.error.nothing_to_undo", name=doc["name"]
            )
        game_state(doc, session_path(sid))  # never write a state the game cannot read
        doc["updated"] = now()
        write_document(doc, raw)
        note_seen(doc)
    return info_of(doc), labels


@dataclass
class HistoryItem:
    index: int
    time: str
    label: str
    undone: bool


def history(session: str | None = None) -> tuple[SessionInfo, list[HistoryItem]]:
    """Every change of a session, oldest first; undone (redoable) changes are marked."""
    sid = resolve(session)
    doc, _ = read_document(sid)
    game_state(doc, session_path(sid))
    path = journal_path(sid)
    done = [entry for _, entry in journal.walk(path, doc.get("head"))]
    done.reverse()
    items = [HistoryItem(i + 1, e["time"], label_text(e["label"]), False) for i, e in enumerate(done)]
    for offset in reversed(doc["redo"]):
        entry = journal.read(path, offset)
        items.append(HistoryItem(len(items) + 1, entry["time"], label_text(entry["label"]), True))
    return info_of(doc), items
