"""`gm-assist insomnia …`: scoring calculators and race tracking (parse → rules/actions → emit)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import confidence_words, t
from gm_assist.core.output import emit, escape
from gm_assist.kit.app import game_app
from gm_assist.kit.lazy_cli import lazy_module
from gm_assist.kit.options import JsonOpt

from . import catalog, rules

actions = lazy_module(f"{__package__}.actions")

app = game_app("insomnia.help.app")

SheepOpt = Annotated[str | None, typer.Option("--sheep", "--mouton", help=t("insomnia.help.opt_sheep"))]
TableOpt = Annotated[str | None, typer.Option("--table", help=t("insomnia.help.opt_table"))]


# ---------------------------------------------------------------- helpers


def _names(options: list[str], query: str) -> str:
    from gm_assist.core.names import resolve

    return resolve(query, {n: [] for n in options}, "insomnia.kind.player")


def _load() -> tuple[Any, Any]:
    from gm_assist.core.session import load

    return load("insomnia")


def _who(state: Any, query: str | None) -> str:
    """A player typed by the user (forgiving), or the active sheep / the resting player."""
    from .model import Phase
    from .rest import resting_player

    if query:
        return _names([p.name for p in state.players], query)
    if state.phase is Phase.rest:
        return resting_player(state)
    return state.players[state.active].name


def _table(players: int, values: str | None) -> Any:
    return catalog.table_for(players, rules.parse_table_values(values) if values else None)


def _own(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary's keys beside the envelope: its sentence ``next`` as ``next_text``."""
    own = dict(summary)
    own["next_text"] = own.pop("next")
    return own


def _do(action: Any, json_out: bool, table: Any = None) -> None:
    """Record an action, then print its label, what the table should hear, the status, what next.

    ``--json``: the envelope (``session``, ``label``, ``events``, ``next``, ``state``) with the
    summary's keys beside it (its sentence ``next`` as ``next_text``) and ``score`` after a race."""
    from gm_assist.core.session import record
    from gm_assist.kit.envelope import envelope

    from . import view

    rec = record(action)
    state = rec.state
    own = _own(view.summary(state))
    if table is not None and state.last_score is not None:
        own["score"] = state.last_score

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(rec.label)}")
        if table is not None and state.last_score is not None:
            view.print_score(out, state.last_score, table)
        view.print_events(out, rec.events)
        view.render(state, out)

    emit(envelope(rec, **own) if json_out else {}, text, json_out)


# ---------------------------------------------------------------- calculators


