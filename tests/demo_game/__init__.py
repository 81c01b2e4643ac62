"""The demo game: a sixth game built only with the public kit (docs/FOUNDATION.md, "Adding a game").

*Tally*: the table adds points until the count reaches the target (10 unless told). It has every
file a game has — ``model.py``, ``rules.py``, ``actions.py``, ``view.py``, ``cli.py``, ``flow.py``,
``spec.py`` — and its strings in ``i18n/<lang>/demo.toml``. The foundation's tests use it; the
``demo_game`` fixture (tests/conftest.py) registers it as the game ``demo``.
"""

from __future__ import annotations

from pathlib import Path

from gm_assist.core.i18n import add_catalogs

from .actions import Add
from .model import Counter

add_catalogs("demo", Path(__file__).parent / "i18n")

__all__ = ["Add", "Counter"]
