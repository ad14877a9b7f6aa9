"""Numba kernels for Octoverso: tries over the lexicon and the legal-move generator.

Letters are 0..25 (A..Z); 26 is a joker (on the rail: a tile that matches any letter; in a hand: the
count of jokers held). The move generator walks a forward trie for the ``right`` end (the word begins
with the last ``k`` rail letters) and a trie of reversed words for the ``left`` end (the word ends with
the first ``k`` rail letters), first matching the ``k`` rail letters (a rail joker branches over every
letter), then spending hand letters, real letters before jokers in the order they are laid from the
rail outwards (so jokers stand for the occurrences farthest from the rail). Each (word, side, end, k)
is found once: a trie path is unique.

Every kernel is a ``numba.njit(cache=True)`` function; its pure-Python twin is ``kernel.py_func`` (the
same code run by the interpreter), which the tests compare it with, and the rules module has an
independent brute-force scan of the lexicon (``rules.reference_moves``).
"""

from __future__ import annotations

import numba
import numpy as np

JOKER = 26
MAX_LEN = 8
# columns of the move array returned by gen_moves
M_WID, M_SIDE, M_END, M_K, M_JMASK = range(5)
RIGHT, LEFT = 0, 1
RECTO, VERSO = 0, 1


@numba.njit(cache=True)
def build_trie(mat, lens, reverse):
    """Trie of the words (rows of ``mat``, ``lens`` letters each); ``reverse`` builds it on the
    reversed words. Returns (children int32[nodes, 26], term int32[nodes] = word id or -1)."""
    n_words = mat.shape[0]
    cap = 1
    for w in range(n_words):
        cap += lens[w]
    children = np.full((cap, 26), -1, np.int32)
    term = np.full(cap, -1, np.int32)
    n = 1
    for w in range(n_words):
        node = 0
        length = lens[w]
        for i in range(length):
            c = mat[w, length - 1 - i] if reverse else mat[w, i]
            nxt = children[node, c]
            if nxt < 0:
                nxt = n
                children[node, c] = n
                n += 1
            node = nxt
        term[node] = w
    return children[:n].copy(), term[:n].copy()


@numba.njit(cache=True)
def compact_trie(children, term):
    """Dense trie -> CSR (first edge of each node, edge letters, edge targets, terminal word ids):
    the walk then visits only the letters that exist below a node."""
    n = children.shape[0]
    first = np.zeros(n + 1, np.int32)
    m = 0
    for i in range(n):
        first[i] = m
        for c in range(26):
            if children[i, c] >= 0:
                m += 1
    first[n] = m
    elet = np.empty(m, np.int8)
    echild = np.empty(m, np.int32)
    e = 0
    for i in range(n):
        for c in range(26):
            if children[i, c] >= 0:
                elet[e] = c
                echild[e] = children[i, c]
                e += 1
    return first, elet, echild, term.copy()


