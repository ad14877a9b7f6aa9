"""Route scorers of challenges 22 and 23 (read off the networkx tracer's answer, like every scorer of
:mod:`.scoring`, which re-exports them): every route (paths joined end to end at stop squares) and
circuit listed, grouped by shape, and the identical routes that share no path packed.
"""

from __future__ import annotations

import itertools

from .. import rules as R
from .geometry import B

__all__ = ['all_routes', 'walk_routes', 'identical_routes_any', 'identical_routes_any_pick_ids',
           'longest_identical_route_pair', 'identical_routes', 'identical_routes_pick']


def _route_pairs(tr):
    """Routes of two paths joined at a stop square (no location twice), by shape: {shape key:
    [(path id, path id), ...]}. A route's shape is the shape of its drawn tile segments, as for
    paths (:func:`octosolve.octiles.rules.shape_key`)."""
    by_stop: dict = {}
    for p in tr.complete_paths:
        if len(set(p.ends)) != 2:
            continue
        for e in p.ends:
            if B.is_stop(e):
                by_stop.setdefault(e, []).append(p)
    out: dict = {}
    for stop, ps in by_stop.items():
        for a, b in itertools.combinations(ps, 2):
            oa = [e for e in a.ends if e != stop][0]
            ob = [e for e in b.ends if e != stop][0]
            if oa == ob:
                continue
            joined = R.PathInfo(-1, "route", [oa, ob], a.steps + b.steps, a.printed + b.printed)
            out.setdefault(joined.shape_key(), []).append((a.id, b.id))
    return out


def walk_routes(tr, visit) -> None:
    """Every way to join the placement's paths end to end at stop squares, each location at most once
    except a circuit's return to its first location (a stop), in a fixed order: ``visit(nodes, ps,
    is_closed, ids)`` for each (the locations in order, the paths in order, their ids as a frozenset;
    a route of several paths is visited once per way to walk it). :func:`all_routes` keeps each path set once; ``verify``'s
    cross checks (:mod:`.verify_cross`) read the same walk."""
    adj: dict = {}
    for p in tr.complete_paths:
        u, v = p.ends
        adj.setdefault(u, []).append((v, p))
        if u != v:
            adj.setdefault(v, []).append((u, p))

    def ext(nodes, ps, used):
        if len(ps) >= 1 and nodes[-1] != nodes[0]:
            visit(nodes, ps, False, used)
        node = nodes[-1]
        if len(ps) >= 1 and not B.is_stop(node):
            return
        for v, p in adj.get(node, []):
            if p.id in used:
                continue
            if v == nodes[0] and B.is_stop(v):
                visit(nodes + [v], ps + [p], True, used | {p.id})
                continue
            if v in nodes:
                continue
            ext(nodes + [v], ps + [p], used | {p.id})

    for loc in list(B.stops) + list(B.ring):
        ext([loc], [], frozenset())


def all_routes(tr, *, closed: bool | None = None, min_paths: int = 2) -> list[tuple[frozenset, R.PathInfo]]:
    """Every route of the placement (issue 19 readings of 22 and 23): ``min_paths`` or more paths
    joined end to end at stop squares, each location at most once, except that a **circuit**
    returns to its first location (a stop: "Circuits are routes that return to the same
    location"). ``closed``: None = open routes and circuits, True = circuits only, False = open
    only. A one-path circuit is a path from a stop back to itself. Returns [(path ids, the route as
    one component: its tile segments in order)], each route once."""
    out: dict = {}

    def emit(nodes, ps, is_closed, key):
        if len(ps) < min_paths or (closed is not None and closed != is_closed):
            return
        if key not in out:
            steps = []
            for p in ps:
                steps += p.steps
            out[key] = R.PathInfo(-1, "route", [nodes[0], nodes[-1]], steps,
                                  sum(p.printed for p in ps))

    walk_routes(tr, emit)
    return list(out.items())


