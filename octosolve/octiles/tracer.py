"""Octiles: following paths on a placement, and the networkx path tracer (the game's truth).

The path tracer (:func:`trace`) builds a networkx graph of a placement and reports every path
(location to location), loop and open path (one that runs into an empty space), with their measures,
crossings, self-crossings, tiles crossed more than once, and symmetry; plus the route graph (paths
joined at stops) and its groups. :func:`follow` is a small direct walker for the games.

>>> from octosolve.octiles.tiles import Placed
>>> tr = trace({"c3": Placed(0, 0)})
>>> tr.to_json()["summary"]["open"] > 0
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple

import networkx as nx

from octosolve.core.errors import fail

from .tiles import (KIND_NAMES, KIND_POINTS, Placed, Port, board, chords_cross, partner_of,
                    placement_to_json, seg_distance, tile_segments, validate_placement)

__all__ = ['Walk', 'walk_from_port', 'follow', 'Step', 'PathInfo', 'Tracing', 'path_graph', 'trace',
           'shape_key', 'path_symmetry']

# ---------------------------------------------------------------------------------------------
# following one path (for the games)


class Walk(NamedTuple):
    start: str            # location the walk left
    end: str | None       # location reached, or None if it ran into an empty space
    steps: tuple          # ((space, entry edge, exit edge), ...)
    open_port: Port | None  # the empty space's port where an open walk stopped


def walk_from_port(placement: Mapping[str, Placed], start: str, port: Port) -> Walk:
    """Walk from location ``start`` into board edge ``port`` until the first stop/circle."""
    b = board()
    steps = []
    p = port
    guard = 0
    while True:
        q = partner_of(placement, p)
        if q is None:
            return Walk(start, None, tuple(steps), p)
        steps.append((p[0], p[1], q[1]))
        nxt = b.port_link[q]
        if isinstance(nxt, str):
            return Walk(start, nxt, tuple(steps), None)
        p = nxt
        guard += 1
        if guard > 200:  # cannot happen: a walk from a location never loops
            raise AssertionError("walk did not end")


def follow(placement: Mapping[str, Placed], location: str) -> list[Walk]:
    """Every walk leaving ``location`` (one per board edge it touches), each to the first stop or
    circle reached (``end``), or stopping at an empty space (``end is None``)."""
    b = board()
    b.check_location(location)
    return [walk_from_port(placement, location, p) for p in b.location_ports.get(location, [])]


# ---------------------------------------------------------------------------------------------
# the networkx tracer


@dataclass
class Step:
    space: str
    a: int          # board edge entered
    b: int          # board edge left
    tile: int

    @property
    def distance(self) -> int:
        return seg_distance(self.a, self.b)

    @property
    def kind(self) -> str:
        return KIND_NAMES[self.distance]

    @property
    def points(self) -> int:
        return KIND_POINTS[self.distance]


@dataclass
class PathInfo:
    id: int
    kind: str                     # "path" | "loop" | "open"
    ends: list[str]               # two locations for a path; for "open", locations/ports ("b3:4")
    steps: list[Step]             # tile segments in travel order
    printed: int                  # board-printed segments used
    self_crossings: int = 0
    crossings: int = 0            # crossings with other paths
    _symmetry: dict | None = field(default=None, repr=False)

    @property
    def symmetry(self) -> dict:
        """``{"mirror": bool, "rotation": 1|2|4}`` of the path's drawn shape (computed lazily)."""
        if self._symmetry is None:
            self._symmetry = path_symmetry(self)
        return self._symmetry

    def shape_key(self) -> tuple:
        """The path's shape up to translation and quarter turns (see :func:`shape_key`)."""
        return shape_key(self)

    def turned_steps(self, quarters: int) -> frozenset:
        """Its tile segments turned with the board by ``quarters`` quarter turns."""
        b = board()
        return frozenset((b.turn_space(s.space, quarters),) + tuple(sorted(((s.a + 2 * quarters) % 8,
                                                                             (s.b + 2 * quarters) % 8)))
                         for s in self.steps)

    def step_set(self) -> frozenset:
        return frozenset((s.space,) + tuple(sorted((s.a, s.b))) for s in self.steps)

    @property
    def segments(self) -> int:
        return len(self.steps)

    @property
    def tiles(self) -> int:
        return len({s.space for s in self.steps})

    @property
    def points(self) -> int:
        return sum(s.points for s in self.steps)

    @property
    def tile_visits(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.space] = out.get(s.space, 0) + 1
        return out

    @property
    def repeated_tiles(self) -> dict[str, int]:
        return {k: v for k, v in self.tile_visits.items() if v >= 2}

    @property
    def kinds(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.kind] = out.get(s.kind, 0) + 1
        return out

    def measure(self, name: str) -> int:
        """Length under a measure: tiles, segments (tile + printed), points."""
        if name == "tiles":
            return self.tiles
        if name == "segments":
            return self.segments + self.printed
        if name == "tile_segments":
            return self.segments
        if name == "points":
            return self.points
        fail(f"unknown measure {name!r}")

    def to_json(self) -> dict:
        return {
            "id": self.id, "kind": self.kind, "ends": self.ends,
            "tiles": self.tiles, "segments": self.segments, "printed_segments": self.printed,
            "points": self.points, "kinds": self.kinds,
            "self_crossings": self.self_crossings, "crossings": self.crossings,
            "repeated_tiles": self.repeated_tiles, "symmetry": self.symmetry,
            "steps": [[s.space, s.a, s.b] for s in self.steps],
        }


