#!/usr/bin/env python3
"""Train the words' linear reading (issue 35): `gm_assist.rules_ref.word_probe`.

A multinomial logistic regression (scikit-learn's, L2, `C`) from a question's stems as the search
parses them (`query.parse_in_its_language`: typed, corrected, another form, a synonym; the weights
scaled to length 1) to the card that answers it, learned from every card's titles and questions
(both languages), the training sets' questions (bench/rules_questions.tsv, _train.tsv, _train2.tsv)
and every held-out set already measured (`read_sets`: all but the newest), each listed answer once.
The newest held-out set is never learned from: it is the pass's honest measure.

Writes data/rules/_word_probe.bin (`word_probe.Probe`): a JSON header (cards, stems, a hash of what it
learned from: `inputs_digest`) and float16 weights. tests/rules_ref/test_word_probe.py fails when the
cards or the sets have changed since: run this again. The parse reads the index, so the players'
questions (bench/rules_asked.py) must be written first.

Needs scikit-learn (`pip install -e ".[train]"`; the search itself reads the file in pure Python):

    .venv/bin/python bench/rules_word_probe.py        # ~1 min on two cores

`C` = 10 was set before any measure; `word_probe.GATE` and `WEIGHT` were chosen out of fold on the
eleventh to the sixteenth held-out sets (each read by a regression and an index that never saw it).
"""

from __future__ import annotations

import json
import os
import struct
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

# what the sentence model's linear reading learns from too, and the same hash of it
from rules_probe import TRAINING, inputs_digest  # noqa: E402

C = 10.0


def examples() -> list[tuple[str, str, str]]:
    """What the regression learns from, in a fixed order: (card, language, text)."""
    from rules_search import questions, read_sets

    from gm_assist.rules_ref.cards import all_cards

    rows = []
    for card in all_cards().values():
        rows += [(card.id, lang, card.title[lang]) for lang in ("en", "fr") if lang in card.title]
        rows += [(card.id, "en", text) for text in card.questions_en]
        rows += [(card.id, "fr", text) for text in card.questions_fr]
    for name in (*TRAINING, *read_sets()):
        rows += [(card, lang, q) for lang, _, q, ids in questions(name) for card in ids]
    return rows


def features(rows: list[tuple[str, str, str]]) -> list[dict[str, float]]:
    """Each text's stems as the search reads a question (`word_probe.key` → weight)."""
    from gm_assist.rules_ref.query import parse_in_its_language
    from gm_assist.rules_ref.word_probe import key

    out = []
    for _, lang, text in rows:
        q = parse_in_its_language(text, lang, None)
        out.append({key(q.lang, s): w for s, w in q.weights.items()})
    return out


def main() -> None:
    os.environ.setdefault("GM_ASSIST_HOME", tempfile.mkdtemp())
    try:
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import normalize
    except ImportError:
        raise SystemExit('scikit-learn is not installed here: pip install -e ".[train]"') from None
    from gm_assist.rules_ref.word_probe import path

    rows = examples()
    vectorizer = DictVectorizer()
    x = normalize(vectorizer.fit_transform(features(rows)))
    model = LogisticRegression(C=C, max_iter=2000).fit(x, [card for card, _, _ in rows])
    cards, stems = [str(c) for c in model.classes_], [str(s) for s in vectorizer.get_feature_names_out()]
    head = {"cards": cards, "stems": stems, "inputs": inputs_digest(rows), "C": C}
    weights = [*model.intercept_, *model.coef_.T.ravel()]
    path().write_bytes(json.dumps(head).encode() + b"\n" + struct.pack(f"<{len(weights)}e", *weights))
    print(f"{path()}: {len(cards)} cards, {len(stems)} stems, {len(rows)} texts learned from")


if __name__ == "__main__":
    main()
