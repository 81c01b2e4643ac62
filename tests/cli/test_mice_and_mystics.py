"""`gm-assist mice-and-mystics …` through the real entry point, with --json."""

from __future__ import annotations

import random

import pytest

from gm_assist.games.mice_and_mystics import catalog, rules

G = "mice-and-mystics"


def expected_order(mice, enemies, seed, track=()):
    cat = catalog.enemies()
    draw = rules.cards_to_place(list(track), mice, [cat[e] for e in enemies])
    return [
        c.name
        for c in rules.lay_out(list(track), draw, rules.shuffled(draw.cards, random.Random(seed))).track
    ]


# ---------------------------------------------------------------- initiative (calculator)


def test_initiative_first_placement_seeded(gm):
    r = gm(
        G,
        "initiative",
        "--mouse",
        "Tilda",
        "--mouse",
        "collin",
        "--enemy",
        "roach",
        "--enemy",
        "Rat Warrior",
        "--seed",
        "11",
        "--json",
    )
    assert r.exit_code == 0, r
    data = r.json
    assert data["order"] == expected_order(["Tilda", "Collin"], ["roach", "rat_warrior"], 11)
    assert sorted(data["order"]) == ["Collin", "Tilda", "rat_warrior", "roach"]
    assert data["added"] == ["roach", "rat_warrior"] and data["first"] is True and data["saved"] is False
    again = gm(
        G, "initiative", "--mouse", "Tilda,Collin", "--enemy", "cafard,rat guerrier", "--seed", "11", "--json"
    )
    assert again.json["order"] == data["order"]


def test_initiative_addition_keeps_track_and_ignores_duplicates(gm):
    r = gm(
        G,
        "initiative",
        "--track",
        "Tilda,roach,Nez",
        "--enemy",
        "roach",
        "--enemy",
        "spider",
        "--enemy",
        "vanestra",
        "--seed",
        "4",
        "--json",
    )
    assert r.exit_code == 0, r
    data = r.json
    assert data["order"][:3] == ["Tilda", "roach", "Nez"]
    assert sorted(data["order"][3:]) == [
        "spider",
        "vanestra/call",
        "vanestra/charm",
        "vanestra/sting",
        "vanestra/web",
    ]
    assert data["added"] == ["spider", "vanestra"] and data["ignored"] == ["roach"]
    highest = next(n for n in data["order"] if n.startswith("vanestra/"))
    assert data["ambush"] == {"vanestra": highest.split("/")[1]}


def test_initiative_order_dealt_by_the_table(gm):
    r = gm(
        G,
        "initiative",
        "--mouse",
        "Tilda",
        "--mouse",
        "Nez",
        "--enemy",
        "roach",
        "--present",
        "Cafard,nez,tilda",
        "--json",
    )
    assert r.exit_code == 0, r
    assert r.json["order"] == ["roach", "Nez", "Tilda"] and r.json["seed"] is None


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--mouse", "Tilda", "--enemy", "roach", "--present", "roach,Tilda", "--seed", "3"], "not both"),
        (["--mouse", "Tilda", "--enemy", "roach", "--present", "roach"], "exactly once"),
        (["--mouse", "Tilda", "--enemy", "roache"], "Did you mean"),
        (["--enemy", "roach"], "at least one mouse"),
        (["--mouse", "Tilda", "--enemy", "roach:zero"], "not an enemy"),
        (["--track", "Tilda,roach", "--enemy", "roach"], "No new initiative card"),
    ],
)
def test_initiative_bad_input_exit_2(gm, args, needle):
    r = gm(G, "initiative", *args, "--json")
    assert r.exit_code == 2, r
    assert needle in r.stderr and r.stdout == ""
    assert "Traceback" not in r.stderr


# ---------------------------------------------------------------- placement


