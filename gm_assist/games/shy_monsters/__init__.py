"""Shy Monsters (Ôz Éditions): floor referee, hero-phase tracking, and the app as Dungeon Master.

Modules: ``model`` (pydantic state), ``floor`` (notation, construction check, enumeration of
floors), ``rules`` (comfort zones, fear, the referee's report), ``hero`` (hero phase and the floor
sequence), ``dungeon_master`` (floor strength, suggestions, solo floors), ``view`` (words and the
public view), ``actions``, ``cli``, ``flow``.
"""

from __future__ import annotations

from gm_assist.core.session import GameSpec, lazy

from .model import ShyState

SPEC = GameSpec(
    id="shy-monsters",
    state_model=ShyState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__name__}.view:summary"),
    render=lazy(f"{__name__}.view:render"),
    public_state=lazy(f"{__name__}.view:public_json"),
)
