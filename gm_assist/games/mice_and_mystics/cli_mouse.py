"""`gm-assist mice-and-mystics` commands on one mouse's record: wounds, cheese, conditions, items,
skills, captures and heroic feats (registered on the game's ``app``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.names import resolve
from gm_assist.core.output import why
from gm_assist.kit.options import JsonOpt

from . import catalog, parse
from .cli_app import NS, actions, app, finish, load_state, record_action
from .model import Item, ItemKind

MouseArg = Annotated[str, typer.Argument(help=t(f"{NS}.help.mouse_arg"))]
CountOpt = Annotated[int, typer.Option("--count", "-n", help=t(f"{NS}.help.count"))]
KINDS: dict[ItemKind, list[str]] = {
    "starting": ["depart", "départ", "start"],
    "search": ["fouille"],
    "scroll": ["parchemin"],
    "cunning": ["ruse"],
    "group": ["groupe"],
}


def _change(mouse: str, what: str, json_out: bool, card: str | None = None, **fields: Any) -> None:
    _, state = load_state()
    name = parse.session_mouse(state, mouse)
    rec, events = record_action(actions.MouseChange(mouse=name, what=what, **fields))
    record = rec.state.mouse(name)

    def after(out: Any) -> None:
        from .view import render_mice

        render_mice([record], out)
        if card:
            out.print(why(f"mice-and-mystics/{card}"))

    from .view import mouse_json

    finish(rec, events, json_out, {"mouse": mouse_json(record)}, after)


@app.command("wound", help=t(f"{NS}.cmd.wound"))
def wound_cmd(
    mouse: MouseArg,
    count: CountOpt = 1,
    poison: Annotated[bool, typer.Option("--poison", help=t(f"{NS}.help.poison"))] = False,
    json_out: JsonOpt = False,
) -> None:
    _change(mouse, "poison" if poison else "wound", json_out, "poisoned" if poison else None, n=count)


@app.command("heal", help=t(f"{NS}.cmd.heal"))
def heal_cmd(
    mouse: MouseArg,
    count: CountOpt = 1,
    antidote: Annotated[bool, typer.Option("--antidote", help=t(f"{NS}.help.antidote"))] = False,
    json_out: JsonOpt = False,
) -> None:
    _change(mouse, "antidote" if antidote else "heal", json_out, "poisoned", n=count)


@app.command("cheese", help=t(f"{NS}.cmd.cheese"))
def cheese_cmd(
    mouse: MouseArg,
    count: Annotated[int, typer.Argument(help=t(f"{NS}.help.cheese"))] = 1,
    spend: Annotated[bool, typer.Option("--spend", help=t(f"{NS}.help.spend"))] = False,
    rolled: Annotated[bool, typer.Option("--rolled", help=t(f"{NS}.help.rolled"))] = False,
    json_out: JsonOpt = False,
) -> None:
    if count < 1:
        raise GmError(f"{NS}.error.at_least_one", value=count)
    if spend and rolled:
        raise GmError(f"{NS}.error.spend_rolled")
    _change(mouse, "rolled" if rolled else "cheese", json_out, "cheese", n=-count if spend else count)


@app.command("condition", help=t(f"{NS}.cmd.condition"))
def condition_cmd(
    mouse: MouseArg,
    condition: Annotated[str, typer.Argument(help=t(f"{NS}.help.condition"))],
    remove: Annotated[bool, typer.Option("--remove", help=t(f"{NS}.help.remove"))] = False,
    json_out: JsonOpt = False,
) -> None:
    ident = catalog.resolve_condition(condition)
    _change(mouse, "recover" if remove else "condition", json_out, ident.replace("_", "-"), text=ident)


@app.command("item", help=t(f"{NS}.cmd.item"))
def item_cmd(
    mouse: MouseArg,
    name: Annotated[str, typer.Argument(help=t(f"{NS}.help.item"))],
    kind: Annotated[str, typer.Option("--kind", help=t(f"{NS}.help.kind"))] = "search",
    equip: Annotated[bool, typer.Option("--equip", help=t(f"{NS}.help.equip"))] = False,
    unequip: Annotated[bool, typer.Option("--unequip", help=t(f"{NS}.help.unequip"))] = False,
    drop: Annotated[bool, typer.Option("--drop", help=t(f"{NS}.help.drop"))] = False,
    give: Annotated[str | None, typer.Option("--give", help=t(f"{NS}.help.give"))] = None,
    json_out: JsonOpt = False,
) -> None:
    moves = [f for f in (equip, unequip, drop, give is not None) if f]
    if len(moves) > 1:
        raise GmError(f"{NS}.error.one_item_move")
    if drop:
        return _change(mouse, "drop", json_out, "bag-limits", text=name)
    if unequip:
        return _change(mouse, "unequip", json_out, "bag-limits", text=name)
    if give is not None:
        _, state = load_state()
        return _change(
            mouse, "give", json_out, "bag-limits", text=name, other=parse.session_mouse(state, give)
        )
    _, state = load_state()
    owner = parse.session_mouse(state, mouse)
    has = any(i.name.casefold() == name.strip().casefold() for i in state.mouse(owner).items)
    if equip and has:
        return _change(mouse, "equip", json_out, "bag-limits", text=name)
    item = Item(name=name.strip(), kind=resolve(kind, KINDS, f"{NS}.kind.item"), equipped=equip)
    return _change(mouse, "item", json_out, "bag-limits", item=item)


@app.command("skill", help=t(f"{NS}.cmd.skill"))
def skill_cmd(
    mouse: MouseArg,
    name: Annotated[str, typer.Argument(help=t(f"{NS}.help.skill"))],
    json_out: JsonOpt = False,
) -> None:
    _change(mouse, "skill", json_out, "carry-over", text=name)


@app.command("narrative", help=t(f"{NS}.cmd.narrative"))
def narrative_cmd(
    mouse: MouseArg,
    text: Annotated[str, typer.Argument(help=t(f"{NS}.help.narrative"))],
    json_out: JsonOpt = False,
) -> None:
    _change(mouse, "narrative", json_out, "carry-over", text=text)


@app.command("capture", help=t(f"{NS}.cmd.capture"))
def capture_cmd(mouse: MouseArg, json_out: JsonOpt = False) -> None:
    _change(mouse, "capture", json_out, "heroic-feats")


@app.command("feat", help=t(f"{NS}.cmd.feat"))
def feat_cmd(
    feat: Annotated[str, typer.Argument(help=t(f"{NS}.help.feat"))],
    mouse: MouseArg,
    json_out: JsonOpt = False,
) -> None:
    ident = catalog.resolve_feat(feat)
    _change(mouse, "feat", json_out, "heroic-feats", text=ident)
