"""A message for the table kept as data: an i18n key and its values, translated only when shown,
so a saved game speaks whatever language the table uses when it looks at it."""

from __future__ import annotations

from pydantic import Field

from gm_assist.core.model import Model

Params = dict[str, str | int | dict[str, str]]
"""The values of a message (a ``dict`` param holds a text per language: ``{"en": …, "fr": …}``)."""


class Message(Model):
    """An i18n ``key`` (often relative to a game's namespace) and the ``params`` that fill it."""

    key: str
    params: Params = Field(default_factory=dict)
    rule: str | None = None  # the rule card behind it (``tmb/effect-dice``), shown after the text
