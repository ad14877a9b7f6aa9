"""Single-word solving (assignment, all solutions) and the CP-SAT deck designer against brute force."""

import itertools

import numpy as np
import pytest

from octosolve.core.errors import OctoError
from octosolve.octagion import kernels as K
from octosolve.octagion.design import design_deck, local_search_deck
from octosolve.octagion.rules import Deck
from octosolve.octagion.solve import brute_force, difficulty, solve_word
from octosolve.core.cpsat import new_solver

ONE_EACH = Deck.parse("letter,number\n" + "".join(f"{c},{i}\n" for i, c in enumerate("OCTAGINS", 1)))


def test_solve_word_keys_and_assignment():
    r = solve_word("octagons", ONE_EACH)   # O twice but only one O card: 1 wildcard
    assert set(r) >= {"word", "solvable", "min_wildcards", "solutions", "assignment"}
    assert r["word"] == "OCTAGONS" and not r["solvable"] and r["min_wildcards"] == 1
    assert r["solutions"] == 0 and len(r["assignment"]) == 8
    assert sum(1 for a in r["assignment"] if a.get("wildcard")) == 1
    r = solve_word("OCTAGINS", ONE_EACH, all_solutions=True)
    assert r["solvable"] and r["solutions"] == 1
    assert [a["number"] for a in r["assignment"]] == list(range(1, 9))
    assert len(r["all"]) == 1


def test_all_solutions_are_distinct_and_valid():
    rng = np.random.default_rng(3)
    t = (rng.random((26, 8)) < 0.5).astype(np.int64)
    deck = Deck.from_counts(t)
    for w in ["ABCDEFGH", "AABBCCDD", "ZYXWVUTS"]:
        r = solve_word(w, deck, all_solutions=True)
        assert len(r["all"]) == r["solutions"] == brute_force(w, deck)[0]
        seen = set()
        for s in r["all"]:
            nums = tuple(a["number"] for a in s)
            assert len(set(nums)) == 8 and nums not in seen
            seen.add(nums)
            for a in s:
                assert t[ord(a["letter"]) - 65, a["number"] - 1]


def test_bad_words():
    for bad in ["SHORT", "TOOLONGWORD", "ABCD3FGH", ""]:
        with pytest.raises(OctoError):
            solve_word(bad, ONE_EACH)


def test_difficulty_classes():
    assert difficulty(1, 0) == "hard" and difficulty(3, 0) == "medium" and difficulty(4, 0) == "easy"
    assert difficulty(0, 2) == "needs 2 Treatment Cards"   # the rules' name (was 'needs 2 treatments')
    assert difficulty(0, 1) == "needs 1 Treatment Card"


def _best_over(words, letters, cols, total=None):
    """Best solvable count over every deck whose 8 columns are taken from ``cols`` (subsets of
    ``letters``, as index tuples), as multisets (numbers are labels), with at most ``total`` cards."""
    arr = K.encode_words(words)
    best = -1
    for combo in itertools.combinations_with_replacement(range(len(cols)), 8):
        if total is not None and sum(len(cols[c]) for c in combo) > total:
            continue
        masks = np.zeros(26, dtype=np.uint8)
        for n, c in enumerate(combo):
            for l in cols[c]:
                masks[ord(letters[l]) - 65] |= 1 << n
        s, _ = K.solve_words(arr, masks, K.POPCOUNT8)
        best = max(best, int((s > 0).sum()))
    return best


def brute_design(words, letters="ABCD", per_number=2):
    """Best solvable count over every deck whose columns are per_number-subsets of ``letters``
    (more letters never hurt, so this is the optimum)."""
    return _best_over(words, letters, list(itertools.combinations(range(len(letters)), per_number)))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_design_deck_optimal_equals_brute_force(seed):
    rng = np.random.default_rng(seed)
    words = ["".join(rng.choice(list("ABCD"), 8)) for _ in range(8)]
    res = design_deck(words, per_number=2, time_limit=30, workers=1, seed=seed,
                      local_search_iters=200)
    assert res.status.startswith("OPTIMAL")
    assert res.kernel_solvable == res.objective == brute_design(list(dict.fromkeys(words)))
    assert res.deck.per_number() == [2] * 8


