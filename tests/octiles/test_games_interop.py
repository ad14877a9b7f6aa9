"""Octiles games: solitaire checkers, players, CLI, and the OpenSpiel adapter."""

import json
import random

import pytest
from click.testing import CliRunner

from octosolve.cli import cli as cli_main
from octosolve.core.game import play
from octosolve.core.players import make_player
from octosolve.octiles import game as G
from octosolve.octiles import solitaire as Sol
from octosolve.octiles import players as P
from octosolve.octiles import matches, rules

TOPO = G.topology()


def tile_with(a, b):
    """A (tile, rotation) with a segment joining board edges a and b."""
    for t in range(18):
        for r in range(8):
            if rules.tile_partner(t, r)[a] == b:
                return t, r
    raise AssertionError


# ------------------------------------------------------------------ solitaires

def test_connection_solitaire_hand_example():
    # a2:2 is circle A1, a2:3 is stop B2 (board.json)
    t, r = tile_with(2, 3)
    pl = {"a2": {"tile": t, "rotation": r}}
    res = Sol.check_connection(pl, {"red": ["A1", "B2"]})
    assert res["solved"] and res["colours"]["red"] == {"runners": 2, "groups": 1, "connected": True}
    res = Sol.check_connection(pl, {"red": ["A1"], "blue": ["B2"]})
    assert not res["solved"] and res["cross_connections"] == [["A1", "B2"]]
    res = Sol.check_connection({}, {"red": ["A1", "B2"], "blue": ["C3"]})
    assert not res["solved"] and res["colours"]["red"]["groups"] == 2
    assert res["colours"]["blue"]["connected"]


def test_sequence_solitaire_hand_example():
    # a2:3 is stop B2, a2:5 is stop B3
    t, r = tile_with(3, 5)
    pl = {"a2": {"tile": t, "rotation": r}}
    stops = list(TOPO.places[:16])
    order = ["B2", "B3"] + [s for s in stops if s not in ("B2", "B3")]
    res = Sol.check_sequence(pl, order)
    assert res["valid"] and res["score"] == 1 and res["chain"] == 2
    assert [1, 2, 1] in res["connected_pairs"]
    order2 = ["B2", "C2", "B3"] + [s for s in stops if s not in ("B2", "B3", "C2")]
    res2 = Sol.check_sequence(pl, order2)
    assert not res2["valid"] and res2["out_of_sequence"] == [[1, 3]] and res2["score"] == 0
    # reference: count stop-to-stop paths with rules.follow on a random full board
    rng = random.Random(1)
    tiles = rng.sample(range(18), 17)
    full = {s: {"tile": t, "rotation": rng.randrange(8)} for s, t in zip(TOPO.spaces, tiles)}
    res3 = Sol.check_sequence(full, stops)
    placed = rules.validate_placement(full)
    num = {s: i + 1 for i, s in enumerate(stops)}
    bad = set()
    for s in stops:
        for w in rules.follow(placed, s):
            if w.end in num and w.end != s and abs(num[w.end] - num[s]) != 1:
                bad.add(tuple(sorted((num[s], num[w.end]))))
    assert sorted(map(tuple, res3["out_of_sequence"])) == sorted(bad)


def test_solitaire_bad_input():
    from octosolve.core.errors import OctoError

    with pytest.raises(OctoError):
        Sol.check_sequence({}, ["B2"])
    with pytest.raises(OctoError):
        Sol.check_connection({"z9": {"tile": 0, "rotation": 0}}, {"red": ["A1"]})
    with pytest.raises(OctoError):
        Sol.check_connection({}, {"red": ["A1"], "blue": ["A1"]})


# ------------------------------------------------------------------ players

@pytest.mark.parametrize("variant", ["move-over", "octiles", "team-up"])
def test_players_choose_legal_actions(variant):
    game = G.make_game(variant=variant, max_turns=6)
    for name in ("random", "greedy", "mcts"):
        pl = make_player(P.PLAYERS, name, game, seed=1, simulations=10)
        st = game.new_initial_state()

        def legal_move(s, p, a):
            assert a in s.legal_actions()

        play(st, [pl, pl], rng=random.Random(0), max_moves=8, on_move=legal_move)
        assert len(st.history) == 8 or st.is_terminal()


def test_evaluate_is_zero_sum_and_terminal_exact():
    game = G.make_game(max_turns=40)
    st = game.new_initial_state()
    play(st, [P.GreedyPlayer(1), P.GreedyPlayer(2)], rng=random.Random(3))
    assert st.is_terminal()
    assert P.evaluate(st) == st.returns()
    if st.winners():  # an independent check of the winner: all its runners on its finish circles
        b = rules.board()
        w = st.winners()[0]
        side = st.start_side(w)
        finish = {c for c in b.ring if b.circle_group(c) == b.opposite_group[side]}
        assert {TOPO.places[p] for p in st.pos[w]} <= finish


@pytest.mark.integration
def test_mcts_beats_greedy_small_match():
    # one game, won by the MCTS (two games took twice the time for one win; with 1 simulation a
    # move, or a random player in its seat, the same game is lost)
    res = matches.run_match({"variant": "move-over"}, ["mcts", "greedy"], 1, seed=5, simulations=60,
                            workers=1)
    assert res["results"]["mcts"]["wins"] == res["results"]["mcts"]["games"] == 1


