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


def _unsure(games: list[str], likely: float = 0.5, context: str | None = None):
    from gm_assist.rules_ref.search import Hit, Result

    hits = [Hit(f"{g}/card{i}", "Title", 1.0, "", "", "en", g) for i, g in enumerate(games)]
    return Result(hits, "en", context, confidence=likely)


@pytest.mark.parametrize(
    "games, likely, context, named",
    [
        (["tmb", "insomnia", "tmb"], 0.5, None, ["Too Many Bones", "Insomnia"]),
        (["tmb", "tmb", "tmb"], 0.5, None, []),  # one game: naming it settles nothing
        (["tmb", "insomnia"], 0.5, "tmb", []),  # a game is in context already
        (["tmb", "insomnia"], 0.05, None, []),  # likelier about something else than about our games
        (["tmb", "tmb", "tmb", "insomnia"], 0.5, None, []),  # only the three closest cards count
    ],
)
def test_an_unsure_answer_over_several_games_asks_which_game(games, likely, context, named):
    """Nothing answers "how many bad guys at once" well, and its closest cards are of two games: the
    message names them and says how to name the game; not when one game, a context or off-topic text."""
    from gm_assist.rules_ref.search import unsure_message

    message = unsure_message(_unsure(games, likely, context), "how many bad guys at once")
    assert all(name in message for name in named)
    assert ("--game" in message) is bool(named)
    assert message.endswith("The closest cards:")


def test_the_command_and_the_guided_lookup_say_which_games(gm, keys, capsys, monkeypatch):
    """Through the real entry point (no session): « solo » is Insomnia's and Shy Monsters' word."""
    r = gm("rules", "search", "solo", "--json")
    assert not r.json["confident"] and "Shy Monsters" in r.json["message"] and "`--game`" in r.json["message"]
    assert sorted(r.json["games"]) == ["insomnia", "shy-monsters"]
    french = gm("rules", "search", "solo", "--lang", "fr").stdout
    assert "plusieurs jeux" in french
    first, other = r.json["games"]  # the text's next step is the command that asks the first game
    assert f"`gm-assist rules search solo --game {first}`" in french and f"aussi {other}." in french
    named = gm("rules", "search", "solo", "--game", "insomnia", "--json").json
    assert "several games" not in (named["message"] or "") and named["games"] == []
    from gm_assist.core.context import ctx
    from gm_assist.core.errors import Cancelled
    from gm_assist.rules_ref.flow import lookup

    monkeypatch.setattr(ctx(), "guided", True)  # worded for the menus, as `gm-assist` words them
    keys.send(keys.type("solo"), keys.ENTER, keys.CTRL_C)
    with pytest.raises(Cancelled):
        lookup()
    assert "pick its game below" in capsys.readouterr().out


def test_the_guided_lookup_asks_the_same_question_about_the_game_picked(keys, capsys, monkeypatch):
    """No session, « solo » fits Insomnia and Shy Monsters: the results offer to search each game's
    cards, first; picking one answers the same question about that game without typing it again."""
    from gm_assist.core.context import ctx
    from gm_assist.core.errors import Cancelled
    from gm_assist.games import title
    from gm_assist.rules_ref import flow, search

    monkeypatch.setattr(ctx(), "guided", True)
    asked, offered, contexts = [], [], []
    monkeypatch.setattr(flow, "text", lambda message, **_: asked.append(message) or "solo")
    real_select, real_run = flow.select, search.run
    monkeypatch.setattr(flow, "select", lambda m, choices: offered.append(choices) or real_select(m, choices))
    monkeypatch.setattr(search, "run", lambda *a: contexts.append(a[4]) or real_run(*a))
    keys.send(keys.select(1), keys.CTRL_C)  # the second entry: "Search in" the second game
    with pytest.raises(Cancelled):
        flow.lookup()
    games = search.several_games(real_run("solo", "en", None, 8, None))
    assert sorted(games) == ["insomnia", "shy-monsters"]
    first, then = offered
    assert [label for _, label in first[:2]] == [f"↪ Search in {title(g)}" for g in games]
    assert contexts == [None, games[1]] and len(asked) == 1  # the question was typed once
    assert then[0][0].startswith(games[1] + "/") and not any(v and v.startswith("game:") for v, _ in then)
    assert "pick its game below" in capsys.readouterr().out
