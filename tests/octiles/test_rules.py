import itertools
import random

import pytest

from octosolve.core.errors import OctoError
from octosolve.octiles import rules as R


def random_placement(seed, n=17):
    rng = random.Random(seed)
    tiles = rng.sample(range(18), n)
    spaces = rng.sample(R.SPACES, n)
    return {s: R.Placed(t, rng.randrange(8)) for s, t in zip(spaces, tiles)}


def test_eighteen_tiles_cover_the_105_pairings():
    # brute force: every perfect matching of 8 edges, grouped by rotation
    def matchings(edges):
        if not edges:
            yield ()
            return
        a = edges[0]
        for i in range(1, len(edges)):
            rest = edges[1:i] + edges[i + 1:]
            for m in matchings(rest):
                yield ((a, edges[i]),) + m
    all_m = {tuple(sorted(m)) for m in matchings(list(range(8)))}
    assert len(all_m) == 105
    covered = set()
    for t in range(18):
        for r in range(8):
            covered.add(R.tile_segments(t, r))
    assert covered == all_m
    # no two tiles are rotations of each other
    for t, u in itertools.combinations(range(18), 2):
        assert not any(R.tile_segments(t, r) == R.tile_segments(u, 0) for r in range(8))
    assert sum(R.tile_symmetry_order(t) for t in range(18)) == 105


def test_tile_ids_are_stable_and_kinds():
    assert R.TILES[0] == ((0, 1), (2, 3), (4, 5), (6, 7))
    assert R.TILES[17] == ((0, 4), (1, 5), (2, 6), (3, 7))
    assert R.tile_kinds(17) == {"Arc": 0, "Bend": 0, "Curve": 0, "Diameter": 4}
    assert R.tile_kinds(11) == {"Arc": 0, "Bend": 4, "Curve": 0, "Diameter": 0}
    assert R.tile_kinds(16) == {"Arc": 0, "Bend": 0, "Curve": 4, "Diameter": 0}
    assert [R.seg_points(0, d) for d in (1, 2, 3, 4)] == [3, 4, 5, 6]
    # rotation r puts tile edge i on board edge i + r
    assert R.tile_segments(0, 1) == ((0, 7), (1, 2), (3, 4), (5, 6))


def test_board_links_every_edge_once_and_quarter_turn():
    b = R.board()
    assert len(b.port_link) == 17 * 8
    assert len(b.links) == 104 and len(b.printed) == 8
    # quarter turn maps links to links
    for p, q in b.port_link.items():
        tp = b.turn_port(p)
        tq = b.turn_port(q) if not isinstance(q, str) else b.turn_location(q)
        assert b.port_link[tp] == tq
    assert len(b.stops) == 16 and len(b.ring) == 20


def test_single_diameter_tile_hand_traced():
    tr = R.trace({"c3": {"tile": 17, "rotation": 0}})
    by_ends = {tuple(sorted(p.ends)): p for p in tr.paths if p.kind == "path"}
    # c3 diagonal edges: 1 -> C3, 3 -> D3, 5 -> D4, 7 -> C4
    assert set(by_ends) == {("C3", "D4"), ("C4", "D3")}
    p = by_ends[("C3", "D4")]
    assert (p.tiles, p.segments, p.points, p.printed) == (1, 1, 6, 0)
    q = by_ends[("C4", "D3")]
    assert p.crossings == 3 and p.self_crossings == 0  # the other 3 diameters (2 open paths)
    assert tr.crossings[(min(p.id, q.id), max(p.id, q.id))] == 1
    assert p.symmetry == {"mirror": True, "rotation": 2}
    assert len(tr.by_kind("open")) == 2  # the straight edges run into empty neighbours
    assert tr.total_crossings() == 6  # 4 diameters cross pairwise: C(4,2)


def test_two_tile_loop_with_printed_segment():
    # a2: arc 6-7; a3: arc 1-2; a2:6-a3:2 is a straight link, a2:7-a3:1 a printed board segment
    pl = {"a2": {"tile": 0, "rotation": 0}, "a3": {"tile": 1, "rotation": 1}}
    tr = R.trace(pl)
    loops = tr.loops
    assert len(loops) == 1
    lp = loops[0]
    assert (lp.tiles, lp.segments, lp.printed, lp.points) == (2, 2, 1, 6)
    assert lp.measure("segments") == 3


