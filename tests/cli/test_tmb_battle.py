"""`gm-assist tmb queue / initiative / baddie / battle …` through the real entry point (--json)."""

import pytest
from tests_tmb_battle_helpers import LIVE_ORDER, LIVE_START, adventure_day_2


def test_queue_day_4_three_gearlocs(gm):
    r = gm("tmb", "queue", "--day", "4", "--gearlocs", "3", "--json")
    assert r.exit_code == 0, r
    assert r.json["points"] == 12 and r.json["queue"] == [5, 5, 1, 1]


def test_queue_text_shows_the_why(gm):
    r = gm("tmb", "queue", "--day", "4", "--gearlocs", "3")
    assert "12 = day 4 × 3 gearlocs → 5, 5, 1, 1" in r.stdout and "tmb/baddie-points" in r.stdout


def test_queue_extra_points_before_and_added_chips_after(gm):
    r = gm(
        "tmb",
        "queue",
        "--day",
        "6",
        "--gearlocs",
        "3",
        "--extra-points",
        "2",
        "--add",
        "1",
        "--add",
        "5",
        "--json",
    )
    assert r.json["points"] == 20 and r.json["queue"] == [20, 5, 1]
    assert gm("tmb", "queue", "-d", "6", "-g", "3", "--json").json["queue"] == [5, 5, 5, 1, 1, 1]


BAD_QUEUE = [
    ["--day", "0", "--gearlocs", "3"],
    ["--day", "2", "--gearlocs", "0"],
    ["--day", "2", "--gearlocs", "5"],
    ["--day", "2", "--gearlocs", "2", "--add", "3"],
]


@pytest.mark.parametrize("args", BAD_QUEUE)
def test_queue_bad_input_exit_2(gm, args):
    r = gm("tmb", "queue", *args, "--json")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip()


def test_queue_without_session_asks_for_day_and_gearlocs(gm):
    r = gm("tmb", "queue")
    assert r.exit_code == 2 and "--day" in r.stderr


def test_initiative_order_and_gearloc_tie(gm):
    r = gm(
        "tmb",
        "initiative",
        "--baddie",
        "3",
        "--baddie",
        "goblin=5",
        "--baddie",
        "3",
        "--gearloc",
        "Capitank=3",
        "--gearloc",
        "Atomik=6",
        "--json",
    )
    assert r.exit_code == 0, r
    order = r.json["order"]
    assert [(e["name"], e["kind"], e["lane"], e["initiative"]) for e in order] == [
        ("Atomik", "gearloc", None, 6),
        ("goblin", "baddie", 2, 5),
        ("Capitank", "gearloc", None, 3),
        ("Lane 1", "baddie", 1, 3),
        ("Lane 3", "baddie", 3, 3),
    ]
    assert [e["tie_with_gearloc"] for e in order] == [False, False, True, True, True]
    assert r.json["needs_choice"] is True


def test_initiative_tie_settled_with_first(gm):
    r = gm(
        "tmb",
        "initiative",
        "--baddie",
        "4",
        "--baddie",
        "4",
        "--gearloc",
        "Furax=4",
        "--first",
        "Lane 1",
        "--first",
        "furax",
        "--json",
    )
    assert [e["name"] for e in r.json["order"]] == ["Lane 1", "Furax", "Lane 2"]
    assert r.json["needs_choice"] is False


def test_first_never_puts_a_baddie_above_a_lower_lane_of_its_tie(gm):
    """Issue 34.7 (p. 17): equal baddies go by lane; only a gearloc's place in a tie is the party's."""
    args = ("tmb", "initiative", "--baddie", "3", "--baddie", "3", "--baddie", "3", "--gearloc", "A=3")
    r = gm(*args, "--first", "Lane 2")
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    assert "Lane 2 cannot go above Lane 1: tied baddies keep their lane order" in r.stderr
    r = gm(*args, "--first", "Lane 1", "--first", "Lane 2", "--json")
    assert [e["name"] for e in r.json["order"]] == ["Lane 1", "Lane 2", "A", "Lane 3"]


def test_equal_baddies_lower_lane_first_without_flag(gm):
    r = gm("tmb", "initiative", "--baddie", "2", "--baddie", "x=2", "--json")
    assert [e["lane"] for e in r.json["order"]] == [1, 2] and r.json["ties"] == []


@pytest.mark.parametrize(
    "args", [["--baddie", "7"], ["--gearloc", "G=0"], ["--baddie", "1"] * 5, ["--gearloc", "nonumber"]]
)
def test_initiative_bad_input(gm, args):
    r = gm("tmb", "initiative", *args, "--json")
    assert r.exit_code == 2 and r.stdout == ""


