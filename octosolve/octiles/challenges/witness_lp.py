"""Bound witnesses, part 2: the LP relaxations (their rows and columns built from the board) priced
by a witness's multipliers in exact fractions, and the multicut weights of the flow bounds checked
with Dijkstra. See :mod:`.witness`; no solver is imported."""

from __future__ import annotations

import heapq
import itertools
from fractions import Fraction

from ..tiles import KIND_POINTS, NUM_TILES, board, distinct_rotations, seg_distance, tile_segments
from .witness_board import (Verdict, _board, _port_name, class_key, classes,  # noqa: F401
                            counting_facts, local_table, short_paths, simple_cycles)


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


def column_names(lp: str, params: dict) -> list:
    """Names of the columns of an LP whose columns are integral (0 or 1 in every real solution), in
    the order of :func:`lp_rows`, for the splits of an ``lp-branch`` witness: a cycle of the
    ``cycle-packing`` LP is named by the segments it needs (:func:`class_key`)."""
    if lp != "cycle-packing":
        raise KeyError(f"no branching on the columns of the {lp} LP")
    cyc = simple_cycles()
    if params.get("class") is None:
        return [class_key(c[2]) for c in cyc]
    want = set(classes("cycles")[params["class"]])
    return [class_key(c[2]) for c in cyc if c[2] in want]


MAX_BRANCH_LEAVES = 256


def _check_lp_branch(w: dict, lp: str, want_params: dict | None = None) -> Verdict:
    """A branch-and-bound proof over an LP with 0/1 columns (``lp-branch``). ``tree`` is a node:
    either a split ``{"split": {"columns": [names], "at_most": k}, "below": node, "above": node}``
    (below: the named columns sum to at most k; above: to at least k + 1; every integral solution
    is in one of the two) or a leaf ``{"multipliers": {...}, "value": "..."}``, priced like an
    ``lp-dual`` witness over the LP's rows plus the split rows on the way to it (named
    ``split:0``, ``split:1``, ... by depth, ``<=`` rows, so their multipliers are >= 0). The tree
    proves the largest ``floor(value)`` of its leaves."""
    v = Verdict(True, None, f"lp-branch ({lp})")
    if w.get("kind") != "lp-branch" or w.get("lp") != lp:
        return v.fail(f"expected an lp-branch witness of the {lp!r} LP, got {w.get('kind')} {w.get('lp')!r}")
    params = w.get("params") or {}
    if want_params is not None and params != want_params:
        return v.fail(f"the {lp} LP of this variant has the parameters {want_params}, the witness "
                      f"{params}")
    try:
        rows, cols, div = lp_rows(lp, params)
        names = column_names(lp, params)
    except (KeyError, ValueError, TypeError) as e:
        return v.fail(f"{lp} LP: {e}")
    if div != 1 or len(names) != len(cols) or len(set(names)) != len(names):
        return v.fail(f"the {lp} LP has no named 0/1 columns to branch on")
    index = {n: j for j, n in enumerate(names)}
    leaves: list = []

    def walk(node, extra, depth):
        if not isinstance(node, dict):
            raise ValueError("a tree node is not a JSON object")
        if len(leaves) > MAX_BRANCH_LEAVES or depth > 32:
            raise ValueError(f"the tree is larger than {MAX_BRANCH_LEAVES} leaves or 32 levels")
        if "split" in node:
            sp = node["split"]
            cs, k = sp["columns"], sp["at_most"]
            if not cs or len(set(cs)) != len(cs) or not isinstance(k, int) or isinstance(k, bool):
                raise ValueError(f"a split needs distinct columns and an integer at_most: {sp}")
            js = [index[c] for c in cs]                 # KeyError: an unknown column
            walk(node["below"], extra + [(js, 1, k)], depth + 1)
            walk(node["above"], extra + [(js, -1, -(k + 1))], depth + 1)
            return
        r2 = dict(rows)
        c2 = [(c, dict(a)) for c, a in cols]
        for d, (js, sign, rhs) in enumerate(extra):
            r2[f"split:{d}"] = ("<=", rhs)
            for j in js:
                c2[j][1][f"split:{d}"] = sign
        L = lagrangian(r2, c2, node.get("multipliers") or {})
        if "value" not in node or _frac(node["value"]) != L:
            raise ValueError(f"leaf {len(leaves)}: the multipliers give {L}, the leaf says "
                             f"{node.get('value')}")
        leaves.append(L)

    try:
        walk(w.get("tree"), [], 0)
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
        return v.fail(f"{lp} branch tree: {e!r}" if isinstance(e, KeyError) else f"{lp} branch tree: {e}")
    v.bound = max(_floor(L) for L in leaves)
    v.kind = f"lp-branch ({lp}, {len(leaves)} leaves)"
    if w.get("bound") != v.bound:
        return v.fail(f"the tree proves {v.bound}, the witness says {w.get('bound')}")
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
