"""`gm-assist tmb` adventure commands through the real entry point (--json)."""

from __future__ import annotations

from typing import Any

import pytest
from tests_tmb_battle_helpers import live_adventure

NEW = live_adventure()


def _sessions(gm: Any) -> list[Any]:
    r = gm("sessions", "--json")
    assert r.exit_code == 0, r
    data = r.json
    return data if isinstance(data, list) else data.get("sessions", [])


def test_setup_json_drellen(gm: Any) -> None:
    r = gm("tmb", "setup", "--tyrant", "Drellen le pâle", "--gearlocs", "2", "--json")
    assert r.exit_code == 0, r
    d = r.json
    assert d["tyrant"] == "drellen" and d["days"] == 10 and d["progress"] == 6
    assert d["general_cards"] == 7 and d["tyrant_cards"] == 1 and d["deck_size"] == 8
    assert d["solo"] is False and d["specials_on_top"] == [1, 2, 3]
    assert d["baddie_types"] == ["bog", "goblin", "beast"]


def test_setup_solo_and_custom(gm: Any) -> None:
    r = gm("tmb", "setup", "--tyrant", "Malmesh", "--gearlocs", "1", "--json")
    assert r.exit_code == 0 and r.json["solo"] is True and r.json["tyrant"] == "mulmesh"
    r = gm(
        "tmb",
        "setup",
        "--tyrant",
        "Grumble",
        "--gearlocs",
        "3",
        "--days",
        "9",
        "--progress",
        "7",
        "--types",
        "marais,orcs",
        "--tyrant-cards",
        "0",
        "--json",
    )
    assert r.exit_code == 0, r
    assert (r.json["deck_size"], r.json["baddie_types"], r.json["confidence"]) == (6, ["bog", "orc"], "table")


def test_setup_text_cites_rules_in_french(gm: Any) -> None:
    r = gm("--lang", "fr", "tmb", "setup", "--tyrant", "drellen", "--gearlocs", "2")
    assert r.exit_code == 0, r
    assert "Drellen le pâle" in r.stdout and "tmb/encounter-deck" in r.stdout
    assert "8 cartes" in r.stdout and "marais" in r.stdout


def test_tyrants_list(gm: Any) -> None:
    r = gm("tmb", "tyrants", "--json")
    assert r.exit_code == 0
    ids = [ty["id"] for ty in r.json["tyrants"]]
    assert len(ids) == 12 and "goblin-king" in ids
    text = gm("tmb", "tyrants").stdout
    assert "Drellen" in text and "Gendricks" in text


@pytest.mark.parametrize(
    "args",
    [
        ("tmb", "setup", "--tyrant", "Drelen", "--gearlocs", "2"),
        ("tmb", "new", "--tyrant", "Drelen", "--gearloc", "Capitank"),
    ],
)
def test_unknown_tyrant_suggests(gm: Any, args: tuple[str, ...]) -> None:
    r = gm(*args)
    assert r.exit_code == 2
    assert "Drellen" in r.stderr and "Traceback" not in r.stderr
    assert _sessions(gm) == []


@pytest.mark.parametrize("count", [0, 5])
def test_bad_party_size(gm: Any, count: int) -> None:
    r = gm("tmb", "setup", "--tyrant", "Nom", "--gearlocs", str(count))
    assert r.exit_code == 2 and str(count) in r.stderr
    args = ["tmb", "new", "--tyrant", "Nom"]
    for i in range(count):
        args += ["--gearloc", f"G{i}"]
    r = gm(*args)
    assert r.exit_code == 2 and "1 to 4" in r.stderr
    assert _sessions(gm) == []


def test_new_and_status(gm: Any) -> None:
    r = gm(*NEW, "--json")
    assert r.exit_code == 0, r
    assert r.json["setup"]["deck_size"] == 8 and r.json["day"] == 1
    s = gm("tmb", "status", "--json").json
    assert (s["day"], s["days"], s["progress"], s["progress_needed"]) == (1, 10, 0, 6)
    assert s["can_challenge"] is False and s["won"] is False and s["lost"] is False
    assert [(g["name"], g["hp"], g["max_hp"]) for g in s["party"]] == [("Capitank", 7, 7), ("Atomik", 6, 6)]
    assert "Day 1 of 10" in gm("tmb", "status").stdout


