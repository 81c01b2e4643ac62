"""Forgiving name matching: case, accents and small typos do not matter."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping

from gm_assist.core.errors import GmError


def fold(text: str) -> str:
    """Lower-case, accents removed, spaces/hyphens/apostrophes unified: ``"Drellen le Pâle"`` →
    ``"drellen le pale"``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    for ch in "-_'’.":
        plain = plain.replace(ch, " ")
    return " ".join(plain.split())


def closest(query: str, candidates: Iterable[str], cutoff: float = 0.5) -> str | None:
    """The candidate nearest to ``query`` (by folded spelling), or None."""
    by_fold: dict[str, str] = {}
    for cand in candidates:
        by_fold.setdefault(fold(cand), cand)
    found = difflib.get_close_matches(fold(query), list(by_fold), n=1, cutoff=cutoff)
    return by_fold[found[0]] if found else None


def resolve(query: str, options: Mapping[str, Iterable[str]], kind_key: str) -> str:
    """The id whose id or alias matches ``query``; else GmError naming the closest one.

    ``options`` maps an id to its aliases (names in each language, abbreviations). ``kind_key`` is
    the i18n key of what is being named ("tyrant", "colour"…), used in the message.
    """
    from gm_assist.core.i18n import t

    wanted = fold(query)
    names: dict[str, str] = {}
    for ident, aliases in options.items():
        for alias in (ident, *aliases):
            names.setdefault(fold(alias), ident)
    if wanted in names:
        return names[wanted]
    suggestion = closest(query, [a for ident, al in options.items() for a in (ident, *al)])
    hint = t("core.error.did_you_mean", suggestion=suggestion) if suggestion else ""
    raise GmError(
        "core.error.unknown_name", kind=t(kind_key), name=query, suggestion=hint, known=", ".join(options)
    )
