"""The bounds and models of helper "groups" (challenges 16, 18, 22 loops), checked against the
tracer and scorers on random and stored placements, and on hand-worked examples."""

import random
from collections import Counter

import pytest

from octosolve.octiles import rules as R
from octosolve.octiles.challenges import arguments as A
from octosolve.octiles.challenges import scoring as Sc
from octosolve.octiles.challenges.geometry import B, SP, STUBS, turned_pairs
from octosolve.core.cpsat import new_solver


def _random_placements(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        tiles = rng.sample(range(R.NUM_TILES), len(SP))
        yield {s: R.Placed(t, rng.randrange(8)) for s, t in zip(SP, tiles)}


# ---------------------------------------------------------------------------------------------
# 18 count


def test_two_stop_bound_by_hand():
    """5 circles of each colour, a group takes one of each: 5. The stops alone would allow 8 (4 of
    type A on the 4 two-stub stops and the 4 four-stub partners, 2 of type B on the 4 three-stub
    stops, 2 of type C on the remaining 4 four-stub stops)."""
    assert Counter(B.circle_group(c) for c in B.ring) == {"west": 5, "north": 5, "east": 5, "south": 5}
    assert Counter(len(B.location_ports[s]) for s in B.stops) == {2: 4, 3: 4, 4: 8}
    b = A.two_stop_bound()
    assert b["bound"] == 5 and "the stops alone allow 8" in b["argument"]
    for pl in _random_placements(30, seed=18):
        assert len(Sc.two_stop_groups(R.trace(pl))) <= b["bound"]


def test_group_types_cover_every_scorer_group():
    """A group's two stops have 4 circle stubs + 2 per path between them or from a stop to itself,
    so their stub counts are (2, 4), (3, 3) or (4, 4): the model's pairs miss no group."""
    from octosolve.octiles.challenges.proofs_groups import group_type
    for s1 in B.stops:
        for s2 in B.stops:
            if s1 < s2:
                total = len(B.location_ports[s1]) + len(B.location_ports[s2])
                fits = total % 2 == 0 and total >= 6
                assert (group_type(s1, s2) is not None) == fits


def _model_max(pl, extra=None):
    from ortools.sat.python import cp_model

    from octosolve.octiles.challenges.cpsat import Skeleton
    from octosolve.octiles.challenges.proofs_groups import two_stop_exact_build
    sk = Skeleton()
    obj = two_stop_exact_build(sk)
    sk.fix(pl)
    sk.m.Maximize(obj)
    sv = new_solver()
    sv.parameters.num_workers = 1
    sv.parameters.max_time_in_seconds = 60
    st = sv.Solve(sk.m)
    assert st == cp_model.OPTIMAL
    return int(round(sv.ObjectiveValue()))


def test_exact_group_model_matches_the_scorer():
    """On fixed placements the model's most groups equals the scorer's count (stored certificates
    with 3 groups, and random placements)."""
    from octosolve.octiles.challenges.certificates import load_certificate
    for v in ("count", "types"):
        pl = load_certificate(18, v)["placement"]
        assert _model_max(pl) == len(Sc.two_stop_groups(R.trace(pl))) == 3
    for pl in _random_placements(6, seed=181):
        assert _model_max(pl) == len(Sc.two_stop_groups(R.trace(pl)))


# ---------------------------------------------------------------------------------------------
# 22 loops


class _Comp:
    def __init__(self, segs):
        from octosolve.octiles.tracer import Step
        self.steps = [Step(s, a, b, -1) for s, a, b in sorted(segs)]


def test_cycle_classes_agree_with_the_tracer_shape_key():
    """Every simple loop the tracer finds is an enumerated cycle whose class key is the loop's own
    shape key; a cycle and its quarter-turned image are in one class."""
    from octosolve.octiles.tracer import shape_key
    cl = A.cycles()
    key_of = {}
    for key, mem in A.cycle_classes().items():
        for k in mem:
            key_of[cl[k][2]] = key
    assert len(key_of) == len(cl)
    found = 0
    for pl in _random_placements(60, seed=22):
        for p in R.trace(pl).loops:
            if max(p.tile_visits.values()) == 1:
                segs = frozenset((s.space, min(s.a, s.b), max(s.a, s.b)) for s in p.steps)
                assert key_of[segs] == p.shape_key()
                found += 1
    assert found > 0
    for _, _, segs in cl[:200]:
        turned = frozenset((B.turn_space(s, 1),) + tuple(sorted(((a + 2) % 8, (b + 2) % 8)))
                           for s, a, b in segs)
        assert shape_key(_Comp(turned)) == shape_key(_Comp(segs))


def test_class_packing_by_brute_force():
    """The class packing (CP-SAT) equals a brute force over subsets on a few small classes."""
    import itertools

    from octosolve.octiles.challenges.bounds import TILE_PORTS
    cl = A.cycles()
    classes = sorted(A.cycle_classes().values(), key=lambda m: (-len(m), m))[:6]
    for mem in classes:
        best = 0
        for r in range(1, len(mem) + 1):
            for sub in itertools.combinations(mem, r):
                links = Counter(lk for k in sub for lk in cl[k][1])
                spaces = Counter(s for k in sub for s in cl[k][0])
                if max(links.values()) <= 1 and all(n <= len(TILE_PORTS[s]) // 2
                                                    for s, n in spaces.items()):
                    best = max(best, r)
        assert A.class_packing(mem, cl) == best


@pytest.mark.integration
def test_identical_loops_bound_is_4():
    b = A.identical_loops_bound()
    assert b["bound"] == 4
    from octosolve.octiles.challenges.certificates import load_certificate
    pl = load_certificate(22, "loops")["placement"]
    assert Sc.largest_identical_class(("loop",))(R.trace(pl)) == 4


# ---------------------------------------------------------------------------------------------
# 16 cut


def _crossings(p, side, side_loc) -> int:
    """Times the traced path changes side: its two stubs, its segments and the links between."""
    n = 0
    st = p.steps
    for i, s in enumerate(st):
        n += side[s.space, s.a] != side[s.space, s.b]
        if i + 1 < len(st):
            assert B.port_link[(s.space, s.b)] == (st[i + 1].space, st[i + 1].a)
            n += side[s.space, s.b] != side[st[i + 1].space, st[i + 1].a]
    if p.kind == "path":
        u, v = B.port_link[(st[0].space, st[0].a)], B.port_link[(st[-1].space, st[-1].b)]
        assert sorted((u, v)) == sorted(p.ends)
        n += (side_loc[u] != side[st[0].space, st[0].a]) + (side_loc[v] != side[st[-1].space, st[-1].b])
    else:
        n += side[st[-1].space, st[-1].b] != side[st[0].space, st[0].a]
    return n


@pytest.mark.parametrize("quarters", [1, 2])
def test_cut_bound_is_sound_on_random_placements(quarters):
    """Every path between a location and its turned image changes side an odd number of times; all
    components together change side at most the cut capacity times; so the turned paths <= bound."""
    r = A.turned_cut_bound(quarters, time_limit=10)
    side, side_loc = r["side"], r["side_loc"]
    for p, v in side.items():
        assert side[A._turn_port(p, quarters)] != v
    for u in side_loc:
        assert side_loc[B.turn_location(u, quarters)] != side_loc[u]
    pairs = set(turned_pairs(quarters))
    for pl in _random_placements(25, seed=16 + quarters):
        tr = R.trace(pl)
        total = 0
        for p in tr.complete_paths + tr.loops:
            n = _crossings(p, side, side_loc)
            total += n
            if p.kind == "path" and tuple(sorted(p.ends)) in pairs:
                assert n % 2 == 1
        assert total <= A.cut_capacity(side, side_loc)
        assert Sc.paths_between(tr, list(pairs)) <= r["bound"]


def test_cut_capacity_by_hand():
    """cut_capacity on hand-counted splits: nothing across (0); every location against every port
    (the 72 stubs); one space's edges 0-3 against the rest (its 4 links or stubs, plus 4
    segments: some tile joins each of 0-3 to one of 4-7)."""
    ports = {(s, e): 0 for s in SP for e in range(8)}
    locs = {loc: 0 for loc, _ in STUBS}
    assert A.cut_capacity(ports, locs) == 0
    assert A.cut_capacity(ports, {loc: 1 for loc in locs}) == 72
    one = dict(ports)
    for e in range(4):
        one["c3", e] = 1
    assert A.cut_capacity(one, locs) == 8
    one["c3", 4] = 1
    assert A.cut_capacity(one, locs) == 5 + 3


def _column_split():
    """A half-turn split by hand: spaces west of the centre column on side 1, the centre column's
    edges 7, 0, 1, 2 on side 1 (a half turn maps them to 3, 4, 5, 6); each location on its first
    port's side, its image on the other."""
    cx = B.space_xy["c3"][0]
    side = {}
    for s in SP:
        x = B.space_xy[s][0]
        for e in range(8):
            side[s, e] = int(x < cx or (x == cx and e in (7, 0, 1, 2)))
    side_loc = {}
    for loc, p in STUBS:
        img = B.turn_location(loc, 2)
        if loc < img and loc not in side_loc:
            side_loc[loc] = side[p]
            side_loc[img] = 1 - side[p]
    return side, side_loc


def test_hand_split_is_a_valid_half_turn_split():
    side, side_loc = _column_split()
    assert all(side[A._turn_port(p, 2)] != v for p, v in side.items())
    assert all(side_loc[B.turn_location(u, 2)] != v for u, v in side_loc.items())
    cap = A.cut_capacity(side, side_loc)
    pairs = turned_pairs(2)
    for pl in _random_placements(10, seed=1602):
        tr = R.trace(pl)
        for p in tr.complete_paths:
            if tuple(sorted(p.ends)) in pairs:
                assert _crossings(p, side, side_loc) % 2 == 1
        assert Sc.paths_between(tr, pairs) <= cap
    assert cap >= A.turned_cut_bound(2, time_limit=10)["bound"]


@pytest.mark.integration
def test_cut_bounds_are_12_and_20():
    assert A.turned_cut_bound(2)["bound"] == 12
    assert A.turned_cut_bound(1)["bound"] == 20


# ---------------------------------------------------------------------------------------------
# 22 paths


def test_short_paths_hold_every_traced_short_path():
    """Every path of at most 3 segments the tracer finds is an enumerated placement, in the class
    of its own shape key; and each class's count on a placement is within its packing bounds."""
    from octosolve.octiles.challenges.arguments import (port_packing, segment_assignment,
                                                            shape_classes, short_paths)
    classes = shape_classes(short_paths(3))
    where = {f: key for key, mem in classes.items() for f in mem}
    seen = Counter()
    found = 0
    for pl in _random_placements(40, seed=2222):
        per = Counter()
        for p in R.trace(pl).complete_paths:
            if p.segments <= 3:
                f = frozenset((s.space, min(s.a, s.b), max(s.a, s.b)) for s in p.steps)
                assert where[f] == (p.segments, p.shape_key())
                per[where[f]] += 1
                found += 1
        for key, n in per.items():
            seen[key] = max(seen[key], n)
    assert found > 100
    for key, n in seen.most_common(8):
        assert n <= port_packing(classes[key])
        assert n <= segment_assignment(classes[key])


def test_port_packing_by_brute_force():
    import itertools

    from octosolve.octiles.challenges.arguments import port_packing, shape_classes, short_paths
    classes = shape_classes(short_paths(2))
    small = sorted((m for m in classes.values() if 4 <= len(m) <= 12), key=len)[:5]
    assert small
    for mem in small:
        best = 0
        for r in range(1, len(mem) + 1):
            for sub in itertools.combinations(mem, r):
                ports = [(s, e) for f in sub for s, a, b in f for e in (a, b)]
                if len(ports) == len(set(ports)):
                    best = r
        assert port_packing(mem) == best


@pytest.mark.integration
def test_identical_paths_bound_is_16():
    from octosolve.octiles.challenges.arguments import identical_paths_bound
    assert identical_paths_bound()["bound"] == 16


# ---------------------------------------------------------------------------------------------
# 16 flow


@pytest.mark.parametrize("quarters", [1, 2])
def test_turned_flow_is_exact_on_fixed_placements(quarters):
    """With the tiles fixed, the flow MIP's optimum is the tracer's count of turned paths (stored
    certificate and random placements); the LP without tiles is never below it."""
    from octosolve.octiles.challenges.certificates import load_certificate
    from octosolve.octiles.challenges.proofs_groups import TurnedFlow
    pairs = turned_pairs(quarters)
    model = TurnedFlow(quarters, tiles=True)
    pls = [load_certificate(16, "half-turn" if quarters == 2 else "quarter-turn")["placement"]]
    pls += list(_random_placements(2, seed=1616 + quarters))
    for pl in pls:
        r = model.solve(fixed=pl, time_limit=60)
        assert r["status"] == "OPTIMAL"
        assert r["objective"] == Sc.paths_between(R.trace(pl), pairs)
    lp = TurnedFlow(quarters, tiles=False).lp_bound()
    assert lp >= Sc.paths_between(R.trace(pls[0]), pairs)
    # the flow LP is at most the cut (weak duality): 10 2/3 for the half turn, 20 for the quarter
    assert abs(lp - (32 / 3 if quarters == 2 else 20)) < 1e-6


def test_two_stop_flow_mip_is_exact_on_fixed_placements():
    """18's flow MIP with the tiles fixed: its optimum equals the scorer's group count and the
    CP-SAT group model's (a second formulation)."""
    from octosolve.octiles.challenges.certificates import load_certificate
    from octosolve.octiles.challenges.proofs_groups import TwoStopFlow
    model = TwoStopFlow()
    pls = [load_certificate(18, v)["placement"] for v in ("count", "types")]
    pls += list(_random_placements(2, seed=1818))
    for pl in pls:
        r = model.solve(fixed=pl, time_limit=60)
        assert r["status"] == "OPTIMAL"
        n = len(Sc.two_stop_groups(R.trace(pl)))
        assert r["objective"] == n == _model_max(pl)


# ---------------------------------------------------------------------------------------------
# 13, 21, 23: segment counts


def test_segment_bounds_by_hand_and_on_random_placements():
    """The facts the segment bounds rest on, the hand arithmetic, and the tracer: every path has
    >= 1 segment and every loop >= 2, a component visiting a tile twice has >= 3 (path) or >= 4
    (loop), the segments of all components sum to 68, and no scorer exceeds its bound."""
    from octosolve.octiles.challenges.catalogue import get_variant
    f = A.segment_facts()
    assert f == {"one_segment_path_shapes": 7, "one_segment_shapes": 8}
    assert A.segment_bound(13, "self-crossing")["bound"] == 16        # p + 2l <= (68 - 36) / 2
    assert A.segment_bound(21, "count")["bound"] == 37                # min(36, 39 - 2L) + L, L = 1
    assert A.segment_bound(23, "segments")["bound"] == 14             # 2m + 2 x 34 - 28 <= 68
    assert A.one_tile_bound()["bound"] == 28
    scorers = {key: get_variant(*key)[1].score for key in
               ((13, "self-crossing"), (13, "twice-not-self-crossing"), (21, "count"),
                (23, "segments"))}
    for pl in _random_placements(40, seed=1321):
        tr = R.trace(pl)
        comps = tr.complete_paths + tr.loops
        assert sum(p.segments for p in comps) == 68 and len(tr.complete_paths) == 36
        assert sum(p.segments == 1 for p in tr.complete_paths) <= 28     # 23's one-tile fact
        for p in comps:
            assert p.segments >= (1 if p.kind == "path" else 2)
            if max(p.tile_visits.values()) >= 2:
                assert p.segments >= (3 if p.kind == "path" else 4)
        for (n, v), score in scorers.items():
            assert score(tr) <= A.segment_bound(n, v)["bound"]


def test_13_each_counted_component_holds_its_own_cycle():
    """13's cycle argument against the tracer: every path or loop with two segments on one tile
    (self-crossing or not) holds a simple cycle of the space graph (one of the enumerated ones),
    the cycles of different components share no link and respect the space capacities (a packing
    of the cycle-packing LP), and none of it holds for a component that visits every tile once."""
    from octosolve.octiles.challenges.bounds import TILE_PORTS
    from octosolve.octiles.challenges.certificates import load_certificate
    known = {(c[0], c[1]) for c in A.cycles()}
    pls = [load_certificate(13, v)["placement"] for v in ("self-crossing", "twice-not-self-crossing")]
    pls += [load_certificate(n, v)["placement"] for n, v in ((11, "twice"), (12, "count"), (3, "count"))]
    pls += list(_random_placements(60, seed=1313))
    most = 0
    for pl in pls:
        tr = R.trace(pl)
        used_links: set = set()
        passes: Counter = Counter()
        n = 0
        for p in tr.complete_paths + tr.loops:
            cyc = A.component_cycle([(s.space, s.a, s.b) for s in p.steps])
            if max(p.tile_visits.values()) < 2:
                assert cyc is None
                continue
            n += 1
            spaces, links = cyc
            assert (spaces, links) in known and len(links) == len(spaces) >= 2
            assert not used_links & links
            used_links |= links
            passes.update(spaces)
        assert all(k <= len(TILE_PORTS[s]) // 2 for s, k in passes.items())
        most = max(most, n)
        assert n <= 8
    assert most == 8            # the 13 certificates reach the packing bound
    b = A.cycle_per_component_bound("self-crossing")
    assert b["bound"] == 8 and "a cycle in each counted component" in b["method"]


def test_all_circles_option_requires_every_circle_in_a_group():
    """With 5 groups (as many as the circles of a colour) every circle is in a group; the option
    says exactly that, so on the 3-group certificate (8 circles outside the groups) it is
    infeasible, while the plain model reaches 3."""
    from ortools.sat.python import cp_model

    from octosolve.octiles.challenges.certificates import load_certificate
    from octosolve.octiles.challenges.cpsat import Skeleton
    from octosolve.octiles.challenges.proofs_groups import two_stop_exact_build
    pl = load_certificate(18, "count")["placement"]
    tr = R.trace(pl)
    in_groups = {c for g in Sc.two_stop_groups(tr) for c in g["circles"]}
    assert len(in_groups) == 12
    sk = Skeleton()
    sk.m.Maximize(two_stop_exact_build(sk, all_circles=True))
    sk.fix(pl)
    sv = new_solver()
    sv.parameters.num_workers = 1
    assert sv.Solve(sk.m) == cp_model.INFEASIBLE
    assert _model_max(pl) == 3


# ---------------------------------------------------------------------------------------------
# 22 routes: the short route shapes the search examines


@pytest.mark.integration
def test_short_routes_are_the_routes_the_scorer_counts():
    """Every two-path route of <= 4 tile segments that the scorer forms on a placement (two paths
    joined at a stop, no location twice) is an enumerated route placement, in the class of its
    own shape; and the certificate's identical routes are real (the scorer's count)."""
    from octosolve.octiles.challenges.certificates import load_certificate
    from octosolve.octiles.challenges.proofs_shapes import short_routes
    cls = short_routes(4)
    where = {frozenset(r): key for key, mem in cls.items() for r in mem}
    pls = [load_certificate(22, "routes")["placement"]] + list(_random_placements(15, seed=2222))
    seen = 0
    for pl in pls:
        tr = R.trace(pl)
        for shape, pairs in Sc._route_pairs(tr).items():
            for i, j in pairs:
                segs = frozenset((s.space, min(s.a, s.b), max(s.a, s.b))
                                 for s in tr.paths[i].steps + tr.paths[j].steps)
                if len(segs) <= 4:
                    assert where[segs] == (len(segs), shape)
                    seen += 1
    assert seen > 50
    assert Sc.identical_routes(R.trace(pls[0])) == load_certificate(22, "routes")["value"] >= 10
