"""Oct8 pictures: bar charts with 95% intervals (drawsvg via octosolve.core.svg) and octopus text."""

from __future__ import annotations

from pathlib import Path

import drawsvg as draw

from ..core import svg

OCTO_COLOURS = {"red": "#d62728", "green": "#2ca02c", "blue": "#1f77b4"}


def bar_chart(path: Path, title: str, labels: list[str], values: list[float],
              intervals: list[tuple[float, float]] | None = None, *, ylabel: str = "",
              reference: float | None = None, colours: list[str] | None = None) -> Path:
    """Vertical bars with optional 95% interval whiskers and a dashed reference line."""
    n = len(values)
    bw, gap, left, top, h = 56, 22, 70, 50, 260
    width = left + n * (bw + gap) + 30
    height = top + h + 90
    tops = [hi for _, hi in intervals] if intervals else list(values)
    vmax = max(tops + [reference or 0, 1e-9]) * 1.12
    d = svg.new_drawing(width, height)
    d.append(svg.text(title, width / 2, 22, 15, font_weight="bold"))
    y0 = top + h

    def y(v):
        return y0 - h * v / vmax

    d.append(draw.Line(left, y0, width - 20, y0, stroke="black"))
    d.append(draw.Line(left, top, left, y0, stroke="black"))
    for k in range(5):
        v = vmax * k / 4
        d.append(draw.Line(left - 4, y(v), left, y(v), stroke="black"))
        d.append(svg.text(f"{v:.3g}", left - 8, y(v), 10, text_anchor="end"))
    if ylabel:
        d.append(svg.text(ylabel, 16, top + h / 2, 11, transform=f"rotate(-90 16 {top + h / 2})"))
    for i, v in enumerate(values):
        x = left + gap / 2 + i * (bw + gap)
        col = colours[i] if colours else svg.color(2)
        d.append(draw.Rectangle(x, y(v), bw, y0 - y(v), fill=col, fill_opacity=0.8))
        if intervals:
            lo, hi = intervals[i]
            cx = x + bw / 2
            d.append(draw.Line(cx, y(lo), cx, y(hi), stroke="black", stroke_width=1.5))
            for yy in (y(lo), y(hi)):
                d.append(draw.Line(cx - 6, yy, cx + 6, yy, stroke="black", stroke_width=1.5))
        d.append(svg.text(f"{v:.3g}", x + bw / 2, y(v) - 10 if not intervals else y(intervals[i][1]) - 9, 10))
        for j, part in enumerate(str(labels[i]).split("\n")):
            d.append(svg.text(part, x + bw / 2, y0 + 14 + 13 * j, 10))
    if reference is not None:
        d.append(draw.Line(left, y(reference), width - 20, y(reference), stroke="#555", stroke_dasharray="5,4"))
    return svg.save(d, path)