def test_design_deck_required_and_favour():
    words = ["ABCDEFGH", "AABBCCDD", "HGFEDCBA", "ABABABAB", "EEEEFFFF"]
    res = design_deck(words, per_number=2, required=["ABABABAB"], time_limit=20, workers=1,
                      local_search_iters=200)
    s, _ = K.solve_word_list(["ABABABAB"], res.deck.masks)
    assert s[0] > 0
    easy = design_deck(words, per_number=3, favour="easy", time_limit=20, workers=1,
                       local_search_iters=200)
    hard = design_deck(words, per_number=3, favour="hard", time_limit=20, workers=1,
                       local_search_iters=200)
    assert easy.kernel_solvable >= easy.objective and hard.kernel_solvable >= hard.objective
    se, _ = K.solve_word_list(words, easy.deck.masks)
    sh, _ = K.solve_word_list(words, hard.deck.masks)
    assert se.sum() >= sh.sum()


def test_design_deck_impossible_required():
    with pytest.raises(OctoError):
        design_deck(["ABCDEFGH"], per_number=1, required=["AAAAAAAA", "BBBBBBBB"], time_limit=10,
                    workers=1, local_search_iters=0)


def test_design_deck_stopped_gives_the_best_deck_so_far():
    """A stop (the web page's Stop button) while it runs: a deck all the same, the best found so far
    (the annealing's first chunk, CP-SAT stopped at once), with its covered count and the bound;
    and with favour the second phase is skipped. A stop before any deck exists says so."""
    import threading
    import time

    from octosolve.core.lexicon import load_words
    from octosolve.octagion.wordcards import lexicon_path

    words = load_words(str(lexicon_path()), length=8)[:300]
    stop = threading.Event()
    stop.set()
    t0 = time.perf_counter()
    res = design_deck(words, per_number=6, time_limit=300, workers=1, seed=1,
                      local_search_iters=200_000, favour="hard", stop=stop)
    assert time.perf_counter() - t0 < 120  # not the 300 s asked for, nor 200,000 steps
    assert res.status.endswith("+stopped") and "+local-search" not in res.status
    sols, _ = K.solve_word_list(words, res.deck.masks)
    assert res.kernel_solvable == int((sols > 0).sum()) > 0
    assert res.deck.per_number() == [6] * 8
    assert res.kernel_solvable <= res.bound < len(words) and 0 <= res.gap < 1
    with pytest.raises(OctoError, match="stopped before the deck designer found a deck"):
        design_deck(words, per_number=6, time_limit=300, workers=1, local_search_iters=0,
                    stop=stop)


def test_local_search_improves_on_start():
    rng = np.random.default_rng(5)
    words = ["".join(rng.choice(list("ABCDEFGHIJ"), 8)) for _ in range(30)]
    d = local_search_deck(words, per_number=4, iters=500, seed=1)
    assert d.per_number() == [4] * 8


def test_default_deck_matches_its_design_record():
    """data/octagion/deck_design.json (the design run that made deck.csv) re-checked by the kernel:
    its words are stored in the record, so the check does not depend on today's lexicon."""
    import json

    from octosolve.core.paths import data_path
    from octosolve.octagion.design import check_design_record
    from octosolve.octagion.rules import load_deck
    rec = json.loads(data_path("octagion", "deck_design.json").read_text())
    deck = load_deck()
    assert sorted(rec["cards"]) == sorted(str(c) for c in deck.cards)
    s, _ = K.solve_word_list(rec["words_list"], deck.masks)
    assert int((s > 0).sum()) == rec["kernel_solvable"] == 791 and len(rec["words_list"]) == 1000
    chk = check_design_record(rec)
    assert chk["agrees"] and chk["solvable"] == 791 and chk["deck"] == deck
    bad = dict(rec, kernel_solvable=790)
    assert not check_design_record(bad)["agrees"]
    assert rec["command"].startswith("octosolve octagion design-deck ")


def brute_split(words, letters="ABCD", total=16):
    """Best solvable count over every deck of at most ``total`` cards on ``letters``, each of the
    8 numbers carrying a non-empty subset of them in any size (the free split)."""
    return _best_over(words, letters, [c for k in range(1, len(letters) + 1)
                                       for c in itertools.combinations(range(len(letters)), k)],
                      total)


