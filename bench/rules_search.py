#!/usr/bin/env python3
"""Rules search benchmark (issues 8 and 17), with the installed package only (no test tools):

- quality on players' questions: hit@1 and hit@3 per language and per game, without a game context
  and with the question's game as context (a session of that game), for each of four sets:
  the development set (bench/rules_questions.tsv) split in two fixed halves by a hash of the question
  ("tune": the half whose misses may be looked at when changing the search; "check": never looked
  at), the held-out set (bench/rules_questions_heldout.tsv), written before any tuning and never
  tuned on, the second held-out set (bench/rules_questions_heldout2.tsv), written before the
  third pass changed anything and never tuned on either, and the third (bench/
  rules_questions_heldout3.tsv, 130 questions), written for the fourth pass by someone who never
  ran the search, and the fourth (bench/rules_questions_heldout4.tsv, 80 questions, issue 35),
  written before any card or answer was looked at, and the fifth (bench/rules_questions_heldout5.tsv,
  100 questions, issue 35's seventh pass), written before that pass changed anything, and the sixth
  (bench/rules_questions_heldout6.tsv, 151 questions, issue 35's eighth pass), written from the
  rulebooks by someone who had not read the cards' questions nor run the search, and the seventh
  (bench/rules_questions_heldout7.tsv, 151 questions, issue 35's tenth pass), written the same way
  but in the table's words (what players see rather than the rules' names), its misses then read
  to choose the tenth pass's change, and the eighth (bench/rules_questions_heldout8.tsv, 149
  questions), written the same way before that change and measured once after it, and the ninth
  (bench/rules_questions_heldout9.tsv, 145), written the same way during the pass and measured once
  at its end, then labelled again by a second reader who saw neither the first labels nor the
  search (bench/rules_questions_heldout9_second.tsv; "either reader": a card either lists counts),
  and the tenth (bench/rules_questions_heldout10.tsv, 150), written the same way in the eleventh
  pass and measured once, as was the eleventh (bench/rules_questions_heldout11.tsv, 145), written
  at the same pass, with no change to the search in that pass, and the twelfth
  (bench/rules_questions_heldout12.tsv, 149), written the same way at the start of the twelfth pass
  before anything changed, measured before and after it, as was the thirteenth
  (bench/rules_questions_heldout13.tsv, 147) in the thirteenth pass, and the fourteenth,
  fifteenth and sixteenth (bench/rules_questions_heldout14.tsv, _heldout15.tsv, _heldout16.tsv,
  150 each), one measured before and after each change of the fourteenth pass, and the seventeenth
  (150) before and after the fifteenth pass, and the eighteenth and nineteenth (150 each) before and
  after each of the sixteenth pass's two steps, and the twentieth and twenty-first (150 each), the
  newest of the seventeenth and eighteenth passes, and the twenty-second and twenty-third (150 each),
  both written blind at the nineteenth pass, the first measured before it was learned, the second
  the newest, and the twenty-fourth (150), the newest of the nineteenth pass, and the twenty-fifth to
  the twenty-seventh (150 each), written blind at the twentieth pass, each measured before it was
  learned, the last the newest, and the twenty-eighth to the thirtieth (150 each), written blind at the
  twenty-first pass and measured once, never learned in it, and the thirty-first to the
  thirty-third (150 each), written blind at the twenty-second pass (the last two in the vague words
  of a child, a grandparent or a newcomer) and measured once, never learned in it, and the
  thirty-fourth to the thirty-sixth (150 each), written blind at the twenty-third pass (the last
  two in the vague voice) and measured once, never learned in it, and the thirty-seventh to the
  thirty-ninth (150 each), written blind at the twenty-fourth pass (the last two in the vague voice)
  and measured once, never learned in it, the fortieth to the forty-second (150 each), written
  blind at the twenty-fifth pass (the last two in the vague voice) and measured once, never learned
  in it, the forty-third to the forty-fifth (150 each), written blind at the twenty-sixth pass (the
  last two in the vague voice) and measured once, never learned in it, the forty-sixth to the
  forty-eighth (150 each), written blind at the twenty-seventh pass (the last two in the vague
  voice) and measured once, never learned in it, the forty-ninth to the fifty-first (150 each),
  written blind at the twenty-eighth pass (the last two in the vague voice) and measured once, never
  learned in it, and the fifty-second to the fifty-fourth (150 each), written blind at the
  twenty-ninth pass (the last two in the vague voice) and never learned in it:
  `HELD_OUT` names the first of them, the newest, and `unseen` finds the later ones.
  From the fourteenth pass on,
  every held-out set but the newest is a read set (`read_sets`): the search learns from it (its questions join
  their cards', bench/rules_asked.py, and both linear readings' training, bench/rules_probe.py and
  bench/rules_word_probe.py), so
  its figures are no longer a measure of questions never seen; the newest alone is. The training sets
  (bench/rules_questions_train.tsv, 160 questions, and bench/rules_questions_train2.tsv, 240,
  written the same way) are tuned on with the development set (bench/rules_tune.py) and taught to
  both linear readings (bench/rules_probe.py, bench/rules_word_probe.py);
- `confident` (issue 35): on each set, the share of questions the search is unsure of and how often
  a confident first card is right; on the off-topic sets (bench/rules_offtopic_train.tsv and
  bench/rules_offtopic_heldout.tsv, _heldout2.tsv, … all but the newest, fitted on by
  bench/rules_confident.py since the eighteenth pass; the newest never), the share said confident
  without a context and with each game as context;
- the keyword queries of the first version (bench/rules_keywords.tsv): top-3 hit rate;
- in-process query time (median, p95) over every query, and the index build time;
- the cold `gm-assist rules search` wall time against `python -c pass`, for a clear win of the word
  search and for a close call (which loads the sentence model: gm_assist/rules_ref/meaning.py);
- how often the sentence model was asked, and what those queries cost.

Run by hand: .venv/bin/python bench/rules_search.py [--misses] [--words] [--training] [--newest] [--unseen]
[--cold]
(--misses lists the "tune" half's misses only: the other half and the held-out sets stay unseen;
--words reads with the words alone, as the default install does without the ``meaning`` extra, and
skips the cold timings, which run the installed command; --training prints only the sets one may tune
on, no held-out figure at all; --newest only the newest held-out set and the newest off-topic set,
for a pass's before and after; --unseen only the sets never learned from, the newest and any written
after it (the fifty-third and fifty-fourth, written with the fifty-second at the twenty-ninth pass),
each and pooled, with the off-topic sets never fitted on; --cold only the index build and the cold
timings, ~30 s)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _rows(name: str) -> list[list[str]]:
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def questions(name: str = "rules_questions.tsv") -> list[tuple[str, str, str, list[str]]]:
    """(lang, game, question, answering card ids) of a question set."""
    return [(lang, game, q, ids.split(",")) for lang, game, q, ids in _rows(name)[1:]]


def either_reader(first: str, second: str) -> list[tuple[str, str, str, list[str]]]:
    """A set labelled twice, by readers who did not see each other's labels: a card either lists counts."""
    rows = []
    for (lang, game, q, ids), (*_, q2, ids2) in zip(questions(first), questions(second), strict=True):
        assert q == q2, (q, q2)
        rows.append((lang, game, q, list(dict.fromkeys([*ids, *ids2]))))
    return rows


