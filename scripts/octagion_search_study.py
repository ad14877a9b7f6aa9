"""Deck search experiments after the annealing walks (issue 20, item 1; docs/octagion.md, "The
search: temperatures, and what was tried"). None of them beat the walks, so design-deck does not use
them; this script reproduces the measurements.

1. ``pair``: re-optimise two numbers' letters at once, the other six fixed, for every pair of
   numbers in turn until no pair improves, after each walk. With six numbers fixed a word is
   solvable iff two of its positions p, q can go to the two free numbers A, B (p to A, q to B) and
   its other six positions match the six fixed numbers: per word a relation on letters, ``Y[w, x]``
   = the letters y such that x on A and y on B complete it (a dynamic programme over the fixed
   numbers whose state is the set of positions used). For letter sets S_A, S_B the word is
   solvable iff some x in S_A has Y[w, x] meeting S_B; for a fixed S_A that is a maximum coverage
   (k letters for B meeting as many sets Y_w(S_A) as possible), solved exactly by a branch and
   bound (``_max_cover``). Candidates for S_A: the ``--top-k`` best by the exact one-number score
   with B kept (all C(26, 6) sets scored), both ways round; or, with ``--exact``, every S_A whose
   bound (the words S_A can still reach) beats the deck: the pair's true optimum.
2. ``tabu``: tabu search over single letter swaps from a walk's deck: every swap scored with
   ``anneal.py``'s incremental matching kernels, the best allowed one made even when it loses; a
   letter taken from a number may not return to it for ``--tenure`` steps unless that beats the
   best deck seen.
3. ``triple``: three numbers A, B, C free, the other five fixed to ``--deck``. A word is solvable
   iff five of its positions match the five fixed numbers (``_fixed_reach``, the same dynamic
   programme) and its three other letters x, y, z can go x on A, y on B, z on C: per word the set
   of such letter triples (``triple_relation``; with all three orders, so the relation is the same
   for A, B, C). ``--method cpsat`` solves the three sets exactly with CP-SAT (``improve_triple``:
   booleans s[i, l], k true a number; a boolean per letter triple and per letter pair some word
   uses, true only when its letters are on their numbers; a word counts only when one of its
   triples is true; hinted with the deck; ``--triple-time`` seconds each, one worker) and says
   whether it proved the optimum; ``--method swap`` is exact in a neighbourhood (one of the
   three numbers any set, the other two at most one letter swap each from the deck; a maximum
   coverage for every such pair of sets, each number in turn the free one:
   ``improve_triple_one_swap``); ``--method pairs`` is a heuristic: each of the three numbers in
   turn moved to its ``--cands`` best other sets (by the exact one-number score), the other two
   re-optimised by the pair step with ``--top-k`` candidates. Triple after triple (``--triples``,
   default all 56); a gain is kept and the sweep goes on from the new deck.
4. ``walks``: the score of each walk (run q of ``--seed``, as design-deck's ``--restarts`` runs
   them), to read what the best of N walks gives.
5. ``memetic``: a population of ``--pop`` decks from short walks (runs 0..P-1 of the seed, as
   ``walks`` runs them, ``--init-steps`` each), then generation after generation a crossover: two
   members drawn at random, the better one A; B's numbers aligned to A's (the numbers are
   interchangeable: the assignment maximising the letters in common, ``align``); the child is A
   with ``--take`` of the numbers where A and aligned B differ taken from B (``--pick random``:
   drawn at random; ``least``: those agreeing least), then a short walk from it (``--child-steps``,
   ``--child-t0`` -> ``--child-t1``, temperatures for 2000 words scaled with the list as
   ``anneal``'s are). The walk's best deck replaces the worst member when it is
   better and not a member already (decks equal up to the order of the numbers are one deck).
   Stops after ``--generations`` or when the CPU time (``--budget`` s, the first walks included)
   is spent. ``--decks`` gives the first members (e.g. two distinct 1642 decks, ``--pop 2``).

    python scripts/octagion_search_study.py walks --seeds 0,1 --runs 6 [--steps 300000]
    python scripts/octagion_search_study.py memetic --seeds 0 --pop 8 --init-steps 75000 \
        --child-steps 30000 --take 4 --budget 300
    python scripts/octagion_search_study.py pair --seeds 0 --runs 8 [--top-k 50] [--exact]
    python scripts/octagion_search_study.py tabu --seeds 0 --runs 1 --tabu-steps 1000 --tenure 15
    python scripts/octagion_search_study.py triple --deck AEIPUW,AEFKNS,CEGOSY,BEIOTX,ELNRUV,\
        CMNPRT,ADHIOR,DGLMST [--method cpsat --triple-time 30 | --method swap |
        --method pairs --cands 10 --top-k 20]

Every deck reported is re-counted with ``kernels.solve_word_list`` (asserted equal). Prints one
line a walk (``triple``: a triple; ``memetic``: a generation); the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import sys
import time

import numba
import numpy as np
from scipy.optimize import linear_sum_assignment

from octosolve.core import cpsat
from octosolve.core.jsonout import write_json
from octosolve.core.lexicon import load_words
from octosolve.octagion import kernels
from octosolve.octagion.anneal import (TEMPERATURE_WORDS, _holds, _init, _match, _repair, _uses,
                                       anneal, prepare_words)
from octosolve.octagion.kernels import encode_words
from octosolve.octagion.rules import NUMBERS
from octosolve.octagion.wordcards import lexicon_path

@numba.njit(cache=True)
def _fixed_reach(arr, masks, free):
    """R[w, s] (bool [N, 256]): the positions in s can be matched one to one to the numbers not in
    ``free`` (a bit mask of numbers), every such number taking one of them. A dynamic programme
    over the fixed numbers whose state is the set of positions used."""
    n = arr.shape[0]
    R = np.zeros((n, 256), np.bool_)
    reach = np.zeros(256, np.bool_)
    nxt = np.zeros(256, np.bool_)
    for w in range(n):
        for s in range(256):
            reach[s] = False
        reach[0] = True
        for num in range(8):
            if free >> num & 1:
                continue
            for s in range(256):
                nxt[s] = False
            for s in range(256):
                if not reach[s]:
                    continue
                for p in range(8):
                    if not (s >> p & 1) and (masks[arr[w, p]] >> num & 1):
                        nxt[s | (1 << p)] = True
            for s in range(256):
                reach[s] = nxt[s]
        for s in range(256):
            R[w, s] = reach[s]
    return R


@numba.njit(cache=True)
def _pair_relation(arr, masks, a, b):
    """Y[w, x] (int64 [N, 26]): bit y set when word w is solvable with letter x's card on number a,
    letter y's card on number b, and its other six positions matched to the other six numbers
    (whatever numbers a and b carry)."""
    n = arr.shape[0]
    Y = np.zeros((n, 26), np.int64)
    R = _fixed_reach(arr, masks, (1 << a) | (1 << b))
    for w in range(n):
        for s in range(256):
            if not R[w, s]:
                continue
            rest = 255 & ~s                     # the two positions left for a and b
            p = 0
            while not (rest >> p & 1):
                p += 1
            q = p + 1
            while not (rest >> q & 1):
                q += 1
            x = arr[w, p]
            y = arr[w, q]
            Y[w, x] |= 1 << y
            Y[w, y] |= 1 << x
    return Y


@numba.njit(cache=True)
def _images(Y, s):
    """Per word the union of Y[w, x] over the letters x of the set s (a 26-bit mask)."""
    n = Y.shape[0]
    out = np.zeros(n, np.int64)
    for w in range(n):
        u = 0
        for x in range(26):
            if s >> x & 1:
                u |= Y[w, x]
        out[w] = u
    return out


@numba.njit(cache=True)
def _score_sets(sets, U, wts):
    """For every set (26-bit mask) the total weight of the masks U it meets."""
    out = np.zeros(sets.shape[0], np.int64)
    for i in range(sets.shape[0]):
        s = sets[i]
        t = 0
        for j in range(U.shape[0]):
            if U[j] & s:
                t += wts[j]
        out[i] = t
    return out


@numba.njit(cache=True)
def _max_cover(U, wts, k, lower):
    """The k-letter set meeting the masks U of greatest total weight, if that weight exceeds
    ``lower``: (weight, set mask), or (lower, -1) when no set does better than ``lower``. Branch and
    bound over the letters in order of decreasing weight; a node's bound is its weight plus the
    weights of the best remaining letters over the masks it does not meet yet."""
    m = U.shape[0]
    cnt = np.zeros(26, np.int64)
    for j in range(m):
        for l in range(26):
            if U[j] >> l & 1:
                cnt[l] += wts[j]
    order = np.argsort(-cnt, kind="mergesort")          # rank r -> letter order[r]
    rank = np.zeros(26, np.int64)
    for r in range(26):
        rank[order[r]] = r
    R = np.zeros(m, np.int64)                           # the masks in rank bits
    for j in range(m):
        v = 0
        for l in range(26):
            if U[j] >> l & 1:
                v |= 1 << rank[l]
        R[j] = v
    buf = np.zeros((k + 1, m), np.int64)
    size = np.zeros(k + 1, np.int64)
    cov = np.zeros(k + 1, np.int64)
    start = np.zeros(k + 1, np.int64)
    pos = np.zeros(k + 1, np.int64)
    chosen = np.zeros(k + 1, np.int64)
    c = np.zeros(26, np.int64)
    for j in range(m):
        buf[0, j] = j
    size[0] = m
    best = lower
    bestset = -1
    d = 0
    entering = True
    while d >= 0:
        if entering:
            entering = False
            if d == k:
                if cov[d] > best:
                    best = cov[d]
                    bestset = chosen[d]
                d -= 1
                continue
            for r in range(26):
                c[r] = 0
            st = start[d]
            for t in range(size[d]):
                j = buf[d, t]
                v = R[j] >> st
                r = st
                while v:
                    if v & 1:
                        c[r] += wts[j]
                    v >>= 1
                    r += 1
            ub = cov[d]                         # plus the k - d largest counts from rank st on
            for _ in range(k - d):
                bi = -1
                bv = -1
                for r in range(st, 26):
                    if c[r] > bv:
                        bv = c[r]
                        bi = r
                if bi < 0:
                    break
                ub += bv
                c[bi] = -1
            if ub <= best:
                d -= 1
                continue
            pos[d] = st
        r = pos[d]
        if r > 26 - (k - d):
            d -= 1
            continue
        pos[d] = r + 1
        sz = 0
        gain = 0
        for t in range(size[d]):
            j = buf[d, t]
            if R[j] >> r & 1:
                gain += wts[j]
            else:
                buf[d + 1, sz] = j
                sz += 1
        size[d + 1] = sz
        cov[d + 1] = cov[d] + gain
        chosen[d + 1] = chosen[d] | (1 << r)
        start[d + 1] = r + 1
        d += 1
        entering = True
    if bestset < 0:
        return best, -1
    s = 0
    for r in range(26):
        if bestset >> r & 1:
            s |= 1 << order[r]
    return best, s


@numba.njit(cache=True)
def _exact_side(Y, wts, k, cands, ub1, lower):
    """The best (weight, S_A, S_B) over the candidate sets S_A (sorted by the bound ub1, which is
    at least the best coverage any S_B gives with that S_A), B solved exactly for each; only
    results above ``lower`` count. Stops at the first candidate whose ub1 cannot beat the best."""
    n = Y.shape[0]
    U = np.zeros(n, np.int64)
    c = np.zeros(26, np.int64)
    best = lower
    ba = -1
    bb = -1
    for i in range(cands.shape[0]):
        if ub1[i] <= best:
            break
        s = cands[i]
        for r in range(26):
            c[r] = 0
        for w in range(n):
            u = 0
            for x in range(26):
                if s >> x & 1:
                    u |= Y[w, x]
            U[w] = u
            v = u
            r = 0
            while v:
                if v & 1:
                    c[r] += wts[w]
                v >>= 1
                r += 1
        ub = 0
        for _ in range(k):                      # the root bound: the k largest letter weights
            bi = 0
            for r in range(26):
                if c[r] > c[bi]:
                    bi = r
            ub += c[bi]
            c[bi] = -1
        if ub <= best:
            continue
        val, t = _max_cover(U, wts, k, best)
        if t >= 0 and val > best:
            best = val
            ba = s
            bb = t
    return best, ba, bb


def max_cover(U, wts, k: int, lower: int = -1):
    """Exact maximum coverage by k letters (see ``_max_cover``)."""
    return _max_cover(np.asarray(U, np.int64), np.asarray(wts, np.int64), int(k), int(lower))


def pair_relation(arr, masks, a: int, b: int) -> np.ndarray:
    return _pair_relation(np.ascontiguousarray(arr, np.uint8), np.asarray(masks, np.int64), a, b)


def _column(masks, n) -> int:
    return sum(1 << l for l in range(26) if int(masks[l]) >> n & 1)


def _set_column(masks, n, s) -> None:
    for l in range(26):
        masks[l] = (int(masks[l]) & ~(1 << n)) | ((s >> l & 1) << n)


def _dedupe(U, wts):
    keep = U != 0
    u, inv = np.unique(U[keep], return_inverse=True)
    w = np.zeros(len(u), np.int64)
    np.add.at(w, inv, wts[keep])
    return u, w


_SETS: dict[int, np.ndarray] = {}


def _all_sets(k: int) -> np.ndarray:
    if k not in _SETS:
        _SETS[k] = np.array([sum(1 << l for l in c) for c in itertools.combinations(range(26), k)],
                            dtype=np.int64)
    return _SETS[k]


def coverage(Y, wts, sa: int, sb: int) -> int:
    """Weight of the words solvable with letter sets sa on A and sb on B (Y from pair_relation)."""
    return int(wts[(_images(Y, sa) & sb) != 0].sum())


def improve_pair(Y, wts, sa: int, sb: int, k: int, top_k: int | None):
    """(weight, sa, sb): the best pair found, strictly better than the current one or the current
    one. ``top_k`` candidate sets for each side in turn (the best by the exact one-number score
    with the other side kept), the other side solved exactly for each. ``top_k`` None: exact,
    every S_A whose bound (the weight of the words it meets a letter x of with Y[w, x] not
    empty) beats the current pair, B solved exactly for each."""
    cur = coverage(Y, wts, sa, sb)
    best = (cur, sa, sb)
    sets = _all_sets(k)
    if top_k is None:
        reach = np.zeros(len(Y), np.int64)
        for x in range(26):
            reach |= (Y[:, x] != 0).astype(np.int64) << x
        U, w = _dedupe(reach, wts)
        ub1 = _score_sets(sets, U, w)
        o = np.argsort(-ub1, kind="stable")
        val, ta, tb = _exact_side(Y, wts, k, sets[o], ub1[o], cur)
        return (int(val), int(ta), int(tb)) if ta >= 0 else best
    for side in (0, 1):
        fixed = best[2] if side == 0 else best[1]
        Yt = Y if side == 0 else _transpose(Y)
        U, w = _dedupe(_images(_transpose(Yt), fixed), wts)   # sets for the free side to meet
        scores = _score_sets(sets, U, w)
        cand = sets[np.argsort(-scores, kind="stable")[:top_k]]
        for s in cand:
            U2, w2 = _dedupe(_images(Yt, int(s)), wts)
            val, t = _max_cover(U2, w2, k, best[0])
            if t >= 0 and val > best[0]:
                best = (int(val), int(s), int(t)) if side == 0 else (int(val), int(t), int(s))
    return best


def _transpose(Y) -> np.ndarray:
    """Y with the roles of the two numbers exchanged: bit x of out[w, y] = bit y of Y[w, x]."""
    out = np.zeros_like(Y)
    for x in range(26):
        for y in range(26):
            out[:, y] |= ((Y[:, x] >> y) & 1) << x
    return out


def polish(words, masks, *, per_number: int, weights=None, top_k: int | None = 50,
           time_limit: float | None = None, log=None):
    """Improve the deck (int64 masks[26]) pair of numbers by pair until no pair improves (or the
    time is spent): returns (masks, weight of the solvable words)."""
    arr = encode_words(list(words)) if not isinstance(words, np.ndarray) else words
    wts = np.ones(len(arr), np.int64) if weights is None else np.asarray(weights, np.int64)
    masks = np.asarray(masks, np.int64).copy()
    t0 = time.perf_counter()
    cur = None
    pairs = [(a, b) for a in range(NUMBERS) for b in range(a + 1, NUMBERS)]
    last_gain = None
    while True:
        for a, b in pairs:
            if (a, b) == last_gain:
                return masks, cur
            if time_limit is not None and time.perf_counter() - t0 > time_limit:
                return masks, cur
            Y = pair_relation(arr, masks, a, b)
            sa, sb = _column(masks, a), _column(masks, b)
            val, na, nb = improve_pair(Y, wts, sa, sb, per_number, top_k)
            if cur is None:
                cur = coverage(Y, wts, sa, sb)
            if log:
                log(f"numbers {a + 1},{b + 1}: {cur} -> {max(val, cur)} "
                    f"({time.perf_counter() - t0:.0f} s)")
            if val > cur:
                _set_column(masks, a, na)
                _set_column(masks, b, nb)
                cur = val
                last_gain = (a, b)
            elif last_gain is None and (a, b) == pairs[-1]:
                return masks, cur


def triple_relation(arr, masks, a: int, b: int, c: int) -> list[frozenset]:
    """Per word the letter triples (x, y, z) such that x's card on number a, y's on b and z's on c
    complete it, its other five positions matched to the other five numbers (whatever a, b, c
    carry). Empty: the five fixed numbers cannot take five of its letters."""
    arr = np.ascontiguousarray(arr, np.uint8)
    R = _fixed_reach(arr, np.asarray(masks, np.int64), (1 << a) | (1 << b) | (1 << c))
    out = []
    for w in range(len(arr)):
        T = set()
        for s in np.flatnonzero(R[w]):
            rest = [int(arr[w, p]) for p in range(8) if not int(s) >> p & 1]
            T.update(itertools.permutations(rest))
        out.append(frozenset(T))
    return out


def triple_coverage(T, wts, sa: int, sb: int, sc: int) -> int:
    """Weight of the words solvable with letter sets sa, sb, sc (26-bit masks) on the three free
    numbers (T from triple_relation)."""
    return int(sum(int(w) for t, w in zip(T, wts)
                   if any(sa >> x & 1 and sb >> y & 1 and sc >> z & 1 for x, y, z in t)))


def _flat_triples(T):
    """The triples of T as arrays (word, x, y, z)."""
    rows = [(w, x, y, z) for w, t in enumerate(T) for x, y, z in t]
    if not rows:
        return (np.zeros(0, np.int64),) * 4
    a = np.array(rows, np.int64)
    return a[:, 0], a[:, 1], a[:, 2], a[:, 3]


def improve_triple_by_pairs(T, wts, sets, k: int, *, cands: int = 5, top_k: int = 20):
    """A heuristic triple step (no proof): each of the three numbers in turn is moved to each of
    its ``cands`` best other letter sets (by the exact one-number score with the other two kept;
    every k-letter set scored), and for each the other two are re-optimised by ``improve_pair``
    with ``top_k`` candidates a side. Returns (value, sets): the best found, strictly better than
    the current sets, or the current ones."""
    wts = np.asarray(wts, np.int64)
    n = len(T)
    fw, fx, fy, fz = _flat_triples(T)
    f = (fx, fy, fz)
    best = (triple_coverage(T, wts, *sets), tuple(int(s) for s in sets))
    all_sets = _all_sets(k)
    for r in range(3):
        i, j = (q for q in range(3) if q != r)
        cur = best[1]
        sel = ((cur[i] >> f[i]) & 1).astype(bool) & ((cur[j] >> f[j]) & 1).astype(bool)
        Z = np.zeros(n, np.int64)
        np.bitwise_or.at(Z, fw[sel], np.left_shift(1, f[r][sel]))
        U, w = _dedupe(Z, wts)
        scores = _score_sets(all_sets, U, w)
        order = np.argsort(-scores, kind="stable")
        picked = [int(s) for s in all_sets[order[:cands + 1]] if int(s) != cur[r]][:cands]
        for sr in picked:
            keep = ((sr >> f[r]) & 1).astype(bool)
            Y = np.zeros(n * 26, np.int64)
            np.bitwise_or.at(Y, fw[keep] * 26 + f[i][keep], np.left_shift(1, f[j][keep]))
            Y = Y.reshape(n, 26)
            val, si, sj = improve_pair(Y, wts, cur[i], cur[j], k, top_k)
            if val > best[0]:
                new = [0, 0, 0]
                new[r], new[i], new[j] = sr, si, sj
                best = (int(val), tuple(new))
    return best


@numba.njit(cache=True)
def _swaps(s):
    """The set s (26-bit mask) and every set one letter swap away from it."""
    ins = [l for l in range(26) if s >> l & 1]
    outs = [l for l in range(26) if not s >> l & 1]
    out = np.zeros(1 + len(ins) * len(outs), np.int64)
    out[0] = s
    q = 1
    for o in ins:
        for i in outs:
            out[q] = (s & ~(1 << o)) | (1 << i)
            q += 1
    return out


@numba.njit(cache=True)
def _one_swap_exact(ptr, tx, ty, tz, gw, sa, sb, k, lower):
    """Groups g of words (weight gw[g]) with letter triples tx, ty, tz[ptr[g]:ptr[g + 1]]: the best
    (weight, S_A, S_B, S_C) over S_A at most one letter swap from sa, S_B likewise from sb and any
    k-letter S_C (a maximum coverage for each), if above ``lower``; else (lower, -1, -1, -1)."""
    n = gw.shape[0]
    Z = np.zeros(n, np.int64)                     # per group kept: the letters C may carry
    Wk = np.zeros(n, np.int64)
    U = np.zeros(n, np.int64)                     # the same with equal masks merged
    V = np.zeros(n, np.int64)
    best = lower
    ra, rb, rc = -1, -1, -1
    for a in _swaps(sa):
        for b in _swaps(sb):
            m = 0
            tot = 0
            for g in range(n):
                z = 0
                for q in range(ptr[g], ptr[g + 1]):
                    if a >> tx[q] & 1 and b >> ty[q] & 1:
                        z |= 1 << tz[q]
                if z:
                    Z[m] = z
                    Wk[m] = gw[g]
                    m += 1
                    tot += gw[g]
            if tot <= best:                       # even every word left is not better
                continue
            o = np.argsort(Z[:m])
            u = 0
            for t in range(m):
                if u > 0 and U[u - 1] == Z[o[t]]:
                    V[u - 1] += Wk[o[t]]
                else:
                    U[u] = Z[o[t]]
                    V[u] = Wk[o[t]]
                    u += 1
            val, c = _max_cover(U[:u], V[:u], k, best)
            if c >= 0 and val > best:
                best = val
                ra, rb, rc = a, b, c
    return best, ra, rb, rc


def _grouped(T, wts):
    """The words with the same (non-empty) triples merged: (ptr, triples [M, 3], weights)."""
    groups: dict[frozenset, int] = {}
    for t, w in zip(T, wts):
        if t:
            groups[t] = groups.get(t, 0) + int(w)
    ptr = [0]
    flat = []
    for t in groups:
        flat.extend(sorted(t))
        ptr.append(len(flat))
    return (np.array(ptr, np.int64), np.array(flat, np.int64).reshape(-1, 3),
            np.array(list(groups.values()), np.int64))


def improve_triple_one_swap(T, wts, sets, k: int):
    """Exact in a neighbourhood: the best deck with one of the three numbers given any k letters
    and the other two at most one letter swap each from their current sets, each number in turn
    the free one (T is the same for every order of the three numbers). Returns (value, sets):
    strictly better than the current sets, or the current ones; the current value is then proven
    optimal in that neighbourhood."""
    ptr, f, gw = _grouped(T, wts)
    best = (triple_coverage(T, wts, *sets), tuple(int(s) for s in sets))
    for r in range(3):
        i, j = (q for q in range(3) if q != r)
        cur = best[1]
        val, si, sj, sr = _one_swap_exact(ptr, f[:, 0].copy(), f[:, 1].copy(), f[:, 2].copy(),
                                          gw, cur[i], cur[j], k, best[0])
        if sr >= 0 and val > best[0]:
            new = [0, 0, 0]
            new[i], new[j], new[r] = si, sj, sr
            best = (int(val), tuple(int(x) for x in new))
    return best


def improve_triple(T, wts, sets, k: int, *, time_limit: float = 60.0, workers: int = 1,
                   seed: int = 0, interleave: bool = False, radius: int | None = None):
    """The best letter sets for the three free numbers, exactly (CP-SAT): returns a dict with the
    value found, the three sets (26-bit masks), the current sets' value, whether the value is
    proven optimal, and the seconds. ``sets``: the current three sets (the solver's hint).
    Model: s[i, l] (number i carries letter l, k a number); one boolean per letter triple that
    some word uses, true only when its three letters are on their numbers (and per letter pair a
    boolean likewise); a group of words with the same triples counts only when one of its triples
    (and one of its letter pairs on each two numbers, and one of its letters on each number: cuts)
    is true. ``radius`` r: only sets that keep at least k - r of the current set's letters (the
    optimum in that neighbourhood)."""
    from ortools.sat.python import cp_model

    cur = triple_coverage(T, wts, *sets)
    groups: dict[frozenset, int] = {}
    for t, w in zip(T, wts):
        if t:
            groups[t] = groups.get(t, 0) + int(w)
    m = cp_model.CpModel()
    s = [[m.NewBoolVar(f"s{i}_{l}") for l in range(26)] for i in range(3)]
    for i in range(3):
        m.Add(sum(s[i]) == k)
        if radius is not None:
            m.Add(sum(s[i][l] for l in range(26) if sets[i] >> l & 1) >= k - int(radius))
        for l in range(26):
            m.AddHint(s[i][l], bool(sets[i] >> l & 1))
    pairs: dict[tuple, object] = {}

    def pair(i, j, x, y):
        key = (i, j, x, y)
        if key not in pairs:
            v = m.NewBoolVar(f"p{i}{j}_{x}_{y}")
            m.AddImplication(v, s[i][x])
            m.AddImplication(v, s[j][y])
            m.AddHint(v, bool(sets[i] >> x & 1 and sets[j] >> y & 1))
            pairs[key] = v
        return pairs[key]

    trip: dict[tuple, object] = {}

    def triple(x, y, z):
        if (x, y, z) not in trip:
            v = m.NewBoolVar(f"t_{x}_{y}_{z}")
            m.AddImplication(v, pair(0, 1, x, y))
            m.AddImplication(v, pair(0, 2, x, z))
            m.AddImplication(v, pair(1, 2, y, z))
            m.AddHint(v, bool(sets[0] >> x & 1 and sets[1] >> y & 1 and sets[2] >> z & 1))
            trip[(x, y, z)] = v
        return trip[(x, y, z)]

    obj = []
    for t, w in groups.items():
        g = m.NewBoolVar("")
        m.AddHint(g, any(sets[0] >> x & 1 and sets[1] >> y & 1 and sets[2] >> z & 1
                         for x, y, z in t))
        m.AddBoolOr([triple(*xyz) for xyz in sorted(t)] + [g.Not()])
        for i, j in ((0, 1), (0, 2), (1, 2)):
            m.AddBoolOr([pair(i, j, x, y) for x, y in sorted({(u[i], u[j]) for u in t})]
                        + [g.Not()])
        for i in range(3):
            m.AddBoolOr([s[i][x] for x in sorted({u[i] for u in t})] + [g.Not()])
        obj.append((w, g))
    m.Maximize(sum(w * g for w, g in obj))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    solver.parameters.interleave_search = bool(interleave)   # LNS and the rest on one thread
    t0 = time.perf_counter()
    # the project's runner: a worker thread, CP-SAT's own SIGINT handling off (left on, it leaves
    # the default handler behind and a later Ctrl-C, or a test's SIGINT, kills the process)
    st = cpsat.solve(solver, m, seconds=float(time_limit), desc="triple", show_progress=False)
    secs = time.perf_counter() - t0
    out = {"current": cur, "value": cur, "sets": tuple(sets), "optimal": False,
           "bound": None, "seconds": round(secs, 1), "groups": len(groups),
           "triples": len(trip), "status": solver.StatusName(st)}
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        val = int(round(solver.ObjectiveValue()))
        new = tuple(sum(1 << l for l in range(26) if solver.Value(s[i][l])) for i in range(3))
        out["bound"] = int(solver.BestObjectiveBound() + 1e-6)
        out["optimal"] = st == cp_model.OPTIMAL
        if val > cur:
            out["value"], out["sets"] = val, new
    return out


@numba.njit(cache=True)
def _delta(L, M, K, ptr, idx, weights, masks, matchp, cov, n1, a, b, commit, stamp, tick,
           tmpm, aff, newc, rows, matchn, stack, cand):
    """Score change of number n1 swapping letter a for letter b; the deck and matchings are left
    as they were unless ``commit``."""
    masks[a] ^= 1 << n1
    masks[b] ^= 1 << n1
    na = 0
    delta = 0.0
    for l in (a, b):
        for q in range(ptr[l], ptr[l + 1]):
            i = idx[q]
            if stamp[i] == tick:
                continue
            stamp[i] = tick
            if cov[i]:
                if not _uses(L, M, K, i, matchp, a, n1):
                    continue
                for p in range(8):
                    tmpm[i, p] = matchp[i, p]
                c = _repair(L, M, K, i, masks, matchp, rows, matchn, stack, cand)
            elif not _holds(L, K, i, b):
                continue
            else:
                c = _match(L, M, K, i, masks, matchp, rows, matchn, stack, cand)
            if c != cov[i] or c:
                aff[na] = i
                newc[na] = c
                na += 1
                if c != cov[i]:
                    delta += weights[i] if c else -weights[i]
    if commit:
        for q in range(na):
            cov[aff[q]] = newc[q]
    else:
        for q in range(na):
            i = aff[q]
            if cov[i]:
                for p in range(8):
                    matchp[i, p] = tmpm[i, p]
        masks[a] ^= 1 << n1
        masks[b] ^= 1 << n1
    return delta


@numba.njit(cache=True)
def _tabu(L, M, K, ptr, idx, weights, masks, steps, tenure, seed):
    np.random.seed(seed)
    n = L.shape[0]
    matchp = np.zeros((n, 8), np.int64)
    cov = np.zeros(n, np.bool_)
    cur = _init(L, M, K, masks, weights, matchp, cov)
    best = cur
    bestm = masks.copy()
    rows = np.zeros(8, np.int64)
    matchn = np.zeros(8, np.int64)
    stack = np.zeros(9, np.int64)
    cand = np.zeros(9, np.int64)
    tmpm = np.zeros((n, 8), np.int64)
    stamp = np.zeros(n, np.int64)
    newc = np.zeros(n, np.bool_)
    aff = np.zeros(n, np.int64)
    hist = np.zeros(steps, np.float64)
    until = np.zeros((26, 8), np.int64)      # letter l may not return to number k before step
    tick = 0
    for it in range(steps):
        bd = -1e300
        bn = -1
        ba = -1
        bb = -1
        ties = 0
        for n1 in range(8):
            for a in range(26):
                if not masks[a] >> n1 & 1:
                    continue
                for b in range(26):
                    if masks[b] >> n1 & 1:
                        continue
                    tick += 1
                    d = _delta(L, M, K, ptr, idx, weights, masks, matchp, cov, n1, a, b, False,
                               stamp, tick, tmpm, aff, newc, rows, matchn, stack, cand)
                    if until[b, n1] > it and cur + d <= best:
                        continue
                    if d > bd:
                        bd, bn, ba, bb, ties = d, n1, a, b, 1
                    elif d == bd:
                        ties += 1
                        if np.random.randint(ties) == 0:
                            bn, ba, bb = n1, a, b
        if bn < 0:
            break
        tick += 1
        d = _delta(L, M, K, ptr, idx, weights, masks, matchp, cov, bn, ba, bb, True,
                   stamp, tick, tmpm, aff, newc, rows, matchn, stack, cand)
        cur += d
        hist[it] = cur
        until[ba, bn] = it + 1 + tenure
        if cur > best:
            best = cur
            bestm[:] = masks
    return bestm, best, hist


def tabu(words, masks, *, steps: int, tenure: int = 10, seed: int = 0, weights=None):
    """Best deck (int64 masks[26]) seen in ``steps`` tabu steps from ``masks``, its score, and
    the score after each step."""
    L, M, K, ptr, idx = prepare_words(list(words))
    w = np.ones(len(words)) if weights is None else np.asarray(weights, np.float64)
    return _tabu(L, M, K, ptr, idx, w, np.asarray(masks, np.int64).copy(), int(steps),
                 int(tenure), int(seed))


def masks_from_sets(sets) -> np.ndarray:
    """int64 masks[26] of a deck given as 8 letter strings (number 1 first)."""
    masks = np.zeros(26, np.int64)
    for n, letters in enumerate(sets):
        for ch in letters:
            masks[ord(ch) - 65] |= 1 << n
    return masks


def sets_of(masks) -> list[str]:
    return ["".join(chr(65 + l) for l in range(26) if int(masks[l]) >> n & 1)
            for n in range(NUMBERS)]


def align(ma, mb) -> list[int]:
    """perm with perm[n] = the number of deck B that goes to deck A's number n: the assignment
    (Hungarian, scipy's linear_sum_assignment) maximising the letters the paired numbers share."""
    ca = [_column(ma, n) for n in range(NUMBERS)]
    cb = [_column(mb, n) for n in range(NUMBERS)]
    common = np.array([[bin(a & b).count("1") for b in cb] for a in ca])
    rows, cols = linear_sum_assignment(common, maximize=True)
    assert list(rows) == list(range(NUMBERS))
    return [int(c) for c in cols]


def permuted(masks, perm) -> np.ndarray:
    """The deck whose number n carries what number perm[n] of ``masks`` carries."""
    out = np.zeros(26, np.int64)
    for n, src in enumerate(perm):
        _set_column(out, n, _column(masks, src))
    return out


def crossover(ma, mb_aligned, take) -> np.ndarray:
    """Deck A with the numbers in ``take`` carrying what aligned deck B's do."""
    child = np.asarray(ma, np.int64).copy()
    for n in take:
        _set_column(child, n, _column(mb_aligned, n))
    return child


def canonical(masks) -> tuple[int, ...]:
    """The deck up to the order of its numbers (its letter sets, sorted)."""
    return tuple(sorted(_column(masks, n) for n in range(NUMBERS)))


def pick_numbers(ma, mb_aligned, k: int, how: str, rng: np.random.Generator) -> list[int]:
    """``k`` of the numbers whose sets differ between A and aligned B (all of them when fewer
    differ): drawn at random (``how`` "random") or those sharing the fewest letters ("least",
    ties to the lower number)."""
    differ = [n for n in range(NUMBERS) if _column(ma, n) != _column(mb_aligned, n)]
    if len(differ) <= k:
        return differ
    if how == "least":
        return sorted(sorted(differ, key=lambda n: bin(_column(ma, n) & _column(mb_aligned, n))
                             .count("1"))[:k])
    return sorted(int(x) for x in rng.choice(differ, k, replace=False))


def memetic(words, arr, *, seed: int, pop: int, init_steps: int, child_steps: int,
            child_t0: float, child_t1: float, take: int, pick: str, generations: int,
            budget: float | None, decks=(), log=None):
    """The memetic search (module doc, item 5). Returns (masks, covered, rows, history):
    the best deck, its kernel count, one row a generation and (CPU s, best) at each gain.
    ``decks`` (masks): the first members; walks runs len(decks)..pop-1 give the others."""
    t_start = time.process_time()
    scale = len(words) / TEMPERATURE_WORDS          # the child temperatures are for 2000 words
    rng = np.random.default_rng([int(seed) % 2**63, 20])
    members, scores, keys = [], [], set()
    history = []
    best = -1
    for q in range(pop):
        if q < len(decks):
            m = np.asarray(decks[q], np.int64).copy()
            sols, _ = kernels.solve_word_list(arr, m)
            sc = int((sols > 0).sum())
        else:
            m, sc = anneal(words, per_number=6, iters=init_steps, seed=seed, first_run=q,
                           restarts=1, show_progress=False)
        members.append(m)
        scores.append(int(sc))
        keys.add(canonical(m))
        if int(sc) > best:
            best = int(sc)
            history.append((round(time.process_time() - t_start, 1), best))
        if log:
            log(f"init {q} {'deck' if q < len(decks) else 'walk'} {int(sc)} "
                f"cpu_s {time.process_time() - t_start:.1f}")
    rows = []
    for g in range(generations):
        if budget is not None and time.process_time() - t_start >= budget:
            break
        i, j = (int(x) for x in rng.choice(pop, 2, replace=False))
        if scores[j] > scores[i]:
            i, j = j, i
        b = permuted(members[j], align(members[i], members[j]))
        nums = pick_numbers(members[i], b, take, pick, rng)
        child = crossover(members[i], b, nums)
        sols, _ = kernels.solve_word_list(arr, child)
        start = int((sols > 0).sum())
        m, sc = anneal(words, per_number=6, iters=child_steps, seed=int(rng.integers(2**31 - 1)),
                       start_masks=child, t0=child_t0 * scale, t1=child_t1 * scale, restarts=1,
                       show_progress=False)
        sc = int(sc)
        worst = int(np.argmin(scores))
        key = canonical(m)
        verdict = "dup" if key in keys else ("kept" if sc > scores[worst] else "worse")
        if verdict == "kept":
            keys.discard(canonical(members[worst]))
            members[worst], scores[worst] = m, sc
            keys.add(key)
            if sc > best:
                best = sc
                history.append((round(time.process_time() - t_start, 1), best))
        row = {"gen": g, "parents": f"{i},{j}", "took": "".join(str(n + 1) for n in nums),
               "child": start, "walk": sc, "verdict": verdict,
               "pop": f"{min(scores)}..{max(scores)}", "best": best,
               "cpu_s": round(time.process_time() - t_start, 1)}
        rows.append(row)
        if log:
            log(" ".join(f"{k} {v}" for k, v in row.items()))
    top = int(np.argmax(scores))
    sols, _ = kernels.solve_word_list(arr, members[top])
    covered = int((sols > 0).sum())
    assert covered == scores[top] == best, (covered, scores[top], best)
    return members[top], covered, rows, history


def triples_sweep(arr, masks, *, per_number: int, triples, time_limit: float,
                  budget: float | None = None, method: str = "cpsat", cands: int = 10,
                  top_k: int = 20, log=None):
    """Each triple of numbers in turn (the other five fixed) solved by ``improve_triple`` (method
    "cpsat"), ``improve_triple_one_swap`` ("swap") or ``improve_triple_by_pairs`` ("pairs"); on a gain the deck takes the new sets
    (re-counted with the kernel, asserted equal) and the sweep goes on from it. Returns (masks,
    covered, rows)."""
    wts = np.ones(len(arr), np.int64)
    masks = np.asarray(masks, np.int64).copy()
    sols, _ = kernels.solve_word_list(arr, masks)
    cur = int((sols > 0).sum())
    rows = []
    t0 = time.perf_counter()
    for a, b, c in triples:
        if budget is not None and time.perf_counter() - t0 + (
                time_limit if method == "cpsat" else 0) > budget:
            break
        t1 = time.perf_counter()
        T = triple_relation(arr, masks, a, b, c)
        sets = [_column(masks, n) for n in (a, b, c)]
        if method == "cpsat":
            r = improve_triple(T, wts, sets, per_number, time_limit=time_limit)
        elif method == "swap":
            val, new = improve_triple_one_swap(T, wts, sets, per_number)
            r = {"current": triple_coverage(T, wts, *sets), "value": val, "sets": new,
                 "bound": None, "status": "ONE-SWAP EXACT", "optimal": False}
        else:
            val, new = improve_triple_by_pairs(T, wts, sets, per_number, cands=cands,
                                               top_k=top_k)
            r = {"current": triple_coverage(T, wts, *sets), "value": val, "sets": new,
                 "bound": None, "status": "HEURISTIC", "optimal": False}
        assert r["current"] == cur, (r["current"], cur)
        if r["value"] > cur:
            for n, sn in zip((a, b, c), r["sets"]):
                _set_column(masks, n, sn)
            sols, _ = kernels.solve_word_list(arr, masks)
            assert int((sols > 0).sum()) == r["value"], (int((sols > 0).sum()), r["value"])
            cur = r["value"]
        row = {"triple": f"{a + 1},{b + 1},{c + 1}", "before": r["current"],
               "after": r["value"], "bound": r["bound"], "status": r["status"],
               "optimal": r["optimal"], "seconds": round(time.perf_counter() - t1, 1)}
        rows.append(row)
        if log:
            log(" ".join(f"{k} {v}" for k, v in row.items()))
    return masks, cur, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["walks", "pair", "tabu", "triple", "memetic"])
    ap.add_argument("--words", type=int, default=2000, help="the N most familiar words")
    ap.add_argument("--seeds", default="0", help="comma-separated seeds of the walks")
    ap.add_argument("--runs", type=int, default=1, help="walks per seed (runs 0..N-1)")
    ap.add_argument("--steps", type=int, default=300_000, help="steps of a walk")
    ap.add_argument("--top-k", type=int, default=50, help="pair: candidate sets a side")
    ap.add_argument("--exact", action="store_true", help="pair: every candidate (the optimum)")
    ap.add_argument("--tabu-steps", type=int, default=1000)
    ap.add_argument("--tenure", type=int, default=15)
    ap.add_argument("--deck", help="triple: the deck, 8 comma-separated letter sets (number 1 "
                    "first); default the deck of walk run 0 of the first seed")
    ap.add_argument("--triples", help="triple: which, e.g. 1,2,3;4,5,6 (default all 56 in order)")
    ap.add_argument("--triple-time", type=float, default=60.0, help="triple: CP-SAT seconds each")
    ap.add_argument("--budget", type=float, help="triple: stop before a triple would pass it "
                    "(wall s); memetic: no generation starts once it is spent (CPU s)")
    ap.add_argument("--method", choices=["cpsat", "swap", "pairs"], default="cpsat",
                    help="triple: CP-SAT (exact, proves when it can), swap (exact in the "
                         "neighbourhood: one number any set, the other two one letter swap at "
                         "most) or pairs, a heuristic (--cands sets for each number, the other "
                         "two by the pair step with --top-k)")
    ap.add_argument("--cands", type=int, default=10, help="triple --method pairs")
    ap.add_argument("--pop", type=int, default=8, help="memetic: decks in the population")
    ap.add_argument("--init-steps", type=int, default=75_000, help="memetic: a first walk's steps")
    ap.add_argument("--child-steps", type=int, default=30_000,
                    help="memetic: the steps of the walk from a child")
    ap.add_argument("--child-t0", type=float, default=2.0, help="memetic: the child walk's start "
                    "temperature")
    ap.add_argument("--child-t1", type=float, default=1.2, help="memetic: its end temperature")
    ap.add_argument("--take", type=int, default=4, help="memetic: numbers taken from parent B")
    ap.add_argument("--pick", choices=["random", "least"], default="random",
                    help="memetic: which differing numbers come from B")
    ap.add_argument("--generations", type=int, default=1000, help="memetic: at most this many")
    ap.add_argument("--record", help="memetic: write the best deck as a design record (JSON, "
                    "design-deck's format: the report re-counts data/octagion/best_deck_top*.json)")
    ap.add_argument("--decks", help="memetic: first members, decks as --deck separated by ';' "
                    "(walks give the rest of --pop)")
    args = ap.parse_args()
    if args.what == "memetic":
        _check_memetic(args)
    words = load_words(str(lexicon_path()), length=8)[:args.words]
    arr = encode_words(words)
    if args.what == "triple":
        _triple_main(args, words, arr)
        return
    if args.what == "memetic":
        _memetic_main(args, words, arr)
        return
    rows = []
    for seed in (int(x) for x in args.seeds.split(",")):
        for q in range(args.runs):
            t = time.process_time()
            m, sc = anneal(words, per_number=6, iters=args.steps, seed=seed, first_run=q,
                           restarts=1, show_progress=False)
            row = {"seed": seed, "run": q, "walk": int(sc),
                   "walk_cpu_s": round(time.process_time() - t, 1)}
            t = time.process_time()
            if args.what == "pair":
                m, after = polish(arr, m, per_number=6, top_k=None if args.exact else args.top_k,
                                  log=(lambda s: print("  " + s, flush=True)) if args.exact
                                  else None)
            elif args.what == "tabu":
                m, after, _ = tabu(words, m, steps=args.tabu_steps, tenure=args.tenure, seed=seed)
            else:
                after = sc
            sols, _ = kernels.solve_word_list(arr, m)
            assert int((sols > 0).sum()) == int(after), (int((sols > 0).sum()), after)
            row.update({"after": int(after), "after_cpu_s": round(time.process_time() - t, 1)})
            print(" ".join(f"{k} {v}" for k, v in row.items()), flush=True)
            rows.append(row)
    print(json.dumps({"what": args.what, "words": args.words, "steps": args.steps,
                      "top_k": None if args.exact else args.top_k, "tabu_steps": args.tabu_steps,
                      "tenure": args.tenure, "runs": rows,
                      "best": max(r["after"] for r in rows)}))


