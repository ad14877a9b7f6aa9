"""Table-driven path tracer compiled with numba (its pure-Python twin is ``trace_kernel.py_func``,
the same code run by the interpreter; the tests also compare it with the networkx tracer).

A board is two int arrays over the 17 spaces (board order): ``tile[i]`` (-1 = empty) and ``rot[i]``.
Tables (built once from the board and the tiles):

* ``PARTNER[t, r, e]``: the board edge joined to board edge ``e`` by tile ``t`` at rotation ``r``;
* ``LINK[p]`` for port ``p = 8 * space + edge``: the linked port, or ``-1 - loc`` for a location
  (stops then circles, in :data:`LOCATIONS` order);
* ``PRINTED[p]``: 1 when the link at ``p`` is a board-printed segment;
* ``STUB_PORT[k]``: the port of stub ``k`` (one per location/port link).
"""

from __future__ import annotations

import numba
import numpy as np

from octosolve.core.kernels import Twin

from . import tiles as R

__all__ = ["trace_kernel", "trace_many", "fast_trace", "FastTrace", "batch_summary", "random_boards",
           "placement_of", "arrays_of", "end_name", "SPACES", "LOCATIONS", "TWINS"]

B = R.board()
SPACES = list(B.spaces)
LOCATIONS = list(B.stops) + list(B.ring)
NS = len(SPACES)
NP = 8 * NS


def _tables():
    partner = np.zeros((R.NUM_TILES, 8, 8), dtype=np.int64)
    for t in range(R.NUM_TILES):
        for r in range(8):
            for a, b in R.tile_segments(t, r):
                partner[t, r, a] = b
                partner[t, r, b] = a
    link = np.zeros(NP, dtype=np.int64)
    printed = np.zeros(NP, dtype=np.int64)
    stubs = []
    loc_index = {x: i for i, x in enumerate(LOCATIONS)}
    for (sp, e), other in B.port_link.items():
        p = 8 * SPACES.index(sp) + e
        if isinstance(other, str):
            link[p] = -1 - loc_index[other]
            stubs.append(p)
        else:
            link[p] = 8 * SPACES.index(other[0]) + other[1]
            printed[p] = 1 if B.is_printed((sp, e), other) else 0
    dist = np.zeros((8, 8), dtype=np.int64)
    for a in range(8):
        for b in range(8):
            dist[a, b] = R.seg_distance(a, b) if a != b else 0
    points = np.array([0, 3, 4, 5, 6], dtype=np.int64)
    # crossing pairs of a placed tile: cross[t, r, k] = (edge a of seg 1, edge a of seg 2)
    cross = np.full((R.NUM_TILES, 8, 6, 2), -1, dtype=np.int64)
    for t in range(R.NUM_TILES):
        for r in range(8):
            segs = R.tile_segments(t, r)
            k = 0
            for i in range(4):
                for j in range(i + 1, 4):
                    if R.chords_cross(segs[i], segs[j]):
                        cross[t, r, k, 0] = segs[i][0]
                        cross[t, r, k, 1] = segs[j][0]
                        k += 1
    stubs.sort()
    return partner, link, printed, np.array(stubs, dtype=np.int64), dist, points, cross


PARTNER, LINK, PRINTED, STUB_PORT, DIST, POINTS, CROSS = _tables()
MAXC = NP // 2  # at most one component per segment

# stats columns
TILES, SEGS, PTS, PRINTS, SELFX, KIND_MASK = range(6)
NSTAT = 6


@numba.njit(cache=True)
def _walk(c, p0, tile, rot, partner, link, printed, dist, points, ends, stats, owner, order,
          seen_space):
    """Walk component ``c`` entering the tile at port ``p0`` until a location or an empty space."""
    for j in range(NSTAT):
        stats[c, j] = 0
    p = p0
    pos = 0
    while True:
        sp = p // 8
        if tile[sp] < 0:
            ends[c, 1] = -2 - p
            return
        e = p - 8 * sp
        f = partner[tile[sp], rot[sp], e]
        q = 8 * sp + f
        owner[p] = c
        owner[q] = c
        order[p] = pos
        order[q] = pos
        pos += 1
        stats[c, SEGS] += 1
        d = dist[e, f]
        stats[c, PTS] += points[d]
        stats[c, KIND_MASK] |= 1 << d
        if seen_space[sp] != c:
            seen_space[sp] = c
            stats[c, TILES] += 1
        nxt = link[q]
        if nxt < 0:
            ends[c, 1] = -1 - nxt
            return
        if printed[q] == 1:
            stats[c, PRINTS] += 1
        p = nxt


