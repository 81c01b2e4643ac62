"""The one place that prints results: rich text by default, one JSON document with ``--json``.

rich is imported only on the text path (start-up budget, DESIGN §7).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from gm_assist.core.i18n import t

_console: Any = None

FORCE_WIDTH: int | None = None
"""Tests set this to render as on a terminal of that many columns (wrapped at word boundaries)."""


def terminal_width() -> int | None:
    """The width to wrap text at: the terminal's, or None when stdout is not a terminal (plain,
    unwrapped lines for pipes and files)."""
    if FORCE_WIDTH is not None:
        return FORCE_WIDTH
    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    import shutil

    return shutil.get_terminal_size().columns


def console() -> Any:
    """The rich Console of this process (created on first use).

    On a terminal it wraps at word boundaries to the terminal's width and puts a command line the
    user may copy (``gm-assist …``) on its own line when the line would not fit; when stdout is not
    a terminal it prints plain lines, unwrapped. Colours follow rich, which honours ``NO_COLOR``.
    """
    global _console
    if _console is None or _console.file is not sys.stdout or _console.width_wanted != terminal_width():
        _console = _make_console(terminal_width())
    return _console


def _make_console(width: int | None) -> Any:
    from rich.console import Console

    class TableConsole(Console):
        width_wanted = width

        def print(self, *objects: Any, **kwargs: Any) -> None:
            if width is not None:
                objects = tuple(commands_apart(o, self.width) if isinstance(o, str) else o for o in objects)
            super().print(*objects, **kwargs)

    if width is None:
        return TableConsole(file=sys.stdout, highlight=False, soft_wrap=True)
    return TableConsole(file=sys.stdout, highlight=False, soft_wrap=False, width=width)


_COMMAND = re.compile(r"(?:^|(?<=\s))[(`«]?gm-assist\s+(?=[a-z-])")
"""A command line: ``gm-assist`` then a command or an option, also "(gm-assist …)" and "`gm-assist …`";
not the name in a sentence ("gm-assist (Too Many Bones, …)")."""
_MARKUP = re.compile(r"\[/?[a-z#][^\[\]]*\]")


def commands_apart(text: str, width: int) -> str:
    """``text`` with each line too long for ``width`` that contains a command line (``gm-assist …``)
    broken before the command, so the command stands on its own line and can be copied whole."""
    lines = []
    for line in text.split("\n"):
        while len(_MARKUP.sub("", line)) > width:
            found = _COMMAND.search(line, 1)  # the next command that does not start the line
            if found is None:
                break
            lines.append(line[: found.start()].rstrip())
            line = line[found.start() :]
        lines.append(line)
    return "\n".join(lines)


def fit(text: str, indent: int = 0, hang: str = "", width: int | None = None) -> str:
    """``text`` wrapped at word boundaries for a prompt on a terminal (unchanged elsewhere): lines
    of ``width - indent`` columns (``width``: the terminal's), continuation lines starting with
    ``hang``; a command line stays whole on its own line."""
    width = width or terminal_width()
    if width is None:
        return text
    import textwrap

    room = max(20, width - indent)
    out = []
    for line in commands_apart(text, room).split("\n"):
        out.append(
            textwrap.fill(
                line,
                room,
                subsequent_indent=hang,
                break_on_hyphens=False,
                break_long_words=False,
                replace_whitespace=False,
            )
            if len(line) > room
            else line
        )
    return "\n".join(out)


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
        from gm_assist.core.index import printable

        out.print("\n".join(printable(line) for line in text.split("\n")), markup=False)
    else:
        text(out)


def why(card_id: str) -> str:
    """The dim suffix that names the rule card behind a number: ``— tmb/baddie-points``."""
    return f"[dim]— {card_id}[/dim]"


def event_text(event: Any) -> str:
    """An event (``core.message.Message``) as a line for the table: its text, then its rule card."""
    text = escape(t(event.key, **event.params))
    return text + (" " + why(event.rule) if event.rule else "")


def events_json(events: list[Any]) -> list[dict[str, Any]]:
    """Events for ``--json``: the i18n key, its parameters, the rule card and the text as shown."""
    return [{"key": e.key, "params": e.params, "rule": e.rule, "text": t(e.key, **e.params)} for e in events]


def escape(text: str) -> str:
    """Protect user or rule text from rich markup (rich eats ``[brackets]``)."""
    from rich.markup import escape as _escape

    return _escape(text)


@contextmanager
def waiting(message: str, quiet: bool = False) -> Iterator[None]:
    """A spinner with ``message`` on stderr while a step that may be slow runs (an index build, a
    floor search). It appears only after half a second (``$GM_ASSIST_SPINNER_DELAY`` seconds), only
    when stderr is a terminal, never with ``quiet`` (pass ``--json``'s flag), and never on stdout."""
    try:
        shown = not quiet and sys.stderr.isatty()
    except (AttributeError, ValueError):
        shown = False
    if not shown:
        yield
        return
    import os
    import threading

    from rich.console import Console

    try:
        delay = float(os.environ.get("GM_ASSIST_SPINNER_DELAY", "0.5"))
    except ValueError:
        delay = 0.5
    status = Console(file=sys.stderr, highlight=False).status(message, spinner="dots")
    lock, state = threading.Lock(), {"started": False, "done": False}

    def start() -> None:
        with lock:
            if not state["done"]:
                status.start()
                state["started"] = True

    timer = threading.Timer(delay, start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            state["done"] = True
            if state["started"]:
                status.stop()


def err(text: str) -> None:
    """A message on stderr (plain text, never markup; control characters of a hostile name are
    shown escaped), wrapped at word boundaries on a terminal."""
    from gm_assist.core.index import printable

    text = "\n".join(printable(line) for line in text.rstrip("\n").split("\n"))
    try:
        if sys.stderr.isatty():
            import shutil

            text = fit(text, width=shutil.get_terminal_size().columns)
    except (AttributeError, ValueError):
        pass
    sys.stderr.write(text.rstrip("\n") + "\n")
    sys.stderr.flush()


def table(title: str | None, columns: list[str], rows: list[list[Any]]) -> Any:
    """A table with plain-text cells (never interpreted as markup) that fits the console without
    cutting a word: its natural width when that fits, else each column at least as wide as its
    longest word, else folded into ``column: value`` lines, one block per row."""
    return _FitTable(title, columns, rows)


class _FitTable:
    """The renderable behind :func:`table` (rich is imported when it is printed)."""

    def __init__(self, title: str | None, columns: list[str], rows: list[list[Any]]) -> None:
        self.title, self.columns, self.rows = title, columns, rows

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement
        from rich.table import Table
        from rich.text import Text

        heads = [Text(c) for c in self.columns]
        rows = [[Text(c) if isinstance(c, str) else c for c in row] for row in self.rows]
        width = options.max_width
        mins = [0] * len(heads)
        maxs = [0] * len(heads)
        for row in [heads, *rows]:
            for i, cell in enumerate(row[: len(heads)]):
                measured = Measurement.get(console, options, cell)
                least = measured.minimum
                if isinstance(cell, Text) and len(cell.plain.split()) <= 1:
                    least = measured.maximum  # one word and its spacing (" 2 "): kept whole
                mins[i] = max(mins[i], least + 2)  # + the cell's padding
                maxs[i] = max(maxs[i], measured.maximum + 2)
        borders = len(heads) + 1
        if sum(mins) + borders > width:
            yield from self._folded(heads, rows)
            return
        widths: list[int | None] = [None] * len(heads)
        if sum(maxs) + borders > width:  # share the room left beyond each column's longest word
            room, slack = width - borders - sum(mins), [mx - mn for mn, mx in zip(mins, maxs, strict=True)]
            total = sum(slack) or 1
            widths = [mn - 2 + room * sl // total for mn, sl in zip(mins, slack, strict=True)]
        tbl = Table(title=self.title, title_justify="left")
        for head, col_width in zip(self.columns, widths, strict=True):
            tbl.add_column(head, width=col_width)
        for row in rows:
            tbl.add_row(*row)
        yield tbl

    def _folded(self, heads: list[Any], rows: list[list[Any]]) -> Any:
        from rich.text import Text

        if self.title:
            yield Text(self.title, style="italic")
        for row in rows:
            for head, cell in zip(heads, row, strict=False):
                if isinstance(cell, Text):
                    yield Text.assemble(Text(f"{head.plain}: ", style="bold"), cell)
                else:
                    yield Text(f"{head.plain}:", style="bold")
                    yield cell
            yield Text("")
