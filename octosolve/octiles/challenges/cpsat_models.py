"""The per-challenge CP-SAT models: each ``*_build(sk)`` adds a challenge's constraints to a
:class:`~.cpsat.Skeleton` and returns its objective (None for a yes/no question). The whole-board
models of 25 and 26 are in :mod:`.wholeboard`.
"""

from __future__ import annotations

import itertools

from .. import rules as R
from .wholeboard import model25, model26
from .cpsat import Chain, Labels, pairing
from .geometry import (B, CROSSING, N_PORTS, PAIRS, PORT_LINKS, SP, STUBS, loc_pairs_to_stub_pairs, pidx,
                       stubs_of)

__all__ = ['longest_build', 'route_build', 'loops_build', 'loop_every_tile_build',
           'path_all_tiles_build', 'pairs_count_build', 'pairs_all_build', 'repeat_build',
           'self_crossings', 'pair_crossings', 'self_cross_build', 'pair_cross_build',
           'pair_share_build', 'groups_build',
           'single_kind_build', 'forbid_pairs_build', 'subway_build', 'one_tile_paths_build',
           'build24', 'build25', 'build26', 'build26_ends', 'two_stop_build']


def longest_build(kind, measure, ends_stubs=None):
    """One path or loop (``kind``), its length in ``measure``; path ends restricted to ``ends_stubs``."""
    mode = {"path": "path", "loop": "loop"}[kind]

    def build(sk):
        ch = Chain(sk, mode, ends=ends_stubs)
        return ch.measure(measure)
    return build


def route_build(sk):
    return Chain(sk, "route", closed_ok=True).measure("squares")


def loops_build(sk):
    # loops get labels = id of a root port; paths are labelled 0 through their stubs
    lab = Labels(sk, 0, N_PORTS, "LL")
    for i in range(len(STUBS)):
        sk.m.Add(lab.stub(i) == 0)
    roots = []
    for p in range(N_PORTS):
        r = sk.m.NewBoolVar("")
        sk.m.Add(lab.L[p] == p + 1).OnlyEnforceIf(r)
        roots.append(r)
    return sum(roots)


def loop_every_tile_build(sk):
    ch = Chain(sk, "loop")
    for s in SP:
        sk.m.Add(ch.space_count[s] == 1)
    return None


def path_all_tiles_build(sk):
    ch = Chain(sk, "path")
    for s in SP:
        sk.m.Add(ch.space_used[s] == 1)
    return ch.measure("printed")


def pairs_count_build(pairs):
    def build(sk):
        cands, _ = loc_pairs_to_stub_pairs(pairs)
        return sum(pairing(sk, cands))
    return build


def pairs_all_build(pairs):
    def build(sk):
        cands, owner = loc_pairs_to_stub_pairs(pairs)
        z = pairing(sk, cands)
        for n in range(len(pairs)):
            sk.m.Add(sum(zk for zk, o in zip(z, owner) if o == n) == 1)
        return None
    return build


def repeat_build(times):
    def build(sk):
        ch = Chain(sk, "path_or_loop")
        vs = []
        for s in SP:
            v = sk.m.NewBoolVar("")
            sk.m.Add(ch.space_count[s] >= times).OnlyEnforceIf(v)
            vs.append(v)
        return sum(vs)
    return build


def self_crossings(m, w, spaces=SP) -> list:
    """The crossings of a chain with itself: one boolean per crossing chord pair on each space, true
    only when the chain (``w``: its segment literals) uses both chords. Their sum is the objective of
    12 (and of each case of its end split, :func:`.proofs_paths.prove_12_by_end_split`)."""
    zs = []
    for s in spaces:
        for e, f in CROSSING:
            z = m.NewBoolVar("")
            m.AddImplication(z, w[(s,) + e])
            m.AddImplication(z, w[(s,) + f])
            zs.append(z)
    return zs


