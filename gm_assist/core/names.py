"""Forgiving name matching: case, accents and small typos do not matter."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TypeVar

from gm_assist.core.errors import GmError

Id = TypeVar("Id", bound=str)


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


def resolve(query: str, options: Mapping[Id, Iterable[str]], kind_key: str) -> Id:
    """The id whose id or alias matches ``query``; else GmError naming the closest one.

    ``options`` maps an id to its aliases (names in each language, abbreviations). ``kind_key`` is
    the i18n key of what is being named ("tyrant", "colour"…), used in the message.
    """
    from gm_assist.core.i18n import t

    wanted = fold(query)
    names: dict[str, Id] = {}
    spellings: list[str] = []  # every id, each followed by its aliases
    for ident, aliases in options.items():
        spelled: list[str] = [ident, *aliases]
        spellings += spelled
        for alias in spelled:
            names.setdefault(fold(alias), ident)
    if wanted in names:
        return names[wanted]
    suggestion = closest(query, spellings)
    hint = t("core.error.did_you_mean", suggestion=suggestion) if suggestion else ""
    raise GmError(
        "core.error.unknown_name", kind=t(kind_key), name=query, suggestion=hint, known=", ".join(options)
    )
