"""Bound witnesses, checked by code that shares nothing with the proofs (issue 19, "a bound is only
as good as its witness").

A certificate's ``bound`` was proven by :mod:`.prove` with counting arguments, LP/MIP relaxations
and CP-SAT. Its ``bound_witness`` (added by ``scripts/add_bound_witnesses.py``) stores what lets this
module check the bound again **without** those modules (it imports none of ``bounds``,
``arguments``, ``proofs_*``, ``prove``, ``models``, ``cpsat``, ``geometry``, nor OR-Tools or
scipy): only the board and tiles (:mod:`octosolve.octiles.tiles`), the tracer's definition of a
shape (:func:`octosolve.octiles.tracer.shape_key`) and exact rational arithmetic
(:class:`fractions.Fraction`). Every table it needs (the local bound of a tile on a space, the
simple cycles of the space graph, the short paths, the flow network) it derives from the board
itself.

Witness kinds (every one carries ``bound``, the bound it proves, and the checker recomputes it):

* ``counting``: a closed formula over facts of the board (``facts``: stubs, stops, circles, printed
  links, spaces, tile segments, ...); the checker recounts every fact on the board and recomputes the
  formula of the named ``argument``.
* ``lp-dual``: an LP relaxation named by ``lp`` (with ``params``) and multipliers for its rows
  (``multipliers``, exact rationals as strings). For ``max c.x`` subject to rows ``a.x = b`` or
  ``a.x <= b`` and ``0 <= x <= 1`` every choice of multipliers (``>= 0`` on the ``<=`` rows) gives
  the upper bound ``L = sum y b + sum_j max(0, c_j - y.a_j)`` (weak duality, the box ``0..1``
  priced column by column); the checker builds the LP's rows and columns from the board, computes
  ``L`` exactly, requires it to equal the stored ``value`` and proves ``floor(L)`` (``floor(L / m)``
  for a count of m-segment paths). The LPs: ``assignment`` (the counting/assignment bound: a tile's
  best local value on a space with e of the component's ends there, one tile per space, each tile
  once, at most E ends), ``port-balance`` (one path or loop with its connectivity forgotten: tiles,
  used segments on placed ones, every port on at most one used segment, both ports of a link used or
  neither, at most E used stub ports), ``cycle-packing`` (link-disjoint cycles of the space graph,
  each space passed at most (ports leading to tiles) // 2 times), ``port-packing`` (placements of one
  short-path shape sharing no port), ``class-segments`` (the chords of one shape that distinct tiles
  can hold).
* ``multicut``: the dual of a multicommodity flow LP (16, 10: paths between given location pairs):
  a weight ``mu[p] >= 0`` per port such that every way from a location u to its partner u' through
  the ports (any segment on any space: tiles ignored; board links; the stubs) weighs at least 1.
  Each such path uses its ports once and no port carries two paths, so the paths are at most
  ``sum mu``. The checker runs Dijkstra (exact fractions) for every pair.
* ``cases``: a split named by ``split``; the checker knows which cases cover every placement (e.g.
  the end distributions of 12, the component kinds of 14 share) and checks each case's witness.
* ``solver``: a solver's word only (CP-SAT INFEASIBLE for ``objective >= at_least``, or an OPTIMAL
  ``maximum``), with every solver that said so (``claims``: CP-SAT, and when it was re-proved, HiGHS
  on a second formulation), ``rests_on`` ("cp-sat only" or "cp-sat + HiGHS") and optionally a
  ``partial`` witness of a weaker bound that is checked. The checker can only check that the claims
  are consistent with the bound; the table says what the bound rests on. A claim is accepted only
  for the variants with no checkable argument (:data:`SOLVER_ONLY`): a checkable bound cannot be
  downgraded to a solver's word.

:func:`check` returns a :class:`Verdict` (ok, the bound proven, what it rests on, problems).
"""

from __future__ import annotations

import functools
import heapq
import itertools
from dataclasses import dataclass, field
from fractions import Fraction

from ..tiles import KIND_POINTS, NUM_TILES, board, chords_cross, distinct_rotations, seg_distance, tile_segments

__all__ = ["Verdict", "check", "check_certificate_witness", "lp_rows", "lagrangian", "multicut_value",
           "local_table", "simple_cycles", "short_paths", "classes", "class_key", "LOCAL_SPECS",
           "ARGUMENTS", "counting_facts", "REST_ORDER"]

REST_ORDER = ("witness", "cp-sat + HiGHS", "cp-sat only")   # from strongest to weakest


@dataclass
class Verdict:
    ok: bool
    bound: int | None
    kind: str
    rests_on: str = "witness"
    problems: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def fail(self, msg: str) -> "Verdict":
        self.ok = False
        self.problems.append(msg)
        return self


def _weakest(*rests: str) -> str:
    return max(rests, key=REST_ORDER.index) if rests else "witness"


# ---------------------------------------------------------------------------------------------
# the board, read directly


@functools.lru_cache(maxsize=None)
def _board():
    b = board()
    spaces = list(b.spaces)
    stub_ports = {s: frozenset(e for e in range(8) if isinstance(b.port_link[(s, e)], str))
                  for s in spaces}
    stop_ports = {s: frozenset(e for e in stub_ports[s] if b.is_stop(b.port_link[(s, e)]))
                  for s in spaces}
    links = sorted({tuple(sorted((p, q))) for p, q in b.port_link.items() if not isinstance(q, str)})
    stubs = [(loc, p) for loc in list(b.stops) + list(b.ring) for p in b.location_ports.get(loc, [])]
    return b, spaces, stub_ports, stop_ports, links, stubs


def _port_name(p) -> str:
    return f"{p[0]}.{p[1]}"


