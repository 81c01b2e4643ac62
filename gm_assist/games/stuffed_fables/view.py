"""Stuffed Fables — the view model of the live table page (``gm-assist table``).

A pure function of the session state, JSON-able and language-neutral: names that depend on the
language are ``{"en": …, "fr": …}``; labels are looked up by the page in the ``[table]`` section of
the catalog. The numbers come from the rules (``rules.threat_check``, ``rules.monster_order``,
``monsters.next_monster``, ``turn.next_step``); nothing is re-derived here. The terminal's text
views stay in ``render.py``.
"""

from __future__ import annotations

from typing import Any

from . import bag, rules
from .bag import dice_spaces
from .model import SfState
from .monsters import next_monster
from .turn import next_step


def _pool(state: SfState, pool: dict[str, int]) -> list[dict[str, Any]]:
    """A zone's dice by colour, in the order of the colour table (colours with no die left out)."""
    return [{"colour": c.id, "count": pool[c.id]} for c in state.colours if pool.get(c.id)]


def table_view(state: SfState) -> dict[str, Any]:
    """What the table sees at a glance: the threat track with its black dice and the monster cards
    in order, the dice by zone and colour, each stuffie's stuffing, stored dice and state."""
    threat = bag.with_use(state.colours, "threat")
    with_die = dice_spaces(state)
    order = rules.monster_order(state.monsters)
    acting_next = next_monster(state)
    acted = set(state.monster_turn.acted) if state.monster_turn else set()
    by_name = {m.name: m for m in state.monsters}
    monsters = [
        {
            "name": name,
            "kind": by_name[name].kind,
            "position": by_name[name].position,
            "stuffing": by_name[name].stuffing,
            "defense": by_name[name].defense,
            "black_die": by_name[name].position in with_die,
            "acted": name in acted,
            "next": name == acting_next,
        }
        for name in order
    ]
    check = (
        rules.threat_check(state.track, len(state.monsters), len(state.stuffies)) if state.stuffies else None
    )
    spaces = max([*with_die, *(by_name[name].position for name in order), len(state.stuffies) + 1])
    stuffies = [
        {
            "name": s.name,
            "stuffing": s.stuffing,
            "recovery_value": s.recovery_value,
            "hearts": s.hearts,
            "buttons": s.buttons,
            "unconscious": s.unconscious,
            "sleep_cards": s.sleep_cards,
            "conditions": list(s.conditions),
            "current": s.name == state.current,
            "slots": [{"name": sl.name, "brave": sl.brave, "die": sl.die} for sl in s.slots],
            "stored": sum(1 for sl in s.slots if sl.die),
        }
        for s in state.stuffies
    ]
    task = state.group_task
    return {
        "edition": state.edition,
        "turns": state.turns,
        "current": state.current,
        "pending": state.pending,
        "next": next_step(state).key,
        "colours": [
            {
                "id": c.id,
                "names": {"en": c.name("en"), "fr": c.name("fr")},
                "uses": list(c.uses),
                "threat": c.id in threat,
            }
            for c in state.colours
        ],
        "track": {
            "black": state.track,
            "spaces": spaces,
            "with_die": with_die,
            "colour": threat[0] if threat else "black",
        },
        "threat_check": check.model_dump(mode="json", exclude={"rule"}) if check else None,
        "monsters": monsters,
        "monster_turn": (
            {
                "order": list(state.monster_turn.order),
                "acted": list(state.monster_turn.acted),
                "from_surge": state.monster_turn.from_surge,
            }
            if state.monster_turn
            else None
        ),
        "bag": {"dice": _pool(state, state.bag), "total": bag.pool_size(state.bag)},
        "hand": {"dice": _pool(state, state.hand), "total": bag.pool_size(state.hand)},
        "discard": {"dice": _pool(state, state.discard), "total": bag.pool_size(state.discard)},
        "group_task": (
            {"target": task.target, "total": task.total, "dice": _pool(state, task.dice)} if task else None
        ),
        "stuffies": stuffies,
    }


def changes(now: Any, then: Any) -> list[str]:
    """What moving from ``now`` to ``then`` changes, in the table's words (guided Undo/Redo): each
    stuffie's stuffing, hearts and buttons, minions coming back or leaving and their space and
    stuffing, the threat track and whose turn it is."""
    from gm_assist.core.changes import by_name, said
    from gm_assist.core.i18n import t

    out = said(
        item
        for name, a, b in by_name(now.stuffies, then.stuffies)
        if a is not None and b is not None
        for item in (
            ("stuffed_fables.change.stuffing", {"name": name}, a.stuffing, b.stuffing),
            ("stuffed_fables.change.hearts", {"name": name}, a.hearts, b.hearts),
            ("stuffed_fables.change.buttons", {"name": name}, a.buttons, b.buttons),
            ("stuffed_fables.change.stored", {"name": name}, _stored(now, a), _stored(then, b)),
        )
    )
    for name, a, b in by_name(now.monsters, then.monsters):
        if a is None:
            out.append(t("stuffed_fables.change.minion_back", name=name, space=b.position))
        elif b is None:
            out.append(t("stuffed_fables.change.minion_gone", name=name))
        else:
            out += said(
                [
                    ("stuffed_fables.change.space", {"name": name}, a.position, b.position),
                    ("stuffed_fables.change.stuffing", {"name": name}, a.stuffing, b.stuffing),
                ]
            )
    out += said([("stuffed_fables.change.threat", {}, now.track, then.track)])
    if now.current and then.current and now.current != then.current:
        out.append(t("stuffed_fables.change.turn", a=now.current, b=then.current))
    return out


def _stored(state: Any, stuffie: Any) -> str:
    """A stuffie's stored dice in words ("orange, —"), for the Undo/Redo entries."""
    from .render import die_name

    return ", ".join(die_name(state, slot.die) for slot in stuffie.slots)
