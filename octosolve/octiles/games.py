"""Octiles games on the common state API: "Move Over", "Octiles" (the full game) and "Team Up".

Rules interpretations: docs/rules/octiles-games.md. Board topology and tile ids come from
``octosolve.octiles.rules`` (the board of ``data/octiles/board.json``); this module keeps a compact,
table-driven copy of them (integer arrays) so that legal-move generation is fast enough for search.

Actions (one integer layout for all three games, ``NUM_ACTIONS`` in all):

* ``PLACE  = tile*136 + space*8 + rotation``  (0..2447): put ``tile`` on ``space`` (empty, or
  replacing the tile there) with ``rotation``;
* ``MOVE   = 2448 + runner*4 + k``             (2448..2467): move runner ``runner`` of the player to
  move out of its resting place along that place's ``k``-th link;
* ``ROTATE = 2468 + space*8 + rotation``       (2468..2603): turn a placed tile (full game);
* ``PASS   = 2604``: the whole turn is skipped (only when nothing else is legal);
* ``RESIGN = 2605``: resign (only when the game was made with ``allow_resign=True``).

Chance outcomes (Move Over and Octiles): the id (0..17) of the tile revealed on top of the stack.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field

from ..core.errors import OctoError, fail
from ..core.game import CHANCE, TERMINAL, Game, GameInfo, State

N_TILES = 18
N_SPACES = 17
N_ROT = 8
PLACE_BASE = 0
MOVE_BASE = N_TILES * N_SPACES * N_ROT  # 2448
MAX_RUNNERS = 5
ROTATE_BASE = MOVE_BASE + MAX_RUNNERS * 4  # 2468
PASS = ROTATE_BASE + N_SPACES * N_ROT  # 2604
RESIGN = PASS + 1  # 2605
NUM_ACTIONS = RESIGN + 1

VARIANTS = ("move-over", "octiles", "team-up")
SIDES = ("west", "north", "east", "south")


# ----------------------------------------------------------------------------------------------
# topology tables
# ----------------------------------------------------------------------------------------------

@dataclass
class Topology:
    spaces: list[str]
    places: list[str]  # 16 stops then 20 circles
    n_stops: int
    link: list[int]  # per tile edge s*8+b: >= 0 another tile edge, < 0 -(place+1)
    place_links: list[list[int]]  # tile edges (s*8+b) linked to each place
    conn: list[list[tuple[int, ...]]]  # conn[tile][rot][board edge in] = board edge out
    segmask: list[list[int]]  # bitmask of the 4 board-edge pairs of tile at rot
    canon_rots: list[list[int]]  # rotations giving distinct placements (smallest of each class)
    same_shape: list[list[int]]  # same_shape[tile][rot] = canonical rotation of that shape
    groups: dict[str, list[int]]  # side -> circle place indices, by index 1..5
    ring: list[int]
    opposite: dict[str, str]
    xy: list[tuple[float, float]]  # place coordinates
    tiles: list[list[tuple[int, int]]]
    place_index: dict[str, int] = field(default_factory=dict)
    space_index: dict[str, int] = field(default_factory=dict)

    def is_circle(self, p: int) -> bool:
        return p >= self.n_stops


def pair_bit(a: int, b: int) -> int:
    a, b = min(a, b), max(a, b)
    return 1 << (a * 8 + b)


@functools.lru_cache(maxsize=None)
def topology() -> Topology:
    from . import tiles as rules

    bd = rules.board()
    tiles = [[tuple(seg) for seg in segs] for segs in rules.TILES]
    spaces = list(bd.spaces)
    stops = list(bd.stops)
    circles = list(bd.ring)
    places = stops + circles
    pidx = {p: i for i, p in enumerate(places)}
    sidx = {s: i for i, s in enumerate(spaces)}

    def end(x: str) -> int:
        if ":" in x:
            s, e = x.split(":")
            return sidx[s] * 8 + int(e)
        return -(pidx[x] + 1)

    link = [None] * (N_SPACES * 8)
    place_links: list[list[int]] = [[] for _ in places]
    for a, c in bd.links:
        ea, eb = end(a), end(c)
        for x, y in ((ea, eb), (eb, ea)):
            if x >= 0:
                if link[x] is not None:
                    raise ValueError(f"tile edge linked twice: {a} {c}")
                link[x] = y
            else:
                place_links[-x - 1].append(y)
    if any(v is None for v in link):
        raise ValueError("board.json: a tile edge is not linked")
    for pl in place_links:
        pl.sort()

    conn, segmask, canon, same = [], [], [], []
    for segs in tiles:
        c_t, m_t, shapes = [], [], {}
        canon_t, same_t = [], []
        for r in range(N_ROT):
            c = [0] * 8
            m = 0
            for a, b in segs:
                ra, rb = (a + r) % 8, (b + r) % 8
                c[ra], c[rb] = rb, ra
                m |= pair_bit(ra, rb)
            c_t.append(tuple(c))
            m_t.append(m)
            if m not in shapes:
                shapes[m] = r
                canon_t.append(r)
            same_t.append(shapes[m])
        conn.append(c_t)
        segmask.append(m_t)
        canon.append(canon_t)
        same.append(same_t)

    groups: dict[str, list[int]] = {}
    for name, c in bd.circle_info.items():
        groups.setdefault(c["group"], []).append((c["index"], pidx[name]))
    groups = {g: [p for _, p in sorted(v)] for g, v in groups.items()}
    xy = [tuple(map(float, bd.stop_xy[p])) if p in bd.stop_xy
          else (float(bd.circle_info[p]["x"]), float(bd.circle_info[p]["y"])) for p in places]
    return Topology(spaces=spaces, places=places, n_stops=len(stops), link=link,
                    place_links=place_links, conn=conn, segmask=segmask, canon_rots=canon,
                    same_shape=same, groups=groups, ring=[pidx[c] for c in bd.ring],
                    opposite=dict(bd.opposite_group), xy=xy, tiles=tiles,
                    place_index=pidx, space_index=sidx)


def trace(topo: Topology, tile_at, rot_at, place: int, k: int):
    """Follow the path leaving ``place`` by its ``k``-th link.

    Returns ``(dest, segs)``: ``dest`` the resting place reached (-1 when the path runs into an
    empty space), ``segs`` the ``(space, board_edge_in, board_edge_out)`` steps taken (for an
    interrupted path the last item is ``(space, edge, -1)`` for the empty space it ran into).
    """
    e = topo.place_links[place][k]
    segs = []
    link, conn = topo.link, topo.conn
    while True:
        s, b = e >> 3, e & 7
        t = tile_at[s]
        if t < 0:
            segs.append((s, b, -1))
            return -1, segs
        b2 = conn[t][rot_at[s]][b]
        segs.append((s, b, b2))
        nxt = link[s * 8 + b2]
        if nxt < 0:
            return -nxt - 1, segs
        e = nxt


# ----------------------------------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Params:
    variant: str = "move-over"
    players: int = 2
    runners: int | None = None  # default 5 (4 with four players in the race games)
    teams: bool = False  # four players in two teams of partners sitting opposite (race games)
    joint_winners: bool = False  # Team Up scoring variation
    allow_resign: bool = False
    max_turns: int = 200  # turn cap: a game still running after this many turns is a draw
    # project addition for engine matches (not a rule of the game): at the turn cap, the players
    # with the most runners across (race games) or the fewest runner groups (Team Up) win
    adjudicate: bool = False

    def n_runners(self) -> int:
        if self.runners is not None:
            return self.runners
        if self.variant == "team-up":
            return 5
        return 4 if self.players == 4 else 5


def seats(players: int) -> list[str]:
    """Sides the players sit at, in turn order (race games)."""
    return {2: ["west", "east"], 3: ["west", "north", "east"], 4: list(SIDES)}[players]


def teamup_offsets(players: int) -> list[int]:
    return {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}[players]


def start_places(params: Params) -> list[list[int]]:
    """Each player's runners' starting places (place indices)."""
    topo = topology()
    n, r = params.players, params.n_runners()
    if params.variant == "team-up":
        step = 4 if r == 5 else 5
        return [[topo.ring[(off + step * k) % 20] for k in range(r)] for off in teamup_offsets(n)]
    out = []
    for side in seats(n):
        g = topo.groups[side]
        if r == 5:
            out.append(list(g))
        elif r == 4:  # the centre circle (index 3) is left open
            out.append([g[0], g[1], g[3], g[4]])
        else:
            out.append(list(g[:r]))
    return out


def short_name(params: Params) -> str:
    """``octiles`` for the default game (2-player Move Over); a longer name for the others, so each
    parameter set registers as its own OpenSpiel game."""
    if params == Params():
        return "octiles"
    name = f"octiles_{params.variant.replace('-', '_')}_{params.players}p_r{params.n_runners()}"
    for flag in ("teams", "joint_winners", "allow_resign", "adjudicate"):
        if getattr(params, flag):
            name += "_" + flag
    return name + f"_t{params.max_turns}"


class OctilesGame(Game):
    def __init__(self, params: Params):
        if params.variant not in VARIANTS:
            fail(f"unknown Octiles game {params.variant!r} (choose from {', '.join(VARIANTS)})")
        if not 2 <= params.players <= 4:
            fail(f"players must be 2-4, not {params.players}")
        if params.teams and params.players != 4:
            fail("team play needs four players")
        if params.teams and params.variant == "team-up":
            fail("team play is for the race games (move-over, octiles), not team-up")
        nr = params.n_runners()
        if not 1 <= nr <= 5:
            fail(f"runners must be 1-5, not {nr}")
        if params.variant == "team-up" and nr not in (4, 5):
            fail("team-up is played with 5 runners (or 4 for a faster game)")
        if params.max_turns < 1:
            fail("max_turns must be at least 1")
        self.params = params
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
        return OctilesState(self)


def make_game(**params) -> OctilesGame:
    """``make_game(variant="move-over", players=2, ...)``: see :class:`Params`."""
    names = set(Params.__dataclass_fields__)
    bad = set(params) - names
    if bad:
        fail(f"unknown game parameter(s): {', '.join(sorted(bad))}")
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
        p = game.params
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
        self.winners: list[int] | None = None
        self.end_reason = ""
        self.history: list[tuple[int, int]] = []
        self._legal_cache = None
        if self.variant != "team-up":
            self._reveal_if_needed()
        else:
            self._begin_turn()

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        if self.winners is not None:
            return TERMINAL
        if self.variant != "team-up" and self.phase == "place" and self.top < 0:
            return CHANCE
        return self.cur

    def is_terminal(self) -> bool:
        return self.winners is not None

    def returns(self) -> list[float]:
        if self.winners is None:
            return [0.0] * self.n
        return returns_for(self.winners, self.n)

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
        c.winners = None if self.winners is None else list(self.winners)
        c._legal_cache = self._legal_cache
        return c

    def legal_actions(self) -> list[int]:
        if self.winners is not None:
            return []
        if self.current_player() == CHANCE:
            return [t for t, _ in self.chance_outcomes()]
        if self._legal_cache is None:
            acts = self._legal()
            if self.game.params.allow_resign and acts != [PASS]:
                acts = acts + [RESIGN]
            elif self.game.params.allow_resign:
                acts = [PASS, RESIGN]
            self._legal_cache = sorted(acts)
        return list(self._legal_cache)

    def apply_action(self, action: int) -> None:
        action = int(action)
        if self.winners is not None:
            raise OctoError("the game is over")
        if self.current_player() == CHANCE:
            if action not in self.hidden:
                raise OctoError(f"tile {action} is not in the hidden part of the stack")
            self.hidden.remove(action)
            self.top = action
            self.history.append((CHANCE, action))
            self._legal_cache = None
            return
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
        return action_name(action, self)

    def __str__(self) -> str:
        return describe(self)

    def observation_string(self, player: int) -> str:
        return str(self)

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
        return _teamup_placements(self) or [PASS]

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
        if self.game.params.teams:
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
            if self.game.params.teams:
                sc = [sc[p % 2] + sc[p % 2 + 2] for p in range(self.n)]
        sc = [v if not self.resigned[p] else -99 for p, v in enumerate(sc)]
        best = max(sc)
        won = [p for p in range(self.n) if sc[p] == best]
        return [] if len(won) == self.n else won  # all level: a draw

    def _resign(self) -> None:
        self.resigned[self.cur] = True
        active = [p for p in range(self.n) if not self.resigned[p]]
        if self.game.params.teams:
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

    def _finish(self, winners: list[int], reason: str) -> None:
        w = set(winners)
        if self.variant == "team-up" and self.game.params.joint_winners and reason.startswith("connected"):
            w |= {p for p in range(self.n) if not self.resigned[p] and self.connected(p)}
        self.winners = sorted(w)
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
            self._finish([self.last_valid] if self.last_valid >= 0 else [], "impasse")
            return
        if self.turn >= self.game.params.max_turns:
            if self.game.params.adjudicate:
                self._finish(self._adjudicate(), "turn limit (adjudicated)")
            else:
                self._finish([], "turn limit")
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
            self._finish([self.cur], "connected at the start of the turn")

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


# ----------------------------------------------------------------------------------------------
# Team Up: connectivity, ownership, placements
# ----------------------------------------------------------------------------------------------

def runner_edges(state: OctilesState, player: int, tile_at=None, rot_at=None):
    """Paths joining two of ``player``'s runners: ``(i, j, segs)`` (i < j runner indices)."""
    topo = state.topo
    tile_at = state.tile_at if tile_at is None else tile_at
    rot_at = state.rot_at if rot_at is None else rot_at
    out = []
    for i, place in enumerate(state.pos[player]):
        for k in range(len(topo.place_links[place])):
            dest, segs = trace(topo, tile_at, rot_at, place, k)
            if dest < 0:
                continue
            o = state.occ[dest]
            if o >= 0 and o >> 3 == player and (o & 7) > i:
                out.append((i, o & 7, segs))
    return out


