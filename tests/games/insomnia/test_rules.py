"""Insomnia end-of-race scoring, hand-worked cases (rulebook p. 9 and p. 11)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.insomnia import rules
from gm_assist.games.insomnia.model import PillowTable, RaceEntry, SoloRank

SHIPPED = {
    "moves": {"2": [8, 5], "3": [10, 7, 5], "4": [10, 8, 6, 5]},
    "woken": {"mode": "rank"},
    "confidence": "low-medium",
    "source": "game-facts",
}
RANKS = [
    SoloRank(min=-1000, max=9, en="Restless sleeper", fr="Dormeur agité"),
    SoloRank(min=10, max=19, en="Sound snorer", fr="Solide ronfleur"),
    SoloRank(min=20, max=29, en="Great dreamer", fr="Grand songeur"),
    SoloRank(min=30, max=100000, en="Dream Sheep!", fr="Mouton Rêvé !"),
]


def E(name: str, dodos: int, pillow: int = 40, woke: bool = False) -> RaceEntry:
    return RaceEntry(name=name, dodos=dodos, pillow=pillow, woke=woke)


def table(n: int, woken: int | None = None) -> PillowTable:
    t = rules.pillow_table(n, SHIPPED)
    return t.model_copy(update={"woken": woken})


# ---------------------------------------------------------------- victory chain


def test_no_winner_when_nobody_reaches_the_pillow() -> None:
    assert rules.victory([E("A", 19, 20), E("B", 0, 40)]) == ([], "")


def test_reaching_the_pillow_exactly_wins() -> None:
    assert rules.victory([E("A", 20, 20), E("B", 30, 40)]) == (["A"], "single")


def test_several_past_the_pillow_furthest_wins() -> None:
    # A is 2 past, B is 3 past
    assert rules.victory([E("A", 22, 20), E("B", 25, 22)]) == (["B"], "margin")


def test_equal_margin_most_dodos_wins() -> None:
    # both 2 past their pillow; B collected 24 > 22
    assert rules.victory([E("A", 22, 20), E("B", 24, 22), E("C", 5, 30)]) == (["B"], "dodos")


def test_equal_margin_and_dodos_share_the_victory() -> None:
    assert rules.victory([E("A", 23, 21), E("B", 23, 21), E("C", 20, 25)]) == (["A", "B"], "shared")


def test_woken_sheep_cannot_reach_its_pillow() -> None:
    # score went back to 0 on waking up: 25 does not count
    assert rules.victory([E("A", 25, 20, woke=True), E("B", 3, 20)]) == ([], "")


def test_score_race_with_winner_moves_no_pillow() -> None:
    r = rules.score_race([E("A", 21, 20), E("B", 30, 35)], table(2))
    assert r.winners == ["A"]
    assert r.pillows == {"A": 20, "B": 35}
    assert r.moves == {"A": 0, "B": 0}
    assert r.first_player == "A"


# ---------------------------------------------------------------- pillow moves


def test_two_players() -> None:
    r = rules.score_race([E("A", 12, 40), E("B", 9, 40)], table(2))
    assert r.ranks == {"A": 1, "B": 2}
    assert r.moves == {"A": 8, "B": 5}
    assert r.pillows == {"A": 32, "B": 35}
    assert r.first_player == "B"
    assert r.winners == []


def test_three_players_issue_example_tie_for_first() -> None:
    # 12, 9 and 12 dodos: A and C share 1st (10 each), B is 3rd (5)
    r = rules.score_race([E("A", 12), E("B", 9), E("C", 12)], table(3))
    assert r.ranks == {"A": 1, "B": 3, "C": 1}
    assert r.moves == {"A": 10, "B": 5, "C": 10}
    assert r.pillows == {"A": 30, "B": 35, "C": 30}
    assert r.first_player == "B"


def test_four_players_tie_for_second_takes_second_value() -> None:
    r = rules.score_race([E("A", 15), E("B", 10), E("C", 10), E("D", 2)], table(4))
    assert r.ranks == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert r.moves == {"A": 10, "B": 8, "C": 8, "D": 5}


def test_four_players_all_tied_all_take_first() -> None:
    r = rules.score_race([E(n, 7) for n in "ABCD"], table(4))
    assert set(r.moves.values()) == {10}
    # all pillows equal: the marker goes to the last in turn order (right of the first player)
    assert r.first_player == "D"
    assert r.first_player_tie == ["A", "B", "C", "D"]


def test_woken_player_ranked_with_zero_by_default() -> None:
    r = rules.score_race([E("A", 14, woke=True), E("B", 3), E("C", 8)], table(3))
    assert r.counted == {"A": 0, "B": 3, "C": 8}
    assert r.ranks == {"A": 3, "B": 2, "C": 1}
    assert r.moves == {"A": 5, "B": 7, "C": 10}
    assert r.first_player == "A"


def test_two_woken_players_tie_with_zero() -> None:
    r = rules.score_race([E("A", 0, woke=True), E("B", 0, woke=True), E("C", 5)], table(3))
    assert r.ranks == {"A": 2, "B": 2, "C": 1}
    assert r.moves == {"A": 7, "B": 7, "C": 10}
    assert r.first_player == "B"  # A and B tied at 33: B is furthest from A in turn order


def test_woken_fixed_value_from_override() -> None:
    r = rules.score_race([E("A", 14, woke=True), E("B", 3), E("C", 8)], table(3, woken=3))
    assert r.ranks == {"A": 0, "B": 2, "C": 1}
    assert r.moves == {"A": 3, "B": 7, "C": 10}
    assert r.first_player == "A"


def test_pillow_never_below_the_bottom() -> None:
    r = rules.score_race([E("A", 3, 6), E("B", 1, 30)], table(2))
    assert r.pillows["A"] == 0
    assert r.moves["A"] == 6


# ---------------------------------------------------------------- first-sheep marker


def test_first_sheep_highest_pillow() -> None:
    assert rules.first_sheep(["A", "B", "C"], {"A": 20, "B": 31, "C": 25}) == ("B", [])


def test_first_sheep_tie_goes_furthest_in_turn_order() -> None:
    # turn order A (first), B, C, D: B and D tied → D (to A's right among the tied)
    assert rules.first_sheep(["A", "B", "C", "D"], {"A": 10, "B": 30, "C": 20, "D": 30}) == ("D", ["B", "D"])


def test_first_sheep_current_first_player_loses_a_tie() -> None:
    assert rules.first_sheep(["A", "B", "C"], {"A": 30, "B": 30, "C": 25}) == ("B", ["A", "B"])


def test_first_sheep_follows_turn_order_not_names() -> None:
    # same pillows, other turn order: C first, then A, then B → B wins the tie
    assert rules.first_sheep(["C", "A", "B"], {"A": 30, "B": 30, "C": 30})[0] == "B"


# ---------------------------------------------------------------- the reference tile


def test_table_from_shipped_user_and_option() -> None:
    assert rules.pillow_table(4, SHIPPED).moves == [10, 8, 6, 5]
    user = {"moves": {"4": [9, 7, 5, 3]}, "woken": {"mode": 2}}
    t = rules.pillow_table(4, SHIPPED, user)
    assert (t.moves, t.woken, t.confidence) == ([9, 7, 5, 3], 2, "table")
    assert rules.pillow_table(4, SHIPPED, user, [12, 8, 4, 0]).moves == [12, 8, 4, 0]
    # user file for another player count leaves this one alone
    assert rules.pillow_table(3, SHIPPED, {"moves": {"4": [1, 1, 1, 1]}}).moves == [10, 7, 5]


@pytest.mark.parametrize("values,n", [([10, 7], 3), ([5, 7, 10], 3), ([50, 7, 5], 3), ([10, -1, 5], 3)])
def test_bad_tables_refused(values: list[int], n: int) -> None:
    with pytest.raises(GmError):
        rules.pillow_table(n, SHIPPED, option=values)


def test_parse_table_values() -> None:
    assert rules.parse_table_values("10,7,5") == [10, 7, 5]
    with pytest.raises(GmError):
        rules.parse_table_values("ten,7")


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_refused(count: int) -> None:
    """Issue 34.5: the solo rule is pointed to for one player only, never for five."""
    with pytest.raises(GmError) as err:
        rules.score_race([E(f"P{i}", 1) for i in range(count)], table(2))
    assert err.value.key == "insomnia.error.player_count" + ("_one" if count == 1 else "")
    assert ("solo-score" in err.value.message()) == (count == 1)


def test_duplicate_names_refused_forgiving_case_and_accents() -> None:
    with pytest.raises(GmError) as err:
        rules.score_race([E("Zoé", 1), E("zoe", 2)], table(2))
    assert err.value.key == "insomnia.error.duplicate_name"


# ---------------------------------------------------------------- solo


def test_solo_pillow_move() -> None:
    assert rules.solo_pillow_move(14, woke=False) == 2
    assert rules.solo_pillow_move(15, woke=False) == 3
    assert rules.solo_pillow_move(4, woke=False) == 0
    assert rules.solo_pillow_move(15, woke=True) == 0


def test_solo_win_needs_bed() -> None:
    assert rules.solo_won(30, 30, went_to_bed=True)
    assert not rules.solo_won(30, 30, went_to_bed=False)
    assert not rules.solo_won(29, 30, went_to_bed=True)


@pytest.mark.parametrize(
    "dodos,moved,races,score,title",
    [
        (40, 12, 3, 29, "Great dreamer"),  # 40 + 2×2 − 15
        (40, 15, 3, 31, "Dream Sheep!"),  # 40 + 2×3 − 15
        (20, 4, 2, 10, "Sound snorer"),  # 20 + 0 − 10
        (5, 0, 3, -10, "Restless sleeper"),  # woken twice: few dodos, pillow never moved
        (24, 9, 3, 11, "Sound snorer"),  # 24 + 2×1 − 15
    ],
)
def test_solo_score(dodos: int, moved: int, races: int, score: int, title: str) -> None:
    r = rules.solo_score(dodos, moved, races, RANKS)
    assert (r.score, r.title.en) == (score, title)


def test_solo_title_bounds() -> None:
    assert [rules.solo_title(s, RANKS).en for s in (9, 10, 19, 20, 29, 30)] == [
        "Restless sleeper",
        "Sound snorer",
        "Sound snorer",
        "Great dreamer",
        "Great dreamer",
        "Dream Sheep!",
    ]


@pytest.mark.parametrize("args", [(-1, 0, 1), (10, 41, 1), (10, -1, 1), (10, 5, 0)])
def test_solo_bad_input(args: tuple[int, int, int]) -> None:
    with pytest.raises(GmError):
        rules.solo_score(*args, RANKS)
