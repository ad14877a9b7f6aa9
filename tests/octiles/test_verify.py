"""``octosolve octiles verify`` and the bound witnesses (issue 19): verify passes on the committed
certificates without loading OR-Tools (or scipy, or the modules that proved the bounds); it fails
(exit 1) when a certificate's value, placement, bound or a witness number is altered; the
independent checker agrees with the proofs' own code and with brute force on small cases."""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.octiles.challenges import witness as W
from octosolve.octiles.challenges.certificates import CERT_DIR
from octosolve.octiles.challenges.verify import declared_witness

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("octosolve.octiles.challenges.bounds", "octosolve.octiles.challenges.arguments",
             "octosolve.octiles.challenges.proofs_paths", "octosolve.octiles.challenges.proofs_groups",
             "octosolve.octiles.challenges.prove", "octosolve.octiles.challenges.cpsat_models",
             "octosolve.octiles.challenges.cpsat", "octosolve.octiles.challenges.combined_models",
             "octosolve.octiles.challenges.wholeboard", "octosolve.octiles.kernels")


def verify(*args):
    return CliRunner().invoke(cli, ["octiles", "verify", *map(str, args)])


def _copy(tmp_path, *names):
    for n in names:
        shutil.copy(CERT_DIR / f"{n}.json", tmp_path / f"{n}.json")
    return tmp_path


def _edit(path, fn):
    d = json.loads(path.read_text())
    fn(d)
    path.write_text(json.dumps(d))


def _failed(r) -> dict:
    d = json.loads(r.output)
    return {row["file"]: row["problems"] for row in d["certificates"] if not row["ok"]}


# ---------------------------------------------------------------------------------------------
# the committed certificates


