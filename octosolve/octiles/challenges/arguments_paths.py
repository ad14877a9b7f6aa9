"""Challenge 22 paths without search: identical short paths, class by class (the paths of at most
:data:`SHORT` segments grouped by shape, each class bounded by a port packing and a segment
assignment; longer paths by the segment count). :mod:`.arguments` re-exports these names.
"""

from __future__ import annotations

from ...core.cpsat import solve as cpsat_solve
from .. import rules as R
from .geometry import N_PATHS, N_SEGMENTS, SP, B, STUBS
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["SHORT", "short_paths", "shape_classes", "port_packing", "segment_assignment",
           "identical_paths_bound"]


# 22 paths: identical short paths, class by class


def short_paths(max_segments: int = 3) -> list:
    """Every way a path of at most ``max_segments`` tile segments can lie on the board: from a stub
    through segments (two different edges of a space) and board links to a stub, no port twice.
    Returns the distinct segment sets (frozensets of (space, a, b), a < b)."""
    found = set()

    def walk(port, segs, used):
        s, a = port
        for b in range(8):
            if b == a or (s, b) in used:
                continue
            nsegs = segs + [(s, min(a, b), max(a, b))]
            nb = B.port_link[(s, b)]
            if isinstance(nb, str):
                found.add(frozenset(nsegs))
            elif len(nsegs) < max_segments and nb not in used:
                walk(nb, nsegs, used | {(s, b), nb})

    for _, p in STUBS:
        walk(p, [], {p})
    return sorted(found, key=lambda f: sorted(f))


def shape_classes(segment_sets) -> dict:
    """{(segments, tracer shape key): [segment sets]} (the key of :func:`..tracer.shape_key`)."""
    from ..tracer import Step, shape_key

    class _Comp:
        def __init__(self, segs):
            self.steps = [Step(s, a, b, -1) for s, a, b in sorted(segs)]

    out: dict = {}
    for f in sorted(segment_sets, key=sorted):   # (a set's order varies with the string hashes)
        out.setdefault((len(f), shape_key(_Comp(f))), []).append(f)
    return out


def port_packing(members: list) -> int:
    """The most of these segment sets that share no port (exact, CP-SAT)."""
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    y = [m.NewBoolVar("") for _ in members]
    by_port: dict = {}
    for v, f in zip(y, members):
        for s, a, b in sorted(f):
            by_port.setdefault((s, a), []).append(v)
            by_port.setdefault((s, b), []).append(v)
    for v in by_port.values():
        m.AddAtMostOne(v)
    m.Maximize(sum(y))
    sv = cpsat_solver()
    sv.parameters.num_workers = 1
    sv.parameters.random_seed = 0
    st = cpsat_solve(sv, m, show_progress=False)  # CP-SAT's own Ctrl-C handling off
    assert st == cp_model.OPTIMAL
    return int(round(sv.ObjectiveValue()))


def segment_assignment(members: list) -> int:
    """Placements of a class counted by their segments: on each space a tile (some rotation) holds
    at most so many chords that lie on some placement of the class; the most over assignments of
    distinct tiles (linear_sum_assignment), divided by the class's segments per path."""
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    m = len(next(iter(members)))
    chords = {}
    for f in members:
        for s, a, b in f:
            chords.setdefault(s, set()).add((a, b))
    u = np.zeros((len(SP), R.NUM_TILES), dtype=np.int64)
    for i, s in enumerate(SP):
        for t in range(R.NUM_TILES):
            u[i, t] = max(sum(1 for a, b in R.tile_segments(t, r)
                              if (min(a, b), max(a, b)) in chords.get(s, ()))
                          for r in R.distinct_rotations(t))
    r, c = linear_sum_assignment(u, maximize=True)
    return int(u[r, c].sum()) // m


SHORT = 3           # classes of paths with at most this many segments are examined one by one


def _packed_classes(threshold: int) -> tuple[dict, list]:
    """The short-path classes and, for those whose port packing exceeds ``threshold``, the packing
    bound (min of port packing and segment assignment), largest first."""
    classes = shape_classes(short_paths(SHORT))
    out = []
    for key, mem in classes.items():
        ub = port_packing(mem)
        if ub > threshold:
            ub = min(ub, segment_assignment(mem))
        out.append((ub, key, mem))
    out.sort(key=lambda x: (-x[0], x[1][0], len(x[2])))
    return classes, out


def identical_paths_bound() -> dict:
    """Challenge 22 paths without search: max(k for paths longer than 3 segments, the packing
    bound of every class of at most 3 segments)."""
    long_bound = (N_SEGMENTS - N_PATHS) // SHORT
    classes, packed = _packed_classes(long_bound)
    top = packed[0][0] if packed else 0
    b = max(long_bound, top)
    n_top = sum(1 for ub, _, _ in packed if ub == top)
    return {"bound": b, "method": "identical-path packing bound",
            "argument": (f"counting: k identical paths of m segments take km of the {N_SEGMENTS} "
                         f"tile segments and the other {N_PATHS} - k paths at least one each, so "
                         f"k(m - 1) <= {N_SEGMENTS - N_PATHS}: k <= {long_bound} for m > {SHORT}; "
                         f"the {len(classes)} shapes of at most {SHORT} segments (every placement "
                         f"of such a path enumerated, grouped by the tracer's shape key) each allow "
                         f"at most min(the most placements sharing no port, the most of its chords "
                         f"17 distinct tiles can hold / m) paths: at most {top} ({n_top} shape(s) "
                         f"reach it); so k <= {b}")}
