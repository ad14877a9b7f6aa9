"""Upper bounds of the local-search challenges (13, 15) and challenge 24's exact model.

The counting bounds are checked against the tracer: the argument behind each one is re-run on
random placements (the charged tiles really hold two segments of the component, no tile is charged
more than twice, the routes really use disjoint circles and stops), and no placement scores above it."""

import pytest

from octosolve.octiles import rules as R
from octosolve.octiles import challenges as S

from ..test_rules import random_placement


def _var(n, name):
    return S.CHALLENGES[n].variant(name)


@pytest.mark.integration
def test_bound_values():
    assert S.BOUND_13 == 34
    assert [S.bound_15(k) for k in (1, 2, 3)] == [10, 8, 5]
    # the search's bound is the declared bound argument (13: the cycle packing, below BOUND_13)
    assert _var(15, "stops-2").static_bound()["bound"] == 8
    assert _var(13, "self-crossing").static_bound()["bound"] == 8 < S.BOUND_13
    assert not hasattr(_var(13, "self-crossing"), "bound_note")


@pytest.mark.parametrize("seed", range(12))
def test_counting_argument_of_13_on_random_placements(seed):
    tr = R.trace(random_placement(100 + seed))
    charged: dict = {}
    for kind, ok in (("self-crossing", lambda p: p.self_crossings > 0),
                     ("twice", lambda p: p.kind == "path" and p.self_crossings == 0 and p.repeated_tiles)):
        charged = {}
        for p in tr.paths:
            if p.kind == "open" or not ok(p):
                continue
            # a tile holding two of its segments (for self-crossing: two that cross)
            tiles = [s for s, v in p.tile_visits.items() if v >= 2]
            assert tiles, "a counted component must hold two segments of one tile"
            charged.setdefault(tiles[0], []).append(p.id)
        assert all(len(v) <= 2 for v in charged.values())
    for name in ("self-crossing", "twice-not-self-crossing"):
        assert _var(13, name).score(tr) <= S.BOUND_13


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [1, 2, 3])
def test_routes_of_15_are_disjoint_and_within_the_bound(seed, k):
    tr = R.trace(random_placement(200 + seed))
    n, routes = S.disjoint_circle_routes(tr, k)
    used_circles, used_stops = set(), set()
    for pids in routes:
        locs = set()
        for i in pids:
            locs |= set(tr.paths[i].ends)
        circles = {x for x in locs if R.board().is_circle(x)}
        stops = locs - circles
        assert len(circles) == 2 and len(stops) == k
        assert not (circles & used_circles) and not (stops & used_stops)
        used_circles |= circles
        used_stops |= stops
    assert n == len(routes) <= S.bound_15(k)


def test_15_reaches_its_bound_so_it_is_optimal():
    res = S.solve_variant(15, "stops-3", time_limit=30, seed=0)
    assert res.verified and res.verified_value <= res.bound == 5
    if res.verified_value == res.bound:
        assert res.status == "OPTIMAL"


@pytest.mark.integration  # a CP-SAT proof, 15-23 s on the idle 2-core machine
def test_challenge_24_optimal_36():
    # the time limit is only a ceiling (CP-SAT stops once it has proved optimality), generous so
    # that a busy machine, which stretches the proof's wall-clock time, does not cut it short
    res = S.solve_variant(24, "count", time_limit=600)
    assert res.status == "OPTIMAL" and res.objective == res.bound == 36 and res.verified


@pytest.mark.integration
def test_13_search_reads_the_declared_bound():
    """The local-search answer of 13 (1 s) takes its bound from the declared bound argument."""
    res = S.solve_variant(13, "self-crossing", time_limit=1, seed=0)
    assert res.bound == 8 and res.extra["bound_by"].startswith("cycle packing")
    assert res.verified and res.verified_value <= res.bound
