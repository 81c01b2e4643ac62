"""Stuffed Fables models: the dice colours (data), stuffies, monsters and the session state.

Source: stuffed-fables.fr.txt ("Tour des peluches") and game-facts.md §4. Vocabulary: stuffie /
peluche, stuffing / rembourrage, threat track / piste Menace, monster / monstre, button / bouton.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gm_assist.core.model import Model

Use = Literal[
    "move", "store", "melee", "ranged", "search", "wild_test", "stuffing", "threat", "cross_lines", "bonuses"
]
MonsterKind = Literal["normal", "chief", "boss"]
Pending = Literal["monsters", "surge"]
Outcome = Literal["monsters", "surge", "none"]

DICE_DATA = "stuffed_fables/dice.toml"
STUFFIES_DATA = "stuffed_fables/stuffies.toml"
USER_DICE = "stuffed_fables/dice.toml"
STARTING_STUFFING = 5
"""Stuffing tokens a stuffie starts with (game-facts §4 High)."""


class Colour(Model):
    """One die colour of an edition, with what the rules let it do (data/stuffed_fables/dice.toml)."""

    id: str
    names: dict[str, str]
    aliases: list[str] = Field(default_factory=list)
    uses: list[Use]
    count: int = Field(ge=0)
    bag: Literal["all", "stuffies_plus_one"] = "all"
    confidence: str = ""

    def name(self, lang: str) -> str:
        """The colour's name in `lang` (falls back to English, then the id)."""
        return self.names.get(lang) or self.names.get("en") or self.id


class Slot(Model):
    """A place that holds at most one stored die: the stuffie's board, an item card, a brave card."""

    name: str
    brave: bool = False
    die: str | None = None


class Stuffie(Model):
    """A stuffie (peluche): stuffing tokens, hearts, buttons, slots, unconsciousness."""

    name: str
    stuffing: int = Field(default=STARTING_STUFFING, ge=0)
    recovery_value: int | None = Field(default=None, ge=1)
    hearts: int = Field(default=0, ge=0)
    buttons: int = Field(default=0, ge=0)
    unconscious: bool = False
    sleep_cards: int = Field(default=0, ge=0)
    conditions: list[str] = Field(default_factory=list)
    slots: list[Slot] = Field(default_factory=lambda: [Slot(name="board")])


class Monster(Model):
    """A monster in play: its place under the threat track, its stuffing (bosses), its defense."""

    name: str
    kind: MonsterKind = "normal"
    position: int = Field(ge=1)
    stuffing: int = Field(default=0, ge=0)
    defense: int | None = Field(default=None, ge=0)


class GroupTask(Model):
    """The group task track: dice rolled for it stay there until the total reaches the target."""

    target: int = Field(ge=1)
    total: int = 0
    dice: dict[str, int] = Field(default_factory=dict)


class MonsterTurn(Model):
    """A monster turn in progress: who acts in which order, who has acted."""

    order: list[str]
    acted: list[str] = Field(default_factory=list)
    attacked: list[str] = Field(default_factory=list)
    """The minions that have made their one attack of this activation (« Tour des monstres »)."""
    from_surge: bool = False


class SfState(Model):
    """A Stuffed Fables session: every die of the game is in exactly one zone.

    Zones: bag, hand (the current stuffie's drawn dice), track (black dice on the threat track,
    spaces 1..track), stores (slots of the stuffies), group task, discard. `in_play` is the bag
    composition at set-up; the sum over the zones always equals it.
    """

    edition: str = "fr"
    colours: list[Colour]
    stuffies: list[Stuffie]
    monsters: list[Monster] = Field(default_factory=list)
    in_play: dict[str, int]
    bag: dict[str, int]
    hand: dict[str, int] = Field(default_factory=dict)
    track: int = Field(default=0, ge=0)
    discard: dict[str, int] = Field(default_factory=dict)
    group_task: GroupTask | None = None
    current: str | None = None
    last: str | None = None
    """The stuffie whose turn ended last: the next turn is the following stuffie's (``turn.next_stuffie``)."""
    pending: Pending | None = None
    monster_turn: MonsterTurn | None = None
    turns: int = 0
    refills: int = 0


class ThreatCheck(Model):
    """Result of the end-of-turn threat check."""

    outcome: Outcome
    rule: str
    black: int
    monsters: int
    stuffies: int


class Defense(Model):
    """Result of a stuffie defending against a monster attack."""

    attack: int
    roll: int | None
    stuffing_lost: int
    die_kept: bool | None
    avoided: bool


class Check(Model):
    """A dice total against a target (attack, skill test, search, recovery)."""

    dice: list[str]
    rolls: list[int]
    total: int
    target: int
    success: bool
