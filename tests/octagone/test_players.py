"""Octagone computer players: the informed playout kernel and the MCTS player's choices."""

import numpy as np
import pytest

from octosolve.octagone import kernels as K
from octosolve.core.players import make_player as _make
from octosolve.octagone.matches import position_with_free
from octosolve.octagone.players import PLAYERS, informed_rollout, playout_margin
from octosolve.octagone.playouts import line_tables
from octosolve.octagone.rules import OctagoneGame
from octosolve.octagone.solve import solve, solver_position
from octosolve.core.seeding import py_random
from tests.octagone.helpers import position


def make_player(name, seed, **opts):
    return _make(PLAYERS, name, OctagoneGame(), seed=seed, **opts)


def forced_pass_position(to_move: int):
    # test_solver.test_hand_made_forced_pass_win: the mover must put green on (3,3); an arrow to
    # the orange, yellow, blue or violet row leaves the other player without an answer (pass), then
    # nobody can play: a win by 2. An arrow to a green or red cell lets the other turn the tables.
    hands = [{"green": 2}, {"green": 1, "red": 2}]
    if to_move == 1:
        hands.reverse()
    return position({(2, 3): ("yellow", 4)}, (2, 3), hands, to_move=to_move)


def test_informed_playout_forces_the_pass():
    s = forced_pass_position(0)
    lines, lens = line_tables("edge")
    greedy, rand = [], []
    for seed in range(40):
        occ, hands, t, p = solver_position(s)
        greedy.append(K.playout_greedy_nb(np.int64(occ), hands, t, p, lines, lens, True, seed, 0.0))
        occ, hands, t, p = solver_position(s)
        rand.append(K.playout_nb(np.int64(occ), hands, t, p, lines, lens, True, seed))
    assert greedy == [2] * 40
    assert min(rand) < 2  # random playouts do not always find it: the test tells them apart


def test_informed_playout_is_a_legal_game():
    # margins stay within the shields dealt, and eps=1 (all random) still ends every game
    for seed in range(5):
        s = position_with_free(seed, 20)
        tot = sum(s.shields_left())
        for eps in (0.0, 0.1, 1.0):
            m = playout_margin(s, py_random(seed, "t"), eps)
            assert m is not None and abs(m) <= tot
    r = informed_rollout(position_with_free(1, 20), py_random(1, "t"))
    assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("to_move", [0, 1])
def test_mcts_finds_the_winning_move_for_either_seat(to_move):
    # values are backed up for the player who moved: whichever seat is to move, MCTS must pick an
    # arrow that forces the pass (the solver proves +2 for exactly those)
    s = forced_pass_position(to_move)
    assert solve(s)["value"] == 2
    for seed in range(3):
        a = make_player("mcts", seed, simulations=60).choose(s)
        child = s.clone()
        child.apply_action(a)
        assert child.over and child.returns()[to_move] == 1.0
        assert child.target() // 7 not in (0, 3)


def test_mcts_wins_proven_won_positions():
    # positions with 14 free cells that the solver proves won for the mover: the MCTS move (100
    # simulations, not a proof) keeps the win in most of them (8 of 10 with these seeds)
    won = kept = 0
    for seed in range(12):
        s = position_with_free(seed, 14)
        if solve(s)["result"] != "win":
            continue
        won += 1
        me = s.to_move
        c = s.clone()
        c.apply_action(make_player("mcts", seed, simulations=100).choose(s))
        v = c.returns()[me] if c.over else (solve(c)["value"] * (1 if c.to_move == me else -1))
        kept += v > 0
    assert won >= 5 and kept >= 0.75 * won
