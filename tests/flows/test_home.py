"""The guided mode's home menu, driven by scripted keys (happy paths and cancel paths)."""

from __future__ import annotations

import re

from gm_assist.flow import home_menu

# home menu entries: 0 resume, 1 new, 2 rules, 3 dice, 4 statistics, 5 settings, 6 table view, 7 quit


def test_quit(keys, capsys):
    keys.send(keys.home(7))
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_escape_at_home_leaves_cleanly(keys, capsys):
    keys.send(keys.ESC, "y")  # Esc asks first on the home menu (it would end the program)
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_ctrl_c_at_home_leaves_cleanly(keys, capsys):
    keys.send(keys.CTRL_C, keys.CTRL_C)  # asked first, Ctrl-C again leaves
    home_menu()
    assert "See you next game" in capsys.readouterr().out


def test_dice_then_back(keys, capsys):
    keys.send(keys.home(3), keys.type("3d6+2", clear=3), keys.ESC, keys.home(7))
    home_menu()
    out = capsys.readouterr().out
    assert "3d6+2" in out and "→" in out and "Back to the menu" in out


def test_dice_refuses_bad_expression(keys, capsys):
    keys.send(keys.home(3), keys.type("2x", clear=3), keys.ESC, keys.home(7))
    home_menu()
    assert "2x:" not in capsys.readouterr().out  # never rolled; the prompt kept asking until Esc


def test_settings_switches_language(keys, capsys, home):
    keys.send(keys.home(5), keys.UP, keys.ENTER, keys.home(7))  # cursor starts on the current language
    home_menu()
    out = capsys.readouterr().out
    assert "À la prochaine partie" in out
    import json

    assert json.loads((home / "settings.json").read_text())["lang"] == "fr"


def test_resume_without_sessions(keys, capsys):
    keys.send(keys.home(0), keys.home(7))
    home_menu()
    assert "No saved game yet" in capsys.readouterr().out


def test_new_game_lists_registered_games_and_cancel_goes_back(keys, capsys):
    keys.send(keys.home(1), keys.ESC, keys.home(7))
    home_menu()
    assert "Back to the menu" in capsys.readouterr().out


def test_rules_lookup_from_home(keys, capsys):
    keys.send(keys.home(2), keys.type("fatigue"), keys.ENTER, keys.ESC, keys.ESC, keys.home(7))
    home_menu()
    assert "Fatigue" in capsys.readouterr().out


def test_resume_opens_the_game_menu(keys, capsys, gm):
    assert gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").exit_code == 0
    keys.send(keys.select(0), keys.ENTER, keys.ESC, keys.select(7))
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


def test_table_view_entry_serves_in_the_background(keys, capsys, gm):
    """The home menu starts the table view beside the menus and shows its URL; it follows the
    current session and stops when the guided mode ends (issue 16)."""
    import json
    import re
    import urllib.request

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    keys.send(keys.select(6), keys.ENTER, keys.select(6), keys.ENTER, keys.select(7))
    from gm_assist.table import background

    seen = {}
    real_stop = background.stop_background

    def stop_after_a_look():
        url = background._BACKGROUND.url
        with urllib.request.urlopen(url + "state.json", timeout=5) as response:
            seen["doc"] = json.loads(response.read())
        play = background._BACKGROUND.play_url.split("token=")[1].split("&")[0]
        asked = urllib.request.Request(  # a phone on the play link plays here too (issue 33)
            url + "api/seat", data=b'{"lang": "en"}', headers={"Authorization": f"Bearer {play}"}
        )
        with urllib.request.urlopen(asked, timeout=30) as response:
            seen["seat"] = json.loads(response.read())
        real_stop()

    background.stop_background = stop_after_a_look
    try:
        home_menu()
    finally:
        background.stop_background = real_stop
    out = capsys.readouterr().out
    url = re.search(r"http://127\.0\.0\.1:\d+/", out).group(0)
    assert "in the background" in out and "already running" in out  # the second time: same server
    assert seen["doc"]["session"]["game"] == "insomnia"
    assert "Play link" in out and "Dungeon Master link" in out
    assert seen["seat"]["question"]["message"] == "What now?"
    assert background._BACKGROUND is None
    try:
        urllib.request.urlopen(url + "state.json", timeout=1)
    except OSError:
        pass
    else:
        raise AssertionError("the table view still answers after leaving the guided mode")


def test_table_view_entry_on_the_network_shows_the_secret_link_and_a_qr_code(keys, capsys):
    keys.send(keys.home(6), keys.DOWN, keys.ENTER, keys.home(7))
    home_menu()
    out = capsys.readouterr().out
    assert re.search(r"http://[\d.]+:\d+/\?token=[\w-]{16,}", out)
    assert "█" in out or "▀" in out  # the QR code, drawn with blocks
    from gm_assist.table import background

    assert background._BACKGROUND is None


def test_statistics_from_home(keys, capsys, gm):
    """The home menu's "Statistics" entry shows every game's figures, then comes back."""
    gm("insomnia", "new", "-p", "Ana", "-p", "Bo")
    for step in (["dodos", "40"], ["move", "11"], ["bed"], ["nightmare", "move", "11"], ["end-race"]):
        assert gm("insomnia", *step).exit_code == 0
    capsys.readouterr()
    keys.send(keys.select(4), keys.select(7))
    home_menu()
    out = capsys.readouterr().out
    assert "Wins per player (won/played): Ana 1/1, Bo 0/1." in out
    assert "Too Many Bones" in out and "0 games finished" in out
    assert "Back to the menu" in out and "gm-assist stats" not in out


def test_escape_at_home_asks_and_no_stays(keys, capsys):
    keys.send(keys.ESC, "n", keys.home(7))  # "Leave gm-assist?" no: the menu again; then quit
    home_menu()
    assert capsys.readouterr().out.count("See you next game") == 1


def test_home_undo_acts_on_the_current_game_and_names_it(keys, capsys, gm):
    """Issue 32 §4: after resuming a Mice and Mystics game, then a Too Many Bones game, the home
    menu's Undo names Too Many Bones (the current session) and undoes its change, never the mice's."""
    from gm_assist.core.manage import listing

    assert gm("mice-and-mystics", "new", "--mouse", "Collin", "--name", "Mice").exit_code == 0
    assert gm("mice-and-mystics", "cheese", "Collin", "2").exit_code == 0
    assert gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--name", "Bones").exit_code == 0
    assert gm("tmb", "next-day").exit_code == 0
    order = [row["name"] for row in listing()]
    keys.send(
        keys.select(0),
        keys.select(order.index("Mice")),
        keys.CTRL_C,  # resume the mice, back home
        keys.select(0),
        keys.select(order.index("Bones")),
        keys.CTRL_C,  # resume the bones, back home
        "u",  # the home menu's Undo
        keys.select(7),
    )
    home_menu()
    assert "Undone: New day" in capsys.readouterr().out
    from gm_assist.core.guided import undo_redo_entries

    entries, _ = undo_redo_entries(None, name_game=True)  # what the home menu now offers
    assert [label for _, label in entries] == ["Redo (r) — Too Many Bones “Bones”: New day"]
    assert gm("show", "Mice", "--json").json["session"]["changes"] == 1  # the mice keep their cheese
    bones = gm("history", "Bones", "--json").json
    assert [item["undone"] for item in bones["entries"]] == [True]  # the bones' new day was undone
