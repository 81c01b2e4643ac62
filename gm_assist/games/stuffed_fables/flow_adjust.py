"""Stuffed Fables guided mode: the correction menu. The table has the last word on every counter
it can get wrong — a stuffie's stuffing, hearts, buttons, stuffing value and stored dice; a minion's
threat space, stuffing and defense (or taking it off the board); the black dice on the threat
track. Each correction is one journaled action (`actions.Adjust*`), the current value proposed."""

from __future__ import annotations

from gm_assist.core import prompts
from gm_assist.core.i18n import t

from . import actions, bag
from .flow_threat import _record
from .model import SfState
from .view import die_name, slot_name, stuffie_line


def adjust(session: str, state: SfState) -> None:
    """Pick what to correct (a stuffie, a minion, the threat track), then the counter."""
    targets = [(f"s:{s.name}", stuffie_line(state, s.name)) for s in state.stuffies]
    targets += [(f"m:{m.name}", _monster_line(state, m.name)) for m in _in_order(state)]
    targets.append(("track", t("stuffed_fables.status.track", n=state.track)))
    what = prompts.select(t("stuffed_fables.flow.adjust_what"), targets)
    if what == "track":
        black = prompts.integer(t("stuffed_fables.flow.track"), default=state.track, min=0)
        new, _ = _record(session, actions.AdjustTrack(black=black))
        prompts.say(t("stuffed_fables.status.track", n=new.track))
    elif what.startswith("s:"):
        _stuffie(session, state, what[2:])
    else:
        _monster(session, state, what[2:])


def _in_order(state: SfState) -> list:
    return sorted(state.monsters, key=lambda m: m.position)


def _monster_line(state: SfState, name: str) -> str:
    m = next(x for x in state.monsters if x.name == name)
    return t(
        "stuffed_fables.flow.monster_line",
        name=m.name,
        kind=t(f"stuffed_fables.kind_of.{m.kind}"),
        position=m.position,
        stuffing=m.stuffing,
    )


def _field(label: str, value: object) -> str:
    return t("stuffed_fables.flow.field", label=label, value="?" if value is None else value)


def _stuffie(session: str, state: SfState, name: str) -> None:
    stuffie = next(s for s in state.stuffies if s.name == name)
    labels = {
        "stuffing": t("stuffed_fables.col.stuffing"),
        "hearts": t("stuffed_fables.col.hearts"),
        "buttons": t("stuffed_fables.col.buttons"),
        "recovery_value": t("stuffed_fables.flow.recovery_value"),
    }
    fields = [(k, _field(label, getattr(stuffie, k))) for k, label in labels.items()]
    fields += [
        (
            f"slot:{sl.name}",
            t("stuffed_fables.flow.stored_die", slot=_slot(sl.name, sl.brave), die=die_name(state, sl.die)),
        )
        for sl in stuffie.slots
    ]
    field = prompts.select(t("stuffed_fables.flow.adjust_field", name=name), fields)
    if field.startswith("slot:"):
        slot = next(sl for sl in stuffie.slots if sl.name == field[5:])
        storable = bag.with_use(state.colours, "store")
        die = prompts.select(
            t("stuffed_fables.flow.stored_now", slot=_slot(slot.name, slot.brave)),
            [
                ("none", t("stuffed_fables.flow.no_die")),
                *[(c, bag.display(state.colours, c)) for c in storable],
            ],
            default=slot.die or "none",
        )
        action: actions.SfAction = actions.AdjustSlot(
            stuffie=name, slot=slot.name, die=None if die == "none" else die
        )
    else:
        least = 1 if field == "recovery_value" else 0
        value = prompts.integer(labels[field], default=getattr(stuffie, field), min=least)
        action = actions.AdjustStuffie(stuffie=name, changes={field: value})
    new, _ = _record(session, action)
    prompts.say(stuffie_line(new, name))


def _slot(name: str, brave: bool) -> str:
    return slot_name(name) + (" ★" if brave else "")


def _monster(session: str, state: SfState, name: str) -> None:
    monster = next(m for m in state.monsters if m.name == name)
    labels = {
        "position": t("stuffed_fables.flow.threat_space"),
        "stuffing": t("stuffed_fables.col.stuffing"),
        "defense": t("stuffed_fables.col.defense"),
    }
    fields = [(k, _field(label, getattr(monster, k))) for k, label in labels.items()]
    field = prompts.select(
        t("stuffed_fables.flow.adjust_field", name=name),
        [*fields, ("remove", t("stuffed_fables.flow.remove"))],
    )
    if field == "remove":
        action = actions.AdjustMonster(monster=name, remove=True)
    else:
        top = len(state.monsters) if field == "position" else None
        value = prompts.integer(labels[field], default=getattr(monster, field), min=1 if top else 0, max=top)
        action = actions.AdjustMonster(monster=name, changes={field: value})
    new, _ = _record(session, action)
    if any(m.name == name for m in new.monsters):
        prompts.say(_monster_line(new, name))
    else:
        prompts.say(t("stuffed_fables.adjust.done", name=name))
