"""`gm-assist stuffed-fables …` through the real entry point, with --json."""

from __future__ import annotations

import pytest

SF = "stuffed-fables"


def total_dice(status: dict) -> int:
    stored = sum(1 for s in status["stuffies"] for sl in s["slots"] if sl["die"])
    task = sum(status["group_task"]["dice"].values()) if status["group_task"] else 0
    return (
        sum(status["bag"].values())
        + sum(status["hand"].values())
        + status["track"]
        + sum(status["discard"].values())
        + stored
        + task
    )


def start(gm, *names: str) -> dict:
    args = [a for n in (names or ("Lumpy", "Stitch")) for a in ("--stuffie", n)]
    r = gm(SF, "new", *args, "--json")
    assert r.exit_code == 0, r
    return r.json


# --- calculators ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("black", "monsters", "stuffies", "outcome"),
    [("0", "0", "3", "none"), ("2", "2", "3", "monsters"), ("1", "2", "3", "none"), ("3", "0", "3", "surge")],
)
def test_threat_json(gm, black, monsters, stuffies, outcome):
    r = gm(SF, "threat", "--black", black, "--monsters", monsters, "--stuffies", stuffies, "--json")
    assert r.exit_code == 0, r
    assert r.json["outcome"] == outcome
    assert r.json["rule"] == f"stuffed_fables.threat.rule.{outcome}"
    assert r.json["rule_text"]


def test_threat_alias_and_french(gm):
    r = gm("--lang", "fr", "peluches", "threat", "--black", "3", "--monsters", "0", "--stuffies", "3")
    assert r.exit_code == 0 and "Répercussion" in r.stdout


def test_defend_json(gm):
    r = gm(SF, "defend", "--attack", "4", "--roll", "1", "--json")
    assert r.json["stuffing_lost"] == 3 and r.json["die_kept"] is False
    r = gm(SF, "defend", "--attack", "3", "--roll", "5", "--json")
    assert r.json["stuffing_lost"] == 0 and r.json["die_kept"] is True
    r = gm(SF, "defend", "--attack", "3", "--json")
    assert r.json["stuffing_lost"] == 3 and r.json["die_kept"] is None


@pytest.mark.parametrize(
    "args",
    [
        ("threat", "--black", "-1", "--monsters", "0", "--stuffies", "2"),
        ("threat", "--black", "1", "--monsters", "-2", "--stuffies", "2"),
        ("defend", "--attack", "-3"),
        ("defend", "--attack", "3", "--roll", "9"),
    ],
)
def test_calculators_bad_input(gm, args):
    r = gm(SF, *args, "--json")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip()
    assert "Traceback" not in r.stderr


def test_colours_json_and_editions(gm):
    r = gm(SF, "colours", "--json")
    assert r.json["edition"] == "fr"
    assert [c["id"] for c in r.json["colours"]][:5] == ["orange", "green", "yellow", "pink", "purple"]
    r = gm(SF, "colours", "--edition", "en", "--json")
    assert "blue" in [c["id"] for c in r.json["colours"]]


def test_user_override_renames_a_colour(gm, home):
    path = home / "user" / "stuffed_fables"
    path.mkdir(parents=True)
    (path / "dice.toml").write_text(
        '[fr.pink]\nnames = { en = "blue", fr = "bleu" }\naliases = ["bleu"]\n', encoding="utf-8"
    )
    start(gm)
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "bleu", "--json")
    assert r.exit_code == 0, r
    assert r.json["dice"] == ["pink"]


# --- session ---------------------------------------------------------------------------------------


def test_new_session(gm):
    data = start(gm, "lumpy", "Stitch", "Ziggy")
    assert data["unknown_stuffies"] == ["Ziggy"]
    assert [s["name"] for s in data["status"]["stuffies"]] == ["Lumpy", "Stitch", "Ziggy"]
    assert data["bag"]["black"] == 4 and data["bag"]["white"] == 4
    assert data["status"]["next"] == "draw"


def test_full_turn_with_threat_and_monster_turn(gm):
    start(gm)
    r = gm(SF, "encounter", "--monster", "Crawly", "--json")
    assert r.json["entered"][0]["position"] == 1
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange,blanc,noir,rose,vert", "--json")
    assert r.exit_code == 0 and r.json["status"]["next"] == "recover"
    n = total_dice(r.json["status"])
    r = gm(SF, "recover", "--rolls", "5", "--value", "5", "--json")
    assert r.json["check"]["success"] and r.json["status"]["stuffies"][0]["stuffing"] == 6
    r = gm(SF, "place-threat", "--json")
    assert r.json["spaces"] == [1]
    r = gm(SF, "store", "--die", "rose", "--json")
    assert r.json["status"]["stuffies"][0]["slots"][0]["die"] == "pink"
    r = gm(
        SF, "attack", "--monster", "crawly", "--dice", "orange", "--rolls", "2", "--defense", "4", "--json"
    )
    assert r.json["hit"] is False
    r = gm(SF, "end-turn", "--json")
    assert r.json["threat"]["outcome"] == "monsters" and r.json["order"] == ["Crawly"]
    assert r.json["status"]["pending"] == "monsters"
    r = gm(SF, "activate", "--roll", "3", "--json")
    assert r.json["monster"]["name"] == "Crawly" and r.json["had_die"] is True
    r = gm(
        SF,
        "monster-attack",
        "--stuffie",
        "Lumpy",
        "--attack",
        "2",
        "--slot",
        "board",
        "--roll",
        "4",
        "--json",
    )
    assert r.json["defense"]["die_kept"] is True
    r = gm(SF, "monsters-end", "--json")
    status = r.json["status"]
    assert status["pending"] is None and status["track"] == 0 and status["discard"] == {}
    assert total_dice(status) == n


