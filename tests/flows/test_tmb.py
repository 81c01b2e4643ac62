"""Guided mode of a TMB adventure, driven by scripted keys (the default is always the rule's step)."""

from __future__ import annotations

from typing import Any

from tests_tmb_battle_helpers import live_adventure

from gm_assist.core.session import load

NEW = live_adventure("flowtest")


def test_one_full_peaceful_day(gm: Any, keys: Any) -> None:
    from gm_assist.games.tmb import flow

    assert gm(*NEW).exit_code == 0
    k = keys
    k.send(
        k.ENTER,
        k.ENTER,
        k.ENTER,  # proposed: train → Capitank → HP (always succeeds)
        k.ENTER,
        k.ENTER,
        k.DOWN + k.ENTER,  # train → Atomik → dexterity
        k.ENTER,  # proposed: begin day 1
        k.ENTER,
        k.ENTER,
        k.type("Leaving town"),  # draw → peaceful (default) → title
        k.ENTER,
        k.ENTER,  # resolve → success (proposed)
        k.ENTER,
        k.type("1", clear=1),
        k.type("1", clear=1),  # reward: 1 progress, 1 training,
        k.ENTER,
        k.ENTER,  # no loot
        k.UP + k.UP + k.ENTER,  # proposed: train (p. 8); recovery
        k.ENTER,
        k.ENTER,
        k.ENTER,
        k.type("3"),  # Capitank scouts: table d6 = 3
        k.type("crapaud des marais"),
        k.ENTER,  # the toad, face up
        k.ENTER,
        k.ENTER,
        k.UP + k.UP + k.ENTER,  # recovery → Atomik → rest
        k.ENTER,  # proposed: next day (2)
        "y",  # still to do: 2 training points; move on anyway
        k.CTRL_C,  # leave the menu
    )
    flow.run("flowtest")
    _, state = load("tmb", "flowtest")
    assert state.day == 2 and state.phase == "encounter"
    assert state.progress == 1 and state.progress_cards[0].title == "Leaving town"
    assert state.party[0].hp_die == 3 and state.party[0].max_hp == 8  # 5 + adventure 2 + trained 1
    assert state.party[1].dex_die == 1
    assert [len(g.training) for g in state.party] == [1, 1]  # the reward's points, unspent
    assert state.scouted[1] == ["crapaud des marais"]


def test_menu_proposes_the_rule_step() -> None:
    from gm_assist.games.tmb import flow, rules

    state = rules.new_state(rules.find_tyrant("Nom"), ["A", "B"], "legendary")
    assert flow.menu(state)[1] == "start"
    state = rules.next_day(state)
    assert flow.menu(state)[1] == "draw"
    state = rules.draw_encounter(state, fight=True)
    assert flow.menu(state)[1] == "battle"
    state = rules.resolve_encounter(state, False)
    assert flow.menu(state)[1] == "recovery"


def test_new_session_wizard(keys: Any) -> None:
    from gm_assist.games.tmb import flow

    k = keys
    k.send(
        k.ENTER,  # tyrant: Drellen (default)
        k.type("2", clear=1),  # two gearlocs
        k.ENTER,
        k.ENTER,  # first two base gearlocs
        k.ENTER,  # adventure mode
        k.type("5"),
        k.type("4"),  # printed HP
        k.type("wizard"),  # session name
    )
    name = flow.new_session()
    assert name == "wizard"
    _, state = load("tmb", "wizard")
    assert state.tyrant.id == "drellen" and len(state.party) == 2
    assert [g.max_hp for g in state.party] == [7, 6]


def _drellen_and_two_gearlocs(k: Any) -> tuple[str, ...]:
    """The wizard's keys up to the session's name: Drellen, the first two base gearlocs, adventure,
    printed HP 5 and 4."""
    return (k.ENTER, k.type("2", clear=1), k.ENTER, k.ENTER, k.ENTER, k.type("5"), k.type("4"))


