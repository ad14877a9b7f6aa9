"""Depth-first proof-number search (df-pn, Nagai 2002, with the 1 + epsilon threshold trick of
Pawlewicz and Lew) for the outcome of 2-player Octagone positions, in numba, on the solver positions
and move generator of :mod:`.kernels` (same hashing, same bitboard scans).

A df-pn search answers one yes/no question: "does the player to move at the root end with a margin
of at least ``thr``?" (``thr`` = 1: a win; ``thr`` = 0: at least a draw). Every node asks it of its
own mover (the root's question for the root's player, "margin >= 1 - thr" for the other), so it is
written in the phi / delta (negamax) form: phi = the proof number of "the mover succeeds", delta
its disproof number; a node's phi is the least delta of its children and its delta the sum of their
phi (a child whose mover is the same player, after a forced pass, counts the other way round).
The game has no cycles (every move fills a cell, two passes in a row end the game), so the plain
algorithm is sound. Positions are normalised: a mover that must pass is replaced by the opponent on
the same cell (the hash flips side, as in the alpha-beta). New children are initialised from their
mobility (phi = 1, delta = the number of moves of their mover). The table holds (key, phi, delta,
work) in buckets of four, replacing the entry with the least work (the nodes its search took); the
key includes the question, so the two questions share one table, and a node proven at 1 is proven
at 0, disproven at 0 disproven at 1 (looked up across).

``outcome_dfpn`` asks the two questions and returns -1 / 0 / 1 with the root's move; ``run_dfpn``
runs it for ``solve --method dfpn`` (docs/octagone.md measures it against the alpha-beta).

Numba caches these kernels with the alpha-beta compiled into them, and checks a cache against its
own source file only, so the package drops this module's cache when :mod:`.kernels`,
:mod:`.bitboards` or :mod:`.playouts` is newer (``octagone/__init__.py``).
"""

from __future__ import annotations

import threading

import numba
import numpy as np

from ..core.kernels import Twin
from ..core.progress import progress
from .bitboards import boards_nb, targets8, _BIT
from .geometry import NCELLS
from .kernels import (Z_HAND, Z_OCC, Z_SIDE, Z_T, Table, _popcount, negamax_nb,
                      random_solver_position, search_py)

__all__ = ["DfpnTable", "dfpn_nb", "outcome_dfpn", "run_dfpn", "DFPN_STATS_LEN", "dfpn_bits_for",
           "LEAF_FREE", "TWINS"]

