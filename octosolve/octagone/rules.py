"""Octagone rules: the game's truth (see docs/rules/octagone.md for every reading of the text).

The board geometry (cells, colours, lines along an arrow, the ``edge`` / ``torus`` / KIDS readings
of the wrap-around) is in :mod:`.board`; position documents (``to_json`` / ``state_from_json``) in
:mod:`.position`.

Actions (``NUM_ACTIONS`` = 379):
  * 0..335   Dama Bianca on ``cell`` with arrow ``dir``: ``cell * 8 + dir`` (first move only; the
    arrow must point at a line with a free cell, so in KIDS not off the board);
  * 336..375 a shield of kind ``k`` (0..3 = coloured shield with syllable k, 4 = jolly) on the forced
    cell with arrow ``dir``: ``336 + k * 8 + dir``;
  * 376      pass (only legal when the player holds neither the cell's colour nor a jolly);
  * 377, 378 four players, before the Dama: the pair of the player to move gives its extra jolly to
    that player (377) or to the partner (378).

>>> g = OctagoneGame()
>>> s = g.new_initial_state(1)
>>> len(s.legal_actions()), s.current_player() == s.first
(336, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import fail
from ..core.game import TERMINAL, Game, GameInfo, State, as_action, check_params, out_of_range
from .geometry import (COLOURS, DAMA, DAMA_ACTIONS, DIR_NAMES, JOLLY, JOLLY_KIND, JOLLY_PARTNER,
                    JOLLY_SELF, LINES, NCELLS, NTYPES, NUM_ACTIONS, PASS, PLACE_BASE, SYLLABLES,
                    VARIANTS, WRAPS, colour_of_cell, kind_to_type, line_mode, rc, target_cell, words_completed)
from .moves import notation, older_notation
from .position import params_from_json, read_into, redeal_hidden, state_to_json
from .render import action_targets, svg_string, text_board, view_svg

__all__ = ["Params", "OctagoneState", "OctagoneGame", "make_game", "deal", "kind_to_type",
           "NUM_ACTIONS", "DAMA_ACTIONS", "PLACE_BASE", "PASS", "JOLLY_SELF", "JOLLY_PARTNER",
           "JOLLY_KIND", "state_from_json", "state_from_document"]



@dataclass(frozen=True)
class Params:
    variant: str = "standard"
    players: int = 2
    hidden: bool = False
    wrap: str = "edge"

    def check(self) -> "Params":
        if self.variant not in VARIANTS:
            fail(f"unknown variant {self.variant!r} (choose from {', '.join(VARIANTS)})")
        if isinstance(self.players, bool) or self.players not in (2, 4):
            fail(f"Octagone is played by 2 or 4 players, not {self.players!r}")
        if not isinstance(self.hidden, bool):  # "no" or 0 would read as a silent yes or no
            fail(f"the hidden-shield option is true or false, not {str(self.hidden)[:40]!r}")
        if self.hidden and self.players != 4:
            fail("the hidden-shield option is a 4-player option")
        if self.wrap not in WRAPS:
            fail(f"unknown wrap-around reading {self.wrap!r} (choose from {', '.join(WRAPS)})")
        if self.variant == "kids" and self.wrap != "edge":
            fail("KIDS has no wrap-around: --wrap torus is for the standard and IV rules")
        return self

    @property
    def mode(self) -> str:
        """The line reading: ``none`` (KIDS), ``edge`` or ``torus``."""
        return line_mode(self.variant, self.wrap)

    @property
    def mode_words(self) -> str:
        """The line reading for people: ``edge lines``, ``torus lines``, or ``no wrap-around`` (KIDS)."""
        return "no wrap-around" if self.mode == "none" else f"{self.mode} lines"

    def as_dict(self) -> dict:
        return {"variant": self.variant, "players": self.players, "hidden": self.hidden,
                "wrap": self.wrap}


def deal(params: Params, seed: int | None) -> tuple[list[list[int]], int]:
    """Deal the hands and draw the first player (who draws the Dama Bianca). With four players each
    pair's extra jolly is not dealt: the pair gives it with its first action."""
    from ..core.seeding import py_random

    rnd = py_random(seed, "octagone-deal")
    iv = params.variant == "iv"
    coloured = []
    for c in range(6):
        for i in range(6):
            coloured.append(c * 4 + ((c * 6 + i) % 4 if iv else 0))
    rnd.shuffle(coloured)
    n = params.players
    first = rnd.randrange(n)  # the draw: the Dama Bianca among (players - 1) other shields
    hands = [[0] * NTYPES for _ in range(n)]
    per = 36 // n
    for p in range(n):
        for t in coloured[p * per:(p + 1) * per]:
            hands[p][t] += 1
        hands[p][JOLLY] = 3 if n == 2 else 1
    return hands, first


