"""Guided mode for Mice and Mystics: the set-up wizard and the game menu that walks a round.

Every step asks its questions first, then records one action through the same core as the commands;
Ctrl-C or Esc goes back to the menu without changing anything.
"""

from __future__ import annotations

from typing import Any

from gm_assist.core import guided, prompts
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import lang, t
from gm_assist.core.output import escape, why
from gm_assist.core.step import Step

from . import actions, catalog, rules
from .model import Item, MiceState

NS = "mice_and_mystics"
MENU = (
    "next",
    "initiative",
    "defeat",
    "wheel",
    "mouse",
    "place",
    "tile",
    "chapter",
    "reference",
    "status",
    "quit",
)


MENU_ENTRY = {
    "chapter_lost": "chapter",
    "initiative": "initiative",
    "mouse_turn": "next",
    "minion_turn": "next",
}
"""The menu entry that takes each step of ``rules.next_step``."""


def menu_entry(found: Step) -> str:
    """The guided menu's default: the entry of the step the rules call for (the CLI's "Next:")."""
    return MENU_ENTRY[found.key]


def new_session() -> str | None:
    """The set-up wizard: the mice, the chapter and the End marker; creates the session."""
    from gm_assist.core.session import create

    from .cli import new_state

    try:
        base = list(catalog.mouse_options())
        chosen = prompts.checkbox(t(f"{NS}.flow.pick_mice"), base)
        others = prompts.text(t(f"{NS}.flow.other_mice"), default="")
        mice = chosen + [n.strip() for n in others.split(",") if n.strip()]
        chapter = prompts.integer(t(f"{NS}.flow.chapter"), default=1, min=1)
        end = prompts.integer(t(f"{NS}.flow.end"), default=0, min=0)
        state = new_state(mice, chapter, end or None)
    except Cancelled:
        prompts.say(t("core.error.cancelled"))
        return None
    except GmError as exc:
        prompts.say(exc.message())
        return None
    info = create(
        actions.GAME, state, label=(f"{NS}.action.new", {"mice": ", ".join(m.name for m in state.mice)})
    )
    prompts.say(t(f"{NS}.new.done", name=info.name, chapter=chapter))
    return info.name


def run(session_name: str) -> None:
    """The game menu: end turns (the default), lay initiative, defeats, cheese, the mice, placement,
    tiles, the chapter's end and the reference sheets, until the table leaves."""
    from gm_assist.core.context import ctx

    ctx().session = session_name
    while True:
        state = _state()
        _show_turn(state)
        try:
            choice = guided.menu(
                session_name,
                t(f"{NS}.flow.menu"),
                [(m, t("guided.leave") if m == "quit" else t(f"{NS}.flow.menu_{m}")) for m in MENU],
                default=menu_entry(rules.next_step(state)),
                rules=(
                    "mice-and-mystics/turn-menu",
                    "mice-and-mystics/initiative",
                    "mice-and-mystics/cheese-wheel",
                ),
            )
        except Cancelled:
            return
        if choice == "quit":
            return
        if choice == guided.AGAIN:
            continue
        try:
            STEPS[choice](state)
        except Cancelled:
            prompts.say(t("core.menu.back"))
        except GmError as exc:
            prompts.say(exc.message())


def _state() -> MiceState:
    from gm_assist.core.session import load

    return load(actions.GAME)[1]


def _show_turn(state: MiceState) -> None:
    from .view import render_turn

    prompts.show(lambda out: render_turn(state, out, hint=False))


def _record(action: Any) -> MiceState:
    from gm_assist.core.session import record

    rec = record(action)
    events = rec.events
    prompts.say(f"✓ {rec.label}")

    def show(out: Any) -> None:
        from .view import render_events

        render_events(events, out)

    prompts.show(show)
    return rec.state


def _next(state: MiceState) -> None:
    """The current card has played: its minions' cheese (asked once per turn), an aggressive type's
    swap with the card above, then the next card's turn."""
    card = rules.current_card(state)
    if card is not None and card.kind == "enemy":
        from .view import card_label, enemy_name

        if state.turn_cheese:
            prompts.say(t(f"{NS}.flow.cheese_already", n=state.turn_cheese, card=card_label(card)))
        else:
            cheese = prompts.integer(t(f"{NS}.flow.minion_cheese", card=card_label(card)), default=0, min=0)
            if cheese:
                state = _record(actions.AddCheese(n=cheese))
        aggressive = rules.swap_due(state, catalog.enemies())
        if aggressive is not None:
            above = state.track[(state.turn or 1) - 1]
            ability = catalog.enemies()[aggressive].ability
            if ability is not None:
                prompts.show(
                    lambda out: out.print(f"{escape(ability.get(lang()))} {why('mice-and-mystics/minions')}")
                )
            ask = t(f"{NS}.flow.swap", type=enemy_name(aggressive), above=card_label(above))
            if prompts.confirm(ask, default=True):
                _record(actions.SwapUp(type=aggressive))
    _record(actions.EndTurn())


