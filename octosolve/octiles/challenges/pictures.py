"""Pictures of challenge answers: the board (:func:`octosolve.octiles.render.board_svg`) with the
answer's paths drawn on top, one colour per path or per group (17, 18), crossing points marked
(12, 13, 14), the labels of stops, circles and spaces redrawn above the paths (with a white halo so
no path hides them) and a legend under the board.

>>> from octosolve.octiles.challenges.shortest import realise
>>> from octosolve.octiles.challenges.model import Result
>>> d = challenge_drawing(Result(3, "count", "OPTIMAL", 0, 0, 0.0, realise([])))
>>> "viewBox" in d.as_svg()
True
"""

from __future__ import annotations

import itertools

import drawsvg as draw

from octosolve.core import svg

from .. import render
from .. import rules as R
from .catalogue import CHALLENGES
from .registry import highlight_for
from .geometry import B
from .model import Result

__all__ = ["PALETTE", "highlight_for", "value_text", "highlight_groups", "crossing_points",
           "challenge_drawing"]

# 20 colours chosen to stay apart from each other and from the board's greys and beiges
PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324",
           "#000075", "#800000", "#469990", "#bfef45", "#808000", "#dcbeff", "#ffd8b1", "#aaffc3",
           "#fabed4", "#ffe119", "#a9a9a9", "#000000"]
CROSS_COLOUR = "#000000"
# the gallery shows a picture about 280 px wide for its 612 at 1280 px, 330 px at 390 px: the title
# and legend at 26 are 12 px there (they were 11 and 13: 5-6 px)
LEGEND_SIZE = 26.0
LEGEND_ROW = 32.0
LEGEND_MAX = 10      # legend rows shown (one per path or group; the rest said in one row)


def value_text(res: Result) -> str:
    if res.challenge == 1:
        return f"{res.extra['pairs']} pairs; longest shortest path {res.extra['longest_shortest']['tiles']} tiles"
    if res.status == "MISMATCH":
        return "certificate REJECTED by the tracer"
    if res.objective is None:
        return res.status.lower() + (" (checked)" if res.verified else "")
    st = "optimal" if res.status == "OPTIMAL" else f"best found, bound {res.bound}"
    return f"{res.verified_value} ({st})"


def _bezier(space, a, b):
    """The drawn segment (board units) as sample points of the same cubic as render draws."""
    cx, cy = B.space_xy[space]
    ax, ay = render.edge_mid(space, a)
    bx, by = render.edge_mid(space, b)
    t = 0.55
    p = [(ax, ay), (ax + t * (cx - ax), ay + t * (cy - ay)), (bx + t * (cx - bx), by + t * (cy - by)),
         (bx, by)]
    pts = []
    for i in range(41):
        u = i / 40
        w = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3]
        pts.append((sum(w[k] * p[k][0] for k in range(4)), sum(w[k] * p[k][1] for k in range(4))))
    return pts


