"""Challenge 7 combined with 8, 9, 10, 16 as a flow MIP (HiGHS): a second formulation, sharing no
code with the CP-SAT pairing model.

The flow model of 16 (:class:`~.proofs_groups.TurnedFlow` with the tiles: one commodity per location
pair of the other challenge, a unit per path, each port carrying at most one unit of them, a segment
arc only where its segment is placed) counts the other challenge's paths. On top, 7's condition as
one more commodity, "circles", with its own port capacity 1: every circle stub is either a source
(one unit enters the board there) or a sink (one unit leaves there), and a unit can leave the board
only at a circle stub. With the tiles integral every port has one placed segment and one link, so a
unit entering at a circle follows that circle's path to its other end, which must then be a circle
sink: the rows hold exactly when all 20 circles are joined in 10 circle-to-circle paths. Only the
tiles are integers (as in 16).
"""

from __future__ import annotations

from .. import rules as R
from .geometry import PORT_LINKS, SP, STUBS

__all__ = ["SevenFlow"]


class SevenFlow:
    """The MIP; :meth:`solve` as :meth:`~.proofs_groups.TurnedFlow.solve`."""

    def __init__(self, pairs):
        from . import geometry as G
        from .proofs_groups import TurnedFlow
        saved = G.turned_pairs
        G.turned_pairs = lambda q: list(pairs)          # TurnedFlow reads its pairs from here
        try:
            f = TurnedFlow(1, tiles=True)
        finally:
            G.turned_pairs = saved
        self.f = f
        ports = [(s, e) for s in SP for e in range(8)]
        pid = {p: i for i, p in enumerate(ports)}
        npt = len(ports)
        seg_x: dict = {}
        for i, (s, t, r) in enumerate(f.x):
            for a, b in R.tile_segments(t, r):
                seg_x.setdefault((s, min(a, b), max(a, b)), []).append(i)
        nv = f.nv
        cons: dict = {}
        cap: dict = {i: [] for i in range(npt)}

        def arc(tail, head, seg=None):
            nonlocal nv
            j = nv
            nv += 1
            for node, sg in ((tail, -1), (head, 1)):
                if node is not None:
                    cons.setdefault(node, []).append((j, sg))
            if head is not None and not isinstance(head, tuple):
                cap[head % npt].append(j)
            if seg is not None:
                f.ub.append(([(j, 1)] + [(i, -1) for i in seg_x.get(seg, [])], 0))
            return j
        for s in SP:
            for e in range(8):
                for g in range(8):
                    if e != g:
                        arc(pid[s, e], npt + pid[s, g], (s, min(e, g), max(e, g)))
        for p, q in PORT_LINKS:
            arc(npt + pid[p], pid[q])
            arc(npt + pid[q], pid[p])
        for loc, p in STUBS:
            if not R.board().is_circle(loc):
                continue
            src = arc(None, pid[p])                     # one unit enters at this circle stub
            snk = arc(npt + pid[p], None)               # or one unit leaves here
            f.eq.append(([(src, 1), (snk, 1)], 1))
        for c in cons.values():
            f.eq.append((c, 0))
        for js in cap.values():
            f.ub.append(([(j, 1) for j in js], 1))
        f.nv = nv

    def solve(self, **kw) -> dict:
        return self.f.solve(**kw)
