"""One catalogue (issue 19 item 5): every variant is declared once, with its statement, seed sentence,
scorer, model, bound argument and proof strategy, and ``prove`` is a fixed pipeline over that
declaration. The tables below were recorded from the dispatch code this replaced (``static_bound``'s
if-chain, the proofs modules' STRATEGIES, prove.TURNED_MODELS, symmetry.TURN_INVARIANT)."""

import re
from pathlib import Path

import pytest

from octosolve.octiles.challenges import model as Mo
from octosolve.octiles.challenges.catalogue import CHALLENGES, all_variants, get_variant
from octosolve.octiles.challenges.certificates import load_certificate
from octosolve.octiles.challenges.model import Ref

PKG = Path(__file__).resolve().parents[3] / "octosolve" / "octiles" / "challenges"

# {(challenge, variant): (bound, method)} as the old arguments.static_bound gave them (main,
# 2026-11-25); every other variant had no static bound
OLD_STATIC_BOUNDS = {
    (2, "path-tiles"): (17, "counting/assignment bound"),
    (2, "path-points"): (134, "counting/assignment bound"),
    (2, "loop-points"): (124, "counting/assignment bound"),
    (3, "count"): (8, "cycle packing bound"),
    (6, "points"): (134, "counting/assignment bound"),
    (11, "twice"): (9, "counting/assignment bound"),
    (11, "thrice"): (1, "counting/assignment bound"),
    (12, "count"): (8, "counting/assignment bound"),
    (13, "self-crossing"): (8, "cycle packing (a cycle in each counted component)"),
    (13, "twice-not-self-crossing"): (8, "cycle packing (a cycle in each counted component)"),
    (14, "cross"): (9, "counting/assignment bound"),
    (14, "share"): (10, "counting/assignment bound"),
    (15, "stops-1"): (10, "counting"), (15, "stops-2"): (8, "counting"),
    (15, "stops-3"): (5, "counting"),
    **{(15, f"shared-{k}"): (b, "counting") for k, b in zip(
        range(1, 17), (10, 10, 8, 6, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1))},
    (16, "half-turn"): (12, "cut bound"),
    (16, "quarter-turn"): (20, "cut bound"),
    (18, "count"): (5, "counting"),
    (20, "count"): (36, "counting"),
    (21, "count"): (37, "counting (segments)"),
    (22, "paths"): (16, "identical-path packing bound"),
    (22, "loops"): (4, "identical-loop packing bound"),
    (22, "routes"): (18, "counting"),
    (22, "routes-any"): (18, "counting"),
    (23, "segments"): (14, "counting (segments, one-tile paths)"),
    (23, "routes"): (29, "counting (segments)"),
    (23, "circuits"): (28, "counting (segments)"),
    (23, "one-stop-circuits"): (14, "counting (segments, one-tile paths)"),
    (30, "one-tile-paths"): (28, "counting/assignment bound"),
}

# the old strategies (proofs modules' STRATEGIES and prove_variant's special cases of 12 and 3)
OLD_STRATEGIES = {
    (2, "path-points"): "proofs_paths:prove_by_relaxation",
    (2, "path-segments"): "proofs_paths:prove_by_relaxation",
    (6, "points"): "proofs_paths:prove_by_relaxation",
    (14, "cross"): "proofs_paths:prove_pair_by_cases",
    (14, "share"): "proofs_paths:prove_pair_by_cases",
    **{(15, f"shared-{k}"): "proofs_readings:prove_shared_routes" for k in range(1, 17)},
    (16, "half-turn"): "proofs_groups:prove_16", (16, "quarter-turn"): "proofs_groups:prove_16",
    (18, "count"): "proofs_groups:prove_18_count",
    (20, "count"): "proofs_shapes:prove_20_by_model",
    (22, "paths"): "proofs_shapes:prove_22_paths",
    (22, "routes"): "proofs_shapes:prove_22_routes",
    (12, "count"): "proofs_paths:prove_12_by_end_split",
    (3, "count"): "proofs_loops:prove_3_by_cycles",
}
# the combinations, proven by scripts/prove_combined.py before: their strategies in proofs_combined
COMBINED_STRATEGIES = {
    **{(7, v): "proofs_combined:prove_seven_with"
       for v in ("with-8", "with-9", "with-10", "with-16-half", "with-16-quarter")},
    **{(a, f"with-{b}"): "proofs_combined:prove_whole"
       for a in range(25, 30) for b in range(a + 1, 30)},
    (25, "all-five"): "proofs_combined:prove_whole"}
