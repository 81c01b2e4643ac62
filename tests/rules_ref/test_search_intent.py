"""Issue 35 §2, the seventh pass on rules search quality: what kind of answer a question asks for
(`words.intents`), a summary card giving way to the card it points to, and the lean of a question's
words toward the game whose cards use them. The word search alone (the sentence model would settle
some of these close calls itself)."""

from __future__ import annotations

import pytest

from gm_assist.rules_ref import index as I
from gm_assist.rules_ref import meaning
from gm_assist.rules_ref import query as Q
from gm_assist.rules_ref import ranking as R
from gm_assist.rules_ref import search as S
from gm_assist.rules_ref import tables as T
from gm_assist.rules_ref.words import intents


@pytest.fixture(autouse=True)
def _words_alone(monkeypatch):
    monkeypatch.setattr(meaning, "_engine", lambda: None)


@pytest.mark.parametrize(
    "question, kinds",
    [
        ("who moves the rats and roaches, which player does it", {"who"}),
        ("le vilain au corps à corps il attaque qui", {"who"}),
        ("Qui lance les dés pour les sbires ?", {"who"}),
        ("le héros marche sur un monstre qui panique, il meurt ?", set()),  # a relative « qui »
        ("rolled 3 bones on my attack, can i save them", {"can"}),
        ("on a le droit de traverser un trait plein en se déplaçant ?", {"can"}),
        ("on change de tuile, on pose les méchants où ?", {"where"}),
        ("tu peux jouer ou passer", {"can"}),  # « ou » (or) is not « où »
        ("je pose mes dés noirs avant ou après mes actions ?", {"when"}),
        ("how many dice do I roll", {"count"}),
        ("combien de cases", {"count"}),
        ("fatigue", set()),
    ],
)
def test_question_words_say_what_kind_of_answer_is_wanted(question, kinds):
    assert intents(question) == kinds


@pytest.mark.usefixtures("word_scores")
def test_cards_asked_the_same_way_lean_up(monkeypatch):
    """A card's score grows by INTENT_SHARE × the share of its own questions asked the same way."""
    q = "who rolls the dice for the baddies"
    base = {h.id: h.score for h in S.run(q, "en", None, 20, "tmb").hits}
    monkeypatch.setattr(R, "INTENT_SHARE", 0.0)
    flat = {h.id: h.score for h in S.run(q, "en", None, 20, "tmb").hits}
    asked = T.lens("en")["tmb/baddie-turn"][3]
    share = sum("who" in kinds for *_, kinds in asked) / len(asked)
    assert share > 0
    assert base["tmb/baddie-turn"] > flat["tmb/baddie-turn"]
    for card in set(base) & set(flat):
        assert base[card] >= flat[card] - 1e-6


def test_summary_cards_are_the_cards_pointing_to_many_others():
    hubs = I.meta()["hubs"]
    assert "mice-and-mystics/enemy-placement" in hubs["mice-and-mystics/chapter"]
    assert "tmb/day-phases" in hubs and "tmb/fatigue" not in hubs


@pytest.mark.usefixtures("cards_alone")
@pytest.mark.parametrize("context", [None, "mice-and-mystics"])
def test_a_summary_card_yields_to_the_card_it_points_to(context):
    """Issue 35: « on change de tuile, on pose les méchants où ? » found the chapter's summary first
    and the card on placing enemies second."""
    hits = S.run("on change de tuile, on pose les méchants où ?", "fr", None, 3, context).hits
    assert hits[0].id == "mice-and-mystics/enemy-placement"
    assert "mice-and-mystics/chapter" in [h.id for h in hits]


@pytest.mark.parametrize("reading", ["words", "words+meaning"])
def test_the_issue_s_summary_example_with_the_players_questions(reading, monkeypatch):
    """The players' questions (`_asked.toml`) gave the chapter « quand on change de tuile »: with them,
    placing enemies must still come first."""
    if reading == "words":
        monkeypatch.setattr(meaning, "_engine", lambda: None)
    question = "on change de tuile, on pose les méchants où ?"
    assert S.run(question, "fr", None, 3).hits[0].id == "mice-and-mystics/enemy-placement"


