"""The game registry as the core sees it: handed over, never imported (the core is a leaf, issue 13).

The core needs a few facts about the games (the ids a saved session may name, a game's ``GameSpec``,
its title, one of its modules) but may not import ``gm_assist.games``. That package calls
:func:`set_registry` with itself when it is imported, and ``gm_assist/__init__.py`` imports it, so any
process that loads a part of gm-assist has the registry filled before the core asks (the command
line imports the registry anyway to mount the games: this costs nothing at start-up). The registry
is kept as an object, not copied: a test that adds a game to ``GAMES`` (the demo game) is seen.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol


class Registry(Protocol):
    """What the core reads from the registry (``gm_assist.games`` is one)."""

    GAMES: dict[str, Any]

    def get_spec(self, game_id: str) -> Any: ...

    def module(self, game_id: str, part: str = "") -> ModuleType: ...

    def title(self, game_id: str) -> str: ...


_registry: Registry | None = None


def set_registry(registry: Registry) -> None:
    """Hand the game registry to the core (``gm_assist.games`` does, when it is imported)."""
    global _registry
    _registry = registry


def registry() -> Registry:
    """The registry handed to the core."""
    if _registry is None:  # pragma: no cover - gm_assist/__init__.py imports the registry
        raise RuntimeError("no game registry: gm_assist.games was not imported")
    return _registry


def games() -> dict[str, Any]:
    """Every registered game by id (``GameEntry``: ``id``, ``title_key``, ``module_path``…)."""
    return registry().GAMES


def get_spec(game_id: str) -> Any:
    """The ``GameSpec`` of a game."""
    return registry().get_spec(game_id)


def module(game_id: str, part: str = "") -> ModuleType:
    """A game's package or one of its modules (``stats``, ``view``…)."""
    return registry().module(game_id, part)


def title(game_id: str) -> str:
    """The game's name in the current language."""
    return registry().title(game_id)
