"""Errors the user sees: a message key, translated when printed, and an exit code.

``GmError`` is bad input or usage (exit 2); ``EnvError`` is the environment: a corrupt file, a lock
that could not be had (exit 1). ``Cancelled`` is a prompt left with Ctrl-C or Esc.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_translate: Callable[..., str] | None = None


def set_translator(translate: Callable[..., str]) -> None:
    """Hand over the translator the messages are read with (``core.i18n.t``). The errors are the
    bottom layer, below the catalogs and settings the translator reads (which raise them), so the
    translator is handed down: ``core.i18n`` does it when it loads, and ``gm_assist/__init__.py``
    loads it, so every process that loads any part of gm-assist has it before a message is read."""
    global _translate
    _translate = translate


class GmError(Exception):
    """Bad input: the command refuses, prints the translated message, exits 2, saves nothing."""

    exit_code = 2

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self) -> str:
        """The message in the current language (the key itself if no translator was handed, as
        ``core.i18n.t`` says a key it does not know)."""
        return _translate(self.key, **self.params) if _translate is not None else self.key

    def __str__(self) -> str:  # pragma: no cover - used in logs and --debug tracebacks
        try:
            return self.message()
        except Exception:
            return f"{self.key} {self.params}"


class EnvError(GmError):
    """The environment failed (corrupt file, lock timeout, unwritable folder): exit 1."""

    exit_code = 1


class Cancelled(Exception):
    """The user left a prompt (Ctrl-C or Esc)."""
