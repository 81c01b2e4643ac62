"""Offline search over the rule cards: an inverted index in SQLite (stdlib), scored in Python.

- Each card is indexed once per language, folded (accents, case) and stemmed with that language's
  Snowball stemmer, in four fields weighted apart (`WEIGHTS`): title, keywords, the questions the
  card answers (``questions_en``/``questions_fr``), body. Scoring is BM25F over those fields, each
  word of the question counted once (the best of the stems standing for it: the word typed, another
  form, a correction, a synonym; the words of a synonym of several words added up).
- A query is a player's question: its language is read from its words (the asked language breaks a
  tie), question words and fillers of both languages are dropped (`STOP`), number words become
  digits, and negations are ignored, so "how many", "est-ce que" or "can't" never drown the content
  words. A word unknown to the index is corrected to the closest indexed word **of the query's
  language only**, at a lower weight.
- Synonyms of each game's glossary (``[[synonym]]`` and ``[[term]]``) are applied at query time in
  both directions: a query holding one phrase of an entry also looks for the others, at a lower weight.
- Game context: with a game (the current session's, ``--game``, or one the query names), that game's
  cards rank first. `confident` says whether the best card covers the question well.
- The index is built once and cached under the gm-assist home, keyed by the cards' and glossaries'
  names, sizes and modification times: editing a card rebuilds it on the next search. Building is
  safe when several processes do it at once (a lock, then an atomic replace), and a read-only or full
  home searches from an index kept in memory.
- How text becomes words and stems lives in `words`; the sentences an answer quotes, and which of
  them answer a question, in `answers`.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sqlite3
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from gm_assist.core.names import fold
from gm_assist.rules_ref import meaning
from gm_assist.rules_ref.answers import answer, full_ids, indexed_sentences, snippet
from gm_assist.rules_ref.words import STOP, content_words, intents, stem, stems, words

FIELDS = ("title", "keywords", "questions", "body")
WEIGHTS = {"title": 6.0, "keywords": 6.0, "questions": 1.125, "body": 1.0}
K1, B = 4.0, 0.75
FUZZY_WEIGHT = 0.6
"""Weight of a word corrected to the closest indexed word (a guess, worth less than a word typed)."""
VARIANT_WEIGHT = 0.525
"""Weight of an indexed stem that extends the query's stem or that it extends (the stemmer leaves
"progrès"/"progression", "travers"/"traverser" apart): another form of the same word, most likely."""
VARIANT_MIN = 5
"""The shorter stem of a variant pair has at least this many letters (below, "car" would find "card")."""
SYNONYM_WEIGHT = 0.8
"""Weight of a word brought in by a glossary synonym of a phrase of the query (the words of a synonym
of several words share it: `_Query.part_of`)."""
CONFIDENCE = {
    "bias": -11.16,
    "score": 1.71,
    "coverage": 0.68,
    "unknown": -3.68,
    "guessed": -1.36,
    "terms": 1.16,
    "near": 1.13,
    "single": 0.29,
    "margin": -1.18,
    "lean": 0.41,
    "named": 2.53,
    "together": 1.69,
}
"""Weights of `confidence`'s logistic model over the best card's evidence (`confidence_features`),
fitted on the training questions and the off-topic training set only (bench/rules_confident.py)."""
CONFIDENT = 0.68
"""`confident` when `confidence` reaches this: set on the training sets only (bench/rules_confident.py)."""
COVERAGE_FLOOR, COVERAGE_POWER = 0.4, 1.0
"""A card's score is scaled by FLOOR + (1 − FLOOR) × coverage^POWER: one holding more of the
question's words beats one that repeats a single word."""
PHRASE_BONUS = 2.0
"""Added per word of a card's title or keyword phrase that the question holds in full (doubled when
the question is that phrase and nothing else)."""
PAIR_BONUS = 1.5
"""Added per pair of neighbouring question words that a card's title, keywords or questions hold side
by side ("score marker", "même case")."""
QUESTION_BONUS = 10.0
"""Added times the cosine between the question and the nearest question the card lists."""
INTENT_SHARE = 0.3
"""A card's score is multiplied by 1 + INTENT_SHARE × the share of its own questions that ask for the
same kind of answer as the player's (`words.intents`: who acts, when, how many, can I, where): the
question words say what is wanted ("who moves the rats" asks whose job it is, not what a rat is).
Chosen on the training sets and the cards' own questions left out (bench/rules_loo.py)."""
GAME_WORD_PRIOR = 1.5
"""Without a game context, the cards of the one game whose own vocabulary the question uses
("mouton", "gearloc", "stuffie": words found in that game's cards only) have their score multiplied
by this: a soft context, which a better card of another game can still beat."""
HUB_MIN = 4
"""A card whose body points to at least this many other cards is a summary card (`_hubs`)."""
HUB_SCORE = 0.5
"""A summary card ranked above a card it points to yields its place to it when that card names (in
its title or keywords) a word of the question the summary does not, and scores at least
this share of the summary's score: "on a new tile, where do the enemies go" is about the card the
chapter's summary points to, not about the summary (`_yield_to_targets`)."""
GAME_SOFT = 1.0
"""Without a game context, each card's score is multiplied by 1 + GAME_SOFT × its game's share of
the question's words (each typed word split between the games whose cards use it, in proportion to
how many of each game's cards do, weighted by its idf): a word most of one game's cards use and few
of another's ("trait plein", "vilain") leans toward that game."""
INDEX_VERSION = "rules-index-v14"
"""Moves whenever what the index holds changes: the build here, `words`, `answers.indexed_sentences`."""
_EXPLAIN: dict[str, dict[str, float]] | None = None
"""When a dict, each scored card's parts of its score (for tuning by hand: bench/rules_explain.py)."""
_HOLD_OUT: tuple[str, list[str]] | None = None
"""When set, (card id, the stems of one of its questions): that question is searched as if the card
did not list it (bench/rules_loo.py: the cards' own questions as a leave-one-out tuning set)."""

