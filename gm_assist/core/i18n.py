"""Translated strings: ``t("tmb.queue.why", day=4)``.

Catalogs are ``data/i18n/<lang>/<namespace>.toml``; the namespace is the key's first part and nested
tables are flattened with dots. A count that changes the words takes the plural form
``{n:plural:# card|# cards}`` (``#`` is the number; singular form, then plural form; with three
forms the first is said for zero): English uses the singular for 1 only, French for 0 and 1
(`gm_assist.core.grammar.plural_form`, which also elides and agrees). Only the namespaces a command uses
are read. Language: ``--lang``, else ``$GM_ASSIST_LANG``, else the saved setting, else the system
locale (``fr*`` → French), else English.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from gm_assist.core.errors import set_translator
from gm_assist.core.grammar import render

LANGS = ("en", "fr")


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}"
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


_EXTRA: dict[str, Path] = {}
"""Namespaces whose catalogs live outside the package's data (a game shipped on its own, such as
the demo game of the tests): namespace → folder holding ``<lang>/<namespace>.toml``."""


def add_catalogs(namespace: str, folder: Path) -> None:
    """Read the ``namespace``'s strings from ``folder/<lang>/<namespace>.toml`` (a game that lives
    outside ``gm_assist/games`` registers its strings this way)."""
    _EXTRA[namespace] = folder
    catalog.cache_clear()


@cache
def catalog(lang: str, namespace: str) -> dict[str, str]:
    """All keys of one namespace in one language (cached)."""
    from gm_assist.core.data import read_data_toml

    try:
        if namespace in _EXTRA:
            import tomllib

            table = tomllib.loads((_EXTRA[namespace] / lang / f"{namespace}.toml").read_text("utf-8"))
        else:
            table = read_data_toml(f"i18n/{lang}/{namespace}.toml")
    except FileNotFoundError:
        return {}
    out: dict[str, str] = {}
    _flatten(namespace, table, out)
    return out


def _normalise(value: str | None) -> str | None:
    if not value:
        return None
    value = value.strip().lower()
    if value.startswith("fr"):
        return "fr"
    if value.startswith("en"):
        return "en"
    return None


def _system_lang() -> str | None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        found = _normalise(os.environ.get(var))
        if found:
            return found
        if os.environ.get(var):
            return None
    return None


def lang() -> str:
    """The language of this invocation: ``en`` or ``fr``."""
    from gm_assist.core.context import ctx

    chosen = _normalise(ctx().lang) or _normalise(os.environ.get("GM_ASSIST_LANG"))
    if chosen:
        return chosen
    from gm_assist.core.settings import get_setting

    return _normalise(get_setting("lang")) or _system_lang() or "en"


def t(key: str, **params: Any) -> str:
    """The text of ``key`` in the current language, with ``{placeholders}`` filled.

    In the guided mode, ``<key>_guided`` is used when it exists: a hint that names a command on the
    command line (``gm-assist tmb encounter``) names the menu entry instead (on a phone, see
    ``_guided_variant``). A parameter may itself
    be bilingual, ``{"en": "Entangled", "fr": "Empêtrée"}`` (a catalog name kept that way in a
    journal label): the current language's text is used. Falls back to English, then to the key
    itself, so a missing string never crashes a game.
    """
    current = lang()
    namespace = key.split(".", 1)[0]
    text = _guided_variant(key, current, namespace)
    if text is None:
        text = catalog(current, namespace).get(key)
    if text is None:
        text = catalog("en", namespace).get(key, key)
    return fill(text, params, current)


def t_in(language: str, key: str, /, variant: str | None = None, **params: Any) -> str:
    """:func:`t` in ``language`` whatever the current one (a page that switches language itself),
    without the guided mode's variants. ``variant="screen"`` uses ``<key>_screen`` when it exists:
    the table view's words for a hint that names a command line (the shared screen says what
    the table does, the terminal keeps the command)."""
    namespace = key.split(".", 1)[0]
    found = catalog(language, namespace)
    text = (found.get(f"{key}_{variant}") if variant else None) or found.get(key)
    if text is None:
        text = catalog("en", namespace).get(key, key)
    return fill(text, params, language)


def both(key: str, **params: Any) -> dict[str, str]:
    """The text of ``key`` in every language: ``{"en": …, "fr": …}`` (the table view's page switches
    language itself; a game's ``table_view`` gives its texts so)."""
    return {language: t_in(language, key, **params) for language in LANGS}


def table_words(message: Any) -> dict[str, str]:
    """A step's sentence (``core.step.Step.message``) in every language, in the table's words:
    ``<key>_screen`` when the catalog has it (the same sentence without the command to type; the
    terminal keeps the command)."""
    return {language: t_in(language, message.key, "screen", **message.params) for language in LANGS}


def fill(text: str, params: dict[str, Any], language: str) -> str:
    """``text`` with its ``{placeholders}`` filled for ``language``: bilingual values picked, plural
    forms chosen, and in French the word before a value elided or contracted as French writes it
    (``de {name}`` with Ana gives "d'Ana", ``au {monster}`` with "ours" gives "à l'ours", see
    `gm_assist.core.grammar`). A template that does not match its parameters is returned as it is.

    >>> fill("Le mouton de {name}", {"name": "Éloïse"}, "fr")
    "Le mouton d'Éloïse"
    >>> fill("{n:plural:# mouton|# moutons}", {"n": 0}, "fr")
    '0 mouton'
    >>> fill("{winks} dodos", {"winks": 22.5}, "fr"), fill("{winks} winks", {"winks": 22.5}, "en")
    ('22,5 dodos', '22.5 winks')
    """
    if not params:
        return text
    values = {name: localized(value, language) for name, value in params.items()}
    try:
        return render(text, values, language)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return text


def provenance(source: str | None) -> str:
    """Where a figure comes from, in players' words. The data files (and ``--json``'s ``source``)
    keep the precise reference (``game-facts §1.1 (companion app data)``); a player has no such
    document, so the screens say "from fan-made companion data, not printed in the rulebook"."""
    text = (source or "").lower()
    if not text or text == "-":
        return t("core.source.unknown")
    if "table" in text and ("entered" in text or "saisi" in text or "set by" in text):
        return t("core.source.table")
    fans = any(word in text for word in ("game-facts", "fan", "companion", "student", "review", "code"))
    if not fans:
        return t("core.source.rulebook") if "rulebook" in text else t("core.source.unknown")
    if text.startswith("rulebook"):
        return t("core.source.rulebook_and_fans")
    if "companion" in text:
        return t("core.source.companion")
    return t("core.source.fans")


# Confidence levels, weakest first (data files write "low-medium", "Low–Medium", "game-facts:high"…).
_CONFIDENCE_LEVELS = ("low", "low-medium", "medium", "medium-high", "high")
_CONFIDENCE_WORDS = (*_CONFIDENCE_LEVELS, "rulebook", "faq", "table", "user", "not-found", "choice")


def confidence_words(value: str | None, language: str | None = None) -> str:
    """A figure's confidence in the reader's words: "low-medium" → "faible à moyenne" in French.

    ``--json`` keeps the data's own token; screens show this. A free-text confidence ("seed +
    game-facts High (bag), Low-Medium (count)") is said by its weakest level.

    >>> confidence_words("game-facts:Low–Medium", "fr"), confidence_words("seed + High, Low (n)", "en")
    ('faible à moyenne', 'low')
    """
    text = (value or "").strip().lower().replace("–", "-").replace("—", "-")
    text = text.removeprefix("game-facts:").replace("medium-low", "low-medium")
    found = [level for level in _CONFIDENCE_LEVELS if re.search(rf"(?<![\w-]){level}(?![\w-])", text)]
    seeded = text.startswith("seed")  # a figure we chose where no source gives one
    word = text if text in _CONFIDENCE_WORDS else (found[0] if found else "choice" if seeded else "unknown")
    return t_in(language or lang(), f"core.confidence.{word.replace('-', '_')}")


def when(stamp: str | None, language: str | None = None, now: Any = None) -> str:
    """A saved time as people read it, in local time: "today 21:14", "yesterday 09:02", "Sat 22 Nov"
    (« aujourd'hui 21:14 », « hier 09:02 », « sam. 22 nov. »); the year when it is not this one.
    ``--json`` keeps the ISO time; an unreadable one is shown as it is.

    >>> from datetime import datetime, timezone
    >>> now = datetime(2026, 11, 24, 22, 0, tzinfo=timezone.utc)
    >>> when("2026-11-24T21:14:00+00:00", "en", now), when("2026-11-22T10:00:00+00:00", "fr", now)
    ('today 21:14', 'dim. 22 nov.')
    """
    from datetime import datetime

    language = language or lang()
    try:
        moment = datetime.fromisoformat(stamp or "")
    except ValueError:
        return stamp or "?"
    here = (now or datetime.now(moment.tzinfo)).astimezone()
    moment = moment.astimezone(here.tzinfo)
    days = (here.date() - moment.date()).days
    if days in (0, 1):
        return t_in(
            language, "core.when.today" if days == 0 else "core.when.yesterday", time=moment.strftime("%H:%M")
        )
    day_name = t_in(language, f"core.when.day_{moment.weekday()}")
    month = t_in(language, f"core.when.month_{moment.month}")
    key = "core.when.date" if moment.year == here.year else "core.when.date_year"
    return t_in(language, key, day_name=day_name, day=moment.day, month=month, year=moment.year)


def _guided_variant(key: str, current: str, namespace: str) -> str | None:
    """The guided mode's words for ``key``: in a terminal ``<key>_guided`` (names a menu entry, not a
    command); on a phone at the table (``ctx().surface == "page"``) first ``<key>_page`` (a tap,
    not a key), then ``<key>_screen`` (the table's words, never a command line), then ``_guided``."""
    from gm_assist.core.context import ctx

    context = ctx()
    if not context.guided:
        return None
    suffixes = ("_page", "_screen", "_guided") if context.surface == "page" else ("_guided",)
    for suffix in suffixes:
        variant = f"{key}{suffix}"
        text = catalog(current, namespace).get(variant) or catalog("en", namespace).get(variant)
        if text is not None:
            return text
    return None


def localized(value: Any, language: str | None = None) -> Any:
    """``value`` in ``language`` (default: the current one) when it is a ``{"en": …, "fr": …}``
    mapping, else ``value`` itself."""
    if isinstance(value, dict) and value and set(value) <= set(LANGS):
        return value.get(language or lang()) or value.get("en") or next(iter(value.values()))
    return value


set_translator(t)  # the errors (core.errors, the bottom layer) say their messages through it
