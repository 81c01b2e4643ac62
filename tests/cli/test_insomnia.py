"""`gm-assist insomnia …` through the real entry point, with --json."""

from __future__ import annotations

from pathlib import Path

import pytest


def _sessions(gm) -> list:  # noqa: ANN001
    return gm("sessions", "--json").json["sessions"]


# ---------------------------------------------------------------- score


def test_score_three_players_tie_for_first(gm) -> None:  # noqa: ANN001
    r = gm(
        "insomnia", "score", "--player", "Ana:12:40", "--player", "Bo:9:40", "--player", "Cy:12:40", "--json"
    )
    assert r.exit_code == 0, r
    d = r.json
    assert d["winners"] == []
    assert d["moves"] == {"Ana": 10, "Bo": 5, "Cy": 10}
    assert d["pillows"] == {"Ana": 30, "Bo": 35, "Cy": 30}
    assert d["first_player"] == "Bo"
    assert d["ranks"] == {"Ana": 1, "Bo": 3, "Cy": 1}
    assert d["table"] == [10, 7, 5] and d["table_confidence"] == "low-medium"


def test_score_victory_chain_and_woken(gm) -> None:  # noqa: ANN001
    r = gm(
        "insomnia", "score", "-p", "Ana:22:20", "-p", "Bo:24:22", "-p", "Cy:30:10", "--woke", "cy", "--json"
    )
    assert r.exit_code == 0, r
    assert r.json["winners"] == ["Bo"]  # Cy woke up: counts 0; Ana and Bo 2 past, Bo has more
    assert r.json["victory_reason"] == "dodos"
    assert r.json["moves"] == {"Ana": 0, "Bo": 0, "Cy": 0}


def test_score_table_option_and_four_players(gm) -> None:  # noqa: ANN001
    r = gm(
        "insomnia",
        "score",
        "-p",
        "A:5:40",
        "-p",
        "B:5:38",
        "-p",
        "C:3:40",
        "-p",
        "D:0:40",
        "--table",
        "9,7,5,3",
        "--json",
    )
    assert r.exit_code == 0, r
    assert r.json["moves"] == {"A": 9, "B": 9, "C": 5, "D": 3}
    assert r.json["table"] == [9, 7, 5, 3] and r.json["table_confidence"] == "table"
    assert r.json["first_player"] == "D"


def test_score_user_override_file(gm, home: Path) -> None:  # noqa: ANN001
    path = home / "user" / "insomnia" / "pillow.toml"
    path.parent.mkdir(parents=True)
    path.write_text("[moves]\n2 = [7, 4]\n[woken]\nmode = 3\n", encoding="utf-8")
    r = gm("insomnia", "score", "-p", "A:5:40", "-p", "B:9:40", "--woke", "B", "--json")
    assert r.exit_code == 0, r
    assert r.json["moves"] == {"A": 7, "B": 3}
    assert r.json["woken_rule"] == 3 and r.json["table"] == [7, 4]


def test_score_text_names_rule_cards(gm) -> None:  # noqa: ANN001
    r = gm("insomnia", "score", "-p", "A:5:40", "-p", "B:9:40")
    assert r.exit_code == 0
    assert "insomnia/pillow-scoring" in r.stdout and "insomnia/first-sheep" in r.stdout


def test_score_in_french(gm) -> None:  # noqa: ANN001
    r = gm("--lang", "fr", "insomnia", "score", "-p", "A:5:40", "-p", "B:9:40")
    assert "Premier mouton" in r.stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (["-p", "A:3:40"], "2 to 4 players"),
        (["-p", "A:3:40", "-p", "B:3:40", "-p", "C:3:40", "-p", "D:3:40", "-p", "E:3:40"], "2 to 4 players"),
        (["-p", "Zoé:3:40", "-p", "zoe:4:40"], "given twice"),
        (["-p", "A:-3:40", "-p", "B:4:40"], "cannot be negative"),
        (["-p", "A:3:41", "-p", "B:4:40"], "from 0 to 40"),
        (["-p", "A:3", "-p", "B:4:40"], "NAME:WINKS:PILLOW"),
        (["-p", "A:3:40", "-p", "B:4:40", "--woke", "Zed"], "Zed"),
        (["-p", "A:3:40", "-p", "B:4:40", "--table", "10,7,5"], "one value per player"),
        (["-p", "A:3:40", "-p", "B:4:40", "--table", "5,8"], "must not grow"),
    ],
)
def test_score_bad_input(gm, home: Path, args: list[str], needle: str) -> None:  # noqa: ANN001
    r = gm("insomnia", "score", *args, "--json")
    assert r.exit_code == 2
    assert needle in r.stderr
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert _sessions(gm) == []


# ---------------------------------------------------------------- solo-score


@pytest.mark.parametrize(
    "dodos,moved,races,score,title",
    [
        (40, 12, 3, 29, "Great dreamer"),
        (40, 15, 3, 31, "Dream Sheep!"),
        (12, 0, 2, 2, "Restless sleeper"),
    ],
)
def test_solo_score(gm, dodos: int, moved: int, races: int, score: int, title: str) -> None:  # noqa: ANN001
    r = gm(
        "insomnia",
        "solo-score",
        "--dodos",
        str(dodos),
        "--pillow-moved",
        str(moved),
        "--races",
        str(races),
        "--json",
    )
    assert r.exit_code == 0, r
    assert (r.json["score"], r.json["title"]) == (score, title)


