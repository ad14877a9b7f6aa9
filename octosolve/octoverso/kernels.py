"""Numba kernels for Octoverso: tries over the lexicon and the legal-move generator.

Letters are 0..25 (A..Z); 26 is a joker (on the rail: a tile that matches any letter; in a hand: the
count of jokers held). The move generator walks a forward trie for the ``right`` end (the word begins
with the last ``k`` rail letters) and a trie of reversed words for the ``left`` end (the word ends with
the first ``k`` rail letters), first matching the ``k`` rail letters (a rail joker branches over every
letter), then spending hand letters, real letters before jokers in the order they are laid from the
rail outwards (so jokers stand for the occurrences farthest from the rail). Each (word, side, end, k)
is found once: a trie path is unique.

Every kernel is a ``numba.njit(cache=True)`` function with a pure-Python twin, listed in ``TWINS``
at the end (``tests/test_kernel_twins.py`` runs both on random small lexicons). The twins use other
algorithms on purpose: a dict trie, numpy's ``nonzero`` for the CSR arrays, a brute-force scan of
every word against every side, end and k for the move generator, a multiset check for the opening
words. Only the inner walk's twin is the same code run by the interpreter (``_walk.py_func``).
"""

from __future__ import annotations

import numba
import numpy as np

from ..core.kernels import Twin

__all__ = ["JOKER", "MAX_LEN", "RIGHT", "LEFT", "RECTO", "VERSO", "build_trie", "compact_trie",
           "gen_moves", "can_spell", "build_trie_py", "compact_trie_py", "moves_rows", "moves_rows_py",
           "can_spell_ids", "can_spell_py", "TWINS"]

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


# ------------------------------------------------------------------------- pure-Python twins

def build_trie_py(mat, lens, reverse):
    """Twin of :func:`build_trie`: a trie of dicts, numbered in insertion order, then laid out."""
    nodes: list[dict[int, int]] = [{}]
    term = [-1]
    for w in range(mat.shape[0]):
        letters = [int(c) for c in mat[w, :int(lens[w])]]
        node = 0
        for c in (letters[::-1] if reverse else letters):
            if c not in nodes[node]:
                nodes[node][c] = len(nodes)
                nodes.append({})
                term.append(-1)
            node = nodes[node][c]
        term[node] = w
    children = np.full((len(nodes), 26), -1, np.int32)
    for i, d in enumerate(nodes):
        for c, j in d.items():
            children[i, c] = j
    return children, np.array(term, np.int32)


def compact_trie_py(children, term):
    """Twin of :func:`compact_trie` with numpy: edges are the non-negative cells in row order."""
    rows, cols = np.nonzero(children >= 0)
    first = np.searchsorted(rows, np.arange(children.shape[0] + 1)).astype(np.int32)
    return first, cols.astype(np.int8), children[rows, cols].astype(np.int32), term.copy()


def _tries(mat, lens):
    return (compact_trie(*build_trie(mat, lens, False)), compact_trie(*build_trie(mat, lens, True)))


def moves_rows(mat, lens, blocked, rail, hand, min_k, max_len):
    """:func:`gen_moves` on a word matrix (tries built by the kernels): the sorted list of rows."""
    fwd, rev = _tries(mat, lens)
    cap = 64
    while True:
        out = np.empty((cap, 5), np.int32)
        n = gen_moves(*fwd, *rev, blocked, rail, hand, min_k, max_len, out)
        if n <= cap:
            return sorted(tuple(int(x) for x in r) for r in out[:n])
        cap = n


def _jmask(word, end, k, hand):
    """Real letters first from the rail outwards; the rest jokers (None: the hand cannot lay it)."""
    h = [int(x) for x in hand]
    n = len(word)
    jm = 0
    for i in (range(k, n) if end == RIGHT else range(n - k - 1, -1, -1)):
        if h[word[i]] > 0:
            h[word[i]] -= 1
        elif h[JOKER] > 0:
            h[JOKER] -= 1
            jm |= 1 << i
        else:
            return None
    return jm


def moves_rows_py(mat, lens, blocked, rail, hand, min_k, max_len):
    """Twin of :func:`moves_rows`: every word against every side, end and k (brute force)."""
    n_rail = len(rail)
    sides = [[int(t) for t in rail], [int(t) for t in rail[::-1]]]
    out = []
    for wid in range(mat.shape[0]):
        n = int(lens[wid])
        if blocked[wid] or n > max_len:
            continue
        word = [int(c) for c in mat[wid, :n]]
        for side in (RECTO, VERSO):
            seq = sides[side]
            for k in range(min_k, min(n_rail, n - 1) + 1):
                for end, part, off in ((RIGHT, seq[n_rail - k:], 0), (LEFT, seq[:k], n - k)):
                    if all(t == JOKER or t == word[off + i] for i, t in enumerate(part)):
                        jm = _jmask(word, end, k, hand)
                        if jm is not None:
                            out.append((wid, side, end, k, jm))
    return sorted(out)