def test_place_red_far_large_near_melee_and_unplaced(gm):
    r = gm(
        G,
        "place",
        "--space",
        "A:1",
        "--space",
        "B:6",
        "--space",
        "C:3:red",
        "--space",
        "D:2",
        "--enemy",
        "elite:5:small",
        "--enemy",
        "centipede:2:large",
        "--enemy",
        "roach:6:small",
        "--json",
    )
    assert r.exit_code == 0, r
    spaces = {p["space"]: p["enemies"] for p in r.json["placement"]}
    assert spaces["C"] == {"elite_rat_warrior": 4}  # red first
    assert spaces["B"] == {"elite_rat_warrior": 1, "roach": 3}  # then farthest; melee fills what is left
    assert spaces["A"] == {"centipede": 1} and spaces["D"] == {"centipede": 1}
    assert r.json["unplaced"] == {"roach": 3}


def test_place_nothing_left(gm):
    r = gm(G, "place", "--space", "A:1,B:2", "--enemy", "roach:2:small", "--json")
    assert r.json["unplaced"] == {}
    assert [p["enemies"] for p in r.json["placement"]] == [{"roach": 2}, {}]


def test_place_asks_for_unknown_size_then_remembers_it(gm, home):
    r = gm(G, "place", "--space", "A:1", "--enemy", "roach:2")
    assert r.exit_code == 2 and "roach:2:small" in r.stderr
    saved = gm(G, "enemy", "cafard", "--size", "petit", "--json")
    assert saved.exit_code == 0 and saved.json["enemy"]["size"] == "small"
    assert (home / "user" / "mice_and_mystics" / "enemies.json").exists()
    r = gm(G, "place", "--space", "A:1", "--enemy", "roach:2", "--json")
    assert r.exit_code == 0 and r.json["placement"][0]["enemies"] == {"roach": 2}
    listing = gm(G, "enemies", "--json").json["enemies"]
    roach = next(e for e in listing if e["id"] == "roach")
    assert roach["overridden"] == ["size"] and roach["confidence"] == "medium-low"
    gm(G, "enemy", "roach", "--reset")
    assert gm(G, "place", "--space", "A:1", "--enemy", "roach:2").exit_code == 2


def test_place_custom_type_with_full_spec(gm):
    r = gm(G, "place", "--space", "A:1", "--enemy", "Frog:1:large:melee", "--json")
    assert r.json["placement"][0]["enemies"] == {"Frog": 1}


@pytest.mark.parametrize(
    "args",
    [
        ["--space", "A", "--enemy", "roach:1:small"],
        ["--space", "A:x", "--enemy", "roach:1:small"],
        ["--space", "A:1:blue"],
        ["--space", "A:1", "--space", "A:2"],
        ["--enemy", "roach:1:small"],
        ["--space", "A:1", "--enemy", "roach:1:huge"],
    ],
)
def test_place_bad_input_exit_2(gm, args):
    r = gm(G, "place", *args, "--json")
    assert r.exit_code == 2, r
    assert r.stdout == "" and r.stderr.strip()


# ---------------------------------------------------------------- session


def status(gm):
    return gm(G, "status", "--json").json


def test_session_round_trip(gm):
    r = gm(G, "new", "--mouse", "Tilda", "--mouse", "Nez", "--end", "6", "--json")
    assert r.exit_code == 0 and r.json["mice"] == ["Tilda", "Nez"]
    r = gm(G, "initiative", "--enemy", "roach:2", "--seed", "9", "--json")
    assert r.json["saved"] is True
    assert r.json["order"] == expected_order(["Tilda", "Nez"], ["roach"], 9)
    s = status(gm)
    assert s["turn"] == r.json["order"][0] and s["minions"] == {"roach": 2} and s["round"] == 1
    assert s["runner"] == [n for n in s["order"] if n in ("Tilda", "Nez")][-1]
    for _ in range(3):
        assert gm(G, "next", "--json").exit_code == 0
    assert status(gm)["round"] == 2
    d = gm(G, "defeat", "roach", "--count", "2", "--by", "nez", "--json")
    assert d.json["removed"] is True and d.json["left"] == 0
    assert d.json["status"]["order"] == [n for n in r.json["order"] if n != "roach"]
    w = gm(G, "wheel", "6", "--json")
    assert w.json["events_flat"][0]["event"] == "surge" and w.json["hourglass"] == 1
    w = gm(G, "wheel", "6", "--json")
    assert w.json["events_flat"][0]["event"] == "surge_spent" and w.json["hourglass"] == 2
    # undo restores the exact previous state, and the shuffle is never redone differently
    assert gm("undo").exit_code == 0
    assert status(gm)["hourglass"] == 1


