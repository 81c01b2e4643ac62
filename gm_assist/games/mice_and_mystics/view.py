"""Text rendering for Mice and Mystics (rich, imported lazily by the output layer) and JSON summaries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_assist.core.i18n import lang, t
from gm_assist.core.message import Message
from gm_assist.core.output import escape, table, why

from . import catalog, rules
from .model import BAG_LIMIT, Event, InitiativeResult, MiceState, MouseRecord, Placement, TrackCard

NS = "mice_and_mystics"


def enemy_name(ident: str) -> str:
    """An enemy type's name in the current language (the id itself for an unknown type)."""
    found = catalog.enemies().get(ident)
    return found.name.get(lang()) if found else ident


def feat_name(ident: str) -> str:
    """A heroic feat's name in the current language."""
    found = catalog.feats().get(ident)
    return catalog.text(found, "name", lang()) if found else ident


def condition_name(ident: str) -> str:
    """A condition's name in the current language."""
    found = catalog.conditions().get(ident)
    return catalog.text(found, "name", lang()) if found else ident


def card_label(card: TrackCard) -> str:
    """What the table reads on an initiative card: the mouse, the type, or the boss card's title."""
    if card.kind == "mouse":
        return card.owner
    found = catalog.enemies().get(card.owner)
    if found and card.card:
        boss = next((c for c in found.cards if c.id == card.card), None)
        if boss:
            return boss.fr if lang() == "fr" else boss.en
    return enemy_name(card.owner) + (f" ({card.card})" if card.card else "")


EVENT_CARDS = {
    "surge": "cheese-wheel",
    "surge_spent": "cheese-wheel",
    "quiet_cheese": "cheese-wheel",
    "feat": "heroic-feats",
    "end_marker": "heroic-feats",
    "type_removed": "initiative",
    "charm_ended": "charmed",
    "poison_immune": "heroic-feats",
    "capture_avoided": "heroic-feats",
}
"""The rule card behind each event (``mice-and-mystics/<card>``); others name none."""


def event_message(event: Event) -> Message:
    """An event as the table hears it: its full i18n key, enemy and feat names translated, the rule
    card behind it (what every game's events look like in ``--json``'s ``events``)."""
    params: dict[str, Any] = dict(event.params)
    if "type" in params:
        params["type"] = enemy_name(str(params["type"]))
    if "feat" in params:
        params["feat"] = feat_name(str(params["feat"]))
    card = EVENT_CARDS.get(event.key)
    rule = f"mice-and-mystics/{card}" if card else None
    return Message(key=f"{NS}.event.{event.key}", params=params, rule=rule)


def event_text(event: Event) -> str:
    """One event in words, names translated."""
    said = event_message(event)
    return t(said.key, **said.params)


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as JSON objects: ``{"event": key, ...params}``."""
    return [{"event": e.key, **e.params} for e in events]


def render_events(events: Sequence[Event], out: Any) -> None:
    """Print each event on its own line, with the rule card that explains it."""
    for e in events:
        said = event_message(e)
        suffix = f" {why(said.rule)}" if said.rule else ""
        out.print(f"[bold]![/bold] {escape(t(said.key, **said.params))}{suffix}")


def render_track(track: Sequence[TrackCard], out: Any, turn: int | None = None) -> None:
    """The initiative track top to bottom, the current card marked, who runs the minions."""
    runner = rules.minion_runner(track)
    rows = []
    for i, card in enumerate(track):
        mark = "▶" if i == turn else ""
        kind = (
            t(f"{NS}.track.mouse") if card.kind == "mouse" else t(f"{NS}.track.enemy", runner=runner or "-")
        )
        rows.append([mark, str(i + 1), card_label(card), kind])
    out.print(table(t(f"{NS}.track.title"), ["", "#", t(f"{NS}.track.card"), t(f"{NS}.track.who")], rows))
    if runner and any(c.kind == "enemy" for c in track):
        out.print(f"{escape(t(f'{NS}.track.runner', mouse=runner))} {why('mice-and-mystics/minion-turn')}")


def mouse_json(m: MouseRecord) -> dict[str, Any]:
    """A mouse's record as JSON, with its bag count."""
    from .campaign import bag_count

    return {**m.model_dump(mode="json"), "bag": bag_count(m)}