# prove.TURNED_MODELS: (class, its arguments)
OLD_TURNED = {(23, "segments"): ("TurnedCopies", ("path", (1,), False)),
              (22, "loops"): ("TurnedCopies", ("loop", (1, 2, 3), True)),
              (23, "routes"): ("TurnedRoute", (False,)),
              (23, "circuits"): ("TurnedRoute", (True,)),
              (23, "one-stop-circuits"): ("TurnedOneStop", ())}
OLD_TURN_INVARIANT = {(2, "path-segments"), (2, "path-points"), (3, "count"), (6, "points"),
                      (9, "count"), (14, "cross"), (14, "share"), (16, "half-turn"),
                      (16, "quarter-turn"), (18, "count"), (30, "one-tile-paths")}

VARIANTS = [(n, v) for n, v in all_variants() if v is not None]


def test_every_variant_is_one_whole_declaration():
    """Each (challenge, variant) is declared once and carries its statement, seed sentence, scorer,
    model or search, and proof fields whose references resolve."""
    assert len(VARIANTS) == len(set(VARIANTS)) == 84
    for n, v in VARIANTS:
        ch, var = get_variant(n, v)
        assert sum(1 for x in ch.variants if x.name == v) == 1
        assert var.number == n and var.seed == ch.text and var.seed.strip()
        assert var.statement.strip() and callable(var.score)
        assert callable(var.build) if ch.method == "cpsat" else ch.method == "search"
        for ref in (var.bound_argument, var.strategy, var.turned_model):
            assert ref is None or (isinstance(ref, Ref) and callable(ref.resolve()))
        if var.check is not None:      # a yes/no question has no bound; a strategy only if combined
            assert var.bound_argument is None
            assert (var.strategy is None) == ((n, v) not in COMBINED_STRATEGIES)


def test_declared_proofs_match_the_old_dispatch():
    for n, v in VARIANTS:
        var = get_variant(n, v)[1]
        assert (var.strategy.target if var.strategy else None) == \
            {**OLD_STRATEGIES, **COMBINED_STRATEGIES}.get((n, v)), (n, v)
        turned = (var.turned_model.target.split(":")[1], var.turned_model.args) \
            if var.turned_model else None
        assert turned == OLD_TURNED.get((n, v)), (n, v)
        assert var.turn_invariant == ((n, v) in OLD_TURN_INVARIANT), (n, v)
        assert (var.bound_argument is not None) == ((n, v) in OLD_STATIC_BOUNDS), (n, v)


def test_declared_static_bounds_equal_the_old_ones():
    """The declared bound argument of every variant proves what the old if-chain gave (a few seconds
    in all: the slowest are the packings, about 1 s each)."""
    from octosolve.octiles.challenges.arguments import static_bound
    for n, v in VARIANTS:
        b = get_variant(n, v)[1].static_bound(workers=1)
        got = None if b is None else (b["bound"], b["method"])
        assert got == OLD_STATIC_BOUNDS.get((n, v)), (n, v)
        if b is not None:
            assert b["argument"].strip()
    assert static_bound(15, "stops-2")["bound"] == 8        # the old entry point reads the declaration


def test_no_dispatch_table_keyed_by_variant_remains():
    from octosolve.octiles.challenges import (proofs_groups, proofs_paths, proofs_readings,
                                              proofs_shapes, prove, symmetry)
    for mod in (proofs_groups, proofs_paths, proofs_readings, proofs_shapes):
        assert not hasattr(mod, "STRATEGIES")
    assert not hasattr(prove, "strategies") and not hasattr(prove, "TURNED_MODELS")
    assert not hasattr(symmetry, "TURN_INVARIANT")
    # no literal (challenge, "variant") key in the pipeline, the symmetry module or static_bound
    key = re.compile(r"\(\s*\d+\s*,\s*\"[a-z0-9-]+\"\s*\)")
    src = (PKG / "arguments.py").read_text(encoding="utf-8")
    static = src[src.index("def static_bound"):src.index("def routes_15_bound")]
    for text in ((PKG / "prove.py").read_text(encoding="utf-8"),
                 (PKG / "symmetry.py").read_text(encoding="utf-8"), static):
        assert not key.search(text)
        assert "number ==" not in text and "var.name) ==" not in text


