"""Questions asking for advice (issue 35): the cards hold rules, so a request for tips or a strategy is
never answered with confidence, whatever words it shares with a card; the table is told why."""

from __future__ import annotations

import json

import pytest

from gm_assist.rules_ref.cards import all_cards, players_questions
from gm_assist.rules_ref.search import run
from gm_assist.rules_ref.words import asks_advice


@pytest.mark.parametrize(
    "query, lang",
    [
        ("the kids won't go to sleep, any bedtime tips", "en"),
        ("any tips to beat drellen?", "en"),
        ("what's the best strategy with the cheese", "en"),
        ("des conseils pour que les enfants aillent au lit ?", "fr"),
        ("une astuce pour battre le tyran ?", "fr"),
        ("quelle stratégie pour gagner plus de dodos", "fr"),
    ],
)
def test_a_request_for_advice_is_never_answered_with_confidence(query, lang):
    result = run(query, lang)
    assert asks_advice(query) and result.advice
    assert result.hits and not result.confident


@pytest.mark.parametrize(
    "query",
    [
        "which piece do I tip over with carnet des reves",
        "what happens when a sheep tips over",
        "can I save my bones",
        "le conseil des souris",  # a council is not advice
        "who goes first",
    ],
)
def test_a_rules_question_does_not_ask_for_advice(query):
    assert not asks_advice(query)


def test_no_card_question_nor_players_question_asks_for_advice():
    """Every question a card answers is a rules question: none may read as a request for advice."""
    asked = [q for card in all_cards().values() for lang in ("en", "fr") for q in card.questions(lang)]
    asked += [q for questions in players_questions().values() for q in questions]
    assert len(asked) > 1000
    assert [q for q in asked if asks_advice(q)] == []


def test_the_table_is_told_the_cards_hold_rules_not_advice(gm):
    out = gm("--lang", "fr", "rules", "search", "une astuce pour battre le tyran ?", "--json")
    data = json.loads(out.stdout)
    assert data["confident"] is False and data["advice"] is True and data["other_game"] is None
    assert "demande un conseil" in data["message"] and data["closest"]
    text = gm("rules", "search", "any tips to beat drellen?").stdout
    assert "asks for advice" in text and "Next:" in text
