"""Oct8 computer players: random, greedy (best immediate score change), builder (the numba rollout
policy), flat-mc (determinised flat Monte Carlo over whole moves), mcts (information-set MCTS over
whole moves, :mod:`octosolve.oct8.search`) and openspiel-mcts.

``PLAYERS`` at the end is the registry (``octosolve.games`` reads it).
"""

from __future__ import annotations

import time

import numpy as np

from ..core.game import Player
from ..core.players import PlayerSpec, player_list
from ..core.seeding import py_random
from . import deck as R
from . import flat as F
from . import kernels as K
from .greedy import Oct8Greedy, attach_plans, exchange_plans  # noqa: F401 (re-exported)
from .twins import builder_choice_py

__all__ = ["Oct8Random", "Oct8Greedy", "Oct8Builder", "Oct8FlatMC", "make_mcts", "exchange_plans",
           "attach_plans", "builder_choice_py", "PLAYERS"]


class Oct8Random(Player):
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = py_random(seed, "oct8-random")

    def choose(self, state):
        return self.rng.choice(state.legal_actions())


class Oct8Builder(Player):
    """The rollout policy as a player (Python twin of the numba policy)."""

    name = "builder"

    def __init__(self, seed: int | None = None):
        self.rng = R.SplitMix64(seed or 0)

    def choose(self, state):
        return builder_choice_py(state, state.legal_actions(), self.rng)


def rollout_value(state, rng, me: int) -> float:
    """Builder-policy playout of ``state`` (numba) for every seat; ``me``'s win share (ties split)
    minus 1/n, plus 0.02 x the score margin over the best opponent."""
    S = F.from_python(state)
    tb = F.tables(state.cfg)
    mask = K.rollout_returns(S, tb.vals, tb.types, rng.getrandbits(63), np.ones(4, dtype=np.int64))
    n = state.n
    winners = [p for p in range(n) if mask >> p & 1]
    det = np.zeros(3, dtype=np.int64)
    scores = []
    for p in range(n):
        F.score_detail(S, p, det)
        scores.append(int(det[0]))
    win = (1.0 / len(winners) if me in winners else 0.0) - 1.0 / n
    return win + 0.02 * (scores[me] - max(scores[q] for q in range(n) if q != me))


class Oct8FlatMC(Player):
    """Determinised flat Monte Carlo over whole moves (no tree: the root's moves are compared).

    At an octopus action the candidate moves are: each legal draw, keeping the baby chips (extra
    actions), every attach that completes a shared octopus, and the exchanges (swap kernel) that gain
    the mover arms or take arms from an opponent (best ``max_exchanges`` by gain). Turn-draw placement and
    shipping choices are searched the same way. Each round draws a fresh determinisation of the
    hidden cards (other hands, decks, other players' colours) and a rollout seed, plays every candidate
    move on it and finishes the game with the numba builder policy for every seat; the move with the
    best total wins. ``simulations`` is the budget of playouts per decision (at least two rounds); with
    ``time_limit``, rounds are played until that many seconds of CPU (``time.process_time``) have passed
    (at least one; the clock is read between rounds). Discards follow greedy."""

    name = "flat-mc"

    def __init__(self, simulations: int = 100, seed: int | None = None, c: float = 0.4,
                 max_exchanges: int = 12, time_limit: float | None = None):
        self.simulations = simulations
        self.time_limit = time_limit
        self.c = c
        self.max_exchanges = max_exchanges
        self.rng = py_random(seed, "oct8-mcts")
        self.greedy = Oct8Greedy(seed)
        self.plan: list[int] = []

    def choose(self, state):
        legal = state.legal_actions()
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        self.plan = []
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == R.PH_MAIN:
            macros = self.candidates(state, legal)
        elif ph in (R.PH_PLACE, R.PH_SHIP):
            macros = [[a] for a in legal]
        else:
            return self.greedy.choose(state)
        if not macros:
            return self.greedy.choose(state)
        plan = macros[0] if len(macros) == 1 else self.search(state, macros)
        self.plan = list(plan[1:])
        return plan[0]

    def candidates(self, state, legal):
        macros = [[a] for a in legal if R.A_DRAW <= a <= R.A_STOP]
        macros += [plan for _, plan in attach_plans(state)]
        ex = [(own - opp, own, plan) for own, opp, plan in exchange_plans(state, with_opponent=True)
              if own > 0 or opp < 0]
        ex.sort(key=lambda x: (-x[0], -x[1]))
        macros += [plan for _, _, plan in ex[: self.max_exchanges]]
        return macros

    def search(self, state, macros):
        """Common random numbers: each round draws one determinisation and one rollout seed and
        scores every candidate move on them (paired comparisons need far fewer simulations)."""
        me = state.cur
        k = len(macros)
        rounds = max(2, self.simulations // k)
        deadline = None if self.time_limit is None else time.process_time() + float(self.time_limit)
        value = [0.0] * k
        done = 0
        while (done < rounds) if deadline is None else (done == 0 or time.process_time() < deadline):
            done += 1
            det = state.determinize(me, self.rng)
            seed = self.rng.getrandbits(63)
            for j, plan in enumerate(macros):
                s = det.clone()
                for a in plan:
                    s.apply_action(a)
                value[j] += rollout_value(s, _Seeded(seed), me)
        best = max(range(k), key=lambda m: value[m])
        return macros[best]


class _Seeded:
    """A stand-in rng whose getrandbits returns one fixed seed (common random numbers)."""

    def __init__(self, seed):
        self.seed = seed

    def getrandbits(self, _bits):
        return self.seed


def make_mcts(game=None, seed: int | None = None, simulations: int = 1000,
              time_limit: float | None = None) -> Player:
    """The tree search (:mod:`octosolve.oct8.search`): information-set MCTS over whole moves."""
    from .search import Oct8ISMCTS

    return Oct8ISMCTS(simulations=simulations, time_limit=time_limit, seed=seed)


PLAYERS = player_list("oct8", (
    PlayerSpec("random", "uniformly random legal decisions", lambda game, seed=None: Oct8Random(seed)),
    PlayerSpec("greedy", "best immediate change of its own score (completions, exchanges from the swap "
               "kernel), else draws", lambda game, seed=None: Oct8Greedy(seed)),
    PlayerSpec("builder", "the numba rollout policy: completes a shared octopus whenever it can, else draws",
               lambda game, seed=None: Oct8Builder(seed)),
    PlayerSpec("flat-mc", "determinised flat Monte Carlo over whole moves with numba builder playouts",
               lambda game, seed=None, simulations=100, time_limit=None:
               Oct8FlatMC(simulations=simulations, seed=seed, time_limit=time_limit),
               options=("simulations", "time_limit")),
    PlayerSpec("mcts", "information-set MCTS over whole moves (both sides' moves as flat-mc's candidates), "
               "progressive widening by immediate gain, numba builder playouts",
               make_mcts, options=("simulations", "time_limit")),
))  # + openspiel-mcts, registered by octosolve/interop/players.py


def new_player(name: str, game, *, seed: int | None = None, **options):
    """Player ``name`` of :data:`PLAYERS` for ``game`` (module level, so picklable: the match
    layer's ``new_player``)."""
    from ..core.players import make_player

    return make_player(PLAYERS, name, game, seed=seed, **options)
