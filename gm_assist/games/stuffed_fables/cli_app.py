"""The `gm-assist stuffed-fables` typer app and what its command modules share (``cli.py``,
``cli_turn.py``, ``cli_odds.py`` join it; none of them imports another: no import circle)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from gm_assist.core.i18n import t
from gm_assist.core.output import emit
from gm_assist.kit.app import game_app
from gm_assist.kit.lazy_cli import lazy_module

from .parse import colours_of, ints, load_state, opt
from .turn import next_step
from .view import summary

if TYPE_CHECKING:
    from .actions import SfAction

actions = lazy_module(f"{__package__}.actions")

GAME = "stuffed-fables"
app = game_app("stuffed_fables.help.app")

DiceOpt = Annotated[str | None, opt("--dice", key="dice")]
StoredOpt = Annotated[str | None, opt("--stored", key="stored")]
RollsOpt = Annotated[str | None, opt("--rolls", key="rolls")]


def _run(
    action: SfAction,
    json_out: bool,
    text: Callable[[Any, dict, Any], None],
    chances: Callable[[Any], dict | None] | None = None,
    say_chances: bool = True,
) -> None:
    """Record the action, then show what it did (its ``Outcome``: nothing runs the rules again).
    ``chances(state before)``: the exact chance the roll had before it was made (key `odds`).

    ``--json``: the envelope (``session``, ``label``, ``events``, ``next``, ``state``) with the
    command's own keys and ``status`` (the summary) beside it."""
    from dataclasses import replace

    from gm_assist.core.output import event_text
    from gm_assist.core.session import record
    from gm_assist.kit.envelope import envelope

    rec = record(action)
    info, events = actions.told(rec.events)
    rec = replace(rec, events=events)
    odds = chances(rec.before) if chances else None

    def _text(out: Any) -> None:
        if odds is not None and say_chances:
            from .odds_view import lines

            for line in lines(rec.before, odds):
                out.print(line)
        for event in rec.events:
            out.print(event_text(event))
        text(out, info, rec.state)
        out.print(t("stuffed_fables.status.next", hint=next_step(rec.state).text()), markup=False)

    if not json_out:
        emit(None, _text, json_out)
        return
    own = {**info, "status": summary(rec.state)}
    if odds is not None:
        own["odds"] = odds
    emit(envelope(rec, **own), _text, json_out)


def _dice_args(dice: str | None, stored: str | None, rolls: str | None) -> dict:
    state = load_state()
    return {
        "dice": colours_of(state, dice) if dice else [],
        "stored": [s for s in (stored or "").replace(",", " ").split() if s],
        "rolls": ints(rolls),
    }


def _action_chances(action: str, target: int | None, args: dict, colour: str | None = None) -> Callable:
    """The chance the dice given for an action had, before they were rolled (`odds.py`)."""

    def _chances(before: Any) -> dict | None:
        from . import odds

        if target is None and action != "group":
            return None
        n = len(args["dice"]) + len(args["stored"])
        return odds.action_chances(before, action, target or 0, colour, dice=n)

    return _chances


def _nothing_more(out: Any, info: dict, new: Any) -> None:
    """For a command whose whole result the action tells as events (checks, attacks)."""
