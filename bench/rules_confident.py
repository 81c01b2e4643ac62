#!/usr/bin/env python3
"""Fit the rules search's `confident` (issue 35) on the training parts only: the read sets.

Rows:
- **real**: every read held-out question set (1 to `HELD_OUT` - 1) searched out of fold
  (bench/rules_folds.py: by a search rebuilt without that set), without a game context and with its
  game's, labelled by whether the first card answers: the evidence a question never seen gives;
- **off**: the off-topic training set and every read off-topic set (all but the newest,
  `OFFTOPIC_HELD_OUT`), without a context and with each game's, never answered; the searches already
  answered as another game's question or as a request for advice (never confident) left out.
The newest question set and the newest off-topic set are never read here: they judge the result
(bench/rules_search.py --newest).

Until the seventeenth pass the real rows were the development and training question sets, searched by
the full search. Since the fourteenth pass the search learns those questions (bench/rules_asked.py),
so they came back with the evidence of questions it has seen: refitted there, the threshold rose to 0.84
and meant nothing for a new question. Out of fold, each read set is new to the search that answers it.

A logistic regression over `confidence.confidence_features` (Newton's method, a light L2 penalty, the
off-topic rows weighted `OFF_WEIGHT`) gives `confidence.CONFIDENCE`; the threshold `confidence.CONFIDENT`
is the highest of `THRESHOLDS` that leaves at most `UNSURE_MAX` of the real questions, without a
context, unsure (issue 35's target is 10 %; 1 point is kept for a new set's spread), so that as few
off-topic rows as that allows are said confident. Before the fit on every read set, the check: each set
from `FIRST` on is judged by weights and a threshold fitted without it, and the figures are added up
(what a new set may expect, as bench/rules_folds.py reports them).

The rows are the words alone's, as the default install reads; one set of weights serves both readings,
and the extra's figures with them are checked out of fold (bench/rules_folds.py --meaning).
Run by hand (~4 min on two cores):

    .venv/bin/python bench/rules_confident.py

It prints the weights and the threshold; copy them into gm_assist/rules_ref/confidence.py by hand, then
measure the newest set with bench/rules_search.py --newest.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules_folds import FIRST, Row, fold  # noqa: E402
from rules_search import GAMES, HELD_OUT, OFFTOPIC_HELD_OUT, _numbered, offtopic  # noqa: E402

OFF_WEIGHT = 3.0
L2 = 0.001
THRESHOLDS = [round(0.01 * i, 2) for i in range(20, 100)]
UNSURE_MAX = 0.09
Weights = dict[str, float]


def real_rows() -> dict[int, list[Row]]:
    """Each read set's searches, out of fold (two folds at a time)."""

    def one(k: int) -> list[Row]:
        rows = fold(k, False)[2]
        print(f"read set {k}: {len(rows)} searches", file=sys.stderr, flush=True)
        return rows

    with ThreadPoolExecutor(2) as pool:
        return dict(zip(range(1, HELD_OUT), pool.map(one, range(1, HELD_OUT)), strict=True))


def off_rows() -> list[dict[str, float]]:
    """The features of every read off-topic search the search does not already turn away."""
    from gm_assist.rules_ref import meaning
    from gm_assist.rules_ref.confidence import confidence_features
    from gm_assist.rules_ref.query import other_game
    from gm_assist.rules_ref.ranking import ranked
    from gm_assist.rules_ref.words import asks_advice, words

    files = ["rules_offtopic_train.tsv"]
    files += [f"rules_offtopic_heldout{_numbered(n)}.tsv" for n in range(1, OFFTOPIC_HELD_OUT)]
    meaning._engine = lambda: None  # type: ignore[assignment]  # the words alone
    out = []
    for file in files:
        for lang, _, query in offtopic(file):
            if other_game(words(query)) or asks_advice(query):  # as `search.run` turns them away
                continue
            for context in (None, *GAMES):
                q, scored, idf, *_ = ranked(query, lang, None, context)
                out.append(confidence_features(q, scored, idf))
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


def calibrate(real: list[Row], off: list[dict[str, float]], names: list[str]) -> tuple[Weights, float]:
    """The weights fitted on these rows, and the threshold `UNSURE_MAX` allows."""
    from gm_assist.rules_ref.confidence import confidence

    data = [([f[n] for n in names], float(right), 1.0) for _, f, right in real if f]
    data += [([f[n] for n in names], 0.0, OFF_WEIGHT) for f in off if f]
    w = fit(data)
    weights = {"bias": w[0], **dict(zip(names, w[1:], strict=True))}
    free = [confidence(f, weights) for ctx, f, _ in real if not ctx]
    allowed = [t for t in THRESHOLDS if sum(p < t for p in free) <= UNSURE_MAX * len(free)]
    return weights, max(allowed, default=THRESHOLDS[0])


def judged(weights: Weights, threshold: float, rows: list[Row]) -> tuple[int, int, int]:
    """Questions, confident ones and confident right ones, without a context."""
    from gm_assist.rules_ref.confidence import confidence

    sure = [right for ctx, f, right in rows if not ctx and confidence(f, weights) >= threshold]
    return sum(not ctx for ctx, _, _ in rows), len(sure), sum(sure)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        from gm_assist.rules_ref.confidence import CONFIDENCE, confidence

        names = list(CONFIDENCE)[1:]
        real = real_rows()
        off = off_rows()
        print("each set judged by a fit without it (words alone)")
        print("set          n   unsure   confident right   threshold")
        total = [0, 0, 0]
        for k in range(FIRST, HELD_OUT):
            others = [row for j, rows in real.items() if j != k for row in rows]
            weights, threshold = calibrate(others, off, names)
            n, sure, right = judged(weights, threshold, real[k])
            print(
                f"{k:3} {n:10}   {100 * (n - sure) / n:5.1f} %   {100 * right / sure:13.1f} %   {threshold}"
            )
            total = [a + b for a, b in zip(total, (n, sure, right), strict=True)]
        n, sure, right = total
        print(f"all {n:10}   {100 * (n - sure) / n:5.1f} %   {100 * right / sure:13.1f} %")
        weights, threshold = calibrate([row for rows in real.values() for row in rows], off, names)
        said = sum(confidence(f, weights) >= threshold for f in off)
        print(f"read off-topic searches said confident: {said} of {len(off)}")
        print("CONFIDENCE = {" + ", ".join(f'"{n}": {v:.2f}' for n, v in weights.items()) + "}")
        print(f"CONFIDENT = {threshold}")


if __name__ == "__main__":
    main()
