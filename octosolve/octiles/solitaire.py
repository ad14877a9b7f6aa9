"""The Octiles solitaires: Connection Solitaire and Sequence Solitaire score a given placement
(rules: docs/rules/octiles-games.md).

>>> check_sequence({}, ["B2", "B3", "B4", "B5", "C2", "C3", "C4", "C5", "D2", "D3", "D4", "D5",
...                     "E2", "E3", "E4", "E5"])["score"]
0
"""

from __future__ import annotations

from ..core.errors import fail
from .tiles import validate_placement
from .topology import N_SPACES, topology, trace

__all__ = ["place_graph", "check_connection", "check_sequence", "load_json_file"]


def _placement_arrays(placement: dict) -> tuple[list[int], list[int]]:
    """Arrays of a placement, validated by ``tiles.validate_placement`` (unknown space, tile used
    twice, rotation outside 0-7 are one-line errors)."""
    topo = topology()
    tile_at, rot_at = [-1] * N_SPACES, [0] * N_SPACES
    for sp, pl in validate_placement(placement).items():
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
        if not places:  # (was counted: '0 runners in 0 groups', the puzzle 'not solved')
            fail(f"colour {colour!r} has no runners: give it at least one stop or circle, or leave it out")
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
        # name what is wrong (the message did not say which name, or how many were given)
        unknown = [x for x in dict.fromkeys(numbering) if x not in stops]
        twice = [x for x in dict.fromkeys(numbering) if numbering.count(x) > 1 and x in stops]
        missing = [x for x in stops if x not in numbering]
        why = "; ".join(part for part in (
            f"not stops: {', '.join(map(repr, unknown[:4]))}" if unknown else "",
            f"given twice: {', '.join(twice[:4])}" if twice else "",
            f"missing: {', '.join(missing[:8])}" + (" ..." if len(missing) > 8 else "") if missing else "")
            if part)
        fail(f"the numbering must list each of the {len(stops)} stops once (B2 ... E5), got "
             f"{len(numbering)}: {why}")
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
    """A JSON file read strictly (UTF-8, no duplicate keys, not too deep), one-line errors."""
    from ..core.jsonout import read_json

    return read_json(path, "JSON file")
