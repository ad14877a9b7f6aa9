import pytest

pyspiel = pytest.importorskip("pyspiel")

from octosolve.interop import openspiel as osp  # noqa: E402
from tests.core.toy_games import DiceNimGame, NimGame  # noqa: E402


def test_random_sim_test_deterministic_toy():
    game = osp.load(NimGame())
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_random_sim_test_random_start_and_chance():
    game = osp.load(DiceNimGame())
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_openspiel_mcts_plays_nim_perfectly():
    # heap 10: the winning move takes 2 (leaving a multiple of 4) - action index 1
    bot = osp.OpenSpielMCTSPlayer(NimGame(), simulations=2000, seed=1)
    assert bot.choose(NimGame().new_initial_state()) == 1


def test_unknown_game_is_a_clean_error():
    from octosolve.core.errors import OctoError

    with pytest.raises(OctoError):
        osp.register("chess")
