"""Shy Monsters guided flow, driven by scripted keys: a solo floor against a seeded Dungeon Master,
a two-player floor typed by the Dungeon Master, and cancel paths."""

from __future__ import annotations

from gm_assist.core.session import load
from gm_assist.games.shy_monsters import flow

# Seed 7, « best » Dungeon Master, floor 1 (purple and blue, both comfortable, both on the only way):
#   E C . . .
#   . P C B X
#   . . . C .
SEED_7_FLOOR_1 = ("EC...", ".PCBX", "...C.")


def test_solo_floor_against_a_seeded_dungeon_master(keys) -> None:  # noqa: ANN001
    keys.send(keys.select(0), keys.ENTER, keys.type("7"))  # solo, best, seed 7
    name = flow.new_session()
    assert name
    _, state = load("shy-monsters", name)
    assert state.mode == "solo" and state.seed == 7
    assert state.floor.layout.rows == SEED_7_FLOOR_1

    keys.send(
        keys.select(1),  # turn over row 2, column 2 (hidden tiles listed in reading order): purple, active
        keys.select(2),  # then row 2, column 4: blue, active
        keys.select(0),  # explore east (the only step)
        keys.select(3),  # declare the attack  [explore south, explore west, jump south-east, attack, …]
        keys.select(0),  # explore south with the attack: purple killed
        keys.select(1),  # explore east        [explore north, explore east, jump east, leave]
        keys.select(2),  # jump east over the active blue monster onto the exit
        keys.CTRL_C,  # floor 2: leave the flow at its first prompt
    )
    flow.run(name)
    _, state = load("shy-monsters", name)
    assert state.outcome == "playing"
    assert state.floors_cleared == 1 and state.floor.number == 2
    assert state.shown_monsters == ["purple", "blue"] and state.set_aside == []
    assert state.floor.layout == state.planned[1] and state.floor.reveals_due == 1


def test_stepping_onto_a_known_active_monster_asks_first(keys, gm) -> None:  # noqa: ANN001
    assert gm("shy-monsters", "new", "--solo", "--seed", "7").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(
        keys.select(1),
        keys.select(0),  # purple (active) and row 1, column 2
        keys.select(0),  # explore east
        keys.select(0),
        "n",  # explore south onto the active purple: « no »
        keys.select(5),
    )  # leave
    flow.run(name)
    _, state = load("shy-monsters", name)
    assert state.outcome == "playing" and state.floor.hero == (0, 1)


def test_two_player_floor_typed_by_the_dungeon_master(keys) -> None:  # noqa: ANN001
    keys.send(keys.select(1))  # two players
    name = flow.new_session()
    keys.send(
        keys.type("OPC/..E/XEC"),  # refused as typed: two entrances (the prompt shows why)
        keys.BACKSPACE * 11,
        keys.type("opc/..c/xec"),
        keys.CTRL_C,  # the hero's first prompt: leave
    )
    flow.run(name)
    _, state = load("shy-monsters", name)
    assert state.floor.layout is not None and state.floor.layout.rows == ("OPC", "..C", "XEC")
    assert state.floor.reveals_due == 2


def test_cancel_wizard_creates_nothing(keys, gm) -> None:  # noqa: ANN001
    keys.send(keys.select(0), keys.CTRL_C)
    assert flow.new_session() is None
    assert gm("sessions", "--json").json["sessions"] == []


def test_cancel_a_step_records_nothing(keys, gm) -> None:  # noqa: ANN001
    assert gm("shy-monsters", "new", "--solo", "--seed", "7", "--difficulty", "random").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(keys.CTRL_C)  # Ctrl-C at the first reveal prompt: back to the menu
    flow.run(name)
    assert gm("show", "--json").json["session"]["changes"] == 0


def test_guided_hints_name_the_menu_not_the_command_line(keys, capsys) -> None:  # noqa: ANN001
    from gm_assist.core.context import ctx

    ctx().guided = True
    keys.send(keys.select(0), keys.select(3), keys.type("7"))  # solo, random floors (fast), seed 7
    name = flow.new_session()
    keys.send(
        keys.select(0),
        keys.select(0),  # turn over the two tiles the floor asks for
        keys.CTRL_C,
    )  # then leave at the hero's move menu
    flow.run(name)
    out = capsys.readouterr().out
    assert "gm-assist " not in out and "--seed" not in out
    assert "Seed 7 (type it at the “Seed” question to replay this game)" in out
    assert "turns over 2 tiles before moving: pick each one in the list of tiles below" in out
    assert "turns over 1 tile before moving: pick it in the list of tiles below" in out  # not "each one"
    assert "“Explore …”, “Jump …” or “Declare the attack (next step)”" in out


def test_a_tile_turned_over_by_mistake_can_be_undone_from_the_tile_list(player, gm, capsys) -> None:  # noqa: ANN001
    """The list of tiles to turn over is a game menu too: its Undo entry takes back a tile picked
    by mistake (before, only the move menu had one, so the first of two tiles stayed turned over)."""
    from gm_assist.core.i18n import t
    from tests.player import Cancel, Pick

    assert gm("shy-monsters", "new", "--solo", "--seed", "7").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    which = t("shy_monsters.flow.reveal_prompt", count=2).split("(")[0]
    player.queue(
        (which, Pick(t("shy_monsters.cell", row=1, col=2))),  # meant row 2, column 2
        (which, Pick("Undo (u): ")),
        (which, Pick(t("shy_monsters.cell", row=2, col=2))),
        (which, Cancel),
    )
    flow.run(name)
    assert "Undone: Tile turned over at row 1, column 2" in capsys.readouterr().out
    _, state = load("shy-monsters", name)
    assert state.floor.revealed == [(0, 0), (1, 1)] and state.floor.reveals_due == 1


def test_ctrl_c_while_the_dungeon_master_builds_the_floors_goes_back_one_menu(
    player, capsys, monkeypatch
) -> None:  # noqa: ANN001
    """Issue 34.1: Ctrl-C during the solo floor search (not a prompt) goes back to the home menu,
    as the banner promises, instead of ending the program; no session is made."""
    from gm_assist.games.shy_monsters import dungeon_master
    from tests.flows.test_whole_shy_monsters import new_solo_game
    from tests.player import home, quit_app

    def interrupted(*_args: object) -> None:
        raise KeyboardInterrupt  # what Ctrl-C delivers in the middle of the search

    monkeypatch.setattr(dungeon_master, "new_game", interrupted)
    player.queue(
        *new_solo_game("7"),
        quit_app(),  # back at the home menu
    )
    home("en")
    assert not player.script
    from gm_assist.core.manage import listing

    assert listing() == []
