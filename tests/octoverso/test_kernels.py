"""The numba move generator against its pure-Python twin and a brute-force scan of the lexicon."""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from octosolve.core.errors import OctoError
from octosolve.core.seeding import rng as np_rng
from octosolve.octoverso import kernels as K
from octosolve.octoverso import rules as R


def _key(m):
    return (m.word, m.side, m.end, m.k, m.jmask)


@pytest.fixture(scope="module")
def small_lex(lex):
    # about a thousand real words (every 100th, plus the rule examples) for fast brute force
    words = lex.words[::100] + ["IMAGES", "IMAGE", "REALISTE", "SPECIALE", "AMIS", "DUOS", "MAGES"]
    return R.Lexicon({w: {w} for w in words}, "sample")


def random_position(g, jokers, rail_jokers=0):
    bag = R.full_bag(False)
    tiles = np.repeat(np.arange(27), bag)
    sel = g.permutation(tiles)[:20]
    rail = sel[:8].astype(np.int8)
    for i in g.choice(8, rail_jokers, replace=False):
        rail[i] = R.JOKER
    hand = np.bincount(sel[8:], minlength=27).astype(np.int32)
    hand[R.JOKER] = jokers
    return rail, hand


def kernel_set(lex, rail, hand, blocked=None):
    return sorted(_key(m) for m in R.legal_moves(lex, rail, hand, blocked))


def brute_set(lex, rail, hand, blocked=None):
    return sorted(_key(m) for m in R.reference_moves(lex.words, rail, hand, blocked))


@pytest.mark.parametrize("jokers,rail_jokers", [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)])
def test_kernel_matches_brute_force_small_lexicon(small_lex, jokers, rail_jokers, full):
    g = np_rng(11, jokers, rail_jokers)
    for _ in range(60 if full else 4):
        rail, hand = random_position(g, jokers, rail_jokers)
        assert kernel_set(small_lex, rail, hand) == brute_set(small_lex, rail, hand)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rail=st.text(alphabet=R.GAME_LETTERS + "?", min_size=2, max_size=8),
       hand=st.text(alphabet=R.GAME_LETTERS, min_size=1, max_size=12),
       jokers=st.integers(0, 2))
def test_kernel_matches_brute_force_property(small_lex, rail, hand, jokers):
    if rail.count("?") + jokers > 2:
        jokers = 0
    try:
        r = R.parse_rail(rail)
    except OctoError:  # a rail the box cannot make (e.g. BB, ???)
        assume(False)
    h = np.zeros(27, np.int32)
    for c in hand:
        h[ord(c) - 65] += 1
    h[R.JOKER] = jokers
    blocked = np.zeros(len(small_lex), np.uint8)
    blocked[::7] = 1
    assert kernel_set(small_lex, r, h, blocked) == brute_set(small_lex, r, h, blocked)


@pytest.mark.integration
def test_kernel_matches_brute_force_full_lexicon(lex, full):
    g = np_rng(5)
    for i in range(6 if full else 1):
        rail, hand = random_position(g, i % 2)
        assert kernel_set(lex, rail, hand) == brute_set(lex, rail, hand)


def test_python_twin_matches_kernel(small_lex):
    g = np_rng(3)
    for j in (0, 1):
        rail, hand = random_position(g, j, rail_jokers=1 - j)
        blocked = np.zeros(len(small_lex), np.uint8)
        args = (small_lex.mat, small_lex.lens, blocked, rail, hand, 2, R.MAX_LEN)
        h0 = hand.copy()
        rows = K.moves_rows(*args)
        assert rows and rows == K.moves_rows_py(*args)
        assert (hand == h0).all()


def test_kernel_leaves_hand_untouched_and_overflow_is_reported(lex):
    rail, hand = R.parse_rail("SOUDEIMA"), R.parse_hand("GESTRALNOUIE", 1)
    h0 = hand.copy()
    out = np.empty((3, 5), np.int32)
    n = K.gen_moves(*lex.fwd, *lex.rev, np.zeros(len(lex), np.uint8), rail, hand, 2, R.MAX_LEN, out)
    assert n > 3 and (hand == h0).all()
    assert len(R.kernel_moves(lex, rail, hand)) == n  # the wrapper retries with a bigger buffer


def test_opening_words(lex):
    hand = R.parse_hand("AMISDUOSEEEE")
    ids = R.opening_words(lex, hand)
    words = {lex.words[i] for i in ids}
    assert {"AMIS", "DUOS"} <= words and all(len(w) == 4 for w in words)
    brute = {w for w in lex.words if len(w) == 4 and R.spell_tiles(w, hand) is not None}
    assert words == brute


@pytest.mark.integration
def test_octos_are_the_eight_letter_moves(lex):
    rail, hand = R.parse_rail("SOUDEIMA"), R.parse_hand("GERAST")
    o = R.octos(lex, rail, hand)
    assert o and all(len(m.word) == 8 for m in o)
    eights = [w for w in lex.words if len(w) == 8]
    assert {m.word for m in o} == {m.word for m in R.reference_moves(eights, rail, hand)}


def test_move_generation_is_thread_safe(lex):
    # each thread has its own output buffer: results in threads equal the serial ones
    from concurrent.futures import ThreadPoolExecutor

    g = np_rng(9)
    positions = [random_position(g, i % 2) for i in range(16)]
    serial = [R.kernel_moves(lex, r, h).tolist() for r, h in positions]
    with ThreadPoolExecutor(4) as ex:
        threaded = list(ex.map(lambda rh: R.kernel_moves(lex, *rh).tolist(), positions * 4))
    assert threaded == serial * 4