def offtopic(name: str) -> list[tuple[str, str, str]]:
    """(lang, kind, query) of an off-topic set: text no card answers."""
    return [(lang, kind, query) for lang, kind, query in _rows(name)[1:]]


def half(question: str) -> str:
    """The fixed half of the development set a question belongs to: "tune" or "check"."""
    import hashlib

    return "tune" if hashlib.sha1(question.encode()).digest()[0] % 2 == 0 else "check"


HELD_OUT = 52
"""The newest held-out question set (bench/rules_questions_heldout.tsv, _heldout2.tsv, …): the search
learns every earlier one (`read_sets`), never this one nor any written after it (`unseen`)."""
OFFTOPIC_HELD_OUT = 48
"""The newest held-out off-topic set (bench/rules_offtopic_heldout.tsv, _heldout2.tsv, …): `confident`
is fitted on every earlier one, never on this one nor any written after it (`unseen`)."""


def _numbered(n: int) -> str:
    """The number the ``n``-th held-out set's name and file carry: none for the first ("held-out",
    rules_questions_heldout.tsv), then "2" ("held-out 2", rules_questions_heldout2.tsv)…"""
    return "" if n == 1 else str(n)


def unseen(first: int, stem: str) -> list[int]:
    """The numbers of the sets never learned from: ``first`` (the newest one learning waits for,
    `HELD_OUT` or `OFFTOPIC_HELD_OUT`) and every later one already written
    (bench/``stem``, numbered): a pass may write several sets at once and measure them all, pooled, before
    the next pass learns any."""
    last = first
    while (HERE / f"{stem}{_numbered(last + 1)}.tsv").exists():
        last += 1
    return list(range(first, last + 1))


