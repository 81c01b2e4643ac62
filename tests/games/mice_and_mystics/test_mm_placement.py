"""Enemy placement on blue-paw spaces (rulebook « Placement des ennemis »)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.mice_and_mystics.model import EnemyGroup, Space
from gm_assist.games.mice_and_mystics.rules import place_enemies


def sp(ident: str, dist: int, red: bool = False) -> Space:
    return Space(id=ident, distance=dist, red=red)


def g(kind: str, n: int, size: str = "small", attack: str = "melee") -> EnemyGroup:
    return EnemyGroup(type=kind, count=n, size=size, attack=attack)


def by_space(result) -> dict[str, dict[str, int]]:
    return {f.space: f.enemies for f in result.spaces if f.enemies}


def test_ranged_go_to_red_circle_first_then_farthest():
    res = place_enemies([sp("A", 1), sp("B", 5), sp("C", 2, red=True)], [g("archer", 6, attack="ranged")])
    assert by_space(res) == {"C": {"archer": 4}, "B": {"archer": 2}}
    assert res.unplaced == {}


def test_ranged_fill_farthest_then_next_farthest():
    res = place_enemies([sp("A", 1), sp("B", 5), sp("C", 3)], [g("archer", 5, attack="ranged")])
    assert by_space(res) == {"B": {"archer": 4}, "C": {"archer": 1}}


def test_large_takes_nearest_empty_space():
    spaces = [sp("A", 1), sp("B", 2), sp("C", 4)]
    res = place_enemies(spaces, [g("archer", 1, attack="ranged"), g("cat", 2, size="large")])
    # A is nearest and empty; B next; C holds the archer so it is not empty
    assert by_space(res) == {"C": {"archer": 1}, "A": {"cat": 1}, "B": {"cat": 1}}


def test_large_never_shares_and_small_never_joins_a_large():
    res = place_enemies([sp("A", 1), sp("B", 2)], [g("cat", 1, size="large"), g("roach", 5)])
    assert by_space(res) == {"A": {"cat": 1}, "B": {"roach": 4}}
    assert res.unplaced == {"roach": 1}


def test_melee_one_by_one_on_nearest_not_full():
    res = place_enemies([sp("A", 3), sp("B", 1), sp("C", 2)], [g("roach", 6), g("rat", 3)])
    assert by_space(res) == {"B": {"roach": 4}, "C": {"roach": 2, "rat": 2}, "A": {"rat": 1}}


def test_full_spaces_leave_enemies_unplaced():
    res = place_enemies([sp("A", 1)], [g("archer", 3, attack="ranged"), g("roach", 2), g("cat", 1, "large")])
    assert by_space(res) == {"A": {"archer": 3, "roach": 1}}
    assert res.unplaced == {"cat": 1, "roach": 1}


def test_large_ranged_is_placed_as_large():
    res = place_enemies([sp("A", 1), sp("B", 6, red=True)], [g("vurst", 1, size="large", attack="ranged")])
    assert by_space(res) == {"A": {"vurst": 1}}


def test_nothing_to_place():
    res = place_enemies([sp("A", 1), sp("B", 2)], [])
    assert by_space(res) == {} and res.unplaced == {}
    assert [f.space for f in res.spaces] == ["A", "B"]


def test_no_space_at_all():
    res = place_enemies([], [g("roach", 2)])
    assert res.unplaced == {"roach": 2}


def test_ties_in_distance_follow_the_given_order():
    res = place_enemies([sp("X", 2), sp("Y", 2)], [g("cat", 1, "large"), g("roach", 1)])
    assert by_space(res) == {"X": {"cat": 1}, "Y": {"roach": 1}}


def test_duplicate_space_refused():
    with pytest.raises(GmError) as err:
        place_enemies([sp("A", 1), sp("A", 2)], [])
    assert err.value.key == "mice_and_mystics.error.duplicate_space"
