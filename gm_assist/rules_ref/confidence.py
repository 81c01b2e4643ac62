"""How sure the rules search is that its best card answers: that card's evidence through a logistic model.
It ranks no card (`ranking`) and decides nothing shown: `search.run` compares it with `CONFIDENT`.
"""

from __future__ import annotations

import math

from gm_assist.rules_ref import index, tables, word_probe
from gm_assist.rules_ref.query import Query
from gm_assist.rules_ref.ranking import game_lean
from gm_assist.rules_ref.words import stem

CONFIDENCE = {
    "bias": -11.13,
    "score": 0.96,
    "coverage": 0.96,
    "unknown": -2.21,
    "guessed": -1.43,
    "terms": 1.39,
    "near": 0.86,
    "single": 0.53,
    "margin": -0.47,
    "lean": 0.47,
    "named": 2.91,
    "together": 1.00,
    "probe": 2.35,
}
"""Weights of `confidence`'s logistic model over the best card's evidence (`confidence_features`),
fitted by bench/rules_confident.py on the training parts only: the read held-out sets searched out of
fold (each by a search that never learned it) and the read off-topic sets; never the newest sets."""
CONFIDENT = 0.72
"""`confident` when `confidence` reaches this: the highest threshold that leaves at most 9 % of the read
sets' questions unsure out of fold (bench/rules_confident.py)."""


def confidence_features(
    q: Query, scored: list[tuple[str, float, float]], idf: dict[str, float]
) -> dict[str, float]:
    """What says whether the best card answers the question (`confidence`'s inputs):

    - ``score``: log(1 + its score); ``coverage``: the share of the question's words it holds (idf-
      weighted, a word found only in its body counting half); ``margin``: the second card's score
      over its score, never below 0 (a second card scoring below 0 gives 0, however weak the first
      card's score, which ``score`` says: unbounded, a first card scoring next to 0 made the ratio
      -35, and "where did I put my keys" a Too Many Bones question for certain);
    - ``unknown``: the share of the question's words that no card knows, not even corrected ("pizza",
      "Monopoly": the question is about something else); ``guessed``: the share read as a correction
      or another form of a word the cards do not hold ("film" read as « fil »);
    - ``terms``: how many of the question's words (up to 3) are the games' own vocabulary (a word of a
      card's title or keywords) and held by this card's title, keywords or questions;
    - ``near``: the cosine with the nearest of its own questions; ``single``: 1 / the number of words
      (a lone everyday word found in one card's text is weak evidence);
    - ``lean``: its game's share of the question's words (`game_lean`): a question about this
      game uses words its cards use more than the other games' do; words every game uses ("dice",
      "card", "win") spread out, as another game's question or everyday talk does;
    - ``named``: the share of the question's words its title, keywords or questions hold (a player's
      question is asked in the words the cards' questions use; everyday talk is not);
    - ``together``: how many of the next two cards are of its game (a question about one game finds
      that game's cards; text about something else scatters over the games);
    - ``probe``: its probability by the words' linear reading (`word_probe`), which weighs every
      question the table asked at once: « les petits fromages ? » is a cheese question for it, however
      few words the cards share with it (0 where the reading is unusable).
    Empty when nothing was found."""
    if not scored or not q.words:
        return {}
    card, score, coverage = scored[0]
    stems_ = list(q.weights)
    marks = ",".join("?" * len(stems_))
    rows = index.connect().execute(
        f"SELECT stem, field FROM post WHERE lang=? AND card=? AND stem IN ({marks})", (q.lang, card, *stems_)
    )
    held: dict[str, bool] = {}  # stem → held outside the body
    for term, fname in rows:
        held[term] = held.get(term, False) or fname != "body"
    standing = set(q.origin.values())
    unknown = sum(
        1
        for w in q.words
        if w not in standing and w not in q.corrections and stem(w, q.lang) not in q.weights
    )
    guessed = sum(1 for w in q.words if w in q.corrections)
    terms = tables.terms(q.lang)
    strong = {q.origin[s] for s in stems_ if held.get(s) and s in terms and q.weights[s] >= 1.0}
    near = 0.0
    qnorm = math.sqrt(sum((q.weights[s] * idf.get(s, 0.0)) ** 2 for s in q.weights)) or 1.0
    for asked, norm, _ in tables.lens(q.lang)[card][3]:
        dot = sum(q.weights[t] * idf.get(t, 0.0) ** 2 for t in asked if t in held)
        near = max(near, dot / (qnorm * norm))
    n = len(q.words)
    game = card.split("/", 1)[0]
    lean = game_lean(q, idf).get(game, 0.0)
    named = {q.origin[s] for s, outside in held.items() if outside} & set(q.words)
    log_p = word_probe.probe().log_p(q)
    return {
        "score": math.log1p(max(score, 0.0)),
        "coverage": coverage,
        "unknown": unknown / n,
        "guessed": guessed / n,
        "terms": float(min(len(strong), 3)),
        "near": near,
        "single": 1 / n,
        "margin": max(scored[1][1] / score, 0.0) if len(scored) > 1 and score > 0 else 0.0,
        "lean": lean,
        "named": len(named) / n,
        "together": sum(c.startswith(game + "/") for c, _, _ in scored[1:3]) / 2,
        "probe": math.exp(log_p[card]) if card in log_p else 0.0,
    }


def confidence(features: dict[str, float], weights: dict[str, float] = CONFIDENCE) -> float:
    """How likely the best card answers the question, 0 to 1 (a logistic model: `CONFIDENCE`, or the
    weights bench/rules_confident.py is trying)."""
    if not features:
        return 0.0
    z = weights["bias"] + sum(weights[k] * v for k, v in features.items())
    return 1 / (1 + math.exp(-z))
