"""Board indexing shared by the CP-SAT models and the scorers: spaces, ports, stubs (a location's
link to a port), board links, crossing chords, and the location pairs the challenges name.

>>> len(SP), N_PORTS, len(STUBS)
(17, 136, 72)
>>> len(CROSSING), len(PAIRS)
(70, 28)
"""

from __future__ import annotations

import itertools

from .. import rules as R

__all__ = ["B", "SP", "SPI", "PAIRS", "N_PORTS", "pidx", "STUBS", "STUB_OF_PORT", "PORT_LINKS",
           "CROSSING", "SAME_TILE_NONCROSS", "CIRCLE_STUBS", "CIRCLE_PAIRS", "crossing_chord_pairs",
           "stubs_of", "loc_pairs_to_stub_pairs", "ADJ_STOPS", "OPP_STOPS", "ring_pairs",
           "opposite_circle_pairs", "similar_circle_pairs", "turned_pairs", "N_PATHS", "N_SEGMENTS"]

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
N_PATHS = len(STUBS) // 2   # every full placement has exactly 36 paths (72 ports face a location)
N_SEGMENTS = 4 * len(SP)    # tile segments of a full placement (17 tiles x 4)


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
CIRCLE_STUBS = {i for i, (loc, _) in enumerate(STUBS) if B.is_circle(loc)}
CIRCLE_PAIRS = [(u, v) for u, v in itertools.combinations(B.ring, 2)]


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
