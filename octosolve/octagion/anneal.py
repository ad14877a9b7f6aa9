"""Simulated annealing for the deck designer, in numba: the state is the deck (``masks[l]`` has bit n
set when number n+1 carries letter l), a move swaps one letter of a number for another letter or
exchanges two letters between two numbers, and the score is the number of words solvable without
Treatment Cards (required words weigh more than all the others together).

A move changes the solvability of words holding one of its two letters only. Each solvable word
keeps one perfect matching (position -> number); a solvable word whose matching avoids the removed
cards stays solvable without a search, the others are re-checked by augmenting paths. Several
independent runs (restarts) go on in parallel threads, or as tasks on a Dask cluster (``scheduler``);
the best deck wins, the same either way. It proves nothing: the
designer re-checks its result with the kernel of ``kernels.py`` and the bound is ``bound.py``'s.
"""

from __future__ import annotations

import math
import time

import numba
import numpy as np

from ..core.errors import fail
from .rules import NUMBERS

__all__ = ["prepare_words", "anneal", "unit_weights"]

FULL = (1 << NUMBERS) - 1
CHUNK = 5_000                      # steps per call (progress, Ctrl-C)
SWAP_EVERY = 2_000                 # tempering: steps between exchanges
MAX_REPLICAS = 64
# default temperatures at TEMPERATURE_WORDS words (scaled with the list's length): a walk cools
# geometrically from T_HOT to T_COLD; an ensemble's walks sit between T_COLD_TEMPERING and
# T_HOT_TEMPERING. Measured on the 2000 most familiar words (docs/octagion.md): a walk held at a
# fixed temperature of 2 hardly moves after 40,000 steps (at about 1630 words), at 3 it wanders
# between about 1570 and 1615 words, at 5 between 1485 and 1580.
TEMPERATURE_WORDS = 2000
# the step mix (P(exchange between two numbers), P(a card moves to another number)), by --split;
# the rest are swaps of a letter on a number. "free" is measured in docs/octagion.md.
STEP_MIX = {"equal": (0.5, 0.0), "free": (0.4, 0.2)}
SPLITS = tuple(STEP_MIX)
T_HOT, T_COLD = 3.0, 1.2
T_HOT_TEMPERING, T_COLD_TEMPERING = 3.5, 1.3


def prepare_words(words: list[str]):
    """Per word its distinct letters and multiplicities (L, M, K) and, per letter, the words that
    hold it (CSR: ``idx[ptr[l]:ptr[l + 1]]``)."""
    n = len(words)
    L = np.zeros((n, 8), dtype=np.int64)
    M = np.zeros((n, 8), dtype=np.int64)
    K = np.zeros(n, dtype=np.int64)
    lists: list[list[int]] = [[] for _ in range(26)]
    for i, w in enumerate(words):
        counts: dict[int, int] = {}
        for c in w:
            counts[ord(c) - 65] = counts.get(ord(c) - 65, 0) + 1
        for j, (l, m) in enumerate(sorted(counts.items())):
            L[i, j], M[i, j] = l, m
            lists[l].append(i)
        K[i] = len(counts)
    ptr = np.zeros(27, dtype=np.int64)
    for l in range(26):
        ptr[l + 1] = ptr[l] + len(lists[l])
    idx = np.array([i for l in range(26) for i in lists[l]], dtype=np.int64)
    return L, M, K, ptr, idx


