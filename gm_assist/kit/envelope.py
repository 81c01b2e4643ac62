"""The one JSON document a state-changing command prints with ``--json`` (issue 13):

``{session, label, events: [{key, text, card, params, rule}], next: {key, text, choices}, state}``
plus the command's own keys. ``state`` is what ``show --json`` prints as ``state`` (the public
state for a game with hidden information, never more); ``next`` is the game's ``next_step`` (null
for a game without one); ``events`` are the rules' events of this change (``Recorded.events``),
each naming the rule card behind it (``card``; ``rule`` is the same, kept for older scripts).
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.i18n import t

ENVELOPE_KEYS = ("session", "label", "events", "next", "state")
"""The keys every state-changing command's JSON carries (tests pin them per game)."""


def event_json(event: Any) -> dict[str, Any]:
    """One event (``core.message.Message``) for ``--json``."""
    return {
        "key": event.key,
        "text": t(event.key, **event.params),
        "card": event.rule,
        "params": event.params,
        "rule": event.rule,
    }


def shown_state(game: str, state: Any) -> Any:
    """What ``show --json`` prints as ``state``: the public state of a game with hidden information
    (Shy Monsters' floor), the full state otherwise."""
    from gm_assist.games import get_spec

    spec = get_spec(game)
    return spec.public_state(state) if spec.public_state else state.model_dump(mode="json")


def next_json(game: str, state: Any) -> dict[str, Any] | None:
    """``{key, text, choices}`` of the step the game's rules call for now (null without one)."""
    from gm_assist.games import get_spec

    spec = get_spec(game)
    return spec.next_step(state).as_json() if spec.next_step else None


def envelope(rec: Any, **own: Any) -> dict[str, Any]:
    """The JSON of a recorded change (``core.session.Recorded``) with the command's ``own`` keys.

    The envelope's keys come last, so a command cannot shadow them by accident; a command whose
    older documented key has the same name must rename its own (and say so in the README)."""
    clash = set(own) & set(ENVELOPE_KEYS)
    if clash:
        raise ValueError(f"keys reserved by the JSON envelope: {sorted(clash)}")
    return {
        **own,
        "session": rec.session.name,
        "label": rec.label,
        "events": [event_json(e) for e in rec.events],
        "next": next_json(rec.session.game, rec.state),
        "state": shown_state(rec.session.game, rec.state),
    }


def print_change(
    rec: Any,
    json_out: bool,
    lines: list[str] | tuple[str, ...] = (),
    render: Any = None,
    **own: Any,
) -> None:
    """Print a recorded change the one way: with ``--json`` its envelope (and ``own`` keys); as
    text ``✓ <label>``, the rules' events (each with its card), the command's own ``lines``, what
    ``render(console)`` draws (a status panel), then the next step the rules call for."""
    from gm_assist.core.output import emit, escape, event_text
    from gm_assist.games import get_spec

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)}")
        for event in rec.events:
            out.print(event_text(event))
        for line in lines:
            out.print(line)
        if render is not None:
            render(out)
        spec = get_spec(rec.session.game)
        if spec.next_step is not None:
            out.print(escape(spec.next_step(rec.state).text()))

    emit(envelope(rec, **own), text, json_out)
