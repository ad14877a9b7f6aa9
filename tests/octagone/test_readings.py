"""The readings of issue 11: the `edge` wrap-around (default) against an independent reference, the
jolly's farthest cell now differing from the coloured shield's nearest, KIDS' Dama Bianca, the
four-player extra jolly as a pair's decision, and hidden hands kept hidden from the greedy player."""

import random

import pytest

from octosolve.core.errors import OctoError
from octosolve.octagone.players import GreedyPlayer
from octosolve.octagone.rules import OctagoneGame
from tests.octagone.helpers import R, position

N, NE, E, SE, S, SW, W, NW = range(8)
STEP = {N: (-1, 0), NE: (-1, 1), E: (0, 1), SE: (1, 1), S: (1, 0), SW: (1, -1), W: (0, -1), NW: (-1, -1)}


def reference_target(board, r0, c0, d, far, wrap=True):
    """The rules text, step by step on coordinates: if the arrow's first step leaves the board, the
    shield "faces the opposite side": it is moved virtually (A1) one board-width / height across,
    in the same row / column, same orientation; then the line is walked from there, cell by cell,
    until it leaves the board. Nearest or farthest free cell of it; -1 if none."""
    dr, dc = STEP[d]
    r, c = r0, c0
    if not (0 <= r0 + dr < 6 and 0 <= c0 + dc < 7):
        if not wrap:
            return -1
        if not 0 <= r0 + dr < 6:
            r = r0 - 6 * dr  # A1: above the top becomes below the bottom, and vice versa
        if not 0 <= c0 + dc < 7:
            c = c0 - 7 * dc
    free = []
    while True:
        r, c = r + dr, c + dc
        if not (0 <= r < 6 and 0 <= c < 7) or (r, c) == (r0, c0):
            break
        if board[r * 7 + c] < 0:
            free.append(r * 7 + c)
    if not free:
        return -1
    return free[-1] if far else free[0]


@pytest.mark.parametrize("seed", range(4))
def test_edge_reading_against_the_coordinate_reference(seed):
    rng = random.Random(seed)
    for _ in range(2000):
        board = [0 if rng.random() < rng.random() else -1 for _ in range(42)]
        x, d, far = rng.randrange(42), rng.randrange(8), rng.random() < 0.5
        r0, c0 = divmod(x, 7)
        assert R.target_cell(R.LINES["edge"], board, x, d, far) == reference_target(board, r0, c0, d, far)
        assert R.target_cell(R.LINES["none"], board, x, d, far) == \
            reference_target(board, r0, c0, d, far, wrap=False)


def test_corners_enter_at_the_opposite_corner():
    # (0,6) pointing NE leaves through the top and the right side: both coordinates wrap
    assert R.LINES["edge"][R.cell_of(0, 6)][NE][0] == R.cell_of(5, 0)
    assert R.LINES["edge"][R.cell_of(5, 0)][SW][0] == R.cell_of(0, 6)
    # a corner pointing out through one side only wraps that coordinate
    assert R.LINES["edge"][R.cell_of(0, 6)][N][0] == R.cell_of(5, 6)
    assert R.LINES["edge"][R.cell_of(0, 6)][SE][0] == R.cell_of(1, 0)
    # an inner arrow never wraps: it runs to the edge and stops
    assert R.LINES["edge"][R.cell_of(2, 3)][NE] == (R.cell_of(1, 4), R.cell_of(0, 5))


def test_jolly_and_coloured_now_differ():
    # The same arrow E from (2,3) with (2,4) taken: a coloured shield sends to (2,5), a jolly to the
    # farthest free cell (2,6). Under the torus the jolly's farthest cell E, (2,2), is always the
    # coloured shield's nearest cell W: the two kinds differed in nothing but the arrow drawn.
    cells = {(2, 4): ("yellow", N)}
    for shield, want_edge, want_torus in (("yellow", (2, 5), (2, 5)), ("jolly", (2, 6), (2, 2))):
        c = {**cells, (2, 3): (shield, E)}
        for wrap, want in (("edge", want_edge), ("torus", want_torus)):
            s = position(c, (2, 3), [{"yellow": 2}, {"yellow": 1, "jolly": 1}], to_move=1, wrap=wrap)
            assert s.target() == R.cell_of(*want), (shield, wrap)
    # counted over random boards: torus farthest(d) == nearest(opposite d) always; edge: often not
    rng = random.Random(1)
    differ = {"edge": 0, "torus": 0}
    for _ in range(3000):
        board = [0 if rng.random() < 0.5 else -1 for _ in range(42)]
        x, d = rng.randrange(42), rng.randrange(8)
        board[x] = 0
        for mode in differ:
            lines = R.LINES[mode]
            differ[mode] += R.target_cell(lines, board, x, d, True) != \
                R.target_cell(lines, board, x, (d + 4) % 8, False)
    assert differ["torus"] == 0 and differ["edge"] > 1000