def _meet(space, s, t):
    """Where two crossing segments of one tile meet (closest sample points)."""
    best = None
    for p in _bezier(space, *s):
        for q in _bezier(space, *t):
            d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
            if best is None or d < best[0]:
                best = (d, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    return best[1]


def crossing_points(paths, between: bool) -> list[tuple[float, float]]:
    """Crossing points (board units): of each path with itself (``between=False``) or of the first
    two paths with each other (``between=True``)."""
    out = []
    if between:
        if len(paths) < 2:
            return out
        pairs = [(s1, s2) for s1 in paths[0].steps for s2 in paths[1].steps if s1.space == s2.space]
    else:
        pairs = [(s1, s2) for p in paths for s1, s2 in itertools.combinations(p.steps, 2)
                 if s1.space == s2.space]
    for s1, s2 in pairs:
        e, f = tuple(sorted((s1.a, s1.b))), tuple(sorted((s2.a, s2.b)))
        if len(set(e) | set(f)) == 4 and R.chords_cross(e, f):
            out.append(_meet(s1.space, e, f))
    return out


def _path_label(p) -> str:
    if p.kind == "loop":
        return f"loop, {p.segments} segments"
    return f"path {p.ends[0]}-{p.ends[1]}, {p.segments} segments"


def highlight_groups(res, tr, paths) -> list[tuple[str, list]]:
    """(legend label, paths) per colour: one colour per group on 17 and 18, per path otherwise."""
    from .scoring import group_stops, two_stop_groups
    if res.challenge == 17:
        out = []
        for s in group_stops(tr):
            ps = [p for p in paths if s in p.ends]
            if ps:
                out.append((f"group of stop {s} ({len(ps)} paths)", ps))
        return out
    if res.challenge == 18:
        return [(f"type {g['type']}: stops {g['stops'][0]}, {g['stops'][1]}",
                 [tr.paths[k] for k in g["paths"]]) for g in two_stop_groups(tr)]
    return [(_path_label(p), [p]) for p in paths]


def _draw_path(d, geo, path, colour):
    kw = dict(stroke=colour, stroke_width=6, stroke_linecap="round", opacity=0.85)
    for st in path.steps:
        d.append(render._segment_path(geo, st.space, st.a, st.b, **kw))
    ports = [(st.space, e) for st in path.steps for e in (st.a, st.b)]
    for p in ports:
        other = B.port_link[p]
        if isinstance(other, str) and other in path.ends:
            d.append(draw.Line(*geo.pt(*render.edge_mid(*p)), *geo.pt(*render.location_xy(other)), **kw))
        elif not isinstance(other, str) and B.is_printed(p, other) and p < other and other in ports:
            d.append(render._printed_path(geo, p, other, **kw))


def _tag(d, text, x, y, size, fill):
    """A label on a small white card, so no path hides it."""
    w = 0.62 * size * len(text) + 4
    d.append(draw.Rectangle(x - w / 2, y - size / 2 - 1, w, size + 2, fill="#ffffff", fill_opacity=0.85,
                            rx=2))
    d.append(svg.text(text, x, y, size=size, fill=fill))


def _labels_on_top(d, geo, placement):
    for s, (x, y) in B.stop_xy.items():
        cx, cy = geo.pt(x, y)
        h = 0.13 * render.UNIT
        d.append(draw.Rectangle(cx - h, cy - h, 2 * h, 2 * h, fill="#ffffff", stroke="#333",
                                stroke_width=1.5, transform=f"rotate(45 {cx} {cy})"))
        d.append(svg.text(s, cx, cy, size=8, fill="#333"))
    for c in B.ring:
        cx, cy = geo.pt(*render.location_xy(c))
        d.append(draw.Circle(cx, cy, 0.14 * render.UNIT, fill=render.GROUP_COLOURS[B.circle_group(c)],
                             stroke="#333", stroke_width=1.2, fill_opacity=0.45))
        d.append(svg.text(c, cx, cy, size=8, fill="#111"))
    for sp, (x, y) in B.space_xy.items():
        cx, cy = geo.pt(x, y)
        _tag(d, sp, cx - 0.30 * render.UNIT, cy + 0.30 * render.UNIT, 9, "#6a5f48")
        if sp in placement:
            t, r = placement[sp]
            _tag(d, f"{t}/{r}", cx + 0.27 * render.UNIT, cy - 0.32 * render.UNIT, 8, "#6a5f48")


def challenge_drawing(res, title: str | None = None) -> draw.Drawing:
    """The picture of a challenge answer (a :class:`~.model.Result` with a placement)."""
    title = title or f"#{res.challenge} {res.variant}: {value_text(res)}"
    tr = R.trace(res.placement)
    paths = highlight_for(res)
    groups = highlight_groups(res, tr, paths)
    ch = CHALLENGES.get(res.challenge)
    ring = getattr(ch.variant(res.variant) if ch else None, "marks", None)   # declared crossings
    marks = crossing_points(paths, between=ring == "between") if ring else []
    base = render.board_svg(res.placement, ())
    heading = _wrap(title, 40)
    head = 14 + LEGEND_ROW * len(heading)
    geo = render._Geo(title_h=head)
    legend = [(PALETTE[i % len(PALETTE)], label) for i, (label, _) in enumerate(groups)]
    shown = legend[:LEGEND_MAX]
    extra_rows = len(shown) + (1 if marks else 0) + (1 if len(legend) > LEGEND_MAX else 0)
    h_leg = LEGEND_ROW * extra_rows + (8 if extra_rows else 0)
    d = svg.new_drawing(geo.width, geo.height + h_leg)
    for i, line in enumerate(heading):
        d.append(svg.text(line, geo.width / 2, 8 + LEGEND_ROW * (i + 0.5), size=LEGEND_SIZE,
                          font_weight="bold"))
    grp = draw.Group(transform=f"translate(0,{head})")
    for el in base.elements[1:]:
        grp.append(el)
    d.append(grp)
    for i, (label, ps) in enumerate(groups):
        for p in ps:
            _draw_path(d, geo, p, PALETTE[i % len(PALETTE)])
    for x, y in marks:
        cx, cy = geo.pt(x, y)
        d.append(draw.Circle(cx, cy, 5, fill="#ffffff", stroke=CROSS_COLOUR, stroke_width=2.5))
    _labels_on_top(d, geo, res.placement)
    y = geo.height + 8
    mid = LEGEND_ROW / 2
    for colour, label in shown:
        d.append(draw.Line(10, y + mid, 50, y + mid, stroke=colour, stroke_width=10, stroke_linecap="round"))
        d.append(svg.text(label, 62, y + mid, size=LEGEND_SIZE, text_anchor="start"))
        y += LEGEND_ROW
    if len(legend) > LEGEND_MAX:
        d.append(svg.text(f"... and {len(legend) - LEGEND_MAX} more, each in its colour", 62, y + mid,
                          size=LEGEND_SIZE, text_anchor="start"))
        y += LEGEND_ROW
    if marks:
        d.append(draw.Circle(30, y + mid, 9, fill="#ffffff", stroke=CROSS_COLOUR, stroke_width=3))
        d.append(svg.text(f"crossing point ({len(marks)})", 62, y + mid, size=LEGEND_SIZE,
                          text_anchor="start"))
    return d


def _wrap(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return out + ([line] if line else [])
