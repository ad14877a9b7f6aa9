"""Numba alpha-beta (negamax) for 2-player Octagone with open shields, its pure-Python twin, and the
``TWINS`` table of every numba kernel of the package (here, :mod:`.bitboards`, :mod:`.playouts`).

Solver position (after the Dama Bianca has left the board, standard or KIDS rules):
  * ``occ``   int64 bitmask of occupied cells (bit ``row * 7 + col``);
  * ``hands`` int64[2, 8]: per player, shields of each row colour (0..5), jollies (6), total (7);
  * ``t``     the cell the player to move must play on; ``p`` the player to move;
  * ``mode``  the line reading (:data:`.bitboards.MODES`: 0 = KIDS, no wrap and the jolly sends to
    the nearest free cell; 1 = torus; 2 = edge; in 1 and 2 the jolly sends to the farthest).
The value is the margin for the player to move: (opponent's shields left) - (own shields left) at
the end of the game under best play by both (fewest shields wins, so > 0 is a proven win, 0 a draw).

Moves are (kind, next target) pairs (kind 0..5 = the cell's colour, 6 = jolly), deduplicated.
Transposition table: Zobrist hashing into numpy arrays (buckets of two: the deepest entry and the
latest; EXACT/LOWER/UPPER bounds with the best move; sized by :func:`tt_bits_for`). Move order: the
table move, moves the opponent cannot answer, targets whose colour it holds fewest of, from
:data:`_MOBILITY_MIN` free cells "fastest first", jolly first, then history (docs/octagone.md). ``negamax_nb`` is iterative (per-ply stacks),
finds targets with bitboards (:mod:`.bitboards`), runs without the GIL and every 2**16 nodes
publishes its node count in ``stats[0]`` and obeys a stop request in ``stats[4]``; ``negamax_py`` is
the same search written plainly (recursion, line walks, a dict table, the plain order).
"""

from __future__ import annotations

import numba
import numpy as np

from ..core.kernels import Twin
from .bitboards import (MODES, boards_nb, boards_py, near_far_targets_nb, near_far_targets_py,
                        targets8, _BIT)
from .geometry import LINES, NCELLS
from .playouts import line_tables, next_target_py, playout_greedy_nb, playout_nb, _next_target

__all__ = ["negamax_nb", "negamax_py", "Table", "tt_bits_for", "hash_position", "TWINS", "INF",
           "MODES", "STATS_LEN"]

EXACT, LOWER, UPPER = 1, 2, 3
INF = 100
TT_BITS_DEFAULT = 24  # the largest table tt_bits_for gives (2**24 slots of 16 bytes = 256 MB)


def tt_bits_for(free: int) -> int:
    """Table size (log2 of the slots) for a search from ``free`` free cells: about what the search
    fills (a much bigger table only turns probes into cache misses; measurements in docs/octagone.md)."""
    if free <= 24:
        return max(12, 10 + free // 4)
    return min(TT_BITS_DEFAULT, 16 + (free - 24))


def zobrist(seed: int = 12345) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.uint64]:
    """Random 64-bit keys for cells, hand counts, target and side (fixed seed: stable hashes)."""
    r = np.random.default_rng(seed)
    z_occ = r.integers(1, 2**63, size=NCELLS, dtype=np.int64).astype(np.uint64)
    z_hand = r.integers(1, 2**63, size=(2, 7, 24), dtype=np.int64).astype(np.uint64)
    z_t = r.integers(1, 2**63, size=NCELLS, dtype=np.int64).astype(np.uint64)
    z_side = np.uint64(r.integers(1, 2**63, dtype=np.int64))
    return z_occ, z_hand, z_t, z_side


Z_OCC, Z_HAND, Z_T, Z_SIDE = zobrist()


