"""One UCT Monte-Carlo tree search player over the common State API, with hooks.

Every game's search player is this class with game knowledge passed in as hooks:

- ``rollout(state, rng) -> returns``: how a new leaf is valued (default: random playout to the end;
  a game may pass a numba playout, an informed playout, or a depth-limited playout with an
  evaluation);
- ``candidates(state, legal) -> list``: which legal actions the tree considers at a node (default:
  all; a game with hundreds of moves may prune to a shortlist; the list must be non-empty and a
  subset of ``legal``);
- ``determinize(state, player, rng) -> state``: for hidden information, a fresh sample of what the
  searching player cannot see for every simulation (default: ``state.determinize(player, rng)``,
  which is a plain clone for perfect-information games).

A search may also have a time budget (``time_limit``: seconds of the searching thread's CPU time,
``time.thread_time``): it stops at its ``simulations`` or at its budget, whichever comes first, and
plays its best so far (after at least one simulation). The web app's levels use it as a cap, so a
slow position costs the player a few simulations rather than the person a long wait.

Chance nodes are open loop (outcomes are sampled, not tree nodes). The value stored at a node is the
sum of the returns of the player who moved into it; selection maximises mean + c * sqrt(ln N / n).
"""

from __future__ import annotations

import math
import time
from typing import Callable

from .game import CHANCE, Player, State, sample_chance
from .seeding import py_random

__all__ = ["MCTSPlayer", "random_rollout"]


class _Node:
    __slots__ = ("children", "visits", "value")

    def __init__(self):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of returns of the player who moved into this node


def random_rollout(state: State, rng) -> list[float]:
    """Uniformly random moves (and chance outcomes) to the end; the final returns."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


def _own_determinize(state: State, player: int, rng) -> State:
    return state.determinize(player, rng)


class MCTSPlayer(Player):
    """UCT with hooks (see the module docstring). ``simulations`` per move, at most ``time_limit``
    seconds of the thread's CPU time per move when given (its best after the simulations that
    fit; ``last_simulations`` says how many); ``seed`` for its rng."""

    name = "mcts"

    def __init__(self, simulations: int = 400, c: float = 1.4, seed: int | None = None,
                 rollout: Callable[[State, object], list[float]] | None = None,
                 determinize: Callable[[State, int, object], State] | None = None,
                 candidates: Callable[[State, list[int]], list[int]] | None = None,
                 time_limit: float | None = None):
        self.simulations = int(simulations)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.last_simulations = 0
        self.c = c
        self.rng = py_random(seed, "mcts")
        self.rollout = rollout or random_rollout
        self.determinize = determinize or _own_determinize
        self.candidates = candidates
        self.last_shares: dict[int, float] = {}

    def _actions(self, s: State) -> list[int]:
        legal = s.legal_actions()
        if self.candidates is not None and len(legal) > 1:
            return self.candidates(s, legal)
        return legal

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        root = _Node()
        deadline = None if self.time_limit is None else time.thread_time() + self.time_limit
        done = 0
        while done < self.simulations:
            self._simulate(root, self.determinize(state, me, self.rng))
            done += 1
            if deadline is not None and time.thread_time() >= deadline:
                break
        self.last_simulations = done
        # each root action's share of the visits (how sure the search is; read by the web app's hints)
        total = sum(ch.visits for ch in root.children.values()) or 1
        self.last_shares = {a: ch.visits / total for a, ch in root.children.items()}
        # the most visited root action among the legal ones (ties: higher value, then lower action)
        return max(legal, key=lambda a: (root.children[a].visits, root.children[a].value, -a)
                   if a in root.children else (-1, 0.0, -a))

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
            acts = self._actions(s)
            # with determinisation the legal set can differ between simulations
            unexplored = [a for a in acts if a not in node.children]
            if unexplored:
                a = self.rng.choice(unexplored)
                child = node.children[a] = _Node()
                edges.append((mover, child))
                s.apply_action(a)
                ret = self.rollout(s, self.rng)
                break
            logn = math.log(node.visits + 1)
            best_a, best_u = acts[0], -math.inf
            for a in acts:
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
