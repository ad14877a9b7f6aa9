import pytest

pyspiel = pytest.importorskip("pyspiel")

from octosolve.interop import openspiel as osp  # noqa: E402
from octosolve.octagone.rules import OctagoneGame  # noqa: E402


@pytest.mark.parametrize("kw", [dict(), dict(variant="kids"), dict(variant="iv"),
                                dict(players=4, hidden=True)])
def test_random_sim_test(kw):
    game = osp.load(OctagoneGame(**kw))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_registered_name():
    assert osp.register("octagone") == ["python_octosolve_octagone"]


def test_openspiel_mcts_bot_plays_a_legal_move():
    g = OctagoneGame()
    s = g.new_initial_state(3)
    s.apply_action(s.legal_actions()[10])
    bot = osp.OpenSpielMCTSPlayer(g, simulations=20, seed=1)
    assert bot.choose(s) in s.legal_actions()