def test_one_full_day_and_day_two(gm: Any) -> None:
    assert gm(*NEW).exit_code == 0
    r = gm("tmb", "next-day", "--json")
    assert r.exit_code == 0 and r.json["day"] == 1 and r.json["started"] is True
    r = gm("tmb", "encounter", "--peaceful", "--json")
    assert r.json["encounter"]["kind"] == "special" and r.json["encounter"]["number"] == 1
    assert gm("tmb", "success").exit_code == 0
    r = gm("tmb", "reward", "--progress", "1", "--training", "1", "--loot", "4", "--json")
    assert r.exit_code == 0 and r.json["progress"] == 1 and r.json["phase"] == "recovery"
    assert gm("tmb", "train", "capitank", "dex").exit_code == 0
    assert gm("tmb", "train", "Atomik", "skill", "--skill", "Grenade").exit_code == 0
    assert gm("tmb", "loot", "add", "Capitank", "Encens parfumé").exit_code == 0
    r = gm("tmb", "scout", "atomik", "--roll", "3", "--baddie", "crapaud des marais", "--json")
    assert r.exit_code == 0 and r.json["choices"] == [1]
    r = gm("tmb", "scout", "capitank", "--roll", "2", "--baddie", "ver des marais", "--json")
    assert r.json["scouted"]["1"] == ["crapaud des marais", "ver des marais"]
    r = gm("tmb", "next-day", "--json")
    assert r.json["day"] == 2 and r.json["days_left"] == 8
    r = gm("tmb", "encounter", "--fight", "--json")
    assert r.json["encounter"]["fight"] is True and r.json["encounter"]["number"] == 2


def test_next_day_refused_while_encounter_open(gm: Any) -> None:
    gm(*NEW)
    gm("tmb", "next-day")
    gm("tmb", "encounter")
    r = gm("tmb", "next-day")
    assert r.exit_code == 2 and "--force" in r.stderr
    assert gm("tmb", "status", "--json").json["day"] == 1


def test_day_override_and_day_zero(gm: Any) -> None:
    gm(*NEW)
    r = gm("tmb", "day", "0")
    assert r.exit_code == 2 and "between 1 and 10" in r.stderr
    assert gm("tmb", "status", "--json").json["day"] == 1
    r = gm("tmb", "day", "10", "--json")
    assert r.exit_code == 0 and r.json["day"] == 10
    assert any("Last day" in line for line in gm("tmb", "status", "--json").json["reminders"])


def test_lost_after_last_day(gm: Any) -> None:
    gm(*NEW)
    gm("tmb", "day", "10")
    gm("tmb", "encounter")
    gm("tmb", "failure")
    r = gm("tmb", "next-day", "--json")
    assert r.exit_code == 0 and r.json["lost"] is True and r.json["day"] == 10


def test_challenge_and_win(gm: Any) -> None:
    gm(*NEW)
    r = gm("tmb", "challenge")
    assert r.exit_code == 2 and "0 of 6" in r.stderr
    gm("tmb", "encounter")
    gm("tmb", "success")
    gm("tmb", "reward", "--progress", "6")
    gm("tmb", "next-day")
    s = gm("tmb", "status", "--json").json
    assert s["can_challenge"] is True
    r = gm("tmb", "challenge")
    assert r.exit_code == 0 and "lane 1" in r.stdout and "2 Dexterity" in r.stdout
    assert gm("tmb", "success", "--json").json["won"] is True


def test_bad_training_and_scouting_inputs(gm: Any) -> None:
    gm(*NEW)
    r = gm("tmb", "train", "Atomik", "atk")
    assert r.exit_code == 2 and "--ok" in r.stderr
    r = gm("tmb", "train", "Zorglub", "hp")
    assert r.exit_code == 2
    r = gm("tmb", "scout", "Atomik", "--roll", "3")
    assert r.exit_code == 2 and "recovery" in r.stderr


