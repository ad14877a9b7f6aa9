"""Octiles: the 18 tiles, the board (from ``data/octiles/board.json``) and placements.

* A tile edge is numbered 0..7 counter-clockwise from the west edge:
  0 LEFT, 1 DOWN_LEFT, 2 DOWN, 3 DOWN_RIGHT, 4 RIGHT, 5 UP_RIGHT, 6 UP, 7 UP_LEFT.
* A **port** is a board edge of a space, written ``"c3:5"`` (space ``c3``, edge 5) or the tuple
  ``("c3", 5)``.
* A **location** is a stop square (``B2`` .. ``E5``) or a circle (``A1`` .. ``F1``).
* The 18 **tiles** are the 105 pairings of the 8 edges into 4 segments, up to rotation. Tile ``k`` at
  rotation 0 is the lexicographically smallest rotation of its class (segments as sorted pairs, the
  pairs sorted), and the ids 0..17 follow the lexicographic order of those representatives
  (see ``docs/rules/octiles.md`` for the table).
* A **placement** maps spaces to ``Placed(tile, rotation)``; rotation ``r`` puts tile edge ``i`` on
  board edge ``(i + r) % 8``.

>>> len(TILES), len(SPACES), len(STOPS), len(CIRCLES)
(18, 17, 16, 20)
>>> tile_segments(0, 1)
((0, 7), (1, 2), (3, 4), (5, 6))
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, NamedTuple

from octosolve.core.errors import fail
from octosolve.core.paths import data_path

__all__ = ['seg_distance', 'seg_kind', 'seg_points', 'chords_cross', 'rotate_segments',
           'tile_segments', 'tile_partner', 'tile_symmetry_order', 'distinct_rotations',
           'tile_kinds', 'tiles_json', 'check_tile', 'check_rotation', 'parse_port', 'port_name',
           'Board', 'board', 'Placed', 'validate_placement', 'placement_from_json',
           'load_placement', 'placement_to_json', 'partner_of', 'turn_placement', 'EDGE_NAMES',
           'KIND_NAMES', 'KIND_POINTS', 'NUM_TILES', 'EDGE_DIR', 'TILES', 'Port', 'SPACES', 'STOPS',
           'CIRCLES', 'Placement']

EDGE_NAMES = ("LEFT", "DOWN_LEFT", "DOWN", "DOWN_RIGHT", "RIGHT", "UP_RIGHT", "UP", "UP_LEFT")
KIND_NAMES = {1: "Arc", 2: "Bend", 3: "Curve", 4: "Diameter"}
KIND_POINTS = {1: 3, 2: 4, 3: 5, 4: 6}
NUM_TILES = 18
# unit direction of edge i (edge 0 faces west, counter-clockwise)
EDGE_DIR = tuple((round(math.cos(math.radians(180 + 45 * i)), 12),
                  round(math.sin(math.radians(180 + 45 * i)), 12)) for i in range(8))


def seg_distance(a: int, b: int) -> int:
    """Distance 1..4 between two edges around the octagon (1 Arc, 2 Bend, 3 Curve, 4 Diameter)."""
    d = (a - b) % 8
    return min(d, 8 - d)


def seg_kind(a: int, b: int) -> str:
    return KIND_NAMES[seg_distance(a, b)]


def seg_points(a: int, b: int) -> int:
    return KIND_POINTS[seg_distance(a, b)]


def chords_cross(s: tuple[int, int], t: tuple[int, int]) -> bool:
    """Do two segments on one tile (disjoint edge pairs) cross each other?"""
    a, b = sorted(s)
    c, d = t
    return (a < c < b) != (a < d < b)


# ---------------------------------------------------------------------------------------------
# tiles


def _all_pairings(edges: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    if not edges:
        return [()]
    first, rest = edges[0], edges[1:]
    out = []
    for j, other in enumerate(rest):
        for tail in _all_pairings(rest[:j] + rest[j + 1:]):
            out.append(((first, other),) + tail)
    return out


def rotate_segments(segs: Iterable[tuple[int, int]], r: int) -> tuple[tuple[int, int], ...]:
    """Segments turned by ``r`` steps (edge i -> (i + r) % 8), normalised (sorted pairs, sorted)."""
    return tuple(sorted(tuple(sorted(((a + r) % 8, (b + r) % 8))) for a, b in segs))


def _canonical(segs) -> tuple[tuple[int, int], ...]:
    return min(rotate_segments(segs, r) for r in range(8))


@functools.lru_cache(maxsize=None)
def _tiles() -> tuple[tuple[tuple[int, int], ...], ...]:
    classes = {_canonical(p) for p in _all_pairings(tuple(range(8)))}
    return tuple(sorted(classes))


TILES: tuple[tuple[tuple[int, int], ...], ...] = _tiles()
assert len(TILES) == NUM_TILES


def tile_segments(tile: int, rotation: int = 0) -> tuple[tuple[int, int], ...]:
    """The tile's 4 segments as board-edge pairs at ``rotation``."""
    check_tile(tile)
    check_rotation(rotation)
    return rotate_segments(TILES[tile], rotation)