class OctagoneState(State):
    """A position. ``board[cell]`` is a shield type (-1 free), ``arrows[cell]`` its direction.

    ``extra_jolly[pair]`` (four players) is the seat holding the pair's extra jolly, -1 until the
    pair has chosen; ``passed[p]`` is the bitmask of the colours ``p`` passed on (public knowledge:
    ``p`` holds none of them, and no jolly, for the rest of the game)."""

    def __init__(self, params: Params, hands: list[list[int]], first: int):
        self.params = params
        self.lines = LINES[params.mode]
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
        self.extra_jolly = [-1, -1] if params.players == 4 else []
        self.passed = [0] * params.players

    # ------------------------------------------------------------------ helpers
    @property
    def n(self) -> int:
        return self.params.players

    def far(self, t: int) -> bool:
        return t == JOLLY and self.params.variant != "kids"

    def choosing_jolly(self) -> bool:
        """Four players, before the Dama: a pair still has to give its extra jolly."""
        return not self.over and -1 in self.extra_jolly

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

    def open_dirs(self, cell: int, board=None) -> list[int]:
        """Directions from ``cell`` whose line holds a free cell (an arrow must point at one)."""
        board = self.board if board is None else board
        return [d for d in range(8) if any(board[x] < 0 for x in self.lines[cell][d])]

    def shields_left(self) -> list[int]:
        return [sum(h) for h in self.hands]

    def team_left(self) -> list[int]:
        s = self.shields_left()
        return s if self.n == 2 else [s[0] + s[2], s[1] + s[3]]

    def winning_side(self) -> int | None:
        """The player (2 players) or pair (4 players: pair 0 = seats 0 and 2) with fewer shields
        left at the end; None for a tie or before the end."""
        if not self.over:
            return None
        left = self.team_left()
        if left[0] == left[1]:
            return None
        return 0 if left[0] < left[1] else 1

    # ------------------------------------------------------------------ State API
    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.choosing_jolly():
            return [JOLLY_SELF, JOLLY_PARTNER]
        if self.last < 0:
            return [x * 8 + d for x in range(NCELLS) for d in self.open_dirs(x)]
        kinds = self.held_kinds(self.to_move, colour_of_cell(self.target()))
        if not kinds:
            return [PASS]
        dirs = self.answer_dirs() or [0]
        return [PLACE_BASE + k * 8 + d for k in kinds for d in dirs]

    def answer_dirs(self) -> list[int]:
        """The arrows a shield placed now on the target cell may take: those whose line holds a free
        cell once it is placed (and the Dama removed). Empty when none does: that shield ends the
        game and is recorded with direction 0."""
        t = self.target()
        board = list(self.board)
        board[t] = 0
        if self.dama >= 0:
            board[self.dama] = -1  # removed as soon as this shield answers it
        return self.open_dirs(t, board)

    def apply_action(self, action: int) -> None:
        action = as_action(action)
        if self.over:
            fail("the game is over")
        if action not in self.legal_actions():
            fail(f"illegal move {self.action_to_string(action)} for P{self.to_move}")
        p = self.to_move
        self.history.append((p, action))
        if action in (JOLLY_SELF, JOLLY_PARTNER):
            holder = p if action == JOLLY_SELF else (p + 2) % 4
            self.hands[holder][JOLLY] += 1
            self.extra_jolly[p % 2] = holder
            self.to_move = (p + 1) % 4 if self.choosing_jolly() else self.first
            return
        if action < DAMA_ACTIONS:
            cell, d = divmod(action, 8)
            self.board[cell], self.arrows[cell] = DAMA, d
            self.dama = self.last = cell
            self._advance(p, 0)
            return
        if action == PASS:
            self.passed[p] |= 1 << colour_of_cell(self.target())
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
            return self._end(f"P{p} has no shields left")
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
        if t < 0:  # cannot happen: every arrow points at a line with a free cell
            return self._end("no free cell to play on")
        colour = colour_of_cell(t)
        if not any(self.can_answer(q, colour) for q in range(self.n)):
            self._end(f"nobody holds a shield of the colour {COLOURS[colour]} or a jolly")

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason

    def returns(self) -> list[float]:
        w = self.winning_side()
        if w is None:
            return [0.0] * self.n
        return [1.0 if (q % 2) == w else -1.0 for q in range(self.n)]

    def winners(self) -> list[int]:
        w = self.winning_side()
        if w is None:
            return []
        return [w] if self.n == 2 else [w, w + 2]

    def clone(self) -> "OctagoneState":
        s = OctagoneState.__new__(OctagoneState)
        s.__dict__.update(self.__dict__)
        s.hands = [list(h) for h in self.hands]
        s.board = list(self.board)
        s.arrows = list(self.arrows)
        s.history = list(self.history)
        s.extra_jolly = list(self.extra_jolly)
        s.passed = list(self.passed)
        return s

    def to_json(self) -> dict:
        """The position document (format ``octagone-position/2``, see :mod:`.position`)."""
        return state_to_json(self)

    def determinize(self, player: int, rng) -> "OctagoneState":
        """Hidden shields: the other players' coloured shields are dealt again from those ``player``
        cannot see, keeping each hand's size and jollies (public: dealt openly) and each player's
        passes (a player who passed on a colour holds none of it). A clone when shields are open."""
        return redeal_hidden(self, player, rng)

    def action_to_string(self, action: int) -> str:
        """The move's notation (:func:`.moves.notation`): ``r3c2 green shield -> NE``."""
        return notation(self, action)

    def public_move_string(self, action: int) -> str:
        """What every seat sees of a move: its notation (a placed shield is public, even with
        hidden shields)."""
        return notation(self, action)

    def older_notations(self, action: int) -> tuple[str, ...]:
        """The notation of records written before 2026-11-29 (``coloured>NE``)."""
        return (older_notation(self, action),)

    def observation_string(self, player: int) -> str:
        """The board, the player to move and the hands; with hidden shields the other players'
        coloured shields are not shown (only their number and jollies)."""
        viewer = self.check_player(player)
        return text_board(self, viewer=viewer if self.params.hidden else None)

    def __str__(self) -> str:
        return text_board(self)

    def _repr_svg_(self) -> str:
        return svg_string(self)

    def view_svg(self, viewer: int) -> str:
        """The board page's picture for seat ``viewer`` (never another seat's hidden shields); every
        cell, shield kind of the viewer's hand, arrow and button carries its ``data-target``."""
        return view_svg(self, viewer)

    def sides(self) -> list[list[int]]:
        """The seats that win or lose together: the pairs P0+P2 and P1+P3 with 4 players."""
        return [[0, 2], [1, 3]] if self.n == 4 else [[0], [1]]

    def action_targets(self, action: int) -> list[str]:
        """The clicks of the legal ``action``: ``["cell:r2c3", "dir:NE"]`` (the Dama),
        ``["kind:red", "dir:NE"]`` (a shield on the target cell), ``["button:pass"]``..."""
        return action_targets(self, action)

    # ------------------------------------------------------------------ records
    def move_record(self, p: int, action: int) -> dict:
        """A readable record of ``action`` played by ``p`` from this state (before it is applied)."""
        if action == PASS:
            return {"player": p, "pass": True}
        if action in (JOLLY_SELF, JOLLY_PARTNER):
            holder = p if action == JOLLY_SELF else (p + 2) % 4
            return {"player": p, "extra_jolly_to": holder}
        cell = self.target() if action >= DAMA_ACTIONS else action // 8
        r, c = rc(cell)
        if action < DAMA_ACTIONS:
            return {"player": p, "row": r, "col": c, "shield": "dama", "direction": action % 8}
        k, d = divmod(action - PLACE_BASE, 8)
        rec = {"player": p, "row": r, "col": c,
               "shield": "jolly" if k == JOLLY_KIND else COLOURS[colour_of_cell(cell)], "direction": d}
        if self.params.variant == "iv" and k != JOLLY_KIND:
            rec["syllable"] = SYLLABLES[k]
        return rec


    def move_words(self, action: int) -> str:
        """``action`` (from this state) for people, as ``play`` prints it: ``yellow on row 2, col 5,
        arrow 2``, ``the pair's extra jolly goes to P2``, or ``""`` for a pass (the notation,
        :meth:`action_to_string`, names neither the colour nor the cell)."""
        m = self.move_record(self.to_move, action)
        if m.get("pass"):
            return ""
        if "extra_jolly_to" in m:
            return f"the pair's extra jolly goes to P{m['extra_jolly_to']}"
        syl = f" {m['syllable']}" if "syllable" in m else ""
        return f"{m['shield']}{syl} on row {m['row']}, col {m['col']}, arrow {m['direction']}"


