"""`gm-assist tmb battle hit / effect / shields / bonus / backup` and the events every battle step
reports, through the real entry point (issue 21)."""

import pytest
from tests_tmb_battle_helpers import LIVE_START, adventure_day_2


def unit(doc, name):
    return next(u for u in doc["track"] if u["name"] == name)


def live(gm):
    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START).exit_code == 0


def test_poison_fires_at_the_start_of_the_units_turn_and_undo_puts_it_back(gm):
    live(gm)
    r = gm("tmb", "battle", "effect", "Capitank", "poison", "2", "--json")
    assert r.exit_code == 0, r
    assert unit(r.json, "Capitank")["effects"] == {"poison": 2} and r.json["events"] == []
    for _ in range(3):  # goblin, Atomik, toad, worm: then Capitank starts
        gm("tmb", "battle", "next-turn")
    r = gm("tmb", "battle", "next-turn", "--json")
    capitank = unit(r.json, "Capitank")
    assert r.json["current"] == "Capitank" and capitank["hp"] == 10 and capitank["effects"] == {"poison": 1}
    assert [e["key"] for e in r.json["events"]] == ["tmb_battle.event.poison"]
    assert r.json["events"][0]["rule"] == "tmb/effect-dice" and "2 True Dmg" in r.json["events"][0]["text"]
    party = {g["name"]: g["hp"] for g in r.json["party"]}
    assert party["Capitank"] == 10  # mirrored onto the sheet
    assert gm("undo").exit_code == 0
    back = gm("tmb", "battle", "status", "--json").json
    assert unit(back, "Capitank")["hp"] == 12 and unit(back, "Capitank")["effects"] == {"poison": 2}


def test_hit_spends_shields_then_buff_hp_then_hp(gm):
    live(gm)
    assert gm("tmb", "battle", "shields", "Atomik", "1").exit_code == 0
    assert gm("tmb", "battle", "bonus", "Atomik", "2", "--json").json["track"][1]["bonus_hp"] == 2
    r = gm("tmb", "battle", "hit", "Atomik", "4", "--crits", "1", "--json")
    assert r.exit_code == 0, r
    atomik = unit(r.json, "Atomik")
    assert (atomik["hp"], atomik["shields"], atomik["bonus_hp"]) == (7, 0, 0)
    assert r.json["events"][0]["params"] == {"name": "Atomik", "shields": 1, "bonus": 2, "hp": 2}
    assert r.json["label"] == "Atomik takes a hit: 4 Dmg, 1 True Dmg"


def test_backup_plan_bones_show_on_the_battle_screen_in_french(gm):
    live(gm)
    assert gm("tmb", "battle", "backup", "Capitank", "3").exit_code == 0
    assert gm("tmb", "battle", "effect", "ver", "sang", "2").exit_code == 0
    r = gm("--lang", "fr", "tmb", "battle", "status")
    text = r.stdout.replace("\u00a0", " ")
    assert "PB 3" in text and "Sang 2" in text and "jeton" in text


def test_a_hit_that_defeats_says_so(gm):
    live(gm)
    r = gm("tmb", "battle", "hit", "ver", "2", "--json")
    assert [e["key"] for e in r.json["events"]] == ["tmb_battle.event.hit", "tmb_battle.event.defeated"]
    text = gm("--lang", "fr", "tmb", "battle", "hit", "crapaud", "5").stdout
    assert "Crapaud des marais : 3 PV perdus." in text and "Crapaud des marais est vaincu" in text


BAD = [
    ["hit", "Atomik", "0"],
    ["hit", "Atomik", "-2"],
    ["effect", "Atomik", "rage", "2"],
    ["effect", "Atomik", "poison", "7"],
    ["bonus", "ver", "2"],  # Buff HP sit on a gearloc's mat
    ["backup", "golem", "1"],
    ["shields", "Atomik", "-1"],
    ["hit", "nobody", "2"],
]