@numba.njit(cache=True)
def _match(L, M, K, i, masks, matchp, rows, matchn, stack, cand):
    """Perfect matching of word i's positions (grouped by letter) to the 8 numbers by augmenting
    paths; on success matchp[i, p] = number of position p. Returns whether one exists."""
    k = K[i]
    allm = 0
    for j in range(k):
        mk = masks[L[i, j]]
        c = 0
        x = mk
        while x:
            x &= x - 1
            c += 1
        if c < M[i, j]:
            return False
        allm |= mk
    if allm != FULL:
        return False
    p = 0
    for j in range(k):
        for _ in range(M[i, j]):
            rows[p] = masks[L[i, j]]
            p += 1
    for n in range(8):
        matchn[n] = -1
    for p0 in range(8):
        visited = 0
        depth = 0
        stack[0] = p0
        cand[0] = rows[p0]
        found = False
        while depth >= 0:
            c = cand[depth] & ~visited
            if c == 0:
                depth -= 1
                continue
            low = c & (-c)
            n = 0
            while (low >> n) != 1:
                n += 1
            visited |= low
            cand[depth] = c & ~low
            if matchn[n] == -1:
                cn = n
                d = depth
                while d >= 0:          # flip the path: stack[d] takes cn, frees its old number
                    pp = stack[d]
                    prev = -1
                    for q in range(8):
                        if matchn[q] == pp:
                            prev = q
                    matchn[cn] = pp
                    if prev >= 0:
                        matchn[prev] = -1
                    cn = prev
                    d -= 1
                found = True
                break
            depth += 1
            stack[depth] = matchn[n]
            cand[depth] = rows[matchn[n]]
        if not found:
            return False
    for n in range(8):
        matchp[i, matchn[n]] = n
    return True


@numba.njit(cache=True)
def _uses(L, M, K, i, matchp, l, n):
    p = 0
    for j in range(K[i]):
        for _ in range(M[i, j]):
            if L[i, j] == l and matchp[i, p] == n:
                return True
            p += 1
    return False


@numba.njit(cache=True)
def _repair(L, M, K, i, masks, matchp, rows, matchn, stack, cand):
    """Word i was solvable with matching matchp[i]; some of its cards are gone. Keep the positions
    whose card is still there and re-seat the others by augmenting paths (a solvable word's
    matching usually needs one short path). Returns whether the word is still solvable."""
    p = 0
    for j in range(K[i]):
        for _ in range(M[i, j]):
            rows[p] = masks[L[i, j]]
            p += 1
    for n in range(8):
        matchn[n] = -1
    loose = 0
    for p in range(8):
        n = matchp[i, p]
        if rows[p] >> n & 1:
            matchn[n] = p
        else:
            loose |= 1 << p
    for p0 in range(8):
        if not loose >> p0 & 1:
            continue
        visited = 0
        depth = 0
        stack[0] = p0
        cand[0] = rows[p0]
        found = False
        while depth >= 0:
            c = cand[depth] & ~visited
            if c == 0:
                depth -= 1
                continue
            low = c & (-c)
            n = 0
            while (low >> n) != 1:
                n += 1
            visited |= low
            cand[depth] = c & ~low
            if matchn[n] == -1:
                cn = n
                d = depth
                while d >= 0:
                    pp = stack[d]
                    prev = -1
                    for q in range(8):
                        if matchn[q] == pp:
                            prev = q
                    matchn[cn] = pp
                    if prev >= 0:
                        matchn[prev] = -1
                    cn = prev
                    d -= 1
                found = True
                break
            depth += 1
            stack[depth] = matchn[n]
            cand[depth] = rows[matchn[n]]
        if not found:
            return False
    for n in range(8):
        matchp[i, matchn[n]] = n
    return True


@numba.njit(cache=True)
def _holds(L, K, i, l):
    for j in range(K[i]):
        if L[i, j] == l:
            return True
    return False


@numba.njit(cache=True)
def _init(L, M, K, masks, weights, matchp, cov):
    rows = np.zeros(8, np.int64)
    matchn = np.zeros(8, np.int64)
    stack = np.zeros(9, np.int64)
    cand = np.zeros(9, np.int64)
    cur = 0.0
    for i in range(L.shape[0]):
        cov[i] = _match(L, M, K, i, masks, matchp, rows, matchn, stack, cand)
        if cov[i]:
            cur += weights[i]
    return cur


