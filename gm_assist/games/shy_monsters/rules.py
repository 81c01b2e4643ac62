"""Shy Monsters — the referee: comfort zones, fear, and the construction report of a floor.

The hero phase and the floor sequence are in ``hero.py``, the notation and the construction check
in ``floor.py``, the solo Dungeon Master in ``dungeon_master.py``. All functions here are pure.

A monster attacks only when both conditions hold (rulebook « La zone de confort », « La peur des
autres »):

1. comfort: its memo-tile pattern fits around it in at least one of the four quarter turns — every
   ``T`` cell holds a dungeon tile (any kind), every ``X`` cell holds nothing, ``.`` is free;
2. no fear: of two monsters sharing a side, the one revealed first acts normally and the second
   panics; a monster revealed next to a monster the hero killed panics too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from pydantic import Field

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model

from .floor import FloorError, construction_errors, neighbours
from .model import COLOURS, Cell, Floor, Hand, Pattern

Requirement = tuple[tuple[Cell, ...], tuple[Cell, ...]]
"""A pattern in one rotation: offsets that must hold a tile, offsets that must be empty."""


# --- patterns -----------------------------------------------------------------------------------


def load_patterns() -> dict[str, Pattern]:
    """The six memo-tile patterns: shipped ``shy_monsters/patterns.toml`` (game-facts §5), with
    the table's overrides from the user file ``shy_monsters/patterns.json`` on top."""
    from gm_assist.core.data import load_toml, read_user_json

    shipped = load_toml("shy_monsters/patterns.toml")
    overrides = read_user_json("shy_monsters/patterns.json", {}) or {}
    out: dict[str, Pattern] = {}
    for colour in COLOURS:
        entry = dict(shipped[colour])
        if colour in overrides:
            entry["grid"] = list(overrides[colour])
            entry["overridden"] = True
        out[colour] = Pattern(colour=colour, **entry)
    return out


def pattern_grid_errors(grid: list[str]) -> str | None:
    """Why a pattern grid is unusable (None when fine): rectangular, letters ``M T X .``, one M."""
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        return "ragged"
    letters = "".join(grid).upper()
    if set(letters) - set("MTX."):
        return "letters"
    if letters.count("M") != 1:
        return "monster"
    return None


