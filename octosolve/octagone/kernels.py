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
EXACT/LOWER/UPPER with the best move; sized to the search (:func:`tt_bits_for`). Move ordering: table
move, then moves the opponent cannot answer (a forced pass), then coloured before jolly.

The numba search (``negamax_nb``) is iterative (explicit per-ply stacks instead of recursion) and finds
the nearest free cells with bitboards (see ``_scan``); ``negamax_py`` is the same search written
plainly (recursion, line walks, a dict as the table): same tree, same move order, same values.
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir as llir
from numba import types
from numba.core.extending import intrinsic

from .rules import LINES_NOWRAP, LINES_WRAP, NCELLS

EXACT, LOWER, UPPER = 1, 2, 3
INF = 100
TT_BITS_DEFAULT = 24  # the largest table tt_bits_for gives (2**24 slots of 16 bytes = 256 MB)


def tt_bits_for(free: int) -> int:
    """Table size (log2 of the slots) for a search from a position with ``free`` free cells: about
    the size the search fills, since a table much bigger than the search only turns probes into cache
    misses (2**14 slots = 256 kB at 16 free cells, 2**16 = 1 MB at 24, then one bit per cell: big
    searches re-search too much with a small table; at 24 cells 2**16 to 2**22 slots take about the
    same time, 2.6 times as many nodes at 2**16)."""
    if free <= 24:
        return max(12, 10 + free // 4)
    return min(TT_BITS_DEFAULT, 16 + (free - 24))


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


# ---------------------------------------------------------------------- bitboard line scans
# The nearest free cell along each of the 8 directions comes from four occupancy bitboards, one per
# line family, each numbering the cells so that a line is a run of consecutive bits: row-major (E/W),
# column-major (N/S) and the two diagonal orders of the 6 x 7 torus (cell (k mod 6, k mod 7) for SE,
# (-k mod 6, k mod 7) for NE: since gcd(6, 7) = 1 a diagonal visits all 42 cells). Rotating the free
# bits of the segment so that the cell after the origin is bit 0 puts the forward line in bit order:
# the nearest free cell forward is the lowest set bit, and the nearest backward (the opposite
# direction, = the farthest forward on the torus) the highest. A KIDS line (no wrap) is a prefix of
# the forward line, and the backward one a suffix, so masks give them too.
@intrinsic
def _cttz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], llir.Constant(llir.IntType(1), 1))
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], llir.Constant(llir.IntType(1), 1))
    return types.int64(types.int64), codegen


_FWD = (2, 4, 3, 1)  # the forward direction of each bitboard: E (rows), S (columns), SE, NE
_WID = (7, 6, 42, 42)  # segment width (a row, a column, the whole board)


def bit_tables():
    """(bit, off, sh, line, pre, suf): per bitboard b and cell x, the cell's bit, the offset and
    rotation of its segment, the forward line (position -> cell), and for [wrap][b][x] the masks of
    the positions on the line forward (pre) and backward (suf)."""
    bit = np.zeros((4, NCELLS), dtype=np.int64)
    off = np.zeros((4, NCELLS), dtype=np.int64)
    sh = np.zeros((4, NCELLS), dtype=np.int64)
    line = np.zeros((4, NCELLS, 41), dtype=np.int64)
    pre = np.zeros((2, 4, NCELLS), dtype=np.int64)
    suf = np.zeros((2, 4, NCELLS), dtype=np.int64)
    for x in range(NCELLS):
        r, c = divmod(x, 7)
        kse = next(k for k in range(42) if k % 6 == r and k % 7 == c)
        kne = next(k for k in range(42) if (-k) % 6 == r and k % 7 == c)
        bit[:, x] = (x, c * 6 + r, kse, kne)
        off[:, x] = (7 * r, 6 * c, 0, 0)
        sh[:, x] = (c + 1, r + 1, kse + 1, kne + 1)
        for b, f in enumerate(_FWD):
            seq = LINES_WRAP[x][f]
            n = len(seq)
            assert n == _WID[b] - 1
            line[b, x, :n] = seq
            full = (1 << n) - 1
            pre[1, b, x] = suf[1, b, x] = full
            fw, bw = LINES_NOWRAP[x][f], LINES_NOWRAP[x][(f + 4) % 8]
            assert list(fw) == list(seq[:len(fw)]) and list(bw) == list(seq[::-1][:len(bw)])
            pre[0, b, x] = (1 << len(fw)) - 1
            suf[0, b, x] = full ^ ((1 << (n - len(bw))) - 1)
    return bit, off, sh, line, pre, suf