@numba.njit(cache=True)
def _run(L, M, K, ptr, idx, weights, masks, matchp, cov, cur, best, bestm, it0, it1, iters,
         t0, t1, pswap, pmove, seed):
    """Steps it0..it1-1 of one annealing run of ``iters`` steps (temperature t0 -> t1
    geometrically); state arrays are updated in place. Returns (cur, best). A step exchanges two
    letters between two numbers (probability ``pswap``), moves a card to another number as another
    letter (``pmove``: the numbers' sizes change, a number keeps at least one card; the free split)
    or else swaps a letter of a number for another letter."""
    np.random.seed(seed)
    n = L.shape[0]
    rows = np.zeros(8, np.int64)
    matchn = np.zeros(8, np.int64)
    stack = np.zeros(9, np.int64)
    cand = np.zeros(9, np.int64)
    tmpm = np.zeros((n, 8), np.int64)
    stamp = np.zeros(n, np.int64)
    newc = np.zeros(n, np.bool_)
    aff = np.zeros(n, np.int64)
    sizes = np.zeros(8, np.int64)
    for l in range(26):
        for k in range(8):
            sizes[k] += masks[l] >> k & 1
    for it in range(it0, it1):
        temp = t0 * (t1 / t0) ** (it / iters)
        u = np.random.random()
        if u >= pswap:          # card (a, n1) becomes (b, m2): m2 = n1 (a swap) or, free split, not
            n1 = np.random.randint(8)
            n2 = -1
            m2 = n1
            if u < pswap + pmove:
                m2 = np.random.randint(7)
                if m2 >= n1:
                    m2 += 1
                if sizes[n1] <= 1 or sizes[m2] >= 26:
                    continue
            elif sizes[n1] >= 26:              # every letter on n1 (free split): none to swap in
                continue
            while True:
                a = np.random.randint(26)
                if masks[a] >> n1 & 1:
                    break
            while True:
                b = np.random.randint(26)
                if not masks[b] >> m2 & 1:
                    break
            masks[a] ^= 1 << n1
            masks[b] ^= 1 << m2
        else:                                      # a (on n1 only) and b (on n2 only) exchange
            m2 = -1
            n1 = np.random.randint(8)
            n2 = np.random.randint(7)
            if n2 >= n1:
                n2 += 1
            d1 = 0
            d2 = 0
            for l in range(26):
                if (masks[l] >> n1 & 1) and not (masks[l] >> n2 & 1):
                    d1 += 1
                if (masks[l] >> n2 & 1) and not (masks[l] >> n1 & 1):
                    d2 += 1
            if d1 == 0 or d2 == 0:
                continue
            r1 = np.random.randint(d1)
            r2 = np.random.randint(d2)
            a = -1
            b = -1
            for l in range(26):
                if (masks[l] >> n1 & 1) and not (masks[l] >> n2 & 1):
                    if r1 == 0:
                        a = l
                    r1 -= 1
                if (masks[l] >> n2 & 1) and not (masks[l] >> n1 & 1):
                    if r2 == 0:
                        b = l
                    r2 -= 1
            masks[a] ^= (1 << n1) | (1 << n2)
            masks[b] ^= (1 << n1) | (1 << n2)
        na = 0
        delta = 0.0
        for l in (a, b):
            for q in range(ptr[l], ptr[l + 1]):
                i = idx[q]
                if stamp[i] == it + 1:
                    continue
                stamp[i] = it + 1
                if cov[i]:
                    # removed cards: (a, n1), and (b, n2) for an exchange
                    if not _uses(L, M, K, i, matchp, a, n1) and not (
                            n2 >= 0 and _uses(L, M, K, i, matchp, b, n2)):
                        continue
                    for p in range(8):
                        tmpm[i, p] = matchp[i, p]
                    c = _repair(L, M, K, i, masks, matchp, rows, matchn, stack, cand)
                elif n2 < 0 and not _holds(L, K, i, b):
                    continue           # a card was only taken from this unsolvable word
                else:
                    c = _match(L, M, K, i, masks, matchp, rows, matchn, stack, cand)
                if c != cov[i] or c:
                    aff[na] = i
                    newc[na] = c
                    na += 1
                    if c != cov[i]:
                        delta += weights[i] if c else -weights[i]
        if delta >= 0 or np.random.random() < math.exp(delta / temp):
            for q in range(na):
                cov[aff[q]] = newc[q]
            cur += delta
            if n2 < 0 and m2 != n1:
                sizes[n1] -= 1
                sizes[m2] += 1
            if cur > best:
                best = cur
                bestm[:] = masks
        else:
            for q in range(na):
                i = aff[q]
                if cov[i]:
                    for p in range(8):
                        matchp[i, p] = tmpm[i, p]
            if n2 < 0:
                masks[a] ^= 1 << n1
                masks[b] ^= 1 << m2
            else:
                masks[a] ^= (1 << n1) | (1 << n2)
                masks[b] ^= (1 << n1) | (1 << n2)
    return cur, best


