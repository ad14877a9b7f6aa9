"""scripts/octagion_search_study.py (the deck searches tried after the walks, docs/octagion.md): its
two-number step against brute force over every pair of letter sets, its maximum coverage against
every set, its tabu move scores against the kernel's counts, the memetic search's alignment against
every permutation of the numbers."""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from octosolve.octagion import anneal as A
from octosolve.octagion import kernels as K
from octosolve.octagion.wordcards import load_lexicon

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "octagion_search_study.py"
spec = importlib.util.spec_from_file_location("octagion_search_study", SCRIPT)
S = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = S  # numba's cache rebuilds a kernel's globals by importing its module
spec.loader.exec_module(S)

WORDS = list(load_lexicon()[0][:300])


def count(words, masks) -> int:
    sols, _ = K.solve_word_list(words, np.asarray(masks).astype(np.uint8))
    return int((sols > 0).sum())


def with_columns(masks, a, sa, b, sb):
    m = np.asarray(masks, np.int64).copy()
    S._set_column(m, a, sa)
    S._set_column(m, b, sb)
    return m


@pytest.mark.integration
def test_max_cover_is_the_best_set():
    rng = np.random.default_rng(0)
    sets3 = [sum(1 << l for l in c) for c in itertools.combinations(range(26), 3)]
    for _ in range(8):
        U = np.array([sum(1 << int(l) for l in rng.choice(10, int(rng.integers(1, 4)),
                                                           replace=False)) for _ in range(40)])
        w = rng.integers(1, 4, size=40)
        brute = max(int(w[(U & s) != 0].sum()) for s in sets3)
        val, s = S.max_cover(U, w, 3)
        assert val == brute and bin(s).count("1") == 3 and int(w[(U & s) != 0].sum()) == brute
        assert tuple(S.max_cover(U, w, 3, lower=brute)) == (brute, -1)   # nothing better


@pytest.mark.integration
def test_pair_relation_counts_what_the_kernel_counts():
    rng = np.random.default_rng(1)
    arr = K.encode_words(WORDS)
    w = np.ones(len(WORDS), np.int64)
    for _ in range(4):
        masks = A._start(rng, np.full(26, 5.0), 6)
        a, b = (int(x) for x in sorted(rng.choice(8, 2, replace=False)))
        Y = S.pair_relation(arr, masks, a, b)
        for _ in range(5):
            sa, sb = (sum(1 << int(l) for l in rng.choice(26, 6, replace=False)) for _ in "ab")
            assert S.coverage(Y, w, sa, sb) == count(WORDS, with_columns(masks, a, sa, b, sb))


@pytest.mark.integration
def test_the_two_number_step_is_the_best_pair_of_sets():
    """Words over six letters, three letters a number: brute force over all C(6, 3)^2 pairs of
    sets for numbers a, b (letters the words lack never help) against the exact step and against
    the top-k step with every set a candidate."""
    rng = np.random.default_rng(2)
    alpha = 6
    words = sorted({"".join(chr(65 + int(c)) for c in rng.integers(0, alpha, 8))
                    for _ in range(150)})
    arr = K.encode_words(words)
    w = np.ones(len(words), np.int64)
    sets = [sum(1 << l for l in c) for c in itertools.combinations(range(alpha), 3)]
    for a, b in ((0, 1), (2, 7), (4, 5)):
        masks = np.zeros(26, np.int64)
        for n in range(8):
            for l in rng.choice(alpha, 3, replace=False):
                masks[l] |= 1 << n
        brute = max(count(words, with_columns(masks, a, sa, b, sb)) for sa in sets for sb in sets)
        Y = S.pair_relation(arr, masks, a, b)
        sa0, sb0 = S._column(masks, a), S._column(masks, b)
        cur = S.coverage(Y, w, sa0, sb0)
        assert 0 < brute and cur <= brute
        for top_k in (None, len(S._all_sets(3))):
            val, sa, sb = S.improve_pair(Y, w, sa0, sb0, 3, top_k)
            assert val == brute
            assert count(words, with_columns(masks, a, sa, b, sb)) == brute


