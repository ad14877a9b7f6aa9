"""Bounds with an argument of their own (not the assignment bound of :mod:`.bounds`): the loop
packing bound and the cycle model of challenge 3, the path counts of 20-23, the one-tile bound of 30.
A variant names the one that applies in its declaration (``bound_argument`` in :mod:`.catalogue`);
:func:`.prove.static_bound` runs it (this module never reads the catalogue, which refers to it).
"""

from __future__ import annotations

import functools
import time

from octosolve.core.errors import fail

from ...core.cpsat import solve as cpsat_solve
from .. import rules as R
from .arguments_paths import (SHORT, _packed_classes, identical_paths_bound, port_packing,  # noqa: F401
                              segment_assignment, shape_classes, short_paths)
from .geometry import N_PATHS, N_SEGMENTS, B, SP, STUBS
from .symmetry import break_turn_symmetry
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["loop_packing_bound", "cycles", "prove_loops_by_cycles", "one_tile_bound",
           "two_stop_bound", "identical_loops_bound", "cycle_classes", "class_packing",
           "turned_cut_bound", "cut_capacity", "routes_15_bound", "paths_count_bound",
           "route_count_bound", "turned_pair_bound",
           "segment_bound", "segment_facts", "component_cycle", "cycle_per_component_bound", "N_SEGMENTS", "SHORT", "short_paths", "shape_classes",
           "port_packing", "segment_assignment", "identical_paths_bound",
           "N_PATHS"]


