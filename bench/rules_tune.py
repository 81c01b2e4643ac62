#!/usr/bin/env python3
"""Tune the search's weights by coordinate ascent on the training questions only (issue 17).

Training questions: the cards' own questions, each left out of its card (as bench/rules_loo.py),
the development set (bench/rules_questions.tsv) and the training sets (bench/rules_questions_train.tsv,
bench/rules_questions_train2.tsv).
The held-out sets are never read here: they judge the result afterwards (bench/rules_search.py).
Objective: hit@1 and hit@3 without a game context and hit@1 with it (twice), `LOO_SHARE` from the
left-out questions, the rest from the players' questions.

Each weight listed in `PARAMS` (or given with --params) is set in the one module that holds it
(`OWNERS`: `gm_assist.rules_ref.query` reads the question's weights, `.ranking` the scores'; a name
neither holds stops the run, since setting it would change nothing) and tried at a few multiples of
its value, one weight at a time, keeping a change only when the objective rises by more than
`MIN_GAIN` (a single question's worth of noise is not a gain); sweeps repeat until none helps.

Run by hand (minutes): .venv/bin/python bench/rules_tune.py [--step N] [--sweeps N] [--params A,B]
It prints every trial and the best values found; copy them by hand into the module holding each
weight and check the held-out sets.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from functools import cache
from importlib import import_module
from multiprocessing import get_context
from types import ModuleType

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

PARAMS = [
    "WEIGHTS.title",
    "WEIGHTS.keywords",
    "WEIGHTS.questions",
    "WEIGHTS.body",
    "K1",
    "B",
    "FUZZY_WEIGHT",
    "VARIANT_WEIGHT",
    "SYNONYM_WEIGHT",
    "COVERAGE_FLOOR",
    "COVERAGE_POWER",
    "PHRASE_BONUS",
    "PAIR_BONUS",
    "QUESTION_BONUS",
    "GAME_WORD_PRIOR",
]
OWNERS = ("gm_assist.rules_ref.query", "gm_assist.rules_ref.ranking")
"""The modules holding the tuned weights: each weight lives in exactly one of them."""
BOUNDED = {"B", "FUZZY_WEIGHT", "VARIANT_WEIGHT", "SYNONYM_WEIGHT", "COVERAGE_FLOOR"}
MIN_GAIN = 0.002
STEP = 2
"""Every STEP-th of the cards' own questions is searched (set by --step before the workers fork)."""
LOO_SHARE = 0.35
"""Share of the left-out card questions in the objective (a proxy); the rest is players' questions."""


def _owner(name: str) -> ModuleType:
    """The module holding the weight ``name`` ("WEIGHTS.title": a key of the table ``WEIGHTS``).
    A name no module of `OWNERS` holds as a number, or that two hold, stops the run."""
    table, _, key = name.partition(".")
    holders = [m for m in map(import_module, OWNERS) if hasattr(m, table)]
    value = getattr(holders[0], table) if len(holders) == 1 else None
    if key and isinstance(value, dict):
        value = value.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SystemExit(f"bench/rules_tune.py: {name!r} is not a weight of {' or '.join(OWNERS)}")
    return holders[0]


def _get(name: str) -> float:
    table, _, key = name.partition(".")
    value = getattr(_owner(name), table)
    return value[key] if key else value


def _set(name: str, value: float) -> None:
    table, _, key = name.partition(".")
    if key:
        getattr(_owner(name), table)[key] = value
    else:
        setattr(_owner(name), table, value)


@cache  # read once per worker, not once per trial
def _items(step: int):
    from rules_loo import card_questions
    from rules_search import questions

    loo = card_questions(step)
    players = [
        (ids, game, lang, q)
        for name in ("rules_questions.tsv", "rules_questions_train.tsv", "rules_questions_train2.tsv")
        for lang, game, q, ids in questions(name)
    ]
    return loo, players


