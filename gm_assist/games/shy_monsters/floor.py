"""Floors as text: the notation, geometry, the construction check and the enumeration of floors.

Notation (issue 7): rows separated by ``/`` or new lines, ``E`` entrance, ``X`` exit, ``C`` corridor,
``.`` empty, monsters by their colour's English initial ``P O G R B T``; lower case accepted.
Example: ``..P/ECC/.XO``.

Construction rules (rulebook « Phase Maître du Donjon »): every tile of the hand is laid, all tiles
touch the others through shared sides, entrance included; diagonals do not connect.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from pydantic import Field

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model

from .model import (
    CORRIDOR,
    EMPTY,
    ENTRANCE,
    EXIT,
    LETTER_OF,
    MONSTERS_PER_FLOOR,
    TILE_CODES,
    Cell,
    Colour,
    Floor,
    Hand,
)

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""North, east, south, west: the sides through which tiles connect and the hero explores."""
ALL_DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The eight directions of a jump (rulebook « Sauter »: diagonals allowed)."""


# --- notation -----------------------------------------------------------------------------------


def parse_floor(text: str) -> Floor:
    """Read the floor notation (``..P/ECC/.XO``); spaces are ignored, letters may be lower case.

    Raises ``GmError`` pointing at the cell for an unknown letter, and at the row for ragged rows.
    """
    raw_rows = [row for row in text.replace("\r", "").replace("\n", "/").split("/")]
    rows = ["".join(row.split()).upper() for row in raw_rows]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    if not rows or not any(rows):
        raise GmError("shy_monsters.error.empty_floor")
    width = len(rows[0])
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in TILE_CODES and ch != EMPTY:
                raise GmError(
                    "shy_monsters.error.unknown_letter",
                    letter=raw_letter(raw_rows, r, c, ch),
                    row=r + 1,
                    col=c + 1,
                )
        if len(row) != width:
            raise GmError("shy_monsters.error.ragged", row=r + 1, length=len(row), expected=width)
    return Floor(rows=tuple(rows))


def raw_letter(raw_rows: list[str], r: int, c: int, fallback: str) -> str:
    """The letter as the user typed it (case kept) for error messages."""
    try:
        return "".join(raw_rows[r].split())[c]
    except IndexError:
        return fallback


def floor_from_tiles(tiles: dict[Cell, str]) -> Floor:
    """The smallest grid holding ``tiles`` (a mapping cell → letter), shifted to start at (0, 0)."""
    rmin = min(r for r, _ in tiles)
    cmin = min(c for _, c in tiles)
    rmax = max(r for r, _ in tiles)
    cmax = max(c for _, c in tiles)
    rows = []
    for r in range(rmin, rmax + 1):
        rows.append("".join(tiles.get((r, c), EMPTY) for c in range(cmin, cmax + 1)))
    return Floor(rows=tuple(rows))


def trimmed(floor: Floor) -> Floor:
    """The same floor without empty border rows and columns."""
    return floor_from_tiles(floor.tiles())


def rotate(floor: Floor) -> Floor:
    """The floor turned a quarter clockwise: cell (r, c) goes to (c, height - 1 - r)."""
    height = len(floor.rows)
    width = len(floor.rows[0])
    rows = ("".join(floor.rows[height - 1 - c][r] for c in range(height)) for r in range(width))
    return Floor(rows=tuple(rows))


def mirror(floor: Floor) -> Floor:
    """The floor seen in a mirror (columns reversed)."""
    return Floor(rows=tuple(row[::-1] for row in floor.rows))


def symmetries(floor: Floor) -> list[Floor]:
    """The eight images of a floor under quarter turns and mirroring (duplicates kept)."""
    out = []
    current = floor
    for _ in range(4):
        out.append(current)
        out.append(mirror(current))
        current = rotate(current)
    return out


def canonical(floor: Floor) -> str:
    """One notation shared by a floor and its turned or mirrored copies (the smallest of them).

    Comfort patterns hold in any rotation and are mirror-symmetric up to rotation (game-facts §5),
    so these copies play exactly alike.
    """
    return min(trimmed(f).notation() for f in symmetries(floor))


# --- construction check -------------------------------------------------------------------------


class FloorError(Model):
    """One construction violation: ``code`` (i18n key under ``shy_monsters.construction``), the
    cells it concerns and the numbers of the message."""

    code: str
    cells: list[Cell] = Field(default_factory=list)
    params: dict[str, int | str] = Field(default_factory=dict)


def neighbours(
    cell: Cell, cells: Iterable[Cell] | set[Cell], steps: tuple[Cell, ...] = ORTHOGONAL
) -> list[Cell]:
    """The cells of ``cells`` next to ``cell`` through a side (or through ``steps``)."""
    pool = cells if isinstance(cells, (set, frozenset, dict)) else set(cells)
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in steps if (r + dr, c + dc) in pool]


def component(start: Cell, cells: set[Cell] | frozenset[Cell]) -> set[Cell]:
    """Every cell of ``cells`` reachable from ``start`` through shared sides."""
    seen = {start}
    todo = [start]
    while todo:
        for nxt in neighbours(todo.pop(), cells):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def construction_errors(floor: Floor, hand: Hand | None = None, used: Iterable[str] = ()) -> list[FloorError]:
    """Everything wrong with how a floor is built, each with its cells (« Phase Maître du Donjon »).

    Checks: one entrance; one exit; ``hand.corridors`` corridors (3); the hand's monsters
    (2 per floor; their colours when the hand names them); one tile per colour; no monster already
    used on an earlier floor; every tile connected to the entrance through sides.
    """
    hand = hand or Hand()
    tiles = floor.tiles()
    errors: list[FloorError] = []
    for letter, code in ((ENTRANCE, "entrance"), (EXIT, "exit")):
        found = floor.find(letter)
        if len(found) != 1:
            errors.append(FloorError(code=f"{code}_count", cells=found, params={"found": len(found)}))
    corridors = floor.find(CORRIDOR)
    if len(corridors) != hand.corridors:
        errors.append(
            FloorError(
                code="corridor_count",
                cells=corridors,
                params={"found": len(corridors), "expected": hand.corridors},
            )
        )
    monsters = floor.monsters()
    expected = len(hand.monsters) if hand.monsters else MONSTERS_PER_FLOOR
    if len(monsters) != expected:
        errors.append(
            FloorError(
                code="monster_count",
                cells=sorted(monsters),
                params={"found": len(monsters), "expected": expected},
            )
        )
    by_colour: dict[Colour, list[Cell]] = {}
    for cell, colour in sorted(monsters.items()):
        by_colour.setdefault(colour, []).append(cell)
    for colour, cells in by_colour.items():
        if len(cells) > 1:
            errors.append(FloorError(code="monster_twice", cells=cells, params={"colour": colour}))
        if hand.monsters and colour not in hand.monsters:
            errors.append(FloorError(code="monster_not_in_hand", cells=cells, params={"colour": colour}))
        if colour in set(used):
            errors.append(FloorError(code="monster_used", cells=cells, params={"colour": colour}))
    if tiles:
        entrances = floor.find(ENTRANCE)
        start = entrances[0] if entrances else min(tiles)
        linked = component(start, set(tiles))
        loose = sorted(set(tiles) - linked)
        if loose:
            errors.append(FloorError(code="not_connected", cells=loose, params={"count": len(loose)}))
    return errors


# --- enumeration ----------------------------------------------------------------------------------


def fixed_shapes(size: int) -> list[tuple[Cell, ...]]:
    """Every connected shape of ``size`` cells up to translation (fixed polyominoes; 760 for 7).

    Redelmeier's method: grow from one cell, never re-adding a cell once it was skipped, so each
    shape comes out exactly once. Cells are sorted and shifted so the smallest row and column are 0.
    """
    out: list[tuple[Cell, ...]] = []
    poly: list[Cell] = []

    def allowed(cell: Cell) -> bool:
        return cell[0] > 0 or (cell[0] == 0 and cell[1] >= 0)

    def grow(untried: list[Cell], seen: set[Cell]) -> None:
        untried = list(untried)
        while untried:
            cell = untried.pop()
            poly.append(cell)
            if len(poly) == size:
                rmin = min(r for r, _ in poly)
                cmin = min(c for _, c in poly)
                out.append(tuple(sorted((r - rmin, c - cmin) for r, c in poly)))
            else:
                new = [(cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL]
                new = [n for n in new if allowed(n) and n not in seen]
                grow(untried + new, seen | set(new))
            poly.pop()

    if size > 0:
        grow([(0, 0)], {(0, 0)})
    return out


class Layout(NamedTuple):
    """A floor of the enumerator, kept light: its cells, and where the entrance, exit and monsters
    (in the hand's order) lie; every other cell is a corridor."""

    cells: tuple[Cell, ...]
    entrance: Cell
    exit: Cell
    monsters: tuple[Cell, ...]

    def floor(self, colours: Sequence[Colour]) -> Floor:
        """The floor as a grid, the monsters coloured in hand order."""
        tiles = dict.fromkeys(self.cells, CORRIDOR)
        tiles[self.entrance] = ENTRANCE
        tiles[self.exit] = EXIT
        for cell, colour in zip(self.monsters, colours, strict=True):
            tiles[cell] = LETTER_OF[colour]
        return floor_from_tiles(tiles)


def _labelings(cells: tuple[Cell, ...], monsters: int) -> Iterator[Layout]:
    for e in cells:
        rest_e = [c for c in cells if c != e]
        for x in rest_e:
            rest = [c for c in rest_e if c != x]
            yield from (Layout(cells, e, x, ms) for ms in _ordered(rest, monsters))


def _ordered(pool: list[Cell], k: int) -> Iterator[tuple[Cell, ...]]:
    if k == 0:
        yield ()
        return
    for i, cell in enumerate(pool):
        for tail in _ordered(pool[:i] + pool[i + 1 :], k - 1):
            yield (cell, *tail)


def enumerate_floors(hand: Hand) -> Iterator[Layout]:
    """Every valid floor for ``hand``, each once up to translation.

    A valid floor is a connected shape of ``hand.size`` cells with one entrance, one exit, the
    hand's monsters (distinct colours, so their order matters) and corridors elsewhere. For the
    first-floor hand (exit, 3 corridors, 2 monsters + entrance) that is 760 shapes × 7 × 6 × 5 × 4
    = 638,400 floors (bench/shy_monsters_enumerate.py).
    """
    count = len(hand.monsters)
    for cells in fixed_shapes(hand.size):
        yield from _labelings(cells, count)


def _shape_maps(cells: tuple[Cell, ...]) -> list[dict[Cell, Cell]]:
    """The turns/mirrors that map a shape onto itself, as cell → cell maps (identity included)."""
    maps = []
    base = set(cells)
    for turn in range(4):
        for flip in (False, True):
            image = {}
            for r, c in cells:
                rr, cc = r, c
                for _ in range(turn):
                    rr, cc = cc, -rr
                if flip:
                    cc = -cc
                image[(r, c)] = (rr, cc)
            rmin = min(r for r, _ in image.values())
            cmin = min(c for _, c in image.values())
            shifted = {k: (r - rmin, c - cmin) for k, (r, c) in image.items()}
            if set(shifted.values()) == base:
                maps.append(shifted)
    return maps


def free_shapes(size: int) -> list[tuple[Cell, ...]]:
    """One shape per class of turned/mirrored copies (free polyominoes; 108 for 7 cells)."""
    seen: set[tuple[Cell, ...]] = set()
    out = []
    for cells in fixed_shapes(size):
        if cells in seen:
            continue
        out.append(cells)
        for turn in range(4):
            for flip in (False, True):
                image = []
                for r, c in cells:
                    rr, cc = r, c
                    for _ in range(turn):
                        rr, cc = cc, -rr
                    image.append((rr, -cc if flip else cc))
                rmin = min(r for r, _ in image)
                cmin = min(c for _, c in image)
                seen.add(tuple(sorted((r - rmin, c - cmin) for r, c in image)))
    return out


def enumerate_distinct_floors(hand: Hand) -> Iterator[Layout]:
    """Every valid floor for ``hand``, each once up to translation, quarter turns and mirroring.

    These are the floors that play differently: a turned or mirrored floor gives every monster the
    same comfort and every path the same length.
    """
    for _, layouts in distinct_floors_by_shape(hand.size, len(hand.monsters)):
        yield from layouts


@functools.cache
def distinct_floors_by_shape(
    size: int, monsters: int
) -> tuple[tuple[tuple[Cell, ...], tuple[Layout, ...]], ...]:
    """:func:`enumerate_distinct_floors` grouped by shape, for a hand of ``size`` tiles with
    ``monsters`` monsters. They depend on nothing else, so a process works them out once (80,160
    floors for the rulebook's hand, ~10 MB): a solo game deals three floors of the same size."""
    out = []
    for cells in free_shapes(size):
        maps = _shape_maps(cells)
        if len(maps) == 1:
            out.append((cells, tuple(_labelings(cells, monsters))))
            continue
        kept = []
        for lay in _labelings(cells, monsters):
            key = (lay.entrance, lay.exit, lay.monsters)
            if all(key <= (m[lay.entrance], m[lay.exit], tuple(m[c] for c in lay.monsters)) for m in maps):
                kept.append(lay)
        out.append((cells, tuple(kept)))
    return tuple(out)