def test_a_pointed_to_card_asking_what_is_asked_needs_less_of_the_summary_s_score(monkeypatch):
    """Placing enemies once scored just under half of the chapter on the issue's example, and the
    chapter came first (the learned sets have since mended the scores, not the rule). The chapter's
    questions never ask where, many of placing enemies' do, so the share placing enemies must reach
    shrinks (`HUB_INTENT_SCALE`): at 40 % of the summary's score it takes the summary's place, which
    the flat half (`HUB_SCORE`) would refuse."""
    monkeypatch.setattr(meaning, "_engine", lambda: None)
    q, *_ = R.ranked("on change de tuile, on pose les méchants où ?", "fr", None, None)
    scored = [("mice-and-mystics/chapter", 100.0, 0.5), ("mice-and-mystics/enemy-placement", 40.0, 0.5)]
    assert q.intents == {"where"}
    assert R._yield_to_targets(q, scored)[0][0] == "mice-and-mystics/enemy-placement"
    monkeypatch.setattr(R, "HUB_INTENT_SCALE", False)
    assert R._yield_to_targets(q, scored) == scored


@pytest.mark.usefixtures("cards_alone")
@pytest.mark.parametrize("context", [None, "mice-and-mystics"])
def test_a_summary_card_yields_to_the_card_that_answers_what_is_asked(context, monkeypatch):
    """ "new room, where do the roaches go" (fifteenth set) names no word of placing enemies' title or
    keywords that the chapter's lack, but asks where, as placing enemies' questions do."""
    question = "new room, where do the roaches go"
    assert S.run(question, "en", None, 3, context).hits[0].id == "mice-and-mystics/enemy-placement"
    monkeypatch.setattr(R, "HUB_INTENT", False)
    assert S.run(question, "en", None, 3, context).hits[0].id != "mice-and-mystics/enemy-placement"


def test_a_summary_keeps_its_place_when_the_question_is_about_it():
    hits = S.run("comment se déroule un chapitre", "fr", None, 3, "mice-and-mystics").hits
    assert hits[0].id == "mice-and-mystics/chapter"


def test_a_word_leans_toward_the_game_whose_cards_use_it():
    q = Q.parse_in_its_language("un vilain peut-il passer", "fr", None)
    lean = R.game_lean(q, R._score(q, None)[1])
    assert max(lean, key=lean.__getitem__) == "tmb"
    assert sum(lean.values()) == pytest.approx(1.0)


def test_the_lean_is_soft_and_only_without_a_context(monkeypatch):
    q = "un vilain peut-il passer à travers un autre"
    base = {h.id: h.score for h in S.run(q, "fr", None, 20).hits}
    ctx = {h.id: h.score for h in S.run(q, "fr", None, 20, "tmb").hits}
    monkeypatch.setattr(R, "GAME_SOFT", 0.0)
    flat = {h.id: h.score for h in S.run(q, "fr", None, 20).hits}
    flat_ctx = {h.id: h.score for h in S.run(q, "fr", None, 20, "tmb").hits}
    assert ctx == flat_ctx
    assert base["tmb/movement"] > flat["tmb/movement"]
    assert any(not c.startswith("tmb/") for c in base)  # the other games' cards are still there


def test_a_phrase_of_one_game_s_glossary_leans_to_that_game():
    """Issue 35: « trait plein » is Stuffed Fables' solid line (its glossary), though « trait » alone
    is a word of two Too Many Bones cards: without a game, the movement card of Stuffed Fables comes
    first, not Too Many Bones'."""
    question = "on a le droit de traverser un trait plein en se déplaçant ?"
    q = Q.parse_in_its_language(question, "fr", None)
    assert q.said_in.get("trait") == "stuffed-fables"
    assert S.run(question, "fr", None, 3).hits[0].id == "stuffed-fables/move"
