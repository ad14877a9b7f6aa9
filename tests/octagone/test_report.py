import json

import pytest


@pytest.mark.slow
def test_report_quick(tmp_path):
    from octosolve.octagone.report import build

    sec = build(tmp_path, quick=True, seed=5)
    assert sec["title"] == "Octagone" and sec["summary"].strip()
    for f in sec["files"]:
        assert (tmp_path / f).exists(), f
    adv = json.loads((tmp_path / "first_player.json").read_text())
    for key in ("standard/random", "kids/random", "iv/random"):
        a = adv[key]
        assert a["first_wins"] + a["ties"] + a["first_losses"] == a["games"]
    solved = json.loads((tmp_path / "solver.json").read_text())
    assert all(s["result"] in ("win", "loss", "draw") for s in solved)