def components(state: OctilesState, player: int, tile_at=None, rot_at=None) -> int:
    """Number of groups of ``player``'s runners joined by paths (1 = all connected)."""
    nr = len(state.pos[player])
    parent = list(range(nr))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    comps = nr
    for i, j, _ in runner_edges(state, player, tile_at, rot_at):
        a, b = find(i), find(j)
        if a != b:
            parent[a] = b
            comps -= 1
    return comps


def protected_masks(state: OctilesState, exclude: int) -> list[int]:
    """Per space, the board-edge pairs (bitmask) used by other players' connecting paths."""
    masks = [0] * N_SPACES
    for p in range(state.n):
        if p == exclude:
            continue
        for _, _, segs in runner_edges(state, p):
            for s, a, b in segs:
                masks[s] |= pair_bit(a, b)
    return masks


def _teamup_placements(state: OctilesState) -> list[int]:
    """Placements that leave a legal runner move, or win at once."""
    topo = state.topo
    me = state.cur
    prot = protected_masks(state, me)
    tile_at, rot_at = state.tile_at, state.rot_at
    # the mover's traces now: which spaces each one depends on
    runner_traces = []
    for i, place in enumerate(state.pos[me]):
        for k in range(len(topo.place_links[place])):
            dest, segs = trace(topo, tile_at, rot_at, place, k)
            runner_traces.append((i, place, k, dest, {sg[0] for sg in segs}))
    occ = state.occ

    def ok_dest(place, dest):
        return dest >= 0 and (occ[dest] < 0 or dest == place)

    acts = []
    for s in range(N_SPACES):
        unaffected_move = any(ok_dest(pl, d) and s not in sp for _, pl, _, d, sp in runner_traces)
        affected = [(i, pl, k) for i, pl, k, d, sp in runner_traces if s in sp]
        occupied = tile_at[s] >= 0
        old_t, old_r = tile_at[s], rot_at[s]
        for t in state.pool:
            for r in topo.canon_rots[t]:
                if occupied and prot[s] & ~topo.segmask[t][r]:
                    continue
                tile_at[s], rot_at[s] = t, r
                legal = unaffected_move
                if not legal:
                    for i, pl, k in affected:
                        d, _ = trace(topo, tile_at, rot_at, pl, k)
                        if ok_dest(pl, d):
                            legal = True
                            break
                if not legal and affected and components(state, me) == 1:
                    legal = True  # a winning placement needs no runner move
                if legal:
                    acts.append(t * 136 + s * 8 + r)
        tile_at[s], rot_at[s] = old_t, old_r
    return acts


