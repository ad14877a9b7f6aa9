"""Octiles games on the common state API: "Move Over", "Octiles" (the full game) and "Team Up".

Rules interpretations: docs/rules/octiles-games.md. The board tables and the action layout are in
:mod:`octosolve.octiles.topology`. Chance outcomes (Move Over and Octiles): the id (0..17) of the tile
revealed on top of the stack; nothing else is hidden (the stack's order is drawn at the chance nodes,
not in advance), so ``observation_string`` is the whole position for every player and
``determinize`` is ``clone``.

A position document (``to_json``) holds the game's parameters, the whole history and the position
it leads to; ``OctilesGame.state_from_json`` replays the history and refuses a document whose
position differs from it.

>>> g = make_game(variant="team-up")
>>> s = g.new_initial_state()
>>> s.apply_action(s.legal_actions()[0])
>>> g.state_from_json(s.to_json()).to_json() == s.to_json()
True
>>> s.winners(), s.is_terminal()
([], False)
"""

from __future__ import annotations

import json
from dataclasses import asdict

from ..core.errors import OctoError, fail
from ..core.seeding import whole_seed
from ..core.game import CHANCE, TERMINAL, Game, GameInfo, State, as_action
from .moves import describe, notation
from .topology import (MOVE_BASE, N_SPACES, N_TILES, NUM_ACTIONS, PASS, RESIGN, ROTATE_BASE, VARIANTS,
                       Params, components, seats, short_name, start_places, teamup_placements,
                       topology, trace)

__all__ = ["OctilesGame", "OctilesState", "make_game", "MAX_TURNS", "returns_for", "to_json", "Params", "VARIANTS",
           "MOVE_BASE", "ROTATE_BASE", "PASS", "RESIGN", "NUM_ACTIONS", "N_TILES", "N_SPACES",
           "topology", "trace", "components", "notation", "describe"]



# ----------------------------------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------------------------------

class OctilesGame(Game):
    """One of the Octiles games with fixed parameters (:class:`Params`); ``cfg`` holds them."""

    def __init__(self, params: Params):
        if params.variant not in VARIANTS:
            fail(f"unknown Octiles game {params.variant!r} (choose from {', '.join(VARIANTS)})")
        if not 2 <= params.players <= 4:
            fail(f"players must be 2-4, not {params.players}")
        if params.teams and params.players != 4:
            fail("team play needs four players")
        if params.joint_winners and params.variant != "team-up":
            fail("joint winners is a Team Up scoring variation: use it with the team-up game")
        if params.teams and params.variant == "team-up":
            fail("team play is for the race games (move-over, octiles), not team-up")
        nr = params.n_runners()
        if not 1 <= nr <= 5:
            fail(f"runners must be 1-5, not {nr}")
        if params.variant == "team-up" and nr not in (4, 5):
            fail("team-up is played with 5 runners (or 4 for a faster game)")
        if params.max_turns < 1:
            fail("max_turns must be at least 1")
        self.cfg = params
        self.topo = topology()
        n = params.players
        chance = params.variant != "team-up"
        self.info = GameInfo(
            short_name=short_name(params),
            long_name=f"Octiles {params.variant}",
            num_players=n,
            num_distinct_actions=NUM_ACTIONS,
            # a turn is at most: one chance reveal, a placement, a runner move
            max_game_length=3 * params.max_turns + 2,
            perfect_information=True,
            max_chance_outcomes=N_TILES if chance else 0,
            utility="zero_sum",
            min_utility=-float(n - 1),
            max_utility=1.0,
        )

    def new_initial_state(self, seed: int | None = None) -> "OctilesState":
        """The start (the stack's tiles are revealed at chance nodes, so ``seed`` is not needed)."""
        if seed is not None:
            whole_seed(seed)  # not used, but a seed that is not a whole number is still refused
        return OctilesState(self)

    def params(self) -> dict:
        """The parameters ``make_game(**params)`` rebuilds this game from (defaults left out)."""
        d, default = asdict(self.cfg), asdict(Params())
        return {k: v for k, v in d.items() if v != default[k]}

    def state_from_json(self, obj) -> "OctilesState":
        """Read a :meth:`OctilesState.to_json` document: replay its history and check that every
        field of the document is what the history leads to (else a one-line ``OctoError``)."""
        if not isinstance(obj, dict):
            fail("an Octiles position must be a JSON object")
        if obj.get("game") != "octiles":
            fail(not_octiles(obj))
        params = obj.get("params")
        if not isinstance(params, dict) or _canon(params) != _canon(self.params()):
            fail(f"the position is for an Octiles game with params {params!r}, not {self.params()!r}")
        hist = obj.get("history")
        if not isinstance(hist, list) or len(hist) > self.info.max_game_length:
            fail("the position's \"history\" must be a list of [player, action] pairs "
                 f"(at most {self.info.max_game_length})")
        s = self.new_initial_state()
        for i, item in enumerate(hist):
            if (not isinstance(item, list) or len(item) != 2
                    or not all(type(x) is int for x in item)):
                fail(f"history item {i} must be [player, action] (two integers), got {item!r}")
            p, a = item
            if p != s.current_player():  # (said the engine's code for who moves: '(-4)')
                cur = s.current_player()
                who = ("the game is already over" if cur == TERMINAL else "the stack's next tile is "
                       "revealed first (chance, player -1)" if cur == CHANCE else f"P{cur} is to move")
                fail(f"history item {i}: [{p}, {a}] is not the next move: {who}")
            try:
                s.apply_action(a)
            except OctoError as e:
                fail(f"history item {i}: {e}")
        mine = s.to_json()
        for k in sorted(set(mine) | set(obj)):
            if k not in mine:
                fail(f"unknown field {k!r} in the position")
            if k not in obj or _canon(obj[k]) != _canon(mine[k]):
                fail(f"the position's {k!r} does not match its history")
        return s