def read_sets() -> list[str]:
    """The held-out sets measured once already, every one but the newest (as its first reader
    labelled it): since the fourteenth pass the search learns from them (bench/rules_asked.py,
    bench/rules_probe.py, bench/rules_word_probe.py), so only the newest is never seen. The set
    numbered ``GM_BENCH_LEAVE_OUT``, when set, is left out too (bench/rules_folds.py: a search that
    never learned it, to measure it out of fold)."""
    leave = os.environ.get("GM_BENCH_LEAVE_OUT")
    return [f"rules_questions_heldout{_numbered(n)}.tsv" for n in range(1, HELD_OUT) if str(n) != leave]


def _pool_name(never: list[int]) -> str:
    """The name in `sets` of the never-seen sets ``never`` pooled."""
    return f"never seen, pooled (held-out {never[0]}–{never[-1]})"


def second_reading(name: str) -> str | None:
    """The file of a question set's second, blind reading (``…_second.tsv``), if it has one."""
    second = name.replace(".tsv", "_second.tsv")
    return second if (HERE / second).exists() else None


def sets() -> dict[str, list[tuple[str, str, str, list[str]]]]:
    dev = questions()
    never = unseen(HELD_OUT, "rules_questions_heldout")
    held_out = {
        f"held-out {_numbered(n)}".strip(): questions(f"rules_questions_heldout{_numbered(n)}.tsv")
        for n in range(1, never[-1] + 1)
    }
    pooled = {}
    if len(never) > 1:
        pooled[_pool_name(never)] = [row for n in never for row in held_out[f"held-out {n}"]]
    return {
        "dev/tune": [row for row in dev if half(row[2]) == "tune"],
        "dev/check": [row for row in dev if half(row[2]) == "check"],
        "dev (both halves)": dev,
        "train": questions("rules_questions_train.tsv"),
        "train 2": questions("rules_questions_train2.tsv"),
        **held_out,
        "held-out 9 (second reader)": questions("rules_questions_heldout9_second.tsv"),
        "held-out 9 (either reader)": either_reader(
            "rules_questions_heldout9.tsv", "rules_questions_heldout9_second.tsv"
        ),
        f"read held-out sets (1–{HELD_OUT - 1}, learned from)": [
            row for n, rows in enumerate(held_out.values(), 1) if n < HELD_OUT for row in rows
        ],
        **pooled,
    }


def keywords() -> list[tuple[str, str, str]]:
    return [(q, lang, card) for q, lang, card in _rows("rules_keywords.tsv")]


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f} %" if d else "    —"


