"""What a lost or damaged session can be restored from, for ``gm-assist doctor``: the newest state
another file holds. The journal holds every full state (``journal_lines``, ``consistent_chain``: the
changes that lead to a state), and its first line, written by ``new`` or ``import``
(``origin_line``), holds the game as it started; the backup (``<id>.json.bak``) is the copy read just
before the last successful write; the index keeps the name. ``recover`` picks from them the session
document to put back.

This module only reads: finding what is wrong is in ``core.doctor`` and writing the repairs (putting
files aside, rewriting a journal, rebuilding the index) in ``core.doctor_repair``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.errors import EnvError
from gm_assist.core.session_file import backup_path, game_state, is_offset, journal_path, read_file


def load_checked(path: Path) -> dict[str, Any]:
    """A session document that parses and validates; EnvError (or FileUnreadable) otherwise."""
    doc, _ = read_file(path)
    game_state(doc, path)
    return doc


# --- recovery of one session ---------------------------------------------------------------------


def journal_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every line of a journal that parses as an entry: ``(offset, entry)``, oldest first."""
    try:
        raw = path.read_bytes()
    except OSError:
        return []
    lines = []
    offset = 0
    for line in raw.split(b"\n"):
        try:
            entry = json.loads(line)
            if isinstance(entry, dict):
                lines.append((offset, entry))
        except (ValueError, RecursionError):
            pass
        offset += len(line) + 1
    return lines


def consistent_chain(
    path: Path, head: int | None, state: Any, model: Any
) -> list[tuple[int, dict[str, Any]]]:
    """The consistent changes leading to ``state`` from ``head`` back, newest first: each entry's
    ``after`` is the state after it and its ``before`` a valid state. Stops at the first break."""
    chain: list[tuple[int, dict[str, Any]]] = []
    expected = state
    try:
        for offset, entry in journal.walk(path, head):
            if entry.get("after") != expected or not isinstance(entry.get("label"), list):
                break
            try:
                model.model_validate(entry.get("before"))
            except Exception:  # noqa: BLE001 - any invalid state ends the chain
                break
            chain.append((offset, entry))
            expected = entry["before"]
    except EnvError:
        pass
    return chain


def _valid(model: Any, state: Any) -> bool:
    try:
        model.model_validate(state)
    except Exception:  # noqa: BLE001 - any invalid state is just not a candidate
        return False
    return True


def origin_line(lines: list[tuple[int, dict[str, Any]]]) -> dict[str, Any] | None:
    """The journal's line written by ``new`` or ``import``: the session as it was then."""
    return next((entry for _, entry in lines if entry.get("origin") is True), None)


def _game_of(sid: str, base: dict[str, Any] | None, lines: list[tuple[int, dict[str, Any]]]) -> str | None:
    """Which game a session is: its backup, else the index, else its journal's first line, else the
    one game whose model reads the journal's last state."""
    from gm_assist.core.registry import games, get_spec

    known = games()
    entry = _index_entry(sid)
    origin = origin_line(lines)
    for game in (base and base["game"], entry and entry["game"], origin and origin.get("game")):
        if game in known:
            return str(game)
    if lines:
        readers = [g for g in known if _valid(get_spec(g).state_model, lines[-1][1].get("after"))]
        if len(readers) == 1:
            return readers[0]
    return None


def recover(sid: str) -> tuple[dict[str, Any], str] | None:
    """The session document to put back, from the newest state another file holds: the journal's
    last consistent change (on top of the backup when it follows it; from the journal alone when the
    backup is gone, its first line naming the game), else the backup; None when nothing is usable."""
    from gm_assist.core.registry import get_spec

    try:
        base: dict[str, Any] | None = load_checked(backup_path(sid))
    except Exception:  # noqa: BLE001 - a damaged backup is just not a candidate
        base = None
    entry_ix = _index_entry(sid)
    lines = journal_lines(journal_path(sid))
    game = _game_of(sid, base, lines)
    if game is not None:
        model = get_spec(game).state_model
        usable = [(o, e) for o, e in lines if _valid(model, e.get("after"))]
        last_offset, last = usable[-1] if usable else (None, None)
        if last is not None and last.get("origin") is True:
            # nothing done since the game was created or imported: that line is the whole session
            if base is None:
                doc = _from_journal(sid, game, lines, last.get("after"), None, 0)
                head, redo, changes = last.get("head"), last.get("redo"), last.get("changes")
                if (head is None or is_offset(head)) and isinstance(redo, list) and is_offset(changes):
                    if all(is_offset(o) for o in redo):
                        doc.update(head=head, redo=redo, changes=changes)
                return doc, "journal"
        elif last is not None:
            chain = consistent_chain(journal_path(sid), last_offset, last["after"], model)
            offsets = [o for o, _ in chain]
            if base is not None:
                head = base.get("head")
                known = [o for o in (head, *base["redo"]) if o is not None]
                if known and last_offset <= max(known):
                    # journal lines are appended in order: a line the backup already knew, or one
                    # before it (an undone change whose redo was dropped), is older than the backup
                    return _named(base, entry_ix), "backup"
                if head is not None and head in offsets:
                    steps = offsets.index(head)
                elif head is None and chain and chain[-1][1].get("before") == base["state"]:
                    steps = len(chain)
                else:
                    steps = 0
                if steps:
                    doc = dict(base, state=last["after"], head=last_offset, redo=[])
                    doc.update(changes=int(base.get("changes", 0)) + steps, updated=str(last.get("time", "")))
                    return _named(doc, entry_ix), "journal"
            elif chain:
                return _from_journal(sid, game, lines, last["after"], last_offset, len(chain)), "journal"
    if base is not None:
        return _named(base, entry_ix), "backup"
    return None


def _from_journal(
    sid: str, game: str, lines: list[tuple[int, dict[str, Any]]], state: Any, head: int | None, changes: int
) -> dict[str, Any]:
    """A session document made again from its journal alone: the state and head it restores, the
    name and creation time from the index, else from the journal's first line, else new ones."""
    from gm_assist.core.registry import get_spec
    from gm_assist.core.session_file import SCHEMA_VERSION

    entry = _index_entry(sid) or {}
    origin = origin_line(lines) or {}
    first_time = str(lines[0][1].get("time", "")) if lines else ""
    created = entry.get("created") or origin.get("created") or first_time
    name = entry.get("name") or origin.get("name") or f"{game}-{sid[:4]}"
    doc = {
        "schema_version": SCHEMA_VERSION,
        "id": sid,
        "name": name if isinstance(name, str) and not index.name_problem(name) else f"{game}-{sid[:4]}",
        "game": game,
        "game_schema": get_spec(game).schema_version,
        "created": str(created),
        "updated": str(lines[-1][1].get("time", created)) if lines else str(created),
        "state": state,
        "head": head,
        "redo": [],
        "changes": changes,
    }
    if isinstance(origin.get("label"), list):
        doc["created_label"] = origin["label"]
    return doc


def _index_entry(sid: str) -> dict[str, Any] | None:
    return next((e for e in safe_entries() if e["id"] == sid), None)


def _named(doc: dict[str, Any], entry: dict[str, Any] | None) -> dict[str, Any]:
    """The index's name wins over an older copy's (a rename completed after the backup)."""
    if entry is not None and entry["name"] != doc["name"]:
        return dict(doc, name=entry["name"])
    return doc


def safe_entries() -> list[dict[str, Any]]:
    try:
        return index.entries()
    except EnvError:
        return []
