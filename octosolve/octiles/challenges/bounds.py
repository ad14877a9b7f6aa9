"""Counting / assignment bounds: proven upper bounds that need no search over placements.

The argument (issue 12). A path or loop K crosses space ``s`` on a set ``W`` of the segments of the
tile placed there. Every port of a segment of ``W`` either leads to another tile (through a board
link, printed or not) or to a stop or circle; in the second case it is one of K's two ends (a loop has
none). A space has at most 4 ports that lead to another tile (:data:`TILE_PORTS`), so:

* the **local bound** ``u(s, t, e)`` = the most a tile ``t`` (any rotation) at ``s`` can contribute
  to the objective with ``e`` of K's ends on that space: the best subset ``W`` of its segments using
  at most ``e`` ports that lead to a stop or circle (and none that K may not end at);
* the objective of any placement is at most ``sum_s u(s, tile(s), e_s)`` with ``sum_s e_s <= E``
  (E = 2 for a path, 0 for a loop, 4 for two paths);
* distinct tiles go to distinct spaces: the **assignment bound** is the maximum of that sum over
  assignments of distinct tiles to spaces and distributions of the ends, found exactly by
  enumerating the end distributions and solving each assignment problem
  (``scipy.optimize.linear_sum_assignment``).

Each bound is checked in ``tests/octiles/challenges/test_counting.py``: on random placements the
local sum with the placement's own tiles and ends is never below the tracer's value (soundness of the
local bound), and the assignment maximum equals a brute force over all assignments on small
instances.

>>> b = counting_bound("11 twice"); b["bound"]
9
>>> counting_bound("3") is None
True
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np
from scipy.optimize import linear_sum_assignment

from .. import rules as R
from .geometry import B, SP

__all__ = ["TILE_PORTS", "Spec", "SPECS", "local_table", "assignment_bound", "counting_bound",
           "placement_local_sum", "brute_assignment", "end_distributions"]

# ports of each space that lead to another tile (through a board link or a printed link)
TILE_PORTS = {s: frozenset(e for e in range(8) if not isinstance(B.port_link[(s, e)], str)) for s in SP}


def _end_ok_circle(loc: str) -> bool:
    return B.is_circle(loc)


class Spec:
    """One bound: ``comps`` components (1 or 2), ``ends`` = the most ends in total (E),
    ``end_ok(location)`` = where a component may end (None: anywhere), ``contrib(Ws)`` = the local
    objective of the components' segment sets on one tile (a tuple of sets of segments)."""

    def __init__(self, name, comps, ends, contrib, end_ok=None, argument=""):
        self.name, self.comps, self.ends, self.contrib = name, comps, ends, contrib
        self.end_ok, self.argument = end_ok, argument


def _crossings(W1, W2=None) -> int:
    if W2 is None:
        return sum(1 for a, b in itertools.combinations(W1, 2) if R.chords_cross(a, b))
    return sum(1 for a in W1 for b in W2 if R.chords_cross(a, b))


def _points(W) -> int:
    return sum(R.KIND_POINTS[R.seg_distance(a, b)] for a, b in W)


# the bounds, by name (a question's declared bound argument names one: ``counting_bound("12")``)
SPECS = {spec.name: spec for spec in (
    Spec("11 twice", 1, 2, lambda Ws: int(len(Ws[0]) >= 2),
         argument="a tile counts when the path or loop uses 2 of its segments"),
    Spec("11 thrice", 1, 2, lambda Ws: int(len(Ws[0]) >= 3),
         argument="a tile counts when the path or loop uses 3 of its segments"),
    Spec("12", 1, 2, lambda Ws: _crossings(Ws[0]),
         argument="the self-crossings on a tile are the crossing pairs among the "
                  "segments the path or loop uses there"),
    Spec("14 cross", 2, 4, lambda Ws: _crossings(Ws[0], Ws[1]),
         argument="the crossings on a tile are the crossing pairs with one segment "
                  "on each of the two paths or loops (4 ends in all)"),
    Spec("14 share", 2, 4, lambda Ws: int(bool(Ws[0]) and bool(Ws[1])
                                          and _crossings(Ws[0], Ws[1]) == 0),
         argument="a tile counts when both use one of its segments and none of "
                  "theirs cross (4 ends in all)"),
    Spec("2 path-points", 1, 2, lambda Ws: _points(Ws[0]),
         argument="the points of the segments the path uses on each tile"),
    Spec("2 loop-points", 1, 0, lambda Ws: _points(Ws[0]),
         argument="a loop only uses ports that lead to another tile"),
    Spec("6 points", 1, 2, lambda Ws: _points(Ws[0]), end_ok=_end_ok_circle,
         argument="a circle-to-circle path never touches a stop, and ends at 2 "
                  "circle ports"),
    Spec("2 path-tiles", 1, 2, lambda Ws: int(bool(Ws[0])),
         argument="a tile counts when the path uses one of its segments"),
)}


