"""The port-balance relaxation of helper "paths" (2 path-segments, 2 path-points, 6 points, 14 cross,
14 share; octosolve.octiles.challenges.proofs_paths) checked against the tracer: on a fixed placement
the relaxation's maximum equals a brute force over the tracer's components (best path plus every
loop; for 14 the best split of the components into A and B, each at most one path plus loops), so
every real path or pair is a feasible point with the same objective (soundness), with and without
the assignment cuts."""

import itertools
import random

import pytest
from ortools.sat.python import cp_model

from octosolve.octiles import rules as R
from octosolve.octiles.challenges import proofs_paths as P
from octosolve.octiles.challenges.cpsat import Skeleton
from octosolve.octiles.challenges.geometry import B, SP
from octosolve.octiles.challenges.scoring import comps
from octosolve.core.cpsat import new_solver


def _random_placements(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        tiles = rng.sample(range(R.NUM_TILES), len(SP))
        yield {s: R.Placed(t, rng.randrange(8)) for s, t in zip(SP, tiles)}


def _relaxation_max(rel, pl):
    sk = Skeleton()
    obj = rel.build(sk)
    sk.fix(pl)
    sk.m.Maximize(obj)
    sv = new_solver()
    sv.parameters.num_workers = 1
    sv.parameters.max_time_in_seconds = 30
    st = sv.Solve(sk.m)
    assert sv.StatusName(st) == "OPTIMAL"
    return int(round(sv.ObjectiveValue()))


SINGLE = {
    (2, "path-points"): (lambda p: p.points, None),
    (2, "path-segments"): (lambda p: p.measure("segments"), None),
    (6, "points"): (lambda p: p.points, B.is_circle),
}


def _best_path_plus_loops(tr, value, end_ok):
    paths = [value(p) for p in comps(tr, ("path",)) if end_ok is None or all(end_ok(e) for e in p.ends)]
    return max(paths or [0]) + sum(value(p) for p in tr.loops)


@pytest.mark.parametrize("key", list(SINGLE), ids=lambda k: f"{k[0]}-{k[1]}")
def test_relaxation_is_best_path_plus_loops_on_a_placement(key):
    value, end_ok = SINGLE[key]
    for i, pl in enumerate(_random_placements(4, seed=sum(map(ord, key[1])))):
        tr = R.trace(pl)
        want = _best_path_plus_loops(tr, value, end_ok)
        measure = "points" if key[1].endswith("points") else "segments"
        rel = P.Relaxation(measure, spec=f"{key[0]} {key[1]}", circles=key[0] == 6,
                           cuts=i % 2 == 0 and measure == "points")
        assert _relaxation_max(rel, pl) == want


def _pair_brute(tr, share):
    """max over A, B (disjoint; each at most one path plus any loops) of the crossings between A
    and B (cross) or of the spaces both use when no component of A crosses one of B (share)."""
    paths, loops = comps(tr, ("path",)), list(tr.loops)
    x = {}
    for (i, j), v in tr.crossings.items():
        if i != j:
            x[i, j] = x[j, i] = v
    best = 0
    for pa, pb in itertools.product([None] + paths, repeat=2):
        if pa is not None and pa is pb:
            continue
        for labels in itertools.product(range(3), repeat=len(loops)):
            A = [p for p in [pa] if p] + [lp for lp, lb in zip(loops, labels) if lb == 1]
            Bs = [p for p in [pb] if p] + [lp for lp, lb in zip(loops, labels) if lb == 2]
            n = sum(x.get((a.id, b.id), 0) for a in A for b in Bs)
            if share:
                if n:
                    continue
                ua = set().union(*[set(a.tile_visits) for a in A]) if A else set()
                ub = set().union(*[set(b.tile_visits) for b in Bs]) if Bs else set()
                n = len(ua & ub)
            best = max(best, n)
    return best


@pytest.mark.parametrize("variant", ["cross", "share"])
def test_pair_relaxation_equals_brute_force_on_a_placement(variant):
    seen = 0
    for i, pl in enumerate(_random_placements(3, seed=14)):
        tr = R.trace(pl)
        want = _pair_brute(tr, variant == "share")
        rel = P.Relaxation(variant, spec=f"14 {variant}", cuts=i % 2 == 0)
        assert _relaxation_max(rel, pl) == want
        seen += want
    assert seen > 0


# the relaxations: each question whose declared strategy is one (2 path-segments, path-points, 6
# points) and 14's two (not its proof, which splits by the component kinds)
def _relaxations():
    from octosolve.octiles.challenges.catalogue import all_variants, get_variant
    out = {}
    for n, v in all_variants():
        ref = get_variant(n, v)[1].strategy if v else None
        if ref is not None and ref.target == "proofs_paths:prove_by_relaxation":
            out[n, v] = P.Relaxation(*ref.args, **ref.kwargs, name=v)
    out[14, "cross"] = P.Relaxation("cross", spec="14 cross")
    out[14, "share"] = P.Relaxation("share", spec="14 share")
    return out


def test_relaxation_reaches_the_stored_answers():
    """The stored certificates' placements are feasible points of their relaxations at their values
    (the relaxation's maximum on them is at least the tracer's score)."""
    from octosolve.octiles.challenges.catalogue import get_variant
    from octosolve.octiles.challenges.certificates import load_certificate
    rels = _relaxations()
    assert sorted(rels) == [(2, "path-points"), (2, "path-segments"), (6, "points"), (14, "cross"),
                            (14, "share")]
    for key, rel in rels.items():
        cert = load_certificate(*key)
        if cert is None or cert.get("placement") is None:
            continue
        _, var = get_variant(*key)
        v = var.score(R.trace(cert["placement"]))
        assert _relaxation_max(rel, cert["placement"]) >= v


@pytest.mark.integration
def test_solve_relaxation_proves_path_segments():
    """The whole proof of 2 path-segments (measured 2.1 s): the relaxation's maximum is 34, the
    stored answer's value."""
    r = P.solve_relaxation(P.Relaxation("segments", cuts=False), time_limit=60, workers=1,
                           seed=0)
    assert r["status"] == "OPTIMAL" and r["objective"] == r["bound"] == 34
    assert R.trace(r["placement"]) is not None


def _pair_of_paths_brute(tr, share):
    paths = comps(tr, ("path",))
    best = 0
    for a, b in itertools.combinations(paths, 2):
        x = tr.crossings.get((min(a.id, b.id), max(a.id, b.id)), 0)
        if share:
            x = len(set(a.tile_visits) & set(b.tile_visits)) if x == 0 else 0
        best = max(best, x)
    return best


@pytest.mark.integration
@pytest.mark.parametrize("variant", ["cross", "share"])
def test_pair_of_paths_model_equals_brute_force_on_a_placement(variant):
    """14's two-paths case (exact chain model, assignment cuts, A/B swap broken): on a fixed
    placement its maximum is the best pair of distinct paths the tracer finds."""
    for pl in _random_placements(2, seed=41):
        sk = Skeleton()
        obj = P.PairOfPaths(variant).build(sk)
        sk.fix(pl)
        sk.m.Maximize(obj)
        sv = new_solver()
        sv.parameters.num_workers = 1
        sv.parameters.max_time_in_seconds = 60
        assert sv.StatusName(sv.Solve(sk.m)) == "OPTIMAL"
        assert int(round(sv.ObjectiveValue())) == _pair_of_paths_brute(R.trace(pl), variant == "share")


def test_pair_cases_by_hand():
    """Two loops or a path and a loop cannot reach 14's best values (assignment bound with 0 and 2
    ends), so only two paths remain; parity check: two loops cross an even number of times."""
    assert P.pair_case_bounds("cross") == {0: 5, 2: 7}
    assert P.pair_case_bounds("share") == {0: 6, 2: 8}
    for pl in _random_placements(10, seed=5):
        tr = R.trace(pl)
        for a, b in itertools.combinations(tr.loops, 2):
            assert tr.crossings.get((min(a.id, b.id), max(a.id, b.id)), 0) % 2 == 0


def _fixed_max(build, pl):
    sk = Skeleton()
    obj = build(sk)
    sk.fix(pl)
    sk.m.Maximize(obj)
    sv = new_solver()
    sv.parameters.num_workers = 1
    sv.parameters.max_time_in_seconds = 30
    st = sv.Solve(sk.m)
    assert sv.StatusName(st) == "OPTIMAL"
    return int(round(sv.ObjectiveValue()))


@pytest.mark.integration
def test_the_crossing_count_of_12_and_of_its_end_split_cases():
    """One crossing count (cpsat_models.self_crossings) in 12's model and in the cases of its end
    split: on fixed placements, the most self-crossings of a path or loop, and of a path with both
    ends on the case's space."""
    from octosolve.octiles.challenges import cpsat_models as M
    from octosolve.octiles.challenges.certificates import load_certificate
    # the certificate's placement (7 crossings, none on a path with both ends on one space) and a
    # random one with such a path (a second random placement only repeated the zero cases)
    pls = [load_certificate(12, "count")["placement"]] + list(_random_placements(1, seed=12))
    wants = []
    for pl in pls:
        tr = R.trace(pl)
        assert _fixed_max(M.self_cross_build, pl) == max([p.self_crossings for p in comps(tr)] or [0])
        spaces = {p.steps[0].space for p in tr.paths if p.steps[0].space == p.steps[-1].space}
        for space in sorted(spaces | {"a3"}):
            want = max([p.self_crossings for p in tr.paths
                        if p.steps[0].space == p.steps[-1].space == space] or [0])
            assert _fixed_max(P.case_12_build(space), pl) == want, space
            wants.append(want)
    assert _fixed_max(M.self_cross_build, pls[0]) == 7 and max(wants) > 0