def test_path_crossing_a_tile_twice_hand_made():
    # c3 with tile 17 rot 0 and neighbours that send the C3-D4 diameter back through c3? Use a
    # loop around stop D4: c3 (5-6), c4 (2-3), d4 (1-0), d3 (7-6)... edges facing D4 are
    # c3:5, c4:3, d4:1, d3:7 -> use straight links c3:6-c4:2, c4:4-d4:0, d4:2-d3:6, d3:0-c3:4
    want = {"c3": (4, 6), "c4": (2, 4), "d4": (0, 2), "d3": (6, 0)}
    pl = {}
    used = set()
    for s, seg in want.items():
        seg = tuple(sorted(seg))
        for t in range(18):
            if t in used:
                continue
            rs = [r for r in range(8) if seg in R.tile_segments(t, r)]
            if rs:
                pl[s] = R.Placed(t, rs[0])
                used.add(t)
                break
    tr = R.trace(pl)
    loops = [p for p in tr.loops if set(p.tile_visits) == set(want)]
    assert len(loops) == 1
    lp = loops[0]
    assert lp.tiles == 4 and lp.segments == 4 and lp.points == 16  # four Bends
    assert lp.symmetry["rotation"] == 4 and lp.symmetry["mirror"]


@pytest.mark.parametrize("seed", range(6))
def test_trace_agrees_with_direct_walks(seed):
    pl = random_placement(seed, n=17 if seed % 2 == 0 else 11)
    tr = R.trace(pl)
    walked = []
    for loc in R.STOPS + R.CIRCLES:
        for w in R.follow(pl, loc):
            if w.end is not None:
                walked.append((tuple(sorted((w.start, w.end))), len(w.steps)))
    traced = [(tuple(sorted(p.ends)), p.segments) for p in tr.complete_paths for _ in (0, 1)]
    assert sorted(walked) == sorted(traced)
    # every tile segment belongs to exactly one path/loop/open path
    segs = sum(len(p.steps) for p in tr.paths)
    assert segs == 4 * len(pl)
    # crossings: pairs of crossing chords summed over tiles
    expect = sum(R.chords_cross(a, b) for s, (t, r) in pl.items()
                 for a, b in itertools.combinations(R.tile_segments(t, r), 2))
    assert tr.total_crossings() == expect


@pytest.mark.parametrize("seed", range(4))
def test_quarter_turn_preserves_measures(seed):
    pl = random_placement(100 + seed)
    a, b = R.trace(pl), R.trace(R.turn_placement(pl))

    def sig(tr):
        return sorted((p.kind, p.tiles, p.segments, p.points, p.printed, p.self_crossings,
                       p.crossings, p.symmetry["mirror"], p.symmetry["rotation"]) for p in tr.paths)
    assert sig(a) == sig(b)


def test_full_placement_has_36_paths():
    tr = R.trace(random_placement(7))
    assert len(tr.complete_paths) == 36 and not tr.by_kind("open")


@pytest.mark.parametrize("bad, msg", [
    ({"z9": {"tile": 1, "rotation": 0}}, "unknown space"),
    ({"c3": {"tile": 1, "rotation": 0}, "c4": {"tile": 1, "rotation": 2}}, "used twice"),
    ({"c3": {"tile": 1, "rotation": 8}}, "rotation"),
    ({"c3": {"tile": 1, "rotation": -1}}, "rotation"),
    ({"c3": {"tile": 18, "rotation": 0}}, "tile"),
    ({"c3": {"tile": "x", "rotation": 0}}, "tile"),
    ({"c3": 5}, "expected"),
])
def test_bad_placements(bad, msg):
    with pytest.raises(OctoError, match=msg):
        R.validate_placement(bad)


def test_full_required():
    with pytest.raises(OctoError, match="fill all"):
        R.validate_placement({"c3": (1, 0)}, full=True)
