"""Going back and forth in a session's journal: ``undo`` and ``redo`` (moving the session's head
along the journal, under its lock), ``history`` (every change, undone ones marked) and ``moves``
(what the guided menus' Undo/Redo entries say they would change).

Nothing here records a new change (``core.session.record``) or reads and writes a file itself
(``core.session_file``); the journal's format is ``core.journal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gm_assist.core import journal, session_file
from gm_assist.core.errors import GmError
from gm_assist.core.index import resolve
from gm_assist.core.session_position import check_seen, check_version, note_seen


def undo(
    n: int = 1, session: str | None = None, expect: int | None = None
) -> tuple[session_file.SessionInfo, list[str]]:
    """Revert the last ``n`` changes; returns the labels undone, most recent first. ``expect``: as
    for ``record``."""
    return _move(n, session, forward=False, expect=expect)


def redo(
    n: int = 1, session: str | None = None, expect: int | None = None
) -> tuple[session_file.SessionInfo, list[str]]:
    """Re-apply the last ``n`` undone changes; returns their labels in order."""
    return _move(n, session, forward=True, expect=expect)


def _move(
    n: int, session: str | None, forward: bool, expect: int | None = None
) -> tuple[session_file.SessionInfo, list[str]]:
    from gm_assist.core.store import file_lock

    if n < 1:
        raise GmError("core.error.count_positive", value=n)
    sid = resolve(session)
    with file_lock(session_file.lock_path(sid)):
        doc, raw = session_file.read_document(sid)
        # a damaged file is reported, never overwritten
        session_file.game_state(doc, session_file.session_path(sid))
        check_seen(doc)  # the guided menu's Undo/Redo entry named what it would change
        check_version(doc, expect)
        path = session_file.journal_path(sid)
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
            labels.append(session_file.label_text(entry["label"]))
        if not labels:
            raise GmError(
                "core.error.nothing_to_redo" if forward else "core.error.nothing_to_undo", name=doc["name"]
            )
        # never write a state the game cannot read
        session_file.game_state(doc, session_file.session_path(sid))
        doc["updated"] = session_file.now()
        session_file.write_document(doc, raw)
        note_seen(doc)
    return session_file.info_of(doc), labels


@dataclass
class HistoryItem:
    index: int
    time: str
    label: str
    undone: bool


def history(session: str | None = None) -> tuple[session_file.SessionInfo, list[HistoryItem]]:
    """Every change of a session, oldest first; undone (redoable) changes are marked."""
    sid = resolve(session)
    doc, _ = session_file.read_document(sid)
    session_file.game_state(doc, session_file.session_path(sid))
    path = session_file.journal_path(sid)
    done = [entry for _, entry in journal.walk(path, doc.get("head"))]
    done.reverse()
    items = [
        HistoryItem(i + 1, e["time"], session_file.label_text(e["label"]), False) for i, e in enumerate(done)
    ]
    for offset in reversed(doc["redo"]):
        entry = journal.read(path, offset)
        items.append(
            HistoryItem(len(items) + 1, entry["time"], session_file.label_text(entry["label"]), True)
        )
    return session_file.info_of(doc), items


def moves(session: str | None = None) -> tuple[str | None, str | None]:
    """The translated labels of the change ``undo`` would revert and of the one ``redo`` would
    bring back (None when there is none), for the guided menus' Undo/Redo entries."""
    sid = resolve(session)
    doc, _ = session_file.read_document(sid)
    note_seen(doc)  # what the menu shows: its Undo entry must revert this very change
    path = session_file.journal_path(sid)
    head = doc.get("head")
    undo_label = redo_label = None
    if head is not None:  # an undo goes from the entry's "after" back to its "before"
        entry = journal.read(path, head)
        undo_label = session_file.label_text(entry["label"]) + _comes_back(
            doc, entry["after"], entry["before"]
        )
    if doc["redo"]:
        entry = journal.read(path, doc["redo"][-1])
        redo_label = session_file.label_text(entry["label"]) + _comes_back(
            doc, entry["before"], entry["after"]
        )
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
