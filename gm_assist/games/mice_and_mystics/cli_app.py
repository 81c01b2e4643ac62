"""The `gm-assist mice-and-mystics` typer app and what its command modules share (``cli.py``,
``cli_mouse.py``, ``cli_reference.py`` join it; none of them imports another: no import circle)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gm_assist.core.output import emit, escape
from gm_assist.kit.app import game_app
from gm_assist.kit.envelope import envelope
from gm_assist.kit.lazy_cli import lazy_module

from .model import GAME, MiceState

actions = lazy_module(f"{__package__}.actions")

NS = "mice_and_mystics"
app = game_app(f"{NS}.help.app")


def session_mode() -> bool:
    """True when a command should act on a session: ``--session`` given, or the current session is a
    Mice and Mystics one. Otherwise calculators answer without saving anything."""
    from gm_assist.core.context import ctx
    from gm_assist.core.index import current_game

    return bool(ctx().session) or current_game() == GAME


def load_state() -> tuple[Any, MiceState]:
    """The current (or ``--session``) Mice and Mystics session, read-only."""
    from gm_assist.core.session import load

    return load(GAME)


def record_action(action: Any) -> tuple[Any, list[Any]]:
    """Record an action on the session; returns the record and the events its rules raised."""
    from gm_assist.core.session import record

    rec = record(action)
    return rec, rec.events


def finish(
    rec: Any, events: list[Any], json_out: bool, extra: dict[str, Any] | None = None, after: Any = None
) -> None:
    """Print what was recorded, the events and the next step; or the JSON envelope
    (``kit.envelope``) with the command's ``extra`` keys, the status (``status``, what was ``state``
    before the envelope) and the events as they were listed before (``events_flat``)."""
    from .view import event_message, events_json, render_events, render_turn, summary

    heard = replace(rec, events=[event_message(e) for e in events])
    data = envelope(heard, **(extra or {}), status=summary(rec.state), events_flat=events_json(events))

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)}")
        render_events(events, out)
        if after is not None:
            after(out)
        else:
            render_turn(rec.state, out)

    emit(data, text, json_out)