def test_random_draw_is_stored_and_undo_does_not_reroll(gm):
    start(gm)
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--random", "--seed", "11", "--json")
    assert r.exit_code == 0 and len(r.json["dice"]) == 5 and r.json["seed"] == 11
    drawn = r.json["dice"]
    assert gm("undo").exit_code == 0
    assert gm("redo").exit_code == 0
    r = gm(SF, "status", "--json")
    assert sum(r.json["status"]["hand"].values()) == 5
    assert sorted(k for k, v in r.json["status"]["hand"].items() for _ in range(v)) == sorted(drawn)


def test_surge_then_monsters_from_surge(gm):
    start(gm)
    gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "noir,noir,orange")
    r = gm(SF, "end-turn", "--json")
    assert r.json["threat"]["outcome"] == "surge"
    r = gm(SF, "draw", "--stuffie", "Stitch", "--dice", "orange")
    assert r.exit_code == 2 and "surge" in r.stderr.lower()
    r = gm(SF, "surge", "--monster", "Grizzlor:boss", "--json")
    assert r.json["monsters_enter"] and r.json["status"]["monsters"][0]["stuffing"] == 2
    assert r.json["status"]["pending"] == "monsters"


def status_of(gm) -> dict:
    return gm(SF, "status", "--json").json["status"]


@pytest.mark.parametrize(
    "args",
    [
        ("draw", "--stuffie", "Lumpy", "--dice", "turquoise"),  # unknown colour
        ("draw", "--stuffie", "Lumpy", "--random", "--count", "-1"),  # negative count
        ("draw", "--stuffie", "Lumpy", "--random", "--count", "40"),  # more dice than exist
        ("draw", "--stuffie", "Lumpy", "--dice", "noir,noir,noir,noir"),  # more black dice than exist
        ("draw", "--stuffie", "Nobody", "--dice", "orange"),  # unknown stuffie
        ("draw", "--stuffie", "Lumpy"),  # neither --dice nor --random
        ("encounter", "--monster", "Crawly:dragon"),
        ("adjust", "--stuffie", "Lumpy", "--stuffing", "-2"),
        ("adjust", "--track", "-1"),
        ("adjust", "--track", "9"),  # more black dice than exist
        ("adjust", "--track", "1", "--stuffie", "Lumpy", "--stuffing", "2"),
        ("adjust", "--stuffie", "Lumpy", "--slot", "board", "--die", "blanc"),
        ("adjust", "--stuffie", "Lumpy", "--slot", "board"),  # no --die
    ],
)
def test_bad_input_exit_2_nothing_saved(gm, args):
    start(gm)
    before = status_of(gm)
    r = gm(SF, *args, "--json")
    assert r.exit_code == 2, r
    assert r.stdout == "" and r.stderr.strip() and "Traceback" not in r.stderr
    assert status_of(gm) == before


def test_unknown_colour_message_suggests(gm):
    start(gm)
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orang")
    assert r.exit_code == 2 and "orange" in r.stderr


def test_stored_die_on_brave_card_cannot_defend_cli(gm):
    start(gm)
    assert gm(SF, "adjust", "--stuffie", "Lumpy", "--add-slot", "brave1", "--brave").exit_code == 0
    gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange")
    assert gm(SF, "store", "--die", "orange", "--slot", "brave1").exit_code == 0
    gm(SF, "encounter", "--monster", "Crawly")
    gm(SF, "draw", "--dice", "noir")
    r = gm(SF, "end-turn", "--json")
    assert r.json["threat"]["outcome"] == "monsters"
    before = status_of(gm)
    r = gm(SF, "monster-attack", "--stuffie", "Lumpy", "--attack", "2")  # before any minion acts
    assert r.exit_code == 2 and "--force" in r.stderr and "activation" in r.stderr
    assert gm(SF, "activate", "--roll", "3").exit_code == 0
    before = status_of(gm)
    r = gm(SF, "monster-attack", "--stuffie", "Lumpy", "--attack", "2", "--slot", "brave1", "--roll", "6")
    assert r.exit_code == 2 and "brave" in r.stderr.lower()
    assert status_of(gm) == before
    assert "Crawly has moved: if a stuffie is in reach it attacks once" in gm(SF, "status").stdout
    assert gm(SF, "monster-attack", "--stuffie", "Lumpy", "--attack", "1").exit_code == 0
    r = gm(SF, "monster-attack", "--stuffie", "Lumpy", "--attack", "1")  # a second attack
    assert r.exit_code == 2 and "already attacked" in r.stderr and "--force" in r.stderr
    assert gm(SF, "monster-attack", "--stuffie", "Lumpy", "--attack", "1", "--force").exit_code == 0


