"""The root `gm-assist` typer app: its own commands are converted on first use, the games' and the
rules reference's sub-commands imported on first use. ``cli.py`` and ``cli_sessions.py`` add their
commands to it; neither imports the other: no import circle."""

from __future__ import annotations

from typing import Any

import typer

from gm_assist.core.i18n import t
from gm_assist.games import GAMES
from gm_assist.kit.lazy_cli import LazyTyperGroup, house_style, lazy_group


def _groups() -> dict[str, tuple[str, str]]:
    """The sub-command groups imported on first use: every registered game (read from the registry
    each time, so a game registered after start-up, such as the tests' demo game, is mounted too)
    and the rules reference."""
    return {
        **{g.id: (f"{g.base}.cli", g.title_key) for g in GAMES.values()},
        "rules": ("gm_assist.rules_ref.cli", "core.help.rules"),
    }


_LAZY_COMMANDS: dict[str, tuple[str, str]] = {"table": ("gm_assist.table.cli", "table.help.command")}
"""Single commands (not groups) whose module is imported on first use: ``gm-assist table`` loads
the web stack only when it runs."""


class LazyGroup(LazyTyperGroup):
    """The root group: its own commands are converted on first use, and the game and rules
    sub-commands are imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        own = super().list_commands(ctx)
        return [*own, *(name for name in [*_groups(), *_LAZY_COMMANDS] if name not in own)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        name = next((g.id for g in GAMES.values() if cmd_name in g.aliases), cmd_name)
        groups = _groups()
        if name not in self.commands and name in groups:
            import importlib

            module = importlib.import_module(groups[name][0])
            self.commands[name] = lazy_group(module.app, name)
        elif name not in self.commands and name in _LAZY_COMMANDS:
            import importlib

            module = importlib.import_module(_LAZY_COMMANDS[name][0])
            self.commands[name] = house_style(typer.main.get_command(module.app))
        return super().get_command(ctx, name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        titled = {**_groups(), **_LAZY_COMMANDS}  # its title, whether it was loaded or not
        for name in self.list_commands(ctx):
            if name in titled:
                rows.append((name, t(titled[name][1])))
                continue
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(formatter.width - 30)))
        with formatter.section(t("core.help.commands")):
            formatter.write_dl(rows)


app = typer.Typer(
    cls=LazyGroup,
    rich_markup_mode=None,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=t("core.help.root"),
)
