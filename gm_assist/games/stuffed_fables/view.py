"""What Stuffed Fables screens show: the one-glance summary, the status panel, the next step, and
the view model of the live table page (``gm-assist table``).

No rules here: only reading the state and translating; rich is imported inside functions. The
table page's model (``table_view``) is a pure function of the session state, JSON-able and
language-neutral: names that depend on the language are ``{"en": …, "fr": …}``; labels are looked
up by the page in the ``[table]`` section of the catalog. The numbers come from the rules
(``rules.threat_check``, ``rules.monster_order``, ``monsters.next_monster``, ``turn.next_step``);
nothing is re-derived here.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.grammar import agree
from gm_assist.core.i18n import lang, t

from . import bag, rules
from .bag import dice_spaces
from .model import Colour, Monster, SfState
from .monsters import next_monster
from .turn import next_step


def colour_name(colours: list[Colour], colour_id: str) -> str:
    """The colour's name in the current language."""
    for c in colours:
        if c.id == colour_id:
            return c.name(lang())
    return colour_id


def pool_text(colours: list[Colour], pool: dict[str, int]) -> str:
    """ "2 orange, 1 black" in the order of the colour table; "—" when empty."""
    parts = [f"{pool[c.id]} {agree(c.name(lang()), pool[c.id], lang())}" for c in colours if pool.get(c.id)]
    return ", ".join(parts) or "—"


def dice_text(colours: list[Colour], dice: list[str]) -> str:
    """ "orange, pink" for a list of colour ids."""
    return ", ".join(colour_name(colours, c) for c in dice) or "—"


def summary(state: SfState) -> dict[str, Any]:
    """The JSON summary of a session (used by `show` and by every session command's `--json`)."""
    return {
        "edition": state.edition,
        "current": state.current,
        "pending": state.pending,
        "turns": state.turns,
        "bag": state.bag,
        "hand": state.hand,
        "track": state.track,
        "discard": state.discard,
        "group_task": state.group_task.model_dump(mode="json") if state.group_task else None,
        "stuffies": [s.model_dump(mode="json") for s in state.stuffies],
        "monsters": [m.model_dump(mode="json") for m in sorted(state.monsters, key=lambda m: m.position)],
        "monster_turn": state.monster_turn.model_dump(mode="json") if state.monster_turn else None,
        "next": next_step(state).key,
    }


def entered_lines(entered: list[Monster]) -> list[str]:
    """One plain line per minion that came into play: its name, kind and the threat space it
    stands under, and a boss's stuffing tokens ("Grizzlor (boss) enters under threat space 2. —
    2 stuffing tokens (one per stuffie).")."""
    lines = []
    for m in entered:
        kind = t(f"stuffed_fables.kind_of.{m.kind}")
        extra = t("stuffed_fables.encounter.boss", n=m.stuffing) if m.kind == "boss" else ""
        lines.append(
            t("stuffed_fables.encounter.entered", name=m.name, position=m.position, kind=kind) + extra
        )
    return lines


def slot_name(slot: str) -> str:
    """A slot as the table calls it: the stuffie's board in the reader's language ("plateau"), any
    other slot by the name the table gave it."""
    return t("stuffed_fables.table.board") if slot == "board" else slot


def die_name(state: SfState, die: str | None) -> str:
    """A stored die's colour, "—" for an empty slot."""
    return colour_name(state.colours, die) if die else "—"


def slots_text(state: SfState, name: str) -> str:
    """ "board: orange; brave1 ★: —" — each slot of a stuffie and its die (★ = brave card)."""
    s = next(x for x in state.stuffies if x.name == name)
    return "; ".join(
        t(
            "stuffed_fables.status.slot",
            slot=slot_name(sl.name) + (" ★" if sl.brave else ""),
            die=die_name(state, sl.die),
        )
        for sl in s.slots
    )


def stuffie_line(state: SfState, name: str) -> str:
    """ "Lumpy: 5 stuffing, 0 hearts, 1 button; board: orange" (plain text)."""
    s = next(x for x in state.stuffies if x.name == name)
    slots = slots_text(state, name)
    flag = f" — {t('stuffed_fables.status.unconscious')}" if s.unconscious else ""
    return (
        t(
            "stuffed_fables.status.stuffie",
            name=s.name,
            stuffing=s.stuffing,
            hearts=s.hearts,
            buttons=s.buttons,
            slots=slots,
        )
        + flag
    )


def render(state: SfState, out: Any) -> None:
    """The status panel: stuffies, monsters by threat position, the dice zones, the next step."""
    from gm_assist.core.output import table

    rows = [
        [
            s.name,
            str(s.stuffing),
            str(s.hearts),
            str(s.buttons),
            slots_text(state, s.name),
            t("stuffed_fables.status.unconscious") if s.unconscious else "",
        ]
        for s in state.stuffies
    ]
    out.print(
        table(
            t("stuffed_fables.status.stuffies"),
            [
                t("stuffed_fables.col.name"),
                t("stuffed_fables.col.stuffing"),
                t("stuffed_fables.col.hearts"),
                t("stuffed_fables.col.buttons"),
                t("stuffed_fables.col.slots"),
                "",
            ],
            rows,
        )
    )
    if state.monsters:
        with_die = bag.dice_spaces(state)
        mrows = [
            [
                str(m.position),
                m.name,
                t(f"stuffed_fables.kind_of.{m.kind}"),
                str(m.stuffing),
                "?" if m.defense is None else str(m.defense),
                "●" if m.position in with_die else "",
            ]
            for m in sorted(state.monsters, key=lambda m: m.position)
        ]
        out.print(
            table(
                t("stuffed_fables.status.monsters"),
                [
                    t("stuffed_fables.col.position"),
                    t("stuffed_fables.col.name"),
                    t("stuffed_fables.col.kind"),
                    t("stuffed_fables.col.stuffing"),
                    t("stuffed_fables.col.defense"),
                    t("stuffed_fables.col.die"),
                ],
                mrows,
            )
        )
    out.print(dice_panel(state), markup=False)
    out.print(t("stuffed_fables.status.next", hint=next_step(state).text()), markup=False)


def dice_panel(state: SfState) -> str:
    """Plain-text lines: where the dice are, by colour."""
    cols = state.colours
    lines = [t("stuffed_fables.status.bag", dice=pool_text(cols, state.bag), n=bag.pool_size(state.bag))]
    if state.current or state.hand:  # no "Hand of —: —" before anyone drew
        lines.append(
            t("stuffed_fables.status.hand", stuffie=state.current or "—", dice=pool_text(cols, state.hand))
        )
    lines += [
        t("stuffed_fables.status.track", n=state.track),
        t("stuffed_fables.status.discard", dice=pool_text(cols, state.discard)),
    ]
    if state.group_task:
        lines.append(
            t(
                "stuffed_fables.status.group_task",
                total=state.group_task.total,
                target=state.group_task.target,
            )
        )
    return "\n".join(lines)


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

    return ", ".join(die_name(state, slot.die) for slot in stuffie.slots)
