"""`gm-assist tmb …`: the adventure commands (parse → rules/actions → emit).

Sheet, loot and recovery commands are in ``cli_sheet.py``; the tour in ``tour.py``; the battle
commands are added by ``battle.cli_session.register``.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, escape, why
from gm_assist.kit.options import JsonOpt

from .cli_app import actions, app, finish, report, rules

TyrantOpt = Annotated[str, typer.Option("--tyrant", "-t", help=t("tmb.help.opt_tyrant"))]
ModeOpt = Annotated[str, typer.Option("--mode", help=t("tmb.help.opt_mode"))]
DaysOpt = Annotated[int | None, typer.Option("--days", help=t("tmb.help.opt_days"))]
ProgressOpt = Annotated[int | None, typer.Option("--progress", help=t("tmb.help.opt_progress"))]
TypesOpt = Annotated[str | None, typer.Option("--types", help=t("tmb.help.opt_types"))]
CardsOpt = Annotated[int | None, typer.Option("--tyrant-cards", help=t("tmb.help.opt_tyrant_cards"))]


def _mode(value: str) -> str:
    from gm_assist.core.names import resolve

    options = {
        "adventure": ["aventure"],
        "heroic": ["heroique", "héroïque"],
        "legendary": ["legendaire", "légendaire"],
    }
    return resolve(value, options, "tmb.kind.mode")


def pick_tyrant(
    name: str, days: int | None, progress: int | None, types: str | None, cards: int | None
) -> Any:
    """The catalog tyrant, overridden by the table's figures, or a custom tyrant."""
    custom = any(v is not None for v in (days, progress, types, cards))
    type_list = rules.parse_types(types) if types is not None else None
    try:
        base = rules.find_tyrant(name)
    except GmError:
        if not custom:
            raise
        return rules.custom_tyrant(name.strip(), days, progress, type_list, cards)
    if custom:
        return rules.custom_tyrant(name, days, progress, type_list, cards, base)
    return base


@app.command("tyrants", help=t("tmb.help.cmd_tyrants"))
def tyrants_cmd(json_out: JsonOpt = False) -> None:
    from .view import render_tyrants

    data = [ty.model_dump(mode="json") | {"deck_size": rules.deck_size(ty)} for ty in rules.tyrants()]
    emit({"tyrants": data}, render_tyrants, json_out)


