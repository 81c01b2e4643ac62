"""The rules search's index: each card's words, stems and sentences in SQLite, built once and cached.
It reads no question, scores no card and judges no answer: `query`, `ranking`, `confidence` read it.

- Each card is indexed once per language, folded (accents, case) and stemmed with that language's
  Snowball stemmer (`words`), in four fields (`FIELDS`): title, keywords, the questions the card
  answers (its own, ``questions_en``/``questions_fr``, and those players asked, `players_questions`),
  body; with the title's and keywords' phrases, the neighbouring words of its title, keywords and
  questions, the sentences an answer quotes (`answers`), what the sentence model reads (`meaning`),
  and in ``meta`` the games' names, the glossaries' synonyms and the summary cards (`_hubs`).
- The index is built once and cached under the gm-assist home, keyed by the cards' and glossaries'
  names, sizes and modification times: editing a card rebuilds it on the next search. Building is
  safe when several processes do it at once (a lock, then an atomic replace), and a read-only or full
  home searches from an index kept in memory.
- `meta` and the readers of `tables` (each card's lengths, phrases and questions, the vocabulary…)
  keep what they read until `reset`.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sqlite3
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from gm_assist.rules_ref import meaning
from gm_assist.rules_ref.answers import full_ids, indexed_sentences
from gm_assist.rules_ref.words import content_words, intents, stems, words

FIELDS = ("title", "keywords", "questions", "body")
HUB_MIN = 4
"""A card whose body points to at least this many other cards is a summary card (`_hubs`)."""
INDEX_VERSION = "rules-index-v16"
"""Moves whenever what the index holds changes: the build here, `words`, `answers.indexed_sentences`."""

_CODE = re.compile(r"\s*\(?`[^`]*`\)?")
"""A `card/id` reference in a body (with its parentheses): a pointer, not words of the card."""


def _sources() -> list[Path]:
    from gm_assist.rules_ref import paths

    # this module too: a new version of the index's layout or of its stemming rebuilds it
    rules = paths.rules_dir()
    glossaries = sorted(rules.glob("*/_glossary.toml")) + sorted(rules.glob("_synonyms.toml"))
    glossaries += sorted(rules.glob("_other_games.toml")) + paths.asked_files()
    return [*paths.card_files(), *glossaries, Path(__file__)]


def _cache_key(files: list[Path]) -> str:
    h = hashlib.sha1(INDEX_VERSION.encode())
    for path in files:
        st = path.stat()
        h.update(f"{path.parent.name}/{path.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def _game_names() -> dict[str, str]:
    """Folded names a question may use for a game → game id."""
    from gm_assist.games import GAMES

    names: dict[str, str] = {}
    for g in GAMES.values():
        for name in (g.id, *g.aliases):
            names[" ".join(words(name.replace("-", " ")))] = g.id
    names.update({"too many bones": "tmb", "sheepy time": "insomnia", "mice mystics": "mice-and-mystics"})
    names.pop("souris", None)  # a word of the game's own questions, not only its name
    names.pop("peluches", None)
    return names


def _other_game_names() -> dict[str, str]:
    """Folded names a question may use for a game that is not ours → its English name (`other_game`);
    a name that counts only when it opens the question (`OtherGame.opening`) starts with ``^``."""
    from gm_assist.rules_ref.cards import other_games

    names = {" ".join(words(p)): g.name for g in other_games() for p in g.phrases() if words(p)}
    names |= {"^" + " ".join(words(p)): g.name for g in other_games() for p in g.opening if words(p)}
    return names


def _other_games_in_french() -> dict[str, str]:
    """English name → French name of the other games whose names differ."""
    from gm_assist.rules_ref.cards import other_games

    return {g.name: g.shown("fr") for g in other_games() if g.shown("fr") != g.name}


def _synonym_groups() -> list[dict[str, Any]]:
    """Each glossary entry as a group of phrases (folded word lists), with its game."""
    from gm_assist.rules_ref.cards import glossary, synonyms

    groups: list[dict[str, Any]] = []
    for entry in synonyms():
        tagged = [("en", p) for p in entry.en] + [("fr", p) for p in entry.fr]
        groups.append({"game": entry.game, "phrases": tagged})
    for term in glossary():
        tagged = [("en", term.en), ("fr", term.fr)] + [("", p) for p in term.also]
        groups.append({"game": term.game, "phrases": tagged})
    for group in groups:
        seen: dict[tuple[str, ...], str] = {}
        for lang, phrase in group["phrases"]:
            ws = tuple(words(phrase))
            # not "B", "L"; a phrase of function words only ("we all") still brings in the others
            if ws and len(ws) <= 4 and ([w for w in content_words(list(ws)) if len(w) > 1] or len(ws) > 1):
                seen[ws] = "" if ws in seen and seen[ws] != lang else lang
        group["phrases"] = [[lang, list(ws)] for ws, lang in seen.items()]
    return [g for g in groups if len(g["phrases"]) >= 2]


def _build(db: sqlite3.Connection) -> None:
    from gm_assist.rules_ref.cards import LANGS, all_cards, players_questions

    db.executescript(
        "CREATE TABLE cards(card, lang, game, title, source, body, lens, phrases, questions, sentences,"
        " PRIMARY KEY(card, lang));"
        "CREATE TABLE post(lang, stem, card, field, tf);"
        "CREATE INDEX post_stem ON post(lang, stem);"
        "CREATE TABLE vocab(lang, word, PRIMARY KEY(lang, word)) WITHOUT ROWID;"
        "CREATE INDEX vocab_word ON vocab(word);"
        "CREATE TABLE meta(key PRIMARY KEY, value);"
        "CREATE TABLE meaning(card, kind, text);"
        "CREATE INDEX meaning_card ON meaning(card);"
    )
    vocab: dict[str, set[str]] = {lang: set() for lang in LANGS}
    totals = {lang: dict.fromkeys(FIELDS, 0) for lang in LANGS}
    count = dict.fromkeys(LANGS, 0)
    cards = all_cards()
    heard = players_questions()
    for card in cards.values():
        db.executemany("INSERT INTO meaning VALUES (?,?,?)", [(card.id, "q", t) for t in meaning.asked(card)])
        for lang in LANGS:
            questions = [*card.questions(lang), *heard.get((card.id, lang), [])]
            texts = {
                "title": card.text("title", lang),
                "keywords": " ; ".join(card.text("keywords", lang) or []),
                "questions": " ; ".join(questions),
                "body": _CODE.sub("", card.text("body", lang)),  # card ids are not the card's words
            }
            lengths = {}
            for name, value in texts.items():
                ss = stems(value, lang)
                lengths[name] = len(ss)
                totals[lang][name] += len(ss)
                tf: dict[str, int] = {}
                for s in ss:
                    tf[s] = tf.get(s, 0) + 1
                rows = [(lang, s, card.id, name, n) for s, n in tf.items()]
                db.executemany("INSERT INTO post VALUES (?,?,?,?,?)", rows)
                vocab[lang].update(ss)
                vocab[lang].update(content_words(words(value)))
            count[lang] += 1
            parts = (texts["title"], *re.split(r"[(),:;]", texts["title"]))
            titles = [" ".join(stems(p, lang)) for p in parts]
            keywords = [" ".join(stems(p, lang)) for p in card.text("keywords", lang) or []]
            stemmed = list(dict.fromkeys(["T" + p for p in titles if p] + [p for p in keywords if p]))
            pairs: set[str] = set()  # neighbouring words of the title, keywords and questions: "score marker"
            for text in (texts["title"], *(card.text("keywords", lang) or []), *questions):
                ss = stems(text, lang)
                pairs.update(f"{a} {b}" for a, b in zip(ss, ss[1:], strict=False) if a != b)
            stemmed += ["P" + p for p in sorted(pairs)]
            asked = [[sorted(set(stems(x, lang))), sorted(intents(x))] for x in questions]
            sentences = indexed_sentences(full_ids(card.text("body", lang), card.game, cards), lang)
            db.executemany("INSERT INTO meaning VALUES (?,?,?)", [(card.id, "s", s[0]) for s in sentences])
            db.execute(
                "INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    card.id,
                    lang,
                    card.game,
                    texts["title"],
                    card.source,
                    texts["body"],
                    json.dumps(lengths),
                    json.dumps(stemmed),
                    json.dumps([q for q in asked if q[0]]),
                    json.dumps(sentences, ensure_ascii=False),
                ),
            )
    db.executemany(
        "INSERT OR IGNORE INTO vocab VALUES (?,?)", [(lang, w) for lang, ws in vocab.items() for w in ws]
    )
    avg = {lang: {f: totals[lang][f] / max(1, count[lang]) for f in FIELDS} for lang in LANGS}
    sql = "SELECT stem, count(DISTINCT card) FROM post WHERE lang=? GROUP BY stem"
    df = {lang: dict(db.execute(sql, (lang,))) for lang in LANGS}
    db.executemany(
        "UPDATE cards SET questions=? WHERE card=? AND lang=?",
        [
            (
                json.dumps([[q, _norm(q, df[lang], count[lang]), kinds] for q, kinds in json.loads(asked)]),
                card,
                lang,
            )
            for card, lang, asked in db.execute("SELECT card, lang, questions FROM cards").fetchall()
        ],
    )
    facts = {
        "avg": avg,
        "n": count,
        "games": _game_names(),
        "others": _other_game_names(),
        "others_fr": _other_games_in_french(),
        "synonyms": _synonym_groups(),
        "hubs": _hubs(cards),
        "per_game": {
            g: sum(1 for c in cards.values() if c.game == g) for g in {c.game for c in cards.values()}
        },
    }
    db.executemany("INSERT INTO meta VALUES (?,?)", [(k, json.dumps(v)) for k, v in facts.items()])
    db.commit()


_REF = re.compile(r"`([a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)?)`")


def _hubs(cards: dict[str, Any]) -> dict[str, list[str]]:
    """Summary cards (a day's phases, a chapter's steps, a turn's actions): those whose body points
    to at least `HUB_MIN` other cards, with the cards they point to."""
    out: dict[str, list[str]] = {}
    for card in cards.values():
        refs: set[str] = set()
        for lang in ("en", "fr"):
            for ref in _REF.findall(card.text("body", lang)):
                full = ref if "/" in ref else f"{card.game}/{ref}"
                if full in cards and full != card.id:
                    refs.add(full)
        if len(refs) >= HUB_MIN:
            out[card.id] = sorted(refs)
    return out


def idf(df: int, n: int) -> float:
    """BM25's inverse document frequency of a stem that ``df`` of the ``n`` cards hold."""
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def _norm(terms: list[str], df: dict[str, int], n: int) -> float:
    """The length of a question's idf vector (for the cosine with a query)."""
    return math.sqrt(sum(idf(df.get(t, 1), n) ** 2 for t in terms)) or 1.0


_db: sqlite3.Connection | None = None


def _open_cached(path: Path) -> sqlite3.Connection | None:
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        db.execute("SELECT value FROM meta WHERE key='n'").fetchone()
        return db
    except sqlite3.DatabaseError:
        return None


def _store(memory: sqlite3.Connection, path: Path) -> sqlite3.Connection | None:
    """Write the built index to ``path`` under a lock (another process may be building it too):
    a temporary file, then an atomic replace. None when the home cannot take it."""
    from gm_assist.core.errors import EnvError
    from gm_assist.core.store import file_lock

    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    try:
        with file_lock(path.parent / "rules-index.lock", timeout=20):
            ready = _open_cached(path)  # built by another process while this one waited
            if ready is not None:
                return ready
            disk = sqlite3.connect(tmp)
            try:
                memory.backup(disk)
            finally:
                disk.close()
            os.replace(tmp, path)
            for old in path.parent.glob("rules-*.sqlite"):
                if old != path:
                    old.unlink(missing_ok=True)
    except (OSError, sqlite3.Error, EnvError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return None  # a read-only or full home still searches, from memory
    return None


def connect() -> sqlite3.Connection:
    """The search index, from the cache if it is up to date, else built (and cached if possible)."""
    global _db
    if _db is not None:
        return _db
    from gm_assist.core.context import home_dir

    path = home_dir() / "cache" / f"rules-{_cache_key(_sources())}.sqlite"
    _db = _open_cached(path)
    if _db is not None:
        return _db
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    _build(memory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    _db = _store(memory, path) or memory
    return _db


_Reader = TypeVar("_Reader", bound=Callable[..., Any])
_kept: list[Callable[..., Any]] = []


def kept(reader: _Reader) -> _Reader:
    """Mark a cached reader of the index (`functools.cache`): `reset` forgets what it read."""
    _kept.append(reader)
    return reader


def reset() -> None:
    """Forget the open index and everything read from it (tests that switch homes or edit cards)."""
    global _db
    _db = None
    for reader in _kept:
        reader.cache_clear()  # type: ignore[attr-defined]
    meaning.reset()


def cards_of(game: str) -> list[str]:
    """The ids of one game's cards."""
    rows = connect().execute("SELECT DISTINCT card FROM cards WHERE game=? ORDER BY card", (game,)).fetchall()
    return [card for (card,) in rows]


@kept
@cache
def meta() -> dict[str, Any]:
    """What the index holds beside the cards (`_build`): the fields' mean lengths, the number of
    cards, the games' names and the other games', the synonym groups, the summary cards."""
    return {k: json.loads(v) for k, v in connect().execute("SELECT key, value FROM meta")}