def test_the_wizard_and_tmb_new_record_the_same_history(gm: Any, keys: Any) -> None:
    """Issue 13: the guided wizard and `tmb new --hp …` start with the same journal (one entry per
    gearloc's printed HP), so `undo` means the same after either."""
    from gm_assist.core.session_history import history
    from gm_assist.games.tmb import flow

    keys.send(*_drellen_and_two_gearlocs(keys), keys.type("wizard"))  # and the session's name
    assert flow.new_session() == "wizard"
    _, wizard = load("tmb", "wizard")
    first, second = (g.name for g in wizard.party)
    made = gm(
        "tmb",
        "new",
        "--tyrant",
        "Drellen",
        "--gearloc",
        first,
        "--gearloc",
        second,
        "--hp",
        f"{first}=5",
        "--hp",
        f"{second}=4",
        "--name",
        "typed",
    )
    assert made.exit_code == 0
    labels = [[item.label for item in history(name)[1]] for name in ("wizard", "typed")]
    assert labels[0] == labels[1] and len(labels[0]) == 2
    assert load("tmb", "typed")[1] == wizard
    assert gm("--session", "typed", "undo").exit_code == 0  # was: nothing to undo
    assert load("tmb", "typed")[1].party[1].base_hp is None


def test_cancel_leaves_nothing(gm: Any, keys: Any) -> None:
    from gm_assist.games.tmb import flow

    keys.send(keys.ENTER, keys.CTRL_C)
    assert flow.new_session() is None
    r = gm("sessions", "--json")
    data = r.json
    assert (data if isinstance(data, list) else data.get("sessions", [])) == []


def test_full_day_with_a_battle(gm: Any, keys: Any) -> None:
    """Day 2 of the live example: the fight (battle flow), success proposed from the victory,
    reward, both recovery options, next day."""
    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    from gm_assist.games.tmb import flow

    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START).exit_code == 0
    for lane in ("1", "2", "3"):
        assert gm("tmb", "battle", "defeat", lane).exit_code == 0
    session = load("tmb")[0].name
    k = keys
    k.send(
        k.ENTER,  # proposed: the battle
        k.DOWN * 4,
        k.ENTER,
        k.UP,
        k.ENTER,
        k.type("3", clear=1),  # battle flow: the goblin loses 3
        k.ENTER,  # victory: close the battle
        k.ENTER,
        k.ENTER,  # resolve → success (proposed)
        k.ENTER,
        k.type("2", clear=1),
        k.ENTER,
        k.ENTER,
        k.ENTER,  # reward: 2 progress
        k.ENTER,
        k.ENTER,
        k.UP + k.UP + k.ENTER,  # Capitank: rest
        k.ENTER,
        k.ENTER,
        k.UP + k.UP + k.ENTER,  # Atomik: rest
        k.ENTER,  # next day
        "y",  # training unspent: move on anyway
        k.CTRL_C,
    )
    flow.run(session)
    _, state = load("tmb")
    assert state.day == 3 and state.progress == 3 and state.phase == "encounter"
    assert state.progress_cards[-1].day == 2
    assert state.battle is None and all(g.hp == g.max_hp for g in state.party)


def test_guided_hints_name_menu_entries(gm: Any, keys: Any, capsys: Any) -> None:
    """In the guided mode the reminders and the next step name the menu entries, never a command."""
    from gm_assist.core.context import ctx
    from gm_assist.games.tmb import flow

    assert gm(*NEW).exit_code == 0
    ctx().guided = True  # as the home menu sets it
    capsys.readouterr()
    k = keys
    k.send(
        k.ENTER,
        k.ENTER,
        k.ENTER,  # train → Capitank → HP
        k.ENTER,
        k.ENTER,
        k.DOWN + k.ENTER,  # train → Atomik → dexterity
        k.ENTER,  # proposed: begin day 1
        k.CTRL_C,
    )
    flow.run("flowtest")
    out = capsys.readouterr().out
    assert "gm-assist " not in out and "--" not in out
    assert "Atomik has 1 training point to spend: choose “Spend a training point”." in out
    assert "Next: choose “Begin day 1”" in out
    assert "Next (day 1): choose “Draw the encounter card”" in out


