"""Journaled battle steps of a Too Many Bones adventure (each one calls the pure battle code).

Every action takes the session's ``TmbState`` and returns it with ``battle`` updated, the party's
HP/KO mirrored from the mat and the scouted stacks updated. Initiative rolls the app makes for the
table are rolled before the action is built and stored in it, so undo/redo never re-roll.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from gm_assist.core.errors import GmError
from gm_assist.core.game import Action, Outcome
from gm_assist.core.message import Message

from ..model import TmbState
from .rules import effects as book
from .rules import fight as bt
from .rules.queue import (
    QueueChip,
    SetupChip,
    baddie_points,
    build_queue,
    point_value,
    rule_call,
    tyrant_queue,
)
from .rules.track import check_initiative, find_unit


def running(state: TmbState) -> bt.Battle:
    """The battle under way (an error naming ``tmb battle start`` when there is none)."""
    battle = state.battle
    if battle is None or not isinstance(battle, bt.Battle):
        raise GmError("tmb_battle.error.no_battle")
    return battle


def sync_party(state: TmbState, battle: bt.Battle) -> TmbState:
    """Mirror gearloc HP and KO from the mat onto the party's sheets."""
    on_mat = {bt.fold(u.name): u for u in battle.units + battle.revivals if u.kind == "gearloc"}
    out = {bt.fold(u.name) for u in battle.knocked_out}
    party = []
    for g in state.party:
        key = bt.fold(g.name)
        if key in on_mat and on_mat[key].hp is not None:
            top = g.max_hp or on_mat[key].max_hp or on_mat[key].hp
            g = g.model_copy(update={"hp": on_mat[key].hp, "max_hp": top, "ko": False})
        elif key in out:
            g = g.model_copy(update={"hp": 0, "ko": True})
        party.append(g)
    return state.model_copy(update={"battle": battle, "party": party})


def fighters(state: TmbState) -> list[Any]:
    """The gearlocs that enter the battle: not KO and with HP left (an unknown HP counts as able)."""
    return fighters_of(state.party)


def fighters_of(party: list[Any]) -> list[Any]:
    """``fighters`` over a party list."""
    return [g for g in party if not g.ko and not (g.max_hp > 0 and g.hp <= 0)]


def graveyard_of(state: TmbState) -> dict[int, list[str]]:
    """Defeated chips kept from earlier battles (the graveyard beside the active stacks, p. 7)."""
    return {int(k): list(v) for k, v in state.graveyard.items() if v}


def tyrant_setup_queue(state: TmbState) -> tuple[list[QueueChip], dict[int, list[str]]]:
    """The tyrant battle's queue from the tyrant's set-up data (card back, p. 16)."""
    from .. import rules

    tyrant, size = state.tyrant, len(state.party)
    setup = tyrant.battle
    points = rules.tyrant_battle_points(tyrant, state.day, size)
    extras = [
        SetupChip(
            where=extra.where,
            lane=extra.lane,
            count=extra.count,
            points=point_value(value),
            name=extra.name,
            creature_type=extra.type,
        )
        for extra, value in rules.tyrant_battle_extras(tyrant, size)
    ]
    if setup is not None and setup.baddie_points == "per_gearloc":
        extras.append(SetupChip(where="top", count=size, points=1 if size <= 2 else 5))
    name = tyrant.name(_lang())
    where = (setup.tyrant_queue if setup else None) or "bottom"
    return rule_call(
        tyrant_queue,
        name,
        points,
        extras,
        setup.tyrant_lane if setup else None,
        setup.tyrant_position if setup else None,
        where,
        state.scouted,
    )


def start_queue(
    state: TmbState, tyrant: bool, extra_points: int = 0, added: list[int] | None = None
) -> tuple[list[QueueChip], dict[int, list[str]]]:
    """The queue a battle starts from (p. 18): the tyrant's set-up, or day × gearlocs points with
    the card's modifier before building and its added chips after; scouted chips first."""
    if tyrant:
        return tyrant_setup_queue(state)
    points = rule_call(baddie_points, state.day, len(state.party), extra_points)
    return rule_call(build_queue, points, state.scouted, added or [])


def _lang() -> str:
    from gm_assist.core.i18n import lang

    return lang()


class _BattleAction(Action):
    game: ClassVar[str] = "tmb"


