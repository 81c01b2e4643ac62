"""The demo game's commands, built with the kit: parse → rules/actions → print the change."""

from __future__ import annotations

from typing import Annotated

import typer

from gm_assist.core.i18n import t
from gm_assist.kit.app import game_app
from gm_assist.kit.envelope import print_change
from gm_assist.kit.options import JsonOpt

from .model import TARGET

app = game_app("demo.help.app")


@app.command("new", help=t("demo.help.new"))
def new_cmd(
    target: Annotated[int, typer.Option("--target", min=1, help=t("demo.help.target"))] = TARGET,
    name: Annotated[str | None, typer.Option("--name", help=t("core.opt.session_name"))] = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.session import start

    from .model import Counter

    print_change(
        start("demo", Counter(target=target), name, ("demo.action.new", {"target": target})), json_out
    )


@app.command("add", help=t("demo.help.add"))
def add_cmd(n: Annotated[int, typer.Argument(help=t("demo.help.points"))], json_out: JsonOpt = False) -> None:
    from gm_assist.core.session import record

    from .actions import Add

    print_change(record(Add(n=n)), json_out)
