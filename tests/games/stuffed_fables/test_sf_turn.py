"""A stuffie's turn and the monster turn as pure state changes (stuffed-fables.fr.txt)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.stuffed_fables import bag, monsters, rules, turn


def game(n: int = 2):
    from gm_assist.core.data import load_toml

    colours = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    return rules.new_game(["Lumpy", "Stitch", "Theodora", "Flops"][:n], colours, "fr")


def drawn(dice, n=2):
    s, _ = turn.draw(game(n), "Lumpy", dice)
    return s


def test_draw_starts_the_turn_and_blocks_another_stuffie():
    s = drawn(["orange", "white", "black", "green", "yellow"])
    assert s.current == "Lumpy" and s.turns == 1
    with pytest.raises(GmError) as err:
        turn.draw(s, "Stitch", ["orange"])
    assert err.value.key == "stuffed_fables.error.turn_in_progress"


def test_recovery_with_white_dice():
    s = drawn(["white", "white", "orange"])
    s, result = turn.recover(s, [3, 2], 5)
    assert result.success and s.stuffies[0].stuffing == 6 and s.stuffies[0].recovery_value == 5
    assert s.hand == {"orange": 1} and s.discard == {"white": 2}
    assert rules.census_ok(s)


def test_recovery_needs_value_once_then_remembers():
    s = drawn(["white", "white"])
    with pytest.raises(GmError):
        turn.recover(s, [3, 1], None)
    s, _ = turn.recover(s, [3, 1], 4)
    s, _, _ = turn.end_turn(s)
    s, _ = turn.draw(s, "Lumpy", ["white"])  # a later turn of the same stuffie
    s, result = turn.recover(s, [4], None)
    assert result.target == 4 and result.success


def test_recovery_rolls_every_white_die_drawn():
    """« Remboursement »: the white dice are rolled, all of them — one result per white die in hand
    (issue 23: fewer rolls than white dice were accepted and the rest silently discarded)."""
    s = drawn(["white", "white", "orange"])
    for rolls in ([6], [], [3, 3, 3]):
        with pytest.raises(GmError) as err:
            turn.recover(s, rolls, 5)
        assert err.value.key == "stuffed_fables.error.white_dice"
        assert err.value.params == {"rolls": len(rolls), "white": 2}
    s, result = turn.recover(s, [6, 1], 5)
    assert result.success and s.hand == {"orange": 1} and s.discard == {"white": 2}


def test_recovery_without_white_die_is_refused():
    s = drawn(["orange"])
    with pytest.raises(GmError) as err:
        turn.recover(s, [4], 4)
    assert err.value.key == "stuffed_fables.error.no_white_dice"


def test_recovery_is_a_duty_until_the_white_dice_are_rolled():
    s = drawn(["white", "white", "black"])
    assert [(d.key, d.params) for d in turn.duties(s)] == [("stuffed_fables.duty.recover", {"n": 2})]
    s, _ = turn.recover(s, [2, 2], 4)
    assert turn.duties(s) == [] and turn.duties(game()) == []


def test_recovery_more_rolls_than_white_dice():
    s = drawn(["white", "orange"])
    with pytest.raises(GmError) as err:
        turn.recover(s, [3, 3], 5)
    assert err.value.key == "stuffed_fables.error.white_dice"


def test_white_and_black_cannot_be_stored():
    s = drawn(["white", "black", "orange"])
    for c in ("white", "black"):
        with pytest.raises(GmError) as err:
            turn.store(s, c, "board")
        assert err.value.key == "stuffed_fables.error.cannot_store"


def test_store_one_die_per_slot():
    s = drawn(["orange", "green"])
    s = turn.store(s, "orange", "board")
    assert s.stuffies[0].slots[0].die == "orange"
    with pytest.raises(GmError) as err:
        turn.store(s, "green", "board")
    assert err.value.key == "stuffed_fables.error.slot_full"


def test_move_with_hand_and_stored_dice():
    s = drawn(["orange", "green", "yellow"])
    s = turn.store(s, "orange", "board")
    s, result = turn.move(s, ["green"], ["board"], [3, 4])
    assert result.total == 7 and s.stuffies[0].slots[0].die is None
    assert s.discard == {"green": 1, "orange": 1}


def test_encourage_die_pushes_existing_die_to_discard():
    s = drawn(["orange", "green"])
    s, pushed = turn.encourage_die(s, "Stitch", "orange")
    assert pushed is None
    s, pushed = turn.encourage_die(s, "Stitch", "green")
    assert pushed == "orange" and s.stuffies[1].slots[0].die == "green" and s.discard == {"orange": 1}
    assert rules.census_ok(s)


def test_encourage_stuffing_wakes_unconscious_friend():
    s = drawn(["orange", "green"])
    s, _ = rules.lose_stuffing(s, "Stitch", 5)
    assert s.stuffies[1].unconscious
    s = turn.encourage_stuffing(s, "Stitch", "orange")
    assert s.stuffies[0].stuffing == 4
    assert s.stuffies[1].stuffing == 1 and not s.stuffies[1].unconscious


def test_skill_test_with_wild_dice_and_automatic_failure():
    s = drawn(["yellow", "pink", "orange"])
    s2, result, auto = turn.skill_test(s, "yellow", ["yellow", "pink"], [], [2, 3], 5)
    assert result.success and not auto
    with pytest.raises(GmError) as err:
        turn.skill_test(s, "yellow", ["orange"], [], [6], 5)
    assert err.value.key == "stuffed_fables.error.wrong_colour"
    s3 = drawn(["orange"])
    _, result, auto = turn.skill_test(s3, "green", [], [], [], 3)
    assert auto and not result.success


def test_group_task_cannot_fail_and_discards_on_success():
    s = drawn(["orange", "green", "yellow"])
    s = turn.group_task(s, 8)
    s, done = turn.contribute(s, ["orange"], [], [3])
    assert not done and s.group_task.total == 3 and s.group_task.dice == {"orange": 1}
    assert rules.census_ok(s)
    s, done = turn.contribute(s, ["green", "yellow"], [], [1, 5])
    assert done and s.group_task is None and s.discard == {"orange": 1, "green": 1, "yellow": 1}


def test_melee_attack_defeats_monster():
    s = rules.add_monsters(drawn(["orange", "pink", "green"]), [("Crawly", "normal")])
    with pytest.raises(GmError) as err:
        turn.attack(s, "Crawly", "melee", ["green"], [], [6], 5)
    assert err.value.key == "stuffed_fables.error.wrong_colour"
    with pytest.raises(GmError):
        turn.attack(s, "Crawly", "melee", ["orange"], [], [6], None)  # defense unknown
    s2, result, defeated, brave = turn.attack(s, "Crawly", "melee", ["orange"], [], [3], 5)
    assert not result.success and not defeated and s2.monsters[0].defense == 5
    s3, result, defeated, brave = turn.attack(s2, "Crawly", "melee", ["pink"], [], [5], None)
    assert result.success and defeated and not brave and not s3.monsters
    assert s3.stuffies[0].buttons == 1


def test_unconscious_stuffie_may_only_recover():
    s = drawn(["white", "orange"])
    s, _ = rules.lose_stuffing(s, "Lumpy", 5)
    with pytest.raises(GmError) as err:
        turn.move(s, ["orange"], [], [3])
    assert err.value.key == "stuffed_fables.error.unconscious_only_recovery"
    s, result = turn.recover(s, [6], 5)
    assert result.success and not s.stuffies[0].unconscious


# --- end of turn and threat -----------------------------------------------------------------------


def test_end_turn_no_monster_no_black_die():
    s = drawn(["orange", "green"])
    s, check, spaces = turn.end_turn(s)
    assert check.outcome == "none" and s.pending is None and s.current is None
    assert s.hand == {} and s.discard == {"orange": 1, "green": 1}


def test_end_turn_places_forgotten_black_dice_then_monsters_act():
    s = rules.add_monsters(drawn(["black", "black", "orange"]), [("Crawly", "normal"), ("Bob", "chief")])
    s, check, spaces = turn.end_turn(s)
    assert spaces == [1, 2] and check.outcome == "monsters" and s.pending == "monsters"
    assert s.monster_turn.order == ["Crawly", "Bob"]
    with pytest.raises(GmError):
        turn.draw(s, "Stitch", ["orange"])


def test_monsters_present_and_count_below_them():
    s = rules.add_monsters(drawn(["black", "orange"]), [("Crawly", "normal"), ("Bob", "normal")])
    s, _ = turn.place_threat(s)
    s, check, _ = turn.end_turn(s)
    assert check.outcome == "none" and s.track == 1 and s.pending is None


def test_surge_without_monsters_clears_black_and_refills_bag():
    s = drawn(["black", "black", "orange"])
    s, _ = turn.place_threat(s)
    s, check, _ = turn.end_turn(s)
    assert check.outcome == "surge" and s.pending == "surge"
    s = turn.surge(s, [])
    assert s.pending is None and s.track == 0 and s.discard == {} and s.bag == s.in_play


def test_surge_that_brings_monsters_makes_them_act_at_once():
    s = drawn(["black", "black", "orange"])
    s, _, _ = turn.end_turn(s)
    s = turn.surge(s, [("Crawly", "normal"), ("Grizzlor", "boss"), ("Bob", "normal")])
    assert s.pending == "monsters" and s.monster_turn.from_surge
    assert s.monsters[1].stuffing == 2  # boss: as many stuffing tokens as stuffies
    s, m, had = monsters.activate(s, None, 4)
    assert m.name == "Crawly" and had and s.track == 1
    s, m, had = monsters.activate(s, None, 2)
    s, m, had = monsters.activate(s, None, 6)
    assert m.name == "Bob" and not had  # beyond the last black die: acts, no die moves
    s, skipped = monsters.end_monster_turn(s)
    assert skipped == [] and s.pending is None and s.bag == s.in_play


def test_monster_turn_order_and_attack():
    s = rules.add_monsters(drawn(["black", "black", "black", "orange"]), [("Crawly", "normal")])
    s = turn.store(s, "orange", "board")
    s, check, _ = turn.end_turn(s)
    assert check.outcome == "monsters"
    with pytest.raises(GmError) as err:
        monsters.activate(s, "Nobody", 3)
    assert err.value.key == "stuffed_fables.error.wrong_order"
    s, m, had = monsters.activate(s, "Crawly", 3)
    assert s.track == 2 and s.discard.get("black") == 1
    s, d, fell = monsters.monster_attack(s, "Lumpy", 3, "board", 5)
    assert d.die_kept and s.stuffies[0].slots[0].die == "orange" and s.stuffies[0].stuffing == 5
    with pytest.raises(GmError) as err:  # one attack per activation (« Tour des monstres »)
        monsters.monster_attack(s, "Lumpy", 4, "board", 1)
    assert err.value.key == "stuffed_fables.error.attacked_already"
    assert err.value.params["monster"] == "Crawly"
    s, d, fell = monsters.monster_attack(s, "Lumpy", 4, "board", 1, force=True)  # a card says so
    assert not d.die_kept and s.stuffies[0].stuffing == 2 and s.stuffies[0].slots[0].die is None
    s, d, fell = monsters.monster_attack(s, "Lumpy", 3, None, None, force=True)
    assert fell and s.stuffies[0].unconscious
    with pytest.raises(GmError) as err:
        monsters.monster_attack(s, "Lumpy", 1, None, None)
    assert err.value.key == "stuffed_fables.error.attack_unconscious"
    s, _ = monsters.end_monster_turn(s)
    assert s.track == 0 and s.bag == s.in_play and rules.census_ok(s)


def test_stored_die_on_brave_card_cannot_defend():
    s = drawn(["orange", "green"])
    lumpy = rules.add_brave_card(s.stuffies[0])
    s = rules.replace_stuffie(s, lumpy)
    s = turn.store(s, "orange", "brave1")
    with pytest.raises(GmError) as err:  # outside a minion's activation: refused, naming --force
        monsters.monster_attack(s, "Lumpy", 2, "brave1", 6)
    assert err.value.key == "stuffed_fables.error.no_attacker"
    with pytest.raises(GmError) as err:
        monsters.monster_attack(s, "Lumpy", 2, "brave1", 6, force=True)
    assert err.value.key == "stuffed_fables.error.brave_cannot_defend"
    assert monsters.defensible_slots(s, "Lumpy") == []
    # but it can still be used for an action
    s, result = turn.move(s, [], ["brave1"], [4])
    assert result.total == 4


def test_an_action_without_dice_is_refused_but_a_test_without_usable_dice_fails():
    s = drawn(["orange", "yellow"])
    with pytest.raises(GmError) as err:
        turn.move(s, [], [], [])
    assert err.value.key == "stuffed_fables.error.no_dice"
    with pytest.raises(GmError):
        turn.skill_test(s, "yellow", [], [], [], 4)  # a yellow die is there: name it
    s2, result, auto = turn.skill_test(s, "green", [], [], [], 4)
    assert auto and not result.success and s2.hand == s.hand


def test_the_next_stuffie_follows_the_one_that_played_last():
    """Issue 23: the draw proposes the stuffie whose turn it is, not always the first one."""
    s = game(3)
    assert turn.next_stuffie(s) == "Lumpy"  # nobody played yet
    for who, then in (("Lumpy", "Stitch"), ("Stitch", "Theodora"), ("Theodora", "Lumpy")):
        s, _ = turn.draw(s, who, ["orange"])
        assert turn.next_stuffie(s) == who  # its turn goes on (it may draw again)
        s, _, _ = turn.end_turn(s)
        assert s.last == who and turn.next_stuffie(s) == then


def test_the_dice_an_action_may_take_and_the_ones_proposed():
    """Issue 23: the menus offer only the dice an action may roll (never white or black), and tick
    the rule's own colours — a test's colour, an attack's colour — not the whole hand."""
    s = drawn(["yellow", "yellow", "pink", "orange", "black", "white"])
    s = turn.store(s, "orange", "board")
    hand, stored = turn.usable_dice(s, "test", "yellow")
    assert hand == ["yellow", "yellow", "pink"] and stored == []
    assert turn.proposed_colours(s, "test", "yellow") == ["yellow"]
    hand, stored = turn.usable_dice(s, "melee")
    assert hand == ["pink"] and stored == [("board", "orange")]
    assert turn.proposed_colours(s, "melee") == ["orange"]  # pink and purple are wild: kept
    assert turn.usable_dice(s, "move")[0] == ["yellow", "yellow", "pink"]
    assert turn.proposed_colours(s, "move") == [] and turn.proposed_colours(s, "group") == []
    assert turn.test_colours(s) == ["orange", "green", "yellow", "pink", "purple"]
