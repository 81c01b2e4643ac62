"""Mice and Mystics (Plaid Hat): initiative track, enemy placement, conditions, heroic feats, campaign.

Command ``gm-assist mice-and-mystics`` (alias ``souris``).
"""

from __future__ import annotations

from gm_assist.core.session import GameSpec, lazy

from .model import MiceState

SPEC = GameSpec(
    id="mice-and-mystics",
    state_model=MiceState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__name__}.view:summary"),
    render=lazy(f"{__name__}.view:render_status"),
)
