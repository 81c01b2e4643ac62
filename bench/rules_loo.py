#!/usr/bin/env python3
"""Leave-one-out over the rule cards' own questions (issue 17): a tuning set that is not the bench.

Each question a card lists (``questions_en``/``questions_fr``, ~2,000) is searched as if its card
did not list it (its words leave the card's questions field, its nearest-question match and its
neighbouring-word pairs), and must find its card: hit@1 and hit@3 without a game context, hit@1
with the card's game as context, per language. The cards' questions are players' questions written
from the rulebook, each a different angle on its card, so a change that helps here helps questions
the search has never seen; the bench's held-out sets stay for judging, never for tuning.

Run by hand: .venv/bin/python bench/rules_loo.py [--step N]   (every Nth question, for speed)
"""

from __future__ import annotations

import os
import sys
import tempfile


def card_questions(step: int = 1) -> list[tuple[str, str, str, str]]:
    """(card id, game, lang, question) of every question the cards list, every ``step``-th one."""
    from gm_assist.rules_ref.cards import all_cards

    return [
        (card.id, card.game, lang, question)
        for card in all_cards().values()
        for lang in ("en", "fr")
        for question in card.questions(lang)
    ][::step]


def main() -> None:
    step = int(sys.argv[sys.argv.index("--step") + 1]) if "--step" in sys.argv else 1
    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        from gm_assist.rules_ref import meaning, ranking, search
        from gm_assist.rules_ref.words import stems

        meaning.PROBE = 0.0  # the linear reading learned every card question: it would know the left-out one

        items = card_questions(step)
        table = {lang: [0, 0, 0, 0] for lang in ("en", "fr")}
        try:
            for card, game, lang, question in items:
                ranking._HOLD_OUT = (card, stems(question, lang))
                free = [h.id for h in search.run(question, lang, None, 3).hits]
                ctx = [h.id for h in search.run(question, lang, None, 1, game).hits]
                row = table[lang]
                row[0] += 1
                row[1] += free[:1] == [card]
                row[2] += card in free
                row[3] += ctx[:1] == [card]
        finally:
            ranking._HOLD_OUT = None
        table["all"] = [a + b for a, b in zip(table["en"], table["fr"], strict=True)]
        print("cards' own questions, each left out of its card")
        print(f"{'lang':5} {'n':>5}   no context: hit@1   hit@3   game context: hit@1")
        for lang, (n, h1, h3, c1) in table.items():
            print(f"{lang:5} {n:5}   {100 * h1 / n:17.1f} % {100 * h3 / n:5.1f} % {100 * c1 / n:19.1f} %")


if __name__ == "__main__":
    main()
