"""Dice notation and seeded randomness.

The app rolls only when the table asks it to; everything random is drawn once and stored in the
action that uses it, so undo/redo never re-rolls. ``--seed`` makes a run reproducible.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field

from gm_assist.core.errors import GmError

MAX_DICE = 100
MAX_SIDES = 1000
_TERM = re.compile(r"([+-]?)(?:(\d*)[dD](\d+)(?:[kK]([hHlL])(\d+))?|(\d+))")
_COMPARE = re.compile(r"^(.*?)(>=|<=|==|=|>|<|≥|≤)(-?\d+)$")
#: comparison operators as written -> the canonical one (icepool's names)
COMPARISONS = {">=": ">=", "≥": ">=", ">": ">", "<=": "<=", "≤": "<=", "<": "<", "=": "==", "==": "=="}


MAX_SEED = 2**64 - 1
"""A seed is an identifier, not a count: the app draws them from 32 bits (``new_seed``) and the
table may type its own, anything from 0 to 2**64 - 1 (a saved game keeps it as it was typed)."""


def check_seed(seed: int | None) -> int | None:
    """A seed the table typed, or a clear GmError (exit 2) when it is not one."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise GmError("core.error.bad_seed", value=seed, max=f"{MAX_SEED:,}")
    return seed


def new_seed() -> int:
    """A fresh random seed (stored in actions so a roll can be replayed)."""
    return secrets.randbits(32)


def rng(seed: int | None) -> random.Random:
    """A random generator: reproducible with a seed, fresh without one."""
    return random.Random(new_seed() if seed is None else seed)


@dataclass
class Roll:
    """A rolled expression: each die (with its sides) and the total."""

    expression: str
    dice: list[int] = field(default_factory=list)
    sides: list[int] = field(default_factory=list)
    modifier: int = 0

    @property
    def total(self) -> int:
        return sum(self.dice) + self.modifier


@dataclass(frozen=True)
class Term:
    """One term of a dice expression: ``sign`` × (``count`` dice of ``sides`` faces, keeping the
    ``keep`` highest (``"h"``) or lowest (``"l"``) when ``keep`` is set), or the constant ``count``
    when ``sides`` is 0."""

    sign: int
    count: int
    sides: int
    keep: tuple[str, int] | None = None


@dataclass(frozen=True)
class Expression:
    """A parsed dice expression: its terms and an optional comparison (``(">=", 7)``)."""

    text: str
    terms: tuple[Term, ...]
    compare: tuple[str, int] | None = None


def parse_expression(expression: str) -> Expression:
    """Parse the full dice notation: ``NdS``, constants, sums and differences of terms
    (``2d6+d4-1``), keep highest/lowest (``4d6kh3``, ``2d20kl1``) and one comparison at the end
    (``>=``, ``>``, ``<=``, ``<``, ``=``). A malformed expression raises GmError (exit 2)."""
    text = expression.replace(" ", "")
    compare = None
    found = _COMPARE.match(text)
    if found:
        text, compare = found.group(1), (COMPARISONS[found.group(2)], int(found.group(3)))
    if not text:
        raise GmError("core.error.bad_dice", expression=expression)
    terms: list[Term] = []
    pos = 0
    while pos < len(text):
        match = _TERM.match(text, pos)
        if not match or match.end() == pos or (pos and not match.group(1)):
            raise GmError("core.error.bad_dice", expression=expression)
        sign = -1 if match.group(1) == "-" else 1
        if match.group(3):
            count = int(match.group(2) or 1)
            sides = int(match.group(3))
            if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
                raise GmError(
                    "core.error.dice_range", expression=expression, max_dice=MAX_DICE, max_sides=MAX_SIDES
                )
            keep = None
            if match.group(4):
                kept = int(match.group(5))
                if not 1 <= kept <= count:
                    raise GmError("core.error.bad_keep", expression=expression, keep=kept, count=count)
                keep = (match.group(4).lower(), kept)
            terms.append(Term(sign, count, sides, keep))
        else:
            terms.append(Term(sign, int(match.group(6)), 0))
        pos = match.end()
    if not any(term.sides for term in terms):
        raise GmError("core.error.bad_dice", expression=expression)
    return Expression(expression, tuple(terms), compare)


def parse(expression: str) -> list[tuple[int, int, int]]:
    """Parse ``2d6+1``, ``d6``, ``3d6-2``, ``d20+d4`` into terms ``(sign, count, sides)``;
    a constant is ``(sign, value, 0)``. The rolling subset of `parse_expression`: keep
    highest/lowest and comparisons are for `gm-assist odds`; here they are malformed (GmError)."""
    parsed = parse_expression(expression)
    if parsed.compare or any(term.keep for term in parsed.terms):
        raise GmError("core.error.bad_dice", expression=expression)
    return [(term.sign, term.count, term.sides) for term in parsed.terms]


def roll(expression: str, generator: random.Random) -> Roll:
    """Roll an expression. Dice of a subtracted term count negatively in the total."""
    result = Roll(expression=expression)
    for sign, count, sides in parse(expression):
        if sides == 0:
            result.modifier += sign * count
            continue
        for _ in range(count):
            value = generator.randint(1, sides)
            result.dice.append(sign * value)
            result.sides.append(sides)
    return result