def test_moving_on_past_unfinished_duties_asks_first(gm: Any, keys: Any, capsys: Any) -> None:
    """Issue 14: before "Start day 2", what the rules still expect is listed (here, training points
    to spend) and the question's default is the duty: Enter keeps the day as it is."""
    from gm_assist.games.tmb import flow

    assert gm(*NEW).exit_code == 0
    for step in (["next-day"], ["encounter", "--peaceful"], ["success"], ["reward", "--progress", "1"]):
        assert gm("tmb", *step).exit_code == 0, step
    for name in ("Capitank", "Atomik"):
        assert gm("tmb", "rest", name).exit_code == 0
    capsys.readouterr()
    keys.send(keys.ENTER, keys.ENTER, keys.CTRL_C)  # proposed: next day → "Move on anyway?" Enter = no
    flow.run("flowtest")
    out = capsys.readouterr().out
    assert "Still to do" in out and "Capitank: 1 training point not spent yet" in out
    assert load("tmb", "flowtest")[1].day == 1


def test_a_stat_closed_by_a_failed_roll_is_not_offered_again(gm: Any, keys: Any) -> None:
    """After a failed attack training, the training step offers hp, dex, def and skill only."""
    from gm_assist.games.tmb import flow

    assert gm(*NEW).exit_code == 0
    assert gm("tmb", "train", "Capitank", "atk", "--failed").exit_code == 0  # the point stays, atk closed
    assert gm("tmb", "train", "Atomik", "hp").exit_code == 0
    keys.send(keys.ENTER, keys.ENTER, keys.DOWN + keys.DOWN + keys.ENTER, "y", keys.CTRL_C)
    flow.run("flowtest")  # train → Capitank → the third stat offered is now defence → no bone
    _, state = load("tmb", "flowtest")
    assert state.party[0].def_die == 1 and state.party[0].training == []


def test_show_the_status_leaves_next_to_the_menu_so_it_is_said_once(gm: Any, capsys: Any) -> None:
    """The guided menu prints the reminders and "→ Next" right after the status panel: the panel
    itself does not (issue 21: "→ Next" printed twice)."""
    from gm_assist.games.tmb import flow_steps

    assert gm(*NEW).exit_code == 0
    capsys.readouterr()
    flow_steps.status("flowtest", load("tmb", "flowtest")[1])
    out = capsys.readouterr().out
    assert "→" not in out and "Capitank" in out
    assert gm("tmb", "status").stdout.count("→") == 1  # the command alone still says what is next


def test_defence_training_re_rolls_its_bones_once(gm: Any, keys: Any) -> None:
    """p. 11: a defence attempt may re-roll the dice showing a bone once; attack may not."""
    from gm_assist.games.tmb import flow

    assert gm(*NEW).exit_code == 0
    keys.send(keys.ENTER, keys.ENTER, keys.DOWN * 3 + keys.ENTER, "n", "y", keys.CTRL_C)
    flow.run("flowtest")  # train → Capitank → defence → a bone → re-rolled: no bone
    capitank = load("tmb", "flowtest")[1].party[0]
    assert capitank.def_die == 1 and capitank.training == []
    keys.send(keys.ENTER, keys.ENTER, keys.DOWN * 3 + keys.ENTER, "n", "n", keys.CTRL_C)
    flow.run("flowtest")  # Atomik: a bone, and still a bone after the re-roll: failed, point kept
    atomik = load("tmb", "flowtest")[1].party[1]
    assert atomik.def_die == 0 and [p.failed for p in atomik.training] == [["def"]]
    keys.send(keys.ENTER, keys.ENTER, keys.DOWN * 2 + keys.ENTER, "n", keys.CTRL_C)
    flow.run("flowtest")  # attack: one question, no re-roll
    assert [p.failed for p in load("tmb", "flowtest")[1].party[1].training] == [["def", "atk"]]


