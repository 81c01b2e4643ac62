"""Search quality: real table questions, French and English, accents dropped, typos; the expected
card must be in the top 3. Also the commands' contracts and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_assist.rules_ref.search import search

# (query, lang, expected card), shared with bench/rules_search.py. Accents dropped and typos on purpose.
ROOT = Path(__file__).resolve().parents[2]
QUERIES = [
    tuple(line.rstrip("\n").split("\t"))
    for line in (ROOT / "bench" / "rules_keywords.tsv").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
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
