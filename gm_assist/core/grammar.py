"""What each language does to a sentence when its values are put in (`render`, used by
`gm_assist.core.i18n.fill`): the plural forms ``{n:plural:# card|# cards}`` (:func:`plural_form`),
French elision and contraction of the word before a value (« de {name} » with Ana → « d'Ana »,
:func:`elide`), English "a" → "an" (:func:`a_or_an`), an adjective agreed with a count
(:func:`agree`), a sentence that opens on a name starting with a capital. The catalogs, the
language asked and ``t`` are `gm_assist.core.i18n`'s.
"""

from __future__ import annotations

import re
import string
from typing import Any


def render(text: str, values: dict[str, Any], language: str) -> str:
    """``text`` with its ``{placeholders}`` replaced by ``values`` (already in ``language``), written
    as ``language`` writes it; raises what ``str.format`` raises on a template its values do not fit."""
    out = _Formatter(language).render(text, values)
    if _NAME_FIRST.match(text) and out[:1].islower():  # « tricheur goblin est vaincu »: a sentence
        out = out[0].upper() + out[1:]  # starts with a capital, even with a name kept in lower case
    return out


_NAME_FIRST = re.compile(r"\{(?:name|names|monster|type|mouse|stuffie|runner|giver|tile|feat|item)\}")
"""A template that starts with a name: a catalog's common noun (« golem d'argile ») opens it."""


# French elision: the word before a value that starts with a vowel (or a mute h) loses its vowel.
_ELIDED = {
    "de": "d'",
    "le": "l'",
    "la": "l'",
    "que": "qu'",
    "ne": "n'",
    "je": "j'",
    "me": "m'",
    "te": "t'",
    "se": "s'",
    "jusque": "jusqu'",
    "lorsque": "lorsqu'",
    "puisque": "puisqu'",
}
# Contractions before a vowel: "du ours" → "de l'ours", "au ours" → "à l'ours".
_UNCONTRACTED = {"du": "de l'", "au": "à l'"}
# Contractions of "de"/"à" with an article the value starts with: "de le crapaud" → "du crapaud".
_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
_LAST_WORD = re.compile(r"(?<![\w'’-])(\w+) $")
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")
# Words with a mute h (elided: "l'herbe", "d'Hélène"); every other h is aspirated ("le héros").
_MUTE_H = frozenset(
    {
        "habitant",
        "habitude",
        "haleine",
        "harmonie",
        "hélène",
        "henri",
        "herbe",
        "hermine",
        "heure",
        "heureux",
        "hiver",
        "histoire",
        "homme",
        "honneur",
        "hôpital",
        "horloge",
        "horreur",
        "hôte",
        "hôtel",
        "huile",
        "huître",
        "humain",
        "humeur",
        "hugo",
        "hector",
        "hermès",
        "hippolyte",
        "honoré",
        "hortense",
    }
)


def starts_with_vowel_sound(word: str) -> bool:
    """True when French elides before ``word``: a vowel (not y), or a mute h from a short list.

    >>> [starts_with_vowel_sound(w) for w in ("Ana", "Éloïse", "héros", "herbe", "Yann", "8")]
    [True, True, False, True, False, False]
    """
    first = word[:1].lower()
    if first in _VOWELS:
        return True
    if first == "h":
        return re.split(r"[\s,.;:!?'’-]", word.lower(), maxsplit=1)[0] in _MUTE_H
    return False


def elide(before: str, value: str) -> tuple[str, str]:
    """The French text before a value and the value, the last word of ``before`` elided or
    contracted as the value's first sound asks.

    >>> "".join(elide("Main de ", "Ana"))
    "Main d'Ana"
    >>> "".join(elide("Au ", "ours des cavernes"))
    "À l'ours des cavernes"
    >>> "".join(elide("le tour de ", "le crapaud"))
    'le tour du crapaud'
    >>> "".join(elide("Lancez-le ", "encore"))
    'Lancez-le encore'
    >>> "".join(elide("Le ", "héros"))
    'Le héros'
    """
    found = _LAST_WORD.search(before)
    if not found or not value:
        return before, value
    word = found.group(1)
    lower = word.lower()
    head = before[: found.start(1)]
    capital = word[:1].isupper()

    def cased(text: str) -> str:
        return text[:1].upper() + text[1:] if capital else text

    article, _, rest = value.partition(" ")
    if (lower, article) in _CONTRACTED and rest:
        return head, f"{cased(_CONTRACTED[(lower, article)])} {rest}"
    if not starts_with_vowel_sound(value):
        return before, value
    if lower in _ELIDED:
        elided = cased(_ELIDED[lower])
        return head + elided[:-1], elided[-1] + value
    if lower in _UNCONTRACTED:
        return head, cased(_UNCONTRACTED[lower]) + value
    return before, value


