"""Stuffed Fables odds (issue 19): chances before each roll, checked against hand-worked values and
against an exact die-by-die enumeration of the draw (refill included) for small bags."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.games.stuffed_fables import odds, rules, turn
from gm_assist.games.stuffed_fables.bag import colour_table


def game(n: int = 2):
    from gm_assist.core.data import load_toml

    colours = colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    return rules.new_game(["Lumpy", "Stitch", "Theodora", "Flops"][:n], colours, "fr")


def F(text: str) -> Fraction:  # noqa: N802
    return Fraction(text)


def test_roll_table_and_automatic_failure():
    table = odds.roll_chances(3, 7, "stuffed-fables/skill-test")
    assert [F(r["fraction"]) for r in table["by_dice"]] == [
        0,
        Fraction(21, 36),
        Fraction(216 - 1 - 3 - 6 - 10, 216),
    ]
    assert F(table["fraction"]) == Fraction(196, 216)
    none = odds.roll_chances(0, 1, "stuffed-fables/skill-test")
    assert none["by_dice"] == [] and none["probability"] == 0


def test_skill_test_counts_the_colour_asked_wild_dice_and_stored_dice():
    s, _ = turn.draw(game(), "Lumpy", ["yellow", "pink", "orange", "green", "purple"])
    s = turn.store(s, "purple", "board")
    result = odds.action_chances(s, "test", 7, "yellow")
    assert result["rule"] == "stuffed-fables/skill-test"
    assert result["dice"] == 3  # yellow + pink in hand, purple stored; orange and green do not count
    assert odds.action_chances(s, "test", 7, "orange")["dice"] == 3  # orange + pink + purple
    assert odds.action_chances(s, "search", 9)["dice"] == 3
    assert odds.action_chances(s, "melee", 4)["rule"] == "stuffed-fables/attack-melee"


def test_group_task_counts_what_is_still_missing():
    s, _ = turn.draw(game(), "Lumpy", ["orange", "green"])
    s = turn.group_task(s, 10)
    s, _ = turn.contribute(s, ["orange"], [], [6])
    result = odds.action_chances(s, "group", 0)
    assert result["target"] == 4 and result["dice"] == 1
    assert F(result["fraction"]) == Fraction(1, 2)


def test_recovery_and_defence():
    assert F(odds.recovery_chances(2, 10)["fraction"]) == Fraction(6, 36)
    d = odds.defence_chances(4, stuffing=2)
    assert F(d["avoid"]["fraction"]) == Fraction(1, 2)  # 4, 5, 6
    assert F(d["expected_lost_fraction"]) == Fraction(3 + 2 + 1, 6)
    assert F(d["unconscious"]["fraction"]) == Fraction(2, 6)  # rolls 1, 2: 3 or 2 lost
    assert d["rule"] == "stuffed-fables/defense"
    assert F(odds.defence_chances(1)["avoid"]["fraction"]) == 1


def test_draw_three_black_of_fifteen():
    """5 draws from a bag of 15 dice with 3 black: at least 2 black = (C(3,2)C(12,3)+C(12,2))/C(15,5)."""
    s = game(2).model_copy(update={"bag": {"black": 3, "orange": 12}, "in_play": {"black": 3, "orange": 12}})
    s = rules.add_monsters(s, [("Crawly", "normal"), ("Crawly", "normal")])
    result = odds.draw_chances(s, 5)
    assert F(result["monster_turn"]["fraction"]) == Fraction(660 + 66, 3003)
    assert result["surge"]["probability"] == 0
    assert F(result["expected_fractions"]["black"]) == 1
    assert result["rule"] == "stuffed-fables/threat-check"


def test_draw_counts_the_track_and_chooses_surge_without_monsters():
    s = game(3).model_copy(update={"track": 3})
    result = odds.draw_chances(s, 5)
    assert result["surge"]["probability"] == 1 and result["monster_turn"]["probability"] == 0


def exact_draw(bag: dict[str, int], discard: dict[str, int], n: int) -> dict[int, Fraction]:
    """Die by die, as the table draws: uniform over the dice left in the bag; an empty bag takes
    the discard. Returns {black dice drawn: chance}."""
    if n == 0:
        return {0: Fraction(1)}
    if not sum(bag.values()):
        bag, discard = discard, {}
    size = sum(bag.values())
    out: dict[int, Fraction] = {}
    for colour, k in bag.items():
        if not k:
            continue
        rest = {**bag, colour: k - 1}
        for black, p in exact_draw(rest, discard, n - 1).items():
            key = black + (colour == "black")
            out[key] = out.get(key, Fraction(0)) + p * Fraction(k, size)
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(0, 4),
    st.integers(0, 3),
    st.integers(0, 4),
    st.integers(1, 6),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_draw_matches_die_by_die_enumeration(
    bag_black, bag_other, disc_black, disc_other, n, track, monsters
):
    bag = {"black": bag_black, "orange": bag_other}
    discard = {"black": disc_black, "green": disc_other}
    n = min(n, bag_black + bag_other + disc_black + disc_other)
    s = game(2).model_copy(
        update={
            "bag": {c: k for c, k in bag.items() if k},
            "discard": {c: k for c, k in discard.items() if k},
            "track": track,
        }
    )
    if monsters:
        s = rules.add_monsters(s, [("Crawly", "normal")] * monsters)
    expected = {k: p for k, p in exact_draw(bag, discard, n).items() if p}
    assert odds.black_drawn(s, n) == expected
    result = odds.draw_chances(s, n)
    monster_turn = sum((p for k, p in expected.items() if monsters and track + k >= monsters), Fraction(0))
    surge = sum((p for k, p in expected.items() if not monsters and track + k >= 2), Fraction(0))
    assert F(result["monster_turn"]["fraction"]) == monster_turn
    assert F(result["surge"]["fraction"]) == surge
    assert sum(F(c["fraction"]) for c in result["black"].values()) == 1
    assert sum(F(v) for v in result["expected_fractions"].values()) == n


def test_black_dice_in_hand_count_for_a_second_draw():
    s, _ = turn.draw(game(2), "Lumpy", ["black", "orange"])
    s = rules.add_monsters(s, [("Crawly", "normal")])
    result = odds.draw_chances(s, 1)
    assert result["track"] == 1 and result["monster_turn"]["probability"] == 1