def tile_partner(tile: int, rotation: int) -> tuple[int, ...]:
    """``partner[e]`` = the board edge joined to board edge ``e`` on this placed tile."""
    p = [0] * 8
    for a, b in tile_segments(tile, rotation):
        p[a], p[b] = b, a
    return tuple(p)


def tile_symmetry_order(tile: int) -> int:
    """How many of the 8 rotations give distinct placements of this tile (8, 4, 2 or 1)."""
    return len({rotate_segments(TILES[tile], r) for r in range(8)})


def distinct_rotations(tile: int) -> list[int]:
    """Rotations giving distinct placements (the smallest rotation of each equivalent set)."""
    seen, out = set(), []
    for r in range(8):
        s = rotate_segments(TILES[tile], r)
        if s not in seen:
            seen.add(s)
            out.append(r)
    return out


def tile_kinds(tile: int) -> dict[str, int]:
    out = {n: 0 for n in KIND_NAMES.values()}
    for a, b in TILES[tile]:
        out[seg_kind(a, b)] += 1
    return out


def tiles_json() -> list[dict]:
    return [{"id": k, "segments": [list(s) for s in TILES[k]]} for k in range(NUM_TILES)]


def check_tile(tile: Any) -> int:
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < NUM_TILES:
        fail(f"tile must be an integer 0-{NUM_TILES - 1}, got {tile!r}")
    return tile


def check_rotation(rotation: Any) -> int:
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 7:
        fail(f"rotation must be an integer 0-7, got {rotation!r}")
    return rotation


# ---------------------------------------------------------------------------------------------
# board


Port = tuple  # (space, edge)


def parse_port(s: str) -> Port | None:
    if ":" in s:
        sp, e = s.split(":")
        return (sp, int(e))
    return None


def port_name(p: Port) -> str:
    return f"{p[0]}:{p[1]}"