# ----------------------------------------------------------------------------------------------
# text
# ----------------------------------------------------------------------------------------------

def action_name(action: int, state: OctilesState | None = None) -> str:
    topo = topology()
    if state is not None and state.current_player() == CHANCE:
        return f"reveal tile {action}"
    if action == PASS:
        return "pass"
    if action == RESIGN:
        return "resign"
    if action >= ROTATE_BASE:
        s, r = divmod(action - ROTATE_BASE, 8)
        return f"rotate {topo.spaces[s]} to r{r}"
    if action >= MOVE_BASE:
        i, k = divmod(action - MOVE_BASE, 4)
        if state is None:
            return f"move runner {i} by link {k}"
        place = state.pos[state.cur][i]
        if k >= len(topo.place_links[place]):
            return f"move runner {i} by link {k}"
        dest, _ = trace(topo, state.tile_at, state.rot_at, place, k)
        via = topo.place_links[place][k]
        to = topo.places[dest] if dest >= 0 else "?"
        return f"move {topo.places[place]}->{to} (via {topo.spaces[via >> 3]})"
    t, rest = divmod(action, 136)
    s, r = divmod(rest, 8)
    verb = "place"
    if state is not None and state.tile_at[s] >= 0:
        verb = "replace"
    return f"{verb} tile {t} r{r} on {topo.spaces[s]}"