def counting_facts() -> dict:
    """The facts the counting arguments use, counted on the board."""
    b, spaces, stub_ports, _, links, stubs = _board()
    one = set()
    for s in spaces:
        for a, c in itertools.combinations(sorted(stub_ports[s]), 2):
            one.add(min(tuple(sorted(((a + 2 * q) % 8, (c + 2 * q) % 8))) for q in range(4)))
    per_colour: dict = {}
    for c in b.ring:
        g = b.circle_info[c]["group"]
        per_colour[g] = per_colour.get(g, 0) + 1
    deg = {}
    for s in b.stops:
        deg[len(b.location_ports[s])] = deg.get(len(b.location_ports[s]), 0) + 1
    return {
        "spaces": len(spaces),
        "tile_segments": 4 * len(spaces),        # every tile pairs its 8 edges in 4 segments
        "stubs": len(stubs),
        "circle_stubs": sum(1 for loc, _ in stubs if b.is_circle(loc)),
        "stops": len(b.stops),
        "circles": len(b.ring),
        "printed_links": len(b.printed_links),
        "self_links": sum(1 for p, q in links if p[0] == q[0]),
        "one_segment_path_shapes": len(one),
        "fewest_circles_of_a_colour": min(per_colour.values()),
        "stops_with_2_stubs": deg.get(2, 0), "stops_with_3_stubs": deg.get(3, 0),
        "stops_with_4_stubs": deg.get(4, 0),
        "group_types": 3,                        # A (2 + 4 stubs), B (3 + 3), C (4 + 4)
    }


