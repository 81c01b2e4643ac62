"""Too Many Bones battles: units on the combat mat, the initiative track, rounds, fatigue, arrivals,
defeats, KO and the outcome. Pure functions over pydantic models (no I/O, no import of model.py).

Rulebook v2.1 (FR): p. 16–17 "Tapis de combat" (initiative track, round die M1–M5 then fatigue,
start positions, arrivals after M1 at the top or bottom, track moves effective at the end of the
round), p. 18 "Mise en place des combats" and "FA en combat" (lanes 1–4, arrival positions),
p. 20 "K.O. et groupe H.S." and "Dénouement du combat", p. 22 "Réanimer un gearloc".
Queue building lives in ``rules/queue.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from gm_assist.core.model import Model

from .queue import LANES, AttackType, BattleRuleError, QueueChip, insert_by_value, point_value
from .track import FATIGUE_FROM_ROUND, check_lane, current_unit, fold, initiative_track, order_group

Kind = Literal["baddie", "gearloc"]
Outcome = Literal["victory", "defeat"]


class UnitIn(Model):
    """What the table tells about a unit entering the mat: a flipped baddie chip (stats from the
    catalog or asked) or a gearloc (HP from its sheet, initiative = its die roll)."""

    name: str | None = None
    points: int | None = None
    initiative: int | None = Field(default=None, ge=1, le=6)
    hp: int | None = Field(default=None, ge=0)
    max_hp: int | None = Field(default=None, ge=1)
    attack_type: AttackType | None = None
    extra_baddies: int = Field(default=0, ge=0, le=2)
    creature_type: str | None = None


class Unit(Model):
    """A unit on the combat mat. Baddies hold a lane marker and die (``lane``) and stand on a
    baddie position (``spot_lane``, ``spot``); ``hp`` is ``None`` when the table keeps it alone."""

    uid: str
    name: str
    kind: Kind
    points: int | None = None
    tyrant: bool = False
    lane: int | None = None
    spot_lane: int | None = None
    spot: AttackType | None = None
    attack_type: AttackType | None = None
    initiative: int | None = None
    hp: int | None = None
    max_hp: int | None = None
    extra_baddies: int = 0
    creature_type: str | None = None
    effects: dict[str, int] = Field(default_factory=dict)  # effect die → face (p. 22), one per type
    shields: int = 0  # active Def dice: on a baddie's chip (p. 15) or a gearloc's active slots (p. 11)
    bonus_hp: int = 0  # Buff HP in a gearloc's prep area (p. 22), apart from its HP tokens
    backup: int = 0  # bones in a gearloc's Backup Plan (p. 13)


class TrackMove(Model):
    """A move on the initiative track caused by an ability; it takes effect at the end of the
    round (p. 17). ``steps`` > 0 moves down, < 0 moves up."""

    uid: str
    steps: int


class Battle(Model):
    """One battle: queue (top first), units on the mat, initiative track (uids, top first), the
    units that already played this round, the round number, and the outcome once decided."""

    queue: list[QueueChip] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    track: list[str] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)
    round: int = 1
    ties: list[list[str]] = Field(default_factory=list)
    pending_moves: list[TrackMove] = Field(default_factory=list)
    revivals: list[Unit] = Field(default_factory=list)
    knocked_out: list[Unit] = Field(default_factory=list)
    defeated: list[QueueChip] = Field(default_factory=list)
    returned: list[QueueChip] = Field(default_factory=list)
    graveyard: dict[int, list[str]] = Field(default_factory=dict)
    tyrant_battle: bool = False
    tyrant_id: str | None = None
    tyrant_rules: list[str] = Field(default_factory=list)  # the tyrant's rules the battle applies
    reserve: list[Unit] = Field(default_factory=list)  # gearlocs waiting off the mat (Nom: one at a time)
    outcome: Outcome | None = None
    closed: bool = False
    next_id: int = 1

    def unit(self, uid: str) -> Unit:
        """The unit with this uid (on the mat)."""
        return next(u for u in self.units if u.uid == uid)

    def ordered(self) -> list[Unit]:
        """Units in track order, top first."""
        return [self.unit(uid) for uid in self.track]


def _free_spot(units: Sequence[Unit], lane: int, attack_type: AttackType) -> tuple[int, AttackType] | None:
    """Where an entering baddie stands (p. 18): its lane's position of its attack type if free,
    else the first free position of that type from lane 1 up, else of the other type."""
    taken = {(u.spot_lane, u.spot) for u in units if u.spot is not None}
    if (lane, attack_type) not in taken:
        return lane, attack_type
    other: AttackType = "ranged" if attack_type == "melee" else "melee"
    for kind in (attack_type, other):
        for candidate in range(1, LANES + 1):
            if (candidate, kind) not in taken:
                return candidate, kind
    return None


def _free_lanes(battle: Battle) -> list[int]:
    used = {u.lane for u in battle.units if u.kind == "baddie"}
    return [lane for lane in range(1, LANES + 1) if lane not in used]


def _enter_baddie(battle: Battle, chip: QueueChip, spec: UnitIn | None, lane: int) -> Unit:
    """Put a chip from the queue on the mat in ``lane`` (lane marker and die), flipped face up."""
    if spec is None:
        raise BattleRuleError("tmb_battle.error.baddie_needed", lane=lane, points=chip.points)
    if spec.points is not None and spec.points != chip.points:
        raise BattleRuleError(
            "tmb_battle.error.points_mismatch",
            name=spec.name or chip.name or "?",
            points=spec.points,
            expected=chip.points,
        )
    if spec.attack_type is None:
        raise BattleRuleError("tmb_battle.error.attack_type_missing", name=spec.name or chip.name or "?")
    attack: AttackType = chip.position or spec.attack_type
    spot = _free_spot(battle.units, lane, attack)
    hp = spec.hp if spec.hp is not None else spec.max_hp
    unit = Unit(
        uid=f"u{battle.next_id}",
        name=spec.name or chip.name or f"{chip.points}-pt #{lane}",
        kind="baddie",
        points=chip.points,
        tyrant=chip.tyrant,
        lane=lane,
        spot_lane=spot[0] if spot else None,
        spot=spot[1] if spot else None,
        attack_type=spec.attack_type,
        initiative=spec.initiative,
        hp=hp,
        max_hp=spec.max_hp or hp,
        extra_baddies=spec.extra_baddies,
        creature_type=spec.creature_type or chip.creature_type,
    )
    battle.next_id += 1
    battle.units.append(unit)
    for _ in range(unit.extra_baddies):
        battle.queue = insert_by_value(battle.queue, QueueChip(points=5), "top")
    return unit


def start_battle(
    queue: Sequence[QueueChip],
    gearlocs: Sequence[UnitIn],
    baddies: Sequence[UnitIn],
    first: Sequence[str] = (),
    graveyard: dict[int, list[str]] | None = None,
    tyrant_battle: bool = False,
    tyrant_id: str | None = None,
    tyrant_rules: Sequence[str] = (),
    lead: str | None = None,
) -> Battle:
    """Set up a battle (p. 18, steps 3–6): chips pinned to a lane take it, then the top of the queue
    takes lanes 1–4 in order (``baddies`` are the flipped chips, in that order; extra-baddie icons
    add 5-point chips on top of the queue as they enter); gearlocs bring their HP and initiative
    roll; the track is built by initiative; the round die shows M1. A tyrant whose rules say
    ``one_gearloc`` (Nom) lets only the first gearloc (``lead``, else the first given) onto the mat;
    the others wait in ``reserve``."""
    if not gearlocs:
        raise BattleRuleError("tmb_battle.error.no_gearloc")
    battle = Battle(
        queue=[c.model_copy() for c in queue if c.lane is None],
        graveyard={int(k): list(v) for k, v in (graveyard or {}).items()},
        tyrant_battle=tyrant_battle,
        tyrant_id=tyrant_id,
        tyrant_rules=list(tyrant_rules),
    )
    specs = list(baddies)
    for chip in (c for c in queue if c.lane is not None):
        if chip.lane not in _free_lanes(battle):
            raise BattleRuleError("tmb_battle.error.lane_taken", lane=chip.lane)
        _enter_baddie(battle, chip, specs.pop(0) if specs else None, chip.lane)
    while battle.queue and _free_lanes(battle):
        _enter_baddie(battle, battle.queue.pop(0), specs.pop(0) if specs else None, _free_lanes(battle)[0])
    if specs:
        raise BattleRuleError("tmb_battle.error.too_many_baddies", count=len(specs))
    if lead is not None:
        gearlocs = sorted(gearlocs, key=lambda g: fold(g.name or "") != fold(lead))
    for index, spec in enumerate(gearlocs):
        if spec.initiative is None:
            raise BattleRuleError("tmb_battle.error.initiative_missing", name=spec.name or "?")
        waiting = index > 0 and "one_gearloc" in battle.tyrant_rules
        (battle.reserve if waiting else battle.units).append(
            Unit(
                uid=f"u{battle.next_id}",
                name=spec.name or "?",
                kind="gearloc",
                initiative=spec.initiative,
                hp=spec.hp,
                max_hp=spec.max_hp,
            )
        )
        battle.next_id += 1
    battle.track, battle.ties = initiative_track(battle.units, first)
    return battle


def next_turn(battle: Battle) -> Battle:
    """End the current unit's turn (p. 16: units play top to bottom)."""
    _check_running(battle)
    unit = current_unit(battle)
    if unit is None:
        raise BattleRuleError("tmb_battle.error.round_over")
    new = battle.model_copy(deep=True)
    new.played.append(unit.uid)
    return new


