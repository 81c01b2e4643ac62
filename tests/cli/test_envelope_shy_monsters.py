"""Shy Monsters' JSON envelope (issue 13): every command that records a change prints ``session``,
``label``, ``events`` (the referee's answers, each with its rule ``card``), ``next`` ({key, text,
choices}) and ``state`` — the public state, exactly what ``show --json`` prints — and never a
face-down tile anywhere in the document."""

from __future__ import annotations

import json

from tests.envelope_helpers import check_envelope

SM = "shy-monsters"
FLOOR = "EPC/..C/CXO"  # purple at row 1, column 2; orange at row 3, column 3


def _check(r, gm, hidden: tuple[str, ...] = ()) -> dict:  # noqa: ANN001
    assert r.exit_code == 0, r
    data = check_envelope(r.json, gm)
    assert data["events"]
    for event in data["events"]:
        assert event["card"].startswith("shy-monsters/") and event["key"].startswith("shy_monsters.event.")
    document = json.dumps(data, ensure_ascii=False).lower()
    assert "layout" not in document and "planned" not in document and FLOOR.lower() not in document
    for colour in hidden:  # a monster still face down is named nowhere
        assert colour not in document, colour
    return data


def test_every_hero_command_prints_the_envelope_and_hides_the_floor(gm) -> None:  # noqa: ANN001
    assert gm(SM, "new").exit_code == 0
    laid = _check(gm(SM, "floor", "--grid", FLOOR, "--json"), gm, hidden=("purple", "orange", "violet"))
    assert laid["next"]["key"] == "reveal" and laid["board"] == ["E??", "..?", "???"]
    # the choices are the face-down tiles by their place, never by what they are
    assert [c["key"] for c in laid["next"]["choices"]] == [
        "reveal.1,2",
        "reveal.1,3",
        "reveal.2,3",
        "reveal.3,1",
        "reveal.3,2",
        "reveal.3,3",
    ]
    first = _check(gm(SM, "reveal", "1,3", "--json"), gm, hidden=("purple", "orange", "violet"))
    assert [e["card"] for e in first["events"]] == ["shy-monsters/hero-phase"]
    assert first["answers"][0]["key"] == "reveal.corridor"  # the board's answers, as before
    second = _check(gm(SM, "reveal", "2,3", "--json"), gm, hidden=("purple", "orange", "violet"))
    assert second["next"]["key"] == "move"
    keys = [c["key"] for c in second["next"]["choices"]]
    assert keys == ["explore.east", "jump.east", "attack", "jump_attack.east"]
    declared = _check(gm(SM, "attack", "--json"), gm, hidden=("purple", "orange"))
    assert declared["next"]["key"] == "move_declared" and "attack" not in [
        c["key"] for c in declared["next"]["choices"]
    ]
    explored = _check(gm(SM, "explore", "east", "--json"), gm, hidden=("orange",))
    assert explored["next"]["key"] == "move_no_attack"
    assert [e["card"] for e in explored["events"]] == ["shy-monsters/attack"]


def test_the_menu_and_the_cli_next_line_render_one_next_step(gm) -> None:  # noqa: ANN001
    """``hero.next_step`` is the one answer: the guided menu's entries are its choices (then
    Leave) and the status's "Next" line is its sentence, at every step of a floor."""
    from gm_assist.core.session import load
    from gm_assist.games.shy_monsters import flow
    from gm_assist.games.shy_monsters.hero import next_step

    assert gm(SM, "new").exit_code == 0
    seen = set()
    for command in [
        None,
        ("floor", "--grid", FLOOR),
        ("reveal", "1,3"),
        ("reveal", "2,3"),
        ("attack",),
        ("explore", "east"),
        ("explore", "east"),
    ]:
        if command is not None:
            assert gm(SM, *command).exit_code == 0, command
        _, state = load(SM)
        upcoming = next_step(state)
        seen.add(upcoming.key)
        if upcoming.choices:
            menu = flow.menu_choices(state)
            assert [key for key, _ in menu] == [*(c.key for c in upcoming.choices), "leave"]
        assert upcoming.text() in gm(SM, "status").stdout.replace("\n", " ")
    assert {"lay_floor", "reveal", "move", "move_declared", "move_no_attack"} <= seen