def summary(state: MiceState) -> dict[str, Any]:
    """The one-glance JSON status of a session (``status --json`` and ``gm-assist show``)."""
    card = rules.current_card(state)
    return {
        "chapter": state.chapter,
        "tile": state.tile,
        "tile_name": state.tile_name,
        "round": state.round,
        "order": [c.name for c in state.track],
        "turn": card.name if card else None,
        "runner": rules.minion_runner(state.track),
        "minions": state.minions,
        "wheel": state.wheel,
        "surged": state.surged,
        "hourglass": state.hourglass,
        "end_page": state.end_page,
        "feats": state.feats,
        "mice": [mouse_json(m) for m in state.mice],
    }


def render_mice(mice: Sequence[MouseRecord], out: Any) -> None:
    """A table of the mice: wounds, poison, cheese, conditions, bag and gear."""
    from .campaign import bag_count

    rows = []
    for m in mice:
        conds = [condition_name(c) for c in m.conditions] + ([condition_name("poisoned")] if m.poison else [])
        worn = [i.name for i in m.items if i.equipped]
        bag = [i.name for i in m.items if not i.equipped]
        rows.append(
            [
                m.name,
                str(m.wounds),
                str(m.poison),
                str(m.cheese),
                ", ".join(conds) or "-",
                f"{bag_count(m)}/{BAG_LIMIT}: " + (", ".join(bag) or "-"),
                ", ".join(worn) or "-",
            ]
        )
    cols = [t(f"{NS}.mice.{k}") for k in ("name", "wounds", "poison", "cheese", "conditions", "bag", "gear")]
    out.print(table(t(f"{NS}.mice.title"), cols, rows))


def render_status(state: MiceState, out: Any) -> None:
    """The status panel: chapter, tile, round, wheel, hourglass, track, mice, feats, next step."""
    out.print(
        escape(
            t(
                f"{NS}.status.header",
                chapter=state.chapter,
                tile=state.tile,
                tile_name=state.tile_name or "-",
                round=state.round,
            )
        )
    )
    end = state.end_page if state.end_page is not None else "?"
    out.print(
        f"{escape(t(f'{NS}.status.wheel', wheel=state.wheel, hourglass=state.hourglass, end=end))} "
        f"{why('mice-and-mystics/cheese-wheel')}"
    )
    if state.surged:
        out.print(escape(t(f"{NS}.status.surged")))
    if state.minions:
        listing = ", ".join(f"{enemy_name(k)} ×{v}" for k, v in state.minions.items())
        out.print(escape(t(f"{NS}.status.minions", minions=listing)))
    if state.track:
        render_track(state.track, out, state.turn)
    render_mice(state.mice, out)
    if state.feats:
        held = ", ".join(f"{feat_name(f)} ({who})" for f, who in state.feats.items())
        out.print(f"{escape(t(f'{NS}.status.feats', feats=held))} {why('mice-and-mystics/heroic-feats')}")
    out.print(escape(rules.next_step(state).text()))


def render_turn(state: MiceState, out: Any, hint: bool = True) -> None:
    """Whose turn it is and what they may do: the turn menu of a mouse (its conditions applied), or
    the minions' card with the mouse that runs them."""
    from .campaign import turn_menu

    card = rules.current_card(state)
    if card is None:
        out.print(escape(rules.next_step(state).text() if hint else t(f"{NS}.flow.no_track")))
        return
    out.print(escape(t(f"{NS}.turn.now", card=card_label(card), round=state.round)))
    if card.kind == "enemy":
        runner = rules.minion_runner(state.track) or "-"
        out.print(f"{escape(t(f'{NS}.turn.minions', runner=runner))} {why('mice-and-mystics/minion-turn')}")
        if hint:
            out.print(escape(rules.next_step(state).text()))
        return
    mouse = next((m for m in state.mice if m.name == card.owner), None)
    if mouse is not None and "charmed" in mouse.conditions:
        charmed = escape(t(f"{NS}.turn.charmed", mouse=mouse.name))
        out.print(f"[bold]{charmed}[/bold] {why('mice-and-mystics/charmed')}")
    blocked = turn_menu(mouse.conditions if mouse else [], catalog.conditions())
    ok = [t(f"{NS}.option.{o}") for o, why_ in blocked.items() if not why_]
    no = [
        f"{t(f'{NS}.option.{o}')} ({', '.join(condition_name(c) for c in why_)})"
        for o, why_ in blocked.items()
        if why_
    ]
    out.print(
        f"{escape(t(f'{NS}.turn.menu', options=', '.join(ok) or '-'))} {why('mice-and-mystics/turn-menu')}"
    )
    if no:
        out.print(
            f"{escape(t(f'{NS}.turn.blocked', options='; '.join(no)))} {why('mice-and-mystics/conditions')}"
        )
    if hint:
        out.print(escape(rules.next_step(state).text()))