@dataclass
class Tracing:
    placement: dict
    paths: list[PathInfo]
    crossings: dict            # (path id, path id) (i < j) -> number of crossings; (i, i) self
    graph: nx.Graph            # the path graph (ports + location stubs)
    route_graph: nx.MultiGraph  # nodes: locations; one edge per complete path (key = path id)

    def by_kind(self, kind: str) -> list[PathInfo]:
        return [p for p in self.paths if p.kind == kind]

    def _repr_svg_(self) -> str:
        from .render import tracing_svg

        return tracing_svg(self)

    def summary_line(self) -> str:
        """``2 tiles placed: 4 paths, 0 loops, 3 open, 8 crossings, 0 self-crossings, 2 groups``
        (the first line of ``octosolve octiles trace``)."""
        from ..core.words import counted

        sm = self.to_json()["summary"]
        return (f"{counted(len(self.placement), 'tile')} placed: {counted(sm['paths'], 'path')}, "
                f"{counted(sm['loops'], 'loop')}, {sm['open']} open, {counted(sm['crossings'], 'crossing')}, "
                f"{counted(sm['self_crossings'], 'self-crossing')}, {counted(sm['groups'], 'group')}")

    def __repr__(self) -> str:
        """One line (the whole placement, paths and graphs are its fields; a notebook draws it)."""
        return f"<Tracing: {self.summary_line()}>"

    @property
    def loops(self) -> list[PathInfo]:
        return self.by_kind("loop")

    @property
    def complete_paths(self) -> list[PathInfo]:
        return self.by_kind("path")

    def groups(self) -> list[dict]:
        """Connected groups of the route graph (locations joined by paths; locations with no
        path are left out)."""
        out = []
        rg = self.route_graph
        comps = list(nx.connected_components(rg))
        index = {x: i for i, comp in enumerate(comps) for x in comp}
        keys: dict[int, list] = {}
        for u, _, k in rg.edges(keys=True):
            keys.setdefault(index[u], []).append(k)
        for i, comp in enumerate(comps):
            if i not in keys:
                continue
            locs = sorted(comp, key=_loc_key)
            out.append({"locations": locs,
                        "stops": [x for x in locs if board().is_stop(x)],
                        "circles": [x for x in locs if board().is_circle(x)],
                        "paths": sorted(keys[i])})
        out.sort(key=lambda g: g["paths"][0])
        return out

    def total_crossings(self) -> int:
        return sum(self.crossings.values())

    def to_json(self) -> dict:
        groups = self.groups()
        return {
            "placement": placement_to_json(self.placement),
            "summary": {
                "paths": len(self.complete_paths), "loops": len(self.loops),
                "open": len(self.by_kind("open")),
                "crossings": sum(v for (i, j), v in self.crossings.items() if i != j),
                "self_crossings": sum(v for (i, j), v in self.crossings.items() if i == j),
                "groups": len(groups),
            },
            "paths": [p.to_json() for p in self.paths],
            "crossing_pairs": [[i, j, v] for (i, j), v in sorted(self.crossings.items()) if i != j],
            "groups": groups,
        }


