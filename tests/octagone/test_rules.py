import pytest
from hypothesis import given, settings, strategies as st

from octosolve.core.errors import OctoError
from octosolve.core.game import RandomPlayer, play
from tests.octagone.helpers import R, fill_except, position

N, NE, E, SE, S, SW, W, NW = range(8)


def cell(r, c):
    return R.cell_of(r, c)


# ------------------------------------------------------------------ lines and wrap-around
def test_line_lengths_on_the_torus():
    for x in range(42):
        assert [len(R.LINES_WRAP[x][d]) for d in range(8)] == [5, 41, 6, 41, 5, 41, 6, 41]
        # a diagonal visits every other cell once (gcd(6, 7) = 1)
        assert sorted(R.LINES_WRAP[x][NE]) == sorted(set(range(42)) - {x})


def test_wrap_examples_from_the_figure():
    # fig. 1: shield A on an edge cell pointing out of the board "faces" the opposite side in the same
    # row/column, keeping its direction; B goes on the cell it virtually points to.
    assert R.LINES_WRAP[cell(2, 6)][E][0] == cell(2, 0)
    assert R.LINES_WRAP[cell(0, 3)][N][0] == cell(5, 3)
    assert R.LINES_WRAP[cell(0, 3)][NE][0] == cell(5, 4)
    assert R.LINES_WRAP[cell(5, 6)][SE][0] == cell(0, 0)
    assert R.LINES_WRAP[cell(0, 0)][NW][:3] == (cell(5, 6), cell(4, 5), cell(3, 4))
    assert R.LINES_WRAP[cell(2, 3)][E] == tuple(cell(2, c) for c in (4, 5, 6, 0, 1, 2))


def test_no_wrap_lines_stop_at_the_edge():
    assert R.LINES_NOWRAP[cell(0, 0)][NE] == ()
    assert R.LINES_NOWRAP[cell(0, 0)][SE] == tuple(cell(i, i) for i in range(1, 6))
    assert R.LINES_NOWRAP[cell(2, 3)][E] == (cell(2, 4), cell(2, 5), cell(2, 6))


