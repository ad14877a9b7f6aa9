"""Bound witnesses, part 1: the verdict type and everything the checker reads off the board itself
(counting facts, the local tables of the assignment bound, the simple cycles of the space graph,
the short paths and their shape classes). See :mod:`.witness` for the witness kinds; like it, this
module imports none of the modules that proved the bounds."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

from ..tiles import KIND_POINTS, NUM_TILES, board, chords_cross, distinct_rotations, seg_distance, tile_segments

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
    if argument == "path-disjoint routes":       # 15 shared-k: 2 circle ports, k + 1 paths and
        k = int(params["k"])                      # k stop visits (2 ports of one stop) per route
        visits = f["stops_with_2_stubs"] + f["stops_with_3_stubs"] + 2 * f["stops_with_4_stubs"]
        used = ["circle_stubs", "stubs", "stops", "stops_with_2_stubs", "stops_with_3_stubs",
                "stops_with_4_stubs"]
        if k > f["stops"]:
            return 0, used
        return min(f["circle_stubs"] // 2, (f["stubs"] // 2) // (k + 1), visits // k), used
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
    if argument == "segments: identical pair, one-tile paths":
        # at most T paths have one segment (T proven by the caller), so the other P - 2 paths have
        # >= 2 (P - 2) - min(T, P - 2) segments: 2m <= S - 2 (P - 2) + min(T, P - 2)
        t = int(params["one_tile"])
        paths = f["stubs"] // 2
        return ((f["tile_segments"] - 2 * (paths - 2) + min(t, paths - 2)) // 2,
                ["tile_segments", "stubs", "self_links"])
    if argument == "segments: identical routes":
        # 23 routes/circuits: 2m + (P - r1 - r2) <= S, and r1 + r2 <= stop passes (+ 2 for the two
        # ends of open routes); a stop with d ports is passed floor(d / 2) times
        visits = f["stops_with_2_stubs"] + f["stops_with_3_stubs"] + 2 * f["stops_with_4_stubs"]
        r = visits + (0 if params["closed"] else 2)
        return ((f["tile_segments"] - f["stubs"] // 2 + r) // 2,
                ["tile_segments", "stubs", "self_links", "stops_with_2_stubs", "stops_with_3_stubs",
                 "stops_with_4_stubs"])
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