@pytest.mark.parametrize("args", BAD)
def test_bad_bookkeeping_exits_2_and_saves_nothing(gm, args):
    live(gm)
    before = gm("tmb", "battle", "status", "--json").json
    r = gm("tmb", "battle", *args, "--json")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip() and "Traceback" not in r.stderr
    assert gm("tmb", "battle", "status", "--json").json == before


def challenge(gm, tyrant, *party):
    args = ["new", "--tyrant", tyrant, *[a for g in party for a in ("--gearloc", g, "--hp", f"{g}=6")]]
    progress = gm("tmb", *args, "--json").json["progress_needed"]
    for step in (
        ["next-day"],
        ["encounter", "--peaceful"],
        ["success"],
        ["reward", "--progress", str(progress)],
        ["next-day"],
        ["challenge"],
    ):
        assert gm("tmb", *step).exit_code == 0, step


def drellen_battle(gm, roll):
    """Drellen challenged by Picket alone: Drellen in lane 1, two bog baddies in lanes 2-3."""
    challenge(gm, "Drellen", "Picket")
    bog = ["--baddie", "Drellen=5:20:ranged", "--baddie", "bog A=2:3:melee", "--baddie", "bog B=4:3:melee"]
    r = gm("tmb", "battle", "start", *bog, "--gearloc", f"Picket={roll}", "--json")
    assert r.exit_code == 0, r
    return r


def test_drellen_refuses_damage_while_a_bog_baddie_stands_and_says_who(gm):
    r = drellen_battle(gm, roll=3)
    assert r.json["tyrant"] == "drellen" and unit(r.json, "bog A")["creature_type"] == "bog"
    r = gm("tmb", "battle", "hit", "Drellen", "3")
    assert r.exit_code == 2 and "bog A, bog B" in r.stderr and "Bog Ruler" in r.stderr
    assert gm("tmb", "battle", "effect", "Drellen", "poison", "2").exit_code == 2
    status = gm("tmb", "battle", "status", "--json").json
    assert unit(status, "Drellen")["hp"] == 20 and unit(status, "Drellen")["effects"] == {}


def test_the_tyrants_turn_reminds_its_skills(gm):
    drellen_battle(gm, roll=6)
    r = gm("tmb", "battle", "next-turn", "--json")  # Picket played: Drellen's turn starts
    assert r.json["current"] == "Drellen"
    assert [e["params"]["skill"]["en"] for e in r.json["events"]] == ["Poison Enhancer", "Poison 2"]
    text = gm("--lang", "fr", "tmb", "battle", "status").stdout
    assert "Drellen" in text


def test_nom_one_gearloc_at_a_time_with_lead(gm):
    challenge(gm, "Nom", "Picket", "Boomer")
    r = gm(
        "tmb",
        "battle",
        "start",
        *[a for n in "abcd" for a in ("--baddie", f"{n}=3:2:melee")],
        "--gearloc",
        "Picket=4",
        "--gearloc",
        "Boomer=5",
        "--lead",
        "boomer",
        "--json",
    )
    assert r.exit_code == 0, r
    assert [u["name"] for u in r.json["track"] if u["kind"] == "gearloc"] == ["Boomer"]
    assert r.json["reserve"] == [{"name": "Picket", "hp": 8}]  # 6 on the mat, +2 in adventure mode
    r = gm("tmb", "battle", "hit", "Boomer", "0", "--crits", "8", "--json")
    assert [e["key"].rsplit(".", 1)[1] for e in r.json["events"]] == ["hit", "knocked_out", "next_gearloc"]
    assert r.json["outcome"] is None and r.json["reserve"] == [{"name": "Picket", "hp": 8}]
    assert "Picket enters at the start of the next round" in gm("tmb", "battle", "status").stdout
    r = gm("tmb", "battle", "next-round", "--json")
    assert r.json["track"][0]["name"] == "Picket" and r.json["reserve"] == []
    assert gm("tmb", "battle", "start", "--lead", "Nobody").exit_code == 2