@dataclass
class Board:
    spaces: list[str]
    space_xy: dict[str, tuple[float, float]]
    stops: list[str]
    stop_xy: dict[str, tuple[float, float]]
    circles: list[str]  # in ring order
    circle_info: dict[str, dict]
    ring: list[str]
    opposite_group: dict[str, str]
    links: list[tuple[str, str]]
    printed_links: list[tuple[str, str]]
    # derived
    port_link: dict[Port, Any] = field(default_factory=dict)  # port -> Port or location name
    printed: set = field(default_factory=set)  # frozenset({port, port}) of printed links
    location_ports: dict[str, list[Port]] = field(default_factory=dict)  # location -> its ports

    @classmethod
    def from_json(cls, d: dict) -> "Board":
        b = cls(
            spaces=list(d["spaces"]),
            space_xy={k: (v["x"], v["y"]) for k, v in d["spaces"].items()},
            stops=list(d["stops"]),
            stop_xy={k: (v["x"], v["y"]) for k, v in d["stops"].items()},
            circles=list(d["ring"]),
            circle_info={k: dict(v) for k, v in d["circles"].items()},
            ring=list(d["ring"]),
            opposite_group=dict(d["opposite_group"]),
            links=[tuple(x) for x in d["links"]],
            printed_links=[tuple(x) for x in d["printed_links"]],
        )
        for u, v in b.links:
            pu, pv = parse_port(u), parse_port(v)
            if pu is None:
                fail(f"board link {u}-{v}: first end must be a space edge")
            for p, other in ((pu, pv if pv is not None else v), (pv, pu)):
                if p is None:
                    continue
                if p in b.port_link:
                    fail(f"board port {port_name(p)} linked twice")
                b.port_link[p] = other
            if pv is None:
                b.location_ports.setdefault(v, []).append(pu)
        for u, v in b.printed_links:
            b.printed.add(frozenset((parse_port(u), parse_port(v))))
        return b

    # -- names
    def is_space(self, s: str) -> bool:
        return s in self.space_xy

    def is_stop(self, s: str) -> bool:
        return s in self.stop_xy

    def is_circle(self, s: str) -> bool:
        return s in self.circle_info

    def is_location(self, s: str) -> bool:
        return self.is_stop(s) or self.is_circle(s)

    def check_space(self, s: Any) -> str:
        if not isinstance(s, str) or s not in self.space_xy:
            fail(f"unknown space {s!r} (spaces: {' '.join(self.spaces)})")
        return s

    def check_location(self, s: Any) -> str:
        if not isinstance(s, str) or not self.is_location(s):
            fail(f"unknown stop or circle {s!r}")
        return s

    def neighbour(self, p: Port):
        """What board edge ``p`` leads to: another port, or a location name."""
        return self.port_link[p]

    def is_printed(self, p: Port, q: Port) -> bool:
        return frozenset((p, q)) in self.printed

    # -- symmetry of the board: quarter turn counter-clockwise
    @functools.cached_property
    def centre(self) -> tuple[float, float]:
        xs = [x for x, _ in self.space_xy.values()]
        ys = [y for _, y in self.space_xy.values()]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    def turn_point(self, x: float, y: float, quarters: int = 1) -> tuple[float, float]:
        cx, cy = self.centre
        dx, dy = x - cx, y - cy
        for _ in range(quarters % 4):
            dx, dy = -dy, dx
        return (cx + dx, cy + dy)

    @functools.cached_property
    def _xy_space(self) -> dict:
        return {v: k for k, v in self.space_xy.items()}

    @functools.cached_property
    def _xy_stop(self) -> dict:
        return {v: k for k, v in self.stop_xy.items()}

    def turn_space(self, s: str, quarters: int = 1) -> str:
        return self._xy_space[self.turn_point(*self.space_xy[s], quarters)]

    def turn_port(self, p: Port, quarters: int = 1) -> Port:
        return (self.turn_space(p[0], quarters), (p[1] + 2 * quarters) % 8)

    def turn_location(self, s: str, quarters: int = 1) -> str:
        if self.is_stop(s):
            return self._xy_stop[self.turn_point(*self.stop_xy[s], quarters)]
        i = self.ring.index(s)
        return self.ring[(i - 5 * quarters) % len(self.ring)]

    def circle_group(self, c: str) -> str:
        return self.circle_info[c]["group"]


@functools.lru_cache(maxsize=None)
def board() -> Board:
    """The Octiles board (loaded once from data/octiles/board.json)."""
    path = data_path("octiles", "board.json")
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:
        fail(f"{path}: not valid JSON ({e})")
    return Board.from_json(d)


SPACES: tuple[str, ...] = tuple(board().spaces)
STOPS: tuple[str, ...] = tuple(board().stops)
CIRCLES: tuple[str, ...] = tuple(board().ring)


# ---------------------------------------------------------------------------------------------
# placements


class Placed(NamedTuple):
    tile: int
    rotation: int


Placement = dict  # space -> Placed


