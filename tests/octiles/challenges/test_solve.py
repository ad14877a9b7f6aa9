"""The CP-SAT formulations against the tracer: on fixed placements the model's optimum must equal the
tracer's count (so the model is neither too weak nor too strong), and every solved answer is
re-checked by the tracer."""

import pytest

from octosolve.octiles import rules as R
from octosolve.octiles import challenges as S

from ..test_rules import random_placement

VARIANTS = [(n, v.name) for n, ch in sorted(S.CHALLENGES.items())
            if ch.method == "cpsat" for v in ch.variants]


@pytest.mark.integration
@pytest.mark.parametrize("number, variant", VARIANTS)
def test_model_matches_tracer_on_fixed_placement(number, variant):
    pl = random_placement(3)
    _, var = S.get_variant(number, variant)
    tr = R.trace(pl)
    res = S.solve_variant(number, variant, time_limit=60, fixed=pl)
    if var.sense == "feasible":
        assert res.status == ("FEASIBLE" if var.check(tr) else "INFEASIBLE")
    elif res.status == "INFEASIBLE":  # e.g. no path crosses all tiles
        if variant.startswith("with-"):  # 7 combined: the model requires 7, a placement without it scores 0
            assert var.score(tr) == 0
        else:
            assert var.score(tr) < 0
    else:
        assert res.status == "OPTIMAL"
        assert res.objective == var.score(tr)


@pytest.mark.integration
@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("number, variant", [(2, "route-squares"), (2, "path-segments"),
                                             (3, "count"), (17, "count"), (19, "count"),
                                             (14, "cross"), (29, "whole-board")])
def test_model_matches_tracer_more_placements(seed, number, variant):
    pl = random_placement(seed)
    _, var = S.get_variant(number, variant)
    tr = R.trace(pl)
    res = S.solve_variant(number, variant, time_limit=60, fixed=pl)
    if var.sense == "feasible":
        assert res.status == ("FEASIBLE" if var.check(tr) else "INFEASIBLE")
    else:
        assert res.status == "OPTIMAL" and res.objective == var.score(tr)


@pytest.mark.integration
@pytest.mark.parametrize("number, variant", [(4, "once"), (8, "pairs-0"), (27, "whole-board"),
                                             (2, "path-tiles")])
def test_solutions_are_certified_by_tracer(number, variant):
    res = S.solve_variant(number, variant, time_limit=30, presearch_default=False)
    assert res.status in ("OPTIMAL", "FEASIBLE")
    assert res.verified is True
    pl = R.validate_placement(res.placement, full=True)
    assert len({v.tile for v in pl.values()}) == 17
    if number == 2:
        assert res.objective == 17 == res.bound


@pytest.mark.integration
def test_loop_through_every_tile_certificate():
    res = S.solve_variant(4, "once", time_limit=20)
    tr = R.trace(res.placement)
    loops = [p for p in tr.loops if sorted(p.tile_visits) == sorted(R.SPACES)]
    assert loops and all(v == 1 for v in loops[0].tile_visits.values())


def test_challenge_one_pairs_and_shortest_paths():
    rows = S.shortest_paths()
    assert len(rows) == 36 * 35 // 2 == 630
    # brute-force check a few pairs: a one-tile path exists between two stops of one tile
    by = {frozenset((r["from"], r["to"])): r["tiles"] for r in rows}
    assert by[frozenset(("C3", "D4"))] == 1
    assert by[frozenset(("A1", "A2"))] == 1  # both touch a2
    assert all(r["tiles"] >= 1 for r in rows)
    # every shortest path is realised by a real placement (checked by the tracer)
    for r in rows[::37]:
        tr = R.trace(S.realise(r["steps"]))
        assert any(set(p.ends) == {r["from"], r["to"]} and p.tiles == r["tiles"]
                   for p in tr.complete_paths)


def test_challenge_one_is_a_lower_bound_by_bfs_over_random_placements():
    # no random placement joins a pair with fewer tiles than the computed minimum
    rows = {frozenset((r["from"], r["to"])): r["tiles"] for r in S.shortest_paths()}
    for seed in range(30):
        tr = R.trace(random_placement(500 + seed))
        for p in tr.complete_paths:
            if len(set(p.ends)) == 2:
                assert p.tiles >= rows[frozenset(p.ends)]


@pytest.mark.integration
def test_two_stop_group_model_on_a_placement_that_has_groups():
    # a placement with a two-stop group (found once by `challenge 18`), kept as test data
    from pathlib import Path
    pl = R.load_placement(Path(__file__).parent.parent / "data" / "two_stop_group.json")
    tr = R.trace(pl)
    groups = S.two_stop_groups(tr)
    assert len(groups) >= 1
    fixed = S.solve_variant(18, "count", time_limit=60, fixed=pl)
    assert fixed.status == "OPTIMAL" and fixed.objective == len(groups)
    fixed = S.solve_variant(18, "types", time_limit=60, fixed=pl)
    assert fixed.status == "OPTIMAL" and fixed.objective == len({g["type"] for g in groups})


@pytest.mark.integration
@pytest.mark.parametrize("number, variant", [(13, "self-crossing"), (20, "count")])
def test_search_answers_are_rechecked(number, variant):
    res = S.solve_variant(number, variant, time_limit=2, seed=1)
    # OPTIMAL exactly when the search reaches the declared bound (13's cycle packing: 8)
    assert res.verified and res.bound is not None and res.objective <= res.bound
    assert res.status == ("OPTIMAL" if res.objective == res.bound else "FEASIBLE")
    var = S.CHALLENGES[number].variant(variant)
    assert var.score(R.trace(res.placement)) == res.objective


