"""Mice and Mystics (Plaid Hat): initiative track, enemy placement, conditions, heroic feats, campaign.

Command ``gm-assist mice-and-mystics`` (alias ``souris``).
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.session import GameSpec

from .model import MiceState


def _summary(state: MiceState) -> dict[str, Any]:
    from .view import summary

    return summary(state)


def _render(state: MiceState, out: Any) -> None:
    from .view import render_status

    render_status(state, out)


SPEC = GameSpec(
    id="mice-and-mystics",
    state_model=MiceState,
    schema_version=1,
    migrate=None,
    summary=_summary,
    render=_render,
)
