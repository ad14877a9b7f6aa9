"""Independent scorers of the challenges: each reads the networkx tracer's answer
(:func:`octosolve.octiles.rules.trace`) and never looks at a model, so every answer a solver gives is
re-checked here. Also the counting bounds of the local-search challenges and the picks (which paths a
picture highlights).

>>> from octosolve.octiles.challenges.shortest import realise
>>> tr = R.trace(realise([]))
>>> len(tr.complete_paths)
36
"""

from __future__ import annotations

import itertools

from .. import rules as R
from .geometry import B, SP, STUBS
from .scoring_routes import (_pack_disjoint, _route_classes, _route_pairs, all_routes,  # noqa: F401
                             identical_routes, identical_routes_any, identical_routes_any_pick_ids,
                             identical_routes_pick, longest_identical_route_pair)

__all__ = ['all_routes', 'identical_routes_any', 'identical_routes_any_pick_ids',
           'longest_identical_route_pair', 'BOUND_13', 'BOUND_13_NOTE', 'BOUND_15_NOTE', 'BOUND_15_SHARED_NOTE', 'best_comp', 'between',
           'bound_15', 'bound_15_shared', 'fast_shared_stop_routes', 'shared_stop_routes',
           'comps', 'crossings_between', 'disjoint_circle_routes', 'distinct_shapes',
           'forbid_check', 'forbid_score', 'group_stops', 'identical_pick', 'identical_routes',
           'identical_routes_pick', 'identical_pick_of',
           'largest_identical_class', 'longest_identical_pair', 'longest_route_squares',
           'longest_score', 'loop_every_tile_check', 'measure_best', 'mirror_symmetric_paths',
           'mirror_symmetric_paths_with_ends', 'mirrored_with_ends',
           'pair_pick', 'path_all_tiles_score', 'paths_between', 'repeat_score',
           'rot_symmetric_paths', 'route_pick', 'score_pair_cross', 'score_pair_share',
           'single_kind_paths', 'subway_check', 'turned_partner_paths', 'two_stop_groups',
           'whole_board']


def comps(tr: R.Tracing, kinds=("path", "loop")):
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


def paths_between(tr, pairs) -> int:
    ps = {frozenset(p) for p in pairs}
    return sum(1 for p in tr.complete_paths if len(set(p.ends)) == 2 and frozenset(p.ends) in ps)


def crossings_between(tr, i, j) -> int:
    return tr.crossings.get((min(i, j), max(i, j)), 0)


def score_pair_cross(tr) -> int:
    return max([v for (i, j), v in tr.crossings.items() if i != j] or [0])


def score_pair_share(tr) -> int:
    cs = comps(tr)
    best = 0
    for a, b in itertools.combinations(cs, 2):
        if crossings_between(tr, a.id, b.id) == 0:
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


def measure_best(tr, kinds, measure, ends=None):
    vals = [p.measure(measure) for p in comps(tr, kinds)
            if ends is None or (p.kind == "path" and all(ends(e) for e in p.ends))]
    return max(vals or [0])


def longest_score(kind, measure, ends_filter=None):
    """The longest component of ``kind`` in ``measure`` (ends restricted by ``ends_filter``)."""
    def score(tr):
        return measure_best(tr, (kind,), measure, ends_filter)
    return score


def loop_every_tile_check(tr):
    return any(set(p.tile_visits) == set(SP) and all(v == 1 for v in p.tile_visits.values())
               for p in tr.loops)


def path_all_tiles_score(tr):
    vals = [p.printed for p in tr.complete_paths if set(p.tile_visits) == set(SP)]
    return max(vals) if vals else -1


def repeat_score(times):
    return lambda tr: max([sum(1 for v in p.tile_visits.values() if v >= times)
                           for p in comps(tr)] or [0])


