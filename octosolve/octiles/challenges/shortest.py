"""Challenge 1: the shortest path between every pair of runner positions (BFS over ports, choosing
any segment on each tile), each realised by a real placement and re-checked by the tracer.

>>> rows = shortest_paths()
>>> len(rows), max(r["tiles"] for r in rows) >= 1
(630, True)
"""

from __future__ import annotations

import itertools
import time
from collections import deque

from .. import rules as R
from .geometry import B, SP
from .model import Result

__all__ = ["runner_positions", "shortest_paths", "realise", "challenge_one", "board_symmetries",
           "pairs_up_to_symmetry"]


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
    need = {s: (a, b) for s, a, b in steps}
    options = {s: [t for t in range(R.NUM_TILES)
                   if any(R.seg_distance(x, y) == R.seg_distance(a, b) for x, y in R.TILES[t])]
               for s, (a, b) in need.items()}
    owner: dict = {}      # bipartite matching by augmenting paths, in a fixed order (deterministic)

    def augment(s, seen) -> bool:
        for t in options[s]:
            if t not in seen:
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = s
                    return True
        return False

    for s in sorted(need):
        if not augment(s, set()):
            raise AssertionError(f"no distinct tiles for the spaces {sorted(need)}")
    match = {s: t for t, s in owner.items()}
    pl = {}
    for s, (a, b) in need.items():
        t = match[s]
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


# the 8 isometries of the square lattice about the board's centre: (name, matrix, edge map)
_LATTICE = ([(f"turn {90 * q}", q, None) for q in range(4)]
            + [(f"mirror {k}", None, k) for k in (0, 2, 4, 6)])
_REFL = {0: ((1, 0), (0, -1)), 2: ((0, 1), (1, 0)), 4: ((-1, 0), (0, 1)), 6: ((0, -1), (-1, 0))}


def _lattice_map(q, k):
    if q is not None:
        m = ((1, 0), (0, 1))
        for _ in range(q):
            m = ((-m[1][0], -m[1][1]), (m[0][0], m[0][1]))
        return m, (lambda e: (e + 2 * q) % 8)
    return _REFL[k], (lambda e: (k - e) % 8)


def board_symmetries() -> list[tuple[str, dict]]:
    """The symmetries of the board: each of the 4 turns and 4 reflections about the board's centre
    that maps every space to a space, every tile-to-tile link to a link (printed to printed) and
    every location link to a location link of one location, as (name, permutation of the 36 runner
    positions). Derived from the board's links, not assumed: this board has its 4 turns only (no
    reflection maps its spaces onto its spaces).

    >>> [name for name, _ in board_symmetries()]
    ['turn 0', 'turn 90', 'turn 180', 'turn 270']
    """
    cx, cy = B.centre
    xy = {v: k for k, v in B.space_xy.items()}
    out = []
    for name, q, k in _LATTICE:
        m, perm = _lattice_map(q, k)

        def sp(s, m=m):
            x, y = B.space_xy[s]
            dx, dy = x - cx, y - cy
            return xy.get((cx + m[0][0] * dx + m[0][1] * dy, cy + m[1][0] * dx + m[1][1] * dy))

        if any(sp(s) is None for s in SP):
            continue
        locs: dict = {}
        ok = True
        for s in SP:
            for e in range(8):
                a, b = B.port_link[(s, e)], B.port_link[(sp(s), perm(e))]
                if isinstance(a, str):
                    ok = ok and isinstance(b, str) and locs.setdefault(a, b) == b
                else:
                    ok = ok and not isinstance(b, str) and b == (sp(a[0]), perm(a[1])) and (
                        B.is_printed((s, e), a) == B.is_printed((sp(s), perm(e)), b))
        if ok and len(set(locs.values())) == len(runner_positions()):
            out.append((name, locs))
    return out


def pairs_up_to_symmetry() -> dict:
    """Challenge 1's "how many different position pairs?" up to the board's symmetry: Burnside's
    count (the average over the group of the unordered pairs a symmetry maps onto themselves), and,
    as a check, the orbits counted one by one.

    >>> d = pairs_up_to_symmetry()
    >>> d["burnside"] == d["orbits"], d["group"]
    (True, 4)
    """
    locs = runner_positions()
    group = board_symmetries()
    pairs = [frozenset(pq) for pq in itertools.combinations(locs, 2)]
    fixed = {}
    for name, g in group:
        fixed[name] = sum(1 for pq in pairs if frozenset(g[x] for x in pq) == pq)
    total = sum(fixed.values())
    if total % len(group):
        raise AssertionError("Burnside's sum is not a multiple of the group order")
    seen, orbits = set(), []
    for pq in pairs:
        if pq in seen:
            continue
        orb = {frozenset(g[x] for x in pq) for _, g in group}
        seen |= orb
        orbits.append(sorted(orb, key=sorted))
    return {"group": len(group), "symmetries": [name for name, _ in group], "fixed": fixed,
            "burnside": total // len(group), "orbits": len(orbits),
            "orbit_sizes": {str(k): sum(1 for o in orbits if len(o) == k)
                            for k in sorted({len(o) for o in orbits})}}


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
    sym = pairs_up_to_symmetry()
    res.extra = {"pairs": len(rows), "pairs_up_to_symmetry": sym["burnside"],
                 "symmetry": {k: sym[k] for k in ("group", "symmetries", "fixed", "orbits",
                                                  "orbit_sizes")},
                 "histogram": {str(k): v for k, v in sorted(hist.items())},
                 "longest_shortest": {k: hardest[k] for k in ("from", "to", "tiles")},
                 "shortest": [{k: r[k] for k in ("from", "to", "tiles")} for r in rows]}
    return res