def _check_running(battle: Battle) -> None:
    if battle.outcome is not None:
        raise BattleRuleError("tmb_battle.error.battle_over")


def _remove(battle: Battle, uid: str) -> Unit:
    unit = battle.unit(uid)
    battle.units = [u for u in battle.units if u.uid != uid]
    battle.track = [u for u in battle.track if u != uid]
    battle.pending_moves = [m for m in battle.pending_moves if m.uid != uid]
    return unit


def defeat(battle: Battle, uid: str) -> Battle:
    """A baddie is defeated (p. 18, p. 24): its chip goes to the graveyard, its lane marker and
    initiative die are free again. A tyrant battle ends as soon as the tyrant dies (FAQ)."""
    _check_running(battle)
    if battle.unit(uid).kind != "baddie":
        raise BattleRuleError("tmb_battle.error.not_baddie", name=battle.unit(uid).name)
    new = battle.model_copy(deep=True)
    unit = _remove(new, uid)
    chip = QueueChip(points=point_value(unit.points or 1), name=unit.name, face_up=True, tyrant=unit.tyrant)
    new.defeated.append(chip)
    new.outcome = "victory" if unit.tyrant else check_outcome(new)
    return new


def knock_out(battle: Battle, uid: str) -> Battle:
    """A gearloc loses its last HP (p. 20): its token and initiative die leave the mat."""
    _check_running(battle)
    if battle.unit(uid).kind != "gearloc":
        raise BattleRuleError("tmb_battle.error.not_gearloc", name=battle.unit(uid).name)
    new = battle.model_copy(deep=True)
    unit = _remove(new, uid)
    new.knocked_out.append(
        unit.model_copy(update={"hp": 0, "effects": {}, "shields": 0, "bonus_hp": 0, "backup": 0})
    )
    new.outcome = check_outcome(new)
    return new