# French colour words that never take the plural (a noun used as a colour: "5 dés orange").
_INVARIABLE = frozenset({"orange", "marron", "crème", "olive", "turquoise", "argent", "or", "kaki", "ivoire"})


def agree(word: str, n: Any, language: str) -> str:
    """An adjective after a count, agreed in number: French adds the plural ("5 verts", "2 blancs";
    "5 orange" stays, as do compound colours); English adjectives never change.

    >>> [agree(w, n, "fr") for w, n in (("vert", 5), ("orange", 3), ("gris", 2), ("bleu ciel", 2))]
    ['verts', 'orange', 'gris', 'bleu ciel']
    >>> agree("green", 5, "en")
    'green'
    """
    if language != "fr" or plural_form(n, "fr") == 0 or " " in word or "-" in word:
        return word
    if word.lower() in _INVARIABLE or word[-1:].lower() in ("s", "x", "z"):
        return word
    return word + "s"


def plural_form(n: Any, language: str) -> int:
    """0 for the singular form, 1 for the plural: English singular is 1 only, French 0 and 1."""
    try:
        number = abs(float(n))
    except (TypeError, ValueError):
        return 1
    if language == "fr":
        return 0 if number < 2 else 1
    return 0 if number == 1 else 1


_ARTICLE_A = re.compile(r"(?<![\w'’-])([Aa]) $")
_AN_BEFORE_U = re.compile(r"u(?!ni|se|su|ti|ra|re|ro|ku)", re.IGNORECASE)


def a_or_an(before: str, value: str) -> tuple[str, str]:
    """English: "a" before a value becomes "an" when the value starts with a vowel sound.

    >>> ["".join(a_or_an(a, word)) for a, word in (("A ", "orange die"), ("a ", "unit"), ("a ", "red"))]
    ['An orange die', 'a unit', 'a red']
    """
    found = _ARTICLE_A.search(before)
    if not found or not value:
        return before, value
    first = value[:1].lower()
    vowel = (
        first in "aeioàâäéèêëîïôöœæ"
        or (first == "u" and _AN_BEFORE_U.match(value))
        or value.lower().startswith(("hour", "honest", "heir"))
    )
    if not vowel:
        return before, value
    return before[: found.end(1)] + "n ", value


class _Formatter(string.Formatter):
    """``str.format`` plus the ``{n:plural:# card|# cards}`` form and, in French, elision."""

    def __init__(self, language: str) -> None:
        self.language = language

    def render(self, text: str, values: dict[str, Any]) -> str:
        out: list[str] = []
        for literal, field, spec, conversion in self.parse(text):
            out.append(literal)
            if field is None:
                continue
            value, _ = self.get_field(field, (), values)
            piece = self.format_field(self.convert_field(value, conversion), spec or "")
            if out[-1]:
                out[-1], piece = (elide if self.language == "fr" else a_or_an)(out[-1], piece)
            out.append(piece)
        return "".join(out)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if not format_spec.startswith("plural:"):
            text = super().format_field(value, format_spec)
            if self.language == "fr" and isinstance(value, float):
                return text.replace(".", ",")  # "22,5 dodos": the French decimal comma
            return text
        forms = format_spec.removeprefix("plural:").split("|")
        if len(forms) == 3:  # zero|one|many: "no HP lost|# HP lost|# HP lost"
            if value == 0:
                return forms[0]
            forms = forms[1:]
        form = forms[min(plural_form(value, self.language), len(forms) - 1)]
        return form.replace("#", str(value))