def test_after_the_reward_its_training_points_come_before_recovery() -> None:
    """p. 8: training points won are used in the reward phase; recovery is proposed once they are
    spent (or once a gearloc has started recovering)."""
    from gm_assist.games.tmb import flow, rules

    state = rules.next_day(rules.new_state(rules.find_tyrant("Nom"), ["A", "B"], "legendary"))
    state = rules.resolve_encounter(rules.draw_encounter(state, fight=False), True)
    state = rules.take_reward(state, rules.Reward(progress=1, training=1))
    assert flow.menu(state)[1] == "train"
    spent = state.model_copy(update={"party": [g.model_copy(update={"training": []}) for g in state.party]})
    assert flow.menu(spent)[1] == "recovery"


def test_esc_in_a_sub_menu_goes_back_one_level_and_sub_menus_have_undo(gm: Any, player: Any) -> None:
    """Issue 34.2: Recovery → Lockpicking attempt → "Who picks the lock?" → Esc comes back to the
    Recovery menu (not the day menu); Recovery, Loot and "Who trains?" have the Undo entry of every
    menu."""
    from gm_assist.core.i18n import t
    from gm_assist.games.tmb import flow
    from tests.player import Cancel, Pick

    assert gm(*NEW).exit_code == 0
    for step in (
        ["next-day"],
        ["encounter", "--peaceful"],
        ["failure"],
        ["loot", "add", "Atomik", "Box", "--locked"],
    ):
        assert gm("tmb", *step).exit_code == 0, step
    day = t("tmb.flow.menu", day=1, days=10, progress=0, needed=6)
    player.queue(
        (day, Pick(t("tmb.flow.recovery"))),
        (t("tmb.flow.ask_recovery"), Pick(t("tmb.flow.lockpick"))),
        (t("tmb.flow.ask_picker"), Cancel),
        (t("tmb.flow.ask_recovery"), Pick(t("tmb.flow.loot"))),  # back one level: the Recovery menu
        (t("tmb.flow.ask_loot_action"), Pick(t("tmb.flow.loot_drop"))),
        (t("tmb.flow.ask_whose"), Cancel),
        (t("tmb.flow.ask_loot_action"), Cancel),  # back to Loot, then back to Recovery
        (t("tmb.flow.ask_recovery"), Cancel),
        (day, Pick(t("tmb.flow.train"))),
        (t("tmb.flow.ask_who_trains"), Pick("Capitank")),
        (t("tmb.flow.ask_stat"), Cancel),
        (t("tmb.flow.ask_who_trains"), Cancel),
        (day, Pick(t("guided.leave"))),
    )
    flow.run("flowtest")
    assert not player.script
    undo = t("guided.undo", letter=t("guided.undo_key"), label="").strip()
    for question in ("tmb.flow.ask_recovery", "tmb.flow.ask_loot_action", "tmb.flow.ask_who_trains"):
        entries = next(titles for message, titles in player.menus if t(question) in message)
        assert any(undo in entry for entry in entries), (question, entries)
    assert load("tmb", "flowtest")[1].phase == "recovery"


def test_the_wizard_asks_the_name_again_instead_of_losing_the_set_up(gm: Any, keys: Any, capsys: Any) -> None:
    """Found by the menu explorer (issue 32): a name too long (or taken) was refused only by the
    store once every question was answered, and the whole set-up was lost."""
    from gm_assist.games.tmb import flow

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo", "--name", "Night").exit_code == 0
    k = keys
    k.send(
        *_drellen_and_two_gearlocs(k),
        k.type("a" * 81),  # too long: asked again
        k.type("night", clear=81),  # taken (another game's name, whatever the case): asked again
        k.type("wizard", clear=5),
    )
    assert flow.new_session() == "wizard"
    _, state = load("tmb", "wizard")
    assert [g.max_hp for g in state.party] == [7, 6]