def revive(battle: Battle, name: str, hp: int) -> Battle:
    """A KO'd gearloc is revived by an ability (p. 22): it re-enters at the end of the round, at
    the top of the track."""
    _check_running(battle)
    match = [u for u in battle.knocked_out if fold(u.name) == fold(name)]
    if not match:
        raise BattleRuleError("tmb_battle.error.not_ko", name=name)
    unit = match[0]
    if hp < 1 or (unit.max_hp is not None and hp > unit.max_hp):
        raise BattleRuleError("tmb_battle.error.hp_range", name=unit.name, hp=hp, max_hp=unit.max_hp or hp)
    new = battle.model_copy(deep=True)
    new.knocked_out = [u for u in new.knocked_out if u.uid != unit.uid]
    back = unit.model_copy(update={"hp": hp})
    if "one_gearloc" in new.tyrant_rules and (
        fighting(new) or new.reserve
    ):  # Nom: it waits its turn off the mat
        new.reserve.append(back)
    else:
        new.revivals.append(back)
    return new


def change_hp(battle: Battle, uid: str, delta: int) -> Battle:
    """Damage (``delta`` < 0, after the table's defense dice) or healing (> 0, never above the
    unit's HP, p. 10). At 0 HP a baddie is defeated and a gearloc is KO (p. 20)."""
    _check_running(battle)
    unit = battle.unit(uid)
    if unit.hp is None:
        raise BattleRuleError("tmb_battle.error.hp_unknown", name=unit.name)
    hp = max(0, unit.hp + delta)
    if unit.max_hp is not None:
        hp = min(hp, unit.max_hp)
    return _set_hp(battle.model_copy(deep=True), uid, hp)


