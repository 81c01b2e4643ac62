"""The initiative track of a Too Many Bones battle (*jauge d'initiative*, rulebook v2.1 p. 16–17).

Set-up order: higher initiative on top; equal baddies: lower lane first; a tie that involves a
gearloc is the party's choice (flagged, resolved with ``first``). Pure functions.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gm_assist.core.step import Step, step

from .queue import LANES, BattleRuleError, QueueChip

FATIGUE_FROM_ROUND = 6

if TYPE_CHECKING:
    from .fight import Battle, Unit, UnitIn


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name (so "Épée" matches "epee")."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def round_face(round_no: int) -> str:
    """The round die's face (p. 16): "M1"…"M5", then "fatigue" from round 6 on."""
    return f"M{round_no}" if round_no < FATIGUE_FROM_ROUND else "fatigue"


def check_lane(lane: int) -> None:
    """A lane number must be 1–4 (the combat mat has four lanes, p. 17)."""
    if not 1 <= lane <= LANES:
        raise BattleRuleError("tmb_battle.error.lane", lane=lane)


def check_initiative(value: int, name: str) -> None:
    """An initiative die shows 1–6 (p. 17)."""
    if not 1 <= value <= 6:
        raise BattleRuleError("tmb_battle.error.initiative", name=name, value=value)


def order_group(units: Sequence[Unit], first: Sequence[str] = ()) -> tuple[list[Unit], bool]:
    """Order units that tie on the track (p. 17): baddies by lane, lower lane first; a tie that
    involves a gearloc is the party's choice: by default gearlocs go above, in the order given,
    and names listed in ``first`` go first in that order. Tied baddies keep their lane order among
    themselves whatever ``first`` says (lane 1 above lane 2): a baddie named before a lower lane's
    baddie of its tie is refused, with the reason. Returns the order and whether the group was a tie
    involving a gearloc."""
    gearlocs = [u for u in units if u.kind == "gearloc"]
    baddies = sorted((u for u in units if u.kind == "baddie"), key=lambda u: u.lane or 0)
    default = gearlocs + baddies
    wanted = [fold(n) for n in first] if gearlocs else []  # equal baddies alone: lane order, no choice
    chosen = sorted((u for u in default if fold(u.name) in wanted), key=lambda u: wanted.index(fold(u.name)))
    for place, unit in enumerate(chosen):
        above = [b for b in baddies if unit.kind == "baddie" and (b.lane or 0) < (unit.lane or 0)]
        skipped = [b for b in above if b not in chosen[:place]]
        if skipped:
            raise BattleRuleError("tmb_battle.error.tie_lane_order", name=unit.name, above=skipped[0].name)
    rest = [u for u in default if u not in chosen]
    return chosen + rest, bool(gearlocs) and len(units) > 1


def initiative_track(units: Sequence[Unit], first: Sequence[str] = ()) -> tuple[list[str], list[list[str]]]:
    """The set-up initiative track (p. 17): higher initiative on top; equal baddies by lane; ties
    with a gearloc are flagged for the party (see ``order_group``). Returns uids top first and the
    flagged tie groups (uids)."""
    for unit in units:
        if unit.initiative is None:
            raise BattleRuleError("tmb_battle.error.initiative_missing", name=unit.name)
        check_initiative(unit.initiative, unit.name)
    track: list[str] = []
    ties: list[list[str]] = []
    for value in sorted({u.initiative for u in units if u.initiative is not None}, reverse=True):
        group, flagged = order_group([u for u in units if u.initiative == value], first)
        track.extend(u.uid for u in group)
        if flagged:
            ties.append([u.uid for u in group])
    return track, ties


def standing_ties(battle: Battle) -> list[list[str]]:
    """The set-up ties with a gearloc as they stand now (uids, top first): a unit that left the mat
    (a defeated baddie) drops out of its tie, and a group left without a gearloc, or alone, is no
    longer the party's choice."""
    here = {u.uid: u for u in battle.units}
    groups = [[uid for uid in group if uid in here] for group in battle.ties]
    return [g for g in groups if len(g) > 1 and any(here[uid].kind == "gearloc" for uid in g)]


