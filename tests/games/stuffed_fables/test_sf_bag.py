"""The dice bag: drawing, mid-draw refill, zones and conservation (« Piocher des dés »)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.core.errors import GmError
from gm_assist.games.stuffed_fables import bag, rules


def game(n: int = 3):
    from gm_assist.core.data import load_toml

    colours = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    return rules.new_game(["Lumpy", "Stitch", "Theodora", "Flops"][:n], colours, "fr")


def small_bag(state, bag_pool, discard):
    return state.model_copy(
        update={"bag": bag_pool, "discard": discard, "in_play": bag.pool_merge(bag_pool, discard)}
    )


def test_draw_from_bag():
    s, refilled = bag.draw(game(2), ["orange", "black", "white"])
    assert not refilled
    assert s.hand == {"orange": 1, "black": 1, "white": 1}
    assert s.bag["orange"] == 4
    assert rules.census_ok(s)


def test_empty_bag_refilled_mid_draw():
    s = small_bag(game(2), {"orange": 1, "black": 1}, {"green": 3, "pink": 1})
    s, refilled = bag.draw(s, ["green", "orange", "black", "green", "pink"])
    assert refilled and s.refills == 1
    assert s.bag == {"green": 1} and s.discard == {}
    assert s.hand == {"orange": 1, "black": 1, "green": 2, "pink": 1}


def test_mid_draw_refill_needs_the_whole_bag_drawn():
    # the bag still holds a yellow: the discard cannot have come back yet
    s = small_bag(game(2), {"orange": 1, "yellow": 1}, {"green": 3})
    with pytest.raises(GmError) as err:
        bag.draw(s, ["orange", "green"])
    assert err.value.key == "stuffed_fables.error.not_in_bag"


def test_empty_bag_at_start_is_refilled():
    s = small_bag(game(2), {}, {"green": 2, "black": 1})
    s, refilled = bag.draw(s, ["green"])
    assert refilled and s.bag == {"green": 1, "black": 1}


def test_more_dice_than_exist():
    s = small_bag(game(2), {"orange": 1}, {"green": 1})
    with pytest.raises(GmError) as err:
        bag.draw(s, ["orange", "green", "green"])
    assert err.value.key == "stuffed_fables.error.too_many_dice"
    with pytest.raises(GmError):
        bag.random_draw(s, 3, random.Random(1))


def test_random_draw_refills_mid_draw_and_matches_draw():
    s = small_bag(game(2), {"orange": 1, "black": 1}, {"green": 2, "white": 1})
    dice = bag.random_draw(s, 4, random.Random(7))
    assert sorted(dice[:2]) == ["black", "orange"]
    s2, refilled = bag.draw(s, dice)
    assert refilled and rules.census_ok(s2)


def test_random_draw_is_reproducible():
    s = game(3)
    assert bag.random_draw(s, 5, random.Random(42)) == bag.random_draw(s, 5, random.Random(42))


def test_place_threat_from_space_one_then_continues():
    s = small_bag(game(2), {}, {})
    s = s.model_copy(update={"hand": {"black": 2, "orange": 1}, "in_play": {"black": 2, "orange": 1}})
    s, spaces = bag.place_threat(s)
    assert spaces == [1, 2] and s.track == 2 and s.hand == {"orange": 1}
    s = s.model_copy(update={"hand": {"black": 1, "orange": 1}, "in_play": {"black": 3, "orange": 1}})
    s, spaces = bag.place_threat(s)
    assert spaces == [3]


def test_clear_track_and_discard_to_bag():
    s = game(2).model_copy(update={"track": 2})
    s = s.model_copy(update={"bag": bag.pool_sub(s.bag, "black", 2)})
    s = bag.discard_to_bag(bag.clear_track(s))
    assert s.track == 0 and s.bag == s.in_play


# --- hypothesis: dice are conserved ---------------------------------------------------------------

OPS = st.lists(
    st.tuples(
        st.sampled_from(["draw", "threat", "store", "discard_hand", "clear", "refill"]),
        st.integers(min_value=0, max_value=7),
        st.integers(min_value=0, max_value=10**6),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(stuffies=st.integers(min_value=1, max_value=4), ops=OPS)
def test_dice_conserved_across_zones(stuffies, ops):
    s = game(stuffies)
    for op, n, seed in ops:
        if op == "draw":
            try:
                dice = bag.random_draw(s, n, random.Random(seed))
            except GmError as refused:  # refused only when bag and discard together hold fewer dice
                assert refused.key == "stuffed_fables.error.too_many_dice", refused.key
                assert n > bag.pool_size(s.bag) + bag.pool_size(s.discard)
                continue
            s, _ = bag.draw(s, dice)
        elif op == "threat":
            s, _ = bag.place_threat(s)
        elif op == "store":
            storable = [c for c in bag.with_use(s.colours, "store") if s.hand.get(c)]
            stuffie = s.stuffies[n % len(s.stuffies)]
            if storable and stuffie.slots[0].die is None:
                s = bag.take_from_hand(s, [storable[0]])
                s = rules.replace_stuffie(s, rules.set_slot(stuffie, "board", storable[0]))
        elif op == "discard_hand":
            s = bag.discard_hand(s)
        elif op == "clear":
            s = bag.clear_track(s)
        else:
            s = bag.discard_to_bag(s)
        assert rules.census_ok(s)
        assert all(v > 0 for pool in (s.bag, s.hand, s.discard) for v in pool.values())
