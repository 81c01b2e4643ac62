"""The demo game's rules: pure functions over its model."""

from __future__ import annotations

from gm_assist.core.errors import GmError
from gm_assist.core.game import Outcome
from gm_assist.core.message import Message
from gm_assist.core.step import Step, step

from .model import Counter


def won(state: Counter) -> bool:
    """The game is won once the count reaches the target."""
    return state.target is not None and state.count >= state.target


def add(state: Counter, n: int) -> Outcome:
    """Add ``n`` points (never 0; a game already won takes no more). Reaching the target is an event
    for the table."""
    if n == 0:
        raise GmError("core.error.count_positive", value=n)
    if won(state):
        raise GmError("demo.error.over")
    after = state.model_copy(update={"count": state.count + n, "log": [*state.log, f"{n:+d}"]})
    reached = after.target if won(after) else None
    events = [Message(key="demo.event.won", params={"target": reached})] if reached is not None else []
    return Outcome(after, events)


def next_step(state: Counter) -> Step:
    """The step the rules call for: add points until the target, then the game is over."""
    if won(state):
        return step("won", "demo.next.won", count=state.count)
    if state.target is None:
        return step("add", "demo.next.add_on", [("add", "demo.choice.add")])
    return step("add", "demo.next.add", [("add", "demo.choice.add")], left=state.target - state.count)
