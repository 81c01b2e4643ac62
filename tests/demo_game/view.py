"""The demo game's screen."""

from __future__ import annotations

from typing import Any

from gm_assist.core.i18n import t

from .model import Counter


def render_status(state: Counter, out: Any) -> None:
    out.print(t("demo.status", count=state.count, target=state.target or "∞"), markup=False)


def summary(state: Counter) -> dict[str, Any]:
    return {"count": state.count}