def test_quiet_round_cheese_and_undo_of_initiative(gm):
    gm(G, "new", "--mouse", "Tilda,Nez")
    r = gm(G, "initiative", "--seed", "1", "--json")  # mice only, no minion on the tile
    assert sorted(r.json["order"]) == ["Nez", "Tilda"]
    gm(G, "next")
    n = gm(G, "next", "--json")
    assert [e["event"] for e in n.json["events_flat"]] == ["quiet_cheese", "new_round"]
    assert n.json["status"]["wheel"] == 1
    gm("undo", "3")
    assert status(gm)["order"] == []
    gm("redo")
    assert status(gm)["order"] == r.json["order"]


def test_bad_input_in_session_saves_nothing(gm):
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Nez")
    gm(G, "initiative", "--enemy", "spider", "--seed", "2")
    before = status(gm)
    for args in (
        ["defeat", "spider", "--count", "2"],
        ["defeat", "roach"],
        ["wound", "Lily"],
        ["condition", "Tilda", "poisoned"],
        ["wheel", "--set", "6"],
        ["heal", "Tilda"],
        ["initiative", "--enemy", "spider", "--present", "spider", "--seed", "1"],
        ["cheese", "Nez", "2", "--spend"],
        ["feat", "nope", "Tilda"],
    ):
        r = gm(G, *args)
        assert r.exit_code == 2, (args, r)
        assert r.stderr.strip() and "Traceback" not in r.stderr
    assert status(gm) == before


def test_new_bad_input(gm):
    assert gm(G, "new", "--json").exit_code == 2
    r = gm(G, "new", "--mouse", "Tilda", "--mouse", "tilda")
    assert r.exit_code == 2 and "twice" in r.stderr
    assert gm("sessions", "--json").json["sessions"] == []


def test_mouse_records_feats_and_carry_over(gm):
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Nez", "--end", "5")
    assert gm(G, "item", "Tilda", "Staff", "--kind", "starting", "--equip").exit_code == 0
    for card in ("Sword", "Bow", "Scroll"):
        assert (
            gm(G, "item", "Tilda", card, "--kind", "scroll" if card == "Scroll" else "search").exit_code == 0
        )
    full = gm(G, "item", "Tilda", "Dagger")
    assert full.exit_code == 2 and "full" in full.stderr
    assert gm(G, "item", "Tilda", "Rope", "--kind", "groupe").exit_code == 0
    r = gm(G, "cheese", "Tilda", "3", "--rolled", "--json")
    assert r.json["status"]["feats"] == {"cheese_master": "Tilda"} and r.json["status"]["end_page"] == 6
    assert gm(G, "feat", "maitre fromager", "Nez").exit_code == 2
    gm(G, "wound", "Tilda", "-n", "2", "--poison")
    gm(G, "condition", "Tilda", "renversée")
    gm(G, "skill", "Tilda", "Healing Light")
    need = gm(G, "end-chapter")
    assert need.exit_code == 2 and "--keep Tilda=" in need.stderr
    r = gm(G, "end-chapter", "--keep", "tilda=bow", "--json")
    assert r.exit_code == 0, r
    tilda = r.json["status"]["mice"][0]
    assert [i["name"] for i in tilda["items"]] == ["Staff", "Bow"]
    assert (tilda["wounds"], tilda["poison"], tilda["cheese"], tilda["conditions"]) == (0, 0, 0, [])
    assert tilda["skills"] == ["Healing Light"]
    report = r.json["mice"][0]
    assert report["discarded_items"] == ["Sword", "Scroll", "Rope"] and report["heroic_feats"] == [
        "cheese_master"
    ]
    assert (r.json["done"], r.json["chapter"], r.json["status"]["feats"]) == (1, 2, {})


