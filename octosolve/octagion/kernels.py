"""Numba kernels: solvability, minimum Treatment Cards and solution counts for a whole word list.

A word (8 letters) against a deck is an 8x8 bipartite graph: position i may take number n when the
deck has a card (word[i], n). Encoded as eight row bitmasks ``rows[i] = masks[word[i]]`` where
``masks[letter]`` has bit n-1 set when the deck holds a card (letter, n).

- penalty-free solutions = perfect matchings = the permanent of the 0/1 matrix (counted by a
  depth-first search over the positions, most constrained first, with bitmask bookkeeping);
- minimum Treatment Cards = 8 - maximum matching (augmenting paths by breadth-first search).

The twins are written differently on purpose: the permanent by a dynamic programme over the sets of
used numbers, the maximum matching by the deficiency form of Hall's theorem (Konig-Ore:
nu = 8 - max over position subsets S of (|S| - |N(S)|), over the 256 subsets).

Every kernel has a pure-Python twin (``*_py``) with the same contract; tests compare them with each
other and with brute force over permutations, networkx and CP-SAT (tests/octagion/test_kernels.py).
"""

from __future__ import annotations

import numba
import numpy as np

from ..core.kernels import Twin

__all__ = ["FULL", "POPCOUNT8", "encode_words", "count_matchings_rows", "max_matching_rows",
           "solve_words", "solve_words_parallel", "solve_word_list", "count_matchings_py",
           "max_matching_py", "solve_words_py", "TWINS"]

FULL = 0xFF
POPCOUNT8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


# ----------------------------------------------------------------------------------------------
# encoding
# ----------------------------------------------------------------------------------------------
def encode_words(words) -> np.ndarray:
    """uint8 array [N, 8] of letter indices 0..25 (words must be 8 letters A-Z, upper case)."""
    if len(words) == 0:
        return np.zeros((0, 8), dtype=np.uint8)
    buf = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (buf.reshape(len(words), 8) - 65).astype(np.uint8)


# ----------------------------------------------------------------------------------------------
# numba kernels
# ----------------------------------------------------------------------------------------------
@numba.njit(cache=True)
def count_matchings_rows(rows, pc, order):
    """Number of perfect matchings of the 8 row masks (positions -> distinct numbers).

    ``pc`` is the popcount table ``POPCOUNT8``; ``order`` a scratch int64 array of length 8.
    """
    # quick rejects: an empty row or a number no position can take
    u = 0
    for i in range(8):
        r = rows[i]
        if r == 0:
            return 0
        u |= r
    if u != FULL:
        return 0
    # order positions by increasing degree (insertion sort of 8 items)
    for i in range(8):
        order[i] = i
    for i in range(1, 8):
        j = i
        while j > 0 and pc[rows[order[j]]] < pc[rows[order[j - 1]]]:
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1
    # the 4 most constrained positions by nested loops over their free numbers; the last 4 are
    # counted in closed form (systems of distinct representatives of four sets A, B, C, D by
    # inclusion-exclusion over the set partitions: a block of size s weighs (-1)^(s-1) (s-1)! times
    # the size of its intersection)
    r0 = rows[order[0]]
    r1 = rows[order[1]]
    r2 = rows[order[2]]
    r3 = rows[order[3]]
    ra = rows[order[4]]
    rb = rows[order[5]]
    rc = rows[order[6]]
    rd = rows[order[7]]
    cnt = 0
    a0 = r0
    while a0:
        b0 = a0 & (-a0)
        a0 ^= b0
        a1 = r1 & ~b0 & FULL
        while a1:
            b1 = a1 & (-a1)
            a1 ^= b1
            u1 = b0 | b1
            a2 = r2 & ~u1 & FULL
            while a2:
                b2 = a2 & (-a2)
                a2 ^= b2
                u2 = u1 | b2
                a3 = r3 & ~u2 & FULL
                while a3:
                    b3 = a3 & (-a3)
                    a3 ^= b3
                    free = ~(u2 | b3) & FULL
                    a = ra & free
                    b = rb & free
                    c = rc & free
                    d = rd & free
                    na = pc[a]
                    nb = pc[b]
                    nc = pc[c]
                    nd = pc[d]
                    ab = pc[a & b]
                    ac = pc[a & c]
                    ad = pc[a & d]
                    bc = pc[b & c]
                    bd = pc[b & d]
                    cd = pc[c & d]
                    cnt += (na * nb * nc * nd
                            - ab * nc * nd - ac * nb * nd - ad * nb * nc
                            - bc * na * nd - bd * na * nc - cd * na * nb
                            + ab * cd + ac * bd + ad * bc
                            + 2 * (pc[a & b & c] * nd + pc[a & b & d] * nc + pc[a & c & d] * nb
                                   + pc[b & c & d] * na)
                            - 6 * pc[a & b & c & d])
    return cnt


