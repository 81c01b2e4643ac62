"""A tiny built-in example game used by the foundation's tests: a counter with a log."""

from __future__ import annotations

from typing import Any, ClassVar

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model
from gm_assist.core.session import Action


class Counter(Model):
    count: int = 0
    log: list[str] = []


class Add(Action):
    game: ClassVar[str] = "demo"
    n: int

    def apply(self, state: Counter) -> Counter:
        if self.n == 0:
            raise GmError("core.error.count_positive", value=self.n)
        return state.model_copy(update={"count": state.count + self.n, "log": [*state.log, f"+{self.n}"]})

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("core.action.created", {})


def _migrate(raw: dict[str, Any], version: int) -> dict[str, Any]:
    # version 1 stored the counter as "value"
    raw = dict(raw)
    raw["count"] = raw.pop("value", 0)
    return raw
