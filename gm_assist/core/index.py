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
    if not isinstance(data["meta"], dict) or not isinstance(data["meta"].get("1", {}), dict):
        raise EnvError("core.error.file_corrupt", path=str(path), detail="not an index")
    from gm_assist.core.session import valid_id

    for entry in data["sessions"].values():
        if not isinstance(entry, dict) or not all(
            isinstance(entry.get(k), str) for k in ("id", "name", "game", "created")
        ):
            raise EnvError("core.error.file_corrupt", path=str(path), detail="not an index")
        if not valid_id(entry["id"]):  # a tampered id never becomes a path
            raise EnvError(
                "core.error.file_corrupt", path=str(path), detail=f"bad session id {entry['id']!r}"
            )
    return data


def entries() -> list[dict[str, Any]]:
    """Every indexed session: ``{id, name, game, created}``."""
    return list(_read()["sessions"].values())


def _write(data: dict[str, Any]) -> None:
    """Replace the index in one atomic write (TinyDB's layout: tables ``sessions`` and ``meta``)."""
    import json

    from gm_assist.core.store import atomic_write_text

    atomic_write_text(index_path(), json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def find(name_or_id: str) -> dict[str, Any]:
    """The index entry named (or with the id) ``name_or_id``; a suggestion when there is none."""
    from gm_assist.core.names import closest, fold

    items = entries()
    wanted = fold(name_or_id)
    for entry in items:
        if entry["id"] == name_or_id or fold(entry["name"]) == wanted:
            return entry
    suggestion = closest(name_or_id, [e["name"] for e in items])
    raise GmError(
        "core.error.unknown_session", name=printable(name_or_id[:MAX_NAME]), suggestion=_hint(suggestion)
    )


def _hint(suggestion: str | None) -> str:
    from gm_assist.core.i18n import t

    return t("core.error.did_you_mean", suggestion=printable(suggestion)) if suggestion else ""


def current() -> str | None:
    """The id of the current session, if it still exists."""
    data = _read()
    sid = data["meta"].get("1", {}).get("current")
    return sid if sid in {e["id"] for e in data["sessions"].values()} else None


def set_current(sid: str | None) -> None:
    data = _read()
    data["meta"]["1"] = {"current": sid}
    _write(data)


def add(sid: str, name: str, game: str, created: str, current: bool = False) -> None:
    """List a new session (and make it the current one): one write of the index."""
    data = _read()
    rows = data["sessions"]
    key = str(max((int(k) for k in rows if k.isdigit()), default=0) + 1)
    rows[key] = {"id": sid, "name": name, "game": game, "created": created}
    if current:
        data["meta"]["1"] = {"current": sid}
    _write(data)


def remove(sid: str) -> None:
    data = _read()
    data["sessions"] = {k: e for k, e in data["sessions"].items() if e.get("id") != sid}
    if data["meta"].get("1", {}).get("current") == sid:
        data["meta"]["1"] = {"current": None}
    _write(data)


def rename(sid: str, new: str) -> None:
    data = _read()
    for entry in data["sessions"].values():
        if entry.get("id") == sid:
            entry["name"] = new
    _write(data)


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
    if any(fold(e["name"]) == fold(clean) for e in entries()):
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
