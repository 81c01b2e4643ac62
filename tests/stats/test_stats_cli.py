"""`gm-assist stats`: statistics computed from sessions played through the real commands, with known
answers, in both languages; filters, CSV, a damaged session skipped (issue 20)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from gm_assist.core.context import home_dir

GAMES = {"tmb", "stuffed-fables", "mice-and-mystics", "shy-monsters", "insomnia"}
NEW_TMB = ("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--gearloc", "Atomik")


def run(gm: Any, *args: str) -> Any:
    result = gm(*args)
    assert result.exit_code == 0, (args, result)
    return result


def tmb_won(gm: Any, name: str) -> None:
    run(gm, *NEW_TMB, "--hp", "Capitank=5", "--hp", "Atomik=4", "--name", name)
    for step in (
        ["encounter"],
        ["success"],
        ["reward", "--progress", "6"],
        ["next-day"],
        ["challenge"],
        ["success"],
    ):
        run(gm, "tmb", *step)


def tmb_lost(gm: Any, name: str, gearloc: str = "Picket") -> None:
    run(gm, "tmb", "new", "--tyrant", "Drellen", "--gearloc", gearloc, "--hp", f"{gearloc}=5", "--name", name)
    for step in (["day", "10"], ["encounter"], ["failure"], ["next-day"]):
        run(gm, "tmb", *step)


def insomnia_won_by_ana(gm: Any, name: str) -> None:
    run(gm, "insomnia", "new", "-p", "Ana", "-p", "Bo", "--name", name)
    for step in (["dodos", "40"], ["move", "11"], ["bed"], ["nightmare", "move", "11"], ["end-race"]):
        run(gm, "insomnia", *step)


def test_empty_home_has_every_game_with_zeros(gm: Any) -> None:
    data = run(gm, "stats", "--json").json
    assert set(data["games"]) == GAMES and data["skipped"] == []
    for figures in data["games"].values():
        assert {k: figures[k] for k in ("played", "won", "lost", "ongoing")} == dict.fromkeys(
            ("played", "won", "lost", "ongoing"), 0
        )
    assert data["games"]["tmb"]["by_tyrant"] == {} and data["games"]["tmb"]["by_gearloc"] == {}
    assert "0 games finished" in run(gm, "stats").stdout
    assert "0 partie finie" in run(gm, "--lang", "fr", "stats").stdout


def test_too_many_bones_adventures_per_tyrant_and_gearloc(gm: Any) -> None:
    tmb_won(gm, "won")
    tmb_lost(gm, "lost")
    run(gm, *NEW_TMB, "--name", "going")
    data = run(gm, "stats", "tmb", "--json").json
    assert set(data["games"]) == {"tmb"}
    tmb = data["games"]["tmb"]
    assert (tmb["played"], tmb["won"], tmb["lost"], tmb["ongoing"]) == (2, 1, 1, 1)
    assert tmb["by_tyrant"] == {"drellen": {"played": 2, "won": 1, "lost": 1}}
    assert tmb["by_gearloc"] == {  # catalog ids: Capitank is Picket's French name, Atomik Boomer's
        "boomer": {"played": 1, "won": 1, "lost": 0},
        "picket": {"played": 2, "won": 1, "lost": 1},
    }
    assert tmb["tyrant_attempts"] == 1
    assert tmb["best"]["session"] == "won" and tmb["best"]["days_used"] == 2
    assert tmb["worst"]["session"] == "lost" and tmb["worst"]["days_used"] == 10
    assert {r["session"]: (r["days_used"], r["day_limit"]) for r in tmb["days_used"]} == {
        "won": (2, 10),
        "lost": (10, 10),
    }
    text = run(gm, "stats", "tmb").stdout
    assert "Per tyrant (won/played): Drellen 1/2." in text
    assert "Per gearloc (won/played): Boomer 1/1, Picket 1/2." in text
    assert "Wins per tyrant (%)" in text and "50%" in text
    for who in ("Capitank", "picket", "Picket"):  # as typed, by id, by the other edition's name
        assert run(gm, "stats", "tmb", "--player", who, "--json").json["games"]["tmb"]["played"] == 2, who
    assert run(gm, "stats", "tmb", "--player", "Atomik", "--json").json["games"]["tmb"]["played"] == 1
    french = run(gm, "--lang", "fr", "stats", "tmb").stdout
    assert "Par tyran (gagnées/jouées) : Drellen le pâle 1/2." in french
    assert "Par gearloc (gagnées/jouées) : Atomik 1/1, Capitank 1/2." in french


def test_battles_rounds_and_points_per_day(gm: Any) -> None:
    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    adventure_day_2(gm)
    run(gm, "tmb", "battle", "start", *LIVE_START)
    run(gm, "tmb", "battle", "next-round")
    run(gm, "tmb", "battle", "end", "--outcome", "victory")
    tmb = run(gm, "stats", "tmb", "--json").json["games"]["tmb"]
    assert tmb["ongoing"] == 1 and tmb["battles"] == 1
    assert tmb["rounds_per_battle"] == 2.0
    assert tmb["baddie_points_per_day"] == {"2": 4.0}  # the four 1-point chips of the live example


def test_insomnia_wins_per_player_and_the_player_filter(gm: Any) -> None:
    insomnia_won_by_ana(gm, "evening")
    run(gm, "insomnia", "new", "-p", "Ana", "-p", "Bo", "--name", "tonight")
    data = run(gm, "stats", "insomnia", "--json").json["games"]["insomnia"]
    assert (data["played"], data["won"], data["lost"], data["ongoing"]) == (1, 1, 0, 1)
    assert data["wins_by_player"] == {"Ana": {"played": 1, "won": 1}, "Bo": {"played": 1, "won": 0}}
    assert data["races"] == 1 and data["average_winks"] == 22.5  # Ana 45 (40 + the fence), Bo woken: 0
    bo = run(gm, "stats", "insomnia", "--player", "bo", "--json").json["games"]["insomnia"]
    assert (bo["played"], bo["won"], bo["lost"]) == (1, 0, 1)
    nobody = run(gm, "stats", "--player", "Zoé", "--json").json["games"]
    assert all(g["played"] == g["ongoing"] == 0 for g in nobody.values())


def test_mice_chapters_won_and_lost(gm: Any) -> None:
    run(gm, "mice-and-mystics", "new", "--mouse", "Tilda", "--end", "3", "--name", "campaign")
    run(gm, "mice-and-mystics", "end-chapter")  # chapter 1 won
    run(gm, "mice-and-mystics", "hourglass", "--page", "2", "--end", "2")  # chapter 2 lost
    mice = run(gm, "stats", "mice-and-mystics", "--json").json["games"]["mice-and-mystics"]
    assert (mice["played"], mice["won"], mice["lost"], mice["ongoing"]) == (2, 1, 1, 0)
    assert mice["chapters"] == 2 and mice["wheel_end_reached"] == 1


def test_filters_since_and_session(gm: Any) -> None:
    tmb_won(gm, "won")
    insomnia_won_by_ana(gm, "evening")
    assert run(gm, "stats", "--since", "2999-01-01", "--json").json["games"]["tmb"]["played"] == 0
    assert run(gm, "stats", "--since", "01/01/2000", "--json").json["games"]["tmb"]["played"] == 1
    only = run(gm, "stats", "--session", "evening", "--json").json["games"]
    assert only["tmb"]["played"] == 0 and only["insomnia"]["played"] == 1
    bad = gm("--lang", "fr", "stats", "--since", "hier")
    assert bad.exit_code == 2 and "n'est pas une date" in bad.stderr and "Traceback" not in bad.stderr


def test_a_damaged_session_is_skipped_and_named(gm: Any) -> None:
    tmb_won(gm, "won")
    tmb_lost(gm, "broken")
    sid = next(s["id"] for s in run(gm, "sessions", "--json").json["sessions"] if s["name"] == "broken")
    path = home_dir() / "sessions" / f"{sid}.json"
    path.write_text("{not json", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (home_dir() / "sessions").iterdir()}
    data = run(gm, "stats", "--json").json
    assert [s["session"] for s in data["skipped"]] == ["broken"] and data["skipped"][0]["problem"]
    assert data["games"]["tmb"]["played"] == 1
    assert "broken" in run(gm, "stats").stdout
    after = {p.name: p.read_bytes() for p in (home_dir() / "sessions").iterdir()}
    assert after == before  # statistics never write


def test_csv_one_row_per_finished_game(gm: Any, tmp_path: Any) -> None:
    tmb_won(gm, "won")
    tmb_lost(gm, "lost")
    insomnia_won_by_ana(gm, "evening")
    run(gm, *NEW_TMB, "--name", "going")
    target = tmp_path / "games.csv"
    run(gm, "stats", "--csv", str(target))
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert sorted((r["game"], r["session"], r["outcome"]) for r in rows) == [
        ("insomnia", "evening", "won"),
        ("tmb", "lost", "lost"),
        ("tmb", "won", "won"),
    ]
    assert next(r for r in rows if r["session"] == "evening")["winners"] == "Ana"
    again = gm("stats", "--csv", str(target))
    assert again.exit_code == 2 and "--force" in again.stderr
    run(gm, "stats", "tmb", "--csv", str(target), "--force")
    assert target.read_text(encoding="utf-8").count("\n") == 3
    shown = run(gm, "stats", "insomnia", "--csv", "-").stdout
    assert shown.splitlines()[0].startswith("game,session,start,end,outcome,players,winners")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_charts_fit_80_columns_and_are_plain_when_piped(gm: Any, language: str) -> None:
    tmb_won(gm, "won")
    tmb_lost(gm, "a very long session name that does not fit")
    insomnia_won_by_ana(gm, "evening")
    text = run(gm, "--lang", language, "stats").stdout
    charts = [line for line in text.splitlines() if " |" in line]  # prose is wrapped by the terminal
    assert len(charts) >= 6 and all(len(line) <= 80 for line in charts), text
    assert "█" not in text and "#" in text  # the test's output is not a terminal: ASCII bars
    json.loads(run(gm, "stats", "--json").stdout)


def test_shy_monsters_deaths_by_colour_and_floor_reached(gm: Any) -> None:
    run(gm, "shy-monsters", "new", "--name", "duel")
    run(gm, "shy-monsters", "floor", "--grid", ".....X/OCECPC")
    for step in (["reveal", "2,4"], ["reveal", "2,2"], ["explore", "e"], ["explore", "w"], ["explore", "w"]):
        run(gm, "shy-monsters", *step)
    gm("shy-monsters", "explore", "w")  # onto the orange monster, wide awake
    shy = run(gm, "stats", "shy-monsters", "--json").json["games"]["shy-monsters"]
    assert (shy["played"], shy["won"], shy["lost"]) == (1, 0, 1)
    assert shy["two_players"] == {"played": 1, "won": 0, "lost": 1}
    assert shy["deaths_by_colour"] == {"orange": 1} and shy["floor_reached"] == {"1": 1}
    assert "Hero deaths by monster colour: orange 1." in run(gm, "stats", "shy-monsters").stdout


def test_stuffed_fables_figures_from_the_journal() -> None:
    """Monster turns, surges and stuffies gone unconscious are read from the recorded changes."""
    from types import SimpleNamespace

    from gm_assist.core.stats import Played, Step
    from gm_assist.games.stuffed_fables import stats

    lumpy = {"name": "Lumpy", "unconscious": False}
    steps = [
        Step("t1", "Activate", {}, {"stuffies": [lumpy]}, {"stuffies": [lumpy]}),
        Step(
            "t2", "MonsterAttack", {}, {"stuffies": [lumpy]}, {"stuffies": [{**lumpy, "unconscious": True}]}
        ),
        Step("t3", "Surge", {}, {"stuffies": []}, {"stuffies": []}),
    ]
    state = SimpleNamespace(turns=4, stuffies=[SimpleNamespace(name="Lumpy")])
    [record] = stats.records(Played("id", "page 3", "stuffed-fables", "c", "u", state, steps))
    assert record.outcome == "ongoing" and record.players == ["Lumpy"]
    assert record.figures == {"turns": 4, "monster_turns": 1, "surges": 1, "unconscious": 1, "encounters": 0}
