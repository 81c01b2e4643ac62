"""Rules answers for the questions players ask (issue 17, issue 23 "Rules reference"): game context,
question words, synonyms, answers, honesty when unsure, spell correction in the query's language,
the cards' questions, and the index cache built safely."""

from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys

import pytest

from gm_assist.core.errors import EnvError
from gm_assist.games import GAMES
from gm_assist.rules_ref import index as I
from gm_assist.rules_ref import query as Q
from gm_assist.rules_ref import search as S
from gm_assist.rules_ref import tables as T
from gm_assist.rules_ref import words as W
from gm_assist.rules_ref.cards import QUESTIONS, all_cards, card_files, parse_card
from gm_assist.rules_ref.confidence import confidence_features
from gm_assist.rules_ref.ranking import ranked

# --- game context --------------------------------------------------------------------------------


def test_context_ranks_its_game_first():
    free = S.run("initiative", "en", None, 5)
    both = {"tmb/initiative", "mice-and-mystics/initiative"}  # without a game, either may come first
    assert free.game_context is None and {h.id for h in free.hits[:2]} == both
    ranked = S.run("initiative", "en", None, 50, context="mice-and-mystics")
    assert ranked.game_context == "mice-and-mystics"
    assert ranked.hits[0].id == "mice-and-mystics/initiative"
    games = [h.game for h in ranked.hits]
    assert "tmb" in games  # the other games' cards still follow, after the context's
    assert games == sorted(games, key=lambda g: g != "mice-and-mystics")


def test_a_question_naming_another_game_wins_over_the_context():
    result = S.run("fatigue in too many bones", "en", None, 3, context="insomnia")
    assert result.game_context == "tmb" and result.hits[0].id == "tmb/fatigue"


def test_a_question_about_the_game_itself_finds_its_overview():
    result = S.run("what is Sheepy Time about?", "en", None, 3, context="tmb")
    assert result.game_context == "insomnia" and result.hits[0].id == "insomnia/overview"


def test_cli_uses_the_current_session_and_all_games_turns_it_off(gm):
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    r = gm("rules", "search", "who plays first", "--json")
    assert r.exit_code == 0 and r.json["game_context"] == "insomnia"
    assert r.json["results"][0]["id"].startswith("insomnia/")
    r = gm("rules", "search", "initiative", "--all-games", "--json")
    assert r.json["game_context"] is None
    assert {x["id"] for x in r.json["results"][:2]} == {"tmb/initiative", "mice-and-mystics/initiative"}
    r = gm("rules", "search", "initiative", "--game", "souris", "--json")
    assert r.json["game_context"] == "mice-and-mystics"
    assert r.json["results"][0]["id"] == "mice-and-mystics/initiative"


def test_guided_lookup_starts_from_the_session_game(gm, keys, capsys):
    from gm_assist.core.errors import Cancelled
    from gm_assist.rules_ref.flow import lookup

    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    keys.send(keys.type("who plays first"), keys.ENTER, keys.CTRL_C)
    with pytest.raises(Cancelled):
        lookup()
    out = capsys.readouterr().out
    assert "insomnia/" in out and "tmb/initiative" not in out


# --- the JSON contract through the real CLI ---------------------------------------------------------


def test_search_json_has_context_confidence_and_answers(gm):
    r = gm("rules", "search", "what if two baddies have the same initiative", "--json")
    assert r.exit_code == 0
    data = r.json
    assert data["game_context"] is None and data["confident"] is True
    first = data["results"][0]
    assert first["id"] == "tmb/initiative"
    assert set(first) >= {"id", "title", "score", "answer", "snippet", "source"}
    body = " ".join(all_cards()["tmb/initiative"].body["en"].replace("*", "").split())
    assert first["answer"] and first["answer"].split(".")[0] in body  # sentences of the card itself
    assert "lane" in first["answer"].lower()  # the tie rule, not the first line of the card


def test_text_output_gives_the_answer_then_the_card_id(gm):
    out = gm("rules", "search", "une souris empoisonnée peut-elle être soignée", "--lang", "fr").stdout
    assert "antidote" in out and "(mice-and-mystics/poisoned)" in out


