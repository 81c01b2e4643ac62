"""Initiative track: first placement, additions, duplicates, boss ambush, turns and removal."""

from __future__ import annotations

import random

import pytest
from games.mice_and_mystics.mm_helpers import BRODIE, RAT, ROACH, SPIDER, VANESTRA, state

from gm_assist.core.errors import GmError
from gm_assist.games.mice_and_mystics import rules
from gm_assist.games.mice_and_mystics.model import TrackCard


def names(track: list[TrackCard]) -> list[str]:
    return [c.name for c in track]


def place(track, mice, enemies, seed):
    draw = rules.cards_to_place(track, mice, enemies)
    return rules.lay_out(track, draw, rules.shuffled(draw.cards, random.Random(seed)))


def test_first_placement_shuffles_mice_and_enemies_together():
    res = place([], ["Tilda", "Collin"], [ROACH, RAT], seed=7)
    assert res.first
    assert sorted(names(res.track)) == ["Collin", "Tilda", "rat_warrior", "roach"]
    assert res.added == ["roach", "rat_warrior"]
    # the same seed gives the same order; the mice are not simply kept on top for every seed
    assert names(place([], ["Tilda", "Collin"], [ROACH, RAT], seed=7).track) == names(res.track)
    orders = {tuple(names(place([], ["Tilda", "Collin"], [ROACH, RAT], seed=s).track)) for s in range(40)}
    assert any(o[0] in ("roach", "rat_warrior") for o in orders)
    assert len(orders) > 5


def test_track_with_only_mice_counts_as_first_placement():
    track = [rules.mouse_card("Tilda"), rules.mouse_card("Nez")]
    draw = rules.cards_to_place(track, [], [ROACH])
    assert draw.first
    assert sorted(c.name for c in draw.cards) == ["Nez", "Tilda", "roach"]


def test_addition_shuffles_only_new_types_after_the_last_card():
    first = place([], ["Tilda", "Collin"], [ROACH], seed=1).track
    res = place(first, ["Tilda", "Collin"], [RAT, SPIDER], seed=3)
    assert not res.first
    assert res.track[: len(first)] == first
    assert sorted(names(res.track[len(first) :])) == ["rat_warrior", "spider"]
    assert res.added == ["rat_warrior", "spider"]


def test_type_already_on_track_is_not_added_again():
    first = place([], ["Tilda"], [ROACH], seed=1).track
    res = place(first, [], [ROACH, RAT, RAT], seed=2)
    assert names(res.track) == [*names(first), "rat_warrior"]
    assert res.added == ["rat_warrior"]
    assert res.ignored == ["roach", "rat_warrior"]


def test_duplicates_in_first_placement_ignored():
    res = place([], ["Tilda", "Tilda"], [ROACH, ROACH], seed=4)
    assert sorted(names(res.track)) == ["Tilda", "roach"]
    assert res.ignored == ["roach"]


def test_boss_with_several_cards_ambushes_on_its_highest_card():
    first = place([], ["Tilda", "Collin"], [ROACH], seed=1).track
    draw = rules.cards_to_place(first, [], [RAT, VANESTRA])
    order = [c for c in draw.cards if c.name == "vanestra/web"] + [
        c for c in draw.cards if c.name != "vanestra/web"
    ]
    res = rules.lay_out(first, draw, order)
    assert res.ambush == {"vanestra": "web"}
    assert names(res.track)[len(first)] == "vanestra/web"
    # with a seeded shuffle the ambush card is whichever Vanestra card lands highest
    res2 = place(first, [], [RAT, VANESTRA], seed=11)
    highest = next(c for c in res2.track if c.owner == "vanestra")
    assert res2.ambush == {"vanestra": highest.card}


def test_boss_on_first_placement_has_no_ambush_and_all_cards():
    res = place([], ["Tilda"], [BRODIE], seed=5)
    assert sorted(names(res.track)) == ["Tilda", "brodie/chases", "brodie/pounces"]
    assert res.ambush == {}


def test_table_dealt_order_accepted_for_new_cards_or_whole_track():
    first = place([], ["Tilda"], [ROACH], seed=1).track
    draw = rules.cards_to_place(first, [], [RAT, SPIDER])
    assert names(rules.dealt(first, draw, ["spider", "rat_warrior"])) == ["spider", "rat_warrior"]
    whole = [*names(first), "rat_warrior", "spider"]
    assert names(rules.dealt(first, draw, whole)) == ["rat_warrior", "spider"]
    with pytest.raises(GmError) as err:
        rules.dealt(first, draw, ["spider"])
    assert err.value.key == "mice_and_mystics.error.dealt_mismatch"


