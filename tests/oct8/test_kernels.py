"""Numba playout engine against the Python rules engine; swap kernel against its itertools twin."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from octosolve.oct8 import kernels as K
from octosolve.oct8 import twins as T
from octosolve.oct8 import swaps as SW
from octosolve.oct8 import flat as F
from octosolve.oct8 import rules as R


@pytest.mark.parametrize("players,short,deck", [(4, False, None), (2, False, "flat"), (3, True, None)])
def test_numba_log_replays_in_python_engine(players, short, deck, full):
    """Every numba decision is legal in the Python engine, with the same number of legal actions,
    and the final scores / winners agree."""
    cfg = R.Config.make(players, short, deck)
    tb = F.Tables(cfg)
    det = np.zeros(3, dtype=np.int64)
    for seed in range(60 if full else 15):
        S, log = K.play_logged(tb, seed)
        st = R.Oct8State.new(cfg, seed)
        for a, k in log:
            legal = st.legal_actions()
            assert len(legal) == k and int(a) in legal
            st.apply_action(int(a))
        assert st.is_terminal() and S[F.PHASE] == F.PH_OVER
        for p in range(players):
            F.score_detail(S, p, det)
            assert list(det) == list(st.score_detail(p).values())
        assert F.winners_mask(S) == sum(1 << p for p in st.winners())
        assert S[F.TURNS] == st.turns
        assert list(S[F.ACNT:F.ACNT + F.NCAT]) == st.action_counts


def test_same_seed_same_game_python_random_playout():
    cfg = R.Config.make()
    out = K.simulate_random(cfg, np.arange(10, dtype=np.uint64))
    for seed in range(10):
        st = T.random_playout(R.Oct8State.new(cfg, seed), seed)
        assert st.scores() == list(out["scores"][seed])
        assert st.decisions == out["decisions"][seed] and st.turns == out["turns"][seed]


def test_from_python_round_trip_legal_actions():
    """The flat state built from any Python position has the same legal actions."""
    cfg = R.Config.make()
    tb = F.Tables(cfg)
    buf = np.empty(F.NUM_ACTIONS, dtype=np.int64)
    W = np.zeros(160, dtype=np.int64)
    rng = random.Random(5)
    for seed in range(4):
        st = R.Oct8State.new(cfg, seed)
        while not st.is_terminal():
            S = F.from_python(st)
            k = K.legal_actions(S, tb.vals, tb.types, buf, W)
            legal = st.legal_actions()
            assert list(buf[:k]) == legal
            a = rng.choice(legal)
            K.apply_action(S, tb.vals, tb.types, a)
            st.apply_action(a)
            assert np.array_equal(S[:F.SIZE][[F.CUR, F.PHASE, F.ADECK_N, F.DISC_N, F.HDECK_N]],
                                  [st.cur, st.phase, len(st.arm_deck), len(st.discard), len(st.head_deck)])


def _twin_rows(st):
    hand_t = [st.cfg.types[c] for c in st.hands[st.cur]]
    octs = [(p, h // 10, [st.cfg.types[c] for c in st.arms[h]]) for p in range(st.n) for h in st.fields[p]]
    return SW.enumerate_swaps_py(st.cur, hand_t, octs)


@pytest.mark.integration
def test_swap_kernel_matches_itertools_twin_on_game_positions(full):
    cfg = R.Config.make()
    rng = random.Random(1)
    checked = 0
    for seed in range(12 if full else 4):
        st = R.Oct8State.new(cfg, seed)
        while not st.is_terminal():
            if st.phase == R.PH_MAIN:
                rows = SW.swaps_of_state(st)
                got = {tuple(int(x) for x in r) for r in rows}
                assert len(got) == len(rows)  # no duplicates
                assert got == _twin_rows(st)
                # and the kernel agrees with the rules engine's first decisions of actions 3 and 4
                legal = {a for a in st.legal_actions() if R.A_XHAND <= a < R.A_TARGET}
                firsts = set()
                for r in got:
                    kind, so, ss, t = r[:4]
                    if kind == 3:
                        firsts.add(R.A_XHAND + ss * 24 + t)
                    else:
                        firsts.add(R.A_XFIELD + (((so - st.cur) % st.n) * R.MAX_FIELD + ss) * 24 + t)
                assert firsts == legal
                checked += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert checked > 50


type_lists = hs.lists(hs.integers(0, 23), max_size=8)




@settings(max_examples=60, deadline=None)
@given(hand=type_lists, mover=hs.integers(0, 3),
       octs=hs.lists(hs.tuples(hs.integers(0, 3), hs.integers(0, 2), hs.lists(hs.integers(0, 23), min_size=1,
                                                                             max_size=5)), max_size=7))
def test_swap_kernel_matches_twin_on_random_positions(hand, mover, octs):
    """Random positions (octopus arm totals need not be 8 here: the kernel is pure subset-sum)."""
    hcnt = np.zeros(24, dtype=np.int64)
    for t in hand:
        hcnt[t] += 1
    rows_o = []
    for _, _, arms in octs:
        r = np.zeros(24, dtype=np.int64)
        for t in arms:
            r[t] += 1
        rows_o.append(r)
    out = SW.run_swaps(mover, 4, hcnt, [o[0] for o in octs], [o[1] for o in octs], rows_o)
    got = {tuple(int(x) for x in r) for r in out}
    assert len(got) == len(out)
    assert got == SW.enumerate_swaps_py(mover, hand, octs)


def test_swap_kernel_hand_worked_example():
    # mover 0 owns a red octopus [b5 r3]; hand r1 r4 g2. Action 3: b5 <- r1+r4 ; r3 <- r1+g2.
    hand = np.zeros(24, dtype=np.int64)
    for t in (0, 3, 9):
        hand[t] += 1
    octo = np.zeros(24, dtype=np.int64)
    octo[20] = 1
    octo[2] = 1
    rows = SW.run_swaps(0, 2, hand, [0], [0], [octo])
    got = sorted(tuple(int(x) for x in r[:8]) for r in rows)
    assert got == [(3, 0, 0, 2, -1, -1, 0, 9), (3, 0, 0, 20, -1, -1, 0, 3)]


def test_builder_policy_numba_matches_python_twin():
    """All seats play the builder policy: numba game == Python game driven by builder_choice_py."""
    from octosolve.oct8.players import builder_choice_py

    cfg = R.Config.make()
    tb = F.Tables(cfg)
    for seed in range(10):
        S, log = K.play_logged(tb, seed, policy=(1, 1, 1, 1))
        st = R.Oct8State.new(cfg, seed)
        rng = R.SplitMix64(seed ^ R.PLAYOUT_SALT)
        i = 0
        while not st.is_terminal():
            legal = st.legal_actions()
            a = builder_choice_py(st, legal, rng)
            assert a == log[i, 0] and len(legal) == log[i, 1]
            st.apply_action(a)
            i += 1
        assert i == len(log)


def test_builder_beats_random_in_numba_simulation():
    cfg = R.Config.make()
    out = K.simulate_random(cfg, np.arange(400, dtype=np.uint64), ("builder", "random", "random", "random"))
    wins0 = ((out["wins"] & 1) > 0).mean()
    assert wins0 > 0.5


def test_incremental_selection_bookkeeping_matches_rebuild():
    """The selection counts kept by apply_action equal a rebuild from scratch at every card decision."""
    cfg = R.Config.make()
    tb = F.Tables(cfg)
    buf = np.empty(F.NUM_ACTIONS, dtype=np.int64)
    W = np.zeros(160, dtype=np.int64)
    checked = 0
    for seed in range(5):
        S = K.new_state(tb, seed)
        st = F.sm_state(seed ^ F.SALT)
        while S[F.PHASE] != F.PH_OVER:
            if S[F.PHASE] == F.PH_SEL:
                T = S.copy()
                F.sync_selection(T, tb.types)
                assert np.array_equal(T, S)
                checked += 1
            k = K.legal_actions(S, tb.vals, tb.types, buf, W)
            K.apply_action(S, tb.vals, tb.types, buf[F.sm_below(st, k)])
    assert checked > 100


def test_every_numba_kernel_is_in_the_twin_table():
    """The registry's twins (kernels.TWINS, then twins_search.TWINS) list every numba kernel of the
    engine, the swap enumeration and the tree search."""
    from octosolve.games import get_game
    from octosolve.oct8 import search as SR

    twins = get_game("oct8").twins()
    listed = {t.name for t in twins}
    for mod in (F, K, SW, SR):  # a numba dispatcher has the Python function it compiles as .py_func
        kernels = {n for n, v in vars(mod).items()
                   if hasattr(v, "py_func") and getattr(v.py_func, "__module__", "") == mod.__name__}
        assert kernels <= listed, f"{mod.__name__}: {sorted(kernels - listed)} have no twin"
    assert len(listed) == len(twins) >= 40
