"""Computer players for the Octiles games: random, greedy, and MCTS (UCT with a heuristic rollout).

* ``greedy``: looks one turn ahead. In Move Over a turn is a placement plus a runner move: it tries
  every placement with the best runner move after it and keeps the turn whose position scores best
  (:func:`evaluate`). In Team Up it ranks placements by how many of its runner groups they join and
  tries the best ones with every runner move.
* ``mcts``: the generic UCT of :mod:`octosolve.core.mcts` over the state API, with a truncated
  rollout (a few plies of a light greedy policy, then :func:`evaluate` turned into returns): the race
  games rarely end in a random playout, so a plain random rollout mostly sees the turn limit.
"""

from __future__ import annotations

import math

from ..core.errors import fail
from ..core.game import CHANCE, Player, RandomPlayer, State, sample_chance
from ..core.mcts import MCTSPlayer
from ..core.seeding import py_random
from .games import MOVE_BASE, OctilesState, components, trace

PLAYER_NAMES = ("random", "greedy", "mcts", "uct", "openspiel-mcts")


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
    if state.game.params.teams:
        t = [(sc[0] + sc[2]) / 2, (sc[1] + sc[3]) / 2]
        sc = [t[p % 2] for p in range(n)]
    out = []
    for p in range(n):
        others = [sc[q] for q in range(n) if q != p]
        out.append(math.tanh(3.0 * (sc[p] - sum(others) / len(others))))
    if state.game.params.teams:
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
# MCTS
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
                v = 2.0 if me in c.winners else -1.0
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


class _Node:
    __slots__ = ("children", "visits", "value")

    def __init__(self):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0


class OctilesMCTS(Player):
    """UCT over the state API with two game-specific helps: at each node only the ``width`` best
    actions by :func:`scored_actions` are searched (runner moves are all kept), and the rollout is
    ``depth`` player actions of the prior's best action (random with probability ``epsilon``)
    followed by :func:`evaluate`. Chance (the next tile) is sampled, open loop."""

    name = "mcts"

    def __init__(self, simulations: int = 200, seed: int | None = None, depth: int = 4,
                 c: float = 0.7, width: int = 8, epsilon: float = 0.2):
        self.simulations = simulations
        self.rng = py_random(seed, "octiles-mcts")
        self.depth, self.c, self.width, self.epsilon = depth, c, width, epsilon
        self._prior: dict = {}

    def _candidates(self, state: OctilesState) -> list[int]:
        key = _key(state)
        got = self._prior.get(key)
        if got is None:
            sc = scored_actions(state, self.rng)
            moves = [a for _, a in sc if MOVE_BASE <= a < MOVE_BASE + 20]
            got = moves if state.phase == "move" else [a for _, a in sc[:self.width]]
            got = got or [a for _, a in sc]
            self._prior[key] = got
        return got

    def _policy(self, state: OctilesState) -> int:
        if self.rng.random() < self.epsilon:
            return self.rng.choice(state.legal_actions())
        return self._candidates(state)[0]

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if len(self._prior) > 200_000:
            self._prior.clear()
        root = _Node()
        for _ in range(self.simulations):
            self._simulate(root, state.clone())
        cands = self._candidates(state)
        return max(cands, key=lambda a: (root.children[a].visits, root.children[a].value)
                   if a in root.children else (-1, 0.0))

    def _simulate(self, root: _Node, s: OctilesState) -> None:
        node = root
        edges = []
        while True:
            if s.is_terminal():
                ret = s.returns()
                break
            if s.current_player() == CHANCE:
                s.apply_action(sample_chance(s, self.rng))
                continue
            mover = s.current_player()
            cands = self._candidates(s)
            unexplored = [a for a in cands if a not in node.children]
            if unexplored:
                a = unexplored[0]  # best prior first
                child = node.children[a] = _Node()
                edges.append((mover, child))
                s.apply_action(a)
                ret = self._rollout(s)
                break
            logn = math.log(node.visits + 1)
            best_a, best_u = cands[0], -math.inf
            for a in cands:
                ch = node.children[a]
                u = ch.value / ch.visits + self.c * math.sqrt(logn / ch.visits)
                if u > best_u:
                    best_a, best_u = a, u
            node = node.children[best_a]
            edges.append((mover, node))
            s.apply_action(best_a)
        root.visits += 1
        for mover, child in edges:
            child.visits += 1
            child.value += ret[mover]

    def _rollout(self, s: OctilesState) -> list[float]:
        steps = 0
        while not s.is_terminal() and steps < self.depth:
            if s.current_player() == CHANCE:
                s.apply_action(sample_chance(s, self.rng))
                continue
            s.apply_action(self._policy(s))
            steps += 1
        return evaluate(s)


class GenericMCTS(MCTSPlayer):
    """The plain generic UCT of :mod:`octosolve.core.mcts` (random rollouts), for comparison."""

    name = "uct"


