"""The app's Dungeon Master levels (issue 23): random, easy, normal, best, weakest first. Their
measured strength (the hero's win rate) is bench/shy_dm_levels.py's, reported in the README."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import Result

from gm_assist.games.shy_monsters import dungeon_master as dm
from gm_assist.games.shy_monsters.model import LEVELS, Hand
from gm_assist.games.shy_monsters.rules import load_patterns


def test_each_level_draws_from_its_band_of_the_hands_floors() -> None:
    patterns = load_patterns()
    hand = Hand(monsters=["purple", "blue"])
    scored = list(dm.scored_floors(hand, patterns, 1))
    scores = sorted(s for s, _ in scored)
    for level, quantile in dm.QUANTILE.items():
        threshold = scores[int(quantile * (len(scores) - 1))]
        for seed in range(3):
            floor = dm.build_floor(hand, patterns, 1, level, random.Random(seed))
            score, _ = dm.explain(floor, patterns, 1)
            assert score >= threshold, (level, score, threshold)
    assert dm.QUANTILE["easy"] < dm.QUANTILE["normal"]
    assert LEVELS == ("random", "easy", "normal", "best")


SAME_LEVEL = {"normal": "moyen", "moyen": "normal", "easy": "facile", "facile": "easy"}
"""Each level as typed in English and in French: the same level, so the same seed deals the same floor."""


@pytest.fixture(scope="module")
def new_games(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """``new_games(typed)``: ``shy-monsters new --solo --seed 11 --difficulty <typed>``, run once per
    typed level (each scores every floor of the hand: ~1.5 s) and shared by the tests below."""
    from conftest import run_cli

    home = tmp_path_factory.mktemp("dm-levels")
    made: dict[str, Result] = {}

    def new_game(typed: str) -> Result:
        if typed not in made:
            made[typed] = run_cli(
                "--home", str(home), "shy-monsters", "new", "--solo", "--seed", "11",
                "--difficulty", typed, "--name", typed, "--json",
            )  # fmt: skip
        return made[typed]

    return new_game


@pytest.mark.parametrize(
    "typed",
    [
        "normal",
        "moyen",
        pytest.param("facile", marks=pytest.mark.slow),
        pytest.param("easy", marks=pytest.mark.slow),
    ],
)
def test_new_solo_game_at_every_level_is_reproducible(new_games: Any, typed: str) -> None:
    """The same seed and level (typed in the other language: a second, separate game) deal the same
    board."""
    first, again = new_games(typed), new_games(SAME_LEVEL[typed])
    assert first.exit_code == 0, first
    assert again.exit_code == 0, again
    assert first.json["difficulty"] in ("easy", "normal")
    assert first.json["difficulty"] == again.json["difficulty"]
    assert first.json["board"] == again.json["board"]
