"""Shy Monsters — pydantic models: floors, comfort patterns, the hero phase and the session.

Vocabulary (French edition / English): Maître du Donjon / Dungeon Master, Héro / hero,
tuile donjon / dungeon tile, Entrée / entrance, Sortie / exit, Couloir / corridor,
Monstre / monster, étage / floor, zone de confort / comfort zone, tuile mémo / memo tile,
Explorer / explore, Sauter / jump, Attaquer / attack. Rulebook: ``rulebooks/shy-monsters.fr.txt``
(sections cited per function).

Cells are ``(row, col)`` pairs, 0-based inside the code; everything the user reads (messages,
``--json``) counts rows and columns from 1.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from gm_assist.core.message import Message
from gm_assist.core.model import Model

Colour = Literal["purple", "orange", "green", "red", "blue", "teal"]
Cell = tuple[int, int]

COLOURS: tuple[Colour, ...] = ("purple", "orange", "green", "red", "blue", "teal")
"""The six monster tiles, one of each colour (rulebook « Matériel »: 6 tuiles Monstre)."""
LETTER_OF: dict[Colour, str] = {
    "purple": "P",
    "orange": "O",
    "green": "G",
    "red": "R",
    "blue": "B",
    "teal": "T",
}
COLOUR_OF: dict[str, Colour] = {v: k for k, v in LETTER_OF.items()}

ENTRANCE, EXIT, CORRIDOR, EMPTY = "E", "X", "C", "."
TILE_CODES = frozenset("EXCPOGRBT")
"""Grid letters that are dungeon tiles; ``.`` is an empty place."""

FLOORS = 3
"""The phases repeat three times, once per floor (rulebook « Déroulement d'une manche »)."""
CORRIDORS_PER_FLOOR = 3
"""The Dungeon Master takes the exit and the 3 corridors back in hand for each floor (« Mise en
place », « Phase de destruction de l'étage »)."""
MONSTERS_PER_FLOOR = 2
"""Two monsters are drawn for each floor (« Phase Maître du Donjon », « Phase de destruction »)."""
REVEALS_BEFORE_MOVING: tuple[int, ...] = (2, 1, 0)
"""Tiles the hero turns over before the first move, floors 1, 2, 3 (« Phase héros »)."""


class Pattern(Model):
    """One comfort zone of the memo tile (``data/shy_monsters/patterns.toml``).

    ``grid`` rows use ``M`` (the monster), ``T`` (must hold a tile), ``X`` (must be empty) and
    ``.`` (free). ``overridden`` is True when the table replaced the shipped grid.
    """

    colour: Colour
    grid: list[str]
    art: str = ""
    confidence: str = ""
    source: str = ""
    overridden: bool = False


class Floor(Model):
    """A floor as a rectangular grid of letters, e.g. ``("..P", "ECC", ".XO")``.

    ``E`` entrance, ``X`` exit, ``C`` corridor, ``.`` empty, ``P O G R B T`` the monsters.
    Anything outside the grid is empty.
    """

    model_config = ConfigDict(frozen=True)
    rows: tuple[str, ...]

    def at(self, cell: Cell) -> str:
        """The letter at ``cell``; ``.`` outside the grid."""
        r, c = cell
        if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[0]):
            return self.rows[r][c]
        return EMPTY

    def tiles(self) -> dict[Cell, str]:
        """Every cell holding a dungeon tile, with its letter."""
        return {(r, c): ch for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != EMPTY}

    def monsters(self) -> dict[Cell, Colour]:
        """Monster cells with their colour (``"purple"``…)."""
        return {cell: COLOUR_OF[ch] for cell, ch in self.tiles().items() if ch in COLOUR_OF}

    def find(self, letter: str) -> list[Cell]:
        """The cells holding ``letter``."""
        return [cell for cell, ch in self.tiles().items() if ch == letter]

    def notation(self) -> str:
        """The one-line notation, rows joined by ``/``: ``..P/ECC/.XO``."""
        return "/".join(self.rows)


class Hand(Model):
    """The Dungeon Master's hand for one floor: the exit, ``corridors`` corridors and the monsters
    drawn (« Phase Maître du Donjon »); the entrance is already on the table."""

    corridors: int = CORRIDORS_PER_FLOOR
    monsters: list[Colour] = Field(default_factory=list)

    @property
    def size(self) -> int:
        """Tiles of the built floor, entrance included (7 on every floor of the rulebook)."""
        return 2 + self.corridors + len(self.monsters)


class Event(Message):
    """One answer of the referee, translated when shown: ``key`` under ``shy_monsters.event``."""


class FloorPlay(Model):
    """The current floor while the hero explores it.

    ``layout`` is the hidden floor (None while the two-player Dungeon Master has not entered it);
    ``revealed`` is every turned-over tile in order (the entrance is face up from the start);
    ``killed`` the monsters the hero's attack killed.
    """

    number: int = 1
    layout: Floor | None = None
    hand: list[Colour] = Field(default_factory=list)
    revealed: list[Cell] = Field(default_factory=list)
    killed: list[Cell] = Field(default_factory=list)
    hero: Cell | None = None
    reveals_due: int = 0
    attack_used: bool = False
    jump_used: bool = False
    attack_declared: bool = False
    events: list[Event] = Field(default_factory=list)


Mode = Literal["two-players", "solo"]
Difficulty = Literal["random", "easy", "normal", "best"]
LEVELS: tuple[Difficulty, ...] = ("random", "easy", "normal", "best")
"""The app's Dungeon Master levels, weakest first (``dungeon_master.build_floor``)."""
Outcome = Literal["playing", "hero-won", "hero-died"]


class ShyState(Model):
    """A whole game: three floors, the monsters' fate between floors, the outcome.

    Solo: ``pile`` is the shuffled monster pile and ``planned`` the three floors the app built as
    Dungeon Master at the start (hidden until revealed). Two players: the Dungeon Master enters
    each floor; ``pile`` and ``planned`` stay empty.
    """

    mode: Mode = "two-players"
    difficulty: Difficulty = "best"
    seed: int | None = None
    pile: list[Colour] = Field(default_factory=list)
    planned: list[Floor] = Field(default_factory=list)
    floor: FloorPlay = Field(default_factory=FloorPlay)
    used: list[Colour] = Field(default_factory=list)
    shown_monsters: list[Colour] = Field(default_factory=list)
    set_aside: list[Colour] = Field(default_factory=list)
    floors_cleared: int = 0
    outcome: Outcome = "playing"
    patterns: dict[str, list[str]] = Field(default_factory=dict)
    """The comfort grids this game is refereed with, fixed when it starts (a later override of
    the memo tile does not change a game under way)."""
