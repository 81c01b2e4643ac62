"""What a family must never read on a screen (issue 34.9), checked in any text a test collects: a
raw i18n key, an internal id (a battle unit's ``u4``), a word of the other language, and a count
with the wrong number ("1 minions", « 3 rembourrage »). Reusable by any test that renders screens
(the whole-game scripts, a menu explorer): ``slips(text, lang)`` lists the problems of one text,
``journal_labels(session)`` and ``journal_screens(session)`` gather what the guided mode shows of
a saved game (every Undo/Redo label; the next step and the status screen of every state it went
through).

The word lists are the game's vocabulary and the common small words of each language; the count
nouns come from the catalogs themselves (``{n:plural:# card|# cards}`` and ``{n} minions``), so a
new string is checked without touching this file.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from gm_assist.core import i18n
from gm_assist.core.data import data_dir

ENGLISH_ONLY = frozenset(
    "the and with your you which when turn next lane lanes winks minion minions stuffing baddie baddies "
    "sheep undo redo leave attack skill space spaces tile tiles health wound wounds threat mouse mice "
    "floor floors hero declared ready used".split()
)
"""Words an English screen uses that never belong in French text."""

FRENCH_ONLY = frozenset(
    "le la les des du une est avec pour dans sur vous votre vos dodos rembourrage vilain vilains "
    "peluche peluches mouton moutons tuile tuiles piste monstre monstres souris étage héros "
    "annoncée disponible utilisée blessures ensuite".split()
)
"""Words a French screen uses that never belong in English text."""

COUNT_NOUNS = {
    "en": {
        w: w + "s"
        for w in "card space point minion monster change wink button heart wound day round floor tile baddie "
        "gearloc stuffie chip lane step".split()
    }
    | {"die": "dice", "mouse": "mice"},
    "fr": {
        w: w + "s"
        for w in "carte case point monstre changement dodo bouton cœur blessure jour manche étage tuile "
        "vilain gearloc peluche mouton jeton piste pas rembourrage".split()
    }
    | {"dé": "dés"},
}
"""Count nouns (singular: plural) the catalogs may write without a plural form."""

LABELS = frozenset(
    "lane piste space case day jour round manche floor étage race course page chapter chapitre "
    "step étape row rang column colonne seed graine level niveau number numéro".split()
)
"""Words after which a number names a thing (« Lane 2 », "day 3"), never counts the word after it."""

KEY_NAMESPACES = tuple(
    sorted({path.stem for path in (data_dir() / "i18n" / "en").glob("*.toml")}, key=len, reverse=True)
)
RAW_KEY = re.compile(r"\b(?:" + "|".join(KEY_NAMESPACES) + r")\.[a-z0-9_]+(?:\.[a-z0-9_]+)*\b")
UNIT_ID = re.compile(r"\bu\d+\b")
PLURAL = re.compile(r"\{\w+:plural:([^{}]*)\}")
COUNTED = re.compile(r"\{(?:n|count|\w*_n|n_\w*|dice|minions|monsters)\} (\w+)")
NUMBER_WORD = re.compile(r"(?:(\w+) )?(?<![\w.,/→+-])(\d+) (\w+)(?: (\w+))?")
FRENCH_COLON = re.compile(r"[^\W\d_]+: ")
SENTENCE = re.compile(r"^[\s!•✓→?»]*(\w[^\n]*[.?!…])\s*$")
"""A line that is a sentence (ends with . ? ! or …), after the marks a screen puts before it."""
KEY_HINT = re.compile(r"\([^()]*\b(?:space|espace|arrows|flèches)\b[^()]*\)", re.IGNORECASE)
CARD_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*/[a-z0-9-]+\b")
"""A rule card's id (``mice-and-mystics/minion-turn``): an address, not words."""
SESSION = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")
"""A session's name (``mice-and-mystics-1``)."""
UNTRANSLATED = re.compile(r"[^:,;—()•]+\((?:nom français non trouvé|French name not found)\)")
"""A catalog name shown in the only language known, said so on the screen."""
PROPER = re.compile(r"\bThe(?: [A-Z]\w+)+")
"""An English proper name (a card printed only in English: « The Goblin Queen »)."""