def can_spell_ids(mat, lens, blocked, hand, length):
    """:func:`can_spell` on a word matrix: the sorted word ids."""
    fwd, _ = _tries(mat, lens)
    out = np.empty(mat.shape[0], np.int32)
    n = can_spell(*fwd, blocked, lens, hand, length, out)
    return sorted(int(x) for x in out[:n])


def can_spell_py(mat, lens, blocked, hand, length):
    """Twin of :func:`can_spell_ids`: a multiset check per word (missing letters <= jokers)."""
    out = []
    for wid in range(mat.shape[0]):
        if blocked[wid] or lens[wid] != length:
            continue
        need = np.bincount(mat[wid, :length].astype(np.int64), minlength=27)[:26]
        missing = int(np.maximum(need - hand[:26], 0).sum())
        if missing <= hand[JOKER]:
            out.append(wid)
    return out


def walk_rows(walk, mat, lens, blocked, rail, hand, max_len):
    """One right-end walk of ``walk`` (the kernel or its interpreted twin) over the forward trie."""
    fwd, _ = _tries(mat, lens)
    k = len(rail)
    out = np.empty((4096, 5), np.int32)
    h = hand.copy()
    rl = np.zeros(MAX_LEN, np.int8)
    rl[:k] = rail
    n = walk(*fwd, blocked, rl, k, h, max_len, 0, RIGHT, out, 0)
    return sorted(tuple(int(x) for x in r) for r in out[:min(n, 4096)]), h.tolist()


# ------------------------------------------------------------------------- examples and the table

def _random_words(rng, n_words: int, alphabet: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """A small random lexicon over the first ``alphabet`` letters (so that words match often)."""
    words = set()
    while len(words) < n_words:
        n = int(rng.integers(3, MAX_LEN + 1))
        words.add(tuple(int(c) for c in rng.integers(0, alphabet, n)))
    words = sorted(words)
    mat = np.zeros((len(words), MAX_LEN), np.int8)
    lens = np.array([len(w) for w in words], np.int8)
    for i, w in enumerate(words):
        mat[i, :len(w)] = w
    return mat, lens


def _position(rng, alphabet: int = 6):
    n_rail = int(rng.integers(2, 9))
    rail = rng.integers(0, alphabet, n_rail).astype(np.int8)
    if rng.random() < 0.3:
        rail[int(rng.integers(0, n_rail))] = JOKER
    hand = np.zeros(27, np.int32)
    for c in rng.integers(0, alphabet, int(rng.integers(1, 13))):
        hand[c] += 1
    hand[JOKER] = int(rng.integers(0, 3))
    return rail, hand


def _trie_examples(rng):
    for _ in range(8):
        mat, lens = _random_words(rng, int(rng.integers(1, 300)), int(rng.integers(2, 27)))
        yield mat, lens, bool(rng.integers(0, 2))


def _compact_examples(rng):
    for mat, lens, rev in _trie_examples(rng):
        yield build_trie(mat, lens, rev)


def _move_examples(rng):
    for _ in range(30):
        mat, lens = _random_words(rng, int(rng.integers(20, 400)))
        blocked = (rng.random(len(lens)) < 0.1).astype(np.uint8)
        rail, hand = _position(rng)
        yield mat, lens, blocked, rail, hand, int(rng.integers(2, 4)), int(rng.integers(4, MAX_LEN + 1))


def _spell_examples(rng):
    for _ in range(20):
        mat, lens = _random_words(rng, int(rng.integers(20, 400)))
        blocked = (rng.random(len(lens)) < 0.1).astype(np.uint8)
        _, hand = _position(rng)
        yield mat, lens, blocked, hand, int(rng.integers(3, 6))


def _walk_examples(rng):
    for mat, lens, blocked, rail, hand, _, max_len in _move_examples(rng):
        yield mat, lens, blocked, rail[:min(len(rail), max_len - 1)], hand, max_len


def _walk_kernel(*args):
    return walk_rows(_walk, *args)


def _walk_twin(*args):
    return walk_rows(_walk.py_func, *args)


TWINS = (
    Twin("build_trie", build_trie, build_trie_py, _trie_examples, note="dict trie laid out in arrays"),
    Twin("compact_trie", compact_trie, compact_trie_py, _compact_examples, note="numpy nonzero in row order"),
    Twin("gen_moves", moves_rows, moves_rows_py, _move_examples,
         note="brute force: every word against every side, end and k"),
    Twin("can_spell", can_spell_ids, can_spell_py, _spell_examples, note="multiset check per word"),
    Twin("_walk", _walk_kernel, _walk_twin, _walk_examples,
         note="the same code run by the interpreter (the walk is also covered by the two above)"),
)
