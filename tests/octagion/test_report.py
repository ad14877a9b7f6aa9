"""`report.build --quick` smoke test: it writes the files it lists and a readable README."""

import json

from octosolve.octagion import report


def test_report_quick(tmp_path):
    sec = report.build(tmp_path, quick=True, seed=1)
    assert sec["title"] and sec["summary"]
    for f in sec["files"]:
        assert (tmp_path / f).exists(), f
    assert "Word cards" in (tmp_path / "README.md").read_text()
    rep = json.loads((tmp_path / "wordcards_check.json").read_text())
    assert all(w["solvable"] for w in rep["words"])
    design = json.loads((tmp_path / "design_run.json").read_text())
    assert design["kernel_solvable"] >= design["objective"]