def loop_packing_bound(workers: int = 1) -> dict:
    """Most loops (challenge 3) <= the most link-disjoint cycles of the space graph (spaces joined by
    board links, printed links included) when a space with 4 ports leading to tiles is passed at most
    twice and one with 3 at most once. A loop uses each link at most once; a loop that passes a space
    twice splits into cycles with the same passes, so the cycle packing is an upper bound. Exact by
    CP-SAT over all simple cycles (they are enumerated)."""
    import itertools

    import networkx as nx
    from ortools.sat.python import cp_model

    from .bounds import TILE_PORTS
    from .geometry import PORT_LINKS

    t0 = time.perf_counter()
    g = nx.MultiGraph()
    for k, (p, q) in enumerate(PORT_LINKS):
        g.add_edge(p[0], q[0], key=k)
    cycles = set()
    simple = nx.Graph(g)
    for cyc in nx.simple_cycles(simple):
        opts = [list(g[cyc[i]][cyc[(i + 1) % len(cyc)]].keys()) for i in range(len(cyc))]
        for combo in itertools.product(*opts):
            cycles.add((frozenset(cyc), frozenset(combo)))
    for u, v in simple.edges():
        for a, b in itertools.combinations(list(g[u][v].keys()), 2):
            cycles.add((frozenset((u, v)), frozenset((a, b))))
    cl = sorted(cycles, key=lambda c: (sorted(c[1]), sorted(c[0])))
    m = cp_model.CpModel()
    y = [m.NewBoolVar("") for _ in cl]
    for k in range(len(PORT_LINKS)):
        m.Add(sum(y[i] for i, (_, es) in enumerate(cl) if k in es) <= 1)
    for s in SP:
        m.Add(sum(y[i] for i, (ns, _) in enumerate(cl) if s in ns) <= len(TILE_PORTS[s]) // 2)
    m.Maximize(sum(y))
    sv = cpsat_solver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = 0
    st = cpsat_solve(sv, m)
    if st != cp_model.OPTIMAL:
        fail("the loop packing bound did not solve")
    b = int(round(sv.ObjectiveValue()))
    return {"bound": b, "method": "cycle packing bound",
            "seconds": round(time.perf_counter() - t0, 1),
            "argument": (f"counting: a loop only uses ports that lead to another tile and each link "
                         f"once; a space with 4 such ports is passed at most twice, one with 3 at most "
                         f"once; the most link-disjoint cycles of the space graph under those "
                         f"capacities ({len(cl)} simple cycles, solved exactly by CP-SAT) is {b}")}


@functools.lru_cache(maxsize=None)
def cycles():
    """Every simple cycle of the space graph (spaces joined by board links, parallel links apart), as
    (spaces, link indices, the segment (space, a, b) it needs on each space it passes)."""
    import itertools

    import networkx as nx

    from .geometry import PORT_LINKS

    g = nx.MultiGraph()
    for k, (p, q) in enumerate(PORT_LINKS):
        g.add_edge(p[0], q[0], key=k)
    port_at = {}
    for k, (p, q) in enumerate(PORT_LINKS):
        port_at[k, p[0]] = p[1]
        port_at[k, q[0]] = q[1]
    out = set()
    simple = nx.Graph(g)
    seqs = [list(c) for c in nx.simple_cycles(simple)]
    seqs += [[u, v] for u, v in simple.edges() if len(g[u][v]) > 1]
    for cyc in seqs:
        n = len(cyc)
        opts = [list(g[cyc[i]][cyc[(i + 1) % n]].keys()) for i in range(n)]
        for combo in itertools.product(*opts):
            if n == 2 and combo[0] >= combo[1]:
                continue
            segs = []
            for i in range(n):
                s, k_in, k_out = cyc[i], combo[i - 1], combo[i]
                a, b = port_at[k_in, s], port_at[k_out, s]
                segs.append((s, min(a, b), max(a, b)))
            out.add((frozenset(cyc), frozenset(combo), frozenset(segs)))
    return sorted(out, key=lambda c: (sorted(c[1]), sorted(c[2])))


def prove_loops_by_cycles(at_least: int, *, time_limit: float, workers: int, seed: int) -> dict:
    """Challenge 3, a second formulation: a placement with ``at_least`` loops, where ``at_least``
    is the loop packing bound, has only simple loops (a loop passing a space twice would split into
    two cycles and the packing would exceed its maximum), so it is a packing of ``at_least`` simple
    cycles whose passes are segments of the placed tiles. CP-SAT over the skeleton and one boolean
    per simple cycle (needing its segments) with ``sum >= at_least``: INFEASIBLE proves fewer."""
    from ortools.sat.python import cp_model

    from .cpsat import Skeleton

    t0 = time.perf_counter()
    cl = cycles()
    sk = Skeleton()
    y = []
    for _, _, segs in cl:
        v = sk.m.NewBoolVar("")
        for seg in segs:
            sk.m.AddImplication(v, sk.c[seg])
        y.append(v)
    sk.m.Add(sum(y) >= at_least)
    break_turn_symmetry(sk)
    solver = cpsat_solver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed) % 2**31  # (CP-SAT's seed is 32-bit)
    st = cpsat_solve(solver, sk.m)
    name = solver.StatusName(st)
    return {"case": f"{at_least} simple loops ({len(cl)} simple cycles, one boolean each)",
            "closed_by": "CP-SAT", "solver_status": name,
            "seconds": round(time.perf_counter() - t0, 1),
            "placement": sk.placement(solver) if st in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None}


_PATHS = (f"every full placement has exactly {N_PATHS} paths ({len(STUBS)} ports face a stop or "
          f"circle and each ends one path)")


def routes_15_bound(k: int, shared: bool) -> dict:
    """15: routes circle - k stops - circle, sharing no stop or circle (``stops-k``) or no path
    (``shared-k``): the counting bounds of :mod:`.scoring`."""
    from . import scoring as Sc
    if shared:
        return {"bound": Sc.bound_15_shared(k), "method": "counting", "argument": Sc.BOUND_15_SHARED_NOTE}
    return {"bound": Sc.bound_15(k), "method": "counting", "argument": Sc.BOUND_15_NOTE}


def paths_count_bound() -> dict:
    """20: at most every path of the placement."""
    return {"bound": N_PATHS, "method": "counting", "argument": f"counting: {_PATHS}"}


