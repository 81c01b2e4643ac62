"""Stuffed Fables odds: exact chances before a roll, from the dice the session tracks.

Pure functions over the state (no I/O); every result names the rule card it follows (`rule`).
The mathematics is `gm_assist.core.odds` (icepool): sums of d6, and draws without replacement
from the bag (hypergeometric), refilled from the discard when the bag runs out (« Piocher des
dés »). Chances are exact fractions; `core.odds.chance` gives their JSON shape.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gm_assist.core import odds as math

from . import bag
from .model import SfState, Stuffie

#: the action -> (the colours' use in dice.toml, its rule card)
ACTIONS = {
    "test": ("wild_test", "stuffed-fables/skill-test"),
    "search": ("search", "stuffed-fables/search"),
    "melee": ("melee", "stuffed-fables/attack-melee"),
    "ranged": ("ranged", "stuffed-fables/attack-ranged"),
    "group": ("move", "stuffed-fables/group-task"),
}


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def roll_chances(dice: int, target: int, rule: str) -> dict[str, Any]:
    """The chance that 1, 2, … ``dice`` d6 reach ``target`` (a roll with no die fails: « échec
    automatique »), and the chance with every die. ``{"rule", "target", "dice", "probability",
    "fraction", "by_dice": [{"dice", "probability", "fraction"}]}``."""
    by_dice = [{"dice": k, **math.chance(math.at_least(k, target))} for k in range(1, dice + 1)]
    return {
        "rule": rule,
        "target": target,
        "dice": dice,
        **math.chance(math.at_least(dice, target)),
        "by_dice": by_dice,
    }


def usable(state: SfState, stuffie: Stuffie | None, colours: list[str]) -> int:
    """How many dice of these colours the stuffie could roll now: its hand and its stored dice."""
    hand = sum(state.hand.get(c, 0) for c in colours)
    stored = sum(1 for s in (stuffie.slots if stuffie else []) if s.die in colours)
    return hand + stored


def action_chances(
    state: SfState, action: str, target: int, colour: str | None = None, dice: int | None = None
) -> dict[str, Any]:
    """Before a skill test (``colour`` asked, plus the wild colours), a search, a melee or ranged
    attack (``target`` = the monster's defense) or a group task (``target`` = what is still
    missing): the chance the stuffie's usable dice (or ``dice`` of them) reach the target."""
    use, rule = ACTIONS[action]
    colours = bag.with_use(state.colours, use)
    if action == "test" and colour:
        colours = [colour, *[c for c in colours if c != colour]]
    if action == "group" and state.group_task:
        target = max(0, state.group_task.target - state.group_task.total)
    stuffie = next((s for s in state.stuffies if s.name == state.current), None)
    n = usable(state, stuffie, colours) if dice is None else dice
    return {"action": action, **roll_chances(n, target, rule)}


def recovery_chances(white: int, value: int) -> dict[str, Any]:
    """« Remboursement »: the chance that the white dice reach the stuffie's stuffing value."""
    return {"action": "recover", **roll_chances(white, value, "stuffed-fables/stuffing-recovery")}


def defence_chances(attack: int, stuffing: int | None = None) -> dict[str, Any]:
    """A monster attack against a stuffie with a stored die (« Défense »): the die avoids every
    damage when it rolls ≥ the attack, else attack − roll stuffing is lost. The chance to avoid
    all damage, the expected stuffing lost (with and without the die) and, given the stuffie's
    stuffing, the chance to fall unconscious with the die."""
    d6 = math.distribution(math.sum_d6(1))
    lost: dict[int, Fraction] = {}
    for roll, p in d6.items():
        k = max(0, attack - roll)
        lost[k] = lost.get(k, Fraction(0)) + p
    expected = math.mean(lost)
    out: dict[str, Any] = {
        "rule": "stuffed-fables/defense",
        "attack": attack,
        "avoid": math.chance(lost.get(0, Fraction(0))),
        "expected_lost": float(expected),
        "expected_lost_fraction": _frac(expected),
        "lost_without_die": attack,
        "lost": {str(k): math.chance(p) for k, p in sorted(lost.items())},
    }
    if stuffing is not None:
        ko = sum((p for k, p in lost.items() if k >= stuffing), Fraction(0))
        out["unconscious"] = math.chance(ko)
    return out


def black_drawn(state: SfState, count: int) -> dict[int, Fraction]:
    """``{k: chance}`` of drawing ``k`` black dice when drawing ``count`` dice now: without
    replacement from the bag; when it runs out, the discard goes back into the bag and the draw
    goes on (« Piocher des dés »)."""
    black = bag.with_use(state.colours, "threat")
    in_bag = bag.pool_size(state.bag)
    black_bag = sum(state.bag.get(c, 0) for c in black)
    if count <= in_bag:
        return math.hypergeometric(black_bag, in_bag, count)
    rest = min(count - in_bag, bag.pool_size(state.discard))
    black_discard = sum(state.discard.get(c, 0) for c in black)
    tail = math.hypergeometric(black_discard, bag.pool_size(state.discard), rest)
    return {black_bag + k: p for k, p in tail.items()}


def expected_colours(state: SfState, count: int) -> dict[str, Fraction]:
    """The expected number of dice of each colour among ``count`` drawn (same draw as above)."""
    in_bag = bag.pool_size(state.bag)
    out: dict[str, Fraction] = {}
    for c in (c.id for c in state.colours):
        if count <= in_bag:
            value = Fraction(count * state.bag.get(c, 0), in_bag) if in_bag else Fraction(0)
        else:
            rest = min(count - in_bag, bag.pool_size(state.discard))
            size = bag.pool_size(state.discard)
            value = Fraction(state.bag.get(c, 0))
            if size:
                value += Fraction(rest * state.discard.get(c, 0), size)
        if value:
            out[c] = value
    return out


def draw_chances(state: SfState, count: int = 5) -> dict[str, Any]:
    """Before a stuffie draws ``count`` dice: the chance that the threat check at the end of this
    turn brings a monster turn (monsters in play, black dice on the track ≥ monsters) or a surge
    (no monster, black dice ≥ stuffies), with the monsters in play now and the black dice already
    on the track or in hand (« Fin du tour d'une peluche »); the expected dice of each colour."""
    from .rules import threat_check

    drawn = black_drawn(state, count)
    monsters, stuffies = len(state.monsters), len(state.stuffies)
    # black dice already drawn this turn and still in hand go on the track before the check
    track = state.track + sum(state.hand.get(c, 0) for c in bag.with_use(state.colours, "threat"))
    outcome = {"monsters": Fraction(0), "surge": Fraction(0), "none": Fraction(0)}
    for k, p in drawn.items():
        outcome[threat_check(track + k, monsters, stuffies).outcome] += p
    expected = expected_colours(state, count)
    return {
        "rule": "stuffed-fables/threat-check",
        "count": count,
        "track": track,
        "monsters_in_play": monsters,
        "stuffies": stuffies,
        "refill": count > bag.pool_size(state.bag),
        "monster_turn": math.chance(outcome["monsters"]),
        "surge": math.chance(outcome["surge"]),
        "nothing": math.chance(outcome["none"]),
        "black": {str(k): math.chance(p) for k, p in sorted(drawn.items())},
        "expected": {c: float(v) for c, v in expected.items()},
        "expected_fractions": {c: _frac(v) for c, v in expected.items()},
    }
