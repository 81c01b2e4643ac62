"""How a question's text becomes stems (`words`): words that folding would turn into fillers."""

from __future__ import annotations

import pytest

from gm_assist.rules_ref import search as S
from gm_assist.rules_ref.words import stems


@pytest.mark.parametrize(
    ("text", "market"),
    [
        ("le marché de tuiles rêve ça fait combien", True),
        ("MARCHÉ des tuiles", True),
        ("le marche des tuiles reve il en faut combien", True),  # unaccented, after an article
        ("on reprend une tuile au marche ?", True),
        ("les marchés", True),
        ("ça marche comment, la barrière ?", False),  # the filler « ça marche comment »
        ("comment marche le pouvoir de la tuile", False),
        ("ca marche", False),
    ],
)
def test_insomnia_s_market_is_a_word_not_the_filler(text, market):
    """Folding turns « marché » (the tile market) into « marche », a filler of « ça marche
    comment ? »: the market keeps its stem, the filler is still dropped."""
    assert ("march" in stems(text, "fr")) is market


@pytest.mark.parametrize(
    ("text", "passing"),
    [
        ("je passe sur la case du cauchemar sans m'arrêter", True),
        ("le loup PASSE au-dessus de mon mouton", True),
        ("il se passe quoi si le sac est vide", False),  # the filler « il se passe quoi »
        ("qu'est-ce qui s'passe quand on est ko", False),
        ("que se passe-t-il à la fin", False),
    ],
)
def test_passing_over_is_a_word_not_the_filler(text, passing):
    """« je passe sur la case » (passing over) keeps its stem; « il se passe quoi » (what happens)
    is a filler, as before."""
    assert ("pass" in stems(text, "fr")) is passing


def test_a_question_on_the_market_finds_the_cards_that_hold_it():
    """« le marché » was dropped as a filler, and the question read as one on dream tiles alone: a
    dream tile's own card came first."""
    for question in ("le marché de tuiles rêve ça fait combien", "le marche des tuiles il y en a combien"):
        first = S.run(question, "fr", None, 3).hits[0].id
        assert first in {"insomnia/setup", "insomnia/rest-phase"}, (question, first)