@cache
def _nouns(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """(singular nouns that have a distinct plural, plural nouns) of ``lang``'s catalogs: the
    plural forms' words after ``#``, and the words written after a count placeholder."""
    singular: set[str] = set()
    plural: set[str] = set()
    for text in _catalog(lang).values():
        for spec in PLURAL.findall(text):
            forms = [f.strip() for f in spec.split("|")][-2:]
            words = [f.replace("#", "").split()[:1] for f in forms]
            if all(words) and words[0] != words[1]:
                singular.add(words[0][0])
                plural.add(words[1][0])
        for word in COUNTED.findall(text):
            if word.endswith(("s", "x")) and len(word) > 3:
                plural.add(word)
    nouns = COUNT_NOUNS[lang]
    singular |= {w for w, p in nouns.items() if w != p}
    plural |= {p for w, p in nouns.items() if w != p and " " not in p}
    return frozenset(singular - plural), frozenset(plural - singular)


def _catalog(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for namespace in KEY_NAMESPACES:
        out.update({k: v for k, v in i18n.catalog(lang, namespace).items() if isinstance(v, str)})
    return out


@cache
def _titles() -> tuple[str, ...]:
    """The games' titles (proper names, the same words in both languages)."""
    return tuple(v for k, v in _catalog("en").items() if k.startswith("core.games."))


def slips(text: str, lang: str, sentence: bool = True) -> list[str]:
    """Every problem of one screen ``text`` shown in ``lang`` ("en" or "fr"), each with its words;
    ``sentence``: the text is whole (a question, an entry, a label), not a line of wrapped screen,
    so a sentence in it must start with a capital."""
    found: list[str] = []
    for title in _titles():
        text = text.replace(title, "")
    for address in (CARD_ID, SESSION, UNTRANSLATED, PROPER):
        text = address.sub("", text)
    found += [f"raw i18n key {m!r}" for m in RAW_KEY.findall(text)]
    found += [f"internal id {m!r}" for m in UNIT_ID.findall(text)]
    other = FRENCH_ONLY if lang == "en" else ENGLISH_ONLY
    words = re.findall(r"[^\W\d_]+", text)
    found += [f"{'French' if lang == 'en' else 'English'} word {w!r}" for w in words if w.lower() in other]
    if lang == "fr":  # French puts a space before a colon: « plateau : — », never « plateau: — »
        found += [f"no space before ':' in {m!r}" for m in FRENCH_COLON.findall(text)]
    whole = SENTENCE.match(text) if sentence else None
    if whole and whole.group(1)[:1].islower():
        found.append(f"a sentence starts in lower case: {whole.group(1)[:30]!r}")
    singular, plural = _nouns(lang)
    one = ("1",) if lang == "en" else ("0", "1")
    for before, number, word, after in NUMBER_WORD.findall(text):
        if before.lower() in LABELS or after in plural:  # « Lane 2 », "4 baddie points"
            continue
        if number in one and word in plural:
            found.append(f"plural after {number}: {number} {word}")
        elif number not in one and word in singular:
            found.append(f"singular after {number}: {number} {word}")
    return found


def question_slips(question: str) -> list[str]:
    """A question that writes its own key hint, which the prompt adds already (said twice)."""
    return [f"key hint said twice: {m!r} — in {question!r}" for m in KEY_HINT.findall(question)]


TERMINAL_ONLY = re.compile(
    r"\b(?:Esc|Échap|Ctrl(?:-\w)?|Tab)\b|\b(?:arrows?|flèches?)\b|(?<=\()(?:Enter|Entrée|Space|Espace)\b"
    r"|(?<!^)\bEnter\b|\bgm-assist [a-z][\w-]*|\([^\W\d_]\)(?= ?:| —|$)"
)
"""Words that only mean something at a keyboard (a key, the arrows, a command line, the letter that
answers a menu entry: "Undo (u): …"): never on the page of a phone (issue 33 §7). "Enter" may
start a question ("Enter a gearloc's stats"); inside a sentence or a bracket it is the key.
« Entrée » alone is a Shy Monsters tile."""


def page_slips(text: str) -> list[str]:
    """What a phone's page must not say: a key, the arrows, a command line."""
    return [f"terminal-only word {m!r}" for m in TERMINAL_ONLY.findall(text)]


def all_slips(texts: Any, lang: str, whole: bool = False) -> list[str]:
    """The problems of many texts, each with the line it was found in; ``whole``: each text is a
    question, a menu entry or a label (its sentences start with a capital), not a screen."""
    out = []
    for text in texts:
        for line in str(text).strip().splitlines():
            out += [f"{problem} — in {line.strip()!r}" for problem in slips(line, lang, whole)]
    return sorted(set(out))


def journal_labels(session: str) -> Iterator[str]:
    """The Undo and Redo labels of every change of ``session``'s journal, in the current language
    (the change's label and what an undo or a redo of it brings back)."""
    from gm_assist.core import journal
    from gm_assist.core.index import resolve
    from gm_assist.core.session_file import journal_path, label_text, read_document
    from gm_assist.core.session_history import _comes_back

    sid = resolve(session)
    doc, _ = read_document(sid)
    for _offset, entry in journal.walk(journal_path(sid), doc.get("head")):
        label = label_text(entry["label"])
        yield label + _comes_back(doc, entry["after"], entry["before"])
        yield label + _comes_back(doc, entry["before"], entry["after"])


def journal_screens(session: str) -> Iterator[str]:
    """For every state ``session`` went through (before and after each change of its journal), the
    next step with its choices and the status screen, in the current language."""
    from rich.console import Console

    from gm_assist.core import journal
    from gm_assist.core.index import resolve
    from gm_assist.core.registry import get_spec
    from gm_assist.core.session_file import journal_path, read_document

    sid = resolve(session)
    doc, _ = read_document(sid)
    spec = get_spec(doc["game"])
    for _offset, entry in journal.walk(journal_path(sid), doc.get("head")):
        for raw in (entry["before"], entry["after"]):
            if raw is None:
                continue
            state = spec.state_model.model_validate(raw)
            if spec.next_step is not None:
                upcoming = spec.next_step(state)
                yield upcoming.text()
                yield from (i18n.t(c.message.key, **c.message.params) for c in upcoming.choices)
            if spec.render is not None:
                screen = io.StringIO()
                spec.render(state, Console(file=screen, width=100, color_system=None))
                yield screen.getvalue()


class Screens:
    """A stand-in for pytest's ``capsys`` that keeps every output read (a whole-game script reads
    its captured output to check it; the words check reads it all again afterwards)."""

    def __init__(self, capsys: Any) -> None:
        self.capsys = capsys
        self.seen: list[str] = []

    def readouterr(self) -> Any:
        result = self.capsys.readouterr()
        self.seen.append(result.out)
        return result
