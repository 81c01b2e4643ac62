"""The table's corrections (issue 23): every counter the table can get wrong, every die still in
exactly one zone."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.stuffed_fables import adjust, bag, monsters, rules, turn


def game(n: int = 2):
    from gm_assist.core.data import load_toml

    colours = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    return rules.new_game(["Lumpy", "Stitch", "Theodora"][:n], colours, "fr")


def test_a_stored_die_set_comes_from_the_hand_then_the_discard_then_the_bag():
    s, _ = turn.draw(game(), "Lumpy", ["orange", "pink"])
    s = adjust.set_stored_die(s, "Lumpy", "board", "orange")  # the table forgot to record its store
    assert s.stuffies[0].slots[0].die == "orange" and s.hand == {"pink": 1}
    s = adjust.set_stored_die(s, "stitch", "board", "green")  # none in hand or discard: from the bag
    assert s.stuffies[1].slots[0].die == "green" and s.bag["green"] == 4
    s = adjust.set_stored_die(s, "Lumpy", "board", None)  # spent without being recorded
    assert s.stuffies[0].slots[0].die is None and s.discard == {"orange": 1}
    s = adjust.set_stored_die(s, "Lumpy", "board", "orange")  # back from the discard
    assert s.discard == {} and s.stuffies[0].slots[0].die == "orange"
    assert rules.census_ok(s)


def test_a_stored_die_is_a_colour_die_and_must_exist():
    s = game()
    with pytest.raises(GmError) as err:
        adjust.set_stored_die(s, "Lumpy", "board", "white")
    assert err.value.key == "stuffed_fables.error.cannot_store"
    no_orange = {"bag": bag.pool_sub(s.bag, "orange", 5), "in_play": bag.pool_sub(s.in_play, "orange", 5)}
    s = s.model_copy(update=no_orange)
    with pytest.raises(GmError) as err:
        adjust.set_stored_die(s, "Lumpy", "board", "orange")
    assert err.value.key == "stuffed_fables.error.no_die_left"


def test_the_threat_track_is_set_with_black_dice_that_exist():
    s, _ = turn.draw(game(), "Lumpy", ["black"])
    s = adjust.set_track(s, 2)  # one from the hand, one from the bag
    assert s.track == 2 and s.hand == {} and s.bag["black"] == 1
    s = adjust.set_track(s, 0)
    assert s.track == 0 and s.discard == {"black": 2}
    assert rules.census_ok(s)
    with pytest.raises(GmError) as err:
        adjust.set_track(s, 4)  # 3 black dice in play for 2 stuffies
    assert err.value.key == "stuffed_fables.error.no_die_left"


def test_a_minion_moved_to_another_threat_space_keeps_the_spaces_in_order():
    s = monsters.encounter(game(), [("Crawly", "normal"), ("Big Rat", "chief"), ("Grub", "boss")])
    s = adjust.correct_monster(s, "grub", {"position": 1, "stuffing": 1})
    assert [(m.name, m.position) for m in sorted(s.monsters, key=lambda m: m.position)] == [
        ("Grub", 1),
        ("Crawly", 2),
        ("Big Rat", 3),
    ]
    assert next(m for m in s.monsters if m.name == "Grub").stuffing == 1
    with pytest.raises(GmError) as err:
        adjust.move_monster(s, "Crawly", 4)
    assert err.value.key == "stuffed_fables.error.bad_position"


def test_in_a_minion_turn_the_minions_yet_to_act_follow_the_new_order():
    s = monsters.encounter(game(), [("Crawly", "normal"), ("Big Rat", "normal"), ("Grub", "normal")])
    s, _ = turn.draw(s, "Lumpy", ["black", "black", "black"])
    s, _, _ = turn.end_turn(s)
    s, _, _ = monsters.activate(s, None, 3)  # Crawly acted
    s = adjust.move_monster(s, "Grub", 2)
    assert s.monster_turn.order == ["Crawly", "Grub", "Big Rat"]
    assert monsters.next_monster(s) == "Grub"
