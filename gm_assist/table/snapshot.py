"""What the table view shows, read from the gm-assist home without ever writing to it.

``snapshot(pinned)`` builds the document served as ``/state.json`` and sent on ``/events``::

    {"status": "ok" | "no_session" | "missing" | "damaged" | "finished",
     "session": {"id", "name", "game", "updated", "changes"} | None,
     "view": <the game's table_view(state)> | None,   # None: the game has no table view yet
     "state": <the public state, exactly what `gm-assist show --json` prints as "state"> | None,
     "journal": [{"time", "text": {"en", "fr"}}, ...],  # the last few changes, most recent first
     "problem": {"en", "fr"} | None,                     # why the status is not "ok"
     "version": int | None}   # where the session stands in its history: what an acting request sends

"missing": the index lists the session but its file is gone; ``session`` still names it (from the
index: ``updated`` and ``changes`` are then None) and ``problem`` says what ``gm-assist show`` says.

``stamp(pinned)`` is the cheap part: the stat of the files a snapshot reads, so a watcher knows
when to build a new one. Nothing here imports the web stack.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import both

JOURNAL_SHOWN = 5
"""How many of the last changes the page lists."""


def _file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def resolve_id(pinned: str | None) -> str | None:
    """The id of the session shown: the pinned one (by name or id) or the current one; None if none."""
    from gm_assist.core import index

    if pinned:
        return index.find(pinned)["id"]
    return index.current()


def stamp(pinned: str | None) -> tuple[Any, ...]:
    """A value that changes whenever what a snapshot reads may have changed: the index (current
    session, names) and the shown session's document and journal. Reads only file stats, and the
    index when it changed."""
    from gm_assist.core import index, session_file

    index_stamp = _file_stamp(index.index_path())
    try:
        sid = _cached_id(pinned, index_stamp)
    except Exception:  # a damaged index or an unknown pinned name: the snapshot says so
        return (index_stamp, None)
    if sid is None:
        return (index_stamp, None)
    return (
        index_stamp,
        sid,
        _file_stamp(session_file.session_path(sid)),
        _file_stamp(session_file.journal_path(sid)),
    )


_ID_CACHE: dict[Any, str | None] = {}


def _cached_id(pinned: str | None, index_stamp: Any) -> str | None:
    key = (pinned, index_stamp)
    if key not in _ID_CACHE:
        _ID_CACHE.clear()
        _ID_CACHE[key] = resolve_id(pinned)
    return _ID_CACHE[key]


def _empty(
    status: str, problem: dict[str, str] | None, session: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "status": status,
        "session": session,
        "view": None,
        "state": None,
        "journal": [],
        "problem": problem,
        "version": None,
    }


def snapshot(pinned: str | None = None) -> dict[str, Any]:
    """The document the page shows (see the module docstring). Never raises for a missing, renamed,
    deleted or damaged session: the status and ``problem`` say what is wrong."""
    from gm_assist.core import session_file, session_position

    try:
        sid = resolve_id(pinned)
    except GmError as exc:
        key = "table.screen.pinned_missing" if pinned else "table.screen.index_damaged"
        status = "no_session" if exc.key == "core.error.unknown_session" else "damaged"
        return _empty(status, both(key, name=pinned or ""))
    except Exception:  # noqa: BLE001 - whatever the index holds, the page shows a screen, not a crash
        return _empty("damaged", both("table.screen.index_damaged"))
    if sid is None:
        return _empty("no_session", both("table.screen.no_session"))
    try:
        doc, _ = session_file.read_document(sid)
        info = session_file.info_of(doc)
        state = session_file.game_state(doc, session_file.session_path(sid))
    except GmError as exc:
        if exc.key == "core.error.file_missing":  # listed in the index, the file gone: as `show` says
            # the file's place in the home, not the home's full path (a --lan page is seen by phones)
            where = f"sessions/{Path(exc.params['path']).name}"
            return _empty("missing", both("table.screen.missing", path=where), _indexed(sid))
        return _empty("damaged", both("table.screen.damaged"))
    except Exception:  # noqa: BLE001 - a hostile file must not stop the server
        return _empty("damaged", both("table.screen.damaged"))
    head = {
        "id": info.id,
        "name": info.name,
        "game": info.game,
        "updated": info.updated,
        "changes": info.changes,
    }
    try:
        view = view_of(info.game, state)
        shown = public_state(info.game, state)
    except Exception:  # noqa: BLE001 - a view that fails on odd data still leaves a screen
        return _empty("damaged", both("table.screen.damaged"), head)
    finished = bool(view and view.get("finished"))
    return {
        "status": "finished" if finished else "ok",
        "session": head,
        "view": view,
        "state": shown,
        "journal": journal_labels(sid, doc.get("head")),
        "problem": None,
        "version": session_position.version_of(doc),
    }


def _indexed(sid: str) -> dict[str, Any] | None:
    """The session ``sid`` as the index names it, for when its file cannot tell (None: unlisted)."""
    from gm_assist.core import index

    for entry in index.entries():
        if entry["id"] == sid:
            name = index.printable(entry["name"])
            return {"id": sid, "name": name, "game": entry["game"], "updated": None, "changes": None}
    return None


def view_of(game: str, state: Any) -> dict[str, Any] | None:
    """The game's ``view.table_view(state)``, or None while the game has none."""
    from gm_assist.games import view_of as game_view

    return game_view(game, state)


def public_state(game: str, state: Any) -> Any:
    """What ``gm-assist show --json`` prints as ``state``: the game's public state, else the state."""
    from gm_assist.games import get_spec

    spec = get_spec(game)
    if spec.public_state:
        return spec.public_state(state)
    return state.model_dump(mode="json")


def journal_labels(sid: str, head: int | None, count: int = JOURNAL_SHOWN) -> list[dict[str, Any]]:
    """The last ``count`` done changes, most recent first, each label in both languages."""
    from gm_assist.core import journal
    from gm_assist.core.session_file import journal_path

    out: list[dict[str, Any]] = []
    try:
        for _, entry in journal.walk(journal_path(sid), head):
            key, params = entry["label"]
            out.append({"time": entry.get("time", ""), "text": both(key, **params)})
            if len(out) >= count:
                break
    except Exception:  # noqa: BLE001 - a damaged journal hides the list, not the game
        pass
    return out