@pytest.mark.parametrize("query", ["xylophone quantum banana", "banane quantique xylophone"])
def test_nonsense_is_not_confident(gm, query):
    r = gm("rules", "search", query, "--json")
    assert r.exit_code == 0 and r.json["confident"] is False and r.json["closest"]
    text = gm("rules", "search", query).stdout
    assert "Nothing" in text and r.json["closest"][0]["id"] in text


def test_a_weak_match_says_so_and_lists_the_closest_cards(gm):
    r = gm("rules", "search", "xylophone fatigue quantum banana orchestra", "--json")
    assert r.json["confident"] is False and r.json["results"]
    assert r.json["closest"][0]["id"] == r.json["results"][0]["id"]
    assert "Nothing answers" in gm("rules", "search", "xylophone fatigue quantum banana orchestra").stdout


@pytest.mark.parametrize(
    "query, lang",
    [
        ("quel film regarder ce soir", "fr"),  # issue 35: tmb/battle-queue, confident
        ("film", "fr"),  # read as « fil » (file d'attente): confident
        ("ce soir", "fr"),  # tmb/recovery, confident
        ("tonight", "en"),
        ("is it going to rain tomorrow", "en"),
        ("on commande chinois ou japonais ?", "fr"),
        ("in Monopoly, do you collect money on free parking?", "en"),
        ("umbrella", "en"),
        ("grenouille", "fr"),
        ("zzzkrr plof", "en"),
    ],
)
@pytest.mark.parametrize("context", [None, "tmb", "insomnia"])
def test_off_topic_text_is_never_confident(query, lang, context):
    result = S.run(query, lang, None, 3, context)
    assert result.confident is False


@pytest.mark.parametrize(
    "query, lang, cards",
    [
        ("what does the purple bat monster need around it to attack", "en", {"shy-monsters/comfort-purple"}),
        # the FAQ card says it too (« Poison ne se cumule pas »): either answers
        ("est-ce que le poison se cumule sur un gearloc ?", "fr", {"tmb/effect-dice", "tmb/faq"}),
        ("does true damage go through my shields", "en", {"tmb/damage-types"}),
        ("how is the solo score counted in insomnia", "en", {"insomnia/solo-score"}),
        ("what if two baddies have the same initiative", "en", {"tmb/initiative"}),
        ("une souris empoisonnée peut-elle être soignée", "fr", {"mice-and-mystics/poisoned"}),
    ],
)
def test_real_questions_answered_first_are_confident(query, lang, cards):
    result = S.run(query, lang, None, 3)
    assert result.hits[0].id in cards and result.confident is True


def test_not_confident_says_so_in_the_json_and_the_text(gm):
    r = gm("rules", "search", "quel film regarder ce soir", "--lang", "fr", "--json")
    assert r.json["confident"] is False and r.json["closest"]
    assert (
        r.json["message"]
        == "Aucune fiche ne répond bien à « quel film regarder ce soir ». Les plus proches :"
    )
    sure = gm("rules", "search", "what if two baddies have the same initiative", "--json")
    assert sure.json["confident"] is True and sure.json["message"] is None
    out = gm("rules", "search", "quel film regarder ce soir", "--lang", "fr").stdout
    assert "Aucune fiche ne répond bien" in out and r.json["closest"][0]["id"] in out


# --- question words, negation, numbers ----------------------------------------------------------


@pytest.mark.parametrize(
    "question, keywords, lang",
    [
        ("how many dice can I store, what if I can't?", "dice store", "en"),
        ("combien de dés est-ce qu'on peut stocker, peut-on ?", "dés stocker", "fr"),
        ("quand est-ce que le cauchemar ne bouge pas", "cauchemar bouge", "fr"),
        ("what if the nightmare does not move", "nightmare move", "en"),
    ],
)
def test_question_words_and_negations_do_not_count(question, keywords, lang):
    assert Q.parse(question, lang).weights == Q.parse(keywords, lang).weights


@pytest.mark.usefixtures("word_scores")
def test_number_words_read_as_digits():
    assert W.words("round six, deux dés, twice") == ["round", "6", "2", "dice", "2"]
    assert S.run("what happens from round six", "en", None, 3).hits[0].id == "tmb/fatigue"


def test_dice_in_french_are_not_an_article():
    assert "dice" in W.words("combien de dés")
    assert "dice" not in W.words("combien des vilains")


