import numpy as np
import pytest

from octosolve.octagone import kernels as K
from octosolve.octagone import rules as R
from octosolve.octagone.solve import (minimax_reference, position_with_free, search_value, solve,
                                      solver_position, tables)
from tests.octagone.helpers import position

CASES = [(v, f, seed) for v in ("standard", "kids") for f in (4, 5, 6, 7) for seed in range(3)]


@pytest.mark.parametrize("variant,free,seed", CASES)
def test_numba_and_twin_match_exhaustive_minimax(variant, free, seed):
    s = position_with_free(seed, free, variant)
    ref = minimax_reference(s)
    nb = solve(s, "numba", tt_bits=16)
    py = solve(s, "python")
    assert nb["value"] == py["value"] == ref
    assert nb["result"] == ("win" if ref > 0 else "loss" if ref < 0 else "draw")
    # the best move is re-checked by the reference: it achieves the proven value
    for r in (nb, py):
        child = s.clone()
        child.apply_action(r["best_action"])
        me = s.to_move
        assert minimax_reference(child, me) == ref


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
    lines, lens = tables(True)
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


@pytest.mark.parametrize("wrap", [True, False])
def test_bitboard_scans_match_line_walks(wrap):
    rng = np.random.default_rng(5 if wrap else 6)
    for _ in range(300):
        occ = 0
        for x in range(R.NCELLS):
            if rng.random() < rng.choice([0.3, 0.7, 0.95]):
                occ |= 1 << x
        t = int(rng.integers(R.NCELLS))
        occ |= 1 << t
        assert list(K.near_targets_nb(np.int64(occ), t, wrap)) == K.near_targets_py(occ, t, wrap)
    full = (1 << R.NCELLS) - 1
    assert list(K.near_targets_nb(np.int64(full), 0, wrap)) == [-1] * 8


def test_table_size_follows_the_search():
    assert K.tt_bits_for(16) == 14 and K.tt_bits_for(24) == 16
    assert all(12 <= K.tt_bits_for(f) <= K.TT_BITS_DEFAULT for f in range(43))
