"""What a Too Many Bones session tells the statistics (``gm-assist stats``): one adventure.

Read from the saved state (outcome, day, tyrant, party) and the journal's changes (battles started
and ended, gearlocs knocked out). Pure: no file is read here (``gm_assist.core.stats`` reads).
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.stats import Chart, Played, Record, rate, tally, whole_session

GAME = "tmb"


def _gearloc_id(gearloc: Any) -> str:
    return gearloc.catalog_id or gearloc.name


def _gearloc_names(party: list[Any]) -> list[str]:
    """Every name a gearloc of the party goes by: as typed, and its names in both editions."""
    from .catalog import gearloc_catalog

    known = {g.id: list(g.names.values()) for g in gearloc_catalog()}
    return [name for g in party for name in (g.name, *known.get(g.catalog_id or "", []))]


def records(played: Played) -> list[Record]:
    """The adventure of this session, won, lost or still going."""
    state = played.state
    battles = rounds = knockouts = 0
    points_by_day: dict[int, int] = {}
    for step in played.steps:
        before, after = step.before, step.after
        if step.action == "StartBattle":
            battles += 1
            battle = after.get("battle") or {}
            chips = [*battle.get("queue", []), *battle.get("units", [])]
            faced = sum(int(c.get("points") or 0) for c in chips if not c.get("tyrant"))
            day = int(after.get("day", 0))
            points_by_day[day] = points_by_day.get(day, 0) + faced
        elif step.action == "EndBattle":
            rounds += int((before.get("battle") or {}).get("round", 0))
        old = {g.get("name"): g.get("ko") for g in before.get("party", [])}
        knockouts += sum(1 for g in after.get("party", []) if g.get("ko") and not old.get(g.get("name")))
    outcome = "won" if state.won else "lost" if state.lost else "ongoing"
    figures = {
        "tyrant": state.tyrant.id,
        "mode": state.mode,
        "days_used": state.day,
        "day_limit": state.tyrant.days,
        "progress": sum(c.points for c in state.progress_cards),
        "progress_needed": state.tyrant.progress,
        "battles": battles,
        "rounds": rounds,
        "knockouts": knockouts,
        "baddie_points": sum(points_by_day.values()),
        "tyrant_attempts": state.tyrant_attempts,
        "points_by_day": points_by_day,
    }
    ids = [_gearloc_id(g) for g in state.party]
    return [whole_session(played, outcome, ids, figures, names=_gearloc_names(state.party))]


def _run(record: Record) -> dict[str, Any]:
    f = record.figures
    return {
        "session": record.session,
        "tyrant": f["tyrant"],
        "gearlocs": record.players,
        "days_used": f["days_used"],
        "day_limit": f["day_limit"],
        "knockouts": f["knockouts"],
    }


def summary(records: list[Record]) -> dict[str, Any]:
    """Per tyrant and per gearloc (``{ID: {"played", "won", "lost"}}``), days used against the
    limit, battles and rounds, knock-outs, baddie points faced per day, tyrant attempts, and the
    best run (won in the fewest days) and the worst (lost with the least progress)."""
    finished = [r for r in records if r.outcome != "ongoing"]
    battles = sum(r.figures["battles"] for r in records)
    rounds = sum(r.figures["rounds"] for r in records)
    per_day: dict[int, list[int]] = {}
    for r in records:
        for day, points in r.figures["points_by_day"].items():
            per_day.setdefault(int(day), []).append(points)
    won = [r for r in finished if r.outcome == "won"]
    lost = [r for r in finished if r.outcome == "lost"]
    best = min(won, key=lambda r: (r.figures["days_used"], r.figures["knockouts"]), default=None)
    worst = min(lost, key=lambda r: (r.figures["progress"], -r.figures["knockouts"]), default=None)
    return {
        "by_tyrant": tally(records, lambda r: r.figures["tyrant"]),
        "by_gearloc": tally(records, lambda r: list(dict.fromkeys(r.players))),
        "days_used": [
            {"session": r.session, "days_used": r.figures["days_used"], "day_limit": r.figures["day_limit"]}
            for r in finished
        ],
        "battles": battles,
        "rounds_per_battle": round(rounds / battles, 1) if battles else 0.0,
        "knockouts": sum(r.figures["knockouts"] for r in records),
        "baddie_points_per_day": {str(d): round(sum(p) / len(p), 1) for d, p in sorted(per_day.items())},
        "tyrant_attempts": sum(r.figures["tyrant_attempts"] for r in records),
        "best": _run(best) if best else None,
        "worst": _run(worst) if worst else None,
    }


def charts(summary: dict[str, Any], t: Any, language: str) -> list[Chart]:
    """Win rate per tyrant, days used against the limit, baddie points per day (``t``: the
    translation function of the page's language)."""
    from .catalog import tyrants

    names = {ty.id: ty.names.get(language) or ty.names.get("en") or ty.id for ty in tyrants()}

    def tyrant_name(ident: str) -> str:
        return names.get(ident, ident)

    out = []
    by_tyrant = summary["by_tyrant"]
    if by_tyrant:
        out.append(
            Chart(
                t("core.stats.chart.win_rate_tyrant"),
                "bar",
                [tyrant_name(k) for k in by_tyrant],
                {"%": [rate(v["won"], v["played"]) for v in by_tyrant.values()]},
                unit="%",
                max=100,
            )
        )
    if summary["days_used"]:
        runs = summary["days_used"][-12:]
        out.append(
            Chart(
                t("core.stats.chart.days_used"),
                "bar",
                [r["session"] for r in runs],
                {
                    t("core.stats.days_used"): [r["days_used"] for r in runs],
                    t("core.stats.day_limit"): [r["day_limit"] for r in runs],
                },
            )
        )
    if summary["baddie_points_per_day"]:
        days = summary["baddie_points_per_day"]
        out.append(
            Chart(
                t("core.stats.chart.points_per_day"),
                "line",
                [t("core.stats.day", n=d) for d in days],
                {t("core.stats.points"): list(days.values())},
            )
        )
    return out


def lines(summary: dict[str, Any], t: Any, language: str) -> list[str]:
    """The figures in words, after the shared "played/won/lost" line."""
    from .catalog import gearloc_catalog, tyrants

    named = [(x.id, x.names) for x in tyrants()] + [(x.id, x.names) for x in gearloc_catalog()]
    names = {ident: spelled.get(language) or spelled.get("en") or ident for ident, spelled in named}
    out = []
    if summary["by_tyrant"]:
        parts = [
            t("core.stats.won_of", name=names.get(k, k), won=v["won"], played=v["played"])
            for k, v in summary["by_tyrant"].items()
        ]
        out.append(t("core.stats.tmb.by_tyrant", items=", ".join(parts)))
    if summary["by_gearloc"]:
        parts = [
            t("core.stats.won_of", name=names.get(k, k), won=v["won"], played=v["played"])
            for k, v in summary["by_gearloc"].items()
        ]
        out.append(t("core.stats.tmb.by_gearloc", items=", ".join(parts)))
    out.append(
        t(
            "core.stats.tmb.battles",
            battles=summary["battles"],
            rounds=summary["rounds_per_battle"],
            knockouts=summary["knockouts"],
            attempts=summary["tyrant_attempts"],
        )
    )
    for key in ("best", "worst"):
        run = summary[key]
        if run:
            out.append(
                t(
                    f"core.stats.tmb.{key}",
                    session=run["session"],
                    tyrant=names.get(run["tyrant"], run["tyrant"]),
                    days=run["days_used"],
                    limit=run["day_limit"],
                    knockouts=run["knockouts"],
                )
            )
    return out
