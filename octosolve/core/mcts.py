"""A generic UCT Monte-Carlo tree search player over the common State API.

It works for any game of :mod:`octosolve.core.game`; games with hidden information should pass a
``determinize(state, player, rng)`` function that resamples what ``player`` cannot see, giving
determinised MCTS (a fresh determinisation for every simulation). Games may also pass a faster
``rollout(state, rng) -> returns`` (e.g. a numba playout).
"""

from __future__ import annotations

import math
from typing import Callable

from .game import CHANCE, Player, State, sample_chance
from .seeding import py_random


class _Node:
    __slots__ = ("children", "visits", "value")

    def __init__(self):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of returns of the player who moved into this node


def random_rollout(state: State, rng) -> list[float]:
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


class MCTSPlayer(Player):
    name = "mcts"

    def __init__(self, simulations: int = 400, c: float = 1.4, seed: int | None = None,
                 rollout: Callable[[State, object], list[float]] | None = None,
                 determinize: Callable[[State, int, object], State] | None = None):
        self.simulations = simulations
        self.c = c
        self.rng = py_random(seed, "mcts")
        self.rollout = rollout or random_rollout
        self.determinize = determinize

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        root = _Node()
        for _ in range(self.simulations):
            s = self.determinize(state, me, self.rng) if self.determinize else state.clone()
            self._simulate(root, s)
        return max(legal, key=lambda a: (root.children[a].visits, root.children[a].value)
                   if a in root.children else (-1, 0.0))

    def _simulate(self, root: _Node, s: State) -> None:
        node = root
        edges: list[tuple[int, _Node]] = []  # (mover, child node entered)
        while True:
            if s.is_terminal():
                ret = s.returns()
                break
            if s.current_player() == CHANCE:  # open loop: chance outcomes are not tree nodes
                s.apply_action(sample_chance(s, self.rng))
                continue
            mover = s.current_player()
            legal = s.legal_actions()
            # with determinisation the legal set can differ between simulations
            unexplored = [a for a in legal if a not in node.children]
            if unexplored:
                a = self.rng.choice(unexplored)
                child = node.children[a] = _Node()
                edges.append((mover, child))
                s.apply_action(a)
                ret = self.rollout(s, self.rng)
                break
            logn = math.log(node.visits + 1)
            best_a, best_u = legal[0], -math.inf
            for a in legal:
                ch = node.children[a]
                u = ch.value / ch.visits + self.c * math.sqrt(logn / ch.visits) if ch.visits else math.inf
                if u > best_u:
                    best_a, best_u = a, u
            node = node.children[best_a]
            edges.append((mover, node))
            s.apply_action(best_a)
        root.visits += 1
        for mover, child in edges:
            child.visits += 1
            child.value += ret[mover]