def _initiative(state: MiceState) -> None:
    from gm_assist.core.dice import new_seed, rng

    from .view import card_label

    cat = catalog.enemies()
    picked = prompts.checkbox(
        t(f"{NS}.flow.pick_enemies"), [(e.id, e.name.get(lang())) for e in cat.values()]
    )
    counts = {
        ident: prompts.integer(t(f"{NS}.flow.how_many", type=cat[ident].name.get(lang())), default=1, min=1)
        for ident in picked
    }
    enemies = [cat[i] for i in picked]
    mice = [m.name for m in state.mice]
    draw = rules.cards_to_place(state.track, mice, enemies)
    rules.check_something_to_place(draw, counts)
    how = prompts.select(
        t(f"{NS}.flow.shuffle"),
        [("app", t(f"{NS}.flow.shuffle_app")), ("dealt", t(f"{NS}.flow.shuffle_dealt"))],
        default="app",
        rules=("mice-and-mystics/initiative",),
    )
    seed = None
    if how == "app":
        seed = new_seed()
        ordered = rules.shuffled(draw.cards, rng(seed))
    else:
        left, ordered = list(draw.cards), []
        while len(left) > 1:
            pick = prompts.select(
                t(f"{NS}.flow.dealt_card", n=len(ordered) + 1), [(c.name, card_label(c)) for c in left]
            )
            ordered.append(next(c for c in left if c.name == pick))
            left = [c for c in left if c.name != pick]
        ordered.extend(left)
    _record(actions.PlaceInitiative(mice=mice, enemies=enemies, counts=counts, ordered=ordered, seed=seed))
    result = rules.lay_out(state.track, draw, ordered)

    def show(out: Any) -> None:
        from .view import render_initiative

        render_initiative(result, seed, out)

    prompts.show(show)


def _defeat(state: MiceState) -> None:
    from .view import enemy_name

    if not state.minions:
        raise GmError(f"{NS}.error.nothing_on_tile")
    ident = prompts.select(
        t(f"{NS}.flow.defeat_type"), [(k, f"{enemy_name(k)} ×{v}") for k, v in state.minions.items()]
    )
    n = prompts.integer(t(f"{NS}.flow.count"), default=1, min=1, max=state.minions[ident])
    by = prompts.select(
        t(f"{NS}.flow.by"), [("", t(f"{NS}.flow.nobody"))] + [(m.name, m.name) for m in state.mice]
    )
    _record(actions.Defeat(type=ident, count=n, by=by or None))


def _wheel(state: MiceState) -> None:
    n = prompts.integer(t(f"{NS}.flow.wheel", wheel=state.wheel), default=1, min=1)
    _record(actions.AddCheese(n=n))  # counted as this turn's: the end of an enemy turn won't ask again


MOUSE_CHANGES = (
    "wound",
    "poison",
    "heal",
    "antidote",
    "cheese",
    "rolled",
    "condition",
    "recover",
    "item",
    "capture",
    "feat",
    "skill",
)