def _space_ports(s, end_ok):
    """(ports leading to a tile, ports where an end may be, ports never usable)."""
    endable, banned = set(), set()
    for e in range(8):
        q = B.port_link[(s, e)]
        if isinstance(q, str):
            (endable if end_ok is None or end_ok(q) else banned).add(e)
    return TILE_PORTS[s], frozenset(endable), frozenset(banned)


@lru_cache(maxsize=None)
def local_table(key) -> np.ndarray:
    """``u[s, t, e]`` (space index, tile, ends on the space 0..E): the local bound of a spec."""
    spec = SPECS[key]
    E = spec.ends
    u = np.zeros((len(SP), R.NUM_TILES, E + 1), dtype=np.int64)
    for i, s in enumerate(SP):
        _, endable, banned = _space_ports(s, spec.end_ok)
        for t in range(R.NUM_TILES):
            for r in R.distinct_rotations(t):
                segs = R.tile_segments(t, r)
                for labels in itertools.product(range(spec.comps + 1), repeat=len(segs)):
                    Ws = tuple([sg for sg, lb in zip(segs, labels) if lb == k + 1]
                               for k in range(spec.comps))
                    used = [e for W in Ws for sg in W for e in sg]
                    if any(e in banned for e in used):
                        continue
                    n_end = sum(1 for e in used if e in endable)
                    if n_end > E:
                        continue
                    val = spec.contrib(Ws)
                    for e in range(n_end, E + 1):
                        u[i, t, e] = max(u[i, t, e], val)
    return u


def end_distributions(n_spaces: int, E: int):
    """Every way to put exactly E ends on spaces (as {space index: ends})."""
    for combo in itertools.combinations_with_replacement(range(n_spaces), E):
        d: dict = {}
        for i in combo:
            d[i] = d.get(i, 0) + 1
        yield d


def assignment_bound(u: np.ndarray, E: int) -> tuple[int, dict, list]:
    """max over end distributions (sum E) and assignments of distinct tiles to spaces of
    ``sum_s u[s, tile(s), e_s]``. Returns (bound, best distribution, best tiles)."""
    n = u.shape[0]
    best = (-1, {}, [])
    base = u[:, :, 0]
    for d in end_distributions(n, E):
        w = base.copy()
        for i, e in d.items():
            w[i] = u[i, :, min(e, u.shape[2] - 1)]
        rows, cols = linear_sum_assignment(w, maximize=True)
        val = int(w[rows, cols].sum())
        if val > best[0]:
            best = (val, d, [int(c) for c in cols])
    return best


def brute_assignment(u: np.ndarray, E: int) -> int:
    """The same maximum by brute force over tile permutations (small instances only: tests)."""
    n, nt = u.shape[0], u.shape[1]
    best = -1
    for d in end_distributions(n, E):
        for perm in itertools.permutations(range(nt), n):
            best = max(best, sum(int(u[i, perm[i], min(d.get(i, 0), u.shape[2] - 1)]) for i in range(n)))
    return best


def placement_local_sum(key, placement, ends_at: dict) -> int:
    """The local bound summed with a placement's own tiles and a given end distribution
    ({space: ends}); used by the tests to check soundness against the tracer."""
    u = local_table(key)
    E = SPECS[key].ends
    return sum(int(u[i, placement[s][0], min(ends_at.get(s, 0), E)]) for i, s in enumerate(SP))


@lru_cache(maxsize=None)
def counting_bound(key: str) -> dict | None:
    """The assignment bound named ``key`` (a :data:`SPECS` name, as a question's declared bound
    argument gives it), with the argument that proves it (None if there is no such bound)."""
    if key not in SPECS:
        return None
    spec = SPECS[key]
    bound, dist, tiles = assignment_bound(local_table(key), spec.ends)
    return {"bound": bound, "method": "counting/assignment bound",
            "argument": (f"counting: {spec.argument}; each space has at most 4 ports that lead to "
                         f"another tile, ports that lead to a stop or circle only end a path "
                         f"({spec.ends} ends at most); the best local value of each tile on each "
                         f"space, maximised over assignments of distinct tiles to spaces and "
                         f"distributions of the ends (linear_sum_assignment), is {bound}")}
