"""What a Shy Monsters session tells the statistics (``gm-assist stats``): one game of three floors.

The hero plays against a Dungeon Master (a second player, or the app in solo at a difficulty). Read
from the saved state only: outcome, mode, difficulty, floor reached, and the monster the hero met
on the tile where it died. Pure: no file is read here (``gm_assist.core.stats`` reads).
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.stats import Chart, Played, Record, rate, tally, whole_session

from .model import COLOUR_OF

GAME = "shy-monsters"
OUTCOME = {"hero-won": "won", "hero-died": "lost", "playing": "ongoing"}


def _killer(state: Any) -> str | None:
    """The colour of the monster that killed the hero (on the tile where the hero stands)."""
    floor = state.floor
    if state.outcome != "hero-died" or floor.layout is None or floor.hero is None:
        return None
    return COLOUR_OF.get(floor.layout.at(floor.hero))


def records(played: Played) -> list[Record]:
    """The game of this session, from the hero's side: won (out of the third floor), lost (dead)
    or still going."""
    state = played.state
    mode = "solo" if state.mode == "solo" else "two-players"
    figures = {
        "mode": mode,
        "difficulty": state.difficulty if mode == "solo" else "",
        "floor_reached": state.floor.number,
        "floors_cleared": state.floors_cleared,
        "killed_by": _killer(state) or "",
    }
    return [whole_session(played, OUTCOME.get(state.outcome, "ongoing"), [], figures)]


def summary(records: list[Record]) -> dict[str, Any]:
    """The hero's results against the Dungeon Master: two players, and solo per difficulty; the
    floor reached in each finished game; deaths by monster colour."""
    two = [r for r in records if r.figures["mode"] == "two-players"]
    solo = [r for r in records if r.figures["mode"] == "solo"]
    floors: dict[str, int] = {}
    deaths: dict[str, int] = {}
    for r in records:
        if r.outcome == "ongoing":
            continue
        reached = str(r.figures["floor_reached"])
        floors[reached] = floors.get(reached, 0) + 1
        if r.figures["killed_by"]:
            deaths[r.figures["killed_by"]] = deaths.get(r.figures["killed_by"], 0) + 1
    return {
        "two_players": tally(two, lambda r: "hero").get("hero", {"played": 0, "won": 0, "lost": 0}),
        "solo_by_difficulty": tally(solo, lambda r: r.figures["difficulty"]),
        "floor_reached": dict(sorted(floors.items())),
        "deaths_by_colour": dict(sorted(deaths.items())),
    }


def charts(summary: dict[str, Any], t: Any, language: str) -> list[Chart]:
    """Deaths by monster colour, and the hero's wins in solo per difficulty."""
    out = []
    deaths = summary["deaths_by_colour"]
    if deaths:
        names = [t(f"shy_monsters.colour.{c}") for c in deaths]
        out.append(Chart(t("core.stats.chart.deaths_colour"), "bar", names, {"": list(deaths.values())}))
    solo = summary["solo_by_difficulty"]
    if solo:
        out.append(
            Chart(
                t("core.stats.chart.win_rate_difficulty"),
                "bar",
                list(solo),
                {"%": [rate(v["won"], v["played"]) for v in solo.values()]},
                unit="%",
                max=100,
            )
        )
    return out


def lines(summary: dict[str, Any], t: Any, language: str) -> list[str]:
    """The figures in words, after the shared "played/won/lost" line."""
    two = summary["two_players"]
    out = [t("core.stats.shy.two_players", won=two["won"], played=two["played"])]
    for level, v in summary["solo_by_difficulty"].items():
        out.append(t("core.stats.shy.solo", level=level, won=v["won"], played=v["played"]))
    if summary["floor_reached"]:
        parts = [t("core.stats.shy.floor", floor=k, n=v) for k, v in summary["floor_reached"].items()]
        out.append(t("core.stats.shy.floors", items=", ".join(parts)))
    if summary["deaths_by_colour"]:
        parts = [f"{t(f'shy_monsters.colour.{k}')} {v}" for k, v in summary["deaths_by_colour"].items()]
        out.append(t("core.stats.shy.deaths", items=", ".join(parts)))
    return out
