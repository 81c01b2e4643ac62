"""Exact odds (issue 19): the extended dice parser, icepool's distributions checked against
hand-worked values and a brute-force enumeration, the hypergeometric draw, the chart."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.core import odds
from gm_assist.core.dice import Term, parse, parse_expression
from gm_assist.core.errors import GmError

# --- parser ---------------------------------------------------------------------------------------


def test_parser_reads_keep_and_comparisons():
    e = parse_expression("4d6kh3 + d4 - 1 >= 12")
    assert e.terms == (Term(1, 4, 6, ("h", 3)), Term(1, 1, 4), Term(-1, 1, 0))
    assert e.compare == (">=", 12)
    assert parse_expression("2d20KL1<5").compare == ("<", 5)
    assert parse_expression("3d6=10").compare == ("==", 10)
    assert parse_expression("3d6 > 10").compare == (">", 10)
    assert parse_expression("3d6<=4").compare == ("<=", 4)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "core.error.bad_dice"),
        (">= 7", "core.error.bad_dice"),
        ("2d6 >=", "core.error.bad_dice"),
        ("2d6 >= x", "core.error.bad_dice"),
        ("2d6 >= 7 >= 8", "core.error.bad_dice"),
        ("2d6kh", "core.error.bad_dice"),
        ("2d6kx1", "core.error.bad_dice"),
        ("7", "core.error.bad_dice"),
        ("4d6kh5", "core.error.bad_keep"),
        ("4d6kl0", "core.error.bad_keep"),
        ("0d6", "core.error.dice_range"),
        ("2d1", "core.error.dice_range"),
    ],
)
def test_parser_refuses_bad_expressions(text, key):
    with pytest.raises(GmError) as err:
        parse_expression(text)
    assert err.value.key == key


def test_roll_keeps_its_own_grammar():
    assert parse("2d6+1") == [(1, 2, 6), (1, 1, 0)]
    for text in ("4d6kh3", "2d6>=7"):
        with pytest.raises(GmError):
            parse(text)


# --- distributions against hand-worked values and brute force --------------------------------------


def test_two_d6_at_least_seven_is_21_of_36():
    result = odds.evaluate("2d6 >= 7")
    assert result["fraction"] == "7/12" and Fraction(21, 36) == Fraction(7, 12)
    assert result["probability"] == pytest.approx(21 / 36)
    assert result["distribution"]["7"] == pytest.approx(6 / 36)
    assert sum(result["distribution"].values()) == pytest.approx(1)


def test_hand_worked_values():
    assert odds.evaluate("3d6 >= 12")["fraction"] == "3/8"  # 81/216
    assert odds.evaluate("d20 > 15")["fraction"] == "1/4"
    assert odds.evaluate("2d6+d4 >= 7")["fraction"] == "31/36"
    assert odds.evaluate("d6 = 7")["fraction"] == "0/1"
    assert odds.evaluate("d6 <= 6")["fraction"] == "1/1"
    assert odds.evaluate("4d6kh3")["mean"] == pytest.approx(15869 / 1296)


def brute(text: str) -> dict[int, Fraction]:
    """Every face combination of each group of dice, counted: the reference distribution. The groups
    are independent, so the whole expression's counts are their product, summed by value (counting
    every combination of all the groups at once gave the same counts in up to 8^9 steps: one
    example could take seconds, and a run of random examples 16 s or 50 s)."""
    e = parse_expression(text)
    counts: dict[int, int] = {0: 1}
    for term in e.terms:
        group: dict[int, int] = {}
        if not term.sides:
            group[term.sign * term.count] = 1
        else:
            for faces in itertools.product(range(1, term.sides + 1), repeat=term.count):
                kept = sorted(faces, reverse=term.keep is not None and term.keep[0] == "h")
                kept = kept[: term.keep[1]] if term.keep else kept
                value = term.sign * sum(kept)
                group[value] = group.get(value, 0) + 1
        combined: dict[int, int] = {}
        for so_far, ways in counts.items():
            for value, more in group.items():
                combined[so_far + value] = combined.get(so_far + value, 0) + ways * more
        counts = combined
    total = sum(counts.values())
    return {v: Fraction(n, total) for v, n in counts.items()}


TERM = st.tuples(
    st.sampled_from(["+", "-"]),
    st.integers(1, 3),
    st.sampled_from([2, 3, 4, 6, 8]),
    st.sampled_from(["", "kh1", "kl1", "kh2"]),
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(TERM, min_size=1, max_size=3),
    st.integers(-3, 3),
    st.sampled_from([">=", ">", "<=", "<", "="]),
    st.integers(-5, 20),
)
def test_distribution_matches_brute_force(terms, constant, op, value):
    parts = []
    for sign, count, sides, keep in terms:
        keep = keep if keep and int(keep[2]) <= count else ""
        parts.append(f"{sign}{count}d{sides}{keep}")
    text = "".join(parts).lstrip("+") + (f"{constant:+d}" if constant else "")
    if text.startswith("-"):
        text = "0" + text
    expected = brute(text)
    assert odds.distribution(odds.expression_die(parse_expression(text))) == {
        v: p for v, p in expected.items() if p
    }
    compare = {
        ">=": lambda v: v >= value,
        ">": lambda v: v > value,
        "<=": lambda v: v <= value,
        "<": lambda v: v < value,
        "=": lambda v: v == value,
    }[op]
    result = odds.evaluate(f"{text} {op} {value}")
    want = sum((p for v, p in expected.items() if compare(v)), Fraction(0))
    assert Fraction(result["fraction"]) == want
    assert 0 <= result["probability"] <= 1


def test_hypergeometric_three_black_of_fifteen_five_draws():
    dist = odds.hypergeometric(3, 15, 5)
    # at least 2 black: C(3,2)C(12,3) + C(3,3)C(12,2) over C(15,5) = (660 + 66) / 3003
    assert dist[2] + dist[3] == Fraction(3 * 220 + 66, 3003) == Fraction(242, 1001)
    assert all(dist[k] == Fraction(comb(3, k) * comb(12, 5 - k), comb(15, 5)) for k in range(4))
    assert odds.hypergeometric(0, 10, 5) == {0: 1}
    assert odds.hypergeometric(4, 4, 2) == {2: 1}


def test_too_big_is_refused_before_computing():
    with pytest.raises(GmError) as err:
        odds.evaluate("10d1000")
    assert err.value.key == "core.error.odds_too_big"


def test_chart_fits_80_columns_and_marks_successes():
    dist = odds.distribution(odds.expression_die(parse_expression("10d6")))
    lines = odds.chart(dist, (">=", 35), fancy=False)
    assert len(lines) <= odds.CHART_ROWS + 1
    assert all(len(line) <= 80 for line in lines)
    marked = [line for line in lines if line.startswith(">")]
    assert marked and marked[0].split()[1].startswith("35")
    assert all("█" not in line and "▶" not in line for line in lines)
    small = odds.chart(odds.distribution(odds.sum_d6(2)), ("==", 7), fancy=True)
    assert len(small) == 11 and [line[0] for line in small].count("▶") == 1
