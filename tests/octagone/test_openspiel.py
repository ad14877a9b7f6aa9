import pytest

pyspiel = pytest.importorskip("pyspiel")

from octosolve.interop import openspiel as osp  # noqa: E402
from octosolve.octagone.rules import OctagoneGame  # noqa: E402


@pytest.mark.integration
@pytest.mark.parametrize("kw", [dict(), dict(variant="kids"), dict(variant="iv"), dict(wrap="torus"),
                                dict(players=4, hidden=True)])
def test_random_sim_test(kw):
    game = osp.load(OctagoneGame(**kw))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_registered_name():
    assert osp.register("octagone") == ["python_octosolve_octagone"]


def test_openspiel_mcts_bot_plays_a_legal_move():
    from octosolve.games import make_player

    g = OctagoneGame()
    s = g.new_initial_state(3)
    s.apply_action(s.legal_actions()[10])
    bot = make_player("octagone", "openspiel-mcts", simulations=20, seed=1, game_obj=g)
    assert bot.choose(s) in s.legal_actions()


@pytest.mark.integration
def test_match_against_openspiel_is_seeded_and_spread_independent():
    from octosolve.octagone.matches import recheck, run_match

    params = OctagoneGame().params()
    a = run_match(params, ["mcts", "openspiel-mcts"], 2, 3, simulations=8, workers=1)
    b = run_match(params, ["mcts", "openspiel-mcts"], 2, 3, simulations=8, workers=2)
    assert a["records"] == b["records"]
    assert [r["players"][0] for r in a["records"]] == ["mcts", "openspiel-mcts"]
    from octosolve.core.record import summary

    a["records_kept"] = [summary(r) for r in a["records"]]  # the data files' shape
    assert recheck(a, 2) == 2