def placement_json(result: Placement) -> dict[str, Any]:
    """``placement`` (every space with its enemies) and ``unplaced`` (type → count)."""
    return {
        "placement": [
            {"space": f.space, "distance": f.distance, "red": f.red, "enemies": f.enemies}
            for f in result.spaces
        ],
        "unplaced": result.unplaced,
    }


def render_placement(result: Placement, names: dict[str, str], out: Any) -> None:
    """The placement table and what could not be placed."""
    rows = []
    for f in result.spaces:
        what = ", ".join(f"{names.get(k, k)} ×{v}" for k, v in f.enemies.items()) or "-"
        rows.append([f.space, str(f.distance), "●" if f.red else "", what])
    cols = [t(f"{NS}.place.space"), t(f"{NS}.place.distance"), t(f"{NS}.place.red"), t(f"{NS}.place.enemies")]
    out.print(table(t(f"{NS}.place.title"), cols, rows))
    out.print(why("mice-and-mystics/enemy-placement"))
    if result.unplaced:
        left = ", ".join(f"{names.get(k, k)} ×{v}" for k, v in result.unplaced.items())
        out.print(f"[bold]![/bold] {escape(t(f'{NS}.place.unplaced', enemies=left))}")
    else:
        out.print(escape(t(f"{NS}.place.all_placed")))


def render_carry(reports: Sequence[Any], chapter: int, out: Any) -> None:
    """The carry-over checklist as applied to each mouse."""
    for r in reports:
        out.print(f"[bold]{escape(r.mouse)}[/bold]")
        out.print(
            "  "
            + escape(
                t(
                    f"{NS}.carry.kept",
                    items=", ".join(r.kept_items) or "-",
                    skills=", ".join(r.skills) or "-",
                    feats=", ".join(r.narrative_feats) or "-",
                )
            )
        )
        out.print(
            "  "
            + escape(
                t(
                    f"{NS}.carry.lost",
                    items=", ".join(r.discarded_items) or "-",
                    heroic=", ".join(feat_name(f) for f in r.heroic_feats) or "-",
                    wounds=r.wounds,
                    poison=r.poison,
                    cheese=r.cheese,
                    conditions=", ".join(condition_name(c) for c in r.conditions) or "-",
                )
            )
        )
    out.print(f"{escape(t(f'{NS}.carry.next', chapter=chapter))} {why('mice-and-mystics/carry-over')}")


def render_initiative(result: InitiativeResult, seed: int | None, out: Any) -> None:
    """The laid-out track, what was added or ignored, the boss ambush and the shuffle's seed."""
    render_track(result.track, out)
    key = "first" if result.first else "added"
    added = ", ".join(enemy_name(a) for a in result.added) or "-"
    out.print(f"{escape(t(f'{NS}.initiative.{key}', added=added))} {why('mice-and-mystics/initiative')}")
    if result.ignored:
        out.print(
            escape(t(f"{NS}.initiative.ignored", types=", ".join(enemy_name(i) for i in result.ignored)))
        )
    for boss, card in result.ambush.items():
        line = t(f"{NS}.initiative.ambush", boss=enemy_name(boss), card=boss_card(boss, card))
        out.print(f"[bold]![/bold] {escape(line)}")
    if seed is not None:
        out.print(escape(t(f"{NS}.initiative.seed", seed=seed)))


def boss_card(boss: str, card: str) -> str:
    """The title of one of a boss's initiative cards (``Vanestra Web``)."""
    return card_label(TrackCard(kind="enemy", owner=boss, card=card))


# ---------------------------------------------------------------- the live table view (gm-assist table)


