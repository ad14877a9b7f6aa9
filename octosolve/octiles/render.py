"""Pictures of an Octiles board: SVG (drawsvg) with tiles, stops, circles, printed board segments
and highlighted paths; a game position with its runners; a short text listing; the board page's
picture of a game state (:func:`view_svg`) and the clicks of each move (:func:`action_targets`).

Click targets of the board page (``data-target``): ``space:b5``, ``stop:B3``, ``circle:A1``,
``runner:A1`` (a runner, named by the place it rests on), ``back:B3`` (a button beside the runner on
B3 whose path can bring it back there), ``rot:3`` (the tile to place turned to
rotation 3: a preview of the stack's tile; in Team Up a button turning the chosen pool tile 3 eighths
anticlockwise from the drawing of the pool), ``tile:7`` (a Team Up pool tile), ``turn:2`` (the full
game, board full: turn a placed tile 2 eighths anticlockwise), ``button:pass``, ``button:resign``.
Moves: placement ``["space:b5", "rot:3"]`` (Team Up ``["tile:7", "space:b5", "rot:3"]``), a turn
``["space:b5", "turn:2"]``, a runner move ``["runner:A1", "stop:B3"]`` (a runner that comes back to
its place: ``["runner:B3", "back:B3"]``; when two links of the runner's place lead to the same
place, the first space crossed is a third click, ``space:a2``).

>>> placement_svg({}).startswith("<?xml") and "viewBox" in placement_svg({})
True
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable, Mapping

import drawsvg as draw

from octosolve.core import svg

from . import tiles as R
from .topology import MOVE_BASE, PASS, RESIGN, ROTATE_BASE, components, seats, trace

__all__ = ["UNIT", "GROUP_COLOURS", "PLAYER_COLOURS", "edge_mid", "location_xy", "board_svg",
           "save_board_svg", "placement_svg", "tracing_svg", "state_svg", "position_svg", "state_drawing", "tile_svg",
           "tiles_sheet_svg", "text_placement", "view_drawing", "view_svg", "action_targets",
           "runner_colour"]

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
              labels: bool = True, label_size: float | None = None) -> draw.Drawing:
    """The board with the placement's tiles; ``highlight``: PathInfo objects (from
    :func:`rules.trace`) drawn in colour over the grey segments. ``label_size``: the labels' font
    size (default 8-9; the web editor asks for 12, readable on a phone 390 px wide)."""
    geo = _Geo(title_h=30.0 if title else 0.0)
    d = svg.new_drawing(geo.width, geo.height)
    if title:
        d.append(svg.text(title, geo.width / 2, 16, size=13, font_weight="bold"))
    _draw_board(d, geo, R.validate_placement(placement or {}), highlight, labels, label_size=label_size)
    return d


R_OCT = 0.5 / 0.9238795325112867  # circumradius of an octagon of apothem 0.5


def _draw_board(d, geo: _Geo, placement: Mapping, highlight: Iterable = (), labels: bool = True,
                targets: bool = False, ink: str = "#b9b0a0", label_size: float | None = None) -> None:
    """Draw the board on ``d``: spaces and their tiles (segments in ``ink``), links, printed
    segments, highlighted paths, stops and circles. ``targets``: each space, stop and circle is a
    group with its ``data-target`` (``space:b5``, ``stop:B3``, ``circle:A1``) and a larger shape."""
    b = R.board()

    def holder(target, title):
        if not targets:
            return d
        g = svg.target_group(target, title)
        d.append(g)
        return g

    # spaces / tiles
    for sp, (x, y) in b.space_xy.items():
        cx, cy = geo.pt(x, y)
        filled = sp in placement
        g = holder(f"space:{sp}", f"space {sp}" + (" (tile {} r{})".format(*placement[sp]) if filled else ""))
        g.append(svg.octagon(cx, cy, R_OCT * UNIT, fill="#f4ecd8" if filled else "#ffffff",
                             stroke="#8a7f68", stroke_width=1.5))
        if labels:
            g.append(svg.text(sp, cx - 0.30 * UNIT, cy + 0.30 * UNIT, size=label_size or (12 if targets else 9), fill="#9a8f78"))
        if filled:
            t, r = placement[sp]
            for a, c in R.tile_segments(t, r):
                g.append(_segment_path(geo, sp, a, c, stroke=ink, stroke_width=3))
            if labels:
                g.append(svg.text(f"{t}/{r}", cx + 0.27 * UNIT, cy - 0.32 * UNIT, size=8, fill="#9a8f78"))
    # links to stops / circles and printed board segments
    for p, other in b.port_link.items():
        if isinstance(other, str):
            ax, ay = edge_mid(*p)
            lx, ly = location_xy(other)
            d.append(draw.Line(*geo.pt(ax, ay), *geo.pt(lx, ly), stroke=ink, stroke_width=3))
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
    grow = 1.12 if targets else 1.0  # click targets: at least 24 px
    label_size = label_size or (12 if targets else 8)  # the web boards: readable at 390 px
    for s, (x, y) in b.stop_xy.items():
        cx, cy = geo.pt(x, y)
        h = 0.13 * UNIT * grow
        g = holder(f"stop:{s}", f"stop {s}")
        g.append(draw.Rectangle(cx - h, cy - h, 2 * h, 2 * h, fill="#ffffff", stroke="#333",
                                stroke_width=1.5, transform=f"rotate(45 {cx} {cy})"))
        if labels:
            g.append(svg.text(s, cx, cy, size=label_size, fill="#333"))
    for c in b.ring:
        cx, cy = geo.pt(*location_xy(c))
        g = holder(f"circle:{c}", f"circle {c} ({b.circle_group(c)})")
        g.append(draw.Circle(cx, cy, 0.14 * UNIT * grow, fill=GROUP_COLOURS[b.circle_group(c)],
                             stroke="#333", stroke_width=1.2, fill_opacity=0.35))
        if labels:
            g.append(svg.text(c, cx, cy, size=label_size, fill="#222"))


def save_board_svg(path: str | Path, placement: Mapping | None, highlight: Iterable = (),
                   title: str | None = None) -> Path:
    return svg.save(board_svg(placement, highlight, title), path)


def placement_svg(placement: Mapping | None, highlight: Iterable = (), title: str | None = None) -> str:
    """The SVG text of a placement (for notebooks: ``_repr_svg_``)."""
    return svg.svg_text(board_svg(placement, highlight, title))


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
    return svg.svg_text(state_drawing(state.to_json(), title))


position_svg = state_svg  # every game's render.position_svg(state): the picture _repr_svg_ shows


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


# ---------------------------------------------------------------------------------------------
# the board page: view_svg(viewer) and action_targets(action)
# ---------------------------------------------------------------------------------------------

def _place_target(topo, place: int) -> str:
    return ("circle:" if topo.is_circle(place) else "stop:") + topo.places[place]


def action_targets(state, action: int) -> list[str]:
    """The clicks that make the legal ``action`` of the player to move (see the module docstring)."""
    topo = state.topo
    action = int(action)
    if action == PASS:
        return ["button:pass"]
    if action == RESIGN:
        return ["button:resign"]
    if action >= ROTATE_BASE:
        s, r = divmod(action - ROTATE_BASE, 8)
        return [f"space:{topo.spaces[s]}", f"turn:{(r - state.rot_at[s]) % 8}"]
    if action >= MOVE_BASE:
        i, k = divmod(action - MOVE_BASE, 4)
        place = state.pos[state.cur][i]
        dest, _ = trace(topo, state.tile_at, state.rot_at, place, k)
        runner = f"runner:{topo.places[place]}"
        out = [runner, f"back:{topo.places[place]}" if dest == place else _place_target(topo, dest)]
        twins = [a for a in state.legal_actions() if MOVE_BASE <= a < ROTATE_BASE
                 and (a - MOVE_BASE) >> 2 == i
                 and trace(topo, state.tile_at, state.rot_at, place, (a - MOVE_BASE) & 3)[0] == dest]
        if len(twins) > 1:  # two paths to the same place: the first space crossed tells them apart
            out.append(f"space:{topo.spaces[topo.place_links[place][k] >> 3]}")
        return out
    t, rest = divmod(action, 136)
    s, r = divmod(rest, 8)
    out = [f"space:{topo.spaces[s]}", f"rot:{r}"]
    return [f"tile:{t}"] + out if state.variant == "team-up" else out


def runner_colour(state, player: int) -> str:
    """A race game's runners take the colour of their side's start circles; Team Up's the player's."""
    if state.variant == "team-up":
        return PLAYER_COLOURS[player]
    return GROUP_COLOURS[seats(state.n)[player]]


def _tile_icon(g, cx: float, cy: float, rad: float, tile: int | None, rot: int, ink: str = "#4a3f2a",
               mark: int | None = None) -> None:
    """A tile (``tile`` None: an empty octagon) of circumradius ``rad`` turned to ``rot``;
    ``mark``: a wedge on that edge (where the tile's edge 0 goes)."""
    g.append(svg.octagon(cx, cy, rad, fill="#f4ecd8" if tile is not None else "#ffffff",
                         stroke="#8a7f68", stroke_width=1.5))
    ap = rad * 0.9238795325112867

    def at(e, k=1.0):
        return cx + k * ap * R.EDGE_DIR[e][0], cy - k * ap * R.EDGE_DIR[e][1]

    if tile is not None:
        for a, b in R.tile_segments(tile, rot):
            (ax, ay), (bx, by) = at(a), at(b)
            t = 0.55
            p = draw.Path(fill="none", stroke=ink, stroke_width=max(2.0, rad / 12))
            p.M(ax, ay).C(ax + t * (cx - ax), ay + t * (cy - ay), bx + t * (cx - bx), by + t * (cy - by),
                          bx, by)
            g.append(p)
    if mark is not None:
        dx, dy = R.EDGE_DIR[mark]
        nx, ny = -dy, dx
        tip, base = at(mark, 0.62), at(mark, 1.0)
        w = rad * 0.22
        g.append(draw.Lines(*tip, base[0] + w * nx, base[1] - w * ny, base[0] - w * nx, base[1] + w * ny,
                            close=True, fill="#c0392b", stroke="none"))


def _status(state, viewer: int) -> tuple[str, str]:
    """Two lines over the board: who is to move and what to click; the end and its result."""
    if state.is_terminal():
        w = state.winners()
        names = ", ".join("you" if p == viewer else f"P{p}" for p in w)
        return (f"Game over: {names} won" if w else "Game over: a draw"), state.end_reason
    cur = state.current_player()
    if cur < 0:
        return "Drawing the next tile of the stack", ""
    mine = cur == viewer
    who = "You" if mine else f"P{cur}"
    if state.variant == "move-over":
        if state.phase == "move":
            sp = state.topo.spaces[state.placed_space]
            return (f"{who}: move a runner across the tile on {sp}",
                    "click a runner, then where it ends" if mine else "")
        return f"{who}: place tile {state.top}", "click a space, then a turn of the tile" if mine else ""
    if state.variant == "octiles":
        full = all(t >= 0 for t in state.tile_at)
        what = "replace a tile with tile {}, turn a tile".format(state.top) if full else f"place tile {state.top}"
        if state.top < 0:
            what = "turn a tile"
        return f"{who}: {what} or move a runner", ("a space then a turn, or a runner then where it ends"
                                                   if mine else "")
    if state.phase == "move":
        return f"{who}: move a runner", "click a runner, then where it ends" if mine else ""
    return f"{who}: place a pool tile", "click a pool tile, a space, then a turn" if mine else ""


def _button(g, target: str, label: str, x: float, y: float, w: float, h: float = 36) -> None:
    b = svg.target_group(target, label)
    b.append(draw.Rectangle(x, y, w, h, rx=8, fill="#eef2f7", stroke="#222", stroke_width=2))
    b.append(svg.text(label, x + w / 2, y + h / 2, size=15))
    g.append(b)


def view_drawing(state, viewer: int) -> draw.Drawing:
    """The board page's picture of ``state`` for seat ``viewer`` (nothing is hidden in these games):
    the board with its tiles, runners, stops and circles, the tile to place with its turns (Team Up:
    the pool and the turn buttons), the pass / resign buttons of the moves that have one, and each
    player's side and progress. Every element a move is about carries its ``data-target``."""
    topo = state.topo
    b = R.board()
    cur = state.current_player()
    live = set()
    if cur >= 0 and cur == viewer:
        for a in state.legal_actions():
            live.update(action_targets(state, a))
    geo = _Geo(title_h=50.0)
    w = geo.width
    body = draw.Group()
    line1, line2 = _status(state, viewer)
    body.append(svg.text(line1, w / 2, 18, size=17, font_weight="bold", class_="octo-heading"))
    if line2:  # the heading (octo-heading): the play page's replay and game over say theirs there
        body.append(svg.text(line2, w / 2, 40, size=13, fill="#444", class_="octo-heading"))
    placement = {topo.spaces[s]: (state.tile_at[s], state.rot_at[s])
                 for s in range(len(topo.spaces)) if state.tile_at[s] >= 0}
    _draw_board(body, geo, placement, labels=True, targets=True, ink="#6b5d40")
    if state.variant == "move-over" and state.phase == "move" and state.placed_space >= 0:
        x, y = b.space_xy[topo.spaces[state.placed_space]]
        body.append(svg.octagon(*geo.pt(x, y), R_OCT * UNIT - 3, fill="none",
                                stroke=runner_colour(state, state.cur), stroke_width=5))
    for s, p in sorted(state.marks.items()):
        x, y = b.space_xy[topo.spaces[s]]
        cx, cy = geo.pt(x, y)
        body.append(draw.Rectangle(cx - 0.1 * UNIT, cy - 0.44 * UNIT, 0.2 * UNIT, 0.14 * UNIT,
                                   fill=runner_colour(state, p), stroke="#000"))
    for p, runners in enumerate(state.pos):
        for place in runners:
            name = topo.places[place]
            g = svg.target_group(f"runner:{name}", f"runner of P{p} on {name}")
            cx, cy = geo.pt(*location_xy(name))
            g.append(draw.Circle(cx, cy, 0.155 * UNIT, fill=runner_colour(state, p), stroke="#000",
                                 stroke_width=2))
            g.append(svg.text(str(p), cx, cy, size=11, fill="white", font_weight="bold"))
            body.append(g)
    for tid in sorted(t for t in live if t.startswith("back:")):
        _back_badge(body, geo, tid)

    y = geo.height + 6
    x0 = 0.5 * UNIT
    inner = w - 2 * x0
    # the tile to place and its turns, or Team Up's pool
    if state.variant != "team-up" and state.top >= 0:
        t = state.top
        body.append(svg.text(f"Tile {t} to place, its turns:", x0, y + 8, size=14, text_anchor="start",
                             font_weight="bold"))
        rots = topo.canon_rots[t]
        pitch = inner / 8
        for i, r in enumerate(rots):
            cx, cy = x0 + pitch * (i + 0.5), y + 24 + pitch / 2
            tid = f"rot:{r}"
            g = svg.target_group(tid, f"tile {t} turned to r{r}",
                                 opacity=1 if tid in live or not live else 0.4)
            g.append(draw.Rectangle(cx - pitch / 2 + 2, cy - pitch / 2, pitch - 4, pitch + 16, rx=6,
                                    fill="#fafafa", stroke="#000" if tid in live else "#aaa",
                                    stroke_width=2.5 if tid in live else 1))
            _tile_icon(g, cx, cy, pitch * 0.42, t, r)
            g.append(svg.text(f"r{r}", cx, cy + pitch / 2 + 8, size=12))
            body.append(g)
        y += 24 + pitch + 24
    if state.variant == "team-up":
        body.append(svg.text("Pool: take a tile (the red mark: its edge 0)", x0, y + 8, size=14,
                             text_anchor="start", font_weight="bold"))
        pitch = inner / 9
        for i, t in enumerate(state.pool):
            cx, cy = x0 + pitch * (i % 9 + 0.5), y + 24 + pitch * (i // 9 + 0.5)
            tid = f"tile:{t}"
            g = svg.target_group(tid, f"pool tile {t}", opacity=1 if tid in live or not live else 0.4)
            g.append(draw.Rectangle(cx - pitch / 2 + 2, cy - pitch / 2 + 2, pitch - 4, pitch - 4, rx=6,
                                    fill="#fafafa", stroke="#000" if tid in live else "#aaa",
                                    stroke_width=2.5 if tid in live else 1))
            _tile_icon(g, cx, cy, pitch * 0.42, t, 0, mark=0)
            body.append(g)
        y += 24 + pitch * max(1, -(-len(state.pool) // 9)) + 8
        y = _turn_buttons(body, live, "rot", "then turn it anticlockwise from the drawing by:", x0, y, inner)
    if state.variant == "octiles" and all(t >= 0 for t in state.tile_at):
        y = _turn_buttons(body, live, "turn", "or turn the tile of a space by:", x0, y, inner)
    buttons = [(tid, label) for tid, label in (("button:pass", "Pass"), ("button:resign", "Resign"))
               if tid in live]
    for i, (tid, label) in enumerate(buttons):
        _button(body, tid, label, x0 + i * (inner / 2 + 4), y + 4, inner / 2 - 4)
    if buttons:
        y += 50
    # the players
    for p in range(state.n):
        yy = y + 12 + 24 * p
        body.append(draw.Circle(x0 + 9, yy, 9, fill=runner_colour(state, p), stroke="#000"))
        body.append(svg.text(str(p), x0 + 9, yy, size=10, fill="white", font_weight="bold"))
        you = " (you)" if p == viewer else ""
        if state.variant == "team-up":
            k = components(state, p)
            what = f"{len(state.pos[p])} runners in {k} group{'s' if k > 1 else ''}"
        else:
            side = seats(state.n)[p]
            across = sum(x in state.finish_sets[p] for x in state.pos[p])
            what = f"{side} to {topo.opposite[side]}: {across} of {len(state.pos[p])} across"
        if state.resigned[p]:
            what += " (resigned)"
        mark = "\u25b6 " if p == cur else ""
        body.append(svg.text(f"{mark}P{p}{you}: {what}", x0 + 26, yy, size=14, text_anchor="start",
                             font_weight="bold" if p == cur else "normal"))
    y += 12 + 24 * state.n
    if state.variant != "team-up":
        body.append(svg.text(f"stack: {len(state.hidden)} unseen, {len(state.tail)} under it", x0, y + 4,
                             size=12, text_anchor="start", fill="#444"))
        y += 20
    d = svg.new_drawing(w, y + 4)
    d.append(body)
    return d


def _turn_buttons(body, live: set, kind: str, caption: str, x0: float, y: float, inner: float) -> float:
    """Eight buttons ``{kind}:0..7``: an octagon with a wedge on edge k (k eighths anticlockwise
    from edge 0, the west edge); returns the y below them."""
    body.append(svg.text(caption, x0, y + 8, size=14, text_anchor="start", font_weight="bold"))
    pitch = inner / 8
    for k in range(1 if kind == "turn" else 0, 8):  # a turn by 0 is no move
        tid = f"{kind}:{k}"
        cx, cy = x0 + pitch * (k - (kind == "turn") + 0.5), y + 24 + pitch * 0.4
        g = svg.target_group(tid, f"{k} eighth{'s' if k != 1 else ''} anticlockwise", opacity=1 if tid in live or not live else 0.4)
        g.append(draw.Rectangle(cx - pitch / 2 + 2, cy - pitch * 0.4, pitch - 4, pitch * 0.8 + 16, rx=6,
                                fill="#fafafa", stroke="#000" if tid in live else "#aaa",
                                stroke_width=2.5 if tid in live else 1))
        _turn_icon(g, cx, cy, pitch * 0.32, k)
        g.append(svg.text(f"{45 * k}\u00b0", cx, cy + pitch * 0.4 + 8, size=12))
        body.append(g)
    return y + 24 + pitch * 0.8 + 24


def _back_badge(body, geo: _Geo, tid: str) -> None:
    """The button ``back:B3`` beside the runner on B3: its move along a path that brings it back to
    B3 (beside a stop up and to the right, beside a circle away from the board)."""
    b = R.board()
    name = tid.split(":", 1)[1]
    x, y = location_xy(name)
    if b.is_stop(name):
        dx, dy = 0.3, 0.3
    else:
        mx = sum(p[0] for p in b.space_xy.values()) / len(b.space_xy)
        my = sum(p[1] for p in b.space_xy.values()) / len(b.space_xy)
        n = math.hypot(x - mx, y - my)
        dx, dy = 0.32 * (x - mx) / n, 0.32 * (y - my) / n
    cx, cy = geo.pt(x + dx, y + dy)
    g = svg.target_group(tid, f"the runner's path back to {name}")
    g.append(draw.Circle(cx, cy, 0.14 * UNIT, fill="#ffffff", stroke="#222", stroke_width=1.5))
    _arc(g, cx, cy, 0.07 * UNIT, 120, 400, 2.0)
    body.append(g)


def _arc(g, cx: float, cy: float, rho: float, start: float, end: float, width: float) -> None:
    """An anticlockwise arc from angle ``start`` to ``end`` (degrees, 0 = east) ending in an arrowhead."""
    def at(deg):
        a = math.radians(deg)
        return cx + rho * math.cos(a), cy - rho * math.sin(a)

    path = draw.Path(fill="none", stroke="#222", stroke_width=width)
    path.M(*at(start))
    for deg in range(int(start) + 5, int(end) + 1, 5):
        path.L(*at(deg))
    g.append(path)
    a = math.radians(end)
    ex, ey = at(end)
    tx, ty = -math.sin(a), -math.cos(a)  # the screen direction of travel at the end
    for side in (+1, -1):
        b = math.atan2(ty, tx) + math.pi - side * math.radians(30)
        g.append(draw.Line(ex, ey, ex + rho * 0.5 * math.cos(b), ey + rho * 0.5 * math.sin(b),
                           stroke="#222", stroke_width=width))


def _turn_icon(g, cx: float, cy: float, rad: float, k: int) -> None:
    """An empty octagon with an anticlockwise arc of k eighths from its west edge (a red dot: the
    tile's edge 0 before the turn) ending in an arrowhead."""
    g.append(svg.octagon(cx, cy, rad, fill="#ffffff", stroke="#8a7f68", stroke_width=1.5))
    rho = rad * 0.62

    def at(deg):
        a = math.radians(deg)
        return cx + rho * math.cos(a), cy - rho * math.sin(a)

    g.append(draw.Circle(*at(180), rad * 0.13, fill="#c0392b"))
    if k:
        _arc(g, cx, cy, rho, 180, 180 + 45 * k, 2.2)


def view_svg(state, viewer: int) -> str:
    """The SVG text (viewBox, no fixed size) of :func:`view_drawing`."""
    return svg.scalable_svg(view_drawing(state, viewer))