def test_the_catalogue_imports_no_proof_module():
    """The declarations are lazy references: importing the catalogue loads no proofs module."""
    import subprocess
    import sys
    code = ("import sys, octosolve.octiles.challenges.catalogue; "
            "print(sorted(m for m in sys.modules if '.proofs_' in m or m.endswith('.prove')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_ref():
    r = Ref("arguments:route_pair_bound", False)
    assert r()["bound"] == 28 and r == Ref("arguments:route_pair_bound", False)
    assert "route_pair_bound" in repr(r)
    with pytest.raises(ValueError):
        Ref("arguments.route_pair_bound")
    with pytest.raises(AttributeError):
        Ref("arguments:no_such_bound").resolve()


def _ctx(number, variant, **kw):
    from octosolve.octiles.challenges.prove import ProofContext
    d = dict(number=number, var=get_variant(number, variant)[1], best=None, start=None, bound=None,
             time_limit=1.0, workers=1, seed=0, scheduler=None)
    d.update(kw)
    return ProofContext(**d)


def test_strategies_that_do_not_apply_leave_it_to_the_default():
    from octosolve.octiles.challenges.proofs_loops import prove_3_by_cycles
    from octosolve.octiles.challenges.proofs_paths import prove_12_by_end_split
    assert prove_12_by_end_split(_ctx(12, "count", best=None, bound=8)) is None
    assert prove_3_by_cycles(_ctx(3, "count", best=7, bound=None)) is None


@pytest.mark.parametrize("key", [(2, "path-tiles"), (15, "stops-1"), (4, "once"),
                                 (30, "one-tile-paths"), (13, "self-crossing"), (23, "segments"),
                                 (2, "loop-tiles"), (19, "count")])
def test_prove_gives_the_committed_certificate(key):
    """A cheap ``prove`` (the stored placement reaches the declared bound, a yes/no question, or the
    default CP-SAT run closing in about a second: 2 loop-tiles, 19) gives the committed
    certificate's status, value, bound, method and proof keys."""
    from octosolve.octiles.challenges.prove import prove_variant
    cert = load_certificate(*key)
    got = prove_variant(*key, time_limit=5, workers=1, seed=0)
    for k in ("status", "value", "bound", "variant", "challenge"):
        assert got[k] == cert[k], k
    # (the start differs: the first proof started from the committed result, this one from it)
    assert got["proof"]["start"] == f"started from {cert['file']}"
    assert {k: v for k, v in got["proof"].items() if k != "start"} == \
        {k: v for k, v in cert["proof"].items() if k != "start"}
    assert list(got["proof"]) == list(cert["proof"])


def test_prove_runs_the_default_search():
    """22 routes-any has a bound argument and no strategy: the default local search runs (1 s here)
    from the stored placement and keeps the committed bound. (The committed certificate holds 22
    routes' placement, named by verify's cross-question check: its method says so.)"""
    from octosolve.octiles.challenges.prove import prove_variant
    cert = load_certificate(22, "routes-any")
    got = prove_variant(22, "routes-any", time_limit=1, workers=1, seed=0)
    assert got["bound"] == cert["bound"] == 18 and got["value"] >= cert["value"] == 10
    assert got["proof"]["method"] == "best found by local search; bound: counting"
    assert "22 routes" in cert["proof"]["method"]
    assert got["solver"]["local_search"] == "simulated annealing"


def test_every_challenge_number_keeps_its_variants_in_order():
    """The combinations are declared after each challenge's own variants (the docs' order)."""
    assert [v.name for v in CHALLENGES[7].variants][:2] == ["count", "with-8"]
    assert CHALLENGES[25].variants[0].name == "whole-board"


def test_every_bound_certificate_declares_its_witness_builder():
    """scripts/add_bound_witnesses.py builds each witness by the builder the variant declares:
    every certificate with a bound has one, and the builder exists (the yes/no questions none)."""
    import importlib.util
    path = PKG.parents[2] / "scripts" / "add_bound_witnesses.py"
    spec = importlib.util.spec_from_file_location("add_bound_witnesses", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    n_bound = 0
    for n, v in VARIANTS:
        var = get_variant(n, v)[1]
        cert = load_certificate(n, v)
        if var.witness is not None:
            assert var.witness[0] in script.BUILDERS, (n, v)
        if cert is not None and cert.get("bound") is not None:
            n_bound += 1
            assert var.witness is not None, (n, v)
        if var.check is not None:
            assert var.witness is None
    assert n_bound == 64
