"""What every guided menu shares (issue 14), driven by scripted keys in English and French:
Undo/Redo entries naming what they change, menus that reload a session another window changed,
the "Still to do" check before an irreversible step."""

from __future__ import annotations

from typing import Any

from gm_assist.core import guided
from gm_assist.core.context import ctx
from gm_assist.core.session import history, load

TMB_NEW = (
    "tmb",
    "new",
    "--tyrant",
    "Drellen",
    "--gearloc",
    "Capitank",
    "--gearloc",
    "Atomik",
    "--hp",
    "Capitank=5",
    "--hp",
    "Atomik=4",
    "--name",
    "undo-tmb",
)


def _insomnia(gm: Any, *moves: str) -> str:
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    for spaces in moves:
        assert gm("insomnia", "move", spaces).exit_code == 0
    return gm("show", "--json").json["session"]["name"]


def _guided(lang: str = "en") -> None:
    ctx().guided = True  # as the home menu sets it (after the CLI calls: they reset the context)
    ctx().lang = lang


def test_menu_entries_name_what_undo_and_redo_change(gm: Any) -> None:
    name = _insomnia(gm, "3", "2")
    _guided()
    assert guided.undo_redo_entries(name) == ([("__undo__", "Undo (u): Ana moves 2")], {"u": "__undo__"})
    guided.step_back_or_forward(False, name)
    entries, keys = guided.undo_redo_entries(name)
    assert [label for _, label in entries] == ["Undo (u): Ana moves 3", "Redo (r): Ana moves 2"]
    assert keys == {"u": "__undo__", "r": "__redo__"}
    ctx().lang = "fr"
    entries, keys = guided.undo_redo_entries(name)
    assert [label for _, label in entries] == [
        "Annuler (a) : Ana avance de 3",
        "Rétablir (r) : Ana avance de 2",
    ]
    assert keys == {"a": "__undo__", "r": "__redo__"}


def test_insomnia_menu_undo_and_redo_one_key_away(gm: Any, keys: Any, capsys: Any) -> None:
    from gm_assist.games.insomnia import flow

    name = _insomnia(gm)
    _guided()
    capsys.readouterr()
    keys.send(
        keys.select(0),
        keys.type("3"),  # Ana moves 3
        "u",  # undo it from the race menu
        "r",  # and bring it back
        keys.select(0),
        keys.type("2"),  # Ana moves 2 more
        "u",  # undo only that
        keys.select(8),  # leave
    )
    flow.run(name)
    out = capsys.readouterr().out
    assert out.count("Undone: Ana moves 3") == 1 and "Redone: Ana moves 3" in out
    assert "Undone: Ana moves 2" in out
    _, state = load("insomnia", name)
    assert state.players[0].space == 3
    assert [(i.label, i.undone) for i in history(name)[1]] == [("Ana moves 3", False), ("Ana moves 2", True)]


def test_tmb_menus_undo_in_french(gm: Any, keys: Any, capsys: Any) -> None:
    from gm_assist.games.tmb import flow

    assert gm(*TMB_NEW).exit_code == 0
    assert gm("tmb", "day", "3").exit_code == 0 and gm("tmb", "day", "5").exit_code == 0
    _guided("fr")
    labels = [i.label for i in history("undo-tmb")[1]]
    capsys.readouterr()
    keys.send("a", "a", "r", keys.CTRL_C)  # undo both day changes, bring back the first, leave
    flow.run("undo-tmb")
    out = capsys.readouterr().out
    assert f"Annulé : {labels[1]}" in out and f"Annulé : {labels[0]}" in out
    assert f"Rétabli : {labels[0]}" in out
    assert [i.undone for i in history("undo-tmb")[1]] == [False, True]
    assert load("tmb", "undo-tmb")[1].day == 3


def test_home_menu_undoes_the_current_game(gm: Any, keys: Any, capsys: Any) -> None:
    from gm_assist.flow import home_menu

    name = _insomnia(gm, "4")
    ctx().lang = "en"
    keys.send("u", keys.select(6))  # undo from the home menu, then quit
    home_menu()
    assert "Undone: Ana moves 4" in capsys.readouterr().out
    _, state = load("insomnia", name)
    assert state.players[0].space is None


def test_home_menu_without_any_game_offers_no_undo(keys: Any, capsys: Any) -> None:
    from gm_assist.flow import home_menu

    ctx().lang = "fr"
    keys.send("a", keys.select(6))  # "a" does nothing without a game; quit
    home_menu()
    assert "Annulé" not in capsys.readouterr().out


def test_battle_menu_undo_reloads_and_leaves_when_the_battle_is_undone(
    gm: Any, keys: Any, capsys: Any
) -> None:
    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    from gm_assist.games.tmb.battle_flow import run_battle

    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START).exit_code == 0
    session = load("tmb")[0].name
    before = load("tmb")[1].battle
    _guided()
    capsys.readouterr()
    keys.send(keys.ENTER, "u", "r", "u", "u")  # a turn ends; undo, redo, undo it; undo the battle itself
    run_battle(session)  # returns by itself: no battle any more
    out = capsys.readouterr().out
    start, turn = (i.label for i in history(session)[1][-2:])
    assert f"Undone: {turn}" in out and f"Redone: {turn}" in out and f"Undone: {start}" in out
    assert load("tmb")[1].battle is None
    assert gm("redo").exit_code == 0 and load("tmb")[1].battle == before
