"""Computer players for Octagone: random, greedy, MCTS (numba playouts), alpha-beta (exact solver)."""

from __future__ import annotations

import numpy as np

from ..core.errors import fail
from ..core.game import Player, RandomPlayer
from ..core.mcts import MCTSPlayer, random_rollout
from ..core.seeding import derive_seed, py_random
from . import kernels as K
from .rules import (DAMA_ACTIONS, JOLLY_KIND, PASS, PLACE_BASE, OctagoneState,
                    colour_of_cell)

PLAYER_NAMES = ("random", "greedy", "mcts", "alphabeta", "openspiel")


class GreedyPlayer(Player):
    """One-ply heuristic: a move that ends the game in our favour, else one that leaves the next
    opponent unable to answer (a forced pass), else an Octagone IV extra turn; keep jollies for
    later (coloured shield first); random tie-break."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = py_random(seed, "greedy")

    def score(self, state: OctagoneState, a: int) -> float:
        me = state.to_move
        child = state.clone()
        child.apply_action(a)
        if child.over:
            r = child.returns()[me]
            return 1000.0 * r
        s = 0.0
        nxt = child.to_move
        if nxt % 2 != me % 2:  # an opponent (2 players: the other; 4: the other pair)
            if not child.can_answer(nxt, colour_of_cell(child.target())):
                s += 10.0
        elif nxt == me:
            s += 5.0  # an extra turn
        if PLACE_BASE <= a < PASS and (a - PLACE_BASE) // 8 == JOLLY_KIND:
            s -= 2.0
        return s + self.rng.random()

    def choose(self, state: OctagoneState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if legal[0] < DAMA_ACTIONS:  # the Dama Bianca: anywhere; the arrow does not matter much
            return self.rng.choice(legal)
        return max(legal, key=lambda a: self.score(state, a))


def playout_margin(state: OctagoneState, rng, eps: float | None = None) -> int | None:
    """Final margin for the player to move of one numba playout (random if ``eps`` is None, else
    informed with that share of random moves), or None where the kernel does not apply (4 players,
    IV, the Dama on the board, a finished game)."""
    if state.n == 2 and state.params.variant != "iv" and state.dama < 0 and state.last >= 0 \
            and not state.over:
        from .solve import solver_position, tables

        occ, hands, t, p = solver_position(state)
        kids = state.params.variant == "kids"
        lines, lens = tables(not kids)
        if eps is None:
            return int(K.playout_nb(np.int64(occ), hands, t, p, lines, lens, not kids, rng.randrange(2**31)))
        return int(K.playout_greedy_nb(np.int64(occ), hands, t, p, lines, lens, not kids,
                                       rng.randrange(2**31), float(eps)))
    return None


def _returns_from_margin(state: OctagoneState, m: int) -> list[float]:
    if m == 0:
        return [0.0, 0.0]
    p = state.to_move
    win = p if m > 0 else 1 - p
    return [1.0 if q == win else -1.0 for q in range(2)]


def fast_rollout(state: OctagoneState, rng) -> list[float]:
    """Uniformly random playout: numba kernel for 2-player standard/KIDS positions without the Dama
    on the board, the rules engine otherwise. Returns win/loss (+1/-1, 0 for a tie)."""
    m = playout_margin(state, rng)
    return random_rollout(state, rng) if m is None else _returns_from_margin(state, m)


ROLLOUT_EPS = 0.1


def informed_rollout(state: OctagoneState, rng, eps: float = ROLLOUT_EPS) -> list[float]:
    """Informed playout (numba :func:`.kernels.playout_greedy_nb`: the greedy player's one-ply rule
    with ``eps`` random moves) where the kernel applies, else a random one. Win/loss returns."""
    m = playout_margin(state, rng, eps)
    return random_rollout(state, rng) if m is None else _returns_from_margin(state, m)


def determinize(state: OctagoneState, player: int, rng) -> OctagoneState:
    """Hidden shields: redeal the other players' shields from what ``player`` cannot see, keeping
    each hand's size."""
    s = state.clone()
    if not state.params.hidden:
        return s
    pool = []
    for q in range(state.n):
        if q != player:
            for t, c in enumerate(s.hands[q]):
                pool += [t] * c
    rng.shuffle(pool)
    i = 0
    for q in range(state.n):
        if q == player:
            continue
        size = sum(s.hands[q])
        h = [0] * len(s.hands[q])
        for t in pool[i:i + size]:
            h[t] += 1
        i += size
        s.hands[q] = h
    return s


class AlphaBetaPlayer(Player):
    """Exact play (numba alpha-beta) once at most ``exact_free`` cells are free in a 2-player
    standard/KIDS game; before that (and in IV / 4 players) it plays like its ``fallback``."""

    name = "alphabeta"

    def __init__(self, seed: int | None = None, exact_free: int = 18, max_nodes: int = 3_000_000,
                 fallback: Player | None = None):
        self.exact_free = exact_free
        self.max_nodes = max_nodes
        self.fallback = fallback or MCTSPlayer(simulations=300, seed=derive_seed(seed, "ab-fallback"),
                                               rollout=informed_rollout, determinize=determinize)
        self.exact_moves = 0

    def choose(self, state: OctagoneState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        free = sum(1 for b in state.board if b < 0)
        if state.n == 2 and state.params.variant != "iv" and state.last >= 0 and free <= self.exact_free:
            from ..core.errors import OctoError
            from .solve import solve

            try:
                r = solve(state, max_nodes=self.max_nodes, tt_bits=20)
                if r["best_action"] is not None:
                    self.exact_moves += 1
                    return r["best_action"]
            except OctoError:
                pass
        return self.fallback.choose(state)


def make_player(name: str, seed: int | None, *, simulations: int = 400, game=None) -> Player:
    name = name.strip().lower()
    if name == "random":
        return RandomPlayer(derive_seed(seed, "random"))
    if name == "greedy":
        return GreedyPlayer(derive_seed(seed, "greedy"))
    if name == "mcts":
        return MCTSPlayer(simulations=simulations, seed=derive_seed(seed, "mcts"), rollout=informed_rollout,
                          determinize=determinize)
    if name == "alphabeta":
        return AlphaBetaPlayer(seed)
    if name == "openspiel":
        from ..interop import openspiel as osp

        if not osp.available():
            fail("the 'openspiel' player needs OpenSpiel: pip install -e '.[openspiel]'")
        return osp.OpenSpielMCTSPlayer(game, simulations=simulations, seed=derive_seed(seed, "os") % 2**31)
    fail(f"unknown player {name!r} (choose from {', '.join(PLAYER_NAMES)})")
