"""What a Stuffed Fables session tells the statistics (``gm-assist stats``): a page of the storybook.

The storybook, not the app, says when a page is won or lost, so a session counts as still going;
its figures are counted all the same: stuffie turns, monster turns (activations), surges, stuffies
that went unconscious and encounters. Read from the journal's changes. Pure: no file is read here.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.stats import Chart, Played, Record, whole_session

GAME = "stuffed-fables"


def records(played: Played) -> list[Record]:
    """The page played in this session."""
    counts = {"monster_turns": 0, "surges": 0, "unconscious": 0, "encounters": 0}
    for step in played.steps:
        if step.action == "Activate":
            counts["monster_turns"] += 1
        elif step.action == "Surge":
            counts["surges"] += 1
        elif step.action == "Encounter":
            counts["encounters"] += 1
        was = {s.get("name"): s.get("unconscious") for s in step.before.get("stuffies", [])}
        counts["unconscious"] += sum(
            1 for s in step.after.get("stuffies", []) if s.get("unconscious") and not was.get(s.get("name"))
        )
    state = played.state
    return [
        whole_session(played, "ongoing", [s.name for s in state.stuffies], {"turns": state.turns, **counts})
    ]


def summary(records: list[Record]) -> dict[str, Any]:
    """Pages (sessions), stuffie turns, monster turns, surges, unconscious stuffies, encounters."""
    keys = ("turns", "monster_turns", "surges", "unconscious", "encounters")
    return {"pages": len(records), **{k: sum(r.figures[k] for r in records) for k in keys}}


def charts(summary: dict[str, Any], t: Any, language: str) -> list[Chart]:
    """Nothing to draw beyond the counts (they read better as numbers)."""
    return []


def lines(summary: dict[str, Any], t: Any, language: str) -> list[str]:
    """The figures in words (the storybook keeps the pages' outcomes: none is counted here)."""
    return [t("core.stats.sf.figures", **summary)]
