"""Journaled changes of a Too Many Bones adventure (each calls a pure rule of rules.py/sheet.py).

Dice the app rolls for the table (scouting d6 on request) are rolled before the action is built
and stored in it, so undo/redo never re-roll.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gm_assist.core.game import Action, Outcome
from gm_assist.core.message import Message, Params

from . import rules, sheet
from .model import TmbState


class _TmbAction(Action):
    game: ClassVar[str] = "tmb"


class NextDay(_TmbAction):
    """New-day phase (p. 8, 22); starts day 1 without moving the counter."""

    force: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after = rules.next_day(state, self.force)
        if not state.started:
            said = Message(key="tmb.day.first", rule="tmb/new-day")
        elif after.lost:
            said = Message(key="tmb.day.lost", params={"days": after.tyrant.days}, rule="tmb/adventure-end")
        else:
            said = Message(
                key="tmb.day.new", params={"day": after.day, "days": after.tyrant.days}, rule="tmb/new-day"
            )
        return Outcome(after, [said])

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.next_day", {})


class SetDay(_TmbAction):
    """The table sets the day counter (override)."""

    day: int

    def apply(self, state: TmbState) -> TmbState:
        return rules.set_day(state, self.day)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.set_day", {"day": self.day})


class DrawEncounter(_TmbAction):
    """Encounter phase: draw the top encounter card (p. 8)."""

    title: str = ""
    fight: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return rules.draw_encounter(state, self.title, self.fight)

    def label(self) -> tuple[str, dict[str, Any]]:
        if self.title:
            return ("tmb.action.encounter_titled", {"title": self.title})
        return ("tmb.action.encounter", {})


class ChooseFight(_TmbAction):
    """The option the table picked on the card: fight or peaceful (p. 8)."""

    fight: bool

    def apply(self, state: TmbState) -> TmbState:
        return rules.choose_fight(state, self.fight)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.fight" if self.fight else "tmb.action.peaceful", {})


class ChallengeTyrant(_TmbAction):
    """Encounter phase: challenge the tyrant (p. 16, 22)."""

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        """The challenge, then the tyrant card's battle set-up (or where to read it)."""
        after = rules.challenge_tyrant(state)
        go: Params = {"tyrant": dict(after.tyrant.names), "attempt": after.tyrant_attempts}
        said = [Message(key="tmb.challenge.go", params=go, rule="tmb/tyrant-battle")]
        setup = after.tyrant.battle
        if setup is not None:
            said.append(Message(key="tmb.challenge.setup", params={"text": dict(setup.text)}))
        else:
            said.append(Message(key="tmb.challenge.read_card"))
        return Outcome(after, said)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.challenge", {})


class Resolve(_TmbAction):
    """Success or failure of today's encounter (p. 8-9)."""

    success: bool

    def apply(self, state: TmbState) -> TmbState:
        return rules.resolve_encounter(state, self.success)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.success" if self.success else "tmb.action.failure", {})


class TakeReward(_TmbAction):
    """Reward phase (p. 9)."""

    reward: rules.Reward
    title: str = ""

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after = rules.take_reward(state, self.reward, self.title)
        progress: Params = {"progress": after.progress, "needed": after.tyrant.progress}
        said = [Message(key="tmb.reward.done", params=progress, rule="tmb/rewards")]
        loot, locked = self.reward.loot, self.reward.locked
        if loot or locked:
            said.append(
                Message(key="tmb.reward.loot", params={"loot": loot, "locked": locked}, rule="tmb/loot")
            )
        return Outcome(after, said)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.reward", {"progress": self.reward.progress, "training": self.reward.training})


class SetSheet(_TmbAction):
    """The printed starting stats of a gearloc mat (p. 10)."""

    index: int
    name: str
    hp: int | None = None
    dex: int | None = None
    atk: int | None = None
    defense: int | None = None

    def apply(self, state: TmbState) -> TmbState:
        return sheet.set_base_stats(state, self.index, self.hp, self.dex, self.atk, self.defense)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.sheet", {"name": self.name})


