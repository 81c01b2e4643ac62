"""What the search reads from the index, in memory: each card's lengths, phrases and questions, those
questions by stem and by kind, the synonyms' first words, the vocabulary and which games hold a word.

Each is read once per language from `index` (SQLite) and kept until `index.reset`. They are derived
views, not the index itself: `query`, `ranking` and `confidence` read them; nothing here scores a card.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache

from gm_assist.rules_ref.index import connect, kept, meta


@kept
@cache
def lens(
    lang: str,
) -> dict[str, tuple[str, dict[str, int], list[str], list[tuple[list[str], float, list[str]]]]]:
    """Each card in ``lang`` → its game, its fields' lengths, its title and keyword phrases and word
    pairs, and its questions (their stems, the length of their idf vector, what they ask for)."""
    rows = connect().execute("SELECT card, game, lens, phrases, questions FROM cards WHERE lang=?", (lang,))
    return {
        card: (game, json.loads(lengths), json.loads(phrases), json.loads(asked))
        for card, game, lengths, phrases, asked in rows
    }


@kept
@cache
def asked_by_stem(lang: str) -> dict[str, dict[str, list[int]]]:
    """Each card in ``lang`` → each stem of its questions → the rows of `lens` (its questions) that
    hold it: a player's question is compared only with the card's questions sharing a word with it
    (the others are at 0), which the players' questions, thousands per game, made worth it."""
    out: dict[str, dict[str, list[int]]] = {}
    for card, (_, _, _, asked) in lens(lang).items():
        rows: dict[str, list[int]] = {}
        for i, (held, _, _) in enumerate(asked):
            for s in held:
                rows.setdefault(s, []).append(i)
        out[card] = rows
    return out


@kept
@cache
def phrase_parts(lang: str) -> dict[str, tuple[list[tuple[str, int, bool]], frozenset[str]]]:
    """Each card in ``lang`` → its title and keyword phrases as ``(" phrase ", words, from the
    title)``, and its neighbouring-word pairs ("a b"): `lens`'s phrases, read once, so that a search
    looks up the question's few pairs among a card's thousands instead of the other way round."""
    out: dict[str, tuple[list[tuple[str, int, bool]], frozenset[str]]] = {}
    for card, (_, _, phrases, _) in lens(lang).items():
        whole = [
            (f" {p.removeprefix('T')} ", p.count(" ") + 1, p.startswith("T"))
            for p in phrases
            if not p.startswith("P")
        ]
        out[card] = (whole, frozenset(p[1:] for p in phrases if p.startswith("P")))
    return out


@kept
@cache
def asked_kinds(lang: str) -> dict[str, list[tuple[frozenset[str], int]]]:
    """Each card in ``lang`` → what its questions ask for (who, when, where…), each set of kinds with
    how many of its questions ask that way: a card's share of questions asking what the player asks
    is summed over a few sets instead of over every question."""
    out: dict[str, list[tuple[frozenset[str], int]]] = {}
    for card, (_, _, _, asked) in lens(lang).items():
        counts: dict[frozenset[str], int] = {}
        for _, _, kinds in asked:
            key = frozenset(kinds)
            counts[key] = counts.get(key, 0) + 1
        out[card] = list(counts.items())
    return out


@kept
@cache
def synonym_index() -> dict[str, list[int]]:
    """First word of each synonym phrase → the entries holding it (a query checks only those)."""
    out: dict[str, list[int]] = {}
    for i, group in enumerate(meta()["synonyms"]):
        for _, phrase in group["phrases"]:
            out.setdefault(phrase[0], []).append(i)
    return out


@kept
@cache
def vocab_list(lang: str, first: str) -> list[str]:
    """The indexed stems in ``lang`` that begin with the letter ``first``."""
    rows = connect().execute(
        "SELECT DISTINCT stem FROM post WHERE lang=? AND stem >= ? AND stem < ?", (lang, first, first + "{")
    )
    return [r[0] for r in rows]


@kept
@lru_cache(maxsize=256)
def games_holding(lang: str, typed: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """For each stem, how many cards of each game hold it (`ranking.game_lean` asks it for the
    ranking and for `confidence.confidence_features` of the same question)."""
    marks = ",".join("?" * len(typed))
    rows = connect().execute(
        f"SELECT stem, card FROM post WHERE lang=? AND stem IN ({marks}) GROUP BY stem, card", (lang, *typed)
    )
    held: dict[str, dict[str, int]] = {}
    for term, card in rows:
        games = held.setdefault(term, {})
        g = card.split("/", 1)[0]
        games[g] = games.get(g, 0) + 1
    return held


@kept
@cache
def terms(lang: str) -> frozenset[str]:
    """The stems of the cards' titles and keywords in ``lang``: the games' own vocabulary."""
    sql = "SELECT DISTINCT stem FROM post WHERE lang=? AND field IN ('title', 'keywords')"
    return frozenset(r[0] for r in connect().execute(sql, (lang,)))
