"""The journal of a session: an append-only file of labelled changes.

Each line is one change: its label (an i18n key and params, translated when shown), time, the
action's data, and snapshots of the state before and after it. One line is no change: the one that
``new`` (first) or ``import`` (after the imported changes) writes with ``"origin": true``, the
session as it was then (``session.origin_entry``), which only ``doctor`` reads to restore a game
that lost its file before its next change. Lines are linked: each names the
offset of the change before it (``prev``), so the session document only keeps the offset of the last
change (``head``) and the offsets that can be redone. Appending costs the same with 10 or 10,000
changes, and the session file does not grow with the history (issue 9).

Crash safety: a change is appended and fsynced *before* the session document is replaced, so a
crash leaves at worst an orphan line that nothing points to.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gm_assist.core.errors import EnvError


def encode(entry: dict[str, Any]) -> bytes:
    """One journal line."""
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def append(path: Path, entry: dict[str, Any]) -> int:
    """Append one change and return its offset (where its line starts). The file is private
    (0600): it holds every state of the session."""
    from gm_assist.core.store import fs_step, make_dir

    make_dir(path.parent)
    line = encode(entry)
    fs_step()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "ab") as fh:
        end = fh.seek(0, os.SEEK_END)
        if end:
            with open(path, "rb") as rf:
                rf.seek(end - 1)
                if rf.read(1) != b"\n":  # a crash left half a line: start ours on a fresh one
                    fh.write(b"\n")
                    end += 1
        fs_step(change=True)
        fh.write(line)
        fh.flush()
        fs_step()
        os.fsync(fh.fileno())
    return end


class _Entry:
    """The pydantic model of a journal entry, built on first use (imports stay lazy)."""

    model: Any = None

    @classmethod
    def get(cls) -> Any:
        if cls.model is None:
            from pydantic import BaseModel, ConfigDict, StrictStr

            class Entry(BaseModel):
                model_config = ConfigDict(extra="allow")
                time: StrictStr
                label: tuple[StrictStr, dict[StrictStr, Any]]
                before: dict[str, Any]
                after: dict[str, Any]

            cls.model = Entry
        return cls.model


def entry_problem(entry: Any, state_model: Any) -> str | None:
    """What is wrong with one journal entry of an import (None: nothing): its time and label, and
    its states before and after, validated by the game's own model."""
    from pydantic import ValidationError

    try:
        _Entry.get().model_validate(entry)
        state_model.model_validate(entry["before"])
        state_model.model_validate(entry["after"])
    except ValidationError as exc:
        err = exc.errors()[0]
        return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    return None


def read(path: Path, offset: int) -> dict[str, Any]:
    """The change whose line starts at ``offset``."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            line = fh.readline()
        entry = json.loads(line)
        if not isinstance(entry, dict):
            raise ValueError("not an entry")
        return entry
    except (OSError, ValueError, RecursionError) as exc:
        raise EnvError("core.error.journal_corrupt", path=str(path), offset=offset, detail=str(exc)) from exc


def walk(path: Path, head: int | None) -> Iterator[tuple[int, dict[str, Any]]]:
    """The done changes from the last one back to the first: ``(offset, entry)``."""
    offset = head
    seen: set[int] = set()
    while offset is not None:
        if offset in seen:
            raise EnvError("core.error.journal_corrupt", path=str(path), offset=offset, detail="loop")
        seen.add(offset)
        entry = read(path, offset)
        yield offset, entry
        offset = entry.get("prev")


def check(path: Path, head: int | None, redo: list[int], state: dict[str, Any]) -> list[str]:
    """Consistency problems of a journal against the session's state (empty list: consistent)."""
    problems: list[str] = []
    expected: Any = state
    try:
        for offset, entry in walk(path, head):
            if entry.get("after") != expected:
                problems.append(f"change at {offset} does not lead to the state after it")
            expected = entry.get("before")
        nxt: Any = state
        for offset in reversed(redo):
            entry = read(path, offset)
            if entry.get("before") != nxt:
                problems.append(f"redo change at {offset} does not start from the state before it")
            nxt = entry.get("after")
    except EnvError as exc:
        problems.append(exc.message())
    return problems
