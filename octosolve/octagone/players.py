"""Computer players for Octagone: random, greedy, mcts (the core UCT with informed numba playouts),
alphabeta (exact solver late in the game), openspiel-mcts (OpenSpiel's MCTS bot, optional).

>>> [s.name for s in PLAYERS]
['random', 'greedy', 'mcts', 'alphabeta', 'openspiel-mcts']
"""

from __future__ import annotations

import numpy as np

from ..core.errors import OctoError
from ..core.game import Player
from ..core.mcts import MCTSPlayer, random_rollout
from ..core.players import RANDOM, PlayerSpec, player_list
from ..core.seeding import derive_seed, py_random
from .geometry import DAMA_ACTIONS, JOLLY_KIND, JOLLY_SELF, PASS, PLACE_BASE, colour_of_cell
from .playouts import line_tables, playout_greedy_nb, playout_nb
from .rules import OctagoneState
from .solve import solve, solver_position

__all__ = ["GreedyPlayer", "AlphaBetaPlayer", "informed_rollout", "fast_rollout", "playout_margin",
           "PLAYERS", "ROLLOUT_EPS"]


class GreedyPlayer(Player):
    """One-ply heuristic: a move that ends the game in our favour, else one that leaves the next
    opponent unable to answer (a forced pass), else an Octagone IV extra turn; keep jollies for
    later (coloured shield first); random tie-break. A four-player pair keeps its extra jolly with
    the player choosing (who plays before the partner).

    With hidden shields it never reads another player's hand: each move is scored on ``samples``
    determinisations (``state.determinize``: the unseen shields dealt again) and the scores averaged."""

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: int = 8):
        self.rng = py_random(seed, "greedy")
        self.samples = samples

    @staticmethod
    def value(state: OctagoneState, a: int) -> float:
        """The score of ``a`` in ``state`` (without the random tie-break)."""
        me = state.to_move
        child = state.clone()
        child.apply_action(a)
        if child.over:
            return 1000.0 * child.returns()[me]
        s = 0.0
        nxt = child.to_move
        if nxt % 2 != me % 2:  # an opponent (2 players: the other; 4: the other pair)
            if not child.can_answer(nxt, colour_of_cell(child.target())):
                s += 10.0
        elif nxt == me:
            s += 5.0  # an extra turn
        if PLACE_BASE <= a < PASS and (a - PLACE_BASE) // 8 == JOLLY_KIND:
            s -= 2.0
        return s

    def score(self, state: OctagoneState, a: int) -> float:
        return self.value(state, a) + self.rng.random()

    def choose(self, state: OctagoneState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if legal[0] == JOLLY_SELF:
            return JOLLY_SELF
        if legal[0] < DAMA_ACTIONS:  # the Dama Bianca: anywhere; the arrow does not matter much
            return self.rng.choice(legal)
        if not state.params.hidden:
            return max(legal, key=lambda a: self.score(state, a))
        views = [state.determinize(state.to_move, self.rng) for _ in range(self.samples)]
        return max(legal, key=lambda a: sum(self.value(v, a) for v in views) / len(views)
                   + self.rng.random())


_TABLES: dict[str, tuple] = {}


def _tables(mode: str):
    if mode not in _TABLES:
        _TABLES[mode] = line_tables(mode)
    return _TABLES[mode]


def playout_margin(state: OctagoneState, rng, eps: float | None = None) -> int | None:
    """Final margin for the player to move of one numba playout (random if ``eps`` is None, else
    informed with that share of random moves), or None where the kernel does not apply (4 players,
    IV, the Dama on the board, a finished game)."""
    if state.n != 2 or state.params.variant == "iv" or state.dama >= 0 or state.last < 0 \
            or state.over:
        return None
    occ, hands, t, p = solver_position(state)
    mode = state.params.mode
    lines, lens = _tables(mode)
    far = mode != "none"
    if eps is None:
        return int(playout_nb(np.int64(occ), hands, t, p, lines, lens, far, rng.randrange(2**31)))
    return int(playout_greedy_nb(np.int64(occ), hands, t, p, lines, lens, far, rng.randrange(2**31),
                                 float(eps)))


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
    """Informed playout (numba :func:`.playouts.playout_greedy_nb`: the greedy player's one-ply rule
    with ``eps`` random moves) where the kernel applies, else a random one. Win/loss returns."""
    m = playout_margin(state, rng, eps)
    return random_rollout(state, rng) if m is None else _returns_from_margin(state, m)


class AlphaBetaPlayer(Player):
    """Exact play (numba alpha-beta) once at most ``exact_free`` cells are free in a 2-player
    standard/KIDS game; before that (and in IV / 4 players, or when the search runs out of its node
    budget) it plays like its ``fallback``."""

    name = "alphabeta"

    def __init__(self, seed: int | None = None, exact_free: int = 18, max_nodes: int = 3_000_000,
                 fallback: Player | None = None, time_limit: float | None = None):
        self.exact_free = exact_free
        self.max_nodes = max_nodes
        # time_limit: the fallback search's CPU seconds a move at most (see MCTSPlayer)
        self.fallback = fallback or MCTSPlayer(simulations=300, seed=derive_seed(seed, "ab-fallback"),
                                               rollout=informed_rollout, time_limit=time_limit)
        self.exact_moves = 0

    def choose(self, state: OctagoneState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        free = sum(1 for b in state.board if b < 0)
        if state.n == 2 and state.params.variant != "iv" and state.last >= 0 and free <= self.exact_free:
            try:
                r = solve(state, max_nodes=self.max_nodes, tt_bits=20)
            except OctoError:
                r = {"proven": False}
            if r["proven"] and r["best_action"] is not None:
                self.exact_moves += 1
                return r["best_action"]
        return self.fallback.choose(state)


def _greedy(game, seed=None):
    return GreedyPlayer(derive_seed(seed, "greedy"))


def _mcts(game, seed=None, simulations: int = 400, time_limit: float | None = None):
    p = MCTSPlayer(simulations=simulations, seed=derive_seed(seed, "mcts"), rollout=informed_rollout,
                   time_limit=time_limit)
    p.name = "mcts"
    return p


def _alphabeta(game, seed=None, time_limit: float | None = None):
    return AlphaBetaPlayer(seed, time_limit=time_limit)


PLAYERS = player_list("octagone", (
    RANDOM,
    PlayerSpec("greedy", "one-ply rule: win now, else force a pass, keep jollies; reads no hidden hand",
               _greedy),
    PlayerSpec("mcts", "UCT (core MCTSPlayer) with informed numba playouts and determinised hidden "
               "shields", _mcts, options=("simulations", "time_limit")),
    PlayerSpec("alphabeta", "exact alpha-beta once at most 18 cells are free (2 players, open shields), "
               "MCTS with 300 simulations before", _alphabeta, options=("time_limit",)),
))  # + openspiel-mcts, registered by octosolve/interop/players.py


def new_player(name: str, game, *, seed: int | None = None, **options):
    """Player ``name`` of :data:`PLAYERS` for ``game`` (module level, so picklable: the match
    layer's ``new_player``)."""
    from ..core.players import make_player

    return make_player(PLAYERS, name, game, seed=seed, **options)
