"""The rules search's answer (issues 17 and 35): the best cards, the sentences that answer, how sure.
It indexes, parses, scores and judges nothing itself: `index`, `query`, `ranking`, `confidence` do.

- The way of a question: `ranking.ranked` reads it (`query`) and orders the cards over the index
  (`index`, re-read by `meaning` at a close call); `run` quotes each card's answering sentences
  (`answers`) and asks `confidence` whether the first card answers well.
- How text becomes words and stems lives in `words`; the sentences an answer quotes, and which of
  them answer a question, in `answers`; the second reading by meaning in `meaning`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gm_assist.core.names import fold
from gm_assist.rules_ref import confidence, index, meaning
from gm_assist.rules_ref.answers import answer, snippet
from gm_assist.rules_ref.query import other_game
from gm_assist.rules_ref.ranking import ranked
from gm_assist.rules_ref.words import asks_advice, words


@dataclass
class Hit:
    id: str
    title: str
    score: float
    snippet: str
    source: str
    lang: str
    game: str
    answer: str = ""
    coverage: float = 0.0


@dataclass
class Result:
    """What a search found: the hits, the language they were found in, the game context used, and
    whether the best hit answers well."""

    hits: list[Hit]
    found_in: str
    game_context: str | None = None
    confident: bool = False
    corrections: dict[str, str] = field(default_factory=dict)
    reading: str = meaning.WORDS
    """Which reading answered: the words alone, or with the sentence model's (`meaning.BOTH`)."""
    other_game: str | None = None
    """A game that is not ours, named by the question and none of ours ("Risk: …"): no card answers well."""
    advice: bool = False
    """The question asks for advice ("any tips…", « des astuces ? »), which the cards, holding rules, do
    not give: no card answers well (`words.asks_advice`)."""
    confidence: float = 0.0
    """How likely the first card answers (`confidence.confidence`, 0 to 1), compared with
    `confidence.CONFIDENT` for ``confident``."""


def run(
    query: str,
    lang: str,
    game: str | None = None,
    limit: int = 5,
    context: str | None = None,
) -> Result:
    """Search. ``game`` keeps only that game's cards; ``context`` ranks that game's cards first
    unless the question names another game. Titles are in ``lang``; answers in the language the
    question was found in."""
    q, scored, idf, ctx_game, reading = ranked(query, lang, game, context)
    db = index.connect()
    hits = []
    for card_id, score, coverage in scored[:limit]:
        g, source, sentences = db.execute(
            "SELECT game, source, sentences FROM cards WHERE card=? AND lang=?", (card_id, q.lang)
        ).fetchone()
        said = answer(json.loads(sentences), q, idf)
        title = db.execute("SELECT title FROM cards WHERE card=? AND lang=?", (card_id, lang)).fetchone()[0]
        hits.append(
            Hit(
                card_id,
                title,
                round(score, 3),
                snippet(said),
                source,
                q.lang,
                g,
                said,
                round(coverage, 3),
            )
        )
    other = other_game(words(query))
    advice = asks_advice(query)
    likely = confidence.confidence(confidence.confidence_features(q, scored, idf)) if hits else 0.0
    confident = bool(hits) and not other and not advice and likely >= confidence.CONFIDENT
    return Result(
        hits, q.lang if hits else lang, ctx_game, confident, q.corrections, reading, other, advice, likely
    )


def search(
    query: str, lang: str, game: str | None = None, limit: int = 5, context: str | None = None
) -> tuple[list[Hit], str]:
    """Ranked hits for ``query``; the second value is the language the hits were found in."""
    result = run(query, lang, game, limit, context)
    return result.hits, result.found_in


def closest_titles(query: str, lang: str, game: str | None = None, n: int = 3) -> list[tuple[str, str]]:
    """The cards whose titles look most like the query: ``(id, title)``, for "nothing found"."""
    rows = (
        index.connect()
        .execute(
            "SELECT card, title FROM cards WHERE lang=?" + (" AND card LIKE ?" if game else ""),
            (lang, f"{game}/%") if game else (lang,),
        )
        .fetchall()
    )
    import difflib

    by_title = {fold(title): (card, title) for card, title in rows}
    close = difflib.get_close_matches(fold(query), list(by_title), n=n, cutoff=0.0)
    return [by_title[c] for c in close]


def unsure_message(result: Result, query: str) -> str:
    """What a player reads above the closest cards when no card answers well: the question names
    another game, asks for advice, nothing answers it well, or nothing was found."""
    from gm_assist.core.i18n import lang, t

    if result.other_game and result.hits:
        from gm_assist.games import GAMES, title

        name = result.other_game
        if lang() == "fr":
            name = index.meta()["others_fr"].get(name, name)
        known = ", ".join(title(g) for g in GAMES)
        return t("rules.search.other_game", query=query, game=name, known=known)
    if result.advice and result.hits:
        return t("rules.search.advice", query=query)
    games = several_games(result)
    if games:
        from gm_assist.games import title

        return t("rules.search.weak_games", query=query, games=", ".join(title(g) for g in games))
    return t("rules.search.weak" if result.hits else "rules.search.none", query=query)


SEVERAL_GAMES_FLOOR = 0.1
"""`several_games` names the games only when the first card is at least this likely to answer: the
question is then about our games, in words that fit several. Below it, the text is more likely about
something else ("will the frost kill my geraniums"), which naming a game would not settle. Measured
with the words alone on the searches left unsure: 48 of the 1,167 read off-topic ones reach it, and 45
of the 83 questions of the twenty-second pass's two vague sets (bench/rules_questions_heldout32.tsv,
_heldout33.tsv)."""


def several_games(result: Result, n: int = 3) -> list[str]:
    """The games of the ``n`` closest cards, in their order, when no game was ranked first (no
    session, none named), the question is unsure though likely about our games
    (`SEVERAL_GAMES_FLOOR`), and those cards are of several games: a question in everyday words
    ("how many bad guys at once") may be about any of them, and naming the game would settle it:
    `rules search` gives them (``games``) with the ``--game`` command, and the guided lookup offers to
    search each of them. [] otherwise."""
    if result.game_context or result.confident or result.confidence < SEVERAL_GAMES_FLOOR:
        return []
    games = list(dict.fromkeys(h.game for h in result.hits[:n]))
    return games if len(games) > 1 else []
