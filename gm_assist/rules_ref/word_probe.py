"""The words' linear reading (issue 35): a close call of the word search settled by what the table's
own questions say about which words mean which card, on every install (pure Python, no model).

A multinomial logistic regression from a question's stems, as `query.parse` reads them (typed,
corrected, another form, a synonym; their weights scaled to length 1) to the card that answers it,
trained by bench/rules_word_probe.py on every card's titles and questions, the training sets'
questions and the held-out sets already measured, and shipped in ``data/rules/_word_probe.bin``.
Where BM25 and the nearest question let the one card whose wording is closest win, the regression
weighs every question of every card at once: which words separate two neighbouring cards ("who a
baddie attacks" from "how an attack works").

At a close call (the second card scores `GATE` of the first) the best cards' order becomes their
word score (the best counting 1) plus `WEIGHT` × their log-probability, less the best one's
(`meaning.fuse`, which the sentence model's reading also uses). Out of fold on the eleventh to the
sixteenth held-out sets (891 questions, each set read by an index and a regression that never learned
it; words alone), hit@1 went from 89.7 to 92.0 % without a context and from 92.8 to 94.6 % with one,
hit@3 from 97.5 to 98.2 %; with the sentence model's reading after it, 92.6 → 93.3 %, 95.3 → 95.5 %
and 98.0 → 98.7 %.

The file: a JSON header line (the cards, the stems as ``lang:stem``, a hash of what it learned from:
``inputs``), then little-endian float16: each card's bias, then one row per stem (a weight per card).
Missing, damaged or not knowing a card compared (an edited card set): the word order stands.
"""

from __future__ import annotations

import json
import math
import struct
from functools import cache
from pathlib import Path

from gm_assist.rules_ref.meaning import Scored, block, close_call, fuse, unscored
from gm_assist.rules_ref.meaning_model import debug
from gm_assist.rules_ref.query import Query

GATE = 0.5
"""Read the question with the regression when the second card scores at least this share of the first."""
WEIGHT = 0.2
"""How much a card's log-probability weighs against its word score (the best card's counting 1).
0.1 until the twenty-fourth pass; out of fold on sets 1–36 then (`bench/rules_folds.py --sets 1-36`,
words alone), 0.1 / 0.2 / 0.3 gave hit@1 92.7 / 93.0 / 92.8 %, with a context 94.6 / 94.7 / 94.5 %,
and 85.0 / 86.1 / 85.1 % on the five vague sets (9, 32, 33, 35, 36); a `GATE` of 0.3 changed nothing."""
FLOOR = -13.8
"""The lowest log-probability counted (that of one in a million)."""


def path() -> Path:
    from gm_assist.rules_ref.paths import rules_dir

    return rules_dir() / "_word_probe.bin"


def key(lang: str, stem: str) -> str:
    """A stem's row in the file: stems of the two languages are told apart."""
    return f"{lang}:{stem}"


class Probe:
    """The shipped regression, read once per process; unusable (``cards`` empty) when missing or damaged."""

    def __init__(self, file: Path) -> None:
        self.cards: list[str] = []
        self.rows: dict[str, int] = {}
        self.data = b""
        self.meta: dict[str, object] = {}
        self._last: tuple[tuple[str, tuple[tuple[str, float], ...]], dict[str, float]] | None = None
        try:
            head, _, data = file.read_bytes().partition(b"\n")
            meta = json.loads(head)
            cards, stems = list(map(str, meta["cards"])), list(map(str, meta["stems"]))
            if not cards or len(data) != 2 * len(cards) * (len(stems) + 1):
                raise ValueError("cut short")
            self.cards, self.data, self.meta = cards, data, meta
            self.rows = {s: i + 1 for i, s in enumerate(stems)}  # row 0: the biases
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            if file.exists():
                debug(f"rules search: {file} unreadable ({exc!r}), the word order stands")

    def _row(self, i: int) -> tuple[float, ...]:
        n = len(self.cards)
        return struct.unpack_from(f"<{n}e", self.data, 2 * n * i)

    def log_p(self, q: Query) -> dict[str, float]:
        """Each card's log-probability (floored at `FLOOR`) for the question ``q``; {} when unusable.
        The last question's answer is kept: a close call reorders by it (`rerank`) and
        `confidence.confidence_features` reads it again for the same question."""
        if not self.cards:
            return {}
        asked = (q.lang, tuple(q.weights.items()))
        if self._last is None or self._last[0] != asked:
            self._last = (asked, self._log_p(q))
        return self._last[1]

    def _log_p(self, q: Query) -> dict[str, float]:
        known = [
            (self.rows[k], w)
            for k, w in ((key(q.lang, s), w) for s, w in q.weights.items())
            if k in self.rows
        ]
        norm = math.sqrt(sum(w * w for _, w in known)) or 1.0
        logits = list(self._row(0))
        for i, w in known:
            for c, weight in enumerate(self._row(i)):
                logits[c] += weight * w / norm
        top = max(logits)
        total = top + math.log(sum(math.exp(x - top) for x in logits))
        return {card: max(x - total, FLOOR) for card, x in zip(self.cards, logits, strict=True)}


@cache
def probe() -> Probe:
    return Probe(path())


def rerank(q: Query, scored: Scored, game: str | None) -> Scored:
    """``scored`` with its best cards (of ``game``, if any) reordered by the regression at a close
    call (`GATE`); unchanged otherwise, or when the regression is unusable or does not know every
    card compared."""
    if not close_call(scored, game, GATE):
        return scored
    compared = [c for c, _, _ in block(scored, game)]
    lean = probe().log_p(q)
    if not lean or not set(compared) <= lean.keys():
        return scored
    return fuse(scored, game, {c: lean[c] for c in compared}, WEIGHT)


def by_words(q: Query, cards: list[str]) -> Scored:
    """``cards`` (a game's, none of which holds a word of the question) in the regression's order,
    the `COMPARED` likeliest, each at score 0; [] when it knows none of the question's stems or is
    unusable."""
    reading = probe()
    if not any(key(q.lang, s) in reading.rows for s in q.weights):
        return []
    lean = reading.log_p(q)
    return unscored({c: lean[c] for c in cards if c in lean})
