"""Stuffed Fables actions: every journaled change of a session (undo/redo/history show the label).

Each action stores what the table entered (and what the app drew, when asked), so replaying it never
re-rolls. `run(state)` returns the new state and what the screen shows; `resolve` hands both out in
the `Outcome` (what the screen shows as a `Told`, the first of its events), so no front-end runs the
rules again to learn what happened; `apply` keeps the state. Rules live in `turn.py`, `monsters.py`,
`rules.py`.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from gm_assist.core.game import Action, Outcome
from gm_assist.core.message import Message, Params

from . import adjust, monsters, rules, turn
from .model import MonsterKind, SfState

Result = tuple[SfState, dict[str, Any]]


class Told(NamedTuple):
    """What an action worked out for the screen and ``--json`` (the check, the dice drawn, the
    minions that entered…): carried in its ``Outcome.events``, never saved, never a line for the
    table by itself (the front-ends take it out with :func:`told`)."""

    info: dict[str, Any]


def told(events: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """Split a recorded change's events into what the action worked out (``{}`` without a
    ``Told``) and the events for the table."""
    info = next((e.info for e in events if isinstance(e, Told)), {})
    return info, [e for e in events if not isinstance(e, Told)]


class SfAction(Action):
    """Base: `run` does the work; `resolve` returns its state and what it worked out (`Told`);
    `apply` keeps only the new state."""

    game: ClassVar[str] = "stuffed-fables"

    def run(self, state: SfState) -> Result:  # pragma: no cover - abstract
        raise NotImplementedError

    def resolve(self, state: SfState) -> Outcome:
        new, info = self.run(state)
        return Outcome(new, [Told(info), *self.said(new, info)])

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        """What the table hears from this change (each line with its rule card): none by default."""
        return []

    def apply(self, state: SfState) -> SfState:
        return self.run(state)[0]


class Draw(SfAction):
    stuffie: str
    dice: list[str]
    seed: int | None = None

    def run(self, state: SfState) -> Result:
        new, refilled = turn.draw(state, self.stuffie, self.dice)
        return new, {"stuffie": self.stuffie, "dice": self.dice, "refilled": refilled, "seed": self.seed}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.draw", {"stuffie": self.stuffie, "n": len(self.dice)}


class Recover(SfAction):
    rolls: list[int]
    value: int | None = None

    def run(self, state: SfState) -> Result:
        new, check = turn.recover(state, self.rolls, self.value)
        return new, {"check": check, "stuffie": state.current}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.recover", {"total": sum(self.rolls)}


class PlaceThreat(SfAction):
    def run(self, state: SfState) -> Result:
        new, spaces = turn.place_threat(state)
        return new, {"spaces": spaces}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.place_threat", {}


class Move(SfAction):
    dice: list[str]
    stored: list[str] = []
    rolls: list[int]

    def run(self, state: SfState) -> Result:
        new, check = turn.move(state, self.dice, self.stored, self.rolls)
        return new, {"spaces": check.total, "check": check}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.move", {"total": sum(self.rolls)}


def colour_words(colour: str) -> dict[str, str] | str:
    """A die colour's name in each language for a journal label ("green" / "vert"), from the
    edition data (the colour id itself when no edition knows it)."""
    from .bag import load_colours

    for edition in ("fr", "en"):
        try:
            known = {c.id: c for c in load_colours(edition)[1]}
        except (OSError, ValueError, KeyError):
            continue
        if colour in known and getattr(known[colour], "names", None):
            return dict(known[colour].names)
    return colour


def slot_words(slot: str) -> dict[str, str] | str:
    """A slot for a journal label: the stuffie's board in each language, another slot as named."""
    from gm_assist.core.i18n import LANGS, t_in

    return {lg: t_in(lg, "stuffed_fables.table.board") for lg in LANGS} if slot == "board" else slot


class Store(SfAction):
    colour: str
    slot: str = "board"

    def run(self, state: SfState) -> Result:
        return turn.store(state, self.colour, self.slot), {"colour": self.colour, "slot": self.slot}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.store", {
            "colour": colour_words(self.colour),
            "slot": slot_words(self.slot),
        }


class EncourageDie(SfAction):
    to: str
    colour: str
    slot: str = "board"

    def run(self, state: SfState) -> Result:
        new, pushed = turn.encourage_die(state, self.to, self.colour, self.slot)
        return new, {"to": self.to, "colour": self.colour, "discarded": pushed}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.encourage_die", {"to": self.to, "colour": colour_words(self.colour)}


class EncourageStuffing(SfAction):
    to: str
    colour: str

    def run(self, state: SfState) -> Result:
        giver = turn.acting(state).name
        new = turn.encourage_stuffing(state, self.to, self.colour)
        fell = next(s for s in new.stuffies if s.name == giver).unconscious
        return new, {"to": self.to, "colour": self.colour, "giver": giver, "unconscious": fell}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.encourage_stuffing", {"to": self.to}


