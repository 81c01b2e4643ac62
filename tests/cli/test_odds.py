"""`gm-assist odds` and the chances shown before rolls (issue 19), through the real entry point."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tests_tmb_battle_helpers import LIVE_START, adventure_day_2


def test_odds_json_keys(gm):
    r = gm("odds", "2d6 >= 7", "--json")
    assert r.exit_code == 0, r
    assert r.json["fraction"] == "7/12"
    assert r.json["probability"] == pytest.approx(21 / 36)
    assert 0 <= r.json["probability"] <= 1
    assert r.json["distribution"]["2"] == pytest.approx(1 / 36)
    assert sum(r.json["distribution"].values()) == pytest.approx(1)
    assert r.json["comparison"] == {"op": ">=", "value": 7}


def test_odds_words_may_be_split_and_keep_works(gm):
    r = gm("odds", "4d6kh3", ">=", "15", "--json")
    assert r.exit_code == 0
    expected = Fraction(r.json["fraction"])
    assert expected == sum(Fraction(p) for v, p in r.json["distribution_fractions"].items() if int(v) >= 15)
    r = gm("odds", "2d6+d4", "--json")
    assert r.json["fraction"] is None and r.json["probability"] is None
    assert r.json["min"] == 3 and r.json["max"] == 16


def test_odds_text_has_the_chance_and_a_plain_chart(gm):
    r = gm("odds", "2d6 >= 7")
    assert r.exit_code == 0
    assert "2d6 >= 7: 58% (7/12)" in r.stdout
    chart = [line for line in r.stdout.splitlines() if "|" in line]
    assert len(chart) == 11 and all(len(line) <= 80 for line in chart)
    assert sum(1 for line in chart if line.startswith(">")) == 6
    assert "█" not in r.stdout  # piped: plain characters


@pytest.mark.parametrize("expr", ["2d6 >= x", "banana", "4d6kh9", ">= 3", "10d1000"])
def test_bad_expressions_exit_2_translated(gm, expr):
    r = gm("odds", expr, "--json")
    assert r.exit_code == 2 and r.stdout == ""
    fr = gm("--lang", "fr", "odds", expr)
    assert fr.exit_code == 2
    assert "Traceback" not in fr.stderr
    assert any(word in fr.stderr for word in ("n'est pas une expression", "on garde", "trop de résultats"))


def test_french_odds_reads_as_french(gm):
    r = gm("--lang", "fr", "odds", "3d6", ">=", "12")
    assert "3d6 >= 12 : 38\u00a0% (3/8) — moyenne 10,5" in r.stdout
    assert "Distribution (une ligne par total" in r.stdout


# --- Stuffed Fables -------------------------------------------------------------------------------


def _sf(gm, *stuffies):
    args = [a for s in stuffies or ("Lumpy", "Stitch") for a in ("--stuffie", s)]
    assert gm("stuffed-fables", "new", *args).exit_code == 0


def test_sf_odds_before_the_draw(gm):
    _sf(gm)
    assert gm("stuffed-fables", "encounter", "--monster", "Crawly").exit_code == 0
    r = gm("stuffed-fables", "odds", "--stuffie", "Lumpy", "--json")
    assert r.exit_code == 0, r
    o = r.json["odds"]
    assert o["rule"] == "stuffed-fables/threat-check" and o["monsters_in_play"] == 1
    # bag of 31 dice with 3 black, 5 drawn, one monster: at least one black die
    none = Fraction(1)
    for i in range(5):
        none *= Fraction(28 - i, 31 - i)
    assert Fraction(o["monster_turn"]["fraction"]) == 1 - none
    assert o["expected"]["black"] == pytest.approx(5 * 3 / 31)
    text = gm("stuffed-fables", "odds", "--stuffie", "Lumpy").stdout
    assert "minion turn at the end of this turn" in text and "stuffed-fables/threat-check" in text


def test_sf_action_commands_carry_the_odds_they_had(gm):
    _sf(gm)
    assert (
        gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "jaune rose orange vert blanc").exit_code
        == 0
    )
    r = gm("stuffed-fables", "odds", "--for", "test", "--colour", "jaune", "--target", "7", "--json")
    rows = r.json["odds"]["by_dice"]
    assert [row["fraction"] for row in rows] == ["0/1", "7/12"]
    r = gm("stuffed-fables", "recover", "--rolls", "5", "--value", "4", "--json")
    assert (
        r.json["odds"]["fraction"] == "1/2" and r.json["odds"]["rule"] == "stuffed-fables/stuffing-recovery"
    )
    r = gm(
        "stuffed-fables",
        "test",
        "--colour",
        "jaune",
        "--target",
        "7",
        "--dice",
        "jaune rose",
        "--rolls",
        "3 4",
        "--json",
    )
    assert r.exit_code == 0, r
    assert r.json["odds"]["fraction"] == "7/12" and r.json["odds"]["rule"] == "stuffed-fables/skill-test"
    fr = gm("--lang", "fr", "stuffed-fables", "odds", "--for", "melee", "--target", "4")  # orange left
    assert "Chance d'atteindre 4 : 1 dé 50\u00a0%." in fr.stdout


def test_sf_defence_odds(gm):
    _sf(gm)
    r = gm("stuffed-fables", "odds", "--for", "defend", "--attack", "3", "--stuffie", "Stitch", "--json")
    o = r.json["odds"]
    assert o["avoid"]["fraction"] == "2/3" and o["expected_lost_fraction"] == "1/2"
    assert o["unconscious"]["probability"] == 0


def test_sf_odds_bad_input(gm):
    _sf(gm)
    assert gm("stuffed-fables", "odds", "--for", "test").exit_code == 2
    assert gm("stuffed-fables", "odds", "--for", "jump", "--target", "3").exit_code == 2
    r = gm("--lang", "fr", "stuffed-fables", "odds", "--for", "search")
    assert r.exit_code == 2 and "Donnez la valeur" in r.stderr


# --- Too Many Bones -------------------------------------------------------------------------------


def test_tmb_scout_and_fatigue_odds(gm):
    adventure_day_2(gm)
    r = gm("tmb", "battle", "start", *LIVE_START, "--json")
    fatigue = r.json["odds"]["fatigue"]
    assert fatigue["rule"] == "tmb/fatigue" and fatigue["next_round"] == 2 and not fatigue["fatigue"]
    assert all(u["probability"] == 0 for u in fatigue["knock_out"])
    for _ in range(4):
        while gm("tmb", "battle", "next-turn").exit_code == 0:
            pass
        r = gm("tmb", "battle", "next-round", "--json")
        assert r.exit_code == 0, r
    assert r.json["round"] == 5
    assert gm("tmb", "battle", "hp", "Atomik", "1").exit_code == 0
    r = gm("tmb", "battle", "status", "--json")
    fatigue = r.json["odds"]["fatigue"]
    assert fatigue["fatigue"] and fatigue["next_round"] == 6
    by_name = {u["name"]: u for u in fatigue["knock_out"]}
    assert by_name["Atomik"]["fraction"] == "1/1"
    assert all(u["probability"] == (1 if u["hp"] <= 1 else 0) for u in fatigue["knock_out"])
    text = gm("tmb", "battle", "status").stdout
    assert "fatigue knocks out" in text and "Atomik" in text


def test_tmb_scout_odds(gm):
    for args in (
        ["new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--gearloc", "Atomik"],
        ["next-day"],
        ["encounter", "--peaceful"],
        ["success"],
        ["reward", "--progress", "1", "--training", "1"],
    ):
        assert gm("tmb", *args).exit_code == 0, args
    r = gm("tmb", "scout", "Atomik", "--roll", "6", "--stack", "20", "--json")
    assert r.exit_code == 0, r
    stacks = r.json["odds"]["stacks"]
    assert [stacks[k]["fraction"] for k in ("1", "5", "20")] == ["1/1", "1/2", "1/6"]
    text = gm("tmb", "scout", "Capitank", "--roll", "2").stdout
    assert (
        "Before the d6: a 1-point baddie 100%, a 5-point one possible 50%, a 20-point one possible 17%."
        in text
    )


def test_sf_no_usable_die_is_an_automatic_failure(gm):
    _sf(gm)
    gm("stuffed-fables", "draw", "--stuffie", "Lumpy", "--dice", "orange vert")
    r = gm("--lang", "fr", "stuffed-fables", "odds", "--for", "search", "--target", "4")
    assert "Aucun dé utilisable pour 4 : échec automatique (0\u00a0%)." in r.stdout