def hash_position(occ: int, hands, t: int, p: int) -> np.uint64:
    h = np.uint64(0)
    for x in range(NCELLS):
        if (occ >> x) & 1:
            h ^= Z_OCC[x]
    for q in range(2):
        for k in range(7):
            h ^= Z_HAND[q, k, int(hands[q][k])]
    h ^= Z_T[t]
    if p == 1:
        h ^= Z_SIDE
    return h


class Table:
    """The transposition table: ``2**bits`` entries in buckets of two, each entry two uint64 (the key
    xor the entry, and the entry packed as value + 128 in bits 0-7, bound flag in bits 8-9, best move
    code + 1 in bits 16-23, the free cells of its position in bits 24-29), a bucket's four words side
    by side so that a probe touches one cache line. A probe accepts an entry when the xor of its two
    words is the key: two searches may share a table from two threads, and an entry half written by
    one is (but for a 2**-64 chance) not read by the other. Two tiers: entry 0 keeps the deepest
    search (most free cells) seen in the bucket, entry 1 the latest; a deeper store moves entry 0
    down to entry 1."""

    def __init__(self, bits: int = TT_BITS_DEFAULT):
        n = 1 << max(1, bits - 1)
        self.slots = np.zeros((n, 4), dtype=np.uint64)
        self.mask = np.uint64(n - 1)

    def clear(self) -> "Table":
        """Empty the table (this also touches every page, so a timed search pays no page faults)."""
        self.slots.fill(0)
        return self

    def move_at(self, h) -> int:
        idx = int(np.uint64(h) & self.mask)
        for k in (0, 2):
            if self.slots[idx, k] ^ self.slots[idx, k + 1] == np.uint64(h):
                return int((self.slots[idx, k + 1] >> np.uint64(16)) & np.uint64(255)) - 1
        return -1


