"""Stuffed Fables (Plaid Hat; French turn summary « Tour des peluches»): the dice bag by colour,
the threat track check, monster turns, stuffies' stuffing, encounters.

Command `stuffed-fables` (alias `peluches`). Rulebook: stuffed-fables.fr.txt; figures from
game-facts.md §4.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.session import GameSpec

from .model import SfState


def _summary(state: SfState) -> dict[str, Any]:
    from .render import summary

    return summary(state)


def _render(state: SfState, out: Any) -> None:
    from .render import render

    render(state, out)


SPEC = GameSpec(id="stuffed-fables", state_model=SfState, schema_version=1, migrate=None,
                summary=_summary, render=_render)
