"""The one place that prints results: rich text by default, one JSON document with ``--json``.

rich is imported only on the text path (start-up budget, DESIGN §7).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from gm_assist.core.i18n import t

JsonOpt = Annotated[bool, typer.Option("--json", help=t("core.opt.json"))]
"""The ``--json`` option every command that shows or computes something takes."""

_console: Any = None


def console() -> Any:
    """The rich Console of this process (created on first use)."""
    global _console
    if _console is None or _console.file is not sys.stdout:
        from rich.console import Console

        _console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
    return _console


def _default(value: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def to_json(data: Any) -> str:
    """The JSON text of a result (pydantic models dumped in JSON mode)."""
    return json.dumps(data, ensure_ascii=False, indent=2, default=_default)


def emit(data: Any, text: Callable[[Any], None] | str | None, as_json: bool) -> None:
    """Print ``data`` as JSON, or call ``text(console)`` (or print the string) for humans."""
    if as_json:
        sys.stdout.write(to_json(data) + "\n")
        sys.stdout.flush()
        return
    if text is None:
        return
    out = console()
    if isinstance(text, str):
        out.print(text, markup=False)
    else:
        text(out)


def why(card_id: str) -> str:
    """The dim suffix that names the rule card behind a number: ``— tmb/baddie-points``."""
    return f"[dim]— {card_id}[/dim]"


def escape(text: str) -> str:
    """Protect user or rule text from rich markup (rich eats ``[brackets]``)."""
    from rich.markup import escape as _escape

    return _escape(text)


def err(text: str) -> None:
    """A message on stderr (plain text, never markup)."""
    sys.stderr.write(text.rstrip("\n") + "\n")
    sys.stderr.flush()


def table(title: str | None, columns: list[str], rows: list[list[Any]]) -> Any:
    """A rich table with plain-text cells (never interpreted as markup)."""
    from rich.table import Table
    from rich.text import Text

    tbl = Table(title=title, title_justify="left")
    for col in columns:
        tbl.add_column(col)
    for row in rows:
        tbl.add_row(*[cell if not isinstance(cell, str) else Text(cell) for cell in row])
    return tbl