@numba.njit(cache=True)
def trace_kernel(tile, rot, partner, link, printed, stub_port, dist, points, cross,
                 ends, stats, owner, order):
    """Trace one board. Fills ``ends[c] = (a, b)`` for components: a location index, ``-1`` for
    both ends of a loop, or ``-2 - port`` for an end at the port of an empty space; ``stats[c, :]``
    (tiles, segments, points, printed, self-crossings, bit mask of segment kinds); ``owner[p]``
    (component of the segment at port p, -1 if the space is empty) and ``order[p]`` (position of the
    segment along its component). Returns (complete paths, loops, components). Components are
    numbered: paths from stubs (in stub order), then open chains between empty spaces, then loops."""
    np_ = owner.shape[0]
    for p in range(np_):
        owner[p] = -1
        order[p] = -1
    seen_space = np.full(np_ // 8, -1, dtype=np.int64)
    ncomp = 0
    npaths = 0
    # 1) walks from stubs (complete paths and open ones)
    for k in range(stub_port.shape[0]):
        p0 = stub_port[k]
        if tile[p0 // 8] < 0 or owner[p0] >= 0:
            continue
        c = ncomp
        ncomp += 1
        ends[c, 0] = -1 - link[p0]
        _walk(c, p0, tile, rot, partner, link, printed, dist, points, ends, stats, owner, order,
              seen_space)
        if ends[c, 1] >= 0:
            npaths += 1
    # 1b) chains with both ends at empty spaces
    for p0 in range(np_):
        if tile[p0 // 8] < 0 or owner[p0] >= 0:
            continue
        nb = link[p0]
        if nb >= 0 and tile[nb // 8] < 0:
            c = ncomp
            ncomp += 1
            ends[c, 0] = -2 - nb
            _walk(c, p0, tile, rot, partner, link, printed, dist, points, ends, stats, owner, order,
                  seen_space)
            if printed[p0] == 1:
                stats[c, PRINTS] += 1
    # 2) loops: remaining ports of filled spaces
    nloops = 0
    for p0 in range(np_):
        sp0 = p0 // 8
        if tile[sp0] < 0 or owner[p0] >= 0:
            continue
        c = ncomp
        ncomp += 1
        nloops += 1
        for j in range(NSTAT):
            stats[c, j] = 0
        ends[c, 0] = -1
        ends[c, 1] = -1
        p = p0
        pos = 0
        while True:
            sp = p // 8
            e = p - 8 * sp
            f = partner[tile[sp], rot[sp], e]
            q = 8 * sp + f
            owner[p] = c
            owner[q] = c
            order[p] = pos
            order[q] = pos
            pos += 1
            stats[c, SEGS] += 1
            d = dist[e, f]
            stats[c, PTS] += points[d]
            stats[c, KIND_MASK] |= 1 << d
            if seen_space[sp] != c:
                seen_space[sp] = c
                stats[c, TILES] += 1
            if printed[q] == 1:
                stats[c, PRINTS] += 1
            p = link[q]
            if p == p0:
                break
    # 3) self-crossings
    for sp in range(np_ // 8):
        t = tile[sp]
        if t < 0:
            continue
        for k in range(6):
            a = cross[t, rot[sp], k, 0]
            if a < 0:
                break
            b = cross[t, rot[sp], k, 1]
            ca = owner[8 * sp + a]
            if ca == owner[8 * sp + b]:
                stats[ca, SELFX] += 1
    return npaths, nloops, ncomp


@numba.njit(cache=True)
def trace_many(tiles, rots, partner, link, printed, stub_port, dist, points, cross, out):
    """Trace a batch of boards; ``out[i] = (complete paths, loops, longest path in tiles,
    most self-crossings)`` (a checksum-like summary for the benchmark)."""
    np_ = tiles.shape[1] * 8
    ends = np.zeros((np_ // 2 + 40, 2), dtype=np.int64)
    stats = np.zeros((np_ // 2 + 40, NSTAT), dtype=np.int64)
    owner = np.zeros(np_, dtype=np.int64)
    order = np.zeros(np_, dtype=np.int64)
    for i in range(tiles.shape[0]):
        npaths, nloops, ncomp = trace_kernel(tiles[i], rots[i], partner, link, printed, stub_port,
                                             dist, points, cross, ends, stats, owner, order)
        best = 0
        sx = 0
        for c in range(ncomp):
            if stats[c, TILES] > best and ends[c, 1] >= 0:
                best = stats[c, TILES]
            if stats[c, SELFX] > sx:
                sx = stats[c, SELFX]
        out[i, 0] = npaths
        out[i, 1] = nloops
        out[i, 2] = best
        out[i, 3] = sx


def end_name(x: int) -> str:
    """Name of a component end code: a location, or an empty space's port ``"c3:2"``."""
    if x >= 0:
        return LOCATIONS[x]
    p = -2 - x
    return f"{SPACES[p // 8]}:{p % 8}"


class FastTrace:
    """Result of :func:`fast_trace` (numpy arrays; see :func:`trace_kernel`)."""

    def __init__(self, tile, rot, ends, stats, owner, order, npaths, nloops, ncomp):
        self.tile, self.rot = tile, rot
        self.ends, self.stats, self.owner, self.order = ends, stats, owner, order
        self.npaths, self.nloops, self.ncomp = npaths, nloops, ncomp

    def components(self):
        """Per component: dict kind, ends (names), tiles, segments, points, printed,
        self_crossings, kinds (set of distances)."""
        out = []
        for c in range(self.ncomp):
            a, b = int(self.ends[c, 0]), int(self.ends[c, 1])
            if a == -1 and b == -1:
                kind, names = "loop", []
            elif a >= 0 and b >= 0:
                kind, names = "path", [LOCATIONS[a], LOCATIONS[b]]
            else:
                kind, names = "open", [end_name(a), end_name(b)]
            st = self.stats[c]
            out.append({"kind": kind, "ends": names, "tiles": int(st[TILES]),
                        "segments": int(st[SEGS]), "points": int(st[PTS]),
                        "printed": int(st[PRINTS]), "self_crossings": int(st[SELFX]),
                        "kinds": {d for d in range(1, 5) if st[KIND_MASK] >> d & 1}})
        return out

    def steps(self, c: int) -> list[tuple[str, int, int]]:
        """The tile segments of component ``c`` in travel order as (space, entry edge, exit edge)
        (entry/exit oriented for paths from their first end; for loops, from an arbitrary start)."""
        ports = np.nonzero(self.owner == c)[0]
        segs = {}
        for p in ports:
            segs.setdefault(int(self.order[p]), []).append(int(p))
        out = []
        prev_exit = None
        for pos in sorted(segs):
            p, q = segs[pos]
            # orient: entry port is the one linked to the previous exit
            if prev_exit is not None and LINK[prev_exit] == q:
                p, q = q, p
            elif prev_exit is None and self.ends[c, 0] >= 0 and LINK[q] == -1 - self.ends[c, 0]:
                p, q = q, p
            out.append((SPACES[p // 8], p % 8, q % 8))
            prev_exit = q
        return out


def arrays_of(placement) -> tuple[np.ndarray, np.ndarray]:
    tile = np.full(NS, -1, dtype=np.int64)
    rot = np.zeros(NS, dtype=np.int64)
    for sp, (t, r) in placement.items():
        i = SPACES.index(sp)
        tile[i], rot[i] = t, r
    return tile, rot


def fast_trace(placement=None, *, tile=None, rot=None, python: bool = False) -> FastTrace:
    """Trace a placement with the compiled kernel (``python=True``: its pure-Python twin)."""
    if placement is not None:
        tile, rot = arrays_of(placement)
    ends = np.zeros((MAXC, 2), dtype=np.int64)
    stats = np.zeros((MAXC, NSTAT), dtype=np.int64)
    owner = np.zeros(NP, dtype=np.int64)
    order = np.zeros(NP, dtype=np.int64)
    fn = trace_kernel.py_func if python else trace_kernel
    npaths, nloops, ncomp = fn(tile, rot, PARTNER, LINK, PRINTED, STUB_PORT, DIST, POINTS, CROSS,
                               ends, stats, owner, order)
    return FastTrace(tile, rot, ends, stats, owner, order, int(npaths), int(nloops), int(ncomp))


def batch_summary(tiles: np.ndarray, rots: np.ndarray) -> np.ndarray:
    out = np.zeros((tiles.shape[0], 4), dtype=np.int64)
    trace_many(tiles, rots, PARTNER, LINK, PRINTED, STUB_PORT, DIST, POINTS, CROSS, out)
    return out


def random_boards(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random full placements (17 of the 18 tiles, random rotations)."""
    rng = np.random.default_rng(seed)
    tiles = np.argsort(rng.random((n, R.NUM_TILES)), axis=1)[:, :NS].astype(np.int64)
    rots = rng.integers(0, 8, size=(n, NS)).astype(np.int64)
    return tiles, rots


def placement_of(tile, rot) -> dict:
    return {SPACES[i]: R.Placed(int(tile[i]), int(rot[i])) for i in range(NS) if tile[i] >= 0}


# ----------------------------------------------------------------------------------------------
# twins: every numba kernel and an independent pure-Python check (tests/test_kernel_twins.py)
# ----------------------------------------------------------------------------------------------

def _component_signature(ft: FastTrace) -> list[tuple]:
    return sorted((d["kind"], tuple(sorted(d["ends"])), d["tiles"], d["segments"], d["points"],
                   d["printed"], d["self_crossings"]) for d in ft.components())


def kernel_components(tile, rot) -> list[tuple]:
    """The components found by the compiled ``trace_kernel`` (with its helper ``_walk``)."""
    return _component_signature(fast_trace(tile=tile, rot=rot))


def interpreted_components(tile, rot) -> list[tuple]:
    """The same code run by the interpreter (``trace_kernel.py_func``; ``_walk`` stays compiled)."""
    return _component_signature(fast_trace(tile=tile, rot=rot, python=True))


def networkx_components(tile, rot) -> list[tuple]:
    """The components found by the networkx tracer (:func:`octosolve.octiles.tracer.trace`): a
    different algorithm (graph components) on the same board."""
    from .tracer import trace

    tr = trace(placement_of(tile, rot))
    return sorted((p.kind, tuple(sorted(p.ends)), p.tiles, p.segments, p.points, p.printed,
                   p.self_crossings) for p in tr.paths)


def networkx_summary(tiles, rots) -> np.ndarray:
    """``batch_summary`` recomputed board by board with the networkx tracer."""
    from .tracer import trace

    out = np.zeros((tiles.shape[0], 4), dtype=np.int64)
    for i in range(tiles.shape[0]):
        tr = trace(placement_of(tiles[i], rots[i]))
        out[i] = (len(tr.complete_paths), len(tr.loops),
                  max([p.tiles for p in tr.complete_paths] or [0]),
                  max([p.self_crossings for p in tr.paths] or [0]))
    return out


def _board_examples(rng: np.random.Generator):
    for n in (0, 1, 5, 12, 16, 17, 17, 17):
        tile = np.full(NS, -1, dtype=np.int64)
        rot = np.zeros(NS, dtype=np.int64)
        spaces = rng.permutation(NS)[:n]
        tiles = rng.permutation(R.NUM_TILES)[:n]
        tile[spaces] = tiles
        rot[spaces] = rng.integers(0, 8, size=n)
        yield tile, rot


def _batch_examples(rng: np.random.Generator):
    yield random_boards(25, int(rng.integers(0, 2**31)))


TWINS = (
    Twin("trace_kernel", kernel_components, networkx_components, _board_examples,
         note="compiled table walk (with _walk) vs networkx graph components, partial and full boards"),
    Twin("trace_kernel.py_func", kernel_components, interpreted_components, _board_examples,
         note="compiled vs interpreted run of the same code (numba typing and integer semantics)"),
    Twin("trace_many", batch_summary, networkx_summary, _batch_examples,
         note="batch kernel vs the networkx tracer board by board"),
)
