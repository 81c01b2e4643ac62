"""The registry of games. The root CLI mounts a game's commands only when they run (start-up).

The core never imports this package: it is handed over to ``gm_assist.core.registry`` at the end of
this module (and ``gm_assist/__init__.py`` imports it, so the core always finds it filled)."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.registry import set_registry


@dataclass(frozen=True)
class GameEntry:
    """A game: its id (= command name), Python package, aliases and i18n title key."""

    id: str
    package: str
    aliases: tuple[str, ...] = ()
    module_path: str = ""  # defaults to gm_assist.games.<package>; tests register a demo game elsewhere
    title: str = ""  # the i18n key of the game's name; defaults to core.games.<package>

    @property
    def base(self) -> str:
        """The game's Python package (``gm_assist.games.<package>`` unless registered elsewhere)."""
        return self.module_path or f"gm_assist.games.{self.package}"

    @property
    def title_key(self) -> str:
        return self.title or f"core.games.{self.package}"


GAMES: dict[str, GameEntry] = {
    "tmb": GameEntry("tmb", "tmb", ("too-many-bones",)),
    "stuffed-fables": GameEntry("stuffed-fables", "stuffed_fables", ("peluches",)),
    "mice-and-mystics": GameEntry("mice-and-mystics", "mice_and_mystics", ("souris",)),
    "shy-monsters": GameEntry("shy-monsters", "shy_monsters", ()),
    "insomnia": GameEntry("insomnia", "insomnia", ("sheepy-time",)),
}


def entry(game_id: str) -> GameEntry:
    """The registry entry of a game id or alias."""
    for game in GAMES.values():
        if game_id == game.id or game_id in game.aliases:
            return game
    raise GmError("core.error.unknown_game", game=game_id, known=", ".join(GAMES))


def module(game_id: str, part: str = "") -> ModuleType:
    """Import a game's package or one of its modules (``cli``, ``flow``…)."""
    return importlib.import_module(entry(game_id).base + (f".{part}" if part else ""))


def get_spec(game_id: str) -> Any:
    """The ``GameSpec`` of a game (``<package>.spec.SPEC``)."""
    return module(game_id, "spec").SPEC


def title(game_id: str) -> str:
    """The game's name in the current language."""
    from gm_assist.core.i18n import t

    try:
        return t(entry(game_id).title_key)
    except GmError:
        return game_id


def available() -> list[GameEntry]:
    """The games whose package is present (all of them in a complete install)."""
    import importlib.util

    return [g for g in GAMES.values() if importlib.util.find_spec(g.base)]


def view_of(game_id: str, state: Any) -> dict[str, Any] | None:
    """The game's view model for the table view and ``show --json`` (``<package>.view.table_view``,
    issue 16), or None while the game has none."""
    name = f"{entry(game_id).base}.view"
    try:
        view_module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    table_view = getattr(view_module, "table_view", None)
    return table_view(state) if table_view is not None else None


set_registry(sys.modules[__name__])  # the core reads GAMES, get_spec, module and title through it
