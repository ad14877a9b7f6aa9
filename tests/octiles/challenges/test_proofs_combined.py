"""The combined challenges proven through ``octosolve octiles prove`` (their declared strategies in
``proofs_combined.py``, which replaced scripts/prove_combined.py): the declarations resolve, cheap
proofs reproduce the committed certificates (same status, value, bound, proof keys, witness), and
the 'no' and 'not settled' paths run with the solvers replaced by stubs (no long search here)."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.octiles.challenges import proofs_combined as PC
from octosolve.octiles.challenges.catalogue import get_variant
from octosolve.octiles.challenges.certificates import CERT_DIR, load_certificate
from octosolve.octiles.challenges.catalogue import all_variants
from octosolve.octiles.challenges.combined import RELAXES, SEVEN_WITH
from octosolve.octiles.challenges.model import Ref
from octosolve.octiles.challenges.verify import verify_certificate

KEYS = [(7, v) for v in SEVEN_WITH] + [(n, v) for n, v in all_variants() if n in range(25, 30)
                                        and (v.startswith("with-") or v == "all-five")]


def test_every_combination_declares_its_strategy():
    assert len(KEYS) == 16
    for n, v in KEYS:
        var = get_variant(n, v)[1]
        if n == 7:
            assert var.strategy == Ref("proofs_combined:prove_seven_with")
            assert var.check is None and var.witness == ("combined", *RELAXES[v])
        else:
            nums = tuple(range(25, 30)) if v == "all-five" else (n, int(v[5:]))
            assert var.strategy == Ref("proofs_combined:prove_whole", nums)
            assert var.check is not None and var.witness is None
        assert var.strategy.resolve() in (PC.prove_seven_with, PC.prove_whole)
        assert var.bound_argument is None and var.turned_model is None


def _prove(tmp_path, n, v, *extra, copy=False):
    """``octosolve octiles prove`` into ``tmp_path`` (a copy of the committed certificate there
    with ``copy``); returns (exit code, the JSON document or the output)."""
    if copy:
        shutil.copy(CERT_DIR / f"challenge{n:02d}-{v}.json", tmp_path)
    r = CliRunner().invoke(cli, ["octiles", "prove", str(n), "--question", v, "--time-limit", "20",
                                 "--workers", "1", "--out", str(tmp_path), "--json", *extra])
    return r.exit_code, (json.loads(r.output) if r.exit_code == 0 else r.output)


@pytest.mark.integration
def test_seven_with_8_through_the_pipeline(tmp_path):
    """7 with 8 (about a second): the committed certificate's status, value, bound, proof keys and
    relaxation witness; `verify` accepts the new file."""
    code, doc = _prove(tmp_path, 7, "with-8")
    assert code == 0 and doc["written"] is True, doc
    got = json.loads((tmp_path / "challenge07-with-8.json").read_text())
    cert = json.loads((CERT_DIR / "challenge07-with-8.json").read_text())
    for k in ("status", "value", "bound", "bound_witness"):
        assert got[k] == cert[k], k
    assert list(got) == list(cert) and list(got["proof"]) == list(cert["proof"])
    assert got["proof"]["method"] == cert["proof"]["method"]
    assert got["command"] == "octosolve octiles prove 7 --question with-8 --time-limit 20 " \
                             "--workers 1 --seed 0"
    row = verify_certificate(tmp_path / "challenge07-with-8.json")
    assert row["ok"] and row["checked"] == "yes", row["problems"]


@pytest.mark.integration
def test_seven_with_8_keeps_the_committed_certificate(tmp_path):
    """An equal certificate keeps the first one and its provenance."""
    before = (CERT_DIR / "challenge07-with-8.json").read_text()
    code, doc = _prove(tmp_path, 7, "with-8", copy=True)
    assert code == 0 and doc["written"] is False
    assert (tmp_path / "challenge07-with-8.json").read_text() == before


@pytest.mark.integration
def test_whole_pair_through_the_pipeline(tmp_path):
    """25 with 27 (a few seconds, --fresh: the stored 'yes' would settle it at once): yes again."""
    code, doc = _prove(tmp_path, 25, "with-27", "--fresh")
    assert code == 0 and doc["status"] == "yes" and doc["written"] is True, doc
    got = json.loads((tmp_path / "challenge25-with-27.json").read_text())
    assert list(got["proof"]) == ["start", "method", "attempts"]
    assert got["proof"]["method"].startswith("a placement found by CP-SAT on ")
    row = verify_certificate(tmp_path / "challenge25-with-27.json")
    assert row["ok"] and row["checked"] == "yes", row["problems"]
    # without --fresh the committed yes is kept (the stored placement meets the condition)
    code, doc = _prove(tmp_path, 25, "with-27", copy=True)
    assert code == 0 and doc["written"] is False
    assert doc["command"] == load_certificate(25, "with-27")["command"]


def _fake_cpsat(status, placement=None, objective=None):
    def run(number, var, **kw):
        return {"status": status, "placement": placement, "objective": objective, "bound": None,
                "seconds": 0.1, "params": {"time_limit": kw.get("time_limit"), "stub": True}}
    return run


def _fake_highs(status):
    return lambda var, lower, time_limit: {"status": status, "seconds": 0.1,
                                           "time_limit": time_limit, "columns": 1, "rows": 1}


def test_a_no_through_the_pipeline_with_stub_solvers(tmp_path, monkeypatch):
    """27 with 28 with every solver saying INFEASIBLE: a 'no' with three claims (two formulations,
    CP-SAT + HiGHS) that `verify` accepts; into a copy of the committed 'no' it is not written (the
    first certificate keeps its provenance)."""
    monkeypatch.setattr(PC, "run_cpsat", _fake_cpsat("INFEASIBLE"))
    monkeypatch.setattr(PC, "highs_on_model", _fake_highs("INFEASIBLE"))
    code, doc = _prove(tmp_path, 27, "with-28", "--time-limit", "7")
    assert code == 0 and doc["status"] == "no" and doc["written"] is True, doc
    got = json.loads((tmp_path / "challenge27-with-28.json").read_text())
    cert = json.loads((CERT_DIR / "challenge27-with-28.json").read_text())
    assert list(got["proof"]) == list(cert["proof"]) and got["proof"]["method"] == cert["proof"]["method"]
    assert [c["solver"] for c in got["proof"]["claims"]] == ["CP-SAT", "CP-SAT", "HiGHS"]
    assert got["proof"]["claims"][2]["time_limit"] == 7.0       # HiGHS gets --time-limit
    assert verify_certificate(tmp_path / "challenge27-with-28.json")["ok"]
    kept = tmp_path / "kept"
    kept.mkdir()
    code, doc = _prove(kept, 27, "with-28", copy=True)
    assert code == 0 and doc["written"] is False
    assert (kept / "challenge27-with-28.json").read_text() == (CERT_DIR / "challenge27-with-28.json"
                                                                ).read_text()


def test_an_unsettled_combination_writes_nothing(tmp_path, monkeypatch):
    """CP-SAT at its time limit on every model: a one-line error, exit 2, no certificate."""
    monkeypatch.setattr(PC, "run_cpsat", _fake_cpsat("UNKNOWN"))
    code, out = _prove(tmp_path, 25, "with-26")
    assert code == 2 and "not settled" in out and len(out.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.json"))


def test_seven_below_the_relaxation_with_stub_solvers(tmp_path, monkeypatch):
    """7 with 9 at its committed value 2 (bound 4 by 9's relaxation): the flow MIP and CP-SAT saying
    INFEASIBLE for paths >= 3 give a solver witness (the relaxation as its partial) and optimal 2;
    both unsettled keep the relaxation's bound 4, and the committed certificate is kept."""
    from octosolve.octiles.challenges import combined_flow
    cert = load_certificate(7, "with-9")
    monkeypatch.setattr(PC, "run_cpsat", _fake_cpsat("INFEASIBLE"))
    monkeypatch.setattr(combined_flow.SevenFlow, "__init__", lambda self, pairs: None)
    monkeypatch.setattr(combined_flow.SevenFlow, "solve", lambda self, **kw: {"status": "INFEASIBLE"})
    code, doc = _prove(tmp_path, 7, "with-9")
    assert code == 0 and (doc["status"], doc["value"], doc["bound"]) == ("optimal", 2, 2), doc
    w = json.loads((tmp_path / "challenge07-with-9.json").read_text())["bound_witness"]
    assert w["kind"] == "solver" and w["rests_on"] == "cp-sat + HiGHS" and w["at_least"] == 3
    assert w["partial"]["kind"] == "relaxation" and w["partial"]["of"] == [9, "count"]
    assert verify_certificate(tmp_path / "challenge07-with-9.json")["ok"]
    monkeypatch.setattr(PC, "run_cpsat", _fake_cpsat("UNKNOWN"))
    monkeypatch.setattr(combined_flow.SevenFlow, "solve", lambda self, **kw: {"status": "TIME_LIMIT"})
    for sub, copy in (("unsettled", False), ("kept", True)):
        (tmp_path / sub).mkdir()
        code, doc = _prove(tmp_path / sub, 7, "with-9", copy=copy)
        assert code == 0 and doc["written"] is (not copy)
        assert (doc["status"], doc["value"], doc["bound"]) == ("best+bound", cert["value"], cert["bound"])
    got = json.loads((tmp_path / "unsettled" / "challenge07-with-9.json").read_text())
    old = json.loads((CERT_DIR / "challenge07-with-9.json").read_text())["bound_witness"]
    # (the witness inside is 9's as stored now, which may have been rebuilt since)
    assert {k: v for k, v in got["bound_witness"].items() if k != "witness"} == \
        {k: v for k, v in old.items() if k != "witness"}
    assert verify_certificate(tmp_path / "unsettled" / "challenge07-with-9.json")["ok"]
    assert [a["status"] for a in got["proof"]["attempts"]] == ["TIME_LIMIT", "UNKNOWN"]
    assert got["proof"]["method"].endswith("paths >= 3 not settled")