def test_symmetry_and_shape_helpers():
    # a single Diameter is symmetric; turning a placement keeps shape keys
    from ..test_rules import random_placement as rp
    pl = rp(42)
    a, b = R.trace(pl), R.trace(R.turn_placement(pl))
    assert sorted(p.shape_key() for p in a.paths) == sorted(p.shape_key() for p in b.paths)
    assert S.mirror_symmetric_paths(a) == S.mirror_symmetric_paths(b)
    assert S.turned_partner_paths(a) == S.turned_partner_paths(b)


@pytest.mark.integration
def test_stored_starts_are_valid_and_scored_as_recorded():
    for n, ch in S.CHALLENGES.items():
        for v in (ch.variants if ch.method == "search" else []):
            st = S.stored_start(n, v.name)
            if st is None:
                continue
            pl = R.validate_placement(st["placement"], full=True)
            assert v.score(R.trace(pl)) == st["score"]


def test_one_registry_declares_every_challenge_once():
    from octosolve.octiles.challenges import catalogue
    assert sorted(S.CHALLENGES) == list(range(1, 31))
    assert [n for n, ch in S.CHALLENGES.items() if ch.method == "search"] == [13, 15, 20, 21, 22, 23]
    assert S.CHALLENGES[18].method == "cpsat"
    with pytest.raises(ValueError):
        catalogue.challenge(18, "again", "declared twice")
    # every variant of a challenge with a solver has an independent scorer and a picture pick
    for n, ch in S.CHALLENGES.items():
        for v in ch.variants:
            assert callable(v.score) and callable(v.pick), (n, v.name)


@pytest.mark.integration
def test_annealing_is_a_fixed_number_of_steps_whatever_the_clock(monkeypatch):
    """The local search scores exactly budget(var, seconds) placements and its temperature follows
    the steps, so the same seed gives the same placement on a slow or loaded machine: here the clock
    is made to jump an hour at every read, which stopped the old time-driven loop after one step."""
    import itertools
    import time

    from octosolve.octiles.challenges.search import DEFAULT_RATE, anneal, budget, search_solve

    var = S.CHALLENGES[13].variant("self-crossing")
    assert budget(var, 2) == 2 * var.search_rate == 10_000        # its declared rate
    assert budget(S.CHALLENGES[21].variant("count"), 0.5) == round(0.5 * DEFAULT_RATE)
    calls = []
    score = (lambda pl: calls.append(1) or sum(p.rotation for p in pl.values()))
    first = anneal(score, steps=300, seed=7)
    assert first[2] == 300 and len(calls) == 301            # the start, then 300 steps
    ticks = itertools.count(0, 3600.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    monkeypatch.setattr(time, "monotonic", lambda: next(ticks))
    assert anneal(score, steps=300, seed=7) == first
    assert anneal(score, steps=300, seed=8) != first
    a = search_solve(13, S.CHALLENGES[13].variant("twice-not-self-crossing"), seconds=0.2, seed=3)
    b = search_solve(13, S.CHALLENGES[13].variant("twice-not-self-crossing"), seconds=0.2, seed=3)
    assert a.placement == b.placement and a.objective == b.objective
    assert a.extra["method"].startswith(f"simulated annealing, {budget(var, 0.2)} placements")
    with pytest.raises(ValueError):
        anneal(score, steps=0)


@pytest.mark.integration
def test_deterministic_runs_do_not_depend_on_string_hashes(tmp_path):
    """`challenge --fresh --deterministic` gives the same placement in processes with different
    string hashes (a model built by iterating a set of strings came out in another order each time,
    and CP-SAT then searched differently): 22 routes (shape classes, two workers) and 13 (annealing).
    One process per hash seed runs both commands (its own `main`, one after the other), so the
    start-up (OR-Tools, numba) is paid twice, not four times."""
    import json
    import os
    import subprocess
    import sys

    commands = [["octiles", "challenge", number, "--question", question, "--fresh", "--time-limit",
                 "2", "--workers", "2", "--deterministic", "--seed", "0", "--json"]
                for number, question in (("22", "routes"), ("13", "self-crossing"))]
    code = ("import json, sys\n"
            "from octosolve.cli import main\n"
            "for args in json.loads(sys.argv[1]):\n"
            "    try:\n        main(args)\n"
            "    except SystemExit as e:\n"
            "        if e.code:\n            raise\n"
            "    print('\\x00', flush=True)\n")
    outs = []
    for h in ("1", "2"):
        r = subprocess.run([sys.executable, "-c", code, json.dumps(commands)], capture_output=True,
                           text=True, timeout=600, env={**os.environ, "PYTHONHASHSEED": h})
        assert r.returncode == 0, r.stderr[-500:]
        docs = [json.loads(part) for part in r.stdout.split("\x00")[:-1]]
        assert len(docs) == 2 and all(d["command"].endswith("--deterministic") for d in docs)
        assert [d["command"].split()[3] for d in docs] == ["22", "13"]
        outs.append([(d["objective"], d["placement"]) for d in docs])
    assert outs[0] == outs[1]
