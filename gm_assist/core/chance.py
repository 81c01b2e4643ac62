"""A chance for JSON and for people, without the mathematics: exact fractions in, the stable JSON
shape and a rounded percentage out. Light (no icepool): single-die tables (a d6 scouting roll,
fatigue) use it directly; `gm_assist.core.odds` computes the distributions that need icepool."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def chance(value: Fraction) -> dict[str, Any]:
    """The JSON shape of a chance: ``{"probability": 0.583…, "fraction": "7/12"}``."""
    value = Fraction(value)
    return {"probability": float(value), "fraction": f"{value.numerator}/{value.denominator}"}


def decimal(value: Fraction | float, digits: int = 2) -> str:
    """A number for people: ``1.5`` in English, ``1,5`` in French (trailing zeros dropped)."""
    from gm_assist.core.i18n import lang

    text = f"{float(value):.{digits}f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang() == "fr" else text


def percent(value: Fraction | float) -> str:
    """A chance for people: ``58%`` (``58 %`` in French), ``<1%``, ``>99%``: a rounded 0 or 100 is
    never shown for a chance that is not exactly 0 or 1."""
    from gm_assist.core.i18n import t

    p = float(value) * 100
    if 0 < p < 0.5:
        shown = "<1"
    elif 99.5 <= p < 100:
        shown = ">99"
    else:
        shown = f"{p:.0f}"
    return t("core.odds.percent", value=shown)
