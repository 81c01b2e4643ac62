"""Exact odds of dice: the distribution of a dice expression and the chance of a comparison.

The mathematics is icepool's (exact distributions over integers, so every figure is a fraction,
never a simulation). icepool costs ~40 ms to import: this module is imported only by the `odds`
command and by the game screens that show a chance (`tests/core/test_startup.py` guards that no
other command loads it).

A figure is kept as a :class:`fractions.Fraction`; :func:`chance` turns it into the stable JSON
shape ``{"probability": float in [0, 1], "fraction": "7/12"}``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool

from gm_assist.core.chance import chance, decimal, percent  # noqa: F401  (re-exported for the screens)
from gm_assist.core.dice import Expression, parse_expression
from gm_assist.core.errors import GmError

#: the largest total range (sum over the terms of dice × sides) `odds` computes: the worst cases
#: it allows (50d20, 10d100kh5) take under a second (bench/odds.py); 10d1000 would take ~40 s
MAX_RANGE = 1000
#: at most this many rows in the text chart; wider distributions are grouped into ranges
CHART_ROWS = 24


def term_die(count: int, sides: int, keep: tuple[str, int] | None = None) -> icepool.Die:
    """The distribution of ``count`` dice of ``sides`` faces summed (keeping the highest or lowest
    ``keep[1]`` when ``keep`` is set)."""
    if keep is None:
        return count @ icepool.d(sides)
    pool = icepool.d(sides).pool(count)
    kept = pool.highest(keep[1]) if keep[0] == "h" else pool.lowest(keep[1])
    return kept.sum()


def expression_die(expression: Expression) -> icepool.Die:
    """The exact distribution of a parsed expression's total (comparison left aside)."""
    span = sum(term.count * term.sides for term in expression.terms if term.sides)
    if span > MAX_RANGE:
        raise GmError("core.error.odds_too_big", expression=expression.text, span=span, limit=MAX_RANGE)
    total: icepool.Die = icepool.Die([0])
    for term in expression.terms:
        part = term_die(term.count, term.sides, term.keep) if term.sides else icepool.Die([term.count])
        total = total + part if term.sign > 0 else total - part
    return total


def distribution(die: icepool.Die) -> dict[int, Fraction]:
    """``{value: probability}`` of a die, every probability an exact fraction."""
    denominator = die.denominator()
    return {int(value): Fraction(quantity, denominator) for value, quantity in die.items()}


def compare(die: icepool.Die, op: str, value: int) -> Fraction:
    """The exact chance that the die's outcome compares to ``value`` (``op``: >=, >, <=, <, ==)."""
    return Fraction(die.probability(op, value))


def mean(dist: dict[int, Fraction]) -> Fraction:
    """The exact expected value of a distribution."""
    return sum((value * p for value, p in dist.items()), Fraction(0))


def evaluate(text: str) -> dict[str, Any]:
    """What `gm-assist odds EXPR` prints: the expression, the comparison and its exact chance (when
    there is one), the mean, and the distribution ``{value: probability}``."""
    expression = parse_expression(text)
    die = expression_die(expression)
    dist = distribution(die)
    out: dict[str, Any] = {"expression": text, "comparison": None, "probability": None, "fraction": None}
    if expression.compare:
        op, value = expression.compare
        p = compare(die, op, value)
        out |= {"comparison": {"op": op, "value": value}, **chance(p)}
    out |= {
        "mean": float(mean(dist)),
        "min": min(dist),
        "max": max(dist),
        "distribution": {str(v): float(p) for v, p in sorted(dist.items())},
        "distribution_fractions": {str(v): f"{p.numerator}/{p.denominator}" for v, p in sorted(dist.items())},
    }
    return out


# --- dice of the games: sums of d6, draws from a bag --------------------------------------------


def sum_d6(n: int) -> icepool.Die:
    """The total of ``n`` six-sided dice (``n`` = 0: always 0)."""
    return n @ icepool.d6 if n > 0 else icepool.Die([0])


def at_least(n: int, target: int) -> Fraction:
    """The chance that ``n`` d6 total at least ``target`` (0 dice never reach anything: a roll
    with no die fails, as the Stuffed Fables tests do)."""
    if n <= 0:
        return Fraction(0)
    return compare(sum_d6(n), ">=", target)


def hypergeometric(marked: int, size: int, draws: int) -> dict[int, Fraction]:
    """``{k: chance}`` that ``draws`` dice taken without replacement from ``size`` dice, ``marked``
    of them of the colour that matters, bring exactly ``k`` of that colour."""
    if draws <= 0 or size <= 0:
        return {0: Fraction(1)}
    deck = icepool.Deck({1: marked, 0: size - marked}) if marked < size else icepool.Deck({1: size})
    if marked == 0:
        return {0: Fraction(1)}
    return distribution(deck.deal(draws).sum())


# --- text -----------------------------------------------------------------------------------------


def _rows(dist: dict[int, Fraction], rows: int, anchor: int | None = None) -> list[tuple[int, int, Fraction]]:
    """(low, high, chance) buckets of consecutive values, at most ``rows`` (+1) of them; a bucket
    starts at ``anchor`` (the first value that succeeds) so that no bucket is half a success."""
    low, high = min(dist), max(dist)
    width = max(1, -(-(high - low + 1) // rows))
    first = low if anchor is None else low - (low - anchor) % width
    out = []
    for step in range(first, high + 1, width):
        start, end = max(step, low), min(high, step + width - 1)
        out.append((start, end, sum((dist.get(v, Fraction(0)) for v in range(start, end + 1)), Fraction(0))))
    return out


def chart(
    dist: dict[int, Fraction], hit: tuple[str, int] | None = None, fancy: bool = True, width: int = 80
) -> list[str]:
    """A small bar chart of a distribution, one line per value (or range of values), within
    ``width`` columns: ``  7 │██████████████      17 %``. ``hit``: the comparison, whose values are
    marked with ``▶`` (``>`` when ``fancy`` is false, for pipes and plain terminals, which also get
    ``#`` bars)."""
    anchor = None
    if hit is not None:
        anchor = hit[1] + 1 if hit[0] in (">", "<=") else hit[1]
    buckets = _rows(dist, CHART_ROWS, anchor)
    labels = [str(a) if a == b else f"{a}–{b}" if fancy else f"{a}-{b}" for a, b, _ in buckets]
    label_width = max(len(label) for label in labels)
    bar_width = max(10, width - label_width - 14)
    top = max(p for _, _, p in buckets) or Fraction(1)
    ops = {
        ">=": lambda v, n: v >= n,
        ">": lambda v, n: v > n,
        "<=": lambda v, n: v <= n,
        "<": lambda v, n: v < n,
        "==": lambda v, n: v == n,
    }
    block, mark, sep = ("█", "▶", "│") if fancy else ("#", ">", "|")
    lines = []
    for (a, b, p), label in zip(buckets, labels, strict=True):
        bar = block * round(float(p / top) * bar_width)
        marked = hit is not None and all(ops[hit[0]](v, hit[1]) for v in range(a, b + 1))
        lines.append(
            f"{mark if marked else ' '} {label:>{label_width}} {sep}{bar:<{bar_width}} {percent(p):>6}"
        )
    return lines
