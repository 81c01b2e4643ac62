"""Mice and Mystics: catalog entries and the session state (pydantic models).

Vocabulary (French edition in brackets): initiative track [piste d'initiative, PI], initiative card
[carte initiative, CI], cheese wheel [roue à fromages], hourglass [sablier], surge [déferlement],
condition [effet], heroic feat [exploit héroïque], search card [carte Fouille], cunning [ruse].
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from gm_assist.core.message import Message
from gm_assist.core.model import Model

Size = Literal["small", "large"]
Attack = Literal["melee", "ranged"]
CardKind = Literal["mouse", "enemy"]
ItemKind = Literal["starting", "search", "scroll", "cunning", "group"]
ConditionId = Literal["stunned", "entangled", "knocked_down", "charmed"]

#: Item kinds that come from the search deck (one of them is kept at the end of a chapter).
SEARCH_KINDS: frozenset[str] = frozenset({"search", "scroll", "cunning"})
#: Item kinds that take no room in the bag (rulebook « Souris - Fonctionnement »).
ROOMLESS_KINDS: frozenset[str] = frozenset({"cunning", "group"})
#: The game id (command name and session ``game``).
GAME = "mice-and-mystics"
#: How many figures a blue-paw space holds: 4 small, or 1 large.
SMALL_PER_SPACE = 4
#: Cheese that fills the wheel.
WHEEL_SIZE = 6
#: Item cards a bag holds, scrolls included.
BAG_LIMIT = 3


class Localized(Model):
    """A text in both editions' languages."""

    en: str
    fr: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``en`` or ``fr``)."""
        return self.fr if lang == "fr" else self.en


class BossCard(Model):
    """One of the several initiative cards of a boss (Brodie has 2, Vanestra 4)."""

    id: str
    en: str
    fr: str


class EnemyType(Model):
    """A minion or boss type: one initiative card (bosses may have several). Stats are editable data."""

    id: str
    kind: Literal["minion", "boss"] = "minion"
    name: Localized
    aliases: list[str] = Field(default_factory=list)
    size: Size | None = None
    attack: Attack | None = None
    max: int | None = None
    wounds: int | None = None
    move: str | None = None
    battle: int | None = None
    defense: int | None = None
    ability: Localized | None = None
    aggressive: bool = False
    """After acting, its initiative card trades places with the card just above (game-facts §3.1)."""
    cards: list[BossCard] = Field(default_factory=list)
    source: str = ""
    confidence: str = ""
    overridden: list[str] = Field(default_factory=list)

    def card_ids(self) -> list[str | None]:
        """The initiative cards of this type: ``[None]`` for a single card, else the boss card ids."""
        return [c.id for c in self.cards] if self.cards else [None]


class TrackCard(Model):
    """One initiative card on the track: a mouse, an enemy type, or one card of a boss."""

    model_config = ConfigDict(frozen=True)
    kind: CardKind
    owner: str
    card: str | None = None

    @property
    def name(self) -> str:
        """Stable name used in JSON: the mouse's name, the type id, or ``type/card`` for a boss card."""
        return f"{self.owner}/{self.card}" if self.card else self.owner


class Item(Model):
    """A card a mouse carries: in the bag (face down) or equipped (face up)."""

    name: str
    kind: ItemKind = "search"
    equipped: bool = False


class MouseRecord(Model):
    """Everything the app keeps about one mouse."""

    name: str
    wounds: int = 0
    poison: int = 0
    cheese: int = 0
    conditions: list[ConditionId] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    narrative_feats: list[str] = Field(default_factory=list)
    captures: int = 0
    roach_kills: int = 0  # in the current encounter (tile), for the Roach Slayer feat


class MiceState(Model):
    """A Mice and Mystics session: the campaign, the current tile, the track and the mice."""

    mice: list[MouseRecord]
    chapter: int = 1
    tile: int = 1
    tile_name: str = ""
    round: int = 0
    track: list[TrackCard] = Field(default_factory=list)
    turn: int | None = None
    minions: dict[str, int] = Field(default_factory=dict)
    wheel: int = 0
    turn_cheese: int = Field(default=0, ge=0, le=1_000_000)
    """Cheese the minions put on the wheel during the current card's turn (asked once per turn)."""
    surged: bool = False
    hourglass: int = 0
    end_page: int | None = None
    feats: dict[str, str] = Field(default_factory=dict)
    chapters_done: list[int] = Field(default_factory=list)

    def mouse(self, name: str) -> MouseRecord:
        """The record of the mouse called ``name`` (exact, already resolved)."""
        for m in self.mice:
            if m.name == name:
                return m
        raise KeyError(name)


class Space(Model):
    """A blue-paw space of a tile: its distance to the nearest mouse and whether it is circled red."""

    id: str
    distance: int = Field(ge=0)
    red: bool = False


class EnemyGroup(Model):
    """Some enemies of one type to place, with their size and attack type."""

    type: str
    count: int = Field(ge=1)
    size: Size
    attack: Attack


class SpaceFill(Model):
    """What ended up on one space after placement."""

    space: str
    distance: int
    red: bool
    enemies: dict[str, int] = Field(default_factory=dict)
    small: int = 0
    large: int = 0

    def full(self) -> bool:
        """True when no small figure fits any more (4 small or 1 large)."""
        return self.large > 0 or self.small >= SMALL_PER_SPACE

    def empty(self) -> bool:
        """True when no figure stands on the space."""
        return self.large == 0 and self.small == 0


class Placement(Model):
    """The result of enemy placement: each space's figures and what could not be placed."""

    spaces: list[SpaceFill]
    unplaced: dict[str, int] = Field(default_factory=dict)


class InitiativeResult(Model):
    """The track after placing initiative cards, and what changed."""

    track: list[TrackCard]
    first: bool
    added: list[str] = Field(default_factory=list)
    ignored: list[str] = Field(default_factory=list)
    ambush: dict[str, str] = Field(default_factory=dict)


class Event(Message):
    """Something the rules made happen that the table must hear about (a surge, a feat earned…).

    ``key`` names the message ``mice_and_mystics.event.<key>``; ``params`` fill it.
    """


class Draw(Model):
    """The initiative cards to lay out now: all of them (first placement) or only the new ones."""

    first: bool
    cards: list[TrackCard]
    added: list[str] = Field(default_factory=list)
    ignored: list[str] = Field(default_factory=list)


class CarryReport(Model):
    """What one mouse kept and lost at the end of a chapter."""

    mouse: str
    kept_items: list[str] = Field(default_factory=list)
    kept_search: str | None = None
    discarded_items: list[str] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    narrative_feats: list[str] = Field(default_factory=list)
    heroic_feats: list[str] = Field(default_factory=list)
    wounds: int = 0
    poison: int = 0
    cheese: int = 0
    conditions: list[str] = Field(default_factory=list)
