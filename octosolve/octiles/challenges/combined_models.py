"""CP-SAT models of the combined challenges (declared in :mod:`.catalogue`, scored by
:mod:`.combined`).

* 7 with X: one :func:`~.cpsat.pairing` over the circle-to-circle stub pairs and X's pairs; every
  circle stub is the end of a path to a circle (each such literal is true only when the two stubs
  really are the ends of one path, so this is sound and, choosing the literals of the actual paths,
  exact); the objective counts X's pairs.
* 25-29 in combination: the exact models of each condition (as 25-29 declare them: :mod:`.wholeboard`
  for 25 and 26, label separation for 27 and 28, the flow of 29) added to one skeleton; 27 and 28
  also by reachability booleans (:func:`forbid_reach_build`, their declared second formulation).
  Each model is exact, so their conjunction is exact: INFEASIBLE means no placement meets the
  conditions at once.

Each combination declares its proof strategy in :mod:`.proofs_combined` (``octosolve octiles prove``).
"""

from __future__ import annotations

from .combined import SEVEN_WITH
from .cpsat import pairing
from .geometry import (CIRCLE_PAIRS, CIRCLE_STUBS, PAIRS, PORT_LINKS, SP, STUBS,
                       loc_pairs_to_stub_pairs, stubs_of)

__all__ = ["seven_with_build", "whole_build", "forbid_reach_build"]


def seven_with_build(pairs):
    """7 holds (every circle stub paired with a circle stub); maximise the paths between ``pairs``."""
    def build(sk):
        circle = {frozenset(p) for p in CIRCLE_PAIRS}
        other = {frozenset(p) for p in pairs}
        union = sorted(tuple(sorted(p)) for p in circle | other)
        cands, owner = loc_pairs_to_stub_pairs(union)
        z = pairing(sk, cands, name="S")
        at: dict = {}
        obj = []
        for zk, o, (i, j) in zip(z, owner, cands):
            lp = frozenset(union[o])
            if lp in circle:
                at.setdefault(i, []).append(zk)
                at.setdefault(j, []).append(zk)
            if lp in other:
                obj.append(zk)
        for i in CIRCLE_STUBS:
            sk.m.Add(sum(at[i]) == 1)
        return sum(obj)
    return build


def forbid_reach_build(pairs):
    """27/28 written without integer labels (a second formulation): for every stub i of a stop in a
    forbidden pair, a boolean per port "on the path from stub i", true at stub i, equal across board
    links and along placed segments, false at the stubs of the stops forbidden to i's stop. Exact:
    the path from stub i forces true all along it, so it cannot end at a forbidden stub; a
    placement without forbidden paths takes "on the path from i" literally."""
    def build(sk):
        m = sk.m
        partners: dict = {}
        for u, v in pairs:
            partners.setdefault(u, set()).add(v)
            partners.setdefault(v, set()).add(u)
        for u in sorted(partners):
            for i in stubs_of(u):
                r = {}
                for s in SP:
                    for e in range(8):
                        r[(s, e)] = m.NewBoolVar("")
                m.Add(r[STUBS[i][1]] == 1)
                for v in partners[u]:
                    for j in stubs_of(v):
                        m.Add(r[STUBS[j][1]] == 0)
                for p, q in PORT_LINKS:
                    m.Add(r[p] == r[q])
                for s in SP:
                    for a, b in PAIRS:
                        cv = sk.c[s, a, b]
                        m.AddBoolOr([cv.Not(), r[(s, a)].Not(), r[(s, b)]])
                        m.AddBoolOr([cv.Not(), r[(s, b)].Not(), r[(s, a)]])
        return None
    return build


def whole_build(builds):
    """The conjunction of whole-board models (``builds``: the conditions' models, as their questions
    declare them; a yes/no question: no objective)."""
    def build(sk):
        for b in builds:
            b(sk)
        return None
    return build