class StartBattle(_BattleAction):
    """Battle set-up (p. 18): build the queue, first four chips into lanes 1–4, initiative track."""

    extra_points: int = 0
    added: list[int] = Field(default_factory=list)
    baddies: list[bt.UnitIn] = Field(default_factory=list)
    rolls: dict[str, int] = Field(default_factory=dict)
    first: list[str] = Field(default_factory=list)
    tyrant: bool = False
    lead: str | None = None  # who enters first when the tyrant allows one gearloc at a time (Nom)

    def apply(self, state: TmbState) -> TmbState:
        if isinstance(state.battle, bt.Battle) and not state.battle.closed:
            raise GmError("tmb_battle.error.battle_running")
        queue, left = start_queue(state, self.tyrant, self.extra_points, self.added)
        rolls = {bt.fold(k): v for k, v in self.rolls.items()}
        gearlocs = []
        for g in fighters(state):
            if bt.fold(g.name) not in rolls:
                raise GmError("tmb_battle.error.roll_missing", name=g.name)
            rule_call(check_initiative, rolls[bt.fold(g.name)], g.name)
            known = g.max_hp > 0  # HP not entered on the sheet yet: the table keeps them alone
            gearlocs.append(
                bt.UnitIn(
                    name=g.name,
                    initiative=rolls[bt.fold(g.name)],
                    hp=g.hp if known else None,
                    max_hp=g.max_hp if known else None,
                )
            )
        unknown = set(rolls) - {bt.fold(g.name) for g in state.party}
        if self.lead is not None and bt.fold(self.lead) not in {bt.fold(g.name or "") for g in gearlocs}:
            unknown.add(self.lead)
        if unknown:
            raise GmError("tmb_battle.error.not_in_party", name=", ".join(sorted(unknown)))
        setup = state.tyrant.battle if self.tyrant else None
        battle = rule_call(
            bt.start_battle,
            queue,
            gearlocs,
            self.baddies,
            self.first,
            graveyard_of(state),
            self.tyrant,
            state.tyrant.id if self.tyrant else None,
            setup.rules if setup else (),
            self.lead,
        )
        scouted = {v: left.get(v, []) for v in (1, 5, 20)}
        return sync_party(state.model_copy(update={"scouted": scouted}), battle)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.start", {})


class _UnitAction(_BattleAction):
    target: str
    shown: str = ""  # the unit's name for the journal label (the target may be a lane number)

    @property
    def who(self) -> str:
        return self.shown or self.target

    def unit(self, state: TmbState) -> bt.Unit:
        return rule_call(find_unit, running(state), self.target)


class ChangeHp(_UnitAction):
    """Damage (after the table's defense) or healing of one unit (p. 10, 19-20)."""

    amount: int = Field(ge=1)
    heal: bool = False

    def apply(self, state: TmbState) -> TmbState:
        uid = self.unit(state).uid
        delta = self.amount if self.heal else -self.amount
        return sync_party(state, rule_call(bt.change_hp, running(state), uid, delta))

    def label(self) -> tuple[str, dict[str, Any]]:
        key = "tmb_battle.action.heal" if self.heal else "tmb_battle.action.damage"
        return (key, {"name": self.who, "amount": self.amount})


class SetHp(_UnitAction):
    """Correct a unit's HP to what the table shows."""

    hp: int = Field(ge=0)

    def apply(self, state: TmbState) -> TmbState:
        return sync_party(state, rule_call(bt.set_hp, running(state), self.unit(state).uid, self.hp))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.set_hp", {"name": self.who, "hp": self.hp})


class Defeat(_UnitAction):
    """A baddie is defeated: its lane and die are free again (p. 18)."""

    def apply(self, state: TmbState) -> TmbState:
        return sync_party(state, rule_call(bt.defeat, running(state), self.unit(state).uid))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.defeat", {"name": self.who})


class KnockOut(_UnitAction):
    """A gearloc is KO (p. 20)."""

    def apply(self, state: TmbState) -> TmbState:
        return sync_party(state, rule_call(bt.knock_out, running(state), self.unit(state).uid))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.ko", {"name": self.who})


class Revive(_BattleAction):
    """A KO'd gearloc is revived; it re-enters at the top at the end of the round (p. 22)."""

    target: str
    hp: int = Field(ge=1)

    def apply(self, state: TmbState) -> TmbState:
        return sync_party(state, rule_call(bt.revive, running(state), self.target, self.hp))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.revive", {"name": self.target, "hp": self.hp})


class MoveOnTrack(_UnitAction):
    """An ability moves a unit on the track; effective at the end of the round (p. 17)."""

    steps: int

    def apply(self, state: TmbState) -> TmbState:
        uid = self.unit(state).uid
        return sync_party(state, rule_call(bt.move_on_track, running(state), uid, self.steps))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.move", {"name": self.who, "steps": self.steps})