def quality(show_misses: bool) -> list[float]:
    from gm_assist.rules_ref import meaning

    asked: list[float] = []
    real = meaning.closeness
    if "--words" in sys.argv:  # the default install: no sentence model
        meaning._engine = lambda: None  # type: ignore[assignment]
        print("reading: the words alone (no sentence model, as without the meaning extra)")

    def closeness(question: str, rows: meaning.Rows) -> dict[str, float] | None:
        t0 = time.perf_counter()
        try:
            return real(question, rows)
        finally:
            asked.append(time.perf_counter() - t0)

    meaning.closeness = closeness  # type: ignore[assignment]
    never = unseen(HELD_OUT, "rules_questions_heldout")
    chosen = {f"held-out {n}" for n in never} | {_pool_name(never)}  # --unseen
    if not TRAINING_ONLY:
        print(
            f"held-out 1–{HELD_OUT - 1} are read sets: since the fourteenth pass the search learns from"
            f" them (bench/rules_asked.py, rules_probe.py, rules_word_probe.py); held-out"
            f" {'–'.join(map(str, sorted({never[0], never[-1]})))} never seen"
        )
    times: list[float] = []
    for name, rows in sets().items():
        if TRAINING_ONLY and name.startswith("held-out"):
            continue
        if NEWEST_ONLY and name != f"held-out {HELD_OUT}":
            continue
        if UNSEEN_ONLY and name not in chosen:
            continue
        times += _quality(name, rows, show_misses and name == "dev/tune")
    meaning.closeness = real  # type: ignore[assignment]
    if asked and "--words" in sys.argv:
        print(
            f"\nclose calls of the word search (the sentence model would be asked): {len(asked)}"
            f" in {len(times)} queries"
        )
    elif asked:
        print(
            f"\nsentence model asked (close calls of the word search): {len(asked)} times in"
            f" {len(times)} queries; that part: median {statistics.median(asked) * 1000:.1f} ms,"
            f" p95 {sorted(asked)[int(len(asked) * 0.95)] * 1000:.1f} ms (the model's load included once)"
        )
    return times


def judged(
    question: str, lang: str, answers: list[str], context: str | None
) -> tuple[list[str], bool, bool, bool, list[str]]:
    """One players' question searched as every figure here counts it (and bench/rules_folds.py's):
    the three best cards, whether the first answers, whether one of the three does, whether the
    search said it was confident, and the games the guided lookup offers to search instead
    (`search.several_games`: "Search in …", without a context only)."""
    from gm_assist.rules_ref.search import run, several_games

    result = run(question, lang, None, 3, context)
    ids = [h.id for h in result.hits]
    first = bool(ids) and ids[0] in answers
    return ids, first, any(i in answers for i in ids), result.confident, several_games(result)


def picked(
    game: str, offered: list[str], alone: tuple[bool, bool], in_game: tuple[bool, bool]
) -> tuple[bool, bool]:
    """Whether the first card answers, and whether it is said confident, once the table, offered to
    search one of ``offered`` games' cards (the guided lookup, no game in context), picks its own
    ``game`` when it is offered: then the answer is the one with its game as context (``in_game``),
    else the one without (``alone``); each is (first card answers, confident)."""
    return in_game if game in offered else alone


