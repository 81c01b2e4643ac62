"""What the table needs to see: the status summary, the reminders due now, the next step.

Pure functions (no printing). Rulebook v2.1 (FR): p. 8-9 (phases), p. 16 (challenge the tyrant),
p. 20 (party wipe), p. 22 (day counter, progress points), p. 14 (loot slots).
"""

from __future__ import annotations

from typing import Any

from .model import TmbState
from .rules import can_challenge
from .sheet import LOOT_SLOTS, loot_slots, over_slots, stat_total


def gearloc_summary(state: TmbState) -> list[dict[str, Any]]:
    """One line per gearloc: HP, stats (printed + die), training points, loot slots."""
    rows = []
    for g in state.party:
        rows.append(
            {
                "name": g.name,
                "hp": g.hp,
                "max_hp": g.max_hp,
                "ko": g.ko,
                "dex": stat_total(g, "dex"),
                "atk": stat_total(g, "atk"),
                "def": stat_total(g, "def"),
                "dice": {"hp": g.hp_die, "dex": g.dex_die, "atk": g.atk_die, "def": g.def_die},
                "training_unspent": len(g.training),
                "training_spent": g.training_spent,
                "skills": list(g.skills),
                "loot": [c.model_dump() for c in g.loot],
                "slots": loot_slots(g),
                "slots_max": LOOT_SLOTS,
                "recovery": g.recovery if g.recovery_day == state.day else None,
                "lockpicked_today": g.lockpick_day == state.day,
                "sheet_missing": g.base_hp is None,
            }
        )
    return rows


def status(state: TmbState) -> dict[str, Any]:
    """The one-glance summary: day and days left, progress and progress needed, whether the
    tyrant can be challenged, won/lost, phase, party (p. 16, 22)."""
    return {
        "tyrant": state.tyrant.id,
        "tyrant_name": state.tyrant.names["en"],
        "mode": state.mode,
        "day": state.day,
        "days": state.tyrant.days,
        "days_left": state.tyrant.days - state.day,
        "started": state.started,
        "phase": state.phase,
        "progress": state.progress,
        "progress_needed": state.tyrant.progress,
        "can_challenge": can_challenge(state),
        "won": state.won,
        "lost": state.lost,
        "tyrant_attempts": state.tyrant_attempts,
        "wiped": state.wiped,
        "encounter": state.encounter.model_dump() if state.encounter else None,
        "progress_cards": [c.model_dump() for c in state.progress_cards],
        "deck_left": state.deck_left,
        "specials_left": state.specials_left,
        "scouted": {str(k): list(v) for k, v in sorted(state.scouted.items())},
        "battle": state.battle is not None,
        "party": gearloc_summary(state),
    }


def reminders(state: TmbState) -> list[tuple[str, dict[str, Any]]]:
    """Reminders due now, as (i18n key, params): last day, tyrant may be challenged, unspent
    training, loot over 4 slots, party wipe (all must rest), missing printed stats, won/lost."""
    if state.won:
        return [("tmb.remind.won", {"tyrant": state.tyrant.names["en"], "day": state.day})]
    if state.lost:
        return [("tmb.remind.lost", {"days": state.tyrant.days})]
    out: list[tuple[str, dict[str, Any]]] = []
    if state.day == state.tyrant.days:
        out.append(("tmb.remind.last_day", {"day": state.day}))
    elif state.day == state.tyrant.days - 1 and state.progress < state.tyrant.progress:
        out.append(("tmb.remind.days_short", {"left": 2, "missing": state.tyrant.progress - state.progress}))
    if can_challenge(state) and state.phase == "encounter":
        out.append(
            ("tmb.remind.can_challenge", {"progress": state.progress, "needed": state.tyrant.progress})
        )
    if state.wiped and state.phase == "recovery":
        out.append(("tmb.remind.wiped", {}))
    if state.phase == "encounter" and state.specials_left == 0 and state.deck_left == 0:
        out.append(("tmb.remind.deck_empty", {}))
    for g in state.party:
        if g.base_hp is None:
            out.append(("tmb.remind.sheet", {"name": g.name}))
        if g.training:  # unspent points are due whatever the phase (adventure mode: from day 1)
            out.append(("tmb.remind.training", {"name": g.name, "n": len(g.training)}))
        if over_slots(g):
            out.append(("tmb.remind.slots", {"name": g.name, "slots": loot_slots(g), "max": LOOT_SLOTS}))
    return out
