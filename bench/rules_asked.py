#!/usr/bin/env python3
"""Write what players asked into the index's reach (issue 35): data/rules/<game>/_asked.toml.

Every question of the held-out sets already measured (`rules_search.read_sets`: all but the newest)
is written under the card(s) its reader listed as answering it, in its language. The index reads
these beside each card's own questions (`cards.players_questions`): a new question worded like one
players asked before finds its card, in the default install too. The newest held-out set is never
written: it stays the pass's honest measure. A test (tests/rules_ref/test_asked.py) fails when the
files and the read sets differ: after adding a held-out set (raising `HELD_OUT`), run

    .venv/bin/python bench/rules_asked.py

Measured in the fourteenth pass, each of the eleventh to the thirteenth sets read by a search that
had learned the other read sets only (441 questions, no context → with a game's): words alone, hit@1
78.5 → 86.8 %, hit@3 92.5 → 96.6 %, with a context 83.7 → 90.7 %; with the `meaning` extra (its
linear reading trained the same way, bench/rules_probe.py) 88.9 → 90.9 %, 96.1 → 97.7 %, with a
context 91.4 → 93.9 %. Adding the training sets' questions too did no better (86.8 → 87.1 % hit@1,
96.6 → 96.1 % hit@3, words alone): they stay for tuning (bench/rules_tune.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from rules_search import questions, read_sets  # noqa: E402

HEADER = """\
# What players asked that each card answers, in their words: the held-out question sets already
# measured (bench/rules_questions_heldout*.tsv, all but the newest). Written by bench/rules_asked.py;
# do not edit by hand. The search reads them with the card's own questions; the card shows only its own.
"""


def tables() -> dict[str, dict[str, dict[str, list[str]]]]:
    """game → card slug → language → questions, each once, in the sets' order."""
    out: dict[str, dict[str, dict[str, list[str]]]] = {}
    for name in read_sets():
        for lang, _, question, ids in questions(name):
            for card in ids:
                game, slug = card.split("/")
                asked = out.setdefault(game, {}).setdefault(slug, {"en": [], "fr": []})[lang]
                if question not in asked:
                    asked.append(question)
    return out


def render(cards: dict[str, dict[str, list[str]]]) -> str:
    """One game's file: a table per card, sorted, one question per line (TOML strings as JSON writes them)."""
    lines = [HEADER]
    for slug in sorted(cards):
        lines.append(f"[{slug}]")
        for lang, asked in cards[slug].items():
            if asked:
                lines += [f"{lang} = [", *(f"  {json.dumps(q, ensure_ascii=False)}," for q in asked), "]"]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    rules = BENCH.parent / "data" / "rules"
    for game, cards in sorted(tables().items()):
        path = rules / game / "_asked.toml"
        path.write_text(render(cards), encoding="utf-8")
        print(
            f"{path}: {len(cards)} cards, {sum(len(v) for c in cards.values() for v in c.values())} questions"
        )


if __name__ == "__main__":
    main()
