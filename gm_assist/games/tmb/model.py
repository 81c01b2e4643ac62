"""Too Many Bones adventure models: catalog entries and the session state.

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

``Tyrant``::

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

from pydantic import BaseModel, ConfigDict, Field

from .battle import Battle  # the battle engineer's module; the state only stores it

Mode = Literal["adventure", "heroic", "legendary"]
Phase = Literal["encounter", "resolve", "reward", "recovery"]
Stat = Literal["hp", "dex", "atk", "def", "skill"]
BADDIE_TYPES = ("troll", "orc", "scale", "goblin", "bog", "beast")
POINT_VALUES = (20, 5, 1)


class _Model(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")


class SetupBaddie(_Model):
    """A baddie the tyrant card places before the battle (lane or queue), by party size."""

    where: Literal["lane", "top", "bottom"]
    lane: int | None = None
    count: int = 1
    points_small: int = 1  # party of 1-2 gearlocs
    points_large: int = 1  # party of 3-4 gearlocs
    type: str | None = None
    name: str | None = None


class TyrantBattleSetup(_Model):
    """How the combat mat is set for the tyrant battle (tyrant card back, p. 16)."""

    text: dict[str, str]
    tyrant_lane: int | None = None
    tyrant_position: Literal["melee", "ranged"] | None = None
    tyrant_queue: Literal["top", "bottom"] | None = None
    baddie_points: Literal["points", "per_gearloc", "none"] = "points"
    skip_points_solo: bool = True
    extras: list[SetupBaddie] = Field(default_factory=list)
    rules: list[str] = Field(default_factory=list)


class Tyrant(_Model):
    """A tyrant: days (☼ limit), progress needed, baddie types, encounter cards (p. 6, 16)."""

    id: str
    names: dict[str, str]
    aliases: list[str] = Field(default_factory=list)
    days: int = Field(ge=4, le=30)
    progress: int = Field(ge=1, le=40)
    baddie_types: list[str]
    tyrant_cards: int = Field(ge=0, le=6)
    tyrant_card_titles: list[str] = Field(default_factory=list)
    set: Literal["core", "undertow", "custom"] = "core"
    confidence: str = "medium"
    source: str = ""
    battle: TyrantBattleSetup | None = None

    def name(self, lang: str) -> str:
        """Name in the edition's language, falling back to English."""
        return self.names.get(lang) or self.names["en"]


class GearlocInfo(_Model):
    """A base-box gearloc: English and French names (the mats' figures are the table's)."""

    id: str
    names: dict[str, str]
    aliases: list[str] = Field(default_factory=list)


class Loot(_Model):
    """A loot or locked-loot card held by a gearloc (p. 14, 21)."""

    name: str
    locked: bool = False
    locks_open: int = Field(default=0, ge=0, le=3)
    heavy: bool = False


class TrainingPoint(_Model):
    """One unspent training point; remembers the stats it already failed (p. 10-11)."""

    failed: list[str] = Field(default_factory=list)


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
    scouted: dict[int, list[str]] = Field(default_factory=lambda: {1: [], 5: [], 20: []})
    battle: Battle | None = None
    graveyard: dict[int, list[str]] = Field(default_factory=dict)
    wiped: bool = False
    tyrant_attempts: int = 0
    won: bool = False
    lost: bool = False

    @property
    def progress(self) -> int:
        """Progress points gained so far (sum of the kept encounter cards, p. 22)."""
        return sum(card.points for card in self.progress_cards)