def dice_words(state: SfState, dice: list[str]) -> dict[str, str]:
    """The dice of a roll by colour name in each language ("green, pink" / "vert, rose")."""
    return {
        lang: ", ".join(next((c.name(lang) for c in state.colours if c.id == d), d) for d in dice) or "—"
        for lang in ("en", "fr")
    }


def check_said(check: Any, state: SfState, ok: str, fail: str, card: str) -> Message:
    """A check's result for the table: success or failure, its total against the target, the dice."""
    params: Params = {"total": check.total, "target": check.target, "dice": dice_words(state, check.dice)}
    return Message(key=ok if check.success else fail, params=params, rule=card)


class SkillTest(SfAction):
    colour: str
    target: int
    dice: list[str] = []
    stored: list[str] = []
    rolls: list[int] = []

    def run(self, state: SfState) -> Result:
        new, check, auto = turn.skill_test(
            state, self.colour, self.dice, self.stored, self.rolls, self.target
        )
        return new, {"check": check, "automatic_failure": auto}

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        ok, fail = "stuffed_fables.test.ok", "stuffed_fables.test.fail"
        return [check_said(info["check"], new, ok, fail, "stuffed-fables/skill-test")]

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.test", {"colour": colour_words(self.colour), "target": self.target}


class Search(SfAction):
    target: int
    dice: list[str]
    stored: list[str] = []
    rolls: list[int]

    def run(self, state: SfState) -> Result:
        new, check = turn.search(state, self.dice, self.stored, self.rolls, self.target)
        return new, {"check": check}

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        ok, fail = "stuffed_fables.search.ok", "stuffed_fables.search.fail"
        return [check_said(info["check"], new, ok, fail, "stuffed-fables/search")]

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.search", {"target": self.target}


class Attack(SfAction):
    monster: str
    kind: str = "melee"
    dice: list[str]
    stored: list[str] = []
    rolls: list[int]
    defense: int | None = None

    def run(self, state: SfState) -> Result:
        new, check, defeated, brave = turn.attack(
            state, self.monster, self.kind, self.dice, self.stored, self.rolls, self.defense
        )
        monster = next((m for m in new.monsters if m.name == self.monster), None)
        return new, {
            "check": check,
            "hit": check.success,
            "defeated": defeated,
            "brave": brave,
            "monster_stuffing": monster.stuffing if monster else 0,
            "stuffie": state.current,
        }

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        hit, miss = "stuffed_fables.attack.hit", "stuffed_fables.attack.miss"
        out = [check_said(info["check"], new, hit, miss, f"stuffed-fables/attack-{self.kind}")]
        who = {"monster": self.monster, "stuffie": info["stuffie"] or ""}
        if info["defeated"]:
            out.append(
                Message(
                    key="stuffed_fables.attack.defeated", params=who, rule="stuffed-fables/buttons-hearts"
                )
            )
            if info["brave"]:
                out.append(
                    Message(key="stuffed_fables.attack.brave", params=who, rule="stuffed-fables/brave")
                )
        elif info["hit"]:
            left = {"monster": self.monster, "n": info["monster_stuffing"]}
            out.append(
                Message(key="stuffed_fables.attack.stuffing_left", params=left, rule="stuffed-fables/bosses")
            )
        return out

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.attack", {"monster": self.monster}


class OpenGroupTask(SfAction):
    target: int

    def run(self, state: SfState) -> Result:
        return turn.group_task(state, self.target), {"target": self.target}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.group_task", {"target": self.target}


class Contribute(SfAction):
    dice: list[str]
    stored: list[str] = []
    rolls: list[int]

    def run(self, state: SfState) -> Result:
        task = state.group_task
        new, done = turn.contribute(state, self.dice, self.stored, self.rolls)
        total = (task.total if task else 0) + sum(self.rolls)
        return new, {"done": done, "total": total, "target": task.target if task else 0}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.contribute", {"total": sum(self.rolls)}


class EndTurn(SfAction):
    def run(self, state: SfState) -> Result:
        new, check, spaces = turn.end_turn(state)
        return new, {
            "stuffie": state.current,
            "threat": check,
            "spaces": spaces,
            "order": new.monster_turn.order if new.monster_turn else [],
        }

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        from gm_assist.core.i18n import LANGS, t_in

        check = info["threat"]
        numbers = {"black": check.black, "monsters": check.monsters, "stuffies": check.stuffies}
        told: Params = {
            "outcome": {lg: t_in(lg, f"stuffed_fables.threat.outcome.{check.outcome}") for lg in LANGS},
            "rule": {lg: t_in(lg, check.rule, **numbers) for lg in LANGS},
        }
        ended: Params = {"stuffie": info["stuffie"] or ""}
        return [
            Message(key="stuffed_fables.end.discarded", params=ended, rule="stuffed-fables/turn"),
            Message(key="stuffed_fables.threat.told", params=told, rule="stuffed-fables/threat-check"),
        ]

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.end_turn", {}


