"""This game's ``GameSpec`` (apart from ``__init__``: see docs/FOUNDATION.md, "spec.py")."""

from __future__ import annotations

from gm_assist.core.game import GameSpec, lazy

from .model import TmbState

SPEC = GameSpec(
    id="tmb",
    state_model=TmbState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__package__}.report:status"),
    render=lazy(f"{__package__}.view:render_status"),
    changes=lazy(f"{__package__}.view:changes"),
    next_step=lazy(f"{__package__}.rules:next_step"),
)
