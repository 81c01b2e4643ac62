"""What the table view's pages are given: every UI string the page needs in both languages
(:func:`strings`), the per-game scripts and styles present (:func:`assets`, with the ``?v=`` stamp of
:func:`asset_version`) and what the ``/stats`` page shows (:func:`stats_context`). Plain data read
from the catalogs, the shipped files and the saved sessions; the routes that render them with the
templates are in :mod:`gm_assist.table.server`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
GAME_FILES = ("tmb", "insomnia", "stuffed-fables", "mice-and-mystics", "shy-monsters")


def strings() -> dict[str, dict[str, str]]:
    """Every UI string the page needs, in both languages: the ``table`` namespace, each game's
    ``<pkg>.table.*`` keys and the games' names (``core.games.*``)."""
    from gm_assist.core.i18n import LANGS, catalog
    from gm_assist.games import GAMES

    out: dict[str, dict[str, str]] = {}
    for language in LANGS:
        found = dict(catalog(language, "table"))
        found.update({k: v for k, v in catalog(language, "core").items() if k.startswith("core.games.")})
        for game in GAMES.values():
            prefix = f"{game.package}.table."
            found.update({k: v for k, v in catalog(language, game.package).items() if k.startswith(prefix)})
        out[language] = found
    return out


def asset_version(path: Path) -> str:
    """A short stamp of ``path`` (its modification time) for the ``?v=`` of its URL: a browser fetches
    the file again when it changed; "0" when it is missing."""
    try:
        return str(path.stat().st_mtime_ns)[-8:]
    except OSError:
        return "0"


def assets() -> dict[str, list[str]]:
    """The per-game renderers present (a game whose file is missing falls back to a generic view)."""
    games = HERE / "static" / "games"
    scripts: list[str] = []
    styles: list[str] = []
    for game in GAME_FILES:
        for ext, found in (("js", scripts), ("css", styles)):
            path = games / f"{game}.{ext}"
            if path.exists():
                found.append(f"/static/games/{game}.{ext}?v={asset_version(path)}")
    return {"scripts": scripts, "styles": styles}


def stats_context(language: str) -> dict[str, Any]:
    """What the ``/stats`` page shows, in ``language`` (read from the saved sessions, never written)."""
    from gm_assist.core import stats as core
    from gm_assist.core.i18n import t_in
    from gm_assist.table.charts import svg

    data = core.report(None, core.Filters())
    games = [
        {
            "id": b.game,
            "title": b.title,
            "counts": b.counts,
            "lines": b.lines,
            "charts": [{"title": c.title, "svg": svg(c)} for c in b.charts],
        }
        for b in core.blocks(data, language)
    ]
    other = "fr" if language == "en" else "en"
    return {
        "lang": language,
        "other": other,
        "title": t_in(language, "table.stats.title"),
        "back": t_in(language, "table.stats.back"),
        "switch": t_in(language, "table.page.language_hint"),
        "games": games,
        "skipped_title": t_in(language, "core.stats.skipped"),
        "skipped": [t_in(language, "core.stats.skipped_one", **s) for s in data["skipped"]],
    }