_BIT, _OFF, _SH, _LINEF, _PRE, _SUF = bit_tables()
_ROW = np.array([x // 7 for x in range(NCELLS)], dtype=np.int64)
_ROWMASK = np.array([127 << (7 * r) for r in range(6)], dtype=np.int64)


@numba.njit(cache=True, inline="always")
def _scan(board, b, x, w, wrap):
    """Nearest free cell forward and backward from x on bitboard b (segment width w); -1 if none."""
    seg = (~board >> _OFF[b, x]) & ((np.int64(1) << w) - 1)
    s = _SH[b, x]
    rot = ((seg >> s) | (seg << (w - s))) & ((np.int64(1) << (w - 1)) - 1)
    a = rot & _PRE[wrap, b, x]
    z = rot & _SUF[wrap, b, x]
    nf = _LINEF[b, x, _cttz(a)] if a != 0 else -1
    nb = _LINEF[b, x, 63 - _ctlz(z)] if z != 0 else -1
    return nf, nb


@numba.njit(cache=True, inline="always")
def _near8(occ, ocol, ose, one, t, wrap, near):
    e, w = _scan(occ, 0, t, 7, wrap)
    s, n = _scan(ocol, 1, t, 6, wrap)
    se, nw = _scan(ose, 2, t, 42, wrap)
    ne, sw = _scan(one, 3, t, 42, wrap)
    near[0] = n
    near[1] = ne
    near[2] = e
    near[3] = se
    near[4] = s
    near[5] = sw
    near[6] = w
    near[7] = nw


@numba.njit(cache=True)
def _boards(occ):
    """The column-major and the two diagonal bitboards of a row-major occupancy."""
    b1 = np.int64(0)
    b2 = np.int64(0)
    b3 = np.int64(0)
    for x in range(NCELLS):
        if (occ >> x) & 1:
            b1 |= np.int64(1) << _BIT[1, x]
            b2 |= np.int64(1) << _BIT[2, x]
            b3 |= np.int64(1) << _BIT[3, x]
    return b1, b2, b3


@numba.njit(cache=True)
def near_targets_nb(occ, t, wrap):
    """The nearest free cell from t in each direction 0..7 (-1: none), by the bitboard scans."""
    near = np.empty(8, dtype=np.int64)
    b1, b2, b3 = _boards(occ)
    _near8(occ, b1, b2, b3, t, 1 if wrap else 0, near)
    return near


def near_targets_py(occ: int, t: int, wrap: bool) -> list[int]:
    """Twin of :func:`near_targets_nb`: walk each line to its first free cell."""
    lines = LINES_WRAP if wrap else LINES_NOWRAP
    return [next((y for y in lines[t][d] if not (occ >> y) & 1), -1) for d in range(8)]


# ---------------------------------------------------------------------- the search (numba)
_MAXPLY = 96  # a game has at most 42 placements and as many passes


@numba.njit(cache=True)
def negamax_nb(occ, hands, t, p, alpha, beta, h, far_jolly, slots, mask, stats):
    """Negamax value for player ``p`` to move on ``t`` (see the module docstring). ``hands`` is
    int64[2, 8] (restored on return), ``slots``/``mask`` a :class:`Table`, ``stats`` int64[4]:
    [nodes, table hits, node limit, aborted]; far_jolly = standard rules (torus, jolly farthest),
    else KIDS (no wrap, jolly nearest)."""
    b1, b2, b3 = _boards(occ)
    return _search(occ, b1, b2, b3, hands, t, p, alpha, beta, h, far_jolly, slots, mask, stats)


@numba.njit(cache=True)
def _search(occ, ocol, ose, one, hands, t, p, alpha, beta, h, far_jolly, slots, mask, stats):
    # The recursion of negamax_py unrolled onto explicit per-ply stacks (a numba call passing the
    # arrays costs more than a node's work). A node at ply k keeps: the four bitboards after its
    # placement, target, player, alpha, beta, alpha at entry, best value and move, hash, the move
    # being searched and the number of moves (or the pass flag). Same tree, same order, same table
    # policy as the recursive twin.
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
    near = np.empty(8, np.int64)
    ct = np.empty(8, np.int64)
    jt = np.empty(8, np.int64)
    wrap = 1 if far_jolly else 0
    jsh = 4 if far_jolly else 0  # torus: a jolly's farthest free cell = nearest the opposite way
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
            if slots[idx, 0] == h:
                hits += 1
                e = np.int64(slots[idx, 1])
                tv = np.int64(e & 255) - 128
                f = (e >> 8) & 3
                tt_move = (e >> 16) - 1
                if f == EXACT or (f == LOWER and tv >= beta) or (f == UPPER and tv <= alpha):
                    v = tv
                    cut = True
            if not cut:
                occ2 = occ | (np.int64(1) << t)
                ocol2 = ocol | (np.int64(1) << _BIT[1, t])
                ose2 = ose | (np.int64(1) << _BIT[2, t])
                one2 = one | (np.int64(1) << _BIT[3, t])
                _near8(occ2, ocol2, ose2, one2, t, wrap, near)
                # distinct targets of the coloured shield and of the jolly, in direction order
                nc = 0
                nj = 0
                seen_c = np.int64(0)
                seen_j = np.int64(0)
                for d in range(8):
                    nx = near[d]
                    if nx >= 0 and hc > 0:
                        bit = np.int64(1) << nx
                        if not seen_c & bit:
                            seen_c |= bit
                            ct[nc] = nx
                            nc += 1
                    nx = near[(d + jsh) & 7]
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
            if a >= b or i == s_nm[ply]:  # node done: store it, its value goes up
                if best <= s_a0[ply]:
                    f = UPPER
                elif best >= b:
                    f = LOWER
                else:
                    f = EXACT
                hh = s_h[ply]
                idx = np.int64(hh & mask)
                slots[idx, 0] = hh
                slots[idx, 1] = np.uint64(np.int64(best + 128) | (np.int64(f) << 8)
                                          | (np.int64(s_bc[ply] + 1) << 16))
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


@numba.njit(cache=True)
def playout_greedy_nb(occ, hands, t, p, lines, lens, far_jolly, seed, eps):
    """One informed playout from a solver position; returns the final margin for player ``p``.

    With probability ``eps`` a move is uniformly random among the legal (shield, arrow) pairs; otherwise the
    mover plays the best move by the greedy player's one-ply score: a move that ends the game in its
    favour, else one whose arrow points to a cell the opponent cannot answer (neither that row's
    colour nor a jolly: a forced pass), coloured shields before jollies, random tie-break. A move is
    one shield and one arrow, so a playout costs about 16 target look-ups per ply. ``hands`` is
    modified."""
    np.random.seed(seed)
    me = p
    while True:
        colour = t // 7
        q = 1 - p
        if hands[p, colour] == 0 and hands[p, 6] == 0:
            if hands[q, colour] == 0 and hands[q, 6] == 0:
                break
            p = q
            continue
        tot = 0
        for k in range(7):
            tot += hands[p, k]
        occ = occ | (np.int64(1) << t)
        if tot == 1:  # the last shield: the game ends, p wins (the opponent holds at least one)
            kind = colour if hands[p, colour] > 0 else 6
            hands[p, kind] -= 1
            break
        greedy = np.random.random() >= eps
        best_s = -1e9
        best_k = -1
        best_t = -1
        for kk in range(2):
            kind = colour if kk == 0 else 6
            if hands[p, kind] == 0:
                continue
            far = far_jolly and kind == 6
            for d in range(8):
                y = _next_target(lines, lens, occ, t, d, far)
                if y < 0:
                    continue
                if greedy:
                    s = np.random.random()
                    if hands[q, y // 7] == 0 and hands[q, 6] == 0:
                        s += 10.0
                    if kind == 6:
                        s -= 2.0
                else:  # uniformly random among the legal (shield, arrow) pairs
                    s = np.random.random()
                if s > best_s:
                    best_s = s
                    best_k = kind
                    best_t = y
        if best_k < 0:  # no arrow reaches a free cell: the board is full (or a KIDS dead end)
            kind = colour if hands[p, colour] > 0 else 6
            hands[p, kind] -= 1
            break
        hands[p, best_k] -= 1
        t = best_t
        p = q
    a = 0
    b = 0
    for k in range(7):
        a += hands[me, k]
        b += hands[1 - me, k]
    return b - a
