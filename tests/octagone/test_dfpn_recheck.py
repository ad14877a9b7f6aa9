"""scripts/octagone_dfpn_recheck.py (the perfect-play file's hardest rows proved again by df-pn) and
the report's check of its output against data/octagone/perfect-play.json."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.paths import DATA_DIR

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "octagone_dfpn_recheck.py"
spec = importlib.util.spec_from_file_location("octagone_dfpn_recheck", SCRIPT)
S = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = S
spec.loader.exec_module(S)

DFPN = DATA_DIR / "octagone" / "perfect-play-dfpn.json"


def test_quick_run_confirms_the_cheapest_rows(capsys):
    """--quick proves the file's two cheapest deals again by df-pn; it must agree (exit 0) and end
    with one JSON line."""
    assert S.main(["--quick"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last) == {"ratio": 1.0, "rows": 2, "confirmed": 2, "disagree": 0}


def test_a_disagreement_is_reported(tmp_path, capsys):
    """A perfect-play file whose cheapest row has the opposite outcome: the script says so and exits 1."""
    doc = json.loads((DATA_DIR / "octagone" / "perfect-play.json").read_text())
    rows = sorted((r for r in doc["results"]["rows"] if r.get("proven")), key=lambda r: r["nodes"])
    cheap = rows[0]
    assert cheap["value_first"] != 0
    cheap["value_first"] = -cheap["value_first"]
    f = tmp_path / "pp.json"
    f.write_text(json.dumps(doc))
    assert S.main(["--quick", "--data", str(f)]) == 1
    assert f"DISAGREE: deal {cheap['seed']}" in capsys.readouterr().out


def test_bad_input_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert S.main(["--data", str(bad)]) == 2
    assert S.main(["--workers", "0"]) == 2
    assert S.main(["--from", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(e.startswith("error: ") for e in err)


def _deep():
    return json.loads((DATA_DIR / "octagone" / "perfect-play.json").read_text())["results"]


def test_committed_dfpn_file_agrees_with_the_alpha_beta():
    """Every row of data/octagone/perfect-play-dfpn.json is one of the hardest deep rows, and each one
    df-pn proved has the alpha-beta's outcome (the report's check, and an independent count here)."""
    from octosolve.octagone.report import _dfpn_recheck

    deep = _deep()
    doc = json.loads(DFPN.read_text())
    hard = {r["seed"]: r for r in deep["rows"] if r.get("proven") and r["nodes"] >= doc["min_nodes"]}
    assert {r["seed"] for r in doc["rows"]} <= set(hard)
    for r in doc["rows"]:
        if r["proven"]:
            assert r["value_to_move"] == S.mover_value(hard[r["seed"]])
    got = _dfpn_recheck(deep)
    assert got["rows"] == len(doc["rows"]) and got["hardest"] == len(hard)
    assert got["agree"] == got["proven"] == sum(r["proven"] for r in doc["rows"])


def test_report_refuses_a_disagreeing_dfpn_file(monkeypatch, tmp_path):
    from octosolve.octagone import report

    doc = json.loads(DFPN.read_text())
    r = next(r for r in doc["rows"] if r["proven"])
    r["value_to_move"] = -r["value_to_move"] if r["value_to_move"] else 1
    (tmp_path / "octagone").mkdir()
    (tmp_path / "octagone" / "perfect-play-dfpn.json").write_text(json.dumps(doc))
    monkeypatch.setattr(report, "DATA_DIR", tmp_path)
    with pytest.raises(OctoError, match=f"deal {r['seed']}: df-pn proves"):
        report._dfpn_recheck(_deep())
