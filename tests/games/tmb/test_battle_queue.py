"""Baddie points and the Battle Queue (rulebook v2.1 p. 18, p. 7, p. 9): worked examples first."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_assist.games.tmb.battle.rules.queue import (
    BattleRuleError,
    QueueChip,
    SetupChip,
    baddie_points,
    build_queue,
    insert_by_value,
    queue_total,
    queue_values,
    refill_stack,
    tyrant_queue,
)


def test_day_4_three_gearlocs_is_12_points_5_5_1_1():
    assert baddie_points(4, 3) == 12
    assert queue_values(12) == [5, 5, 1, 1]


def test_day_2_two_gearlocs_is_four_1_point_baddies():
    assert baddie_points(2, 2) == 4
    assert queue_values(4) == [1, 1, 1, 1]


def test_18_points_versus_20_points():
    assert queue_values(18) == [5, 5, 5, 1, 1, 1]
    assert queue_values(20) == [20]
    # the modifier applies before the queue is built: 18 + 2 is one 20-point baddie
    assert queue_values(baddie_points(6, 3, extra_points=2)) == [20]


def test_six_points_is_one_5_and_one_1():
    assert queue_values(6) == [5, 1]


@pytest.mark.parametrize(
    ("day", "gearlocs", "key"),
    [
        (0, 2, "tmb_battle.error.day"),
        (3, 0, "tmb_battle.error.gearlocs"),
        (3, 5, "tmb_battle.error.gearlocs"),
    ],
)
def test_bad_day_or_party(day, gearlocs, key):
    with pytest.raises(BattleRuleError) as info:
        baddie_points(day, gearlocs)
    assert info.value.key == key


def test_negative_points_refused():
    with pytest.raises(BattleRuleError):
        baddie_points(1, 1, extra_points=-5)


def test_scouted_chips_are_drawn_first_face_up():
    queue, left = build_queue(12, {1: ["crapaud des marais"], 5: ["A", "B", "C"]})
    assert [c.points for c in queue] == [5, 5, 1, 1]
    assert [(c.name, c.face_up) for c in queue] == [
        ("A", True),
        ("B", True),
        ("crapaud des marais", True),
        (None, False),
    ]
    assert left == {5: ["C"]}


def test_added_chips_go_by_value():
    queue, _ = build_queue(12, {}, added=[20, 1, 5])
    assert [c.points for c in queue] == [20, 5, 5, 5, 1, 1, 1]


def test_insert_top_and_bottom_follow_the_card():
    queue = [QueueChip(points=5), QueueChip(points=1)]
    assert [c.points for c in insert_by_value(queue, QueueChip(points=5), "top")][0] == 5
    assert [c.points for c in insert_by_value(queue, QueueChip(points=20), "bottom")] == [5, 1, 20]
    new5 = QueueChip(points=5, name="new")
    assert [c.name for c in insert_by_value(queue, new5)] == [None, "new", None]


def test_bad_added_value():
    with pytest.raises(BattleRuleError) as info:
        build_queue(4, {}, added=[3])
    assert info.value.key == "tmb_battle.error.point_value"


def test_refill_stack_from_the_graveyard():
    chips, rest = refill_stack(1, {1: ["a", "b"], 5: ["c"]})
    assert chips == ["a", "b"] and rest == {5: ["c"]}
    with pytest.raises(BattleRuleError):
        refill_stack(20, {1: ["a"]})


def test_drellen_party_of_two_pins_tyrant_and_bog_baddies():
    extras = [SetupChip(where="lane", lane=2, points=1), SetupChip(where="lane", lane=3, points=1)]
    queue, _ = tyrant_queue("Drellen", 10, extras, tyrant_lane=1)
    assert [(c.name, c.lane, c.points) for c in queue[:3]] == [("Drellen", 1, 20), (None, 2, 1), (None, 3, 1)]
    assert [c.points for c in queue[3:]] == [5, 5]


def test_gendricks_on_top_of_his_kobold():
    extras = [SetupChip(where="top", points=1, name="Kobold")]
    queue, _ = tyrant_queue("Gendricks", 6, extras, tyrant_where="top")
    assert [c.name for c in queue[:2]] == ["Gendricks", "Kobold"]
    assert queue[0].tyrant and [c.points for c in queue[2:]] == [5, 1]


def test_nom_at_the_bottom():
    queue, _ = tyrant_queue("Nom", 8, tyrant_where="bottom")
    assert queue[-1].name == "Nom" and [c.points for c in queue[:-1]] == [5, 1, 1, 1]


@given(st.integers(min_value=0, max_value=500))
def test_queue_sums_to_points_and_is_sorted(points):
    values = queue_values(points)
    assert sum(values) == points
    assert values == sorted(values, reverse=True)
    # greedy: never five 1s nor four 5s (they would have been a higher chip)
    assert values.count(1) < 5 and values.count(5) < 4


@given(st.integers(1, 30), st.integers(1, 4), st.lists(st.sampled_from([1, 5, 20]), max_size=6))
def test_built_queue_keeps_value_order(day, gearlocs, added):
    queue, _ = build_queue(baddie_points(day, gearlocs), {}, added=added)
    assert queue_total(queue) == day * gearlocs + sum(added)
    assert [c.points for c in queue] == sorted((c.points for c in queue), reverse=True)
