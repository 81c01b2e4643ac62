"""`gm-assist shy-monsters …` through the real entry point, with --json."""

from __future__ import annotations

import pytest

FLOOR = "OPC/..C/XEC"  # orange (1,1) and purple (1,2) share a side, both comfortable


def test_check_json_keys_and_no_order(gm):
    r = gm("shy-monsters", "check", "--floor", FLOOR, "--json")
    assert r.exit_code == 0, r
    data = r.json
    assert data["valid"] is True and data["errors"] == []
    keys = ("colour", "row", "col", "comfortable", "active")
    assert [{k: m[k] for k in keys} for m in data["monsters"]] == [
        {"colour": "orange", "row": 1, "col": 1, "comfortable": True, "active": True},
        {"colour": "purple", "row": 1, "col": 2, "comfortable": True, "active": True},
    ]
    assert data["adjacent"] == [
        [{"colour": "orange", "row": 1, "col": 1}, {"colour": "purple", "row": 1, "col": 2}]
    ]


@pytest.mark.parametrize(
    ("order", "active"), [("P,O", {"purple"}), ("orange>violet", {"orange"}), ("op", {"orange"})]
)
def test_check_reveal_order(gm, order, active):
    r = gm("shy-monsters", "check", "--floor", FLOOR.lower(), "--revealed", order, "--json")
    assert r.exit_code == 0, r
    assert {m["colour"] for m in r.json["monsters"] if m["active"]} == active


def test_check_killed_monster(gm):
    data = gm("shy-monsters", "check", "--floor", FLOOR, "--killed", "O", "--json").json
    assert [(m["colour"], m["active"], m["killed"]) for m in data["monsters"]] == [
        ("orange", False, True),
        ("purple", False, False),
    ]


def test_check_reports_construction_errors_with_cells(gm):
    r = gm("shy-monsters", "check", "--floor", "OPE/..C/XEC", "--json")
    assert r.exit_code == 0
    data = r.json
    assert data["valid"] is False
    codes = {e["code"]: e for e in data["errors"]}
    assert codes["entrance_count"]["cells"] == [{"row": 1, "col": 3}, {"row": 3, "col": 2}]
    assert "row 1, column 3" in codes["entrance_count"]["message"]
    text = gm("shy-monsters", "check", "--floor", "OPE/..C/XEC").stdout
    assert "2 entrances instead of one" in text


@pytest.mark.parametrize(
    ("grid", "needle"),
    [
        ("OPC/..Z/XEC", "row 2, column 3"),
        ("OPC/.C/XEC", "Row 2 has 2 cells"),
    ],
)
def test_check_bad_input_exit_2(gm, grid, needle):
    r = gm("shy-monsters", "check", "--floor", grid)
    assert r.exit_code == 2
    assert needle in r.stderr
    assert "Traceback" not in r.stderr


def test_check_unknown_colour_in_order(gm):
    r = gm("shy-monsters", "check", "--floor", FLOOR, "--revealed", "P,mauvish")
    assert r.exit_code == 2 and "mauvish" in r.stderr
    r = gm("shy-monsters", "check", "--floor", FLOOR, "--revealed", "red")
    assert r.exit_code == 2 and "no red monster" in r.stderr


def test_suggest_json(gm):
    r = gm("shy-monsters", "suggest", "--hand", "violet,orange", "--top", "3", "--json")
    assert r.exit_code == 0, r
    data = r.json
    assert data["count"] == 80_160 and data["floor_number"] == 1
    assert data["hand"]["monsters"] == ["purple", "orange"]
    assert len(data["floors"]) == 3
    for item in data["floors"]:
        assert item["reason"] and item["score"] > 0
        check = gm("shy-monsters", "check", "--floor", item["floor"], "--json").json
        assert check["valid"] and all(m["comfortable"] for m in check["monsters"])


def test_suggest_bad_hand(gm):
    assert gm("shy-monsters", "suggest", "--hand", "P,P").exit_code == 2
    assert gm("shy-monsters", "suggest", "--hand", "P,O", "--floor-number", "4").exit_code == 2


