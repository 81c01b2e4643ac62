"""Guided battle (battle.flow.run_battle) driven by scripted keys: the live example's day-2 fight."""

from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

from gm_assist.core.session import load
from gm_assist.games.tmb.battle.flow import run_battle


def _state():
    return load("tmb")[1]


def chip(keys, *, pick_default=True, name="", ini=None, hp=None, attack=None):
    """Keys answering one flipped chip: catalog pick (or typed name), missing stats, extra icon, save."""
    parts = [keys.ENTER] if pick_default else [keys.ENTER, keys.type(name)]
    if ini is not None:
        parts.append(keys.type(str(ini)))
    if hp is not None:
        parts.append(keys.type(str(hp)))
    if attack is not None:
        parts.append(keys.select(attack))
    parts += [keys.ENTER, keys.ENTER]  # extra-baddie icon 0, save in my catalog
    return "".join(parts)


def test_live_example_battle_happy_path(gm, keys):
    adventure_day_2(gm)
    session = load("tmb")[0].name
    keys.send(
        keys.ENTER,  # 4 baddie points (2 × 2), as the rule says
        keys.ENTER,  # no chip added by the card
        chip(keys, ini=4, hp=3),  # lane 1: the scouted toad, face up on top
        chip(keys, ini=3, hp=2, attack=0),  # lane 2: the scouted worm (melee)
        chip(keys, pick_default=False, name="golem d'argile", ini=1, hp=5),
        chip(keys, pick_default=False, name="tricheur goblin", ini=6, hp=3),
        keys.type("2"),
        keys.type("5"),  # initiative rolls: Capitank 2, Atomik 5
        keys.ENTER,  # the goblin cheat's turn is over
        # Atomik hits the worm for 2 (the hit menu proposes Atomik's opponents: the goblin first)
        keys.DOWN,
        keys.ENTER,
        keys.DOWN * 3,
        keys.ENTER,
        keys.type("2", clear=1),
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,
        keys.ENTER,  # Atomik, toad, Capitank, golem done
        keys.ENTER,  # everyone played: the rule's next step is the next round
        keys.DOWN * 11,
        keys.ENTER,  # back to the adventure (the battle stays saved)
    )
    run_battle(session)
    battle = _state().battle
    assert battle.round == 2 and battle.outcome is None
    assert [c.name for c in battle.defeated] == ["ver des marais"]
    assert [u.name for u in battle.ordered()] == [
        "tricheur goblin",
        "Atomik",
        "crapaud des marais",
        "Capitank",
        "golem d'argile",
    ]
    worm = gm("tmb", "baddie", "list", "--json").json["baddies"]
    assert any(b["id"] == "bog-worm" and b["hp"] == 2 and b["user"] for b in worm)


def test_cancel_at_the_first_prompt_saves_nothing(gm, keys):
    adventure_day_2(gm)
    keys.send(keys.CTRL_C)
    run_battle(load("tmb")[0].name)
    assert _state().battle is None


def test_battle_to_the_end(gm, keys):
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    for lane in ("1", "2", "3"):
        gm("tmb", "battle", "defeat", lane)
    keys.send(
        # damage: the goblin (current) loses 3; the unit proposed is its likely target, Atomik
        keys.DOWN * 4,
        keys.ENTER,
        keys.UP,
        keys.ENTER,
        keys.type("3", clear=1),
        keys.ENTER,  # the mat shows a victory: close the battle (the rule's default)
    )
    run_battle(load("tmb")[0].name)
    battle = _state().battle
    assert battle.closed and battle.outcome == "victory"


def test_tyrant_battle_set_up_from_the_catalog(gm, keys, capsys):
    for args in (
        ["new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--gearloc", "Atomik"],
        ["next-day"],
        ["encounter", "--peaceful"],
        ["success"],
        ["reward", "--progress", "6"],
        ["next-day"],
        ["challenge"],
    ):
        assert gm("tmb", *args).exit_code == 0, args
    keys.send(
        # lane 1: the tyrant's token, named by the app (never asked "which 20-pt baddie?")
        keys.type("5"),
        keys.type("20"),
        keys.select(1),
        keys.ENTER,  # ini 5, 20 HP, ranged, no icon
        chip(keys, pick_default=False, name="bog A", ini=2, hp=3, attack=0),  # lanes 2-3: two bog baddies
        chip(keys, pick_default=False, name="bog B", ini=4, hp=3, attack=0),
        chip(keys, pick_default=False, name="x", ini=1, hp=2, attack=0),  # lane 4: top of the queue
        keys.type("3"),
        keys.type("6"),  # rolls: Capitank 3, Atomik 6
        keys.DOWN * 11,
        keys.ENTER,  # back to the adventure
    )
    run_battle(load("tmb")[0].name)
    battle = _state().battle
    assert battle.tyrant_battle and [u.name for u in battle.ordered()] == [
        "Atomik",
        "Drellen",
        "bog B",
        "Capitank",
        "bog A",
        "x",
    ]
    assert next(u for u in battle.units if u.tyrant).lane == 1
    assert [c.points for c in battle.queue] == [1, 1, 1]
    assert "Drellen, the tyrant, enters lane 1." in capsys.readouterr().out