@pytest.mark.integration
def test_design_deck_free_split_beats_six_a_number_by_brute_force():
    """--split free shares the 16 cards (per_number 2) between the numbers in any way: every word
    has one A and five of B, C or D, so an A-only number and a number with B, C and D solve all
    three words, which no deck of two cards a number does (brute force over every deck, both
    readings). The designer and the annealing alone reach each optimum, the total stays 16."""
    from octosolve.octagion import anneal as A
    words = ["ABBBBBCC", "ACCCCCDD", "ADDDDDBB"]
    assert brute_design(words, "ABCD", 2) == 2 and brute_split(words) == 3
    eq = design_deck(words, per_number=2, time_limit=20, workers=1, local_search_iters=2000,
                     restarts=4)
    free = design_deck(words, per_number=2, time_limit=20, workers=1, local_search_iters=2000,
                       restarts=4, split="free")
    assert eq.kernel_solvable == 2 and eq.deck.per_number() == [2] * 8 and eq.split == "equal"
    assert free.kernel_solvable == 3 <= free.bound and free.split == "free"
    sizes = free.deck.per_number()
    assert sum(sizes) == 16 and min(sizes) >= 1 and sizes != [2] * 8
    with pytest.raises(OctoError, match="--split must be equal or free"):
        design_deck(words, per_number=2, split="uneven")


@pytest.mark.integration
def test_anneal_free_split_keeps_48_cards_and_recounts():
    """The walks with --split free on the 300 most familiar words: 48 cards in all, every number
    at least one, the sizes left unequal, the score the kernel's recount, the same deck for the
    same seed, and more words than the equal split's walks with the same seed and steps."""
    from octosolve.octagion import anneal as A
    from octosolve.octagion.wordcards import load_lexicon
    words = load_lexicon()[0][:300]
    m, s = A.anneal(words, per_number=6, iters=20000, restarts=2, seed=5, split="free")
    sols, _ = K.solve_word_list(words, m.astype(np.uint8))
    cnt = [sum(int(m[l]) >> n & 1 for l in range(26)) for n in range(8)]
    assert s == (sols > 0).sum() and sum(cnt) == 48 and min(cnt) >= 1 and cnt != [6] * 8
    m2, s2 = A.anneal(words, per_number=6, iters=20000, restarts=2, seed=5, split="free")
    assert s2 == s and (m2 == m).all()
    me, se = A.anneal(words, per_number=6, iters=20000, restarts=2, seed=5)
    assert [sum(int(me[l]) >> n & 1 for l in range(26)) for n in range(8)] == [6] * 8
    assert s > se


@pytest.mark.integration
def test_design_deck_deterministic_gives_the_same_deck_twice():
    """--deterministic: CP-SAT's limit is its deterministic time and its two workers interleave in
    a fixed order, so two runs with the same seed end at the same deck (with wall-clock time and
    two workers they differ from run to run: 82, 81, 80 words measured at these settings with 5 s),
    and the deck is re-counted by the kernel; CP-SAT's parameters say so."""
    from ortools.sat.python import cp_model

    from octosolve.core.lexicon import load_words
    from octosolve.octagion.design import _set_limit
    from octosolve.octagion.wordcards import lexicon_path

    words = load_words(str(lexicon_path()), length=8)[:100]
    # 1 deterministic second (62 words; 2 took 39 CPU s for the two runs, 1 takes 14)
    runs = [design_deck(words, time_limit=1, workers=2, seed=3, local_search_iters=50,
                        deterministic=True) for _ in range(2)]
    assert runs[0].deck.to_csv() == runs[1].deck.to_csv()
    assert runs[0].kernel_solvable == runs[1].kernel_solvable
    sols, _ = K.solve_word_list(words, runs[0].deck.masks)
    assert runs[0].kernel_solvable == int((sols > 0).sum())
    sv = new_solver()
    _set_limit(sv, 7.0, True)
    assert sv.parameters.max_deterministic_time == 7.0 and sv.parameters.interleave_search
    _set_limit(sv, 7.0, False)
    assert sv.parameters.max_time_in_seconds == 7.0
    with pytest.raises(OctoError, match="--anneal-time is wall-clock time"):
        design_deck(words, time_limit=2, anneal_time=5, deterministic=True)
