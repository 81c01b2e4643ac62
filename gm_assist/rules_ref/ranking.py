"""Scoring and ordering the rule cards for a question: BM25F, bonuses, game context, the model's re-reading.
It builds no index (`index`), reads no question itself (`query`) and says nothing of confidence.

- Each word of the question counts once: the best of the stems standing for it (the word typed,
  another form, a correction, a synonym; the words of a synonym of several words added up), over
  the four fields weighted apart (`WEIGHTS`).
- Game context: with a game (the current session's, ``--game``, or one the question names), that
  game's cards rank first; without one, a question's words lean toward the game whose cards use them
  (`GAME_WORD_PRIOR`, `GAME_SOFT`).
- A close call between the best cards is read again: by the words' regression over the players'
  questions (`word_probe`, every install), then by the sentence model (`meaning`, with the extra).
- The weights below are tuned on the training sets only (bench/rules_tune.py sets them here).
"""

from __future__ import annotations

import math

from gm_assist.rules_ref import index, meaning, tables, word_probe
from gm_assist.rules_ref.query import Query, named_game, parse, parse_in_its_language, prefix_query
from gm_assist.rules_ref.words import content_words, stems, words

WEIGHTS = {"title": 6.0, "keywords": 6.0, "questions": 1.125, "body": 1.0}
K1, B = 4.0, 0.75
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
HUB_SCORE = 0.5
"""A summary card ranked above a card it points to yields its place to it when that card names (in
its title or keywords) a word of the question the summary does not, and scores at least
this share of the summary's score: "on a new tile, where do the enemies go" is about the card the
chapter's summary points to, not about the summary (`_yield_to_targets`)."""
HUB_INTENT = True
"""… or when more of its questions ask for what the player's asks (where, who, when…) than the
summary's do: "new room, where do the roaches go" asks where, which placing enemies answers."""
HUB_INTENT_SCALE = True
"""… and the share of the summary's score it must reach shrinks by the difference of those two shares
of questions: « on change de tuile, on pose les méchants où ? » asks where, as 41 % of placing
enemies' questions did when this was added and none of the chapter's, so placing enemies needed
0.5 × 0.59 of its score (37 % and 0.5 × 0.63 since the thirty-ninth set was learned, when its score
alone put it first). Out of fold on sets 11–16 (891 questions) no question moved; issue 35's example
came back first."""
GAME_SOFT = 1.0
"""Without a game context, each card's score is multiplied by 1 + GAME_SOFT × its game's share of
the question's words (each typed word split between the games whose cards use it, in proportion to
how many of each game's cards do, weighted by its idf): a word most of one game's cards use and few
of another's ("trait plein", "vilain") leans toward that game."""
_EXPLAIN: dict[str, dict[str, float]] | None = None
"""When a dict, each scored card's parts of its score (for tuning by hand: bench/rules_explain.py)."""
_HOLD_OUT: tuple[str, list[str]] | None = None
"""When set, (card id, the stems of one of its questions): that question is searched as if the card
did not list it (bench/rules_loo.py: the cards' own questions as a leave-one-out tuning set)."""


def ranked(
    query: str, lang: str, game: str | None = None, context: str | None = None
) -> tuple[Query, list[tuple[str, float, float]], dict[str, float], str | None, str]:
    """Every matching card, best first, as ``(card, score, coverage)``, with the parsed question,
    its words' idf, the game context used and the reading that answered (what `search.run` turns into
    hits)."""
    named, rest = named_game(words(query))
    ctx_game = named or context
    if named and content_words(rest):  # "what is Sheepy Time about?" keeps the name: it is the question
        query = " ".join(rest)
    q = parse_in_its_language(query, lang, game or ctx_game)
    where = q.lang
    other = "fr" if where == "en" else "en"
    scored, idf = _score(q, game)
    if not scored:  # words of the other language, exactly ("vilain" asked in English)
        alt = parse(query, other, fuzzy=False, game=game or ctx_game)
        alt_scored, alt_idf = _score(alt, game)
        if alt_scored:
            q, scored, idf = alt, alt_scored, alt_idf
    if not scored:
        q = prefix_query(query, where)
        scored, idf = _score(q, game)
    if not ctx_game and not game and GAME_WORD_PRIOR != 1.0:
        guessed = _game_of_words(q)
        if guessed:
            prior = {True: GAME_WORD_PRIOR, False: 1.0}
            scored = [(c, sc * prior[c.startswith(guessed + "/")], cov) for c, sc, cov in scored]
            scored.sort(key=lambda item: (-item[1], item[0]))
    if not ctx_game and not game and GAME_SOFT:
        lean = game_lean(q, idf)
        scored = [(c, sc * (1 + GAME_SOFT * lean.get(c.split("/", 1)[0], 0.0)), cov) for c, sc, cov in scored]
        scored.sort(key=lambda item: (-item[1], item[0]))
    scored = _yield_to_targets(q, scored)
    if ctx_game:
        scored.sort(key=lambda item: (not item[0].startswith(ctx_game + "/"), -item[1], item[0]))
    if ctx_game and scored and not scored[0][0].startswith(ctx_game + "/"):
        # other games' cards hold the question's words, none of the game in context does (« comment
        # on installe » in a Shy Monsters session): its cards closest by meaning come first, or without
        # the model those the words' regression finds likeliest (not for a question left out: it learned it)
        near = meaning.by_meaning(query, index.cards_of(ctx_game), meaning_rows)
        if near:
            return q, near + scored, idf, ctx_game, meaning.BOTH
        near = word_probe.by_words(q, index.cards_of(ctx_game)) if _HOLD_OUT is None else []
        if near:
            return q, near + scored, idf, ctx_game, meaning.WORDS
    # a close call between the two best cards (of the game, if any): what the players' questions say
    # of the words (not for a question left out: the regression learned it), then the question's meaning
    if _HOLD_OUT is None:
        scored = word_probe.rerank(q, scored, game or ctx_game)
    scored, reading = meaning.rerank(query, scored, game or ctx_game, meaning_rows)
    if reading == meaning.BOTH:  # the model reads a summary card as close: it may have put it back first
        scored = _yield_to_targets(q, scored)
    return q, scored, idf, ctx_game, reading


