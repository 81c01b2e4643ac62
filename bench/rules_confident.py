#!/usr/bin/env python3
"""Fit the rules search's `confident` (issue 35) on the training parts only.

Training rows: the players' questions of the development set and both training sets
(bench/rules_questions.tsv, _train.tsv, _train2.tsv), searched without a game context and with their
game as context, labelled by whether the first card answers them; and the off-topic training set
(bench/rules_offtopic_train.tsv), searched without a context and with each game as context, never
answered. The held-out question sets and bench/rules_offtopic_heldout.tsv are never read here: they
judge the result (bench/rules_search.py).

A logistic regression over `confidence.confidence_features` (Newton's method, a light L2 penalty, the
off-topic rows weighted `OFF_WEIGHT`) gives `confidence.CONFIDENCE`; the threshold `confidence.CONFIDENT` is
the highest of `THRESHOLDS` that leaves at most `UNSURE_MAX` of the training questions unsure (issue
35's target for unsure answers), so that as few off-topic rows as that allows are said confident.
The table below the weights shows what each threshold does on the training rows.

Run by hand (a few minutes): .venv/bin/python bench/rules_confident.py
It prints the weights and the threshold; copy them into gm_assist/rules_ref/confidence.py by hand, then
measure the held-out sets with bench/rules_search.py.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules_search import offtopic, questions  # noqa: E402

OFF_WEIGHT = 3.0
L2 = 0.001
THRESHOLDS = [round(0.02 * i, 2) for i in range(10, 50)]
UNSURE_MAX = 0.10
GAMES = ("tmb", "insomnia", "stuffed-fables", "mice-and-mystics", "shy-monsters")


def rows() -> list[tuple[str, dict[str, float], bool]]:
    """(kind, features, right first) of every training search."""
    from gm_assist.rules_ref.confidence import confidence_features
    from gm_assist.rules_ref.ranking import ranked

    out = []
    for name in ("rules_questions.tsv", "rules_questions_train.tsv", "rules_questions_train2.tsv"):
        for lang, game, question, answers in questions(name):
            for context in (None, game):
                q, scored, idf, *_ = ranked(question, lang, None, context)
                right = bool(scored) and scored[0][0] in answers
                out.append(("real", confidence_features(q, scored, idf), right))
    for lang, _, query in offtopic("rules_offtopic_train.tsv"):
        for context in (None, *GAMES):
            q, scored, idf, *_ = ranked(query, lang, None, context)
            out.append(("off", confidence_features(q, scored, idf), False))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a small, well-conditioned system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[float], float, float]], steps: int = 25) -> list[float]:
    """Weighted logistic regression (first weight: the bias) by Newton's method."""
    k = len(data[0][0]) + 1
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y, weight in data:
            xs = [1.0, *x]
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, xs, strict=True))))))
            g = (p - y) * weight
            h = p * (1 - p) * weight
            for i in range(k):
                grad[i] += g * xs[i]
                for j in range(k):
                    hess[i][j] += h * xs[i] * xs[j]
        for i in range(1, k):
            grad[i] += L2 * len(data) * w[i]
            hess[i][i] += L2 * len(data)
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        from gm_assist.rules_ref.confidence import CONFIDENCE

        found = rows()  # a search that found nothing has no features: never confident
        names = list(CONFIDENCE.keys())[1:]
        data = [
            ([f[n] for n in names], float(right), OFF_WEIGHT if kind == "off" else 1.0)
            for kind, f, right in found
            if f
        ]
        w = fit(data)
        weights = {"bias": w[0], **dict(zip(names, w[1:], strict=True))}
        print("CONFIDENCE = {" + ", ".join(f'"{n}": {v:.2f}' for n, v in weights.items()) + "}")

        def p(f: dict[str, float]) -> float:
            if not f:
                return 0.0
            z = weights["bias"] + sum(weights[n] * f[n] for n in names)
            return 1 / (1 + math.exp(-z))

        real = [(p(f), right) for kind, f, right in found if kind == "real"]
        n_real = len(real)
        off = [p(f) for kind, f, _ in found if kind == "off"]
        n_off = len(off)
        chosen = None
        print("threshold  real unsure  confident right  off-topic confident")
        for t in THRESHOLDS:
            sure = [right for conf, right in real if conf >= t]
            offc = sum(conf >= t for conf in off)
            unsure, right = 100 * (1 - len(sure) / n_real), 100 * sum(sure) / max(1, len(sure))
            print(f"{t:9.2f}  {unsure:9.1f} %  {right:13.1f} %  {offc:5d} of {n_off}")
            if unsure <= 100 * UNSURE_MAX:
                chosen = t
        print(f"CONFIDENT = {chosen}")


if __name__ == "__main__":
    main()