@numba.njit(cache=True, parallel=True)
def _run_many(L, M, K, ptr, idx, weights, masks, matchp, cov, cur, best, bestm, it0, it1, iters,
              t0s, t1s, pswap, pmove, seeds):
    """Walk r (its own temperatures t0s[r] -> t1s[r]) on a thread of its own, for every r."""
    for r in numba.prange(masks.shape[0]):
        c, b = _run(L, M, K, ptr, idx, weights, masks[r], matchp[r], cov[r], cur[r], best[r],
                    bestm[r], it0, it1, iters, t0s[r], t1s[r], pswap, pmove, seeds[r])
        cur[r] = c
        best[r] = b


def _start(rng: np.random.Generator, freq: np.ndarray, per_number: int) -> np.ndarray:
    """A random deck: each number draws per_number letters, likelier the more words hold them."""
    p = (freq + 1.0) / (freq + 1.0).sum()
    masks = np.zeros(26, dtype=np.int64)
    for n in range(NUMBERS):
        for l in rng.choice(26, per_number, replace=False, p=p):
            masks[l] |= 1 << n
    return masks


def anneal(words: list[str], *, per_number: int, iters: int, restarts: int = 1, seed: int = 0,
           required: list[str] | None = None, start_masks: np.ndarray | None = None,
           t0: float | None = None, t1: float | None = None, workers: int = 1,
           time_limit: float | None = None,
           replicas: int = 1, desc: str = "simulated annealing", stop=None,
           scheduler: str | None = None, first_run: int = 0, show_progress: bool = True,
           split: str = "equal", weights=None, stats: dict | None = None, target: float | None = None):
    """Best deck masks (int64[26]) over ``restarts`` runs of ``iters`` steps each, and its score
    (solvable words; a required word counts len(words) + 1; with ``weights``, one number >= 0 a
    word, the summed weights of the solvable words, a required word counting their total + 1). ``workers`` runs go on at once (a
    round); with ``time_limit`` (seconds) no new round starts once the time is spent or the next
    round would overrun it (the first round always runs). ``start_masks`` starts the first run
    there (the others start at random). The result depends on ``seed`` only, not on the threads.

    ``replicas`` > 1: each run is a parallel-tempering ensemble instead, ``replicas`` walks at fixed
    temperatures from t1 to t0 (geometric) that exchange decks every 2000 steps; ``iters`` steps
    per walk, the walks on ``workers`` threads, and with a time limit the ensemble stops when the
    time is spent. Temperatures by default, for 2000 words and scaled with the list's length:
    3.0 -> 1.2 for a walk, 1.3 .. 3.5 for an ensemble (measured on the 2000 most familiar words,
    docs/octagion.md; the old 2.0 -> 0.15 and 0.2 .. 4.0 froze every walk below about 2).
    ``stop``: an event that, once set, ends the search after the current chunk of steps, with the
    best deck found so far.

    ``scheduler`` (a Dask scheduler address or ``local``): the runs (each one walk, or one
    ensemble) go to the cluster's workers, one task a run on one thread (``workers``: the
    worker processes of a ``local`` cluster); run q is the same function of (``seed``, q) as here, and ties go to the lower q, so
    the best deck is the same as without a scheduler. With ``time_limit`` or ``stop`` the runs not
    finished by then are cancelled (at least one always finishes). ``first_run``: the index of
    the first run (the cluster's tasks run one run each).

    ``split``: "equal" keeps ``per_number`` cards on every number; "free" keeps only the total,
    8 x ``per_number`` cards, and lets a step move a card to another number (each number keeps at
    least one card; the walks start from ``per_number`` each).

    ``weights`` (design-deck --weighted: the words' familiarity): the walks maximise the weight
    covered. They are divided by their mean (so equal weights are the unweighted walks, step for
    step) and the score returned is in those units; the temperatures are the unweighted ones.
    ``stats``: a dict that receives ``runs``, the runs finished (or ensembles), and ``seconds``.
    ``target``: no new round starts once a deck scores that much (a bound no deck beats)."""
    from ..core.progress import progress

    if per_number < 1 or per_number > 26:
        fail(f"--per-number must be 1..26, not {per_number}")
    if split not in SPLITS:
        fail(f"--split must be equal or free, not {split!r}")
    if restarts < 1:
        fail(f"--restarts must be >= 1, not {restarts}")
    if not 1 <= int(replicas) <= MAX_REPLICAS:
        fail(f"--replicas must be 1..{MAX_REPLICAS}, not {replicas}")
    L, M, K, ptr, idx = prepare_words(words)
    n = len(words)
    req = set(required or [])
    base = unit_weights(weights, n)
    heavy = float(base.sum()) + 1.0
    given_weights = weights
    weights = np.array([heavy if w in req else float(base[i]) for i, w in enumerate(words)])
    if per_number == 26:                   # one deck only: every letter on every number
        full = np.full(26, FULL, dtype=np.int64)
        return full, _init(L, M, K, full, weights, np.zeros((n, 8), np.int64),
                           np.zeros(n, np.bool_))
    freq = np.zeros(26)
    for w in words:
        for c in set(w):
            freq[ord(c) - 65] += 1
    if scheduler is not None:
        return _anneal_on_cluster(words, scheduler, per_number=per_number, iters=iters,
                                  restarts=restarts, seed=seed, required=required,
                                  start_masks=start_masks, t0=t0, t1=t1, time_limit=time_limit,
                                  replicas=replicas, desc=desc, stop=stop, split=split, workers=workers,
                                  weights=given_weights, stats=stats)
    tempering = int(replicas) > 1
    # a step's score change grows with the number of words: temperatures are set for 2000 words
    # and scaled with the list (docs/octagion.md: below about 2, at 2000 words, a walk freezes)
    scale = len(words) / TEMPERATURE_WORDS
    if t0 is None:
        t0 = (T_HOT_TEMPERING if tempering else T_HOT) * scale
    if t1 is None:
        t1 = (T_COLD_TEMPERING if tempering else T_COLD) * scale
    per_run = int(replicas) if tempering else 1
    best_masks, best_score = None, -1.0
    # no bar at all on a cluster's worker: even a disabled tqdm bar makes a multiprocessing lock,
    # reported as leaked when the worker is ended mid-run (Ctrl-C)
    bar = progress(total=None if time_limit is not None else restarts * iters * per_run, desc=desc,
                   unit="step") if show_progress else _NoBar()
    old_threads = numba.get_num_threads()
    numba.set_num_threads(max(1, min(int(workers), old_threads)))
    start = time.perf_counter()
    try:
        done, rounds = int(first_run), 0
        restarts += done
        while done < restarts:
            # a round: `workers` independent walks, or one tempering ensemble of `replicas` walks
            r = per_run if tempering else min(max(1, int(workers)), restarts - done)
            spent = time.perf_counter() - start
            if rounds and time_limit is not None and spent + spent / rounds > time_limit:
                break
            if rounds and stop is not None and stop.is_set():
                break
            if rounds and target is not None and best_score >= target:
                break
            rounds += 1
            # run q draws its starts and seeds from its own generator (seed, q): the same runs
            # whatever the number of workers
            gens = [np.random.default_rng([int(seed) % 2**63, done + j]) for j in range(r)] \
                if not tempering else [np.random.default_rng([int(seed) % 2**63, done, j])
                                       for j in range(r)]
            masks = np.stack([start_masks.astype(np.int64).copy()
                              if (start_masks is not None and done == 0 and j == 0)
                              else _start(gens[j], freq, per_number) for j in range(r)])
            matchp = np.zeros((r, n, 8), dtype=np.int64)
            cov = np.zeros((r, n), dtype=np.bool_)
            cur = np.array([_init(L, M, K, masks[j], weights, matchp[j], cov[j])
                            for j in range(r)])
            best = cur.copy()
            bestm = masks.copy()
            seeds = np.array([g.integers(0, 2**31 - 1 - iters) for g in gens], dtype=np.int64)
            if tempering:      # fixed temperatures, geometric from t1 (walk 0) to t0 (the last)
                temps = t1 * (t0 / t1) ** (np.arange(r) / (r - 1))
                t0s = t1s = temps
                swap_rng = np.random.default_rng([int(seed) % 2**63, done, r])
            else:
                t0s, t1s = np.full(r, float(t0)), np.full(r, float(t1))
            it = 0
            while it < iters:
                if tempering and time_limit is not None and it and \
                        time.perf_counter() - start > time_limit:
                    break
                if it and stop is not None and stop.is_set():
                    break
                it1 = min(iters, it + (SWAP_EVERY if tempering else CHUNK))
                _run_many(L, M, K, ptr, idx, weights, masks, matchp, cov, cur, best, bestm,
                          it, it1, iters, t0s, t1s, *STEP_MIX[split], seeds + it)
                bar.update((it1 - it) * r)
                it = it1
                if tempering:
                    _exchange(masks, matchp, cov, cur, best, bestm, temps, swap_rng)
            for j in range(r):
                if best[j] > best_score:
                    best_score, best_masks = float(best[j]), bestm[j].copy()
            done += 1 if tempering else r
    finally:
        numba.set_num_threads(old_threads)
        bar.close()
    if stats is not None:
        stats.update(runs=done - int(first_run), seconds=time.perf_counter() - start)
    return best_masks, best_score


