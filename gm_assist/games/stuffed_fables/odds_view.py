"""The chances of `odds.py` in words: one line each, ending with the rule card it follows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gm_assist.core.i18n import t
from gm_assist.core.odds import decimal, percent
from gm_assist.core.output import why

from .model import SfState
from .view import colour_name


def _p(chance: dict[str, Any]) -> str:
    return percent(Fraction(chance["fraction"]))


def roll_line(odds: dict[str, Any]) -> str:
    """``Chance to reach 7: 1 die 17 %, 2 dice 58 %, 3 dice 84 %`` (or the automatic failure)."""
    if not odds["dice"]:
        return t("stuffed_fables.odds.auto_fail", target=odds["target"]) + " " + why(odds["rule"])
    cells = [
        t(
            "stuffed_fables.odds.dice_one" if row["dice"] == 1 else "stuffed_fables.odds.dice_many",
            n=row["dice"],
            percent=_p(row),
        )
        for row in odds["by_dice"]
    ]
    return (
        t(
            "stuffed_fables.odds.table",
            target=odds["target"],
            table=", ".join(cells),
            fraction=odds["fraction"],
            n=odds["dice"],
        )
        + " "
        + why(odds["rule"])
    )


def defence_line(odds: dict[str, Any]) -> str:
    """The stored die's chance to avoid every damage and the expected stuffing lost."""
    text = t(
        "stuffed_fables.odds.defend",
        attack=odds["attack"],
        percent=_p(odds["avoid"]),
        fraction=odds["avoid"]["fraction"],
        expected=decimal(odds["expected_lost"]),
    )
    if "unconscious" in odds:
        text += " " + t("stuffed_fables.odds.defend_ko", percent=_p(odds["unconscious"]))
    return text + " " + why(odds["rule"])


def draw_lines(state: SfState, stuffie: str, odds: dict[str, Any]) -> list[str]:
    """Before the draw: the threat check's chance at the end of this turn, the expected colours."""
    key, chance = (
        ("stuffed_fables.odds.draw_monsters", odds["monster_turn"])
        if odds["monsters_in_play"]
        else ("stuffed_fables.odds.draw_surge", odds["surge"])
    )
    first = t(
        key,
        stuffie=stuffie,
        n=odds["count"],
        percent=_p(chance),
        fraction=chance["fraction"],
        track=odds["track"],
        monsters=odds["monsters_in_play"],
        stuffies=odds["stuffies"],
    )
    if odds["refill"]:
        first += " " + t("stuffed_fables.odds.draw_refill")
    expected = ", ".join(
        f"{decimal(v, 1)} {colour_name(state.colours, c)}" for c, v in odds["expected"].items()
    )
    return [
        first + " " + why(odds["rule"]),
        t("stuffed_fables.odds.draw_expected", dice=expected or "—") + " " + why("stuffed-fables/dice-bag"),
    ]


def print_lines(state: SfState, odds: dict[str, Any], out: Any) -> None:
    """Print :func:`lines` on the console ``out``."""
    for line in lines(state, odds):
        out.print(line)


def lines(state: SfState, odds: dict[str, Any]) -> list[str]:
    """Any chance computed by `odds.py`, as lines of text (rich markup: the dim rule card)."""
    if "monster_turn" in odds:
        return draw_lines(state, odds.get("stuffie") or "—", odds)
    if "avoid" in odds:
        return [defence_line(odds)]
    return [roll_line(odds)]