def pair_crossings(m, wa, wb, spaces=SP) -> list:
    """The crossings of two chains: as :func:`self_crossings`, one chord of each (both orders)."""
    zs = []
    for s in spaces:
        for e, f in CROSSING:
            for x, y in ((wa, wb), (wb, wa)):
                z = m.NewBoolVar("")
                m.AddImplication(z, x[(s,) + e])
                m.AddImplication(z, y[(s,) + f])
                zs.append(z)
    return zs


def self_cross_build(sk):
    return sum(self_crossings(sk.m, Chain(sk, "path_or_loop").w))


def pair_cross_build(sk):
    a = Chain(sk, "path_or_loop", name="A")
    b = Chain(sk, "path_or_loop", name="B", disjoint_from=a)
    return sum(pair_crossings(sk.m, a.w, b.w))


def pair_share_build(sk):
    a = Chain(sk, "path_or_loop", name="A")
    b = Chain(sk, "path_or_loop", name="B", disjoint_from=a)
    for s in SP:
        for e, f in CROSSING:
            for x, y in ((a, b), (b, a)):
                sk.m.AddBoolOr([x.w[(s,) + e].Not(), y.w[(s,) + f].Not()])
    shared = []
    for s in SP:
        v = sk.m.NewBoolVar("")
        sk.m.AddImplication(v, a.space_used[s])
        sk.m.AddImplication(v, b.space_used[s])
        shared.append(v)
    return sum(shared)


def groups_build(sk):
    stops4 = [s for s in B.stops if len(B.location_ports[s]) == 4]
    pairs = [(s, c) for s in stops4 for c in B.ring]
    cands, owner = loc_pairs_to_stub_pairs(pairs)
    z = pairing(sk, cands)
    g = []
    for s in stops4:
        gs = sk.m.NewBoolVar(f"g_{s}")
        for grp in ("west", "north", "east", "south"):
            lits = [zk for zk, o in zip(z, owner) if pairs[o][0] == s
                    and B.circle_group(pairs[o][1]) == grp]
            sk.m.Add(sum(lits) >= 1).OnlyEnforceIf(gs)
        g.append(gs)
    return sum(g)


