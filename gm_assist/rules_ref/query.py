"""Reading a player's question for the rules search: its language, its words, the stems standing for them.
It scores no card (`ranking`) and builds no index (`index`), which it asks what it knows.

- The question's language is read from its words (the asked language breaks a tie); question words
  and fillers of both languages are dropped (`words.STOP`), number words become digits, and negations
  are ignored, so "how many", "est-ce que" or "can't" never drown the content words. A word unknown
  to the index is corrected to the closest indexed word **of the question's language only**, at a
  lower weight (`FUZZY_WEIGHT`); an indexed stem that extends the word's or that it extends is
  another form of it (`VARIANT_WEIGHT`).
- Synonyms of each game's glossary (``[[synonym]]`` and ``[[term]]``) are applied in both
  directions: a question holding one phrase of an entry also looks for the others, at a lower weight
  (`SYNONYM_WEIGHT`).
- A game the question names (`named_game`): one of ours sets the context, another one is said so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_assist.rules_ref import index, tables
from gm_assist.rules_ref.words import STOP, content_words, intents, stem, stems, words

FUZZY_WEIGHT = 0.6
"""Weight of a word corrected to the closest indexed word (a guess, worth less than a word typed)."""
VARIANT_WEIGHT = 0.525
"""Weight of an indexed stem that extends the query's stem or that it extends (the stemmer leaves
"progrès"/"progression", "travers"/"traverser" apart): another form of the same word, most likely."""
VARIANT_MIN = 5
"""The shorter stem of a variant pair has at least this many letters (below, "car" would find "card")."""
SYNONYM_WEIGHT = 0.8
"""Weight of a word brought in by a glossary synonym of a phrase of the query (the words of a synonym
of several words share it: `Query.part_of`)."""


@dataclass
class Query:
    """A question as the search reads it: its stems in one language, each with its weight."""

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


def _known(ws: list[str]) -> dict[str, set[str]]:
    """For each language, which of ``ws`` the index knows (as a word or a stem)."""
    out: dict[str, set[str]] = {"en": set(), "fr": set()}
    if ws:
        marks = ",".join("?" * len(ws))
        for lang, word in index.connect().execute(
            f"SELECT lang, word FROM vocab WHERE word IN ({marks})", ws
        ):
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


def parse_in_its_language(query: str, asked: str, game: str | None) -> Query:
    """The query parsed in the language it is written in. When its words do not tell (a misspelled
    question with no function word), the language whose index its words are nearest to wins, so a
    misspelled French question is corrected into French words, never into English ones."""
    score = _lang_scores(query)
    other = "fr" if asked == "en" else "en"
    if score["en"] != score["fr"]:
        return parse(query, other if score[other] > score[asked] else asked, game=game)
    mine, theirs = parse(query, asked, game=game), parse(query, other, game=game)
    weight = {lang: sum(q.weights[s] for s in q.origin if q.origin[s] in q.words) for lang, q in
              ((asked, mine), (other, theirs))}  # fmt: skip
    return theirs if weight[other] > weight[asked] else mine


def named_game(ws: list[str], kind: str = "games") -> tuple[str | None, list[str]]:
    """The game a question names, if any, and the question's words without that name; ``kind``
    "others": a game that is not ours (its name as shown)."""
    names: dict[str, str] = index.meta()[kind]
    text = " " + " ".join(ws) + " "
    for name in sorted(names, key=len, reverse=True):
        said = f" {name.removeprefix('^')} "
        if text.startswith(said) if name.startswith("^") else said in text:
            return names[name], text.replace(said, " ", 1 if name.startswith("^") else -1).split()
    return None, ws


def other_game(ws: list[str]) -> str | None:
    """The game that is not ours a question names (its name as shown), when it names none of ours."""
    return None if named_game(ws)[0] else named_game(ws, "others")[0]


def _has(seq: list[str], phrase: tuple[str, ...] | list[str]) -> bool:
    n = len(phrase)
    return any(tuple(seq[i : i + n]) == tuple(phrase) for i in range(len(seq) - n + 1))


def _fuzzy(stem: str, lang: str) -> str | None:
    if len(stem) < 4:
        return None
    import difflib

    candidates = [w for w in tables.vocab_list(lang, stem[0]) if abs(len(w) - len(stem)) <= 2]
    close = difflib.get_close_matches(stem, candidates, n=1, cutoff=0.8)
    return close[0] if close else None


def _variants(root: str, lang: str) -> list[str]:
    """Indexed stems that are another form of ``root``: one extends the other by at most 3 letters."""
    if len(root) < VARIANT_MIN:
        return []
    return [
        w
        for w in tables.vocab_list(lang, root[0])
        if w != root
        and len(w) >= VARIANT_MIN
        and abs(len(w) - len(root)) <= 3
        and (w.startswith(root) or root.startswith(w))
    ]


def parse(query: str, lang: str, fuzzy: bool = True, game: str | None = None) -> Query:
    """The question read in ``lang``: each content word as its stem, another form of it, or (with
    ``fuzzy``) its correction, plus the phrases of the glossary entries it holds (of ``game``'s
    glossary and the shared one when a game is given)."""
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
            for r in index.connect().execute(
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
    groups = index.meta()["synonyms"]
    for entry in sorted({i for w in ws for i in tables.synonym_index().get(w, ())}):
        group = groups[entry]
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
                        part_of[root] = f"{entry}:{' '.join(roots)}"
    sequence = " " + " ".join(stem(w, lang) for w in content) + " "
    return Query(lang, weights, sequence, origin, content, corrections, part_of, intents(query), said_in)


def prefix_query(query: str, lang: str) -> Query:
    """Last resort: raw words as prefixes of indexed stems ("trampo")."""
    weights: dict[str, float] = {}
    origin: dict[str, str] = {}
    content = [w for w in content_words(words(query)) if len(w) >= 3]
    for word in content:
        for term in tables.vocab_list(lang, word[0]):
            if term.startswith(word) or (len(term) >= 4 and word.startswith(term)):
                weights.setdefault(term, 0.5)
                origin.setdefault(term, word)
    return Query(lang, weights, " ", origin, content, {}, {}, intents(query))