def test_apply_initiative_sets_turn_and_counts():
    s = state("Tilda", "Collin")
    res = place([], ["Tilda", "Collin"], [ROACH], seed=2)
    s = rules.apply_initiative(s, res, {"roach": 3})
    assert (s.turn, s.round, s.minions) == (0, 1, {"roach": 3})
    s.turn = 2
    res2 = place(s.track, [], [ROACH, RAT], seed=2)
    s2 = rules.apply_initiative(s, res2, {"roach": 2, "rat_warrior": 1})
    assert s2.turn == 2
    assert s2.minions == {"roach": 5, "rat_warrior": 1}


def test_minion_runner_is_lowest_mouse():
    track = [
        rules.mouse_card("Tilda"),
        TrackCard(kind="enemy", owner="roach"),
        rules.mouse_card("Nez"),
        TrackCard(kind="enemy", owner="rat_warrior"),
    ]
    assert rules.minion_runner(track) == "Nez"
    assert rules.minion_runner([]) is None


def _tile(order: list[str], minions: dict[str, int], **fields):
    s = state(*[n for n in order if n[0].isupper()], minions=minions, **fields)
    s.track = [rules.mouse_card(n) if n[0].isupper() else TrackCard(kind="enemy", owner=n) for n in order]
    s.turn, s.round = 0, 1
    return s


def test_end_turn_walks_the_track_and_wraps():
    s = _tile(["Tilda", "roach", "Nez"], {"roach": 2})
    s, ev = rules.end_turn(s)
    assert s.turn == 1 and ev == []
    s, _ = rules.end_turn(s)
    s, ev = rules.end_turn(s)
    assert (s.turn, s.round) == (0, 2)
    assert [e.key for e in ev] == ["new_round"]
    assert s.wheel == 0  # minions on the tile: no cheese


def test_last_mouse_ending_turn_with_no_minion_adds_cheese():
    s = _tile(["Tilda", "Nez"], {}, wheel=2)
    s, ev = rules.end_turn(s)  # Tilda is not the lowest mouse
    assert s.wheel == 2
    s, ev = rules.end_turn(s)
    assert s.wheel == 3
    assert [e.key for e in ev] == ["quiet_cheese", "new_round"]


def test_sixth_cheese_surges_once_per_tile_then_only_hourglass():
    s = state("Tilda", wheel=4)
    s, ev = rules.add_cheese(s, 2)
    assert (s.wheel, s.hourglass, s.surged) == (0, 1, True)
    assert [e.key for e in ev] == ["surge"]
    s, ev = rules.add_cheese(s, 7)
    assert (s.wheel, s.hourglass) == (1, 2)
    assert [e.key for e in ev] == ["surge_spent"]


def test_hourglass_reaching_end_loses_chapter():
    s = state("Tilda", wheel=5, hourglass=3, end_page=4, surged=True)
    s, ev = rules.add_cheese(s, 1)
    assert [e.key for e in ev] == ["surge_spent", "chapter_lost"]


def test_charm_ends_with_the_mouse_turn():
    s = _tile(["Tilda", "roach", "Nez"], {"roach": 1})
    s.mice[0].conditions = ["charmed", "stunned"]
    s, ev = rules.end_turn(s)
    assert s.mice[0].conditions == ["stunned"]
    assert ev[0].key == "charm_ended"


def test_remove_type_keeps_pointer_on_same_card():
    s = _tile(["roach", "Tilda", "rat_warrior", "Nez"], {"roach": 1, "rat_warrior": 1})
    s.turn = 3
    s2 = rules.remove_type(s, "roach")
    assert names(s2.track) == ["Tilda", "rat_warrior", "Nez"]
    assert rules.current_card(s2).owner == "Nez"
    s.turn = 0  # removing the current card passes the turn to the next one
    s3 = rules.remove_type(s, "roach")
    assert rules.current_card(s3).owner == "Tilda"


def test_swap_up_for_aggressive_type():
    s = _tile(["Tilda", "rat_warrior", "Nez"], {"rat_warrior": 1})
    s.turn = 1
    s2 = rules.swap_up(s, "rat_warrior")
    assert names(s2.track) == ["rat_warrior", "Tilda", "Nez"]
    with pytest.raises(GmError):
        rules.swap_up(s2, "rat_warrior")
    with pytest.raises(GmError):
        rules.swap_up(s2, "spider")


def test_end_turn_without_track_refused():
    with pytest.raises(GmError) as err:
        rules.end_turn(state("Tilda"))
    assert err.value.key == "mice_and_mystics.error.no_track"
