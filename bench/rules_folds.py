#!/usr/bin/env python3
"""The rules search out of fold (issue 35): each read held-out set searched by a search that never
learned it.

Since the fourteenth pass the search learns from every held-out set but the newest (`read_sets`): their
questions join their cards' (bench/rules_asked.py) and both linear readings (bench/rules_word_probe.py,
bench/rules_probe.py), so their figures in bench/rules_search.py no longer measure questions never seen.
Here, for each set K: the package and its data are copied into a temporary folder, where what the search
learns is rebuilt from every read set but K (``GM_BENCH_LEAVE_OUT=K``): the players' questions and the
words' regression, and with ``--meaning`` the sentence model's linear reading too. Set K is then
searched there, without a game context and with its game's, as bench/rules_search.py searches the
newest set; the figures are added up over the sets. This is how each pass chooses between two versions
of the search without reading the newest set, and how the README's "out of fold" figures are measured.

Needs the `train` extra (scikit-learn, for the words' regression); ``--meaning`` needs the `meaning`
extra too. About 15 s a set with the words alone, ~1.5 min a set with ``--meaning`` (two cores):

    .venv/bin/python bench/rules_folds.py                  # sets 11 to the newest read set, words alone
    .venv/bin/python bench/rules_folds.py --meaning        # with the sentence model, as the extra reads
    .venv/bin/python bench/rules_folds.py --sets 11-16     # the sets the fifteenth pass reported
    .venv/bin/python bench/rules_folds.py --wrong          # and each confident first card that was wrong
    .venv/bin/python bench/rules_folds.py --sets 1-10 --either  # a card a second reader lists counts too
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

FIRST = 11
"""The first set measured by default, as the fourteenth pass first measured out of fold (the eleventh
to the thirteenth sets) and the fifteenth reported (the eleventh to the sixteenth): the same sets, so
that passes compare."""
COUNTS = (
    "n",
    "hit1",
    "hit3",
    "ctx1",
    "ctx3",
    "sure",
    "sure_right",
    "picked1",
    "picked_sure",
    "picked_sure_right",
)


Row = tuple[bool, dict[str, float], bool]
"""One search of a fold: ``(with a context, confidence features, first card right)``, what
bench/rules_confident.py fits `confident` on."""
Measured = tuple[dict[str, int], list[list[str]], list[Row]]
"""A fold's counts of `COUNTS`; the questions whose confident first card did not answer (without a
context): ``[lang, question, answers, first card]``; and each search's `Row`."""


def measure(k: int, meaning_too: bool, either: bool = False) -> Measured:
    """Set ``k`` searched by the package on ``sys.path`` (the fold's copy); with ``either``, a card its
    second reader lists counts too, where the set has one (bench/rules_questions_heldoutK_second.tsv)."""
    from rules_search import _numbered, either_reader, judged, picked, questions, second_reading

    from gm_assist.rules_ref import meaning, search
    from gm_assist.rules_ref.confidence import confidence_features

    if not meaning_too:
        meaning._engine = lambda: None  # type: ignore[assignment]
    readings: list[tuple] = []  # what `search.run` ranked, kept for the features: each question ranked once
    real = search.ranked

    def ranked(*args: object) -> tuple:
        readings.append(real(*args))  # type: ignore[arg-type]
        return readings[-1]

    search.ranked = ranked  # type: ignore[assignment]
    counts = dict.fromkeys(COUNTS, 0)
    wrong: list[list[str]] = []
    rows: list[Row] = []
    name = f"rules_questions_heldout{_numbered(k)}.tsv"
    second = second_reading(name) if either else None
    labelled = either_reader(name, second) if second else questions(name)
    for lang, game, question, answers in labelled:
        counts["n"] += 1
        for ctx in (None, game):
            ids, first, top3, confident, several = judged(question, lang, answers, ctx)
            q, scored, idf, *_ = readings.pop()
            if ctx is None:
                offered, alone = several, (first, confident)
            else:
                right, sure_then = picked(game, offered, alone, (first, confident))
                counts["picked1"] += right
                counts["picked_sure"] += sure_then
                counts["picked_sure_right"] += right and sure_then
            rows.append((ctx is not None, confidence_features(q, scored, idf), first))
            if ctx is None and confident and not first:
                wrong.append([lang, question, ",".join(answers), ids[0]])
            counts["ctx1" if ctx else "hit1"] += first
            counts["ctx3" if ctx else "hit3"] += top3
            if ctx is None and confident:
                counts["sure"] += 1
                counts["sure_right"] += first
    return counts, wrong, rows


