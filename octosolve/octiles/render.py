"""Pictures of an Octiles board: SVG (drawsvg) with tiles, stops, circles, printed board segments
and highlighted paths; a game position with its runners; a short text listing.

>>> placement_svg({}).startswith("<?xml") and "viewBox" in placement_svg({})
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

import drawsvg as draw

from octosolve.core import svg

from . import tiles as R

__all__ = ["UNIT", "GROUP_COLOURS", "PLAYER_COLOURS", "edge_mid", "location_xy", "board_svg",
           "save_board_svg", "placement_svg", "tracing_svg", "state_svg", "state_drawing", "tile_svg",
           "tiles_sheet_svg", "text_placement"]

UNIT = 90.0        # pixels per board unit
MARGIN = 0.9       # board units around the spaces
GROUP_COLOURS = {"west": "#d62728", "north": "#1f77b4", "east": "#2ca02c", "south": "#e6b800"}
PLAYER_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]


class _Geo:
    def __init__(self, title_h: float = 0.0):
        b = R.board()
        xs = [x for x, _ in b.space_xy.values()]
        ys = [y for _, y in b.space_xy.values()]
        self.x0, self.x1 = min(xs) - 0.5 - MARGIN, max(xs) + 0.5 + MARGIN
        self.y0, self.y1 = min(ys) - 0.5 - MARGIN, max(ys) + 0.5 + MARGIN
        self.title_h = title_h
        self.width = (self.x1 - self.x0) * UNIT
        self.height = (self.y1 - self.y0) * UNIT + title_h

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.x0) * UNIT, (self.y1 - y) * UNIT + self.title_h)


def edge_mid(space: str, e: int) -> tuple[float, float]:
    x, y = R.board().space_xy[space]
    dx, dy = R.EDGE_DIR[e]
    return (x + 0.5 * dx, y + 0.5 * dy)


def location_xy(loc: str) -> tuple[float, float]:
    """Where a stop or circle is drawn (board units): stops at their integer points; circles just
    outside the board edge they touch."""
    b = R.board()
    if b.is_stop(loc):
        return b.stop_xy[loc]
    (sp, e), = b.location_ports[loc]
    mx, my = edge_mid(sp, e)
    dx, dy = R.EDGE_DIR[e]
    k = 0.32
    return (mx + k * dx, my + k * dy)


def _segment_path(geo: _Geo, space: str, a: int, b: int, **kw) -> draw.Path:
    cx, cy = R.board().space_xy[space]
    ax, ay = edge_mid(space, a)
    bx, by = edge_mid(space, b)
    t = 0.55
    p = draw.Path(fill="none", **kw)
    p.M(*geo.pt(ax, ay))
    p.C(*geo.pt(ax + t * (cx - ax), ay + t * (cy - ay)), *geo.pt(bx + t * (cx - bx), by + t * (cy - by)),
        *geo.pt(bx, by))
    return p


def _printed_path(geo: _Geo, p, q, **kw) -> draw.Path:
    ax, ay = edge_mid(*p)
    bx, by = edge_mid(*q)
    dax, day = R.EDGE_DIR[p[1]]
    dbx, dby = R.EDGE_DIR[q[1]]
    k = 0.35
    path = draw.Path(fill="none", **kw)
    path.M(*geo.pt(ax, ay))
    path.C(*geo.pt(ax + k * dax, ay + k * day), *geo.pt(bx + k * dbx, by + k * dby), *geo.pt(bx, by))
    return path


def board_svg(placement: Mapping | None = None, highlight: Iterable = (), title: str | None = None,
              labels: bool = True) -> draw.Drawing:
    """The board with the placement's tiles; ``highlight``: PathInfo objects (from
    :func:`rules.trace`) drawn in colour over the grey segments."""
    b = R.board()
    placement = R.validate_placement(placement or {})
    geo = _Geo(title_h=30.0 if title else 0.0)
    d = svg.new_drawing(geo.width, geo.height)
    if title:
        d.append(svg.text(title, geo.width / 2, 16, size=13, font_weight="bold"))
    # spaces / tiles
    r_oct = 0.5 / 0.9238795325112867  # circumradius of an octagon of apothem 0.5
    for sp, (x, y) in b.space_xy.items():
        cx, cy = geo.pt(x, y)
        filled = sp in placement
        d.append(svg.octagon(cx, cy, r_oct * UNIT, fill="#f4ecd8" if filled else "#ffffff",
                             stroke="#8a7f68", stroke_width=1.5))
        if labels:
            d.append(svg.text(sp, cx - 0.30 * UNIT, cy + 0.30 * UNIT, size=9, fill="#9a8f78"))
        if filled:
            t, r = placement[sp]
            for a, c in R.tile_segments(t, r):
                d.append(_segment_path(geo, sp, a, c, stroke="#b9b0a0", stroke_width=3))
            if labels:
                d.append(svg.text(f"{t}/{r}", cx + 0.27 * UNIT, cy - 0.32 * UNIT, size=8, fill="#9a8f78"))
    # links to stops / circles and printed board segments
    for p, other in b.port_link.items():
        if isinstance(other, str):
            ax, ay = edge_mid(*p)
            lx, ly = location_xy(other)
            d.append(draw.Line(*geo.pt(ax, ay), *geo.pt(lx, ly), stroke="#b9b0a0", stroke_width=3))
    for p, q in sorted(tuple(sorted(pq)) for pq in b.printed):  # a set: sorted for stable files
        d.append(_printed_path(geo, p, q, stroke="#8a7f68", stroke_width=3, stroke_dasharray="6,3"))
    # highlighted paths
    for i, path in enumerate(highlight):
        col = svg.color(i)
        kw = dict(stroke=col, stroke_width=6, stroke_linecap="round", opacity=0.9)
        for st in path.steps:
            d.append(_segment_path(geo, st.space, st.a, st.b, **kw))
        # the links it uses
        ports = []
        for st in path.steps:
            ports += [(st.space, st.a), (st.space, st.b)]
        for p in ports:
            other = b.port_link[p]
            if isinstance(other, str) and other in path.ends:
                ax, ay = edge_mid(*p)
                lx, ly = location_xy(other)
                d.append(draw.Line(*geo.pt(ax, ay), *geo.pt(lx, ly), **kw))
            elif not isinstance(other, str) and b.is_printed(p, other) and p < other and other in ports:
                d.append(_printed_path(geo, p, other, **kw))
    # stops and circles on top
    for s, (x, y) in b.stop_xy.items():
        cx, cy = geo.pt(x, y)
        h = 0.13 * UNIT
        d.append(draw.Rectangle(cx - h, cy - h, 2 * h, 2 * h, fill="#ffffff", stroke="#333",
                                stroke_width=1.5, transform=f"rotate(45 {cx} {cy})"))
        if labels:
            d.append(svg.text(s, cx, cy, size=8, fill="#333"))
    for c in b.ring:
        cx, cy = geo.pt(*location_xy(c))
        d.append(draw.Circle(cx, cy, 0.14 * UNIT, fill=GROUP_COLOURS[b.circle_group(c)],
                             stroke="#333", stroke_width=1.2, fill_opacity=0.35))
        if labels:
            d.append(svg.text(c, cx, cy, size=8, fill="#222"))
    return d


def save_board_svg(path: str | Path, placement: Mapping | None, highlight: Iterable = (),
                   title: str | None = None) -> Path:
    return svg.save(board_svg(placement, highlight, title), path)


def placement_svg(placement: Mapping | None, highlight: Iterable = (), title: str | None = None) -> str:
    """The SVG text of a placement (for notebooks: ``_repr_svg_``)."""
    return board_svg(placement, highlight, title).as_svg()


def tracing_svg(tr) -> str:
    """The SVG text of a traced placement, every path and loop in colour."""
    return placement_svg(tr.placement, [p for p in tr.paths if p.kind == "loop"]
                         + [p for p in tr.paths if p.kind != "loop"])


def state_drawing(doc: dict, title: str | None = None) -> draw.Drawing:
    """A game position (a ``to_json`` document of an Octiles state): its tiles and every player's
    runners in the player's colour."""
    d = board_svg(doc["placement"], title=title)
    geo = _Geo(title_h=30.0 if title else 0.0)
    for p, runners in enumerate(doc["runners"]):
        for loc in runners:
            cx, cy = geo.pt(*location_xy(loc))
            d.append(draw.Circle(cx, cy, 0.11 * UNIT, fill=PLAYER_COLOURS[p], stroke="#000",
                                 stroke_width=1.5))
    return d


