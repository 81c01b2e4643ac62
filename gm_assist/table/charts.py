"""The statistics' charts as inline SVG for the table view's ``/stats`` page (no script, no external
resource): the same :class:`gm_assist.core.stats.Chart` the terminal draws with blocks.

Colours come from the page's CSS variables (light and dark themes); every text is escaped.
"""

from __future__ import annotations

from html import escape

from gm_assist.core.stats import Chart

SERIES = ("var(--accent)", "var(--warn)", "var(--good)", "var(--bad)", "var(--tyrant)", "var(--gold)")
ROW = 28
LABEL = 120
WIDTH = 480  # narrow enough that a phone shows the text at a readable size


def svg(chart: Chart) -> str:
    """One chart as an ``<svg>`` element, titled for screen readers."""
    return _line(chart) if chart.kind == "line" else _bars(chart)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _text(x: float, y: float, content: str, cls: str, anchor: str = "start") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" class="{cls}">{escape(content)}</text>'


def _open(chart: Chart, height: float) -> str:
    title = escape(chart.title)
    box = f"0 0 {WIDTH} {height:.0f}"
    return f'<svg class="gm-chart" viewBox="{box}" role="img" aria-label="{title}"><title>{title}</title>'


def _bars(chart: Chart) -> str:
    values = [v for series in chart.series.values() for v in series]
    top = chart.max or max(values, default=0) or 1
    names = list(chart.series)
    per_label = len(names)
    shown = [
        [f"{_number(v)}{chart.unit}" + (f" {name}" if per_label > 1 else "") for v in chart.series[name]]
        for name in names
    ]
    room = WIDTH - LABEL - 16 - 10 * max(len(s) for row in shown for s in row)  # the value stays inside
    parts = [_open(chart, (ROW * per_label + 8) * len(chart.labels) + 8)]
    y = 4
    for i, label in enumerate(chart.labels):
        parts.append(_text(LABEL - 8, y + ROW * per_label / 2 + 6, label[:22], "gm-chart-label", "end"))
        for n, name in enumerate(names):
            width = max(0.0, chart.series[name][i] / top * room)
            colour = SERIES[n % len(SERIES)]
            size = f'width="{width:.1f}" height="{ROW - 6}"'
            parts.append(f'<rect x="{LABEL}" y="{y + 3}" {size} rx="4" fill="{colour}"/>')
            parts.append(_text(LABEL + width + 6, y + ROW / 2 + 6, shown[n][i], "gm-chart-value"))
            y += ROW
        y += 8
    parts.append("</svg>")
    return "".join(parts)


def _line(chart: Chart) -> str:
    values = [v for series in chart.series.values() for v in series]
    low = min([*values, 0.0])
    high = chart.max or max(values, default=1) or 1
    span = (high - low) or 1
    height, left, right, top, bottom = 260, 48, WIDTH - 16, 16, 210
    steps = max(1, len(chart.labels) - 1)

    def x(i: int) -> float:
        return left + (right - left) * i / steps

    def y(v: float) -> float:
        return bottom - (bottom - top) * (v - low) / span

    parts = [
        _open(chart, height + 24 * len(chart.series)),
        f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="gm-chart-axis"/>',
        _text(left - 6, y(high) + 5, _number(high), "gm-chart-value", "end"),
        _text(left - 6, y(low) + 5, _number(low), "gm-chart-value", "end"),
    ]
    last = len(chart.labels) - 1
    for i, label in enumerate(chart.labels):  # the end labels stay inside the chart
        anchor = "start" if i == 0 else "end" if i == last else "middle"
        parts.append(_text(x(i), bottom + 22, label, "gm-chart-label", anchor))
    for n, (name, series) in enumerate(chart.series.items()):
        colour = SERIES[n % len(SERIES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4"/>')
        parts.extend(
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="5" fill="{colour}"/>' for i, v in enumerate(series)
        )
        legend = height + 24 * n + 4
        parts.append(f'<rect x="{left}" y="{legend - 12}" width="16" height="16" rx="3" fill="{colour}"/>')
        parts.append(
            _text(
                left + 24, legend + 2, f"{name}: {' → '.join(_number(v) for v in series)}", "gm-chart-label"
            )
        )
    parts.append("</svg>")
    return "".join(parts)
