"""The answer a rules search quotes (issue 17): a card's body as sentences, as the index keeps
them (`indexed_sentences`), and the one or two of them that best answer a question (`answer`).
A card reference stays in the quoted sentence ("see tmb/party-wipe") but is not one of its words;
a table row is quoted with its column headings; a heading, or a sentence ending on a colon or a
question mark, brings what follows. What `indexed_sentences` keeps is stored in the index: a
change to it moves `index.INDEX_VERSION`."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from itertools import zip_longest
from typing import Any, Protocol

from gm_assist.rules_ref.words import stems, words


class Asked(Protocol):
    """What `answer` reads of a parsed question: the weight of each of its stems."""

    weights: dict[str, float]


_CARD_ID = re.compile(r"\s*\(?\b[a-z]+(?:-[a-z]+)*/[a-z0-9]+(?:-[a-z0-9]+)*\b\)?")
"""A card reference (with its parentheses) as an answer's sentence shows it, in plain text ("see
tmb/party-wipe"): kept in the sentence, left out of its words."""


def full_ids(body: str, game: str, cards: Collection[str]) -> str:
    """A body's short card references (`surge`, meaning this game's card) written as card ids
    (`stuffed-fables/surge`), so that an answer quoting one says which card to open."""

    def full(match: re.Match[str]) -> str:
        slug = match.group(1)
        return f"`{game}/{slug}`" if f"{game}/{slug}" in cards else match.group(0)

    return re.sub(r"`([a-z0-9]+(?:-[a-z0-9]+)*)`", full, body)


_HEADING = re.compile(r"^(?:#+\s*(.+)|\*\*([^*]+)\*\*\s*:?)$")
"""A line that is a heading ("## Set-up", "**Melee baddie**"): the words of what follows it."""
_ABBREVIATION = re.compile(r"(?:^|[\s(])(?:p|pp|cf|ex|e\.g|i\.e|n°)\.$", re.IGNORECASE)
"""A sentence piece ending on an abbreviation ("(p." of "(p. 19)", "e.g."): the sentence goes on."""


def sentences(body: str, lang: str = "en") -> list[str]:
    """The body as plain sentences (Markdown marks, tables' rules and code blocks dropped; a
    `card/id` reference kept as plain text, so "see `tmb/party-wipe`." still says where to look).
    A table's row says each of its cells with its column's heading ("Locked: kept"), as a row
    read alone means nothing; the heading row itself is no answer."""
    return [shown for shown, _ in _told(body, lang)]


def _told(body: str, lang: str) -> list[tuple[str, str]]:
    """Each sentence of `sentences` with the words it says of its own: a table row's cells without
    its column headings, which every row of the table repeats (they would make any row match)."""
    out: list[tuple[str, str]] = []
    in_code = False
    heading: list[str] | None = None  # the column headings of the table being read
    colon = " : " if lang == "fr" else ": "
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code or not line or set(line) <= set("|-: "):
            if not line.startswith("|"):
                heading = None
            continue
        if line.startswith("|"):
            cells = [_plain_marks(c.strip()) for c in line.strip("|").split("|")]
            if heading is None:
                heading = cells
                continue
            named = [f"{h}{colon}{c}" if h and c else c for h, c in zip_longest(heading, cells, fillvalue="")]
            out.append((" · ".join(c for c in named if c), " ".join(cells)))
            continue
        heading = None
        title = _HEADING.match(line)
        if title:  # "**Melee baddie**": it introduces what follows, as "Melee baddie:" would
            said = (title.group(1) or title.group(2)).strip().rstrip(":").strip()
            out.append((said + colon.rstrip(), said))
            continue
        line = _plain_marks(re.sub(r"^(?:[-*+]|\d+\.)\s+", "", line))
        if line.lower().startswith(("example", "exemple", "ex.")):
            out.append((line, line))  # an example stays whole: its sentences are not answers by themselves
            continue
        pieces: list[str] = []
        for piece in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«(0-9])", line):
            if pieces and _ABBREVIATION.search(pieces[-1]):
                pieces[-1] += " " + piece
            else:
                pieces.append(piece)
        out += [(p.strip(), p.strip()) for p in pieces if p.strip()]
    return out


def indexed_sentences(body: str, lang: str) -> list[list[Any]]:
    """The body's sentences as the index keeps them for `answer`: each shown with its card
    references ("see tmb/party-wipe"), with the count and the stems of its own words (references
    left out)."""
    kept: list[list[Any]] = []
    for shown, said in _told(body, lang):
        plain = _CARD_ID.sub("", said)
        kept.append([shown, len(words(plain)), sorted(set(stems(plain, lang)))])
    return kept


def _plain_marks(text: str) -> str:
    """Markdown's emphasis and code marks dropped."""
    return text.replace("**", "").replace("`", "").replace("*", "")


def answer(sentences: Sequence[tuple[str, int, list[str]]], q: Asked, idf_of: dict[str, float]) -> str:
    """The one or two sentences of a card's body that best answer the question (``sentences``:
    the body's sentences with their word counts and stems, as the index keeps them)."""
    if not sentences:
        return ""
    best, best_score = 0, 0.0
    for i, (sentence, size, held) in enumerate(sentences):
        found = [q.weights[s] * idf_of.get(s, 1.0) for s in held if s in q.weights]
        # more of the question's words first, then the shortest sentence that says it
        score = sum(found) * (1 + 0.5 * max(0, len(found) - 1)) / (1 + size / 40)
        if len(sentence) < 25 or sentence.lower().startswith(("example", "exemple", "ex.")):
            score *= 0.6  # a heading, a table label or an example: rarely the answer by itself
        if sentence.lower().startswith(("our reading", "notre lecture")):
            score *= 0.75  # our reading of a silent rulebook: after the rule it reads, not before
        if score > best_score:
            best, best_score = i, score
    text = str(sentences[best][0])
    after = best + 1

    def continues(i: int) -> bool:
        """Sentence ``i`` exists and goes on with the answer: a heading or another list's opening,
        ending on a colon, starts something else."""
        return i < len(sentences) and not str(sentences[i][0]).endswith(":")

    if len(text) < 90 and not text.endswith(":") and continues(after):
        text += " " + str(sentences[after][0])
        after += 1
    # a sentence that opens a list ("If nobody won the race:") is not an answer without its items;
    # "1 or 2 never revealed?" opens its answer too
    if text.endswith((":", "?")):
        while len(text) < 240 and continues(after):
            text += " " + str(sentences[after][0])
            after += 1
    if len(text) > 320:
        return text[:319].rsplit(" ", 1)[0] + "…"
    if continues(after) and text.endswith((";", ",")):  # a list cut short says that it goes on
        return text[:-1].rstrip() + "…"
    return text


def snippet(text: str, width: int = 110) -> str:
    """About ``width`` characters of the answer (the short form of earlier versions)."""
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"