def state_svg(state, title: str | None = None) -> str:
    """The SVG text of a game state (``OctilesState._repr_svg_``)."""
    return state_drawing(state.to_json(), title).as_svg()


def tile_svg(tile: int, rotation: int = 0, size: float = 80) -> draw.Drawing:
    """One tile with its edge numbers."""
    d = svg.new_drawing(size, size)
    s = size / 1.3
    cx = cy = size / 2
    d.append(svg.octagon(cx, cy, 0.5 / 0.9238795325112867 * s, fill="#f4ecd8", stroke="#8a7f68"))
    for a, b in R.tile_segments(tile, rotation):
        (ax, ay), (bx, by) = [(cx + 0.5 * s * R.EDGE_DIR[e][0], cy - 0.5 * s * R.EDGE_DIR[e][1])
                              for e in (a, b)]
        p = draw.Path(fill="none", stroke=svg.color(R.seg_distance(a, b) - 1), stroke_width=3)
        t = 0.55
        p.M(ax, ay).C(ax + t * (cx - ax), ay + t * (cy - ay), bx + t * (cx - bx), by + t * (cy - by), bx, by)
        d.append(p)
    d.append(svg.text(str(tile), cx, cy, size=10))
    return d


def tiles_sheet_svg() -> draw.Drawing:
    """All 18 tiles at rotation 0, with their ids (segment colour = kind)."""
    cell = 90
    d = svg.new_drawing(6 * cell, 3 * cell + 24)
    d.append(svg.text("The 18 Octiles tiles (id; colours: Arc, Bend, Curve, Diameter)", 3 * cell, 12,
                      size=12))
    for t in range(R.NUM_TILES):
        g = tile_svg(t, 0, size=cell)
        x0, y0 = (t % 6) * cell, 24 + (t // 6) * cell
        grp = draw.Group(transform=f"translate({x0},{y0})")
        for el in g.elements[1:]:
            grp.append(el)
        d.append(grp)
    return d


def text_placement(placement: Mapping) -> str:
    rows = []
    for sp in R.board().spaces:
        if sp in placement:
            t, r = placement[sp]
            rows.append(f"{sp}: tile {t:2d} rotation {r}  "
                        + " ".join(f"{a}-{b}" for a, b in R.tile_segments(t, r)))
        else:
            rows.append(f"{sp}: empty")
    return "\n".join(rows)