_CODE = re.compile(r"\s*\(?`[^`]*`\)?")
"""A `card/id` reference in a body (with its parentheses): a pointer, not words of the card."""


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


# --- the index ---------------------------------------------------------------------------------


def _sources() -> list[Path]:
    from gm_assist.rules_ref.paths import card_files, rules_dir

    # this module too: a new version of the index's layout or of its stemming rebuilds it
    glossaries = sorted(rules_dir().glob("*/_glossary.toml")) + sorted(rules_dir().glob("_synonyms.toml"))
    glossaries += sorted(rules_dir().glob("_other_games.toml"))
    return [*card_files(), *glossaries, Path(__file__)]


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
    """Folded names a question may use for a game that is not ours → its English name (`other_game`)."""
    from gm_assist.rules_ref.cards import other_games

    return {" ".join(words(p)): g.name for g in other_games() for p in g.phrases() if words(p)}


def _other_games_in_french() -> dict[str, str]:
    """English name → French name of the other games whose names differ."""
    from gm_assist.rules_ref.cards import other_games

    return {g.name: g.shown("fr") for g in other_games() if g.shown("fr") != g.name}


def unsure_message(result: Result, query: str) -> str:
    """What a player reads above the closest cards when no card answers well: the question names
    another game, nothing answers it well, or nothing was found."""
    from gm_assist.core.i18n import lang, t

    if result.other_game and result.hits:
        from gm_assist.games import GAMES, title

        name = result.other_game
        if lang() == "fr":
            name = _meta()["others_fr"].get(name, name)
        known = ", ".join(title(g) for g in GAMES)
        return t("rules.search.other_game", query=query, game=name, known=known)
    return t("rules.search.weak" if result.hits else "rules.search.none", query=query)


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
    from gm_assist.rules_ref.cards import LANGS, all_cards

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
    for card in cards.values():
        db.executemany("INSERT INTO meaning VALUES (?,?,?)", [(card.id, "q", t) for t in meaning.asked(card)])
        for lang in LANGS:
            texts = {
                "title": card.text("title", lang),
                "keywords": " ; ".join(card.text("keywords", lang) or []),
                "questions": " ; ".join(card.questions(lang)),
                "body": _CODE.sub("", card.text("body", lang)),  # card ids are not the card's words
            }
            lens = {}
            for name, value in texts.items():
                ss = stems(value, lang)
                lens[name] = len(ss)
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
            for text in (texts["title"], *(card.text("keywords", lang) or []), *card.questions(lang)):
                ss = stems(text, lang)
                pairs.update(f"{a} {b}" for a, b in zip(ss, ss[1:], strict=False) if a != b)
            stemmed += ["P" + p for p in sorted(pairs)]
            asked = [[sorted(set(stems(x, lang))), sorted(intents(x))] for x in card.questions(lang)]
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
                    json.dumps(lens),
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
    meta = {
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
    db.executemany("INSERT INTO meta VALUES (?,?)", [(k, json.dumps(v)) for k, v in meta.items()])
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


def _idf(df: int, n: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def _norm(terms: list[str], df: dict[str, int], n: int) -> float:
    """The length of a question's idf vector (for the cosine with a query)."""
    return math.sqrt(sum(_idf(df.get(t, 1), n) ** 2 for t in terms)) or 1.0


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


def reset() -> None:
    """Forget the open index (tests that switch homes or edit cards)."""
    global _db
    _db = None
    _meta.cache_clear()
    _lens.cache_clear()
    _terms.cache_clear()
    _vocab_list.cache_clear()
    _synonym_index.cache_clear()
    _games_holding.cache_clear()
    meaning.reset()


@cache
def _meta() -> dict[str, Any]:
    return {k: json.loads(v) for k, v in connect().execute("SELECT key, value FROM meta")}


@cache
def _lens(
    lang: str,
) -> dict[str, tuple[str, dict[str, int], list[str], list[tuple[list[str], float, list[str]]]]]:
    rows = connect().execute("SELECT card, game, lens, phrases, questions FROM cards WHERE lang=?", (lang,))
    return {
        card: (game, json.loads(lens), json.loads(phrases), json.loads(asked))
        for card, game, lens, phrases, asked in rows
    }


@cache
def _synonym_index() -> dict[str, list[int]]:
    """First word of each synonym phrase → the entries holding it (a query checks only those)."""
    out: dict[str, list[int]] = {}
    for i, group in enumerate(_meta()["synonyms"]):
        for _, phrase in group["phrases"]:
            out.setdefault(phrase[0], []).append(i)
    return out


@cache
def _vocab_list(lang: str, first: str) -> list[str]:
    rows = connect().execute(
        "SELECT DISTINCT stem FROM post WHERE lang=? AND stem >= ? AND stem < ?", (lang, first, first + "{")
    )
    return [r[0] for r in rows]


# --- the query ---------------------------------------------------------------------------------


def _known(ws: list[str]) -> dict[str, set[str]]:
    """For each language, which of ``ws`` the index knows (as a word or a stem)."""
    out: dict[str, set[str]] = {"en": set(), "fr": set()}
    if ws:
        marks = ",".join("?" * len(ws))
        for lang, word in connect().execute(f"SELECT lang, word FROM vocab WHERE word IN ({marks})", ws):
            out[lang].add(word)
    return out


def _lang_scores(query: str) -> dict[str, float]:
    """How French and how English a query looks: its function words, its accents, the words the
    index knows in one language only."""
    ws = words(query)
    score = {"en": 0.0, "fr": 0.0}
    for w in ws:
        for lang in score:
            if w in STOP[lang] and w not in STOP["en" if lang == "fr" else "fr"]:
                score[lang] += 2
    score["fr"] += 2 * len(re.findall(r"[àâçéèêëîïôûùüÿœ]|\b[dlnjsmtc]'|\bqu'", query.lower()))
    known = _known(content_words(ws))
    for lang in score:
        score[lang] += len(known[lang] - known["fr" if lang == "en" else "en"])
    return score


def _parse_in_its_language(query: str, asked: str, game: str | None) -> _Query:
    """The query parsed in the language it is written in. When its words do not tell (a misspelled
    question with no function word), the language whose index its words are nearest to wins, so a
    misspelled French question is corrected into French words, never into English ones."""
    score = _lang_scores(query)
    other = "fr" if asked == "en" else "en"
    if score["en"] != score["fr"]:
        return _parse(query, other if score[other] > score[asked] else asked, game=game)
    mine, theirs = _parse(query, asked, game=game), _parse(query, other, game=game)
    weight = {lang: sum(q.weights[s] for s in q.origin if q.origin[s] in q.words) for lang, q in
              ((asked, mine), (other, theirs))}  # fmt: skip
    return theirs if weight[other] > weight[asked] else mine


def _named_game(ws: list[str], kind: str = "games") -> tuple[str | None, list[str]]:
    """The game a question names, if any, and the question's words without that name; ``kind``
    "others": a game that is not ours (its name as shown)."""
    names: dict[str, str] = _meta()[kind]
    text = " " + " ".join(ws) + " "
    for name in sorted(names, key=len, reverse=True):
        if f" {name} " in text:
            return names[name], text.replace(f" {name} ", " ").split()
    return None, ws


def _has(seq: list[str], phrase: tuple[str, ...] | list[str]) -> bool:
    n = len(phrase)
    return any(tuple(seq[i : i + n]) == tuple(phrase) for i in range(len(seq) - n + 1))


def _fuzzy(stem: str, lang: str) -> str | None:
    if len(stem) < 4:
        return None
    import difflib

    candidates = [w for w in _vocab_list(lang, stem[0]) if abs(len(w) - len(stem)) <= 2]
    close = difflib.get_close_matches(stem, candidates, n=1, cutoff=0.8)
    return close[0] if close else None


def _variants(root: str, lang: str) -> list[str]:
    """Indexed stems that are another form of ``root``: one extends the other by at most 3 letters."""
    if len(root) < VARIANT_MIN:
        return []
    return [
        w
        for w in _vocab_list(lang, root[0])
        if w != root
        and len(w) >= VARIANT_MIN
        and abs(len(w) - len(root)) <= 3
        and (w.startswith(root) or root.startswith(w))
    ]


@dataclass
class _Query:
    lang: str
    weights: dict[str, float]  # stem → weight
    sequence: str  # the question's content stems in order, space-separated, between spaces
    origin: dict[str, str]  # stem → the query word it stands for (coverage counts words, not stems)
    words: list[str]  # the content words of the question
    corrections: dict[str, str]
    part_of: dict[str, str] = field(default_factory=dict)
    """stem → the synonym phrase of several words it is one word of ("stuffed animal"): the words of
    such a phrase share its weight, and a card counts them together, so holding "stuffed" alone is
    not holding the phrase."""
    intents: frozenset[str] = frozenset()
    """What kind of answer the question asks for (`words.intents`: "who", "when", "can"…)."""
    said_in: dict[str, str] = field(default_factory=dict)
    """A word of the question → the game whose glossary holds a phrase of the question it is part of
    (« trait plein » is Stuffed Fables' word for a solid line, whatever else « trait » means)."""


def _parse(query: str, lang: str, fuzzy: bool = True, game: str | None = None) -> _Query:
    ws = words(query)
    content = content_words(ws)
    weights: dict[str, float] = {}
    origin: dict[str, str] = {}
    corrections: dict[str, str] = {}
    part_of: dict[str, str] = {}
    said_in: dict[str, str] = {}
    known_stems = set()
    if content:
        candidates = [stem(w, lang) for w in content]
        marks = ",".join("?" * len(candidates))
        known_stems = {
            r[0]
            for r in connect().execute(
                f"SELECT DISTINCT stem FROM post WHERE lang=? AND stem IN ({marks})", (lang, *candidates)
            )
        }
    for word in content:
        root = stem(word, lang)
        if root in known_stems:
            weights.setdefault(root, 1.0)
            origin.setdefault(root, word)
        if len(root) >= VARIANT_MIN and not word.isdigit():
            for other in _variants(root, lang):
                if other not in weights:
                    weights[other] = VARIANT_WEIGHT
                    origin[other] = word
                    if root not in known_stems:  # the word typed is unknown: read as this form
                        corrections.setdefault(word, other)
        if root in known_stems:
            continue
        if fuzzy and not word.isdigit() and not any(origin.get(o) == word for o in weights):
            close = _fuzzy(root, lang)
            if close:
                weights.setdefault(close, FUZZY_WEIGHT)
                origin.setdefault(close, word)
                corrections[word] = close
    # synonyms, both directions: a phrase of the query brings in the other phrases of its entry
    groups = _meta()["synonyms"]
    for index in sorted({i for w in ws for i in _synonym_index().get(w, ())}):
        group = groups[index]
        if game and group["game"] not in ("", game):
            continue  # another game's words; "" is the players' vocabulary shared by every game
        phrases = group["phrases"]
        matched = [p for _, p in phrases if _has(ws, p)]
        if not matched:
            continue
        stand_for = " ".join(matched[0])
        if group["game"] and len(matched[0]) > 1:  # a phrase of one game's glossary: its vocabulary
            said_in.update(dict.fromkeys(matched[0], group["game"]))
        for in_lang, phrase in phrases:
            if phrase in matched or in_lang not in ("", lang):
                continue  # a phrase of the other language would only match stray words of this one
            roots = list(dict.fromkeys(stems(" ".join(phrase), lang)))
            for root in roots:
                if root not in weights:
                    weights[root] = SYNONYM_WEIGHT / len(roots)
                    origin[root] = stand_for
                    if len(roots) > 1:
                        part_of[root] = f"{index}:{' '.join(roots)}"
    sequence = " " + " ".join(stem(w, lang) for w in content) + " "
    return _Query(lang, weights, sequence, origin, content, corrections, part_of, intents(query), said_in)


def _score(q: _Query, game: str | None) -> tuple[list[tuple[str, float, float]], dict[str, float]]:
    """(card, score, coverage) of every card matching a term, best first; and each term's idf.
    The coverage (for `confident`) is the idf-weighted share of the question's words the card holds,
    a word found only in its body counting half."""
    if not q.weights:
        return [], {}
    lens = _lens(q.lang)
    meta = _meta()
    n = meta["n"][q.lang]
    avg = meta["avg"][q.lang]
    marks = ",".join("?" * len(q.weights))
    rows = (
        connect()
        .execute(
            f"SELECT stem, card, field, tf FROM post WHERE lang=? AND stem IN ({marks})", (q.lang, *q.weights)
        )
        .fetchall()
    )
    per: dict[str, dict[str, float]] = {}
    strong: dict[str, set[str]] = {}  # stems a card holds outside its body (title, keywords, questions)
    for term, card, fname, tf in rows:
        if game and not card.startswith(game + "/"):
            continue
        if _HOLD_OUT is not None and card == _HOLD_OUT[0] and fname == "questions":
            tf -= _HOLD_OUT[1].count(term)  # the held-out question's words leave its card
            if tf <= 0:
                continue
        if fname != "body":
            strong.setdefault(card, set()).add(term)
        length = lens[card][1][fname]
        norm = 1 - B + B * length / max(avg[fname], 1e-9)
        d = per.setdefault(card, {})
        d[term] = d.get(term, 0.0) + WEIGHTS[fname] * tf / norm
    holders: dict[str, set[str]] = {}
    for term, card, *_ in rows:
        holders.setdefault(term, set()).add(card)
    idf = {s: _idf(len(cards), n) for s, cards in holders.items()}
    qnorm = math.sqrt(sum((q.weights[s] * idf.get(s, 0.0)) ** 2 for s in q.weights)) or 1.0
    # coverage: the idf-weighted share of the question's words this card holds (a synonym or a
    # corrected word counts for the word it stands for)
    total = _word_weights(q, idf)[1]
    scored = []
    for card, tfs in per.items():
        # each word of the question counts once: the best of the stems standing for it (the word
        # typed, another form of it, its correction, a synonym), so a card holding three synonyms of
        # one word does not outscore a card holding two of the question's words
        parts: dict[str, float] = {}
        held: dict[str, float] = {}
        said: dict[str, float] = {}  # the same, a word found only in the body counting half
        for term, tfw in tfs.items():
            parts[term] = q.weights[term] * idf[term] * tfw * (K1 + 1) / (tfw + K1)
            held[term] = idf[term] * q.weights[term]
            said[term] = held[term] * (1.0 if term in strong.get(card, ()) else 0.5)
        score = sum(_per_word(q, parts).values())
        coverage = sum(_per_word(q, held).values()) / total if total else 0.0
        score *= COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage**COVERAGE_POWER
        # a title or keyword phrase said in full: "zone de confort", "explorer la zone", "pillow"
        bonus = 0.0
        pairs = 0
        for phrase in lens[card][2]:
            if phrase.startswith("P"):
                if _HOLD_OUT is not None and card == _HOLD_OUT[0] and f" {phrase[1:]} " in _held_out_pairs():
                    continue
                pairs += f" {phrase[1:]} " in q.sequence
                continue
            in_title = phrase.startswith("T")
            phrase = phrase.removeprefix("T")
            if f" {phrase} " in q.sequence:
                size = phrase.count(" ") + 1
                gain = PHRASE_BONUS * (size if size > 1 else 0.5) * (2 if q.sequence == f" {phrase} " else 1)
                bonus = max(bonus, gain * (1.5 if in_title else 1))
        # the card's own questions: the one nearest to the player's (cosine over idf-weighted stems)
        near = 0.0
        for terms, norm, _ in lens[card][3]:
            if _HOLD_OUT is not None and card == _HOLD_OUT[0] and terms == sorted(set(_HOLD_OUT[1])):
                continue
            dot = sum(q.weights[t] * idf[t] * idf[t] for t in terms if t in tfs)
            near = max(near, dot / (qnorm * norm))
        answered = sum(_per_word(q, said).values()) / total if total else 0.0
        bonus += PAIR_BONUS * pairs
        if q.intents and INTENT_SHARE:
            asked = [
                row
                for row in lens[card][3]
                if not (
                    _HOLD_OUT is not None and card == _HOLD_OUT[0] and row[0] == sorted(set(_HOLD_OUT[1]))
                )
            ]
            share = sum(1 for *_, kinds in asked if q.intents.intersection(kinds)) / max(1, len(asked))
            score *= 1 + INTENT_SHARE * share
        scored.append((card, score + bonus + QUESTION_BONUS * near, answered))
        if _EXPLAIN is not None:
            phrases = bonus - PAIR_BONUS * pairs
            _EXPLAIN[card] = {"words": score, "phrases": phrases, "pairs": pairs, "near": near}

    scored.sort(key=lambda item: (-item[1], item[0]))
    return scored, idf


def _held_out_pairs() -> str:
    """The neighbouring stems of the held-out question (`_HOLD_OUT`), as " a b  c d " text."""
    ss = _HOLD_OUT[1] if _HOLD_OUT else []
    return " ".join(f" {a} {b} " for a, b in zip(ss, ss[1:], strict=False))


def _game_of_words(q: _Query) -> str | None:
    """The game the question's own words belong to: each word typed (not a synonym, not a guess)
    that only one game's cards use, in at least two of them, votes for that game with its weight;
    a game gets it when no other game has a vote."""
    typed = [s for s, w in q.weights.items() if w >= 1.0]
    if not typed:
        return None
    marks = ",".join("?" * len(typed))
    rows = connect().execute(
        f"SELECT stem, group_concat(DISTINCT card) FROM post WHERE lang=? AND stem IN ({marks})"
        " GROUP BY stem",
        (q.lang, *typed),
    )
    votes: set[str] = set()
    for _, cards in rows:
        games = {c.split("/", 1)[0] for c in cards.split(",")}
        if len(games) == 1 and cards.count(",") >= 1:
            votes |= games
    return votes.pop() if len(votes) == 1 else None


def _yield_to_targets(q: _Query, scored: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    """A summary card (`_hubs`) above a card it points to gives that card its place when the card's
    title or keywords hold a word of the question that the summary's do not (the question names what
    the pointed-to card is about) and it scores at least `HUB_SCORE` of the summary: the card takes
    the summary's score (a hair above) and the summary moves below it."""
    hubs: dict[str, list[str]] = _meta()["hubs"]
    top = scored[:10]
    if not q.weights or not any(c in hubs for c, _, _ in top):
        return scored
    marks = ",".join("?" * len(q.weights))
    rows = connect().execute(
        f"SELECT stem, card FROM post WHERE lang=? AND field IN ('title', 'keywords') AND stem IN ({marks})",
        (q.lang, *q.weights),
    )
    named: dict[str, set[str]] = {}  # card → the question's words its title or keywords hold
    for term, card in rows:
        named.setdefault(card, set()).add(q.origin[term])
    out = list(top)
    for card, score, _ in top:
        if card not in hubs:
            continue
        at = next(i for i, row in enumerate(out) if row[0] == card)
        for i in range(at + 1, len(out)):
            target, t_score, t_answered = out[i]
            if (
                target in hubs[card]
                and named.get(target, set()) - named.get(card, set())
                and t_score >= HUB_SCORE * score
            ):
                out.pop(i)
                out.insert(at, (target, out[at][1] * 1.001, t_answered))
                break
    return out + scored[10:]


def _game_lean(q: _Query, idf: dict[str, float]) -> dict[str, float]:
    """Each game's share of the question's typed words (`GAME_SOFT`): a word counts for the games
    whose cards use it, in proportion to the share of each game's cards that do, weighted by idf; a
    word of a phrase of one game's glossary counts for that game alone."""
    typed = [s for s, w in q.weights.items() if w >= 1.0]
    if not typed:
        return {}
    per_game: dict[str, int] = _meta()["per_game"]
    lean: dict[str, float] = {}
    total = 0.0
    for term, games in _games_holding(q.lang, tuple(sorted(typed))).items():
        glossary = q.said_in.get(q.origin[term])
        shares = {glossary: 1.0} if glossary else {g: n / per_game[g] for g, n in games.items()}
        whole = sum(shares.values())
        weight = idf.get(term, 0.0)
        total += weight
        for g, share in shares.items():
            lean[g] = lean.get(g, 0.0) + weight * share / whole
    return {g: v / total for g, v in lean.items()} if total else {}


@lru_cache(maxsize=256)
def _games_holding(lang: str, typed: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """For each stem, how many cards of each game hold it (the ranking and `confidence_features`
    both ask it of the same question)."""
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


def _per_word(q: _Query, values: dict[str, float]) -> dict[str, float]:
    """A value per stem → a value per word of the question: the best of the stems (or synonym
    phrases, their words added up) standing for the word."""
    phrases: dict[tuple[str, str], float] = {}
    for term, value in values.items():
        key = (q.origin[term], q.part_of.get(term, term))
        phrases[key] = phrases.get(key, 0.0) + value
    out: dict[str, float] = {}
    for (word, _), value in phrases.items():
        out[word] = max(out.get(word, 0.0), value)
    return out


def _word_weights(q: _Query, idf: dict[str, float]) -> tuple[dict[str, float], float]:
    """Each content word of the question with its weight (the best idf × weight of a stem standing
    for it), and the total a card holding every word would reach (unknown words count half the mean)."""
    word_idf = _per_word(q, {s: idf.get(s, 0.0) * q.weights[s] for s in q.origin})
    unknown = {w for w in q.words if w not in word_idf}
    mean_idf = sum(word_idf.values()) / len(word_idf) if word_idf else 1.0
    return word_idf, sum(word_idf.values()) + 0.5 * mean_idf * len(unknown)


def _prefix_query(query: str, lang: str) -> _Query:
    """Last resort: raw words as prefixes of indexed stems ("trampo")."""
    weights: dict[str, float] = {}
    origin: dict[str, str] = {}
    content = [w for w in content_words(words(query)) if len(w) >= 3]
    for word in content:
        for term in _vocab_list(lang, word[0]):
            if term.startswith(word) or (len(term) >= 4 and word.startswith(term)):
                weights.setdefault(term, 0.5)
                origin.setdefault(term, word)
    return _Query(lang, weights, " ", origin, content, {}, {}, intents(query))


def ranked(
    query: str, lang: str, game: str | None = None, context: str | None = None
) -> tuple[_Query, list[tuple[str, float, float]], dict[str, float], str | None, str]:
    """Every matching card, best first, as ``(card, score, coverage)``, with the parsed question,
    its words' idf, the game context used and the reading that answered (what `run` turns into hits)."""
    named, rest = _named_game(words(query))
    ctx_game = named or context
    if named and content_words(rest):  # "what is Sheepy Time about?" keeps the name: it is the question
        query = " ".join(rest)
    q = _parse_in_its_language(query, lang, game or ctx_game)
    where = q.lang
    other = "fr" if where == "en" else "en"
    scored, idf = _score(q, game)
    if not scored:  # words of the other language, exactly ("vilain" asked in English)
        alt = _parse(query, other, fuzzy=False, game=game or ctx_game)
        alt_scored, alt_idf = _score(alt, game)
        if alt_scored:
            q, scored, idf = alt, alt_scored, alt_idf
    if not scored:
        q = _prefix_query(query, where)
        scored, idf = _score(q, game)
    if not ctx_game and not game and GAME_WORD_PRIOR != 1.0:
        guessed = _game_of_words(q)
        if guessed:
            prior = {True: GAME_WORD_PRIOR, False: 1.0}
            scored = [(c, sc * prior[c.startswith(guessed + "/")], cov) for c, sc, cov in scored]
            scored.sort(key=lambda item: (-item[1], item[0]))
    if not ctx_game and not game and GAME_SOFT:
        lean = _game_lean(q, idf)
        scored = [(c, sc * (1 + GAME_SOFT * lean.get(c.split("/", 1)[0], 0.0)), cov) for c, sc, cov in scored]
        scored.sort(key=lambda item: (-item[1], item[0]))
    scored = _yield_to_targets(q, scored)
    if ctx_game:
        scored.sort(key=lambda item: (not item[0].startswith(ctx_game + "/"), -item[1], item[0]))
    # a close call between the two best cards (of the game, if any): read the question's meaning
    scored, reading = meaning.rerank(query, scored, game or ctx_game, meaning_rows)
    if reading == meaning.BOTH:  # the model reads a summary card as close: it may have put it back first
        scored = _yield_to_targets(q, scored)
    return q, scored, idf, ctx_game, reading


def meaning_rows(cards: list[str] | None) -> meaning.Rows:
    """What the sentence model reads of these cards (of every card when None): (card, kind, text)."""
    if cards is None:
        return connect().execute("SELECT card, kind, text FROM meaning ORDER BY rowid").fetchall()
    marks = ",".join("?" * len(cards))
    sql = f"SELECT card, kind, text FROM meaning WHERE card IN ({marks}) ORDER BY rowid"
    rows: meaning.Rows = connect().execute(sql, cards).fetchall()
    if _HOLD_OUT is not None:  # the left-out question is not the card's for the model either
        held, asked = _HOLD_OUT
        rows = [
            r
            for r in rows
            if not (r[0] == held and r[1] == "q" and asked in (stems(r[2], "en"), stems(r[2], "fr")))
        ]
    return rows


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
    db = connect()
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
    ws = words(query)
    other = None if _named_game(ws)[0] else _named_game(ws, "others")[0]
    confident = bool(hits) and not other and confidence(confidence_features(q, scored, idf)) >= CONFIDENT
    return Result(hits, q.lang if hits else lang, ctx_game, confident, q.corrections, reading, other)


@cache
def _terms(lang: str) -> frozenset[str]:
    """The stems of the cards' titles and keywords in ``lang``: the games' own vocabulary."""
    sql = "SELECT DISTINCT stem FROM post WHERE lang=? AND field IN ('title', 'keywords')"
    return frozenset(r[0] for r in connect().execute(sql, (lang,)))


def confidence_features(
    q: _Query, scored: list[tuple[str, float, float]], idf: dict[str, float]
) -> dict[str, float]:
    """What says whether the best card answers the question (`confidence`'s inputs):

    - ``score``: log(1 + its score); ``coverage``: the share of the question's words it holds (idf-
      weighted, a word found only in its body counting half); ``margin``: the second card's score
      over its score;
    - ``unknown``: the share of the question's words that no card knows, not even corrected ("pizza",
      "Monopoly": the question is about something else); ``guessed``: the share read as a correction
      or another form of a word the cards do not hold ("film" read as « fil »);
    - ``terms``: how many of the question's words (up to 3) are the games' own vocabulary (a word of a
      card's title or keywords) and held by this card's title, keywords or questions;
    - ``near``: the cosine with the nearest of its own questions; ``single``: 1 / the number of words
      (a lone everyday word found in one card's text is weak evidence);
    - ``lean``: its game's share of the question's words (`_game_lean`): a question about this
      game uses words its cards use more than the other games' do; words every game uses ("dice",
      "card", "win") spread out, as another game's question or everyday talk does;
    - ``named``: the share of the question's words its title, keywords or questions hold (a player's
      question is asked in the words the cards' questions use; everyday talk is not);
    - ``together``: how many of the next two cards are of its game (a question about one game finds
      that game's cards; text about something else scatters over the games).
    Empty when nothing was found."""
    if not scored or not q.words:
        return {}
    card, score, coverage = scored[0]
    stems_ = list(q.weights)
    marks = ",".join("?" * len(stems_))
    rows = connect().execute(
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
    terms = _terms(q.lang)
    strong = {q.origin[s] for s in stems_ if held.get(s) and s in terms and q.weights[s] >= 1.0}
    near = 0.0
    qnorm = math.sqrt(sum((q.weights[s] * idf.get(s, 0.0)) ** 2 for s in q.weights)) or 1.0
    for asked, norm, _ in _lens(q.lang)[card][3]:
        dot = sum(q.weights[t] * idf.get(t, 0.0) ** 2 for t in asked if t in held)
        near = max(near, dot / (qnorm * norm))
    n = len(q.words)
    game = card.split("/", 1)[0]
    lean = _game_lean(q, idf).get(game, 0.0)
    named = {q.origin[s] for s, outside in held.items() if outside} & set(q.words)
    return {
        "score": math.log1p(max(score, 0.0)),
        "coverage": coverage,
        "unknown": unknown / n,
        "guessed": guessed / n,
        "terms": float(min(len(strong), 3)),
        "near": near,
        "single": 1 / n,
        "margin": scored[1][1] / score if len(scored) > 1 and score > 0 else 0.0,
        "lean": lean,
        "named": len(named) / n,
        "together": sum(c.startswith(game + "/") for c, _, _ in scored[1:3]) / 2,
    }


def confidence(features: dict[str, float]) -> float:
    """How likely the best card answers the question, 0 to 1 (a logistic model: `CONFIDENCE`)."""
    if not features:
        return 0.0
    z = CONFIDENCE["bias"] + sum(CONFIDENCE[k] * v for k, v in features.items())
    return 1 / (1 + math.exp(-z))


def search(
    query: str, lang: str, game: str | None = None, limit: int = 5, context: str | None = None
) -> tuple[list[Hit], str]:
    """Ranked hits for ``query``; the second value is the language the hits were found in."""
    result = run(query, lang, game, limit, context)
    return result.hits, result.found_in


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
    import difflib

    by_title = {fold(title): (card, title) for card, title in rows}
    close = difflib.get_close_matches(fold(query), list(by_title), n=n, cutoff=0.0)
    return [by_title[c] for c in close]