def _mouse(state: MiceState) -> None:
    name = prompts.select(t(f"{NS}.flow.which_mouse"), [(m.name, m.name) for m in state.mice])
    what = prompts.select(
        t(f"{NS}.flow.what"),
        [(w, t(f"{NS}.flow.change_{w}")) for w in MOUSE_CHANGES],
        rules=("mice-and-mystics/conditions", "mice-and-mystics/bag-limits"),
    )
    fields: dict[str, Any] = {}
    if what in ("wound", "poison", "heal", "antidote", "cheese", "rolled"):
        fields["n"] = prompts.integer(t(f"{NS}.flow.count"), default=1, min=1)
    elif what in ("condition", "recover"):
        cat = catalog.conditions()
        have = state.mouse(name).conditions
        options = [c for c in cat if c != "poisoned" and (c in have) == (what == "recover")]
        if not options:  # nothing to recover from, or every condition already held: no empty list
            raise GmError(
                f"{NS}.error.{'no_conditions' if what == 'recover' else 'all_conditions'}", mouse=name
            )
        fields["text"] = prompts.select(
            t(f"{NS}.flow.condition"), [(c, catalog.text(cat[c], "name", lang())) for c in options]
        )
    elif what == "item":
        title = prompts.text(
            t(f"{NS}.flow.item_name"), validate=lambda v: None if v.strip() else t(f"{NS}.error.empty_name")
        )
        kind = prompts.select(
            t(f"{NS}.flow.item_kind"),
            [(k, t(f"{NS}.flow.kind_{k}")) for k in ("search", "scroll", "cunning", "group", "starting")],
        )
        worn = prompts.confirm(t(f"{NS}.flow.item_worn"), default=False)
        fields["item"] = Item(name=title.strip(), kind=kind, equipped=worn)
    elif what == "feat":
        feats = catalog.feats()
        if all(i in state.feats for i in feats):
            raise GmError(f"{NS}.error.feats_all_taken")
        fields["text"] = prompts.select(
            t(f"{NS}.flow.feat"),
            [(i, catalog.text(f, "name", lang())) for i, f in feats.items() if i not in state.feats],
            rules=("mice-and-mystics/heroic-feats",),
        )
    elif what == "skill":
        fields["text"] = prompts.text(
            t(f"{NS}.flow.skill"), validate=lambda v: None if v.strip() else t(f"{NS}.error.empty_name")
        )
    _record(actions.MouseChange(mouse=name, what=what, **fields))


def _place(state: MiceState) -> None:
    from . import parse
    from .view import render_placement

    cat = catalog.enemies()
    spaces = prompts.items(t(f"{NS}.flow.spaces"), parse.space, "A:1 B:3 C:5:red", t(f"{NS}.flow.retry"))
    if not spaces:
        raise GmError(f"{NS}.error.no_space")
    groups = prompts.items(
        t(f"{NS}.flow.place_enemies"),
        lambda spec: parse.enemy_group(spec, cat),
        " ".join(
            f"{k}:{v}" + (f":{cat[k].size}" if k in cat and cat[k].size else "")
            for k, v in state.minions.items()
        )
        or "roach:3:small",
        t(f"{NS}.flow.retry"),
    )
    result = rules.place_enemies(spaces, groups)
    names = {g.type: (cat[g.type].name.get(lang()) if g.type in cat else g.type) for g in groups}
    prompts.show(lambda out: render_placement(result, names, out))


def _tile(state: MiceState) -> None:
    name = prompts.text(t(f"{NS}.flow.tile_name"), default="")
    new = _record(actions.NewTile(name=name.strip()))
    prompts.say(t(f"{NS}.tile.done", tile=new.tile))  # what the command says, naming the menu entries


def _chapter(state: MiceState) -> None:
    from .model import SEARCH_KINDS

    if not prompts.confirm(t(f"{NS}.flow.end_chapter", chapter=state.chapter), default=False):
        return
    keep: dict[str, str | None] = {}
    for m in state.mice:
        search = [i.name for i in m.items if i.kind in SEARCH_KINDS]
        if search:
            chosen = prompts.select(
                t(f"{NS}.flow.keep", mouse=m.name),
                [(s, s) for s in search] + [("", t(f"{NS}.flow.keep_none"))],
                default=search[0],
                rules=("mice-and-mystics/carry-over",),
            )
            keep[m.name] = chosen or None
    action = actions.EndChapter(keep=keep)
    reports = action.reports(state)
    new = _record(action)

    def show(out: Any) -> None:
        from .view import render_carry

        render_carry(reports, new.chapter, out)

    prompts.show(show)


def _reference(state: MiceState) -> None:
    from . import cli_reference

    sheet = prompts.select(
        t(f"{NS}.flow.reference"),
        [(s, t(f"{NS}.flow.ref_{s}")) for s in ("conditions", "movement", "turn", "bag", "feats", "enemies")],
    )
    {
        "conditions": lambda: cli_reference.conditions_cmd(None, json_out=False),
        "movement": lambda: cli_reference.movement_cmd(json_out=False),
        "turn": lambda: cli_reference.turn_menu_cmd(None, json_out=False),
        "bag": lambda: cli_reference.bag_cmd(None, json_out=False),
        "feats": lambda: cli_reference.feats_cmd(json_out=False),
        "enemies": lambda: cli_reference.enemies_cmd(json_out=False),
    }[sheet]()


def _status(state: MiceState) -> None:
    from .view import render_status

    prompts.show(lambda out: render_status(state, out))


STEPS = {
    "next": _next,
    "initiative": _initiative,
    "defeat": _defeat,
    "wheel": _wheel,
    "mouse": _mouse,
    "place": _place,
    "tile": _tile,
    "chapter": _chapter,
    "reference": _reference,
    "status": _status,
}