def _names(entry: dict[str, Any] | None, ident: str) -> dict[str, str]:
    """A catalog entry's name in both languages (the id itself when the catalog does not know it)."""
    if entry is None:
        return {"en": ident, "fr": ident}
    return {language: catalog.text(entry, "name", language) for language in ("en", "fr")}


def _card_names(card: TrackCard) -> dict[str, str]:
    """What an initiative card reads in each language: the mouse, the type or the boss card."""
    if card.kind == "mouse":
        return {"en": card.owner, "fr": card.owner}
    found = catalog.enemies().get(card.owner)
    if found is None:
        return {"en": card.name, "fr": card.name}
    boss = next((c for c in found.cards if c.id == card.card), None)
    if boss:
        return {"en": boss.en, "fr": boss.fr}
    return {"en": found.name.en, "fr": found.name.fr}


def table_view(state: MiceState) -> dict[str, Any]:
    """What the table sees at a glance: the initiative track (the current card marked, who runs the
    minions), the cheese wheel and the hourglass, each mouse's conditions and counters, the heroic
    feats and who claimed them. Language-neutral: names are ``{"en": …, "fr": …}``."""
    from .model import WHEEL_SIZE

    current = rules.current_card(state)
    runner = rules.minion_runner(state.track)
    conditions = catalog.conditions()
    feats = catalog.feats()
    track = [
        {
            "name": card.name,
            "kind": card.kind,
            "owner": card.owner,
            "label": _card_names(card),
            "current": state.turn == i,
            "minions": state.minions.get(card.owner) if card.kind == "enemy" else None,
        }
        for i, card in enumerate(state.track)
    ]
    mice = [
        {
            "name": m.name,
            "wounds": m.wounds,
            "poison": m.poison,
            "cheese": m.cheese,
            "conditions": [{"id": c, "name": _names(conditions.get(c), c)} for c in m.conditions],
            "feats": [f for f, who in state.feats.items() if who == m.name],
            "current": current is not None and current.kind == "mouse" and current.owner == m.name,
            "runner": m.name == runner,
        }
        for m in state.mice
    ]
    return {
        "chapter": state.chapter,
        "tile": state.tile,
        "tile_name": state.tile_name,
        "round": state.round,
        "track": track,
        "turn": state.turn,
        "current": current.name if current else None,
        "runner": runner,
        "minions": [
            {"type": ident, "name": _card_names(TrackCard(kind="enemy", owner=ident)), "count": n}
            for ident, n in state.minions.items()
        ],
        "wheel": {"cheese": state.wheel, "size": WHEEL_SIZE, "surged": state.surged},
        "hourglass": {"page": state.hourglass, "end_page": state.end_page},
        "mice": mice,
        "feats": [
            {"id": ident, "name": _names(entry, ident), "mouse": state.feats.get(ident)}
            for ident, entry in feats.items()
        ],
    }


def changes(now: Any, then: Any) -> list[str]:
    """What moving from ``now`` to ``then`` changes, in the table's words (guided Undo/Redo): each
    mouse's wounds, poison and cheese, the minions by type, the cheese wheel, tile, round, turn."""
    from gm_assist.core.changes import by_name, said

    from .catalog import enemies

    def label(ident: str) -> str:
        enemy = enemies().get(ident)
        return getattr(enemy.name, lang()) if enemy else ident

    out = said(
        item
        for name, a, b in by_name(now.mice, then.mice)
        if a is not None and b is not None
        for item in (
            ("mice_and_mystics.change.wounds", {"name": name}, a.wounds, b.wounds),
            ("mice_and_mystics.change.poison", {"name": name}, a.poison, b.poison),
            ("mice_and_mystics.change.cheese", {"name": name}, a.cheese, b.cheese),
        )
    )
    kinds = sorted(set(now.minions) | set(then.minions))
    counts = [(kind, now.minions.get(kind, 0), then.minions.get(kind, 0)) for kind in kinds]
    out += said(("mice_and_mystics.change.minions", {"name": label(k)}, a, b) for k, a, b in counts)
    out += said(
        [
            ("mice_and_mystics.change.wheel", {}, now.wheel, then.wheel),
            ("mice_and_mystics.change.tile", {}, now.tile, then.tile),
            ("mice_and_mystics.change.round", {}, now.round, then.round),
        ]
    )
    return out
