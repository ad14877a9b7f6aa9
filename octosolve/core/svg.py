"""SVG helpers on top of drawsvg (a maintained drawing library): octagons, arrows, labels, saving."""

from __future__ import annotations

import math
import re
from pathlib import Path

import drawsvg as draw

PALETTE = [
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
    "#469990", "#9a6324", "#800000", "#808000", "#000075", "#fabed4", "#ffd8b1", "#aaffc3",
]


def color(i: int) -> str:
    """A distinct colour for index ``i`` (cycles)."""
    return PALETTE[i % len(PALETTE)]


def octagon_points(cx: float, cy: float, r: float, rotation_deg: float = 22.5) -> list[float]:
    """Flat list ``[x0, y0, x1, y1, ...]`` of a regular octagon's corners (radius ``r``).

    With the default rotation the octagon has flat top, bottom and sides, as the games' tiles and
    shields are drawn.
    """
    pts: list[float] = []
    for k in range(8):
        a = math.radians(rotation_deg + 45 * k)
        pts += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return pts


def octagon(cx: float, cy: float, r: float, **kw) -> draw.Lines:
    return draw.Lines(*octagon_points(cx, cy, r), close=True, **kw)


def arrow(x1: float, y1: float, x2: float, y2: float, stroke: str = "black", width: float = 2.0,
          head: float = 6.0) -> draw.Group:
    """A straight arrow from (x1, y1) to (x2, y2)."""
    g = draw.Group()
    g.append(draw.Line(x1, y1, x2, y2, stroke=stroke, stroke_width=width))
    a = math.atan2(y2 - y1, x2 - x1)
    for s in (+1, -1):
        b = a + math.pi - s * math.radians(28)
        g.append(draw.Line(x2, y2, x2 + head * math.cos(b), y2 + head * math.sin(b),
                           stroke=stroke, stroke_width=width))
    return g


def text(s: str, x: float, y: float, size: float = 12, **kw) -> draw.Text:
    kw.setdefault("text_anchor", "middle")
    kw.setdefault("dominant_baseline", "central")
    kw.setdefault("font_family", "sans-serif")
    return draw.Text(s, size, x, y, **kw)


def new_drawing(width: float, height: float, background: str | None = "white") -> draw.Drawing:
    d = draw.Drawing(width, height)
    if background:
        d.append(draw.Rectangle(0, 0, width, height, fill=background))
    return d


_NOISE = re.compile(r"-?\d+\.\d{9,}(?:e[-+]?\d+)?|-?\d+(?:\.\d+)?e-\d+")


def svg_text(d: draw.Drawing, **kw) -> str:
    """The SVG text of ``d`` (``d.as_svg(**kw)``) with the floating-point noise of its coordinates
    rounded away: drawsvg writes a float as Python prints it, so sums such as 381 + 1e-13 came out
    as ``381.00000000000006`` (tens of thousands of them in results/), and tiny ones as ``1e-17``.
    A number with 9 or more decimals, or a negative exponent, is rounded to 6 decimals; nothing a
    drawing means is that fine.

    >>> d = new_drawing(10, 10, None); d.append(draw.Line(0, 0.1 + 0.2, 381.00000000000006, 5))
    >>> "M0,0.30000000000000004 L381.00000000000006,5" in d.as_svg(), "M0,0.3 L381,5" in svg_text(d)
    (True, True)
    """
    return _NOISE.sub(_tidy, d.as_svg(**kw))


def _tidy(m: re.Match) -> str:
    t = f"{float(m.group(0)):.6f}".rstrip("0").rstrip(".")
    return "0" if t == "-0" else t


def scalable_svg(d: draw.Drawing) -> str:
    """The SVG text of ``d`` with its viewBox and no fixed pixel size, without the XML header (so a
    page can inline it and scale it): the ``State.view_svg`` documents of the games."""
    d.svg_args["width"] = None
    d.svg_args["height"] = None
    return svg_text(d, header="")


def target_group(target: str, title: str | None = None, **kw) -> draw.Group:
    """A group carrying ``data-target="target"`` (a click target of the board pages; see
    ``State.view_svg``), with a hover ``title``."""
    g = draw.Group(data_target=target, **kw)
    if title:
        g.append_title(title)
    return g


def save(d: draw.Drawing, path: Path | str) -> Path:
    """Write the drawing as SVG (creating parent folders)."""
    from .files import atomic_write_text

    return atomic_write_text(Path(path), svg_text(d))