INF = np.int64(1) << 40
_MAXPLY = 96
DFPN_STATS_LEN = 8  # nodes (MID calls), node limit, aborted, stop request, root move code, table hits, children evaluated, -
_PUBLISH = 0xFFFF
Z_THR = np.uint64(0x9E3779B97F4A7C15)  # xored into the key of a question "margin >= 1"
_ROW = np.array([x // 7 for x in range(42)], dtype=np.int64)


LEAF_FREE = 14  # nodes with at most this many free cells are decided by the alpha-beta
EPS_NUM = 4  # the 1 + epsilon trick: epsilon = EPS_NUM / 16
AB_BITS = 18  # the alpha-beta's table (shared by all its calls at the leaves)


def dfpn_bits_for(free: int) -> int:
    """Table size (log2 of the entries) for a df-pn search from ``free`` free cells."""
    return max(12, min(24, free - 8))


class DfpnTable:
    """``2**bits`` entries in buckets of two, an entry four words (key, phi, delta, work), so that a
    bucket is one 64-byte cache line: ``vals`` int64[n/2, 2, 4] and ``keys``, the same memory seen
    as uint64."""

    def __init__(self, bits: int = 22):
        n = 1 << max(1, bits - 1)
        self.vals = np.zeros((n, 2, 4), dtype=np.int64)
        self.keys = self.vals.view(np.uint64)
        self.mask = np.uint64(n - 1)

    def clear(self) -> "DfpnTable":
        self.vals.fill(0)
        return self


@numba.njit(cache=True, nogil=True, inline="always")
def _probe(keys, vals, mask, key, out):
    """out[0], out[1] = phi, delta of ``key``; False if absent."""
    idx = np.int64(key & mask)
    for k in range(2):
        if keys[idx, k, 0] == key:
            out[0] = vals[idx, k, 1]
            out[1] = vals[idx, k, 2]
            return True
    return False


@numba.njit(cache=True, nogil=True)
def _lookup(keys, vals, mask, h, thr, out, cross):
    """phi, delta of the node ``h`` under the question ``thr`` (its mover's), into out; False if
    unknown. With ``cross``, the other question's proven / disproven entry answers too."""
    if _probe(keys, vals, mask, h ^ Z_THR if thr == 1 else h, out):
        return True
    if cross:
        if _probe(keys, vals, mask, h if thr == 1 else h ^ Z_THR, out):
            if thr == 0 and out[0] == 0:  # proven "margin >= 1": so ">= 0"
                return True
            if thr == 1 and out[1] == 0:  # disproven "margin >= 0": so not ">= 1"
                return True
    return False


@numba.njit(cache=True, nogil=True)
def _store(keys, vals, mask, h, thr, phi, delta, work):
    key = h ^ Z_THR if thr == 1 else h
    idx = np.int64(key & mask)
    if keys[idx, 0, 0] == key:
        j = 0
    elif keys[idx, 1, 0] == key:
        j = 1
    else:  # the least work goes
        j = 0 if vals[idx, 0, 3] <= vals[idx, 1, 3] else 1
    keys[idx, j, 0] = key
    vals[idx, j, 1] = phi
    vals[idx, j, 2] = delta
    vals[idx, j, 3] = work


@numba.njit(cache=True, nogil=True)
def _moves(occ2, ocol2, ose2, one2, t, hc, hj, jrow, mode, tg, kinds, nxs, colour):
    """The distinct (kind, next target) moves of a shield placed on t (occ2 includes t)."""
    targets8(occ2, ocol2, ose2, one2, t, mode, tg)
    n = 0
    seen_c = np.int64(0)
    seen_j = np.int64(0)
    for d in range(8):
        nx = tg[0, d]
        if nx >= 0 and hc > 0 and not (seen_c >> nx) & 1:
            seen_c |= np.int64(1) << nx
            kinds[n] = colour
            nxs[n] = nx
            n += 1
    for d in range(8):
        nx = tg[jrow, d]
        if nx >= 0 and hj > 0 and not (seen_j >> nx) & 1:
            seen_j |= np.int64(1) << nx
            kinds[n] = 6
            nxs[n] = nx
            n += 1
    return n


@numba.njit(cache=True, nogil=True)
def _mobility(occ2, ocol2, ose2, one2, t, hc, hj, jrow, mode, tg):
    """How many distinct moves a shield placed on t has (occ2 includes t)."""
    targets8(occ2, ocol2, ose2, one2, t, mode, tg)
    n = 0
    seen_c = np.int64(0)
    seen_j = np.int64(0)
    for d in range(8):
        nx = tg[0, d]
        if nx >= 0 and hc > 0 and not (seen_c >> nx) & 1:
            seen_c |= np.int64(1) << nx
            n += 1
        nx = tg[jrow, d]
        if nx >= 0 and hj > 0 and not (seen_j >> nx) & 1:
            seen_j |= np.int64(1) << nx
            n += 1
    return n


@numba.njit(cache=True, nogil=True)
def _classify(occ, ocol, ose, one, hands, t, p, root_p, thr_root, mode, tg):
    """A position (occ without t; p to move on t) as seen by the search: returns (mover, status,
    moves) where mover is p or, when p must pass, the opponent; status 1 = the mover succeeds at
    once (a finished game won for its question), -1 = fails at once, 0 = not finished (``moves``
    its number of moves)."""
    q = 1 - p
    colour = _ROW[t]
    m = p
    if hands[p, colour] == 0 and hands[p, 6] == 0:
        if hands[q, colour] == 0 and hands[q, 6] == 0:  # nobody can play: the end
            thr = thr_root if p == root_p else 1 - thr_root
            return p, 1 if hands[q, 7] - hands[p, 7] >= thr else -1, 0
        m = q
    o = 1 - m
    thr = thr_root if m == root_p else 1 - thr_root
    if hands[m, 7] == 1:  # the mover places its last shield: the game ends with it on 0
        return m, 1 if hands[o, 7] >= thr else -1, 0
    jrow = 1 if mode != 0 else 0
    nm = _mobility(occ | (np.int64(1) << t), ocol | (np.int64(1) << _BIT[1, t]),
                   ose | (np.int64(1) << _BIT[2, t]), one | (np.int64(1) << _BIT[3, t]), t,
                   hands[m, colour], hands[m, 6], jrow, mode, tg)
    if nm == 0:  # no arrow reaches a free cell: the game ends after this placement
        return m, 1 if hands[o, 7] - (hands[m, 7] - 1) >= thr else -1, 0
    return m, 0, nm


@numba.njit(cache=True, nogil=True)
def _expand(occ2, ocol2, ose2, one2, hands, t, p, h, root_p, thr_root, mode, keys, vals, mask,
            stats, kinds, nxs, flip, ca, cb, hh, pd, tg, cross):
    """The children of the node p to move on t (occ2..one2 include t): their moves, hashes, whether
    their mover is the other player (flip) and their (a, b) = (proof, disproof) numbers of "p
    succeeds" through them: finished, from the table, or new (phi 1, delta the mobility)."""
    colour = _ROW[t]
    jrow = 1 if mode != 0 else 0
    q = 1 - p
    nm = _moves(occ2, ocol2, ose2, one2, t, hands[p, colour], hands[p, 6], jrow, mode, tg,
                kinds, nxs, colour)
    tot_p = hands[p, 7]
    for i in range(nm):
        kind = kinds[i]
        nx = nxs[i]
        c = hands[p, kind]
        hands[p, kind] = c - 1
        hands[p, 7] = tot_p - 1
        m, status, cm = _classify(occ2, ocol2, ose2, one2, hands, nx, q, root_p, thr_root, mode, tg)
        stats[6] += 1
        hc = h ^ Z_OCC[t] ^ Z_T[t] ^ Z_SIDE ^ Z_HAND[p, kind, c] ^ Z_HAND[p, kind, c - 1] ^ Z_T[nx]
        if m == p:
            hc ^= Z_SIDE  # the opponent passes: p plays again
        hh[i] = hc
        flip[i] = 1 if m != p else 0
        cthr = thr_root if m == root_p else 1 - thr_root
        if status == 1:
            cphi, cdel = np.int64(0), INF
        elif status == -1:
            cphi, cdel = INF, np.int64(0)
        elif _lookup(keys, vals, mask, hc, cthr, pd, cross):
            stats[5] += 1
            cphi, cdel = pd[0], pd[1]
        else:
            cphi, cdel = np.int64(1), np.int64(cm)
        hands[p, kind] = c
        hands[p, 7] = tot_p
        if flip[i]:
            ca[i] = cdel
            cb[i] = cphi
        else:
            ca[i] = cphi
            cb[i] = cdel
    return nm


@numba.njit(cache=True, nogil=True)
def _search(occ, ocol, ose, one, hands, t, p, h, root_p, thr_root, mode, keys, vals, mask, stats,
            eps_num, cross, ab_free, slots, smask, abst):
    """Nagai's MID from the (normalised, unfinished) root, iterative (per-ply stacks: numba does
    not cache recursive functions). Returns the root's (phi, delta)."""
    W = np.zeros((_MAXPLY, 6, 16), np.int64)  # kinds, next targets, flip, a, b, scratch
    HH = np.zeros((_MAXPLY, 16), np.uint64)
    s_occ = np.empty(_MAXPLY, np.int64)  # the node's bitboards with its own cell taken
    s_col = np.empty(_MAXPLY, np.int64)
    s_se = np.empty(_MAXPLY, np.int64)
    s_ne = np.empty(_MAXPLY, np.int64)
    s_t = np.empty(_MAXPLY, np.int64)
    s_p = np.empty(_MAXPLY, np.int64)
    s_h = np.empty(_MAXPLY, np.uint64)
    s_thp = np.empty(_MAXPLY, np.int64)
    s_thd = np.empty(_MAXPLY, np.int64)
    s_n0 = np.empty(_MAXPLY, np.int64)
    s_nm = np.empty(_MAXPLY, np.int64)
    s_best = np.empty(_MAXPLY, np.int64)
    tg = np.empty((2, 8), np.int64)
    ply = 0
    th_phi = INF
    th_delta = INF
    rphi = np.int64(1)
    rdel = np.int64(1)
    while True:
        # ---- enter the node (occ..one, t, p, h, th_phi, th_delta) at ply
        stats[0] += 1
        if stats[0] + abst[0] > stats[1] or (stats[0] & _PUBLISH == 0 and stats[3] != 0):
            stats[2] = 1
            break
        thr = thr_root if p == root_p else 1 - thr_root
        returning = False
        if 42 - _popcount(occ) <= ab_free:  # small enough: the alpha-beta's null window decides
            v = negamax_nb(occ, hands, t, p, thr - 1, thr, h, mode, slots, smask, abst)
            if abst[3]:
                stats[2] = 1
                break
            if v >= thr:
                rphi, rdel = np.int64(0), INF
            else:
                rphi, rdel = INF, np.int64(0)
            returning = True
        else:
            s_occ[ply] = occ | (np.int64(1) << t)
            s_col[ply] = ocol | (np.int64(1) << _BIT[1, t])
            s_se[ply] = ose | (np.int64(1) << _BIT[2, t])
            s_ne[ply] = one | (np.int64(1) << _BIT[3, t])
            s_t[ply] = t
            s_p[ply] = p
            s_h[ply] = h
            s_thp[ply] = th_phi
            s_thd[ply] = th_delta
            s_n0[ply] = stats[0]
            s_nm[ply] = _expand(s_occ[ply], s_col[ply], s_se[ply], s_ne[ply], hands, t, p, h,
                                root_p, thr_root, mode, keys, vals, mask, stats, W[ply, 0],
                                W[ply, 1], W[ply, 2], W[ply, 3], W[ply, 4], HH[ply], W[ply, 5],
                                tg, cross)
        descend = False
        while not descend:
            if returning:
                # ---- (rphi, rdel) is the value of the node at ply: give it to the parent
                if ply == 0:
                    return rphi, rdel
                ply -= 1
                pp = s_p[ply]
                b = s_best[ply]
                kind = W[ply, 0, b]
                hands[pp, kind] += 1
                hands[pp, 7] += 1
                if W[ply, 2, b]:
                    W[ply, 3, b] = rdel
                    W[ply, 4, b] = rphi
                else:
                    W[ply, 3, b] = rphi
                    W[ply, 4, b] = rdel
            # ---- the loop of MID at ply: done, or the next child to search
            nm = s_nm[ply]
            ca = W[ply, 3]
            cb = W[ply, 4]
            phi = INF
            delta = np.int64(0)
            best = -1
            a2 = INF
            for i in range(nm):
                a = ca[i]
                if a < phi:
                    a2 = phi
                    phi = a
                    best = i
                elif a < a2:
                    a2 = a
                delta += cb[i]
            if delta > INF:
                delta = INF
            th_phi = s_thp[ply]
            th_delta = s_thd[ply]
            pp = s_p[ply]
            if phi >= th_phi or delta >= th_delta:
                if ply == 0:
                    stats[4] = -1
                    if phi == 0:  # the proving move
                        for i in range(nm):
                            if ca[i] == 0:
                                stats[4] = (0 if W[0, 0, i] < 6 else 1) * 42 + W[0, 1, i]
                                break
                _store(keys, vals, mask, s_h[ply], thr_root if pp == root_p else 1 - thr_root,
                       phi, delta, stats[0] - s_n0[ply] + 1)
                rphi, rdel = phi, delta
                returning = True
                continue
            # the child's thresholds (1 + epsilon: eps_num / 16)
            if a2 >= INF:
                tha = th_phi
            else:
                tha = max(a2 + 1, a2 + (a2 * eps_num + 15) // 16)
                if tha > th_phi:
                    tha = th_phi
            thb = th_delta - delta + cb[best]
            if thb > INF:
                thb = INF
            kind = W[ply, 0, best]
            hands[pp, kind] -= 1
            hands[pp, 7] -= 1
            s_best[ply] = best
            if W[ply, 2, best]:
                p = 1 - pp
                th_phi, th_delta = thb, tha
            else:
                p = pp
                th_phi, th_delta = tha, thb
            occ = s_occ[ply]
            ocol = s_col[ply]
            ose = s_se[ply]
            one = s_ne[ply]
            t = W[ply, 1, best]
            h = HH[ply, best]
            ply += 1
            descend = True
    # aborted: give back the shields of the moves on the stack
    while ply > 0:
        ply -= 1
        kind = W[ply, 0, s_best[ply]]
        hands[s_p[ply], kind] += 1
        hands[s_p[ply], 7] += 1
    return np.int64(1), np.int64(1)


@numba.njit(cache=True, nogil=True)
def dfpn_nb(occ, hands, t, p, thr, mode, keys, vals, mask, stats, eps_num, cross, ab_free, slots,
            smask, abst):
    """Does player ``p`` to move on ``t`` end with a margin of at least ``thr`` (0 or 1)? Returns 1
    (proven), 0 (disproven) or -1 (aborted: node limit or stop request; stats[2] = 1). ``hands``
    int64[2, 8] is restored. Nodes from at most ``ab_free`` free cells are decided by the
    alpha-beta (:func:`.kernels.negamax_nb`, its table ``slots``/``smask``, its stats ``abst``)
    with the null window of their question. stats[4] gets the root's proving move code (-1 if
    none)."""
    ocol, ose, one = boards_nb(occ)
    tg = np.empty((2, 8), np.int64)
    h = np.uint64(0)
    for x in range(42):
        if (occ >> x) & 1:
            h ^= Z_OCC[x]
    for qq in range(2):
        for k in range(7):
            h ^= Z_HAND[qq, k, hands[qq, k]]
    h ^= Z_T[t]
    if p == 1:
        h ^= Z_SIDE
    m, status, nm = _classify(occ, ocol, ose, one, hands, t, p, p, thr, mode, tg)
    stats[4] = -1
    if status != 0:  # finished at once (for the mover m)
        return 1 if (status == 1) == (m == p) else 0
    if m != p:  # p must pass: the opponent plays on t
        h ^= Z_SIDE
    phi, delta = _search(occ, ocol, ose, one, hands, t, m, h, p, thr, mode, keys, vals, mask, stats,
                         eps_num, cross, ab_free, slots, smask, abst)
    if stats[2]:
        return -1
    if m != p:
        stats[4] = -1
        return 1 if delta == 0 else 0
    return 1 if phi == 0 else 0


def outcome_dfpn(occ, hands, t, p, mode, table: DfpnTable, stats, *, eps_num: int = EPS_NUM,
                 cross: bool = True, ab_free: int = LEAF_FREE, ab_table=None,
                 abst=None) -> tuple[int, int, bool]:
    """The outcome (-1 / 0 / 1) for p of an unfinished solver position by two df-pn questions on
    one table: "a win?" then, if not, "at least a draw?". Returns (outcome, the root's move code
    keeping it (-1: none found, any move or a pass), aborted). ``stats`` (int64[DFPN_STATS_LEN];
    stats[1] the node limit, counting the alpha-beta's nodes in ``abst`` too) accumulates."""
    hands = np.array(hands, dtype=np.int64)
    if ab_table is None:
        ab_table = Table(4)
    if abst is None:
        abst = np.array([0, 0, 2**62, 0, 0, -1], dtype=np.int64)

    def ask(thr):
        return int(dfpn_nb(np.int64(occ), hands, int(t), int(p), thr, mode, table.keys,
                           table.vals, table.mask, stats, eps_num, cross, ab_free, ab_table.slots,
                           ab_table.mask, abst))

    r = ask(1)
    if r < 0:
        return 0, -1, True
    if r == 1:
        return 1, int(stats[4]), False
    r = ask(0)
    if r < 0:
        return 0, -1, True
    return (0, int(stats[4]), False) if r == 1 else (-1, -1, False)


def run_dfpn(occ, hands, t, p, mode, limit: int, show: bool) -> tuple[int, int, int, bool]:
    """:func:`outcome_dfpn` with the tables sized by the free cells, on a worker thread without the
    GIL while this one shows progress and turns Ctrl-C into a stop request (looked at every 2**16
    df-pn nodes and by the alpha-beta every 2**16 of its own). Returns (outcome, move code, nodes:
    df-pn's and the alpha-beta's, aborted)."""
    free = NCELLS - bin(int(occ)).count("1")
    table = DfpnTable(dfpn_bits_for(free))
    ab_table = Table(AB_BITS)
    stats = np.zeros(DFPN_STATS_LEN, dtype=np.int64)
    stats[1] = limit
    abst = np.array([0, 0, limit, 0, 0, -1], dtype=np.int64)
    out = {}

    def work():
        out["r"] = outcome_dfpn(occ, hands, t, p, mode, table, stats, ab_table=ab_table, abst=abst)

    th = threading.Thread(target=work, name="octagone-dfpn", daemon=True)
    th.start()
    bar = progress(total=limit if limit < 2**61 else None, desc="nodes", unit="node") if show else None
    try:
        while th.is_alive():
            th.join(0.2)
            if bar is not None:
                bar.update(int(stats[0] + abst[0]) - bar.n)
    except KeyboardInterrupt:
        stats[3] = 1
        abst[4] = 1
        th.join()
        raise
    finally:
        if bar is not None:
            bar.close()
    v, code, aborted = out["r"]
    return v, code, int(stats[0] + abst[0]), aborted


# ---------------------------------------------------------------------- the twin
def dfpn_outcome(occ, hands, t, p, mode) -> int:
    """The df-pn outcome of a solver position (small tables; nodes from at most 5 free cells go to
    the alpha-beta, so both paths run), for the twin table."""
    free = NCELLS - bin(int(occ)).count("1")
    stats = np.zeros(DFPN_STATS_LEN, dtype=np.int64)
    stats[1] = 2**62
    v, _, _ = outcome_dfpn(np.int64(occ), hands, t, p, mode, DfpnTable(10), stats,
                           ab_free=5 if free > 7 else -1, ab_table=Table(10))
    return v


def outcome_py(occ, hands, t, p, mode) -> int:
    """Twin of :func:`dfpn_outcome`: the sign of :func:`.kernels.negamax_py`'s margin (a plain
    recursive alpha-beta walking the line lists: another algorithm on another move generator)."""
    v = search_py(occ, hands, t, p, mode)
    return (v > 0) - (v < 0)


def _examples(rng):
    for mode in (0, 1, 2):
        for free in (6, 8, 10, 11):
            for _ in range(4):
                occ, hands, t, p = random_solver_position(rng, free)
                yield (occ, hands, t, p, mode)


TWINS = (
    Twin("dfpn_nb", dfpn_outcome, outcome_py, _examples,
         note="df-pn questions (win? then draw?) with alpha-beta leaves vs the sign of the plain "
              "recursive alpha-beta's margin"),
)
