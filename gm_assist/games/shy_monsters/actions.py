"""Shy Monsters — the journaled changes of a game (each one undoable, labelled in words)."""

from __future__ import annotations

from typing import Any, ClassVar

from gm_assist.core.errors import GmError
from gm_assist.core.game import Action, Outcome

from . import hero
from .floor import construction_errors, parse_floor, trimmed
from .model import ShyState
from .rules import patterns_from_grids


class _ShyAction(Action):
    """A change of a Shy Monsters game: its ``Outcome`` carries the referee's answers to it
    (``hero.answers``), each with its rule card, for the CLI, the guided mode and ``--json``."""

    game: ClassVar[str] = "shy-monsters"

    def resolve(self, state: ShyState) -> Outcome:
        new = self.apply(state)
        return Outcome(new, hero.answers(new))


class LayFloor(_ShyAction):
    """Two players: the Dungeon Master lays the current floor (entered privately)."""

    grid: str

    def apply(self, state: ShyState) -> ShyState:
        if state.mode == "solo":
            raise GmError("shy_monsters.error.solo_floor")
        floor = parse_floor(self.grid)
        errors = construction_errors(floor, used=state.used)
        if errors:
            from .view import error_text

            raise GmError("shy_monsters.error.bad_floor", problem="; ".join(error_text(e) for e in errors))
        return hero.enter_floor(state, trimmed(floor))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("shy_monsters.action.lay_floor", {})


class Reveal(_ShyAction):
    """The hero turns over a tile before moving."""

    row: int
    col: int

    def apply(self, state: ShyState) -> ShyState:
        return hero.reveal(state, (self.row, self.col), patterns_from_grids(state.patterns))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("shy_monsters.action.reveal", {"row": self.row + 1, "col": self.col + 1})


class DeclareAttack(_ShyAction):
    """The hero declares the attack for the next tile entered."""

    def apply(self, state: ShyState) -> ShyState:
        return hero.declare_attack(state)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("shy_monsters.action.attack", {})


class Explore(_ShyAction):
    """One step through a side (optionally attacking)."""

    direction: str
    attack: bool = False

    def apply(self, state: ShyState) -> ShyState:
        return hero.explore(state, self.direction, patterns_from_grids(state.patterns), self.attack)

    def label(self) -> tuple[str, dict[str, Any]]:
        kind = "explore_attack" if self.attack else "explore"
        return (f"shy_monsters.action.{kind}.{self.direction}", {})


class Jump(_ShyAction):
    """A jump over one tile, any of 8 directions (optionally a jumping attack)."""

    direction: str
    attack: bool = False

    def apply(self, state: ShyState) -> ShyState:
        return hero.jump(state, self.direction, patterns_from_grids(state.patterns), self.attack)

    def label(self) -> tuple[str, dict[str, Any]]:
        kind = "jump_attack" if self.attack else "jump"
        return (f"shy_monsters.action.{kind}.{self.direction}", {})
