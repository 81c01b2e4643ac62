"""Stuffed Fables (Plaid Hat; French turn summary « Tour des peluches»): the dice bag by colour,
the threat track check, monster turns, stuffies' stuffing, encounters.

Command `stuffed-fables` (alias `peluches`). Rulebook: stuffed-fables.fr.txt; figures from
game-facts.md §4.
"""

from __future__ import annotations

from gm_assist.core.session import GameSpec, lazy

from .model import SfState

SPEC = GameSpec(
    id="stuffed-fables",
    state_model=SfState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__name__}.render:summary"),
    render=lazy(f"{__name__}.render:render"),
)
