"""The designer's numba annealer (octosolve/octagion/anneal.py): its matching repair agrees with a
fresh matching, its score is the kernel's count, runs do not depend on the number of threads, the
time limit stops new runs, and required words stay solvable."""

from __future__ import annotations

import numpy as np
import pytest

from octosolve.octagion import anneal as A
from octosolve.octagion import kernels as K
from octosolve.octagion.wordcards import load_lexicon

WORDS = list(load_lexicon()[0][:300])


def scratch():
    return (np.zeros(8, np.int64), np.zeros(8, np.int64), np.zeros(9, np.int64),
            np.zeros(9, np.int64))


def test_match_agrees_with_the_kernel():
    L, M, Kk, _, _ = A.prepare_words(WORDS)
    rng = np.random.default_rng(0)
    freq = np.full(26, 5.0)
    for _ in range(20):
        masks = A._start(rng, freq, int(rng.integers(3, 9)))
        mp = np.zeros((len(WORDS), 8), np.int64)
        ours = [A._match(L, M, Kk, i, masks, mp, *scratch()) for i in range(len(WORDS))]
        ref, _ = K.solve_word_list(WORDS, masks.astype(np.uint8))
        assert ours == [bool(s > 0) for s in ref]
        for i in np.flatnonzero(ours):            # the stored matching uses cards of the deck
            p = 0
            for j in range(Kk[i]):
                for _ in range(M[i, j]):
                    assert masks[L[i, j]] >> mp[i, p] & 1
                    p += 1
            assert sorted(mp[i]) == list(range(8))


def test_repair_agrees_with_a_fresh_matching():
    """Take a card of a solvable word's matching away: re-seating the loose positions says the
    same as matching from scratch (the bug this guards against: a position re-seated twice)."""
    L, M, Kk, _, _ = A.prepare_words(WORDS)
    rng = np.random.default_rng(1)
    freq = np.full(26, 5.0)
    checked = 0
    for _ in range(30):
        masks = A._start(rng, freq, 6)
        mp = np.zeros((len(WORDS), 8), np.int64)
        for i in range(len(WORDS)):
            if not A._match(L, M, Kk, i, masks, mp, *scratch()):
                continue
            letters = [L[i, j] for j in range(Kk[i]) for _ in range(M[i, j])]
            p = int(rng.integers(8))
            cut = masks.copy()
            cut[letters[p]] &= ~(1 << int(mp[i, p]))
            a, b = mp.copy(), mp.copy()
            assert A._repair(L, M, Kk, i, cut, a, *scratch()) == \
                A._match(L, M, Kk, i, cut, b, *scratch())
            checked += 1
    assert checked > 500


def test_anneal_score_threads_and_required():
    m1, s1 = A.anneal(WORDS, per_number=6, iters=4000, restarts=3, workers=1, seed=3)
    m2, s2 = A.anneal(WORDS, per_number=6, iters=4000, restarts=3, workers=2, seed=3)
    assert s1 == s2 and (m1 == m2).all()
    ref, _ = K.solve_word_list(WORDS, m1.astype(np.uint8))
    assert s1 == (ref > 0).sum() > 200
    assert all(sum(int(m1[l]) >> n & 1 for l in range(26)) == 6 for n in range(8))
    hard = [w for w, s in zip(WORDS, ref) if s == 0][:2]
    m3, s3 = A.anneal(WORDS, per_number=6, iters=4000, restarts=1, seed=3, required=hard)
    r3, _ = K.solve_word_list(hard, m3.astype(np.uint8))
    assert (r3 > 0).all() and s3 > 2 * (len(WORDS) + 1)


def test_anneal_time_limit_and_full_deck():
    import time
    t = time.perf_counter()
    A.anneal(WORDS, per_number=6, iters=20000, restarts=1000, workers=1, time_limit=1.0)
    assert time.perf_counter() - t < 20
    m, s = A.anneal(["QUESTION", "ZZZZZZZZ"], per_number=26, iters=10)
    assert (m == 255).all() and s == 2


