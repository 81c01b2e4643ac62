"""Stuffed Fables models: the dice colours (data), stuffies, monsters and the session state.

Source: stuffed-fables.fr.txt ("Tour des peluches") and game-facts.md §4. Vocabulary: stuffie /
peluche, stuffing / rembourrage, threat track / piste Menace, monster / monstre, button / bouton.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Use = Literal[
    "move", "store", "melee", "ranged", "search", "wild_test", "stuffing", "threat", "cross_lines", "bonuses"
]
MonsterKind = Literal["normal", "chief", "boss"]
Pending = Literal["monsters", "surge"]
Outcome = Literal["monsters", "surge", "none"]

DICE_DATA = "stuffed_fables/dice.toml"
STUFFIES_DATA = "stuffed_fables/stuffies.toml"
USER_DICE = "stuffed_fables/dice.toml"


class Colour(BaseModel):
    """One die colour of an edition, with what the rules let it do (data/stuffed_fables/dice.toml)."""

    model_config = ConfigDict(defer_build=True)
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


class Slot(BaseModel):
    """A place that holds at most one stored die: the stuffie's board, an item card, a brave card."""

    model_config = ConfigDict(defer_build=True)
    name: str
    brave: bool = False
    die: str | None = None


class Stuffie(BaseModel):
    """A stuffie (peluche): stuffing tokens, hearts, buttons, slots, unconsciousness."""

    model_config = ConfigDict(defer_build=True)
    name: str
    stuffing: int = Field(default=5, ge=0)
    recovery_value: int | None = Field(default=None, ge=1)
    hearts: int = Field(default=0, ge=0)
    buttons: int = Field(default=0, ge=0)
    unconscious: bool = False
    sleep_cards: int = Field(default=0, ge=0)
    conditions: list[str] = Field(default_factory=list)
    slots: list[Slot] = Field(default_factory=lambda: [Slot(name="board")])


class Monster(BaseModel):
    """A monster in play: its place under the threat track, its stuffing (bosses), its defense."""

    model_config = ConfigDict(defer_build=True)
    name: str
    kind: MonsterKind = "normal"
    position: int = Field(ge=1)
    stuffing: int = Field(default=0, ge=0)
    defense: int | None = Field(default=None, ge=0)


class GroupTask(BaseModel):
    """The group task track: dice rolled for it stay there until the total reaches the target."""

    model_config = ConfigDict(defer_build=True)
    target: int = Field(ge=1)
    total: int = 0
    dice: dict[str, int] = Field(default_factory=dict)


class MonsterTurn(BaseModel):
    """A monster turn in progress: who acts in which order, who has acted."""

    model_config = ConfigDict(defer_build=True)
    order: list[str]
    acted: list[str] = Field(default_factory=list)
    attacked: list[str] = Field(default_factory=list)
    """The minions that have made their one attack of this activation (« Tour des monstres »)."""
    from_surge: bool = False


class SfState(BaseModel):
    """A Stuffed Fables session: every die of the game is in exactly one zone.

    Zones: bag, hand (the current stuffie's drawn dice), track (black dice on the threat track,
    spaces 1..track), stores (slots of the stuffies), group task, discard. `in_play` is the bag
    composition at set-up; the sum over the zones always equals it.
    """

    model_config = ConfigDict(defer_build=True)
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


class ThreatCheck(BaseModel):
    """Result of the end-of-turn threat check."""

    model_config = ConfigDict(defer_build=True)
    outcome: Outcome
    rule: str
    black: int
    monsters: int
    stuffies: int


class Defense(BaseModel):
    """Result of a stuffie defending against a monster attack."""

    model_config = ConfigDict(defer_build=True)
    attack: int
    roll: int | None
    stuffing_lost: int
    die_kept: bool | None
    avoided: bool


class Check(BaseModel):
    """A dice total against a target (attack, skill test, search, recovery)."""

    model_config = ConfigDict(defer_build=True)
    dice: list[str]
    rolls: list[int]
    total: int
    target: int
    success: bool