def set_hp(battle: Battle, uid: str, hp: int) -> Battle:
    """Correct a unit's HP to what is on the table (the table always has the last word)."""
    _check_running(battle)
    if hp < 0:
        raise BattleRuleError("tmb_battle.error.hp_range", name=battle.unit(uid).name, hp=hp, max_hp=0)
    new = battle.model_copy(deep=True)
    unit = new.unit(uid)
    if unit.max_hp is None or (unit.kind == "baddie" and hp > unit.max_hp):
        unit.max_hp = hp or None
    elif hp > unit.max_hp:
        raise BattleRuleError("tmb_battle.error.hp_range", name=unit.name, hp=hp, max_hp=unit.max_hp)
    return _set_hp(new, uid, hp)


def _set_hp(battle: Battle, uid: str, hp: int) -> Battle:
    battle.unit(uid).hp = hp
    if hp > 0:
        return battle
    if battle.unit(uid).kind == "baddie":
        return defeat(battle, uid)
    return knock_out(battle, uid)


def move_on_track(battle: Battle, uid: str, steps: int) -> Battle:
    """Note an ability's move on the track; it takes effect at the end of the round (p. 17)."""
    _check_running(battle)
    battle.unit(uid)
    new = battle.model_copy(deep=True)
    new.pending_moves.append(TrackMove(uid=uid, steps=steps))
    return new


def place_unit(battle: Battle, uid: str, lane: int, position: AttackType) -> Battle:
    """Record where a baddie now stands (baddie positions of lanes 1–4), for later arrivals."""
    _check_running(battle)
    check_lane(lane)
    taken = {(u.spot_lane, u.spot) for u in battle.units if u.spot is not None and u.uid != uid}
    if (lane, position) in taken:
        raise BattleRuleError("tmb_battle.error.spot_taken", lane=lane, position=position)
    new = battle.model_copy(deep=True)
    new.unit(uid).spot_lane, new.unit(uid).spot = lane, position
    return new


def next_round(battle: Battle, arrivals: Sequence[UnitIn] = (), first: Sequence[str] = ()) -> Battle:
    """End the round and start the next one (p. 16–18, p. 22):

    1. moves on the track noted during the round take effect;
    2. revived gearlocs and the chips at the top of the queue enter (one per free lane, first free
       lane first; ``arrivals`` are the flipped chips, in queue order); after M1 initiative is
       ignored: gearlocs, tyrants and 20-point baddies go to the top, 1- and 5-point baddies to the
       bottom (ties as at set-up);
    3. the round die turns; from round 6 every unit on the mat loses 1 HP (fatigue, not damage).
    """
    _check_running(battle)
    new = battle.model_copy(deep=True)
    for move in new.pending_moves:
        if move.uid in new.track:
            index = new.track.index(move.uid)
            new.track.pop(index)
            new.track.insert(max(0, min(len(new.track), index + move.steps)), move.uid)
    new.pending_moves = []
    top: list[Unit] = list(new.revivals)
    if new.reserve and not fighting(new):  # Nom: the next one enters
        top.append(new.reserve.pop(0))
    new.units.extend(top)
    new.revivals = []
    bottom: list[Unit] = []
    specs = list(arrivals)
    while new.queue and _free_lanes(new):
        unit = _enter_baddie(new, new.queue.pop(0), specs.pop(0) if specs else None, _free_lanes(new)[0])
        (top if unit.tyrant or unit.points == 20 else bottom).append(unit)
    if specs:
        raise BattleRuleError("tmb_battle.error.too_many_baddies", count=len(specs))
    ordered_top, flagged = order_group(top, first)
    if flagged:
        new.ties.append([u.uid for u in ordered_top])
    bottom.sort(key=lambda u: u.lane or 0)
    new.track = [u.uid for u in ordered_top] + new.track + [u.uid for u in bottom]
    new.round += 1
    new.played = []
    if new.round >= FATIGUE_FROM_ROUND:
        new = fatigue(new)
    new.outcome = new.outcome or check_outcome(new)
    return new