@numba.njit(cache=True)
def max_matching_rows(rows, pc, scratch):
    """Size of a maximum matching of the 8 row masks: augmenting paths found by breadth-first
    search over the numbers, with bitmasks. ``scratch`` is an int64 array of length >= 32."""
    # scratch[0:8]: number -> position (-1 free); [8:16]: position -> number;
    # [16:24]: number -> position it was reached from; [24:32]: BFS queue of numbers
    for j in range(16):
        scratch[j] = -1
    match_n = scratch[0:8]
    match_p = scratch[8:16]
    parent = scratch[16:24]
    queue = scratch[24:32]
    size = 0
    freemask = FULL             # numbers not matched yet
    for i in range(8):
        r = rows[i]
        if r == 0:
            continue
        # greedy: the lowest free number adjacent to i
        g = r & freemask
        if g:
            n = pc[(g & (-g)) - 1]
            match_n[n] = i
            match_p[i] = n
            freemask ^= 1 << n
            size += 1
            continue
        visited = r
        qh = 0
        qt = 0
        for n in range(8):
            if (r >> n) & 1:
                parent[n] = i
                queue[qt] = n
                qt += 1
        end = -1
        while qh < qt:
            n = queue[qh]
            qh += 1
            if match_n[n] == -1:
                end = n
                break
            p = match_n[n]
            new = rows[p] & ~visited & FULL
            visited |= new
            for m in range(8):
                if (new >> m) & 1:
                    parent[m] = p
                    queue[qt] = m
                    qt += 1
        if end >= 0:
            freemask ^= 1 << end
            n = end
            while True:
                p = parent[n]
                prev = match_p[p]
                match_n[n] = p
                match_p[p] = n
                if p == i:
                    break
                n = prev
            size += 1
    return size


@numba.njit(cache=True)
def solve_words(words, masks, pc):
    """For every word (uint8 [N, 8] letter indices) against the deck ``masks`` (uint8 [26]):
    returns (solutions int64 [N], min_wildcards int64 [N]); solvable = solutions > 0."""
    n = words.shape[0]
    sols = np.zeros(n, dtype=np.int64)
    wild = np.zeros(n, dtype=np.int64)
    rows = np.zeros(8, dtype=np.int64)
    order = np.zeros(8, dtype=np.int64)
    nbr = np.zeros(32, dtype=np.int64)
    for w in range(n):
        for i in range(8):
            rows[i] = masks[words[w, i]]
        c = count_matchings_rows(rows, pc, order)
        sols[w] = c
        if c == 0:
            wild[w] = 8 - max_matching_rows(rows, pc, nbr)
    return sols, wild


@numba.njit(cache=True, parallel=True)
def solve_words_parallel(words, masks, pc):
    """``solve_words`` split over the available cores (numba prange over chunks)."""
    n = words.shape[0]
    sols = np.zeros(n, dtype=np.int64)
    wild = np.zeros(n, dtype=np.int64)
    nchunks = 64
    for ch in numba.prange(nchunks):
        lo = n * ch // nchunks
        hi = n * (ch + 1) // nchunks
        rows = np.zeros(8, dtype=np.int64)
        order = np.zeros(8, dtype=np.int64)
        nbr = np.zeros(32, dtype=np.int64)
        for w in range(lo, hi):
            for i in range(8):
                rows[i] = masks[words[w, i]]
            c = count_matchings_rows(rows, pc, order)
            sols[w] = c
            if c == 0:
                wild[w] = 8 - max_matching_rows(rows, pc, nbr)
    return sols, wild


def solve_word_list(words, masks, parallel: bool = False):
    """Convenience wrapper: words as strings or an encoded array; returns (solutions, min_wildcards)."""
    arr = words if isinstance(words, np.ndarray) else encode_words(list(words))
    fn = solve_words_parallel if parallel else solve_words
    return fn(np.ascontiguousarray(arr, dtype=np.uint8), np.asarray(masks, dtype=np.uint8), POPCOUNT8)


