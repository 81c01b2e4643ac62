"""Start-up helpers for the command line: lazy command conversion and lazy modules.

Typer converts every command of an app (inspecting each signature and evaluating its annotations)
before running one; a game has 20–40 commands, which cost ~50 ms of start-up. ``lazy_group`` keeps
the typer definitions and converts a command the first time it is asked for (help lists convert
all). ``lazy_module`` defers a module a command may not need until it is used.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup
from typer.main import get_command_from_info, get_command_name, get_group_from_info, solve_typer_info_defaults


class LazyTyperGroup(TyperGroup):
    """A typer group whose sub-commands are converted on first use.

    Built by :func:`lazy_group`; a group typer builds itself (``typer.main.get_command``) has every
    command converted already and nothing pending.
    """

    _pending: dict[str, Any] = {}  # replaced per instance by lazy_group; never mutated while empty
    _app: typer.Typer

    def _convert(self, name: str) -> None:
        info = self._pending.pop(name)
        app = self._app
        command: Any
        if isinstance(info, typer.models.TyperInfo):
            command = get_group_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                suggest_commands=app.suggest_commands,
                rich_markup_mode=app.rich_markup_mode,
            )
        else:
            command = get_command_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
        self.commands[name] = command

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.commands, *(n for n in self._pending if n not in self.commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self._pending:
            self._convert(cmd_name)
        return self.commands.get(cmd_name)


def _name(info: Any) -> str:
    if isinstance(info, typer.models.TyperInfo):
        return solve_typer_info_defaults(info).name or ""
    return info.name or get_command_name(info.callback.__name__)


def lazy_group(app: typer.Typer, name: str) -> LazyTyperGroup:
    """The click group of ``app`` with its commands converted lazily.

    ``app``'s own group class is kept when it is a :class:`LazyTyperGroup` (the root's, which also
    mounts the games lazily); any other class is replaced by :class:`LazyTyperGroup`.
    """
    shell = copy.copy(app)
    shell.registered_commands = []
    shell.registered_groups = []
    shell.info = copy.copy(app.info)
    cls = app.info.cls
    if not (isinstance(cls, type) and issubclass(cls, LazyTyperGroup)):
        shell.info.cls = LazyTyperGroup
    group = typer.main.get_group(shell)
    assert isinstance(group, LazyTyperGroup)
    group._app = app
    group._pending = {_name(info): info for info in [*app.registered_commands, *app.registered_groups]}
    group.name = name
    return group


def lazy_module(name: str) -> ModuleType:
    """``name``'s module, executed on its first attribute access (importlib's LazyLoader recipe).

    A game's ``cli.py`` registers every command at import, but most commands use only part of the
    game: ``actions = lazy_module(f"{__package__}.actions")`` keeps ``actions.MoveSheep(…)`` readable
    while a calculator that never records an action never pays for the action models.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(name, name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
