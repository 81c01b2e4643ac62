"""Errors the user sees: a message key, translated when printed, and an exit code.

``GmError`` is bad input or usage (exit 2); ``EnvError`` is the environment: a corrupt file, a lock
that could not be had (exit 1). ``Cancelled`` is a prompt left with Ctrl-C or Esc.
"""

from __future__ import annotations

from typing import Any


class GmError(Exception):
    """Bad input: the command refuses, prints the translated message, exits 2, saves nothing."""

    exit_code = 2

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self) -> str:
        """The message in the current language."""
        from gm_assist.core.i18n import t

        return t(self.key, **self.params)

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
