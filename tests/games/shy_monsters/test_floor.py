"""Floor notation, construction check, geometry and the enumeration of floors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.core.errors import GmError
from gm_assist.games.shy_monsters.floor import (
    canonical,
    construction_errors,
    enumerate_distinct_floors,
    enumerate_floors,
    fixed_shapes,
    free_shapes,
    mirror,
    parse_floor,
    rotate,
)
from gm_assist.games.shy_monsters.model import COLOURS, Hand

VALID = "OPC/..C/EXC"


def codes(grid: str, **kw) -> list[str]:
    return [e.code for e in construction_errors(parse_floor(grid), **kw)]


def test_parse_accepts_lower_case_spaces_and_newlines() -> None:
    floor = parse_floor(" op c/..c\nexc ")
    assert floor.rows == ("OPC", "..C", "EXC")
    assert floor.monsters() == {(0, 0): "orange", (0, 1): "purple"}


def test_unknown_letter_points_at_the_cell() -> None:
    with pytest.raises(GmError) as caught:
        parse_floor("EC./CQX")
    assert caught.value.key == "shy_monsters.error.unknown_letter"
    assert caught.value.params == {"letter": "Q", "row": 2, "col": 2}


def test_ragged_rows_name_the_row() -> None:
    with pytest.raises(GmError) as caught:
        parse_floor("ECC/CX/PO.")
    assert caught.value.key == "shy_monsters.error.ragged"
    assert caught.value.params == {"row": 2, "length": 2, "expected": 3}


def test_empty_floor() -> None:
    with pytest.raises(GmError) as caught:
        parse_floor(" / ")
    assert caught.value.key == "shy_monsters.error.empty_floor"


def test_a_well_built_floor_has_no_error() -> None:
    assert codes(VALID) == []


@pytest.mark.parametrize(
    ("grid", "code", "cells"),
    [
        ("OPC/..C/CXC", "entrance_count", []),
        ("OPC/..E/EXC", "entrance_count", [(1, 2), (2, 0)]),
        ("OPC/..C/ECC", "exit_count", []),
        ("OPX/..C/EXC", "exit_count", [(0, 2), (2, 1)]),
        ("OPC/..P/EXC", "corridor_count", [(0, 2), (2, 2)]),
        ("OCC/..C/EXC", "monster_count", [(0, 0)]),
        ("OOC/..C/EXC", "monster_twice", [(0, 0), (0, 1)]),
        ("OPCC/...C/EX..", "not_connected", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]),
    ],
)
def test_each_construction_error_with_its_cells(grid: str, code: str, cells: list) -> None:
    errors = {e.code: e for e in construction_errors(parse_floor(grid))}
    assert code in errors
    assert errors[code].cells == cells


def test_diagonal_tiles_do_not_connect() -> None:
    errors = construction_errors(parse_floor("EXCC/...P/.CO."))
    assert [e.code for e in errors] == ["not_connected"]
    assert errors[0].cells == [(2, 1), (2, 2)]


def test_hand_and_used_monsters() -> None:
    assert codes(VALID, hand=Hand(monsters=["orange", "red"])) == ["monster_not_in_hand"]
    assert codes(VALID, used=["purple"]) == ["monster_used"]


def test_rotate_four_times_is_identity_and_canonical_is_shared() -> None:
    floor = parse_floor(VALID)
    turned = rotate(floor)
    assert turned.rows == ("E.O", "X.P", "CCC")
    assert rotate(rotate(rotate(turned))) == floor
    assert canonical(floor) == canonical(turned) == canonical(mirror(turned))


def test_shape_counts_are_the_polyomino_numbers() -> None:
    assert [len(fixed_shapes(n)) for n in range(1, 8)] == [1, 2, 6, 19, 63, 216, 760]
    assert len(free_shapes(7)) == 108


def test_first_floor_hand_count() -> None:
    hand = Hand(monsters=["purple", "orange"])
    floors = list(enumerate_floors(hand))
    assert len(floors) == 760 * 7 * 6 * 5 * 4 == 638_400
    assert len(set(floors)) == len(floors)
    assert sum(1 for _ in enumerate_distinct_floors(hand)) == 80_160


small_hands = st.builds(
    lambda corridors, colours: Hand(corridors=corridors, monsters=colours),
    st.integers(0, 1),
    st.lists(st.sampled_from(COLOURS), min_size=1, max_size=2, unique=True),
)
"""Hands of 3 to 5 tiles: every floor of them can be checked quickly (the 7-tile first-floor hand is
counted and checked for duplicates above)."""


@given(small_hands)
@settings(max_examples=10, deadline=None)
def test_enumerator_yields_only_valid_floors_and_no_duplicates(hand: Hand) -> None:
    notations = []
    for lay in enumerate_floors(hand):
        floor = lay.floor(hand.monsters)
        assert construction_errors(floor, hand=hand) == []
        notations.append(floor.notation())
    assert len(notations) == len(set(notations))
    distinct = [canonical(lay.floor(hand.monsters)) for lay in enumerate_distinct_floors(hand)]
    assert len(distinct) == len(set(distinct))
    assert set(distinct) == {canonical(parse_floor(n)) for n in notations}
