"""Questions about other games (issue 35): a question naming a game that is not ours is never answered
with confidence, and says which game it seems to be about; no card of ours holds such a name."""

from __future__ import annotations

import json

import pytest

from gm_assist.core.errors import EnvError
from gm_assist.rules_ref import cards as cards_mod
from gm_assist.rules_ref.cards import all_cards, glossary, other_games, synonyms
from gm_assist.rules_ref.index import _game_names, _other_game_names
from gm_assist.rules_ref.search import run
from gm_assist.rules_ref.words import words


def test_no_card_glossary_or_game_name_holds_another_games_name():
    texts = []
    for card in all_cards().values():
        for lang in ("en", "fr"):
            texts += [card.text("title", lang), card.text("body", lang), *card.questions(lang)]
            texts += card.text("keywords", lang) or []
    texts += [p for s in synonyms() for p in s.phrases()]
    texts += [p for term in glossary() for p in (term.en, term.fr, *term.also)]
    texts += list(_game_names())
    folded = {" " + " ".join(words(text)) + " ": text for text in texts}  # each text read once
    names = _other_game_names()
    clashes = {(name, text[:60]) for name in names for f, text in folded.items() if f" {name} " in f}
    opening = [name.removeprefix("^") for name in names if name.startswith("^")]
    clashes |= {
        (name, text[:60]) for name in opening for f, text in folded.items() if f.startswith(f" {name} ")
    }
    assert opening and not clashes


@pytest.mark.parametrize(
    "query, lang, card",
    [
        ("can i jump in an L like a knight in chess", "en", "shy-monsters/jump"),
        ("le saut en L comme le cavalier aux échecs, c'est permis ?", "fr", "shy-monsters/jump"),
    ],
)
def test_a_name_that_counts_only_at_the_opening_is_ours_elsewhere(query, lang, card):
    result = run(query, lang, None, 3, "shy-monsters")
    assert result.other_game is None and result.hits[0].id == card


def test_no_players_question_reads_as_another_games():
    """The questions players asked about our games (the read sets, `players_questions`) never name a game
    that is not ours: a name added to the list must not take one of them away."""
    from gm_assist.rules_ref.cards import players_questions
    from gm_assist.rules_ref.query import other_game

    asked = [q for questions in players_questions().values() for q in questions]
    assert len(asked) > 1000
    assert [q for q in asked if other_game(words(q))] == []


def test_every_other_game_has_a_name_to_look_for():
    assert len(other_games()) >= 50
    for game in other_games():
        assert all(words(p) for p in game.phrases()), game.name


@pytest.mark.parametrize(
    "query, lang, name",
    [
        ("playing Risk, how many dice does the defender roll?", "en", "Risk"),
        ("catan: can i trade with the bank on my turn", "en", "Catan"),
        ("au Monopoly on touche combien en passant par la case départ", "fr", "Monopoly"),
        ("dans les Aventuriers du Rail on pioche combien de cartes", "fr", "Ticket to Ride"),
        ("en jouant à Pandémie, combien de cartes en main au maximum ?", "fr", "Pandemic"),
        ("risk: how many dice does the attacker roll", "en", "Risk"),
        ("in risk how many dice does the attacker roll", "en", "Risk"),  # as « au Risk »
        ("à risk le défenseur lance combien de dés", "fr", "Risk"),  # « à Risk » opening the question
        ("chess how does the knight move", "en", "chess"),
        ("aux échecs le roi peut se déplacer de deux cases ?", "fr", "chess"),
        ("petits chevaux faut faire un 6 pour sortir ?", "fr", "Ludo"),  # named in French
        ("can players trade property cards with each other?", "en", "Monopoly"),  # a phrase only it uses
        ("est-ce qu'on peut échanger des cartes propriété entre joueurs ?", "fr", "Monopoly"),
        # games a family names at the table (the second list, 2026-11-29)
        ("au jeu du président le trou du cul donne ses meilleures cartes ?", "fr", "President"),
        ("in a game of hearts do you pass three cards to the left", "en", "Hearts"),
        ("au Skyjo on retourne combien de cartes au début", "fr", "Skyjo"),
        ("mario kart how many laps in a race", "en", "Mario Kart"),
        ("aux dominos on pioche combien de dominos au départ", "fr", "dominoes"),
    ],
)
def test_a_question_naming_another_game_is_not_answered_with_confidence(query, lang, name):
    result = run(query, lang)
    assert result.hits and not result.confident and result.other_game == name


def test_a_question_naming_one_of_our_games_too_is_ours():
    result = run("in Too Many Bones, unlike Gloomhaven, when does fatigue start?", "en")
    assert result.other_game is None and result.hits[0].id == "tmb/fatigue"


def test_the_table_reads_the_other_game_in_its_language(gm):
    out = gm("--lang", "fr", "rules", "search", "à Pandemic, combien de cartes en main ?", "--json")
    data = json.loads(out.stdout)
    assert data["confident"] is False and data["other_game"] == "Pandemic"
    assert "autre jeu (Pandémie)" in data["message"] and data["closest"]
    text = gm("rules", "search", "in a game of Risk how many dice does the defender roll?").stdout
    assert "another game (Risk)" in text and "Next:" in text


def test_a_damaged_list_of_other_games_is_a_clear_error(tmp_path, monkeypatch):
    (tmp_path / "_other_games.toml").write_text('[[game]]\nnom = "Risk"\n', "utf-8")
    monkeypatch.setattr(cards_mod, "rules_dir", lambda: tmp_path)
    other_games.cache_clear()
    try:
        with pytest.raises(EnvError):
            other_games()
    finally:
        other_games.cache_clear()
