"""Insomnia guided flow, driven by scripted keys: one full race, scoring and rest phase; cancel paths."""

from __future__ import annotations

from gm_assist.core.session import load
from gm_assist.games.insomnia import flow


def test_full_race_and_rest_phase(keys) -> None:  # noqa: ANN001
    keys.send(
        keys.type("Ana"),
        keys.type("Bo"),
        keys.ENTER,  # players, then an empty name ends the list
        keys.ENTER,  # nightmare: the Big Bad Wolf (default)
    )
    name = flow.new_session()
    assert name
    _, state = load("insomnia", name)
    assert [p.name for p in state.players] == ["Ana", "Bo"] and state.nightmare == "wolf"

    keys.send(
        keys.select(0),
        keys.type("11"),
        "y",  # Ana moves 11: over the fence, +5, goes to bed
        keys.select(2),
        keys.type("11"),  # Bo's turn: the nightmare moves 11, over the fence
        keys.ENTER,  # scoring: keep the proposed 8,5
        keys.select(0),
        keys.select(0),
        keys.type("moonwalk"),  # Bo (new first player): tile on space 1
        keys.select(1),  # Ana: 2 Zzz → race 2 starts
        keys.select(8),  # leave
    )
    flow.run(name)
    _, state = load("insomnia", name)
    assert state.phase.value == "race" and state.race == 2
    assert [p.pillow for p in state.players] == [32, 35]
    assert state.players[state.first].name == "Bo"
    assert state.tiles[1] == "moonwalk"
    assert all(p.score == 0 and p.status.value == "running" for p in state.players)


def test_cancel_wizard_creates_nothing(keys, gm) -> None:  # noqa: ANN001
    keys.send(keys.type("Ana"), keys.CTRL_C)
    assert flow.new_session() is None
    assert gm("sessions", "--json").json["sessions"] == []


def test_cancel_a_step_records_nothing(keys, gm) -> None:  # noqa: ANN001
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    before = gm("show", "--json").json["session"]["changes"]
    keys.send(keys.select(0), keys.CTRL_C, keys.select(8))  # start a move, cancel it, leave
    flow.run(name)
    assert gm("show", "--json").json["session"]["changes"] == before


def test_bad_move_is_refused_and_menu_continues(keys, gm) -> None:  # noqa: ANN001
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    keys.send(keys.select(0), keys.type("0"), keys.select(8))  # a move of 0 is refused, then leave
    flow.run(name)
    _, state = load("insomnia", name)
    assert state.players[0].space is None


def test_guided_hints_name_menu_entries(keys, gm, capsys) -> None:  # noqa: ANN001
    from gm_assist.core.context import ctx

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    ctx().guided = True  # set after the CLI calls: the root CLI resets the context
    # Ana moves 11 (over the fence), does not go to bed yet; then leave (a bed entry is now first)
    keys.send(keys.select(0), keys.type("11"), "n", keys.select(9))
    flow.run(name)
    out = capsys.readouterr().out
    assert "gm-assist " not in out and "`end-turn`" not in out
    assert "then picks “Ana keeps running: end of turn, draw back to 2”" in out  # next.race
    assert "answer yes just below" in out  # event.crossed
    assert "(“Go to bed (Ana just crossed the fence)”)" in out  # next.bed


def _game(gm) -> str:  # noqa: ANN001
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    return gm("show", "--json").json["session"]["name"]


def test_a_won_race_asks_no_pillow_values_and_says_game_over_once(keys, gm, capsys) -> None:  # noqa: ANN001
    """Pillows only move when nobody wins (p. 9): a won race is scored without the reference values."""
    name = _game(gm)
    assert gm("insomnia", "dodos", "40").exit_code == 0  # Ana reaches her pillow (40)…
    assert gm("insomnia", "move", "11").exit_code == 0  # …crosses the fence
    assert gm("insomnia", "bed").exit_code == 0  # and goes to bed; Bo's turn
    assert gm("insomnia", "nightmare", "move", "11").exit_code == 0  # the nightmare crosses: Bo wakes
    capsys.readouterr()
    keys.send(keys.ENTER)  # "Score this race now?" yes; no pillow values asked
    flow.run(name)
    _, state = load("insomnia", name)
    assert state.phase.value == "over" and state.winners == ["Ana"]
    assert [p.pillow for p in state.players] == [40, 40]
    out = capsys.readouterr().out
    assert "Ana reached their pillow: the race has a winner" in out
    assert "Reference tile" not in out
    assert out.count("The game is over") == 1, out


def test_a_race_nobody_won_still_asks_the_pillow_values(keys, gm, capsys) -> None:  # noqa: ANN001
    name = _game(gm)
    assert gm("insomnia", "move", "11").exit_code == 0
    assert gm("insomnia", "bed").exit_code == 0
    assert gm("insomnia", "nightmare", "move", "11").exit_code == 0
    capsys.readouterr()
    keys.send(keys.ENTER, keys.CTRL_C)  # keep the proposed values; then leave the rest phase
    flow.run(name)
    assert "Reference tile" in capsys.readouterr().out
    _, state = load("insomnia", name)
    assert state.phase.value == "rest" and [p.pillow for p in state.players] == [32, 35]