def _loc_key(x: str):
    b = board()
    if b.is_circle(x):
        return (1, b.ring.index(x), x)
    return (0, 0, x)


def path_graph(placement: Mapping[str, Placed]) -> nx.Graph:
    """The networkx path graph: nodes are ports ``("p", space, edge)`` and location stubs
    ``("e", location, port)`` (one per board edge touching a stop/circle); edges are tile segments
    (``kind="segment"``) and board links (``kind="link"``, ``printed=True`` for printed ones)."""
    b = board()
    g = nx.Graph()
    for sp in b.spaces:
        for e in range(8):
            g.add_node(("p", sp, e))
    for p, other in b.port_link.items():
        u = ("p",) + p
        if isinstance(other, str):
            g.add_edge(u, ("e", other, p), kind="link", printed=False)
        elif p < other:
            g.add_edge(u, ("p",) + other, kind="link", printed=b.is_printed(p, other))
    for sp, (t, r) in placement.items():
        for a, c in tile_segments(t, r):
            g.add_edge(("p", sp, a), ("p", sp, c), kind="segment", space=sp, tile=t)
    return g


def _walk_nodes(adj: Mapping, start) -> list:
    """Nodes of a path/cycle component in order, starting at ``start`` (``adj``: the path graph's
    adjacency, node -> {neighbour: edge data}, as ``dict(g.adjacency())`` gives it)."""
    order = [start]
    prev, cur = None, start
    while True:
        nxt = [n for n in adj[cur] if n != prev]
        if not nxt:
            break
        if prev is None and len(nxt) > 1:  # cycle start: pick one direction
            nxt = sorted(nxt)[:1]
        n = nxt[0]
        if n == start:
            break
        order.append(n)
        prev, cur = cur, n
    return order


def trace(placement: Mapping[str, Any]) -> Tracing:
    """Trace every path, loop and open path of a placement with networkx (see module doc)."""
    placement = validate_placement(placement)
    g = path_graph(placement)
    paths: list[PathInfo] = []
    comps = sorted((sorted(c) for c in nx.connected_components(g)), key=lambda c: c[0])
    # the components are disjoint, so a component's walk reads the whole graph's adjacency (a
    # subgraph view per component cost most of the time)
    adj = dict(g.adjacency())
    for comp in comps:
        ends = [n for n in comp if len(adj[n]) <= 1]
        if len(comp) == 1:
            continue  # a port of an empty space with no link (cannot happen) or isolated
        if not ends:
            kind = "loop"
            start = min(n for n in comp if n[0] == "p")
        else:
            stubs = [n for n in ends if n[0] == "e"]
            kind = "path" if len(stubs) == 2 else "open"
            start = min(stubs) if stubs else min(ends)
        order = _walk_nodes(adj, start)
        if kind == "open" and not any(n[0] == "e" for n in order) and \
                not any(adj[order[i]][order[i + 1]]["kind"] == "segment"
                        for i in range(len(order) - 1)):
            continue  # a bare link between two empty spaces, or an empty space and a location
        if kind == "open" and not any(adj[order[i]][order[i + 1]]["kind"] == "segment"
                                      for i in range(len(order) - 1)):
            continue  # location stub leading straight into an empty space: no path
        steps, printed = [], 0
        for i in range(len(order) - 1):
            u, v = order[i], order[i + 1]
            d = adj[u][v]
            if d["kind"] == "segment":
                steps.append(Step(u[1], u[2], v[2], d["tile"]))
            elif d.get("printed"):
                printed += 1
        if kind == "loop":
            u, v = order[-1], order[0]
            d = adj[u][v]
            if d["kind"] == "segment":
                steps.append(Step(u[1], u[2], v[2], d["tile"]))
            elif d.get("printed"):
                printed += 1
        if kind == "loop":
            path_ends: list[str] = []
        else:
            path_ends = [n[1] if n[0] == "e" else f"{n[1]}:{n[2]}" for n in (order[0], order[-1])]
        paths.append(PathInfo(len(paths), kind, path_ends, steps, printed))
    # crossings
    seg_owner: dict[tuple[str, int], int] = {}
    for p in paths:
        for s in p.steps:
            seg_owner[(s.space, s.a)] = p.id
            seg_owner[(s.space, s.b)] = p.id
    crossings: dict[tuple[int, int], int] = {}
    for sp, (t, r) in placement.items():
        segs = tile_segments(t, r)
        for i in range(4):
            for j in range(i + 1, 4):
                if chords_cross(segs[i], segs[j]):
                    pi, pj = seg_owner[(sp, segs[i][0])], seg_owner[(sp, segs[j][0])]
                    key = (min(pi, pj), max(pi, pj))
                    crossings[key] = crossings.get(key, 0) + 1
    for (i, j), v in crossings.items():
        if i == j:
            paths[i].self_crossings += v
        else:
            paths[i].crossings += v
            paths[j].crossings += v
    rg = nx.MultiGraph()
    rg.add_nodes_from(board().stops)
    rg.add_nodes_from(board().ring)
    for p in paths:
        if p.kind == "path":
            rg.add_edge(p.ends[0], p.ends[1], key=p.id)
    return Tracing(dict(placement), paths, crossings, g, rg)