# ----------------------------------------------------------------------------------------------
# pure-Python twins (same contract, written plainly: subset DP for the permanent, Hall deficiency)
# ----------------------------------------------------------------------------------------------
def count_matchings_py(rows) -> int:
    """Permanent of the 0/1 matrix given by 8 row masks: DP over the sets of numbers used by the
    first k positions (k = popcount)."""
    ways = {0: 1}
    for i in range(8):
        nxt: dict[int, int] = {}
        for used, c in ways.items():
            for n in range(8):
                b = 1 << n
                if rows[i] & b and not used & b:
                    nxt[used | b] = nxt.get(used | b, 0) + c
        ways = nxt
    return ways.get(FULL, 0)


def max_matching_py(rows) -> int:
    best = 0
    for s in range(256):
        nb = 0
        for i in range(8):
            if s >> i & 1:
                nb |= rows[i]
        best = max(best, bin(s).count("1") - bin(nb).count("1"))
    return 8 - best


def solve_words_py(words, masks):
    """Twin of ``solve_words`` (words: list of strings or encoded array)."""
    arr = words if isinstance(words, np.ndarray) else encode_words(list(words))
    sols, wild = [], []
    for w in arr:
        rows = [int(masks[int(x)]) for x in w]
        c = count_matchings_py(rows)
        sols.append(c)
        wild.append(0 if c else 8 - max_matching_py(rows))
    return np.array(sols, dtype=np.int64), np.array(wild, dtype=np.int64)


# ----------------------------------------------------------------------------------------------
# the twin table (tests/test_kernel_twins.py iterates it)
# ----------------------------------------------------------------------------------------------
def _random_masks(rng: np.random.Generator) -> np.ndarray:
    """A random deck as 26 masks: 1 to 8 numbers per letter for a few letters, sparse or dense."""
    density = rng.choice([0.15, 0.3, 0.5, 0.8])
    m = (rng.random((26, 8)) < density).astype(np.uint8)
    return (m * (1 << np.arange(8, dtype=np.uint8))).sum(axis=1).astype(np.uint8)


def _random_words(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` random words over a small alphabet (so letters repeat and both branches run)."""
    k = int(rng.integers(3, 27))
    return rng.integers(0, k, size=(n, 8)).astype(np.uint8)


def _rows_examples(rng: np.random.Generator):
    for _ in range(300):
        masks = _random_masks(rng)
        word = _random_words(rng, 1)[0]
        rows = np.array([masks[x] for x in word], dtype=np.int64)
        yield rows, POPCOUNT8, np.zeros(8, dtype=np.int64)
    yield np.full(8, FULL, dtype=np.int64), POPCOUNT8, np.zeros(8, dtype=np.int64)   # 8! = 40320


def _rows_examples_mm(rng: np.random.Generator):
    for rows, pc, _ in _rows_examples(rng):
        yield rows, pc, np.zeros(32, dtype=np.int64)


def _words_examples(rng: np.random.Generator):
    for _ in range(20):
        yield _random_words(rng, int(rng.integers(0, 200))), _random_masks(rng), POPCOUNT8


def _count_twin(rows, pc, order):
    return count_matchings_py([int(r) for r in rows])


def _mm_twin(rows, pc, scratch):
    return max_matching_py([int(r) for r in rows])


def _solve_twin(words, masks, pc):
    return solve_words_py(words, masks)


def _anneal_twins():
    from .anneal_twins import TWINS as anneal
    from .bound_sets import TWINS as bound_sets
    return anneal + bound_sets


TWINS = (
    Twin("count_matchings_rows", count_matchings_rows, _count_twin, _rows_examples,
         note="twin: dynamic programme over the sets of used numbers (the permanent)"),
    Twin("max_matching_rows", max_matching_rows, _mm_twin, _rows_examples_mm,
         note="twin: Hall's deficiency (Konig-Ore) over all 256 position subsets"),
    Twin("solve_words", solve_words, _solve_twin, _words_examples,
         note="twin: the two plain twins above, word by word"),
    Twin("solve_words_parallel", solve_words_parallel, _solve_twin, _words_examples,
         note="twin: the two plain twins above, word by word"),
) + _anneal_twins()   # the deck designer's annealer (anneal.py), the set bound (bound_sets.py)
