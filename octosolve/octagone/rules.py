"""Octagone rules: the game's truth (see docs/rules/octagone.md for every interpretation).

Board: 6 rows x 7 columns, cell = row * 7 + col, rows 0..5 from the top, cols 0..6 from the left.
Row r has colour COLOURS[r]. Directions 0..7 = N, NE, E, SE, S, SW, W, NW.

Shield types (hand indices): colour * 4 + syllable (0..23; in the standard and KIDS variants every
coloured shield has syllable 0), JOLLY = 24, and DAMA = 25 (only ever on the board).

Actions (``NUM_ACTIONS`` = 377):
  * 0..335   Dama Bianca on ``cell`` with arrow ``dir``: ``cell * 8 + dir`` (first move only);
  * 336..375 a shield of kind ``k`` (0..3 = coloured shield with syllable k, 4 = jolly) on the forced
    cell with arrow ``dir``: ``336 + k * 8 + dir``;
  * 376      pass (only legal when the player holds neither the cell's colour nor a jolly).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.errors import fail
from ..core.game import TERMINAL, Game, GameInfo, State

ROWS, COLS, NCELLS = 6, 7, 42
COLOURS = ("red", "orange", "yellow", "green", "blue", "violet")
SYLLABLES = ("OC", "TA", "GO", "NE")
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DR = (-1, -1, 0, 1, 1, 1, 0, -1)
DC = (0, 1, 1, 1, 0, -1, -1, -1)
JOLLY, DAMA, NTYPES = 24, 25, 25  # NTYPES = hand slots
VARIANTS = ("standard", "kids", "iv")
DAMA_ACTIONS = NCELLS * 8  # 336
PLACE_BASE = DAMA_ACTIONS
PASS = PLACE_BASE + 5 * 8  # 376
NUM_ACTIONS = PASS + 1
JOLLY_KIND = 4


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def rc(cell: int) -> tuple[int, int]:
    return divmod(cell, COLS)


def colour_of_cell(cell: int) -> int:
    return cell // COLS


def _build_lines(wrap: bool) -> list[list[tuple[int, ...]]]:
    """LINES[cell][dir]: the cells "along the line" from ``cell`` (excluded) in order of distance.

    With wrap-around the line is followed on the 6x7 torus until it comes back to ``cell``: 5 cells
    for N/S, 6 for E/W, and 41 (every other cell: gcd(6,7) = 1) for a diagonal. Without wrap (KIDS)
    it stops at the edge of the board."""
    lines = []
    for cell in range(NCELLS):
        r0, c0 = rc(cell)
        per = []
        for d in range(8):
            seq = []
            r, c = r0, c0
            while True:
                r, c = r + DR[d], c + DC[d]
                if wrap:
                    r, c = r % ROWS, c % COLS
                elif not (0 <= r < ROWS and 0 <= c < COLS):
                    break
                if (r, c) == (r0, c0):
                    break
                seq.append(cell_of(r, c))
            per.append(tuple(seq))
        lines.append(per)
    return lines


LINES_WRAP = _build_lines(True)
LINES_NOWRAP = _build_lines(False)


def kind_to_type(kind: int, colour: int) -> int:
    return JOLLY if kind == JOLLY_KIND else colour * 4 + kind


def type_name(t: int, iv: bool = False) -> str:
    if t == JOLLY:
        return "jolly"
    if t == DAMA:
        return "dama"
    c, s = divmod(t, 4)
    return f"{COLOURS[c]}:{SYLLABLES[s]}" if iv else COLOURS[c]


def parse_type(name: str, iv: bool) -> int:
    name = str(name).strip().lower()
    if name == "jolly":
        return JOLLY
    if name == "dama":
        return DAMA
    if ":" in name:
        col, syl = name.split(":", 1)
        syl = syl.upper()
        if col not in COLOURS or syl not in SYLLABLES:
            fail(f"unknown shield {name!r}")
        if not iv:
            fail(f"shield {name!r} has a syllable, which only the 'iv' variant uses")
        return COLOURS.index(col) * 4 + SYLLABLES.index(syl)
    if name not in COLOURS:
        fail(f"unknown shield {name!r} (colours: {', '.join(COLOURS)}, jolly, dama)")
    if iv:
        fail(f"in the 'iv' variant a coloured shield needs its syllable, e.g. '{name}:OC'")
    return COLOURS.index(name) * 4


def target_cell(lines, board, cell: int, d: int, far: bool) -> int:
    """The free cell a shield on ``cell`` with arrow ``d`` sends the next shield to: the nearest free
    cell along the line (or the farthest when ``far``, a jolly's arrow); -1 if the line is full."""
    found = -1
    for x in lines[cell][d]:
        if board[x] < 0:
            if not far:
                return x
            found = x
    return found


def syllable_at(board, cell: int) -> int:
    """Syllable index on ``cell``: 0..3, 4 for a jolly (matches any), -1 for none/dama/empty."""
    t = board[cell]
    if t < 0 or t == DAMA:
        return -1
    if t == JOLLY:
        return 4
    return t % 4


def words_completed(board, cell: int) -> int:
    """Octagone IV: how many OC-TA-GO-NE words (4 consecutive cells of a row, column or diagonal of
    the board, read either way, no wrap-around) are complete and contain ``cell``."""
    r0, c0 = rc(cell)
    n = 0
    for d in range(4):  # N, NE, E, SE axes
        dr, dc = DR[d], DC[d]
        for start in range(-3, 1):
            cells = []
            for k in range(start, start + 4):
                r, c = r0 + k * dr, c0 + k * dc
                if not (0 <= r < ROWS and 0 <= c < COLS):
                    break
                cells.append(cell_of(r, c))
            if len(cells) != 4:
                continue
            syl = [syllable_at(board, x) for x in cells]
            if min(syl) < 0:
                continue
            fwd = all(s == 4 or s == i for i, s in enumerate(syl))
            bwd = all(s == 4 or s == 3 - i for i, s in enumerate(syl))
            if fwd or bwd:
                n += 1
    return n


@dataclass(frozen=True)
class Params:
    variant: str = "standard"
    players: int = 2
    hidden: bool = False

    def check(self) -> "Params":
        if self.variant not in VARIANTS:
            fail(f"unknown variant {self.variant!r} (choose from {', '.join(VARIANTS)})")
        if self.players not in (2, 4):
            fail(f"Octagone is played by 2 or 4 players, not {self.players}")
        if self.hidden and self.players != 4:
            fail("the hidden-shield option is a 4-player option")
        return self


def deal(params: Params, seed: int | None) -> tuple[list[list[int]], int]:
    """Deal the hands and draw the first player (who draws the Dama Bianca)."""
    from ..core.seeding import py_random

    rnd = py_random(seed, "octagone-deal")
    iv = params.variant == "iv"
    coloured = []
    for c in range(6):
        for i in range(6):
            coloured.append(c * 4 + ((c * 6 + i) % 4 if iv else 0))
    rnd.shuffle(coloured)
    n = params.players
    # the draw: the Dama Bianca among (players - 1) other shields, one each
    first = rnd.randrange(n)
    hands = [[0] * NTYPES for _ in range(n)]
    per = 36 // n
    for p in range(n):
        for t in coloured[p * per:(p + 1) * per]:
            hands[p][t] += 1
        hands[p][JOLLY] = 3 if n == 2 else 1
    if n == 4:  # one remaining jolly per pair, to the partner who plays first in that pair
        hands[first][JOLLY] += 1
        hands[(first + 1) % 4][JOLLY] += 1
    return hands, first


class OctagoneState(State):
    """A position. ``board[cell]`` is a shield type (-1 free), ``arrows[cell]`` its direction."""

    def __init__(self, params: Params, hands: list[list[int]], first: int):
        self.params = params
        self.lines = LINES_NOWRAP if params.variant == "kids" else LINES_WRAP
        self.hands = [list(h) for h in hands]
        self.board = [-1] * NCELLS
        self.arrows = [-1] * NCELLS
        self.first = first
        self.to_move = first
        self.dama = -1  # cell of the Dama Bianca while it is on the board
        self.last = -1  # cell of the last shield placed (-1 before the Dama)
        self.extra = 0  # Octagone IV extra turns still owed to the player to move
        self.over = False
        self.end_reason = ""
        self.history: list[tuple[int, int]] = []  # (player, action)
        self.initial_hands = [list(h) for h in hands]

    # ------------------------------------------------------------------ helpers
    @property
    def n(self) -> int:
        return self.params.players

    def far(self, t: int) -> bool:
        return t == JOLLY and self.params.variant != "kids"

    def target(self) -> int:
        """The cell the player to move must play on (-1 before the Dama Bianca is placed)."""
        if self.last < 0:
            return -1
        return target_cell(self.lines, self.board, self.last, self.arrows[self.last],
                           self.far(self.board[self.last]))

    def held_kinds(self, p: int, colour: int) -> list[int]:
        h = self.hands[p]
        ks = [k for k in range(4) if h[colour * 4 + k] > 0]
        if h[JOLLY] > 0:
            ks.append(JOLLY_KIND)
        return ks

    def can_answer(self, p: int, colour: int) -> bool:
        h = self.hands[p]
        return h[JOLLY] > 0 or any(h[colour * 4 + k] for k in range(4))

    def legal_dirs(self, cell: int, t: int, board=None) -> list[int]:
        """Directions a shield of type ``t`` placed on ``cell`` may point to (a free cell on the line)."""
        board = self.board if board is None else board
        return [d for d in range(8) if any(board[x] < 0 for x in self.lines[cell][d])]

    def shields_left(self) -> list[int]:
        return [sum(h) for h in self.hands]

    # ------------------------------------------------------------------ State API
    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.last < 0:
            return list(range(DAMA_ACTIONS))
        t = self.target()
        colour = colour_of_cell(t)
        kinds = self.held_kinds(self.to_move, colour)
        if not kinds:
            return [PASS]
        board = list(self.board)
        board[t] = 0
        if self.dama >= 0:
            board[self.dama] = -1  # removed as soon as this shield answers it
        dirs = [d for d in range(8) if any(board[x] < 0 for x in self.lines[t][d])] or [0]
        return [PLACE_BASE + k * 8 + d for k in kinds for d in dirs]

    def apply_action(self, action: int) -> None:
        action = int(action)
        if self.over:
            fail("the game is over")
        if action not in self.legal_actions():
            fail(f"illegal move {self.action_to_string(action)} for player {self.to_move}")
        p = self.to_move
        self.history.append((p, action))
        if action < DAMA_ACTIONS:
            cell, d = divmod(action, 8)
            self.board[cell], self.arrows[cell] = DAMA, d
            self.dama = self.last = cell
            self._advance(p, 0)
            return
        if action == PASS:
            self._advance(p, 0)
            return
        k, d = divmod(action - PLACE_BASE, 8)
        t = self.target()
        st = kind_to_type(k, colour_of_cell(t))
        self.hands[p][st] -= 1
        self.board[t], self.arrows[t] = st, d
        if self.dama >= 0:
            self.board[self.dama] = self.arrows[self.dama] = -1
            self.dama = -1
        self.last = t
        if sum(self.hands[p]) == 0:
            return self._end(f"player {p} has no shields left")
        if not any(self.board[x] < 0 for x in self.lines[t][d]):
            return self._end("the shield just placed cannot point to any free cell")
        words = words_completed(self.board, t) if self.params.variant == "iv" else 0
        self._advance(p, words)

    def _advance(self, p: int, words: int) -> None:
        self.extra += words
        if self.extra > 0:
            self.extra -= 1
            nxt = p
        else:
            nxt = (p + 1) % self.n
        self.to_move = nxt
        t = self.target()
        if t < 0:  # cannot happen: every placement checked its arrow
            return self._end("no free cell to play on")
        colour = colour_of_cell(t)
        if not any(self.can_answer(q, colour) for q in range(self.n)):
            self._end(f"nobody holds a shield of the colour {COLOURS[colour]} or a jolly")

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason

    def winner(self) -> int | None:
        """Winning player (2 players) or pair (4 players: pair 0 = seats 0 and 2); None for a tie."""
        left = self.team_left()
        if left[0] == left[1]:
            return None
        return 0 if left[0] < left[1] else 1

    def team_left(self) -> list[int]:
        s = self.shields_left()
        return s if self.n == 2 else [s[0] + s[2], s[1] + s[3]]

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.n
        w = self.winner()
        if w is None:
            return [0.0] * self.n
        return [1.0 if (q % 2) == w else -1.0 for q in range(self.n)]

    def clone(self) -> "OctagoneState":
        s = OctagoneState.__new__(OctagoneState)
        s.__dict__.update(self.__dict__)
        s.hands = [list(h) for h in self.hands]
        s.board = list(self.board)
        s.arrows = list(self.arrows)
        s.history = list(self.history)
        return s

    def action_to_string(self, action: int) -> str:
        action = int(action)
        if action < DAMA_ACTIONS:
            cell, d = divmod(action, 8)
            r, c = rc(cell)
            return f"dama@{r},{c}>{DIR_NAMES[d]}"
        if action == PASS:
            return "pass"
        if PLACE_BASE <= action < PASS:
            k, d = divmod(action - PLACE_BASE, 8)
            if k == JOLLY_KIND:
                name = "jolly"
            else:
                name = "coloured" + (f":{SYLLABLES[k]}" if self.params.variant == "iv" else "")
            return f"{name}>{DIR_NAMES[d]}"
        return f"action {action}"

    def observation_string(self, player: int) -> str:
        from .render import text_board

        if not self.params.hidden:
            return text_board(self)
        return text_board(self, viewer=player)

    def __str__(self) -> str:
        from .render import text_board

        return text_board(self)

    # ------------------------------------------------------------------ records
    def move_record(self, p: int, action: int, cell: int) -> dict:
        if action == PASS:
            return {"player": p, "pass": True}
        r, c = rc(cell)
        if action < DAMA_ACTIONS:
            return {"player": p, "row": r, "col": c, "shield": "dama", "direction": action % 8}
        k, d = divmod(action - PLACE_BASE, 8)
        rec = {"player": p, "row": r, "col": c,
               "shield": "jolly" if k == JOLLY_KIND else COLOURS[colour_of_cell(cell)], "direction": d}
        if self.params.variant == "iv" and k != JOLLY_KIND:
            rec["syllable"] = SYLLABLES[k]
        return rec


class OctagoneGame(Game):
    def __init__(self, variant: str = "standard", players: int = 2, hidden: bool = False):
        self.params = Params(variant, int(players), bool(hidden)).check()
        self.info = GameInfo(
            short_name="octagone", long_name=f"Octagone ({variant}, {players} players)",
            num_players=self.params.players, num_distinct_actions=NUM_ACTIONS,
            max_game_length=44 * self.params.players, perfect_information=not hidden,
            random_start=True)

    def new_initial_state(self, seed: int | None = None) -> OctagoneState:
        hands, first = deal(self.params, seed)
        return OctagoneState(self.params, hands, first)


def make_game(**params) -> OctagoneGame:
    return OctagoneGame(**params)


# ---------------------------------------------------------------------- applying user moves
def action_for(state: OctagoneState, *, row: int | None = None, col: int | None = None,
               shield: str | None = None, direction: int | None = None,
               syllable: str | None = None, is_pass: bool = False) -> int:
    """Translate a user move into an action, with one-line errors for bad input."""
    if state.over:
        fail("the game is over")
    if is_pass:
        return PASS
    if direction is None or not isinstance(direction, int) or isinstance(direction, bool) \
            or not 0 <= direction <= 7:
        fail(f"direction must be 0..7 (N, NE, E, SE, S, SW, W, NW), got {direction!r}")
    if row is not None or col is not None:
        if not (isinstance(row, int) and isinstance(col, int) and 0 <= row < ROWS and 0 <= col < COLS):
            fail(f"cell ({row}, {col}) is off the board (rows 0..5, cols 0..6)")
    if state.last < 0:
        if shield not in (None, "dama"):
            fail("the first move places the Dama Bianca")
        if row is None:
            fail("the Dama Bianca needs a row and a column")
        return cell_of(row, col) * 8 + direction
    t = state.target()
    if row is not None and cell_of(row, col) != t:
        tr, tc = rc(t)
        fail(f"the shield must go on row {tr}, col {tc} (the cell the last arrow points to), "
             f"not row {row}, col {col}")
    if shield is None:
        fail("which shield? (a colour or 'jolly')")
    shield = str(shield).lower()
    colour = colour_of_cell(t)
    if shield == "jolly":
        k = JOLLY_KIND
    elif shield in COLOURS:
        if COLOURS.index(shield) != colour:
            fail(f"the cell is {COLOURS[colour]}: a {shield} shield cannot go there")
        if state.params.variant == "iv":
            if syllable is None or str(syllable).upper() not in SYLLABLES:
                fail(f"the 'iv' variant needs a syllable ({', '.join(SYLLABLES)})")
            k = SYLLABLES.index(str(syllable).upper())
        else:
            k = 0
    else:
        fail(f"unknown shield {shield!r} (colours: {', '.join(COLOURS)}, jolly)")
    if state.hands[state.to_move][kind_to_type(k, colour)] <= 0:
        fail(f"player {state.to_move} holds no {type_name(kind_to_type(k, colour), state.params.variant == 'iv')} shield")
    a = PLACE_BASE + k * 8 + direction
    legal = state.legal_actions()
    if a not in legal:
        fail(f"direction {direction} ({DIR_NAMES[direction]}) points to no free cell")
    return a


def random_state(seed: int, variant: str = "standard", players: int = 2, moves: int = 10) -> OctagoneState:
    """A position reached by ``moves`` uniformly random moves from a seeded deal (for tests/benches)."""
    g = OctagoneGame(variant, players)
    s = g.new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------------- position JSON
POSITION_FORMAT = "octagone-position/1"


def shield_totals(variant: str) -> list[int]:
    """How many shields of each type exist (hand slots 0..24)."""
    tot = [0] * NTYPES
    for c in range(6):
        for i in range(6):
            tot[c * 4 + ((c * 6 + i) % 4 if variant == "iv" else 0)] += 1
    tot[JOLLY] = 6
    return tot


def hand_to_json(hand: list[int], iv: bool) -> dict:
    out = {}
    for c in range(6):
        if iv:
            for s in range(4):
                out[f"{COLOURS[c]}:{SYLLABLES[s]}"] = hand[c * 4 + s]
        else:
            out[COLOURS[c]] = hand[c * 4]
    out["jolly"] = hand[JOLLY]
    return out


def hand_from_json(obj, iv: bool) -> list[int]:
    if not isinstance(obj, dict):
        fail("each hand must be an object {shield: count}")
    hand = [0] * NTYPES
    for name, n in obj.items():
        t = parse_type(name, iv)
        if t == DAMA:
            fail("the Dama Bianca is never in a hand")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            fail(f"hand count for {name!r} must be a non-negative integer, got {n!r}")
        hand[t] += n
    return hand


def to_json(state: OctagoneState) -> dict:
    iv = state.params.variant == "iv"
    board = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            x = cell_of(r, c)
            row.append(None if state.board[x] < 0 else
                       {"shield": type_name(state.board[x], iv), "direction": state.arrows[x]})
        board.append(row)
    t = state.target() if not state.over else -1
    return {
        "format": POSITION_FORMAT,
        "variant": state.params.variant,
        "players": state.n,
        "hidden": state.params.hidden,
        "first": state.first,
        "to_move": state.to_move,
        "board": board,
        "last": list(rc(state.last)) if state.last >= 0 else None,
        "target": list(rc(t)) if t >= 0 else None,
        "hands": [hand_to_json(h, iv) for h in state.hands],
        "extra_turns": state.extra,
        "over": state.over,
    }


def _int(obj, key, lo, hi, default=None):
    v = obj.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        fail(f"position field {key!r} must be an integer in {lo}..{hi}, got {v!r}")
    return v


def from_json(obj) -> OctagoneState:
    """Read a position (the format of ``to_json``); every inconsistency is a one-line error."""
    if not isinstance(obj, dict):
        fail("a position must be a JSON object")
    if obj.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        fail(f"unknown position format {obj.get('format')!r} (expected {POSITION_FORMAT})")
    params = Params(str(obj.get("variant", "standard")), obj.get("players", 2),
                    bool(obj.get("hidden", False))).check()
    iv = params.variant == "iv"
    n = params.players
    hands_j = obj.get("hands")
    if not isinstance(hands_j, list) or len(hands_j) != n:
        fail(f"'hands' must be a list of {n} objects")
    hands = [hand_from_json(h, iv) for h in hands_j]
    st = OctagoneState(params, hands, _int(obj, "first", 0, n - 1, 0))
    st.initial_hands = [list(h) for h in hands]
    board = obj.get("board")
    if not isinstance(board, list) or len(board) != ROWS or \
            any(not isinstance(row, list) or len(row) != COLS for row in board):
        fail("'board' must be 6 rows of 7 cells (null or {\"shield\": ..., \"direction\": 0..7})")
    damas = []
    for r in range(ROWS):
        for c in range(COLS):
            v = board[r][c]
            if v is None:
                continue
            if not isinstance(v, dict) or "shield" not in v:
                fail(f"board cell ({r}, {c}) must be null or an object with 'shield' and 'direction'")
            t = parse_type(v["shield"], iv)
            d = v.get("direction")
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 7:
                fail(f"board cell ({r}, {c}): direction must be 0..7, got {d!r}")
            x = cell_of(r, c)
            if t not in (JOLLY, DAMA) and t // 4 != r:
                fail(f"board cell ({r}, {c}) is {COLOURS[r]} but holds a {type_name(t, iv)} shield")
            st.board[x], st.arrows[x] = t, d
            if t == DAMA:
                damas.append(x)
    # shield conservation
    tot = shield_totals(params.variant)
    used = [0] * NTYPES
    for x in range(NCELLS):
        if 0 <= st.board[x] < NTYPES:
            used[st.board[x]] += 1
    for h in hands:
        for t in range(NTYPES):
            used[t] += h[t]
    for t in range(NTYPES):
        if used[t] > tot[t]:
            fail(f"too many {type_name(t, iv)} shields: {used[t]} on the board and in hands, "
                 f"only {tot[t]} exist")
    if len(damas) > 1:
        fail("there is only one Dama Bianca")
    last = obj.get("last")
    if last is None:
        if any(b >= 0 for b in st.board):
            fail("'last' (the cell of the last shield placed) is required once shields are on the board")
    else:
        if not (isinstance(last, list) and len(last) == 2 and all(isinstance(v, int) for v in last)
                and 0 <= last[0] < ROWS and 0 <= last[1] < COLS):
            fail(f"'last' must be [row, col] on the board, got {last!r}")
        st.last = cell_of(*last)
        if st.board[st.last] < 0:
            fail(f"'last' cell {last} is empty")
    if damas:
        if st.last != damas[0]:
            fail("the Dama Bianca is on the board only until the next shield answers it: "
                 "it must be the last shield placed")
        st.dama = damas[0]
    st.to_move = _int(obj, "to_move", 0, n - 1, st.first)
    st.extra = _int(obj, "extra_turns", 0, 99, 0)
    if st.last >= 0:
        if not any(st.board[x] < 0 for x in st.lines[st.last][st.arrows[st.last]]):
            # a finished game: the last shield points to no free cell
            st._end("the shield just placed cannot point to any free cell")
        elif any(sum(h) == 0 for h in st.hands):
            st._end("a player has no shields left")
        else:
            colour = colour_of_cell(st.target())
            if not any(st.can_answer(q, colour) for q in range(n)):
                st._end(f"nobody holds a shield of the colour {COLOURS[colour]} or a jolly")
    if bool(obj.get("over", False)) and not st.over:
        fail("the position says the game is over but no end condition holds")
    return st
