"""Where the rule cards are, and which games have them: no pydantic here, so that `rules search`
(which reads the cached index) starts as fast as the other direct commands."""

from __future__ import annotations

from pathlib import Path

from gm_assist.core.errors import GmError


def rules_dir() -> Path:
    from gm_assist.core.data import data_dir

    return data_dir() / "rules"


def card_files() -> list[Path]:
    """Every card file, sorted (files starting with ``_`` are per-game tables, not cards)."""
    return sorted(p for p in rules_dir().glob("*/*.md") if not p.name.startswith("_"))


def asked_files() -> list[Path]:
    """The games' tables of what players asked (``<game>/_asked.toml``, `cards.players_questions`)."""
    return sorted(rules_dir().glob("*/_asked.toml"))


def games() -> list[str]:
    """The games that have rule cards."""
    return sorted(p.name for p in rules_dir().iterdir() if p.is_dir())


def check_game(game: str | None) -> str | None:
    """Validate a ``--game`` value (game id or alias) against the games that have cards."""
    if game is None:
        return None
    from gm_assist.core.names import fold
    from gm_assist.games import GAMES

    wanted = fold(game)
    for g in GAMES.values():
        if wanted in {fold(g.id), fold(g.package), *map(fold, g.aliases)}:
            return g.id
    raise GmError("rules.error.unknown_game", game=game, known=", ".join(games()))


def session_game() -> str | None:
    """The game of the current session (or of ``--session``), if any: its cards rank first."""
    from gm_assist.core.index import current_game

    try:
        return current_game()
    except (GmError, OSError):
        return None  # a broken or unreadable index only loses the ranking, never the search