@pytest.mark.integration
def test_polish_never_loses_and_its_count_is_the_kernels():
    masks, score = A.anneal(WORDS, per_number=6, iters=3000, seed=3, show_progress=False)
    for top_k in (2, 5):  # the exact step (top_k None) is checked on a small alphabet above
        out, val = S.polish(WORDS, masks, per_number=6, top_k=top_k)
        assert val >= score and val == count(WORDS, out)
        assert all(bin(S._column(out, n)).count("1") == 6 for n in range(8))


@pytest.mark.integration
def test_tabu_move_scores_are_the_kernels():
    rng = np.random.default_rng(4)
    L, M, Kk, ptr, idx = A.prepare_words(WORDS)
    weights = np.ones(len(WORDS))
    masks = A._start(rng, np.full(26, 5.0), 6)
    matchp = np.zeros((len(WORDS), 8), np.int64)
    cov = np.zeros(len(WORDS), np.bool_)
    A._init(L, M, Kk, masks, weights, matchp, cov)
    scratch = [np.zeros(len(WORDS), np.int64), np.zeros((len(WORDS), 8), np.int64),
               np.zeros(len(WORDS), np.int64), np.zeros(len(WORDS), np.bool_)]
    small = [np.zeros(8, np.int64), np.zeros(8, np.int64), np.zeros(9, np.int64),
             np.zeros(9, np.int64)]
    tick = 0
    for t in range(40):
        n1 = int(rng.integers(8))
        a = int(rng.choice([l for l in range(26) if masks[l] >> n1 & 1]))
        b = int(rng.choice([l for l in range(26) if not masks[l] >> n1 & 1]))
        before = count(WORDS, masks)
        orig = masks.copy()
        trial = masks.copy()
        trial[a] ^= 1 << n1
        trial[b] ^= 1 << n1
        commit = t % 2 == 1
        tick += 1
        d = S._delta(L, M, Kk, ptr, idx, weights, masks, matchp, cov, n1, a, b, commit,
                     scratch[0], tick, scratch[1], scratch[2], scratch[3], *small)
        assert d == count(WORDS, trial) - before
        assert (masks == (trial if commit else orig)).all()
        if not commit:
            assert count(WORDS, masks) == before
        assert int(cov.sum()) == count(WORDS, masks)      # the kept state is the kernel's


@pytest.mark.integration
def test_tabu_returns_its_best_deck():
    masks, score = A.anneal(WORDS, per_number=6, iters=2000, seed=5, show_progress=False)
    best, val, hist = S.tabu(WORDS, masks, steps=15, tenure=5, seed=5)
    assert val >= score and val == count(WORDS, best) and val >= hist.max()
    assert len(hist) == 15


def with_three(masks, cols):
    m = np.asarray(masks, np.int64).copy()
    for n, s in cols.items():
        S._set_column(m, n, s)
    return m


def test_triple_relation_counts_what_the_kernel_counts():
    rng = np.random.default_rng(6)
    arr = K.encode_words(WORDS)
    w = np.ones(len(WORDS), np.int64)
    for _ in range(3):
        masks = A._start(rng, np.full(26, 5.0), 6)
        a, b, c = (int(x) for x in sorted(rng.choice(8, 3, replace=False)))
        T = S.triple_relation(arr, masks, a, b, c)
        assert S.triple_coverage(T, w, *(S._column(masks, n) for n in (a, b, c))) \
            == count(WORDS, masks)
        for _ in range(4):
            sets = [sum(1 << int(l) for l in rng.choice(26, 6, replace=False)) for _ in "abc"]
            assert S.triple_coverage(T, w, *sets) == count(
                WORDS, with_three(masks, dict(zip((a, b, c), sets))))