def forbid_check(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: not any(frozenset(p.ends) in ps for p in tr.complete_paths)


def forbid_score(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: sum(1 for p in tr.complete_paths if frozenset(p.ends) in ps)


def subway_check(tr):
    import networkx as nx
    rg = tr.route_graph
    return nx.is_connected(rg)


def rot_symmetric_paths(tr) -> int:
    return sum(1 for p in tr.complete_paths if p.symmetry["rotation"] > 1)


def mirror_symmetric_paths(tr) -> int:
    return sum(1 for p in tr.complete_paths if p.symmetry["mirror"])


_REFLECTIONS = {0: ((1, 0), (0, -1)), 2: ((0, 1), (1, 0)), 4: ((-1, 0), (0, 1)), 6: ((0, -1), (-1, 0))}


def _dbl_xy(space):
    x, y = B.space_xy[space]
    return (round(2 * x), round(2 * y))


def mirrored_with_ends(p) -> bool:
    """Challenge 26 with its ends (a path): some reflection of the plane maps the path's tile
    segments onto themselves *and* its end locations onto its end locations of the same kind (a stop
    onto a stop, a circle onto a circle). A location is drawn just outside the tile edge its path
    leaves by, so the reflection that maps an end's edge onto another end's edge maps its location
    onto that end's location; only the kind can differ. Brute force: a one-segment path, the 8
    mirror axes of its octagon; a longer one, every reflection of the lattice of spaces (4 axis
    directions) that maps the first segment's space onto one of the path's spaces.
    """
    if p.kind != "path" or not p.steps:
        return False
    segs = {(_dbl_xy(s.space), frozenset((s.a, s.b))) for s in p.steps}
    cents = {c for c, _ in segs}
    ends = [((p.steps[0].space, p.steps[0].a), p.ends[0]), ((p.steps[-1].space, p.steps[-1].b), p.ends[1])]
    xy_space = {_dbl_xy(s): s for s in SP}
    c0 = _dbl_xy(p.steps[0].space)
    if len(cents) == 1:         # one space (one segment: no link joins a space to itself): any of
        for k in range(8):      # the octagon's 8 mirror axes through its centre
            if {frozenset((k - a) % 8 for a in ab) for _, ab in segs} == {ab for _, ab in segs} and all(
                    _same_kind(B.port_link.get((space, (k - e) % 8)), loc, p.ends)
                    for (space, e), loc in ends):
                return True
        return False
    for k, m in _REFLECTIONS.items():
        img0 = (m[0][0] * c0[0] + m[0][1] * c0[1], m[1][0] * c0[0] + m[1][1] * c0[1])
        for c1 in cents:
            t = (c1[0] - img0[0], c1[1] - img0[1])

            def f(c):
                return (m[0][0] * c[0] + m[0][1] * c[1] + t[0], m[1][0] * c[0] + m[1][1] * c[1] + t[1])

            if {(f(c), frozenset((k - a) % 8 for a in ab)) for c, ab in segs} != segs:
                continue
            if all(_same_kind(B.port_link.get((xy_space[f(_dbl_xy(space))], (k - e) % 8)), loc, p.ends)
                   for (space, e), loc in ends):
                return True
    return False


def _same_kind(img, loc, ends) -> bool:
    return isinstance(img, str) and img in ends and B.is_stop(img) == B.is_stop(loc)


def mirror_symmetric_paths_with_ends(tr) -> int:
    """Challenge 26, ends mirrored too: the paths that are :func:`mirrored_with_ends`."""
    return sum(1 for p in tr.complete_paths if mirrored_with_ends(p))


def distinct_shapes(tr) -> int:
    return len({p.shape_key() for p in comps(tr)})


def largest_identical_class(kinds):
    def f(tr):
        cnt: dict = {}
        for p in comps(tr, kinds):
            k = p.shape_key()
            cnt[k] = cnt.get(k, 0) + 1
        return max(cnt.values() or [0])
    return f


def longest_identical_pair(tr) -> int:
    best: dict = {}
    cnt: dict = {}
    for p in comps(tr):
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


def _circle_routes(edges, k: int):
    """Routes circle - k stops - circle over the route graph ``edges`` [(path id, end, end)]: each
    location at most once (so the stops are k different ones). Returns ([(first circle, last
    circle, path ids)], most stops reached by a walk from a circle, at most k)."""
    adj: dict = {}
    for pid, u, v in edges:
        if u != v:
            adj.setdefault(u, []).append((v, pid))
            adj.setdefault(v, []).append((u, pid))
    routes, reach = [], 0

    def ext(nodes, pids):
        nonlocal reach
        reach = max(reach, len(nodes) - 1)
        for v, pid in adj.get(nodes[-1], []):
            if v in nodes:
                continue
            if B.is_circle(v):
                if len(nodes) == k + 1 and nodes[0] < v:
                    routes.append((nodes[0], v, pids + [pid]))
            elif len(nodes) <= k:
                ext(nodes + [v], pids + [pid])

    for c in B.ring:
        for v, pid in adj.get(c, []):
            if B.is_stop(v) and k >= 1:
                ext([c, v], [pid])
            elif B.is_circle(v) and k == 0 and c < v:
                routes.append((c, v, [pid]))
    return routes, min(reach, k)


def _pack_by_circles(routes) -> list:
    """Most routes sharing no path (hence no circle: a circle ends one path): branch on the first
    circle still open, either left out or the first circle of one of its routes."""
    by_circle: dict = {}
    for r in routes:
        by_circle.setdefault(r[0], []).append(r)
        by_circle.setdefault(r[1], []).append(r)
    circles = sorted(by_circle)
    best: list = []

    def go(i, used_paths, used_circles, chosen):
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        free = sum(1 for c in circles[i:] if c not in used_circles)
        if len(chosen) + free // 2 <= len(best):
            return
        while i < len(circles) and circles[i] in used_circles:
            i += 1
        if i == len(circles):
            return
        c = circles[i]
        for r in by_circle[c]:
            if r[0] in used_circles or r[1] in used_circles or used_paths & set(r[2]):
                continue
            chosen.append(r[2])
            go(i + 1, used_paths | set(r[2]), used_circles | {r[0], r[1]}, chosen)
            chosen.pop()
        go(i + 1, used_paths, used_circles | {c}, chosen)

    go(0, frozenset(), frozenset(), [])
    return best


def shared_stop_routes(tr, k: int) -> tuple[int, list]:
    """Challenge 15 with shared stops (variant ``shared-k``): the most routes circle - k stops -
    circle at the same time that share no path; two routes may pass the same stop (by different
    paths), a route passes a location once. Exact: every route listed, then a packing search.
    Returns (count, [[path id, ...] per route])."""
    routes, _ = _circle_routes([(p.id, p.ends[0], p.ends[1]) for p in tr.complete_paths], k)
    best = _pack_by_circles(routes)
    return len(best), best


def fast_shared_stop_routes(k: int):
    """A search score for ``shared-k`` from the fast tracer: the routes found plus a fraction for
    the most stops a walk from a circle reaches (so the search is led towards long routes)."""
    def f(pl):
        from .. import kernels as K
        ft = K.fast_trace(pl)
        edges = [(i, d["ends"][0], d["ends"][1]) for i, d in enumerate(ft.components())
                 if d["kind"] == "path"]
        routes, reach = _circle_routes(edges, k)
        return len(_pack_by_circles(routes)) + 0.9 * reach / (k + 1)
    return f


def bound_15_shared(k: int) -> int:
    """Routes circle - k stops - circle sharing no path: each takes 2 of the 20 circles' ports, k + 1
    of the 36 paths, and at each of its k stops 2 of the stop's ports (a stop with d ports takes
    floor(d / 2) routes); its k stops are different, so none for k > 16."""
    if k > len(B.stops):
        return 0
    visits = sum(len(B.location_ports[s]) // 2 for s in B.stops)
    circle_ports = sum(len(B.location_ports[c]) for c in B.ring)
    return min(circle_ports // 2, (len(STUBS) // 2) // (k + 1), visits // k)


BOUND_15_SHARED_NOTE = ("counting: routes sharing no path each take 2 of the 20 circles' ports, k + 1 "
                        "of the 36 paths, and 2 ports of each of its k different stops (a stop with "
                        "d ports serves floor(d / 2) routes: 4 x 1 + 4 x 1 + 8 x 2 = 24 visits): at most "
                        "min(10, floor(36 / (k + 1)), floor(24 / k)), and 0 for k > 16 stops")


def whole_board(fn):
    return lambda tr: fn(tr) == len(tr.complete_paths) == len(STUBS) // 2


# ---------------------------------------------------------------------------------------------
# counting bounds for the local-search questions (tests/octiles/challenges/test_bounds.py checks them)
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


# ---------------------------------------------------------------------------------------------
# which paths a picture highlights (from the tracer)


def best_comp(kinds, key, ends=None):
    def pick(tr):
        cs = [p for p in comps(tr, kinds) if ends is None or all(ends(e) for e in p.ends)]
        return [max(cs, key=key)] if cs else []
    return pick


def between(pairs):
    ps = {frozenset(p) for p in pairs}
    return lambda tr: [p for p in tr.complete_paths if len(set(p.ends)) == 2 and frozenset(p.ends) in ps]


def pair_pick(share: bool):
    def pick(tr):
        cs = comps(tr)
        best, arg = -1, []
        for a, b in itertools.combinations(cs, 2):
            x = crossings_between(tr, a.id, b.id)
            if share:
                if x:
                    continue
                x = len(set(a.tile_visits) & set(b.tile_visits))
            if x > best:
                best, arg = x, [a, b]
        return arg
    return pick


def route_pick(tr):
    _, trail = longest_route_squares(tr)
    return [tr.paths[k] for k in trail]


def identical_pick_of(kinds, longest: bool = False):
    """The picture of 22 (the largest class of one shape among ``kinds``) or, with ``longest``, of
    23 (two components of the longest shape that occurs at least twice)."""
    def pick(tr):
        cnt: dict = {}
        for p in comps(tr, kinds):
            cnt.setdefault(p.shape_key(), []).append(p)
        groups = [g for g in cnt.values() if len(g) > 1]
        if not groups:
            return []
        if longest:
            return max(groups, key=lambda g: g[0].segments)[:2]
        return max(groups, key=lambda g: (len(g), g[0].segments))
    return pick


def identical_pick(tr):
    cnt: dict = {}
    for p in comps(tr):
        cnt.setdefault(p.shape_key(), []).append(p)
    groups = sorted(cnt.values(), key=lambda g: (-len(g), -g[0].segments))
    return groups[0] if groups and len(groups[0]) > 1 else []
