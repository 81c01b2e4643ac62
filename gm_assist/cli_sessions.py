"""The generic session commands of the root CLI: sessions, show, use, rename, delete, export,
import, undo, redo, history, doctor. They work the same for every game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from gm_assist.cli_app import app
from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t, when
from gm_assist.core.output import emit, table
from gm_assist.kit.options import JsonOpt


def _game_title(game: str) -> str:
    from gm_assist.games import title

    return title(game)


@app.command("sessions", help=t("core.help.sessions"))
def sessions_cmd(json_out: JsonOpt = False) -> None:
    from gm_assist.core.manage import listing

    rows = listing()

    def text(out: Any) -> None:
        if not rows:
            out.print(t("core.sessions.none"), markup=False)
            return
        out.print(
            table(
                None,
                [t("core.sessions.name"), t("core.sessions.game"), t("core.sessions.updated"), ""],
                [
                    [r["name"], _game_title(r["game"]), when(r["updated"]), "*" if r["current"] else ""]
                    for r in rows
                ],
            )
        )
        out.print(t("core.sessions.next"), markup=False)

    current = next((r["name"] for r in rows if r["current"]), None)
    emit({"sessions": rows, "current": current}, text, json_out)


@app.command("show", help=t("core.help.show"))
def show_cmd(
    name: Annotated[str | None, typer.Argument(help=t("core.opt.session_arg"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import load
    from gm_assist.games import get_spec

    info, state = load(None, name)
    spec = get_spec(info.game)
    summary = spec.summary(state) if spec.summary else {}

    def text(out: Any) -> None:
        out.print(
            t(
                "core.show.header",
                session=info.name,
                game=_game_title(info.game),
                updated=info.updated,
                changes=info.changes,
            ),
            markup=False,
        )
        if spec.render:
            spec.render(state, out)
        out.print(t("core.show.next"), markup=False)

    shown = spec.public_state(state) if spec.public_state else state
    data = {"session": info, "summary": summary, "state": shown}
    if json_out:  # the view model the table view draws (issue 16); None while the game has none
        from gm_assist.games import view_of

        data["view"] = view_of(info.game, state)
    emit(data, text, json_out)


@app.command("use", help=t("core.help.use"))
def use_cmd(
    name: Annotated[str, typer.Argument(help=t("core.opt.session_name"))], json_out: JsonOpt = False
) -> None:
    from gm_assist.core.manage import use

    info = use(name)
    emit({"current": info}, t("core.use.done", name=info.name, game=_game_title(info.game)), json_out)


@app.command("rename", help=t("core.help.rename"))
def rename_cmd(
    old: Annotated[str, typer.Argument()], new: Annotated[str, typer.Argument()], json_out: JsonOpt = False
) -> None:
    from gm_assist.core.manage import rename

    info = rename(old, new)
    emit({"session": info}, t("core.rename.done", old=old, new=info.name), json_out)


@app.command("delete", help=t("core.help.delete"))
def delete_cmd(
    name: Annotated[str, typer.Argument()],
    yes: Annotated[bool, typer.Option("--yes", "-y", help=t("core.opt.yes"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core import index
    from gm_assist.core.manage import delete
    from gm_assist.core.prompts import confirm
    from gm_assist.core.terminal import is_interactive

    entry = index.find(name)
    if not yes:
        if not is_interactive():
            raise GmError("core.error.confirm_needed", flag="--yes")
        if not confirm(t("core.delete.confirm", name=entry["name"]), default=False):
            emit({"deleted": None}, t("core.delete.kept", name=entry["name"]), json_out)
            return
    info = delete(entry["id"])
    emit({"deleted": info}, t("core.delete.done", name=info.name), json_out)


@app.command("export", help=t("core.help.export"))
def export_cmd(
    name: Annotated[str | None, typer.Argument()] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help=t("core.opt.output"))] = None,
    force: Annotated[bool, typer.Option("--force", help=t("core.opt.force"))] = False,
) -> None:
    from gm_assist.core.manage import export, output_target, write_export
    from gm_assist.core.output import err

    data = export(name)
    go, target = output_target(output, force)
    if not go:
        return
    text = write_export(data, target)
    if target is None:
        typer.echo(text)
    else:
        err(t("core.export.done", name=data["session"]["name"], path=str(target)))


@app.command("import", help=t("core.help.import"))
def import_cmd(
    file: Annotated[Path, typer.Argument(help=t("core.opt.import_file"))],
    name: Annotated[str | None, typer.Option("--name", help=t("core.opt.import_name"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.manage import import_file

    info = import_file(file, name)
    emit({"session": info}, t("core.import.done", name=info.name, game=_game_title(info.game)), json_out)


def _undo_redo(n: int, forward: bool, json_out: bool) -> None:
    from gm_assist.core.session_history import redo, undo

    info, labels = (redo if forward else undo)(n)
    key = "core.redo" if forward else "core.undo"

    def text(out: Any) -> None:
        for label in labels:
            out.print(t(f"{key}.one", label=label), markup=False)
        out.print(t(f"{key}.next"), markup=False)

    emit({"session": info.name, "redone" if forward else "undone": labels}, text, json_out)


@app.command("undo", help=t("core.help.undo"))
def undo_cmd(
    n: Annotated[int, typer.Argument(help=t("core.opt.how_many"))] = 1, json_out: JsonOpt = False
) -> None:
    _undo_redo(n, False, json_out)


@app.command("redo", help=t("core.help.redo"))
def redo_cmd(
    n: Annotated[int, typer.Argument(help=t("core.opt.how_many"))] = 1, json_out: JsonOpt = False
) -> None:
    _undo_redo(n, True, json_out)


@app.command("history", help=t("core.help.history"))
def history_cmd(name: Annotated[str | None, typer.Argument()] = None, json_out: JsonOpt = False) -> None:
    from gm_assist.core.session_history import history

    info, items = history(name)

    def text(out: Any) -> None:
        out.print(t("core.history.header", name=info.name, game=_game_title(info.game)), markup=False)
        if not items:
            out.print(t("core.history.empty"), markup=False)
        for item in items:
            mark = t("core.history.undone") if item.undone else ""
            out.print(f"{item.index:>4}  {when(item.time)}  {item.label}{mark}", markup=False)

    emit({"session": info.name, "entries": [vars(i) for i in items]}, text, json_out)


@app.command("doctor", help=t("core.help.doctor"))
def doctor_cmd(
    fix: Annotated[bool, typer.Option("--fix", help=t("core.opt.fix"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.doctor import diagnose
    from gm_assist.core.doctor_repair import repair

    problems = diagnose()
    if fix:
        repair(problems)

    def text(out: Any) -> None:
        if not problems:
            out.print(t("core.doctor.ok"), markup=False)
            return
        for p in problems:
            state = (
                t("core.doctor.fixed") if p.fixed else (t("core.doctor.restorable") if p.restorable else "")
            )
            out.print(f"- {p.file}: {p.problem} {state}", markup=False)
        if not fix and any(p.restorable for p in problems):
            out.print(t("core.doctor.next"), markup=False)

    emit({"problems": [vars(p) for p in problems], "fixed": fix}, text, json_out)
    if problems and not all(p.fixed for p in problems):
        raise typer.Exit(1)