def _route_classes(routes, *, at_least: int = 2, disjoint: bool = True) -> dict:
    """Routes grouped by shape key, only the classes with ``at_least`` members (and, ``disjoint``,
    two that share no path when ``at_least`` is 2). The shape key is computed only within groups of
    a cheap invariant (segment count, the kinds of its segments, the spaces it crosses) that can
    hold such a class: equal shapes have equal invariants."""
    pre: dict = {}
    for ids, info in routes:
        inv = (len(info.steps), tuple(sorted(st.distance for st in info.steps)),
               len({st.space for st in info.steps}))
        pre.setdefault(inv, []).append((ids, info))
    by: dict = {}
    for group in pre.values():
        if len(group) < at_least:
            continue
        if disjoint and at_least == 2 and not any(
                not (a[0] & b[0]) for a, b in itertools.combinations(group, 2)):
            continue
        for ids, info in group:
            by.setdefault(info.shape_key(), []).append((ids, info))
    return {k: v for k, v in by.items() if len(v) >= at_least}


def _pack_disjoint(members, limit: int | None = None) -> list:
    """Most members (path-id sets) sharing no path: exact branch and bound (stops at ``limit``)."""
    members = sorted(members, key=len)
    best: list = []

    def go(i, used, chosen):
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if limit is not None and len(best) >= limit:
            return
        if len(chosen) + (len(members) - i) <= len(best):
            return
        for j in range(i, len(members)):
            if len(chosen) + (len(members) - j) <= len(best):
                return
            if members[j] & used:
                continue
            chosen.append(members[j])
            go(j + 1, used | members[j], chosen)
            chosen.pop()

    go(0, frozenset(), [])
    return best


def identical_routes_any(tr) -> int:
    """Challenge 22, routes of any number of paths (variant ``routes-any``): the most routes of two
    or more paths, open or circuits, with one shape (their drawn tile segments, as for paths) that
    share no path. Exact: every route listed, grouped by shape, then a packing per shape."""
    return len(identical_routes_any_pick_ids(tr))


def identical_routes_any_pick_ids(tr) -> list:
    routes = all_routes(tr)
    best: list = [routes[0][0]] if routes else []      # one route is a class of one
    for members in sorted(_route_classes(routes).values(), key=len, reverse=True):
        if len(members) > len(best):
            got = _pack_disjoint([ids for ids, _ in members])
            if len(got) > len(best):
                best = got
    return best


def longest_identical_route_pair(closed: bool | None, min_paths: int = 2, one_stop: bool = False):
    """Challenge 23 for routes (``closed=None``, two or more paths) or circuits (``closed=True``;
    ``one_stop``: one-path circuits, a path from a stop back to itself, the seed's example): the
    most tile segments of a shape held by two routes that share no path. Returns a scorer."""
    def routes(tr):
        if one_stop:
            return [(frozenset([p.id]), p) for p in tr.complete_paths if p.ends[0] == p.ends[1]]
        return all_routes(tr, closed=closed, min_paths=min_paths)

    def pair(tr) -> tuple[int, list]:
        best = (0, [])
        for members in _route_classes(routes(tr)).values():
            m = len(members[0][1].steps)
            if m <= best[0] or len(members) < 2:
                continue
            got = _pack_disjoint([ids for ids, _ in members], limit=2)
            if len(got) >= 2:
                best = (m, got[:2])
        return best

    def score(tr) -> int:
        return pair(tr)[0]
    score.pair = pair
    return score


def identical_routes(tr) -> int:
    """Challenge 22 for routes: the most routes of two paths (joined at a stop square) with the
    same shape that share no path (a maximum matching per shape)."""
    import networkx as nx
    best = 0
    for pairs in _route_pairs(tr).values():
        if len(pairs) <= best:
            continue
        g = nx.Graph()
        g.add_edges_from(pairs)
        best = max(best, len(nx.max_weight_matching(g, maxcardinality=True)))
    return best


def identical_routes_pick(tr) -> list:
    import networkx as nx
    best, arg = 0, []
    for pairs in _route_pairs(tr).values():
        g = nx.Graph()
        g.add_edges_from(pairs)
        m = nx.max_weight_matching(g, maxcardinality=True)
        if len(m) > best:
            best, arg = len(m), [tr.paths[i] for e in m for i in e]
    return arg