# ------------------------------------------------------------------ CLI

def run(args):
    return CliRunner().invoke(cli_main, ["octiles"] + args)


def test_cli_play_record_and_json():
    r = run(["play", "--variant", "move-over", "--players", "greedy,random", "--seed", "1", "--max-turns", "8"])
    assert r.exit_code == 0, r.output
    assert "P0: place tile" in r.output and "Result after" in r.output
    r = run(["play", "--players", "greedy,random", "--seed", "1", "--max-turns", "8", "--json"])
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert set(d) >= {"game", "players", "seed", "moves", "winners", "end_reason", "returns", "final"}
    assert d["players"] == ["greedy", "random"] and d["moves"][0]["player"] == -1
    # same seed, same record
    r2 = run(["play", "--players", "greedy,random", "--seed", "1", "--max-turns", "8", "--json"])
    assert json.loads(r2.output) == d


def test_cli_match_json():
    r = run(["match", "--variant", "Team-Up", "--players", "random,greedy", "--games", "2",
             "--max-turns", "6", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["results"]["random"]["games"] == 2 and d["results"]["greedy"]["games"] == 2


@pytest.mark.parametrize("args", [
    ["play", "--players", "mcts,chess"],
    ["play", "--players", "mcts"],
    ["play", "--variant", "ludo"],
    ["play", "--players", "greedy,greedy", "--team-game"],
    ["play", "--variant", "Team-Up", "--runners", "2", "--players", "random,random"],
    ["solitaire", "sequence", "missing.json", "--order", "B2"],
])
def test_cli_bad_input(args):
    r = run(args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and "Error:" in r.output


def test_cli_solitaire(tmp_path):
    t, rr = tile_with(2, 3)
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"a2": {"tile": t, "rotation": rr}}))
    q = tmp_path / "r.json"
    q.write_text(json.dumps({"red": ["A1", "B2"]}))
    r = run(["solitaire", "connection", str(p), str(q), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["solved"]
    r = run(["solitaire", "sequence", str(p), "--order", "B2,B3"])
    assert r.exit_code == 2 and "16 stops" in r.output
    p.write_text(json.dumps({"a2": {"tile": t, "rotation": 9}}))
    r = run(["solitaire", "connection", str(p), str(q)])
    assert r.exit_code == 2 and "rotation" in r.output
    q.write_text("[1, 2]")
    p.write_text("{}")
    r = run(["solitaire", "connection", str(p), str(q)])
    assert r.exit_code == 2


# ------------------------------------------------------------------ OpenSpiel

@pytest.mark.parametrize("kw", [pytest.param({}, marks=pytest.mark.integration),
                                {"variant": "octiles", "players": 3, "max_turns": 30},
                                {"variant": "team-up", "players": 2, "max_turns": 20, "allow_resign": True},
                                {"variant": "move-over", "players": 4, "teams": True, "max_turns": 30}])
def test_openspiel_random_sim_test(kw):
    pyspiel = pytest.importorskip("pyspiel")
    from octosolve.interop import openspiel as osp

    game = osp.load(G.make_game(**kw))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_register_by_name_and_bot():
    pytest.importorskip("pyspiel")
    from octosolve.interop import openspiel as osp

    assert osp.register("octiles") == ["python_octosolve_octiles"]
    game = G.make_game(max_turns=10)
    bot = osp.OpenSpielMCTSPlayer(game, simulations=5, seed=1)
    st = game.new_initial_state()
    st.apply_action(3)
    assert bot.choose(st) in st.legal_actions()


@pytest.mark.integration
def test_mcts_in_full_game_with_markers():
    # regression: the search's prior cache must key on the markers (they change the legal actions)
    game = G.make_game(variant="octiles", max_turns=60)
    st = game.new_initial_state()
    rng = random.Random(4)
    while st.turn < 30 and not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    assert all(t >= 0 for t in st.tile_at)
    bot = P.octiles_mcts(simulations=15, seed=2)
    for _ in range(8):
        if st.is_terminal():
            break
        if st.current_player() < 0:
            st.apply_action(rng.choice(st.legal_actions()))
            continue
        a = bot.choose(st)
        assert a in st.legal_actions()
        st.apply_action(a)


def test_adjudication_at_turn_limit():
    st = G.make_game(max_turns=1, adjudicate=True).new_initial_state()
    st.apply_action(st.legal_actions()[0])
    # pretend one runner is across (its finish circle is free: player 1's runner there moves off)
    target = sorted(st.finish_sets[0])[0]
    if st.occ[target] >= 0:
        o = st.occ[target]
        free = next(p for p in range(16) if st.occ[p] < 0)
        st.pos[o >> 3][o & 7], st.occ[free] = free, o
    st.occ[st.pos[0][0]], st.occ[target] = -1, 0
    st.pos[0][0] = target
    st._legal_cache = None
    st.apply_action(st.legal_actions()[0])
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.winners() == [0] and st.end_reason == "turn limit (adjudicated)"
    st2 = G.make_game(max_turns=1, adjudicate=True).new_initial_state()
    while not st2.is_terminal():
        st2.apply_action(st2.legal_actions()[0])
    assert st2.winners() == [] and st2.returns() == [0.0, 0.0]
