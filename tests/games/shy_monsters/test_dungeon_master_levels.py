"""The app's Dungeon Master levels (issue 23): random, easy, normal, best, weakest first. Their
measured strength (the hero's win rate) is bench/shy_dm_levels.py's, reported in the README."""

from __future__ import annotations

import random

import pytest

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


@pytest.mark.parametrize("typed", ["normal", "moyen", "facile", "easy"])
def test_new_solo_game_at_every_level_is_reproducible(gm, typed) -> None:  # noqa: ANN001
    first = gm(
        "shy-monsters", "new", "--solo", "--seed", "11", "--difficulty", typed, "--name", "a", "--json"
    )
    again = gm(
        "shy-monsters", "new", "--solo", "--seed", "11", "--difficulty", typed, "--name", "b", "--json"
    )
    assert first.exit_code == 0, first
    assert first.json["difficulty"] in ("easy", "normal")
    assert first.json["board"] == again.json["board"]