def test_reference_commands_in_french(gm):
    r = gm("--lang", "fr", "souris", "conditions", "--json")
    names = {c["id"]: c["name"] for c in r.json["conditions"]}
    assert names["entangled"] == "Empêtrée"
    stunned = next(c for c in r.json["conditions"] if c["id"] == "stunned")
    assert "recover" not in stunned["blocks"] and "battle" in stunned["blocks"]
    assert len(gm(G, "movement", "--json").json["movement"]) == 8
    menu = gm(G, "turn-menu", "--json").json
    assert [c["id"] for c in menu["actions"]] == ["scurry", "battle", "search", "recover", "explore"]
    assert gm(G, "bag", "--json").json["limit"] == 3
    feats = gm(G, "feats", "--json").json["feats"]
    assert {f["id"] for f in feats if f["advances_end"]} == {"cheese_master", "roach_slayer", "escape_artist"}
    text = gm("--lang", "fr", "souris", "feats")
    assert "Blatticide" in text.stdout and text.exit_code == 0


def test_text_output_names_rule_cards(gm):
    r = gm(G, "initiative", "--mouse", "Tilda", "--enemy", "brodie", "--seed", "1")
    assert r.exit_code == 0 and "mice-and-mystics/initiative" in r.stdout
    r = gm(G, "place", "--space", "A:1", "--enemy", "roach:1:small")
    assert "mice-and-mystics/enemy-placement" in r.stdout


def test_tile_swap_hourglass_items_capture(gm):
    gm(G, "new", "--mouse", "Filch", "--mouse", "Lily")
    r = gm(
        G,
        "initiative",
        "--enemy",
        "rat:2",
        "--enemy",
        "spider",
        "--present",
        "Filch,spider,Lily,rat",
        "--json",
    )
    assert r.json["order"] == ["Filch", "spider", "Lily", "rat_warrior"]
    s = gm(G, "swap", "rat guerrier", "--json")
    assert s.json["order"] == ["Filch", "spider", "rat_warrior", "Lily"]
    assert s.json["status"]["runner"] == "Lily"
    assert gm(G, "swap", "Filch").exit_code == 2
    h = gm(G, "hourglass", "--page", "3", "--end", "4", "--json")
    assert (h.json["hourglass"], h.json["end_page"]) == (3, 4) and h.json["events_flat"] == []
    h = gm(G, "hourglass", "--page", "4", "--json")
    assert h.json["events_flat"][0]["event"] == "chapter_lost"
    assert gm(G, "hourglass").exit_code == 2
    gm(G, "item", "Filch", "Dagger", "--equip")
    g = gm(G, "item", "Filch", "dagger", "--give", "lily", "--json")
    assert g.json["status"]["mice"][1]["items"] == [{"name": "Dagger", "kind": "search", "equipped": False}]
    assert gm(G, "item", "Lily", "Dagger", "--equip", "--json").json["mouse"]["bag"] == 0
    assert gm(G, "item", "Lily", "Dagger", "--drop", "--json").json["mouse"]["items"] == []
    assert gm(G, "item", "Lily", "Dagger", "--drop").exit_code == 2
    gm(G, "wound", "Filch", "--poison")
    c = gm(G, "capture", "Filch", "--json")
    assert [e["event"] for e in c.json["events_flat"]] == ["captured", "feat"]
    assert c.json["status"]["feats"] == {"rat_poison_eater": "Filch"}
    n = gm(G, "narrative", "Filch", "Freed the prisoners", "--json")
    assert n.json["mouse"]["narrative_feats"] == ["Freed the prisoners"]
    t = gm(G, "tile", "--name", "Kitchen", "--json")
    assert (t.json["tile"], t.json["tile_name"]) == (2, "Kitchen")
    assert t.json["status"]["order"] == ["Filch", "Lily"] and t.json["status"]["minions"] == {}
    # a new tile: no enemy on the track, so the next initiative reshuffles everything
    r = gm(G, "initiative", "--enemy", "roach:1", "--seed", "3", "--json")
    assert r.json["first"] is True and sorted(r.json["order"]) == ["Filch", "Lily", "roach"]


def test_session_commands_without_session_exit_2(gm):
    for args in (["status"], ["next"], ["wound", "Tilda"], ["end-chapter"]):
        r = gm(G, *args)
        assert r.exit_code == 2 and "No current session" in r.stderr