_ROW = np.array([x // 7 for x in range(NCELLS)], dtype=np.int64)
_ROWMASK = np.array([127 << (7 * r) for r in range(6)], dtype=np.int64)
STATS_LEN = 6  # nodes, table hits, node limit, aborted, stop request, the root's best move code
_PUBLISH = 0xFFFF  # every 2**16 nodes: publish the count, look at the stop request


# ---------------------------------------------------------------------- the search (numba)
@numba.njit(cache=True, nogil=True)
def _popcount(x):
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


_MAXPLY = 96  # a game has at most 42 placements and as many passes
_MOBILITY_MIN = 14  # from this many free cells on, moves are ordered by the opponent's answers
_HMAX = (1 << 45) - 1


@numba.njit(cache=True, nogil=True)
def negamax_nb(occ, hands, t, p, alpha, beta, h, mode, slots, mask, stats):
    """Negamax value for player ``p`` to move on ``t`` (see the module docstring). ``hands`` is
    int64[2, 8] (restored on return), ``slots``/``mask`` a :class:`Table`, ``stats`` int64[6]:
    [nodes, table hits, node limit, aborted, stop request, the root's best move code (-1 if none:
    a pass or the end)]; ``mode`` the line reading (0 KIDS, 1 torus, 2 edge). An aborted search
    (node limit or stop request) returns 0 with stats[3] = 1."""
    b1, b2, b3 = boards_nb(occ)
    return _search(occ, b1, b2, b3, hands, t, p, alpha, beta, h, mode, slots, mask, stats)


@numba.njit(cache=True, nogil=True)
def _search(occ, ocol, ose, one, hands, t, p, alpha, beta, h, mode, slots, mask, stats):
    # The recursion of negamax_py unrolled onto explicit per-ply stacks (a numba call passing the
    # arrays costs more than a node's work). A node at ply k keeps: the four bitboards after its
    # placement, target, player, alpha, beta, alpha at entry, best value and move, hash, the move
    # being searched and the number of moves (or the pass flag). The same values as the recursive
    # twin, which searches in the plain move order (this one adds mobility and history ordering).
    s_occ = np.empty(_MAXPLY, np.int64)
    s_col = np.empty(_MAXPLY, np.int64)
    s_se = np.empty(_MAXPLY, np.int64)
    s_ne = np.empty(_MAXPLY, np.int64)
    s_t = np.empty(_MAXPLY, np.int64)
    s_p = np.empty(_MAXPLY, np.int64)
    s_a = np.empty(_MAXPLY, np.int64)
    s_b = np.empty(_MAXPLY, np.int64)
    s_a0 = np.empty(_MAXPLY, np.int64)
    s_best = np.empty(_MAXPLY, np.int64)
    s_bc = np.empty(_MAXPLY, np.int64)
    s_h = np.empty(_MAXPLY, np.uint64)
    s_i = np.empty(_MAXPLY, np.int64)
    s_nm = np.empty(_MAXPLY, np.int64)
    s_pass = np.empty(_MAXPLY, np.int64)
    mk = np.empty((_MAXPLY, 16), np.int64)  # move lists: kind, next target
    mn = np.empty((_MAXPLY, 16), np.int64)
    ct = np.empty(8, np.int64)
    jt = np.empty(8, np.int64)
    tg = np.empty((2, 8), np.int64)  # nearest / farthest free cell per direction
    hist = np.zeros((2, 2, NCELLS), np.int64)  # history heuristic: cut-offs per (player, jolly?, cell)
    sc = np.empty(16, np.int64)
    tg2 = np.empty((2, 8), np.int64)
    jrow = 1 if mode != 0 else 0  # a jolly sends to the farthest free cell (not in KIDS)
    ply = 0
    nodes = stats[0]
    hits = stats[1]
    limit = stats[2]
    v = 0
    while True:
        # ---- enter the node (occ..one, t, p, alpha, beta, h) at ply; either descend or get v
        nodes += 1
        if nodes > limit:
            stats[3] = 1
            break
        if nodes & _PUBLISH == 0:
            stats[0] = nodes
            if stats[4] != 0:
                stats[3] = 1
                break
        colour = _ROW[t]
        q = 1 - p
        tot_p = hands[p, 7]  # column 7 holds each player's total, kept up to date
        tot_q = hands[q, 7]
        hc = hands[p, colour]
        hj = hands[p, 6]
        descend = False
        if hc == 0 and hj == 0:
            if hands[q, colour] == 0 and hands[q, 6] == 0:
                v = tot_q - tot_p
            else:  # pass: the opponent plays on the same cell
                s_pass[ply] = 1
                ply += 1
                p = q
                alpha, beta = -beta, -alpha
                h = h ^ Z_SIDE
                continue
        elif tot_p == 1:  # the last shield: the game ends with p on 0
            v = tot_q
        else:
            idx = np.int64(h & mask)
            tt_move = -1
            cut = False
            k = 0 if slots[idx, 0] ^ slots[idx, 1] == h else 2 if slots[idx, 2] ^ slots[idx, 3] == h \
                else -1
            if k >= 0:
                hits += 1
                e = np.int64(slots[idx, k + 1])
                tv = np.int64(e & 255) - 128
                f = (e >> 8) & 3
                tt_move = ((e >> 16) & 255) - 1
                if f == EXACT or (f == LOWER and tv >= beta) or (f == UPPER and tv <= alpha):
                    v = tv
                    cut = True
                    if ply == 0:
                        stats[5] = tt_move
            if not cut:
                occ2 = occ | (np.int64(1) << t)
                ocol2 = ocol | (np.int64(1) << _BIT[1, t])
                ose2 = ose | (np.int64(1) << _BIT[2, t])
                one2 = one | (np.int64(1) << _BIT[3, t])
                targets8(occ2, ocol2, ose2, one2, t, mode, tg)
                # distinct targets of the coloured shield and of the jolly, in direction order
                nc = 0
                nj = 0
                seen_c = np.int64(0)
                seen_j = np.int64(0)
                for d in range(8):
                    nx = tg[0, d]
                    if nx >= 0 and hc > 0:
                        bit = np.int64(1) << nx
                        if not seen_c & bit:
                            seen_c |= bit
                            ct[nc] = nx
                            nc += 1
                    nx = tg[jrow, d]
                    if nx >= 0 and hj > 0:
                        bit = np.int64(1) << nx
                        if not seen_j & bit:
                            seen_j |= bit
                            jt[nj] = nx
                            nj += 1
                # order (the twin's stable sort on its scores): the table move, then the moves the
                # opponent cannot answer (cells of a colour it lacks, when it has no jolly), then
                # the others; coloured before jolly within each
                fmask = np.int64(0)
                if hands[q, 6] == 0:
                    for c2 in range(6):
                        if hands[q, c2] == 0:
                            fmask |= _ROWMASK[c2]
                nm = 0
                if tt_move >= 0:
                    mk[ply, 0] = colour if tt_move < 42 else 6
                    mn[ply, 0] = tt_move % 42
                    nm = 1
                for forcing in range(2):
                    want = 1 - forcing
                    if want == 1 and fmask == 0:
                        continue
                    for j in range(nc):
                        nx = ct[j]
                        if (fmask >> nx) & 1 == want and nx != tt_move:
                            mk[ply, nm] = colour
                            mn[ply, nm] = nx
                            nm += 1
                    for j in range(nj):
                        nx = jt[j]
                        if (fmask >> nx) & 1 == want and nx + 42 != tt_move:
                            mk[ply, nm] = 6
                            mn[ply, nm] = nx
                            nm += 1
                # within the rest: a stable insertion sort on (forcing, fewest shields of the
                # target's colour held by the opponent, fastest first, jolly, history score)
                st0 = 1 if tt_move >= 0 else 0
                free_here = 42 - _popcount(occ)
                for j in range(st0, nm):
                    kk = 1 if mk[ply, j] == 6 else 0
                    nx = mn[ply, j]
                    hv = hist[p, kk, nx]
                    if hv > _HMAX:
                        hv = _HMAX
                    sc[j] = hv + (((fmask >> nx) & 1) << 56) + ((7 - hands[q, _ROW[nx]]) << 53) + (kk << 46)
                    if free_here >= _MOBILITY_MIN and (fmask >> nx) & 1 == 0:
                        # fastest first: the fewer answers the opponent has at nx, the earlier
                        c2 = _ROW[nx]
                        targets8(occ2 | (np.int64(1) << nx), ocol2 | (np.int64(1) << _BIT[1, nx]),
                                 ose2 | (np.int64(1) << _BIT[2, nx]), one2 | (np.int64(1) << _BIT[3, nx]),
                                 nx, mode, tg2)
                        mob = 0
                        seen_c = np.int64(0)
                        seen_j = np.int64(0)
                        for d in range(8):
                            y = tg2[0, d]
                            if y >= 0 and hands[q, c2] > 0 and not (seen_c >> y) & 1:
                                seen_c |= np.int64(1) << y
                                mob += 1
                            y = tg2[jrow, d]
                            if y >= 0 and hands[q, 6] > 0 and not (seen_j >> y) & 1:
                                seen_j |= np.int64(1) << y
                                mob += 1
                        sc[j] += (20 - mob) << 48
                for j in range(st0 + 1, nm):
                    k2 = mk[ply, j]
                    n2 = mn[ply, j]
                    s2 = sc[j]
                    i2 = j - 1
                    while i2 >= st0 and sc[i2] < s2:
                        mk[ply, i2 + 1] = mk[ply, i2]
                        mn[ply, i2 + 1] = mn[ply, i2]
                        sc[i2 + 1] = sc[i2]
                        i2 -= 1
                    mk[ply, i2 + 1] = k2
                    mn[ply, i2 + 1] = n2
                    sc[i2 + 1] = s2
                if nm == 0:  # no arrow can point to a free cell: the game ends after this placement
                    v = tot_q - (tot_p - 1)
                else:
                    s_pass[ply] = 0
                    s_occ[ply] = occ2
                    s_col[ply] = ocol2
                    s_se[ply] = ose2
                    s_ne[ply] = one2
                    s_t[ply] = t
                    s_p[ply] = p
                    s_a[ply] = alpha
                    s_b[ply] = beta
                    s_a0[ply] = alpha
                    s_best[ply] = -INF
                    s_bc[ply] = -1
                    s_h[ply] = h
                    s_i[ply] = 0
                    s_nm[ply] = nm
                    kind = mk[ply, 0]
                    nx = mn[ply, 0]
                    c = hands[p, kind]
                    h = h ^ Z_OCC[t] ^ Z_T[t] ^ Z_SIDE ^ Z_HAND[p, kind, c] ^ Z_HAND[p, kind, c - 1] \
                        ^ Z_T[nx]
                    hands[p, kind] = c - 1
                    hands[p, 7] = tot_p - 1
                    occ, ocol, ose, one = occ2, ocol2, ose2, one2
                    t = nx
                    p = q
                    alpha, beta = -beta, -alpha
                    ply += 1
                    descend = True
        if descend:
            continue
        # ---- v is the value of the node at ply: back up until a node has another move to search
        while ply > 0:
            ply -= 1
            v = -v
            if s_pass[ply]:
                continue
            pp = s_p[ply]
            i = s_i[ply]
            kind = mk[ply, i]
            hands[pp, kind] += 1
            hands[pp, 7] += 1
            best = s_best[ply]
            a = s_a[ply]
            b = s_b[ply]
            if v > best:
                best = v
                s_bc[ply] = (0 if kind < 6 else 1) * 42 + mn[ply, i]
            if best > a:
                a = best
            i += 1
            if a >= b:  # a cut-off: remember the move (history heuristic), weighted by depth
                dd = 43 - _popcount(s_occ[ply])
                hist[pp, 0 if kind < 6 else 1, mn[ply, i - 1]] += dd * dd
            if a >= b or i == s_nm[ply]:  # node done: store it, its value goes up
                if best <= s_a0[ply]:
                    f = UPPER
                elif best >= b:
                    f = LOWER
                else:
                    f = EXACT
                hh = s_h[ply]
                idx = np.int64(hh & mask)
                depth = 43 - _popcount(s_occ[ply])  # free cells of the node (before its placement)
                ent = np.uint64(np.int64(best + 128) | (np.int64(f) << 8)
                                | (np.int64(s_bc[ply] + 1) << 16) | (depth << 24))
                if ply == 0:
                    stats[5] = s_bc[0]
                mine = slots[idx, 0] ^ slots[idx, 1] == hh
                if mine or depth >= np.int64((slots[idx, 1] >> np.uint64(24)) & np.uint64(63)):
                    if not mine:  # the deeper tier moves down to the latest tier
                        slots[idx, 2] = slots[idx, 0]
                        slots[idx, 3] = slots[idx, 1]
                    slots[idx, 0] = hh ^ ent
                    slots[idx, 1] = ent
                else:
                    slots[idx, 2] = hh ^ ent
                    slots[idx, 3] = ent
                v = best
                continue
            s_best[ply] = best  # search the next move
            s_a[ply] = a
            s_i[ply] = i
            kind = mk[ply, i]
            nx = mn[ply, i]
            tt = s_t[ply]
            c = hands[pp, kind]
            h = s_h[ply] ^ Z_OCC[tt] ^ Z_T[tt] ^ Z_SIDE ^ Z_HAND[pp, kind, c] ^ Z_HAND[pp, kind, c - 1] \
                ^ Z_T[nx]
            hands[pp, kind] = c - 1
            hands[pp, 7] -= 1
            occ = s_occ[ply]
            ocol = s_col[ply]
            ose = s_se[ply]
            one = s_ne[ply]
            t = nx
            p = 1 - pp
            alpha = -b
            beta = -a
            ply += 1
            descend = True
            break
        if not descend:  # the root is done
            break
    stats[0] = nodes
    stats[1] = hits
    if stats[3]:  # aborted: give back the shields of the moves still on the stack
        while ply > 0:
            ply -= 1
            if not s_pass[ply]:
                hands[s_p[ply], mk[ply, s_i[ply]]] += 1
                hands[s_p[ply], 7] += 1
        return 0
    return v


# ---------------------------------------------------------------------- pure-Python twin
def negamax_py(occ: int, hands: list[list[int]], t: int, p: int, alpha: int, beta: int,
               lines, far_jolly: bool, table: dict, stats: list[int]) -> int:
    """The same search as :func:`negamax_nb` in plain Python (ints, lists, a dict as the table)."""
    stats[0] += 1
    if stats[0] > stats[2]:
        stats[3] = 1
        return 0
    colour = t // 7
    q = 1 - p
    hp, hq = hands[p], hands[q]
    tot_p, tot_q = sum(hp), sum(hq)
    if hp[colour] == 0 and hp[6] == 0:
        if hq[colour] == 0 and hq[6] == 0:
            return tot_q - tot_p
        return -negamax_py(occ, hands, t, q, -beta, -alpha, lines, far_jolly, table, stats)
    if tot_p == 1:
        return tot_q
    occ2 = occ | (1 << t)
    key = (occ, tuple(hands[0]), tuple(hands[1]), t, p)
    tt_move = -1
    e = table.get(key)
    if e is not None:
        stats[1] += 1
        v, f, tt_move = e
        if f == EXACT or (f == LOWER and v >= beta) or (f == UPPER and v <= alpha):
            return v
    moves = []
    seen = set()
    near, farthest = [], []
    for d in range(8):  # the nearest and the farthest free cell of each line, by walking it
        free = [y for y in lines[t][d] if not (occ2 >> y) & 1]
        near.append(free[0] if free else -1)
        farthest.append(free[-1] if free else -1)
    for kk, kind in ((0, colour), (1, 6)):
        if hp[kind] == 0:
            continue
        far = far_jolly and kind == 6
        for d in range(8):
            nx = farthest[d] if far else near[d]
            if nx < 0 or (kind, nx) in seen:
                continue
            seen.add((kind, nx))
            score = (1000 if kk * 42 + nx == tt_move else 0) \
                + (100 if hq[nx // 7] == 0 and hq[6] == 0 else 0) + (10 if kk == 0 else 0)
            moves.append((score, kind, nx))
    if not moves:
        return tot_q - (tot_p - 1)
    moves.sort(key=lambda m: -m[0])  # stable, like the kernel's insertion sort
    alpha0, best, best_code = alpha, -INF, -1
    for _, kind, nx in moves:
        hp[kind] -= 1
        v = -negamax_py(occ2, hands, nx, q, -beta, -alpha, lines, far_jolly, table, stats)
        hp[kind] += 1
        if stats[3]:
            return 0
        if v > best:
            best, best_code = v, (0 if kind < 6 else 1) * 42 + nx
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    table[key] = (best, flag, best_code)
    return best


# ---------------------------------------------------------------------- the twin table
def random_solver_position(rng: np.random.Generator, free: int) -> tuple[int, np.ndarray, int, int]:
    """(occ, hands int64[2, 8], t, p): ``free`` free cells at random, hands of 0..2 shields of each
    kind per player (at least one shield each), t a free cell, p 0 or 1 (for the twin examples)."""
    cells = rng.permutation(NCELLS)
    occ = 0
    for x in cells[free:]:
        occ |= 1 << int(x)
    t = int(cells[0])
    hands = np.zeros((2, 8), dtype=np.int64)
    for q in range(2):
        hands[q, :7] = rng.integers(0, 3, size=7)
        if hands[q, :7].sum() == 0:
            hands[q, 6] = 1
        hands[q, 7] = hands[q, :7].sum()
    return occ, hands, t, int(rng.integers(0, 2))


def search_nb(occ, hands, t, p, mode) -> int:
    """The numba search's value of a solver position (a fresh table), for the twin table."""
    hands = np.array(hands, dtype=np.int64)
    tab = Table(16)
    stats = np.array([0, 0, 2**62, 0, 0, -1], dtype=np.int64)
    h = hash_position(occ, hands, t, p)
    return int(negamax_nb(np.int64(occ), hands, t, p, -INF, INF, h, mode, tab.slots, tab.mask, stats))


def search_py(occ, hands, t, p, mode) -> int:
    """Twin of :func:`search_nb`: :func:`negamax_py` on the reading's line lists."""
    hl = [[int(v) for v in hands[q][:7]] for q in range(2)]
    name = ("none", "torus", "edge")[mode]
    return negamax_py(occ, hl, t, p, -INF, INF, LINES[name], mode != 0, {}, [0, 0, 2**62, 0])


def _search_examples(rng):
    for mode in (0, 1, 2):
        for free in (6, 8, 10):
            for _ in range(3):
                occ, hands, t, p = random_solver_position(rng, free)
                yield (occ, hands, t, p, mode)


def _scan_examples(rng):
    for _ in range(300):
        occ = int(rng.integers(0, 2**42)) & int(rng.integers(0, 2**42))
        t = int(rng.integers(0, NCELLS))
        yield (np.int64(occ & ~(1 << t)), t, int(rng.integers(0, 3)))


def _board_examples(rng):
    return ((np.int64(int(rng.integers(0, 2**42))),) for _ in range(100))


_TABLES = {m: line_tables(m) for m in ("none", "torus", "edge")}


def _next_examples(rng):
    for _ in range(300):
        m = ("none", "torus", "edge")[int(rng.integers(0, 3))]
        lines, lens = _TABLES[m]
        yield (lines, lens, np.int64(int(rng.integers(0, 2**42))), int(rng.integers(0, NCELLS)),
               int(rng.integers(0, 8)), bool(rng.integers(0, 2)))


def _playout_examples(rng, greedy: bool):
    for mode, m in enumerate(("none", "torus", "edge")):
        lines, lens = _TABLES[m]
        for _ in range(10):
            occ, hands, t, p = random_solver_position(rng, int(rng.integers(6, 30)))
            args = (np.int64(occ), hands, t, p, lines, lens, mode != 0, int(rng.integers(0, 2**31)))
            yield args + ((float(rng.choice([0.0, 0.1, 1.0])),) if greedy else ())


def _fresh(f):
    """Run ``f`` on a copy of the hands argument (the playouts modify it)."""
    def run(*args):
        args = list(args)
        args[1] = np.array(args[1], dtype=np.int64)
        return int(f(*args))
    return run


TWINS = (
    Twin("negamax_nb", search_nb, search_py, _search_examples,
         note="iterative search on bitboards vs recursive search walking the line lists, dict table"),
    Twin("near_far_targets_nb", near_far_targets_nb, near_far_targets_py, _scan_examples,
         note="bitboard rotations and bit scans vs walking each line of the reading's tables"),
    Twin("boards_nb", boards_nb, boards_py, _board_examples,
         note="the precomputed bit of each cell vs the orderings written out from (row, col)"),
    Twin("_next_target", _next_target, next_target_py, _next_examples,
         note="early exit scan vs the list of free cells"),
    Twin("playout_nb", _fresh(playout_nb), _fresh(playout_nb.py_func),
         lambda rng: _playout_examples(rng, False),
         note="the same source run by CPython with NumPy's generator: numba's np.random is the same "
              "Mersenne Twister, so the twin checks the compiled code plays the same games"),
    Twin("playout_greedy_nb", _fresh(playout_greedy_nb), _fresh(playout_greedy_nb.py_func),
         lambda rng: _playout_examples(rng, True),
         note="as playout_nb"),
)
