"""Start-up helpers for the command line: lazy command conversion and lazy modules.

Typer converts every command of an app (inspecting each signature and evaluating its annotations)
before running one; a game has 20–40 commands, which cost ~50 ms of start-up. ``lazy_group`` keeps
the typer definitions and converts a command the first time it is asked for (help lists convert
all). ``lazy_module`` defers a module a command may not need until it is used.

Every command, whichever game's typer app made it, is given the house style here (:func:`house_style`):
plain click help (no rich boxes), and help texts and usage errors in the chosen language (click and
typer print English of their own: :func:`translate_cli` puts it in French).
"""

from __future__ import annotations

import copy
import importlib.util
import os
import re
import sys
from functools import partial
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
        if isinstance(info, typer.models.TyperInfo):  # a sub-group (``tmb battle``): lazy in its turn
            command = _lazy_from_info(info, app)
        else:
            command = get_command_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
        self.commands[name] = house_style(command)

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


def _lazy_from_info(info: typer.models.TyperInfo, parent: typer.Typer) -> LazyTyperGroup:
    """The click group ``info`` describes (a typer app and what ``add_typer`` said of it), its
    commands left to convert on first use. Its class is kept when it is a :class:`LazyTyperGroup`
    (the root's, which also mounts the games lazily), else replaced by :class:`LazyTyperGroup`."""
    app = info.typer_instance
    assert app is not None
    shell = copy.copy(app)
    shell.registered_commands = []
    shell.registered_groups = []
    shell_info = copy.copy(info)
    shell_info.typer_instance = shell
    cls = solve_typer_info_defaults(info).cls
    if not (isinstance(cls, type) and issubclass(cls, LazyTyperGroup)):
        shell_info.cls = LazyTyperGroup
    group = get_group_from_info(
        shell_info,
        pretty_exceptions_short=parent.pretty_exceptions_short,
        suggest_commands=parent.suggest_commands,
        rich_markup_mode=None,
    )
    assert isinstance(group, LazyTyperGroup)
    group._app = app
    group._pending = {_name(sub): sub for sub in [*app.registered_commands, *app.registered_groups]}
    return group


def lazy_group(app: typer.Typer, name: str) -> LazyTyperGroup:
    """The click group of ``app`` with its commands (and its sub-groups' commands) converted lazily."""
    group = house_style(_lazy_from_info(typer.models.TyperInfo(app), app))
    group.name = name
    return group


COMPLETING = "_GM_ASSIST_COMPLETE" in os.environ
"""The shell asks for completions (gm_assist.kit.completion): parameters get their names."""


class HouseContext(typer.Context):
    """A click context whose help and usage lines are in the chosen language."""

    def get_usage(self) -> str:
        return translate_cli(super().get_usage())

    def get_help(self) -> str:
        _whole_words_in_help()
        return translate_cli(super().get_help())


def _whole_words_in_help() -> None:
    """click wraps help text with a TextWrapper that breaks at hyphens and inside long words
    ("shy-" / "monsters"): make it wrap at spaces only (command names, options and ids stay whole)."""
    from typer._click import _textwrap

    base = _textwrap.TextWrapper
    if getattr(base, "whole_words", False):
        return

    # click's wrapper class, found and replaced at run time: mypy cannot follow a class held in a
    # variable nor a class assigned over another
    class WholeWords(base):  # type: ignore[misc, valid-type]
        whole_words = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.update(break_on_hyphens=False, break_long_words=False)
            super().__init__(*args, **kwargs)

    _textwrap.TextWrapper = WholeWords  # type: ignore[misc]


def house_style(command: Any) -> Any:
    """``command`` (and the sub-commands already converted) printing its help the house way: plain
    click text in the chosen language, one style for every game, whatever its typer app says."""
    command.context_class = HouseContext
    typer.core._ = _gettext  # typer's own words ("default: 3", "required") before click wraps them
    _translate_metavars(command)
    if COMPLETING:
        from gm_assist.kit.completion import attach

        attach(command)
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    if command.help and not command.short_help and not command.deprecated:
        command.get_short_help_str = partial(_short_help, command.help)
    for sub in getattr(command, "commands", {}).values():
        house_style(sub)
    return command


_NOT_AN_END = re.compile(r"\.(?=\s+[^\sA-ZÀ-ÖØ-Þ])")
"""A full stop the next word does not begin after with a capital: an abbreviation ("rulebook p. 16",
« K.O. (règle… »), not the end of the first sentence."""