def _count(argument: str, f: dict, params: dict) -> tuple[int, list]:
    """(bound, the facts it uses) of a counting argument."""
    free = f["tile_segments"] - f["stubs"] // 2        # segments beyond one per path: 32
    if argument == "spaces":          # a component crosses each of the 17 placed tiles at most once
        return f["spaces"], ["spaces"]
    if argument == "stops":           # a route's squares are distinct stops
        return f["stops"], ["stops"]
    if argument == "printed links":   # a path uses each printed board segment at most once
        return f["printed_links"], ["printed_links"]
    if argument == "circle pairs":    # a circle-to-circle path ends at 2 of the circles' stubs
        return f["circle_stubs"] // 2, ["circle_stubs"]
    if argument == "paths":           # each stub ends exactly one path, a path has 2 ends
        return f["stubs"] // 2, ["stubs"]
    if argument == "path pairs":      # routes share no path and take 2 each
        return f["stubs"] // 4, ["stubs"]
    if argument == "group types":
        return f["group_types"], ["group_types"]
    if argument == "location-disjoint routes":   # 15: 2 circles and k stops per route
        k = int(params["k"])
        return min(f["circles"] // 2, f["stops"] // k), ["circles", "stops"]
    if argument == "segments: self-crossing":
        # a counted component has >= 3 segments (path) or >= 4 (loop), the other paths >= 1,
        # loops >= 2 (no link joins a space to itself): 3p + 4l + (P - p) + 2(L - l) <= S
        return free // 2, ["tile_segments", "stubs", "self_links"]
    if argument == "segments: distinct shapes":
        r = f["one_segment_path_shapes"]
        paths = f["stubs"] // 2
        return (max(min(paths, free - 2 * L + r) + L for L in range(free // 2 + 1)),
                ["tile_segments", "stubs", "self_links", "one_segment_path_shapes"])
    if argument == "segments: identical pair":
        # two disjoint components of m segments: 2m + (P - 2) <= S
        return free // 2 + 1, ["tile_segments", "stubs", "self_links"]
    if argument == "two-stop groups":
        n2, n3, n4 = f["stops_with_2_stubs"], f["stops_with_3_stubs"], f["stops_with_4_stubs"]
        by_stops = max(a + b2 + c for a in range(n2 + 1) for b2 in range(n3 // 2 + 1)
                       for c in range(n4 // 2 + 1) if a + 2 * c <= n4)
        return (min(f["fewest_circles_of_a_colour"], by_stops),
                ["fewest_circles_of_a_colour", "stops_with_2_stubs", "stops_with_3_stubs",
                 "stops_with_4_stubs"])
    if argument == "long identical paths":
        # k paths of m > 3 segments take km segments, the other P - k paths >= 1 each
        return free // (int(params["short"])), ["tile_segments", "stubs"]
    raise KeyError(argument)


def _check_counting(w: dict, argument: str, params: dict | None = None) -> Verdict:
    v = Verdict(True, None, f"counting ({argument})")
    if w.get("kind") != "counting" or w.get("argument") != argument:
        return v.fail(f"expected a counting witness '{argument}', got {w.get('kind')} "
                      f"{w.get('argument')!r}")
    f = counting_facts()
    if f["self_links"] != 0:
        return v.fail("a board link joins a space to itself: the segment counts do not hold")
    try:
        b, used = _count(argument, f, params if params is not None else w.get("params", {}))
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
        return v.fail(f"counting argument {argument!r}: {e}")
    stored = w.get("facts") or {}
    want = {k: f[k] for k in used if k != "self_links"}
    if stored != want:
        return v.fail(f"facts {stored} differ from the board's {want}")
    v.bound = b
    if w.get("bound") != b:
        return v.fail(f"the formula gives {b}, the witness says {w.get('bound')}")
    return v


# ---------------------------------------------------------------------------------------------
# local tables (the counting/assignment bound), computed here from the tiles


def _points(W) -> int:
    return sum(KIND_POINTS[seg_distance(a, b)] for a, b in W)


def _cross(W1, W2=None) -> int:
    if W2 is None:
        return sum(1 for x, y in itertools.combinations(W1, 2) if chords_cross(x, y))
    return sum(1 for x in W1 for y in W2 if chords_cross(x, y))


# name: (components, most ends E, local objective of the components' segment sets on one tile,
#        ends only at circles)
LOCAL_SPECS = {
    "2 path-tiles": (1, 2, lambda Ws: int(bool(Ws[0])), False),
    "2 path-points": (1, 2, lambda Ws: _points(Ws[0]), False),
    "2 loop-points": (1, 0, lambda Ws: _points(Ws[0]), False),
    "6 points": (1, 2, lambda Ws: _points(Ws[0]), True),
    "11 twice": (1, 2, lambda Ws: int(len(Ws[0]) >= 2), False),
    "11 thrice": (1, 2, lambda Ws: int(len(Ws[0]) >= 3), False),
    "12": (1, 2, lambda Ws: _cross(Ws[0]), False),
    "14 cross": (2, 4, lambda Ws: _cross(Ws[0], Ws[1]), False),
    "14 share": (2, 4, lambda Ws: int(bool(Ws[0]) and bool(Ws[1]) and _cross(Ws[0], Ws[1]) == 0),
                 False),
}


@functools.lru_cache(maxsize=None)
def _labelled(comps: int):
    """For every tile and distinct rotation: [(ports used, objective args)] over the ways to give
    each of its 4 segments to one of the components or to none."""
    out = {}
    for t in range(NUM_TILES):
        for r in distinct_rotations(t):
            segs = tile_segments(t, r)
            rows = []
            for labels in itertools.product(range(comps + 1), repeat=len(segs)):
                Ws = tuple(tuple(sg for sg, lb in zip(segs, labels) if lb == k + 1)
                           for k in range(comps))
                used = frozenset(e for W in Ws for sg in W for e in sg)
                rows.append((used, Ws))
            out[t, r] = rows
    return out


@functools.lru_cache(maxsize=None)
def local_table(spec: str) -> dict:
    """``{(space, tile): [u_0, ..., u_E]}``: the most the tile (any rotation) on the space adds to
    the objective of the spec's components with at most e of their ends on that space. A port of a
    used segment either leads to another tile or faces a stop/circle, and then it is an end of a
    component; so the objective of a placement is at most the sum of these over the spaces, each
    with the ends that are really there."""
    if spec == "30 one-tile":
        _, spaces, stub_ports, _, _, _ = _board()
        return {(s, t): [max(sum(1 for a, b in tile_segments(t, r) if a in stub_ports[s]
                                 and b in stub_ports[s]) for r in distinct_rotations(t))]
                for s in spaces for t in range(NUM_TILES)}
    comps, E, contrib, circles_only = LOCAL_SPECS[spec]
    _, spaces, stub_ports, stop_ports, _, _ = _board()
    lab = _labelled(comps)
    vals = {key: [contrib(Ws) for _, Ws in rows] for key, rows in lab.items()}
    out = {}
    for s in spaces:
        for t in range(NUM_TILES):
            u = [0] * (E + 1)
            for r in distinct_rotations(t):
                for (used, _), val in zip(lab[t, r], vals[t, r]):
                    if circles_only and used & stop_ports[s]:
                        continue
                    n_end = len(used & stub_ports[s])
                    for e in range(n_end, E + 1):
                        if val > u[e]:
                            u[e] = val
            out[s, t] = u
    return out


# ---------------------------------------------------------------------------------------------
# cycles of the space graph and short paths, enumerated here


@functools.lru_cache(maxsize=None)
def simple_cycles() -> tuple:
    """Every simple cycle of the space graph (spaces joined by board links, printed ones included;
    parallel links give different cycles, two parallel links a cycle of two spaces), as
    (spaces, links, segments it needs: (space, a, b) with a < b)."""
    _, spaces, _, _, links, _ = _board()
    adj: dict = {s: [] for s in spaces}
    for k, (p, q) in enumerate(links):
        adj[p[0]].append((q[0], k, p[1], q[1]))
        adj[q[0]].append((p[0], k, q[1], p[1]))
    order = {s: i for i, s in enumerate(spaces)}
    found = set()

    def close(path_nodes, path_links):
        n = len(path_nodes)
        segs = []
        for i in range(n):
            s = path_nodes[i]
            k_in, k_out = path_links[i - 1], path_links[i]
            a = _end_on(links[k_in], s)
            b = _end_on(links[k_out], s)
            segs.append((s, min(a, b), max(a, b)))
        found.add((frozenset(path_nodes), frozenset(path_links), frozenset(segs)))

    def dfs(start, node, path_nodes, path_links):
        for nb, k, _, _ in adj[node]:
            if k in path_links:
                continue
            if nb == start and len(path_nodes) >= 2:
                if len(path_nodes) == 2 and path_links[0] == k:
                    continue
                close(path_nodes, path_links + [k])
            elif nb not in path_nodes and order[nb] > order[start]:
                dfs(start, nb, path_nodes + [nb], path_links + [k])

    for s in spaces:
        dfs(s, s, [s], [])
    return tuple(sorted(found, key=lambda c: (sorted(c[1]), sorted(c[2]))))


def _end_on(link, s):
    p, q = link
    return p[1] if p[0] == s else q[1]


@functools.lru_cache(maxsize=None)
def short_paths(max_segments: int = 3) -> tuple:
    """Every way a path of at most ``max_segments`` tile segments can lie on the board (stub,
    segments and board links, no port twice, stub), as frozensets of (space, a, b), a < b."""
    b, _, _, _, _, stubs = _board()
    found = set()

    def walk(port, segs, used):
        s, a = port
        for e in range(8):
            if e == a or (s, e) in used:
                continue
            nsegs = segs + ((s, min(a, e), max(a, e)),)
            nxt = b.port_link[(s, e)]
            if isinstance(nxt, str):
                found.add(frozenset(nsegs))
            elif len(nsegs) < max_segments and nxt not in used:
                walk(nxt, nsegs, used | {(s, e), nxt})

    for _, p in stubs:
        walk(p, (), frozenset({p}))
    return tuple(sorted(found, key=sorted))


def class_key(segs) -> str:
    return " ".join(f"{s}.{a}{b}" for s, a, b in sorted(segs))


def _shape(segs) -> tuple:
    from ..tracer import Step, shape_key

    class _C:   # what shape_key reads of a component: its steps
        steps = [Step(s, a, b, -1) for s, a, b in sorted(segs)]
    return shape_key(_C)


@functools.lru_cache(maxsize=None)
def classes(which: str) -> dict:
    """``{key: [segment sets]}``: the simple cycles (``which="cycles"``) or the paths of at most 3
    segments (``"short paths"``) grouped by the tracer's shape (and, for paths, the number of
    segments); the key is the smallest member, written out (:func:`class_key`)."""
    items = [c[2] for c in simple_cycles()] if which == "cycles" else list(short_paths(3))
    groups: dict = {}
    for segs in items:
        groups.setdefault((len(segs), _shape(segs)), []).append(segs)
    return {class_key(min(mem, key=sorted)): mem for mem in groups.values()}


# ---------------------------------------------------------------------------------------------
# LPs: rows {name: (sense, rhs)}, columns [(objective, {row: coefficient})], all x in [0, 1]


def lp_rows(lp: str, params: dict) -> tuple[dict, list, int]:
    """The rows, columns and divisor (m for counts of m-segment paths) of a named LP."""
    _, spaces, stub_ports, _, links, _ = _board()
    rows: dict = {}
    cols: list = []
    if lp == "assignment":
        spec = params["spec"]
        u = local_table(spec)
        E = int(params["ends"])
        e_max = len(next(iter(u.values()))) - 1
        if not 0 <= E <= e_max:
            raise ValueError(f"{spec}: at most {e_max} ends, not {E}")
        one_end = set(params.get("two_ends_not_on", []))
        if not one_end <= set(spaces):
            raise ValueError(f"unknown spaces {sorted(one_end - set(spaces))}")
        for s in spaces:
            rows[f"space:{s}"] = ("=", 1)
        for t in range(NUM_TILES):
            rows[f"tile:{t}"] = ("<=", 1)
        rows["ends"] = ("<=", E)
        for (s, t), us in u.items():
            for e in range(E + 1):
                if e >= 2 and s in one_end:
                    continue
                cols.append((us[min(e, e_max)], {f"space:{s}": 1, f"tile:{t}": 1, "ends": e}))
        return rows, cols, 1
    if lp == "class-segments":
        mem = classes("short paths")[params["class"]]
        chords: dict = {}
        for f in mem:
            for s, a, b in f:
                chords.setdefault(s, set()).add((a, b))
        for s in spaces:
            rows[f"space:{s}"] = ("=", 1)
        for t in range(NUM_TILES):
            rows[f"tile:{t}"] = ("<=", 1)
        for s in spaces:
            for t in range(NUM_TILES):
                val = max(sum(1 for a, b in tile_segments(t, r) if (a, b) in chords.get(s, ()))
                          for r in distinct_rotations(t))
                cols.append((val, {f"space:{s}": 1, f"tile:{t}": 1}))
        return rows, cols, len(next(iter(mem)))
    if lp == "port-packing":
        mem = classes("short paths")[params["class"]]
        for f in mem:
            col = {}
            for s, a, b in sorted(f):
                for e in (a, b):
                    rows[f"port:{s}.{e}"] = ("<=", 1)
                    col[f"port:{s}.{e}"] = col.get(f"port:{s}.{e}", 0) + 1
            cols.append((1, col))
        return rows, cols, 1
    if lp == "cycle-packing":
        cyc = simple_cycles()
        if params.get("class") is None:
            members = list(range(len(cyc)))
        else:
            want = set(classes("cycles")[params["class"]])
            members = [i for i, c in enumerate(cyc) if c[2] in want]
        for k, (p, q) in enumerate(links):
            rows[f"link:{_port_name(p)}-{_port_name(q)}"] = ("<=", 1)
        for s in spaces:
            rows[f"space:{s}"] = ("<=", (8 - len(stub_ports[s])) // 2)
        for i in members:
            sp, lk, _ = cyc[i]
            col = {f"link:{_port_name(links[k][0])}-{_port_name(links[k][1])}": 1 for k in lk}
            col.update({f"space:{s}": 1 for s in sp})
            cols.append((1, col))
        return rows, cols, 1
    if lp == "port-balance":
        return _port_balance(params)
    if lp == "pairs-flow":      # only for the builder (the checker checks the multicut)
        return _flow_lp(params["pairs"])
    raise KeyError(lp)


def _port_balance(params: dict):
    """One path (``ends`` 2; only at circles with ``circles_only``) or loop (``ends`` 0),
    connectivity forgotten: tiles x[s, t, r] (one per space, each tile once), used segments
    w[s, a, b] <= (the placed tile has it), every port on at most one used segment, both ports of a
    board link used or neither, at most ``ends`` used ports facing a stop or circle (none facing a
    stop with ``circles_only``). A real path or loop is a point of it with the same objective:
    ``segments`` (used segments plus the printed links between used ports, half a link per side)
    or ``points`` (the points of the used segments)."""
    measure, E = params.get("measure"), int(params.get("ends"))
    circles_only = bool(params.get("circles_only", False))
    if measure not in ("segments", "points") or E not in (0, 2):
        raise ValueError(f"no port-balance LP for {params}")
    b, spaces, stub_ports, stop_ports, links, _ = _board()
    rows: dict = {}
    cols: list = []
    for s in spaces:
        rows[f"space:{s}"] = ("=", 1)
        for e in range(8):
            rows[f"port:{s}.{e}"] = ("<=", 1)
        for a, c in itertools.combinations(range(8), 2):
            rows[f"seg:{s}.{a}{c}"] = ("<=", 0)
    for t in range(NUM_TILES):
        rows[f"tile:{t}"] = ("<=", 1)
    for p, q in links:
        rows[f"link:{_port_name(p)}-{_port_name(q)}"] = ("=", 0)
    rows["ends"] = ("<=", E)
    link_of = {}
    for p, q in links:
        link_of[p] = (f"link:{_port_name(p)}-{_port_name(q)}", 1, b.is_printed(p, q))
        link_of[q] = (f"link:{_port_name(p)}-{_port_name(q)}", -1, b.is_printed(p, q))
    for s in spaces:
        for t in range(NUM_TILES):
            for r in distinct_rotations(t):
                col = {f"space:{s}": 1, f"tile:{t}": 1}
                for a, c in tile_segments(t, r):
                    col[f"seg:{s}.{min(a, c)}{max(a, c)}"] = -1
                cols.append((0, col))
        for a, c in itertools.combinations(range(8), 2):
            if circles_only and (a in stop_ports[s] or c in stop_ports[s]):
                continue          # a circle-to-circle path never uses a port facing a stop
            col = {f"seg:{s}.{a}{c}": 1}
            obj = Fraction(1) if measure == "segments" else Fraction(KIND_POINTS[seg_distance(a, c)])
            for e in (a, c):
                col[f"port:{s}.{e}"] = 1
                if e in stub_ports[s]:
                    col["ends"] = col.get("ends", 0) + 1
                else:
                    name, sign, printed = link_of[(s, e)]
                    col[name] = col.get(name, 0) + sign
                    if printed and measure == "segments":
                        obj += Fraction(1, 2)     # a printed link is travelled once: half per side
            cols.append((obj, col))
    return rows, cols, 1


def _frac(x) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, str)):
        raise ValueError(f"a multiplier must be an integer or a fraction string, not {x!r}")
    return Fraction(x)


def lagrangian(rows: dict, cols: list, multipliers: dict) -> Fraction:
    """``sum y b + sum_j max(0, c_j - y.a_j)``: an upper bound on ``max c.x`` over the rows and
    ``0 <= x <= 1`` for any multipliers with ``y >= 0`` on the ``<=`` rows."""
    y = {}
    for name, val in multipliers.items():
        if name not in rows:
            raise ValueError(f"multiplier for an unknown row {name!r}")
        v = _frac(val)
        if rows[name][0] == "<=" and v < 0:
            raise ValueError(f"row {name!r} is an inequality: its multiplier must be >= 0, not {v}")
        y[name] = v
    total = sum((y[n] * rows[n][1] for n in y), Fraction(0))
    for c, a in cols:
        red = c - sum((y[n] * coef for n, coef in a.items() if n in y), Fraction(0))
        if red > 0:
            total += red
    return total


def _floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def _check_lp(w: dict, lp: str, want_params: dict | None = None) -> Verdict:
    v = Verdict(True, None, f"lp-dual ({lp}{' ' + str(w.get('params', {}).get('spec', '')) if lp == 'assignment' else ''})")
    if w.get("kind") != "lp-dual" or w.get("lp") != lp:
        return v.fail(f"expected an lp-dual witness of the {lp!r} LP, got {w.get('kind')} {w.get('lp')!r}")
    params = w.get("params") or {}
    if want_params is not None and params != want_params:
        # exactly these parameters: another one (say spaces without two ends) would change the LP
        return v.fail(f"the {lp} LP of this variant has the parameters {want_params}, the witness "
                      f"{params}")
    try:
        rows, cols, div = lp_rows(lp, params)
        L = lagrangian(rows, cols, w.get("multipliers") or {})
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
        return v.fail(f"{lp} LP: {e}")
    if "value" not in w or _frac(w["value"]) != L:
        return v.fail(f"the multipliers give {L}, the witness says {w.get('value')}")
    v.bound = _floor(L / div)
    if w.get("bound") != v.bound:
        return v.fail(f"the multipliers prove {v.bound}, the witness says {w.get('bound')}")
    return v


# ---------------------------------------------------------------------------------------------
# multicommodity flow between location pairs: the fractional multicut


def location_pairs(name: str) -> list:
    """The location pairs of 16 (``half-turn``, ``quarter-turn``) and 10 (``similar-position``)."""
    b = board()
    if name in ("half-turn", "quarter-turn"):
        q = 2 if name == "half-turn" else 1
        out = set()
        for u in list(b.stops) + list(b.ring):
            v = b.turn_location(u, q)
            if u != v:
                out.add(tuple(sorted((u, v))))
        return sorted(out)
    if name == "similar-position":
        ci = b.circle_info
        return sorted((u, v) for u in b.ring for v in b.ring if u < v
                      and ci[u]["group"] != ci[v]["group"] and ci[u]["index"] == ci[v]["index"])
    raise KeyError(name)


def _flow_arcs():
    """Nodes ("in", port) (a path enters the port's space there) and ("out", port) (it leaves):
    a segment in(s, a) -> out(s, b) for any a != b (tiles ignored), a board link out(p) -> in(q)
    both ways."""
    _, spaces, _, _, links, _ = _board()
    arcs: dict = {}
    for s in spaces:
        for a in range(8):
            arcs[("in", (s, a))] = [("out", (s, b)) for b in range(8) if b != a]
            arcs[("out", (s, a))] = []
    for p, q in links:
        arcs[("out", p)].append(("in", q))
        arcs[("out", q)].append(("in", p))
    return arcs


def _flow_lp(pairs_name: str):
    """The flow LP itself (for the builder, which solves it): one commodity per pair, a unit per
    path, each port carrying at most one unit over all commodities."""
    b, spaces, _, _, _, _ = _board()
    arcs = _flow_arcs()
    rows: dict = {}
    cols: list = []
    for s in spaces:
        for e in range(8):
            rows[f"port:{s}.{e}"] = ("<=", 1)
    for k, (u, v) in enumerate(location_pairs(pairs_name)):
        def node(n):
            return f"flow:{k}:{n[0]}:{n[1][0]}.{n[1][1]}"
        for n, outs in arcs.items():
            rows[node(n)] = ("=", 0)
            for m in outs:
                cols.append((0, {node(n): -1, node(m): 1, f"port:{m[1][0]}.{m[1][1]}": 1}))
        for p in b.location_ports[u]:
            cols.append((1, {node(("in", p)): 1, f"port:{p[0]}.{p[1]}": 1}))
        for p in b.location_ports[v]:
            cols.append((0, {node(("out", p)): -1}))
    return rows, cols, 1


def multicut_value(pairs_name: str, mu: dict) -> tuple[Fraction, Fraction]:
    """(sum of the port weights, the lightest path between a pair), exactly: entering a port node
    (in or out) costs that port's weight; Dijkstra from each pair's first location."""
    b, spaces, _, _, _, _ = _board()
    w = {}
    for s in spaces:
        for e in range(8):
            x = _frac(mu.get(f"port:{s}.{e}", 0))
            if x < 0:
                raise ValueError(f"port weight {s}.{e} is negative")
            w[s, e] = x
    extra = set(mu) - {f"port:{s}.{e}" for s in spaces for e in range(8)}
    if extra:
        raise ValueError(f"weights for unknown ports {sorted(extra)[:3]}")
    arcs = _flow_arcs()
    lightest = None
    for u, v in location_pairs(pairs_name):
        dist: dict = {}
        heap = []
        for p in b.location_ports[u]:
            n = ("in", p)
            if n not in dist or w[p] < dist[n]:
                dist[n] = w[p]
                heapq.heappush(heap, (w[p], n))
        done = set()
        while heap:
            d, n = heapq.heappop(heap)
            if n in done:
                continue
            done.add(n)
            for m in arcs[n]:
                nd = d + w[m[1]]
                if m not in dist or nd < dist[m]:
                    dist[m] = nd
                    heapq.heappush(heap, (nd, m))
        ends = [dist[("out", p)] for p in b.location_ports[v] if ("out", p) in dist]
        if ends:
            lightest = min(ends) if lightest is None else min(lightest, min(ends))
    return sum(w.values(), Fraction(0)), lightest


def _check_multicut(w: dict, pairs_name: str) -> Verdict:
    v = Verdict(True, None, f"multicut ({pairs_name})")
    if w.get("kind") != "multicut" or w.get("pairs") != pairs_name:
        return v.fail(f"expected a multicut witness for {pairs_name}, got {w.get('kind')} "
                      f"{w.get('pairs')!r}")
    try:
        total, lightest = multicut_value(pairs_name, w.get("weights") or {})
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
        return v.fail(f"multicut: {e}")
    if lightest is not None and lightest < 1:
        return v.fail(f"a path between a pair weighs only {lightest} < 1")
    if "value" not in w or _frac(w["value"]) != total:
        return v.fail(f"the weights sum to {total}, the witness says {w.get('value')}")
    v.bound = _floor(total)
    if w.get("bound") != v.bound:
        return v.fail(f"the weights prove {v.bound}, the witness says {w.get('bound')}")
    return v


# ---------------------------------------------------------------------------------------------
# solver claims


def _check_solver(w: dict, partial=None) -> Verdict:
    v = Verdict(True, None, "solver")
    if w.get("kind") != "solver":
        return v.fail(f"expected a solver witness, got {w.get('kind')}")
    claims = w.get("claims") or []
    if not claims:
        return v.fail("a solver witness without claims")
    solvers = []
    for c in claims:
        s = c.get("solver")
        if s not in ("CP-SAT", "HiGHS"):
            return v.fail(f"unknown solver {s!r}")
        solvers.append(s)
    b = w.get("bound")
    if not isinstance(b, int):
        return v.fail("a solver witness needs an integer bound")
    if "at_least" in w:
        if w["at_least"] != b + 1:
            return v.fail(f"INFEASIBLE with objective >= {w['at_least']} proves {w['at_least'] - 1}, "
                          f"not {b}")
        bad = [c for c in claims if c.get("status") != "INFEASIBLE"]
        if bad:
            return v.fail(f"{bad[0]['solver']} said {bad[0].get('status')}, not INFEASIBLE")
    elif "maximum" in w:
        if w["maximum"] != b:
            return v.fail(f"a maximum of {w['maximum']} proves {w['maximum']}, not {b}")
        bad = [c for c in claims if c.get("status") != "OPTIMAL" or c.get("objective") != b]
        if bad:
            return v.fail(f"{bad[0]['solver']} said {bad[0].get('status')} "
                          f"{bad[0].get('objective')}, not OPTIMAL {b}")
    else:
        return v.fail("a solver witness needs at_least or maximum")
    rests = "cp-sat + HiGHS" if set(solvers) >= {"CP-SAT", "HiGHS"} else (
        "cp-sat only" if set(solvers) == {"CP-SAT"} else "HiGHS only")
    if w.get("rests_on") != rests:
        return v.fail(f"rests_on says {w.get('rests_on')!r}, the claims say {rests!r}")
    v.bound, v.rests_on = b, ("cp-sat only" if rests == "HiGHS only" else rests)
    v.kind = f"solver ({' + '.join(dict.fromkeys(solvers))})"
    if w.get("partial") is not None:
        if partial is None:
            return v.fail("a partial witness this variant has no check for")
        pv = partial(w["partial"])
        if not pv.ok:
            return v.fail("partial witness: " + "; ".join(pv.problems))
        what = w.get("tag") or "the bound"
        v.notes.append(f"{what} <= {pv.bound} checked without a solver ({pv.kind})")
    return v


# ---------------------------------------------------------------------------------------------
# the arguments of each variant


def _assign(spec, E, **extra):
    return lambda w: _check_lp(w, "assignment", {"spec": spec, "ends": E, **extra})


def _balance(measure, E, circles_only):
    return lambda w: _check_lp(w, "port-balance", {"measure": measure, "ends": E,
                                                   "circles_only": circles_only})


def _cases_12(w: dict, bound: int) -> Verdict:
    """12: the path's two ends on one space X (one case per X), or not (the assignment LP with at
    most one end on each of those X)."""
    v = Verdict(True, None, "cases (ends of the path)")
    cases = w.get("cases") or []
    lp_cases = [c for c in cases if "two_ends_not_on" in c]
    sp_cases = [c for c in cases if "space" in c]
    if len(lp_cases) != 1 or len(lp_cases) + len(sp_cases) != len(cases):
        return v.fail("12 needs one 'two_ends_not_on' case and one case per excluded space")
    excl = lp_cases[0]["two_ends_not_on"]
    if sorted(excl) != sorted(c["space"] for c in sp_cases) or len(set(excl)) != len(excl):
        return v.fail("the excluded spaces and the 'both ends on' cases differ")
    sub = [_assign("12", 2, two_ends_not_on=excl)(lp_cases[0].get("witness") or {})]
    sub += [_check_solver(c.get("witness") or {}) for c in sp_cases]
    return _combine(v, sub, bound)


def _cases_14_share(w: dict, bound: int) -> Verdict:
    v = Verdict(True, None, "cases (kinds of the two components)")
    kinds = {"two loops": 0, "a path and a loop": 2, "two paths": 4}
    cases = w.get("cases") or []
    if sorted(c.get("kinds", "") for c in cases) != sorted(kinds):
        return v.fail(f"14 share needs the cases {sorted(kinds)}")
    sub = []
    for c in cases:
        cw = c.get("witness") or {}
        if cw.get("kind") == "solver":
            sub.append(_check_solver(cw, _assign("14 share", kinds[c["kinds"]])))
        else:
            sub.append(_assign("14 share", kinds[c["kinds"]])(cw))
    return _combine(v, sub, bound)


def _loops_3(w: dict, bound: int) -> Verdict:
    """3: P = the most link-disjoint cycles (capacities as in the cycle-packing LP). k loops of which
    j pass some space twice split into >= k + j such cycles, so P loops are P simple cycles on real
    segments; the claim that no placement has P of them closes every count above P - 1."""
    v = Verdict(True, None, "cases (loop packing, then simple loops)")
    pw = w.get("packing") or {}
    part = lambda x: _check_lp(x, "cycle-packing", {"class": None})   # noqa: E731
    pv = _check_solver(pw, part) if pw.get("kind") == "solver" else part(pw)
    sub = [pv]
    if pv.ok and pv.bound is not None and pv.bound > bound:
        if pv.bound != bound + 1:
            return v.fail(f"the loop packing {pv.bound} is more than one above the bound {bound}")
        cases = [c for c in (w.get("cases") or []) if c.get("simple_loops") == pv.bound]
        if not cases:
            return v.fail(f"no case for {pv.bound} simple loops")
        sub.append(_check_solver(cases[0].get("witness") or {}))
        if sub[-1].ok and sub[-1].bound != bound:
            sub[-1].fail(f"the simple-loop claim proves {sub[-1].bound}, not {bound}")
    return _combine(v, sub, bound, top=False)


def _groups_18(w: dict, bound: int) -> Verdict:
    """18 count: counting allows at most 5 groups; the exact group model (with every circle in a
    group, which 5 groups of one circle per colour force) is INFEASIBLE for more than the bound."""
    v = Verdict(True, None, "cases (two-stop groups)")
    sub = [_check_counting(w.get("counting") or {}, "two-stop groups")]
    if sub[0].ok and sub[0].bound is not None and sub[0].bound > bound:
        cases = [c for c in (w.get("cases") or []) if c.get("groups_at_least") == bound + 1]
        if not cases:
            return v.fail(f"no case for groups >= {bound + 1}")
        sub.append(_check_solver(cases[0].get("witness") or {}))
        if sub[-1].ok and sub[-1].bound != bound:
            sub[-1].fail(f"the group claim proves {sub[-1].bound}, not {bound}")
    return _combine(v, sub, bound, top=False)


def _identical_loops(w: dict, bound: int) -> Verdict:
    """22 loops: k loops of one shape either all pass some space twice (each splits into >= 2
    link-disjoint cycles: 2k <= P, the cycle packing) or are k simple cycles of one shape class, so
    at most that class's packing."""
    v = Verdict(True, None, "identical-loop packing")
    cl = classes("cycles")
    facts = {"cycles": len(simple_cycles()), "classes": len(cl)}
    if w.get("facts") != facts:
        return v.fail(f"facts {w.get('facts')} differ from the board's {facts}")
    pv = _check_lp(w.get("packing") or {}, "cycle-packing", {"class": None})
    if pv.ok and pv.bound // 2 > bound:
        pv.fail(f"the cycle packing {pv.bound} allows {pv.bound // 2} loops that pass a space twice")
    given = w.get("classes") or {}
    sub = [pv]
    for key, mem in cl.items():
        if len(mem) <= bound:
            continue
        if key not in given:
            return v.fail(f"no witness for the cycle class {key} ({len(mem)} cycles)")
        sub.append(_check_lp(given[key], "cycle-packing", {"class": key}))
        if sub[-1].ok and sub[-1].bound > bound:
            sub[-1].fail(f"the cycle class {key} packs {sub[-1].bound} > {bound}")
    extra = set(given) - set(cl)
    if extra:
        return v.fail(f"witnesses for unknown classes {sorted(extra)[:2]}")
    return _combine(v, sub, bound, top=False)


def _identical_paths(w: dict, bound: int) -> Verdict:
    """22 paths: k identical paths of m > 3 segments: k(m - 1) <= 32; shorter shapes class by
    class (every placement enumerated): no port twice, or the chords distinct tiles can hold."""
    v = Verdict(True, None, "identical-path packing")
    cl = classes("short paths")
    facts = {"short_paths": len(short_paths(3)), "classes": len(cl)}
    if w.get("facts") != facts:
        return v.fail(f"facts {w.get('facts')} differ from the board's {facts}")
    sub = [_check_counting(w.get("long") or {}, "long identical paths", {"short": 3})]
    given = w.get("classes") or {}
    for key, mem in cl.items():
        if len(mem) <= bound:
            continue
        cw = given.get(key)
        if cw is None:
            return v.fail(f"no witness for the path class {key} ({len(mem)} placements)")
        if cw.get("lp") not in ("port-packing", "class-segments"):
            return v.fail(f"class {key}: a port-packing or class-segments LP is needed")
        sub.append(_check_lp(cw, cw["lp"], {"class": key}))
    extra = set(given) - set(cl)
    if extra:
        return v.fail(f"witnesses for unknown classes {sorted(extra)[:2]}")
    return _combine(v, sub, bound)


def _combine(v: Verdict, sub: list, bound: int, top: bool = True) -> Verdict:
    """Every part must hold and prove at most ``bound`` (``top=False``: the parts are steps of one
    argument, checked by the caller)."""
    for s in sub:
        if not s.ok:
            v.fail("; ".join(s.problems))
        elif top and (s.bound is None or s.bound > bound):
            v.fail(f"a case proves only {s.bound} > {bound}")
        v.notes += s.notes
    v.rests_on = _weakest(*(s.rests_on for s in sub))
    if v.ok:
        v.bound = bound
    return v


def _cases(split):
    def chk(w):
        b = w.get("bound")
        v = Verdict(True, None, f"cases ({split})")
        if w.get("kind") != "cases" or w.get("split") != split:
            return v.fail(f"expected a case split {split!r}, got {w.get('kind')} {w.get('split')!r}")
        if not isinstance(b, int):
            return v.fail("a case split needs an integer bound")
        out = {"ends-12": _cases_12, "component-kinds": _cases_14_share,
               "loops-by-cycles": _loops_3, "two-stop-groups": _groups_18,
               "identical-loops": _identical_loops, "identical-paths": _identical_paths}[split](w, b)
        return out
    return chk


def _counting(argument, **params):
    return lambda w: _check_counting(w, argument, params or None)


# (challenge, variant) -> the check of the argument that bounds it; "partial": the check of a
# weaker bound stored beside a solver's claim
ARGUMENTS = {
    (2, "path-tiles"): _counting("spaces"),
    (2, "loop-tiles"): _counting("spaces"),
    (6, "tiles"): _counting("spaces"),
    (2, "route-squares"): _counting("stops"),
    (5, "printed"): _counting("printed links"),
    (7, "count"): _counting("circle pairs"),
    (19, "count"): _counting("paths"),
    (20, "count"): _counting("paths"),
    (24, "count"): _counting("paths"),
    (22, "routes"): _counting("path pairs"),
    (18, "types"): _counting("group types"),
    (15, "stops-1"): _counting("location-disjoint routes", k=1),
    (15, "stops-2"): _counting("location-disjoint routes", k=2),
    (15, "stops-3"): _counting("location-disjoint routes", k=3),
    (13, "self-crossing"): _counting("segments: self-crossing"),
    (13, "twice-not-self-crossing"): _counting("segments: self-crossing"),
    (21, "count"): _counting("segments: distinct shapes"),
    (23, "segments"): _counting("segments: identical pair"),
    (11, "twice"): _assign("11 twice", 2),
    (11, "thrice"): _assign("11 thrice", 2),
    (14, "cross"): _assign("14 cross", 4),
    (30, "one-tile-paths"): _assign("30 one-tile", 0),
    (2, "path-segments"): _balance("segments", 2, False),
    (2, "loop-segments"): _balance("segments", 0, False),
    (2, "loop-points"): _balance("points", 0, False),
    (16, "half-turn"): lambda w: _check_multicut(w, "half-turn"),
    (16, "quarter-turn"): lambda w: _check_multicut(w, "quarter-turn"),
    (10, "count"): lambda w: _check_multicut(w, "similar-position"),
    (12, "count"): _cases("ends-12"),
    (14, "share"): _cases("component-kinds"),
    (3, "count"): _cases("loops-by-cycles"),
    (18, "count"): _cases("two-stop-groups"),
    (22, "loops"): _cases("identical-loops"),
    (22, "paths"): _cases("identical-paths"),
}
# the variants whose bound rests on a solver's word (a checked weaker bound beside it: PARTIAL)
SOLVER_ONLY = {(2, "path-points"), (6, "points"), (6, "segments"), (9, "count"), (17, "count")}
PARTIAL = {
    (2, "path-points"): _balance("points", 2, False),
    (6, "points"): _balance("points", 2, True),
    (6, "segments"): _balance("segments", 2, True),
}


def check(number: int, variant: str, w: dict) -> Verdict:
    """Check the witness ``w`` of a variant's bound; the verdict's ``bound`` is what it proves."""
    if not isinstance(w, dict):
        return Verdict(False, None, "?", problems=["the witness is not a JSON object"])
    try:
        if w.get("kind") == "solver":
            if (number, variant) in ARGUMENTS:     # a checkable bound is not downgraded to a claim
                return Verdict(False, None, "solver",
                               problems=[f"{number} {variant} has a checkable argument: a solver's "
                                         f"word alone is not accepted"])
            if (number, variant) not in SOLVER_ONLY:
                return Verdict(False, None, "solver", problems=[f"unknown variant {number} {variant}"])
            return _check_solver(w, PARTIAL.get((number, variant)))
        chk = ARGUMENTS.get((number, variant))
        if chk is None:
            return Verdict(False, None, str(w.get("kind")),
                           problems=[f"no independent check of a {w.get('kind')} witness for "
                                     f"{number} {variant}"])
        return chk(w)
    except (KeyError, ValueError, TypeError, AttributeError, ZeroDivisionError) as e:
        return Verdict(False, None, str(w.get("kind")), problems=[f"malformed witness: {e!r}"])


def check_certificate_witness(cert: dict) -> Verdict | None:
    """The verdict on a certificate's ``bound_witness`` (None when it has none); a witness that
    proves more than the stored bound (a weaker bound) fails."""
    w = cert.get("bound_witness")
    if w is None:
        return None
    v = check(cert["challenge"], cert["variant"], w)
    if v.ok and (v.bound is None or cert.get("bound") is None or v.bound > cert["bound"]):
        v.fail(f"the witness proves {v.bound}, the certificate's bound is {cert.get('bound')}")
    return v
