"""Input in either language and the words of the referee."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.shy_monsters.floor import FloorError
from gm_assist.games.shy_monsters.view import (
    error_text,
    parse_cell,
    parse_colours,
    parse_direction,
    parse_hand,
)


@pytest.mark.parametrize(
    ("text", "colours"),
    [
        ("P,O", ["purple", "orange"]),
        ("po", ["purple", "orange"]),
        ("violet > Orange", ["purple", "orange"]),
        ("vert rouge", ["green", "red"]),
        ("Turquoise,bleu", ["teal", "blue"]),
        ("", []),
    ],
)
def test_colours_in_english_or_french(text: str, colours: list) -> None:
    assert parse_colours(text) == colours


def test_unknown_colour_names_the_closest() -> None:
    with pytest.raises(GmError) as caught:
        parse_colours("violett")
    assert caught.value.key == "core.error.unknown_name"


@pytest.mark.parametrize(
    ("text", "colours"),
    [
        ("X,C,C,C,P,O", ["purple", "orange"]),
        ("XCCCGR", ["green", "red"]),
        ("sortie couloir bleu vert", ["blue", "green"]),
    ],
)
def test_hand_may_list_the_exit_and_corridors(text: str, colours: list) -> None:
    assert parse_hand(text) == colours


@pytest.mark.parametrize(
    ("text", "direction"),
    [
        ("n", "north"),
        ("Nord", "north"),
        ("o", "west"),
        ("ouest", "west"),
        ("ne", "north-east"),
        ("sud-ouest", "south-west"),
        ("so", "south-west"),
        ("est", "east"),
        ("E", "east"),
    ],
)
def test_directions(text: str, direction: str) -> None:
    assert parse_direction(text) == direction


def test_cells_are_one_based() -> None:
    assert parse_cell("2,3") == (1, 2) == parse_cell("r2c3") == parse_cell(" 2 3 ")
    for bad in ("2", "0,1", "a,b"):
        with pytest.raises(GmError):
            parse_cell(bad)


def test_error_words_name_the_cells_and_the_colour() -> None:
    error = FloorError(code="monster_used", cells=[(0, 2)], params={"colour": "teal"})
    assert error_text(error) == "the teal monster was already used on an earlier floor (row 1, column 3)"
