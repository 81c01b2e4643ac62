"""How a battle is shown: the stable ``--json`` document and the rich text screen (track table,
round die, queue, whose turn, what to do next). rich is imported only on the text path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_assist.core.i18n import t
from gm_assist.core.output import escape, table, why

from .rules.fight import Battle, fatigue_odds, fighting
from .rules.queue import QueueChip
from .rules.track import (
    FATIGUE_FROM_ROUND,
    STEP_CARDS,
    arrivals_due,
    current_unit,
    next_step,
    round_face,
    standing_ties,
)


def values_text(values: Sequence[int]) -> str:
    """``5, 5, 1, 1`` (or "—" for an empty queue)."""
    return ", ".join(str(v) for v in values) or t("tmb_battle.empty")


def chips_text(queue: list[QueueChip]) -> str:
    """A queue for people: ``Drellen (lane 1), 1 (lane 2), 5, 1`` (tyrants by name, pinned lanes)."""
    parts = []
    for chip in queue:
        label = chip.name if chip.tyrant and chip.name else str(chip.points)
        parts.append(t("tmb_battle.chip_lane", chip=label, lane=chip.lane) if chip.lane else label)
    return ", ".join(parts) or t("tmb_battle.empty")


def battle_json(battle: Battle) -> dict[str, Any]:
    """The battle as JSON: round, track (top first) with each unit's lane, HP and state, queue."""
    current = current_unit(battle)
    names = {u.uid: u.name for u in battle.units + battle.revivals + battle.knocked_out}
    track = [
        {
            "name": u.name,
            "kind": u.kind,
            "lane": u.lane,
            "initiative": u.initiative,
            "points": u.points,
            "tyrant": u.tyrant,
            "hp": u.hp,
            "max_hp": u.max_hp,
            "position": {"lane": u.spot_lane, "type": u.spot} if u.spot else None,
            "creature_type": u.creature_type,
            "effects": dict(u.effects),
            "shields": u.shields,
            "bonus_hp": u.bonus_hp,
            "backup": u.backup,
            "played": u.uid in battle.played,
            "current": current is not None and u.uid == current.uid,
        }
        for u in battle.ordered()
    ]
    return {
        "round": battle.round,
        "round_die": round_face(battle.round),
        "fatigue": battle.round >= FATIGUE_FROM_ROUND,
        "current": current.name if current else None,
        "track": track,
        "queue": [c.points for c in battle.queue],
        "queue_chips": [c.model_dump(mode="json") for c in battle.queue],
        "arrivals_due": [
            {"lane": lane, "points": chip.points, "name": chip.name} for lane, chip in arrivals_due(battle)
        ],
        "ties": [[names[uid] for uid in group] for group in standing_ties(battle)],
        "pending_moves": [{"name": names.get(m.uid, m.uid), "steps": m.steps} for m in battle.pending_moves],
        "revivals": [{"name": u.name, "hp": u.hp} for u in battle.revivals],
        "reserve": [{"name": u.name, "hp": u.hp} for u in battle.reserve],
        "tyrant": battle.tyrant_id,
        "knocked_out": [u.name for u in battle.knocked_out],
        "defeated": [{"name": c.name, "points": c.points} for c in battle.defeated],
        "returned": [{"name": c.name, "points": c.points} for c in battle.returned],
        "graveyard": {str(k): v for k, v in battle.graveyard.items()},
        "outcome": battle.outcome,
        "closed": battle.closed,
        "tyrant_battle": battle.tyrant_battle,
        "odds": {"fatigue": fatigue_odds(battle)},
    }


def _hp(value: int | None, top: int | None) -> str:
    if value is None:
        return "?"
    return f"{value}/{top}" if top else str(value)


def on_chip(unit: Any) -> str:
    """What sits on a unit besides its HP: ``Poison 2 · Def 1 · Buff +2 · Plan B 3`` (or ""). Each
    part keeps its number on its line (no-break spaces): a narrow screen wraps between parts."""
    parts = [f"{t(f'tmb_battle.effect.{e}')} {v}" for e, v in unit.effects.items()]
    for field, key in (("shields", "shields"), ("bonus_hp", "bonus"), ("backup", "backup")):
        if getattr(unit, field):
            parts.append(t(f"tmb_battle.chip.{key}", n=getattr(unit, field)))
    return " · ".join(part.replace(" ", "\u00a0") for part in parts)


