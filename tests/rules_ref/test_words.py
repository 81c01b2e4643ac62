"""How a question's text becomes stems (`words`): words that folding would turn into fillers."""

from __future__ import annotations

import pytest

from gm_assist.rules_ref import search as S
from gm_assist.rules_ref.words import intents, spelled_out, stems, words


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


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        ("cb de des jpeux lancer", "combien de dé je peux lancer"),
        ("c koi le de vert", "c quoi le dé vert"),
        ("Jlance mes des ?", "je lance mes dé ?"),
        ("qd est-ce qu'on pioche, ya un ordre ?", "quand est-ce qu'on pioche, il y a un ordre ?"),
        ("on doit tt defausser pk", "on doit tout defausser pourquoi"),
        ("lancer 3 des", "lancer 3 dé"),
        ("cbien de tsunamis, ya un yaourt ?", "combien de tsunamis, il y a un yaourt ?"),
        ("wat if u cant move, whos first", "what if u cannot move, who is first"),
        ("mon de de competence", "mon dé de competence"),
        # the article stays the article
        ("les cases entourées de rouge", "les cases entourées de rouge"),
        ("au moins 3 de vos zzz", "au moins 3 de vos zzz"),
        ("un de mes amis", "un de mes amis"),
        ("un de plus", "un de plus"),
        ("sans de de la bonne couleur", "sans de de la bonne couleur"),
        ("un lancer de 1 puis un de 2", "un lancer de 1 puis un de 2"),
        ("je garde un de pour apres", "je garde un dé pour apres"),
        ("des monstres de la tuile", "des monstres de la tuile"),
        # one letter names a tile or a monster on the cards; English is left alone
        ("e.g. g sits beside c", "e.g. g sits beside c"),
        ("just roll the dice", "just roll the dice"),
    ],
)
def test_texted_french_is_spelled_out(text, spelled):
    """Texted French (« cb », « koi », « jpeux ») and English ("wat", "cant"), and the « dé » typed without
    its accent, read as they would spelled out; the article « de » and everything else stay as typed."""
    assert spelled_out(text) == spelled


def test_a_texted_question_word_says_what_is_asked_and_leaves_no_word_of_its_own():
    """« cb » asks how many as « combien » does, « qd » when, « jpeux » whether one can; none of them
    is left as a content word that only texted questions would share with a card."""
    assert intents("cb de des on lance") == {"count"}
    assert intents("qd on joue") == {"when"}
    assert intents("jpeux garder mon de") == {"can"}
    assert intents("whos first") == {"who"}
    assert stems("jpeux garder mon de koi", "fr") == stems("je peux garder mon dé quoi", "fr")
    assert "dice" in words("combien de des")