def small_case(seed):
    """At most 60 random words over six letters, a random deck of three of them a number: the
    words, their codes, unit weights, every three-letter set and the deck's masks."""
    rng = np.random.default_rng(seed)
    alpha = 6
    words = sorted({"".join(chr(65 + int(c)) for c in rng.integers(0, alpha, 8))
                    for _ in range(60)})
    sets = [sum(1 << l for l in c) for c in itertools.combinations(range(alpha), 3)]
    masks = np.zeros(26, np.int64)
    for n in range(8):
        for l in rng.choice(alpha, 3, replace=False):
            masks[l] |= 1 << n
    return words, K.encode_words(words), np.ones(len(words), np.int64), sets, masks


@pytest.mark.integration
def test_the_three_number_step_is_the_best_triple_of_sets():
    """Words over six letters, three letters a number: brute force over all C(6, 3)^3 triples of
    sets for numbers a, b, c (letters the words lack never help), counted by the kernel, against
    the CP-SAT step, which must prove its optimum."""
    words, arr, w, sets, masks = small_case(7)
    a, b, c = 1, 4, 6
    T = S.triple_relation(arr, masks, a, b, c)
    brute = 0
    for sa in sets:
        m1 = with_three(masks, {a: sa})
        for sb in sets:
            m2 = with_three(m1, {b: sb})
            for sc in sets:
                brute = max(brute, count(words, with_three(m2, {c: sc})))
    cur = count(words, masks)
    assert 0 < brute and cur < brute                 # the step has something to find
    r = S.improve_triple(T, w, [S._column(masks, n) for n in (a, b, c)], 3, time_limit=20)
    assert r["current"] == cur and r["value"] == brute and r["optimal"]
    assert all(bin(s).count("1") == 3 for s in r["sets"])
    assert count(words, with_three(masks, dict(zip((a, b, c), r["sets"])))) == brute


def test_the_heuristic_triple_step_never_loses_and_counts_as_the_kernel():
    rng = np.random.default_rng(8)
    arr = K.encode_words(WORDS)
    w = np.ones(len(WORDS), np.int64)
    masks = A._start(rng, np.full(26, 5.0), 6)
    a, b, c = 0, 3, 5
    T = S.triple_relation(arr, masks, a, b, c)
    cur = count(WORDS, masks)
    val, sets = S.improve_triple_by_pairs(T, w, [S._column(masks, n) for n in (a, b, c)], 6,
                                          cands=2, top_k=3)
    assert val > cur                                 # a random deck is easy to better
    assert all(bin(s).count("1") == 6 for s in sets)
    assert count(WORDS, with_three(masks, dict(zip((a, b, c), sets)))) == val