def validate_placement(placement: Mapping[str, Any], *, full: bool = False) -> dict[str, Placed]:
    """Check and normalise a placement (unknown space, bad tile id, tile used twice, rotation
    outside 0-7 are OctoError). ``full=True`` also requires every one of the 17 spaces filled."""
    b = board()
    out: dict[str, Placed] = {}
    used: dict[int, str] = {}
    if not isinstance(placement, Mapping):
        fail("a placement must map spaces to {tile, rotation}")
    def said(x) -> str:  # the value as the file wrote it (was Python's: None, True, 'x')
        try:
            return json.dumps(x)[:60]
        except (TypeError, ValueError):
            return repr(x)[:60]

    for sp, v in placement.items():
        b.check_space(sp)
        if isinstance(v, Mapping):
            if set(v) != {"tile", "rotation"}:  # (a missing rotation was read as 0 without a word)
                missing = " (no \"rotation\")" if set(v) == {"tile"} else ""
                fail(f"space {sp}: expected {{\"tile\": id, \"rotation\": r}}, got {said(v)}{missing}")
            t, r = v["tile"], v["rotation"]
        elif isinstance(v, (tuple, list)) and len(v) == 2:
            t, r = v
        else:
            fail(f"space {sp}: expected {{\"tile\": id, \"rotation\": r}}, got {said(v)}")
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < NUM_TILES:
            fail(f"space {sp}: tile must be an integer 0-{NUM_TILES - 1}, got {said(t)}")
        if not (isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 7):
            fail(f"space {sp}: rotation must be an integer 0-7, got {said(r)}")
        if t in used:
            fail(f"tile {t} used twice (spaces {used[t]} and {sp})")
        used[t] = sp
        out[sp] = Placed(t, r)
    if full and len(out) != len(b.spaces):
        missing = [s for s in b.spaces if s not in out]
        fail(f"placement must fill all {len(b.spaces)} spaces; empty: {' '.join(missing)}")
    return {s: out[s] for s in b.spaces if s in out}


def placement_from_json(obj: Any) -> dict[str, Placed]:
    """A placement from JSON: ``{"c3": {"tile": 4, "rotation": 2}, ...}``, or an object with a
    ``"placement"`` key holding that (e.g. the output of ``octosolve octiles challenge --json``)."""
    if isinstance(obj, Mapping) and "placement" in obj:
        if not isinstance(obj["placement"], Mapping):  # (was read as spaces: "unknown space 'challenge'")
            fail(f"the file's \"placement\" is {json.dumps(obj['placement'])[:20]}, not a placement"
                 + (" (the answer has none)" if obj["placement"] is None else ""))
        obj = obj["placement"]
    elif isinstance(obj, Mapping) and str(obj.get("format", "")).startswith("octosolve-record"):
        # (said "unknown space 'format'")
        fail("this is a game record, not a placement: `octosolve octiles position` reads it, and a "
             "position file (`play --position-out`) holds a placement trace reads")
    return validate_placement(obj)


def load_placement(path: str | Path) -> dict[str, Placed]:
    from ..core.jsonout import read_json

    return placement_from_json(read_json(path, "placement file"))


def placement_to_json(placement: Mapping[str, Placed]) -> dict:
    return {s: {"tile": int(v[0]), "rotation": int(v[1])} for s, v in placement.items()}


def partner_of(placement: Mapping[str, Placed], port: Port) -> Port | None:
    """The other board edge of the segment at ``port`` (None if the space is empty)."""
    v = placement.get(port[0])
    if v is None:
        return None
    for a, b in tile_segments(v[0], v[1]):
        if a == port[1]:
            return (port[0], b)
        if b == port[1]:
            return (port[0], a)
    raise AssertionError("unreachable")


def turn_placement(placement: Mapping[str, Placed], quarters: int = 1) -> dict[str, Placed]:
    """The placement turned a quarter (counter-clockwise) ``quarters`` times with the board."""
    b = board()
    out = {b.turn_space(s, quarters): Placed(v[0], (v[1] + 2 * quarters) % 8)
           for s, v in placement.items()}
    return {s: out[s] for s in b.spaces if s in out}