def single_kind_build(sk):
    m = sk.m
    lab = Labels(sk, 0, 4, "K")
    for s in SP:
        for a, b in PAIRS:
            d = R.seg_distance(a, b)
            la = lab.L[pidx((s, a))]
            y = m.NewBoolVar("")
            m.Add(la == 0).OnlyEnforceIf([sk.c[s, a, b], y])
            m.Add(la == d).OnlyEnforceIf([sk.c[s, a, b], y.Not()])
    ends = []
    for i in range(len(STUBS)):
        e = m.NewBoolVar("")
        m.Add(lab.stub(i) >= 1).OnlyEnforceIf(e)
        ends.append(e)
    total = m.NewIntVar(0, len(STUBS), "single_ends")
    m.Add(total == sum(ends))
    half = m.NewIntVar(0, len(STUBS) // 2, "single_paths")
    m.Add(2 * half <= total)
    return half


def forbid_pairs_build(pairs):
    def build(sk):
        lab = Labels(sk, 0, len(STUBS), "F")
        for u, v in pairs:
            for i in stubs_of(u):
                for j in stubs_of(v):
                    sk.m.Add(lab.stub(i) != lab.stub(j))
        return None
    return build


def subway_build(sk):
    """Single-commodity flow from circle A1 to every other location through ports, active
    segments and stops (a stop passes flow between its paths)."""
    m = sk.m
    locs = list(B.stops) + list(B.ring)
    root = B.ring[0]
    cap = len(locs) - 1
    flows_in: dict = {}
    flows_out: dict = {}

    def arc(u, v, lit=None):
        f = m.NewIntVar(0, cap, "")
        if lit is not None:
            m.Add(f == 0).OnlyEnforceIf(lit.Not())
        flows_out.setdefault(u, []).append(f)
        flows_in.setdefault(v, []).append(f)

    for p, q in PORT_LINKS:
        arc(("p", p), ("p", q))
        arc(("p", q), ("p", p))
    for loc in locs:
        for p in B.location_ports.get(loc, []):
            arc(("l", loc), ("p", p))
            arc(("p", p), ("l", loc))
    for (s, a, b), cv in sk.c.items():
        arc(("p", (s, a)), ("p", (s, b)), cv)
        arc(("p", (s, b)), ("p", (s, a)), cv)
    nodes = dict.fromkeys([*flows_in, *flows_out])   # (a set's order would follow the string hashes)
    for nd in nodes:
        bal = sum(flows_in.get(nd, [])) - sum(flows_out.get(nd, []))
        if nd[0] == "l":
            m.Add(bal == (-cap if nd[1] == root else 1))
        else:
            m.Add(bal == 0)
    return None


def one_tile_paths_build(sk):
    terms = []
    for s in SP:
        for a, b in PAIRS:
            if isinstance(B.port_link[(s, a)], str) and isinstance(B.port_link[(s, b)], str):
                terms.append(sk.c[s, a, b])
    return sum(terms)


def build24(sk):
    """Challenge 25's exact model with paths allowed to stay unclaimed: maximise the claimed ones."""
    twice = model25(sk, soft=True)
    n = sk.m.NewIntVar(0, len(STUBS) // 2, "paths24")
    sk.m.Add(2 * n == twice)
    return n


def build25(sk):
    return model25(sk)


def build26(sk):
    return model26(sk)


def build26_ends(sk):
    return model26(sk, ends=True)


def two_stop_build(types: bool):
    def build(sk):
        m = sk.m
        deg = {s: len(B.location_ports[s]) for s in B.stops}
        groups = []
        for s1, s2 in itertools.combinations(B.stops, 2):
            d = sorted((deg[s1], deg[s2]))
            typ = "A" if d == [2, 4] else "B" if d == [3, 3] else "C" if d == [4, 4] else None
            if typ is None:
                continue
            groups.append((s1, s2, typ))
        pairs = set()
        for s1, s2, _ in groups:
            pairs.add((s1, s2))
        for s in B.stops:
            for c in B.ring:
                pairs.add((s, c))
        pairs = sorted(pairs)
        cands, owner = loc_pairs_to_stub_pairs(pairs)
        z = pairing(sk, cands)
        zs_of: dict = {}
        for zk, o, (i, j) in zip(z, owner, cands):
            zs_of.setdefault(pairs[o], []).append((zk, i, j))
        gl = []
        per_stop: dict = {}
        for s1, s2, typ in groups:
            g = m.NewBoolVar(f"g_{s1}_{s2}")
            gl.append((g, typ))
            per_stop.setdefault(s1, []).append(g)
            per_stop.setdefault(s2, []).append(g)
            # at least one path between the two stops; every stub of either stop is joined to the
            # other stop or to a circle; one circle of each colour
            m.Add(sum(zk for zk, _, _ in zs_of[(s1, s2)]) >= 1).OnlyEnforceIf(g)
            for s in (s1, s2):
                for i in stubs_of(s):
                    lits = [zk for zk, a, b in zs_of[(s1, s2)] if i in (a, b)]
                    for c in B.ring:
                        lits += [zk for zk, a, b in zs_of[(s, c)] if i in (a, b)]
                    m.Add(sum(lits) == 1).OnlyEnforceIf(g)
            for colour in ("west", "north", "east", "south"):
                lits = [zk for s in (s1, s2) for c in B.ring if B.circle_group(c) == colour
                        for zk, _, _ in zs_of[(s, c)]]
                m.Add(sum(lits) == 1).OnlyEnforceIf(g)
        for s, gs in per_stop.items():
            m.AddAtMostOne(gs)
        if not types:
            return sum(g for g, _ in gl)
        have = []
        for t in "ABC":
            h = m.NewBoolVar(f"type_{t}")
            m.Add(sum(g for g, typ in gl if typ == t) >= 1).OnlyEnforceIf(h)
            have.append(h)
        return sum(have)
    return build