def test_kids_dama_cannot_point_off_the_board():
    s = OctagoneGame("kids").new_initial_state(3)
    legal = set(s.legal_actions())
    corner = {a % 8 for a in legal if a // 8 == R.cell_of(0, 0)}
    assert corner == {E, SE, S}
    # every legal Dama arrow has a cell on its line; every arrow off the board is gone
    for x in range(42):
        r, c = divmod(x, 7)
        for d in range(8):
            dr, dc = STEP[d]
            assert (x * 8 + d in legal) == (0 <= r + dr < 6 and 0 <= c + dc < 7)
    with pytest.raises(OctoError):
        s.apply_action(R.cell_of(0, 0) * 8 + N)
    # no KIDS game ends after the Dama alone any more
    for seed in range(200):
        g = OctagoneGame("kids").new_initial_state(seed)
        g.apply_action(random.Random(seed).choice(g.legal_actions()))
        assert not g.over
    # the standard and IV rules keep every Dama arrow (each line has a free cell)
    assert len(OctagoneGame().new_initial_state(3).legal_actions()) == 336


def test_four_players_pairs_choose_the_extra_jolly():
    g = OctagoneGame("standard", 4)
    s = g.new_initial_state(2)
    f = s.first
    assert s.legal_actions() == [R.JOLLY_SELF, R.JOLLY_PARTNER] and s.to_move == f
    before = [h[R.JOLLY] for h in s.hands]
    assert before == [1, 1, 1, 1]
    s.apply_action(R.JOLLY_PARTNER)  # the first player's pair: to the partner
    assert s.to_move == (f + 1) % 4 and s.legal_actions() == [R.JOLLY_SELF, R.JOLLY_PARTNER]
    s.apply_action(R.JOLLY_SELF)  # the other pair: to the player choosing
    assert s.hands[(f + 2) % 4][R.JOLLY] == 2 and s.hands[(f + 1) % 4][R.JOLLY] == 2
    assert s.hands[f][R.JOLLY] == 1 and s.extra_jolly[f % 2] == (f + 2) % 4
    assert s.to_move == f and len(s.legal_actions()) == 336  # now the Dama
    back = g.state_from_json(s.to_json())
    assert back.to_json() == s.to_json()
    # the greedy player keeps the jolly with the player choosing (the old fixed seat)
    s2 = g.new_initial_state(2)
    assert GreedyPlayer(1).choose(s2) == R.JOLLY_SELF
    # a document where a pair has not chosen but the Dama is down is refused
    doc = s.to_json()
    doc["extra_jolly"] = [None, doc["extra_jolly"][1]]
    with pytest.raises(OctoError):
        g.state_from_json(doc)


def _hidden_game_midway(seed):
    g = OctagoneGame("standard", 4, hidden=True)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(12):
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("seed", range(6))
def test_greedy_does_not_read_hidden_hands(seed):
    s = _hidden_game_midway(seed)
    if s.over or len(s.legal_actions()) < 2:
        pytest.skip("no choice here")
    me = s.to_move
    # the same position with the other players' coloured shields dealt differently
    other = s.determinize(me, random.Random(99))
    assert other.observation_string(me) == s.observation_string(me)
    a1 = GreedyPlayer(seed).choose(s)
    a2 = GreedyPlayer(seed).choose(other)
    assert a1 == a2


def test_determinize_keeps_what_is_public():
    s = position({(2, 3): ("yellow", S)}, (2, 3),
                 [{"red": 2}, {"green": 1, "blue": 2, "jolly": 1}, {"green": 2, "red": 1},
                  {"violet": 3, "jolly": 1}], players=4, to_move=0)
    s = OctagoneGame("standard", 4, hidden=True).state_from_json(dict(s.to_json(), hidden=True))
    s.apply_action(R.PASS)  # player 0 passes on green: public
    assert s.passed[0] == 1 << 3
    rng = random.Random(5)
    for _ in range(50):
        d = s.determinize(1, rng)
        assert d.hands[1] == s.hands[1]
        for q in (0, 2, 3):
            assert d.hands[q][R.JOLLY] == s.hands[q][R.JOLLY]
            assert sum(d.hands[q]) == sum(s.hands[q])
        assert d.hands[0][3 * 4] == 0  # the one who passed on green never gets a green shield
        assert d.observation_string(1) == s.observation_string(1)