def _bad(msg: str) -> None:
    print(f"error: {msg}", file=sys.stderr)
    raise SystemExit(2)


def _parse_deck(text: str, opt: str) -> np.ndarray:
    sets = [x.strip().upper() for x in text.split(",")]
    if (len(sets) != NUMBERS or any(len(set(x)) != len(x) or len(x) != len(sets[0])
                                    or not x.isalpha() or not x.isascii() for x in sets)):
        _bad(f"{opt} wants 8 comma-separated sets of distinct letters A-Z, all one size")
    return masks_from_sets(sets)


def _check_memetic(args) -> None:
    try:
        [int(x) for x in args.seeds.split(",")]
    except ValueError:
        _bad("--seeds wants comma-separated integers")
    if args.pop < 2:
        _bad(f"--pop must be >= 2, not {args.pop}")
    if args.init_steps < 1 or args.child_steps < 1 or args.generations < 0:
        _bad("--init-steps and --child-steps must be >= 1, --generations >= 0")
    if not 1 <= args.take <= NUMBERS - 1:
        _bad(f"--take must be 1..{NUMBERS - 1}, not {args.take}")
    if not (args.child_t0 > 0 and args.child_t1 > 0):
        _bad("--child-t0 and --child-t1 must be > 0")
    if args.budget is not None and args.budget <= 0:
        _bad("--budget must be > 0")
    if args.record and os.path.isdir(args.record):
        _bad(f"--record {args.record}: a directory, not a file")
    args.start_decks = [_parse_deck(d, "--decks") for d in args.decks.split(";")] \
        if args.decks else []
    if len(args.start_decks) > args.pop:
        _bad(f"--decks: {len(args.start_decks)} decks for a population of {args.pop}")
    if any(bin(_column(m, n)).count("1") != 6 for m in args.start_decks for n in range(NUMBERS)):
        _bad("--decks: six letters a number")
    if len({canonical(m) for m in args.start_decks}) != len(args.start_decks):
        _bad("--decks: a deck given twice (up to the order of its numbers)")


