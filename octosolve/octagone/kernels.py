"""Numba alpha-beta (negamax) for 2-player Octagone with open shields, and its pure-Python twin.

Solver position (after the Dama Bianca has left the board, standard or KIDS rules):
  * ``occ``   int64 bitmask of occupied cells (bit ``row * 7 + col``);
  * ``hands`` int64[2, 8]: per player, shields of each row colour (0..5), jollies (6) and the
    player's total (7);
  * ``t``     the cell the player to move must play on; ``p`` the player to move.
The value is the margin for the player to move: (opponent's shields left) - (own shields left) at
the end of the game under best play by both (fewest shields wins, so > 0 is a proven win, 0 a draw).

Moves are (kind, next target) pairs: kind 0..5 = the cell's colour, 6 = jolly; directions that send
the opponent to the same cell with the same kind are the same move for the solver (deduplicated).
Transposition table: Zobrist hashing into fixed numpy arrays (always-replace), bounds stored as
EXACT/LOWER/UPPER with the best move. Move ordering: table move, then moves the opponent cannot answer
(a forced pass), then coloured before jolly.
"""

from __future__ import annotations

import numba
import numpy as np

from .rules import LINES_NOWRAP, LINES_WRAP, NCELLS

EXACT, LOWER, UPPER = 1, 2, 3
INF = 100
TT_BITS_DEFAULT = 24


def line_tables(wrap: bool) -> tuple[np.ndarray, np.ndarray]:
    src = LINES_WRAP if wrap else LINES_NOWRAP
    lines = np.full((NCELLS, 8, 41), -1, dtype=np.int8)
    lens = np.zeros((NCELLS, 8), dtype=np.int8)
    for x in range(NCELLS):
        for d in range(8):
            seq = src[x][d]
            lens[x, d] = len(seq)
            lines[x, d, :len(seq)] = seq
    return lines, lens


def zobrist(seed: int = 12345) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.uint64]:
    r = np.random.default_rng(seed)
    z_occ = r.integers(1, 2**63, size=NCELLS, dtype=np.int64).astype(np.uint64)
    z_hand = r.integers(1, 2**63, size=(2, 7, 24), dtype=np.int64).astype(np.uint64)
    z_t = r.integers(1, 2**63, size=NCELLS, dtype=np.int64).astype(np.uint64)
    z_side = np.uint64(r.integers(1, 2**63, dtype=np.int64))
    return z_occ, z_hand, z_t, z_side


Z_OCC, Z_HAND, Z_T, Z_SIDE = zobrist()
_LW, _LENW = line_tables(True)  # numba freezes these module globals into the compiled kernel
_LN, _LENN = line_tables(False)


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
    """The transposition table: ``2**bits`` slots of two uint64 (the key, and the entry packed as
    value + 128 in bits 0-7, bound flag in bits 8-9, best move code + 1 from bit 16), side by side so
    that a probe touches one cache line."""

    def __init__(self, bits: int = TT_BITS_DEFAULT):
        n = 1 << bits
        self.slots = np.zeros((n, 2), dtype=np.uint64)
        self.mask = np.uint64(n - 1)

    def clear(self) -> "Table":
        """Empty the table (this also touches every page, so a timed search pays no page faults)."""
        self.slots.fill(0)
        return self

    def move_at(self, h) -> int:
        idx = int(np.uint64(h) & self.mask)
        if self.slots[idx, 0] != np.uint64(h):
            return -1
        return int(self.slots[idx, 1] >> np.uint64(16)) - 1


@numba.njit(cache=True)
def _next_target(lines, lens, occ, x, d, far):
    n = lens[x, d]
    if far:
        for i in range(n - 1, -1, -1):
            y = lines[x, d, i]
            if (occ >> y) & 1 == 0:
                return y
        return -1
    for i in range(n):
        y = lines[x, d, i]
        if (occ >> y) & 1 == 0:
            return y
    return -1