def route_count_bound() -> dict:
    """22 routes: routes of two paths sharing no path."""
    return {"bound": N_PATHS // 2, "method": "counting",
            "argument": f"counting: the routes share no path and each takes 2; {_PATHS}"}


def turned_pair_bound(quarters: int, workers: int = 1) -> dict:
    """16: :func:`turned_cut_bound` without its split (the witness script recomputes that)."""
    r = turned_cut_bound(quarters, workers)
    return {k: r[k] for k in ("bound", "method", "argument", "seconds")}


@functools.lru_cache(maxsize=None)
def cycle_classes() -> dict:
    """The simple cycles (:func:`cycles`) grouped by the shape key of their segments (the tracer's
    :func:`~octosolve.octiles.tracer.shape_key`, as the scorers of 21-23 use): {key: [cycle index]}."""
    from ..tracer import Step, shape_key

    class _Comp:           # what shape_key reads of a traced path or loop: its steps
        def __init__(self, segs):
            self.steps = [Step(s, a, b, -1) for s, a, b in sorted(segs)]

    out: dict = {}
    for k, (_, _, segs) in enumerate(cycles()):
        out.setdefault(shape_key(_Comp(segs)), []).append(k)
    return out


def class_packing(members: list, cl: list, workers: int = 1) -> int:
    """The most cycles of ``members`` (indices into ``cl`` = :func:`cycles`) that share no board link
    and pass each space at most (ports of it leading to tiles) // 2 times, exactly by CP-SAT."""
    from ortools.sat.python import cp_model

    from .bounds import TILE_PORTS
    m = cp_model.CpModel()
    y = {k: m.NewBoolVar("") for k in members}
    by_link: dict = {}
    by_space: dict = {}
    for k in members:
        for lk in cl[k][1]:
            by_link.setdefault(lk, []).append(y[k])
        for s in cl[k][0]:
            by_space.setdefault(s, []).append(y[k])
    for v in by_link.values():
        m.Add(sum(v) <= 1)
    for s, v in by_space.items():
        m.Add(sum(v) <= len(TILE_PORTS[s]) // 2)
    m.Maximize(sum(y.values()))
    sv = cpsat_solver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = 0
    if cpsat_solve(sv, m) != cp_model.OPTIMAL:
        fail("a cycle class packing did not solve")
    return int(round(sv.ObjectiveValue()))


def identical_loops_bound(workers: int = 1) -> dict:
    """Challenge 22 loops: k loops of one shape. If one of them passes a space twice, all k do (the
    shape says so), each splits into at least two link-disjoint cycles, and 2k <= the loop packing
    bound P. Otherwise the k loops are k simple cycles of one congruence class whose segments are all
    placed, so they share no link and respect the space capacities: k <= the class's packing. So
    k <= max(P // 2, the largest packing of one class)."""
    t0 = time.perf_counter()
    lp = loop_packing_bound(workers)
    half = lp["bound"] // 2
    cl = cycles()
    classes = cycle_classes()
    best, where, solved = 0, None, 0
    for key, mem in classes.items():
        if len(mem) <= max(best, half):
            continue          # the class cannot beat the bound so far
        solved += 1
        v = class_packing(mem, cl, workers)
        if v > best:
            best, where = v, len(mem)
    b = max(half, best)
    sizes = sorted((len(v) for v in classes.values()), reverse=True)
    return {"bound": b, "method": "identical-loop packing bound",
            "seconds": round(time.perf_counter() - t0, 1),
            "argument": (f"counting: k loops of one shape either all pass some space twice, so each "
                         f"splits into >= 2 link-disjoint cycles and 2k <= {lp['bound']} (loop "
                         f"packing: {lp['argument']}), or are k simple cycles of one congruence class "
                         f"(the tracer's shape key) on real segments, so link-disjoint within the "
                         f"space capacities; the {len(cl)} simple cycles fall into {len(classes)} "
                         f"classes (largest {sizes[:4]}), the {solved} classes with more than "
                         f"{half} members pack at most {best} (CP-SAT, exact"
                         f"{f', class of {where}' if where else ''}); so k <= max({half}, {best}) = {b}")}


def _turn_port(p, q):
    return (B.turn_space(p[0], q), (p[1] + 2 * q) % 8)


def cut_capacity(side: dict, side_loc: dict) -> int:
    """Links (printed included) and stubs whose two ends are on different sides, plus for each space
    min(k, 8 - k) where k of its 8 ports are on side 1 (the most segments of one tile that join the
    two sides; every pairing of the 8 edges is a rotation of one of the 18 tiles)."""
    from .geometry import PORT_LINKS
    n = sum(side[p] != side[q] for p, q in PORT_LINKS)
    n += sum(side_loc[loc] != side[p] for loc, p in STUBS)
    for s in SP:
        k = sum(side[s, e] for e in range(8))
        n += min(k, 8 - k)
    return n


@functools.lru_cache(maxsize=None)
def turned_cut_bound(quarters: int, workers: int = 1, time_limit: float = 120.0) -> dict:
    """Challenge 16: paths between a location u and its image u' under a half turn (quarters = 2)
    or a quarter turn (1). Put every port and location on side 0 or 1 so that the turn (a quarter
    or half turn) swaps the sides (for a quarter turn the half turn also keeps them). Then u and u'
    are on different sides and each of those paths changes side an odd number of times, so at
    least once, along a link, a stub or a tile segment joining the sides; each of these belongs to
    one path or loop. So the number of such paths <= :func:`cut_capacity` of any such split; the
    smallest is found by CP-SAT (any split found is a valid bound)."""
    from ortools.sat.python import cp_model

    from .geometry import PORT_LINKS
    t0 = time.perf_counter()
    m = cp_model.CpModel()
    y = {(s, e): m.NewBoolVar("") for s in SP for e in range(8)}
    locs = list(B.stops) + list(B.ring)
    yl = {u: m.NewBoolVar("") for u in locs}
    for p, v in y.items():
        m.Add(y[_turn_port(p, quarters)] == 1 - v)
        if quarters == 1:
            m.Add(y[_turn_port(p, 2)] == v)
    for u in locs:
        m.Add(yl[B.turn_location(u, quarters)] == 1 - yl[u])
        if quarters == 1:
            m.Add(yl[B.turn_location(u, 2)] == yl[u])
    cost = []

    def diff(a, b):
        d = m.NewBoolVar("")
        m.Add(d >= a - b)
        m.Add(d >= b - a)
        return d
    cost += [diff(y[p], y[q]) for p, q in PORT_LINKS]
    cost += [diff(yl[loc], y[p]) for loc, p in STUBS]
    for s in SP:
        k = sum(y[s, e] for e in range(8))
        c, big = m.NewIntVar(0, 4, ""), m.NewBoolVar("")
        m.Add(c >= k - 8 * big)
        m.Add(c >= 8 - k - 8 * (1 - big))
        cost.append(c)
    m.Minimize(sum(cost))
    if quarters == 2:    # a first split: west of the centre column, the column cut through
        cx = B.space_xy["c3"][0]
        for (s, e), v in y.items():
            x = B.space_xy[s][0]
            m.AddHint(v, int(x < cx or (x == cx and e in (7, 0, 1, 2))))
    sv = cpsat_solver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = 0
    sv.parameters.max_time_in_seconds = float(time_limit)
    st = cpsat_solve(sv, m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        fail("the turned-pair cut did not solve")
    side = {p: int(sv.Value(v)) for p, v in y.items()}
    side_loc = {u: int(sv.Value(v)) for u, v in yl.items()}
    b = cut_capacity(side, side_loc)          # recounted from the split itself
    split = sorted(s for s in SP if 0 < sum(side[s, e] for e in range(8)) < 8)
    turn = "half" if quarters == 2 else "quarter"
    return {"bound": b, "method": "cut bound", "side": side, "side_loc": side_loc,
            "seconds": round(time.perf_counter() - t0, 1),
            "argument": (f"counting (cut): every port and location put on one of two sides that a "
                         f"{turn} turn of the board swaps"
                         f"{' (and a half turn keeps)' if quarters == 1 else ''}; a path from u to its "
                         f"image changes side an odd number of times, each time along a link, stub "
                         f"or tile segment joining the sides, and each of these is on one path or "
                         f"loop; the best split (CP-SAT, {sv.StatusName(st)}) has {b} of them (links "
                         f"and stubs across, plus min(k, 8 - k) segments on each space with k ports "
                         f"on one side; split spaces {', '.join(split)})")}


def component_cycle(steps) -> tuple | None:
    """A simple cycle of the space graph inside a path or loop that has two segments on one tile
    (challenge 13), as (spaces, link indices of :data:`PORT_LINKS`), or None when no tile holds
    two of its segments. ``steps`` are the component's (space, entry edge, exit edge) in travel
    order. The stretch between two visits to a tile leaves it through a port facing a tile and
    comes back without meeting a stop or circle: a closed trail of the space graph; its shortest
    closed sub-walk between two visits to one space is a simple cycle (no link joins a space to
    itself, so it has >= 2 links, all different)."""
    from .geometry import PORT_LINKS
    link_of = {}
    for k, (p, q) in enumerate(PORT_LINKS):
        link_of[p] = link_of[q] = k
    seen: dict = {}
    first = None
    for i, st in enumerate(steps):
        if st[0] in seen:
            first = (seen[st[0]], i)
            break
        seen[st[0]] = i
    if first is None:
        return None
    i0, i1 = first
    walk = [s[0] for s in steps[i0:i1 + 1]]             # spaces: T, ..., T
    links = [link_of[(steps[j][0], steps[j][2])] for j in range(i0, i1)]
    # the shortest closed sub-walk between two visits to one space
    best = None
    pos: dict = {}
    for j, s in enumerate(walk):
        if s in pos and (best is None or j - pos[s] < best[1] - best[0]):
            best = (pos[s], j)
        pos[s] = j
    a, b = best
    return frozenset(walk[a:b]), frozenset(links[a:b])


def cycle_per_component_bound(variant: str, workers: int = 1) -> dict:
    """13 (both variants): every counted path or loop holds a simple cycle of the space graph
    (:func:`component_cycle`) whose passes use its own ports, so one cycle per counted component is
    a packing of link-disjoint cycles within the space capacities: the counted components are at
    most the loop packing bound (8; ``scripts/add_bound_witnesses.py`` writes a branch-and-bound
    proof of it that ``verify`` checks without a solver). Also at most the segment bound (16)."""
    pk = loop_packing_bound(workers)
    seg = segment_bound(13, variant)
    what = "crossing itself" if variant == "self-crossing" else "crossing a tile twice"
    b = min(pk["bound"], seg["bound"])
    return {"bound": b, "method": "cycle packing (a cycle in each counted component)",
            "argument": (f"a component {what} has two segments on one tile; between them it leaves "
                         f"the tile through a port facing a tile and returns without meeting a stop "
                         f"or circle, so it holds a simple cycle of the space graph whose passes use "
                         f"its own ports; the cycles of different components share no link and no "
                         f"port, so they are a packing of link-disjoint cycles in which a space with "
                         f"4 ports leading to tiles is passed at most twice and one with 3 at most "
                         f"once; the most such cycles ({len(cycles())} simple cycles, solved exactly by CP-SAT; the "
                         f"bound witness proves it by branch and bound) is {pk['bound']}, so at most "
                         f"{b}")}


def segment_facts() -> dict:
    """What the segment-count bounds rest on, computed from the board: no board link joins a space
    to itself (so a component's consecutive segments lie on different spaces); every stub is a
    port of a space (a path has at least one segment); the one-segment shapes (a chord up to the
    quarter turns) that can be a one-tile path (both ports facing a stop or circle)."""
    from .geometry import PAIRS, PORT_LINKS
    assert all(p[0] != q[0] for p, q in PORT_LINKS)
    assert all(p[0] in SP for _, p in STUBS)
    loc = {s: {e for e in range(8) if isinstance(B.port_link[(s, e)], str)} for s in SP}
    one = {min(tuple(sorted(((a + 2 * q) % 8, (b + 2 * q) % 8))) for q in range(4))
           for s in SP for a, b in PAIRS if a in loc[s] and b in loc[s]}
    return {"one_segment_path_shapes": len(one),
            "one_segment_shapes": len({min(tuple(sorted(((a + 2 * q) % 8, (b + 2 * q) % 8)))
                                           for q in range(4)) for a, b in PAIRS})}


def route_pair_bound(open_routes: bool) -> dict:
    """23 routes / circuits: two routes sharing no path, of m tile segments each, made of r1 and r2
    paths. The other 36 - r1 - r2 paths have >= 1 segment each: 2m + 36 - r1 - r2 <= 68. The stops
    a route passes through (an open route: its r - 1 inner locations, all stops; a circuit: its r
    stops) each give it 2 of the stop's ports, and no port serves two paths: a stop with d ports is
    passed floor(d / 2) times in all, 24 on this board, so r1 + r2 - 2 <= 24 (circuits: r1 + r2 <=
    24). Hence m <= (32 + 26) / 2 = 29 for routes, (32 + 24) / 2 = 28 for circuits."""
    visits = sum(len(B.location_ports[s]) // 2 for s in B.stops)
    r = visits + (2 if open_routes else 0)
    b = (N_SEGMENTS - N_PATHS + r) // 2
    what = "routes" if open_routes else "circuits"
    return {"bound": b, "method": "counting (segments)",
            "argument": (f"counting (segments): two {what} sharing no path, of m tile segments and r1, r2 "
                         f"paths: the other {N_PATHS} - r1 - r2 paths have >= 1 segment each, so 2m + "
                         f"{N_PATHS} - r1 - r2 <= {N_SEGMENTS}; each stop passed gives 2 of its ports "
                         f"(a stop with d ports is passed floor(d / 2) times: {visits} in all), so "
                         f"r1 + r2 <= {r}; m <= {b}")}


def segment_bound(number: int, variant: str) -> dict:
    """Bounds from the 68 tile segments: every path has >= 1 segment and every loop >= 2 (no link
    joins a space to itself); the 36 paths are always there.

    * 13 (both variants): a counted component has two segments on one tile, and between two
      visits to a tile it crosses another one: a path has >= 3 segments, a loop >= 4. With p
      counted paths and l counted loops, 3p + 4l + (36 - p) + 2(L - l) <= 68 (L >= l loops), so
      p + 2l <= 16: at most 16.
    * 21: n distinct shapes; pick one component of each; with r one-segment representatives (r <=
      the one-segment shapes a one-tile path can have) the others have >= 2 segments, so
      68 >= (p_r - r) + 36 + 2L for p_r path and l_r loop representatives among 36 paths and L
      loops: n = p_r + l_r <= min(36, 32 - 2L + r) + L, maximised over L.
    * 23: two disjoint components of m segments each; at most 28 paths have one segment (the
      one-tile bound of 30), the other paths >= 2: 2m + 2 x 34 - 28 <= 68 when both are paths
      (less when one is a loop): m <= 14."""
    facts = segment_facts()
    free = N_SEGMENTS - N_PATHS           # segments beyond one per path: 32
    pre = (f"counting (segments): a full placement has {N_SEGMENTS} tile segments and {N_PATHS} "
           f"paths; a path has >= 1 segment and a loop >= 2 (no board link joins a space to itself)")
    if number == 13:
        b = free // 2
        what = ("crossing itself" if variant == "self-crossing" else "crossing a tile twice")
        return {"bound": b, "method": "counting (segments)",
                "argument": (f"{pre}; a component {what} has two segments on one tile and crosses "
                             f"another tile between the two visits: a path has >= 3 segments, a loop "
                             f">= 4; p counted paths and l counted loops give 3p + 4l + ({N_PATHS} - p) "
                             f"+ 2(L - l) <= {N_SEGMENTS}, so p + 2l <= {b}")}
    if number == 21:
        r = facts["one_segment_path_shapes"]
        best, at = 0, 0
        for L in range(0, free // 2 + 1):
            n = min(N_PATHS, free - 2 * L + r) + L
            if n > best:
                best, at = n, L
        return {"bound": best, "method": "counting (segments)",
                "argument": (f"{pre}; take one component of each of the n distinct shapes: at most "
                             f"{r} of them have one segment (the one-segment shapes a one-tile path "
                             f"can have), the others >= 2; with p path and l loop representatives "
                             f"and L loops, (p - {r}) + {N_PATHS} + 2L <= {N_SEGMENTS}, so n <= "
                             f"min({N_PATHS}, {free} - 2L + {r}) + L <= {best} (at L = {at})")}
    if number == 23:
        t = one_tile_bound()["bound"]
        b = (N_SEGMENTS - 2 * (N_PATHS - 2) + min(t, N_PATHS - 2)) // 2
        return {"bound": b, "method": "counting (segments, one-tile paths)",
                "argument": (f"{pre}; at most {t} paths have a single segment (the one-tile bound "
                             f"of challenge 30), so every other path has >= 2; two components of m "
                             f"segments each: 2m + 2 x {N_PATHS - 2} - {min(t, N_PATHS - 2)} <= "
                             f"{N_SEGMENTS} if both are paths (less with a loop among them), so "
                             f"m <= {b}")}
    raise ValueError((number, variant))


def two_stop_bound() -> dict:
    """Challenge 18 count: a group takes one circle of each colour (so at most the fewest circles of
    a colour) and two stops whose numbers of stubs fit type A (2 + 4), B (3 + 3) or C (4 + 4)."""
    from collections import Counter
    per_colour = Counter(B.circle_group(c) for c in B.ring)
    deg = Counter(len(B.location_ports[s]) for s in B.stops)
    # most groups by stops alone: a of type A, b of B, c of C with a <= n2, 2b <= n3, a + 2c <= n4
    by_stops = max(a + b + c for a in range(deg[2] + 1) for b in range(deg[3] // 2 + 1)
                   for c in range(deg[4] // 2 + 1) if a + 2 * c <= deg[4])
    b = min(min(per_colour.values()), by_stops)
    return {"bound": b, "method": "counting",
            "argument": (f"counting: a group holds one circle of each colour "
                         f"({', '.join(f'{n} {c}' for c, n in sorted(per_colour.items()))}) and two "
                         f"stops of type A (2 + 4 stubs), B (3 + 3) or C (4 + 4) (the two stops' "
                         f"stubs are 4 circles + 2 per path between them or from a stop to itself); "
                         f"the stops alone allow {by_stops}; so at most {b}")}


def one_tile_bound() -> dict:
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    u = np.zeros((len(SP), R.NUM_TILES), dtype=np.int64)
    for i, s in enumerate(SP):
        loc = {e for e in range(8) if isinstance(B.port_link[(s, e)], str)}
        for t in range(R.NUM_TILES):
            u[i, t] = max(sum(1 for a, b in R.tile_segments(t, r) if a in loc and b in loc)
                          for r in R.distinct_rotations(t))
    r, c = linear_sum_assignment(u, maximize=True)
    b = int(u[r, c].sum())
    return {"bound": b, "method": "counting/assignment bound",
            "argument": f"counting: a one-tile path is a segment whose two ports face stops or "
                        f"circles; the most such segments of each tile on each space, maximised over "
                        f"assignments of distinct tiles to spaces, is {b}"}