@pytest.fixture(scope="module")
def verified():
    """``octiles verify --json`` over the committed certificates, run once in a subprocess (the
    real process, to see which modules it loads): its exit code, the modules and the JSON output
    (the rows are the same with or without --no-cross)."""
    code = ("import json, sys\n"
            "from octosolve.cli import main\n"
            "try:\n    main(['octiles', 'verify', '--json'])\n"
            "except SystemExit as e:\n    rc = e.code\n"
            "mods = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'scipy') "
            f"or m in {FORBIDDEN!r})\n"
            "print(json.dumps({'rc': rc, 'modules': mods}), file=sys.stderr)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=300)
    return json.loads(r.stderr.strip().splitlines()[-1]), json.loads(r.stdout)


@pytest.mark.integration
def test_verify_passes_without_ortools_in_a_subprocess(verified):
    info, out = verified
    assert info["rc"] == 0, [row for row in out["certificates"] if not row["ok"]]
    assert info["modules"] == []
    assert out["failed"] == 0 and len(out["certificates"]) == len(list(CERT_DIR.glob("challenge*.json")))
    # the cross-question checks ran too (without a solver): nothing beats a stored best
    assert out["cross"]["problems"] == [] and out["cross"]["relations"]


@pytest.mark.integration  # (the whole verify in a subprocess, once per module)
def test_every_bound_has_a_checked_witness(verified):
    out = verified[1]
    assert out["failed"] == 0, [row for row in out["certificates"] if not row["ok"]]
    rows = out["certificates"]
    bounded = [row for row in rows if row["status"] in ("optimal", "best+bound")]
    assert bounded and all(row["checked"] == "yes" for row in bounded)
    assert all(row["proven"] is not None and row["proven"] <= row["bound"] for row in bounded)
    assert all(row["traced"] == row["value"] for row in bounded)
    yes = [row for row in rows if row["status"] == "yes"]
    assert yes and all(row["witness"] == "condition (tracer)" and row["checked"] == "yes" for row in yes)
    rests = {(row["challenge"], row["variant"]): row["rests_on"] for row in bounded}
    # a bound checked without any solver is "witness"; the table text says the same
    assert rests[11, "twice"] == rests[16, "half-turn"] == rests[22, "paths"] == "witness"
    assert set(rests.values()) <= set(W.REST_ORDER)


@pytest.mark.integration  # (the whole verify in a subprocess, once per module)
def test_table_lists_every_certificate(verified):
    # the readable table of `verify --no-cross` is verify.table of the rows (as the tests of a
    # few certificates below see through the command): drawn from the module's one verify run
    # instead of a second whole verify in this process
    from octosolve.octiles.challenges.verify import table

    info, out = verified
    assert info["rc"] == 0
    lines = table(out["certificates"], out["seconds"]).strip().splitlines()
    n = len(list(CERT_DIR.glob("challenge*.json")))
    assert lines[0].split()[:3] == ["#", "variant", "status"] and "rests on" in lines[0]
    assert len(lines[1:n + 1]) == n and all(ln.split()[0].isdigit() for ln in lines[1:n + 1])
    notes = lines[n + 1:-1]       # the weaker bounds checked beside a solver's word
    assert ("2 path-points: 2 path-points relaxation <= 130 checked without a solver "
            "(lp-dual (port-balance))") in notes
    assert lines[-1].startswith(f"{n} certificates, 0 failed")


@pytest.mark.integration  # (the whole verify in a subprocess, once per module)
def test_docs_list_the_bounds_resting_on_solvers(verified):
    """docs/octiles-challenges.md names exactly the variants whose bound rests on a solver."""
    rows = verified[1]["certificates"]
    text = (ROOT / "docs" / "octiles-challenges.md").read_text()
    section = text[text.index("## Checking the answers without our solver"):]
    for rest in ("cp-sat only", "cp-sat + HiGHS"):
        line = next(ln for ln in section.splitlines() if ln.startswith(f"- **{rest}**"))
        named = sorted(x.strip() for x in line.split(":", 1)[1].strip().rstrip(".").split(";")
                       if x.strip() and x.strip() != "none")
        want = sorted(f"{row['challenge']} {row['variant']}" for row in rows if row["rests_on"] == rest)
        assert named == want, (rest, named, want)


# ---------------------------------------------------------------------------------------------
# tampering: each alteration makes verify exit 1, naming the file


FEW = ("challenge11-twice", "challenge14-cross", "challenge16-half-turn", "challenge20-count",
       "challenge12-count", "challenge08-pairs-0")


@pytest.fixture
def few(tmp_path):
    return _copy(tmp_path, *FEW)


def test_copied_certificates_pass(few):
    r = verify("--certificates", few, "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.output)["certificates"]) == len(FEW)


def _one_failure(folder, name, words):
    r = verify("--certificates", folder, "--json")
    assert r.exit_code == 1, r.output
    failed = _failed(r)
    assert list(failed) == [f"{name}.json"], failed
    assert any(w in " ".join(failed[f"{name}.json"]) for w in words), failed
    return failed


def test_altered_value_fails(few):
    def up(d):
        d["value"] += 1
        d["bound"] += 1
    _edit(few / "challenge11-twice.json", up)
    _one_failure(few, "challenge11-twice", ["the tracer scores the placement 9"])


def test_altered_placement_fails(few):
    p = few / "challenge14-cross.json"
    d = json.loads(p.read_text())
    from octosolve.octiles import rules as R
    from octosolve.octiles.challenges.verify import declared
    pl = R.placement_from_json(d["placement"])
    rng = random.Random(0)
    for _ in range(200):        # a rotation change that changes the score
        s = rng.choice(sorted(pl))
        new = dict(pl)
        new[s] = R.Placed(pl[s][0], (pl[s][1] + rng.randrange(1, 8)) % 8)
        if declared(14, "cross").score(R.trace(new)) != d["value"]:
            break
    d["placement"] = R.placement_to_json(new)
    p.write_text(json.dumps(d))
    _one_failure(few, "challenge14-cross", ["the tracer scores the placement"])


def test_invalid_placement_fails(few):
    def dup(d):
        spaces = sorted(d["placement"])
        d["placement"][spaces[1]]["tile"] = d["placement"][spaces[0]]["tile"]
    _edit(few / "challenge20-count.json", dup)
    _one_failure(few, "challenge20-count", ["placement"])


def test_altered_yes_placement_fails(few):
    def drop(d):
        s = sorted(d["placement"])[0]
        d["placement"][s]["rotation"] = (d["placement"][s]["rotation"] + 1) % 8
    _edit(few / "challenge08-pairs-0.json", drop)
    _one_failure(few, "challenge08-pairs-0", ["condition"])


@pytest.mark.integration
@pytest.mark.parametrize("name,edit,words", [
    ("challenge11-twice", lambda w: w["multipliers"].__setitem__("tile:11", "2"),
     ["the multipliers give"]),
    ("challenge11-twice", lambda w: w.__setitem__("value", "8"), ["the multipliers give"]),
    ("challenge11-twice", lambda w: w["params"].__setitem__("spec", "11 thrice"), ["spec"]),
    ("challenge11-twice", lambda w: w["params"].__setitem__("two_ends_not_on", ["a3"]),
     ["parameters"]),
    ("challenge20-count", lambda w: w["facts"].__setitem__("stubs", 74), ["facts"]),
    ("challenge20-count", lambda w: w.__setitem__("bound", 35), ["the formula gives 36"]),
    ("challenge16-half-turn", lambda w: w["weights"].__setitem__("port:b3.4", "1/3"),
     ["weighs only", "the weights sum"]),
    ("challenge12-count", lambda w: w["cases"][1]["witness"].__setitem__("at_least", 9),
     ["INFEASIBLE with objective >= 9"]),
    ("challenge12-count", lambda w: w["cases"].pop(), ["differ", "needs"]),
    ("challenge12-count", lambda w: w["cases"][1]["witness"].__setitem__("rests_on", "cp-sat only"),
     ["rests_on"]),
    ("challenge12-count", lambda w: w["cases"][1]["witness"]["claims"].pop(),   # HiGHS's claim gone
     ["rests_on"]),
])
def test_altered_witness_fails(few, name, edit, words):
    _edit(few / f"{name}.json", lambda d: edit(d["bound_witness"]))
    _one_failure(few, name, words)


def _drop_split(w):
    w["packing"]["tree"] = w["packing"]["tree"]["below"]      # one leaf: the split row is gone


@pytest.mark.integration
@pytest.mark.parametrize("edit,words", [
    (lambda w: w["packing"]["tree"]["below"]["multipliers"].__setitem__("space:d1", "1/2"),
     ["the multipliers give"]),
    (lambda w: w["packing"]["tree"]["split"].__setitem__("at_most", 1), ["the multipliers give"]),
    (lambda w: w["packing"]["tree"]["split"].__setitem__("columns", ["a2.46 x9.01"]), ["KeyError"]),
    (_drop_split, ["unknown row"]),
    (lambda w: w["packing"].__setitem__("bound", 7), ["the tree proves 8"]),
    (lambda w: w["packing"].__setitem__("params", {"class": "a2.67 a3.12"}), ["parameters"]),
])
def test_altered_branch_witness_fails(tmp_path, edit, words):
    """13's branch-and-bound proof of the cycle packing: any altered number, split or row fails."""
    name = "challenge13-self-crossing"
    _copy(tmp_path, name)
    assert verify("--certificates", tmp_path).exit_code == 0
    _edit(tmp_path / f"{name}.json", lambda d: edit(d["bound_witness"]))
    _one_failure(tmp_path, name, words)


def test_branch_witness_covers_every_integral_point():
    """The two sides of a split cover every 0/1 point: an lp-branch tree whose leaves are priced
    over the two sides proves what the LP itself proves with an integer rounding; on the stored
    tree, every leaf is below 9 while the plain LP is 9."""
    w = _witness("challenge13-self-crossing")["packing"]
    v = W.check(13, "self-crossing", _witness("challenge13-self-crossing"), declared_witness)
    assert v.ok and v.bound == 8 and v.rests_on == "witness"
    leaves = []

    def walk(n):
        if "split" in n:
            walk(n["below"]), walk(n["above"])
        else:
            leaves.append(Fraction(n["value"]))
    walk(w["tree"])
    assert leaves and all(x < 9 for x in leaves)
    root = _witness("challenge03-count")["packing"]["partial"]      # the LP alone: 9
    assert Fraction(root["value"]) == 9


@pytest.mark.parametrize("edit,words", [
    (lambda w: w["one_tile"]["multipliers"].__setitem__("tile:11", "0"), ["the multipliers give"]),
    (lambda w: w["one_tile"]["params"].__setitem__("ends", 2), ["parameters"]),
    (lambda w: w["counting"]["facts"].__setitem__("stubs", 70), ["facts"]),
    (lambda w: w["counting"].__setitem__("bound", 13), ["the formula gives 14"]),
    (lambda w: w.__setitem__("split", "cycle-per-component"), ["expected a case split"]),
])
def test_altered_one_tile_witness_fails(tmp_path, edit, words):
    """23's bound: the segment count with at most 28 one-tile paths (30's assignment LP)."""
    name = "challenge23-segments"
    _copy(tmp_path, name)
    assert verify("--certificates", tmp_path).exit_code == 0
    _edit(tmp_path / f"{name}.json", lambda d: edit(d["bound_witness"]))
    _one_failure(tmp_path, name, words)


def test_checkable_bound_replaced_by_a_claim_fails(few):
    claim = {"kind": "solver", "at_least": 10, "claims": [{"solver": "CP-SAT", "status": "INFEASIBLE"}],
             "rests_on": "cp-sat only", "bound": 9}
    _edit(few / "challenge11-twice.json", lambda d: d.__setitem__("bound_witness", claim))
    _one_failure(few, "challenge11-twice", ["checkable argument"])


def test_bound_below_the_witness_fails(few):
    def low(d):
        d["bound"] = 8
        d["status"] = "optimal"
    _edit(few / "challenge14-cross.json", low)
    _one_failure(few, "challenge14-cross", ["proves 9"])


def test_missing_witness_is_shown_not_failed(few):
    _edit(few / "challenge11-twice.json", lambda d: d.pop("bound_witness"))
    r = verify("--certificates", few, "--json")
    assert r.exit_code == 0, r.output
    row = next(x for x in json.loads(r.output)["certificates"] if x["file"] == "challenge11-twice.json")
    assert row["checked"] == "none stored"


def test_witness_of_another_variant_fails(few):
    other = json.loads((CERT_DIR / "challenge11-thrice.json").read_text())["bound_witness"]
    _edit(few / "challenge11-twice.json", lambda d: d.__setitem__("bound_witness", other))
    _one_failure(few, "challenge11-twice", ["spec"])


def test_bad_folder_is_one_line_exit_2(tmp_path):
    r = verify("--certificates", tmp_path / "nope")
    assert r.exit_code == 2 and "not a folder" in r.output and len(r.output.strip().splitlines()) == 1
    r = verify("--certificates", tmp_path)
    assert r.exit_code == 2 and "no certificates" in r.output


def test_unreadable_certificate_fails(few):
    (few / "challenge11-twice.json").write_text("{not json")
    _one_failure(few, "challenge11-twice", ["not a readable JSON"])
    text = verify("--certificates", few).output             # the readable table names the file
    row = next(ln for ln in text.splitlines() if "challenge11-twice.json" in ln and not ln.startswith("FAILED"))
    assert row.split()[:3] == ["?", "challenge11-twice.json", "FAILED"] and "None" not in text, text
    (few / "challenge11-twice.json").write_text('{"challenge": 11}')
    _one_failure(few, "challenge11-twice", ["does not name its variant"])
    assert "None" not in verify("--certificates", few).output
    # not UTF-8: said in words (was Python's "'utf-8' codec can't decode byte 0xff in position 0")
    (few / "challenge11-twice.json").write_bytes(b"\xff\xfe{}")
    text = verify("--certificates", few).output
    assert "is not UTF-8 text (byte 0)" in text and "codec" not in text, text
    # a duplicate key was read silently (the last value kept)
    (few / "challenge11-twice.json").write_text('{"challenge": 11, "challenge": 12}')
    assert "duplicate key 'challenge'" in verify("--certificates", few).output


def test_summary_line_counts_in_words(tmp_path):
    """'1 certificates, 0 failed; bounds resting on: ; ...': a plural for one and a colon before
    nothing."""
    _copy(tmp_path, "challenge30-one-tile-paths")
    last = verify("--certificates", tmp_path, "--no-cross").output.strip().splitlines()[-1]
    assert last.startswith("1 certificate, 0 failed; bounds resting on: "), last
    assert ": ;" not in last, last


# ---------------------------------------------------------------------------------------------
# the checker against the proofs' own code, other solvers and brute force


def test_verify_scores_by_the_declarations():
    """verify re-scores each certificate by its question's declaration (no second table of
    scorers): every question is declared, a malformed key is no question."""
    from octosolve.octiles.challenges import catalogue as C
    from octosolve.octiles.challenges.verify import declared
    for n, v in C.all_variants():
        if n != 1:
            assert declared(n, v) is C.get_variant(n, v)[1]
    for n, v in ((1, "pairs"), (6, "no-such"), ("6", "points"), (True, "count"), ([6], "x"),
                 (6, None), (31, "count")):
        assert declared(n, v) is None


@pytest.mark.integration
def test_local_tables_equal_the_bounds_module():
    import numpy as np

    from octosolve.octiles.challenges import bounds as Bd
    from octosolve.octiles.challenges.arguments import one_tile_bound
    from octosolve.octiles.challenges.geometry import SP
    assert sorted(Bd.SPECS) == ["11 thrice", "11 twice", "12", "14 cross", "14 share",
                                "2 loop-points", "2 path-points", "2 path-tiles", "6 points"]
    for name in Bd.SPECS:                   # (the two modules name the bounds alike)
        u, mine = Bd.local_table(name), W.local_table(name)
        assert all(list(u[i, t, :]) == mine[s, t] for i, s in enumerate(SP) for t in range(18)), name
    u30 = np.array([[W.local_table("30 one-tile")[s, t][0] for t in range(18)] for s in SP])
    assert u30.shape == (17, 18) and one_tile_bound()["bound"] == 28


def test_enumerations_equal_the_arguments_module():
    from octosolve.octiles.challenges import arguments as A
    assert {c[2] for c in W.simple_cycles()} == {frozenset(c[2]) for c in A.cycles()}
    assert len(W.simple_cycles()) == 4184
    assert set(W.short_paths(3)) == set(A.short_paths(3))
    assert len(W.classes("cycles")) == len(A.cycle_classes()) == 1055
    assert len(W.classes("short paths")) == len(A.shape_classes(A.short_paths(3))) == 292
    f = W.counting_facts()
    assert (f["tile_segments"], f["stubs"] // 2) == (A.N_SEGMENTS, A.N_PATHS) == (68, 36)
    assert f["one_segment_path_shapes"] == A.segment_facts()["one_segment_path_shapes"]


def _witness(name):
    return json.loads((CERT_DIR / f"{name}.json").read_text())["bound_witness"]


@pytest.mark.integration
def test_lp_values_agree_with_highs():
    """The Lagrangian of each stored LP witness is (up to rounding) the LP optimum HiGHS finds on
    the checker's rows, and the counting/assignment values are those of bounds.py."""
    from scipy.optimize import linprog

    from octosolve.octiles.challenges.bounds import counting_bound
    from octosolve.octiles.challenges.proofs_groups import TurnedFlow
    for name, key in (("challenge11-twice", "11 twice"), ("challenge14-cross", "14 cross")):
        w = _witness(name)
        assert Fraction(w["value"]) == counting_bound(key)["bound"]
    w = _witness("challenge02-loop-points")
    rows, cols, _ = W.lp_rows(w["lp"], w["params"])
    eq = [n for n in rows if rows[n][0] == "="]
    ub = [n for n in rows if rows[n][0] == "<="]
    import numpy as np
    ie, iu = {n: i for i, n in enumerate(eq)}, {n: i for i, n in enumerate(ub)}
    A_eq = np.zeros((len(eq), len(cols)))
    A_ub = np.zeros((len(ub), len(cols)))
    for j, (_, a) in enumerate(cols):
        for n, v in a.items():
            if n in ie:
                A_eq[ie[n], j] = float(v)
            else:
                A_ub[iu[n], j] = float(v)
    res = linprog(-np.array([float(c) for c, _ in cols]), A_ub=A_ub, b_ub=[rows[n][1] for n in ub],
                  A_eq=A_eq, b_eq=[rows[n][1] for n in eq], bounds=(0, 1), method="highs")
    assert abs(-res.fun - float(Fraction(w["value"]))) < 1e-6
    for q, name in ((2, "challenge16-half-turn"), (1, "challenge16-quarter-turn")):
        lp = TurnedFlow(q, tiles=False).lp_bound()      # the proof's own flow LP
        assert abs(lp - float(Fraction(_witness(name)["value"]))) < 1e-6


def _max_packing(sets, cap=None):
    """Brute force: the most of ``sets`` (each a list of resources) with every resource used at
    most cap[r] (default 1) times."""
    best = 0
    for k in range(len(sets), 0, -1):
        for combo in itertools.combinations(range(len(sets)), k):
            use: dict = {}
            for i in combo:
                for r in sets[i]:
                    use[r] = use.get(r, 0) + 1
            if all(n <= (cap or {}).get(r, 1) for r, n in use.items()):
                return k
    return best


def test_cycle_class_packings_agree_with_brute_force():
    w = _witness("challenge22-loops")
    cyc = W.simple_cycles()
    _, _, stub_ports, _, links, _ = W._board()
    cap = {("s", s): (8 - len(stub_ports[s])) // 2 for s in stub_ports}
    for key, cw in w["classes"].items():
        mem = W.classes("cycles")[key]
        sets = [[("l", k) for k in c[1]] + [("s", s) for s in c[0]] for c in cyc if c[2] in set(mem)]
        brute = _max_packing(sets, cap)
        assert 1 <= brute <= cw["bound"] <= w["bound"]


def test_port_packing_agrees_with_brute_force():
    """On the port-packing class with the fewest subsets to try, no bound + 1 placements of
    the shape share no port (brute force), and the bound is reached."""
    from math import comb
    w = _witness("challenge22-paths")
    small = sorted((comb(len(W.classes("short paths")[k]), cw["bound"] + 1), k)
                   for k, cw in w["classes"].items() if cw["lp"] == "port-packing")[:1]
    assert small and small[-1][0] < 300_000
    for _, key in small:
        b = w["classes"][key]["bound"]
        sets = [frozenset((s, e) for s, a, c in f for e in (a, c)) for f in W.classes("short paths")[key]]

        def disjoint(combo):
            seen = set()
            for i in combo:
                if seen & sets[i]:
                    return False
                seen |= sets[i]
            return True
        assert not any(disjoint(c) for c in itertools.combinations(range(len(sets)), b + 1)), key
        assert any(disjoint(c) for c in itertools.combinations(range(len(sets)), b)), key


def test_multicut_holds_on_placements():
    """On the certificate's placement and on random placements the tracer's count of paths between
    the pairs never exceeds the multicut's bound (soundness, by the game's own truth)."""
    from octosolve.octiles import rules as R
    from octosolve.octiles.challenges.scoring import paths_between
    from octosolve.octiles.challenges.geometry import turned_pairs
    w = _witness("challenge16-half-turn")
    assert W.location_pairs("half-turn") == turned_pairs(2)
    rng = random.Random(1)
    spaces = list(R.board().spaces)
    for _ in range(20):
        tiles = rng.sample(range(18), 17)
        pl = {s: R.Placed(t, rng.randrange(8)) for s, t in zip(spaces, tiles)}
        assert paths_between(R.trace(pl), turned_pairs(2)) <= w["bound"]


def test_lagrangian_on_a_small_lp_agrees_with_brute_force():
    """A 2 x 3 assignment (every x in [0, 1]): the Lagrangian of the optimal multipliers equals the
    brute-force optimum, any multipliers give at least it, and a negative multiplier on an
    inequality is refused."""
    w = {(0, 0): 3, (0, 1): 1, (0, 2): 2, (1, 0): 2, (1, 1): 4, (1, 2): 1}
    rows = {"r0": ("=", 1), "r1": ("=", 1), "c0": ("<=", 1), "c1": ("<=", 1), "c2": ("<=", 1)}
    cols = [(v, {f"r{i}": 1, f"c{j}": 1}) for (i, j), v in w.items()]
    brute = max(w[0, a] + w[1, b] for a, b in itertools.permutations(range(3), 2))
    assert brute == 7
    assert W.lagrangian(rows, cols, {"r0": "3", "r1": "4"}) == 7
    rng = random.Random(2)
    for _ in range(50):
        y = {n: str(Fraction(rng.randrange(0, 9), rng.randrange(1, 4))) for n in rows}
        assert W.lagrangian(rows, cols, y) >= brute
    with pytest.raises(ValueError):
        W.lagrangian(rows, cols, {"c0": "-1"})
    with pytest.raises(ValueError):
        W.lagrangian(rows, cols, {"nope": "1"})


def test_one_certificate_format():
    """Every stored certificate has the one format prove writes (issue 19: the first ones, 25 and
    26, were upgraded): the same keys, bound_witness on every certificate with a bound."""
    import json

    from octosolve.octiles.challenges.certificates import CERT_DIR, STATUSES

    keys = {"challenge", "variant", "status", "value", "bound", "proof", "solver", "seconds",
            "command", "placement"}
    files = sorted(CERT_DIR.glob("challenge*.json"))
    assert len(files) >= 47
    for f in files:
        d = json.loads(f.read_text(encoding="utf-8"))
        assert set(d) - {"bound_witness"} == keys, f.name
        assert d["status"] in STATUSES and "method" in d["proof"], f.name
        if d["bound"] is not None:
            assert "bound_witness" in d, f.name
