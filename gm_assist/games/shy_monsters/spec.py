"""How the session system knows this game: its state model, schema version and views.

Kept apart from the package's ``__init__`` so that a command that needs no saved session (a
calculator) does not import the session machinery (start-up, bench/startup.py).
"""

from __future__ import annotations

from gm_assist.core.session import GameSpec, lazy

from .model import ShyState

SPEC = GameSpec(
    id="shy-monsters",
    state_model=ShyState,
    schema_version=1,
    migrate=None,
    summary=lazy(f"{__package__}.view:summary"),
    render=lazy(f"{__package__}.view:render"),
    public_state=lazy(f"{__package__}.view:public_json"),
)