def test_baddie_add_then_listed_and_used(gm):
    r = gm(
        "tmb",
        "baddie",
        "add",
        "Ver des marais",
        "--points",
        "1",
        "--initiative",
        "3",
        "--hp",
        "2",
        "--attack",
        "melee",
        "--json",
    )
    assert r.exit_code == 0, r
    listed = gm("tmb", "baddie", "list", "--json").json["baddies"]
    worm = [b for b in listed if b["id"] == "bog-worm"]
    assert len(worm) == 1 and worm[0]["initiative"] == 3 and worm[0]["user"] is True
    assert gm("tmb", "baddie", "add", "X", "--points", "3").exit_code == 2


def test_live_example_day_2_battle(gm):
    adventure_day_2(gm)
    assert gm("tmb", "queue", "--json").json["queue"] == [1, 1, 1, 1]
    r = gm("tmb", "battle", "start", *LIVE_START, "--json")
    assert r.exit_code == 0, r
    track = r.json["track"]
    assert [u["name"] for u in track] == LIVE_ORDER
    assert [u["lane"] for u in track if u["kind"] == "baddie"] == [4, 1, 2, 3]
    assert r.json["round_die"] == "M1" and r.json["current"] == "tricheur goblin"
    assert gm("tmb", "status", "--json").json["scouted"]["1"] == []
    gm("tmb", "battle", "next-turn")
    r = gm("tmb", "battle", "damage", "ver des marais", "2", "--json")
    assert "ver des marais" not in [u["name"] for u in r.json["track"]]
    gm("tmb", "battle", "next-turn")
    r = gm("tmb", "battle", "next-turn", "--json")
    assert r.json["current"] == "Capitank"
    r = gm("tmb", "battle", "damage", "capitank", "2", "--json")
    assert [p["hp"] for p in r.json["party"] if p["name"] == "Capitank"] == [10]
    gm("tmb", "battle", "next-turn")
    gm("tmb", "battle", "next-turn")
    assert gm("tmb", "battle", "next-turn").exit_code == 2
    r = gm("tmb", "battle", "next-round", "--json")
    assert r.exit_code == 0, r
    assert r.json["round"] == 2 and r.json["round_die"] == "M2"


def test_battle_bad_input_saves_nothing(gm):
    adventure_day_2(gm)
    assert (
        gm(
            "tmb", "battle", "start", "--baddie", ":4:3", "--gearloc", "Capitank=2", "--gearloc", "Atomik=5"
        ).exit_code
        == 2
    )  # three chips not given
    assert gm("tmb", "battle", "start", *LIVE_START[:-2], "--gearloc", "Atomik=7").exit_code == 2
    assert gm("tmb", "battle", "status").exit_code == 2  # still no battle
    gm("tmb", "battle", "start", *LIVE_START)
    before = gm("tmb", "battle", "status", "--json").json
    for args in (
        ["defeat", "5"],
        ["defeat", "0"],
        ["place", "1", "--lane", "9", "--position", "melee"],
        ["damage", "nobody", "1"],
        ["damage", "1", "0"],
        ["ko", "1"],
        ["end"],
    ):
        r = gm("tmb", "battle", *args)
        assert r.exit_code == 2 and r.stderr.strip(), (args, r)
    assert gm("tmb", "battle", "status", "--json").json == before
    assert "does not exist" in gm("tmb", "battle", "defeat", "5").stderr


def test_undo_restores_the_exact_previous_track(gm):
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    before = gm("tmb", "battle", "status", "--json").json
    gm("tmb", "battle", "defeat", "2")
    gm("tmb", "battle", "move", "Atomik", "3")
    gm("tmb", "battle", "next-turn")
    r = gm("tmb", "battle", "next-round", "--json")
    assert r.exit_code == 0, r
    assert [u["name"] for u in r.json["track"]][-1] == "Atomik"
    for _ in range(4):
        assert gm("undo").exit_code == 0
    assert gm("tmb", "battle", "status", "--json").json == before


def test_victory_then_end_and_success(gm):
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    for lane in ("1", "2", "3"):
        gm("tmb", "battle", "defeat", lane)
    r = gm("tmb", "battle", "damage", "4", "3", "--json")
    assert r.json["outcome"] == "victory"
    r = gm("tmb", "battle", "end", "--json")
    assert r.exit_code == 0 and r.json["closed"] is True
    assert gm("tmb", "success").exit_code == 0


def test_party_wipe_returns_unbeaten_baddies(gm):
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    gm("tmb", "battle", "damage", "Capitank", "20")
    r = gm("tmb", "battle", "ko", "Atomik", "--json")
    assert r.json["outcome"] == "defeat"
    r = gm("tmb", "battle", "end", "--json")
    assert len(r.json["returned"]) == 4 and all(p["ko"] for p in r.json["party"])


def challenge_drellen(gm, *party):
    """Drellen challenged on day 2: a peaceful day 1 gave the 6 progress points."""
    day_1 = (["next-day"], ["encounter", "--peaceful"], ["success"], ["reward", "--progress", "6"])
    for args in (["new", "--tyrant", "Drellen", *party], *day_1, ["next-day"], ["challenge"]):
        assert gm("tmb", *args).exit_code == 0, args