MAX_TURNS = 5000


def not_octiles(obj: dict) -> str:
    """Why a JSON object is not an Octiles position, in words."""
    if "game" not in obj:
        what = ("a placement (`trace` reads it), not a position" if obj and all(
            isinstance(v, dict) and "tile" in v for v in obj.values()) else "no \"game\" field")
        return f"not an Octiles position: {what} (`octiles play --position-out` writes one)"
    return f"not an Octiles position: this is a position of {str(obj['game'])[:40]!r}"


def _canon(x) -> str:
    """A canonical text of a JSON value (1 and 1.0 and true stay different)."""
    return json.dumps(x, sort_keys=True)


def make_game(**params) -> OctilesGame:
    """``make_game(variant="move-over", players=2, ...)``: see :class:`Params`."""
    default = asdict(Params())
    bad = set(params) - set(default)
    if bad:
        fail(f"unknown game parameter{'s' if len(bad) > 1 else ''} {', '.join(map(repr, sorted(bad)))} "
             f"(an Octiles game takes {', '.join(default)})")
    for k, v in params.items():
        want = (int,) if k in ("players", "runners", "max_turns") else (type(default[k]),)
        if k == "runners" and v is None:
            continue
        if type(v) not in want:
            fail(f"game parameter {k} must be {want[0].__name__}, not {v!r}")
    if not 1 <= params.get("max_turns", 1) <= MAX_TURNS:
        fail(f"max_turns must be 1 to {MAX_TURNS}, not {params['max_turns']}")
    return OctilesGame(Params(**params))


def returns_for(winners, n: int) -> list[float]:
    """Zero-sum returns: each winner +1, the losers share -len(winners) (all 0 for a draw)."""
    w = set(winners)
    if not w or len(w) == n:
        return [0.0] * n
    lose = -len(w) / (n - len(w))
    return [1.0 if i in w else lose for i in range(n)]


