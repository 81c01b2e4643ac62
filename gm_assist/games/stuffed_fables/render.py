"""What Stuffed Fables screens show: the one-glance summary, the status panel, the next step.

No rules here: only reading the state and translating. rich is imported inside functions.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core.i18n import agree, lang, t

from . import bag
from .model import Colour, Monster, SfState
from .turn import next_step


def colour_name(colours: list[Colour], colour_id: str) -> str:
    """The colour's name in the current language."""
    for c in colours:
        if c.id == colour_id:
            return c.name(lang())
    return colour_id


def pool_text(colours: list[Colour], pool: dict[str, int]) -> str:
    """ "2 orange, 1 black" in the order of the colour table; "—" when empty."""
    parts = [f"{pool[c.id]} {agree(c.name(lang()), pool[c.id])}" for c in colours if pool.get(c.id)]
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
        f"{slot_name(sl.name)}{' ★' if sl.brave else ''}: {die_name(state, sl.die)}" for sl in s.slots
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
