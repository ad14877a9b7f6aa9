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


def test_registry_names_and_the_tree_search():
    from octosolve.core.players import make_player
    from octosolve.oct8.search import Oct8ISMCTS

    assert [s.name for s in P.PLAYERS] == ["random", "greedy", "builder", "flat-mc", "mcts", "openspiel-mcts"]
    g = R.make_game(players=2)
    p = make_player(P.PLAYERS, "MCTS", g, seed=1, simulations=30, time_limit=0.5)
    assert isinstance(p, Oct8ISMCTS) and p.simulations == 30 and p.time_limit == 0.5
    f = make_player(P.PLAYERS, "flat-mc", g, seed=1, time_limit=0.2)
    assert isinstance(f, P.Oct8FlatMC) and f.time_limit == 0.2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tree_search_plays_legal_games(players):
    """Whole games: every decision of the tree search is legal (play raises otherwise), the cards
    are conserved, and it searches (a searched decision runs exactly its iterations)."""
    from octosolve.oct8.search import Oct8ISMCTS

    g = R.make_game(players=players)
    for seed in range(2):
        st = g.new_initial_state(seed)
        me = Oct8ISMCTS(simulations=12, seed=seed)
        others = [P.Oct8Greedy(seed + 1), P.Oct8Random(seed + 2), P.Oct8Builder(seed + 3)][:players - 1]
        seats = [me] + others if seed == 0 else others + [me]
        searched = []

        class Watch:
            def choose(self, s):
                a = me.choose(s)
                searched.append(me.last_iterations)
                return a

        play(st, [Watch() if p is me else p for p in seats])
        st.check_invariants()
        assert st.is_terminal()
        assert 12 in searched and set(searched) <= {0, 12}


def test_tree_search_is_reproducible_and_sees_only_its_information():
    """Same seed, same move; the same move again when the hidden cards (other hands, decks, other
    colours) are redrawn, since the search only sees its own information."""
    import random

    from octosolve.oct8.search import Oct8ISMCTS

    g = R.make_game(players=3)
    st = g.new_initial_state(4)
    gr = [P.Oct8Greedy(q) for q in range(3)]
    seen = 0
    while not st.is_terminal() and seen < 6:
        if st.phase == R.PH_MAIN and len(st.legal_actions()) > 3:
            me = st.cur
            other = st.determinize(me, random.Random(seen))
            assert other.hands != st.hands or other.arm_deck != st.arm_deck
            plans = []
            for s in (st, st, other):
                p = Oct8ISMCTS(simulations=60, seed=11)
                plans.append([p.choose(s)] + p.plan)
                assert abs(sum(p.last_shares.values()) - 1) < 1e-9
            assert plans[0] == plans[1] == plans[2]
            seen += 1
        st.apply_action(gr[st.cur].choose(st))
    assert seen == 6


def test_tree_depth_limit():
    """max_depth=1 keeps the tree to the root's moves; the full search grows below them."""
    from octosolve.oct8 import search as SR

    st = R.make_game(players=2).new_initial_state(6)
    gr = P.Oct8Greedy(0)
    while not (st.phase == R.PH_MAIN and len(st.legal_actions()) > 3):
        st.apply_action(gr.choose(st))
    grown = {}
    for depth in (1, None):
        p = SR.Oct8ISMCTS(simulations=200, seed=2, max_depth=depth)
        p.choose(st)
        assert p.last_iterations == 200
        grown[depth] = sum(len(ch.children) for ch in p.last_root.children.values())
    assert grown[1] == 0 < grown[None]


def test_time_limits_are_per_decision_cpu_budgets(monkeypatch):
    """With time_limit the searches run until the CPU clock says so (a fake clock here: each reading
    advances 1 ms), not for their simulation counts."""
    import itertools

    from octosolve.oct8 import search as SR

    st = R.make_game(players=2).new_initial_state(3)
    gr = P.Oct8Greedy(0)
    while not (st.phase == R.PH_MAIN and len(st.legal_actions()) > 3):
        st.apply_action(gr.choose(st))
    ticks = itertools.count()
    monkeypatch.setattr(SR.time, "process_time", lambda: next(ticks) * 0.001)  # also P.time: one module
    p = SR.Oct8ISMCTS(simulations=5, time_limit=0.05, seed=1)
    p.choose(st)
    assert p.last_iterations == 49  # the clock read at the start, then before each iteration
    p = SR.Oct8ISMCTS(simulations=5, time_limit=0.001, seed=1, min_iterations=8)
    p.choose(st)
    assert p.last_iterations == 8  # at least min_iterations
    calls = []
    real = P.rollout_value
    monkeypatch.setattr(P, "rollout_value", lambda *a: calls.append(1) or real(*a))
    f = P.Oct8FlatMC(simulations=4, time_limit=0.03, seed=1)
    macros = f.candidates(st, st.legal_actions())
    f.search(st, macros)
    assert len(calls) == 30 * len(macros)  # 30 rounds: the first unconditionally, then while time is left


def test_tree_search_moves_are_flat_mc_candidates():
    """At an octopus action the tree's moves are exactly flat-mc's candidates (its twin checks the
    priors on many positions); the chosen move is one of them."""
    from octosolve.oct8 import twins_search as TS
    from octosolve.oct8.search import Oct8ISMCTS

    g = R.make_game(players=2)
    st = g.new_initial_state(8)
    gr = P.Oct8Greedy(0)
    checked = 0
    while not st.is_terminal() and checked < 5:
        if st.phase == R.PH_MAIN and not st.extra:
            legal = st.legal_actions()
            cands = P.Oct8FlatMC().candidates(st, legal)
            assert [list(m) for m, _ in TS.macros_py(st)] == [c for c in cands if c != [R.A_PASS]]
            p = Oct8ISMCTS(simulations=40, seed=checked)
            first = p.choose(st)
            assert [first] + p.plan in cands
            checked += 1
        st.apply_action(gr.choose(st))
    assert checked == 5


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
