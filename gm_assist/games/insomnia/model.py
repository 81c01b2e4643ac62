"""Insomnia (English edition: *Sheepy Time*) — pydantic models for catalogs, scoring and the session.

Vocabulary (French edition / English edition): mouton / sheep, dodo / wink (the score),
oreiller / pillow (the target on the score track), cauchemar / nightmare, barrière / fence,
tuile Rêve / dream tile, Zzz (tokens placed on dream tiles), marqueur Premier mouton /
first-sheep marker. Rulebook: ``rulebooks/insomnia.fr.txt`` (French), pages cited per function.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, PrivateAttr

from gm_assist.core.message import Message
from gm_assist.core.model import Model

TRACK_TOP = 40
"""Pillows start on space 40 of the score track (rulebook p. 3, set-up step 3)."""
TRACK_BOTTOM = 0
"""Scores start on space 0, the bottom of the score track (rulebook p. 3)."""
BOARD_SPACES = 10
"""The board has ten spaces, the fence sits between space 10 and space 1 (rulebook p. 3)."""
FENCE_DODOS = 5
"""Dodos gained for each clockwise fence crossing (rulebook p. 6, step 3)."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4

# ---------------------------------------------------------------- catalogs


class PillowTable(Model):
    """The pillow reference tile: spaces moved down by rank, for one player count.

    ``moves[0]`` is the value for 1st place. ``woken`` is ``None`` for the rulebook's reading
    (a woken-up sheep is ranked with 0 dodos) or a fixed number of spaces for woken-up sheep.
    """

    players: int
    moves: list[int]
    woken: int | None = None
    confidence: str = "low-medium"
    source: str = ""


class DreamTile(Model):
    """One dream tile (tuile Rêve) of the catalog ``data/insomnia/dream_tiles.toml``."""

    id: str
    fr: str = ""
    en: str = ""
    bonus: str = ""  # "zzz3" | "infinite" | "" (not found: ask the table)
    confidence: str = ""
    solo_removed: bool = False
    card: str = ""
    source: str = ""


class Nightmare(Model):
    """One nightmare deck (cauchemar) of ``data/insomnia/nightmares.toml``."""

    id: str
    names: list[str]
    en: str
    fr: str
    recommended_first: bool = False
    confidence: str = ""
    source: str = ""
    cards_en: str = ""
    cards_fr: str = ""


class SoloRank(Model):
    """A line of the solo rank table (rulebook p. 11): inclusive score bounds and the title."""

    min: int
    max: int
    en: str
    fr: str


# ---------------------------------------------------------------- end-of-race scoring


class RaceEntry(Model):
    """One player at the end of a race: name, score track value (dodos), pillow, woken up?"""

    name: str
    dodos: int = Field(ge=0)
    pillow: int = Field(ge=TRACK_BOTTOM, le=TRACK_TOP)
    woke: bool = False


class RaceScore(Model):
    """Result of :func:`rules.score_race`; ``players`` keeps turn order (first player first)."""

    players: list[str]
    winners: list[str]
    victory_reason: str = ""  # "" | "single" | "margin" | "dodos" | "shared"
    counted: dict[str, int]  # dodos that count (0 for a woken-up sheep)
    ranks: dict[str, int]  # 1 = best; empty when somebody won
    moves: dict[str, int]  # spaces actually moved down
    pillows: dict[str, int]  # pillow after the move
    first_player: str
    first_player_tie: list[str] = []  # the tied players when the marker needed the tie rule
    table: list[int]
    table_confidence: str
    woken_rule: int | None = None


class SoloScore(Model):
    """Result of :func:`rules.solo_score` (rulebook p. 11)."""

    dodos: int
    pillow_moved: int
    races: int
    pillow_bonus: int
    race_penalty: int
    score: int
    title: SoloRank


# ---------------------------------------------------------------- session state


class SheepStatus(StrEnum):
    """States of a sheep during a race (rulebook p. 6–9)."""

    running = "running"  # in the race, standing
    scared = "scared"  # in the race, lying on its side (effrayé)
    woken = "woken"  # woken up (réveillé): score 0, out of the race
    bed = "bed"  # gone to bed (allé se coucher): out of the race, keeps its score


class Phase(StrEnum):
    """Where the game stands: a race (p. 4), its scoring (p. 9), the rest phase (p. 10), the end."""

    race = "race"
    scoring = "scoring"  # the race ended, pillows not scored yet
    rest = "rest"
    over = "over"


class Sheep(Model):
    """A player and their sheep. ``space`` is None while the sheep is still in front of the player."""

    name: str
    space: int | None = None
    status: SheepStatus = SheepStatus.running
    score: int = 0  # dodos on the score track this race
    pillow: int = TRACK_TOP
    can_go_to_bed: bool = False  # crossed the fence this turn and has not chosen yet
    rested: bool = False  # already chose during the current rest phase

    @property
    def in_race(self) -> bool:
        """Still in the race: running or scared, not woken up nor in bed (p. 6–9)."""
        return self.status in (SheepStatus.running, SheepStatus.scared)


class Event(Message):
    """Something the table should hear about after an action: an i18n key, its parameters and the
    rule card it comes from (``rule``, shown with ``why``)."""

    @property
    def card(self) -> str:
        """The rule card's id, ``""`` when none applies."""
        return self.rule or ""


class InsomniaState(Model):
    """A saved game of Insomnia. ``players`` is in seat order (clockwise)."""

    players: list[Sheep]
    nightmare: str = "wolf"
    nightmare_space: int | None = None  # None = in the centre of the board
    solo: bool = False
    phase: Phase = Phase.race
    race: int = 1
    first: int = 0  # index in ``players`` of the holder of the first-sheep marker
    active: int = 0  # index of the player whose turn it is (race phase)
    moved: bool = False  # the active sheep has moved this turn: its card is played (p. 4, step 1)
    tiles: dict[int, str] = {5: "", 10: ""}  # board space -> dream tile id ("" = not named)
    last_score: RaceScore | None = None
    winners: list[str] = []
    # solo book-keeping (rulebook p. 11)
    solo_dodos: int = 0
    solo_pillow_moved: int = 0
    # What the rule being worked out wants the table to hear: filled while a rule of race.py or
    # rest.py runs and handed out in its Outcome, never saved (an older save that still carries
    # an ``events`` key loads: pydantic ignores the key).
    _said: list[Event] = PrivateAttr(default_factory=list)

    def index(self, name: str) -> int:
        """Index of the player called ``name`` (exact stored name)."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def turn_order(self) -> list[int]:
        """Player indices clockwise from the first player (rulebook p. 4, turn structure)."""
        n = len(self.players)
        return [(self.first + k) % n for k in range(n)]