def _quality(name: str, rows: list[tuple[str, str, str, list[str]]], show_misses: bool) -> list[float]:
    times: list[float] = []
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    misses = []
    sure = [0, 0, 0, 0]  # no context: confident and right, confident, unsure and right, unsure
    asked = [0, 0, 0]  # no context: games offered, the table's among them, right first once it is picked
    guided = [0, 0]  # no context, once the table picks its game when offered: confident and right, confident
    for lang, game, question, answers in rows:
        for with_context in (False, True):
            t0 = time.perf_counter()
            ids, first, top3, confident, several = judged(
                question, lang, answers, game if with_context else None
            )
            times.append(time.perf_counter() - t0)
            if not with_context:
                at = 0 if confident else 2
                sure[at] += first
                sure[at + 1] += 1
                offered, alone = several, (first, confident)
            else:
                asked[0] += bool(offered)
                asked[1] += game in offered
                right, sure_then = picked(game, offered, alone, (first, confident))
                asked[2] += right
                guided[0] += right and sure_then
                guided[1] += sure_then
            for key in ((lang, "all"), ("all", game), ("all", "all")):
                row = table[key]
                if with_context:
                    row[3] += first
                    row[4] += top3
                else:
                    row[0] += 1
                    row[1] += first
                    row[2] += top3
            if not first:
                misses.append((lang, question, answers[0], ids, with_context))
    print(f"\nplayers' questions: {name}")
    print(f"{'lang':5} {'game':18} {'n':>4}   no context: hit@1   hit@3   game context: hit@1   hit@3")
    for key in sorted(table, key=lambda k: (k[0] != "all", k[1] != "all", k)):
        n, h1, h3, c1, c3 = table[key]
        free, ctx = f"{_pct(h1, n):>18} {_pct(h3, n):>7}", f"{_pct(c1, n):>19} {_pct(c3, n):>7}"
        print(f"{key[0]:5} {key[1]:18} {n:4}   {free}   {ctx}")
    print(
        f"confident (no context): {_pct(sure[1], len(rows))} of the questions"
        f" (unsure {_pct(sure[3], len(rows))},"
        f" target ≤ 10 %), right first in {_pct(sure[0], sure[1])} (target ≥ 95 %); unsure: right first in"
        f" {_pct(sure[2], sure[3])}"
    )
    print(
        f'the guided lookup, no context, the table picking its game when offered ("Search in …"):'
        f" hit@1 {_pct(asked[2], len(rows))}; offered for {_pct(asked[0], len(rows))} of the questions,"
        f" the table's game among the games offered {_pct(asked[1], asked[0])}; then unsure"
        f" {_pct(len(rows) - guided[1], len(rows))}, confident right {_pct(guided[0], guided[1])}"
    )
    if show_misses:
        print("\nmisses at 1 (ctx: with the game as context):")
        for lang, question, expected, ids, ctx in misses:
            print(f"  [{lang}]{' ctx' if ctx else ''} {question}  → want {expected}, got {ids}")
    return times


TRAINING_ONLY = "--training" in sys.argv
"""Only the sets one may tune on (dev, train, train 2, the off-topic training part, the keyword
queries): for whoever changes the search or the cards without looking at a held-out figure."""

NEWEST_ONLY = "--newest" in sys.argv
"""Only the newest held-out set and the newest off-topic set (a pass's before and after, measured
on the same two commits in a few minutes), no keyword queries and no cold timings."""

UNSEEN_ONLY = "--unseen" in sys.argv
"""Only the sets never learned from (`unseen`: the newest and any written after it, each and pooled)
and the off-topic sets never fitted on, no keyword queries and no cold timings."""


GAMES = ("tmb", "insomnia", "stuffed-fables", "mice-and-mystics", "shy-monsters")


def offtopic_quality() -> list[float]:
    """Off-topic text (bench/rules_offtopic_*.tsv) must never come back confident: without a game
    context and with each game as context (target 0 %)."""
    from gm_assist.rules_ref.search import run

    times: list[float] = []
    never = unseen(OFFTOPIC_HELD_OUT, "rules_offtopic_heldout")
    pooled = [0, 0, 0]  # the sets never fitted on: queries, confident without a context, with one
    for n, name, file in (
        (0, "training", "rules_offtopic_train.tsv"),
        *(
            (n, f"held-out {_numbered(n)}".strip(), f"rules_offtopic_heldout{_numbered(n)}.tsv")
            for n in range(1, 0 if TRAINING_ONLY else never[-1] + 1)
        ),
    ):
        if (NEWEST_ONLY and n != OFFTOPIC_HELD_OUT) or (UNSEEN_ONLY and n not in never):
            continue
        rows = offtopic(file)
        said: dict[str | None, list[str]] = {}
        for lang, kind, query in rows:
            for context in (None, *GAMES):
                t0 = time.perf_counter()
                result = run(query, lang, None, 3, context)
                times.append(time.perf_counter() - t0)
                if result.confident:
                    said.setdefault(context, []).append(f"[{kind}] {query} → {result.hits[0].id}")
        free = len(said.get(None, []))
        ctx = sum(len(v) for k, v in said.items() if k)
        print(
            f"\noff-topic {name} ({len(rows)}, bench/{file}):"
            f" confident {_pct(free, len(rows))} without a context,"
            f" {_pct(ctx, 5 * len(rows))} with a game's context (target 0 %)"
        )
        if name == "training":
            for line in sorted({x for v in said.values() for x in v}):
                print(f"  {line}")
        if n in never:
            pooled = [a + b for a, b in zip(pooled, (len(rows), free, ctx), strict=True)]
    if len(never) > 1 and not NEWEST_ONLY and not TRAINING_ONLY:
        print(
            f"\noff-topic never fitted on, pooled (held-out {never[0]}–{never[-1]}, {pooled[0]}):"
            f" confident {_pct(pooled[1], pooled[0])} without a context,"
            f" {_pct(pooled[2], 5 * pooled[0])} with a game's context (target 0 %)"
        )
    return times


