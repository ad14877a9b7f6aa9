"""Compact integer tables of the Octiles board for the games (fast enough for search), the path
follower on them, and Team Up's connectivity helpers.

Board topology and tile ids come from :mod:`octosolve.octiles.tiles` (the board of
``data/octiles/board.json``); this module keeps a table-driven copy of them (integer arrays).

Actions (one integer layout for all three games, ``NUM_ACTIONS`` in all):

* ``PLACE  = tile*136 + space*8 + rotation``  (0..2447): put ``tile`` on ``space`` (empty, or
  replacing the tile there) with ``rotation``;
* ``MOVE   = 2448 + runner*4 + k``             (2448..2467): move runner ``runner`` of the player to
  move out of its resting place along that place's ``k``-th link;
* ``ROTATE = 2468 + space*8 + rotation``       (2468..2603): turn a placed tile (full game);
* ``PASS   = 2604``: the whole turn is skipped (only when nothing else is legal);
* ``RESIGN = 2605``: resign (only when the game was made with ``allow_resign=True``).

>>> topo = topology()
>>> len(topo.places), topo.n_stops, NUM_ACTIONS
(36, 16, 2606)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

__all__ = ["N_TILES", "N_SPACES", "N_ROT", "PLACE_BASE", "MOVE_BASE", "MAX_RUNNERS", "ROTATE_BASE",
           "PASS", "RESIGN", "NUM_ACTIONS", "VARIANTS", "SIDES", "Topology", "pair_bit", "topology",
           "trace", "runner_edges", "components", "protected_masks", "teamup_placements", "Params",
           "seats", "teamup_offsets", "start_places", "short_name"]

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
# Team Up: connectivity, ownership, placements
# ----------------------------------------------------------------------------------------------

def runner_edges(state, player: int, tile_at=None, rot_at=None):
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


def components(state, player: int, tile_at=None, rot_at=None) -> int:
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


def protected_masks(state, exclude: int) -> list[int]:
    """Per space, the board-edge pairs (bitmask) used by other players' connecting paths."""
    masks = [0] * N_SPACES
    for p in range(state.n):
        if p == exclude:
            continue
        for _, _, segs in runner_edges(state, p):
            for s, a, b in segs:
                masks[s] |= pair_bit(a, b)
    return masks


def teamup_placements(state) -> list[int]:
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
# set-up: parameters, seats, starting places
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
