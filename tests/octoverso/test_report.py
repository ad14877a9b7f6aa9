import json

import pytest


@pytest.mark.slow
def test_report_quick(tmp_path):
    from octosolve.octoverso import report

    out = report.build(tmp_path, quick=True, seed=3)
    assert out["title"] == "Octoverso" and "lookahead v greedy" in out["summary"]
    for f in out["files"]:
        assert (tmp_path / f).exists(), f
    table = json.loads((tmp_path / "tournament.json").read_text())
    assert all(r["a_wins"] + r["b_wins"] + r["draws"] == r["games"] for r in table)
    assert "IMAGES" in (tmp_path / "README.md").read_text()
    teams = json.loads((tmp_path / "teams.json").read_text())
    assert teams and all(r["teams"] and r["a_wins"] + r["b_wins"] + r["draws"] == r["games"] for r in teams)
    assert "## Team game" in (tmp_path / "README.md").read_text() and "teams (2 v 2)" in out["summary"]
