"""This game's ``GameSpec`` (apart from ``__init__``: see docs/FOUNDATION.md, "spec.py")."""

from __future__ import annotations

from gm_assist.core.game import GameSpec, lazy

from .model import SfState

SPEC = GameSpec(
    id="stuffed-fables",
    state_model=SfState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__package__}.view:summary"),
    render=lazy(f"{__package__}.view:render"),
    changes=lazy(f"{__package__}.view:changes"),
    next_step=lazy(f"{__package__}.turn:next_step"),
)
