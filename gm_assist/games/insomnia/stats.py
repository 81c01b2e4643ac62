"""What an Insomnia session tells the statistics (``gm-assist stats``): one game of several races.

Read from the saved state (players, winners, phase) and the journal's race scorings (each race's
winks and the pillows after it). Pure: no file is read here (``gm_assist.core.stats`` reads).
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.stats import Chart, Played, Record, whole_session

GAME = "insomnia"
PILLOW_START = 40


def records(played: Played) -> list[Record]:
    """The game of this session: won (someone won; in solo, the sheep reached its pillow), or
    still going. ``winners`` lets ``--player`` count one player's wins."""
    state = played.state
    names = [p.name for p in state.players]
    winks: list[int] = []
    pillows: dict[str, list[int]] = {n: [PILLOW_START] for n in names}
    for step in played.steps:
        if step.action != "EndRace":
            continue
        winks.extend(int(p.get("score", 0)) for p in step.before.get("players", []))
        for p in step.after.get("players", []):
            if p.get("name") in pillows:
                pillows[p["name"]].append(int(p.get("pillow", PILLOW_START)))
    over = state.phase.value == "over"
    races = sum(1 for s in played.steps if s.action == "EndRace")
    figures = {
        "solo": state.solo,
        "races": races,
        "average_winks": round(sum(winks) / len(winks), 1) if winks else 0.0,
        "pillows": pillows,
    }
    return [
        whole_session(
            played,
            ("won" if state.winners else "lost") if over else "ongoing",
            names,
            figures,
            winners=list(state.winners),
        )
    ]


def summary(records: list[Record]) -> dict[str, Any]:
    """Games and races, wins per player, average winks per sheep and race, and the pillow curves
    (each player's pillow after each race, starting at 40) of every game."""
    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    for r in records:
        if r.outcome == "ongoing":
            continue
        for name in r.players:
            played[name] = played.get(name, 0) + 1
        for name in r.winners or []:
            wins[name] = wins.get(name, 0) + 1
    averages = [r.figures["average_winks"] for r in records if r.figures["races"]]
    return {
        "games": len(records),
        "races": sum(r.figures["races"] for r in records),
        "wins_by_player": {n: {"played": played[n], "won": wins.get(n, 0)} for n in sorted(played)},
        "average_winks": round(sum(averages) / len(averages), 1) if averages else 0.0,
        "pillow_curves": [{"session": r.session, "pillows": r.figures["pillows"]} for r in records],
    }


def charts(summary: dict[str, Any], t: Any, language: str) -> list[Chart]:
    """Wins per player, and the pillow curve of the latest game."""
    out = []
    wins = summary["wins_by_player"]
    if wins:
        out.append(
            Chart(
                t("core.stats.chart.wins_player"), "bar", list(wins), {"": [v["won"] for v in wins.values()]}
            )
        )
    curves = [c for c in summary["pillow_curves"] if any(len(v) > 1 for v in c["pillows"].values())]
    if curves:
        latest = curves[-1]
        races = max(len(v) for v in latest["pillows"].values())
        out.append(
            Chart(
                t("core.stats.chart.pillow_curve", session=latest["session"]),
                "line",
                [t("core.stats.start"), *(t("core.stats.race", n=i) for i in range(1, races))],
                {name: [float(v) for v in values] for name, values in latest["pillows"].items()},
                max=PILLOW_START,
            )
        )
    return out


def lines(summary: dict[str, Any], t: Any, language: str) -> list[str]:
    """The figures in words, after the shared "played/won/lost" line."""
    out = [
        t(
            "core.stats.insomnia.races",
            games=summary["games"],
            races=summary["races"],
            winks=summary["average_winks"],
        )
    ]
    wins = summary["wins_by_player"]
    if wins:
        parts = [t("core.stats.won_of", name=k, won=v["won"], played=v["played"]) for k, v in wins.items()]
        out.append(t("core.stats.insomnia.wins", items=", ".join(parts)))
    return out
