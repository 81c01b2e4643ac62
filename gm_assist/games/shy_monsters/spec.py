"""This game's ``GameSpec`` (apart from ``__init__``: see docs/FOUNDATION.md, "spec.py")."""

from __future__ import annotations

from gm_assist.core.game import GameSpec, lazy

from .model import ShyState

SPEC = GameSpec(
    id="shy-monsters",
    state_model=ShyState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__package__}.view:summary"),
    render=lazy(f"{__package__}.view:render"),
    public_state=lazy(f"{__package__}.view:public_json"),
    changes=lazy(f"{__package__}.view:changes"),
    next_step=lazy(f"{__package__}.hero:next_step"),
)
