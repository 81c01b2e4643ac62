"""The app as Dungeon Master: strength of a floor, suggestions, solo floors from a seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.games.shy_monsters import dungeon_master as dm
from gm_assist.games.shy_monsters.floor import construction_errors, parse_floor
from gm_assist.games.shy_monsters.model import COLOURS, Hand
from gm_assist.games.shy_monsters.rules import load_patterns, monster_statuses

P = load_patterns()
HAND = Hand(monsters=["purple", "orange"])


def test_score_of_a_deadly_floor_and_its_reasons() -> None:
    # E C P C X : purple (diagonal tile below-left) blocks the way; orange a dead end below
    score, reasons = dm.explain(parse_floor("ECPCX/.C..O/....."), P)
    keys = [r.key for r in reasons]
    assert "blocks" in keys and keys.count("comfortable") == 1
    assert score == dm.THREAT + dm.BLOCKS + dm.HIDDEN + dm.EXIT_FAR


def test_a_monster_behind_the_exit_does_not_count() -> None:
    score, reasons = dm.explain(parse_floor("ECCXO/.P.../.C..."), P)
    assert any(r.key == "behind_exit" for r in reasons)


def test_side_by_side_monsters_count_once() -> None:
    _, reasons = dm.explain(parse_floor("OPC/..C/XEC"), P)
    assert [r.key for r in reasons][0] == "side_by_side"
    assert [r.key for r in reasons].count("comfortable") == 1


def test_suggest_lists_valid_strong_floors_best_first() -> None:
    count, found = dm.suggest(HAND, P, 1, top=4)
    assert count == 80_160
    assert len(found) == 4
    scores = [s.score for s in found]
    assert scores == sorted(scores, reverse=True)
    for s in found:
        assert construction_errors(s.floor, hand=HAND) == []
        assert all(m.comfortable for m in monster_statuses(s.floor, P))
        assert dm.explain(s.floor, P)[0] == s.score
    shapes = {tuple(sorted(s.floor.tiles())) for s in found}
    assert len(shapes) == 4  # one floor per shape


@given(
    st.lists(st.sampled_from(COLOURS), min_size=2, max_size=2, unique=True),
    st.integers(1, 3),
    st.integers(0, 999),
)
@settings(max_examples=6, deadline=None)
def test_the_searchs_scores_are_the_reasons_scores(colours: list, floor_number: int, start: int) -> None:
    """The search reads each shape's table of threats; the reasons (``explain``) follow the clauses
    one by one. Every 97th floor of a hand on a floor number agrees (the side-by-side floors the
    two once disagreed on among them: the old search failed this test)."""
    hand = Hand(monsters=colours)
    seen: set[str] = set()
    for i, (score, lay) in enumerate(dm.scored_floors(hand, P, floor_number)):
        if i % 97 == start % 97:
            expected, reasons = dm.explain(lay.floor(hand.monsters), P, floor_number)
            assert score == expected, (lay, reasons)
            seen.update(r.key for r in reasons)
    assert {"comfortable", "no_threat", "exit_far"} <= seen


def test_best_floor_reaches_the_top_score() -> None:
    _, found = dm.suggest(Hand(monsters=["green", "red"]), P, 2, top=1)
    floor = dm.best_floor(Hand(monsters=["green", "red"]), P, 2, random.Random(3))
    assert construction_errors(floor, hand=Hand(monsters=["green", "red"])) == []
    assert dm.explain(floor, P, 2)[0] == found[0].score


@given(st.integers(0, 10_000), st.lists(st.sampled_from(COLOURS), min_size=2, max_size=2, unique=True))
@settings(max_examples=40, deadline=None)
def test_random_floors_are_valid(seed: int, colours: list) -> None:
    hand = Hand(monsters=colours)
    assert construction_errors(dm.random_floor(hand, random.Random(seed)), hand=hand) == []


def test_a_solo_game_is_reproducible_and_deals_every_monster_once() -> None:
    a = dm.new_game("solo", "random", 42, P)
    b = dm.new_game("solo", "random", 42, P)
    assert a.planned == b.planned and a.pile == b.pile
    assert sorted(a.pile) == sorted(COLOURS)
    for number, floor in enumerate(a.planned):
        hand = Hand(monsters=a.pile[2 * number : 2 * number + 2])
        assert construction_errors(floor, hand=hand) == []
    assert a.floor.layout == a.planned[0] and a.floor.reveals_due == 2
    assert dm.new_game("solo", "random", 43, P).planned != a.planned