@numba.njit(cache=True)
def _walk(first, elet, echild, term, blocked, rl, k, hand, max_len, side, end, out, n_out):
    """Depth-first walk: the first k steps follow the rail letters ``rl`` (joker = any letter), the
    next ones spend hand letters. Appends (wid, side, end, k, jmask) rows to ``out``."""
    stack_node = np.empty(MAX_LEN + 1, np.int32)
    stack_e = np.empty(MAX_LEN + 1, np.int32)
    used = np.zeros(MAX_LEN + 1, np.int8)  # 0 rail letter, 1 real hand letter, 2 joker
    let = np.zeros(MAX_LEN + 1, np.int8)
    stack_node[0] = 0
    stack_e[0] = first[0] - 1
    d = 0
    cap = out.shape[0]
    while d >= 0:
        node = stack_node[d]
        e = stack_e[d] + 1
        e_end = first[node + 1]
        how = -1
        if d < k:
            r = rl[d]
            while e < e_end:
                if r == JOKER or r == elet[e]:
                    how = 0
                    break
                e += 1
        else:
            jok = hand[JOKER] > 0
            while e < e_end:
                if hand[elet[e]] > 0:
                    how = 1
                    break
                if jok:
                    how = 2
                    break
                e += 1
        if how < 0:  # exhausted: back up and give back what the step into this node spent
            d -= 1
            if d >= 0:
                if used[d] == 1:
                    hand[let[d]] += 1
                elif used[d] == 2:
                    hand[JOKER] += 1
            continue
        c = elet[e]
        stack_e[d] = e
        used[d] = how
        let[d] = c
        if how == 1:
            hand[c] -= 1
        elif how == 2:
            hand[JOKER] -= 1
        child = echild[e]
        d += 1
        stack_node[d] = child
        stack_e[d] = first[child] - 1
        if d >= k + 1 and term[child] >= 0:
            wid = term[child]
            if blocked[wid] == 0:
                jm = 0
                for i in range(k, d):
                    if used[i] == 2:
                        pos = i if end == RIGHT else d - 1 - i
                        jm |= 1 << pos
                if n_out < cap:
                    out[n_out, 0] = wid
                    out[n_out, 1] = side
                    out[n_out, 2] = end
                    out[n_out, 3] = k
                    out[n_out, 4] = jm
                n_out += 1
        if d >= max_len:  # cannot go deeper: undo this step and try the next letter
            d -= 1
            if used[d] == 1:
                hand[let[d]] += 1
            elif used[d] == 2:
                hand[JOKER] += 1
    return n_out


@numba.njit(cache=True)
def gen_moves(ff, fl, fc, ft, rf, rl_, rc, rt, blocked, rail, hand, min_k, max_len, out):
    """Every legal move of a position.

    ``ff, fl, fc, ft`` and ``rf, rl_, rc, rt``: the forward and reversed tries (``compact_trie``).
    ``rail``: int8 letters in recto order (JOKER for a joker tile), 2..8 of them; ``hand``: int32[27]
    counts (index 26 = jokers; not modified on return); ``blocked``: uint8 per word id (1 = may not
    be played). Rows of ``out``: (word id, side, end, k, joker mask over word positions). Returns the
    number of moves; if it exceeds ``out.shape[0]`` only the first rows are filled (call again with a
    bigger array).
    """
    n_rail = rail.shape[0]
    h = hand.copy()
    seq = np.empty(n_rail, np.int8)
    rl = np.empty(MAX_LEN, np.int8)
    n_out = 0
    for side in range(2):
        for i in range(n_rail):
            seq[i] = rail[i] if side == RECTO else rail[n_rail - 1 - i]
        for k in range(min_k, min(n_rail, max_len - 1) + 1):
            # right end: the word starts with the last k letters of the side read
            for i in range(k):
                rl[i] = seq[n_rail - k + i]
            n_out = _walk(ff, fl, fc, ft, blocked, rl, k, h, max_len, side, RIGHT, out, n_out)
            # left end: the word ends with the first k letters; the reversed trie reads them backwards
            for i in range(k):
                rl[i] = seq[k - 1 - i]
            n_out = _walk(rf, rl_, rc, rt, blocked, rl, k, h, max_len, side, LEFT, out, n_out)
    return n_out


@numba.njit(cache=True)
def can_spell(first, elet, echild, term, blocked, lens, hand, length, out):
    """Word ids of exactly ``length`` letters spelt from ``hand`` alone (jokers allowed): the 4-letter
    opening announcements. Returns how many were found (ids in ``out``, at most ``out.shape[0]``)."""
    rl = np.empty(MAX_LEN, np.int8)
    cap = out.shape[0]
    tmp = np.empty((cap, 5), np.int32)
    h = hand.copy()
    n = _walk(first, elet, echild, term, blocked, rl, 0, h, length, 0, RIGHT, tmp, 0)
    m = 0
    for i in range(min(n, cap)):
        w = tmp[i, 0]
        if lens[w] == length:
            out[m] = w
            m += 1
    return m


def gen_moves_py(*args):
    """Pure-Python twin of :func:`gen_moves`: the same code run by the interpreter (its inner walk
    too). Same arguments and result."""
    g = gen_moves.py_func.__globals__
    saved = g["_walk"]
    g["_walk"] = _walk.py_func
    try:
        return gen_moves.py_func(*args)
    finally:
        g["_walk"] = saved
