"""One catalogue (issue 19 item 5, issue 42 item 2): every variant is declared once, with its
statement, seed sentence, scorer, model, bound argument, proof strategy, witness and how it is
shown, and ``prove`` is a fixed pipeline over that declaration. What the declarations prove is
checked against the committed certificates (no frozen copy of the dispatch tables they replaced)."""

import json
import re
from pathlib import Path

import pytest

from octosolve.octiles.challenges import model as Mo
from octosolve.octiles.challenges.catalogue import CHALLENGES, all_variants, get_variant
from octosolve.octiles.challenges.certificates import load_certificate
from octosolve.octiles.challenges.model import Ref

PKG = Path(__file__).resolve().parents[3] / "octosolve" / "octiles" / "challenges"

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
        if ch.method == "cpsat":
            assert isinstance(var.build, Ref) and callable(var.build.resolve())   # (lazy: no OR-Tools)
        for ref in (var.bound_argument, var.strategy, var.turned_model):
            assert ref is None or (isinstance(ref, Ref) and callable(ref.resolve()))
        if var.check is not None:      # a yes/no question has no bound; a strategy only if combined
            assert var.bound_argument is None
            assert var.strategy is None or var.strategy.target == "proofs_combined:prove_whole"


def test_declared_proofs_are_the_certificates_proofs():
    """A declared strategy, turned model or turn symmetry is what the committed certificate's proof
    records: the strategies of the variants proven by their own argument, the turned models of 22
    loops and 23."""
    strategies = {var.strategy.target.split(":")[1] for n, v in VARIANTS
                  if (var := get_variant(n, v)[1]).strategy}
    assert strategies == {"prove_by_relaxation", "prove_pair_by_cases", "prove_shared_routes",
                          "prove_16", "prove_18_count", "prove_20_by_model", "prove_22_paths",
                          "prove_22_routes", "prove_12_by_end_split", "prove_3_by_cycles",
                          "prove_seven_with", "prove_whole"}
    turned = sorted((n, v) for n, v in VARIANTS if get_variant(n, v)[1].turned_model)
    assert turned == [(22, "loops"), (23, "circuits"), (23, "one-stop-circuits"), (23, "routes"),
                      (23, "segments")]
    for n, v in turned:
        cert = load_certificate(n, v)
        assert "turned" in json.dumps(cert["proof"]).lower() or cert["status"] == "optimal", (n, v)


@pytest.mark.integration
def test_declared_static_bounds_hold_the_certificates():
    """The declared bound argument of every variant is a bound at least the certificate's (which
    the search may have brought down), and every certificate's value is within it (a few seconds in
    all: the slowest are the packings, about 1 s each)."""
    from octosolve.octiles.challenges.prove import static_bound
    n_bound = 0
    for n, v in VARIANTS:
        b = get_variant(n, v)[1].static_bound(workers=1)
        if b is None:
            continue
        n_bound += 1
        assert b["argument"].strip() and b["method"].strip()
        cert = load_certificate(n, v)
        assert cert["value"] <= cert["bound"] <= b["bound"], (n, v)
    assert n_bound == 45
    assert static_bound(15, "stops-2")["bound"] == 8        # the entry point reads the declaration


def test_no_dispatch_table_keyed_by_variant_remains():
    from octosolve.octiles.challenges import (proofs_groups, proofs_paths, proofs_readings,
                                              proofs_shapes, prove, symmetry)
    for mod in (proofs_groups, proofs_paths, proofs_readings, proofs_shapes):
        assert not hasattr(mod, "STRATEGIES")
    assert not hasattr(prove, "strategies") and not hasattr(prove, "TURNED_MODELS")
    assert not hasattr(symmetry, "TURN_INVARIANT")
    # no literal (challenge, "variant") key in the pipeline or the symmetry module (the scan of
    # every module: test_one_declaration.py)
    key = re.compile(r"\(\s*\d+\s*,\s*\"[a-z0-9-]+\"\s*\)")
    for text in ((PKG / "prove.py").read_text(encoding="utf-8"),
                 (PKG / "symmetry.py").read_text(encoding="utf-8")):
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


@pytest.mark.integration
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
