"""Challenge 1: the shortest path between every pair of runner positions (BFS over ports, choosing
any segment on each tile), each realised by a real placement and re-checked by the tracer.

>>> rows = shortest_paths()
>>> len(rows), max(r["tiles"] for r in rows) >= 1
(630, True)
"""

from __future__ import annotations

import time
from collections import deque

from .. import rules as R
from .geometry import B, SP
from .model import Result

__all__ = ["runner_positions", "shortest_paths", "realise", "challenge_one"]


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
