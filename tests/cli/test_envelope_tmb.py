"""Too Many Bones: every state-changing command prints the JSON envelope (issue 13) with its older
documented keys, through the real entry point."""

from __future__ import annotations

from typing import Any

from envelope_helpers import check_envelope
from tests_tmb_battle_helpers import LIVE_START, adventure_day_2, live_adventure

NEW = live_adventure("env")


def run(gm: Any, *args: str) -> dict[str, Any]:
    r = gm(*args, "--json")
    assert r.exit_code == 0, (args, r)
    return check_envelope(r.json, gm)


def test_the_adventure_commands_print_the_envelope(gm: Any) -> None:
    made = run(gm, *NEW)
    assert made["session"] == "env" and made["setup"]["deck_size"] and made["day"] == 1  # older keys
    assert made["next"]["key"] == "train"  # adventure mode: a point each before day 1
    run(gm, "tmb", "train", "Capitank", "hp")
    trained = run(gm, "tmb", "train", "Atomik", "hp")
    assert trained["trained"] is True and trained["next"]["key"] == "start"
    assert [(e["key"], e["card"]) for e in trained["events"]] == [("tmb.train.ok", "tmb/training")]
    day = run(gm, "tmb", "next-day")
    assert [(e["key"], e["card"]) for e in day["events"]] == [("tmb.day.first", "tmb/new-day")]
    assert (
        day["next"]
        == {
            "key": "encounter",
            "text": day["next"]["text"],
            "choices": [],
        }
        and day["phase"] == "encounter"
    )
    drawn = run(gm, "tmb", "encounter", "--peaceful", "--title", "Leaving town")
    assert drawn["next"]["key"] == "resolve" and drawn["encounter"]["title"] == "Leaving town"
    assert run(gm, "tmb", "success")["next"]["key"] == "reward"
    reward = run(gm, "tmb", "reward", "--progress", "1", "--loot", "1")
    assert [e["card"] for e in reward["events"]] == ["tmb/rewards", "tmb/loot"]
    assert reward["reward"]["progress"] == 1 and reward["progress"] == 1
    rest = run(gm, "tmb", "rest", "Capitank")
    assert rest["events"][0]["key"] == "tmb.rest.done" and rest["events"][0]["params"]["name"] == "Capitank"
    assert rest["next"]["key"] == "recovery"
    rested = run(gm, "tmb", "rest", "Atomik")
    assert rested["next"]["key"] == "next_day"
    assert gm("tmb", "status", "--json").json["next"] == rested["next"]  # the status says the same step


def test_the_battle_commands_print_the_envelope(gm: Any) -> None:
    adventure_day_2(gm)
    start = run(gm, "tmb", "battle", "start", *LIVE_START)
    assert start["round"] == 1 and start["track"] and start["party"]  # the battle's older keys
    assert start["next"]["key"] == "next_turn" and start["next"]["text"]
    turn = run(gm, "tmb", "battle", "next-turn")
    assert turn["current"] != start["current"]
    for lane in ("1", "2", "3", "4"):
        run(gm, "tmb", "battle", "defeat", lane)
    won = run(gm, "tmb", "battle", "end")
    assert won["outcome"] == "victory" and won["next"]["key"] == "resolve"


def test_a_refused_change_prints_no_envelope_and_saves_nothing(gm: Any) -> None:
    run(gm, *NEW)
    before = gm("show", "--json").json["session"]["changes"]
    r = gm("tmb", "success", "--json")
    assert r.exit_code != 0 and "session" not in (r.stdout or "")
    assert gm("show", "--json").json["session"]["changes"] == before


def test_the_tyrant_challenge_says_its_set_up_as_events(gm: Any) -> None:
    run(
        gm,
        "tmb",
        "new",
        "--tyrant",
        "Drellen",
        "--gearloc",
        "Capitank",
        "--mode",
        "legendary",
        "--hp",
        "Capitank=5",
    )
    for step in (("next-day",), ("encounter", "--peaceful"), ("success",), ("reward", "--progress", "20")):
        run(gm, "tmb", *step)
    run(gm, "tmb", "rest", "Capitank")
    day = run(gm, "tmb", "next-day")
    assert day["next"]["key"] == "encounter"
    assert [c["key"] for c in day["next"]["choices"]] == ["encounter", "challenge"]
    challenged = run(gm, "tmb", "challenge")
    said = [(e["key"], e["card"]) for e in challenged["events"]]
    assert said == [("tmb.challenge.go", "tmb/tyrant-battle"), ("tmb.challenge.setup", None)]
    assert "Drellen" in challenged["events"][0]["text"] and challenged["next"]["key"] == "fight"
