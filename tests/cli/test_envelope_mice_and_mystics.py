"""Mice and Mystics: every state-changing command prints the JSON envelope (issue 13), through the
real entry point. Its status, printed as ``state`` before the envelope, is now ``status``; its events
as they were listed before (``{event, …params}``) are ``events_flat``."""

from __future__ import annotations

from typing import Any

from envelope_helpers import check_envelope

G = "mice-and-mystics"


def run(gm: Any, *args: str) -> dict[str, Any]:
    r = gm(G, *args, "--json")
    assert r.exit_code == 0, (args, r)
    return check_envelope(r.json, gm)


def test_the_session_commands_print_the_envelope(gm: Any) -> None:
    made = run(gm, "new", "--mouse", "Tilda", "--mouse", "Nez", "--end", "3")
    assert made["mice"] == ["Tilda", "Nez"] and made["chapter"] == 1 and made["events"] == []
    assert made["next"]["key"] == "initiative" and made["state"]["end_page"] == 3
    laid = run(gm, "initiative", "--enemy", "roach:2", "--seed", "9")
    assert laid["saved"] is True and laid["order"] and laid["status"]["minions"] == {"roach": 2}
    first = laid["status"]["turn"]
    expected = "minion_turn" if first == "roach" else "mouse_turn"
    assert laid["next"]["key"] == expected and laid["next"]["choices"] == []
    turned = run(gm, "next")
    assert turned["ended"] == first and turned["status"]["turn"] == turned["turn"]
    wheel = run(gm, "wheel", "6")
    assert [e["key"] for e in wheel["events"]] == ["mice_and_mystics.event.surge"]
    assert wheel["events"][0]["card"] == "mice-and-mystics/cheese-wheel"
    assert [e["event"] for e in wheel["events_flat"]] == ["surge"] and wheel["hourglass"] == 1
    wound = run(gm, "wound", "Tilda")
    assert wound["mouse"]["name"] == "Tilda" and wound["status"]["mice"][0]["wounds"] == 1
    lost = run(gm, "hourglass", "--page", "3")
    assert lost["events"][0]["key"] == "mice_and_mystics.event.chapter_lost"
    assert lost["next"]["key"] == "chapter_lost"
    defeat = run(gm, "defeat", "roach", "--count", "2", "--by", "Nez")
    assert defeat["removed"] is True and "roach" not in defeat["status"]["order"]
    assert gm(G, "status", "--json").json["next"] == defeat["next"]  # the status says the same step


def test_the_step_before_any_track_is_the_initiative(gm: Any) -> None:
    assert gm(G, "new", "--mouse", "Tilda", "--json").exit_code == 0
    wound = run(gm, "wound", "Tilda")
    assert wound["next"]["key"] == "initiative"
