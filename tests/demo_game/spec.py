"""The demo game's ``GameSpec`` (``spec.py``, as in every game)."""

from __future__ import annotations

from gm_assist.core.session import GameSpec

from . import Counter, _migrate

SPEC = GameSpec(
    id="demo",
    state_model=Counter,
    schema_version=2,
    migrate=_migrate,
    summary=lambda s: {"count": s.count},
    render=lambda s, out: out.print(f"count={s.count}"),
)
