"""The counting/assignment bounds (octosolve.octiles.challenges.bounds) checked two ways: the local
bound summed over a placement's own tiles and its components' ends is never below the tracer's value
(random placements), and the assignment maximum equals a brute force over all assignments on small
instances."""

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from octosolve.octiles import rules as R
from octosolve.octiles.challenges import bounds as Bd
from octosolve.octiles.challenges.geometry import B, SP
from octosolve.octiles.challenges.scoring import comps


def _random_placements(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        tiles = rng.sample(range(R.NUM_TILES), len(SP))
        yield {s: R.Placed(t, rng.randrange(8)) for s, t in zip(SP, tiles)}


def _ends(p) -> Counter:
    return Counter() if p.kind == "loop" else Counter([p.steps[0].space, p.steps[-1].space])


SINGLE = {
    (11, "twice"): lambda p: sum(1 for v in p.tile_visits.values() if v >= 2),
    (11, "thrice"): lambda p: sum(1 for v in p.tile_visits.values() if v >= 3),
    (12, "count"): lambda p: p.self_crossings,
    (2, "path-points"): lambda p: p.points if p.kind == "path" else 0,
    (2, "loop-points"): lambda p: p.points if p.kind == "loop" else 0,
    (6, "points"): lambda p: p.points if p.kind == "path" and all(B.is_circle(e) for e in p.ends) else 0,
    (2, "path-tiles"): lambda p: p.tiles if p.kind == "path" else 0,
}


def _spec(key):
    """The bound a question's declared bound argument names (a bounds.SPECS name)."""
    from octosolve.octiles.challenges.catalogue import get_variant
    ref = get_variant(*key)[1].bound_argument
    assert ref.target == "bounds:counting_bound"
    return ref.args[0]


@pytest.mark.parametrize("key", list(SINGLE), ids=lambda k: f"{k[0]}-{k[1]}")
def test_local_bound_is_sound_on_random_placements(key):
    value = SINGLE[key]
    checked = 0
    for pl in _random_placements(25, seed=sum(map(ord, f"{key}"))):
        tr = R.trace(pl)
        for p in comps(tr):
            v = value(p)
            if v == 0:
                continue
            assert v <= Bd.placement_local_sum(_spec(key), pl, _ends(p)), (key, p.ends)
            checked += 1
    assert checked > 0 or key == (11, "thrice")   # (a tile crossed 3 times is rare at random)


@pytest.mark.integration
@pytest.mark.parametrize("key", [(14, "cross"), (14, "share")], ids=["cross", "share"])
def test_pair_local_bound_is_sound_on_random_placements(key):
    checked = 0
    for pl in _random_placements(5, seed=7):
        tr = R.trace(pl)
        cs = comps(tr)
        for a, b in itertools.combinations(cs, 2):
            x = tr.crossings.get((min(a.id, b.id), max(a.id, b.id)), 0)
            v = x if key[1] == "cross" else (len(set(a.tile_visits) & set(b.tile_visits)) if x == 0 else 0)
            if v == 0:
                continue
            assert v <= Bd.placement_local_sum(_spec(key), pl, _ends(a) + _ends(b))
            checked += 1
    assert checked > 0


def test_local_table_by_hand():
    """Hand-worked: on an inside space (4 ports lead to tiles), a path with no end there uses at most
    2 segments, so at most 1 self-crossing; with 2 ends there, up to 3 segments."""
    u = Bd.local_table("12")
    i = SP.index("c3")
    assert u[i, :, 0].max() == 1
    assert u[i, :, 2].max() == 3
    j = SP.index("a2")          # 3 ports lead to tiles: one segment without an end
    assert u[j, :, 0].max() == 0
    t = Bd.local_table("11 twice")
    assert t[j, :, 0].max() == 0 and t[i, :, 0].max() == 1


@pytest.mark.parametrize("E", [0, 1, 2])
def test_assignment_equals_brute_force_on_small_instances(E):
    rng = np.random.default_rng(E)
    for _ in range(5):
        u = rng.integers(0, 6, size=(4, 5, E + 1))
        u = np.maximum.accumulate(u, axis=2)        # more ends never lowers a local bound
        assert Bd.assignment_bound(u, E)[0] == Bd.brute_assignment(u, E)


def test_issue_values():
    assert Bd.counting_bound("11 twice")["bound"] == 9
    assert Bd.counting_bound("12")["bound"] == 8
    assert Bd.counting_bound("6 points")["bound"] == 134
    assert Bd.counting_bound("2 path-tiles")["bound"] == 17
    assert "counting" in Bd.counting_bound("12")["argument"]


@pytest.mark.integration
def test_issue_values_two_paths():
    assert Bd.counting_bound("14 cross")["bound"] == 9
    assert Bd.counting_bound("14 share")["bound"] == 10


def test_identical_routes_matches_brute_force():
    """22 routes: the matching per shape equals a brute-force packing of path-disjoint routes, and
    each route is two paths joined at a stop with the same drawn shape as the others."""
    from octosolve.octiles.challenges import scoring as Sc

    def pack(pairs):
        best = 0

        def rec(i, used, n):
            nonlocal best
            best = max(best, n)
            for j in range(i, len(pairs)):
                if not (set(pairs[j]) & used):
                    rec(j + 1, used | set(pairs[j]), n + 1)
        rec(0, set(), 0)
        return best

    seen = 0
    for pl in _random_placements(6, seed=22):
        tr = R.trace(pl)
        groups = Sc._route_pairs(tr)
        assert Sc.identical_routes(tr) == max([pack(p) for p in groups.values()] or [0])
        for pairs in groups.values():
            for a, b in pairs:
                pa, pb = tr.paths[a], tr.paths[b]
                stop = set(pa.ends) & set(pb.ends)
                assert stop and all(B.is_stop(x) for x in stop)
        seen += sum(len(p) for p in groups.values())
    assert seen > 0


def test_one_tile_bound_is_sound_and_reached():
    """30: a one-tile path is one segment whose two ports face stops or circles; the per-space count
    summed over a placement's own tiles is never below the tracer's count."""
    from octosolve.octiles.challenges.arguments import one_tile_bound
    loc = {s: {e for e in range(8) if isinstance(B.port_link[(s, e)], str)} for s in SP}
    for pl in _random_placements(20, seed=30):
        tr = R.trace(pl)
        n = sum(1 for p in tr.complete_paths if p.segments == 1 and p.printed == 0)
        own = sum(sum(1 for a, b in R.tile_segments(*pl[s]) if a in loc[s] and b in loc[s]) for s in SP)
        assert n == own     # (the local count is exact on a fixed placement)
    assert one_tile_bound()["bound"] == 28


@pytest.mark.integration
def test_loop_packing_bound_and_random_placements():
    from octosolve.octiles.challenges.arguments import loop_packing_bound
    b = loop_packing_bound()["bound"]
    assert b == 8
    for pl in _random_placements(50, seed=3):
        assert len(R.trace(pl).loops) <= b


@pytest.mark.integration
def test_cycle_list_holds_every_simple_loop():
    """3's cycle model: every loop the tracer finds that passes each space at most once is one of
    the enumerated simple cycles (same segments), and every cycle's passes are tile segments."""
    from octosolve.octiles.challenges.arguments import cycles
    cl = cycles()
    by_segs = {segs for _, _, segs in cl}
    assert all(a < b for _, _, segs in cl for (_, a, b) in segs)
    found = 0
    for pl in _random_placements(60, seed=33):
        for p in R.trace(pl).loops:
            if max(p.tile_visits.values()) == 1:
                assert frozenset((s.space, min(s.a, s.b), max(s.a, s.b)) for s in p.steps) in by_segs
                found += 1
    assert found > 0


def test_no_location_is_fixed_by_a_half_turn():
    """23's turned-copies model relies on it: a path equal to its quarter-turned image would have
    its two ends swapped by the turn, hence each end fixed by the half turn."""
    assert all(B.turn_location(u, 2) != u for u in list(B.stops) + list(B.ring))
