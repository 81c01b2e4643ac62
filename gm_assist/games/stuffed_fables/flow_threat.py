"""Stuffed Fables guided mode, after the stuffie's turn: the surge and the monster turn, monster by
monster in threat order (« Fin du tour d'une peluche », « Tour des monstres »). Steps of the menu
in `flow.py`; they record the same actions as the CLI."""

from __future__ import annotations

from functools import partial
from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t

from . import actions, monsters, rules
from .model import SfState
from .parse import monsters_of
from .view import die_name, entered_lines, slot_name


def _record(session: str, action: actions.SfAction) -> tuple[SfState, dict]:
    """Record one action on the session; returns the new state and what the action did."""
    from gm_assist.core.session import record

    rec = record(action, session)
    info, events = actions.told(rec.events)
    prompts.events(events)
    return rec.state, info


def _say_odds(state: SfState, kind: str, **params: Any) -> None:
    """Show the exact chance of the roll about to happen (`odds.py`), with its rule card."""
    from . import odds
    from .odds_view import print_lines

    if kind == "draw":
        result = {**odds.draw_chances(state, params.get("count", 5)), "stuffie": params["stuffie"]}
    elif kind == "recover":
        result = odds.recovery_chances(params["white"], params["value"])
    elif kind == "defend":
        result = odds.defence_chances(params["attack"], params.get("stuffing"))
    else:
        result = odds.action_chances(state, kind, params.get("target", 0), params.get("colour"))
    prompts.show(partial(print_lines, state, result))


# --- surge and monster turn ------------------------------------------------------------


def _ask_monsters(key: str) -> list[str]:
    specs: list[str] = []
    while True:
        spec = prompts.text(t(key, n=len(specs) + 1)).strip()
        if not spec:
            return specs
        monsters_of([spec])
        specs.append(spec)


def _surge(session: str, state: SfState) -> None:
    specs = _ask_monsters("stuffed_fables.flow.surge_monster")
    _, info = _record(session, actions.Surge(monsters=monsters_of(specs)))
    prompts.say(t("stuffed_fables.surge.monsters" if specs else "stuffed_fables.surge.done"))
    for line in entered_lines(info["entered"]):
        prompts.say(line)


def _encounter(session: str, state: SfState) -> None:
    """« Les rencontres »: the minions named enter play; each is said with the threat space it
    stands under (as the `encounter` command says it)."""
    prompts.say(t("stuffed_fables.flow.encounter_hint", n=rules.encounter_size(len(state.stuffies))))
    specs = _ask_monsters("stuffed_fables.flow.encounter_monster")
    if specs:
        _, info = _record(session, actions.Encounter(monsters=monsters_of(specs)))
        for line in entered_lines(info["entered"]):
            prompts.say(line)


def _activate(session: str, state: SfState) -> None:
    name = monsters.next_monster(state)
    if name is None:
        raise GmError("stuffed_fables.error.all_acted")
    roll = prompts.integer(t("stuffed_fables.flow.black_roll", monster=name), min=1, max=6)
    _, info = _record(session, actions.Activate(monster=name, roll=roll))
    m = info["monster"]
    key = "stuffed_fables.activate.done" if info["had_die"] else "stuffed_fables.activate.no_die"
    prompts.say(t(key, name=m.name, position=m.position, roll=roll))
    prompts.say(t("stuffed_fables.reminder.move"))
    prompts.say(t("stuffed_fables.reminder.attack"))


def _monster_attack(session: str, state: SfState) -> None:
    monsters.check_attacker(state)  # before any question: only the activated minion, once
    awake = [s.name for s in state.stuffies if not s.unconscious]
    who = (  # a single stuffie in play that is awake: nothing to ask
        awake[0]
        if len(awake) == 1
        else prompts.select(
            t("stuffed_fables.flow.attacked"), awake, rules=("stuffed-fables/monster-attack",)
        )
    )
    attack = prompts.integer(t("stuffed_fables.flow.attack_value"), min=0)
    slots = monsters.defensible_slots(state, who)
    if slots:
        stuffing = next(s.stuffing for s in state.stuffies if s.name == who)
        _say_odds(state, "defend", attack=attack, stuffing=stuffing)
    slot = (
        prompts.select(
            t("stuffed_fables.flow.defend_with"),
            [("", t("stuffed_fables.flow.no_defense")), *[(s, _stored_label(state, who, s)) for s in slots]],
            default=slots[0] if slots else "",
            rules=("stuffed-fables/defense",),
        )
        if slots
        else ""
    )
    roll = prompts.integer(t("stuffed_fables.flow.defense_roll"), min=1, max=6) if slot else None
    # the defence's result and a fall: the action's events, said by _record
    _record(session, actions.MonsterAttack(stuffie=who, attack=attack, slot=slot or None, roll=roll))


def _end_monsters(session: str, state: SfState) -> None:
    """« Fin du tour des monstres », once every monster has acted: a monster that has not is named
    first and the table asked (default: go back and let it act)."""
    if not guided.still_to_do(monsters.before_ending(state)):
        return
    _, info = _record(session, actions.EndMonsterTurn())
    if info["not_acted"]:
        prompts.say(t("stuffed_fables.monsters.skipped", names=", ".join(info["not_acted"])))
    prompts.say(t("stuffed_fables.monsters.end", n=info["black_discarded"]))


THREAT_STEPS = {
    "surge": _surge,
    "activate": _activate,
    "monster_attack": _monster_attack,
    "end_monsters": _end_monsters,
}


def _stored_label(state: SfState, who: str, slot: str) -> str:
    """A stored die as the table sees it: "orange (stored, board)" in the reader's words."""
    stuffie = next(s for s in state.stuffies if s.name == who)
    die = next((x.die for x in stuffie.slots if x.name == slot), None)
    return t("stuffed_fables.flow.in_slot", colour=die_name(state, die), slot=slot_name(slot))
