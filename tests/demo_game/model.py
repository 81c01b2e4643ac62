"""The demo game's state."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

TARGET = 10
"""The count a game of Tally is played to, unless the table chooses another (a counter made
without a target, as the foundation's tests make it, counts on for ever)."""


class Counter(BaseModel):
    model_config = ConfigDict(defer_build=True)
    count: int = 0
    target: int | None = Field(default=None, ge=1)
    log: list[str] = []
