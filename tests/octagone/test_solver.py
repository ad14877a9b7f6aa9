import signal
import threading
import time

import numpy as np
import pytest

from octosolve.octagone import kernels as K
from octosolve.octagone.bitboards import MODES, near_far_targets_nb, near_far_targets_py
from octosolve.octagone.matches import position_with_free
from octosolve.octagone.playouts import line_tables
from octosolve.octagone.solve import minimax_reference, search_value, solve, solver_position
from tests.octagone.helpers import R, position

CASES = [(v, w, f, seed) for v, w in (("standard", "edge"), ("standard", "torus"), ("kids", "edge"))
         for f in (4, 5, 6, 7) for seed in range(2)]


@pytest.mark.parametrize("variant,wrap,free,seed", CASES)
def test_numba_and_twin_match_exhaustive_minimax(variant, wrap, free, seed):
    s = position_with_free(seed, free, variant, wrap=wrap)
    ref = minimax_reference(s)
    nb = solve(s, "numba", tt_bits=16)
    py = solve(s, "python")
    assert nb["proven"] and nb["value"] == py["value"] == ref
    assert nb["result"] == ("win" if ref > 0 else "loss" if ref < 0 else "draw")
    # the best move is re-checked by the reference: it achieves the proven value
    for r in (nb, py):
        child = s.clone()
        child.apply_action(r["best_action"])
        assert minimax_reference(child, s.to_move) == ref


@pytest.mark.parametrize("variant,wrap,free,seed", CASES[::2] + [("standard", "edge", 8, 5)])
def test_outcome_target_is_the_sign_of_exhaustive_minimax(variant, wrap, free, seed):
    """--target outcome (the null window (-1, 1)) proves win / loss / draw: the sign of the margin
    that the exhaustive reference computes; its best move keeps that outcome."""
    s = position_with_free(seed, free, variant, wrap=wrap)
    ref = minimax_reference(s)
    sign = (ref > 0) - (ref < 0)
    for engine, threads in (("numba", 1), ("python", 1), ("numba", 2)):
        r = solve(s, engine, target="outcome", threads=threads)
        assert r["proven"] and r["value"] == sign and r["target"] == "outcome"
        child = s.clone()
        child.apply_action(r["best_action"])
        got = minimax_reference(child, s.to_move)
        assert (got > 0) - (got < 0) == sign
    per = solve(s, target="outcome", all_moves=True)["moves"]
    for m in per:
        child = s.clone()
        child.apply_action(m["action"])
        got = minimax_reference(child, s.to_move)
        assert m["value"] == (got > 0) - (got < 0)


def _sign(v):
    return (v > 0) - (v < 0)


def test_outcome_on_two_threads_agrees_with_the_full_window_search():
    """The outcome searched on two cores (a "win?" thread and a "loss?" thread on one shared table)
    is the sign of the margin the plain full-window search proves, on positions too big for the
    exhaustive reference; all three outcomes occur, so both threads' answers are used; the move it
    gives keeps the outcome (checked by the full-window search of the child)."""
    seen = set()
    for seed in list(range(12)) + [37, 46, 47, 48]:  # 37..48: draws
        s = position_with_free(seed, 15)
        ref = search_value(s, tt_bits=16)
        assert not ref["aborted"]
        r = solve(s, target="outcome", threads=2)
        assert r["proven"] and r["value"] == _sign(ref["value"]) and r["threads"] == 2
        child = s.clone()
        child.apply_action(r["best_action"])
        if child.over:
            left = child.shields_left()
            got = left[1 - s.to_move] - left[s.to_move]
        else:
            cv = search_value(child, tt_bits=16)["value"]
            got = cv if child.to_move == s.to_move else -cv
        assert _sign(got) == r["value"]
        seen.add(r["value"])
    assert seen == {-1, 0, 1}


def test_threads_must_be_one_or_two():
    from octosolve.core.errors import OctoError

    with pytest.raises(OctoError, match="threads must be 1 or 2"):
        solve(position_with_free(0, 6), target="outcome", threads=3)


def test_threads_reported_are_the_threads_used():
    """--all-moves searches each move's child on one thread: the result must not say two (the
    JSON of `solve --all-moves --target outcome --workers 2` said "threads": 2)."""
    s = position_with_free(0, 10)
    assert solve(s, target="outcome", threads=2)["threads"] == 2
    r = solve(s, target="outcome", threads=2, all_moves=True)
    assert r["proven"] and len(r["moves"]) > 1 and r["threads"] == 1


def test_all_moves_values_match_reference():
    s = position_with_free(11, 6)
    r = solve(s, all_moves=True)
    for m in r["moves"]:
        child = s.clone()
        child.apply_action(m["action"])
        assert m["value"] == minimax_reference(child, s.to_move)
    assert r["value"] == max(m["value"] for m in r["moves"])


@pytest.mark.slow
def test_twin_same_value_on_larger_positions(full):
    for seed in range(4 if full else 2):
        s = position_with_free(seed, 12 if full else 10)
        a = search_value(s, "numba")
        b = search_value(s, "python")
        assert a["value"] == b["value"]


