"""The demo game's state."""

from __future__ import annotations

from pydantic import Field

from gm_assist.core.model import Model

TARGET = 10
"""The count a game of Tally is played to, unless the table chooses another (a counter made
without a target, as the foundation's tests make it, counts on for ever)."""


class Counter(Model):
    count: int = 0
    target: int | None = Field(default=None, ge=1)
    log: list[str] = []
