"""Pure-Python twins of the annealer's numba kernels (``anneal.py``), listed in ``kernels.TWINS``.

A word's solvability is decided here by Hall's condition over the 256 position subsets, not by
augmenting paths. The annealing walk itself is random, so the
twins of ``_run``/``_run_many`` check what a walk leaves behind: the running score, the solvable
flags and the best score all equal a recount of the final and best decks in Python.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from ..core.kernels import Twin
from . import anneal as A

__all__ = ["TWINS"]


def _rows(L, M, K, i, masks):
    return [int(masks[L[i, j]]) for j in range(K[i]) for _ in range(M[i, j])]


def _solvable(L, M, K, i, masks) -> bool:
    """Hall's condition: every set of positions reaches at least as many numbers."""
    rows = _rows(L, M, K, i, masks)
    for s in range(1, 256):
        reach = 0
        for p in range(8):
            if s >> p & 1:
                reach |= rows[p]
        if bin(reach).count("1") < bin(s).count("1"):
            return False
    return True


def _score(L, M, K, masks, weights):
    return float(sum(weights[i] for i in range(L.shape[0]) if _solvable(L, M, K, i, masks)))


def _scratch():
    return (np.zeros(8, np.int64), np.zeros(8, np.int64), np.zeros(9, np.int64),
            np.zeros(9, np.int64))


def _words(rng, n):
    k = int(rng.integers(4, 27)) if rng.random() < 0.3 else int(rng.integers(4, 12))
    return ["".join(chr(65 + int(x)) for x in rng.integers(0, k, 8)) for _ in range(n)]


def _deck(rng, per_number=None):
    q = int(per_number or rng.integers(2, 15))
    masks = np.zeros(26, dtype=np.int64)
    for n in range(8):
        for l in rng.choice(26, q, replace=False):
            masks[l] |= 1 << n
    return masks


# ----------------------------------------------------------------------------------------------
# single-word kernels
# ----------------------------------------------------------------------------------------------
def _ex_match(rng):
    for _ in range(40):
        words = _words(rng, 20)
        L, M, K, _, _ = A.prepare_words(words)
        masks = _deck(rng, 26 if rng.random() < 0.05 else None)
        for i in range(len(words)):
            yield (L, M, K, i, masks, np.zeros((len(words), 8), np.int64), *_scratch())


def _k_match(kernel, L, M, K, i, masks, matchp, *scratch):
    ok = bool(kernel(L, M, K, i, masks, matchp, *scratch))
    # a matching it reports must use cards of the deck, each number once
    rows = _rows(L, M, K, i, masks)
    return ok and sorted(matchp[i]) == list(range(8)) and all(
        rows[p] >> int(matchp[i, p]) & 1 for p in range(8))


def _tw_match(L, M, K, i, masks, matchp, *scratch):
    return _solvable(L, M, K, i, masks)


def _ex_repair(rng):
    for args in _ex_match(rng):
        L, M, K, i, masks, matchp = args[:6]
        if not A._match(L, M, K, i, masks, matchp, *_scratch()):
            continue
        cut = masks.copy()
        for p in rng.choice(8, int(rng.integers(1, 3)), replace=False):
            letter = _letters(L, M, K, i)[p]
            cut[letter] &= ~(1 << int(matchp[i, p]))
        yield (L, M, K, i, cut, matchp, *_scratch())


def _letters(L, M, K, i):
    return [int(L[i, j]) for j in range(K[i]) for _ in range(M[i, j])]


def _ex_uses(rng):
    for L, M, K, i, masks, matchp, *_ in _ex_match(rng):
        if A._match(L, M, K, i, masks, matchp, *_scratch()):
            yield L, M, K, i, matchp, int(rng.integers(26)), int(rng.integers(8))
            yield L, M, K, i, matchp, _letters(L, M, K, i)[0], int(matchp[i, 0])


def _tw_uses(L, M, K, i, matchp, l, n):
    return any(x == l and int(matchp[i, p]) == n for p, x in enumerate(_letters(L, M, K, i)))


def _ex_holds(rng):
    for L, M, K, i, *_ in _ex_match(rng):
        yield L, K, i, int(rng.integers(26))


def _tw_holds(L, K, i, l):
    return l in {int(x) for x in L[i, :K[i]]}


# ----------------------------------------------------------------------------------------------
# whole-list kernels
# ----------------------------------------------------------------------------------------------
def _state(rng):
    words = list(dict.fromkeys(_words(rng, int(rng.integers(5, 60)))))
    L, M, K, ptr, idx = A.prepare_words(words)
    weights = np.where(rng.random(len(words)) < 0.1, len(words) + 1.0, 1.0)
    if rng.random() < 0.5:         # design-deck --weighted: familiarity-like weights, some 0
        weights = A.unit_weights(np.where(rng.random(len(words)) < 0.1, 0.0,
                                          rng.uniform(0.5, 7.0, len(words)).round(2)) + 1e-3, len(words))
    return L, M, K, ptr, idx, weights


