"""A search with a time budget (``time_limit``, CPU seconds of its thread) stops at its budget and
plays its best so far, where the same search by simulations alone runs far longer (issue 43,
item 2: the web's levels answer within a second)."""

import time

from octosolve.core.mcts import MCTSPlayer
from octosolve.core.players import make_player
from tests.core.toy_games import NimGame

MARGIN = 0.15  # one simulation past the budget, and the clock's granularity


def _timed(player, state):
    t0 = time.thread_time()
    a = player.choose(state)
    return a, time.thread_time() - t0


def test_budgeted_mcts_stops_at_its_budget():
    s = NimGame(10).new_initial_state()
    budget = 0.05
    p = MCTSPlayer(simulations=10**7, seed=1, time_limit=budget)   # unbudgeted: minutes
    a, cpu = _timed(p, s.clone())
    assert a in s.legal_actions()
    assert cpu <= budget + MARGIN
    assert 1 <= p.last_simulations < 10**7
    # without a budget the simulations are all played (and the budget changes nothing when they fit)
    q = MCTSPlayer(simulations=50, seed=1)
    q.choose(s.clone())
    assert q.last_simulations == 50


def test_octiles_hard_level_stops_at_its_budget():
    """The Octiles full game's opening, where 200 simulations take over a second of CPU: the
    player with a 0.2 s budget answers within it (plus one simulation)."""
    from octosolve.octiles.game import make_game
    from octosolve.octiles.players import PLAYERS

    g = make_game(variant="octiles", players=2)
    s = g.new_initial_state(1)
    while s.current_player() < 0:   # the stack's first tile
        s.apply_action(s.legal_actions()[0])
    p = make_player(PLAYERS, "mcts", g, seed=1, time_limit=0.2)
    a, cpu = _timed(p, s.clone())
    assert a in s.legal_actions()
    assert cpu <= 0.2 + MARGIN
    assert p.last_simulations < 200