def plan_entries(
    queue: Sequence[QueueChip], free_lanes: Sequence[int], specs: Sequence[UnitIn] = ()
) -> list[tuple[int, QueueChip]]:
    """Which chips will enter and in which lanes (p. 18): pinned chips first, then the top of the
    queue into the first free lanes; a flipped chip with the extra-baddie icon (from ``specs``, in
    entry order) pushes 5-point chips on top of the queue before the next lane fills."""
    lanes = list(free_lanes)
    plan = [(c.lane, c) for c in queue if c.lane is not None and c.lane in lanes]
    lanes = [lane for lane in lanes if lane not in {p[0] for p in plan}]
    rest = [c for c in queue if c.lane is None]
    for index in range(len(plan)):
        rest = [QueueChip(points=5)] * _extra(specs, index) + rest
    while rest and lanes:
        plan.append((lanes.pop(0), rest.pop(0)))
        rest = [QueueChip(points=5)] * _extra(specs, len(plan) - 1) + rest
    return plan


def _extra(specs: Sequence[UnitIn], index: int) -> int:
    return specs[index].extra_baddies if index < len(specs) else 0


def current_unit(battle: Battle) -> Unit | None:
    """Whose turn it is: the highest unit on the track that has not played this round."""
    uid = next((u for u in battle.track if u not in battle.played), None)
    return battle.unit(uid) if uid else None


def find_unit(battle: Battle, query: str) -> Unit:
    """A unit on the mat by name (forgiving case/accents, or a unique start of the name) or by
    lane number ("2" or "L2"); a name the table gave a unit ("1000") wins over a lane number."""
    text = query.strip()
    named = [u for u in battle.units if fold(u.name) == fold(text)]
    if len(named) == 1:  # a unit the table named "2" or "L1" is that unit, not a lane
        return named[0]
    digits = text[1:] if text[:1].lower() == "l" else text
    if digits.isdecimal():
        lane = int(digits)
        check_lane(lane)
        match = [u for u in battle.units if u.kind == "baddie" and u.lane == lane]
        if not match:
            raise BattleRuleError("tmb_battle.error.lane_empty", lane=lane)
        return match[0]
    match = [u for u in battle.units if fold(u.name) == fold(text)]
    if not match:  # forgiving: a unique start of a name ("ver" for "ver des marais")
        match = [u for u in battle.units if fold(u.name).startswith(fold(text))]
    if len(match) > 1:
        raise BattleRuleError("tmb_battle.error.ambiguous", name=query)
    if not match:
        names = ", ".join(u.name for u in battle.ordered())
        raise BattleRuleError("tmb_battle.error.no_unit", name=query, names=names)
    return match[0]


def arrivals_due(battle: Battle) -> list[tuple[int, QueueChip]]:
    """The chips that will enter at the end of this round, with their lanes (first free first)."""
    used = {u.lane for u in battle.units if u.kind == "baddie"}
    lanes = [lane for lane in range(1, LANES + 1) if lane not in used]
    return list(zip(lanes, battle.queue, strict=False))


BATTLE_STEPS = ("next_turn", "next_round", "victory", "tyrant_beaten", "wipe")
"""The keys of a battle's step (``next_step(battle).key``): whose turn, the round's end, or the
outcome the mat shows (the last three)."""

STEP_CARDS = {"victory": "tmb/battle-outcome", "tyrant_beaten": "tmb/tyrant-battle", "wipe": "tmb/party-wipe"}
"""The rule card behind a battle step, by key (a turn and the round's end have none)."""


def next_step(battle: Battle) -> Step:
    """What to do next in a running battle: the battle's outcome (the tyrant's defeat ends a tyrant
    battle at once, baddies still standing or not), whose turn it is (``next_turn``), or the end of
    the round (``next_round``). The one source for every screen (terminal, guided, table view,
    ``--json``'s ``next``); its rule card is ``STEP_CARDS[key]``."""
    if battle.outcome == "victory":
        standing = any(u.kind == "baddie" and not u.tyrant for u in battle.units) or bool(battle.queue)
        if battle.tyrant_battle and standing:
            return step("tyrant_beaten", "tmb_battle.next.tyrant_beaten")
        return step("victory", "tmb_battle.next.victory")
    if battle.outcome == "defeat":
        return step("wipe", "tmb_battle.next.wipe")
    current = current_unit(battle)
    if current is not None:
        return step("next_turn", "tmb_battle.next.turn", name=current.name)
    return step("next_round", "tmb_battle.next.round")