def describe(state: OctilesState) -> str:
    topo = state.topo
    lines = [f"{state.variant}, turn {state.turn}, "
             + ("over: winners " + (",".join(map(str, state.winners)) or "none") + f" ({state.end_reason})"
                if state.winners is not None else f"player {state.cur} to {state.phase}")]
    lines.append("tiles: " + " ".join(f"{topo.spaces[s]}={state.tile_at[s]}r{state.rot_at[s]}"
                                      for s in range(N_SPACES) if state.tile_at[s] >= 0))
    for p in range(state.n):
        lines.append(f"player {p}: " + " ".join(topo.places[x] for x in state.pos[p])
                     + (" (resigned)" if state.resigned[p] else ""))
    if state.variant == "team-up":
        lines.append("pool: " + " ".join(map(str, state.pool)))
    else:
        lines.append(f"top: {state.top if state.top >= 0 else '?'}; unseen {len(state.hidden)}; "
                     f"under the stack: {state.tail}")
    return "\n".join(lines)


def to_json(state: OctilesState) -> dict:
    topo = state.topo
    return {
        "variant": state.variant,
        "turn": state.turn,
        "placement": {topo.spaces[s]: {"tile": state.tile_at[s], "rotation": state.rot_at[s]}
                      for s in range(N_SPACES) if state.tile_at[s] >= 0},
        "runners": [[topo.places[x] for x in rs] for rs in state.pos],
        "winners": state.winners,
        "end_reason": state.end_reason,
    }