def test_patterns_show_set_reset(gm):
    data = gm("shy-monsters", "patterns", "--json").json
    teal = next(p for p in data["patterns"] if p["colour"] == "teal")
    assert teal["grid"] == ["TT.", "MT.", "..."] and teal["confidence"] == "medium-high" and teal["source"]
    data = gm("shy-monsters", "patterns", "--set", "turquoise", ".X./XMT/.X.", "--json").json
    teal = next(p for p in data["patterns"] if p["colour"] == "teal")
    assert teal["grid"] == [".X.", "XMT", ".X."] and teal["overridden"]
    # the new grid is used by the referee: teal is now a dead-end monster
    check = gm("shy-monsters", "check", "--floor", "TCE/.C./XCO", "--json").json
    assert check["monsters"][1]["comfortable"] is True
    assert gm("shy-monsters", "patterns", "--set", "teal", "TT/M", "--json").exit_code == 2
    data = gm("shy-monsters", "patterns", "--reset", "teal", "--json").json
    assert next(p for p in data["patterns"] if p["colour"] == "teal")["overridden"] is False


def test_two_player_game_and_bad_floors_save_nothing(gm):
    r = gm("shy-monsters", "new", "--json")
    assert r.exit_code == 0 and r.json["waiting_for_floor"] is True
    for bad, needle in [
        ("OPE/..C/XEC", "row 1, column 3 and row 3, column 2"),
        ("OPC/..Q/XEC", "row 2, column 3"),
        ("OPC/..C/XE", "Row 3 has 2 cells"),
    ]:
        r = gm("shy-monsters", "floor", "--grid", bad)
        assert r.exit_code == 2, r
        assert needle in r.stderr
    assert gm("history", "--json").json["entries"] == []  # nothing saved
    assert gm("shy-monsters", "status", "--json").json["waiting_for_floor"] is True
    r = gm("shy-monsters", "floor", "--grid", FLOOR, "--json")
    assert r.exit_code == 0, r
    data = r.json
    assert data["board"] == ["???", "..?", "?E?"]  # nothing of the floor shown
    assert data["reveals_due"] == 2
    assert gm("shy-monsters", "explore", "west").exit_code == 2  # turn tiles over first
    # the answers as the board shows them (was `events`: the JSON envelope's events now, issue 13)
    assert gm("shy-monsters", "reveal", "1,1", "--json").json["answers"][0]["key"] == "reveal.monster_active"
    data = gm("shy-monsters", "reveal", "3,1", "--json").json
    assert data["answers"][0]["text"] == "Row 3, column 1: the exit!"
    data = gm("shy-monsters", "explore", "ouest", "--json").json
    assert data["floor"] == 2 and data["floors_cleared"] == 1 and data["waiting_for_floor"]
    assert data["shown_monsters"] == ["orange"] and data["set_aside"] == 1
    r = gm("shy-monsters", "floor", "--grid", "ECP/.CC/.XG")  # purple was used on floor 1
    assert r.exit_code == 2 and "already used" in r.stderr
    undo = gm("undo")
    assert undo.exit_code == 0 and gm("shy-monsters", "status", "--json").json["floor"] == 1


def test_solo_game_is_seeded_and_hidden(gm):
    a = gm("shy-monsters", "new", "--solo", "--seed", "11", "--difficulty", "random", "--json").json
    b = gm("shy-monsters", "new", "--solo", "--seed", "11", "--difficulty", "aléatoire", "--json").json
    assert a["board"] == b["board"] and a["seed"] == 11 and a["difficulty"] == "random"
    assert set("".join(a["board"])) <= {"?", ".", "E"}
    assert "layout" not in a
    r = gm("shy-monsters", "floor", "--grid", FLOOR)
    assert r.exit_code == 2 and "solo" in r.stderr
    from gm_assist.core.session import load

    _, state = load("shy-monsters")
    shown = gm("show")
    assert shown.exit_code == 0 and "?" in shown.stdout
    assert state.planned[0].notation() not in shown.stdout and "The whole floor" not in shown.stdout
    assert "layout" not in gm("show", "--json").json["summary"]


def test_attack_and_jump_commands(gm):
    gm("shy-monsters", "new")
    gm("shy-monsters", "floor", "--grid", "EPC/..C/CXO")
    gm("shy-monsters", "reveal", "1,3")
    gm("shy-monsters", "reveal", "2,3")
    data = gm("shy-monsters", "jump", "e", "--json").json
    assert data["skills"]["jump"] == "used" and data["hero"] == {"row": 1, "col": 3}
    assert [e["key"] for e in data["answers"]] == ["jump.over", "step.corridor", "jump.monster_active"]
    assert gm("shy-monsters", "jump", "s").exit_code == 2
    assert gm("shy-monsters", "attack", "--json").json["skills"]["attack"] == "declared"
    data = gm("shy-monsters", "explore", "south", "--json").json
    assert data["answers"][0]["key"] == "attack.lost" and data["skills"]["attack"] == "used"
    data = gm("shy-monsters", "explore", "south", "--json").json
    assert data["answers"][-1]["key"] == "step.monster_uncomfortable"
    data = gm("shy-monsters", "explore", "west", "--json").json
    assert data["floor"] == 2