def test_hand_made_forced_pass_win():
    # worked by hand: player 0 must put green on (3,3) (below the yellow arrow). Pointing to the
    # orange row (e.g. N: (2,3) is taken, so (1,3)) leaves player 1 without orange or jolly (pass) and
    # then nobody holds orange: the game ends 1 shield against 3, a win by 2. Pointing to a green or
    # red cell lets player 1 answer and turn the tables, so +2 is the best.
    cells = {(2, 3): ("yellow", 4)}
    s = position(cells, (2, 3), [{"green": 2}, {"green": 1, "red": 2}], to_move=0)
    r = solve(s)
    assert r["value"] == 2 and r["result"] == "win"
    assert minimax_reference(s) == 2 == solve(s, "python")["value"]
    child = s.clone()
    child.apply_action(r["best_action"])
    assert child.target() // 7 not in (0, 3)  # not red, not green


def test_playout_kernel_ends_consistently():
    s = position_with_free(3, 10)
    occ, hands, t, p = solver_position(s)
    lines, lens = line_tables("edge")
    tot = int(hands.sum())
    m = K.playout_nb(np.int64(occ), hands, t, p, lines, lens, True, 1)
    assert hands.sum() < tot and abs(m) <= tot


def test_solver_refuses_what_it_cannot_do():
    from octosolve.core.errors import OctoError

    with pytest.raises(OctoError):
        solve(R.OctagoneGame("iv").new_initial_state(1))
    with pytest.raises(OctoError):
        solve(R.OctagoneGame("standard", 4).new_initial_state(1))
    with pytest.raises(OctoError, match="Dama"):
        solve(R.OctagoneGame().new_initial_state(1))
    with pytest.raises(OctoError, match="budget"):
        solve(position_with_free(1, 8), max_nodes=0)


@pytest.mark.parametrize("mode", ["none", "torus", "edge"])
def test_bitboard_scans_match_line_walks(mode):
    rng = np.random.default_rng(5)
    m = MODES[mode]
    for _ in range(300):
        occ = 0
        for x in range(R.NCELLS):
            if rng.random() < rng.choice([0.3, 0.7, 0.95]):
                occ |= 1 << x
        t = int(rng.integers(R.NCELLS))
        occ |= 1 << t
        near, far = near_far_targets_nb(np.int64(occ), t, m)
        assert (list(near), list(far)) == near_far_targets_py(occ, t, m)
    full = (1 << R.NCELLS) - 1
    assert list(near_far_targets_nb(np.int64(full), 0, m)[0]) == [-1] * 8


def test_table_size_follows_the_search():
    assert K.tt_bits_for(16) == 14 and K.tt_bits_for(24) == 16
    assert all(12 <= K.tt_bits_for(f) <= K.TT_BITS_DEFAULT for f in range(43))


def test_budget_gives_an_honest_not_proven():
    s = position_with_free(2, 20)
    r = solve(s, max_nodes=5000)
    assert r["proven"] is False and r["value"] is None and r["result"] == "not proven"
    assert r["best_action"] is None and 5000 <= r["nodes"] <= 5001
    full = solve(s)
    assert full["proven"] and full["nodes"] > 5000


def test_ctrl_c_stops_the_numba_search_promptly():
    # a search far too big to finish; a SIGINT after 0.5 s must stop it within a second or so of
    # work: counted in CPU seconds of this process (the search runs here), which a busy machine
    # does not stretch as it stretches the wall clock
    s = position_with_free(4, 30)
    timer = threading.Timer(0.5, lambda: signal.raise_signal(signal.SIGINT))
    c0 = time.process_time()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        search_value(s, max_nodes=10**11)
    assert time.process_time() - c0 < 5


def test_exact_first_player_agrees_with_exhaustive_minimax():
    """The perfect-play analysis (report section "Perfect play"): every solved deal's value, read
    for the first player, is the sign of exhaustive minimax's margin (no pruning, no table), and the
    jolly swap keeps the shield count."""
    from octosolve.octagone.measures import _jolly_swapped, exact_first_player
    from octosolve.octagone.solve import minimax_reference

    res = exact_first_player(7, deals=4, free=7)
    assert res["reached"] >= 2 and res["proven"] == res["reached"]
    from octosolve.octagone.measures import played_position

    for row in res["rows"]:
        if not row.get("proven"):
            continue
        st = played_position(row["seed"], 7)
        m = minimax_reference(st)  # margin for the player to move
        sign = (m > 0) - (m < 0)
        assert row["value_first"] == (sign if st.to_move == st.first else -sign)
        s2 = _jolly_swapped(st)
        if s2 is not None:
            assert s2.shields_left() == st.shields_left()
            m2 = minimax_reference(s2)
            assert row["jolly_delta"] == sign - ((m2 > 0) - (m2 < 0))
    f = res["first"]
    assert f["wins"] + f["draws"] + f["losses"] == res["proven"]


def test_table_entries_are_checked_against_torn_writes():
    """A table entry is stored as (key xor entry, entry): an entry whose second word changed without
    the first (a write half done by another thread) is no longer found, and a search over such a
    table still gives the same value."""
    s = position_with_free(3, 14)
    tab = K.Table(14)
    r = search_value(s, table=tab)
    occ, hands, t, p = solver_position(s)
    h = K.hash_position(occ, hands, t, p)
    assert r["code"] >= 0 and tab.move_at(h) == r["code"]
    idx = int(h & tab.mask)
    k = 0 if tab.slots[idx, 0] ^ tab.slots[idx, 1] == h else 2
    assert tab.slots[idx, k] ^ tab.slots[idx, k + 1] == h
    tab.slots[idx, k + 1] ^= np.uint64(1 << 20)  # the entry word of another write, key word not yet
    assert tab.move_at(h) == -1
    assert search_value(s, table=tab)["value"] == r["value"]