def unit_weights(weights, n: int) -> np.ndarray:
    """The walks' word weights: 1 each, or ``weights`` (numbers >= 0) divided by their mean (equal
    weights give 1 each, exactly). One-line error for weights of another length, negative,
    non-finite or all 0."""
    if weights is None:
        return np.ones(n)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (n,) or not np.isfinite(w).all() or (w < 0).any():
        fail(f"word weights: {n} finite numbers >= 0 expected")
    if n and w.sum() <= 0:
        fail("word weights: every word weighs 0 (none of the words is in the lexicon?)")
    return w / w.mean() if n else w


class _NoBar:
    def update(self, n=1):
        pass

    def close(self):
        pass


def _cluster_run(shared: dict, q: int):
    """Run q of an annealing (a task on a Dask worker): (score, deck masks)."""
    m, s = anneal(**shared, restarts=1, first_run=q, workers=1, show_progress=False)
    return s, m


def _anneal_on_cluster(words, scheduler, *, per_number, iters, restarts, seed, required,
                       start_masks, t0, t1, time_limit, replicas, desc, stop, split, workers=None,
                       weights=None, stats=None):
    from ..core.batch import run_dask

    start = time.perf_counter()
    shared = {"words": list(words), "per_number": per_number, "iters": int(iters),
              "seed": int(seed), "required": list(required or []), "t0": t0, "t1": t1,
              "replicas": int(replicas), "split": split,
              "weights": None if weights is None else np.asarray(weights, np.float64),
              "start_masks": None if start_masks is None else np.asarray(start_masks, np.int64)}
    results = run_dask(_cluster_run, list(range(int(restarts))), scheduler, desc=desc + " runs",
                       shared=shared, stop=stop, time_limit=time_limit, workers=workers)
    best_masks, best_score = None, -1.0
    for res in results:                    # in run order, ties to the lower run: as in rounds
        if res is not None and res[0] > best_score:
            best_score, best_masks = float(res[0]), res[1]
    if stats is not None:
        stats.update(runs=sum(r is not None for r in results), seconds=time.perf_counter() - start)
    return best_masks, best_score


def _exchange(masks, matchp, cov, cur, best, bestm, temps, rng) -> None:
    """Parallel tempering: neighbours in temperature swap their decks with probability
    min(1, exp((1/T_i - 1/T_j)(score_j - score_i))); each walk keeps its temperature."""
    for i in range(len(temps) - 1):
        j = i + 1
        d = (1.0 / temps[i] - 1.0 / temps[j]) * (cur[j] - cur[i])
        if d >= 0 or rng.random() < math.exp(d):
            for a in (masks, matchp, cov, cur, best, bestm):
                a[[i, j]] = a[[j, i]]