def test_death_shows_the_whole_floor(gm):
    gm("shy-monsters", "new")
    gm("shy-monsters", "floor", "--grid", FLOOR)
    gm("shy-monsters", "reveal", "2,3")
    gm("shy-monsters", "reveal", "1,3")
    for step in ("east", "north", "north"):
        gm("shy-monsters", "explore", step)
    data = gm("shy-monsters", "explore", "west", "--json").json
    assert data["outcome"] == "hero-died" and data["layout"] == FLOOR
    assert gm("shy-monsters", "explore", "east").exit_code == 2


def test_french_output(gm):
    r = gm("--lang", "fr", "shy-monsters", "check", "--floor", "OPE/..C/XEC")
    assert "2 Entrées au lieu d'une (ligne 1, colonne 3 et ligne 3, colonne 2)" in r.stdout


def test_the_referee_does_not_load_prompts_or_storage(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "GM_ASSIST_HOME": str(tmp_path)}
    done = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "gm_assist",
            "shy-monsters",
            "check",
            "--floor",
            FLOOR,
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert '"valid": true' in done.stdout
    for heavy in ("questionary", "prompt_toolkit", "tinydb"):
        assert f" {heavy}" not in done.stderr


def test_show_json_does_not_reveal_the_hidden_floor(gm):
    """`gm-assist show --json` in front of the hero shows only what the hero may know."""
    assert gm("shy-monsters", "new", "--solo", "--seed", "3", "--difficulty", "random").exit_code == 0
    shown = gm("show", "--json").json
    assert "layout" not in shown["state"] and "board" in shown["state"]
    assert "layout" in gm("export").stdout  # the full save is still exported


def test_a_floor_with_several_mistakes_lists_them_all(gm) -> None:  # noqa: ANN001
    assert gm("shy-monsters", "new", "--name", "duel").exit_code == 0
    r = gm("shy-monsters", "floor", "--grid", "OPC/..E/XEC")
    assert r.exit_code == 2 and "Nothing was saved" in r.stderr
    assert r.stderr.count(";") >= 1 and "entrance" in r.stderr.lower(), r.stderr
    assert gm("show", "--json").json["session"]["changes"] == 0


def test_monsters_shown_by_one_symbol_set_with_a_legend_in_each_language(gm) -> None:  # noqa: ANN001
    """No English initials on a French screen: one symbol per monster, named in the legend."""
    assert gm("shy-monsters", "new", "--solo", "--seed", "7").exit_code == 0
    assert gm("shy-monsters", "reveal", "2,2").exit_code == 0  # the purple monster
    french = gm("--lang", "fr", "shy-monsters", "status").stdout
    board = [line for line in french.splitlines() if line.startswith("   2")][0]
    assert "◆" in board and "P" not in board
    assert "◆ violet" in french and "♣ vert" in french and "P O G R B T" not in french
    assert "◆ purple" in gm("shy-monsters", "status").stdout
    assert gm("shy-monsters", "status", "--json").json["board"][1][1] == "P"  # the JSON keeps the letters
    patterns = gm("shy-monsters", "patterns").stdout
    assert "– must be empty" in patterns and " X" not in patterns.split("):", 1)[1]


def test_the_next_hint_follows_the_floors_attack(gm) -> None:  # noqa: ANN001
    """Never a stale "Next": once the attack is declared, or used, the hint and the table view say so
    and stop offering "Declare the attack" (issue 23)."""
    from gm_assist.core import context
    from gm_assist.core.session import load
    from gm_assist.games.shy_monsters.view import next_hint, table_view

    assert gm("shy-monsters", "new", "--solo", "--seed", "3").exit_code == 0
    state = load("shy-monsters")[1]
    moving = state.model_copy(update={"floor": state.floor.model_copy(update={"reveals_due": 0})})
    context.reset(lang="en", guided=True)
    assert "Declare the attack" in next_hint(moving)
    declared = moving.model_copy(update={"floor": moving.floor.model_copy(update={"attack_declared": True})})
    used = moving.model_copy(update={"floor": moving.floor.model_copy(update={"attack_used": True})})
    assert "the next tile the hero enters is attacked" in next_hint(declared)
    assert "Declare the attack" not in next_hint(declared) + next_hint(used)
    assert "attack of this floor is used" in next_hint(used)
    assert table_view(used)["next"]["key"] == "shy_monsters.table.next.move_no_attack"
    context.reset(lang="fr")
    assert "l'attaque est annoncée" in next_hint(declared)
