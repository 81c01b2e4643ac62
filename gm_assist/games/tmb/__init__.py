"""Too Many Bones (Chip Theory Games; French edition Lucky Duck Games, rulebook v2.1).

gm-assist keeps the adventure's books (day counter, encounter deck, progress, gearloc sheets,
loot, scouting) and the battles (``battle*.py``), citing the rule each time.
"""

from __future__ import annotations

from gm_assist.core.session import GameSpec, lazy

from .model import TmbState

SPEC = GameSpec(
    id="tmb",
    state_model=TmbState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__name__}.report:status"),
    render=lazy(f"{__name__}.views:render_status"),
)