@app.command("score", help=t("insomnia.help.cmd_score"))
def score_cmd(
    player: Annotated[list[str], typer.Option("--player", "-p", help=t("insomnia.help.opt_score_player"))],
    woke: Annotated[list[str] | None, typer.Option("--woke", help=t("insomnia.help.opt_woke"))] = None,
    table: TableOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from . import view

    entries = [rules.parse_player_spec(p) for p in player]
    rules.check_entries(entries)
    names = [e.name for e in entries]
    woken = {_names(names, w) for w in woke or []}
    entries = [e.model_copy(update={"woke": e.name in woken}) for e in entries]
    pillow_table = _table(len(entries), table)
    result = rules.score_race(entries, pillow_table)
    data = {
        "winners": result.winners,
        "pillows": result.pillows,
        "moves": result.moves,
        "first_player": result.first_player,
        "ranks": result.ranks,
        "counted": result.counted,
        "victory_reason": result.victory_reason or None,
        "first_player_tie": result.first_player_tie,
        "table": result.table,
        "table_confidence": result.table_confidence,
        "table_source": pillow_table.source,
        "woken_rule": "rank" if result.woken_rule is None else result.woken_rule,
    }
    emit(data, lambda out: view.print_score(out, result, pillow_table), json_out)


@app.command("solo-score", help=t("insomnia.help.cmd_solo_score"))
def solo_score_cmd(
    dodos: Annotated[int, typer.Option("--dodos", help=t("insomnia.help.opt_dodos_total"))],
    pillow_moved: Annotated[int, typer.Option("--pillow-moved", help=t("insomnia.help.opt_pillow_moved"))],
    races: Annotated[int, typer.Option("--races", help=t("insomnia.help.opt_races"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.i18n import lang

    from . import view

    bonus, penalty = catalog.solo_settings()
    result = rules.solo_score(dodos, pillow_moved, races, catalog.solo_ranks(), bonus, penalty)
    title = result.title.fr if lang() == "fr" else result.title.en
    data = {
        "score": result.score,
        "title": title,
        "title_en": result.title.en,
        "title_fr": result.title.fr,
        "dodos": result.dodos,
        "pillow_bonus": result.pillow_bonus,
        "race_penalty": result.race_penalty,
        "races": result.races,
        "pillow_moved": result.pillow_moved,
    }
    emit(data, lambda out: view.print_solo(out, result), json_out)


@app.command("tiles", help=t("insomnia.help.cmd_tiles"))
def tiles_cmd(
    solo: Annotated[bool, typer.Option("--solo", help=t("insomnia.help.opt_tiles_solo"))] = False,
    json_out: JsonOpt = False,
) -> None:
    tiles = [tl for tl in catalog.dream_tiles() if not (solo and tl.solo_removed)]

    def text(out: Any) -> None:
        for tl in tiles:
            bonus = t(f"insomnia.bonus.{tl.bonus or 'unknown'}")
            solo_mark = f" {t('insomnia.tiles.solo_removed')}" if tl.solo_removed else ""
            out.print(
                f"{escape(tl.fr or '?')} / {escape(tl.en or '?')}: {escape(bonus)} "
                f"({escape(confidence_words(tl.confidence))}){solo_mark}"
            )
        out.print(t("insomnia.tiles.next"), markup=False)

    emit({"tiles": tiles}, text, json_out)


# ---------------------------------------------------------------- a game: set-up and race


@app.command("new", help=t("insomnia.help.cmd_new"))
def new_cmd(
    player: Annotated[list[str], typer.Option("--player", "-p", help=t("insomnia.help.opt_new_player"))],
    nightmare: Annotated[str, typer.Option("--nightmare", help=t("insomnia.help.opt_nightmare"))] = "wolf",
    solo: Annotated[bool, typer.Option("--solo", help=t("insomnia.help.opt_solo"))] = False,
    name: Annotated[str | None, typer.Option("--name", help=t("insomnia.help.opt_name"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import fold
    from gm_assist.core.session import start
    from gm_assist.kit.envelope import envelope

    from . import race, view
    from .checklists import setup_checklist

    names = [p.strip() for p in player]
    if any(not n for n in names):
        raise GmError("insomnia.error.empty_name")
    folded = [fold(n) for n in names]
    for n in names:
        if folded.count(fold(n)) > 1:
            raise GmError("insomnia.error.duplicate_name", name=n)
    chosen = catalog.nightmare(nightmare)
    state, events = race.new_game(names, chosen.id, solo)
    table = None if solo else catalog.table_for(len(names))
    removed = [tl.fr for tl in catalog.dream_tiles() if tl.solo_removed]
    checklist = setup_checklist(state, chosen, table, removed)
    rec = start("insomnia", state, name, ("insomnia.action.new", {"players": ", ".join(names)}), events)
    info = rec.session
    data = (
        envelope(rec, checklist=view.events_json(checklist), **_own(view.summary(state))) if json_out else {}
    )

    def text(out: Any) -> None:
        out.print(f"[green]✓[/green] {escape(t('insomnia.new.created', name=info.name))}")
        out.print(f"[bold]{t('insomnia.new.checklist')}[/bold]")
        view.print_events(out, checklist)
        view.print_events(out, events)
        view.render(state, out)

    emit(data, text, json_out)


@app.command("status", help=t("insomnia.help.cmd_status"))
def status_cmd(json_out: JsonOpt = False) -> None:
    from . import view

    info, state = _load()
    emit({"session": info.name, **view.summary(state)}, lambda out: view.render(state, out), json_out)


@app.command("move", help=t("insomnia.help.cmd_move"))
def move_cmd(
    spaces: Annotated[int | None, typer.Argument(help=t("insomnia.help.arg_spaces"))] = None,
    back: Annotated[int | None, typer.Option("--back", help=t("insomnia.help.opt_back"))] = None,
    to: Annotated[int | None, typer.Option("--to", help=t("insomnia.help.opt_to"))] = None,
    sheep: SheepOpt = None,
    json_out: JsonOpt = False,
) -> None:
    given = [v is not None for v in (spaces, back, to)]
    if sum(given) != 1:
        raise GmError("insomnia.error.move_args")
    for value in (spaces, back):
        if value is not None and value < 1:
            raise GmError("insomnia.error.move_positive", value=value)
    _, state = _load()
    who = _who(state, sheep)
    _do(actions.MoveSheep(name=who, spaces=spaces if spaces is not None else -(back or 0), to=to), json_out)


@app.command("dodos", help=t("insomnia.help.cmd_dodos"))
def dodos_cmd(
    dodos: Annotated[int, typer.Argument(help=t("insomnia.help.arg_dodos"))],
    sheep: SheepOpt = None,
    json_out: JsonOpt = False,
) -> None:
    if dodos < 1:
        raise GmError("insomnia.error.move_positive", value=dodos)
    _, state = _load()
    _do(actions.GainDodos(name=_who(state, sheep), dodos=dodos), json_out)


@app.command("scare", help=t("insomnia.help.cmd_scare"))
def scare_cmd(
    names: Annotated[list[str] | None, typer.Argument(help=t("insomnia.help.arg_scared"))] = None,
    json_out: JsonOpt = False,
) -> None:
    _, state = _load()
    who = [_who(state, n) for n in names] if names else [_who(state, None)]
    _do(actions.Scare(names=who), json_out)


@app.command("brave", help=t("insomnia.help.cmd_brave"))
def brave_cmd(
    sheep: Annotated[str | None, typer.Argument(help=t("insomnia.help.arg_sheep"))] = None,
    json_out: JsonOpt = False,
) -> None:
    _, state = _load()
    _do(actions.Brave(name=_who(state, sheep)), json_out)


@app.command("bed", help=t("insomnia.help.cmd_bed"))
def bed_cmd(
    sheep: Annotated[str | None, typer.Argument(help=t("insomnia.help.arg_sheep"))] = None,
    json_out: JsonOpt = False,
) -> None:
    _, state = _load()
    _do(actions.GoToBed(name=_who(state, sheep)), json_out)


@app.command("end-turn", help=t("insomnia.help.cmd_end_turn"))
def end_turn_cmd(json_out: JsonOpt = False) -> None:
    _, state = _load()
    _do(actions.EndTurn(name=_who(state, None)), json_out)


@app.command("nightmare", help=t("insomnia.help.cmd_nightmare"))
def nightmare_cmd(
    mode: Annotated[str, typer.Argument(help=t("insomnia.help.arg_mode"))],
    spaces: Annotated[int | None, typer.Argument(help=t("insomnia.help.arg_nightmare_spaces"))] = None,
    back: Annotated[int | None, typer.Option("--back", help=t("insomnia.help.opt_back"))] = None,
    to: Annotated[int | None, typer.Option("--to", help=t("insomnia.help.opt_jump_to"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import resolve

    jump = (
        resolve(
            mode,
            {"move": ["deplace", "déplace", "deplacer", "avance"], "jump": ["saute", "sauter", "saut"]},
            "insomnia.kind.nightmare_mode",
        )
        == "jump"
    )
    if sum(v is not None for v in (spaces, back, to)) != 1 or (to is not None and not jump):
        raise GmError("insomnia.error.nightmare_args")
    for value in (spaces, back):
        if value is not None and value < 1:
            raise GmError("insomnia.error.move_positive", value=value)
    amount = spaces if spaces is not None else -(back or 0)
    _do(actions.NightmareAct(jump=jump, spaces=amount if to is None else 0, to=to), json_out)


@app.command("end-race", help=t("insomnia.help.cmd_end_race"))
def end_race_cmd(table: TableOpt = None, json_out: JsonOpt = False) -> None:
    _, state = _load()
    pillow_table = None if state.solo else _table(len(state.players), table)
    _do(actions.EndRace(table=pillow_table), json_out, pillow_table)


@app.command("rest", help=t("insomnia.help.cmd_rest"))
def rest_cmd(
    option: Annotated[str, typer.Argument(help=t("insomnia.help.arg_rest"))],
    space: Annotated[int | None, typer.Option("--space", help=t("insomnia.help.opt_space"))] = None,
    tile: Annotated[str | None, typer.Option("--tile", "--tuile", help=t("insomnia.help.opt_tile"))] = None,
    player: Annotated[str | None, typer.Option("--player", help=t("insomnia.help.opt_rest_player"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import resolve

    choice = resolve(
        option,
        {"tile": ["tuile", "tuile reve", "dream tile"], "zzz": ["z", "zz"]},
        "insomnia.kind.rest_option",
    )
    _, state = _load()
    who = _who(state, player)
    if choice == "zzz":
        _do(actions.RestZzz(name=who), json_out)
        return
    if space is None:
        raise GmError("insomnia.error.rest_space")
    _do(actions.RestTile(name=who, space=space, tile=catalog.dream_tile(tile) if tile else None), json_out)


# The other edition's words for the same commands (hidden from --help): cauchemar, coucher, repos…
for _alias, _command in (
    ("cauchemar", nightmare_cmd),
    ("coucher", bed_cmd),
    ("repos", rest_cmd),
    ("effraie", scare_cmd),
    ("winks", dodos_cmd),
    ("deplace", move_cmd),
    ("fin-de-course", end_race_cmd),
    ("fin-du-tour", end_turn_cmd),
):
    app.command(_alias, hidden=True, help=t("insomnia.help.alias"))(_command)
