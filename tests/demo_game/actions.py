"""The demo game's journaled changes: each calls its rule."""

from __future__ import annotations

from typing import Any, ClassVar

from gm_assist.core.game import Action, Outcome

from . import rules
from .model import Counter


class Add(Action):
    game: ClassVar[str] = "demo"
    n: int

    def resolve(self, state: Counter) -> Outcome:
        return rules.add(state, self.n)

    def apply(self, state: Counter) -> Counter:
        return self.resolve(state).state

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("demo.action.add", {"n": self.n})