def test_a_nightmare_card_scares_several_sheep_in_one_step(keys, gm) -> None:  # noqa: ANN001
    name = _game(gm)
    assert gm("insomnia", "move", "2").exit_code == 0
    assert gm("insomnia", "end-turn").exit_code == 0
    before = gm("show", "--json").json["session"]["changes"]
    keys.send(keys.select(4), keys.SPACE, keys.DOWN, keys.SPACE, keys.ENTER, keys.select(8))
    flow.run(name)
    _, state = load("insomnia", name)
    assert [p.status.value for p in state.players] == ["scared", "scared"]
    assert gm("show", "--json").json["session"]["changes"] == before + 1  # one step, one undo


def test_the_chance_to_go_to_bed_out_of_turn_passes_with_the_next_step(gm) -> None:  # noqa: ANN001
    """A tile moving another sheep over the fence lets it go to bed at that moment only (p. 12)."""
    _game(gm)
    assert gm("insomnia", "move", "11", "--sheep", "Bo").exit_code == 0  # on Ana's turn
    shown = gm("insomnia", "status", "--json").json
    assert [s["can_go_to_bed"] for s in shown["sheep"]] == [False, True]
    assert gm("insomnia", "dodos", "1").exit_code == 0  # the table goes on with Ana's turn
    shown = gm("insomnia", "status", "--json").json
    assert [s["can_go_to_bed"] for s in shown["sheep"]] == [False, False]
    assert "Bo" not in shown["next"]
    assert gm("insomnia", "bed", "Bo").exit_code != 0


def test_unnamed_dream_tiles_are_said_so(gm) -> None:  # noqa: ANN001
    _game(gm)
    shown = gm("insomnia", "status", "--json").json
    assert shown["tiles"] == {"5": "", "10": ""}  # the contract: ids, "" when not named
    assert shown["tile_names"] == {"5": "face up, not named", "10": "face up, not named"}
    assert gm("--lang", "fr", "insomnia", "status", "--json").json["tile_names"]["5"] == (
        "face visible, non nommée"
    )
    for step in (
        ["move", "11"],
        ["bed"],
        ["nightmare", "move", "11"],
        ["end-race"],
        ["rest", "tile", "--space", "1"],
    ):
        assert gm("insomnia", *step).exit_code == 0, step
    labels = [e["label"] for e in gm("history", "--json").json["entries"]]
    assert labels[-1].endswith("adds a dream tile on space 1: face up, not named"), labels[-1]
    assert "?" not in labels[-1]


def test_the_menu_and_the_cli_next_line_render_one_next_step(gm) -> None:  # noqa: ANN001
    """Issue 13: ``rules.next_step`` is the one answer: the guided menu's first entries are its
    choices and the CLI's "Next" line (status text and ``--json``) is its sentence, in every phase."""
    from gm_assist.games.insomnia import rules

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    steps = [
        ("move", "11"),
        ("end-turn",),
        ("move", "3"),
        ("nightmare", "move", "11"),
        ("end-race",),
        ("rest", "tile", "--space", "3"),
        ("rest", "zzz"),
        ("move", "10"),
        ("move", "1"),
        ("bed",),
    ]
    seen = set()
    for command in [None, *steps]:
        if command is not None:
            assert gm("insomnia", *command).exit_code == 0, command
        _, state = load("insomnia")
        upcoming = rules.next_step(state)
        seen.add(upcoming.key)
        menu = flow.menu_choices(state)
        assert [key for key, _ in menu[: len(upcoming.choices)]] == [c.key for c in upcoming.choices]
        status = gm("insomnia", "status")
        assert upcoming.text() in status.stdout.replace("\n", " ")
        assert gm("insomnia", "status", "--json").json["next"] == upcoming.text()
    assert {"race", "bed", "scoring", "rest"} <= seen


def test_after_a_move_the_menu_proposes_the_end_of_the_turn_and_the_tile(gm, player, capsys) -> None:  # noqa: ANN001
    """Issue 34.8: once the active sheep moved (its card played, p. 4) the default is ending the
    turn; ending on a dream tile's space says the tile may be used (p. 6); after "Go to bed now?
    No" the default is ending the turn, not "Go to bed"."""
    from gm_assist.core.i18n import t
    from tests.player import No, Pick, Type

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    name = gm("show", "--json").json["session"]["name"]
    capsys.readouterr()
    menu, end = t("insomnia.flow.race_menu", name="Ana"), t("insomnia.flow.end_turn", name="Ana")
    player.queue(
        (menu, Pick(expect=t("insomnia.flow.move", name="Ana"))),  # nothing played yet: the move
        (t("insomnia.flow.spaces"), Type("5")),  # onto space 5 and its dream tile
        (
            menu,
            Pick(t("insomnia.flow.move", name="Ana")),
        ),  # the default is the end of the turn: a tile moves her
        (t("insomnia.flow.spaces"), Type("6")),  # over the fence
        (t("insomnia.flow.go_to_bed", name="Ana", score=5), No),
        (menu, Pick(expect=end)),
        (t("insomnia.flow.race_menu", name="Bo"), Pick(t("guided.leave"))),
    )
    flow.run(name)
    assert not player.script
    menus = [titles for message, titles in player.menus if message == " ".join(menu.split())]
    assert len(menus) == 3 and menus[1][0] == end  # the first entry is the default
    out = capsys.readouterr().out
    assert "Ana's sheep ends on space 5, a dream tile: with one of its Zzz on it" in out
    _, state = load("insomnia", name)
    assert state.active == 1 and state.players[0].space == 1  # Ana ended her turn: Bo plays