@numba.njit(cache=True)
def negamax_nb(occ, hands, t, p, alpha, beta, h, far_jolly, slots, mask, stats, buf, ply):
    # stats: [nodes, table hits, node limit, aborted]; far_jolly = standard rules (torus, jolly
    # farthest), else KIDS (no wrap, jolly nearest). Line and Zobrist tables are module globals.
    if far_jolly:
        lines = _LW
        lens = _LENW
    else:
        lines = _LN
        lens = _LENN
    z_occ = Z_OCC
    z_hand = Z_HAND
    z_t = Z_T
    z_side = Z_SIDE
    stats[0] += 1
    if stats[0] > stats[2]:
        stats[3] = 1
        return 0
    colour = t // 7
    q = 1 - p
    tot_p = hands[p, 7]  # column 7 holds each player's total, kept up to date below
    tot_q = hands[q, 7]
    if hands[p, colour] == 0 and hands[p, 6] == 0:
        if hands[q, colour] == 0 and hands[q, 6] == 0:
            return tot_q - tot_p
        return -negamax_nb(occ, hands, t, q, -beta, -alpha, h ^ z_side, far_jolly, slots, mask,
                           stats, buf, ply + 1)
    if tot_p == 1:  # the last shield: the game ends with p on 0
        return tot_q
    occ2 = occ | (np.int64(1) << t)
    idx = h & mask
    tt_move = -1
    if slots[idx, 0] == h:
        stats[1] += 1
        e = np.int64(slots[idx, 1])
        v = np.int64(e & 255) - 128
        f = (e >> 8) & 3
        tt_move = (e >> 16) - 1
        if f == EXACT:
            return v
        if f == LOWER and v >= beta:
            return v
        if f == UPPER and v <= alpha:
            return v
    # generate moves (kind, next target), deduplicated, with an ordering score
    mk = buf[ply, 0]  # preallocated per-ply move lists (no allocation in the search)
    mn = buf[ply, 1]
    ms = buf[ply, 2]
    nm = 0
    # the 8 nearest free cells; on the torus the farthest free cell along d is the nearest one along
    # the opposite direction (d + 4), so a jolly's targets come from the same 8 scans
    near = buf[ply, 3]
    for d in range(8):
        near[d] = _next_target(lines, lens, occ2, t, d, False)
    for kk in range(2):
        kind = colour if kk == 0 else 6
        if hands[p, kind] == 0:
            continue
        far = far_jolly and kind == 6
        for d in range(8):
            nx = near[(d + 4) % 8] if far else near[d]
            if nx < 0:
                continue
            dup = False
            for j in range(nm):
                if mk[j] == kind and mn[j] == nx:
                    dup = True
                    break
            if dup:
                continue
            score = 0
            code = kk * 42 + nx
            if code == tt_move:
                score += 1000
            c2 = nx // 7
            if hands[q, c2] == 0 and hands[q, 6] == 0:
                score += 100
            if kk == 0:
                score += 10
            mk[nm] = kind
            mn[nm] = nx
            ms[nm] = score
            nm += 1
    if nm == 0:  # no arrow can point to a free cell: the game ends after this placement
        return tot_q - (tot_p - 1)
    # order (insertion sort, descending score; stable)
    for i in range(1, nm):
        a0, b0, s0 = mk[i], mn[i], ms[i]
        j = i - 1
        while j >= 0 and ms[j] < s0:
            mk[j + 1], mn[j + 1], ms[j + 1] = mk[j], mn[j], ms[j]
            j -= 1
        mk[j + 1], mn[j + 1], ms[j + 1] = a0, b0, s0
    alpha0 = alpha
    best = -INF
    best_code = -1
    for i in range(nm):
        kind = mk[i]
        nx = mn[i]
        c = hands[p, kind]
        h2 = h ^ z_occ[t] ^ z_hand[p, kind, c] ^ z_hand[p, kind, c - 1] ^ z_t[t] ^ z_t[nx] ^ z_side
        hands[p, kind] = c - 1
        hands[p, 7] = tot_p - 1
        v = -negamax_nb(occ2, hands, nx, q, -beta, -alpha, h2, far_jolly, slots, mask, stats,
                        buf, ply + 1)
        hands[p, kind] = c
        hands[p, 7] = tot_p
        if stats[3]:
            return 0
        if v > best:
            best = v
            best_code = (0 if kind < 6 else 1) * 42 + nx
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    if best <= alpha0:
        f = UPPER
    elif best >= beta:
        f = LOWER
    else:
        f = EXACT
    slots[idx, 0] = h
    slots[idx, 1] = np.uint64(np.int64(best + 128) | (np.int64(f) << 8) | (np.int64(best_code + 1) << 16))
    return best


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
    near = []
    for d in range(8):  # nearest free cells; a jolly's farthest = nearest the opposite way (torus)
        nx = -1
        for y in lines[t][d]:
            if not (occ2 >> y) & 1:
                nx = y
                break
        near.append(nx)
    for kk, kind in ((0, colour), (1, 6)):
        if hp[kind] == 0:
            continue
        far = far_jolly and kind == 6
        for d in range(8):
            nx = near[(d + 4) % 8] if far else near[d]
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


# ---------------------------------------------------------------------- random playouts (numba)
@numba.njit(cache=True)
def playout_nb(occ, hands, t, p, lines, lens, far_jolly, seed):
    """One uniformly random playout from a solver position (random kind among those held, random
    legal direction); returns the final margin for player ``p``. ``hands`` is modified."""
    np.random.seed(seed)
    me = p
    dirs = np.empty(8, dtype=np.int64)
    while True:
        colour = t // 7
        q = 1 - p
        if hands[p, colour] == 0 and hands[p, 6] == 0:
            if hands[q, colour] == 0 and hands[q, 6] == 0:
                break
            p = q
            continue
        if hands[p, colour] > 0 and hands[p, 6] > 0:
            kind = colour if np.random.random() < 0.5 else 6
        elif hands[p, colour] > 0:
            kind = colour
        else:
            kind = 6
        hands[p, kind] -= 1
        occ = occ | (np.int64(1) << t)
        tot = 0
        for k in range(7):
            tot += hands[p, k]
        if tot == 0:
            break
        far = far_jolly and kind == 6
        nd = 0
        for d in range(8):
            if _next_target(lines, lens, occ, t, d, far) >= 0:
                dirs[nd] = d
                nd += 1
        if nd == 0:
            break
        d = dirs[np.random.randint(nd)]
        t = _next_target(lines, lens, occ, t, d, far)
        p = q
    a = 0
    b = 0
    for k in range(7):
        a += hands[me, k]
        b += hands[1 - me, k]
    return b - a