def test_solo_score_title_in_french(gm) -> None:  # noqa: ANN001
    r = gm(
        "--lang",
        "fr",
        "insomnia",
        "solo-score",
        "--dodos",
        "25",
        "--pillow-moved",
        "5",
        "--races",
        "1",
        "--json",
    )
    assert r.json["score"] == 22 and r.json["title"] == "Grand songeur"


@pytest.mark.parametrize(
    "args",
    [
        ["--dodos", "-1", "--pillow-moved", "0", "--races", "1"],
        ["--dodos", "3", "--pillow-moved", "41", "--races", "1"],
        ["--dodos", "3", "--pillow-moved", "4", "--races", "0"],
    ],
)
def test_solo_score_bad_input(gm, args: list[str]) -> None:  # noqa: ANN001
    r = gm("insomnia", "solo-score", *args, "--json")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip()


# ---------------------------------------------------------------- a session through the commands


def test_race_by_commands(gm) -> None:  # noqa: ANN001
    r = gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--nightmare", "loup", "--json")
    assert r.exit_code == 0, r
    assert r.json["nightmare"] == "wolf" and len(r.json["checklist"]) >= 6
    assert gm("insomnia", "move", "9", "--json").json["sheep"][0]["space"] == 9
    r = gm("insomnia", "move", "3", "--json")
    assert r.json["sheep"][0]["score"] == 5 and r.json["sheep"][0]["can_go_to_bed"]
    assert any(e["key"] == "insomnia.event.crossed" for e in r.json["events"])
    r = gm("insomnia", "bed", "--json")
    assert r.json["active"] == "Bo"
    assert any(e["key"] == "insomnia.event.last_sheep" for e in r.json["events"])
    r = gm("insomnia", "nightmare", "saute", "--to", "3", "--json")
    assert r.json["nightmare_space"] == 3
    r = gm("insomnia", "nightmare", "move", "8", "--json")  # 3 → 11: over the fence
    assert r.json["phase"] == "scoring"
    r = gm("insomnia", "end-race", "--json")
    assert r.exit_code == 0, r
    assert r.json["score"]["pillows"] == {"Ana": 32, "Bo": 35}
    assert r.json["phase"] == "rest" and r.json["resting"] == "Bo"
    r = gm("insomnia", "rest", "tuile", "--space", "3", "--tile", "bounce ahead", "--json")
    assert any(e["key"] == "insomnia.event.bonus_infinite" for e in r.json["events"])
    r = gm("insomnia", "rest", "zzz", "--json")
    assert r.json["phase"] == "race" and r.json["race"] == 2
    assert gm("undo").exit_code == 0
    assert gm("insomnia", "status", "--json").json["phase"] == "rest"


def test_session_bad_input_saves_nothing(gm) -> None:  # noqa: ANN001
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    before = gm("show", "--json").json["session"]["changes"]
    for args in (
        ["bed"],
        ["move", "0"],
        ["move", "2", "--back", "1"],
        ["move", "--to", "11"],
        ["scare", "Zed"],
        ["end-race"],
        ["rest", "zzz"],
        ["nightmare", "fly", "2"],
    ):
        r = gm("insomnia", *args)
        assert r.exit_code == 2, (args, r)
        assert r.stderr.strip() and "Traceback" not in r.stderr
    assert gm("show", "--json").json["session"]["changes"] == before


@pytest.mark.parametrize(
    "args",
    [
        ["-p", "A", "-p", "a"],
        ["-p", "A"],
        ["-p", "A", "-p", "B", "--solo"],
        ["-p", "A", "-p", "B", "--nightmare", "dragon"],
    ],
)
def test_new_bad_input(gm, args: list[str]) -> None:  # noqa: ANN001
    r = gm("insomnia", "new", *args)
    assert r.exit_code == 2 and r.stderr.strip()
    assert _sessions(gm) == []


def test_solo_game_by_commands(gm) -> None:  # noqa: ANN001
    r = gm("insomnia", "new", "-p", "Solo", "--solo", "--json")
    assert any("Rattrapage" in line["text"] for line in r.json["checklist"])
    gm("insomnia", "move", "11")
    gm("insomnia", "dodos", "9")
    gm("insomnia", "bed")
    r = gm("insomnia", "end-race", "--json")
    assert r.json["sheep"][0]["pillow"] == 38
    r = gm("insomnia", "rest", "tile", "--space", "1", "--tile", "Rival")
    assert r.exit_code == 2 and "solo" in r.stderr


def test_french_command_words(gm) -> None:  # noqa: ANN001
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    assert gm("insomnia", "deplace", "11", "--mouton", "ana").exit_code == 0
    assert gm("insomnia", "coucher", "Ana", "--json").json["sheep"][0]["status"] == "bed"
    assert gm("insomnia", "cauchemar", "déplace", "2", "--json").json["nightmare_space"] == 2


def test_new_with_one_player_points_to_solo(gm) -> None:  # noqa: ANN001
    result = gm("insomnia", "new", "-p", "Ana")
    assert result.exit_code == 2
    assert "--solo" in result.stderr and "solo-score" not in result.stderr
    assert gm("sessions", "--json").json["sessions"] == []