def test_tied_baddies_keep_their_lane_order_only_gearlocs_are_placed(keys):
    """p. 17: baddie-only ties are never a choice (lower lane first); the party only places its
    gearlocs among them (issue 14)."""
    from gm_assist.games.tmb.battle.flow import ask_ties

    keys.send(keys.DOWN, keys.ENTER)  # offered: the lane-1 toad or Picket (never the lane-2 worm): Picket
    assert ask_ties([["toad", "Picket", "worm"]], {"Picket"}) == ["Picket", "toad", "worm"]
    keys.send(keys.ENTER, keys.DOWN, keys.ENTER)  # the toad first, then Picket before the worm
    assert ask_ties([["toad", "worm", "Picket"]], {"Picket"}) == ["toad", "Picket", "worm"]


def test_set_up_says_the_points_and_the_added_chips_apart(gm, keys, capsys):
    """The queue's baddie points never count a chip the card adds after building (issue 14)."""
    adventure_day_2(gm)
    keys.send(keys.ENTER, keys.type("5"), keys.CTRL_C)  # 4 points, the card adds a 5-pt chip; leave
    run_battle(load("tmb")[0].name)
    out = capsys.readouterr().out
    assert "Battle Queue (4 baddie points" in out and "Chips added by the card (5)" in out
    assert "9 baddie points" not in out and _state().battle is None


def test_the_hit_target_is_remembered_within_the_round(gm, keys):
    """Default target: the current unit's first opponent, then the unit last hit this round."""
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    gm("tmb", "battle", "next-turn")  # Atomik's turn: the goblin cheat is proposed first
    keys.send(
        keys.DOWN,
        keys.ENTER,
        keys.DOWN * 5,
        keys.ENTER,
        keys.type("1", clear=1),
        keys.ENTER,  # golem -1
        keys.DOWN,
        keys.ENTER,
        keys.ENTER,
        keys.type("1", clear=1),
        keys.ENTER,  # proposed again: golem
        keys.DOWN * 11,
        keys.ENTER,
    )
    run_battle(load("tmb")[0].name)
    golem = next(u for u in _state().battle.units if u.name == "golem d'argile")
    assert golem.hp == 3


def test_effect_dice_and_chip_counts_from_the_battle_menu(gm, player, capsys):
    """The guided battle records an effect die and a gearloc's Buff HP, and the next turn's Poison
    is told with its card (issue 21)."""
    from gm_assist.core.i18n import t
    from tests.player import Pick, Type

    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    menu = t("tmb_battle.flow.menu")
    player.queue(
        (menu, Pick(t("tmb_battle.flow.effects"))),
        (t("tmb_battle.flow.ask_unit"), Pick("Atomik")),
        (t("tmb_battle.flow.ask_effect"), Pick(t("tmb_battle.effect.poison"))),
        (None, Type("2")),
        (menu, Pick(t("tmb_battle.flow.counters"))),
        (t("tmb_battle.flow.ask_counter"), Pick(t("tmb_battle.flow.counter_bonus_hp"))),
        (t("tmb_battle.flow.ask_unit"), Pick("Capitank")),
        (None, Type("3")),
        (menu, Pick(expect=t("tmb_battle.flow.next_turn", name="tricheur goblin"))),  # Atomik's turn
        (menu, Pick(t("tmb_battle.flow.leave"))),
    )
    run_battle(load("tmb")[0].name)
    assert player.script == []
    battle = _state().battle
    atomik = next(u for u in battle.units if u.name == "Atomik")
    capitank = next(u for u in battle.units if u.name == "Capitank")
    assert atomik.effects == {"poison": 1} and atomik.hp == 7 and capitank.bonus_hp == 3
    out = capsys.readouterr().out
    assert t("tmb_battle.event.poison", name="Atomik", value=2, left=1) in out


def test_the_chips_offered_at_set_up_are_of_the_tyrants_baddie_types(gm, player):
    """Issue 34.6: against Drellen (bog, goblin, beast, p. 7) a flipped 1-point chip offers the
    catalog's baddies of those types only: never the Clay Golem nor the Kobold."""
    from gm_assist.core.i18n import t
    from tests.player import Cancel, Type

    adventure_day_2(gm)
    player.queue(
        (t("tmb_battle.flow.ask_points"), Type(None)),
        (t("tmb_battle.flow.ask_added"), Type(None)),
        (t("tmb_battle.flow.ask_chip", lane=1, points=1), Cancel),
    )
    run_battle(load("tmb")[0].name)  # Ctrl-C at the first chip: back to the adventure
    assert not player.script
    asked = t("tmb_battle.flow.ask_chip", lane=1, points=1)
    offered = next(titles for message, titles in player.menus if message == " ".join(asked.split()))
    assert "Bog Toad" in offered and "Clay Golem" not in offered and "Kobold" not in offered