# --- synonyms, both directions --------------------------------------------------------------------


@pytest.mark.parametrize(
    "one, other, lang",
    [("tie", "same initiative", "en"), ("égalité", "ex aequo", "fr"), ("knocked out", "KO", "en")],
)
def test_glossary_synonyms_apply_both_ways(one, other, lang):
    a, b = Q.parse(one, lang, game="tmb").weights, Q.parse(other, lang, game="tmb").weights
    assert set(W.stems(other, lang)) <= set(a) and set(W.stems(one, lang)) <= set(b)


def test_synonyms_of_another_language_stay_out_of_the_index_of_this_one():
    weights = Q.parse("tie", "en", game="tmb").weights
    assert not set(W.stems("égalité ex aequo", "fr")) - set(W.stems("égalité ex aequo", "en")) & set(weights)


# --- spell correction stays in the query's language ---------------------------------------------


@pytest.mark.parametrize(
    "question",
    ["une sourri empoisonee peut elle etre soignee", "souri empoisonee", "blesure poisson sourie"],
)
def test_a_misspelled_french_question_is_corrected_in_french(question):
    result = S.run(question, "en", None, 3)
    assert result.found_in == "fr" and "mice-and-mystics/poisoned" in [h.id for h in result.hits]
    assert "tmb/lore" not in [h.id for h in result.hits]  # "souri" is not corrected to "story"
    french = {w for (w,) in I.connect().execute("SELECT word FROM vocab WHERE lang='fr'")}
    assert result.corrections and set(result.corrections.values()) <= french


def test_an_english_typo_is_corrected_in_english():
    result = S.run("initative tie", "fr", None, 3)
    assert result.found_in == "en" and result.hits[0].id == "tmb/initiative"


# --- the cards' questions -------------------------------------------------------------------------


@pytest.mark.parametrize("path", card_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_card_lists_the_questions_it_answers(path):
    card = parse_card(path)
    for questions in (card.questions_en, card.questions_fr):
        assert QUESTIONS[0] <= len(questions) <= QUESTIONS[1], card.id
        assert len(set(questions)) == len(questions), card.id


_CARD = """+++
id = "tmb/x"
game = "tmb"
source = "p. 1"
questions_en = [{questions}]
[title]
en = "X"
fr = "X"
[keywords]
en = ["x"]
fr = ["x"]
+++
<!-- en -->
A body long enough to be a card, in English.

<!-- fr -->
Un corps assez long pour être une fiche, en français.
"""


@pytest.mark.parametrize("count, ok", [(2, False), (3, True), (12, True), (13, False)])
def test_a_card_lists_three_to_twelve_questions(tmp_path, count, ok):
    path = tmp_path / "x.md"
    path.write_text(_CARD.format(questions=", ".join(f'"Question {i}?"' for i in range(count))), "utf-8")
    if ok:
        assert len(parse_card(path).questions_en) == count
    else:
        with pytest.raises(EnvError):
            parse_card(path)


def test_break_exhausts_every_attack_die_that_damaged_the_baddie():
    card = all_cards()["tmb/baddie-skills"]
    assert "**every** Atk die" in card.body["en"] and "**tous** les dés d'atq" in card.body["fr"]


# --- the index cache ---------------------------------------------------------------------------------


def test_the_index_is_rebuilt_when_a_source_changes(home, tmp_path, monkeypatch, fresh_index):
    extra = tmp_path / "extra.md"
    extra.write_text("one", encoding="utf-8")
    real = I._sources
    monkeypatch.setattr(I, "_sources", lambda: [*real(), extra])
    I.connect()
    first = sorted((home / "cache").glob("rules-*.sqlite"))
    extra.write_text("two, longer", encoding="utf-8")
    I.reset()
    I.connect()
    second = sorted((home / "cache").glob("rules-*.sqlite"))
    assert len(first) == len(second) == 1 and first != second


def test_reset_forgets_everything_read_from_the_index(fresh_index):
    """Every cached reader of `tables` is marked `index.kept`, so an edited card or another home is
    never searched with what the old index said."""
    readers = [f for f in vars(T).values() if callable(getattr(f, "cache_clear", None))]
    assert readers and all(f in I._kept for f in readers)
    S.run("fatigue", "en")
    assert T.lens.cache_info().currsize and T.terms.cache_info().currsize
    I.reset()
    assert all(f.cache_info().currsize == 0 for f in readers) and I.meta.cache_info().currsize == 0


_BUILD = (
    "import sys; from gm_assist.rules_ref.search import run\n"
    "hits = run('fatigue', 'en').hits\n"
    "sys.exit(0 if hits and hits[0].id == 'tmb/fatigue' else 1)\n"
)


def test_several_processes_build_the_index_at_once(home):
    env = {**os.environ, "GM_ASSIST_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", _BUILD], env=env) for _ in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    cached = list((home / "cache").glob("rules-*.sqlite"))
    assert len(cached) == 1 and not list((home / "cache").glob("*.tmp"))
    db = sqlite3.connect(cached[0])
    assert db.execute("SELECT count(*) FROM cards").fetchone()[0] == 2 * len(all_cards())