DRELLEN_AND_BOGS = (
    "--baddie",
    "Drellen=5:20:ranged",
    "--baddie",
    "bog A=2:3:melee",
    "--baddie",
    "bog B=4:3:melee",
)
"""Drellen's tyrant battle: the tyrant in lane 1 and two bog baddies."""


def test_drellen_tyrant_battle_uses_the_set_up_data(gm):
    challenge_drellen(gm, "--gearloc", "Capitank", "--gearloc", "Atomik")
    r = gm(
        "tmb",
        "battle",
        "start",
        *DRELLEN_AND_BOGS,
        "--baddie",
        "x=1:2:melee",
        "--gearloc",
        "Capitank=3",
        "--gearloc",
        "Atomik=1",
        "--json",
    )
    assert r.exit_code == 0, r
    baddies = [u for u in r.json["track"] if u["kind"] == "baddie"]
    lanes = {u["name"]: (u["lane"], u["points"], u["tyrant"]) for u in baddies}
    assert lanes == {
        "Drellen": (1, 20, True),
        "bog A": (2, 1, False),
        "bog B": (3, 1, False),
        "x": (4, 1, False),
    }
    assert r.json["queue"] == [1, 1, 1] and r.json["tyrant_battle"] is True
    assert r.json["ties"] == [["Atomik", "x"]]
    r = gm("tmb", "battle", "defeat", "Drellen", "--json")
    assert r.json["outcome"] == "victory"  # a tyrant battle ends as soon as the tyrant dies
    text = gm("tmb", "battle", "status").stdout
    assert "The tyrant is defeated: the battle ends at once" in text  # the words say why (issue 21)
    assert "No baddie left" not in text and "enters lane" not in text


def test_a_lost_tyrant_battle_never_puts_the_tyrant_in_a_stack(gm):
    challenge_drellen(gm, "--gearloc", "Capitank", "--hp", "Capitank=5")
    r = gm(
        "tmb",
        "battle",
        "start",
        *DRELLEN_AND_BOGS,
        "--gearloc",
        "Capitank=3",
        "--json",
    )
    assert r.exit_code == 0, r
    assert gm("tmb", "battle", "ko", "Capitank").exit_code == 0  # party wipe
    r = gm("tmb", "battle", "end", "--json")
    assert r.exit_code == 0, r
    assert [chip["points"] for chip in r.json["returned"]] == [1, 1], r.json["returned"]  # never the tyrant
    assert ": 1, 1." in gm("tmb", "battle", "status").stdout


def test_graveyard_refills_an_emptied_stack(gm):
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    for lane in ("1", "2", "3", "4"):
        gm("tmb", "battle", "defeat", lane)
    r = gm("tmb", "battle", "end", "--json")
    dead = ["crapaud des marais", "ver des marais", "golem d'argile", "tricheur goblin"]
    assert sorted(r.json["graveyard"]["1"]) == sorted(dead)
    r = gm("tmb", "battle", "refill", "1", "--json")
    assert r.exit_code == 0 and len(r.json["chips"]) == 4 and r.json["graveyard"] == {}
    assert gm("tmb", "battle", "refill", "1").exit_code == 2  # nothing left to rebuild it with
    assert gm("tmb", "battle", "refill", "3").exit_code == 2


def test_move_accepts_negative_steps_as_written(gm):
    """`tmb battle move X -3` (three places up, as the help says) is a number, not an option."""
    adventure_day_2(gm)
    gm("tmb", "battle", "start", *LIVE_START)
    r = gm("tmb", "battle", "move", "Atomik", "-3", "--json")
    assert r.exit_code == 0, r
    assert any(m["steps"] == -3 for m in gm("tmb", "battle", "status", "--json").json["pending_moves"])


@pytest.mark.parametrize(
    ("tyrant", "party", "expected"),
    [("Duster", ["Picket", "Boomer"], [1, 1, 20]), ("Nom", ["Picket"], None)],
)
def test_queue_during_a_tyrant_challenge_is_the_battles_own_set_up(gm, tyrant, party, expected):
    """One source for the tyrant battle's set-up: `tmb queue`, `challenge` and `battle start`."""
    from gm_assist.core.session import load
    from gm_assist.games.tmb.battle.actions import start_queue

    args = ["new", "--tyrant", tyrant, *[a for g in party for a in ("--gearloc", g, "--hp", f"{g}=5")]]
    progress = gm("tmb", *args, "--json").json["progress_needed"]
    reward = ["reward", "--progress", str(progress)]
    for step in (["next-day"], ["encounter", "--peaceful"], ["success"], reward, ["next-day"]):
        assert gm("tmb", *step).exit_code == 0, step
    challenged = gm("tmb", "challenge")
    assert challenged.exit_code == 0 and "Tyrant battle set-up:" in challenged.stdout
    assert "Baddie points for the queue: 0" not in challenged.stdout
    shown = gm("tmb", "queue", "--json").json
    built = [c.points for c in start_queue(load("tmb")[1], True)[0]]
    assert shown["tyrant_battle"] is True and shown["queue"] == built
    if expected is not None:
        assert built == expected
