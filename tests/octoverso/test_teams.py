"""The team game (docs/rules/octoverso.md, "Teams"): 4 seats P0, P1, P2, P3, teams (0, 2) v (1, 3)."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from octosolve.cli import cli as main
from octosolve.core.game import CHANCE, RandomPlayer, play
from octosolve.core.players import make_player
from octosolve.core.seeding import py_random
from octosolve.octoverso import players as P
from octosolve.octoverso import rules as R
from octosolve.octoverso import matches


@pytest.fixture(scope="module")
def tgame():
    return R.make_game(teams=True)


def word(lex, w, side=0, end=0, k=2):
    return R.Actions.word_action(lex.index[w], side, end, k)


def test_team_game_info(tgame, game):
    assert tgame.info.num_players == 4 and tgame.info.short_name == "octoverso"
    assert tgame.params()["teams"] is True and R.make_game(**tgame.params()).info == tgame.info
    assert tgame.info.utility == "zero_sum"
    # the 2-player game is unchanged
    assert game.info.num_players == 2 and game.info.short_name == "octoverso"
    assert [R.team_of(p) for p in range(4)] == [0, 1, 0, 1]


def test_deal_12_letters_each_and_jokers_one_per_team():
    g = R.make_game(teams=True)
    s = g.new_initial_state(3)
    assert s.hands.shape == (4, 27) and list(s.hands.sum(axis=1)) == [12] * 4
    assert int(s.pool.sum()) == 88 - 48
    j = R.make_game(teams=True, jokers=True).new_initial_state(3)
    # the box has 2 jokers: one per team, to the team's first seat (11 letters + joker)
    assert list(j.hands[:, R.JOKER]) == [1, 1, 0, 0]
    assert list(j.hands.sum(axis=1)) == [12] * 4
    assert (j.tiles_total() == R.full_bag(True)).all()


def test_opening_all_announce_first_word_then_next_seat(tgame, lex):
    s = R.OctoversoState.deal(tgame, 0)
    s.hands[:] = 0
    for p, letters in enumerate(("DUOSEERT", "PAINEELR", "AMISEELR", "RUESNTAE")):
        for c in letters:
            s.hands[p, ord(c) - 65] += 1
    s.pool = (R.full_bag(False) - s.hands.sum(axis=0)).astype(np.int32)
    A = tgame.actions
    for p, w in enumerate(("DUOS", "PAIN", "AMIS", "RUES")):
        assert s.current_player() == p
        s.apply_action(A.ANNOUNCE + lex.index[w])
    # AMIS (P2, seat 2) is first in alphabetical order and is laid first; the next seat (P3) lays
    # RUES after it; P0 and P1 take their words back
    assert R.rail_string(s.rail) == "AMISRUES" and s.first == 2 and s.current_player() == 2
    assert list(s.hands.sum(axis=1)) == [8, 8, 4, 4]
    assert s.blocked[lex.index["AMIS"]] and s.blocked[lex.index["RUES"]]
    assert not s.blocked[lex.index["DUOS"]] and not s.blocked[lex.index["PAIN"]]
    assert (s.tiles_total() == R.full_bag(False)).all()


def test_pushed_letters_go_to_the_next_seat(tgame, lex):
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("LIRE", "BU", "GESTA", "CO"), player=2)
    before = s.hands.copy()
    s.apply_action(word(lex, "IMAGES", k=3))
    assert R.rail_string(s.rail) == "DEIMAGES"
    assert R.hand_string(s.hands[2]) == "AT"
    assert sorted(R.hand_string(s.hands[3])) == sorted("CO" + "SOU")  # seat 3: the next seat, an opponent
    assert (s.hands[[0, 1]] == before[[0, 1]]).all()
    assert s.current_player() == 3
    # and from the last seat round to the first
    s2 = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("LIRE", "BU", "CO", "GESTA"), player=3)
    s2.apply_action(word(lex, "IMAGES", k=3))
    assert sorted(R.hand_string(s2.hands[0])) == sorted("LIRE" + "SOU") and s2.current_player() == 0


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_team_wins_when_any_of_its_players_empties_their_hand(tgame, lex, seat):
    hands = ["LIRE", "BU", "CO", "DA"]
    hands[seat] = "GES"
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", tuple(hands), player=seat)
    s.apply_action(word(lex, "IMAGES", k=3))
    assert s.is_terminal() and s.winner == seat and s.winning_team == seat % 2
    want = [1.0 if q % 2 == seat % 2 else -1.0 for q in range(4)]
    assert s.returns() == want and sum(s.returns()) == 0


def test_octo_return_then_next_seat(tgame, lex):
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("AC", "CD", "GERASQB", "LI"), player=2)
    s.apply_action(word(lex, "IMAGERAS", k=3))
    assert s.phase == R.DISCARD and s.current_player() == 2
    assert sorted(R.hand_string(s.hands[3])) == sorted("LI" + "SOUDE")
    s.apply_action(tgame.actions.DISCARD + ord("Q") - 65)
    assert R.hand_string(s.hands[2]) == "B" and s.current_player() == 3 and s.phase == R.PLAY


def test_interaction_by_the_next_seat(tgame, lex):
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("GERAST", "LIRE", "BU", "CO"), player=0)
    s.apply_action(word(lex, "IMAGE", k=3))
    shown = [e for e in s.log if e["event"] == "interaction"]
    assert shown and shown[0]["player"] == 1  # the next seat (P1, an opponent) shows the OCTO
    assert s.phase == R.DISCARD and s.current_player() == 1
    before = s.hands.sum(axis=1).copy()
    s.apply_action(s.legal_actions()[0])
    after = s.hands.sum(axis=1)
    assert after[1] == before[1] - 1 and (after[[0, 2, 3]] == before[[0, 2, 3]]).all()
    assert s.current_player() == 1 and s.phase == R.PLAY


def _exchange(s, tile):
    s.apply_action(s.game.actions.EXCHANGE + ord(tile) - 65)
    assert s.current_player() == CHANCE
    s.apply_action(s.chance_outcomes()[0][0])


def test_rotation_after_a_full_round_of_exchanges(tgame):
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("QB", "JF", "VH", "CP"), player=0)
    A = tgame.actions
    for p, t in enumerate("QJVP"):
        assert s.current_player() == p and A.ROTATE not in s.legal_actions()
        _exchange(s, t)
    # all four exchanged in a row: the first of them may move an end letter, then play
    assert s.current_player() == 0 and A.ROTATE in s.legal_actions() and A.ROTATE + 1 in s.legal_actions()
    s.apply_action(A.ROTATE + 1)
    assert R.rail_string(s.rail) == "ASOUDEIM" and A.ROTATE not in s.legal_actions()
    assert (s.tiles_total() == R.full_bag(False)).all()


def test_two_exchanges_are_not_enough_with_four_players(tgame):
    s = R.OctoversoState.from_position(tgame, "SOUDEIMA", ("QB", "JF", "VH", "PC"), player=0)
    _exchange(s, "Q")
    _exchange(s, "J")
    assert s.current_player() == 2 and tgame.actions.ROTATE not in s.legal_actions()


@pytest.mark.integration
@pytest.mark.parametrize("jokers", [False, True])
def test_letter_conservation_in_random_team_games(jokers, full):
    # 88 letters (+2 jokers) are always in the four hands, on the rail or in the pool
    game = R.make_game(jokers=jokers, teams=True)
    bag = R.full_bag(jokers)
    n = 200 if full else 16
    decided = 0
    for seed in range(n):
        s = game.new_initial_state(seed)

        def check(state, player, action):
            assert (state.tiles_total() == bag).all(), seed
            assert (state.hands >= 0).all() and (state.pool >= 0).all()
            if state.phase == R.PLAY:
                assert len(state.rail) == R.RAIL_SIZE

        play(s, [RandomPlayer(seed * 4 + q) for q in range(4)], rng=py_random(seed, "test-teams"),
             on_move=check)
        assert s.is_terminal() and (s.tiles_total() == bag).all()
        r = s.returns()
        assert len(r) == 4 and sum(r) == 0
        if s.winner >= 0:
            decided += 1
            assert s.hands[s.winner].sum() == 0
            assert r[s.winner] == 1.0 and r[(s.winner + 2) % 4] == 1.0 and r[(s.winner + 1) % 4] == -1.0
    assert decided > n // 2


@pytest.mark.parametrize("name", ["greedy", "lookahead", "flat-mc", "mcts", "random"])
def test_players_on_four_seats(tgame, name):
    s = tgame.new_initial_state(11)
    pl = make_player(P.PLAYERS, name, tgame, seed=1, simulations=6)

    def legal(state, player, action):
        assert action in state.legal_actions()

    assert len(play(s, [pl] * 4, rng=py_random(1, "t"), max_moves=14, on_move=legal)) == 14


def test_team_play_game_reproducible_and_record(tgame):
    names = ("lookahead", "greedy", "greedy", "random")
    a = matches.game_record(matches.play_game(names, 5), names, 5)
    b = matches.game_record(matches.play_game(names, 5), names, 5)
    assert a == b
    assert a["teams"] == [[0, 2], [1, 3]]
    assert [e["event"] for e in a["events"][:5]] == ["announce"] * 4 + ["opening"]
    if a["winner"] is not None:
        assert a["winning_team"] == a["winner"] % 2


def test_team_match_counts_by_team():
    t = matches.match(["greedy", "random"], 6, seed=3, workers=1, teams=True)
    assert t["teams"] and t["games"] == 6
    g, r = t["results"]["greedy"], t["results"]["random"]
    # one result per team and game, though each team holds two seats
    assert g["games"] == r["games"] == 6 and g["wins"] == r["losses"] and g["draws"] == r["draws"]
    for rec in t["records"]:
        assert rec["outcome"]["winners"] in ([], [0, 2], [1, 3])
    assert matches.team_names(["greedy", "random"]) == ["greedy", "random", "greedy", "random"]


# ------------------------------------------------------------------------------------------ CLI

def run(*args):
    return CliRunner().invoke(main, ["octoverso", *args])


@pytest.mark.integration
def test_cli_play_teams_json():
    r = run("play", "--team-game", "--players", "lookahead,greedy", "--seed", "1", "--json")
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)
    assert rec["players"] == ["lookahead", "greedy", "lookahead", "greedy"] and rec["teams"] == [[0, 2], [1, 3]]
    assert rec["winner"] is None or rec["winning_team"] == rec["winner"] % 2
    assert run("play", "--team-game", "--players", "lookahead,greedy", "--seed", "1", "--json").output == r.output
    # four names mean the team game
    r4 = run("play", "--players", "lookahead,greedy,lookahead,greedy", "--seed", "1", "--json")
    assert r4.output == r.output
    txt = run("play", "--team-game", "--players", "greedy,random", "--seed", "2").output
    assert txt.startswith("team P0+P2: P0 greedy") and ("winner: team P" in txt or "draw" in txt)


@pytest.mark.integration
def test_cli_team_tournament_json():
    r = run("tournament", "--team-game", "--players", "greedy,flat-mc,random", "--games", "2", "--simulations", "4",
            "--workers", "1", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output
    t = json.loads(r.output)
    assert t["players"] == ["greedy", "flat-mc", "random"] and len(t["pairs"]) == 3
    assert all(m["teams"] and m["games"] == 2 for m in t["pairs"])
    lo, hi = t["table"]["greedy"]["score_ci95"]
    assert 0 <= lo <= t["table"]["greedy"]["score"] <= hi <= 1
    txt = run("tournament", "--team-game", "--players", "greedy,random", "--games", "2", "--workers", "1").output
    assert "(teams)" in txt and "first mover" in txt


@pytest.mark.parametrize("args", [
    ["play", "--players", "greedy,random,flat-mc"],
    ["play", "--team-game", "--players", "greedy,random,flat-mc"],
    ["play", "--team-game", "--players", "greedy"],
    ["play", "--players", "greedy,random,flat-mc,chess"],
    ["play", "--players", "greedy,random,flat-mc,random,greedy"],
    ["match", "--team-game", "--players", "greedy,random,flat-mc"],
    ["tournament", "--team-game", "--players", "greedy+chess,random"],
    ["tournament", "--team-game", "--players", "greedy"],
    ["tournament", "--team-game", "--players", "greedy,random", "--games", "0"],
    ["play", "--team-game", "--players", "openspiel-mcts,greedy"],
])
def test_cli_team_bad_input_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert "Traceback" not in r.output
    lines = r.output.strip().splitlines()
    assert lines[-1].startswith("Error:") and sum(ln.startswith("Error:") for ln in lines) == 1


def test_from_position_needs_one_hand_per_seat(tgame):
    from octosolve.core.errors import OctoError

    with pytest.raises(OctoError):
        R.OctoversoState.from_position(tgame, "SOUDEIMA", ("AB", "CD"))


def test_cli_team_game_text_names_seats_p0_to_p3_as_the_svg_does(tmp_path):
    """The text said A1, B1, A2, B2 and 'team A' where the SVG and the web app say P0..P3."""
    svg = tmp_path / "end.svg"
    r = run("play", "--team-game", "--players", "greedy,random", "--seed", "3", "--svg", str(svg))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "team P0+P2: P0 greedy, P2 greedy; team P1+P3: P1 random, P3 random"
    assert [ln.split()[0] for ln in lines[1:5]] == ["P0", "P1", "P2", "P3"]
    assert lines[-2].startswith("winner: team P0+P2 (P2 greedy emptied their hand)")
    assert lines[-1] == f"wrote {svg}"
    assert not any(t in r.output for t in ("A1 ", "B1 ", "A2 ", "B2 ", "team A", "team B"))
    assert "P2 and partner won" in svg.read_text()
