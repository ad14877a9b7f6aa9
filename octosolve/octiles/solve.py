"""Octiles puzzle challenges: one CP-SAT model skeleton shared by all challenges, the challenge
registry (statement, formalisation, model, independent scorer), and challenge 1's computation.

Skeleton (see docs/octiles-challenges.md):

* ``x[s, t, r]``: space ``s`` holds tile ``t`` at rotation ``r`` (only the rotations giving distinct
  placements of a symmetric tile); every space gets exactly one (tile, rotation), every tile at most
  one space, so exactly 17 of the 18 tiles are used.
* ``c[s, a, b]`` (a < b): board edges ``a`` and ``b`` of space ``s`` are joined by a segment
  (= sum of the ``x`` whose tile has that segment).
* Challenge parts added on top: a single traced path/loop/route as an ``AddCircuit`` over ports
  (``Chain``), port labels equal along every link and active segment (``Labels``) for questions
  about which ends are joined and for counting components, and a flow for whole-board connectivity.

Every answer is re-checked by :func:`octosolve.octiles.rules.trace` (networkx tracer) with the
challenge's own scorer, which never looks at the model.
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from ortools.sat.python import cp_model

from octosolve.core.errors import fail

from . import rules as R

B = R.board()
SP = list(B.spaces)
SPI = {s: i for i, s in enumerate(SP)}
PAIRS = [(a, b) for a in range(8) for b in range(a + 1, 8)]
N_PORTS = 8 * len(SP)


def pidx(p) -> int:
    return 8 * SPI[p[0]] + p[1]


# stubs: one per (location, port) link
STUBS: list[tuple[str, tuple]] = []
for _loc in list(B.stops) + list(B.ring):
    for _p in B.location_ports.get(_loc, []):
        STUBS.append((_loc, _p))
STUB_OF_PORT = {p: i for i, (_, p) in enumerate(STUBS)}
PORT_LINKS = [(p, q) for p, q in B.port_link.items() if not isinstance(q, str) and p < q]


def crossing_chord_pairs():
    """Pairs of chords (a,b), (c,d) of one tile that cross."""
    out = []
    for i, s in enumerate(PAIRS):
        for t in PAIRS[i + 1:]:
            if len(set(s) | set(t)) == 4 and R.chords_cross(s, t):
                out.append((s, t))
    return out


CROSSING = crossing_chord_pairs()
SAME_TILE_NONCROSS = [(s, t) for i, s in enumerate(PAIRS) for t in PAIRS[i + 1:]
                      if len(set(s) | set(t)) == 4 and not R.chords_cross(s, t)]


class Skeleton:
    """17 of the 18 tiles on the 17 spaces, and the segment booleans ``c``."""

    def __init__(self):
        m = self.m = cp_model.CpModel()
        self.x: dict = {}
        for s in SP:
            for t in range(R.NUM_TILES):
                for r in R.distinct_rotations(t):
                    self.x[s, t, r] = m.NewBoolVar(f"x_{s}_{t}_{r}")
        for s in SP:
            m.AddExactlyOne(v for (s2, _, _), v in self.x.items() if s2 == s)
        for t in range(R.NUM_TILES):
            m.AddAtMostOne(v for (_, t2, _), v in self.x.items() if t2 == t)
        self.c: dict = {}
        terms: dict = {}
        for (s, t, r), v in self.x.items():
            for a, b in R.tile_segments(t, r):
                terms.setdefault((s, a, b), []).append(v)
        for s in SP:
            for a, b in PAIRS:
                cv = m.NewBoolVar(f"c_{s}_{a}_{b}")
                m.Add(cv == sum(terms.get((s, a, b), [])))
                self.c[s, a, b] = cv
        # each port is on exactly one segment (redundant, helps propagation)
        for s in SP:
            for e in range(8):
                m.AddExactlyOne(self.c[s, min(e, f), max(e, f)] for f in range(8) if f != e)

    def seg(self, s, a, b):
        return self.c[s, min(a, b), max(a, b)]

    def placement(self, solver: cp_model.CpSolver) -> dict:
        out = {}
        for (s, t, r), v in self.x.items():
            if solver.BooleanValue(v):
                out[s] = R.Placed(t, r)
        return {s: out[s] for s in SP}

    def _var_for(self, s, pl):
        t, r = pl
        segs = R.rotate_segments(R.TILES[t], r)
        for r2 in R.distinct_rotations(t):
            if R.rotate_segments(R.TILES[t], r2) == segs:
                return self.x[s, t, r2]
        raise AssertionError

    def fix(self, placement: dict) -> None:
        """Constrain the model to a given full placement (used to test the formulations)."""
        placement = R.validate_placement(placement, full=True)
        for s, pl in placement.items():
            self.m.Add(self._var_for(s, pl) == 1)

    def hint(self, placement: dict) -> None:
        for (s, t, r), v in self.x.items():
            pl = placement.get(s)
            self.m.AddHint(v, 1 if pl is not None and pl[0] == t and
                           R.rotate_segments(R.TILES[t], pl[1]) == R.rotate_segments(R.TILES[t], r)
                           else 0)


class Chain:
    """One traced component as an ``AddCircuit`` over ports.

    mode: "path" (stub to stub), "loop", "path_or_loop", "route" (paths joined at stops: a trail
    of location nodes, each location at most once; with ``closed_ok`` it may be a circuit).
    ``ends``: allowed end stubs (path) or end locations (route); None = any.
    """

    def __init__(self, sk: Skeleton, mode: str, ends=None, name="k", closed_ok=False,
                 disjoint_from: "Chain | None" = None):
        m = sk.m
        self.sk, self.mode = sk, mode
        arcs = []
        n = N_PORTS
        self.link_arcs = []          # (literal, printed)
        self.w = {}                  # (s, a, b) -> bool: segment on this chain
        self.port_active = {}

        def add_arc(u, v, lit):
            arcs.append((u, v, lit))

        # port nodes 0..n-1
        for s in SP:
            for a, b in PAIRS:
                f = m.NewBoolVar(f"{name}f_{s}_{a}_{b}")
                g = m.NewBoolVar(f"{name}g_{s}_{a}_{b}")
                pa, pb = pidx((s, a)), pidx((s, b))
                add_arc(pa, pb, f)
                add_arc(pb, pa, g)
                wv = m.NewBoolVar(f"{name}w_{s}_{a}_{b}")
                m.Add(wv == f + g)
                m.AddImplication(wv, sk.c[s, a, b])
                self.w[s, a, b] = wv
        seg_at = {p: [] for p in range(n)}
        link_at = {p: [] for p in range(n)}
        for (s, a, b), wv in self.w.items():
            seg_at[pidx((s, a))].append(wv)
            seg_at[pidx((s, b))].append(wv)
        for p, q in PORT_LINKS:
            f, g = m.NewBoolVar(""), m.NewBoolVar("")
            add_arc(pidx(p), pidx(q), f)
            add_arc(pidx(q), pidx(p), g)
            lk = m.NewBoolVar("")
            m.Add(lk == f + g)
            link_at[pidx(p)].append(lk)
            link_at[pidx(q)].append(lk)
            self.link_arcs.append((lk, B.is_printed(p, q)))
        nxt = n
        depot = None
        self.loc_active = {}
        self.stub_end = {}
        if mode in ("path", "loop", "path_or_loop"):
            stub_node = {}
            for i, (loc, p) in enumerate(STUBS):
                stub_node[i] = nxt
                nxt += 1
            depot = nxt
            nxt += 1
            for i, (loc, p) in enumerate(STUBS):
                u = stub_node[i]
                if mode == "loop" or (ends is not None and i not in ends):
                    lk = m.NewBoolVar("")
                    m.Add(lk == 0)
                    link_at[pidx(p)].append(lk)
                    add_arc(u, u, m.NewConstant(1))
                    continue
                f, g = m.NewBoolVar(""), m.NewBoolVar("")
                add_arc(pidx(p), u, f)
                add_arc(u, pidx(p), g)
                lk = m.NewBoolVar("")
                m.Add(lk == f + g)
                link_at[pidx(p)].append(lk)
                d1, d2 = m.NewBoolVar(""), m.NewBoolVar("")
                add_arc(depot, u, d1)
                add_arc(u, depot, d2)
                skip = m.NewBoolVar("")
                add_arc(u, u, skip)
                m.Add(f + g == d1 + d2)
                m.Add(f + g + skip == 1)
                self.stub_end[i] = lk
            dskip = m.NewBoolVar("depot_skip")
            add_arc(depot, depot, dskip)
            if mode == "path":
                m.Add(dskip == 0)
            elif mode == "loop":
                m.Add(dskip == 1)
            self.is_path = dskip.Not()
        else:  # route
            loc_node = {}
            for loc in list(B.stops) + list(B.ring):
                loc_node[loc] = nxt
                nxt += 1
            depot = nxt
            nxt += 1
            for loc, u in loc_node.items():
                ins, outs = [], []
                for p in B.location_ports.get(loc, []):
                    f, g = m.NewBoolVar(""), m.NewBoolVar("")
                    add_arc(pidx(p), u, f)
                    add_arc(u, pidx(p), g)
                    lk = m.NewBoolVar("")
                    m.Add(lk == f + g)
                    link_at[pidx(p)].append(lk)
                    ins.append(f)
                    outs.append(g)
                skip = m.NewBoolVar("")
                add_arc(u, u, skip)
                self.loc_active[loc] = skip.Not()
                if ends is None or loc in ends:
                    d1, d2 = m.NewBoolVar(""), m.NewBoolVar("")
                    add_arc(depot, u, d1)
                    add_arc(u, depot, d2)
            dskip = m.NewBoolVar("depot_skip")
            add_arc(depot, depot, dskip)
            if not closed_ok:
                m.Add(dskip == 0)
            self.is_path = dskip.Not()
        # port skip and local consistency: an active port uses one segment arc and one link arc
        for p in range(n):
            skip = m.NewBoolVar("")
            add_arc(p, p, skip)
            self.port_active[p] = skip.Not()
            m.Add(sum(seg_at[p]) + skip == 1)
            m.Add(sum(link_at[p]) + skip == 1)
        m.AddCircuit(arcs)
        if disjoint_from is not None:
            for key, wv in self.w.items():
                m.AddBoolOr([wv.Not(), disjoint_from.w[key].Not()])
        # measures
        self.space_count = {}
        self.space_used = {}
        for s in SP:
            cnt = sum(self.w[s, a, b] for a, b in PAIRS)
            self.space_count[s] = cnt
            u = m.NewBoolVar(f"{name}u_{s}")
            m.AddMaxEquality(u, [self.w[s, a, b] for a, b in PAIRS])
            self.space_used[s] = u

    def measure(self, name: str):
        if name == "tiles":
            return sum(self.space_used.values())
        if name == "segments":
            return sum(self.w.values()) + sum(lk for lk, pr in self.link_arcs if pr)
        if name == "points":
            return sum(R.KIND_POINTS[R.seg_distance(a, b)] * v for (s, a, b), v in self.w.items())
        if name == "printed":
            return sum(lk for lk, pr in self.link_arcs if pr)
        if name == "squares":
            return sum(v for loc, v in self.loc_active.items() if B.is_stop(loc))
        raise AssertionError(name)


class Labels:
    """Integer label per port, equal along every board link and every active segment, so a
    component (path or loop) has one label. ``stub_domain`` restricts the labels of stub ports."""

    def __init__(self, sk: Skeleton, lo: int, hi: int, name="L"):
        m = sk.m
        self.sk = sk
        parent = list(range(N_PORTS))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for p, q in PORT_LINKS:
            parent[find(pidx(p))] = find(pidx(q))
        roots = {}
        self.L = {}
        for i in range(N_PORTS):
            r = find(i)
            if r not in roots:
                roots[r] = m.NewIntVar(lo, hi, f"{name}{i}")
            self.L[i] = roots[r]
        for s in SP:
            for a, b in PAIRS:
                la, lb = self.L[pidx((s, a))], self.L[pidx((s, b))]
                if la is not lb:
                    m.Add(la == lb).OnlyEnforceIf(sk.c[s, a, b])

    def stub(self, i):
        return self.L[pidx(STUBS[i][1])]


def pairing(sk: Skeleton, candidates: list[tuple[int, int]], name="P"):
    """Booleans ``z[k]`` (one per candidate stub pair): true only when stubs i and j are the two
    ends of one path (sound: label k+1 is allowed only at stubs i and j)."""
    m = sk.m
    lab = Labels(sk, 0, len(candidates), name)
    at: dict[int, list] = {}
    z = []
    for k, (i, j) in enumerate(candidates):
        zk = m.NewBoolVar(f"{name}z{k}")
        z.append(zk)
        at.setdefault(i, []).append((k, zk))
        at.setdefault(j, []).append((k, zk))
    for i in range(len(STUBS)):
        L = lab.stub(i)
        opts = at.get(i, [])
        if not opts:
            m.Add(L == 0)
            continue
        m.AddAtMostOne(zk for _, zk in opts)
        m.Add(L == sum((k + 1) * zk for k, zk in opts))
    return z


def stubs_of(loc: str) -> list[int]:
    return [i for i, (l2, _) in enumerate(STUBS) if l2 == loc]


def loc_pairs_to_stub_pairs(pairs) -> tuple[list, list]:
    cands, owner = [], []
    for n, (u, v) in enumerate(pairs):
        for i in stubs_of(u):
            for j in stubs_of(v):
                if i != j:
                    cands.append((min(i, j), max(i, j)))
                    owner.append(n)
    return cands, owner


# ---------------------------------------------------------------------------------------------
# independent scorers (from the networkx tracer only)


def _comps(tr: R.Tracing, kinds=("path", "loop")):
    return [p for p in tr.paths if p.kind in kinds]


def longest_route_squares(tr: R.Tracing, closed_ok: bool = True) -> tuple[int, list]:
    """Most stop squares on a route: a walk in the route graph (locations joined by paths) that
    uses each location at most once (a circuit may return to its start). Exhaustive DFS."""
    rg = tr.route_graph
    best = (0, [])
    adj: dict = {}
    for u, v, k in rg.edges(keys=True):
        if u == v:
            continue
        adj.setdefault(u, []).append((v, k))
        adj.setdefault(v, []).append((u, k))

    def sq(nodes):
        return sum(1 for x in nodes if B.is_stop(x))

    def dfs(start, node, seen, used, trail):
        nonlocal best
        val = sq(seen)
        if val > best[0]:
            best = (val, list(trail))
        for v, k in adj.get(node, []):
            if k in used:
                continue
            if v == start and closed_ok and len(used) >= 2 and sq(seen) > best[0]:
                best = (sq(seen), list(trail) + [k])
            if v in seen:
                continue
            seen.add(v)
            used.add(k)
            trail.append(k)
            dfs(start, v, seen, used, trail)
            trail.pop()
            used.discard(k)
            seen.discard(v)

    for s in adj:
        dfs(s, s, {s}, set(), [])
    return best


def _stop_dist(u: str, v: str) -> tuple[float, float]:
    (x1, y1), (x2, y2) = B.stop_xy[u], B.stop_xy[v]
    return (abs(x1 - x2), abs(y1 - y2))


ADJ_STOPS = [(u, v) for u, v in itertools.combinations(B.stops, 2) if sorted(_stop_dist(u, v)) == [0, 1]]


def _opposite_across_tile():
    out = set()
    for s in SP:
        d = {}
        for e in (1, 3, 5, 7):
            nb = B.port_link[(s, e)]
            if isinstance(nb, str) and B.is_stop(nb):
                d[e] = nb
        for e1, e2 in ((1, 5), (3, 7)):
            if e1 in d and e2 in d:
                out.add(tuple(sorted((d[e1], d[e2]))))
    return sorted(out)


OPP_STOPS = _opposite_across_tile()


def ring_pairs(offset: int) -> list[tuple[str, str]]:
    r = B.ring
    return [(r[(2 * i + offset) % 20], r[(2 * i + 1 + offset) % 20]) for i in range(10)]


def opposite_circle_pairs() -> list[tuple[str, str]]:
    out = []
    for u in B.ring:
        for v in B.ring:
            if u < v and B.opposite_group[B.circle_group(u)] == B.circle_group(v):
                out.append((u, v))
    return out


def similar_circle_pairs() -> list[tuple[str, str]]:
    ci = B.circle_info
    return [(u, v) for u in B.ring for v in B.ring if u < v and ci[u]["group"] != ci[v]["group"]
            and ci[u]["index"] == ci[v]["index"]]


def turned_pairs(quarters: int) -> list[tuple[str, str]]:
    locs = list(B.stops) + list(B.ring)
    out = set()
    for u in locs:
        v = B.turn_location(u, quarters)
        if u != v:
            out.add(tuple(sorted((u, v))))
    return sorted(out)


def _paths_between(tr, pairs) -> int:
    ps = {frozenset(p) for p in pairs}
    return sum(1 for p in tr.complete_paths if len(set(p.ends)) == 2 and frozenset(p.ends) in ps)


def _crossings_between(tr, i, j) -> int:
    return tr.crossings.get((min(i, j), max(i, j)), 0)


def score_pair_cross(tr) -> int:
    return max([v for (i, j), v in tr.crossings.items() if i != j] or [0])


def score_pair_share(tr) -> int:
    comps = _comps(tr)
    best = 0
    for a, b in itertools.combinations(comps, 2):
        if _crossings_between(tr, a.id, b.id) == 0:
            best = max(best, len(set(a.tile_visits) & set(b.tile_visits)))
    return best


def group_stops(tr) -> list[str]:
    """Stops joined directly by paths to circles of all four colours (challenge 17)."""
    out = []
    for s in B.stops:
        groups = set()
        for p in tr.complete_paths:
            if s in p.ends:
                other = [e for e in p.ends if e != s]
                if other and B.is_circle(other[0]):
                    groups.add(B.circle_group(other[0]))
        if len(groups) == 4:
            out.append(s)
    return out


def single_kind_paths(tr) -> int:
    return sum(1 for p in tr.complete_paths if len(p.kinds) == 1)


# ---------------------------------------------------------------------------------------------
# challenge registry


@dataclass
class Variant:
    name: str
    statement: str                      # precise statement (docs + CLI)
    sense: str                          # "max" | "min" | "feasible"
    build: Callable | None              # (Skeleton) -> objective expr (or None for feasibility)
    score: Callable                     # (Tracing) -> number (independent of the model)
    check: Callable | None = None       # (Tracing) -> bool (for feasibility challenges)
    upper: int | None = None            # a known upper bound of the objective, for the docs
    presearch: Callable | None = None   # (Tracing) -> number: a local search first, as a hint
    presearch_target: float | None = None
    stored: bool = False                # a certificate kept in data/octiles/certificates/ is fixed
                                        # into the model by default (see stored_certificate)


@dataclass
class Challenge:
    number: int
    title: str
    text: str                           # the rules' sentence
    variants: list[Variant] = field(default_factory=list)
    note: str = ""


CHALLENGES: dict[int, Challenge] = {}


def challenge(number, title, text, note=""):
    ch = Challenge(number, title, text, note=note)
    CHALLENGES[number] = ch
    return ch


def _measure_best(tr, kinds, measure, ends=None):
    vals = [p.measure(measure) for p in _comps(tr, kinds)
            if ends is None or (p.kind == "path" and all(ends(e) for e in p.ends))]
    return max(vals or [0])


MEASURE_WORDS = {"tiles": "tiles crossed (each counted once)",
                 "segments": "path segments (tile segments, each time it is travelled, plus "
                             "board-printed segments)",
                 "points": "points (Arc 3, Bend 4, Curve 5, Diameter 6 per tile segment travelled; "
                           "printed board segments score nothing)"}


def _longest(kind, measure, ends_filter=None, ends_stubs=None):
    mode = {"path": "path", "loop": "loop"}[kind]

    def build(sk):
        ch = Chain(sk, mode, ends=ends_stubs)
        return ch.measure(measure)

    def score(tr):
        return _measure_best(tr, (kind,), measure, ends_filter)
    return build, score


_ch = challenge(1, "Shortest path between two runner positions",
                "Choose any two runner positions on the board and find the shortest path between "
                "them. (How many different position pairs are there?)")
# challenge 1 is computed by shortest_paths(); registered specially in run_challenge

_ch = challenge(2, "Longest path or loop", "How long a path or loop can you make?")
for _kind in ("path", "loop"):
    for _m in ("tiles", "segments", "points"):
        _b, _s = _longest(_kind, _m)
        _ch.variants.append(Variant(
            f"{_kind}-{_m}",
            f"Maximise the length of one {_kind} measured in {MEASURE_WORDS[_m]}.",
            "max", _b, _s))


def _route_build(sk):
    return Chain(sk, "route", closed_ok=True).measure("squares")


_ch.variants.append(Variant(
    "route-squares",
    "Maximise the number of stop squares on one route (paths joined end to end at stop squares, "
    "each stop and circle used at most once; a circuit returning to its start is allowed).",
    "max", _route_build, lambda tr: longest_route_squares(tr)[0], upper=16))


def _loops_build(sk):
    # loops get labels = id of a root port; paths are labelled 0 through their stubs
    lab = Labels(sk, 0, N_PORTS, "LL")
    for i in range(len(STUBS)):
        sk.m.Add(lab.stub(i) == 0)
    roots = []
    for p in range(N_PORTS):
        r = sk.m.NewBoolVar("")
        sk.m.Add(lab.L[p] == p + 1).OnlyEnforceIf(r)
        roots.append(r)
    return sum(roots)


_ch = challenge(3, "Most loops", "How many loops can you make at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of loops (closed paths touching no stop "
                            "or circle) in one placement.", "max", _loops_build,
                            lambda tr: len(tr.loops), presearch=lambda tr: len(tr.loops)))


def _loop_every_tile_build(sk):
    ch = Chain(sk, "loop")
    for s in SP:
        sk.m.Add(ch.space_count[s] == 1)
    return None


def _loop_every_tile_check(tr):
    return any(set(p.tile_visits) == set(SP) and all(v == 1 for v in p.tile_visits.values())
               for p in tr.loops)


_ch = challenge(4, "A loop through every tile once",
                "Find a loop that crosses every tile exactly once. It may include some of the path "
                "segments printed on the board.")
_ch.variants.append(Variant("once", "Find a placement with a loop that uses exactly one segment of "
                            "each of the 17 tiles (printed board segments allowed).", "feasible",
                            _loop_every_tile_build, lambda tr: int(_loop_every_tile_check(tr)),
                            _loop_every_tile_check))


def _path_all_tiles_build(sk):
    ch = Chain(sk, "path")
    for s in SP:
        sk.m.Add(ch.space_used[s] == 1)
    return ch.measure("printed")


def _path_all_tiles_score(tr):
    vals = [p.printed for p in tr.complete_paths if set(p.tile_visits) == set(SP)]
    return max(vals) if vals else -1


_ch = challenge(5, "Board segments on a path through every tile",
                "How many of the board segments can you include in a path that crosses every tile? "
                "In the example shown, the path crosses some tiles more than once.")
_ch.variants.append(Variant("printed", "Among paths (stop/circle to stop/circle) that cross all 17 "
                            "tiles (some possibly more than once), maximise the number of the 8 "
                            "board-printed segments used.", "max", _path_all_tiles_build,
                            _path_all_tiles_score, upper=8))

CIRCLE_STUBS = {i for i, (loc, _) in enumerate(STUBS) if B.is_circle(loc)}
_ch = challenge(6, "Longest circle-to-circle path",
                "Make a path directly between two circles. What is the longest such path you can "
                "find?")
for _m in ("tiles", "segments", "points"):
    _b, _s = _longest("path", _m, ends_filter=B.is_circle, ends_stubs=CIRCLE_STUBS)
    _ch.variants.append(Variant(_m, f"Maximise the length of one path whose two ends are circles, "
                                f"measured in {MEASURE_WORDS[_m]}.", "max", _b, _s))

CIRCLE_PAIRS = [(u, v) for u, v in itertools.combinations(B.ring, 2)]


def _pairs_count_build(pairs):
    def build(sk):
        cands, _ = loc_pairs_to_stub_pairs(pairs)
        return sum(pairing(sk, cands))
    return build


def _pairs_all_build(pairs):
    def build(sk):
        cands, owner = loc_pairs_to_stub_pairs(pairs)
        z = pairing(sk, cands)
        for n in range(len(pairs)):
            sk.m.Add(sum(zk for zk, o in zip(z, owner) if o == n) == 1)
        return None
    return build


_ch = challenge(7, "Ten circle-to-circle paths at once",
                "Make 10 paths as in Challenge #6 at the same time. Try this combined with other "
                "challenges.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining two circles (at most "
                            "10: there are 20 circles).", "max", _pairs_count_build(CIRCLE_PAIRS),
                            lambda tr: _paths_between(tr, CIRCLE_PAIRS), upper=10))

_ch = challenge(8, "All adjacent circles joined",
                "Connect all adjacent circles (in 10 pairs).")
for _off in (0, 1):
    _pairs = ring_pairs(_off)
    _ch.variants.append(Variant(
        f"pairs-{_off}",
        "Join every circle to a neighbour around the ring, in the 10 pairs "
        + ", ".join(f"{u}-{v}" for u, v in _pairs) + ".", "feasible", _pairs_all_build(_pairs),
        (lambda tr, P=_pairs: _paths_between(tr, P)),
        (lambda tr, P=_pairs: _paths_between(tr, P) == 10)))

_ch = challenge(9, "Circles on opposite sides",
                "Connect circles on opposite sides of the board. Four pairs may be the maximum. Try "
                "different pairs.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining a circle to a circle of "
                            "the opposite side (west-east or north-south).", "max",
                            _pairs_count_build(opposite_circle_pairs()),
                            lambda tr: _paths_between(tr, opposite_circle_pairs())))

_ch = challenge(10, "Circles in similar positions",
                "Connect circles in similar positions. That is, connect the rightmost circle of one "
                "group with the rightmost circle of a different group, the center circle of one group "
                "with the center circle of another group, etc.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining two circles with the "
                            "same position index (1 = rightmost .. 5 = leftmost, as seen from that "
                            "side) in different side groups.", "max",
                            _pairs_count_build(similar_circle_pairs()),
                            lambda tr: _paths_between(tr, similar_circle_pairs())))


def _repeat_build(times):
    def build(sk):
        ch = Chain(sk, "path_or_loop")
        vs = []
        for s in SP:
            v = sk.m.NewBoolVar("")
            sk.m.Add(ch.space_count[s] >= times).OnlyEnforceIf(v)
            vs.append(v)
        return sum(vs)
    return build


def _repeat_score(times):
    return lambda tr: max([sum(1 for v in p.tile_visits.values() if v >= times)
                           for p in _comps(tr)] or [0])


_ch = challenge(11, "Tiles travelled twice or three times",
                "Across how many tiles can you make a path or loop travel twice? Three times?")
for _t, _w in ((2, "twice"), (3, "thrice")):
    _ch.variants.append(Variant(_w, f"Maximise the number of tiles that one path or loop crosses "
                                f"at least {_t} times.", "max", _repeat_build(_t), _repeat_score(_t)))


def _self_cross_build(sk):
    ch = Chain(sk, "path_or_loop")
    zs = []
    for s in SP:
        for e, f in CROSSING:
            z = sk.m.NewBoolVar("")
            sk.m.AddImplication(z, ch.w[(s,) + e])
            sk.m.AddImplication(z, ch.w[(s,) + f])
            zs.append(z)
    return sum(zs)


_ch = challenge(12, "Most self-crossings", "In how many places can you make a path or loop cross "
                "itself?")
_ch.variants.append(Variant("count", "Maximise the number of places (pairs of crossing segments on "
                            "a tile) where one path or loop crosses itself.", "max",
                            _self_cross_build,
                            lambda tr: max([p.self_crossings for p in _comps(tr)] or [0])))


def _pair_cross_build(sk):
    a = Chain(sk, "path_or_loop", name="A")
    b = Chain(sk, "path_or_loop", name="B", disjoint_from=a)
    zs = []
    for s in SP:
        for e, f in CROSSING:
            for x, y in ((a, b), (b, a)):
                z = sk.m.NewBoolVar("")
                sk.m.AddImplication(z, x.w[(s,) + e])
                sk.m.AddImplication(z, y.w[(s,) + f])
                zs.append(z)
    return sum(zs)


def _pair_share_build(sk):
    a = Chain(sk, "path_or_loop", name="A")
    b = Chain(sk, "path_or_loop", name="B", disjoint_from=a)
    for s in SP:
        for e, f in CROSSING:
            for x, y in ((a, b), (b, a)):
                sk.m.AddBoolOr([x.w[(s,) + e].Not(), y.w[(s,) + f].Not()])
    shared = []
    for s in SP:
        v = sk.m.NewBoolVar("")
        sk.m.AddImplication(v, a.space_used[s])
        sk.m.AddImplication(v, b.space_used[s])
        shared.append(v)
    return sum(shared)


_ch = challenge(14, "Two paths crossing each other",
                "How many times can you make a pair of paths or loops cross each other? Or share "
                "tiles instead of crossing each other?")
_ch.variants.append(Variant("cross", "Maximise the number of crossings between two different paths "
                            "or loops.", "max", _pair_cross_build, score_pair_cross))
_ch.variants.append(Variant("share", "Maximise the number of tiles shared by two different paths or "
                            "loops that never cross each other.", "max", _pair_share_build,
                            score_pair_share))

_ch = challenge(16, "Paths between opposite locations",
                "How many paths can you make between locations that are opposite each other? "
                "(Consider both circles and stop squares.) How many paths between locations that are "
                "a quarter-turn of the board away?")
_ch.variants.append(Variant("half-turn", "Maximise the number of paths whose two ends (stops or "
                            "circles) are images of each other under a half turn of the board.",
                            "max", _pairs_count_build(turned_pairs(2)),
                            lambda tr: _paths_between(tr, turned_pairs(2))))
_ch.variants.append(Variant("quarter-turn", "Maximise the number of paths whose two ends are "
                            "images of each other under a quarter turn of the board.", "max",
                            _pairs_count_build(turned_pairs(1)),
                            lambda tr: _paths_between(tr, turned_pairs(1))))


def _groups_build(sk):
    stops4 = [s for s in B.stops if len(B.location_ports[s]) == 4]
    pairs = [(s, c) for s in stops4 for c in B.ring]
    cands, owner = loc_pairs_to_stub_pairs(pairs)
    z = pairing(sk, cands)
    g = []
    for s in stops4:
        gs = sk.m.NewBoolVar(f"g_{s}")
        for grp in ("west", "north", "east", "south"):
            lits = [zk for zk, o in zip(z, owner) if pairs[o][0] == s
                    and B.circle_group(pairs[o][1]) == grp]
            sk.m.Add(sum(lits) >= 1).OnlyEnforceIf(gs)
        g.append(gs)
    return sum(g)


_ch = challenge(17, "Four-colour groups",
                "Make a group of paths that connect a single stop square to a circle of each color. "
                "How many independent groups like this can you make at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of stop squares joined directly by paths "
                            "to circles of all four side colours (one circle of each).", "max",
                            _groups_build, lambda tr: len(group_stops(tr))))


def _single_kind_build(sk):
    m = sk.m
    lab = Labels(sk, 0, 4, "K")
    for s in SP:
        for a, b in PAIRS:
            d = R.seg_distance(a, b)
            la = lab.L[pidx((s, a))]
            y = m.NewBoolVar("")
            m.Add(la == 0).OnlyEnforceIf([sk.c[s, a, b], y])
            m.Add(la == d).OnlyEnforceIf([sk.c[s, a, b], y.Not()])
    ends = []
    for i in range(len(STUBS)):
        e = m.NewBoolVar("")
        m.Add(lab.stub(i) >= 1).OnlyEnforceIf(e)
        ends.append(e)
    total = m.NewIntVar(0, len(STUBS), "single_ends")
    m.Add(total == sum(ends))
    half = m.NewIntVar(0, len(STUBS) // 2, "single_paths")
    m.Add(2 * half <= total)
    return half


_ch = challenge(19, "Single-kind paths",
                "How many paths can you make at the same time so that each path contains only one "
                "kind of segment (Arcs, Bends, Curves, or Diameters)? Don't consider the segments "
                "printed on the board for this puzzle.")
_ch.variants.append(Variant("count", "Maximise the number of paths (stop/circle to stop/circle) "
                            "whose tile segments are all of one kind (printed board segments "
                            "ignored).", "max", _single_kind_build, single_kind_paths))


def _forbid_pairs_build(pairs):
    def build(sk):
        lab = Labels(sk, 0, len(STUBS), "F")
        for u, v in pairs:
            for i in stubs_of(u):
                for j in stubs_of(v):
                    sk.m.Add(lab.stub(i) != lab.stub(j))
        return None
    return build


def _forbid_check(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: not any(frozenset(p.ends) in ps for p in tr.complete_paths)


def _forbid_score(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: sum(1 for p in tr.complete_paths if frozenset(p.ends) in ps)


_ch = challenge(27, "No path between neighbouring squares",
                "No path connects one square to another that is only a tile edge-length away.")
_ch.variants.append(Variant("whole-board", "Find a placement in which no path joins two stop squares "
                            "one tile edge apart (horizontally or vertically adjacent stops). "
                            "Score = number of such paths (0 is a solution).", "feasible",
                            _forbid_pairs_build(ADJ_STOPS), _forbid_score(ADJ_STOPS),
                            _forbid_check(ADJ_STOPS)))
_ch = challenge(28, "No path across a tile between opposite squares",
                "No path connects a pair of stop squares on opposite sides of the same tile.")
_ch.variants.append(Variant("whole-board", "Find a placement in which no path joins two stop squares "
                            "that face opposite diagonal edges of one tile. Score = number of such "
                            "paths (0 is a solution).", "feasible",
                            _forbid_pairs_build(OPP_STOPS), _forbid_score(OPP_STOPS),
                            _forbid_check(OPP_STOPS)))


def _subway_build(sk):
    """Single-commodity flow from circle A1 to every other location through ports, active
    segments and stops (a stop passes flow between its paths)."""
    m = sk.m
    locs = list(B.stops) + list(B.ring)
    root = B.ring[0]
    cap = len(locs) - 1
    flows_in: dict = {}
    flows_out: dict = {}

    def arc(u, v, lit=None):
        f = m.NewIntVar(0, cap, "")
        if lit is not None:
            m.Add(f == 0).OnlyEnforceIf(lit.Not())
        flows_out.setdefault(u, []).append(f)
        flows_in.setdefault(v, []).append(f)

    for p, q in PORT_LINKS:
        arc(("p", p), ("p", q))
        arc(("p", q), ("p", p))
    for loc in locs:
        for p in B.location_ports.get(loc, []):
            arc(("l", loc), ("p", p))
            arc(("p", p), ("l", loc))
    for (s, a, b), cv in sk.c.items():
        arc(("p", (s, a)), ("p", (s, b)), cv)
        arc(("p", (s, b)), ("p", (s, a)), cv)
    nodes = set(flows_in) | set(flows_out)
    for nd in nodes:
        bal = sum(flows_in.get(nd, [])) - sum(flows_out.get(nd, []))
        if nd[0] == "l":
            m.Add(bal == (-cap if nd[1] == root else 1))
        else:
            m.Add(bal == 0)
    return None


def _subway_check(tr):
    import networkx as nx
    rg = tr.route_graph
    return nx.is_connected(rg)


_ch = challenge(29, "Subway: everything reachable",
                "Every circle and stop square can be visited from any other circle and stop square, "
                "through a series of routes like a subway system.")
_ch.variants.append(Variant("whole-board", "Find a placement whose route graph (locations joined by "
                            "paths) is connected: all 36 stops and circles in one group.",
                            "feasible", _subway_build,
                            lambda tr: len(tr.groups()), _subway_check,
                            presearch=lambda tr: max(len(g["locations"]) for g in tr.groups()),
                            presearch_target=36))


# ---------------------------------------------------------------------------------------------
# running a challenge


@dataclass
class Result:
    challenge: int
    variant: str
    status: str
    objective: float | None
    bound: float | None
    seconds: float
    placement: dict | None
    verified: bool | None = None
    verified_value: float | None = None
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        d = {"challenge": self.challenge, "variant": self.variant, "status": self.status,
             "objective": self.objective, "bound": self.bound, "seconds": round(self.seconds, 3),
             "placement": R.placement_to_json(self.placement) if self.placement else None,
             "verified": self.verified, "verified_value": self.verified_value}
        d.update(self.extra)
        return d


def get_variant(number: int, variant: str | None) -> tuple[Challenge, Variant | None]:
    if number not in range(1, 31):
        fail(f"challenge must be 1-30, got {number}")
    ch = CHALLENGES.get(number)
    if ch is None and number in SEARCH:
        return None, None
    if ch is None:
        fail(f"challenge {number} has no solver yet (see `octosolve octiles challenge --list`)")
    if number == 1:
        return ch, None
    if variant is None:
        return ch, ch.variants[0]
    for v in ch.variants:
        if v.name == variant:
            return ch, v
    fail(f"challenge {number} has no variant {variant!r} "
         f"(variants: {', '.join(v.name for v in ch.variants)})")


def solve_variant(number: int, variant: str | None = None, *, time_limit: float = 30.0,
                  workers: int = 2, seed: int = 0, hint: dict | None = None,
                  fixed: dict | None = None, presearch_default: bool = True,
                  stored: bool = True) -> Result:
    """Solve one challenge variant. ``stored=False`` ignores a stored certificate (the model then
    searches from scratch)."""
    ch, var = get_variant(number, variant)
    if number == 1:
        return challenge_one()
    if ch is None:
        return search_variant(number, variant, seconds=time_limit, seed=seed)
    t0 = time.perf_counter()
    cert = None
    if var.stored and stored and not fixed and not hint:
        cert = stored_certificate(number, var.name)
        if cert is not None:
            fixed = cert["placement"]
    sk = Skeleton()
    obj = var.build(sk)
    if obj is not None:
        if var.sense == "max":
            sk.m.Maximize(obj)
        else:
            sk.m.Minimize(obj)
    pre = None
    presearch = var.presearch or (var.score if var.sense == "max" and presearch_default else None)
    if presearch is not None and not fixed and not hint:
        fn = FAST_SCORES.get((number, var.name)) or _traced(presearch)
        share = 3 if var.presearch else 4
        pre, pre_s, _ = anneal(fn, seconds=min(10.0, time_limit / share), seed=seed,
                               target=var.presearch_target if var.presearch else var.upper)
        hint = pre
    if hint:
        sk.hint(hint)
        if pre is None and not fixed:
            pre = R.validate_placement(hint, full=True)
    if fixed:
        sk.fix(fixed)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    solver.parameters.max_time_in_seconds = max(1.0, float(time_limit) - (time.perf_counter() - t0))
    if pre is not None and var.check is not None and var.check(R.trace(pre)):
        solver.parameters.max_time_in_seconds = 0.01  # the search already has a certificate
    st = solver.Solve(sk.m)
    secs = time.perf_counter() - t0
    name = solver.StatusName(st)
    placement = None
    objective = bound = None
    if obj is not None and st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        import math  # (without a solution CP-SAT's bound is not meaningful)
        bd = solver.BestObjectiveBound()
        if math.isfinite(bd):
            bound = math.floor(bd + 1e-6) if var.sense == "max" else math.ceil(bd - 1e-6)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        placement = sk.placement(solver)
        if obj is not None:
            objective = solver.ObjectiveValue()
            objective = int(round(objective)) if abs(objective - round(objective)) < 1e-6 else objective
            if name == "OPTIMAL":
                bound = objective
    status = {"OPTIMAL": "OPTIMAL", "FEASIBLE": "FEASIBLE", "INFEASIBLE": "INFEASIBLE"}.get(name, "UNKNOWN")
    res = Result(number, var.name, status, objective, bound, secs, placement)
    if obj is None and status == "OPTIMAL":
        res.status = "FEASIBLE"  # a feasibility question: a certificate was found
        res.extra["proven"] = "certificate found"
    if pre is not None:
        tr_pre = R.trace(pre)
        better = False
        if var.check is not None:
            better = placement is None and var.check(tr_pre)
        elif placement is not None:
            better = var.score(tr_pre) > var.score(R.trace(placement)) if var.sense == "max" else False
        else:
            better = True
        if better:
            res.placement = placement = pre
            res.extra["found_by"] = "the hint placement (CP-SAT gave the bound)"
            if var.check is not None:
                res.status = "FEASIBLE"
                res.extra["proven"] = "certificate found"
            else:
                res.objective = var.score(tr_pre)
                res.status = "OPTIMAL" if bound is not None and res.objective == bound else "FEASIBLE"
    if cert is not None and placement is None:  # (a stale certificate: search from scratch)
        return solve_variant(number, variant, time_limit=time_limit, workers=workers, seed=seed,
                             presearch_default=presearch_default, stored=False)
    if cert is not None:
        res.extra["found_by"] = (f"stored certificate {cert['file']} ({cert['note']}); fixed into "
                                 f"the model, which accepts it, and re-checked by the tracer "
                                 f"(`--fresh` searches from scratch)")
    if placement is not None:
        tr = R.trace(placement)
        val = var.score(tr)
        res.verified_value = val
        if var.check is not None:
            res.verified = bool(var.check(tr))
        else:
            res.verified = (val == res.objective)
    return res


# ---------------------------------------------------------------------------------------------
# challenge 1: shortest path between every pair of runner positions


def runner_positions() -> list[str]:
    return list(B.stops) + list(B.ring)


def _shortest_from(loc: str) -> dict[str, tuple[int, list]]:
    """BFS over ports: fewest tiles (each crossed once) from ``loc`` to every other location,
    choosing any segment on each tile. Returns location -> (tiles, [(space, a, b), ...])."""
    best: dict[str, tuple[int, list]] = {}
    start = [(p, []) for p in B.location_ports.get(loc, [])]
    seen = set()
    q = deque(start)
    dist = {}
    while q:
        p, steps = q.popleft()
        if p in seen:
            continue
        seen.add(p)
        used = {s for s, _, _ in steps}
        for b in range(8):
            if b == p[1]:
                continue
            st = steps + [(p[0], p[1], b)]
            nb = B.port_link[(p[0], b)]
            if isinstance(nb, str):
                if nb != loc and nb not in best:
                    best[nb] = (len(st), st)
                continue
            if nb[0] in used or nb[0] == p[0]:
                continue
            if nb not in dist:
                dist[nb] = len(st)
                q.append((nb, st))
    return best


def realise(steps: list) -> dict:
    """A full placement realising the given segments (space, a, b), each space once, using
    distinct tiles (bipartite matching of spaces to tiles that own a segment of that kind)."""
    import networkx as nx
    g = nx.Graph()
    need = {s: (a, b) for s, a, b in steps}
    for s, (a, b) in need.items():
        d = R.seg_distance(a, b)
        for t in range(R.NUM_TILES):
            if any(R.seg_distance(x, y) == d for x, y in R.TILES[t]):
                g.add_edge(("s", s), ("t", t))
    match = nx.bipartite.maximum_matching(g, top_nodes=[("s", s) for s in need]) if need else {}
    pl = {}
    for s, (a, b) in need.items():
        t = match[("s", s)][1]
        for r in range(8):
            if (min(a, b), max(a, b)) in R.tile_segments(t, r):
                pl[s] = R.Placed(t, r)
                break
    free = [t for t in range(R.NUM_TILES) if t not in {v.tile for v in pl.values()}]
    for s in SP:
        if s not in pl:
            pl[s] = R.Placed(free.pop(0), 0)
    return {s: pl[s] for s in SP}


def shortest_paths() -> list[dict]:
    locs = runner_positions()
    out = []
    for i, u in enumerate(locs):
        best = _shortest_from(u)
        for v in locs[i + 1:]:
            n, steps = best[v]
            out.append({"from": u, "to": v, "tiles": n, "steps": steps})
    return out


def challenge_one() -> Result:
    t0 = time.perf_counter()
    rows = shortest_paths()
    ok = True
    for row in rows:
        pl = realise(row["steps"])
        tr = R.trace(pl)
        found = [p for p in tr.complete_paths if set(p.ends) == {row["from"], row["to"]}
                 and p.tiles == row["tiles"]]
        ok = ok and bool(found)
    hardest = max(rows, key=lambda r: (r["tiles"], r["from"], r["to"]))
    hist: dict[int, int] = {}
    for r in rows:
        hist[r["tiles"]] = hist.get(r["tiles"], 0) + 1
    res = Result(1, "pairs", "OPTIMAL", len(rows), len(rows), time.perf_counter() - t0,
                 realise(hardest["steps"]), verified=ok, verified_value=len(rows))
    res.extra = {"pairs": len(rows), "histogram": {str(k): v for k, v in sorted(hist.items())},
                 "longest_shortest": {k: hardest[k] for k in ("from", "to", "tiles")},
                 "shortest": [{k: r[k] for k in ("from", "to", "tiles")} for r in rows]}
    return res


def list_challenges() -> list[dict]:
    out = []
    for n in range(1, 31):
        ch = CHALLENGES.get(n)
        if ch is None and n in SEARCH:
            out.append({"challenge": n, "title": SEARCH[n][0], "solver": True, "method": "search",
                        "variants": [v.name for v in SEARCH[n][2]]})
        elif ch is None:
            out.append({"challenge": n, "title": None, "variants": [], "solver": False})
        elif n == 1:
            out.append({"challenge": 1, "title": ch.title, "variants": ["pairs"], "solver": True})
        else:
            out.append({"challenge": n, "title": ch.title, "solver": True,
                        "variants": [v.name for v in ch.variants]})
    return out


# ---------------------------------------------------------------------------------------------
# which paths a picture highlights (from the tracer)


def _best_comp(kinds, key, ends=None):
    def pick(tr):
        cs = [p for p in _comps(tr, kinds) if ends is None or all(ends(e) for e in p.ends)]
        return [max(cs, key=key)] if cs else []
    return pick


def _between(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: [p for p in tr.complete_paths if len(set(p.ends)) == 2 and frozenset(p.ends) in ps]


def _pair_pick(share: bool):
    def pick(tr):
        comps = _comps(tr)
        best, arg = -1, []
        for a, b in itertools.combinations(comps, 2):
            x = _crossings_between(tr, a.id, b.id)
            if share:
                if x:
                    continue
                x = len(set(a.tile_visits) & set(b.tile_visits))
            if x > best:
                best, arg = x, [a, b]
        return arg
    return pick


def _route_pick(tr):
    _, trail = longest_route_squares(tr)
    return [tr.paths[k] for k in trail]


PICKS = {
    (3, "count"): lambda tr: tr.loops,
    (4, "once"): lambda tr: [p for p in tr.loops if len(p.tile_visits) == len(SP)][:1],
    (5, "printed"): _best_comp(("path",), lambda p: (len(p.tile_visits) == len(SP), p.printed)),
    (2, "route-squares"): _route_pick,
    (7, "count"): _between(CIRCLE_PAIRS),
    (8, "pairs-0"): _between(ring_pairs(0)),
    (8, "pairs-1"): _between(ring_pairs(1)),
    (9, "count"): _between(opposite_circle_pairs()),
    (10, "count"): _between(similar_circle_pairs()),
    (11, "twice"): _best_comp(("path", "loop"), lambda p: sum(v >= 2 for v in p.tile_visits.values())),
    (11, "thrice"): _best_comp(("path", "loop"), lambda p: sum(v >= 3 for v in p.tile_visits.values())),
    (12, "count"): _best_comp(("path", "loop"), lambda p: p.self_crossings),
    (14, "cross"): _pair_pick(False),
    (14, "share"): _pair_pick(True),
    (16, "half-turn"): _between(turned_pairs(2)),
    (16, "quarter-turn"): _between(turned_pairs(1)),
    (17, "count"): lambda tr: [p for p in tr.complete_paths
                               if set(p.ends) & set(group_stops(tr))
                               and any(B.is_circle(e) for e in p.ends)],
    (19, "count"): lambda tr: [p for p in tr.complete_paths if len(p.kinds) == 1],
    (27, "whole-board"): lambda tr: tr.complete_paths,
    (28, "whole-board"): lambda tr: tr.complete_paths,
    (29, "whole-board"): lambda tr: tr.complete_paths,
}
for _kind in ("path", "loop"):
    for _m in ("tiles", "segments", "points"):
        PICKS[(2, f"{_kind}-{_m}")] = _best_comp((_kind,), lambda p, m=_m: p.measure(m))
for _m in ("tiles", "segments", "points"):
    PICKS[(6, _m)] = _best_comp(("path",), lambda p, m=_m: p.measure(m), ends=B.is_circle)


def highlight_for(res: Result) -> list:
    if not res.placement:
        return []
    tr = R.trace(res.placement)
    if res.challenge == 1:
        lo = res.extra["longest_shortest"]
        return [p for p in tr.complete_paths if set(p.ends) == {lo["from"], lo["to"]}][:1]
    pick = PICKS.get((res.challenge, res.variant))
    if pick is None and res.challenge in SEARCH:
        sv = next(v for v in SEARCH[res.challenge][2] if v.name == res.variant)
        pick = sv.pick
        if pick is None:
            return _identical_pick(tr)
    return pick(tr) if pick else []


def _identical_pick(tr):
    cnt: dict = {}
    for p in _comps(tr):
        cnt.setdefault(p.shape_key(), []).append(p)
    groups = sorted(cnt.values(), key=lambda g: (-len(g), -g[0].segments))
    return groups[0] if groups and len(groups[0]) > 1 else []


def value_text(res: Result) -> str:
    if res.challenge == 1:
        return f"{res.extra['pairs']} pairs; longest shortest path {res.extra['longest_shortest']['tiles']} tiles"
    if res.objective is None:
        return res.status.lower() + (" (checked)" if res.verified else "")
    st = "optimal" if res.status == "OPTIMAL" else f"best found, bound {res.bound}"
    return f"{res.verified_value} ({st})"


# ---------------------------------------------------------------------------------------------
# local search (for the questions about shapes and the open-ended ones): best found, no bound


def anneal(score: Callable[[dict], float], *, seconds: float = 15.0, seed: int = 0,
           start: dict | None = None, target: float | None = None, t0: float = 1.0,
           t1: float = 0.05) -> tuple[dict, float, int]:
    """Simulated annealing over full placements: moves turn one tile, swap two spaces' tiles, or
    swap a placed tile with the spare. Returns (best placement, best score, evaluations)."""
    import math
    import random

    rng = random.Random(seed)
    if start is None:
        tiles = rng.sample(range(R.NUM_TILES), R.NUM_TILES)
        cur = {s: R.Placed(tiles[i], rng.randrange(8)) for i, s in enumerate(SP)}
    else:
        cur = dict(R.validate_placement(start, full=True))
    spare = (set(range(R.NUM_TILES)) - {v.tile for v in cur.values()}).pop()
    cur_s = score(cur)
    best, best_s = dict(cur), cur_s
    t_start = time.perf_counter()
    n = 0
    while True:
        el = time.perf_counter() - t_start
        if el >= seconds or (target is not None and best_s >= target):
            break
        temp = t0 * (t1 / t0) ** (el / seconds)
        new = dict(cur)
        new_spare = spare
        mv = rng.random()
        if mv < 0.5:
            s = rng.choice(SP)
            new[s] = R.Placed(new[s].tile, rng.randrange(8))
        elif mv < 0.85:
            a, b = rng.sample(SP, 2)
            new[a], new[b] = R.Placed(new[b].tile, rng.randrange(8)), R.Placed(new[a].tile, rng.randrange(8))
        else:
            s = rng.choice(SP)
            new_spare = new[s].tile
            new[s] = R.Placed(spare, rng.randrange(8))
        s_new = score(new)
        n += 1
        if s_new >= cur_s or rng.random() < math.exp((s_new - cur_s) / max(temp, 1e-9)):
            cur, cur_s, spare = new, s_new, new_spare
            if cur_s > best_s:
                best, best_s = dict(cur), cur_s
    return best, best_s, n


def _traced(fn):
    return lambda pl: fn(R.trace(pl))


def _fast_count(pred):
    from . import kernels as K

    def f(pl):
        ft = K.fast_trace(pl)
        return sum(1 for d in ft.components() if pred(d))
    return f


def rot_symmetric_paths(tr) -> int:
    return sum(1 for p in tr.complete_paths if p.symmetry["rotation"] > 1)


def mirror_symmetric_paths(tr) -> int:
    return sum(1 for p in tr.complete_paths if p.symmetry["mirror"])


def distinct_shapes(tr) -> int:
    return len({p.shape_key() for p in _comps(tr)})


def largest_identical_class(kinds):
    def f(tr):
        cnt: dict = {}
        for p in _comps(tr, kinds):
            k = p.shape_key()
            cnt[k] = cnt.get(k, 0) + 1
        return max(cnt.values() or [0])
    return f


def longest_identical_pair(tr) -> int:
    best: dict = {}
    cnt: dict = {}
    for p in _comps(tr):
        k = p.shape_key()
        cnt[k] = cnt.get(k, 0) + 1
        best[k] = p.segments
    return max([best[k] for k, c in cnt.items() if c >= 2] or [0])


def turned_partner_paths(tr) -> int:
    """Paths whose image under a quarter or half turn of the board is also a path (challenge 24)."""
    sets = {p.step_set() for p in tr.complete_paths}
    return sum(1 for p in tr.complete_paths
               if any(p.turned_steps(q) in sets and p.turned_steps(q) != p.step_set()
                      for q in (1, 2, 3)))


def two_stop_groups(tr) -> list[dict]:
    """Route-graph groups with exactly two stops and four circles, one of each colour, in which the
    two stops are joined by a path (challenge 18). Type A: a corner stop (2 paths) is used; B: both
    stops on the board edge (3 paths each); C: both stops inside (4 paths each)."""
    out = []
    for g in tr.groups():
        if len(g["stops"]) != 2 or len(g["circles"]) != 4:
            continue
        if {B.circle_group(c) for c in g["circles"]} != {"west", "north", "east", "south"}:
            continue
        s1, s2 = g["stops"]
        if not any(set(tr.paths[k].ends) == {s1, s2} for k in g["paths"]):
            continue
        deg = sorted(len(B.location_ports[s]) for s in (s1, s2))
        typ = "A" if deg[0] == 2 else ("B" if deg == [3, 3] else ("C" if deg == [4, 4] else "other"))
        out.append({"stops": [s1, s2], "circles": g["circles"], "type": typ, "paths": g["paths"]})
    return out


def disjoint_circle_routes(tr, k: int) -> tuple[int, list]:
    """Most routes circle - k stops - circle that share no location (challenge 15), exact by
    enumeration and a small set packing."""
    adj: dict = {}
    for p in tr.complete_paths:
        u, v = p.ends
        if u == v:
            continue
        adj.setdefault(u, []).append((v, p.id))
        adj.setdefault(v, []).append((u, p.id))
    routes = []

    def ext(trail_nodes, trail_paths):
        node = trail_nodes[-1]
        for v, pid in adj.get(node, []):
            if v in trail_nodes:
                continue
            nodes = trail_nodes + [v]
            if B.is_circle(v):
                if len(nodes) == k + 2 and nodes[0] < v:
                    routes.append((frozenset(nodes), trail_paths + [pid]))
                continue
            if len(nodes) < k + 2:
                ext(nodes, trail_paths + [pid])

    for c in B.ring:
        ext([c], [])
    best = (0, [])

    def pack(i, used, chosen):
        nonlocal best
        if len(chosen) > best[0]:
            best = (len(chosen), list(chosen))
        if len(chosen) + (len(routes) - i) <= best[0]:
            return
        for j in range(i, len(routes)):
            nodes, pids = routes[j]
            if nodes & used:
                continue
            chosen.append(pids)
            pack(j + 1, used | nodes, chosen)
            chosen.pop()

    pack(0, frozenset(), [])
    return best


@dataclass
class SearchVariant:
    name: str
    statement: str
    score: Callable                       # (Tracing) -> number: the answer, re-checked
    search: Callable | None = None        # (placement) -> number, fast proxy used by the search
    target: float | None = None           # stop when reached (e.g. the whole-board condition)
    pick: Callable | None = None
    bound: int | None = None              # a proven upper bound (a counting argument, see bound_note)
    bound_note: str = ""


SEARCH: dict[int, tuple[str, str, list[SearchVariant]]] = {}

# counting bounds for the local-search questions (tests/octiles/test_bounds.py checks them)
# 13: a path or loop counted crosses one tile twice (self-crossing: two of its segments on one tile
# cross; twice-not-self-crossing: two of its segments on one tile). Charge each counted component to
# one such tile: a tile has 4 segments, so at most 2 components are charged to it.
BOUND_13 = 2 * len(SP)
BOUND_13_NOTE = ("counting: each counted path/loop has two of its segments on some tile, a tile has "
                 f"4 segments, so at most 2 per tile: 2 x {len(SP)} = {2 * len(SP)}")


def bound_15(k: int) -> int:
    """Routes circle - k stops - circle sharing no location: each takes 2 of the 20 circles and k of
    the 16 stops."""
    return min(len(B.ring) // 2, len(B.stops) // k)


BOUND_15_NOTE = (f"counting: location-disjoint routes each use 2 of the {len(B.ring)} circles and k of "
                 f"the {len(B.stops)} stops: at most min({len(B.ring) // 2}, floor({len(B.stops)}/k))")


def _one_tile_paths_build(sk):
    terms = []
    for s in SP:
        for a, b in PAIRS:
            if isinstance(B.port_link[(s, a)], str) and isinstance(B.port_link[(s, b)], str):
                terms.append(sk.c[s, a, b])
    return sum(terms)


_ch = challenge(30, "Our own puzzle: most one-tile paths",
                "Create your own puzzle! If you feel particularly inspired by your puzzle and "
                "solution, please send it to us for our archives.")
_ch.variants.append(Variant("one-tile-paths", "Our puzzle: how many paths can you make at once that "
                            "cross exactly one tile (a single segment from a stop or circle to a "
                            "stop or circle)?", "max", _one_tile_paths_build,
                            lambda tr: sum(1 for p in tr.complete_paths if p.segments == 1
                                           and p.printed == 0)))
PICKS[(30, "one-tile-paths")] = lambda tr: [p for p in tr.complete_paths if p.segments == 1
                                            and p.printed == 0]

SEARCH[13] = ("Self-crossing paths and loops",
              "How many self-crossing paths or loops can you make? How about paths that cross a tile "
              "twice, but aren't self-crossing?",
              [SearchVariant("self-crossing", "Maximise the number of paths and loops that cross "
                             "themselves at least once.",
                             lambda tr: sum(1 for p in _comps(tr) if p.self_crossings > 0),
                             _fast_count(lambda d: d["kind"] != "open" and d["self_crossings"] > 0),
                             pick=lambda tr: [p for p in _comps(tr) if p.self_crossings > 0],
                             bound=BOUND_13, bound_note=BOUND_13_NOTE),
               SearchVariant("twice-not-self-crossing", "Maximise the number of paths (stop/circle "
                             "to stop/circle) that cross some tile at least twice but never cross "
                             "themselves.",
                             lambda tr: sum(1 for p in tr.complete_paths if p.self_crossings == 0
                                            and p.repeated_tiles),
                             _fast_count(lambda d: d["kind"] == "path" and d["self_crossings"] == 0
                                         and d["tiles"] < d["segments"]),
                             pick=lambda tr: [p for p in tr.complete_paths if p.self_crossings == 0
                                              and p.repeated_tiles],
                             bound=BOUND_13, bound_note=BOUND_13_NOTE)])
SEARCH[15] = ("Routes between circles with the same number of stops",
              "How many routes between circles can you make at the same time that include the same "
              "number of stop squares? (Try progressively, for 1, 2, 3 ...)",
              [SearchVariant(f"stops-{k}", f"Maximise the number of routes circle - {k} stop "
                             f"square{'s' if k > 1 else ''} - circle that share no stop or circle.",
                             (lambda tr, k=k: disjoint_circle_routes(tr, k)[0]),
                             pick=(lambda tr, k=k: [tr.paths[i] for r in disjoint_circle_routes(tr, k)[1]
                                                    for i in r]),
                             bound=bound_15(k), bound_note=BOUND_15_NOTE)
               for k in (1, 2, 3)])
SEARCH[18] = ("Two-stop groups",
              "Make a group of paths with exactly two stop squares so that the squares connect to "
              "each other, to one circle of each color, and to nothing else. ... How many of these "
              "can you make at the same time? Can you make one of each type at the same time?",
              [SearchVariant("count", "Maximise the number of groups (route-graph components) made "
                             "of exactly two stop squares joined by a path and four circles, one of "
                             "each colour.", lambda tr: len(two_stop_groups(tr)),
                             pick=lambda tr: [tr.paths[k] for g in two_stop_groups(tr) for k in g["paths"]]),
               SearchVariant("types", "Maximise the number of the types A, B, C present at once "
                             "(3 = one of each type).",
                             lambda tr: len({g["type"] for g in two_stop_groups(tr)} & {"A", "B", "C"}),
                             target=3,
                             pick=lambda tr: [tr.paths[k] for g in two_stop_groups(tr) for k in g["paths"]])])
SEARCH[20] = ("Rotationally symmetric paths",
              "How many paths can you make that have rotational symmetry (that is, can be mentally "
              "turned around to match themselves)? How few other paths can you leave?",
              [SearchVariant("count", "Maximise the number of paths (stop/circle to stop/circle) "
                             "whose drawn tile segments look the same after a half or quarter turn "
                             "(the other paths left = 36 minus this).", rot_symmetric_paths,
                             pick=lambda tr: [p for p in tr.complete_paths
                                              if p.symmetry["rotation"] > 1])])
SEARCH[21] = ("Different shapes",
              "How many different shapes of paths or loops can you make at the same time?",
              [SearchVariant("count", "Maximise the number of distinct shapes (up to translation and "
                             "quarter turns; mirror images count as different) among all paths and "
                             "loops.", distinct_shapes)])
SEARCH[22] = ("Identical paths", "How many identical paths, loops, or routes can you make?",
              [SearchVariant("paths", "Maximise the number of paths with the same shape (up to "
                             "translation and quarter turns).", largest_identical_class(("path",))),
               SearchVariant("loops", "Maximise the number of loops with the same shape.",
                             largest_identical_class(("loop",)))])
SEARCH[23] = ("Longest identical pair",
              "What is the longest pair of identical paths, loops, or routes that you can make?",
              [SearchVariant("segments", "Maximise the length in tile segments of a shape that "
                             "occurs at least twice among the paths and loops.",
                             longest_identical_pair)])
def _model24(sk):
    """Challenge 25's exact model with paths allowed to stay unclaimed: maximise the claimed ones."""
    from . import wholeboard as W
    twice = W.model25(sk, soft=True)
    n = sk.m.NewIntVar(0, len(STUBS) // 2, "paths24")
    sk.m.Add(2 * n == twice)
    return n


_ch = challenge(24, "Paths matching a turned path",
                "How many paths can you make that exactly match another path located a quarter- or "
                "half-turn of the board away?")
_ch.variants.append(Variant("count", "Maximise the number of paths P such that P turned a quarter, "
                            "half or three quarters with the board is another path of the "
                            "placement.", "max", _model24, turned_partner_paths, upper=36))
PICKS[(24, "count")] = lambda tr: [p for p in tr.complete_paths
                                   if any(p.turned_steps(q) in {x.step_set() for x in tr.complete_paths}
                                          and p.turned_steps(q) != p.step_set() for q in (1, 2, 3))]
def _whole_board(fn):
    return lambda tr: fn(tr) == len(tr.complete_paths) == len(STUBS) // 2


def _model25(sk):
    from . import wholeboard as W
    return W.model25(sk)


def _model26(sk):
    from . import wholeboard as W
    return W.model26(sk)


_ch = challenge(25, "Every path has a turned twin", "Every path has an identical path like those in #24.")
_ch.variants.append(Variant("whole-board", "Whole board: every one of the 36 paths P has a partner as "
                            "in #24: P turned a quarter, half or three quarters with the board is "
                            "another path of the placement. Score = paths with a partner (36 = "
                            "solved).", "feasible", _model25, turned_partner_paths,
                            _whole_board(turned_partner_paths), upper=36, stored=True))
_ch = challenge(26, "Every path mirror-symmetric", "Every path has mirror symmetry.")
_ch.variants.append(Variant("whole-board", "Whole board: every one of the 36 paths has mirror "
                            "symmetry (its drawn tile segments). Score = mirror-symmetric paths "
                            "(36 = solved).", "feasible", _model26, mirror_symmetric_paths,
                            _whole_board(mirror_symmetric_paths), upper=36, stored=True))
PICKS[(25, "whole-board")] = lambda tr: tr.complete_paths
PICKS[(26, "whole-board")] = lambda tr: tr.complete_paths


def stored_certificate(number: int, variant: str) -> dict | None:
    """A certificate kept in data/octiles/certificates/ (found by the challenge's own CP-SAT model;
    the command, seed and time are in the file, see data/octiles/SOURCES.md)."""
    from octosolve.core.paths import DATA_DIR
    import json

    p = DATA_DIR / "octiles" / "certificates" / f"challenge{number:02d}-{variant}.json"
    if not p.exists():
        return None
    d = json.loads(p.read_text(encoding="utf-8"))
    d["placement"] = R.placement_from_json(d["placement"])
    d["file"] = f"data/octiles/certificates/{p.name}"
    return d


def stored_start(number: int, variant: str) -> dict | None:
    """A starting placement kept in data/octiles/starts/ (found by a longer local-search run; see
    data/octiles/SOURCES.md). The answer is re-checked by the tracer like any other."""
    from octosolve.core.paths import DATA_DIR
    import json

    p = DATA_DIR / "octiles" / "starts" / f"challenge{number:02d}-{variant}.json"
    if not p.exists():
        return None
    d = json.loads(p.read_text(encoding="utf-8"))
    d["placement"] = R.placement_from_json(d["placement"])
    d.setdefault("note", f"score {d.get('score')}, seed {d.get('seed')}, {d.get('seconds')} s")
    return d


def search_variant(number: int, variant: str | None = None, *, seconds: float = 15.0,
                   seed: int = 0) -> Result:
    title, text, vs = SEARCH[number]
    var = vs[0] if variant is None else next((v for v in vs if v.name == variant), None)
    if var is None:
        fail(f"challenge {number} has no variant {variant!r} (variants: {', '.join(v.name for v in vs)})")
    t0 = time.perf_counter()
    fn = var.search or _traced(var.score)
    start = stored_start(number, var.name)
    best, best_s, n = anneal(fn, seconds=seconds, seed=seed,
                             target=var.target if var.target is not None else var.bound,
                             start=start["placement"] if start else None)
    tr = R.trace(best)
    val = var.score(tr)
    res = Result(number, var.name, "FEASIBLE", val, None, time.perf_counter() - t0, best,
                 verified=(val == best_s) if var.search is None else True, verified_value=val)
    res.extra = {"method": f"simulated annealing, {n} placements evaluated"
                 + ("" if var.bound is not None else ", no bound")
                 + (f"; started from the stored placement of a longer run ({start['note']})"
                    if start else "")}
    if var.target is not None:
        res.bound = var.target
        if val >= var.target:
            res.extra["proven"] = "certificate found"
    if var.bound is not None:
        res.bound = var.bound
        res.extra["bound_by"] = var.bound_note
        if val >= var.bound:
            res.status = "OPTIMAL"
    return res


def _two_stop_build(types: bool):
    def build(sk):
        m = sk.m
        deg = {s: len(B.location_ports[s]) for s in B.stops}
        groups = []
        for s1, s2 in itertools.combinations(B.stops, 2):
            d = sorted((deg[s1], deg[s2]))
            typ = "A" if d == [2, 4] else "B" if d == [3, 3] else "C" if d == [4, 4] else None
            if typ is None:
                continue
            groups.append((s1, s2, typ))
        pairs = set()
        for s1, s2, _ in groups:
            pairs.add((s1, s2))
        for s in B.stops:
            for c in B.ring:
                pairs.add((s, c))
        pairs = sorted(pairs)
        cands, owner = loc_pairs_to_stub_pairs(pairs)
        z = pairing(sk, cands)
        zs_of: dict = {}
        for zk, o, (i, j) in zip(z, owner, cands):
            zs_of.setdefault(pairs[o], []).append((zk, i, j))
        gl = []
        per_stop: dict = {}
        for s1, s2, typ in groups:
            g = m.NewBoolVar(f"g_{s1}_{s2}")
            gl.append((g, typ))
            per_stop.setdefault(s1, []).append(g)
            per_stop.setdefault(s2, []).append(g)
            # at least one path between the two stops; every stub of either stop is joined to the
            # other stop or to a circle; one circle of each colour
            m.Add(sum(zk for zk, _, _ in zs_of[(s1, s2)]) >= 1).OnlyEnforceIf(g)
            for s in (s1, s2):
                for i in stubs_of(s):
                    lits = [zk for zk, a, b in zs_of[(s1, s2)] if i in (a, b)]
                    for c in B.ring:
                        lits += [zk for zk, a, b in zs_of[(s, c)] if i in (a, b)]
                    m.Add(sum(lits) == 1).OnlyEnforceIf(g)
            for colour in ("west", "north", "east", "south"):
                lits = [zk for s in (s1, s2) for c in B.ring if B.circle_group(c) == colour
                        for zk, _, _ in zs_of[(s, c)]]
                m.Add(sum(lits) == 1).OnlyEnforceIf(g)
        for s, gs in per_stop.items():
            m.AddAtMostOne(gs)
        if not types:
            return sum(g for g, _ in gl)
        have = []
        for t in "ABC":
            h = m.NewBoolVar(f"type_{t}")
            m.Add(sum(g for g, typ in gl if typ == t) >= 1).OnlyEnforceIf(h)
            have.append(h)
        return sum(have)
    return build


_ch = challenge(18, "Two-stop groups",
                "Make a group of paths with exactly two stop squares so that the squares connect to "
                "each other, to one circle of each color, and to nothing else. ... How many of these "
                "can you make at the same time? Can you make one of each type at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of groups (route-graph components) made "
                            "of exactly two stop squares joined by a path and four circles, one of "
                            "each colour.", "max", _two_stop_build(False),
                            lambda tr: len(two_stop_groups(tr))))
