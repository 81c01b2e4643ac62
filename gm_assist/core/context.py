"""The global options of one invocation (``--session``, ``--lang``, ``--home``, ``--debug``).

The root CLI fills this once; the core reads it. Tests reset it between runs.
"""

from __future__ import annotations

import os
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


_ctx = Context()


def ctx() -> Context:
    """The options of the current invocation."""
    return _ctx


def reset(**values: Any) -> Context:
    """Start a fresh invocation context (used by the root CLI and by tests)."""
    global _ctx
    _ctx = Context(**values)
    return _ctx


def home_dir() -> Path:
    """Where gm-assist keeps its data: ``--home``, else ``$GM_ASSIST_HOME``, else the user data folder."""
    if _ctx.home is not None:
        return _ctx.home
    env = os.environ.get("GM_ASSIST_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("gm-assist", appauthor=False))
