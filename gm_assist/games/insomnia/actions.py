"""Insomnia journaled actions: each one names a change and calls the pure rules (race.py, rest.py).

Each action's ``resolve`` returns the rules' ``Outcome``: the new state and the events the table
should hear (never saved in the state). Everything an action needs is stored in its fields (the
pillow table used to score a race included), so undo/redo replay it exactly whatever the user's
override file says later.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gm_assist.core.game import Action, Outcome
from gm_assist.core.i18n import LANGS, t_in

from . import race, rest
from .model import DreamTile, InsomniaState, PillowTable


class _InsomniaAction(Action):
    """An Insomnia action: the rules return the new state and the events for the table
    (``resolve``); ``apply`` keeps the state only."""

    game: ClassVar[str] = "insomnia"

    def apply(self, state: InsomniaState) -> InsomniaState:
        return self.resolve(state).state


class MoveSheep(_InsomniaAction):
    """A sheep moves ``spaces`` (negative: backward) or clockwise ``to`` a space (rulebook p. 4–6)."""

    name: str
    spaces: int = 0
    to: int | None = None

    def resolve(self, state: InsomniaState) -> Outcome:
        if self.to is not None:
            return race.move_sheep_to(state, self.name, self.to)
        return race.move_sheep(state, self.name, self.spaces)

    def label(self) -> tuple[str, dict[str, Any]]:
        if self.to is not None:
            return ("insomnia.action.move_to", {"name": self.name, "space": self.to})
        return ("insomnia.action.move", {"name": self.name, "spaces": self.spaces})


class GainDodos(_InsomniaAction):
    """A sheep collects dodos from a dream tile or a card (rulebook p. 5)."""

    name: str
    dodos: int

    def resolve(self, state: InsomniaState) -> Outcome:
        return race.gain_dodos(state, self.name, self.dodos)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.dodos", {"name": self.name, "dodos": self.dodos})


class Scare(_InsomniaAction):
    """The named sheep are scared (rulebook p. 8)."""

    names: list[str]

    def resolve(self, state: InsomniaState) -> Outcome:
        return race.scare(state, self.names)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.scare", {"names": ", ".join(self.names)})


class Brave(_InsomniaAction):
    """A scared sheep pulls itself together (rulebook p. 9)."""

    name: str

    def resolve(self, state: InsomniaState) -> Outcome:
        return race.brave(state, self.name)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.brave", {"name": self.name})


class GoToBed(_InsomniaAction):
    """A sheep that just crossed the fence goes to bed (rulebook p. 6)."""

    name: str

    def resolve(self, state: InsomniaState) -> Outcome:
        return race.go_to_bed(state, self.name)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.bed", {"name": self.name})


class EndTurn(_InsomniaAction):
    """The active sheep keeps running and draws; play passes on (rulebook p. 4, p. 7)."""

    name: str

    def resolve(self, state: InsomniaState) -> Outcome:
        return race.end_turn(state)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.end_turn", {"name": self.name})


class NightmareAct(_InsomniaAction):
    """The nightmare moves or jumps (rulebook p. 8)."""

    jump: bool = False
    spaces: int = 0
    to: int | None = None

    def resolve(self, state: InsomniaState) -> Outcome:
        if self.jump:
            return race.nightmare_jump(state, self.spaces or None, self.to)
        return race.nightmare_move(state, self.spaces)

    def label(self) -> tuple[str, dict[str, Any]]:
        if self.to is not None:
            return ("insomnia.action.nightmare_jump_to", {"space": self.to})
        key = "insomnia.action.nightmare_jump" if self.jump else "insomnia.action.nightmare_move"
        return (key, {"spaces": self.spaces})


class EndRace(_InsomniaAction):
    """Score the race that ended, reset the board, open the rest phase (rulebook p. 9, p. 11)."""

    table: PillowTable | None = None

    def resolve(self, state: InsomniaState) -> Outcome:
        return rest.finish_race(state, self.table)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.end_race", {})


class RestTile(_InsomniaAction):
    """Rest phase: a player adds a dream tile to an empty space (rulebook p. 10)."""

    name: str
    space: int
    tile: DreamTile | None = None

    def resolve(self, state: InsomniaState) -> Outcome:
        return rest.rest_tile(state, self.name, self.space, self.tile)

    def label(self) -> tuple[str, dict[str, Any]]:
        if self.tile is None:
            tile: Any = {lg: t_in(lg, "insomnia.tile_unnamed") for lg in LANGS}
        else:
            tile = {"en": self.tile.en or self.tile.fr, "fr": self.tile.fr or self.tile.en}
        return ("insomnia.action.rest_tile", {"name": self.name, "space": self.space, "tile": tile})


class RestZzz(_InsomniaAction):
    """Rest phase: a player places 2 Zzz (rulebook p. 10)."""

    name: str

    def resolve(self, state: InsomniaState) -> Outcome:
        return rest.rest_zzz(state, self.name)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("insomnia.action.rest_zzz", {"name": self.name})
