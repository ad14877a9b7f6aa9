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


def test_report_match_is_seeded_and_spread_independent():
    from octosolve.octagone.report import openspiel_match

    a = openspiel_match(6, 8, 3, workers=1)
    b = openspiel_match(6, 8, 3, workers=2)
    assert a == b
    assert a["games"] == 6 and a["mcts_wins"] + a["ties"] + a["mcts_losses"] == 6
    assert [g["ours_seat"] for g in a["game_results"]] == [0, 1] * 3
    assert a["ci95"][0] <= a["mcts_score"] <= a["ci95"][1]
