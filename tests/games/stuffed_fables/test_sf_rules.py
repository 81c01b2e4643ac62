"""Stuffed Fables calculators and stuffie/monster rules (stuffed-fables.fr.txt)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.stuffed_fables import bag, rules
from gm_assist.games.stuffed_fables.model import SfState


def colours_fr():
    from gm_assist.core.data import load_toml

    return bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")


def game(n: int = 3) -> SfState:
    names = ["Lumpy", "Stitch", "Theodora", "Flops"][:n]
    return rules.new_game(names, colours_fr(), "fr")


# --- threat check (« Fin du tour d'une peluche ») -----------------------------------------------


@pytest.mark.parametrize(
    ("black", "monsters", "stuffies", "outcome"),
    [
        (0, 0, 3, "none"),  # no monster and no black die
        (2, 0, 3, "none"),  # no monster, fewer black dice than stuffies
        (3, 0, 3, "surge"),  # no monster, black dice = stuffies
        (5, 0, 3, "surge"),
        (1, 2, 3, "none"),  # monsters present, count below them
        (2, 2, 3, "monsters"),  # exactly as many dice as monsters
        (4, 1, 3, "monsters"),
        (0, 1, 1, "none"),
        (2, 3, 2, "none"),  # monsters present: never a surge, even with dice >= stuffies
    ],
)
def test_threat_check(black, monsters, stuffies, outcome):
    result = rules.threat_check(black, monsters, stuffies)
    assert result.outcome == outcome
    assert result.rule == f"stuffed_fables.threat.rule.{outcome}"


@pytest.mark.parametrize("args", [(-1, 0, 2), (0, -1, 2), (0, 0, 0)])
def test_threat_check_bad_input(args):
    with pytest.raises(GmError):
        rules.threat_check(*args)


# --- defense ---------------------------------------------------------------------------------


def test_defend_without_stored_die_loses_full_attack():
    d = rules.defend(3, None)
    assert (d.stuffing_lost, d.die_kept, d.avoided) == (3, None, False)


def test_defend_roll_at_least_attack_keeps_die():
    d = rules.defend(3, 3)
    assert (d.stuffing_lost, d.die_kept, d.avoided) == (0, True, True)


def test_defend_low_roll_loses_difference_and_die():
    d = rules.defend(4, 1)
    assert (d.stuffing_lost, d.die_kept) == (3, False)


@pytest.mark.parametrize(("attack", "roll"), [(-1, None), (2, 0), (2, 7)])
def test_defend_bad_input(attack, roll):
    with pytest.raises(GmError):
        rules.defend(attack, roll)


# --- checks ----------------------------------------------------------------------------------


def test_check_total_at_least_target():
    assert rules.check(["orange", "pink"], [2, 3], 5).success
    assert not rules.check(["orange"], [4], 5).success


def test_check_without_dice_fails_even_at_target_zero():
    assert not rules.check([], [], 0).success


def test_check_rolls_must_match_dice():
    with pytest.raises(GmError):
        rules.check(["orange"], [2, 3], 4)


def test_recovery_threshold():
    assert rules.recovery([3, 2], 5).success
    assert not rules.recovery([1, 2], 4).success


def test_encounter_and_boss_sizes():
    assert rules.encounter_size(3) == 3
    assert rules.boss_stuffing(4) == 4


# --- colours --------------------------------------------------------------------------------


def test_french_colours_and_uses():
    cols = colours_fr()
    assert {c.id for c in cols} == {"orange", "green", "yellow", "pink", "purple", "white", "black"}
    assert bag.with_use(cols, "melee") == ["orange", "pink", "purple"]
    assert bag.with_use(cols, "ranged") == ["green", "pink", "purple"]
    assert bag.with_use(cols, "stuffing") == ["white"]
    assert "white" not in bag.with_use(cols, "store")
    assert "black" not in bag.with_use(cols, "store")
    # pink and purple differ: item bonuses apply to pink, not to purple
    assert "pink" in bag.with_use(cols, "bonuses") and "purple" not in bag.with_use(cols, "bonuses")


def test_english_edition_has_red_and_blue():
    from gm_assist.core.data import load_toml

    cols = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "en")
    assert {c.id for c in cols} == {"red", "green", "yellow", "blue", "purple", "white", "black"}


def test_override_renames_and_adds():
    from gm_assist.core.data import load_toml

    cols = bag.colour_table(
        load_toml("stuffed_fables/dice.toml"),
        "fr",
        {"fr": {"pink": {"names": {"fr": "bleu", "en": "blue"}, "aliases": ["bleu"]}}},
    )
    assert bag.resolve_colour(cols, "Bleu") == "pink"


def test_resolve_colour_forgiving_and_unknown():
    cols = colours_fr()
    assert bag.resolve_colour(cols, "Rosé") == "pink"
    assert bag.resolve_colour(cols, "VIOLET") == "purple"
    with pytest.raises(GmError):
        bag.resolve_colour(cols, "turquoise")


def test_bag_composition():
    comp = bag.bag_composition(colours_fr(), 3)
    assert comp["white"] == 4 and comp["black"] == 4 and comp["orange"] == 5
    assert sum(comp.values()) == 5 * 5 + 8
    assert bag.bag_composition(colours_fr(), 5)["black"] == 5  # never more than the box


# --- stuffies and monsters ---------------------------------------------------------------------


def test_new_game_start():
    s = game(3)
    assert [x.stuffing for x in s.stuffies] == [5, 5, 5]
    assert s.bag == s.in_play


def test_new_game_refuses_duplicates_and_empty():
    with pytest.raises(GmError):
        rules.new_game(["Lumpy", "lumpy"], colours_fr(), "fr")
    with pytest.raises(GmError):
        rules.new_game([], colours_fr(), "fr")


def test_boss_gets_stuffing_per_stuffie_and_positions():
    s = rules.add_monsters(game(3), [("Crawly", "normal"), ("Grizzlor", "boss"), ("Crawly", "chief")])
    assert [(m.name, m.position, m.stuffing) for m in s.monsters] == [
        ("Crawly", 1, 0),
        ("Grizzlor", 2, 3),
        ("Crawly 2", 3, 0),
    ]


def test_hit_monster_without_stuffing_defeats_and_gives_button():
    s = rules.add_monsters(game(2), [("Crawly", "normal"), ("Bob", "normal")])
    s, defeated, brave = rules.hit_monster(s, "Crawly", "Lumpy")
    assert defeated and not brave
    assert [(m.name, m.position) for m in s.monsters] == [("Bob", 1)]
    assert s.stuffies[0].buttons == 1


def test_hit_boss_removes_stuffing_then_defeat_gives_brave_card():
    s = rules.add_monsters(game(2), [("Grizzlor", "boss")])
    s, defeated, _ = rules.hit_monster(s, "Grizzlor", "Lumpy")
    assert not defeated and s.monsters[0].stuffing == 1
    s, _, _ = rules.hit_monster(s, "Grizzlor", "Lumpy")
    s, defeated, brave = rules.hit_monster(s, "Grizzlor", "Lumpy")
    assert defeated and brave and not s.monsters
    lumpy = s.stuffies[0]
    assert lumpy.conditions == ["brave"] and any(sl.brave for sl in lumpy.slots)


def test_unconscious_loses_conditions_buttons_hearts_and_brave_dice():
    s = game(2)
    lumpy = s.stuffies[0].model_copy(update={"hearts": 2, "buttons": 3})
    lumpy = rules.add_brave_card(lumpy)
    lumpy = rules.set_slot(lumpy, "brave1", "orange")
    s = rules.replace_stuffie(s.model_copy(update={"bag": bag.pool_sub(s.bag, "orange")}), lumpy)
    s, fell = rules.lose_stuffing(s, "Lumpy", 9)
    lumpy = s.stuffies[0]
    assert fell and lumpy.unconscious and lumpy.stuffing == 0 and lumpy.sleep_cards == 1
    assert (lumpy.hearts, lumpy.buttons, lumpy.conditions) == (0, 0, [])
    assert [sl.name for sl in lumpy.slots] == ["board"]
    assert s.discard == {"orange": 1}
    assert rules.census_ok(s)
    woke = rules.gain_stuffing(lumpy)
    assert not woke.unconscious and woke.stuffing == 1


def test_parse_monster():
    assert rules.parse_monster("Crawly") == ("Crawly", "normal")
    assert rules.parse_monster("Big Bad:chef") == ("Big Bad", "chief")
    assert rules.parse_monster("Grizzlor:BOSS") == ("Grizzlor", "boss")
    with pytest.raises(GmError):
        rules.parse_monster("Crawly:dragon")