# ---------------------------------------------------------------------------------------------
# symmetry of a path's shape

# exact point keys, in doubled board coordinates (space centres are odd integers):
#   ("c", x, y)        a space centre
#   ("s", x, y)        the middle of a straight edge (shared by two neighbouring spaces)
#   ("d", x, y, e)     the middle of diagonal edge e of the space centred at (x, y)
_STRAIGHT = {0: (-1, 0), 2: (0, -1), 4: (1, 0), 6: (0, 1)}


def _edge_point(cx: int, cy: int, e: int):
    if e % 2 == 0:
        dx, dy = _STRAIGHT[e]
        return ("s", cx + dx, cy + dy)
    return ("d", cx, cy, e)


# the 8 linear symmetries of the square lattice as (matrix, edge permutation function)
def _lattice_maps():
    maps = []
    for q in range(4):  # rotations by 90 q degrees, (x, y) -> (-y, x) q times
        maps.append(("rot", 90 * q, _rot_matrix(q), (lambda e, q=q: (e + 2 * q) % 8)))
    # reflections e -> (k - e) % 8, k even: axis angle 22.5 k degrees
    refl = {0: ((1, 0), (0, -1)), 2: ((0, 1), (1, 0)), 4: ((-1, 0), (0, 1)), 6: ((0, -1), (-1, 0))}
    for k, m in refl.items():
        maps.append(("mirror", 45 * k // 2, m, (lambda e, k=k: (k - e) % 8)))
    return maps


def _rot_matrix(q: int):
    m = ((1, 0), (0, 1))
    for _ in range(q):
        m = ((-m[1][0], -m[1][1]), (m[0][0], m[0][1]))
    return m


_MAPS = _lattice_maps()


def _apply(m, t, x, y):
    return (m[0][0] * x + m[0][1] * y + t[0], m[1][0] * x + m[1][1] * y + t[1])


def _map_point(pt, m, t, perm):
    if pt[0] == "d":
        x, y = _apply(m, t, pt[1], pt[2])
        return ("d", x, y, perm(pt[3]))
    x, y = _apply(m, t, pt[1], pt[2])
    return (pt[0], x, y)


def _pieces(p: PathInfo) -> list:
    b = board()
    pieces = []
    for s in p.steps:
        x, y = b.space_xy[s.space]
        cx, cy = round(2 * x), round(2 * y)
        pieces.append((("c", cx, cy), frozenset((_edge_point(cx, cy, s.a), _edge_point(cx, cy, s.b)))))
    return pieces


def shape_key(p: PathInfo) -> tuple:
    """Canonical shape of a path or loop (its tile segments) up to translation and the 4 quarter
    turns: the smallest normalised, sorted tuple of its pieces over the 4 rotations. Two paths with
    the same key are identical in shape (mirror images are not identified)."""
    return _shape_key_of(tuple(sorted((s.space, min(s.a, s.b), max(s.a, s.b)) for s in p.steps)))


# quarter turns (x, y) -> (-y, x) q times, as (m00, m01, m10, m11) (the "rot" maps of _MAPS)
_ROTS = tuple((m[0][0], m[0][1], m[1][0], m[1][1]) for kind, _, m, _ in _MAPS if kind == "rot")


@functools.lru_cache(maxsize=1 << 16)
def _shape_key_of(steps: tuple) -> tuple:
    """:func:`shape_key` of the tile segments ``steps`` ((space, a, b), sorted). A piece turned by q
    quarters is the piece of the turned centre with its edges e -> e + 2q (a straight edge's offset
    from the centre turns with it), and a translation moves a piece's centre and edge points
    alike, so each turned, normalised piece is built directly from its centre and two edges."""
    xy = board().space_xy
    cents = [(round(2 * xy[s][0]), round(2 * xy[s][1]), a, b) for s, a, b in steps]
    best = None
    for q, (m00, m01, m10, m11) in enumerate(_ROTS):
        img = [(m00 * x + m01 * y, m10 * x + m11 * y, (a + 2 * q) % 8, (b + 2 * q) % 8)
               for x, y, a, b in cents]
        mx = min(c[0] for c in img)
        my = min(c[1] for c in img)
        norm = []
        for x, y, a, b in img:
            x, y = x - mx, y - my
            pa, pb = _edge_point(x, y, a), _edge_point(x, y, b)
            norm.append((("c", x, y), (pa, pb) if pa < pb else (pb, pa)))
        norm = tuple(sorted(norm))
        if best is None or norm < best:
            best = norm
    return best or ()


def path_symmetry(p: PathInfo) -> dict:
    """Symmetries of the drawn shape of a path or loop (its tile segments; the short stubs to its end
    locations and printed board segments are left out).

    Returns ``{"mirror": bool, "rotation": n}`` where n is the largest rotational order (1 = none,
    2 = half turn, 4 = quarter turn) among shape-preserving turns.
    A one-segment path is always mirror symmetric (about the line between its two edges);
    it has half-turn symmetry when it is a Diameter.
    """
    if not p.steps:
        return {"mirror": False, "rotation": 1}
    pieces = _pieces(p)
    spaces = {s.space for s in p.steps}
    if len(spaces) == 1 and len(p.steps) == 1:
        s = p.steps[0]
        return {"mirror": True, "rotation": 2 if s.distance == 4 else 1}
    pset = set(pieces)
    centres = [pc[0] for pc in pieces]
    cxy = {(c[1], c[2]) for c in centres}
    mirror, rot = False, 1
    c0 = centres[0]
    for kind, angle, m, perm in _MAPS:
        if kind == "rot" and angle == 0:
            continue
        if kind == "mirror" and mirror:
            continue
        if kind == "rot" and (4 if angle != 180 else 2) <= rot:
            continue
        img0 = _apply(m, (0, 0), c0[1], c0[2])
        for c1 in {c for c in centres}:
            t = (c1[1] - img0[0], c1[2] - img0[1])
            # the tile centres must map onto tile centres before the segments are compared
            if any(_apply(m, t, x, y) not in cxy for x, y in cxy):
                continue
            image = {(_map_point(cen, m, t, perm), frozenset(_map_point(q, m, t, perm) for q in ends))
                     for cen, ends in pieces}
            if image == pset:
                if kind == "mirror":
                    mirror = True
                else:
                    rot = max(rot, 2 if angle == 180 else 4)
                break
    return {"mirror": mirror, "rotation": rot}
