"""What a Mice and Mystics session tells the statistics (``gm-assist stats``): its chapters.

A campaign session plays chapter after chapter: each chapter is one game, won when the table ended
it (``end-chapter``) before the hourglass reached the End marker, lost when it did (the cheese
wheel's end), still going otherwise. Read from the journal's changes. Pure: no file is read here.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.stats import Chart, Played, Record

GAME = "mice-and-mystics"


def _lost(state: dict[str, Any]) -> bool:
    end = state.get("end_page")
    return end is not None and int(state.get("hourglass", 0)) >= int(end)


def _enemy_turn(state: dict[str, Any]) -> bool:
    turn, track = state.get("turn"), state.get("track") or []
    return turn is not None and 0 <= turn < len(track) and track[turn].get("kind") == "enemy"


def records(played: Played) -> list[Record]:
    """One record per chapter played in this session."""
    mice = [m.name for m in played.state.mice]
    chapters: dict[int, dict[str, Any]] = {}

    def chapter(number: int, time: str) -> dict[str, Any]:
        return chapters.setdefault(
            number,
            {
                "start": time,
                "end": time,
                "ended": False,
                "lost": False,
                "monster_turns": 0,
                "surges": 0,
                "feats": 0,
                "defeated": 0,
            },
        )

    for step in played.steps:
        before, after = step.before, step.after
        c = chapter(int(before.get("chapter", 1)), step.time)
        c["end"] = step.time
        if step.action == "EndTurn" and _enemy_turn(before):
            c["monster_turns"] += 1
        if after.get("surged") and not before.get("surged"):
            c["surges"] += 1
        c["feats"] += max(0, len(after.get("feats") or {}) - len(before.get("feats") or {}))
        if step.action == "Defeat":
            c["defeated"] += int(step.data.get("count", 1))
        if _lost(after) and int(after.get("chapter", 1)) == int(before.get("chapter", 1)):
            c["lost"] = True
        if step.action == "EndChapter":
            c["ended"] = True
    if not chapters:
        chapter(played.state.chapter, played.created)
    out = []
    for number, c in sorted(chapters.items()):
        outcome = "lost" if c["lost"] else "won" if c["ended"] else "ongoing"
        figures = {key: c[key] for key in ("monster_turns", "surges", "feats", "defeated")}
        out.append(
            Record(
                game=GAME,
                session=played.name,
                start=c["start"],
                end=c["end"],
                outcome=outcome,
                players=mice,
                figures={"chapter": number, "wheel_end_reached": c["lost"], **figures},
            )
        )
    return out


def summary(records: list[Record]) -> dict[str, Any]:
    """Chapters played, monster turns, surges, enemies defeated, heroic feats, chapters lost to the
    End marker (the cheese wheel's end reached)."""
    return {
        "chapters": len(records),
        "monster_turns": sum(r.figures["monster_turns"] for r in records),
        "surges": sum(r.figures["surges"] for r in records),
        "defeated": sum(r.figures["defeated"] for r in records),
        "heroic_feats": sum(r.figures["feats"] for r in records),
        "wheel_end_reached": sum(1 for r in records if r.figures["wheel_end_reached"]),
    }


def charts(summary: dict[str, Any], t: Any, language: str) -> list[Chart]:
    """Nothing to draw beyond the counts (they read better as numbers)."""
    return []


def lines(summary: dict[str, Any], t: Any, language: str) -> list[str]:
    """The figures in words, after the shared "played/won/lost" line."""
    return [t("core.stats.mice.figures", **summary)]
