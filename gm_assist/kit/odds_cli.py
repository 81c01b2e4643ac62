"""`gm-assist odds EXPR`: the exact chance of a dice expression and a chart of its distribution.

Registered on the root CLI (`gm_assist/cli.py`), imported only when `odds` runs (icepool is heavy).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit


def odds(expression: str, json_out: bool) -> None:
    """Compute and print the odds of ``expression`` (JSON keys: see README, `odds`)."""
    from gm_assist.core import odds as math

    try:
        data = math.evaluate(expression)
    except GmError as exc:
        if exc.key == "core.error.bad_dice":
            raise GmError("core.error.bad_odds", expression=expression) from exc
        raise

    def _text(out: Any) -> None:
        dist = {int(v): Fraction(p) for v, p in data["distribution_fractions"].items()}
        compare = data["comparison"]
        if compare:
            out.print(
                t(
                    "core.odds.chance",
                    expression=expression,
                    percent=math.percent(Fraction(data["fraction"])),
                    fraction=data["fraction"],
                )
                + f" — {t('core.odds.mean', mean=math.decimal(data['mean']))}",
                markup=False,
            )
        else:
            out.print(
                t(
                    "core.odds.no_compare",
                    expression=expression,
                    low=data["min"],
                    high=data["max"],
                    mean=math.decimal(data["mean"]),
                ),
                markup=False,
            )
        fancy = bool(out.is_terminal) and out.encoding.lower().startswith("utf")
        width = min(out.width, 80) if out.is_terminal else 80
        title = "core.odds.chart_title" if fancy else "core.odds.chart_title_plain"
        out.print(t(title if compare else "core.odds.chart_title_bare"), markup=False)
        hit = (compare["op"], compare["value"]) if compare else None
        for line in math.chart(dist, hit, fancy=fancy, width=width):
            out.print(line, markup=False, highlight=False)

    emit(data, _text, json_out)
