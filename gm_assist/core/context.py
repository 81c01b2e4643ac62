"""The global options of one invocation (``--session``, ``--lang``, ``--home``, ``--debug``).

The root CLI fills this once; the core reads it. Tests reset it between runs. A thread that runs a
guided procedure for a screen of its own (a phone at the table, issue 33) works in a context of its own
(:func:`use_context`): its language, its current session and what its menus drew are its own.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Context:
    session: str | None = None
    lang: str | None = None
    home: Path | None = None
    debug: bool = False
    guided: bool = False  # the guided mode (menus) is running: hints name menu entries, not commands
    seen: dict = field(default_factory=dict)  # guided mode: session id -> journal position last drawn
    surface: str = "terminal"  # where the guided mode is answered: "terminal", "page" (a phone), "script"


_ctx = Context()
_own: ContextVar[Context | None] = ContextVar("gm_assist_context", default=None)


def ctx() -> Context:
    """The options of the current invocation (or of the thread's own procedure, see use_context)."""
    return _own.get() or _ctx


def use_context(context: Context) -> None:
    """Give the calling thread (and what it copies its context to) options of its own: a phone's
    guided procedure keeps its language and current session without touching the process's."""
    _own.set(context)


def reset(**values: Any) -> Context:
    """Start a fresh invocation context (used by the root CLI and by tests)."""
    global _ctx
    fresh = Context(**values)
    if _own.get() is not None:  # a thread with options of its own keeps them its own
        _own.set(fresh)
    else:
        _ctx = fresh
    return fresh


def home_dir() -> Path:
    """Where gm-assist keeps its data: ``--home``, else ``$GM_ASSIST_HOME``, else the user data folder."""
    if _ctx.home is not None:
        return _ctx.home
    env = os.environ.get("GM_ASSIST_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("gm-assist", appauthor=False))
