"""Too Many Bones (Chip Theory Games; French edition Lucky Duck Games, rulebook v2.1).

gm-assist keeps the adventure's books (day counter, encounter deck, progress, gearloc sheets,
loot, scouting) and the battles (``battle*.py``), citing the rule each time.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.session import GameSpec

from .model import TmbState


def _summary(state: TmbState) -> dict[str, Any]:
    from .report import status

    return status(state)


def _render(state: TmbState, out: Any) -> None:
    from .views import render_status

    render_status(state, out)


SPEC = GameSpec(
    id="tmb", state_model=TmbState, schema_version=1, migrate=None, summary=_summary, render=_render
)