def render_battle(battle: Battle, out: Any) -> None:
    """The battle screen: track table, round die, queue and arrivals, then the next step."""
    current = current_unit(battle)
    rows = []
    for index, unit in enumerate(battle.ordered(), 1):
        mark = (
            "▶"
            if current is not None and unit.uid == current.uid
            else ("✓" if unit.uid in battle.played else "")
        )
        kind = t("tmb_battle.kind.baddie", points=unit.points)
        if unit.kind == "gearloc" or unit.tyrant:
            kind = t("tmb_battle.kind.gearloc" if unit.kind == "gearloc" else "tmb_battle.kind.tyrant")
        place = "" if unit.spot is None else t(f"tmb_battle.position.{unit.spot}", lane=unit.spot_lane)
        rows.append(
            [
                f"{mark} {index}",
                unit.name,
                kind,
                str(unit.lane or ""),
                str(unit.initiative or ""),
                _hp(unit.hp, unit.max_hp),
                place,
                on_chip(unit),
            ]
        )
    cols = [
        t(f"tmb_battle.col.{c}") for c in ("order", "unit", "kind", "lane", "ini", "hp", "position", "chip")
    ]
    if not any(row[-1] for row in rows):  # the column only when something sits on a chip
        cols, rows = cols[:-1], [row[:-1] for row in rows]
    out.print(table(t("tmb_battle.track.title", round=round_face(battle.round)), cols, rows))
    out.print(
        t("tmb_battle.track.round", round=battle.round, die=round_face(battle.round))
        + " "
        + why("tmb/fatigue" if battle.round >= FATIGUE_FROM_ROUND else "tmb/rounds")
    )
    fatigue = fatigue_odds(battle)
    if fatigue["fatigue"] and not battle.closed:
        doomed = [u["name"] for u in fatigue["knock_out"] if u["probability"] == 1]
        key = "tmb_battle.track.fatigue_ko" if doomed else "tmb_battle.track.fatigue_safe"
        doomed_names = ", ".join(escape(n) for n in doomed)
        out.print(t(key, round=fatigue["next_round"], names=doomed_names) + " " + why("tmb/fatigue"))
    out.print(t("tmb_battle.track.queue", queue=chips_text(battle.queue)) + " " + why("tmb/battle-queue"))
    for lane, chip in (
        arrivals_due(battle) if battle.outcome is None else []
    ):  # nothing enters an ended battle
        out.print(t("tmb_battle.track.arrival", lane=lane, points=chip.points) + " " + why("tmb/arrivals"))
    names = {u.uid: u.name for u in battle.units}
    for group in standing_ties(battle) if battle.round == 1 and not battle.played else []:  # while it matters
        tied = ", ".join(escape(names[uid]) for uid in group)
        out.print(t("tmb_battle.track.tie", names=tied) + " " + why("tmb/initiative"))
    for move in battle.pending_moves:
        out.print(t("tmb_battle.track.pending", name=escape(names.get(move.uid, move.uid)), steps=move.steps))
    for unit in battle.revivals:
        out.print(t("tmb_battle.track.revival", name=escape(unit.name)) + " " + why("tmb/ko"))
    for unit in battle.knocked_out:
        out.print(t("tmb_battle.track.ko", name=escape(unit.name)) + " " + why("tmb/ko"))
    for index, unit in enumerate(battle.reserve):  # Nom: one gearloc at a time
        key = (
            "tmb_battle.track.reserve_next"
            if index == 0 and not fighting(battle)
            else "tmb_battle.track.reserve"
        )
        out.print(t(key, name=escape(unit.name)) + " " + why("tmb/tyrant-nom"))
    render_next(battle, out)


def render_next(battle: Battle, out: Any) -> None:
    """What to do next: whose turn it is, the end of the round, or the outcome."""
    if battle.closed:
        out.print(t(f"tmb_battle.outcome.{battle.outcome}") + " " + why("tmb/battle-outcome"))
        if battle.returned:
            chips = values_text([c.points for c in battle.returned])
            out.print(t("tmb_battle.outcome.returned", chips=chips) + " " + why("tmb/battle-outcome"))
        return
    found = next_step(battle)
    params = {k: escape(v) if isinstance(v, str) else v for k, v in found.message.params.items()}
    text = t(found.message.key, **params)
    card = STEP_CARDS.get(found.key)
    out.print(text + (" " + why(card) if card else ""))


def tyrant_queue_line(state: Any) -> str:
    """ "Tyrant battle set-up: Drellen (lane 1), 1, 1" — the queue ``battle start`` builds for the
    tyrant's challenge (``battle.actions.start_queue``), said the same by ``challenge``, ``queue``,
    ``battle start`` and the guided mode (``setup_messages``)."""
    from gm_assist.core.output import event_text

    return event_text(setup_messages(state, True)[0])


def setup_messages(state: Any, tyrant: bool, extra_points: int = 0, added: list[int] | None = None) -> list:
    """What the table hears about a battle's queue before its chips are flipped (p. 16, 18), the
    one announcement of ``tmb battle start`` and the guided set-up: the tyrant's own set-up, or the
    baddie points the queue was built from, then the chips the card adds (``core.message.Message``
    objects, each naming its rule card)."""
    from gm_assist.core.message import Message

    from .actions import start_queue
    from .rules.queue import baddie_points, rule_call

    queue, _ = start_queue(state, tyrant, extra_points, added or [])
    shown = chips_text(queue)
    if tyrant:
        return [
            Message(key="tmb_battle.start.tyrant_queue", params={"queue": shown}, rule="tmb/tyrant-battle")
        ]
    points = rule_call(baddie_points, state.day, len(state.party), extra_points)
    said = [
        Message(
            key="tmb_battle.start.queue", params={"points": points, "queue": shown}, rule="tmb/baddie-points"
        )
    ]
    if added:
        said.append(
            Message(key="tmb_battle.queue.added", params={"added": values_text(added), "queue": shown})
        )
    return said