class Surge(SfAction):
    monsters: list[tuple[str, MonsterKind]] = []

    def run(self, state: SfState) -> Result:
        new = turn.surge(state, self.monsters)
        return new, {
            "monsters_enter": bool(self.monsters),
            "entered": [m for m in new.monsters if m.name not in {x.name for x in state.monsters}],
            "order": new.monster_turn.order if new.monster_turn else [],
        }

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.surge", {"n": len(self.monsters)}


class Encounter(SfAction):
    mode: str = "identified"
    monsters: list[tuple[str, MonsterKind]]

    def run(self, state: SfState) -> Result:
        new = monsters.encounter(state, self.monsters)
        entered = [m for m in new.monsters if m.name not in {x.name for x in state.monsters}]
        info: dict = {"mode": self.mode, "entered": entered}
        if self.mode == "random":  # the storybook names its encounters: a count means nothing there
            info["expected"] = rules.encounter_size(len(state.stuffies))
        return new, info

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.encounter", {"n": len(self.monsters)}


class Activate(SfAction):
    monster: str | None = None
    roll: int

    def run(self, state: SfState) -> Result:
        new, monster, had_die = monsters.activate(state, self.monster, self.roll)
        return new, {
            "monster": monster,
            "roll": self.roll,
            "had_die": had_die,
            "next_monster": monsters.next_monster(new),
        }

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.activate", {"monster": self.monster or "?", "roll": self.roll}


class MonsterAttack(SfAction):
    stuffie: str
    attack: int
    slot: str | None = None
    roll: int | None = None
    force: bool = False

    def run(self, state: SfState) -> Result:
        new, defense, fell = monsters.monster_attack(
            state, self.stuffie, self.attack, self.slot, self.roll, self.force
        )
        left = next(s for s in new.stuffies if s.name == self.stuffie).stuffing
        return new, {"stuffie": self.stuffie, "defense": defense, "unconscious": fell, "stuffing": left}

    def said(self, new: SfState, info: dict[str, Any]) -> list[Message]:
        d = info["defense"]
        key = "none" if d.roll is None else ("kept" if d.die_kept else "lost")
        roll = d.roll if d.roll is not None else ""
        params: Params = {"lost": d.stuffing_lost, "attack": d.attack, "roll": roll}
        out = [Message(key=f"stuffed_fables.defend.{key}", params=params, rule="stuffed-fables/defense")]
        if info["unconscious"]:
            fell: Params = {"stuffie": self.stuffie}
            out.append(
                Message(key="stuffed_fables.unconscious.fell", params=fell, rule="stuffed-fables/unconscious")
            )
        return out

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.monster_attack", {"stuffie": self.stuffie, "attack": self.attack}


class EndMonsterTurn(SfAction):
    def run(self, state: SfState) -> Result:
        new, skipped = monsters.end_monster_turn(state)
        return new, {"not_acted": skipped, "black_discarded": state.track}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.end_monsters", {}


class AdjustStuffie(SfAction):
    stuffie: str
    changes: dict[str, int]

    def run(self, state: SfState) -> Result:
        return rules.adjust_stuffie(state, self.stuffie, self.changes), {"stuffie": self.stuffie}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.adjust", {"name": self.stuffie}


class AdjustMonster(SfAction):
    monster: str
    changes: dict[str, int] = {}
    remove: bool = False

    def run(self, state: SfState) -> Result:
        if self.remove:
            return rules.remove_monster(state, self.monster), {"monster": self.monster, "removed": True}
        return adjust.correct_monster(state, self.monster, self.changes), {"monster": self.monster}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.adjust", {"name": self.monster}


class AdjustSlot(SfAction):
    """A correction: the die a stuffie's slot holds (None: empty)."""

    stuffie: str
    slot: str = "board"
    die: str | None = None

    def run(self, state: SfState) -> Result:
        new = adjust.set_stored_die(state, self.stuffie, self.slot, self.die)
        return new, {"stuffie": self.stuffie, "slot": self.slot, "die": self.die}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.adjust", {"name": self.stuffie}


class AdjustTrack(SfAction):
    """A correction: the black dice on the threat track."""

    black: int

    def run(self, state: SfState) -> Result:
        return adjust.set_track(state, self.black), {"track": self.black}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.adjust_track", {"n": self.black}


class AddSlot(SfAction):
    stuffie: str
    slot: str
    brave: bool = False

    def run(self, state: SfState) -> Result:
        return rules.add_slot(state, self.stuffie, self.slot, self.brave), {"stuffie": self.stuffie}

    def label(self) -> tuple[str, dict]:
        return "stuffed_fables.action.add_slot", {"stuffie": self.stuffie, "slot": self.slot}
