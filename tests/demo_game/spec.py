"""The demo game's ``GameSpec`` (``spec.py``, as in every game)."""

from __future__ import annotations

from typing import Any

from gm_assist.core.game import GameSpec

from . import rules, view
from .model import Counter


def _migrate(raw: dict[str, Any], version: int) -> dict[str, Any]:
    # version 1 stored the counter as "value"
    raw = dict(raw)
    raw["count"] = raw.pop("value", 0)
    return raw


SPEC = GameSpec(
    id="demo",
    state_model=Counter,
    schema_version=2,
    migrate=_migrate,
    summary=view.summary,
    render=view.render_status,
    next_step=rules.next_step,
)