def fatigue(battle: Battle) -> Battle:
    """Fatigue (p. 16): every unit on the mat loses 1 HP (not damage: no defense, no bonus HP)."""
    new = battle.model_copy(deep=True)
    for uid in list(new.track):
        hp = new.unit(uid).hp if uid in new.track else None
        if new.outcome is None and hp is not None:
            new = _set_hp(new, uid, max(0, hp - 1))
    return new


def fatigue_odds(battle: Battle) -> dict:
    """The chance that fatigue knocks out each unit at the start of the next round (p. 16): from
    round 6 every unit loses 1 HP, so a unit with 1 HP or less is knocked out for certain and any
    other is not (no die is rolled: each chance is 0 or 1). Units whose HP is not tracked are left
    out."""
    from fractions import Fraction

    from gm_assist.core.chance import chance

    next_round = battle.round + 1
    applies = next_round >= FATIGUE_FROM_ROUND
    units = [
        {"name": u.name, "kind": u.kind, "hp": u.hp, **chance(Fraction(int(applies and u.hp <= 1)))}
        for u in battle.ordered()
        if u.hp is not None
    ]
    return {"rule": "tmb/fatigue", "next_round": next_round, "fatigue": applies, "knock_out": units}


def fighting(battle: Battle) -> bool:
    """A gearloc is on the mat or comes back at the end of the round (against Nom, the reserve's
    next gearloc enters only when none is)."""
    return any(u.kind == "gearloc" for u in battle.units + battle.revivals)


def check_outcome(battle: Battle) -> Outcome | None:
    """Victory: no baddie on the mat nor in the queue with a gearloc standing (p. 9); defeat: every
    gearloc KO (party wipe, p. 20), none waiting to come back or to enter (Nom's reserve)."""
    if not any(u.kind == "gearloc" for u in battle.units) and not battle.revivals and not battle.reserve:
        return "defeat"
    if not any(u.kind == "baddie" for u in battle.units) and not battle.queue:
        return "victory"
    return None


def finish(battle: Battle, outcome: Outcome | None = None) -> Battle:
    """Close the battle (p. 20 "Dénouement du combat"). On defeat, unbeaten baddies (on the mat and
    in the queue) go face down to the bottom of their stacks (``returned``). Defeated chips join the
    graveyard either way. ``outcome`` overrides the computed one (a card's own end condition)."""
    if battle.closed:
        raise BattleRuleError("tmb_battle.error.battle_over")
    result = outcome or battle.outcome or check_outcome(battle)
    if result is None:
        raise BattleRuleError("tmb_battle.error.not_over")
    new = battle.model_copy(deep=True)
    new.outcome, new.closed = result, True
    for unit in new.units:  # p. 20: active slots, Backup Plans and Buff HP are cleared
        unit.effects, unit.shields, unit.bonus_hp, unit.backup = {}, 0, 0, 0
    for chip in new.defeated:
        if not chip.tyrant:
            new.graveyard.setdefault(chip.points, []).append(chip.name or "?")
    if result == "defeat":
        on_mat = [
            QueueChip(points=point_value(u.points or 1), name=u.name, tyrant=u.tyrant)
            for u in new.units
            if u.kind == "baddie"
        ]
        # the tyrant never goes into a stack: only the unbeaten baddies go back face down
        new.returned = [c.model_copy(update={"face_up": False}) for c in on_mat + new.queue if not c.tyrant]
    return new
