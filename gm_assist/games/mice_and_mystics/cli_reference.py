"""`gm-assist mice-and-mystics` reference sheets (conditions, movement, turn menu, bag, feats) and the
enemy data the table can correct (registered on the game's ``app``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import confidence_words, lang, t
from gm_assist.core.names import resolve
from gm_assist.core.output import emit, escape, table, why
from gm_assist.kit.options import JsonOpt

from . import catalog, parse
from .campaign import bag_count, turn_menu
from .cli_app import NS, app, load_state, session_mode


def _sheet(entries: list[dict[str, Any]], title_key: str, card: str, out: Any) -> None:
    rows = [
        [catalog.text(e, "name", lang()) if "name" in e else "•", catalog.text(e, "text", lang())]
        for e in entries
    ]
    out.print(table(t(title_key), ["", ""], rows))
    out.print(why(f"mice-and-mystics/{card}"))


def _entries_json(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "id": e["id"],
            **({"name": catalog.text(e, "name", lang())} if "name" in e else {}),
            "text": catalog.text(e, "text", lang()),
        }
        for e in entries
    ]


@app.command("conditions", help=t(f"{NS}.cmd.conditions"))
def conditions_cmd(
    name: Annotated[str | None, typer.Argument(help=t(f"{NS}.help.condition"))] = None,
    json_out: JsonOpt = False,
) -> None:
    cat = catalog.conditions()
    chosen = [cat[catalog.resolve_condition(name)]] if name else list(cat.values())
    data = [
        {
            "id": c["id"],
            "name": catalog.text(c, "name", lang()),
            "effect": catalog.text(c, "effect", lang()),
            "blocks": [o for o, why_ in turn_menu([c["id"]], cat).items() if why_],
        }
        for c in chosen
    ]

    def text(out: Any) -> None:
        rows = [[d["name"], d["effect"]] for d in data]
        out.print(table(t(f"{NS}.ref.conditions"), [t(f"{NS}.ref.name"), t(f"{NS}.ref.effect")], rows))
        out.print(escape(t(f"{NS}.ref.conditions_stay")) + " " + why("mice-and-mystics/conditions"))

    emit({"conditions": data}, text, json_out)


@app.command("movement", help=t(f"{NS}.cmd.movement"))
def movement_cmd(json_out: JsonOpt = False) -> None:
    entries = catalog.reference()["movement"]
    emit(
        {"movement": _entries_json(entries)},
        lambda out: _sheet(entries, f"{NS}.ref.movement", "movement", out),
        json_out,
    )


@app.command("turn-menu", help=t(f"{NS}.cmd.turn_menu"))
def turn_menu_cmd(
    mouse: Annotated[str | None, typer.Argument(help=t(f"{NS}.help.mouse_arg"))] = None,
    json_out: JsonOpt = False,
) -> None:
    ref = catalog.reference()
    blocked: dict[str, list[str]] = {}
    if mouse:
        _, state = load_state()
        record = state.mouse(parse.session_mouse(state, mouse))
        blocked = turn_menu(record.conditions, catalog.conditions())
    data: dict[str, Any] = {
        "choices": _entries_json(ref["choice"]),
        "actions": _entries_json(ref["action"]),
        "free": _entries_json(ref["free"]),
        "blocked": {k: v for k, v in blocked.items() if v},
    }

    def text(out: Any) -> None:
        from .view import condition_name

        _sheet(ref["choice"], f"{NS}.ref.turn", "turn-menu", out)
        _sheet(ref["action"], f"{NS}.ref.actions", "actions", out)
        _sheet(ref["free"], f"{NS}.ref.free", "actions", out)
        for opt, conds in data["blocked"].items():
            out.print(
                escape(
                    t(
                        f"{NS}.ref.blocked",
                        option=t(f"{NS}.option.{opt}"),
                        conditions=", ".join(condition_name(c) for c in conds),
                    )
                )
            )

    emit(data, text, json_out)


@app.command("bag", help=t(f"{NS}.cmd.bag"))
def bag_cmd(
    mouse: Annotated[str | None, typer.Argument(help=t(f"{NS}.help.mouse_arg"))] = None,
    json_out: JsonOpt = False,
) -> None:
    ref = catalog.reference()
    data: dict[str, Any] = {"limit": ref["bag_limit"], "rules": _entries_json(ref["bag"])}
    if mouse:
        _, state = load_state()
        record = state.mouse(parse.session_mouse(state, mouse))
        data["mouse"] = {
            "name": record.name,
            "bag": bag_count(record),
            "items": [i.model_dump(mode="json") for i in record.items],
        }

    def text(out: Any) -> None:
        _sheet(ref["bag"], f"{NS}.ref.bag", "bag-limits", out)
        if "mouse" in data:
            out.print(
                escape(
                    t(
                        f"{NS}.ref.bag_count",
                        mouse=data["mouse"]["name"],
                        n=data["mouse"]["bag"],
                        limit=data["limit"],
                    )
                )
            )

    emit(data, text, json_out)


@app.command("feats", help=t(f"{NS}.cmd.feats"))
def feats_cmd(json_out: JsonOpt = False) -> None:
    held: dict[str, str] = {}
    if session_mode():
        _, state = load_state()
        held = state.feats
    data = [
        {
            "id": i,
            "name": catalog.text(f, "name", lang()),
            "trigger": catalog.text(f, "trigger", lang()),
            "lasting": catalog.text(f, "lasting", lang()),
            "advances_end": f["advances_end"],
            "holder": held.get(i),
        }
        for i, f in catalog.feats().items()
    ]

    def text(out: Any) -> None:
        rows = [
            [
                d["name"],
                d["trigger"],
                d["lasting"] + (" " + t(f"{NS}.ref.end_moves") if d["advances_end"] else ""),
                d["holder"] or "-",
            ]
            for d in data
        ]
        cols = [t(f"{NS}.ref.name"), t(f"{NS}.ref.trigger"), t(f"{NS}.ref.lasting"), t(f"{NS}.ref.holder")]
        out.print(table(t(f"{NS}.ref.feats"), cols, rows))
        out.print(why("mice-and-mystics/heroic-feats"))

    emit({"feats": data}, text, json_out)


@app.command("enemies", help=t(f"{NS}.cmd.enemies"))
def enemies_cmd(json_out: JsonOpt = False) -> None:
    cat = catalog.enemies()
    data = [e.model_dump(mode="json") for e in cat.values()]

    def text(out: Any) -> None:
        rows = []
        for e in cat.values():
            figures = [
                e.size or "?",
                e.attack or "?",
                str(e.wounds or "?"),
                e.move or "?",
                str(e.battle or "?"),
                str(e.defense or "?"),
            ]
            sure = confidence_words(e.confidence) + (" *" if e.overridden else "")
            rows.append([e.name.get(lang()), *figures, sure])
        cols = [
            t(f"{NS}.ref.{k}")
            for k in ("name", "size", "attack", "wounds", "move", "battle", "defense", "confidence")
        ]
        out.print(table(t(f"{NS}.ref.enemies"), cols, rows))
        out.print(escape(t(f"{NS}.ref.enemies_source")))

    emit({"enemies": data}, text, json_out)


@app.command("enemy", help=t(f"{NS}.cmd.enemy"))
def enemy_cmd(
    name: Annotated[str, typer.Argument(help=t(f"{NS}.help.enemy_type"))],
    size: Annotated[str | None, typer.Option("--size", help=t(f"{NS}.help.size"))] = None,
    attack: Annotated[str | None, typer.Option("--attack", help=t(f"{NS}.help.attack"))] = None,
    wounds: Annotated[int | None, typer.Option("--wounds", help=t(f"{NS}.help.figure"))] = None,
    move: Annotated[str | None, typer.Option("--move", help=t(f"{NS}.help.figure"))] = None,
    battle: Annotated[int | None, typer.Option("--battle", help=t(f"{NS}.help.figure"))] = None,
    defense: Annotated[int | None, typer.Option("--defense", help=t(f"{NS}.help.figure"))] = None,
    new: Annotated[bool, typer.Option("--new", help=t(f"{NS}.help.new_enemy"))] = False,
    reset: Annotated[bool, typer.Option("--reset", help=t(f"{NS}.help.reset"))] = False,
    json_out: JsonOpt = False,
) -> None:
    fields: dict[str, Any] = {
        "wounds": wounds,
        "move": move,
        "battle": battle,
        "defense": defense,
        "size": resolve(size, parse.SIZES, f"{NS}.kind.size") if size else None,
        "attack": resolve(attack, parse.ATTACKS, f"{NS}.kind.attack") if attack else None,
    }
    if any(v is not None and isinstance(v, int) and v < 0 for v in fields.values()):
        raise GmError(f"{NS}.error.negative", value=min(v for v in fields.values() if isinstance(v, int)))
    if new:
        ident = catalog.new_enemy_id(name)
        if ident in catalog.enemies():
            raise GmError(f"{NS}.error.enemy_exists", name=name)
        enemy = catalog.save_enemy(ident, fields, new_name=name.strip())
    else:
        ident = catalog.resolve_enemy(name).id
        if reset:
            catalog.reset_enemy(ident)
            enemy = catalog.enemies()[ident]
        elif all(v is None for v in fields.values()):
            raise GmError(f"{NS}.error.enemy_what", name=name)
        else:
            enemy = catalog.save_enemy(ident, fields)
    emit(
        {"enemy": enemy.model_dump(mode="json")},
        lambda out: out.print(
            escape(
                t(
                    f"{NS}.enemy.saved",
                    name=enemy.name.get(lang()),
                    size=enemy.size or "?",
                    attack=enemy.attack or "?",
                )
            )
        ),
        json_out,
    )