def starting_sheets(state: TmbState, hps: dict[int, int]) -> list[SetSheet]:
    """The journaled steps that follow a new adventure's creation, the same whether it starts from
    the guided wizard or from ``tmb new --hp``: one ``SetSheet`` per gearloc whose printed HP the
    table gave (``hps``: gearloc index → HP), in party order. Each is checked here, before anything
    is saved, so bad input leaves no session behind."""
    out = []
    for index, hp in sorted(hps.items()):
        action = SetSheet(index=index, name=state.party[index].name, hp=hp)
        state = action.apply(state)
        out.append(action)
    return out


class Train(_TmbAction):
    """Spend a training point (p. 10-12, 22)."""

    index: int
    name: str
    stat: str
    success: bool | None = None
    skill: str = ""

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after, worked = sheet.train(state, self.index, self.stat, self.success, self.skill)
        params: Params = {"name": self.name, "stat": sheet.stat_label(self.stat)}
        key = "tmb.train.ok" if worked else "tmb.train.failed"
        if worked and self.stat == "skill":  # p. 12: the skill's own die goes on the mat
            key, params = "tmb.train.skill", {"name": self.name, "skill": self.skill.strip() or "?"}
        said = Message(key=key, params=params, rule="tmb/training")
        return Outcome(after, [said])

    def label(self) -> tuple[str, dict[str, Any]]:
        key = "tmb.action.train" if self.success is not False else "tmb.action.train_failed"
        from .sheet import stat_label

        return (key, {"name": self.name, "stat": stat_label(self.stat)})


class AddLoot(_TmbAction):
    """A gearloc takes a loot card (p. 9, 21)."""

    index: int
    name: str
    card: str
    locked: bool = False
    heavy: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return sheet.add_loot(state, self.index, self.card, self.locked, self.heavy)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.loot_add", {"name": self.name, "card": self.card})


class DropLoot(_TmbAction):
    """Discard a loot card (p. 21)."""

    index: int
    name: str
    card: str

    def apply(self, state: TmbState) -> TmbState:
        return sheet.drop_loot(state, self.index, self.card)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.loot_drop", {"name": self.name, "card": self.card})


class GiveLoot(_TmbAction):
    """Trade a loot card between gearlocs (p. 9)."""

    giver: int
    taker: int
    names: tuple[str, str]
    card: str

    def apply(self, state: TmbState) -> TmbState:
        return sheet.give_loot(state, self.giver, self.taker, self.card)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.loot_give", {"giver": self.names[0], "taker": self.names[1], "card": self.card})


class Lockpick(_TmbAction):
    """One lockpicking attempt (p. 21)."""

    picker: int
    owner: int
    name: str
    card: str
    opened: int
    revealed: str = ""
    heavy: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after = sheet.lockpick(
            state, self.picker, self.owner, self.card, self.opened, self.revealed, self.heavy
        )
        return Outcome(
            after, [Message(key="tmb.lockpick.done", params={"opened": self.opened}, rule="tmb/lockpicking")]
        )

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.lockpick", {"name": self.name, "opened": self.opened})


class Rest(_TmbAction):
    """Recovery option: rest and recover (p. 9)."""

    index: int
    name: str

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after = sheet.rest(state, self.index)
        g = after.party[self.index]
        hp: Params = {"name": self.name, "hp": g.hp, "max_hp": g.max_hp}
        return Outcome(after, [Message(key="tmb.rest.done", params=hp, rule="tmb/rest")])

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.rest", {"name": self.name})


class Search(_TmbAction):
    """Recovery option: search for better loot (p. 9)."""

    index: int
    name: str
    discard: str
    keep: str = ""
    force: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return self.resolve(state).state

    def resolve(self, state: TmbState) -> Outcome:
        after = sheet.search(state, self.index, self.discard, self.keep, self.force)
        return Outcome(
            after, [Message(key="tmb.search.done", params={"name": self.name}, rule="tmb/search-loot")]
        )

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.search", {"name": self.name})


class Scout(_TmbAction):
    """Recovery option: scout the area with the d6 (p. 9); the roll is stored."""

    index: int
    name: str
    roll: int
    stack: int | None = None
    baddie: str = ""
    face_up: bool = True
    force: bool = False

    def apply(self, state: TmbState) -> TmbState:
        return sheet.scout(state, self.index, self.roll, self.stack, self.baddie, self.face_up, self.force)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("tmb.action.scout", {"name": self.name, "roll": self.roll})