@pytest.mark.integration
def test_triple_mode_bad_deck_is_one_line_and_exit_2():
    import subprocess
    r = subprocess.run([sys.executable, str(SCRIPT), "triple", "--words", "10", "--deck", "AB"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0
    assert r.stderr.startswith("error: --deck")


def random_deck(rng, letters: int, k: int) -> np.ndarray:
    masks = np.zeros(26, np.int64)
    for n in range(8):
        for l in rng.choice(letters, k, replace=False):
            masks[l] |= 1 << n
    return masks


def test_align_maximises_the_letters_in_common():
    rng = np.random.default_rng(3)
    perms = np.array(list(itertools.permutations(range(8))))
    for _ in range(3):
        a, b = random_deck(rng, 9, 4), random_deck(rng, 9, 4)
        common = np.array([[bin(S._column(a, i) & S._column(b, j)).count("1") for j in range(8)]
                           for i in range(8)])
        brute = int(common[np.arange(8), perms].sum(axis=1).max())   # every one of the 8! ways
        perm = S.align(a, b)
        assert sorted(perm) == list(range(8))
        assert sum(common[n, perm[n]] for n in range(8)) == brute
        aligned = S.permuted(b, perm)
        assert [S._column(aligned, n) for n in range(8)] == [S._column(b, p) for p in perm]
    # a deck with its numbers shuffled aligns back onto itself, and is the same deck
    a = random_deck(rng, 26, 6)
    shuffled = S.permuted(a, [3, 0, 7, 1, 6, 2, 5, 4])
    assert not np.array_equal(shuffled, a)
    assert np.array_equal(S.permuted(shuffled, S.align(a, shuffled)), a)
    assert S.canonical(shuffled) == S.canonical(a) != S.canonical(random_deck(rng, 26, 6))


def test_the_crossover_child_is_a_deck_of_its_parents_numbers():
    rng = np.random.default_rng(4)
    for how in ("random", "least", "random"):
        a, b = random_deck(rng, 26, 6), random_deck(rng, 26, 6)
        S._set_column(b, 5, S._column(a, 2))                  # one number the same in both
        bb = S.permuted(b, S.align(a, b))
        differ = [n for n in range(8) if S._column(a, n) != S._column(bb, n)]
        nums = S.pick_numbers(a, bb, 4, how, rng)
        assert len(nums) == 4 and set(nums) <= set(differ)
        child = S.crossover(a, bb, nums)
        for n in range(8):
            col = S._column(child, n)
            assert bin(col).count("1") == 6                   # six distinct letters a number
            assert col == (S._column(bb, n) if n in nums else S._column(a, n))
        assert child.tolist() != a.tolist() and child.tolist() != bb.tolist()
    # "least": the differing numbers sharing the fewest letters with A's
    shares = {n: bin(S._column(a, n) & S._column(bb, n)).count("1") for n in differ}
    least = S.pick_numbers(a, bb, 2, "least", rng)
    assert max(shares[n] for n in least) <= min(shares[n] for n in differ if n not in least)
    # fewer numbers differ than asked: all of them
    c = S.crossover(a, bb, [0, 1])
    assert S.pick_numbers(a, c, 4, "random", rng) == [n for n in (0, 1)
                                                      if S._column(a, n) != S._column(bb, n)]


def test_memetic_keeps_its_best_deck_and_counts_it_as_the_kernel():
    arr = K.encode_words(WORDS)
    m, covered, rows, history = S.memetic(WORDS, arr, seed=1, pop=3, init_steps=1500,
                                          child_steps=800, child_t0=2.0, child_t1=1.2, take=3,
                                          pick="random", generations=6, budget=None)
    assert covered == count(WORDS, m) == history[-1][1] == max(r["best"] for r in rows)
    assert len(rows) == 6 and [b for _, b in history] == sorted({b for _, b in history})
    assert all(bin(S._column(m, n)).count("1") == 6 for n in range(8))
    assert all(r["verdict"] in ("kept", "worse", "dup") for r in rows)
    # given decks are the first members: with no generation the best of them and the walks
    good = A.anneal(WORDS, per_number=6, iters=6000, seed=9, show_progress=False)[0]
    _, cov2, rows2, hist2 = S.memetic(WORDS, arr, seed=1, pop=2, init_steps=100, child_steps=10,
                                      child_t0=2.0, child_t1=1.2, take=3, pick="random",
                                      generations=0, budget=None, decks=[good])
    assert rows2 == [] and cov2 == hist2[-1][1] >= count(WORDS, good) == hist2[0][1]


@pytest.mark.integration
def test_memetic_bad_option_is_one_line_and_exit_2():
    import subprocess
    r = subprocess.run([sys.executable, str(SCRIPT), "memetic", "--pop", "1"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0
    assert r.stderr.startswith("error: --pop")


@pytest.mark.integration
def test_the_one_swap_step_is_the_best_in_its_neighbourhood():
    """Six letters, three a number: numbers a and b at most one letter swap from their sets (among
    the six letters; a swap to a letter the words lack never helps), c any set: brute force with
    the kernel against ``_one_swap_exact``; then the whole step against the kernel."""
    words, arr, w, sets, masks = small_case(9)
    a, b, c = 0, 2, 5
    T = S.triple_relation(arr, masks, a, b, c)
    sa, sb, sc = (S._column(masks, n) for n in (a, b, c))
    near = lambda s0: [s for s in sets if bin(s & s0).count("1") >= 2]
    brute = max(count(words, with_three(masks, {a: x, b: y, c: z}))
                for x in near(sa) for y in near(sb) for z in sets)
    ptr, f, gw = S._grouped(T, w)
    val, x, y, z = S._one_swap_exact(ptr, f[:, 0].copy(), f[:, 1].copy(), f[:, 2].copy(), gw,
                                     sa, sb, 3, -1)
    assert val == brute == count(words, with_three(masks, {a: x, b: y, c: z}))
    assert bin(x & sa).count("1") >= 2 and bin(y & sb).count("1") >= 2
    assert tuple(S._one_swap_exact(ptr, f[:, 0].copy(), f[:, 1].copy(), f[:, 2].copy(), gw,
                                   sa, sb, 3, brute)) == (brute, -1, -1, -1)
    cur = count(words, masks)
    v2, new = S.improve_triple_one_swap(T, w, [sa, sb, sc], 3)
    assert cur < brute <= v2 == count(words, with_three(masks, dict(zip((a, b, c), new))))


@pytest.mark.integration
def test_the_cpsat_triple_step_leaves_ctrl_c_working():
    """CP-SAT's own SIGINT handling, left on, leaves the default (C-level) handler behind: a later
    Ctrl-C, or a test's SIGINT, then kills the process without a word (it once killed the whole
    test run). The step runs CP-SAT through core.cpsat.solve; afterwards a SIGINT is still Python's
    KeyboardInterrupt."""
    import subprocess
    code = f"""
import importlib.util, signal, sys
import numpy as np
signal.signal(signal.SIGINT, signal.default_int_handler)  # a background job starts with it ignored
spec = importlib.util.spec_from_file_location("octagion_search_study", {str(SCRIPT)!r})
S = importlib.util.module_from_spec(spec); sys.modules[spec.name] = S; spec.loader.exec_module(S)
from octosolve.octagion import kernels as K
words = ["ABCDEFAB", "BADCFEBA", "ABABCDEF"]
arr = K.encode_words(words)
masks = np.zeros(26, np.int64)
for n in range(8):
    for l in range(3):
        masks[(n + l) % 6] |= 1 << n
T = S.triple_relation(arr, masks, 0, 1, 2)
S.improve_triple(T, np.ones(len(words), np.int64), [S._column(masks, n) for n in (0, 1, 2)], 3,
                 time_limit=5)
try:
    signal.raise_signal(signal.SIGINT)
except KeyboardInterrupt:
    print("caught")
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "caught", (r.returncode, r.stderr[-500:])


def test_memetic_record_is_a_design_record_the_report_recounts():
    """The study's --record writes design-deck's record format: check_design_record re-counts it
    to the kernel's count and parses the very deck back."""
    from octosolve.octagion.design import check_design_record
    words = ["TREASURE", "BUSINESS", "CHILDREN", "TOGETHER", "QUESTION", "ZZZZZZZZ"]
    masks = S.masks_from_sets(["AEIPUW", "AEFKNS", "CEGOSY", "BEIOTX", "ELNRUV", "CMNPRT",
                                   "ADHIOR", "DGLMST"])
    rec = S.memetic_record(words, masks, "python scripts/octagion_search_S.py memetic")
    sols, _ = K.solve_word_list(K.encode_words(words), masks)
    chk = check_design_record(json.loads(json.dumps(rec)))
    assert chk["agrees"] and chk["solvable"] == rec["kernel_solvable"] == int((sols > 0).sum())
    assert 0 < chk["solvable"] < len(words)                 # ZZZZZZZZ is never solvable
    assert [chk["deck"].letters_of(n) for n in range(1, 9)] == S.sets_of(masks)