def test_empty_bag_refilled_mid_draw_cli(gm):
    start(gm, "Lumpy")  # one stuffie: 25 attribute dice + 2 white + 2 black = 29
    for colour in ("orange", "vert", "jaune", "rose", "violet"):
        r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", ",".join([colour] * 5), "--json")
        assert r.exit_code == 0 and not r.json["refilled"], r
        gm(SF, "end-turn")
    # the bag holds 2 white + 2 black: the fifth die comes from the discard, put back mid-draw
    r = gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "blanc,blanc,noir,noir,orange", "--json")
    assert r.exit_code == 0, r
    assert r.json["refilled"] is True
    status = r.json["status"]
    assert status["discard"] == {} and sum(status["bag"].values()) == 24 and total_dice(status) == 29


def test_text_output_says_next_step(gm):
    gm(SF, "new", "--stuffie", "Lumpy")
    r = gm(SF, "draw", "--dice", "orange,vert", "--stuffie", "Lumpy")
    assert r.exit_code == 0 and "Next:" in r.stdout and "stuffed-fables/draw-dice" in r.stdout


def test_giving_the_last_stuffing_is_announced_with_its_card(gm):
    """Encouragement with the last stuffing: the giver falls unconscious, and the screen says so."""
    start(gm)
    assert gm(SF, "adjust", "--stuffie", "Lumpy", "--stuffing", "1").exit_code == 0
    gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange")
    r = gm(SF, "encourage", "--to", "Stitch", "--die", "orange", "--give-stuffing")
    assert r.exit_code == 0, r
    assert "Lumpy" in r.stdout and "unconscious" in r.stdout and "stuffed-fables/unconscious" in r.stdout
    assert next(s for s in status_of(gm)["stuffies"] if s["name"] == "Lumpy")["unconscious"]


def test_usage_errors_name_what_was_typed(gm):
    r = gm(SF, "threat", "--black", "2", "--monsters", "1", "--stuffies", "0")
    assert r.exit_code == 2 and "--stuffies 0" in r.stderr and "--stuffie NAME" not in r.stderr


def test_expected_count_only_for_a_random_encounter(gm):
    start(gm)
    named = gm(SF, "encounter", "--monster", "Crawly", "--json").json
    assert "expected" not in named
    drawn = gm(SF, "encounter", "--random", "--monster", "Grub", "--monster", "Gnat", "--json").json
    assert drawn["expected"] == 2


def test_no_hand_line_before_anyone_drew(gm):
    assert gm(SF, "new", "--stuffie", "Lumpy").exit_code == 0
    assert "Hand of" not in gm(SF, "status").stdout
    assert gm(SF, "draw", "--stuffie", "Lumpy", "--dice", "orange").exit_code == 0
    assert "Hand of Lumpy: 1 orange" in gm(SF, "status").stdout


def test_adjust_reaches_every_counter(gm):
    """Issue 23: the corrections reach the stored dice, a minion's threat space and the threat
    track too, every die staying in one zone."""
    start(gm)
    gm(SF, "encounter", "--monster", "Crawly", "--monster", "Grub:boss")
    r = gm(SF, "adjust", "--stuffie", "Lumpy", "--slot", "board", "--die", "rose", "--json")
    assert r.exit_code == 0, r
    assert r.json["status"]["stuffies"][0]["slots"][0]["die"] == "pink"
    r = gm(SF, "adjust", "--stuffie", "Lumpy", "--slot", "board", "--die", "none", "--json")
    status = r.json["status"]
    assert status["stuffies"][0]["slots"][0]["die"] is None and status["discard"] == {"pink": 1}
    r = gm(SF, "adjust", "--monster", "grub", "--position", "1", "--stuffing", "1", "--json")
    assert [(m["name"], m["position"], m["stuffing"]) for m in r.json["status"]["monsters"]] == [
        ("Grub", 1, 1),
        ("Crawly", 2, 0),
    ]
    r = gm(SF, "adjust", "--track", "2", "--json")
    assert r.exit_code == 0 and r.json["status"]["track"] == 2 and total_dice(r.json["status"]) == 31
    assert "Black dice on the threat track: 2" in gm(SF, "adjust", "--track", "2").stdout