def _short_help(help: str, limit: int = 45) -> str:
    """A command's line in its group's list: click's shortening of ``help`` (its first sentence, or
    its first words and "..."), except that click ends the sentence at any word ending in "." and
    listed "Set up the battle (rulebook p." — an abbreviation's full stop does not end it here."""
    from typer._click.utils import make_default_short_help

    return make_default_short_help(_NOT_AN_END.sub("\0", help), limit).replace("\0", ".").strip()


# click's and typer's own English (help, usage errors) → a key of core.toml's [cli] table. Each
# pattern's groups fill the translation's {0}, {1}…
_CLI_ENGLISH: tuple[tuple[str, str], ...] = (
    (r"(?m)^Usage: ", "core.cli.usage"),
    (r"Show this message and exit\.", "core.cli.help_option"),
    (r"(?m)^Options:$", "core.cli.options"),
    (r"(?m)^Arguments:$", "core.cli.arguments"),
    (r"(?m)^Commands:$", "core.cli.commands"),
    (r"\[OPTIONS\]", "core.cli.options_metavar"),
    (r"COMMAND \[ARGS\]\.\.\.", "core.cli.command_metavar"),
    (r"\[default: ", "core.cli.default"),
    (r"\[env var: ", "core.cli.env_var"),
    (r"; required\]", "core.cli.required_tail"),
    (r"\[required\]", "core.cli.required"),
    (r"(?m)^Try '(.+?)' for help\.$", "core.cli.try_help"),
    (r"(?m)^Error: ", "core.cli.error"),
    (r"No such command '(.*?)'\.", "core.cli.no_such_command"),
    (r"Did you mean (.+)\?", "core.cli.did_you_mean"),
    (r"Missing command\.", "core.cli.missing_command"),
    (r"Missing argument '(.+?)'\.", "core.cli.missing_argument"),
    (r"Missing option '(.+?)'\.", "core.cli.missing_option"),
    (r"Missing parameter:? '?(.+?)'?\.", "core.cli.missing_parameter"),
    (r"No such option: (\S+)", "core.cli.no_such_option"),
    (r"\(Possible options: (.+)\)", "core.cli.possible_options"),
    (r"Option '(.+?)' requires an argument\.", "core.cli.needs_value"),
    (r"Option '(.+?)' requires (\d+) arguments\.", "core.cli.needs_values"),
    (r"Option '(.+?)' does not take a value\.", "core.cli.takes_no_value"),
    (r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", "core.cli.extra_arguments"),
    (r"Invalid value for (.+?): ", "core.cli.invalid_value_for"),
    (r"Invalid value: ", "core.cli.invalid_value"),
    (r"'([^']*)' is not a valid (?:int|integer)\.", "core.cli.not_int"),
    (r"'([^']*)' is not a valid float\.", "core.cli.not_float"),
    (r"'([^']*)' is not a valid boolean\.", "core.cli.not_bool"),
    (r"(\S+) is not in the range (\S+)\.", "core.cli.not_in_range"),
    (r"(?m)^Aborted!$", "core.cli.aborted"),
)


_GETTEXT = {
    "default: {default}": "core.cli.gettext_default",
    "required": "core.cli.gettext_required",
    "env var: {var}": "core.cli.gettext_env_var",
}


def _gettext(message: str) -> str:
    """typer's gettext: its few words in the chosen language (typer ships no French catalog)."""
    from gm_assist.core.i18n import lang, t

    key = _GETTEXT.get(message)
    return t(key) if key and lang() != "en" else message


_METAVARS = {"str": "text", "text": "text", "int": "int", "integer": "int", "float": "float", "path": "path"}


def _translate_metavars(command: Any) -> None:
    """``--day <int>`` reads ``--day <entier>`` in French: the value's kind in the chosen language."""
    from gm_assist.core.i18n import lang, t

    if lang() == "en":
        return
    for param in getattr(command, "params", ()):
        kind = _METAVARS.get(getattr(param.type, "name", ""))
        if kind and param.metavar is None and param.param_type_name == "option" and not param.is_flag:
            param.metavar = t(f"core.cli.metavar_{kind}") + ("..." if param.nargs != 1 else "")


def _fill(template: str, match: re.Match[str]) -> str:
    return template.format(*match.groups())


def translate_cli(text: str) -> str:
    """click's and typer's English in ``text`` (help pages, usage errors) in the chosen language."""
    from gm_assist.core.i18n import lang, t

    if lang() == "en" or not text:
        return text
    for pattern, key in _CLI_ENGLISH:
        if re.search(pattern, text):
            text = re.sub(pattern, partial(_fill, t(key)), text)
    return re.sub(r"(?m)^(\w[\w ]*\w):$", r"\1 :", text)  # French headings: « Commandes : »


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