@pytest.mark.integration
def test_free_split_walk_survives_a_number_holding_every_letter():
    """--split free with 25 cards a number: once a walk has moved every letter onto one number, a
    swap on that number has no letter to bring in; it used to look for one forever (a hang that
    neither --time-limit nor SIGTERM stopped). Run in a child process so a hang fails the test."""
    import subprocess
    import sys
    from pathlib import Path
    code = ("from octosolve.octagion import anneal as A\n"
            "m, s = A.anneal(['TREASURE', 'BUSINESS', 'ANYTHING', 'QUESTION'], per_number=25, "
            "iters=3000, workers=1, seed=0, split='free')\n"
            "print(int(s), sum(bin(int(x)).count('1') for x in m))\n")
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=150,
                           cwd=Path(__file__).resolve().parents[2])
    except subprocess.TimeoutExpired:
        raise AssertionError("the free-split walk at 25 cards a number did not end") from None
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["4", "200"]


def test_tempering():
    """A parallel-tempering ensemble: same result on 1 or 2 threads, its score the kernel's."""
    m1, s1 = A.anneal(WORDS, per_number=6, iters=6000, replicas=4, workers=1, seed=5)
    m2, s2 = A.anneal(WORDS, per_number=6, iters=6000, replicas=4, workers=2, seed=5)
    assert s1 == s2 and (m1 == m2).all()
    ref, _ = K.solve_word_list(WORDS, m1.astype(np.uint8))
    assert s1 == (ref > 0).sum() > 200


@pytest.mark.integration
def test_cluster_runs_make_the_same_best_deck():
    """What a Dask worker computes for run q (``_cluster_run``, no cluster needed): the best of the
    runs 0..R-1, ties to the lower run, is anneal(restarts=R)'s deck, walks and ensembles alike."""
    for kw in ({"iters": 3000, "restarts": 3}, {"iters": 2000, "restarts": 2, "replicas": 3},
               {"iters": 3000, "restarts": 3, "split": "free"}):
        m1, s1 = A.anneal(WORDS, per_number=6, seed=7, workers=2, **kw)
        shared = {"words": WORDS, "per_number": 6, "iters": kw["iters"], "seed": 7, "required": [],
                  "t0": None, "t1": None, "replicas": kw.get("replicas", 1), "start_masks": None,
                  "split": kw.get("split", "equal")}
        runs = [A._cluster_run(shared, q) for q in range(kw["restarts"])]
        best = max(range(len(runs)), key=lambda q: (runs[q][0], -q))
        assert runs[best][0] == s1 and (runs[best][1] == m1).all()
        assert len({(r[0], r[1].tobytes()) for r in runs}) > 1         # the runs differ


@pytest.mark.integration
def test_anneal_on_a_local_dask_cluster_matches_threads():
    """--scheduler local: the runs as Dask tasks give the same deck as the threads."""
    import pytest

    pytest.importorskip("dask.distributed")
    m1, s1 = A.anneal(WORDS, per_number=6, iters=3000, restarts=4, workers=2, seed=3)
    m2, s2 = A.anneal(WORDS, per_number=6, iters=3000, restarts=4, seed=3, scheduler="local")
    assert s1 == s2 and (m1 == m2).all()
    ref, _ = K.solve_word_list(WORDS, m2.astype(np.uint8))
    assert s2 == (ref > 0).sum() > 200


def test_anneal_reaches_the_brute_force_optimum_and_repeats_itself():
    """On lists small enough to enumerate every deck (test_bound's instances), the annealing alone
    (no CP-SAT) finds the optimum, its count is the kernel's, and the same seed gives the same deck."""
    from tests.octagion.test_bound import brute_optimum, random_words

    for letters, per_number, seed in [("ABCD", 2, 0), ("ABCD", 2, 1), ("ABCDE", 2, 7),
                                      ("ABCD", 3, 4)]:
        rng = np.random.default_rng(seed)
        words = random_words(rng, letters, 10) + [
            "".join(rng.permutation(list(letters * 8))[:8]) for _ in range(4)]
        words = list(dict.fromkeys(words))
        opt = brute_optimum(words, letters, per_number)
        m, s = A.anneal(words, per_number=per_number, iters=3000, restarts=16, seed=seed)
        ref, _ = K.solve_word_list(words, m.astype(np.uint8))
        assert s == (ref > 0).sum() == opt, (letters, per_number, seed)
        m2, s2 = A.anneal(words, per_number=per_number, iters=3000, restarts=16, seed=seed)
        assert s2 == s and (m2 == m).all()