def make_player(name: str, game, *, seed: int | None = None, simulations: int = 200) -> Player:
    name = name.strip().lower()
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "mcts":
        return OctilesMCTS(simulations=simulations, seed=seed)
    if name == "uct":
        return GenericMCTS(simulations=simulations, seed=seed)
    if name == "openspiel-mcts":
        from ..interop import openspiel

        if not openspiel.available():
            fail("openspiel-mcts needs OpenSpiel: pip install -e '.[openspiel]'")
        return openspiel.OpenSpielMCTSPlayer(game, simulations=simulations, seed=seed or 0)
    fail(f"unknown player {name!r} (choose from {', '.join(PLAYER_NAMES)})")


# ----------------------------------------------------------------------------------------------
# matches and game records
# ----------------------------------------------------------------------------------------------

def play_game(game_kwargs: dict, names: list[str], seed: int | None, simulations: int = 200) -> dict:
    """Play one game; returns its record (JSON-ready)."""
    from ..core.seeding import derive_seed
    from .games import action_name, make_game, to_json

    game = make_game(players=len(names), **game_kwargs)
    state = game.new_initial_state()
    players = [make_player(nm, game, seed=derive_seed(seed, "player", i), simulations=simulations)
               for i, nm in enumerate(names)]
    chance = py_random(seed, "octiles-chance")
    moves = []
    while not state.is_terminal():
        p = state.current_player()
        a = sample_chance(state, chance) if p == CHANCE else players[p].choose(state)
        moves.append({"turn": state.turn, "player": p, "action": int(a),
                      "text": action_name(a, state)})
        state.apply_action(a)
    across = None
    if state.variant != "team-up":
        across = [sum(p in state.finish_sets[q] for p in state.pos[q]) for q in range(state.n)]
    return {"game": game_kwargs.get("variant", "move-over"), "players": list(names),
            "runners_across": across,
            "seed": seed, "moves": moves,
            "turns": max((m["turn"] + 1 for m in moves if m["player"] >= 0), default=0),
            "winners": state.winners,
            "winner_names": [names[w] for w in state.winners],
            "end_reason": state.end_reason, "returns": state.returns(), "final": to_json(state)}


def record_text(rec: dict) -> str:
    lines = [f"Octiles {rec['game']}: " + ", ".join(f"player {i} = {n}" for i, n in
                                                    enumerate(rec["players"])) + f" (seed {rec['seed']})"]
    for m in rec["moves"]:
        if m["player"] < 0:
            lines.append(f"  stack shows tile {m['action']}")
            continue
        lines.append(f"{m['turn'] + 1:4d}. player {m['player']}: {m['text']}")
    w = rec["winners"]
    lines.append(f"Result after {rec['turns']} turns: "
                 + (("winner(s): " + ", ".join(f"player {i} ({rec['players'][i]})" for i in w)) if w
                    else "no winner") + f" [{rec['end_reason']}]")
    lines.append("Runners: " + "; ".join(f"player {i}: {' '.join(r)}"
                                         for i, r in enumerate(rec["final"]["runners"])))
    return "\n".join(lines)


def _match_task(task):
    game_kwargs, names, seed, sims = task
    rec = play_game(game_kwargs, names, seed, sims)
    del rec["moves"]
    return rec


def match(game_kwargs: dict, names: list[str], games: int, seed: int | None, simulations: int = 200,
          workers: int | None = 1, scheduler: str | None = None, progress_label: str | None = None) -> dict:
    """Play ``games`` games, rotating the seats (game g seats player ``names[(i + g) % n]`` at i).
    Results per name: wins, losses, draws, with a Wilson interval on the score."""
    from ..core.batch import run_batch
    from ..core.seeding import derive_seed
    from ..core.stats import wilson_interval

    n = len(names)
    tasks = []
    for g in range(games):
        seated = [names[(i + g) % n] for i in range(n)]
        tasks.append((game_kwargs, seated, derive_seed(seed, "match", g), simulations))
    recs = run_batch(_match_task, tasks, workers=workers, scheduler=scheduler,
                     desc=progress_label or "games")
    stats = {nm: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "runners_across": 0}
             for nm in dict.fromkeys(names)}
    for rec in recs:
        w = set(rec["winners"])
        for i, nm in enumerate(rec["players"]):
            st = stats[nm]
            st["games"] += 1
            if rec["runners_across"] is not None:
                st["runners_across"] += rec["runners_across"][i]
            if not w:
                st["draws"] += 1
            elif i in w:
                st["wins"] += 1
            else:
                st["losses"] += 1
    for nm, st in stats.items():
        score = st["wins"] + 0.5 * st["draws"]
        lo, hi = wilson_interval(score, st["games"]) if st["games"] else (0.0, 0.0)
        st["score"] = score / st["games"] if st["games"] else 0.0
        st["runners_across_per_game"] = st["runners_across"] / st["games"] if st["games"] else 0.0
        st["score_ci95"] = [lo, hi]
    return {"game": game_kwargs, "players": list(names), "games": games, "seed": seed,
            "simulations": simulations, "results": stats,
            "games_list": [{"players": r["players"], "winners": r["winners"], "turns": r["turns"],
                            "runners_across": r["runners_across"],
                            "end_reason": r["end_reason"], "runners": r["final"]["runners"]}
                           for r in recs]}
