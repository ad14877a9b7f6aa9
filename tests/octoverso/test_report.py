"""The report: its files, determinism (no durations in files), and the simulations file it reads."""

import json

import pytest


@pytest.mark.integration
def test_report_quick_is_deterministic(tmp_path, monkeypatch):
    from octosolve.octoverso import report, solve

    a, b = tmp_path / "a", tmp_path / "b"
    rechecks = []                     # the stored simulations' replays: the first build runs them
    real = solve.recheck
    monkeypatch.setattr(solve, "recheck", lambda *args, **kw: rechecks.append(real(*args, **kw))
                        or rechecks[-1])
    out = report.build(a, quick=True, seed=3)
    assert rechecks == [[]] and json.loads((a / "simulations.json").read_text())["recheck"] == "agree"
    # the second replays none (the same stored games, a pure function of them: replayed by
    # test_simulations_file_replays too); everything else it runs again
    monkeypatch.setattr(solve, "recheck", lambda *args, **kw: list(rechecks[0]))
    out2 = report.build(b, quick=True, seed=3)
    assert out["title"] == "Octoverso" and "lookahead v greedy" in out["summary"]
    assert out["files"] == out2["files"] and "kernel_median_us" in out["timings"]
    for f in out["files"]:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f
    text = (a / "README.md").read_text()
    assert "IMAGES" in text and "seconds" not in text and " s/game" not in text
    live = json.loads((a / "matches.json").read_text())
    assert all(sum(m["results"][m["players"][0]][k] for k in ("wins", "draws", "losses")) == m["games"]
               for m in live)


def test_simulations_file_replays():
    """The committed simulations file still matches the code (its first game of every match)."""
    from octosolve.octoverso import report, solve

    if not report.SIMULATIONS.exists():
        pytest.skip("no simulations file")
    data = json.loads(report.SIMULATIONS.read_text())
    # made by `octosolve octoverso measure` (`simulate` before the measure commands got one name)
    assert data["command"].startswith(("octosolve octoverso measure", "octosolve octoverso simulate"))
    keys = [m["key"] for m in data["matches"]]
    assert len(keys) == len(solve.SIM_PLAN)
    cheap = {"matches": [m for m in data["matches"] if "skipped" not in m and "mc" not in m["key"]]}
    assert solve.recheck(cheap, n=1) == []
