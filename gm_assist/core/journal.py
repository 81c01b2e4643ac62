"""The journal of a session: an append-only file of labelled changes.

Each line is one change: its label (an i18n key and params, translated when shown), time, the
action's data, and snapshots of the state before and after it. Lines are linked: each names the
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


def append(path: Path, entry: dict[str, Any]) -> int:
    """Append one change and return its offset (where its line starts)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    with open(path, "ab") as fh:
        end = fh.seek(0, os.SEEK_END)
        if end:
            with open(path, "rb") as rf:
                rf.seek(end - 1)
                if rf.read(1) != b"\n":  # a crash left half a line: start ours on a fresh one
                    fh.write(b"\n")
                    end += 1
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())
    return end


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
    except (OSError, ValueError) as exc:
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
        problems.append(exc.key + " " + str(exc.params.get("detail", "")))
    return problems
