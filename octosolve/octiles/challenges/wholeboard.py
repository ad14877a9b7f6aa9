"""Exact CP-SAT models for the whole-board symmetry challenges 25 and 26.

Both challenges ask that *every* one of the 36 paths of a full placement have a property defined by
a map of the plane: a turn of the board (25: the path turned a quarter, half or three-quarter turn
is another path of the placement) or a reflection (26: the path's drawn tile segments are mirror
symmetric). Each path gets a *witness label* (which turn, which reflection), equal along the path;
the model then asks that the image of every segment of a labelled path be a segment of the placement.

Challenge 25 (every path has a turned twin)
-------------------------------------------
Label ``q`` in {1, 2, 3} per port of a path (loops may take 0). A port ``p`` of a path labelled
``q`` on segment ``(s, a, b)`` requires segment ``(turn_q(s), a + 2q, b + 2q)``. The board's links,
printed links, stops and circles are unchanged by a quarter turn, so when every segment of path P
turned is present, P turned is a whole component running between the turned end locations: a path.
It is *another* path unless P is its own image, which happens exactly when q = 2 and P runs along a
Diameter of the centre space c3 (a turn maps P's chain of ports onto itself, so it reverses it;
the middle of the chain is then an element swapped by the turn: no port, no link (checked by
:func:`half_turn_swapped_links`), only a Diameter of c3 under the half turn). So the model forbids a
c3 Diameter on a path labelled 2. The model is exact: its solutions are exactly the placements in
which every path has a turned twin (with a choice of twin per path).

Challenge 26 (every path mirror-symmetric)
------------------------------------------
A path of one segment is always mirror-symmetric (label ``single``, allowed only on a segment whose
two ports both lead to a stop or circle). A longer path covers two or more spaces, so a reflection
mapping it onto itself maps the square lattice of space centres onto itself: one of the reflections
``SIGMA`` (axis horizontal, vertical or diagonal, through any lattice line). Label per port: one of
SIGMA, ``single``, or ``none`` (loops only: forbidden on any port leading to a stop or circle). With
label sigma on path P:
  * each segment of P mapped by sigma is a segment of the placement (its space on the board), and
  * the image sigma(p) of every port p of P lies on P itself: P also carries a path number
    ``N`` in 1..36, equal along the path, each number held by at most two stub ports (so two
    different paths have different numbers), and ``N[sigma(p)] = N[p]``.
Together sigma(P) is contained in P, so (sigma being one-to-one) sigma(P) = P: P is symmetric.
Conversely a placement whose 36 paths are all symmetric satisfies the model (label each path by one
of its reflections, number the paths 1..36, loops ``none``). So the model is exact too: INFEASIBLE
is a proof that no placement has every path mirror-symmetric, and a solution is re-checked by the
tracer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from ...core.cpsat import new_solver as cpsat_solver
from ...core.cpsat import solve as cpsat_solve
from .. import rules as R
from .cpsat import Skeleton
from .geometry import PAIRS, PORT_LINKS, SP, STUBS

B = R.board()


def _loc_port(p) -> bool:
    return isinstance(B.port_link[p], str)


def turn_port(p, q: int):
    return B.turn_port(p, q)


def half_turn_swapped_links() -> list:
    """Board links (tile edge to tile edge) whose two ports a half turn swaps (none on this board)."""
    return [(p, q) for p, q in PORT_LINKS if B.turn_port(p, 2) == q]


# ---------------------------------------------------------------------------------------------
# reflections of the lattice of space centres

# doubled coordinates: space (x, y) -> (2x, 2y), odd integers
def _dbl(s):
    x, y = B.space_xy[s]
    return (round(2 * x), round(2 * y))


_XY2 = {_dbl(s): s for s in SP}
# k -> (matrix, edge map): the linear part of a reflection; edge e -> (k - e) % 8
_REFL = {0: ((1, 0), (0, -1)), 2: ((0, 1), (1, 0)), 4: ((-1, 0), (0, 1)), 6: ((0, -1), (-1, 0))}


@dataclass(frozen=True)
class Reflection:
    k: int           # edge map e -> (k - e) % 8
    t: tuple         # translation in doubled coordinates

    def space(self, s):
        m = _REFL[self.k]
        x, y = _dbl(s)
        return _XY2.get((m[0][0] * x + m[0][1] * y + self.t[0], m[1][0] * x + m[1][1] * y + self.t[1]))

    def port(self, p):
        s2 = self.space(p[0])
        return None if s2 is None else (s2, (self.k - p[1]) % 8)

    def __str__(self):
        return f"mirror k={self.k} t={self.t}"


def reflections() -> list[Reflection]:
    """Every reflection of the plane that maps the lattice of space centres onto itself and at
    least two spaces to spaces (one that maps a single space only cannot carry a path of two or
    more spaces): axis horizontal, vertical or diagonal. (Glide reflections are left out: no finite
    shape is invariant under one.)"""
    out = []
    cents = list(_XY2)
    for k, m in _REFL.items():
        ts = set()
        for a in cents:
            for b in cents:
                ts.add((b[0] - (m[0][0] * a[0] + m[0][1] * a[1]), b[1] - (m[1][0] * a[0] + m[1][1] * a[1])))
        for t in sorted(ts):
            if (m[0][0] * t[0] + m[0][1] * t[1] + t[0], m[1][0] * t[0] + m[1][1] * t[1] + t[1]) != (0, 0):
                continue  # a glide reflection (no finite shape is invariant), not a reflection
            f = Reflection(k, t)
            if sum(1 for s in SP if f.space(s) is not None) >= 2:
                out.append(f)
    return out


@dataclass(frozen=True)
class Turn:
    """A turn of the plane by ``q`` quarter turns (1, 2, 3) that maps the lattice of space centres
    onto itself: (x, y) -> R^q (x, y) + t in doubled coordinates, edge e -> e + 2q."""
    q: int
    t: tuple

    def space(self, s):
        x, y = _dbl(s)
        for _ in range(self.q):
            x, y = -y, x
        return _XY2.get((x + self.t[0], y + self.t[1]))

    def port(self, p):
        s2 = self.space(p[0])
        return None if s2 is None else (s2, (p[1] + 2 * self.q) % 8)

    def __str__(self):
        return f"turn q={self.q} t={self.t}"


def turns() -> list[Turn]:
    """Every turn (a quarter, half or three-quarter turn about any point) that maps the lattice of
    space centres onto itself and at least one space to a space: the maps under which a path's
    drawn shape can be rotationally symmetric (challenge 20; a one-segment Diameter is symmetric
    under the half turn about its own space)."""
    out = []
    cents = list(_XY2)
    for q in (1, 2, 3):
        ts = set()
        for a in cents:
            x, y = a
            for _ in range(q):
                x, y = -y, x
            for b in cents:
                ts.add((b[0] - x, b[1] - y))
        for t in sorted(ts):
            f = Turn(q, t)
            if any(f.space(s) is not None for s in SP):
                out.append(f)
    return out


# ---------------------------------------------------------------------------------------------
# the models


@dataclass
class WholeResult:
    status: str                 # FEASIBLE / INFEASIBLE / UNKNOWN
    placement: dict | None
    seconds: float
    extra: dict = field(default_factory=dict)


def _port_label_vars(sk: Skeleton, n_opts: int, name: str, avail=None):
    """One boolean per (port, option) (``avail(port, option)`` false: no variable, the option is
    out), exactly one option per port, equal across board links and along active segments.
    Returns ``{port: {option: bool var}}``."""
    m = sk.m
    lab = {}
    for s in SP:
        for e in range(8):
            d = {o: m.NewBoolVar(f"{name}_{s}_{e}_{o}") for o in range(n_opts)
                 if avail is None or avail((s, e), o)}
            m.AddExactlyOne(d.values())
            lab[(s, e)] = d

    def tie(p, q, lit=None):
        for o in set(lab[p]) | set(lab[q]):
            u, v = lab[p].get(o), lab[q].get(o)
            if u is not None and v is not None:
                ct = m.Add(u == v)
            else:
                ct = m.Add((u if u is not None else v) == 0)
            if lit is not None:
                ct.OnlyEnforceIf(lit)

    for p, q in PORT_LINKS:
        tie(p, q)
    for s in SP:
        for a, b in PAIRS:
            tie((s, a), (s, b), sk.c[s, a, b])
    return lab


def _claimed(sk: Skeleton, lab, soft: bool):
    """Option 0 (``none``: a loop, or in the soft model a path not claimed) is forbidden on a port
    leading to a stop or circle; in the soft model it is allowed and the number of claimed paths
    (half the claimed stub ports) is returned."""
    m = sk.m
    claimed = []
    for _, p in STUBS:
        if soft:
            claimed.append(lab[p][0].Not())
        else:
            m.Add(lab[p][0] == 0)
    return sum(claimed) if soft else None


def model25(sk: Skeleton, *, soft: bool = False):
    """Challenge 25 on a skeleton (options 0 = loop, 1..3 = quarter turns to the twin). With
    ``soft=True`` a path may stay unclaimed (option 0) and the returned expression is twice the
    number of claimed paths (each has a twin)."""
    m = sk.m
    lab = _port_label_vars(sk, 4, "q")
    obj = _claimed(sk, lab, soft)
    for s in SP:
        for a, b in PAIRS:
            cv = sk.c[s, a, b]
            for q in (1, 2, 3):
                img = sk.seg(B.turn_space(s, q), (a + 2 * q) % 8, (b + 2 * q) % 8)
                m.AddBoolOr([cv.Not(), lab[(s, a)][q].Not(), img])
    centre = next(s for s in SP if B.turn_space(s, 1) == s)
    for a in range(4):  # a path labelled 2 along a Diameter of the centre is its own half turn
        m.AddBoolOr([sk.c[centre, a, a + 4].Not(), lab[(centre, a)][2].Not()])
    return obj


def model20(sk: Skeleton, *, soft: bool = True, numbers: bool = True):
    """Challenge 20 on a skeleton, exact: challenge 26's model with the turns of :func:`turns` in
    place of the reflections (options 0 = none, 1 unused, 2 + i = turn i). A path labelled with a
    turn f has f(segment) placed for each of its segments and f(p) on a port with its own path
    number; loops carry no label (:func:`_labels_on_paths`: without it a path could lean on a loop
    that takes its number), so f(p) is on the path itself and f maps the path onto itself: its
    drawn shape has rotational symmetry. Conversely every rotationally symmetric path can be
    labelled with its turn. ``soft``: returns twice the number of claimed (symmetric) paths."""
    return model26(sk, soft=soft, numbers=numbers, maps=turns(), on_paths=True)


def _labels_on_paths(sk: Skeleton, lab) -> None:
    """A labelled port (option other than 0) lies on a path, not on a loop: a rank per port, and
    every labelled port that does not face a stop or circle has a neighbour (its link partner or
    its active segment's other port, both on its own component) of smaller rank. Around a loop the
    port of least rank would have none; along a path the distance to its nearer end works."""
    m = sk.m
    rank = {p: m.NewIntVar(0, len(lab), f"r_{p[0]}_{p[1]}") for p in lab}
    for (s, a), d in lab.items():
        q = B.port_link[(s, a)]
        if isinstance(q, str):
            continue
        down = []
        b_link = m.NewBoolVar("")
        m.Add(rank[q] < rank[(s, a)]).OnlyEnforceIf(b_link)
        down.append(b_link)
        for e in range(8):
            if e == a:
                continue
            b_seg = m.NewBoolVar("")
            m.Add(rank[(s, e)] < rank[(s, a)]).OnlyEnforceIf(b_seg)
            m.AddImplication(b_seg, sk.c[s, min(a, e), max(a, e)])
            down.append(b_seg)
        m.AddBoolOr([d[0]] + down)


def _same_kind_end(p, q) -> bool:
    """Ports ``p`` and ``q`` both lead to a location, and of the same kind (stop or circle)."""
    a, b = B.port_link.get(p), B.port_link.get(q) if q is not None else None
    return isinstance(a, str) and isinstance(b, str) and B.is_stop(a) == B.is_stop(b)


def model26(sk: Skeleton, *, soft: bool = False, numbers: bool = True, maps=None,
            on_paths: bool = False, ends: bool = False):
    """Challenge 26 on a skeleton (options 0 = none, 1 = single segment, 2 + i = reflection i).
    ``soft=True``: paths may stay unclaimed, returns twice the number of claimed (mirror-symmetric)
    paths. ``numbers=False`` drops the path numbers (a relaxation: a path may then lean on its
    mirror image elsewhere on the board). ``ends=True`` (the variant ``whole-board-ends``): the
    reflection maps the path's ends too, a stop onto a stop and a circle onto a circle: label i is
    forbidden on a port leading to a location whose image port does not lead to a location of the
    same kind, and ``single`` needs two ends of one kind or a Diameter (mirrored along its own axis,
    each end onto itself). Since sigma(P) = P maps P's end ports onto ports of P, an end port's image
    leading to a location is an end of P, so the model is still exact."""
    m = sk.m
    sig = reflections() if maps is None else maps
    lab = _port_label_vars(sk, 2 + len(sig), "m",
                           avail=lambda p, o: (o < 2 if maps is None else o == 0)
                           or (o >= 2 and sig[o - 2].space(p[0]) is not None))
    obj = _claimed(sk, lab, soft)
    if on_paths:
        _labels_on_paths(sk, lab)
    if ends:
        for _, p in STUBS:
            for o, li in lab[p].items():
                if o >= 2 and not _same_kind_end(p, sig[o - 2].port(p)):
                    m.Add(li == 0)
    for s in SP:
        for a, b in PAIRS:
            cv = sk.c[s, a, b]
            # single: only on a segment whose two ports both lead to a stop or circle
            if maps is None and (not (_loc_port((s, a)) and _loc_port((s, b))) or (
                    ends and not _same_kind_end((s, a), (s, b)) and (b - a) % 8 != 4)):
                m.AddBoolOr([cv.Not(), lab[(s, a)][1].Not()])
            # reflection i: the image segment is on the board
            for o, li in lab[(s, a)].items():
                if o < 2:
                    continue
                f = sig[o - 2]
                pa, pb = f.port((s, a)), f.port((s, b))
                m.AddBoolOr([cv.Not(), li.Not(), sk.seg(pa[0], pa[1], pb[1])])
    # the image of a port of a path labelled i carries label i too
    for p, d in lab.items():
        for o, li in d.items():
            if o >= 2:
                img = sig[o - 2].port(p)
                m.AddImplication(li, lab[img][o] if o in lab[img] else m.NewConstant(0))
    if numbers:
        n_paths = len(STUBS) // 2
        N = {}
        for p, d in lab.items():
            N[p] = m.NewIntVar(0, n_paths, f"N_{p[0]}_{p[1]}")
            m.Add(N[p] == 0).OnlyEnforceIf(d[0])
            m.Add(N[p] >= 1).OnlyEnforceIf(d[0].Not())
        for p, q in PORT_LINKS:
            m.Add(N[p] == N[q])
        for s in SP:
            for a, b in PAIRS:
                m.Add(N[(s, a)] == N[(s, b)]).OnlyEnforceIf(sk.c[s, a, b])
        hold: dict = {v: [] for v in range(1, n_paths + 1)}
        for _, p in STUBS:
            bs = {v: m.NewBoolVar(f"h_{p[0]}_{p[1]}_{v}") for v in range(0, n_paths + 1)}
            m.AddExactlyOne(bs.values())
            m.Add(N[p] == sum(v * b for v, b in bs.items()))
            for v in range(1, n_paths + 1):
                hold[v].append(bs[v])
        for bs in hold.values():  # a number is held by the two ends of one path at most
            m.Add(sum(bs) <= 2)
        for p, d in lab.items():
            for o, li in d.items():
                if o >= 2:
                    m.Add(N[sig[o - 2].port(p)] == N[p]).OnlyEnforceIf(li)
    return obj


def solve_model(number: int, *, time_limit: float = 60.0, workers: int = 2, seed: int = 0,
                hint: dict | None = None, numbers: bool = True, log: bool = False,
                fixed: dict | None = None, soft: bool = False, ends: bool = False) -> WholeResult:
    t0 = time.perf_counter()
    sk = Skeleton()
    if number == 20:
        obj = model20(sk, soft=True, numbers=numbers)
        soft = True
    elif number == 25:
        obj = model25(sk, soft=soft)
    elif number == 26:
        obj = model26(sk, soft=soft, numbers=numbers, ends=ends)
    else:
        raise ValueError(number)
    if soft:
        sk.m.Maximize(obj)
    if hint:
        sk.hint(hint)
    if fixed:
        sk.fix(fixed)
    solver = cpsat_solver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    solver.parameters.log_search_progress = log
    st = cpsat_solve(solver, sk.m)
    name = solver.StatusName(st)
    pl = sk.placement(solver) if st in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    status = {"OPTIMAL": "FEASIBLE", "FEASIBLE": "FEASIBLE", "INFEASIBLE": "INFEASIBLE"}.get(name, "UNKNOWN")
    res = WholeResult(status, pl, time.perf_counter() - t0)
    if soft and pl is not None:
        res.extra["paths"] = round(solver.ObjectiveValue()) // 2
        res.extra["optimal"] = name == "OPTIMAL"
    return res