def keyword_quality() -> list[float]:
    from gm_assist.rules_ref.search import run

    times: list[float] = []
    found = 0
    for query, lang, card in keywords():
        t0 = time.perf_counter()
        hits = run(query, lang, None, 3).hits
        times.append(time.perf_counter() - t0)
        found += card in [h.id for h in hits]
    print(f"\nkeyword queries (bench/rules_keywords.tsv): top-3 {_pct(found, len(keywords()))}")
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        from gm_assist.rules_ref.index import connect

        start = time.perf_counter()
        connect()  # builds (and caches) the index
        build = time.perf_counter() - start
        if "--cold" in sys.argv:  # only the new-process timings
            cold_timings(home)
            return
        times = quality("--misses" in sys.argv) + ([] if NEWEST_ONLY or UNSEEN_ONLY else keyword_quality())
        offtopic_quality()  # not in the query times: a run with every game as context
        print(f"\nindex build (first run after a card change): {build * 1000:.0f} ms")
        print(
            f"{len(times)} in-process queries: median {statistics.median(times) * 1000:.2f} ms, "
            f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.2f} ms (target: median ≤ 10 ms)"
        )
        if "--words" in sys.argv or TRAINING_ONLY or NEWEST_ONLY or UNSEEN_ONLY:
            return
        cold_timings(home)


CLEAR = ["when does fatigue start"]
"""A clear win of the word search: the sentence model is not loaded."""
CLOSE_CALL = Path(__file__).parent / "rules_close_call.json"
"""A close call: the sentence model loads (tests/core/test_startup.py and `.ci/run` read the same file;
a retraining may settle it with the words, which `cold_timings` then says)."""


def cold_timings(home: str) -> None:
    """``gm-assist rules search`` in a new process (the index cached in ``home``): a clear win and a
    close call, 21 runs each beside ``python -c pass``; the medians against the start-up budget."""
    gm = str(Path(sys.executable).parent / "gm-assist")
    env = {**os.environ, "GM_ASSIST_HOME": home}
    case = json.loads(CLOSE_CALL.read_text())
    close = [case["question"], "--game", case["game"]]
    for args, expected in ((CLEAR, "words"), (close, "words+meaning")):
        out = subprocess.run(
            [gm, "rules", "search", *args, "--json"], env=env, capture_output=True, text=True
        )
        reading = json.loads(out.stdout)["reading"]
        if reading != expected:
            print(f"warning: {args[0]!r} read as {reading!r}, not {expected!r}: choose another example")
    cold: dict[str, list[float]] = {"clear": [], "close": [], "bare": []}
    for _ in range(21):
        for name, args in (("bare", None), ("clear", CLEAR), ("close", close)):
            t0 = time.perf_counter()
            if args is None:
                subprocess.run([sys.executable, "-c", "pass"], env=env)
            else:
                subprocess.run([gm, "rules", "search", *args, "--json"], env=env, stdout=subprocess.DEVNULL)
            cold[name].append(time.perf_counter() - t0)
    c, m, b = (statistics.median(cold[k]) for k in ("clear", "close", "bare"))
    print(
        f"gm-assist rules search (new process, cached index): {c * 1000:.0f} ms; a close call (the"
        f" sentence model loads) {m * 1000:.0f} ms; python -c pass {b * 1000:.0f} ms; target ≤ 2.5 ×"
        f" bare + 200 ms = {(2.5 * b + 0.2) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
