"""Comfort zones in every rotation, fear by reveal order, killed monsters, the referee's report."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.games.shy_monsters.floor import floor_from_tiles, parse_floor, rotate
from gm_assist.games.shy_monsters.model import COLOURS, LETTER_OF
from gm_assist.games.shy_monsters.rules import (
    adjacent_monsters,
    cells_of_colours,
    check_floor,
    fits,
    fitting_rotations,
    load_patterns,
    monster_statuses,
)

PATTERNS = load_patterns()
CENTRE = (5, 5)


def offsets(colour: str) -> tuple[list, list]:
    grid = PATTERNS[colour].grid
    mr, mc = next((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "M")
    tile = [(r - mr, c - mc) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "T"]
    empty = [(r - mr, c - mc) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X"]
    return tile, empty


def turn(cell: tuple[int, int], quarter_turns: int) -> tuple[int, int]:
    dr, dc = cell
    for _ in range(quarter_turns):
        dr, dc = dc, -dr
    return dr, dc


def around(cells: list) -> set:
    return {CENTRE, *((CENTRE[0] + dr, CENTRE[1] + dc) for dr, dc in cells)}


def test_the_memo_tile_is_shipped_with_its_confidence() -> None:
    assert set(PATTERNS) == set(COLOURS)
    assert PATTERNS["teal"].grid == ["TT.", "MT.", "..."]
    assert PATTERNS["teal"].confidence == "medium-high"
    assert all(PATTERNS[c].confidence == "high" for c in COLOURS if c != "teal")


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("quarter", [0, 1, 2, 3])
def test_pattern_fits_in_each_rotation(colour: str, quarter: int) -> None:
    tile, _ = offsets(colour)
    tiles = around([turn(o, quarter) for o in tile])
    assert fits(tiles, CENTRE, PATTERNS[colour])
    assert quarter in fitting_rotations(tiles, CENTRE, PATTERNS[colour])


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("quarter", [0, 1, 2, 3])
def test_near_miss_in_each_rotation(colour: str, quarter: int) -> None:
    """Take away one required tile, or fill one required empty cell: no rotation fits any more."""
    tile, empty = offsets(colour)
    for missing in tile:
        tiles = around([turn(o, quarter) for o in tile if o != missing])
        assert not fits(tiles, CENTRE, PATTERNS[colour]), (colour, quarter, "missing", missing)
    for filled in empty:
        tiles = around([turn(o, quarter) for o in [*tile, filled]])
        assert not fits(tiles, CENTRE, PATTERNS[colour]), (colour, quarter, "filled", filled)


@pytest.mark.parametrize(
    ("grid", "comfortable"),
    [
        ("OPC/..C/EXC", {"orange": True, "purple": True}),  # dead end; tile diagonal to purple
        ("ECC/.G./.XC", {"green": True}),  # straight: tiles above and below
        ("CGC/.E./..X", {"green": False}),  # a T-junction is not a straight corridor
        ("CR./.XE", {"red": True}),  # corner with the inner diagonal empty
        ("CR./CXE", {"red": False}),  # inner diagonal filled
        ("CBC/.X.", {"blue": True}),  # three sides
        ("TC/XE", {"teal": True}),  # 2×2 block
        ("T./XE", {"teal": False}),
    ],
)
def test_plain_meanings(grid: str, comfortable: dict) -> None:
    floor = parse_floor(grid)
    found = {s.colour: s.comfortable for s in monster_statuses(floor, PATTERNS)}
    assert found == comfortable


def test_fear_in_both_reveal_orders() -> None:
    floor = parse_floor("OPC/..C/EXC")  # orange and purple share a side, both comfortable
    orange, purple = (0, 0), (0, 1)
    assert adjacent_monsters(floor) == [(orange, purple)]
    first_orange = {s.colour: s for s in monster_statuses(floor, PATTERNS, [orange, purple])}
    assert first_orange["orange"].active and not first_orange["orange"].panics
    assert not first_orange["purple"].active and first_orange["purple"].scared_by == [orange]
    first_purple = {s.colour: s for s in monster_statuses(floor, PATTERNS, [purple, orange])}
    assert first_purple["purple"].active
    assert first_purple["orange"].panics and not first_purple["orange"].active


def test_no_order_means_each_judged_as_first() -> None:
    floor = parse_floor("OPC/..C/EXC")
    assert all(s.active for s in monster_statuses(floor, PATTERNS))


def test_an_unrevealed_monster_is_judged_as_if_revealed_now() -> None:
    floor = parse_floor("OPC/..C/EXC")
    statuses = {s.colour: s for s in monster_statuses(floor, PATTERNS, [(2, 0), (0, 1)])}
    assert statuses["purple"].active and statuses["purple"].revealed
    assert statuses["orange"].panics and not statuses["orange"].revealed


def test_a_monster_next_to_a_killed_monster_panics() -> None:
    floor = parse_floor("OPC/..C/EXC")
    statuses = {s.colour: s for s in monster_statuses(floor, PATTERNS, None, killed=[(0, 0)])}
    assert statuses["orange"].killed and not statuses["orange"].active
    assert statuses["purple"].panics and not statuses["purple"].active


def test_check_report() -> None:
    floor = parse_floor("OPC/..C/EXC")
    report = check_floor(floor, PATTERNS, cells_of_colours(floor, ["purple", "orange"]))
    assert report.valid and report.errors == []
    assert [(m.colour, m.active) for m in report.monsters] == [("orange", False), ("purple", True)]


floors = st.dictionaries(
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.sampled_from(["C", "C", "C", "E", *LETTER_OF.values()]),
    min_size=2,
    max_size=12,
)


@given(floors, st.integers(1, 3), st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_a_rotated_floor_gives_the_same_comfort_answers(tiles: dict, quarters: int, rnd) -> None:
    floor = floor_from_tiles(tiles)
    monsters = list(floor.monsters())
    rnd.shuffle(monsters)
    turned = floor
    for _ in range(quarters):
        turned = rotate(turned)
    height, width = len(floor.rows), len(floor.rows[0])

    def image(cell: tuple[int, int]) -> tuple[int, int]:
        r, c, h, w = cell[0], cell[1], height, width
        for _ in range(quarters):
            r, c, h, w = c, h - 1 - r, w, h
        return r, c

    before = {s.cell: (s.comfortable, s.active) for s in monster_statuses(floor, PATTERNS, monsters)}
    after = {
        s.cell: (s.comfortable, s.active)
        for s in monster_statuses(turned, PATTERNS, [image(m) for m in monsters])
    }
    assert after == {image(cell): answer for cell, answer in before.items()}
