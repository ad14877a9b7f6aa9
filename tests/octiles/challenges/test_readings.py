"""The readings of issue 19 (item 1): challenge 1 up to the board's symmetry, 26 with mirrored ends,
15 with shared stops for every k, 22 routes of any number of paths, 23 for routes and circuits.
Each scorer is checked against a hand-worked example or a brute force; `octosolve octiles verify`
fails when one of the new certificates is altered."""

from __future__ import annotations

import itertools
import json
import random
import shutil

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.octiles import rules as R
from octosolve.octiles.challenges import scoring as Sc
from octosolve.octiles.challenges.certificates import CERT_DIR
from octosolve.octiles.challenges.geometry import B, SP
from octosolve.octiles.challenges.shortest import board_symmetries, pairs_up_to_symmetry, realise


def _random_placements(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        tiles = rng.sample(range(R.NUM_TILES), len(SP))
        yield {s: R.Placed(tiles[i], rng.randrange(8)) for i, s in enumerate(SP)}


def _cert_trace(name):
    d = json.loads((CERT_DIR / f"{name}.json").read_text())
    return d, R.trace(R.validate_placement(R.placement_from_json(d["placement"]), full=True))


# ---------------------------------------------------------------------------------------------
# 1: position pairs up to the board's symmetry


def test_pairs_up_to_symmetry_by_brute_force_orbits():
    locs = list(B.stops) + list(B.ring)
    orbits = set()
    for u, v in itertools.combinations(locs, 2):      # orbits under the turns, listed one by one
        orbits.add(min(tuple(sorted((B.turn_location(u, q), B.turn_location(v, q))))
                       for q in range(4)))
    d = pairs_up_to_symmetry()
    assert len(orbits) == d["burnside"] == d["orbits"] == 162
    assert d["fixed"] == {"turn 0": 630, "turn 90": 0, "turn 180": 18, "turn 270": 0}


def test_board_has_its_four_turns_and_no_reflection():
    group = dict(board_symmetries())
    assert sorted(group) == ["turn 0", "turn 180", "turn 270", "turn 90"]
    for name, perm in group.items():
        q = int(name.split()[1]) // 90
        assert all(perm[x] == B.turn_location(x, q) for x in perm)


# ---------------------------------------------------------------------------------------------
# 26: ends mirrored too


def _one_segment_path(space, a, b):
    tr = R.trace(realise([(space, a, b)]))
    return next(p for p in tr.complete_paths if len(p.steps) == 1 and p.steps[0].space == space
                and {p.steps[0].a, p.steps[0].b} == {a, b})


def test_mirrored_ends_hand_worked():
    # a2: edge 1 leads to circle A2, edge 3 to stop B2, edge 0 to circle A3, edge 4 to b2
    assert B.port_link[("a2", 1)] == "A2" and B.port_link[("a2", 3)] == "B2"
    assert B.port_link[("a2", 2)] == "A1" and B.port_link[("a2", 0)] == "A3"
    bend = _one_segment_path("a2", 1, 3)          # circle - stop: the mirror swaps the two kinds
    assert bend.symmetry["mirror"] and not Sc.mirrored_with_ends(bend)
    arc = _one_segment_path("a2", 1, 2)           # circle - circle: mirrored with its ends
    assert Sc.mirrored_with_ends(arc)
    c3 = [e for e in range(4) if isinstance(B.port_link[("a2", e)], str)
          and isinstance(B.port_link[("a2", e + 4)], str)]
    for e in c3:                                  # a Diameter keeps each end on its own axis
        assert Sc.mirrored_with_ends(_one_segment_path("a2", e, e + 4))


def test_mirrored_ends_is_stricter_than_mirror():
    n_diff = 0
    for pl in _random_placements(40):
        for p in R.trace(pl).complete_paths:
            w = Sc.mirrored_with_ends(p)
            assert not w or p.symmetry["mirror"]
            n_diff += p.symmetry["mirror"] and not w
    assert n_diff > 0


def test_ends_model_accepts_its_certificate_and_rejects_the_plain_one():
    from octosolve.octiles.challenges.wholeboard import solve_model
    d, tr = _cert_trace("challenge26-whole-board-ends")
    assert Sc.mirror_symmetric_paths_with_ends(tr) == 36
    fixed = R.validate_placement(R.placement_from_json(d["placement"]), full=True)
    assert solve_model(26, fixed=fixed, ends=True, time_limit=60, workers=1).status == "FEASIBLE"
    d0, tr0 = _cert_trace("challenge26-whole-board")
    assert Sc.mirror_symmetric_paths(tr0) == 36 > Sc.mirror_symmetric_paths_with_ends(tr0)
    fixed0 = R.validate_placement(R.placement_from_json(d0["placement"]), full=True)
    assert solve_model(26, fixed=fixed0, ends=True, time_limit=60, workers=1).status == "INFEASIBLE"


# ---------------------------------------------------------------------------------------------
# 15: shared stops


def _brute_shared(tr, k):
    """Every set of routes circle - k stops - circle sharing no path, by plain recursion."""
    adj = {}
    for p in tr.complete_paths:
        if p.ends[0] != p.ends[1]:
            for u, v in (p.ends, p.ends[::-1]):
                adj.setdefault(u, []).append((v, p.id))
    routes = set()

    def walk(nodes, ids):
        for v, pid in adj.get(nodes[-1], []):
            if v in nodes:
                continue
            if B.is_circle(v) and len(nodes) == k + 1:
                routes.add(frozenset(ids + [pid]))
            elif B.is_stop(v) and len(nodes) <= k:
                walk(nodes + [v], ids + [pid])
    for c in B.ring:
        walk([c], [])
    routes = list(routes)

    def best(i, used):
        if i == len(routes):
            return 0
        out = best(i + 1, used)
        if not routes[i] & used:
            out = max(out, 1 + best(i + 1, used | routes[i]))
        return out
    return best(0, frozenset()), len(routes)


def test_shared_stop_routes_against_brute_force():
    seen = 0
    for pl in _random_placements(30, seed=3):
        tr = R.trace(pl)
        for k in (1, 2, 3):
            want, n = _brute_shared(tr, k)
            if n > 22:
                continue
            got, routes = Sc.shared_stop_routes(tr, k)
            assert got == want
            assert got >= Sc.disjoint_circle_routes(tr, k)[0]
            ids = [i for r in routes for i in r]
            assert len(ids) == len(set(ids)) == got * (k + 1)
            seen += want > 0
    assert seen > 5


def test_shared_bound_formula():
    from octosolve.octiles.challenges import witness as W
    want = [10, 10, 8, 6, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0]     # min(10, 36 // (k+1), 24 // k)
    assert [Sc.bound_15_shared(k) for k in range(1, 18)] == want
    f = W.counting_facts()
    assert [W._count("path-disjoint routes", f, {"k": k})[0] for k in range(1, 18)] == want


def test_shared_route_chains_on_the_certificate():
    """The model of `proofs_readings` on the fixed shared-12 placement: two 12-stop routes exist,
    three do not (the tracer counts 2)."""
    from octosolve.octiles.challenges.proofs_readings import SharedRoutes
    from octosolve.octiles.challenges.runner import run_cpsat
    d, tr = _cert_trace("challenge15-shared-12")
    assert Sc.shared_stop_routes(tr, 12)[0] == d["value"] == 2
    pl = R.validate_placement(R.placement_from_json(d["placement"]), full=True)
    def fix(sk, obj):
        sk.fix(pl)

    for n, want in ((2, "OPTIMAL"), (3, "INFEASIBLE")):
        r = run_cpsat(15, SharedRoutes(12, n), time_limit=60, workers=1, seed=0, extra=fix)
        assert r["status"] == want, (n, r["status"])


# ---------------------------------------------------------------------------------------------
# 22 and 23: routes and circuits


def _brute_routes(tr):
    """Routes of >= 2 paths as sets of path ids, by extending path sequences one path at a time."""
    out = set()
    paths = tr.complete_paths

    def grow(seq, locs):
        last = locs[-1]
        for p in paths:
            if p.id in seq or last not in p.ends or not (len(seq) == 0 or B.is_stop(last)):
                continue
            nxt = p.ends[1] if p.ends[0] == last else p.ends[0]
            if nxt == locs[0] and len(seq) >= 1 and B.is_stop(nxt):
                out.add(frozenset(seq + [p.id]))
                continue
            if nxt in locs:
                continue
            if len(seq) >= 1:
                out.add(frozenset(seq + [p.id]))
            grow(seq + [p.id], locs + [nxt])
    for loc in list(B.stops) + list(B.ring):
        grow([], [loc])
    return out


@pytest.mark.integration
def test_all_routes_against_brute_force():
    for pl in _random_placements(12, seed=5):
        tr = R.trace(pl)
        got = {ids for ids, _ in Sc.all_routes(tr)}
        assert got == _brute_routes(tr)
        two = {frozenset(pair) for pairs in Sc._route_pairs(tr).values() for pair in pairs}
        assert two <= got
        assert Sc.identical_routes_any(tr) >= Sc.identical_routes(tr)


def test_one_stop_circuits_hand_checked():
    score = Sc.longest_identical_route_pair(True, min_paths=1, one_stop=True)
    for pl in _random_placements(40, seed=7):
        tr = R.trace(pl)
        loops = [p for p in tr.complete_paths if p.ends[0] == p.ends[1]]
        want = max([a.segments for a, b in itertools.combinations(loops, 2)
                    if a.shape_key() == b.shape_key()] or [0])
        assert score(tr) == want


# ---------------------------------------------------------------------------------------------
# verify fails when a new certificate is altered


NEW = ("challenge15-shared-3", "challenge26-whole-board-ends", "challenge23-routes")


def _verify(folder):
    r = CliRunner().invoke(cli, ["octiles", "verify", "--certificates", str(folder), "--json"])
    return r.exit_code, {row["file"]: row["problems"] for row in json.loads(r.output)["certificates"]
                         if not row["ok"]}


@pytest.fixture
def new(tmp_path):
    for n in NEW:
        shutil.copy(CERT_DIR / f"{n}.json", tmp_path / f"{n}.json")
    return tmp_path


def _edit(path, fn):
    d = json.loads(path.read_text())
    fn(d)
    path.write_text(json.dumps(d))


@pytest.mark.integration
def test_new_certificates_pass(new):
    code, failed = _verify(new)
    assert code == 0 and failed == {}


def _break_26_ends(d):
    """Turn one tile so that some path is no longer mirrored with its ends."""
    pl = R.placement_from_json(d["placement"])
    for s in sorted(pl):
        new = dict(pl)
        new[s] = R.Placed(pl[s][0], (pl[s][1] + 1) % 8)
        if Sc.mirror_symmetric_paths_with_ends(R.trace(new)) < 36:
            d["placement"] = R.placement_to_json(new)
            return
    raise AssertionError("no single turn breaks the condition")


@pytest.mark.integration
@pytest.mark.parametrize("name,edit,words", [
    ("challenge15-shared-3", lambda d: d.__setitem__("value", d["value"] - 1), ["the tracer scores"]),
    ("challenge15-shared-3", lambda d: d["bound_witness"]["facts"].__setitem__("stops_with_4_stubs", 9),
     ["facts"]),
    ("challenge15-shared-3", lambda d: d["bound_witness"].__setitem__("bound", 9), ["the formula gives"]),
    ("challenge23-routes", lambda d: d["bound_witness"].__setitem__("bound", 28), ["the formula gives"]),
    ("challenge26-whole-board-ends", lambda d: _break_26_ends(d), ["condition"]),
])
def test_altered_new_certificate_fails(new, name, edit, words):
    _edit(new / f"{name}.json", edit)
    code, failed = _verify(new)
    assert code == 1 and list(failed) == [f"{name}.json"], failed
    assert any(w in " ".join(failed[f"{name}.json"]) for w in words), failed