def meaning_rows(cards: list[str] | None) -> meaning.Rows:
    """What the sentence model reads of these cards (of every card when None): (card, kind, text).
    Here rather than with the answer (`search`): the ranking hands it to `meaning.rerank`, and the
    left-out question (`_HOLD_OUT`) leaves it as it leaves the scores."""
    if cards is None:
        return index.connect().execute("SELECT card, kind, text FROM meaning ORDER BY rowid").fetchall()
    marks = ",".join("?" * len(cards))
    sql = f"SELECT card, kind, text FROM meaning WHERE card IN ({marks}) ORDER BY rowid"
    rows: meaning.Rows = index.connect().execute(sql, cards).fetchall()
    if _HOLD_OUT is not None:  # the left-out question is not the card's for the model either
        held, asked = _HOLD_OUT
        rows = [
            r
            for r in rows
            if not (r[0] == held and r[1] == "q" and asked in (stems(r[2], "en"), stems(r[2], "fr")))
        ]
    return rows


def _score(q: Query, game: str | None) -> tuple[list[tuple[str, float, float]], dict[str, float]]:
    """(card, score, coverage) of every card matching a term, best first; and each term's idf.
    The coverage (for `confident`) is the idf-weighted share of the question's words the card holds,
    a word found only in its body counting half."""
    if not q.weights:
        return [], {}
    lens = tables.lens(q.lang)
    asked_by_stem, asked_kinds = tables.asked_by_stem(q.lang), tables.asked_kinds(q.lang)
    phrase_parts = tables.phrase_parts(q.lang)
    q_pairs = _pairs(q.sequence)
    meta = index.meta()
    n = meta["n"][q.lang]
    avg = meta["avg"][q.lang]
    marks = ",".join("?" * len(q.weights))
    rows = (
        index.connect()
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
    idf = {s: index.idf(len(cards), n) for s, cards in holders.items()}
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
        whole, card_pairs = phrase_parts[card]
        for spaced, size, in_title in whole:
            if spaced in q.sequence:
                gain = PHRASE_BONUS * (size if size > 1 else 0.5) * (2 if q.sequence == spaced else 1)
                bonus = max(bonus, gain * (1.5 if in_title else 1))
        said_pairs = (
            [p for p in q_pairs if p in card_pairs]
            if q_pairs is not None
            else [p for p in card_pairs if f" {p} " in q.sequence]
        )
        if _HOLD_OUT is not None and card == _HOLD_OUT[0]:
            said_pairs = [p for p in said_pairs if f" {p} " not in _held_out_pairs()]
        pairs = len(said_pairs)
        # the card's own questions: the one nearest to the player's (cosine over idf-weighted stems),
        # among those sharing a stem with it (the others are at 0)
        near = 0.0
        questions = lens[card][3]
        by_stem = asked_by_stem[card]
        for i in {i for t in tfs for i in by_stem.get(t, ())}:  # max: in any order
            terms, norm, _ = questions[i]
            if _HOLD_OUT is not None and card == _HOLD_OUT[0] and terms == sorted(set(_HOLD_OUT[1])):
                continue
            dot = sum(q.weights[t] * idf[t] * idf[t] for t in terms if t in tfs)
            near = max(near, dot / (qnorm * norm))
        answered = sum(_per_word(q, said).values()) / total if total else 0.0
        bonus += PAIR_BONUS * pairs
        if q.intents and INTENT_SHARE:
            kinds = asked_kinds[card]
            if _HOLD_OUT is not None and card == _HOLD_OUT[0]:  # its questions, but the held-out one
                left = sorted(set(_HOLD_OUT[1]))
                kinds = [(frozenset(k), 1) for terms, _, k in lens[card][3] if terms != left]
            share = _asking_share(q.intents, kinds)
            score *= 1 + INTENT_SHARE * share
        scored.append((card, score + bonus + QUESTION_BONUS * near, answered))
        if _EXPLAIN is not None:
            phrases = bonus - PAIR_BONUS * pairs
            _EXPLAIN[card] = {"words": score, "phrases": phrases, "pairs": pairs, "near": near}

    scored.sort(key=lambda item: (-item[1], item[0]))
    return scored, idf


def _asking_share(intents: frozenset[str], kinds: list[tuple[frozenset[str], int]]) -> float:
    """The share of a card's questions asking for what the player's asks (where, who, when…), from
    its questions counted by kind (`tables.asked_kinds`)."""
    return sum(n for k, n in kinds if intents.intersection(k)) / max(1, sum(n for _, n in kinds))


def _pairs(sequence: str) -> set[str] | None:
    """The question's neighbouring stems as "a b" (a card's pair is said when it is one of them);
    None when a stem is empty, where only looking for each pair in the text says the same."""
    stems = sequence[1:-1].split(" ")
    if "" in stems:
        return None
    return {f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)}


