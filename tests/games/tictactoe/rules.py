"""Tic-tac-toe: two players (P0 plays X, P1 plays O) take turns to mark a free cell of a 3x3 board;
three marks of one player in a row, column or diagonal win (``misere=True``: lose); a full board
without one is a draw. Action ``a`` marks cell ``a`` (0-8, row by row from the top left); its
notation is the cell's name, ``a1`` to ``c3`` (column letter, row number).

>>> s = make_game().new_initial_state()
>>> for m in ("b2", "a1", "c3"):
...     s.apply_action(s.string_to_action(m))
>>> s.legal_actions(), s.current_player()
([1, 2, 3, 5, 6, 7], 1)
"""

from __future__ import annotations

from octosolve.core.errors import fail
from octosolve.core.game import TERMINAL, Game, GameInfo, State, as_action, check_params, out_of_range
from octosolve.core.seeding import whole_seed

__all__ = ["TicTacToeGame", "TicTacToeState", "make_game", "state_from_document", "LINES", "CELLS"]

CELLS = [f"{'abc'[i % 3]}{i // 3 + 1}" for i in range(9)]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


class TicTacToeState(State):
    def __init__(self, game: "TicTacToeGame", board=None, history=None):
        self.game = game
        self.board = list(board) if board is not None else [-1] * 9
        self.history = list(history or [])

    # the contract
    def _line(self) -> int | None:
        """The player with three in a row, or None."""
        for a, b, c in LINES:
            if self.board[a] >= 0 and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def is_terminal(self) -> bool:
        return self._line() is not None or all(c >= 0 for c in self.board)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else len(self.history) % 2

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [i for i in range(9) if self.board[i] < 0]

    def apply_action(self, action: int) -> None:
        action = as_action(action)
        if action not in self.legal_actions():
            why = ("the game is over" if self.is_terminal() else out_of_range(action, 9) or "not a free cell")
            fail(f"illegal move {action!r} ({why})")
        p = self.current_player()
        self.board[action] = p
        self.history.append((p, action))

    def clone(self) -> "TicTacToeState":
        return TicTacToeState(self.game, self.board, self.history)

    def returns(self) -> list[float]:
        w = self._line()
        if w is None:
            return [0.0, 0.0]
        if self.game.misere:
            w = 1 - w
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        r = self.returns()
        return [p for p in (0, 1) if r[p] > 0]

    def num_players(self) -> int:
        return 2

    def action_to_string(self, action: int) -> str:
        action = as_action(action)
        bad = out_of_range(action, 9)
        return bad or CELLS[action]

    def observation_string(self, player: int) -> str:
        self.check_player(player)
        return str(self)

    def to_json(self) -> dict:
        return {"game": "tictactoe", "params": self.game.params(),
                "board": "".join("." if c < 0 else MARKS[c] for c in self.board),
                "history": [list(h) for h in self.history]}

    def __str__(self) -> str:
        rows = ["".join("." if c < 0 else MARKS[c] for c in self.board[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n".join(rows)

    # the web app's board: a cell is clicked to mark it
    def view_svg(self, viewer: int = 0) -> str:
        return _svg(self, clickable=True)

    def _repr_svg_(self) -> str:
        return _svg(self, clickable=False)

    def action_targets(self, action: int) -> list[str]:
        return [CELLS[action]]


def _svg(state: TicTacToeState, clickable: bool) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">',
             '<rect width="300" height="300" fill="#fff"/>']
    for i, c in enumerate(state.board):
        x, y = 100 * (i % 3), 100 * (i // 3)
        target = f' data-target="{CELLS[i]}"' if clickable and c < 0 else ""
        parts.append(f'<g{target}><rect x="{x + 2}" y="{y + 2}" width="96" height="96" fill="#eef" stroke="#335"/>'
                     f'<text x="{x + 8}" y="{y + 22}" font-size="16" fill="#557">{CELLS[i]}</text></g>')
        if c >= 0:
            parts.append(f'<text x="{x + 50}" y="{y + 68}" font-size="56" text-anchor="middle">{MARKS[c]}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


class TicTacToeGame(Game):
    def __init__(self, misere: bool = False):
        if not isinstance(misere, bool):
            fail(f"misere must be true or false, got {misere!r}")
        self.misere = misere
        self.info = GameInfo("tictactoe", "Tic-tac-toe" + (" (misère)" if misere else ""), 2, 9, 9)

    def new_initial_state(self, seed: int | None = None) -> TicTacToeState:
        if seed is not None:
            whole_seed(seed)  # no deal: the seed only has to be one
        return TicTacToeState(self)

    def params(self) -> dict:
        return {"misere": True} if self.misere else {}

    def state_from_json(self, obj) -> TicTacToeState:
        if not isinstance(obj, dict) or obj.get("game") != "tictactoe":
            fail("not a tic-tac-toe position (no \"game\": \"tictactoe\")")
        board, history = obj.get("board"), obj.get("history", [])
        if not isinstance(board, str) or len(board) != 9 or set(board) - set(".XO"):
            fail("tic-tac-toe position: \"board\" must be 9 characters of . X O")
        if not isinstance(history, list):
            fail("tic-tac-toe position: \"history\" must be a list of [player, cell]")
        st = TicTacToeState(self)
        for h in history:  # the history is the truth: replayed, every move checked
            if not (isinstance(h, list) and len(h) == 2 and all(isinstance(x, int) for x in h)) \
                    or h[0] != st.current_player():
                fail(f"tic-tac-toe position: bad history entry {h!r}")
            st.apply_action(h[1])
        if st.to_json()["board"] != board:
            fail("tic-tac-toe position: the board is not the one its history makes")
        return st


def make_game(**params) -> TicTacToeGame:
    """``make_game(misere=False)``; unknown parameters are an error."""
    return TicTacToeGame(**check_params("Tic-tac-toe", TicTacToeGame.__init__, params))


def state_from_document(doc) -> TicTacToeState:
    """The state a position document describes, its game rebuilt from the document's parameters."""
    if not isinstance(doc, dict) or not isinstance(doc.get("params", {}), dict):
        fail("not a tic-tac-toe position (no \"params\" object)")
    return make_game(**doc.get("params", {})).state_from_json(doc)
