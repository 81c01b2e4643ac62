"""The Too Many Bones view model of the live table view (issue 16): ``table_view(state)``.

Pure and JSON-able; language-dependent texts are ``{"en", "fr"}``. Every number comes from the
state or the rules (``report.status``, ``battle_track``), never re-derived by the page. The text
views stay in ``views.py`` / ``battle_views.py``.
"""

from __future__ import annotations

from typing import Any

from .battle import Battle
from .model import TmbState


def table_view(state: TmbState) -> dict[str, Any]:
    """Day counter out of the tyrant's days, progress against the challenge, the tyrant, the
    party's HP; in battle the track, the mat, the queue, the round die (see docs/table-view.md)."""
    from gm_assist.table.snapshot import both

    from .report import reminders, status
    from .rules import next_step

    summary = status(state)
    found = next_step(state)  # in a running battle, the battle's step
    return {
        "tyrant": {
            "id": state.tyrant.id,
            "name": {"en": state.tyrant.name("en"), "fr": state.tyrant.name("fr")},
        },
        "mode": state.mode,
        "day": state.day,
        "days": state.tyrant.days,
        "days_left": summary["days_left"],
        "phase": state.phase,
        "phase_text": both(f"tmb.table.phase.{state.phase}"),
        "progress": summary["progress"],
        "progress_needed": summary["progress_needed"],
        "can_challenge": summary["can_challenge"],
        "tyrant_attempts": state.tyrant_attempts,
        "won": state.won,
        "lost": state.lost,
        "finished": state.won or state.lost,
        "encounter": _encounter(state),
        "party": [
            {
                "name": g.name,
                "hp": g.hp,
                "max_hp": g.max_hp,
                "ko": g.ko,
                "dex": row["dex"],
                "atk": row["atk"],
                "def": row["def"],
            }
            for g, row in zip(state.party, summary["party"], strict=True)
        ],
        "battle": battle_view(state.battle) if state.battle is not None else None,
        "next": both(found.message.key, **found.message.params),
        "reminders": [both(k, **p) for k, p in reminders(state)],
    }


def _encounter(state: TmbState) -> dict[str, Any] | None:
    enc = state.encounter
    if enc is None:
        return None
    return {"kind": enc.kind, "title": enc.title, "fight": enc.fight, "outcome": enc.outcome}


def battle_view(battle: Battle) -> dict[str, Any]:
    """The battle drawn on the page: the track top first (whose turn, played, HP, lane and
    position, ties), the mat's eight positions, the queue's chips, the round die, arrivals, KO."""
    from .battle_queue import LANES
    from .battle_track import arrivals_due, current_unit, round_face
    from .battle_views import battle_json

    data = battle_json(battle)
    current = current_unit(battle)
    tie_of = {uid: n for n, group in enumerate(battle.ties) for uid in group}
    track = []
    for row, unit in zip(data["track"], battle.ordered(), strict=True):
        track.append(
            {
                **row,
                "uid": unit.uid,
                "attack_type": unit.attack_type,
                "tie": tie_of.get(unit.uid),
                "current": current is not None and unit.uid == current.uid,
            }
        )
    spots = [
        {
            "lane": lane,
            "type": kind,
            "unit": next((u.name for u in battle.units if u.spot_lane == lane and u.spot == kind), None),
        }
        for kind in ("ranged", "melee")
        for lane in range(1, LANES + 1)
    ]
    return {
        "round": battle.round,
        "round_die": round_face(battle.round),
        "fatigue": data["fatigue"],
        "current": data["current"],
        "track": track,
        "ties": data["ties"],
        "lanes": LANES,
        "spots": spots,
        "queue": [
            {"points": c.points, "name": c.name, "tyrant": c.tyrant, "lane": c.lane} for c in battle.queue
        ],
        "queue_points": sum(c.points for c in battle.queue),
        "arrivals_due": [
            {"lane": lane, "points": c.points, "name": c.name} for lane, c in arrivals_due(battle)
        ],
        "knocked_out": data["knocked_out"],
        "revivals": data["revivals"],
        "defeated": data["defeated"],
        "outcome": battle.outcome,
        "closed": battle.closed,
        "tyrant_battle": battle.tyrant_battle,
    }
