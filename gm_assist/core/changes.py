"""What differs between two states of a game, said in the table's words, for the guided Undo/Redo
entries ("Undo: Dire Bear takes 2 — Dire Bear: HP 0 → 2"). Each game lists what it watches
(``GameSpec.changes``); this module only compares and words them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gm_assist.core.i18n import t

Watched = tuple[str, dict[str, Any], Any, Any]
"""(i18n key, its parameters, the value now, the value then): said as ``t(key, a=now, b=then)``."""


def said(items: Iterable[Watched]) -> list[str]:
    """The words for each watched value that differs, in order."""
    return [t(key, **params, a=now, b=then) for key, params, now, then in items if now != then]


def by_name(now: Sequence[Any], then: Sequence[Any]) -> list[tuple[str, Any, Any]]:
    """Pair up two lists of named things (mice, stuffies, sheep…) by name: (name, now or None,
    then or None), in the order of ``then`` first, then what only ``now`` has."""
    mine = {item.name: item for item in now}
    pairs = [(item.name, mine.get(item.name), item) for item in then]
    known = {item.name for item in then}
    return pairs + [(item.name, item, None) for item in now if item.name not in known]
