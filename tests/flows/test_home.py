"""The guided mode's home menu, driven by scripted keys (happy paths and cancel paths)."""

from __future__ import annotations

from gm_assist.flow import home_menu

# home menu entries: 0 resume, 1 new, 2 rules, 3 dice, 4 settings, 5 quit


def test_quit(keys, capsys):
    keys.send(keys.select(5))
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_escape_at_home_leaves_cleanly(keys, capsys):
    keys.send(keys.ESC)
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_ctrl_c_at_home_leaves_cleanly(keys, capsys):
    keys.send(keys.CTRL_C)
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_dice_then_back(keys, capsys):
    keys.send(keys.select(3), keys.type("3d6+2", clear=3), keys.ESC, keys.select(5))
    home_menu()
    out = capsys.readouterr().out
    assert "3d6+2" in out and "→" in out and "Back to the menu" in out


def test_dice_refuses_bad_expression(keys, capsys):
    keys.send(keys.select(3), keys.type("2x", clear=3), keys.ESC, keys.select(5))
    home_menu()
    assert "2x:" not in capsys.readouterr().out  # never rolled; the prompt kept asking until Esc


def test_settings_switches_language(keys, capsys, home):
    keys.send(keys.select(4), keys.UP, keys.ENTER, keys.select(5))  # cursor starts on the current language
    home_menu()
    out = capsys.readouterr().out
    assert "À la prochaine partie" in out
    import json

    assert json.loads((home / "settings.json").read_text())["lang"] == "fr"


def test_resume_without_sessions(keys, capsys):
    keys.send(keys.select(0), keys.select(5))
    home_menu()
    assert "No saved game yet" in capsys.readouterr().out


def test_new_game_lists_registered_games_and_cancel_goes_back(keys, capsys):
    keys.send(keys.select(1), keys.ESC, keys.select(5))
    home_menu()
    assert "Back to the menu" in capsys.readouterr().out


def test_rules_lookup_from_home(keys, capsys):
    keys.send(keys.select(2), keys.type("fatigue"), keys.ENTER, keys.ESC, keys.ESC, keys.select(5))
    home_menu()
    assert "Fatigue" in capsys.readouterr().out


def test_resume_opens_the_game_menu(keys, capsys, gm):
    assert gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").exit_code == 0
    keys.send(keys.select(0), keys.ENTER, keys.ESC, keys.select(5))
    home_menu()
    out = capsys.readouterr().out
    assert "Ana" in out and "See you next game" in out  # the Insomnia menu showed the race


def test_confirm_speaks_french_and_takes_o(keys, capsys):
    from gm_assist.core import prompts
    from gm_assist.core.context import ctx

    ctx().lang = "fr"
    keys.send("o")
    assert prompts.confirm("Continuer ?", default=False) is True
    keys.send("n")
    assert prompts.confirm("Continuer ?") is False
    keys.send("y")
    assert prompts.confirm("Continuer ?", default=False) is True
