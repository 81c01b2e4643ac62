"""Insomnia's JSON envelope (issue 13): every command that records a change prints ``session``,
``label``, ``events`` (each with its rule ``card``), ``next`` ({key, text, choices}) and ``state``
(what ``show --json`` prints), beside the keys it documented before. Events are no longer saved in
the state: a save from before still loads."""

from __future__ import annotations

import json

import pytest

from tests.envelope_helpers import check_envelope

IN = "insomnia"


def _check(r, gm) -> dict:  # noqa: ANN001
    assert r.exit_code == 0, r
    data = check_envelope(r.json, gm)
    assert "events" not in data["state"]  # never saved in the state any more
    # the keys documented before stay (docs/games/insomnia.md), the sentence moved to next_text
    assert {"phase", "race", "sheep", "tiles", "active", "next_text"} <= set(data)
    return data


def test_every_race_and_rest_command_prints_the_envelope(gm) -> None:  # noqa: ANN001
    assert gm(IN, "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    moved = _check(gm(IN, "move", "11", "--json"), gm)
    assert any(
        e["key"] == "insomnia.event.crossed" and e["card"] == "insomnia/fence" for e in moved["events"]
    )
    assert moved["next"]["key"] == "bed"
    # her card is played (p. 4): ending the turn comes first, going to bed stays open (issue 34.8)
    assert [c["key"] for c in moved["next"]["choices"]] == ["end_turn", "move", "bed"]
    bed = _check(gm(IN, "bed", "--json"), gm)
    assert bed["next"]["key"] == "race" and bed["active"] == "Bo"
    assert "Bo" in bed["next"]["text"] and bed["next_text"] == bed["next"]["text"]
    _check(gm(IN, "dodos", "3", "--json"), gm)
    scared = _check(gm(IN, "scare", "--json"), gm)
    assert [e["card"] for e in scared["events"] if e["key"] == "insomnia.event.scared"] == ["insomnia/scared"]
    _check(gm(IN, "brave", "--json"), gm)
    over = _check(gm(IN, "nightmare", "move", "11", "--json"), gm)
    assert over["next"]["key"] == "scoring" and over["next"]["choices"] == []
    scored = _check(gm(IN, "end-race", "--json"), gm)
    assert "score" in scored and scored["next"]["key"] == "rest"
    assert [c["key"] for c in scored["next"]["choices"]] == ["tile", "zzz"]
    _check(gm(IN, "rest", "tile", "--space", "3", "--tile", "moonwalk", "--json"), gm)
    again = _check(gm(IN, "rest", "zzz", "--json"), gm)
    assert again["next"]["key"] == "race" and again["race"] == 2
    ended = _check(gm(IN, "end-turn", "--json"), gm)
    assert any(e["key"] == "insomnia.event.turn" for e in ended["events"])


def test_events_are_in_the_journal_entry_not_in_the_saved_state(gm, home) -> None:  # noqa: ANN001
    assert gm(IN, "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    assert gm(IN, "move", "11", "--json").json["events"]
    for path in (home / "sessions").glob("*.journal.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                assert "events" not in entry.get("before", {}) and "events" not in entry.get("after", {})
    for path in (home / "sessions").glob("*.json"):
        assert "events" not in json.loads(path.read_text(encoding="utf-8"))["session"]["1"]["state"]


@pytest.mark.parametrize("command", [("status", "--json"), ("move", "2", "--json")])
def test_a_save_that_still_carries_events_loads(gm, home, command) -> None:  # noqa: ANN001
    """Sessions saved before events left the state carry an ``events`` list: they load, and the
    next change drops it."""
    assert gm(IN, "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    (path,) = [p for p in (home / "sessions").glob("*.json") if not p.name.endswith(".journal.jsonl")]
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["session"]["1"]["state"]["events"] = [
        {"key": "insomnia.event.race_start", "params": {"race": 1, "first": "Ana"}, "card": "insomnia/turn"}
    ]
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = gm(IN, *command)
    assert r.exit_code == 0, r
    assert "events" not in gm("show", "--json").json["state"]