# ------------------------------------------------------------------ placement rule
def test_nearest_free_cell_along_the_arrow():
    cells = {(2, 3): ("yellow", E), (2, 4): ("yellow", N)}
    s = position(cells, (2, 3), [{"orange": 1, "yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1)
    assert s.target() == cell(2, 5)


def test_nearest_free_cell_wraps_around():
    cells = {(2, 6): ("yellow", E), (2, 0): ("yellow", N)}
    s = position(cells, (2, 6), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1)
    assert s.target() == cell(2, 1)


def test_jolly_sends_to_the_farthest_free_cell():
    # torus: line E from (2,3): (2,4) (2,5) (2,6) (2,0) (2,1) (2,2); (2,2) and (2,1) taken -> (2,0)
    cells = {(2, 3): ("jolly", E), (2, 2): ("yellow", N), (2, 1): ("yellow", N)}
    s = position(cells, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1, wrap="torus")
    assert s.target() == cell(2, 0)
    # edge (default): the line E from (2,3) stops at the edge: (2,4) (2,5) (2,6) -> (2,6)
    s = position(cells, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1)
    assert s.target() == cell(2, 6)


def test_jolly_diagonal_farthest_goes_round_the_torus():
    cells = {(0, 0): ("jolly", SE)}
    s = position(cells, (0, 0), [{"red": 1}, {"jolly": 1, "yellow": 1}], to_move=1, wrap="torus")
    # the SE line from (0,0) visits all 41 other cells; the farthest is the last one: (5,6) -> i.e.
    # step 41: (41 mod 6, 41 mod 7) = (5, 6)
    assert s.target() == cell(5, 6)
    # edge: the main diagonal to (5,5)
    s = position(cells, (0, 0), [{"red": 1}, {"jolly": 1, "yellow": 1}], to_move=1)
    assert s.target() == cell(5, 5)


def test_kids_jolly_is_nearest_and_no_wrap():
    cells = {(2, 3): ("jolly", E), (2, 4): ("yellow", N)}
    s = position(cells, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], variant="kids", to_move=1)
    assert s.target() == cell(2, 5)
    # standard rules: the same jolly sends to the farthest free cell: (2,6) (edge), (2,2) (torus)
    s2 = position(cells, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1)
    assert s2.target() == cell(2, 6)
    s2 = position(cells, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1, wrap="torus")
    assert s2.target() == cell(2, 2)


def test_kids_cannot_point_off_the_board():
    cells = {(0, 0): ("red", S)}
    s = position(cells, (0, 0), [{"red": 2}, {"orange": 2}], variant="kids", to_move=1)
    assert s.target() == cell(1, 0)
    acts = s.legal_actions()
    dirs = {(a - R.PLACE_BASE) % 8 for a in acts}
    # from (1,0): W, NW, SW leave the board; N points to (0,0) taken and then the edge
    assert dirs == {NE, E, SE, S}
    std = position(cells, (0, 0), [{"red": 2}, {"orange": 2}], to_move=1, wrap="torus")
    assert {(a - R.PLACE_BASE) % 8 for a in std.legal_actions()} == set(range(8))
    # edge: W, NW, SW re-enter from the east side; N sees only (0,0) (taken) and then the edge
    std = position(cells, (0, 0), [{"red": 2}, {"orange": 2}], to_move=1)
    assert {(a - R.PLACE_BASE) % 8 for a in std.legal_actions()} == set(range(8)) - {N}


def test_shield_must_match_row_colour_or_be_jolly():
    cells = {(2, 3): ("yellow", S)}
    s = position(cells, (2, 3), [{"green": 1, "jolly": 1, "red": 1}, {"yellow": 1}], to_move=0)
    assert s.target() == cell(3, 3)
    kinds = {(a - R.PLACE_BASE) // 8 for a in s.legal_actions()}
    assert kinds == {0, R.JOLLY_KIND}
    s.apply_action(R.PLACE_BASE + 0 * 8 + E)
    assert s.board[cell(3, 3)] == R.COLOURS.index("green") * 4
    assert s.hands[0][R.COLOURS.index("green") * 4] == 0


def test_pass_when_holding_neither_colour_nor_jolly():
    cells = {(2, 3): ("yellow", S)}
    s = position(cells, (2, 3), [{"red": 2}, {"green": 1, "red": 1}], to_move=0)
    assert s.legal_actions() == [R.PASS]
    s.apply_action(R.PASS)
    assert s.to_move == 1 and s.target() == cell(3, 3)
    assert R.PASS not in s.legal_actions()


# ------------------------------------------------------------------ Dama Bianca
def test_dama_start_and_removal():
    g = R.OctagoneGame()
    s = g.new_initial_state(5)
    p0 = s.to_move
    assert s.legal_actions() == list(range(336))
    s.apply_action(cell(4, 1) * 8 + W)  # Dama on (4,1) pointing W -> (4,0)
    assert s.board[cell(4, 1)] == R.DAMA and s.target() == cell(4, 0)
    assert s.to_move == 1 - p0
    a = next(a for a in s.legal_actions() if a >= R.PLACE_BASE)
    s.apply_action(a)
    assert s.board[cell(4, 1)] == -1 and s.dama == -1  # removed once answered
    assert s.board[cell(4, 0)] >= 0


# ------------------------------------------------------------------ end conditions and scoring
def test_end_when_a_player_has_no_shields_left():
    cells = {(2, 3): ("yellow", S)}
    s = position(cells, (2, 3), [{"green": 1}, {"yellow": 3}], to_move=0)
    s.apply_action(R.PLACE_BASE + E)
    assert s.over and "no shields left" in s.end_reason
    assert s.winning_side() == 0 and s.returns() == [1.0, -1.0]


def test_end_when_nobody_holds_the_colour():
    cells = {(2, 3): ("yellow", E)}
    s = position(cells, (2, 3), [{"green": 1, "red": 1}, {"green": 1, "blue": 1}], to_move=0)
    assert s.over and "nobody holds" in s.end_reason
    assert s.winning_side() is None and s.returns() == [0.0, 0.0]  # tie: equal counts


def test_end_when_the_shield_cannot_point_to_a_free_cell_kids():
    # KIDS: (0,0) sees row 0, column 0 and the main diagonal only; (3..5, 6) are free but unreachable
    free = {(0, 0), (0, 1), (3, 6), (4, 6), (5, 6)}
    cells = fill_except(free)
    cells[(0, 2)] = ("red", W)
    s = position(cells, (0, 2), [{"jolly": 2}, {"red": 1, "jolly": 2}], variant="kids", to_move=1)
    assert s.target() == cell(0, 1)
    s.apply_action(R.PLACE_BASE + W)  # red on (0,1) pointing W, to (0,0)
    assert s.target() == cell(0, 0)
    # no arrow from (0,0) reaches a free cell: one (recorded) direction, then the game ends
    assert s.legal_actions() == [R.PLACE_BASE + R.JOLLY_KIND * 8]
    s.apply_action(s.legal_actions()[0])
    assert s.over and "cannot point" in s.end_reason
    assert s.shields_left() == [1, 2] and s.winning_side() == 0
    # with wrap-around the same move is not the end: (0,0) NW wraps to (5,6)
    s2 = position(cells, (0, 2), [{"jolly": 2}, {"red": 1, "jolly": 2}], to_move=1)
    s2.apply_action(R.PLACE_BASE + W)
    assert {(a - R.PLACE_BASE) % 8 for a in s2.legal_actions()} >= {NW}


def test_fewest_shields_wins_four_players_by_pair():
    g = R.OctagoneGame("standard", 4)
    s = g.new_initial_state(1)
    assert sorted(sum(h) for h in s.hands) == [10, 10, 10, 10]
    assert sum(h[R.JOLLY] for h in s.hands) == 4  # the pairs' extra jollies are given by choice
    s.apply_action(R.JOLLY_SELF)
    s.apply_action(R.JOLLY_PARTNER)
    assert sorted(sum(h) for h in s.hands) == [10, 10, 11, 11]
    assert sum(h[R.JOLLY] for h in s.hands) == 6
    s.hands = [[0] * 25 for _ in range(4)]
    s.hands[0][0], s.hands[2][0], s.hands[1][0], s.hands[3][0] = 1, 2, 2, 2
    s._end("test")
    assert s.winning_side() == 0 and s.returns() == [1.0, -1.0, 1.0, -1.0]
    assert s.winners() == [0, 2]


# ------------------------------------------------------------------ conservation, all variants
@pytest.mark.integration
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(R.VARIANTS), players=st.sampled_from([2, 4]))
def test_shield_conservation_and_json_round_trip(seed, variant, players):
    g = R.OctagoneGame(variant, players)
    s = g.new_initial_state(seed)
    tot = R.shield_totals(variant)
    def check(s, p, a):  # before every move of the game (core.game.play's on_move)
        used = [0] * 25
        for b in s.board:
            if 0 <= b < 25:
                used[b] += 1
        for h in s.hands:
            for t in range(25):
                used[t] += h[t]
        boxed = sum(1 for x in s.extra_jolly if x < 0)  # four players: extra jollies not yet given
        assert used[:24] == tot[:24] and used[24] + boxed == tot[24]
        assert all(c >= 0 for h in s.hands for c in h)
        s2 = g.state_from_json(s.to_json())
        assert s2.to_json() == s.to_json() and s2.legal_actions() == s.legal_actions()

    play(s, [RandomPlayer(seed + i) for i in range(players)], on_move=check)
    assert s.over and s.end_reason


def test_deal_two_players():
    s = R.OctagoneGame().new_initial_state(7)
    for h in s.hands:
        assert h[R.JOLLY] == 3 and sum(h) == 21
    assert R.OctagoneGame().new_initial_state(7).hands == s.hands  # reproducible


# ------------------------------------------------------------------ Octagone IV
def test_iv_word_gives_extra_turn():
    cells = {(0, 0): ("red:OC", S), (0, 1): ("red:TA", S), (0, 2): ("red:GO", E)}
    s = position(cells, (0, 2), [{"orange:OC": 1}, {"red:NE": 1, "blue:OC": 1, "jolly": 1}],
                 variant="iv", to_move=1)
    assert s.target() == cell(0, 3)
    s.apply_action(R.PLACE_BASE + 3 * 8 + S)  # NE pointing S
    assert R.words_completed(s.board, cell(0, 3)) == 1
    assert s.to_move == 1  # extra turn
    s.apply_action(s.legal_actions()[0])
    assert s.to_move == 0


def test_iv_reverse_reading_and_jolly():
    b = [-1] * 42
    red = 0
    b[cell(0, 0)], b[cell(0, 1)], b[cell(0, 2)], b[cell(0, 3)] = red + 3, red + 2, R.JOLLY, red + 0
    assert R.words_completed(b, cell(0, 3)) == 1  # NE GO (TA) OC read right to left
    b[cell(0, 3)] = red + 1  # TA in the last place: no word either way
    assert R.words_completed(b, cell(0, 3)) == 0
    # vertical and diagonal
    b = [-1] * 42
    for i, syl in enumerate((0, 1, 2, 3)):
        b[cell(i, 0)] = i * 4 + syl
        b[cell(i, i + 2)] = i * 4 + syl
    assert R.words_completed(b, cell(3, 0)) == 1
    assert R.words_completed(b, cell(3, 5)) == 1


def test_iv_two_words_two_extra_turns():
    b = [-1] * 42
    # row 2 and column 3 both complete at (2,3)
    for c, syl in zip(range(0, 4), (0, 1, 2, 3)):
        b[cell(2, c)] = 2 * 4 + syl
    for r, syl in zip(range(5, 1, -1), (0, 1, 2, 3)):
        b[cell(r, 3)] = r * 4 + syl
    b[cell(2, 3)] = R.JOLLY
    assert R.words_completed(b, cell(2, 3)) == 2


# ------------------------------------------------------------------ bad input in the library
def test_action_for_errors():
    cells = {(2, 3): ("yellow", S)}
    s = position(cells, (2, 3), [{"green": 1}, {"yellow": 3}], to_move=0)
    with pytest.raises(OctoError, match="off the board"):
        R.action_for(s, row=7, col=0, shield="green", direction=0)
    with pytest.raises(OctoError, match="0..7"):
        R.action_for(s, row=3, col=3, shield="green", direction=8)
    with pytest.raises(OctoError, match="holds no"):
        R.action_for(s, row=3, col=3, shield="jolly", direction=0)
    with pytest.raises(OctoError, match="must go on"):
        R.action_for(s, row=3, col=4, shield="green", direction=0)
    with pytest.raises(OctoError, match="cannot go there"):
        R.action_for(s, row=3, col=3, shield="red", direction=0)
    with pytest.raises(OctoError):
        s.apply_action(R.PASS)


def test_from_json_rejects_inconsistent_positions():
    with pytest.raises(OctoError, match="too many"):
        position({}, None, [{"red": 7}, {}])
    with pytest.raises(OctoError, match="holds a"):
        position({(0, 0): ("blue", 0)}, (0, 0), [{"red": 1}, {"red": 1}])
    with pytest.raises(OctoError, match="direction"):
        position({(0, 0): ("red", 9)}, (0, 0), [{"red": 1}, {"red": 1}])
    with pytest.raises(OctoError, match="variant"):
        position({}, None, [{}, {}], variant="chess")


def test_repr_svg_has_a_viewbox():
    s = R.OctagoneGame().new_initial_state(2)
    s.apply_action(s.legal_actions()[0])
    svg = s._repr_svg_()
    assert svg.lstrip().startswith("<") and "viewBox" in svg and "</svg>" in svg


def test_from_json_refuses_empty_hands_before_any_shield():
    # "un giocatore non ha più scudi" ends the game when a player places its last shield: a hand
    # cannot be empty before the first shield is placed (the seed's end rule; docs/rules/octagone.md)
    with pytest.raises(OctoError, match="P0 holds no shields, but none has been placed"):
        position({}, None, [{}, {"red": 1}])
    with pytest.raises(OctoError, match="P1 holds no shields"):
        position({(2, 3): ("dama", 0)}, (2, 3), [{"red": 1}, {}], to_move=1)


def _game_after(moves, seed=5, **kw):
    import random
    g = R.OctagoneGame(**kw)
    s, rnd = g.new_initial_state(seed), random.Random(seed)
    for _ in range(moves):
        s.apply_action(rnd.choice(s.legal_actions()))
    return g, s


@pytest.mark.parametrize("tamper, message", [
    (lambda d: d["history"].pop(), "does not start from a deal"),
    (lambda d: d["history"].append([d["to_move"], R.PASS]), "move 13 cannot be played"),
    (lambda d: d["history"].__setitem__(2, [1 - d["history"][2][0], d["history"][2][1]]),
     "move 3 is by P"),
    (lambda d: [d.pop("target"), [c.__setitem__("direction", (c["direction"] + 1) % 8)
                                  for c in d["board"][d["last"][0]] if c]], "gives other arrows"),
    (lambda d: d.__setitem__("history", d["history"][:2]), "does not start from a deal"),
])
def test_from_json_checks_the_history_against_the_board(tamper, message):
    import copy
    g, s = _game_after(12)
    doc = s.to_json()
    assert g.state_from_json(copy.deepcopy(doc)).to_json() == doc  # the true history is accepted
    bad = copy.deepcopy(doc)
    tamper(bad)
    with pytest.raises(OctoError, match=message):
        g.state_from_json(bad)


def test_from_json_history_of_another_deal_is_refused():
    # the same moves are legal from another seed's deal only by chance; here the hands differ
    g, s = _game_after(12, seed=5)
    _, other = _game_after(12, seed=6)
    doc = s.to_json()
    doc["history"] = [list(m) for m in other.history]
    with pytest.raises(OctoError, match="'history'"):
        g.state_from_json(doc)