def test_sheet_command(gm: Any) -> None:
    gm("tmb", "new", "--tyrant", "nom", "--gearloc", "Sparadoc", "--mode", "legendary")
    r = gm("tmb", "sheet", "sparadoc", "--hp", "6", "--dex", "3", "--atk", "1", "--def", "1", "--json")
    assert r.exit_code == 0
    row = gm("tmb", "sheet", "Patches", "--json").json
    assert (row["hp"], row["max_hp"], row["dex"], row["atk"], row["def"]) == (6, 6, 3, 1, 1)


def test_undo_restores_day(gm: Any) -> None:
    gm(*NEW)
    gm("tmb", "next-day")
    gm("tmb", "encounter")
    gm("tmb", "success")
    gm("tmb", "reward")
    gm("tmb", "next-day")
    assert gm("tmb", "status", "--json").json["day"] == 2
    assert gm("undo").exit_code == 0
    assert gm("tmb", "status", "--json").json["day"] == 1


def test_tour_leaves_no_session(gm: Any) -> None:
    r = gm("tmb", "tour")
    assert r.exit_code == 0, r
    for needle in ("Drellen", "8 cards", "Day 1 begins", "Baddie points: 4 = day 2 × 2", "round 2"):
        assert needle in r.stdout
    assert _sessions(gm) == []


def _recovery(gm: Any) -> None:
    assert gm(*NEW).exit_code == 0
    for args in (
        ["next-day"],
        ["encounter"],
        ["encounter", "--fight"],
        ["encounter", "--peaceful"],
        ["success"],
        ["reward", "--locked", "1", "--loot", "1"],
    ):
        r = gm("tmb", *args)
        assert r.exit_code == 0, (args, r)


def test_loot_lockpick_search_rest(gm: Any) -> None:
    _recovery(gm)
    assert gm("tmb", "status", "--json").json["encounter"]["fight"] is False
    assert gm("tmb", "loot", "add", "Atomik", "Coffre", "--locked").exit_code == 0
    assert gm("tmb", "loot", "add", "Capitank", "Bottes").exit_code == 0
    r = gm("tmb", "lockpick", "Capitank", "coffre", "--owner", "Atomik", "--opened", "2", "--json")
    assert r.exit_code == 0
    atomik = r.json["party"][1]
    assert atomik["loot"][0]["locks_open"] == 2 and atomik["loot"][0]["locked"] is True
    r = gm("tmb", "lockpick", "Capitank", "coffre", "--owner", "Atomik", "--opened", "3")
    assert r.exit_code == 2 and "one attempt" in r.stderr
    r = gm("tmb", "lockpick", "Atomik", "1", "--opened", "3", "--reveal", "Hache", "--heavy", "--json")
    card = r.json["party"][1]["loot"][0]
    assert (card["name"], card["locked"], card["heavy"]) == ("Hache", False, True)
    assert r.json["party"][1]["slots"] == 3
    r = gm("tmb", "loot", "give", "Capitank", "Atomik", "bottes", "--json")
    assert r.json["party"][1]["slots"] == 4 and r.json["party"][0]["loot"] == []
    r = gm("tmb", "search", "Atomik", "--discard", "bottes", "--keep", "Épée", "--json")
    assert [c["name"] for c in r.json["party"][1]["loot"]] == ["Hache", "Épée"]
    r = gm("tmb", "rest", "Atomik")
    assert r.exit_code == 2 and "already chose" in r.stderr
    r = gm("tmb", "rest", "Capitank", "--json")
    assert r.exit_code == 0 and r.json["party"][0]["recovery"] == "rest"
    r = gm("tmb", "loot", "drop", "Atomik", "1", "--json")
    assert r.exit_code == 0 and r.json["label"] == "Atomik drops Hache"  # the card, not its place
    assert gm("history", "--json").json["entries"][-1]["label"] == "Atomik drops Hache"


def test_scout_app_roll_is_stored(gm: Any) -> None:
    _recovery(gm)
    r = gm("tmb", "scout", "Capitank", "--seed", "3", "--stack", "1", "--baddie", "ver", "--json")
    assert r.exit_code == 0, r
    assert 1 <= r.json["roll"] <= 6 and r.json["scouted"]["1"] == ["ver"]
    history = gm("history").stdout
    assert f"d6 = {r.json['roll']}" in history
