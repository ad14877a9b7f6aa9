"""Oct8 players: legality, greedy against random, the search player, OpenSpiel interop."""

import pytest

from octosolve.core.game import play
from octosolve.oct8 import players as P
from octosolve.oct8 import rules as R


def test_greedy_plans_are_legal_and_greedy_beats_random():
    g = R.make_game(players=3)
    wins = 0
    for seed in range(6):
        st = g.new_initial_state(seed)
        play(st, [P.Oct8Greedy(seed), P.Oct8Random(seed + 1), P.Oct8Random(seed + 2)])  # raises if illegal
        st.check_invariants()
        wins += 0 in st.winners()
    assert wins >= 5


def test_greedy_takes_the_best_exchange():
    from tests.oct8.test_rules import bare_state, card, take

    st = bare_state()  # P0 red
    cfg = st.cfg
    st.head_deck.remove(1)
    st.arms[1] = [take(st, card(cfg, 2, 5)), take(st, card(cfg, 0, 3))]  # red head: b5 r3
    st.fields[0] = [1]
    st.hands[0] = [take(st, card(cfg, 0, 1)), take(st, card(cfg, 0, 4)), take(st, card(cfg, 1, 2))]
    # b5 <- r1 + r4: two red arms come in, a blue one leaves: +2.  r3 <- r1 + g2: -1 + 1 = 0.
    plans = P.exchange_plans(st)
    assert sorted(d for d, _ in plans) == [0, 2]
    greedy = P.Oct8Greedy(0)
    first = greedy.choose(st)
    assert first == R.A_XHAND + 16 + 4  # the blue 5 of own octopus 0
    st.apply_action(first)
    for _ in range(3):  # r1, r4, done
        st.apply_action(greedy.choose(st))
    assert sorted(cfg.types[c] for c in st.arms[1]) == [0, 2, 3]


@pytest.mark.parametrize("name", ["flat-mc", "mcts"])
def test_search_players_return_legal_moves(name):
    from octosolve.core.players import make_player

    g = R.make_game()
    st = g.new_initial_state(2)
    p = make_player(P.PLAYERS, name, g, seed=1, simulations=20)
    for _ in range(40):
        if st.is_terminal():
            break
        a = p.choose(st) if st.cur == 0 else P.Oct8Random(st.decisions).choose(st)
        assert a in st.legal_actions()
        st.apply_action(a)


def test_registry_names_and_the_real_tree_search():
    from octosolve.core.mcts import MCTSPlayer
    from octosolve.core.players import make_player

    assert [s.name for s in P.PLAYERS] == ["random", "greedy", "builder", "flat-mc", "mcts", "openspiel-mcts"]
    g = R.make_game(players=2)
    assert isinstance(make_player(P.PLAYERS, "MCTS", g, seed=1), MCTSPlayer)
    assert isinstance(make_player(P.PLAYERS, "flat-mc", g, seed=1), P.Oct8FlatMC)


def test_numba_rollout_returns_agree_with_the_python_engine():
    """The MCTS rollout hook: a numba builder playout's returns == the same playout in Python."""
    import random

    from octosolve.oct8 import twins as T

    g = R.make_game(players=3)
    st = g.new_initial_state(5)
    for _ in range(30):
        st.apply_action(st.legal_actions()[0])
    rng, rng2 = random.Random(3), random.Random(3)
    got = P.numba_rollout(st, rng)
    s2 = st.clone()
    T.play_py(s2, rng2.getrandbits(63), [1, 1, 1, 1])
    assert got == s2.returns()


def test_unknown_player_is_a_clean_error():
    from octosolve.core.errors import OctoError
    from octosolve.core.players import make_player

    with pytest.raises(OctoError):
        make_player(P.PLAYERS, "smart", R.make_game(), seed=1)


@pytest.mark.integration
def test_openspiel_random_sim_test_and_bot():
    pyspiel = pytest.importorskip("pyspiel")
    from octosolve.interop import openspiel as osp

    game = osp.load(R.make_game())
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    from octosolve.core.players import make_player

    bot = make_player(P.PLAYERS, "openspiel-mcts", R.make_game(), seed=3, simulations=5)
    st = R.make_game().new_initial_state(1)
    a = bot.choose(st)
    assert a in st.legal_actions()