class OctilesState(State):
    def __init__(self, game: OctilesGame):
        self.game = game
        p = game.cfg
        self.topo = game.topo
        self.variant = p.variant
        self.n = p.players
        self.tile_at = [-1] * N_SPACES
        self.rot_at = [0] * N_SPACES
        starts = start_places(p)
        self.pos = [list(s) for s in starts]
        self.occ = [-1] * len(self.topo.places)  # player*8 + runner
        for pl, rs in enumerate(self.pos):
            for i, place in enumerate(rs):
                self.occ[place] = pl * 8 + i
        if p.variant == "team-up":
            self.start_sets = [set() for _ in range(self.n)]
            self.finish_sets = [set() for _ in range(self.n)]
        else:
            sides = seats(self.n)
            self.start_sets = [set(self.topo.groups[s]) for s in sides]
            self.finish_sets = [set(self.topo.groups[self.topo.opposite[s]]) for s in sides]
        self.hidden = list(range(N_TILES))  # stack tiles not yet seen (any order)
        self.tail: list[int] = []  # tiles put back under the stack, in order
        self.top = -1
        self.pool = list(range(N_TILES))  # team-up: the face-up pool
        self.cur = 0
        self.phase = "place"  # "place" | "move"
        self.placed_space = -1
        self.turn = 0
        self.passes = 0
        self.last_valid = -1
        self.resigned = [False] * self.n
        self.marks: dict[int, int] = {}  # octiles: space -> player whose marker is on it
        self._winners: list[int] | None = None
        self._turns_at_end = 0
        self.end_reason = ""
        self.history: list[tuple[int, int]] = []
        self._legal_cache = None
        if self.variant != "team-up":
            self._reveal_if_needed()
        else:
            self._begin_turn()

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        if self._winners is not None:
            return TERMINAL
        if self.variant != "team-up" and self.phase == "place" and self.top < 0:
            return CHANCE
        return self.cur

    def is_terminal(self) -> bool:
        return self._winners is not None

    def winners(self) -> list[int]:
        """Sorted winners (several for a team or joint win); empty for a draw or before the end."""
        return list(self._winners) if self._winners else []

    def returns(self) -> list[float]:
        if self._winners is None:
            return [0.0] * self.n
        return returns_for(self._winners, self.n)

    def chance_outcomes(self):
        if self.current_player() != CHANCE:
            return []
        h = sorted(self.hidden)
        return [(t, 1.0 / len(h)) for t in h]

    def clone(self) -> "OctilesState":
        c = object.__new__(OctilesState)
        c.__dict__.update(self.__dict__)
        c.tile_at = list(self.tile_at)
        c.rot_at = list(self.rot_at)
        c.pos = [list(r) for r in self.pos]
        c.occ = list(self.occ)
        c.hidden = list(self.hidden)
        c.tail = list(self.tail)
        c.pool = list(self.pool)
        c.resigned = list(self.resigned)
        c.marks = dict(self.marks)
        c.history = list(self.history)
        c._winners = None if self._winners is None else list(self._winners)
        c._legal_cache = self._legal_cache
        return c

    def legal_actions(self) -> list[int]:
        if self._winners is not None:
            return []
        if self.current_player() == CHANCE:
            return [t for t, _ in self.chance_outcomes()]
        if self._legal_cache is None:
            acts = self._legal()
            if self.game.cfg.allow_resign and acts != [PASS]:
                acts = acts + [RESIGN]
            elif self.game.cfg.allow_resign:
                acts = [PASS, RESIGN]
            self._legal_cache = sorted(acts)
        return list(self._legal_cache)

    def apply_action(self, action: int) -> None:
        action = as_action(action)
        if self._winners is not None:
            raise OctoError("the game is over")
        if self.current_player() == CHANCE:
            if action not in self.hidden:
                raise OctoError(f"tile {action} is not in the hidden part of the stack")
            self.hidden.remove(action)
            self.top = action
            self.history.append((CHANCE, action))
            self._legal_cache = None
            return
        if not 0 <= action < NUM_ACTIONS:
            raise OctoError(f"action {action} is not an Octiles action (0 to {NUM_ACTIONS - 1})")
        if action not in self.legal_actions():
            raise OctoError(f"illegal action {action} ({self.action_to_string(action)})")
        self.history.append((self.cur, action))
        self._legal_cache = None
        if action == RESIGN:
            self._resign()
        elif action == PASS:
            self.passes += 1
            self._end_turn(valid=False)
        elif action >= ROTATE_BASE:
            s, r = divmod(action - ROTATE_BASE, 8)
            self.rot_at[s] = r
            self.marks = {k: v for k, v in self.marks.items() if v != self.cur}
            self.marks[s] = self.cur
            self._end_turn()
        elif action >= MOVE_BASE:
            i, k = divmod(action - MOVE_BASE, 4)
            self._move(i, k)
        else:
            t, rest = divmod(action, N_SPACES * 8)
            s, r = divmod(rest, 8)
            self._place(t, s, r)

    # ------------------------------------------------------------------ strings
    def action_to_string(self, action: int) -> str:
        return notation(self, action)

    def __str__(self) -> str:
        return describe(self)

    def observation_string(self, player: int) -> str:
        """Everything is public (the stack's unseen tiles are drawn at chance nodes): the whole
        position, for every player."""
        self.check_player(player)
        return str(self)

    def to_json(self) -> dict:
        return to_json(self)

    def _repr_svg_(self) -> str:
        from .render import state_svg

        return state_svg(self)

    def view_svg(self, viewer: int) -> str:
        """The board page's picture for seat ``viewer`` (everything is public): every space, stop,
        circle, runner, tile turn and button carries its ``data-target``."""
        from .render import view_svg

        return view_svg(self, viewer)

    def action_targets(self, action: int) -> list[str]:
        """The clicks of the legal ``action``: ``["space:b5", "rot:3"]`` (a placement; Team Up
        ``["tile:7", "space:b5", "rot:3"]``), ``["runner:A1", "stop:B3"]`` (a runner move)..."""
        from .render import action_targets

        return action_targets(self, action)

    # ------------------------------------------------------------------ helpers
    def runner_moves(self, player: int, need_space: int = -1) -> list[tuple[int, int, int]]:
        """``(runner, k, dest)`` for every legal runner move of ``player`` on the current board
        (``need_space``: the path must cross that space, as in Move Over)."""
        topo, v = self.topo, self.variant
        out = []
        for i, place in enumerate(self.pos[player]):
            if v != "team-up":
                if place in self.finish_sets[player]:
                    continue  # a runner on a finish circle stays
                if topo.is_circle(place) and place not in self.start_sets[player]:
                    continue
            for k in range(len(topo.place_links[place])):
                dest, segs = trace(topo, self.tile_at, self.rot_at, place, k)
                if dest < 0:
                    continue
                if need_space >= 0 and not any(sg[0] == need_space for sg in segs):
                    continue
                if self.occ[dest] >= 0 and dest != place:
                    continue
                if v != "team-up" and topo.is_circle(dest) and dest not in self.finish_sets[player]:
                    continue
                out.append((i, k, dest))
        if v != "team-up":
            starts = self.start_sets[player]
            if starts and all(self.occ[c] >= 0 for c in starts):
                out_moves = [m for m in out if self.pos[player][m[0]] in starts
                             and m[2] not in starts]
                if out_moves:
                    out = out_moves
        return out

    def connected(self, player: int, tile_at=None, rot_at=None) -> bool:
        return components(self, player, tile_at, rot_at) == 1

    def start_side(self, player: int) -> str:
        return seats(self.n)[player]

    def sides(self) -> list[list[int]]:
        """The seats that win or lose together: the teams P0+P2, P1+P3 in team play."""
        return [[0, 2], [1, 3]] if self.game.cfg.teams else [[p] for p in range(self.n)]

    def finished(self, player: int) -> bool:
        fs = self.finish_sets[player]
        return all(p in fs for p in self.pos[player])

    # ------------------------------------------------------------------ legal moves
    def _legal(self) -> list[int]:
        v = self.variant
        topo = self.topo
        me = self.cur
        if self.phase == "move":
            need = self.placed_space if v == "move-over" else -1
            return [MOVE_BASE + i * 4 + k for i, k, _ in self.runner_moves(me, need)]
        if v == "move-over":
            t = self.top
            return [t * 136 + s * 8 + r for s in range(N_SPACES) for r in topo.canon_rots[t]]
        if v == "octiles":
            acts = [MOVE_BASE + i * 4 + k for i, k, _ in self.runner_moves(me)]
            starts = self.start_sets[me]
            if starts and all(self.occ[c] >= 0 for c in starts) and any(
                    self.pos[me][a - MOVE_BASE >> 2] in starts for a in acts):
                return acts  # must move a runner out of the start circles
            t = self.top
            empty = [s for s in range(N_SPACES) if self.tile_at[s] < 0]
            if empty:
                acts += [t * 136 + s * 8 + r for s in empty for r in topo.canon_rots[t]]
            else:
                for s in range(N_SPACES):
                    if s in self.marks:
                        continue
                    acts += [t * 136 + s * 8 + r for r in topo.canon_rots[t]]
                    ts, rs = self.tile_at[s], self.rot_at[s]
                    cur_shape = topo.same_shape[ts][rs]
                    acts += [ROTATE_BASE + s * 8 + r for r in topo.canon_rots[ts] if r != cur_shape]
            return acts or [PASS]
        return teamup_placements(self) or [PASS]

    # ------------------------------------------------------------------ transitions
    def _place(self, t: int, s: int, r: int) -> None:
        old = self.tile_at[s]
        self.tile_at[s] = t
        self.rot_at[s] = r
        v = self.variant
        if v == "team-up":
            self.pool.remove(t)
            if old >= 0:
                self.pool.append(old)
                self.pool.sort()
            if self.connected(self.cur):
                self._finish([self.cur], "connected by placing a tile")
                return
            self.phase = "move"
            return
        self.top = -1
        if v == "move-over":
            if old >= 0:
                self.tail.append(old)
            self.phase = "move"
            self.placed_space = s
            if not self.runner_moves(self.cur, s):
                self._end_turn()  # no runner can use the tile: the turn ends
            return
        # full game: a replacement makes the removed tile the new spare
        if old >= 0:
            self.top = old
            self.marks = {k: w for k, w in self.marks.items() if w != self.cur}
            self.marks[s] = self.cur
        self._end_turn()

    def _move(self, i: int, k: int) -> None:
        me = self.cur
        src = self.pos[me][i]
        dest, _ = trace(self.topo, self.tile_at, self.rot_at, src, k)
        self.occ[src] = -1
        self.occ[dest] = me * 8 + i
        self.pos[me][i] = dest
        if self.variant == "team-up":
            if self.connected(me):
                self._finish([me], "connected")
                return
        else:
            won = self._race_winners(me)
            if won:
                self._finish(won, "all runners across")
                return
        self._end_turn()

    def _race_winners(self, me: int) -> list[int]:
        if self.game.cfg.teams:
            team = [me % 2, me % 2 + 2]
            if all(self.finished(p) for p in team):
                return team
            return []
        return [me] if self.finished(me) else []

    def _adjudicate(self) -> list[int]:
        if self.variant == "team-up":
            sc = [-components(self, p) for p in range(self.n)]
        else:
            sc = [sum(x in self.finish_sets[p] for x in self.pos[p]) for p in range(self.n)]
            if self.game.cfg.teams:
                sc = [sc[p % 2] + sc[p % 2 + 2] for p in range(self.n)]
        sc = [v if not self.resigned[p] else -99 for p, v in enumerate(sc)]
        best = max(sc)
        won = [p for p in range(self.n) if sc[p] == best]
        return [] if len(won) == self.n else won  # all level: a draw

    def _resign(self) -> None:
        self.resigned[self.cur] = True
        active = [p for p in range(self.n) if not self.resigned[p]]
        if self.game.cfg.teams:
            # a team is out when both partners have resigned
            alive = {p % 2 for p in active}
            if len(alive) == 1:
                t = alive.pop()
                self._finish([t, t + 2], "the other team resigned")
                return
        if len(active) == 1:
            self._finish(active, "the others resigned")
            return
        self._end_turn(valid=False, resigned=True)

    def turns_played(self) -> int:
        """The turns played so far: those completed, and at the end the one the game ended in
        (a win ends a turn half-way; the turn limit, an impasse or a Team Up player found connected
        at the start of a turn end the game between turns)."""
        return self._turns_at_end if self._winners is not None else self.turn

    def _finish(self, winners: list[int], reason: str, between_turns: bool = False) -> None:
        self._turns_at_end = self.turn if between_turns else self.turn + 1
        w = set(winners)
        if self.variant == "team-up" and self.game.cfg.joint_winners and reason.startswith("connected"):
            w |= {p for p in range(self.n) if not self.resigned[p] and self.connected(p)}
        self._winners = sorted(w)
        self.end_reason = reason
        self._legal_cache = None

    def _end_turn(self, valid: bool = True, resigned: bool = False) -> None:
        if valid:
            self.passes = 0
            self.last_valid = self.cur
        self.turn += 1
        self.phase = "place"
        self.placed_space = -1
        active = [p for p in range(self.n) if not self.resigned[p]]
        if not valid and not resigned and self.passes >= len(active):
            # impasse: everyone passed; the last player to make a valid move wins
            self._finish([self.last_valid] if self.last_valid >= 0 else [], "impasse", True)
            return
        if self.turn >= self.game.cfg.max_turns:
            if self.game.cfg.adjudicate:
                self._finish(self._adjudicate(), "turn limit (adjudicated)", True)
            else:
                self._finish([], "turn limit", True)
            return
        nxt = (self.cur + 1) % self.n
        while self.resigned[nxt]:
            nxt = (nxt + 1) % self.n
        self.cur = nxt
        if self.variant == "team-up":
            self._begin_turn()
        else:
            self._reveal_if_needed()

    def _begin_turn(self) -> None:
        # Team Up: a player whose runners are all connected wins at the start of their turn
        if self.connected(self.cur):
            self._finish([self.cur], "connected at the start of the turn", True)

    def _reveal_if_needed(self) -> None:
        if self.top >= 0:
            return
        if self.variant == "octiles" and all(t >= 0 for t in self.tile_at) and not self.hidden \
                and not self.tail:
            return
        if len(self.hidden) == 1:  # a single unseen tile is no chance event
            self.top = self.hidden.pop()
        elif not self.hidden and self.tail:
            self.top = self.tail.pop(0)
        # otherwise a chance node reveals the next tile


def to_json(state: OctilesState) -> dict:
    """The position document: parameters, history, and the position (readable fields, all checked
    against the history by ``state_from_json``)."""
    topo = state.topo
    return {
        "game": "octiles",
        "params": state.game.params(),
        "variant": state.variant,
        "turn": state.turn,
        "current_player": state.current_player(),
        "phase": state.phase,
        "placement": {topo.spaces[s]: {"tile": state.tile_at[s], "rotation": state.rot_at[s]}
                      for s in range(N_SPACES) if state.tile_at[s] >= 0},
        "runners": [[topo.places[x] for x in rs] for rs in state.pos],
        "top": state.top if state.top >= 0 else None,
        "unseen": sorted(state.hidden),
        "under_stack": list(state.tail),
        "pool": list(state.pool) if state.variant == "team-up" else [],
        "marks": {topo.spaces[s]: p for s, p in sorted(state.marks.items())},
        "resigned": list(state.resigned),
        "terminal": state.is_terminal(),
        "winners": state.winners(),
        "end_reason": state.end_reason,
        "history": [[int(p), int(a)] for p, a in state.history],
    }
