"""Numba random and informed playouts from a 2-player solver position (the MCTS player's rollouts).

A solver position is ``occ`` (bitmask of occupied cells), ``hands`` int64[2, 8] (per player: shields
of each row colour 0..5, jollies 6, total 7), ``t`` (the cell to play on) and ``p`` (the player to
move); ``lines``/``lens`` are the line tables of the reading (:func:`line_tables`). Each playout
draws from numba's own generator seeded with ``seed``; ``playout_py`` / ``playout_greedy_py`` are
the same playouts written in plain Python with ``random.Random``-free numpy calls (``np.random``
seeded the same way: numba's generator is NumPy's Mersenne Twister, and the twins check that the two
draw the same numbers and play the same games).
"""

from __future__ import annotations

import numba
import numpy as np

from .geometry import LINES, NCELLS

__all__ = ["line_tables", "playout_nb", "playout_greedy_nb", "next_target_py"]


def line_tables(mode: str) -> tuple[np.ndarray, np.ndarray]:
    """(lines int8[42, 8, 41], lens int8[42, 8]) of the reading ``mode`` (none, torus, edge)."""
    src = LINES[mode]
    lines = np.full((NCELLS, 8, 41), -1, dtype=np.int8)
    lens = np.zeros((NCELLS, 8), dtype=np.int8)
    for x in range(NCELLS):
        for d in range(8):
            seq = src[x][d]
            lens[x, d] = len(seq)
            lines[x, d, :len(seq)] = seq
    return lines, lens


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



def next_target_py(lines, lens, occ, x, d, far) -> int:
    """Twin of ``_next_target``: the free cells of the line, then the first or the last."""
    free = [int(lines[x, d, i]) for i in range(int(lens[x, d])) if not (int(occ) >> int(lines[x, d, i])) & 1]
    return (free[-1] if far else free[0]) if free else -1


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