def test_a_read_only_home_searches_without_the_cache(tmp_path, monkeypatch, fresh_index):
    from gm_assist.core import context

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the home should be")
    monkeypatch.setenv("GM_ASSIST_HOME", str(blocker))
    context.reset()
    assert S.run("fatigue", "en").hits[0].id == "tmb/fatigue"
    assert blocker.read_text() == "a file where the home should be"


def test_a_full_home_searches_without_the_cache(home, monkeypatch, fresh_index):
    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    assert S.run("fatigue", "en").hits[0].id == "tmb/fatigue"
    assert not list((home / "cache").glob("*.tmp")) and not list((home / "cache").glob("*.sqlite"))


def test_a_search_from_the_cached_index_stays_light(home):
    """Start-up budget: once the index is cached, `rules search` loads neither the cards' pydantic
    models nor the prompts or the file lock."""
    env = {**os.environ, "GM_ASSIST_HOME": str(home)}
    args = [
        sys.executable,
        "-X",
        "importtime",
        "-m",
        "gm_assist",
        "rules",
        "search",
        "what if two baddies tie",
    ]
    assert subprocess.run(args, env=env, capture_output=True).returncode == 0  # builds the cache
    r = subprocess.run([*args, "--json"], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-500:]
    loaded = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if "|" in line}
    assert not {"pydantic", "questionary", "filelock", "gm_assist.rules_ref.cards"} & loaded


def test_lang_of_the_cards_is_the_language_of_the_whole_answer(gm):
    r = gm(
        "--lang", "en", "rules", "search", "une souris empoisonnée peut-elle être soignée ?", "--lang", "fr"
    )
    assert r.exit_code == 0 and "Ensuite" in r.stdout and "Next" not in r.stdout
    r = gm("--lang", "fr", "rules", "show", "tmb/fatigue", "--lang", "en")
    assert r.exit_code == 0 and "Fatigue" in r.stdout and "Ensuite" not in r.stdout


def test_a_question_in_the_other_language_says_which_cards_answer(gm):
    r = gm("--lang", "en", "rules", "search", "combien de dés je pioche au début de mon tour")
    assert r.exit_code == 0 and "answers quoted from the French cards" in r.stdout
    r = gm("--lang", "fr", "rules", "search", "how many dice do I draw at the start of my turn")
    assert r.exit_code == 0 and "fiches en anglais" in r.stdout


@pytest.mark.parametrize(
    "query, lang",
    [
        ("where did you leave the car", "en"),
        ("when does the bakery open", "en"),
        ("how do i set an alarm", "en"),
        ("qui a pris le chargeur", "fr"),
        ("on mange à quelle heure", "fr"),
        ("range ta chambre", "fr"),
    ],
)
@pytest.mark.parametrize("context", [None, *GAMES])
def test_the_second_cards_margin_never_drops_below_zero(query, lang, context):
    """Everyday text whose best card scores next to 0 and whose second scores below it: the ratio of
    the two is no evidence; unbounded, it once made an everyday question certain (issue 35)."""
    q, scored, idf, _, _ = ranked(query, lang, None, context)
    features = confidence_features(q, scored, idf)
    assert features["margin"] >= 0 and all(math.isfinite(v) for v in features.values())
    assert S.run(query, lang, None, 3, context).confident is False