@app.command("setup", help=t("tmb.help.cmd_setup"))
def setup_cmd(
    tyrant: TyrantOpt,
    gearlocs: Annotated[int, typer.Option("--gearlocs", "-g", help=t("tmb.help.opt_party"))],
    mode: ModeOpt = "adventure",
    days: DaysOpt = None,
    progress: ProgressOpt = None,
    types: TypesOpt = None,
    tyrant_cards: CardsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    ty = pick_tyrant(tyrant, days, progress, types, tyrant_cards)
    check = rules.setup_checklist(ty, gearlocs, _mode(mode))

    def text(out: Any) -> None:
        from .view import render_setup

        render_setup(check, ty, out)

    emit(check, text, json_out)


@app.command("new", help=t("tmb.help.cmd_new"))
def new_cmd(
    tyrant: TyrantOpt,
    gearloc: Annotated[
        list[str],
        typer.Option(
            "--gearloc",
            help=t("tmb.help.opt_gearloc"),
        ),
    ] = [],  # noqa: B006  (typer reads the default; never mutated)
    hp: Annotated[list[str], typer.Option("--hp", help=t("tmb.help.opt_start_hp"))] = [],  # noqa: B006
    mode: ModeOpt = "adventure",
    name: Annotated[str | None, typer.Option("--name", help=t("tmb.help.opt_session_name"))] = None,
    days: DaysOpt = None,
    progress: ProgressOpt = None,
    types: TypesOpt = None,
    tyrant_cards: CardsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from dataclasses import replace

    from gm_assist.core.session import record, start
    from gm_assist.kit.envelope import envelope

    from .view import render_reminders, render_setup

    ty = pick_tyrant(tyrant, days, progress, types, tyrant_cards)
    chosen = _mode(mode)
    rules.check_party_size(len(gearloc))
    check = rules.setup_checklist(ty, len(gearloc), chosen)
    state = rules.new_state(ty, gearloc, chosen)
    hps: dict[int, int] = {}
    for spec in hp:
        who, _, value = spec.partition("=")
        if not value.strip().isdecimal():
            raise GmError("tmb.error.hp_spec", spec=spec)
        hps[rules.gearloc_index(state, who)] = int(value)
    sheets = actions.starting_sheets(state, hps)  # checked before anything is saved
    rec = start("tmb", state, name, ("tmb.action.new", {"tyrant": ty.names["en"]}))
    info = rec.session
    for action in sheets:  # one journal entry per gearloc's HP, as the guided wizard records them
        state = record(action, info.name).state
    rec = replace(rec, state=state)  # the whole start: its label, the state once the HP are in

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(t('tmb.new.created', name=info.name))}")
        render_setup(check, ty, out)
        render_reminders(state, out)

    data = envelope(rec, setup=check.model_dump(mode="json"), **report.status(state))
    emit(data, text, json_out)


@app.command("status", help=t("tmb.help.cmd_status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import load

    from .view import render_status

    info, state = load("tmb")
    emit(
        {
            "session": info.name,
            **report.status(state),
            "reminders": [t(k, **p) for k, p in report.reminders(state)],
            "next": rules.next_step(state).as_json(),  # as a change's envelope says it
        },
        lambda out: render_status(state, out),
        json_out,
    )


@app.command("next-day", help=t("tmb.help.cmd_next_day"))
def next_day_cmd(
    force: Annotated[bool, typer.Option("--force", help=t("tmb.help.opt_force_day"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    finish(record(actions.NextDay(force=force)), json_out)  # the day's line is the action's event


@app.command("day", help=t("tmb.help.cmd_day"))
def day_cmd(
    day: Annotated[int, typer.Argument(help=t("tmb.help.opt_day"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    finish(record(actions.SetDay(day=day)), json_out)


@app.command("encounter", help=t("tmb.help.cmd_encounter"))
def encounter_cmd(
    title: Annotated[str, typer.Option("--title", help=t("tmb.help.opt_card_title"))] = "",
    fight: Annotated[
        bool | None,
        typer.Option("--fight/--peaceful", help=t("tmb.help.opt_option")),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import load, record

    from .view import encounter_text

    _, state = load("tmb")
    if state.phase == "resolve" and fight is not None:
        rec = record(actions.ChooseFight(fight=fight))
    else:
        rec = record(actions.DrawEncounter(title=title, fight=bool(fight)))
    line = escape(encounter_text(rec.state)) + " " + why("tmb/encounters")
    finish(rec, json_out, lines=[line])


@app.command("challenge", help=t("tmb.help.cmd_challenge"))
def challenge_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    rec = record(actions.ChallengeTyrant())  # the challenge and the card's set-up: its events
    lines = []
    if rec.state.tyrant.battle is not None:
        from .battle.view import tyrant_queue_line

        lines.append(tyrant_queue_line(rec.state))
    finish(rec, json_out, lines=lines)


@app.command("success", help=t("tmb.help.cmd_success"))
def success_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    finish(record(actions.Resolve(success=True)), json_out)


@app.command("failure", help=t("tmb.help.cmd_failure"))
def failure_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    finish(record(actions.Resolve(success=False)), json_out)


@app.command("reward", help=t("tmb.help.cmd_reward"))
def reward_cmd(
    progress: Annotated[int, typer.Option("--progress", "-p", help=t("tmb.help.opt_progress_gained"))] = 0,
    training: Annotated[int, typer.Option("--training", help=t("tmb.help.opt_training"))] = 0,
    loot: Annotated[int, typer.Option("--loot", help=t("tmb.help.opt_loot"))] = 0,
    locked: Annotated[int, typer.Option("--locked", help=t("tmb.help.opt_locked"))] = 0,
    title: Annotated[str, typer.Option("--title", help=t("tmb.help.opt_encounter_title"))] = "",
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import record

    for value in (progress, training, loot, locked):
        if not 0 <= value <= 20:
            raise GmError("tmb.error.reward_value", value=value)
    reward = rules.Reward(progress=progress, training=training, loot=loot, locked=locked)
    rec = record(actions.TakeReward(reward=reward, title=title))
    finish(rec, json_out, {"reward": reward.model_dump()})  # progress and loot: the action's events


from . import cli_sheet  # noqa: E402,F401  (registers sheet/loot/recovery commands on `app`)
from . import tour as _tour  # noqa: E402,F401  (registers `tour`)
from .battle.cli_session import register  # noqa: E402

register(app)