def memetic_record(words, masks, command: str) -> dict:
    """A design record of the deck ``masks`` for ``words`` in design-deck's format (what the
    report's best-deck table and ``design.check_design_record`` read): the command, the words,
    the kernel's count and the deck's cards."""
    sols, _ = kernels.solve_word_list(encode_words(words), masks)
    solv = int((sols > 0).sum())
    cards = [f"{chr(65 + l)}{n + 1}" for n in range(NUMBERS) for l in range(26) if masks[l] >> n & 1]
    return {"command": command, "settings": {"search": "memetic"}, "words_list": list(words),
            "words": len(words), "kernel_solvable": solv, "covered": solv,
            "mean_solutions": round(float(sols[sols > 0].mean()), 2) if solv else 0.0,
            "deck": {"by_number": {str(n + 1): s for n, s in enumerate(sets_of(masks))}},
            "cards": cards}


def _memetic_main(args, words, arr) -> None:
    runs = []
    for seed in (int(x) for x in args.seeds.split(",")):
        t = time.process_time()
        m, covered, rows, history = memetic(
            words, arr, seed=seed, pop=args.pop, init_steps=args.init_steps,
            child_steps=args.child_steps, child_t0=args.child_t0, child_t1=args.child_t1,
            take=args.take, pick=args.pick, generations=args.generations, budget=args.budget,
            decks=args.start_decks, log=lambda s: print(s, flush=True))
        cpu = round(time.process_time() - t, 1)
        print(f"seed {seed} best {covered} generations {len(rows)} cpu_s {cpu} "
              f"deck {','.join(sets_of(m))}", flush=True)
        runs.append({"seed": seed, "covered": covered, "generations": len(rows), "cpu_s": cpu,
                     "kept": sum(r["verdict"] == "kept" for r in rows),
                     "history": history, "deck": sets_of(m)})
    if args.record:
        best = max(runs, key=lambda r: r["covered"])
        write_json(args.record, memetic_record(words, masks_from_sets(best["deck"]),
                                               "python scripts/octagion_search_study.py "
                                               + " ".join(shlex.quote(a) for a in sys.argv[1:])))
        print(f"wrote {args.record}", flush=True)
    print(json.dumps({"what": "memetic", "words": args.words, "pop": args.pop,
                      "init_steps": args.init_steps, "child_steps": args.child_steps,
                      "child_t0": args.child_t0, "child_t1": args.child_t1, "take": args.take,
                      "pick": args.pick, "budget": args.budget, "decks": args.decks, "runs": runs,
                      "best": max(r["covered"] for r in runs)}))


