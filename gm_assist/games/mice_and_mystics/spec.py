"""This game's ``GameSpec`` (apart from ``__init__``: see docs/FOUNDATION.md, "spec.py")."""

from __future__ import annotations

from gm_assist.core.game import GameSpec, lazy

from .model import MiceState

SPEC = GameSpec(
    id="mice-and-mystics",
    state_model=MiceState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__package__}.view:summary"),
    render=lazy(f"{__package__}.view:render_status"),
    changes=lazy(f"{__package__}.view:changes"),
    next_step=lazy(f"{__package__}.rules:next_step"),
)