# ----------------------------------------------------------------------------------------------
# solitaires: checkers that score a given placement
# ----------------------------------------------------------------------------------------------

def _placement_arrays(placement: dict) -> tuple[list[int], list[int]]:
    """Arrays of a placement, validated by ``rules.validate_placement`` (unknown space, tile used
    twice, rotation outside 0-7 are one-line errors)."""
    from . import tiles as rules

    topo = topology()
    tile_at, rot_at = [-1] * N_SPACES, [0] * N_SPACES
    for sp, pl in rules.validate_placement(placement).items():
        s = topo.space_index[sp]
        tile_at[s], rot_at[s] = int(pl[0]), int(pl[1])
    return tile_at, rot_at


def place_graph(tile_at, rot_at) -> dict[int, set[int]]:
    """Resting place -> resting places reached by one path (loops back to itself included)."""
    topo = topology()
    adj: dict[int, set[int]] = {p: set() for p in range(len(topo.places))}
    for p in range(len(topo.places)):
        for k in range(len(topo.place_links[p])):
            d, _ = trace(topo, tile_at, rot_at, p, k)
            if d >= 0:
                adj[p].add(d)
    return adj


def check_connection(placement: dict, runners: dict) -> dict:
    """Connection Solitaire: ``runners`` maps a colour to its stops/circles. Runners of one colour
    should all be joined (through paths, passing only places holding the same colour); runners of
    different colours must not be joined by a path."""
    topo = topology()
    tile_at, rot_at = _placement_arrays(placement)
    colour_of: dict[int, str] = {}
    for colour, places in runners.items():
        for name in places:
            if name not in topo.place_index:
                fail(f"unknown stop or circle {name!r}")
            p = topo.place_index[name]
            if p in colour_of:
                fail(f"{name} holds two runners")
            colour_of[p] = colour
    adj = place_graph(tile_at, rot_at)
    bad = sorted({tuple(sorted((topo.places[a], topo.places[b])))
                  for a in colour_of for b in adj[a] if b in colour_of and colour_of[b] != colour_of[a]})
    colours = {}
    for colour, places in runners.items():
        ps = [topo.place_index[x] for x in places]
        # components among this colour's runners (paths between runners of the colour)
        parent = {p: p for p in ps}

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        for a in ps:
            for b in adj[a]:
                if b in parent:
                    parent[find(a)] = find(b)
        groups = len({find(p) for p in ps})
        colours[colour] = {"runners": len(ps), "groups": groups, "connected": groups == 1}
    solved = not bad and all(c["connected"] for c in colours.values())
    return {"solitaire": "connection", "colours": colours,
            "cross_connections": [list(b) for b in bad], "solved": solved}