_ch.variants.append(Variant("types", "Maximise the number of the types A, B, C present at once "
                            "(3 = one of each type at the same time).", "max", _two_stop_build(True),
                            lambda tr: len({g["type"] for g in two_stop_groups(tr)} & {"A", "B", "C"}),
                            upper=3))
_pick18 = lambda tr: [tr.paths[k] for g in two_stop_groups(tr) for k in g["paths"]]  # noqa: E731
PICKS[(18, "count")] = _pick18
PICKS[(18, "types")] = _pick18
del SEARCH[18]


def _fast_max_self_crossings(pl):
    from . import kernels as K
    ft = K.fast_trace(pl)
    return int(ft.stats[:ft.ncomp, K.SELFX].max()) if ft.ncomp else 0


def _fast_repeats(times):
    from . import kernels as K

    def f(pl):
        ft = K.fast_trace(pl)
        best = 0
        own = ft.owner.reshape(-1, 8)
        for c in range(ft.ncomp):
            if ft.ends[c, 1] < -1:  # open (cannot happen on a full board)
                continue
            per_space = (own == c).sum(axis=1) // 2
            best = max(best, int((per_space >= times).sum()))
        return best
    return f


FAST_SCORES = {
    (12, "count"): _fast_max_self_crossings,
    (11, "twice"): _fast_repeats(2),
    (11, "thrice"): _fast_repeats(3),
}
