"""Every game's typer app is built here, the same way: plain click help in the house style (no rich
boxes: ``lazy_cli.house_style`` translates and wraps it when the root mounts the group), no
completion option of its own (``gm-assist completion`` serves every game), help when run bare."""

from __future__ import annotations

from typing import Any

import typer

from gm_assist.core.i18n import t


def game_app(help_key: str, **settings: Any) -> typer.Typer:
    """A game's (or a game's sub-group's) typer app, its help text from the i18n key ``help_key``."""
    return typer.Typer(
        no_args_is_help=True, add_completion=False, rich_markup_mode=None, help=t(help_key), **settings
    )
