"""Shy Monsters (Ôz Éditions): floor referee, hero-phase tracking, and the app as Dungeon Master.

Modules: ``model`` (pydantic state), ``floor`` (notation, construction check, enumeration of
floors), ``rules`` (comfort zones, fear, the referee's report), ``hero`` (hero phase and the floor
sequence), ``dungeon_master`` (floor strength, suggestions, solo floors), ``view`` (words and the
public view), ``actions``, ``cli``, ``flow``.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.session import GameSpec

from .model import ShyState


def _summary(state: ShyState) -> dict[str, Any]:
    from .view import summary

    return summary(state)


def _render(state: ShyState, out: Any) -> None:
    from .view import render

    render(state, out)


def _public(state: ShyState) -> dict[str, Any]:
    from .view import public_json

    return public_json(state)


SPEC = GameSpec(id="shy-monsters", state_model=ShyState, schema_version=1, migrate=None,
                summary=_summary, render=_render, public_state=_public)
