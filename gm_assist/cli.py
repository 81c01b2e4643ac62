"""The root command: global options, the generic session commands, and the games mounted lazily.

``gm-assist [--session NAME] [--lang fr|en] [--home PATH] [--debug] COMMAND …``. A game's module is
imported only when one of its commands runs, so start-up stays fast (DESIGN §2, §7).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from gm_assist.cli_app import app  # the root app the commands below join
from gm_assist.core import context
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import lang, t
from gm_assist.core.output import emit, err
from gm_assist.core.process import pre_scan
from gm_assist.games import GAMES
from gm_assist.kit.lazy_cli import COMPLETING, LazyTyperGroup, lazy_group
from gm_assist.kit.options import JsonOpt


def _print_version(value: bool) -> None:
    if value:
        from gm_assist import __version__

        typer.echo(f"gm-assist {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    session: Annotated[str | None, typer.Option("--session", "-s", help=t("core.opt.session"))] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=t("core.opt.lang"))] = None,
    home: Annotated[
        Path | None,
        typer.Option("--home", help=t("core.opt.home")),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help=t("core.opt.debug"))] = False,
    version: Annotated[
        bool,
        typer.Option("--version", "-V", is_eager=True, callback=_print_version, help=t("core.opt.version")),
    ] = False,
) -> None:
    """gm-assist: the game master's assistant beside your physical game."""
    if lang is not None and lang.strip().lower()[:2] not in ("en", "fr"):
        raise GmError("core.error.bad_lang", lang=lang)
    context.reset(session=session, lang=lang, home=home.expanduser() if home else None, debug=debug)
    if ctx.invoked_subcommand is None:
        from gm_assist.core.terminal import is_interactive

        if is_interactive():
            from gm_assist.flow import home_menu

            home_menu()
        else:
            typer.echo(ctx.get_help())


from gm_assist import cli_sessions  # noqa: E402,F401  (its session commands join `app`)


