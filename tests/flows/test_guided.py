"""What every guided menu shares (issue 14), driven by scripted keys in English and French:
Undo/Redo entries naming what they change, menus that reload a session another window changed,
the "Still to do" check before an irreversible step."""

from __future__ import annotations

from typing import Any

from tests_tmb_battle_helpers import live_adventure

from gm_assist.core import guided
from gm_assist.core.context import ctx
from gm_assist.core.session import load
from gm_assist.core.session_history import history

TMB_NEW = live_adventure("undo-tmb")


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
    undo = "Undo (u): Ana moves 2 — Ana: space 5 → 3"  # the label, then what comes back
    assert guided.undo_redo_entries(name) == ([("__undo__", undo)], {"u": "__undo__"})
    guided.step_back_or_forward(False, name)
    entries, keys = guided.undo_redo_entries(name)
    assert [label for _, label in entries] == [
        "Undo (u): Ana moves 3 — Ana: space 3 → —",
        "Redo (r): Ana moves 2 — Ana: space 3 → 5",
    ]
    assert keys == {"u": "__undo__", "r": "__redo__"}
    ctx().lang = "fr"
    entries, keys = guided.undo_redo_entries(name)
    assert [label for _, label in entries] == [
        "Annuler (a) : Ana avance de 3 — Ana : case 3 → —",
        "Rétablir (r) : Ana avance de 2 — Ana : case 3 → 5",
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
        keys.select(1),  # her card is played: the end of the turn comes first, then the move
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
    labels = [i.label for i in history("undo-tmb")[1]][-2:]  # after `tmb new`'s two sheet entries
    capsys.readouterr()
    keys.send("a", "a", "r", keys.CTRL_C)  # undo both day changes, bring back the first, leave
    flow.run("undo-tmb")
    out = capsys.readouterr().out
    assert f"Annulé : {labels[1]}" in out and f"Annulé : {labels[0]}" in out
    assert f"Rétabli : {labels[0]}" in out
    assert [i.undone for i in history("undo-tmb")[1]] == [False, False, False, True]
    assert load("tmb", "undo-tmb")[1].day == 3


def test_home_menu_undoes_the_current_game(gm: Any, keys: Any, capsys: Any) -> None:
    from gm_assist.flow import home_menu

    name = _insomnia(gm, "4")
    ctx().lang = "en"
    keys.send("u", keys.select(7))  # undo from the home menu, then quit
    home_menu()
    assert "Undone: Ana moves 4" in capsys.readouterr().out
    _, state = load("insomnia", name)
    assert state.players[0].space is None


def test_home_menu_without_any_game_offers_no_undo(keys: Any, capsys: Any) -> None:
    from gm_assist.flow import home_menu

    ctx().lang = "fr"
    keys.send("a", keys.home(7))  # "a" does nothing without a game; quit
    home_menu()
    assert "Annulé" not in capsys.readouterr().out


def test_battle_menu_undo_reloads_and_leaves_when_the_battle_is_undone(
    gm: Any, keys: Any, capsys: Any
) -> None:
    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    from gm_assist.games.tmb.battle.flow import run_battle

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


def _elsewhere(gm: Any, *args: str) -> None:
    """A command typed in another window while the guided menu waits (its own context)."""
    from gm_assist.core import context

    saved = context.ctx()
    assert gm(*args).exit_code == 0
    context._ctx = saved


def test_a_step_from_a_stale_screen_records_nothing(
    gm: Any, keys: Any, capsys: Any, monkeypatch: Any
) -> None:
    from gm_assist.core import prompts
    from gm_assist.games.insomnia import flow

    name = _insomnia(gm)
    real = prompts.integer

    def integer_while_another_window_moves(*args: Any, **kwargs: Any) -> int:
        _elsewhere(gm, "insomnia", "move", "5")  # meanwhile, Ana moved 5 in another window
        monkeypatch.setattr(prompts, "integer", real)
        return real(*args, **kwargs)

    monkeypatch.setattr(prompts, "integer", integer_while_another_window_moves)
    _guided()
    capsys.readouterr()
    keys.send(keys.select(0), keys.type("3"), keys.select(8))  # Ana moves 3 (refused), then leave
    flow.run(name)
    out = capsys.readouterr().out
    assert "changed in another window meanwhile: nothing recorded" in out
    assert "Ana moves 3" not in out
    _, state = load("insomnia", name)
    assert state.players[0].space == 5 and [i.label for i in history(name)[1]] == ["Ana moves 5"]
    assert out.rindex("│ 5 ") > out.index("changed in another window")  # drawn again from the saved game


def test_menu_undo_after_an_undo_elsewhere_undoes_nothing_more(
    gm: Any, keys: Any, capsys: Any, monkeypatch: Any
) -> None:
    from gm_assist.core import prompts
    from gm_assist.games.insomnia import flow

    name = _insomnia(gm, "3", "2")
    real = prompts.select

    def select_while_another_window_undoes(*args: Any, **kwargs: Any) -> Any:
        _elsewhere(gm, "undo")  # the menu says "Annuler : Ana avance de 2"; another window undoes it
        monkeypatch.setattr(prompts, "select", real)
        return real(*args, **kwargs)

    monkeypatch.setattr(prompts, "select", select_while_another_window_undoes)
    _guided("fr")
    capsys.readouterr()
    keys.send("a", keys.select(8))  # Annuler (refused: the screen was stale), then leave
    flow.run(name)
    out = capsys.readouterr().out
    assert "a changé dans une autre fenêtre entre-temps : rien n'est enregistré" in out
    assert "Annulé" not in out
    assert load("insomnia", name)[1].players[0].space == 3
    assert [i.undone for i in history(name)[1]] == [False, True]


def test_a_menu_choice_on_a_stale_screen_draws_again_first(
    gm: Any, keys: Any, capsys: Any, monkeypatch: Any
) -> None:
    from gm_assist.core import prompts
    from gm_assist.games.tmb import flow

    assert gm(*TMB_NEW).exit_code == 0
    for gearloc in ("Capitank", "Atomik"):  # the adventure-mode points spent: day 1 is the next step
        assert gm("tmb", "train", gearloc, "hp").exit_code == 0
    real = prompts.select

    def status_key() -> str:
        guided_mode, ctx().guided = ctx().guided, False  # the test's own look, not the menu's
        choices, proposed = flow.menu(load("tmb", "undo-tmb")[1])
        ctx().guided = guided_mode
        values = [value for value, _ in choices]
        return keys.select(values.index("status") - values.index(proposed))  # from the proposed step

    def select_while_another_window_changes_the_day(*args: Any, **kwargs: Any) -> Any:
        _elsewhere(gm, "tmb", "day", "4")  # the menu says day 1; another window sets day 4
        monkeypatch.setattr(prompts, "select", real)
        keys.send(status_key(), keys.CTRL_C)  # then: the status of the screen drawn again, leave
        return real(*args, **kwargs)

    keys.send(status_key())  # "Show the status" on the screen of day 1
    monkeypatch.setattr(prompts, "select", select_while_another_window_changes_the_day)
    _guided("fr")
    capsys.readouterr()
    flow.run("undo-tmb")
    out = capsys.readouterr().out
    stale = out.index("undo-tmb a changé dans une autre fenêtre entre-temps : rien n'est enregistré")
    assert "« Commencer la 1re journée »" in out[:stale]  # the screen drawn first: before day 1
    assert "Journée 4 sur 10" in out[stale:] and "Journée 1 sur 10" not in out[stale:]


def test_a_menu_shortcut_answers_at_once_and_its_label_says_the_letter(
    gm: Any, keys: Any, monkeypatch: Any
) -> None:
    """A game menu may bind a letter to an entry (Stuffed Fables: e / f ends the turn, issue 23);
    Undo/Redo keep their letters when a game's shortcut would take one."""
    from gm_assist.core import prompts

    name = _insomnia(gm, "3")
    _guided()
    shown: list[Any] = []
    real = prompts.select

    def _select(*a: Any, **k: Any) -> Any:
        shown.append((a[1], k["shortcuts"]))
        return real(*a, **k)

    monkeypatch.setattr(prompts, "select", _select)
    keys.send("e")
    menu = [("move", "Move"), ("end", "End the turn")]
    assert guided.menu(name, "What now?", menu, shortcuts={"e": "end", "u": "move"}) == "end"
    choices, shortcuts = shown[0]
    assert choices == [("move", "Move"), ("end", "End the turn (e)")]
    assert shortcuts == {"e": "end", "u": "__undo__"}


def test_a_typed_number_beyond_what_a_game_counts_is_asked_again(keys: Any, capsys: Any) -> None:
    """Found by the menu explorer (issue 32): a number prompt without a bound of its own took
    1000000000000, which the store then refused (a change) or saved unreadable (a new game). The
    prompt itself now refuses what no saved game may hold, and says the bounds."""
    from gm_assist.core import prompts

    keys.send(keys.type("1000000000000"), keys.BACKSPACE * 13, keys.type("3"))
    assert prompts.integer("Chapter?", default=None, min=1) == 3
    keys.send(keys.type("-1000001"), keys.BACKSPACE * 8, keys.type("-2"))
    assert prompts.integer("Shift?") == -2
