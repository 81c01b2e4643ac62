"""A message for the table kept as data: an i18n key and its values, translated only when shown,
so a saved game speaks whatever language the table uses when it looks at it."""

from __future__ import annotations

from pydantic import Field

from gm_assist.core.model import Model


class Message(Model):
    """An i18n ``key`` (often relative to a game's namespace) and the ``params`` that fill it."""

    key: str
    params: dict[str, str | int | dict[str, str]] = Field(default_factory=dict)  # dict: {"en", "fr"}
    rule: str | None = None  # the rule card behind it (``tmb/effect-dice``), shown after the text