@app.command("roll", help=t("core.help.roll"))
def roll_cmd(
    expression: Annotated[str, typer.Argument(help=t("core.opt.dice"))],
    seed: Annotated[int | None, typer.Option("--seed", help=t("core.opt.seed"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.dice import rng, roll

    result = roll(expression, rng(seed))
    data = {
        "expression": expression,
        "dice": result.dice,
        "sides": result.sides,
        "modifier": result.modifier,
        "total": result.total,
    }
    emit(
        data,
        lambda out: out.print(
            t(
                "core.roll.result",
                expression=expression,
                dice=" ".join(str(d) for d in result.dice) or "-",
                modifier=f"{result.modifier:+d}" if result.modifier else "",
                total=result.total,
            ),
            markup=False,
        ),
        json_out,
    )


@app.command("odds", help=t("core.help.odds"))
def odds_cmd(
    expression: Annotated[list[str], typer.Argument(help=t("core.opt.odds_expression"))],
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.kit.odds_cli import odds

    odds(" ".join(expression), json_out)


@app.command("stats", help=t("core.help.stats"))
def stats_cmd(
    game: Annotated[str | None, typer.Argument(help=t("core.opt.stats_game"))] = None,
    since: Annotated[str | None, typer.Option("--since", help=t("core.opt.stats_since"))] = None,
    player: Annotated[str | None, typer.Option("--player", help=t("core.opt.stats_player"))] = None,
    session: Annotated[str | None, typer.Option("--session", help=t("core.opt.stats_session"))] = None,
    csv: Annotated[Path | None, typer.Option("--csv", help=t("core.opt.stats_csv"))] = None,
    force: Annotated[bool, typer.Option("--force", help=t("core.opt.force"))] = False,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.kit.stats_cli import stats

    stats(game, since, player, session, csv, force, json_out)


@app.command("play", help=t("core.help.play"))
def play_cmd() -> None:
    from gm_assist.core.terminal import require_tty
    from gm_assist.flow import home_menu

    require_tty("gm-assist --help")
    home_menu()


@app.command("completion", help=t("core.help.completion"))
def completion_cmd(
    shell: Annotated[str, typer.Argument(help=t("core.opt.shell"))],
) -> None:
    from gm_assist.kit.completion import SHELLS, script

    if shell not in SHELLS:
        raise GmError("core.error.bad_shell", shell=shell, shells=", ".join(SHELLS))
    sys.stdout.write(script(shell, lazy_group(app, "gm-assist")))
    sys.stdout.write("\n")


def _exit_code_for(exc: BaseException) -> int:
    from pydantic import ValidationError
    from typer._click.exceptions import ClickException
    from typer.exceptions import Abort, Exit

    if isinstance(exc, Exit):
        return exc.exit_code
    if isinstance(exc, ClickException):
        import io

        from gm_assist.kit.lazy_cli import translate_cli

        shown = io.StringIO()
        exc.show(file=shown)
        err(translate_cli(shown.getvalue()))
        return exc.exit_code
    changed = _home_changed()
    after = "_changed" if changed else ""
    if isinstance(exc, GmError):
        err(exc.message())
        return exc.exit_code
    if isinstance(exc, Cancelled | Abort | KeyboardInterrupt | EOFError):
        err(t(f"core.error.cancelled{after}"))
        return 130
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        err(t("core.error.invalid_value", field=".".join(str(p) for p in first["loc"]), detail=first["msg"]))
        return 2
    if isinstance(exc, OSError):
        import errno

        kind = "disk_full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "os_error"
        path = exc.filename or context.home_dir()
        err(t(f"core.error.{kind}{after}", path=str(path), detail=exc.strerror or str(exc)))
        return 1
    err(t(f"core.error.internal{after}", kind=type(exc).__name__, detail=str(exc)[:300]))
    return 1


def _home_changed() -> bool:
    """Whether this process wrote anything to the home (the store counts its writes)."""
    store = sys.modules.get("gm_assist.core.store")
    return bool(store and store.changed)


def safe_streams() -> None:
    """Printing never fails on the terminal's encoding (cp1252, ascii…): what it cannot show is
    replaced, so a saved change is never followed by an encoding error (and a retry that applies it
    twice)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # pragma: no cover - a closed or unusual stream
                pass


_TREES: dict[tuple[str, tuple[str, ...]], LazyTyperGroup] = {}
"""The command tree of each language and set of registered games, kept from one invocation to the
next in one process (tests, embedders): a command is converted once (typer evaluates its
annotations, ~1 ms a command), its help in the language it was converted in."""


def main(argv: list[str] | None = None) -> None:
    """Run the root CLI on ``argv`` and exit with the command's code (tests and embedders call this;
    the ``gm-assist`` command and ``python -m gm_assist`` go through ``gm_assist.entry.run``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    safe_streams()
    if "gm_assist.core.store" in sys.modules:  # a new invocation in the same process (tests, embedders)
        from gm_assist.core import store

        store.changed = False
    pre_scan(args)
    key = (lang(), tuple(f"{g.id}={g.base}" for g in GAMES.values()))
    command = _TREES.get(key)
    if command is None:
        command = _TREES[key] = lazy_group(app, "gm-assist")
    if COMPLETING:  # the shell asks for completions (gm_assist.kit.completion)
        from typer._completion_classes import completion_init

        completion_init()
    try:
        result = command.main(args=args, prog_name="gm-assist", standalone_mode=False)
        code = result if isinstance(result, int) else 0
    except BaseException as exc:  # noqa: BLE001 - the one place that turns errors into exit codes
        if isinstance(exc, SystemExit):
            raise
        if context.ctx().debug and not isinstance(exc, GmError | Cancelled):
            raise
        try:
            code = _exit_code_for(exc)
        except Exception:  # pragma: no cover - printing the error failed (broken terminal)
            code = 1
        if context.ctx().debug:
            import traceback

            traceback.print_exception(exc, file=sys.stderr)
    sys.exit(code)