def _held_out_pairs() -> str:
    """The neighbouring stems of the held-out question (`_HOLD_OUT`), as " a b  c d " text."""
    ss = _HOLD_OUT[1] if _HOLD_OUT else []
    return " ".join(f" {a} {b} " for a, b in zip(ss, ss[1:], strict=False))


def _game_of_words(q: Query) -> str | None:
    """The game the question's own words belong to: each word typed (not a synonym, not a guess)
    that only one game's cards use, in at least two of them, votes for that game with its weight;
    a game gets it when no other game has a vote."""
    typed = [s for s, w in q.weights.items() if w >= 1.0]
    if not typed:
        return None
    marks = ",".join("?" * len(typed))
    rows = index.connect().execute(
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


def _yield_to_targets(q: Query, scored: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    """A summary card (`_hubs`) above a card it points to gives that card its place when the card's
    title or keywords hold a word of the question that the summary's do not (the question names what
    the pointed-to card is about) and it scores at least `HUB_SCORE` of the summary: the card takes
    the summary's score (a hair above) and the summary moves below it."""
    hubs: dict[str, list[str]] = index.meta()["hubs"]
    top = scored[:10]
    if not q.weights or not any(c in hubs for c, _, _ in top):
        return scored
    marks = ",".join("?" * len(q.weights))
    rows = index.connect().execute(
        f"SELECT stem, card FROM post WHERE lang=? AND field IN ('title', 'keywords') AND stem IN ({marks})",
        (q.lang, *q.weights),
    )
    named: dict[str, set[str]] = {}  # card → the question's words its title or keywords hold
    for term, card in rows:
        named.setdefault(card, set()).add(q.origin[term])
    kinds = tables.asked_kinds(q.lang)  # how each card's questions ask: where, who, when…
    out = list(top)
    for card, score, _ in top:
        if card not in hubs:
            continue
        at = next(i for i, row in enumerate(out) if row[0] == card)
        own = _asking_share(q.intents, kinds[card]) if q.intents else 0.0
        for i in range(at + 1, len(out)):
            target, t_score, t_answered = out[i]
            if target not in hubs[card]:
                continue
            # how much more it asks what is asked
            gap = _asking_share(q.intents, kinds[target]) - own if q.intents else 0.0
            share = HUB_SCORE * (1 - max(0.0, gap)) if HUB_INTENT_SCALE else HUB_SCORE
            if (
                named.get(target, set()) - named.get(card, set()) or (HUB_INTENT and gap > 0)
            ) and t_score >= share * score:
                out.pop(i)
                out.insert(at, (target, out[at][1] * 1.001, t_answered))
                break
    return out + scored[10:]


def game_lean(q: Query, idf: dict[str, float]) -> dict[str, float]:
    """Each game's share of the question's typed words (`GAME_SOFT`): a word counts for the games
    whose cards use it, in proportion to the share of each game's cards that do, weighted by idf; a
    word of a phrase of one game's glossary counts for that game alone."""
    typed = [s for s, w in q.weights.items() if w >= 1.0]
    if not typed:
        return {}
    per_game: dict[str, int] = index.meta()["per_game"]
    lean: dict[str, float] = {}
    total = 0.0
    for term, games in tables.games_holding(q.lang, tuple(sorted(typed))).items():
        glossary = q.said_in.get(q.origin[term])
        shares = {glossary: 1.0} if glossary else {g: n / per_game[g] for g, n in games.items()}
        whole = sum(shares.values())
        weight = idf.get(term, 0.0)
        total += weight
        for g, share in shares.items():
            lean[g] = lean.get(g, 0.0) + weight * share / whole
    return {g: v / total for g, v in lean.items()} if total else {}


def _per_word(q: Query, values: dict[str, float]) -> dict[str, float]:
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


def _word_weights(q: Query, idf: dict[str, float]) -> tuple[dict[str, float], float]:
    """Each content word of the question with its weight (the best idf × weight of a stem standing
    for it), and the total a card holding every word would reach (unknown words count half the mean)."""
    word_idf = _per_word(q, {s: idf.get(s, 0.0) * q.weights[s] for s in q.origin})
    unknown = {w for w in q.words if w not in word_idf}
    mean_idf = sum(word_idf.values()) / len(word_idf) if word_idf else 1.0
    return word_idf, sum(word_idf.values()) + 0.5 * mean_idf * len(unknown)
