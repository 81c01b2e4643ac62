"""Stuffed Fables' JSON envelope (issue 13): every command that records a change prints ``session``,
``label``, ``events``, ``next`` ({key, text, choices}: ``key`` the step token the summary's ``next``
names) and ``state`` (what ``show --json`` prints), beside its own documented keys and ``status``.
What a command did comes from the recorded change: no front-end runs the rules again."""

from __future__ import annotations

from tests.envelope_helpers import check_envelope

SF = "stuffed-fables"


def _check(r, gm) -> dict:  # noqa: ANN001
    assert r.exit_code == 0, r
    data = check_envelope(r.json, gm)
    assert data["next"]["key"] == data["status"]["next"]  # the summary's token is the envelope's step
    return data


def test_every_turn_and_monster_command_prints_the_envelope(gm) -> None:  # noqa: ANN001
    assert gm(SF, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    entered = _check(gm(SF, "encounter", "--monster", "Crawly", "--json"), gm)
    assert entered["entered"][0]["position"] == 1 and entered["next"]["key"] == "draw"
    drawn = _check(
        gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange,blanc,noir,rose,vert", "--json"), gm
    )
    assert drawn["next"]["key"] == "recover" and drawn["dice"]
    recovered = _check(gm(SF, "recover", "--rolls", "5", "--value", "5", "--json"), gm)
    assert recovered["check"]["success"] and recovered["next"]["key"] == "place_threat"
    placed = _check(gm(SF, "place-threat", "--json"), gm)
    assert placed["spaces"] == [1] and placed["next"]["key"] == "actions"
    assert [c["key"] for c in placed["next"]["choices"]][:2] == ["move", "store"]
    _check(gm(SF, "store", "--die", "rose", "--json"), gm)
    attack = ("attack", "--monster", "crawly", "--dice", "orange", "--rolls", "2", "--defense", "4")
    missed = _check(gm(SF, *attack, "--json"), gm)  # 2 against a defence of 4: a miss, said as an event
    said = missed["events"][0]
    assert said["key"] == "stuffed_fables.attack.miss" and said["card"] == "stuffed-fables/attack-melee"
    assert said["params"]["dice"] == {"en": "orange", "fr": "orange"} and "2" in said["text"]
    ended = _check(gm(SF, "end-turn", "--json"), gm)
    told = [(e["key"], e["card"]) for e in ended["events"]]
    assert told == [
        ("stuffed_fables.end.discarded", "stuffed-fables/turn"),
        ("stuffed_fables.threat.told", "stuffed-fables/threat-check"),
    ]
    assert ended["events"][1]["text"].startswith("Minion turn! — Black dice on the threat track: 1")
    assert ended["threat"]["outcome"] == "monsters" and ended["next"]["key"] == "activate"
    acted = _check(gm(SF, "activate", "--roll", "3", "--json"), gm)
    assert acted["monster"]["name"] == "Crawly" and acted["next_monster"] is None  # was `next`
    assert acted["next"]["key"] == "monster_attack"
    assert [c["key"] for c in acted["next"]["choices"]] == ["monster_attack", "activate"]
    defended = ("monster-attack", "--stuffie", "Lumpy", "--attack", "2", "--slot", "board", "--roll", "4")
    kept = _check(gm(SF, *defended, "--json"), gm)  # defence 4 ≥ attack 2: the stored die stays
    assert [(e["key"], e["card"]) for e in kept["events"]] == [
        ("stuffed_fables.defend.kept", "stuffed-fables/defense")
    ]
    done = _check(gm(SF, "monsters-end", "--json"), gm)
    assert done["next"]["key"] == "draw"


def test_the_text_of_a_command_comes_from_the_recorded_change(gm, monkeypatch) -> None:  # noqa: ANN001
    """The CLI prints what the action worked out when it was recorded: running the rules again
    after recording (``action.run``) is never needed."""
    from gm_assist.games.stuffed_fables import actions

    assert gm(SF, "new", "--stuffie", "Lumpy").exit_code == 0
    calls = []
    real = actions.Draw.run

    def counted(self, state):  # noqa: ANN001, ANN202
        calls.append(self)
        return real(self, state)

    monkeypatch.setattr(actions.Draw, "run", counted)
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange,noir", "--json")
    assert r.exit_code == 0, r
    assert r.json["dice"] == ["orange", "black"] and len(calls) == 1


def test_a_check_is_told_once_in_each_language(gm) -> None:  # noqa: ANN001
    """A skill test's result is the action's event: printed once, with its rule card, in the
    language of the screen (the dice by their French names in French)."""
    assert gm(SF, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch").exit_code == 0
    assert gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange,vert,rose,jaune,violet").exit_code == 0
    r = gm("--lang", "fr", SF, "test", "--colour", "vert", "--target", "3", "--dice", "vert", "--rolls", "5")
    assert r.exit_code == 0, r
    told = [line for line in r.stdout.splitlines() if line.startswith("Test réussi")]
    assert told == ["Test réussi : 5 ≥ 3 (vert). — stuffed-fables/skill-test"]