class OctagoneGame(Game):
    """``OctagoneGame(variant="standard", players=2, hidden=False, wrap="edge")``."""

    def __init__(self, variant: str = "standard", players: int = 2, hidden: bool = False,
                 wrap: str = "edge"):
        if isinstance(players, bool) or not isinstance(players, int):
            fail(f"Octagone is played by 2 or 4 players, not {players!r}")
        self.config = Params(str(variant).lower(), players, hidden, str(wrap).lower()).check()
        p = self.config
        self.info = GameInfo(
            short_name="octagone", long_name=f"Octagone ({p.variant}, {p.players} players, {p.mode_words})",
            num_players=p.players, num_distinct_actions=NUM_ACTIONS,
            max_game_length=44 * p.players + 2, perfect_information=not p.hidden, random_start=True)

    def new_initial_state(self, seed: int | None = None) -> OctagoneState:
        hands, first = deal(self.config, seed)
        return OctagoneState(self.config, hands, first)

    def state_from_json(self, obj) -> OctagoneState:
        """Read a ``to_json`` document of a game with these parameters (an ``OctoError`` if the
        document is inconsistent or is of another game)."""
        st = state_from_json(obj)
        if st.params != self.config:
            fail(f"the position is of a game with {st.params.as_dict()}, not {self.config.as_dict()}")
        return st

    def params(self) -> dict:
        return self.config.as_dict()


def make_game(**params) -> OctagoneGame:
    return OctagoneGame(**check_params("Octagone", OctagoneGame, params))


def state_from_json(obj) -> OctagoneState:
    """Read any position document (its game parameters from the document itself): the position
    files of the CLI. Every inconsistency is a one-line ``OctoError``."""
    kw = params_from_json(obj)
    params = Params(**kw).check()
    st = OctagoneState(params, [[0] * NTYPES for _ in range(params.players)], 0)
    read_into(st, obj)
    return st


state_from_document = state_from_json  # the name every game's rules module gives this reader
