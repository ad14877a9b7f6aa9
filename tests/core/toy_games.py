"""Tiny games on the common State API, used to test the shared machinery (MCTS, play loop, match
layer, OpenSpiel adapter) independently of any real game. They implement the whole contract of
octosolve/core/game.py, so they are also the shortest worked example of it."""

from __future__ import annotations

from octosolve.core.errors import fail
from octosolve.core.game import CHANCE, TERMINAL, Game, GameInfo, State, decided_winners


class NimState(State):
    """Take 1-3 from a heap; who takes the last stone wins. Action a = take a+1."""

    def __init__(self, heap: int, player: int = 0, history=None):
        self.heap = heap
        self.player = player
        self.history = list(history or [])

    def current_player(self):
        return TERMINAL if self.heap == 0 else self.player

    def legal_actions(self):
        return [] if self.heap == 0 else list(range(min(3, self.heap)))

    def apply_action(self, action):
        if action not in self.legal_actions():
            fail(f"illegal action {action}")
        self.history.append((self.current_player(), action))
        self.heap -= action + 1
        if self.heap:
            self.player = 1 - self.player

    def clone(self):
        return NimState(self.heap, self.player, self.history)

    def is_terminal(self):
        return self.heap == 0

    def returns(self):
        if self.heap:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.player == 0 else [-1.0, 1.0]

    def winners(self):
        return decided_winners(self.returns()) if self.is_terminal() else []

    def to_json(self):
        return {"game": "toynim", "heap": self.heap, "to_move": self.player,
                "history": [list(h) for h in self.history]}

    def __str__(self):
        return f"heap={self.heap} to_move={self.player}"


def _nim_from_json(obj, cls=NimState, **extra):
    if not isinstance(obj, dict) or obj.get("game") != "toynim":
        fail("not a toy Nim position")
    try:
        heap, player = int(obj["heap"]), int(obj["to_move"])
        history = [(int(p), int(a)) for p, a in obj.get("history", [])]
    except (KeyError, TypeError, ValueError):
        fail("toy Nim position: heap and to_move must be integers")
    if heap < 0 or player not in (0, 1):
        fail("toy Nim position: impossible heap or player")
    return cls(heap, player, history, **extra)


class NimGame(Game):
    info = GameInfo("toynim", "Toy Nim", 2, 3, 30)

    def __init__(self, heap: int = 10):
        self.heap = heap

    def new_initial_state(self, seed=None):
        return NimState(self.heap)

    def state_from_json(self, obj):
        return _nim_from_json(obj)

    def params(self):
        return {"heap": self.heap}


class DiceNimState(NimState):
    """Nim whose starting heap is dealt at random (random_start), with a chance node after every
    move that may add one stone (probability 1/4)."""

    def __init__(self, heap, player=0, history=None, pending=False):
        super().__init__(heap, player, history)
        self.pending = pending

    def current_player(self):
        if self.heap == 0:
            return TERMINAL
        return CHANCE if self.pending else self.player

    def legal_actions(self):
        if self.pending:
            return [0, 1]
        return super().legal_actions()

    def chance_outcomes(self):
        return [(0, 0.75), (1, 0.25)]

    def apply_action(self, action):
        if self.pending:
            if action not in (0, 1):
                fail(f"illegal chance outcome {action}")
            self.history.append((CHANCE, action))
            self.heap += action
            self.pending = False
            return
        super().apply_action(action)
        self.pending = self.heap > 0

    def clone(self):
        return DiceNimState(self.heap, self.player, self.history, self.pending)

    def to_json(self):
        return dict(super().to_json(), pending=self.pending)


class DiceNimGame(Game):
    info = GameInfo("toydicenim", "Toy dice Nim", 2, 3, 200, max_chance_outcomes=2, random_start=True)

    def new_initial_state(self, seed=None):
        return DiceNimState(5 + (0 if seed is None else seed % 7))

    def state_from_json(self, obj):
        return _nim_from_json(obj, DiceNimState, pending=bool(obj.get("pending", False))
                              if isinstance(obj, dict) else False)


def new_toy_game(**params):
    return NimGame(**params)


def new_toy_player(name, game, seed=None, **options):
    from octosolve.core.players import RANDOM, UCT, make_player

    return make_player((RANDOM, UCT), name, game, seed=seed, **options)