def check_sequence(placement: dict, numbering: list[str]) -> dict:
    """Sequence Solitaire: ``numbering`` lists the 16 stops in the order 1..16. Paths between
    stops must join successive numbers only (k and k+1); the score is the number of tiles placed
    when there is no out-of-sequence connection; also counts double connections (more than one path
    joining the same successive pair) and how far the chain 1-2-3-... is complete."""
    topo = topology()
    tile_at, rot_at = _placement_arrays(placement)
    stops = topo.places[:topo.n_stops]
    if sorted(numbering) != sorted(stops) or len(numbering) != len(stops):
        fail(f"the numbering must list each of the {len(stops)} stops once")
    num = {topo.place_index[s]: i + 1 for i, s in enumerate(numbering)}
    out_of_seq = []
    pair_paths: dict[tuple[int, int], int] = {}
    for p in range(topo.n_stops):
        for k in range(len(topo.place_links[p])):
            d, _ = trace(topo, tile_at, rot_at, p, k)
            if d < 0 or d >= topo.n_stops or d == p:
                continue
            a, b = sorted((num[p], num[d]))
            if b - a != 1:
                out_of_seq.append((a, b))
            else:
                pair_paths[(a, b)] = pair_paths.get((a, b), 0) + 1
    # each path was seen from both ends
    out_of_seq = sorted(set(out_of_seq))
    pairs = {k: v // 2 for k, v in pair_paths.items()}
    chain = 1
    while (chain, chain + 1) in pairs:
        chain += 1
    doubles = sum(v - 1 for v in pairs.values() if v > 1)
    tiles = sum(1 for t in tile_at if t >= 0)
    valid = not out_of_seq
    return {"solitaire": "sequence", "tiles": tiles, "valid": valid,
            "out_of_sequence": [list(x) for x in out_of_seq],
            "connected_pairs": sorted([a, b, c] for (a, b), c in pairs.items()),
            "double_connections": doubles, "chain": chain,
            "score": tiles if valid else 0}


def load_json_file(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except json.JSONDecodeError as e:
        fail(f"{path}: not valid JSON ({e.msg} at line {e.lineno})")
