"""Too Many Bones session state: the adventure's models (the catalog entries, ``Tyrant`` and the
rest, are in ``catalog.py``, so that a calculator reading the catalog builds neither these models
nor the battle's).

Interface for the battle engineer (stable field names)
------------------------------------------------------
``TmbState`` (the session state, ``SPEC.state_model``)::

    mode: "adventure" | "heroic" | "legendary"
    tyrant: Tyrant                      # catalog entry (or custom), see below
    day: int = 1                        # day counter (starts on 1, p. 6)
    started: bool = False               # day 1 begun (its new-day phase is skipped, p. 8)
    phase: "encounter" | "resolve" | "reward" | "recovery"
    party: list[Gearloc]                # 1..4 gearlocs
    encounter: Encounter | None         # today's encounter (kind card/special/tyrant, fight)
    progress_cards: list[ProgressCard]  # successful encounters kept under the tyrant card
    deck_left: int                      # shuffled encounter cards still in the deck
    specials_left: int                  # special encounters 001-003 still on top
    scouted: dict[int, list[str]]       # face-up scouted baddies per point value, top first
    battle: Battle | None = None        # from .battle (battle engineer); cleared on a new day
    graveyard: dict[int, list[str]]     # defeated chips per value (refill an emptied stack, p. 7)
    wiped: bool                         # today's battle ended with every gearloc KO
    tyrant_attempts: int                # tyrant battles fought
    won: bool
    lost: bool
    progress (property) -> int          # sum of progress_cards points

``Gearloc``::

    name: str; catalog_id: str | None   # "picket", "boomer", ... or None (free name)
    base_hp/base_dex/base_atk/base_def: int | None   # printed on the mat (None = not entered)
    hp_die/dex_die/atk_die/def_die: int 0..6         # stat dice added by training / mode
    hp: int; max_hp: int; ko: bool
    training: list[TrainingPoint]       # unspent points (each remembers failed stats)
    training_spent: int; skills: list[str]
    loot: list[Loot]; lockpick_day: int; recovery_day: int; recovery: str | None

``Tyrant`` (``catalog.py``)::

    id, names {en, fr}, aliases, days, progress, baddie_types, tyrant_cards,
    tyrant_card_titles, set ("core"/"undertow"/"custom"), confidence, source,
    battle: TyrantBattleSetup | None

``TyrantBattleSetup`` (structured, read by the battle engineer)::

    text {en, fr}                       # our own words
    tyrant_lane: int | None             # lane the tyrant starts in (None: goes in the queue)
    tyrant_position: "melee" | "ranged" | None
    tyrant_queue: "top" | "bottom" | None   # where the tyrant token goes in the queue
    baddie_points: "points" | "per_gearloc" | "none"   # how the queue is built
    skip_points_solo: bool              # party of 1 skips the baddie-points queue
    extras: list[SetupBaddie]           # lanes / queue additions by party size
    rules: list[str]                    # battle-wide rules (keys of text), e.g. moving costs 2 Dex

``SetupBaddie``: where ("lane" | "top" | "bottom"), lane: int | None, count: int,
points_small (party 1-2), points_large (party 3-4), type (baddie type id) | None,
name: str | None.  ``rules.tyrant_battle_plan(tyrant, party_size)`` resolves it.

Rulebook: Too Many Bones v2.1 (FR), pp. 6-9 (set-up, phases), 10-14 (gearloc mat), 16 (tyrants),
21-23 (loot, lockpicking, progress, training, modes).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .battle.rules.fight import Battle  # the battle engineer's module; the state only stores it
from .catalog import Mode, Tyrant, _Model

Phase = Literal["encounter", "resolve", "reward", "recovery"]
Stat = Literal["hp", "dex", "atk", "def", "skill"]
LOCKS = 3
"""Locks of a lockpicking card: the card is opened when all three are (p. 21)."""
POINT_VALUES = (20, 5, 1)


class Loot(_Model):
    """A loot or locked-loot card held by a gearloc (p. 14, 21)."""

    name: str
    locked: bool = False
    locks_open: int = Field(default=0, ge=0, le=LOCKS)
    heavy: bool = False


class TrainingPoint(_Model):
    """One unspent training point; remembers the stats it already failed (p. 10-11) and the day a
    reward gave it (None: a starting point)."""

    failed: list[str] = Field(default_factory=list)
    day: int | None = None


class Gearloc(_Model):
    """A gearloc's sheet: stats with their training dice, HP, training points, loot."""

    name: str
    catalog_id: str | None = None
    base_hp: int | None = None
    base_dex: int | None = None
    base_atk: int | None = None
    base_def: int | None = None
    hp_die: int = Field(default=0, ge=0, le=6)
    dex_die: int = Field(default=0, ge=0, le=6)
    atk_die: int = Field(default=0, ge=0, le=6)
    def_die: int = Field(default=0, ge=0, le=6)
    hp: int = 0
    max_hp: int = 0
    ko: bool = False
    training: list[TrainingPoint] = Field(default_factory=list)
    training_spent: int = 0
    skills: list[str] = Field(default_factory=list)
    loot: list[Loot] = Field(default_factory=list)
    lockpick_day: int = 0
    recovery_day: int = 0
    recovery: str | None = None


class Encounter(_Model):
    """Today's encounter: a drawn card (special or deck) or the tyrant challenge."""

    kind: Literal["special", "card", "tyrant"]
    number: int = 0  # special encounter number (1-3) or draw rank in the deck
    title: str = ""
    fight: bool = False
    outcome: Literal["success", "failure"] | None = None


class ProgressCard(_Model):
    """A successful encounter kept face up under the tyrant card with its progress points."""

    day: int
    title: str
    points: int = Field(ge=0)


def _no_scouted_chips() -> dict[int, list[str]]:
    """No chip scouted yet in the 1-, 5- and 20-point stacks."""
    return {1: [], 5: [], 20: []}


class TmbState(_Model):
    """A Too Many Bones adventure (see the module docstring for the field list)."""

    mode: Mode = "adventure"
    tyrant: Tyrant
    day: int = Field(default=1, ge=1)
    started: bool = False
    phase: Phase = "encounter"
    party: list[Gearloc] = Field(min_length=1, max_length=4)
    encounter: Encounter | None = None
    progress_cards: list[ProgressCard] = Field(default_factory=list)
    deck_left: int = 0
    specials_left: int = 3
    scouted: dict[int, list[str]] = Field(default_factory=_no_scouted_chips)
    battle: Battle | None = None
    graveyard: dict[int, list[str]] = Field(default_factory=dict)
    wiped: bool = False
    tyrant_attempts: int = 0
    won: bool = False
    lost: bool = False

    @model_validator(mode="after")
    def _day_within_tyrant(self) -> TmbState:
        """The day never passes the tyrant's days (p. 6): a later day is a hand-edited state."""
        if self.day > self.tyrant.days:
            raise ValueError(f"day {self.day} is after the tyrant's last day ({self.tyrant.days})")
        return self

    @property
    def progress(self) -> int:
        """Progress points gained so far (sum of the kept encounter cards, p. 22)."""
        return sum(card.points for card in self.progress_cards)
