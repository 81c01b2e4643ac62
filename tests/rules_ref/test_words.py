"""How a question's text becomes stems (`words`): words that folding would turn into fillers."""

from __future__ import annotations

import pytest

from gm_assist.rules_ref import search as S
from gm_assist.rules_ref.words import stems


@pytest.mark.parametrize(
    ("text", "stem", "kept"),
    [
        # Insomnia's « marché » (the tile market), which folding makes the filler « ça marche comment »
        ("le marché de tuiles rêve ça fait combien", "march", True),
        ("MARCHÉ des tuiles", "march", True),
        ("le marche des tuiles reve il en faut combien", "march", True),  # unaccented, after an article
        ("on reprend une tuile au marche ?", "march", True),
        ("les marchés", "march", True),
        ("ça marche comment, la barrière ?", "march", False),
        ("comment marche le pouvoir de la tuile", "march", False),
        ("ca marche", "march", False),
        # passing over (« je passe sur la case »), not the filler « il se passe quoi » (what happens)
        ("je passe sur la case du cauchemar sans m'arrêter", "pass", True),
        ("le loup PASSE au-dessus de mon mouton", "pass", True),
        ("il se passe quoi si le sac est vide", "pass", False),
        ("qu'est-ce qui s'passe quand on est ko", "pass", False),
        ("que se passe-t-il à la fin", "pass", False),
    ],
)
def test_a_word_folding_makes_look_like_a_filler_keeps_its_stem(text, stem, kept):
    """Folding removes accents, so « marché » reads as the filler « marche » and « je passe » as the
    « passe » of « il se passe quoi »: the words keep their stems, the fillers are still dropped."""
    assert (stem in stems(text, "fr")) is kept


def test_a_question_on_the_market_finds_the_cards_that_hold_it():
    """« le marché » was dropped as a filler, and the question read as one on dream tiles alone: a
    dream tile's own card came first."""
    for question in ("le marché de tuiles rêve ça fait combien", "le marche des tuiles il y en a combien"):
        first = S.run(question, "fr", None, 3).hits[0].id
        assert first in {"insomnia/setup", "insomnia/rest-phase"}, (question, first)