def test_condition_history_speaks_the_reader_s_language(gm):
    """A condition's journal label keeps both editions' names: the history reads right in either."""
    assert gm(G, "new", "--mouse", "Tilda").exit_code == 0
    assert gm("--lang", "en", G, "condition", "Tilda", "webbed").exit_code == 0
    assert gm("--lang", "en", G, "condition", "Tilda", "webbed", "--remove").exit_code == 0
    fr = [e["label"] for e in gm("--lang", "fr", "history", "--json").json["entries"]]
    en = [e["label"] for e in gm("--lang", "en", "history", "--json").json["entries"]]
    assert fr[-2:] == ["Tilda : Empêtrée", "Tilda : fin de l'effet Empêtrée"]
    assert en[-2:] == ["Tilda: Entangled", "Tilda: Entangled removed"]


def test_feat_history_names_the_feat_in_the_reader_s_language(gm):
    """The journal label names the feat (never its id), in the language the history is read in."""
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Nez")
    assert gm(G, "feat", "roach-slayer", "Tilda").exit_code == 0
    assert gm("history", "--json").json["entries"][-1]["label"] == "Tilda earns Roach Slayer"
    assert gm("--lang", "fr", "history", "--json").json["entries"][-1]["label"] == "Tilda obtient Blatticide"


def test_initiative_history_names_enemy_types_in_the_reader_s_language(gm):
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Collin")
    assert gm(G, "initiative", "--enemy", "roach:3", "--enemy", "rat:2", "--seed", "3").exit_code == 0
    en = gm("history", "--json").json["entries"][-1]["label"]
    fr = gm("--lang", "fr", "history", "--json").json["entries"][-1]["label"]
    assert "Roach" in en and "Rat Warrior" in en and "roach" not in en and "rat_warrior" not in en
    assert "Cafard" in fr and "Rat guerrier" in fr


def test_initiative_history_names_boss_cards_in_the_reader_s_language(gm):
    """A boss's cards read as on the track (« Vanestra Toile »), never as ids (« Vanestra/web »)."""
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Collin")
    dealt = "vanestra/web,Tilda,vanestra/sting,Collin,vanestra/charm,vanestra/call"
    assert gm(G, "initiative", "--enemy", "vanestra", "--present", dealt).exit_code == 0
    en = gm("history", "--json").json["entries"][-1]["label"]
    fr = gm("--lang", "fr", "history", "--json").json["entries"][-1]["label"]
    assert en.endswith("Vanestra Web, Tilda, Vanestra Sting, Collin, Vanestra Charm, Vanestra Call")
    assert fr.endswith("Vanestra Toile, Tilda, Vanestra Dard, Collin, Vanestra Charme, Vanestra Appel")


def test_defeats_read_right_in_french_whatever_the_enemy_s_gender(gm):
    """« Araignée » is feminine, « Cafard » masculine: the French words agree with « figurine »,
    never « Le dernier Araignée est vaincu »."""
    gm(G, "new", "--mouse", "Tilda", "--mouse", "Collin")
    assert gm(G, "initiative", "--enemy", "spider", "--enemy", "roach:2", "--seed", "1").exit_code == 0
    out = gm("--lang", "fr", G, "defeat", "spider").stdout
    assert "Araignée : 1 figurine vaincue" in out
    assert "Araignée : la dernière figurine est vaincue, sa carte initiative quitte la piste." in out
    assert "Cafard : 2 figurines vaincues" in gm("--lang", "fr", G, "defeat", "roach", "-n", "2").stdout


def test_new_with_a_number_beyond_any_count_is_refused_and_saves_nothing(gm) -> None:  # noqa: ANN001
    """Found by the menu explorer (issue 32): a chapter typed as 1000000000000 was saved, and the
    game was then called damaged at every command. A state the app cannot read back is never
    written: the same refusal as for a change."""
    r = gm("mice-and-mystics", "new", "--mouse", "Tilda", "--chapter", "1000000000000")
    assert r.exit_code == 2 and "state.chapter" in r.stderr and "Nothing was changed" in r.stderr, r
    assert gm("sessions", "--json").json["sessions"] == []
    assert gm("mice-and-mystics", "new", "--mouse", "Tilda", "--chapter", "3").exit_code == 0
    assert gm("show", "--json").exit_code == 0
