"""Kernel == pure-Python twin == brute force over permutations == CP-SAT == networkx, on random
decks and words (hypothesis), plus hand-worked cases."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from octosolve.octagion import kernels as K
from octosolve.octagion.rules import Deck
from octosolve.octagion.solve import brute_force, cpsat_count_solutions, cpsat_min_wildcards


def nx_max_matching(word, deck):
    g = nx.Graph()
    top = [("p", i) for i in range(8)]
    g.add_nodes_from(top)
    g.add_nodes_from(("n", n) for n in range(8))
    cnt = deck.counts
    for i, c in enumerate(word):
        for n in range(8):
            if cnt[ord(c) - 65, n]:
                g.add_edge(("p", i), ("n", n))
    m = nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)
    return len(m) // 2


# small alphabets make solvable words common, so both branches are exercised
letters = st.sampled_from("ABCDE")
words_st = st.lists(letters, min_size=8, max_size=8).map("".join)
counts_st = st.lists(st.lists(st.integers(0, 2), min_size=8, max_size=8), min_size=5, max_size=5)


def deck_from(rows):
    t = np.zeros((26, 8), dtype=np.int64)
    t[:5] = np.array(rows)
    if t.sum() == 0:
        t[0, 0] = 1
    return Deck.from_counts(t)


@pytest.mark.integration
@settings(max_examples=12, deadline=None)   # brute force: 8! permutations a word, in Python
@given(counts_st, st.lists(words_st, min_size=1, max_size=2))
def test_kernel_equals_twin_bruteforce_networkx(rows, words):
    deck = deck_from(rows)
    sols, wild = K.solve_word_list(words, deck.masks)
    sols_p, wild_p = K.solve_words_py(words, deck.masks)
    sols_par, wild_par = K.solve_word_list(words, deck.masks, parallel=True)
    assert list(sols) == list(sols_p) == list(sols_par)
    assert list(wild) == list(wild_p) == list(wild_par)
    for w, s, k in zip(words, sols, wild):
        bs, bk = brute_force(w, deck)
        assert (s, k) == (bs, bk)
        assert k == 8 - nx_max_matching(w, deck)


@pytest.mark.integration
@settings(max_examples=8, deadline=None)
@given(counts_st, words_st)
def test_kernel_equals_cpsat(rows, word):
    deck = deck_from(rows)
    sols, wild = K.solve_word_list([word], deck.masks)
    assert sols[0] == cpsat_count_solutions(word, deck)
    assert wild[0] == cpsat_min_wildcards(word, deck)


def test_hand_worked():
    # a deck with exactly one card per number spelling ABCDEFGH: one solution
    deck = Deck.parse("letter,number\n" + "".join(f"{c},{i}\n" for i, c in enumerate("ABCDEFGH", 1)))
    s, w = K.solve_word_list(["ABCDEFGH", "HGFEDCBA", "AACDEFGH", "ZZZZZZZZ"], deck.masks)
    assert list(s) == [1, 1, 0, 0]
    assert list(w) == [0, 0, 1, 8]      # AAC...: one A needs a wildcard; ZZZ...: all eight
    # every letter on every number: 8! solutions
    full = Deck.from_counts(np.ones((26, 8), dtype=np.int64))
    s, w = K.solve_word_list(["AAAAAAAA"], full.masks)
    assert s[0] == 40320 and w[0] == 0
    # the letter A under numbers 1 and 2 only: "AA" + 6 others on 3..8 -> 2 * 1 solutions
    deck2 = Deck.parse("letter,number\nA,1\nA,2\n" + "".join(f"{c},{i}\n" for i, c in
                                                           enumerate("BCDEFG", 3)))
    s, w = K.solve_word_list(["AABCDEFG", "AAABCDEF"], deck2.masks)
    assert list(s) == [2, 0] and list(w) == [0, 1]


def test_duplicate_cards_do_not_change_counts():
    a = Deck.parse("letter,number\n" + "".join(f"{c},{i}\n" for i, c in enumerate("ABCDEFGH", 1)))
    b = Deck(a.cards + a.cards)
    assert list(K.solve_word_list(["ABCDEFGH"], a.masks)[0]) == list(K.solve_word_list(["ABCDEFGH"], b.masks)[0])


@pytest.mark.slow
def test_kernel_equals_twin_on_lexicon(full):
    from octosolve.octagion.rules import load_deck
    from octosolve.octagion.wordcards import load_lexicon
    words = list(load_lexicon()[0])
    if not full:
        words = words[:3000]
    deck = load_deck()
    s, w = K.solve_word_list(words, deck.masks)
    sp, wp = K.solve_words_py(words, deck.masks)
    assert (s == sp).all() and (w == wp).all()
    assert (s > 0).sum() > 0
