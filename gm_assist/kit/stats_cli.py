"""`gm-assist stats [GAME]`: the statistics of a family's games, as text with small charts, `--json`,
or `--csv FILE` (one row per finished game). The figures come from :mod:`gm_assist.core.stats`.

Registered on the root CLI (`gm_assist/cli.py`) and imported only when `stats` runs. The charts are
drawn with rich's own bar blocks (no plotting library: rich is already loaded by every command),
within 80 columns, and in plain ASCII when the output is not a UTF-8 terminal (a pipe, a file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_assist.core.i18n import lang, t, t_in
from gm_assist.core.output import emit
from gm_assist.core.stats import Chart, Filters

WIDTH = 80
BARS = " ▏▎▍▌▋▊▉█"
SPARK = "▁▂▃▄▅▆▇█"


def stats(
    game: str | None,
    since: str | None,
    player: str | None,
    session: str | None,
    csv: Path | None,
    force: bool,
    json_out: bool,
) -> None:
    """Compute and print the statistics (JSON keys: see README, `stats`)."""
    from gm_assist.core import stats as core
    from gm_assist.games import entry

    game_id = entry(game).id if game else None
    filters = Filters(core.parse_since(since), player, session)
    if csv is not None:
        _write_csv(core, game_id, filters, csv, force, json_out)
        return
    data = core.report(game_id, filters)
    emit(data, lambda out: render(data, out, lang()), json_out)


def _write_csv(
    core: Any, game_id: str | None, filters: Filters, csv: Path, force: bool, json_out: bool
) -> None:
    """``--csv FILE``: the rows written to FILE (``-``: printed); with ``--json``, the document
    says where and how many (``csv``, ``rows``, ``skipped``) and the rows go only to the file."""
    import typer

    from gm_assist.core.manage import output_target, write_text
    from gm_assist.core.output import err

    go, target = output_target(csv, force)
    if not go:
        return
    records, skipped = core.collect(game_id, filters)
    text = core.csv_text(records)
    rows = text.count("\n") - 1
    write_text(text, target)
    if json_out:
        emit({"csv": str(target) if target else None, "rows": rows, "skipped": skipped}, "", True)
        return
    if target is None:
        typer.echo(text, nl=False)
    else:
        err(t("core.stats.csv_done", n=rows, path=str(target)))
    for item in skipped:
        err(t("core.stats.skipped_one", **item))


def render(data: dict[str, Any], out: Any, language: str) -> None:
    """The statistics as text: one block per game (counts, the game's own figures, its charts),
    then the sessions that could not be read."""
    from gm_assist.core.output import escape
    from gm_assist.core.stats import blocks

    fancy = bool(out.is_terminal) and out.encoding.lower().startswith("utf")
    width = min(out.width, WIDTH) if out.is_terminal else WIDTH
    for block in blocks(data, language):
        out.print(f"[bold]{escape(block.title)}[/bold]")
        out.print(block.counts, markup=False)
        for line in block.lines:
            out.print(f"  {line}", markup=False)
        for chart in block.charts:
            for line in chart_lines(chart, fancy, width):
                out.print(line, markup=False, highlight=False)
    if data["skipped"]:
        out.print(f"[bold]{escape(t_in(language, 'core.stats.skipped'))}[/bold]")
        for item in data["skipped"]:
            out.print(f"  {t_in(language, 'core.stats.skipped_one', **item)}", markup=False)
    out.print(t("core.stats.next"), markup=False)  # the guided mode names its menu instead


def chart_lines(chart: Chart, fancy: bool = True, width: int = WIDTH) -> list[str]:
    """A chart as text lines within ``width`` columns: bars (one per label, several series side by
    side) or, for a line chart, one row of marks per series with its values.

    >>> chart_lines(Chart("Wins", "bar", ["Ana", "Bo"], {"": [3, 1]}), fancy=False, width=40)
    ['  Wins', '  Ana |############################## 3', '  Bo  |########## 1']
    """
    lines = [f"  {chart.title}"]
    if not chart.labels:
        return lines
    label_width = min(max(len(label) for label in chart.labels), 18)
    if chart.kind == "line":
        return lines + _line_rows(chart, fancy, label_width)
    values = [v for series in chart.series.values() for v in series]
    top = chart.max or max(values, default=0) or 1
    several = len(chart.series) > 1
    shown = [
        [f"{_number(v)}{chart.unit}" + (f" {name}" if several else "") for v in series]
        for name, series in chart.series.items()
    ]
    bar_width = max(8, width - label_width - 6 - max(len(s) for row in shown for s in row))
    for i, label in enumerate(chart.labels):
        for n, series in enumerate(chart.series.values()):
            head = _fit(label, label_width) if n == 0 else " " * label_width
            bar = _bar(series[i] / top * bar_width, fancy)
            lines.append(f"  {head} {'│' if fancy else '|'}{bar} {shown[n][i]}")
    return lines


def _line_rows(chart: Chart, fancy: bool, label_width: int) -> list[str]:
    values = [v for series in chart.series.values() for v in series]
    low, high = min(values), chart.max or max(values)
    span = (high - low) or 1
    marks = SPARK if fancy else "_.-~^"
    labels = " → ".join(chart.labels) if len(chart.labels) <= 6 else f"{chart.labels[0]} … {chart.labels[-1]}"
    rows = [f"  {' ' * label_width}  {labels}"]
    for name, series in chart.series.items():
        spark = "".join(marks[round((v - low) / span * (len(marks) - 1))] for v in series)
        numbers = " ".join(_number(v) for v in series)
        rows.append(f"  {_fit(name, label_width)}  {spark}  {numbers}")
    return rows


def _bar(length: float, fancy: bool) -> str:
    if not fancy:
        return "#" * round(length)
    whole = int(length)
    part = BARS[round((length - whole) * 8)] if length - whole >= 1 / 16 else ""
    return "█" * whole + part.strip()


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _fit(text: str, width: int) -> str:
    return text[: width - 1] + "…" if len(text) > width else text.ljust(width)