class PlaceUnit(_UnitAction):
    """Where a baddie now stands on the mat (kept for the arrival positions, p. 18)."""

    lane: int
    position: Literal["melee", "ranged"]

    def apply(self, state: TmbState) -> TmbState:
        uid = self.unit(state).uid
        return sync_party(state, rule_call(bt.place_unit, running(state), uid, self.lane, self.position))

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.place", {"name": self.who, "lane": self.lane})


class _EventAction(_BattleAction):
    """A battle step whose rules raise events for the table (``resolve``)."""

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def settled(self, state: TmbState, battle: bt.Battle, events: list[Message]) -> Outcome:
        return Outcome(sync_party(state, battle), events)


class Hit(_UnitAction, _EventAction):
    """A hit (p. 11, p. 22): damage spends the target's shields, then its Buff HP, then its HP;
    True Dmg (critical hits) go straight to its HP."""

    damage: int = Field(default=0, ge=0)
    crits: int = Field(default=0, ge=0)

    def resolve(self, state: TmbState) -> Outcome:
        battle, events = rule_call(book.hit, running(state), self.unit(state).uid, self.damage, self.crits)
        return self.settled(state, battle, events)

    def label(self) -> tuple[str, dict[str, Any]]:
        kind = "hit_crits" if not self.damage else "hit_damage" if not self.crits else "hit"
        return (f"tmb_battle.action.{kind}", {"name": self.who, "damage": self.damage, "crits": self.crits})


class SetEffect(_UnitAction):
    """An effect die put on a unit, turned to another face, or taken off (value 0; p. 22)."""

    effect: book.Effect
    value: int = Field(ge=0)

    def apply(self, state: TmbState) -> TmbState:
        uid = self.unit(state).uid
        return sync_party(state, rule_call(book.set_effect, running(state), uid, self.effect, self.value))

    def label(self) -> tuple[str, dict[str, Any]]:
        key = "tmb_battle.action.effect" if self.value else "tmb_battle.action.effect_off"
        return (key, {"name": self.who, "effect": book.effect_names(self.effect), "value": self.value})


class SetCounter(_UnitAction):
    """A unit's shields, Buff HP or Backup Plan bones set to what the table shows."""

    counter: book.Counter
    value: int = Field(ge=0)

    def apply(self, state: TmbState) -> TmbState:
        uid = self.unit(state).uid
        return sync_party(state, rule_call(book.set_counter, running(state), uid, self.counter, self.value))

    def label(self) -> tuple[str, dict[str, Any]]:
        return (f"tmb_battle.action.{self.counter}", {"name": self.who, "value": self.value})


class NextTurn(_EventAction):
    """The current unit's turn is over (p. 16); the next one's effect dice trigger (p. 19)."""

    def resolve(self, state: TmbState) -> Outcome:
        battle, events = book.begin_turn(rule_call(bt.next_turn, running(state)))
        return self.settled(state, battle, events)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.next_turn", {})


class NextRound(_EventAction):
    """End of the round: track moves, arrivals, round die, fatigue from round 6 (p. 16-18); then
    the first unit's effect dice trigger (p. 19). Every automatic effect is told as an event."""

    arrivals: list[bt.UnitIn] = Field(default_factory=list)
    first: list[str] = Field(default_factory=list)

    def resolve(self, state: TmbState) -> Outcome:
        before = running(state)
        after = rule_call(bt.next_round, before, self.arrivals, self.first)
        events = book.round_events(before, after)
        after, started = book.begin_turn(after)
        return self.settled(state, after, events + started)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.next_round", {})


class EndBattle(_BattleAction):
    """Close the battle (p. 20): victory or defeat (party wipe); unbeaten baddies face down to
    the bottom of their stacks on a defeat."""

    outcome: Literal["victory", "defeat"] | None = None

    def apply(self, state: TmbState) -> TmbState:
        done = rule_call(bt.finish, running(state), self.outcome)
        return sync_party(state, done).model_copy(update={"graveyard": done.graveyard})

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.end", {})


class RefillStack(_BattleAction):
    """An active stack ran out (p. 7): its defeated chips leave the graveyard to be shuffled into a
    new stack."""

    value: Literal[1, 5, 20]

    def apply(self, state: TmbState) -> TmbState:
        from .rules.queue import refill_stack

        _, rest = rule_call(refill_stack, self.value, graveyard_of(state))
        return state.model_copy(update={"graveyard": rest})

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb_battle.action.refill", {"value": self.value})
