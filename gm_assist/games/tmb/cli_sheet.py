"""`gm-assist tmb` gearloc-sheet, training, loot and recovery commands (parse → action → emit)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, why
from gm_assist.kit.app import game_app
from gm_assist.kit.options import JsonOpt

from .cli_app import actions, app, finish, rules, sheet

GearlocArg = Annotated[str, typer.Argument(help=t("tmb.help.opt_gearloc_name"))]
ForceOpt = Annotated[bool, typer.Option("--force", help=t("tmb.help.opt_after_wipe"))]
loot_app = game_app("tmb.help.app_loot")
app.add_typer(loot_app, name="loot")


def _state() -> Any:
    from gm_assist.core.session import load

    return load("tmb")[1]


def _who(state: Any, name: str) -> tuple[int, str]:
    """The gearloc a table names: its place in the party and its name."""
    index = rules.gearloc_index(state, name)
    return index, state.party[index].name


@app.command("sheet", help=t("tmb.help.cmd_sheet"))
def sheet_cmd(
    gearloc: GearlocArg,
    hp: Annotated[int | None, typer.Option("--hp", help=t("tmb.help.opt_hp"))] = None,
    dex: Annotated[int | None, typer.Option("--dex", help=t("tmb.help.opt_dex"))] = None,
    atk: Annotated[int | None, typer.Option("--atk", help=t("tmb.help.opt_atk"))] = None,
    defense: Annotated[int | None, typer.Option("--def", help=t("tmb.help.opt_def"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    from . import report

    state = _state()
    index, name = _who(state, gearloc)
    if all(v is None for v in (hp, dex, atk, defense)):
        row = report.gearloc_summary(state)[index]
        emit(row, lambda out: _print_sheet(row, out), json_out)
        return
    rec = record(actions.SetSheet(index=index, name=name, hp=hp, dex=dex, atk=atk, defense=defense))
    finish(rec, json_out)


def _print_sheet(row: dict[str, Any], out: Any) -> None:
    def val(stat: str) -> str:
        return "?" if row.get(stat) is None else str(row[stat])

    out.print(
        f"[bold]{row['name']}[/bold]  "
        + t(
            "tmb.sheet.line",
            hp=row["hp"],
            max_hp=row["max_hp"],
            dex=val("dex"),
            atk=val("atk"),
            defense=val("def"),
            unspent=row["training_unspent"],
            spent=row["training_spent"],
            slots=row["slots"],
            max=row["slots_max"],
        )
    )
    dice = ", ".join(f"{k} {v}" for k, v in row["dice"].items())
    out.print(t("tmb.sheet.dice", dice=dice) + " " + why("tmb/training"))
    for i, card in enumerate(row["loot"], 1):
        state = (
            t("tmb.sheet.locked", opened=card["locks_open"])
            if card["locked"]
            else (t("tmb.sheet.heavy") if card["heavy"] else "")
        )
        out.print(f"  {i}. {card['name']} {state}", markup=False)


@app.command("train", help=t("tmb.help.cmd_train"))
def train_cmd(
    gearloc: GearlocArg,
    stat: Annotated[str, typer.Argument(help=t("tmb.help.opt_stat"))],
    result: Annotated[
        bool | None,
        typer.Option("--ok/--failed", help=t("tmb.help.opt_roll_ok")),
    ] = None,
    skill: Annotated[str, typer.Option("--skill", help=t("tmb.help.opt_skill"))] = "",
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import resolve
    from gm_assist.core.session import record

    stat_id = resolve(
        stat,
        {
            "hp": ["pv", "health", "sante"],
            "dex": ["dexterity", "dexterite"],
            "atk": ["attack", "attaque", "atq"],
            "def": ["defense"],
            "skill": ["capacite", "competence"],
        },
        "tmb.kind.stat",
    )
    index, name = _who(_state(), gearloc)
    rec = record(actions.Train(index=index, name=name, stat=stat_id, success=result, skill=skill))
    worked = rec.events[0].key != "tmb.train.failed"  # what the rule decided, said by the action
    finish(rec, json_out, {"trained": worked})


@loot_app.command("add", help=t("tmb.help.cmd_loot_add"))
def loot_add(
    gearloc: GearlocArg,
    card: Annotated[str, typer.Argument(help=t("tmb.help.opt_card"))] = "?",
    locked: Annotated[bool, typer.Option("--locked", help=t("tmb.help.opt_locked_card"))] = False,
    heavy: Annotated[bool, typer.Option("--heavy", help=t("tmb.help.opt_heavy"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    index, name = _who(_state(), gearloc)
    finish(record(actions.AddLoot(index=index, name=name, card=card, locked=locked, heavy=heavy)), json_out)


@loot_app.command("drop", help=t("tmb.help.cmd_loot_drop"))
def loot_drop(
    gearloc: GearlocArg,
    card: Annotated[str, typer.Argument(help=t("tmb.help.opt_card_ref"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    state = _state()
    index, name = _who(state, gearloc)
    card = sheet.loot_card(state, index, card)
    finish(record(actions.DropLoot(index=index, name=name, card=card)), json_out)


@loot_app.command("give", help=t("tmb.help.cmd_loot_give"))
def loot_give(
    giver: GearlocArg,
    taker: GearlocArg,
    card: Annotated[str, typer.Argument(help=t("tmb.help.opt_card_ref"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    state = _state()
    g, gname = _who(state, giver)
    r, rname = _who(state, taker)
    if g == r:
        raise GmError("tmb.error.same_gearloc")
    card = sheet.loot_card(state, g, card)
    finish(record(actions.GiveLoot(giver=g, taker=r, names=(gname, rname), card=card)), json_out)


@app.command("lockpick", help=t("tmb.help.cmd_lockpick"))
def lockpick_cmd(
    gearloc: GearlocArg,
    card: Annotated[str, typer.Argument(help=t("tmb.help.opt_locked_ref"))],
    opened: Annotated[int, typer.Option("--opened", help=t("tmb.help.opt_locks"))],
    owner: Annotated[str | None, typer.Option("--owner", help=t("tmb.help.opt_holder"))] = None,
    reveal: Annotated[str, typer.Option("--reveal", help=t("tmb.help.opt_opened_name"))] = "",
    heavy: Annotated[bool, typer.Option("--heavy", help=t("tmb.help.opt_revealed_heavy"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    state = _state()
    picker, name = _who(state, gearloc)
    holder = _who(state, owner)[0] if owner else picker
    rec = record(
        actions.Lockpick(
            picker=picker, owner=holder, name=name, card=card, opened=opened, revealed=reveal, heavy=heavy
        )
    )
    finish(rec, json_out)


@app.command("rest", help=t("tmb.help.cmd_rest"))
def rest_cmd(gearloc: GearlocArg, json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    index, name = _who(_state(), gearloc)
    finish(record(actions.Rest(index=index, name=name)), json_out)


@app.command("search", help=t("tmb.help.cmd_search"))
def search_cmd(
    gearloc: GearlocArg,
    discard: Annotated[str, typer.Option("--discard", help=t("tmb.help.opt_discarded"))],
    keep: Annotated[str, typer.Option("--keep", help=t("tmb.help.opt_kept"))] = "",
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    index, name = _who(_state(), gearloc)
    rec = record(actions.Search(index=index, name=name, discard=discard, keep=keep, force=force))
    finish(rec, json_out)


@app.command("scout", help=t("tmb.help.cmd_scout"))
def scout_cmd(
    gearloc: GearlocArg,
    roll: Annotated[int | None, typer.Option("--roll", help=t("tmb.help.opt_d6"))] = None,
    stack: Annotated[int | None, typer.Option("--stack", help=t("tmb.help.opt_stack"))] = None,
    baddie: Annotated[str, typer.Option("--baddie", help=t("tmb.help.opt_revealed_baddie"))] = "",
    bottom: Annotated[bool, typer.Option("--bottom", help=t("tmb.help.opt_bottom"))] = False,
    seed: Annotated[int | None, typer.Option("--seed", help=t("tmb.help.opt_seed"))] = None,
    force: ForceOpt = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.dice import new_seed, rng
    from gm_assist.core.session import record

    index, name = _who(_state(), gearloc)
    rolled = roll is None
    if rolled:
        roll = rng(seed if seed is not None else new_seed()).randint(1, 6)
    assert roll is not None
    choices = sheet.scout_choices(roll)
    rec = record(
        actions.Scout(
            index=index, name=name, roll=roll, stack=stack, baddie=baddie, face_up=not bottom, force=force
        )
    )
    line = (
        t(
            "tmb.scout.done",
            name=name,
            roll=roll,
            choices=", ".join(map(str, choices)),
            rolled=t("tmb.scout.app_rolled") if rolled else "",
        )
        + " "
        + why("tmb/scouting")
    )
    odds_line = sheet.scout_odds_line() + " " + why("tmb/scouting")
    finish(
        rec, json_out, {"roll": roll, "choices": list(choices), "odds": sheet.scout_odds()}, [odds_line, line]
    )
