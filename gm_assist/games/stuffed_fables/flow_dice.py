"""Stuffed Fables guided mode: choosing dice. The dice an action may take are offered from the
acting stuffie's hand and stored dice (ticked from a list, never typed), the rule's own colours
proposed (`turn.proposed_colours`); then one roll per die, in the order of the list.
No rules here: what is usable comes from `turn.py`."""

from __future__ import annotations

from typing import Any

from gm_assist.core import prompts
from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t

from . import bag, rules, turn
from .model import SfState
from .parse import ints
from .view import colour_name, slot_name


def ask_rolls(dice: list[str], state: SfState) -> list[int]:
    """One roll per die, in the order the dice are named (hand first, then stored)."""
    n = len(dice)

    def _check(value: str) -> str | None:
        try:
            found = ints(value)
            rules.check_rolls(found)
        except GmError as exc:
            return exc.message()
        return None if len(found) == n else t("stuffed_fables.error.rolls_mismatch", dice=n, rolls=len(found))

    names = ", ".join(colour_name(state.colours, c) for c in dice)
    return ints(prompts.text(t("stuffed_fables.flow.rolls_of", n=n, dice=names), validate=_check))


def require_usable(
    state: SfState, action: str, asked: str | None = None
) -> tuple[list[str], list[tuple[str, str]]]:
    """The usable dice of an action (`turn.usable_dice`); refused, before anything is asked, when
    there is none."""
    hand, stored = turn.usable_dice(state, action, asked)
    if not hand and not stored:
        raise GmError("stuffed_fables.error.no_usable_die", action=t(f"stuffed_fables.use_for.{action}"))
    return hand, stored


def pick_dice(state: SfState, action: str, asked: str | None = None) -> dict[str, Any]:
    """The dice of an action: one list of the hand's dice and the stored dice it may take, the
    rule's own colours ticked (the colour asked by a test, orange for melee…; nothing for a move),
    then one roll each. Returns the action's fields ``dice``, ``stored`` and ``rolls``."""
    hand, stored = require_usable(state, action, asked)
    what = t(f"stuffed_fables.use_for.{action}")
    proposed = set(turn.proposed_colours(state, action, asked))
    choices: list[tuple[Any, str]] = [
        (("hand", i), t("stuffed_fables.flow.in_hand", colour=colour_name(state.colours, c)))
        for i, c in enumerate(hand)
    ]
    brave = {s.name for s in turn.acting(state).slots if s.brave}
    choices += [
        (
            ("slot", slot),
            t(
                "stuffed_fables.flow.in_slot",
                colour=colour_name(state.colours, die),
                slot=slot_name(slot) + (" ★" if slot in brave else ""),
            ),
        )
        for slot, die in stored
    ]
    ticked = [("hand", i) for i, c in enumerate(hand) if c in proposed]
    picked = prompts.checkbox(
        t("stuffed_fables.flow.pick_dice", action=what),
        choices,
        default=ticked,
        validate=lambda values: None if values else t("stuffed_fables.flow.tick_one"),
    )
    dice = [hand[i] for kind, i in picked if kind == "hand"]
    slots = [name for kind, name in picked if kind == "slot"]
    colours = dice + [die for slot, die in stored if slot in slots]
    return {"dice": dice, "stored": slots, "rolls": ask_rolls(colours, state)}


def pick_colour(state: SfState, key: str, colours: list[str], **params: Any) -> str:
    """One colour of the hand, from a list (the first proposed); refused when the hand has none."""
    present = [c for c in colours if state.hand.get(c)]
    if not present:
        raise GmError("stuffed_fables.error.no_such_die", stuffie=state.current or "—")
    return prompts.select(
        t(key, **params), [(c, bag.display(state.colours, c)) for c in present], default=present[0]
    )


def pick_test_colour(state: SfState) -> str:
    """The colour a skill test asks for, from the colours a page may ask, each with how many of its
    dice the hand holds (and the stuffie keeps stored); a colour the stuffie holds is proposed."""
    colours = turn.test_colours(state)
    stored = [s.die for s in turn.acting(state).slots if s.die]
    held = [c for c in colours if state.hand.get(c) or c in stored]

    def _label(c: str) -> str:
        name, n, kept = bag.display(state.colours, c), state.hand.get(c, 0), stored.count(c)
        if kept:
            return t("stuffed_fables.flow.colour_held_stored", colour=name, n=n, stored=kept)
        return t("stuffed_fables.flow.colour_held", colour=name, n=n)

    return prompts.select(
        t("stuffed_fables.flow.test_colour"),
        [(c, _label(c)) for c in colours],
        default=held[0] if held else colours[0],
        rules=("stuffed-fables/skill-test",),
    )
