"""The step the rules call for next: one answer per game, rendered by every front-end.

Each game's rules layer declares ``next_step(state) -> Step`` (wired as ``GameSpec.next_step``).
The guided menu puts that step first, the CLI prints it as its "Next:" line and ``--json`` as
``next: {key, text, choices}``; no front-end works the next step out again.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from gm_assist.core.message import Message
from gm_assist.core.model import Model


class Choice(Model):
    """One way the table may take the step: a stable ``key`` (a token scripts may rely on) and what
    to call it (``message``, translated only when shown)."""

    model_config = ConfigDict(frozen=True)
    key: str
    message: Message


class Step(Model):
    """What to do next: a stable ``key`` (``draw``, ``encounter``, ``game_over``…), the sentence
    for the table (``message``) and the ``choices`` the rules leave to the table (may be empty)."""

    model_config = ConfigDict(frozen=True)
    key: str
    message: Message
    choices: list[Choice] = Field(default_factory=list)

    def text(self) -> str:
        """The step in the current language."""
        from gm_assist.core.i18n import t

        return t(self.message.key, **self.message.params)

    def as_json(self) -> dict[str, Any]:
        """``{key, text, choices: [{key, text}]}`` — the ``next`` of the JSON envelope."""
        from gm_assist.core.i18n import t

        return {
            "key": self.key,
            "text": self.text(),
            "choices": [{"key": c.key, "text": t(c.message.key, **c.message.params)} for c in self.choices],
        }


def step(key: str, text_key: str, choices: list[tuple[str, str]] | None = None, **params: Any) -> Step:
    """Shorthand for a game's ``next_step``: ``step("draw", "sf.next.draw", name="Lumpy")``;
    ``choices`` are ``(key, text_key)`` pairs filled with the same params."""
    return Step(
        key=key,
        message=Message(key=text_key, params=params),
        choices=[Choice(key=k, message=Message(key=tk, params=params)) for k, tk in choices or []],
    )
