"""The `gm-assist tmb` typer app and what its command modules share (``cli.py``, ``cli_sheet.py``,
``tour.py`` and the battle commands join it; none of them imports another: no import circle)."""

from __future__ import annotations

from typing import Any

from gm_assist.core.output import emit, escape, event_text
from gm_assist.kit.app import game_app
from gm_assist.kit.envelope import envelope
from gm_assist.kit.lazy_cli import lazy_module

# Loaded when a command first uses them: `tmb queue` needs none of these.
actions = lazy_module(f"{__package__}.actions")
report = lazy_module(f"{__package__}.report")
rules = lazy_module(f"{__package__}.rules")
sheet = lazy_module(f"{__package__}.sheet")

app = game_app("tmb.help.app")


def finish(
    rec: Any, json_out: bool, extra: dict[str, Any] | None = None, lines: list[str] | None = None
) -> None:
    """Print what changed, the events the rules raised, the reminders due and the next step (or the
    JSON envelope, ``kit.envelope``, with the status keys the README lists and ``extra``)."""
    from .view import render_reminders

    state = rec.state
    data = envelope(rec, **(extra or {}), **report.status(state))

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)}")
        for line in (lines or []) + [event_text(e) for e in rec.events]:
            out.print(line)
        render_reminders(state, out)

    emit(data, text, json_out)