@cache
def requirements(grid: tuple[str, ...]) -> tuple[Requirement, ...]:
    """The pattern's tile/empty offsets from the monster in each of the four quarter turns.

    A quarter turn clockwise sends offset (dr, dc) to (dc, -dr). Identical rotations are kept once.
    """
    rows = [row.upper() for row in grid]
    mr, mc = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "M")
    tile = [(r - mr, c - mc) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "T"]
    empty = [(r - mr, c - mc) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"]
    out: list[Requirement] = []
    for _ in range(4):
        req = (tuple(sorted(tile)), tuple(sorted(empty)))
        if req not in out:
            out.append(req)
        tile = [(dc, -dr) for dr, dc in tile]
        empty = [(dc, -dr) for dr, dc in empty]
    return tuple(out)


def fits(tiles: set[Cell] | frozenset[Cell], cell: Cell, pattern: Pattern | tuple[str, ...]) -> bool:
    """True when the pattern fits around ``cell`` in at least one rotation (« La zone de confort »).

    ``tiles`` are the cells holding a dungeon tile; every other cell is empty.
    """
    grid = tuple(pattern.grid) if isinstance(pattern, Pattern) else pattern
    r, c = cell
    for tile, empty in requirements(grid):
        if all((r + dr, c + dc) in tiles for dr, dc in tile) and not any(
            (r + dr, c + dc) in tiles for dr, dc in empty
        ):
            return True
    return False


def fitting_rotations(tiles: set[Cell], cell: Cell, pattern: Pattern) -> list[int]:
    """Which quarter turns (0–3, clockwise from the memo tile) fit: all of them, not just one."""
    grid = tuple(pattern.grid)
    rows = [row.upper() for row in grid]
    mr, mc = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "M")
    tile = [(r - mr, c - mc) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "T"]
    empty = [(r - mr, c - mc) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"]
    out = []
    for turn in range(4):
        if all((cell[0] + dr, cell[1] + dc) in tiles for dr, dc in tile) and not any(
            (cell[0] + dr, cell[1] + dc) in tiles for dr, dc in empty
        ):
            out.append(turn)
        tile = [(dc, -dr) for dr, dc in tile]
        empty = [(dc, -dr) for dr, dc in empty]
    return out


# --- fear and activity -------------------------------------------------------------------------


class MonsterStatus(Model):
    """What the referee says about one monster of a floor."""

    colour: str
    cell: Cell
    comfortable: bool
    revealed: bool = False
    killed: bool = False
    panics: bool = False
    scared_by: list[Cell] = Field(default_factory=list)
    active: bool = False


def monster_statuses(
    floor: Floor,
    patterns: dict[str, Pattern],
    revealed: list[Cell] | None = None,
    killed: Iterable[Cell] = (),
) -> list[MonsterStatus]:
    """Comfort, fear and activity of every monster, for a reveal order (« La peur des autres »).

    ``revealed`` lists turned-over cells in order. A monster panics when a monster next to it (by a
    side) was revealed before it, or was killed by the hero before it was revealed (a killed monster
    missing from the order counts as killed before all of them). A monster not yet revealed is
    judged as if revealed now. ``revealed=None``: each monster judged as if revealed first.
    Active = comfortable, not panicking and not killed.
    """
    tiles = set(floor.tiles())
    killed_set = set(killed)
    order = {cell: i for i, cell in enumerate(revealed or [])}
    monsters = floor.monsters()
    out = []
    for cell, colour in sorted(monsters.items()):
        comfortable = fits(tiles, cell, patterns[colour])
        mine = order.get(cell, len(order))
        scared = []
        for other in neighbours(cell, set(monsters)):
            killed_before = other in killed_set and other not in order
            if killed_before or (revealed is not None and other in order and order[other] < mine):
                scared.append(other)
        is_killed = cell in killed_set
        out.append(
            MonsterStatus(
                colour=colour,
                cell=cell,
                comfortable=comfortable,
                revealed=cell in order,
                killed=is_killed,
                panics=bool(scared),
                scared_by=scared,
                active=comfortable and not scared and not is_killed,
            )
        )
    return out


def adjacent_monsters(floor: Floor) -> list[tuple[Cell, Cell]]:
    """Pairs of monsters sharing a side: of each pair only the first revealed can attack."""
    monsters = floor.monsters()
    pairs = []
    for cell in sorted(monsters):
        for other in neighbours(cell, set(monsters)):
            if cell < other:
                pairs.append((cell, other))
    return pairs


# --- the referee's report ------------------------------------------------------------------------


class CheckReport(Model):
    """The answer of ``check``: construction errors, each monster's state, adjacent pairs."""

    valid: bool
    errors: list[FloorError]
    monsters: list[MonsterStatus]
    adjacent: list[tuple[Cell, Cell]]


def check_floor(
    floor: Floor,
    patterns: dict[str, Pattern],
    revealed: list[Cell] | None = None,
    killed: Iterable[Cell] = (),
    hand: Hand | None = None,
) -> CheckReport:
    """Referee a floor: is it built by the rules, which monsters are comfortable, which would
    attack given the reveal order (« Phase Maître du Donjon », « La zone de confort », « La peur »)."""
    errors = construction_errors(floor, hand)
    return CheckReport(
        valid=not errors,
        errors=errors,
        monsters=monster_statuses(floor, patterns, revealed, killed),
        adjacent=adjacent_monsters(floor),
    )


def cells_of_colours(floor: Floor, colours: Sequence[str]) -> list[Cell]:
    """The monster cells named by colours (reveal order given by colour); GmError if absent."""
    by_colour: dict[str, list[Cell]] = {}
    for cell, monster in sorted(floor.monsters().items()):
        by_colour.setdefault(monster, []).append(cell)
    out: list[Cell] = []
    for colour in colours:
        if colour not in by_colour:
            raise GmError("shy_monsters.error.colour_not_on_floor", colour=colour_name(colour))
        out.extend(c for c in by_colour[colour] if c not in out)
    return out


def colour_name(colour: str) -> str:
    """The colour's name in the table's language (``purple`` → « violet » in French)."""
    from gm_assist.core.i18n import t

    return t(f"shy_monsters.colour.{colour}")


def grids_of(patterns: dict[str, Pattern]) -> dict[str, list[str]]:
    """The bare grids of the patterns, as a game stores them when it starts."""
    return {colour: list(p.grid) for colour, p in patterns.items()}


def patterns_from_grids(grids: dict[str, list[str]]) -> dict[str, Pattern]:
    """Patterns rebuilt from the grids a game stored; shipped ones when the game stored none."""
    if not grids:
        return load_patterns()
    # the stored colours are checked as any saved data is: by the model
    return {c: Pattern.model_validate({"colour": c, "grid": grid}) for c, grid in grids.items()}
