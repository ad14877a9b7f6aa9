import pytest

pyspiel = pytest.importorskip("pyspiel")

from octosolve.interop import openspiel as osp  # noqa: E402
from octosolve.octoverso import rules as R  # noqa: E402


@pytest.mark.integration
def test_random_sim_test():
    game = osp.load("octoverso")
    assert game.num_distinct_actions() == R.make_game().info.num_distinct_actions
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_mcts_player_gives_a_legal_action():
    game = R.make_game()
    bot = osp.OpenSpielMCTSPlayer(game, simulations=5, seed=1)
    s = game.new_initial_state(4)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    a = bot.choose(s)
    assert a in s.legal_actions()