def fold(k: int, meaning_too: bool, either: bool = False) -> Measured:
    """Rebuild what the search learns without set ``k`` in a copy, then measure ``k`` there."""
    with tempfile.TemporaryDirectory(prefix=f"gm-fold{k}-") as tmp:
        where = Path(tmp)
        skip = shutil.ignore_patterns("__pycache__", "*.pyc")
        for part in ("gm_assist", "data", "bench"):
            shutil.copytree(ROOT / part, where / part, ignore=skip)
        env = {**os.environ, "PYTHONPATH": str(where), "GM_ASSIST_HOME": str(where / "home")}
        env["GM_BENCH_LEAVE_OUT"] = str(k)
        steps = [["rules_asked.py"], ["rules_word_probe.py"], *([["rules_probe.py"]] if meaning_too else [])]
        flags = [*(["--meaning"] if meaning_too else []), *(["--either"] if either else [])]
        steps.append(["rules_folds.py", "--measure", str(k), *flags])
        for script, *args in steps:
            done = subprocess.run(
                [sys.executable, str(where / "bench" / script), *args],
                env=env,
                cwd=where,
                capture_output=True,
            )
            if done.returncode:
                raise SystemExit(f"set {k}: bench/{script} failed\n{done.stderr.decode(errors='replace')}")
        counts, wrong, rows = json.loads(done.stdout)
        return counts, wrong, rows


def line(name: str, c: dict[str, int]) -> str:
    from rules_search import _pct

    n = c["n"]
    free, ctx = f"{_pct(c['hit1'], n)}  {_pct(c['hit3'], n)}", f"{_pct(c['ctx1'], n)}  {_pct(c['ctx3'], n)}"
    sure = f"{_pct(n - c['sure'], n)}  {_pct(c['sure_right'], c['sure'])}"
    then = f"{_pct(n - c['picked_sure'], n)}  {_pct(c['picked_sure_right'], c['picked_sure'])}"
    guided = f"{_pct(c['picked1'], n)}  {then}"
    return f"{name:10} {n:5}   {free}   {ctx}   {sure}   {guided}"


def main() -> None:
    from rules_search import HELD_OUT

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sets", default=f"{FIRST}-{HELD_OUT - 1}", help="the read sets measured: 11-17, or 12"
    )
    parser.add_argument("--meaning", action="store_true", help="with the sentence model (the meaning extra)")
    parser.add_argument(
        "--wrong", action="store_true", help="list each confident first card that was wrong (no context)"
    )
    parser.add_argument(
        "--either",
        action="store_true",
        help="a card the set's second reader lists counts too (sets with a _second file)",
    )
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)  # inside a fold's copy
    args = parser.parse_args()
    if args.measure is not None:
        import gm_assist

        assert Path(gm_assist.__file__).is_relative_to(Path(os.environ["PYTHONPATH"])), gm_assist.__file__
        print(json.dumps(measure(args.measure, args.meaning, args.either)))
        return
    first, _, last = args.sets.partition("-")
    wanted = range(int(first), int(last or first) + 1)
    if not all(1 <= k < HELD_OUT for k in wanted):
        raise SystemExit(
            f"--sets: read sets are 1 to {HELD_OUT - 1}; set {HELD_OUT} is the newest, never learned"
        )
    print(
        f"out of fold, {'words and the sentence model' if args.meaning else 'words alone'}: each set searched"
        " by a search rebuilt without it"
    )
    print(
        f"{'set':10} {'n':>5}   no context: hit@1   hit@3   context: hit@1   hit@3   unsure   confident right"
        "   no context, the game picked when offered: hit@1   unsure   confident right"
    )
    total = dict.fromkeys(COUNTS, 0)
    for k in wanted:
        counts, wrong, _ = fold(k, args.meaning, args.either)
        print(line(f"held-out {k}", counts), flush=True)
        if args.wrong:
            for lang, question, answers, got in wrong:
                print(f"    {lang} {question!r}: {got}, not {answers}")
        total = {key: total[key] + counts[key] for key in COUNTS}
    print(line("all", total))


if __name__ == "__main__":
    main()