def _rates(items, hold_out: bool) -> tuple[float, float, float]:
    from gm_assist.rules_ref import ranking
    from gm_assist.rules_ref.words import stems

    h1 = h3 = c1 = 0
    for want, game, lang, question in items:
        wanted = {want} if isinstance(want, str) else set(want)
        if hold_out:
            ranking._HOLD_OUT = (want, stems(question, lang))
        free = [c for c, *_ in ranking.ranked(question, lang)[1][:3]]
        ctx = [c for c, *_ in ranking.ranked(question, lang, None, game)[1][:1]]
        h1 += bool(free[:1]) and free[0] in wanted
        h3 += bool(wanted & set(free))
        c1 += bool(ctx) and ctx[0] in wanted
    ranking._HOLD_OUT = None
    n = max(1, len(items))
    return h1 / n, h3 / n, c1 / n


def evaluate(setting: dict[str, float]) -> tuple[float, tuple[float, ...]]:
    for name, value in setting.items():
        _set(name, value)
    loo, players = _items(STEP)
    a = _rates(loo, True)
    b = _rates(players, False)
    return LOO_SHARE * _mean(a) + (1 - LOO_SHARE) * _mean(b), (*a, *b)


def _mean(rates: tuple[float, float, float]) -> float:
    """hit@1, hit@3 and hit@1 with the game as context, the last counting twice: a session is
    the usual case at the table, and the one furthest from its target."""
    h1, h3, c1 = rates
    return (h1 + h3 + 2 * c1) / 4


def _init(home: str) -> None:
    os.environ["GM_ASSIST_HOME"] = home
    from gm_assist.rules_ref import index

    index.reset()


def main() -> None:
    global STEP
    parser = argparse.ArgumentParser(description="Tune the rules search's weights on the training sets.")
    parser.add_argument("--step", type=int, default=2, help="search every STEP-th of the cards' questions")
    parser.add_argument("--sweeps", type=int, default=3, help="at most this many passes over the weights")
    parser.add_argument(
        "--params", help="comma-separated weights to tune, e.g. K1,WEIGHTS.title (default: PARAMS)"
    )
    args = parser.parse_args()
    STEP = args.step
    params = args.params.split(",") if args.params else PARAMS
    for name in params:
        _owner(name)  # an unknown name stops here, before a minute of searching
    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        from gm_assist.rules_ref import index

        index.connect()  # build the index once, before the workers start
        index.reset()
        best = {name: float(_get(name)) for name in params}
        with get_context("fork").Pool(os.cpu_count() or 2, _init, (home,)) as pool:
            score, parts = pool.apply(evaluate, (best,))
            print(f"start {score:.4f} {' '.join(f'{p:.3f}' for p in parts)}", flush=True)
            for sweep in range(args.sweeps):
                changed = False
                for name in params:
                    value = best[name]
                    factors = (0.5, 0.75, 1.33, 2.0)
                    values = [value * f for f in factors] if value else [0.5, 1.0]
                    if name in BOUNDED:
                        values = sorted({min(1.0, max(0.0, round(v, 3))) for v in values} - {value})
                    trials = [{**best, name: v} for v in values]
                    results = pool.map(evaluate, trials)
                    for trial, (got, _) in zip(trials, results, strict=True):
                        print(f"  {name} = {trial[name]:.3f}: {got:.4f}", flush=True)
                    top = max(range(len(trials)), key=lambda i: results[i][0])
                    if results[top][0] > score + MIN_GAIN:
                        best, (score, parts) = trials[top], results[top]
                        changed = True
                        print(f"sweep {sweep} {name} → {best[name]:.3f}: {score:.4f}", flush=True)
                if not changed:
                    break
        print(f"best {score:.4f} {' '.join(f'{p:.3f}' for p in parts)}")
        for name in params:
            print(f"  {name} = {best[name]:.3f}")


if __name__ == "__main__":
    main()
