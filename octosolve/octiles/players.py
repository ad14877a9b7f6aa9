"""Computer players for the Octiles games; the module ends with ``PLAYERS``.

* ``random``: uniformly random legal moves.
* ``greedy``: looks one turn ahead. In Move Over a turn is a placement plus a runner move: it tries
  every placement with the best runner move after it and keeps the turn whose position scores best
  (:func:`evaluate`). In Team Up it ranks placements by how many of its runner groups they join and
  tries the best ones with every runner move.
* ``mcts``: the UCT of :mod:`octosolve.core.mcts` with two Octiles hooks (:class:`OctilesHooks`):
  candidate pruning (only the ``width`` best actions by a cheap prior are searched at a node; runner
  moves are all kept) and a depth-limited rollout (a few plies of the prior's best action, random
  with probability ``epsilon``, then :func:`evaluate` turned into returns): the race games rarely end
  in a random playout, so a plain random rollout mostly sees the turn limit.
* ``uct``: the plain UCT of :mod:`octosolve.core.mcts` (random playouts, no game knowledge).
* ``openspiel-mcts``: OpenSpiel's generic MCTS bot (optional: needs ``pyspiel``).

>>> from octosolve.octiles.game import make_game
>>> from octosolve.core.players import make_player
>>> g = make_game()
>>> s = g.new_initial_state()
>>> s.apply_action(s.legal_actions()[0])  # the stack shows a tile
>>> make_player(PLAYERS, "Greedy", g, seed=1).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

import math

from ..core.game import CHANCE, Player, State, sample_chance
from ..core.mcts import MCTSPlayer
from ..core.players import RANDOM, UCT, PlayerSpec, player_list
from ..core.seeding import py_random
from .game import OctilesState
from .topology import MOVE_BASE, components, trace

__all__ = ["PLAYERS", "GreedyPlayer", "OctilesHooks", "octiles_mcts", "evaluate",
           "player_score", "runner_progress", "scored_actions"]


# ----------------------------------------------------------------------------------------------
# position evaluation
# ----------------------------------------------------------------------------------------------

def runner_progress(state: OctilesState, player: int, place: int) -> float:
    """How far a runner at ``place`` is from its start side towards its finish side (0..1; a
    runner on one of its finish circles scores 1.2)."""
    if place in state.finish_sets[player]:
        return 1.2
    x, y = state.topo.xy[place]
    side = state.start_side(player)
    return {"west": x / 5.0, "east": (5.0 - x) / 5.0,
            "north": (6.0 - y) / 5.0, "south": (y - 1.0) / 5.0}[side]


def player_score(state: OctilesState, player: int) -> float:
    """Heuristic progress of ``player`` in 0..~1.2."""
    if state.variant == "team-up":
        nr = len(state.pos[player])
        return (nr - components(state, player)) / (nr - 1)
    rs = state.pos[player]
    return sum(runner_progress(state, player, p) for p in rs) / len(rs)


def evaluate(state: OctilesState) -> list[float]:
    """Returns-like values in [-1, 1] for every player (exact returns when the game is over)."""
    if state.is_terminal():
        return state.returns()
    n = state.n
    sc = [player_score(state, p) for p in range(n)]
    if state.game.cfg.teams:
        t = [(sc[0] + sc[2]) / 2, (sc[1] + sc[3]) / 2]
        sc = [t[p % 2] for p in range(n)]
    out = []
    for p in range(n):
        others = [sc[q] for q in range(n) if q != p]
        out.append(math.tanh(3.0 * (sc[p] - sum(others) / len(others))))
    if state.game.cfg.teams:
        return out
    # keep the sum near zero, like the true returns
    m = sum(out) / n
    return [v - m for v in out]


# ----------------------------------------------------------------------------------------------
# greedy
# ----------------------------------------------------------------------------------------------

def _best_move(state: OctilesState, me: int, rng) -> tuple[int, float]:
    """Best runner-move action for ``me`` at a move phase, by the evaluation after it."""
    best, best_v = None, -math.inf
    for a in state.legal_actions():
        s = state.clone()
        s.apply_action(a)
        v = evaluate(s)[me] + rng.random() * 1e-6
        if v > best_v:
            best, best_v = a, v
    return best, best_v


def _value_after(state: OctilesState, a: int, me: int, rng) -> float:
    s = state.clone()
    s.apply_action(a)
    if not s.is_terminal() and s.current_player() == me and s.phase == "move":
        _, v = _best_move(s, me, rng)
        return v
    return evaluate(s)[me]


class GreedyPlayer(Player):
    name = "greedy"

    def __init__(self, seed: int | None = None, shortlist: int = 12):
        self.rng = py_random(seed, "greedy")
        self.shortlist = shortlist

    def choose(self, state: State) -> int:
        me = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "move":
            return _best_move(state, me, self.rng)[0]
        cands = legal
        if state.variant == "team-up":
            cands = self._shortlist(state, legal, me)
        best, best_v = legal[0], -math.inf
        for a in cands:
            v = _value_after(state, a, me, self.rng) + self.rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _shortlist(self, state, legal, me):
        """Team Up: rank the (many) placements by the runner groups they leave, keep the best."""
        scored = []
        for a in legal:
            if a >= MOVE_BASE:
                scored.append((-1, self.rng.random(), a))
                continue
            t, rest = divmod(a, 136)
            s, r = divmod(rest, 8)
            ta, ra = list(state.tile_at), list(state.rot_at)
            ta[s], ra[s] = t, r
            scored.append((components(state, me, ta, ra), self.rng.random(), a))
        scored.sort()
        return [a for _, _, a in scored[:self.shortlist]]


# ----------------------------------------------------------------------------------------------
# MCTS: the hooks of core/mcts.py
# ----------------------------------------------------------------------------------------------

def _move_gain(state: OctilesState, me: int, a: int) -> float:
    i, k = divmod(a - MOVE_BASE, 4)
    place = state.pos[me][i]
    if state.variant == "team-up":
        return 0.0
    dest, _ = trace(state.topo, state.tile_at, state.rot_at, place, k)
    return runner_progress(state, me, dest) - runner_progress(state, me, place)


def scored_actions(state: OctilesState, rng, sample: int | None = None) -> list[tuple[float, int]]:
    """A cheap prior: each legal action (at most ``sample`` placements, drawn at random, in Team Up
    and the full game) with a score, best first. Move Over placements score the best runner gain
    they allow; Team Up placements score the runner groups they join."""
    me = state.cur
    legal = state.legal_actions()
    out = []
    moves = [a for a in legal if MOVE_BASE <= a < MOVE_BASE + 20]
    others = [a for a in legal if not MOVE_BASE <= a < MOVE_BASE + 20]
    for a in moves:
        if state.variant == "team-up":
            # how many of the mover's runner groups the move joins (a win scores above all)
            c = state.clone()
            c.apply_action(a)
            if c.is_terminal():
                v = 2.0 if me in c.winners() else -1.0
            else:
                nr = len(c.pos[me])
                v = (nr - components(c, me)) / (nr - 1)
        else:
            v = _move_gain(state, me, a)
        out.append((v + rng.random() * 1e-3, a))
    if sample is not None and len(others) > sample:
        others = rng.sample(others, sample)
    if others:
        ta, ra = state.tile_at, state.rot_at
        for a in others:
            if a >= MOVE_BASE:  # rotate / pass / resign
                out.append((-0.5 + rng.random() * 1e-3, a))
                continue
            t, rest = divmod(a, 136)
            sp, r = divmod(rest, 8)
            old = ta[sp], ra[sp]
            ta[sp], ra[sp] = t, r
            if state.variant == "team-up":
                nr = len(state.pos[me])
                v = (nr - components(state, me)) / (nr - 1)
            else:
                need = sp if state.variant == "move-over" else -1
                ms = state.runner_moves(me, need)
                v = -0.05
                for i, k, dest in ms:
                    place = state.pos[me][i]
                    v = max(v, runner_progress(state, me, dest) - runner_progress(state, me, place))
            ta[sp], ra[sp] = old
            out.append((v + rng.random() * 1e-3, a))
    out.sort(reverse=True)
    return out


def _key(state: OctilesState):
    """Everything the legal actions depend on."""
    return (state.cur, state.phase, state.top, state.placed_space, tuple(state.tile_at),
            tuple(state.rot_at), tuple(map(tuple, state.pos)), tuple(state.pool),
            tuple(sorted(state.marks.items())), tuple(state.resigned))


class OctilesHooks:
    """The Octiles game knowledge passed to :class:`octosolve.core.mcts.MCTSPlayer`.

    ``candidates(state, legal)``: at a move phase every runner move; otherwise the ``width`` best
    actions by :func:`scored_actions` (cached per position). ``rollout(state, rng)``: ``depth`` player
    actions of the prior's best action (a random legal action with probability ``epsilon``; chance
    sampled), then :func:`evaluate`.
    """

    def __init__(self, seed: int | None = None, depth: int = 4, width: int = 8, epsilon: float = 0.2):
        self.rng = py_random(seed, "octiles-prior")
        self.depth, self.width, self.epsilon = depth, width, epsilon
        self._prior: dict = {}

    def candidates(self, state: OctilesState, legal=None) -> list[int]:
        key = _key(state)
        got = self._prior.get(key)
        if got is None:
            if len(self._prior) > 200_000:
                self._prior.clear()
            sc = scored_actions(state, self.rng)
            moves = [a for _, a in sc if MOVE_BASE <= a < MOVE_BASE + 20]
            got = moves if state.phase == "move" else [a for _, a in sc[:self.width]]
            got = got or [a for _, a in sc]
            self._prior[key] = got
        return list(got)

    def rollout(self, s: OctilesState, rng) -> list[float]:
        steps = 0
        while not s.is_terminal() and steps < self.depth:
            if s.current_player() == CHANCE:
                s.apply_action(sample_chance(s, rng))
                continue
            if rng.random() < self.epsilon:
                s.apply_action(rng.choice(s.legal_actions()))
            else:
                s.apply_action(self.candidates(s)[0])
            steps += 1
        return evaluate(s)


def octiles_mcts(simulations: int = 200, seed: int | None = None, depth: int = 4, c: float = 0.7,
                 width: int = 8, epsilon: float = 0.2, time_limit: float | None = None) -> MCTSPlayer:
    """``mcts``: core UCT with the Octiles candidate pruning and depth-limited rollout
    (``time_limit``: at most that many seconds of CPU a move, see :class:`MCTSPlayer`)."""
    hooks = OctilesHooks(seed, depth=depth, width=width, epsilon=epsilon)
    p = MCTSPlayer(simulations=simulations, c=c, seed=seed, rollout=hooks.rollout,
                   candidates=hooks.candidates, time_limit=time_limit)
    p.name = "mcts"
    p.hooks = hooks
    return p


# ----------------------------------------------------------------------------------------------
# the registry
# ----------------------------------------------------------------------------------------------

def _greedy(game, seed: int | None = None) -> Player:
    return GreedyPlayer(seed)


def _mcts(game, seed: int | None = None, simulations: int = 200,
          time_limit: float | None = None) -> Player:
    return octiles_mcts(simulations=simulations, seed=seed, time_limit=time_limit)


PLAYERS = player_list("octiles", (
    RANDOM,
    PlayerSpec("greedy", "one turn ahead: every placement with its best runner move, by a progress "
               "evaluation", _greedy),
    PlayerSpec("mcts", "UCT (core/mcts.py) with Octiles candidate pruning and a depth-4 rollout "
               "of the prior's best action, then the progress evaluation", _mcts,
               options=("simulations", "time_limit")),
    UCT,
))  # + openspiel-mcts, registered by octosolve/interop/players.py


def new_player(name: str, game, *, seed: int | None = None, **options):
    """Player ``name`` of :data:`PLAYERS` for ``game`` (module level, so picklable: the match
    layer's ``new_player``)."""
    from ..core.players import make_player

    return make_player(PLAYERS, name, game, seed=seed, **options)