def _ex_init(rng):
    for _ in range(15):
        L, M, K, _, _, weights = _state(rng)
        n = L.shape[0]
        yield L, M, K, _deck(rng), weights, np.zeros((n, 8), np.int64), np.zeros(n, np.bool_)


def _k_init(kernel, L, M, K, masks, weights, matchp, cov):
    return float(kernel(L, M, K, masks, weights, matchp, cov)), [bool(c) for c in cov]


def _tw_init(L, M, K, masks, weights, matchp, cov):
    flags = [_solvable(L, M, K, i, masks) for i in range(L.shape[0])]
    return _score(L, M, K, masks, weights), flags


def _ex_run(rng):
    for _ in range(6):
        L, M, K, ptr, idx, weights = _state(rng)
        q = int(rng.integers(2, 8))
        yield L, M, K, ptr, idx, weights, _deck(rng, q), int(rng.integers(1, 2000)), \
            int(rng.integers(0, 2**31 - 3000)), float(rng.choice([0.0, 0.3]))


def _sizes(masks):
    return [sum(int(masks[l]) >> k & 1 for l in range(26)) for k in range(8)]


def _k_run(kernel, L, M, K, ptr, idx, weights, masks, iters, seed, pmove):
    """Run the walk; report whether its bookkeeping matches a recount in Python, and whether
    the numbers' sizes are kept (pmove 0) or only their total, each at least 1 (pmove > 0)."""
    before = _sizes(masks)
    n = L.shape[0]
    masks = masks.copy()
    matchp = np.zeros((n, 8), np.int64)
    cov = np.zeros(n, np.bool_)
    cur = A._init(L, M, K, masks, weights, matchp, cov)
    bestm = masks.copy()
    cur, best = kernel(L, M, K, ptr, idx, weights, masks, matchp, cov, cur, cur, bestm, 0, iters,
                       iters, 2.0, 0.15, 0.5 - pmove / 2, pmove, seed)
    flags = [_solvable(L, M, K, i, masks) for i in range(n)]
    kept = all((_sizes(m) == before) if pmove == 0 else
               (sum(_sizes(m)) == sum(before) and min(_sizes(m)) >= 1) for m in (masks, bestm))
    return (abs(cur - _score(L, M, K, masks, weights)) < 1e-9, [bool(c) for c in cov] == flags,
            abs(best - _score(L, M, K, bestm, weights)) < 1e-9, best >= cur, kept)


def _k_run_many(kernel, L, M, K, ptr, idx, weights, masks, iters, seed, pmove):
    n = L.shape[0]
    r = 2
    ms = np.stack([masks, np.roll(masks, 1)]).astype(np.int64)
    matchp = np.zeros((r, n, 8), np.int64)
    cov = np.zeros((r, n), np.bool_)
    cur = np.array([A._init(L, M, K, ms[j], weights, matchp[j], cov[j]) for j in range(r)])
    best, bestm = cur.copy(), ms.copy()
    kernel(L, M, K, ptr, idx, weights, ms, matchp, cov, cur, best, bestm, 0, iters, iters,
           np.array([2.0, 0.5]), np.array([0.15, 0.5]), 0.5 - pmove / 2, pmove,
           np.array([seed, seed + 1], np.int64))
    return all(abs(cur[j] - _score(L, M, K, ms[j], weights)) < 1e-9
               and abs(best[j] - _score(L, M, K, bestm[j], weights)) < 1e-9 for j in range(r))


def _tw_run(*args):
    return (True, True, True, True, True)


def _tw_run_many(*args):
    return True


def _t(name, kernel, wrap, twin, examples, note):
    return Twin(name, partial(wrap, kernel) if wrap else kernel, twin, examples, note=note)


TWINS = (
    _t("_match", A._match, _k_match, _tw_match, _ex_match,
       "twin: Hall's condition over the 256 position subsets; the kernel's matching is checked"),
    _t("_repair", A._repair, None, _tw_match, _ex_repair,
       "twin: Hall's condition on the deck with the cards removed"),
    _t("_uses", A._uses, None, _tw_uses, _ex_uses, "twin: the positions listed in Python"),
    _t("_holds", A._holds, None, _tw_holds, _ex_holds, "twin: a Python set of the letters"),
    _t("_init", A._init, _k_init, _tw_init, _ex_init, "twin: Hall's condition word by word"),
    _t("_run", A._run, _k_run, _tw_run, _ex_run,
       "twin: the walk is random; its score, flags and best recounted in Python"),
    _t("_run_many", A._run_many, _k_run_many, _tw_run_many, _ex_run,
       "twin: each parallel walk's score and best recounted in Python"),
)
