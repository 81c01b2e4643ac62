"""Insomnia guided flow, driven by scripted keys: one full race, scoring and rest phase; cancel paths."""

from __future__ import annotations

from gm_assist.core.session import load
from gm_assist.games.insomnia import flow


def test_full_race_and_rest_phase(keys) -> None:  # noqa: ANN001
    keys.send(
        keys.type("Ana"), keys.type("Bo"), keys.ENTER,  # players, then an empty name ends the list
        keys.ENTER,                                      # nightmare: the Big Bad Wolf (default)
    )
    name = flow.new_session()
    assert name
    _, state = load("insomnia", name)
    assert [p.name for p in state.players] == ["Ana", "Bo"] and state.nightmare == "wolf"

    keys.send(
        keys.select(0), keys.type("11"), "y",  # Ana moves 11: over the fence, +5, goes to bed
        keys.select(2), keys.type("11"),       # Bo's turn: the nightmare moves 11, over the fence
        keys.ENTER,                            # scoring: keep the proposed 8,5
        keys.select(0), keys.select(0), keys.type("moonwalk"),  # Bo (new first player): tile on space 1
        keys.select(1),                        # Ana: 2 Zzz → race 2 starts
        keys.select(8),                        # leave
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