def _triple_main(args, words, arr) -> None:
    if args.deck:
        masks = _parse_deck(args.deck, "--deck")
    else:
        masks, _ = anneal(words, per_number=6, iters=args.steps, seed=int(args.seeds.split(",")[0]),
                          first_run=0, restarts=1, show_progress=False)
    k = bin(_column(masks, 0)).count("1")
    every = list(itertools.combinations(range(NUMBERS), 3))
    if args.triples:
        try:
            triples = [tuple(sorted(int(x) - 1 for x in t.split(","))) for t in
                       args.triples.split(";")]
        except ValueError:
            _bad("--triples wants e.g. 1,2,3;4,5,6")
        if any(t not in every for t in triples):
            _bad("--triples: each triple is three distinct numbers 1..8")
    else:
        triples = every
    out, cur, rows = triples_sweep(arr, masks, per_number=k, triples=triples,
                                   time_limit=args.triple_time, budget=args.budget,
                                   method=args.method, cands=args.cands, top_k=args.top_k,
                                   log=lambda s: print(s, flush=True))
    print(json.dumps({"what": "triple", "method": args.method, "words": args.words,
                      "triple_time": args.triple_time, "cands": args.cands, "top_k": args.top_k,
                      "start": sets_of(masks), "rows": rows, "covered": cur,
                      "deck": sets_of(out)}))


if __name__ == "__main__":
    main()
