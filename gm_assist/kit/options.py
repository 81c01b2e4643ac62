"""Options shared by every game's commands (the core prints; the kit parses)."""

from __future__ import annotations

from typing import Annotated

import typer

from gm_assist.core.i18n import t

JsonOpt = Annotated[bool, typer.Option("--json", help=t("core.opt.json"))]
"""The ``--json`` option every command that shows or computes something takes."""
