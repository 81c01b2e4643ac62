"""Search quality: real table questions, French and English, accents dropped, typos; the expected
card must be in the top 3. Also the commands' contracts and bad input."""

from __future__ import annotations

import pytest

from gm_assist.rules_ref.search import search

# (query, lang, expected card). Accents dropped and typos on purpose in some.
QUERIES = [
    ("fatigue", "en", "tmb/fatigue"),
    ("fatige", "fr", "tmb/fatigue"),
    ("round 6 lose hp", "en", "tmb/fatigue"),
    ("initative", "en", "tmb/initiative"),
    ("jauge d'ini", "fr", "tmb/initiative"),
    ("baddie points", "en", "tmb/baddie-points"),
    ("points de vilains", "fr", "tmb/baddie-points"),
    ("battle queue", "en", "tmb/battle-queue"),
    ("file d'attente", "fr", "tmb/battle-queue"),
    ("crochetage", "fr", "tmb/lockpicking"),
    ("lockpick", "en", "tmb/lockpicking"),
    ("butin lourd", "fr", "tmb/heavy-loot"),
    ("heavy loot", "en", "tmb/heavy-loot"),
    ("scout the area", "en", "tmb/scouting"),
    ("explorer la zone", "fr", "tmb/scouting"),
    ("plan b", "fr", "tmb/backup-plan"),
    ("backup plan", "en", "tmb/backup-plan"),
    ("party wipe", "en", "tmb/party-wipe"),
    ("groupe hs", "fr", "tmb/party-wipe"),
    ("bonus hp", "en", "tmb/bonus-hp"),
    ("degats perforants", "fr", "tmb/damage-types"),
    ("true damage", "en", "tmb/damage-types"),
    ("deadly darts", "en", "tmb/deadly-darts"),
    ("entrainement", "fr", "tmb/training"),
    ("training points", "en", "tmb/training"),
    ("pillow", "en", "insomnia/pillow-scoring"),
    ("oreiller", "fr", "insomnia/pillow-scoring"),
    ("premier mouton", "fr", "insomnia/first-sheep"),
    ("first sheep marker", "en", "insomnia/first-sheep"),
    ("barriere", "fr", "insomnia/fence"),
    ("fence crossing", "en", "insomnia/fence"),
    ("reveille", "fr", "insomnia/woken-up"),
    ("solo score", "en", "insomnia/solo-score"),
    ("trampoline", "fr", "insomnia/tile-trampoline"),
    ("nightmare jump", "en", "insomnia/nightmare-jump"),
    ("piste menace", "fr", "stuffed-fables/threat-track"),
    ("threat track", "en", "stuffed-fables/threat-track"),
    ("des blancs rembourrage", "fr", "stuffed-fables/stuffing-recovery"),
    ("peluche inconsciente", "fr", "stuffed-fables/unconscious"),
    ("unconcious stuffie", "en", "stuffed-fables/unconscious"),
    ("monster turn", "en", "stuffed-fables/monster-turn"),
    ("store a die", "en", "stuffed-fables/store-die"),
    ("empetree", "fr", "mice-and-mystics/entangled"),
    ("entangled", "en", "mice-and-mystics/entangled"),
    ("roue a fromage", "fr", "mice-and-mystics/cheese-wheel"),
    ("cheese wheel surge", "en", "mice-and-mystics/cheese-wheel"),
    ("placement des ennemis", "fr", "mice-and-mystics/enemy-placement"),
    ("poison", "en", "mice-and-mystics/poisoned"),
    ("end of chapter", "en", "mice-and-mystics/carry-over"),
    ("comfort zone", "en", "shy-monsters/comfort-zones"),
    ("zone de confort", "fr", "shy-monsters/comfort-zones"),
    ("sauter", "fr", "shy-monsters/jump"),
    ("panique", "fr", "shy-monsters/fear"),
    ("monstre timide peur", "fr", "shy-monsters/fear"),
]


def hit_rate() -> tuple[float, list[tuple[str, str, list[str]]]]:
    misses = []
    for query, lang, expected in QUERIES:
        ids = [h.id for h in search(query, lang, None, 3)[0]]
        if expected not in ids:
            misses.append((query, expected, ids))
    return 1 - len(misses) / len(QUERIES), misses


def test_enough_queries():
    assert len(QUERIES) >= 40


def test_hit_rate_top3():
    rate, misses = hit_rate()
    assert misses == [], f"hit rate {rate:.0%}"


def test_game_filter():
    hits, _ = search("initiative", "en", "mice-and-mystics", 5)
    assert hits and all(h.id.startswith("mice-and-mystics/") for h in hits)


def test_cross_language_fallback():
    hits, found_in = search("vilain", "en", "tmb", 5)
    assert hits and found_in == "fr"
    assert all(h.title for h in hits)  # titles still shown in English


def test_search_json_contract(gm):
    r = gm("rules", "search", "fatige", "--json")
    assert r.exit_code == 0
    first = r.json["results"][0]
    assert set(first) >= {"id", "title", "score", "snippet", "source"}
    assert first["id"] == "tmb/fatigue"


def test_nothing_found_is_honest(gm):
    r = gm("rules", "search", "qwxzv", "--json")
    assert r.exit_code == 0 and r.json["results"] == [] and len(r.json["closest"]) == 3
    assert "Nothing found" in gm("rules", "search", "qwxzv").stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["rules", "search", " "], "Type some words"),
        (["rules", "search", "x", "--game", "chess"], "No rule cards for the game"),
        (["rules", "show", "tmb/fatigeu"], "tmb/fatigue"),
        (["rules", "search", "x", "--limit", "0"], "--limit"),
        (["rules", "glossary", "zzzqqq"], "No glossary term"),
    ],
)
def test_bad_input(gm, args, message):
    r = gm(*args)
    assert r.exit_code == 2 and message in r.stderr and r.stdout == ""


def test_show_renders_card_with_related(gm):
    r = gm("rules", "show", "tmb/fatigue")
    assert r.exit_code == 0 and "Fatigue" in r.stdout
    r = gm("rules", "show", "fatigue", "--lang", "fr", "--json")
    assert r.json["id"] == "tmb/fatigue" and r.json["related"]


def test_list_and_glossary(gm):
    cards = gm("rules", "list", "--game", "souris", "--json").json["cards"]
    assert cards and all(c["id"].startswith("mice-and-mystics/") for c in cards)
    terms = gm("rules", "glossary", "vilain", "--json").json["terms"]
    assert any(t["en"].lower().startswith("baddie") for t in terms)


def test_guided_lookup(keys, capsys):
    from gm_assist.core.errors import Cancelled
    from gm_assist.rules_ref.flow import lookup

    keys.send(keys.type("fatige"), keys.ENTER, keys.CTRL_C)
    with pytest.raises(Cancelled):
        lookup()
    assert "Fatigue" in capsys.readouterr().out
