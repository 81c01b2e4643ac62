"""Offline search over the rule cards: SQLite FTS5 (stdlib) over accent-folded, stemmed text.

- Each card is indexed twice, once per language, with that language's Snowball stemmer.
- Columns are weighted: title 6, keywords 4, body 1 (BM25, as FTS5 ranks it).
- A query is folded and stemmed in the language asked for; words unknown to the index are replaced
  by the closest indexed word (difflib), so "initative" and "fatige" still find their cards.
- Strategy: all words, then any word, then raw prefixes; in the asked language first, then in the
  other one when nothing matches ("vilain" with --lang en finds the baddie cards).
- The index is built once and cached under the gm-assist home, keyed by the cards' names, sizes
  and modification times: editing a card rebuilds it on the next search.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gm_assist.core.names import fold

WEIGHTS = (6.0, 4.0, 1.0)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {
    "en": {
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "and",
        "or",
        "is",
        "it",
        "what",
        "how",
        "does",
        "do",
        "for",
        "with",
        "when",
        "i",
        "my",
        "can",
        "you",
        "at",
        "be",
        "are",
        "its",
        "rule",
        "rules",
    },
    "fr": {
        "le",
        "la",
        "les",
        "un",
        "une",
        "des",
        "de",
        "du",
        "d",
        "l",
        "et",
        "ou",
        "a",
        "au",
        "aux",
        "en",
        "est",
        "que",
        "qui",
        "quoi",
        "comment",
        "pour",
        "avec",
        "quand",
        "je",
        "on",
        "se",
        "sur",
        "ce",
        "regle",
        "regles",
        "il",
        "elle",
        "y",
    },
}


@cache
def _stemmer(lang: str):  # type: ignore[no-untyped-def]
    import snowballstemmer

    return snowballstemmer.stemmer("french" if lang == "fr" else "english")


def words(text: str) -> list[str]:
    """Folded words of a text (accents and case removed)."""
    return _WORD.findall(fold(text))


def stems(text: str, lang: str, keep_stop: bool = False) -> list[str]:
    """Folded, stemmed words of a text in ``lang`` (stop words dropped unless asked)."""
    ws = [w for w in words(text) if keep_stop or w not in _STOP[lang]]
    return [fold(s) for s in _stemmer(lang).stemWords(ws)]


@dataclass
class Hit:
    id: str
    title: str
    score: float
    snippet: str
    source: str
    lang: str
    game: str


def _cache_key(files: list[Path]) -> str:
    h = hashlib.sha1(b"rules-index-v2")
    for path in files:
        st = path.stat()
        h.update(f"{path.parent.name}/{path.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def _build(db: sqlite3.Connection) -> None:
    from gm_assist.rules_ref.cards import LANGS, all_cards

    db.executescript(
        "CREATE VIRTUAL TABLE fts USING fts5(title, keywords, body, card UNINDEXED, lang UNINDEXED,"
        " tokenize='unicode61 remove_diacritics 2');"
        "CREATE TABLE cards(card, lang, game, title, source, body, PRIMARY KEY(card, lang));"
        "CREATE TABLE vocab(lang, word, PRIMARY KEY(lang, word));"
    )
    vocab: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for card in all_cards().values():
        for lang in LANGS:
            title = card.text("title", lang)
            keywords = " ".join(card.text("keywords", lang) or [])
            body = card.text("body", lang)
            cols = [" ".join(stems(t, lang, keep_stop=True)) for t in (title, keywords, body)]
            db.execute("INSERT INTO fts VALUES (?,?,?,?,?)", (*cols, card.id, lang))
            db.execute(
                "INSERT INTO cards VALUES (?,?,?,?,?,?)", (card.id, lang, card.game, title, card.source, body)
            )
            for col in cols:
                vocab[lang].update(col.split())
            vocab[lang].update(words(title + " " + keywords))
    db.executemany(
        "INSERT OR IGNORE INTO vocab VALUES (?,?)", [(lang, w) for lang, ws in vocab.items() for w in ws]
    )
    db.commit()


_db: sqlite3.Connection | None = None


def connect() -> sqlite3.Connection:
    """The search index, from the cache if it is up to date, else built (and cached)."""
    global _db
    if _db is not None:
        return _db
    from gm_assist.core.context import home_dir
    from gm_assist.rules_ref.paths import card_files

    path = home_dir() / "cache" / f"rules-{_cache_key(card_files())}.sqlite"
    if path.exists():
        try:
            _db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
            _db.execute("SELECT count(*) FROM cards").fetchone()
            return _db
        except sqlite3.DatabaseError:
            _db = None
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    _build(memory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("rules-*.sqlite"):
            old.unlink(missing_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.unlink(missing_ok=True)
        disk = sqlite3.connect(tmp)
        memory.backup(disk)
        disk.close()
        tmp.replace(path)
    except OSError:
        pass  # a read-only home still searches, just without the cache
    _db = memory
    return _db


@cache
def _vocab(lang: str) -> tuple[frozenset[str], list[str]]:
    rows = connect().execute("SELECT word FROM vocab WHERE lang=?", (lang,)).fetchall()
    ws = [r[0] for r in rows]
    return frozenset(ws), ws


def _query_words(query: str) -> list[str]:
    """Folded query words without the stop words of either language (a query's language is unknown)."""
    return [w for w in words(query) if w not in _STOP["en"] and w not in _STOP["fr"]]


def _terms(query: str, lang: str, fuzzy: bool) -> list[str]:
    """Query stems in ``lang``; with ``fuzzy``, an unknown word becomes the closest indexed word."""
    known, listing = _vocab(lang)
    stemmer = _stemmer(lang)
    out = []
    for word in _query_words(query):
        stem = fold(stemmer.stemWord(word))
        if stem in known:
            out.append(stem)
        elif word in known:
            out.append(word)
        elif fuzzy:
            close = difflib.get_close_matches(stem, listing, n=1, cutoff=0.75) or difflib.get_close_matches(
                word, listing, n=1, cutoff=0.75
            )
            if close:
                out.append(close[0])
        else:
            return []  # an exact pass needs every word known in this language
    return list(dict.fromkeys(out))


def _quote(term: str) -> str:
    return '"' + term.replace('"', "") + '"'


TITLE_BONUS = 3.0
"""Added to a card whose title holds every query term: "comfort zone" prefers the card titled so."""


def _run(
    match: str, lang: str, game: str | None, limit: int, terms: list[str] = ()
) -> list[tuple[str, float]]:
    sql = (
        "SELECT card, bm25(fts, ?, ?, ?) AS rank, title FROM fts WHERE fts MATCH ? AND lang = ?"
        + (" AND card LIKE ?" if game else "")
        + " ORDER BY rank LIMIT ?"
    )
    params: list[object] = [*WEIGHTS, match, lang]
    if game:
        params.append(f"{game}/%")
    params.append(limit * 4)
    try:
        rows = connect().execute(sql, params).fetchall()
    except sqlite3.OperationalError:
        return []
    wanted = set(terms)
    scored = [
        (card, -rank + (TITLE_BONUS if wanted and wanted <= set(title.split()) else 0.0))
        for card, rank, title in rows
    ]
    scored.sort(key=lambda item: -item[1])
    return scored[:limit]


def _search_terms(terms: list[str], lang: str, game: str | None, limit: int) -> list[tuple[str, float]]:
    for joiner in (" AND ", " OR "):
        found = _run(joiner.join(_quote(t) for t in terms), lang, game, limit, terms)
        if found:
            return found
    return []


def _strategies(query: str, lang: str) -> list[tuple[str, list[str], bool]]:
    """(language, terms, prefix?) to try in order: exact words in the asked language, then in the
    other one, then typo-corrected in each, then raw prefixes."""
    other = "fr" if lang == "en" else "en"
    plans: list[tuple[str, list[str], bool]] = []
    for fuzzy in (False, True):
        for where in (lang, other):
            terms = _terms(query, where, fuzzy)
            if terms:
                plans.append((where, terms, False))
    raw = [w for w in _query_words(query) if len(w) >= 3]
    if raw:
        plans += [(lang, raw, True), (other, raw, True)]
    return plans


def snippet(body: str, terms: list[str], lang: str, width: int = 110) -> str:
    """About ``width`` characters of the body around the first word matching a query term."""
    flat = " ".join(line.strip("#*- ") for line in body.splitlines() if line.strip())
    tokens = list(re.finditer(r"\w+", flat))
    stemmer = _stemmer(lang)
    for tok in tokens:
        w = fold(tok.group())
        if (
            w in terms
            or fold(stemmer.stemWord(w)) in terms
            or any(w.startswith(t) for t in terms if len(t) > 3)
        ):
            start = max(0, tok.start() - width // 3)
            piece = flat[start : start + width]
            return ("…" if start else "") + piece + ("…" if start + width < len(flat) else "")
    return flat[:width] + ("…" if len(flat) > width else "")


def search(query: str, lang: str, game: str | None = None, limit: int = 5) -> tuple[list[Hit], str]:
    """Ranked hits for ``query``; the second value is the language the hits were found in."""
    for where, terms, prefix in _strategies(query, lang):
        if prefix:
            found = _run(" OR ".join(_quote(w) + "*" for w in terms), where, game, limit)
        else:
            found = _search_terms(terms, where, game, limit)
        if not found:
            continue
        db = connect()
        hits = []
        for card_id, score in found:
            g, source, body = db.execute(
                "SELECT game, source, body FROM cards WHERE card=? AND lang=?", (card_id, where)
            ).fetchone()
            title = db.execute("SELECT title FROM cards WHERE card=? AND lang=?", (card_id, lang)).fetchone()[
                0
            ]
            hits.append(Hit(card_id, title, round(score, 3), snippet(body, terms, where), source, where, g))
        return hits, where
    return [], lang


def closest_titles(query: str, lang: str, game: str | None = None, n: int = 3) -> list[tuple[str, str]]:
    """The cards whose titles look most like the query: ``(id, title)``, for "nothing found"."""
    rows = (
        connect()
        .execute(
            "SELECT card, title FROM cards WHERE lang=?" + (" AND card LIKE ?" if game else ""),
            (lang, f"{game}/%") if game else (lang,),
        )
        .fetchall()
    )
    by_title = {fold(title): (card, title) for card, title in rows}
    close = difflib.get_close_matches(fold(query), list(by_title), n=n, cutoff=0.0)
    return [by_title[c] for c in close]
