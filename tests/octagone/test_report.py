import json

import pytest


# The --quick sizes cut further for the two builds below (the same players, matches and code paths:
# every first-player run and every match, with fewer games and simulations): writing the same bytes
# twice does not depend on how many games there are, and two builds at the --quick sizes took 32 s of
# the CI.
SMALL_FIRST_PLAYER = {"random": 6, "greedy": 2}
SMALL_MATCHES = [("greedy", "random", 2, None), ("mcts", "greedy", 1, 10), ("alphabeta", "mcts", 1, 10),
                 ("mcts", "openspiel-mcts", 1, 5)]


@pytest.mark.integration
def test_report_quick_is_deterministic(tmp_path, monkeypatch):
    from octosolve.octagone import measures
    from octosolve.octagone.report import build

    monkeypatch.setattr(measures, "QUICK", SMALL_FIRST_PLAYER)
    monkeypatch.setattr(measures, "MATCHES_QUICK", SMALL_MATCHES)
    sec = build(tmp_path / "a", quick=True, seed=5)
    assert sec["title"] == "Octagone" and sec["summary"].strip() and sec["timings"]
    for f in sec["files"]:
        assert (tmp_path / "a" / f).exists(), f
    adv = json.loads((tmp_path / "a" / "first_player.json").read_text())["results"]
    for key in ("standard/random", "kids/random", "iv/random"):
        a = adv[key]
        assert a["first_wins"] + a["ties"] + a["first_losses"] == a["games"] == SMALL_FIRST_PLAYER["random"]
    played = json.loads((tmp_path / "a" / "matches.json").read_text())["matches"]
    assert [m["players"] for m in played] == [list(m[:2]) for m in SMALL_MATCHES[:len(played)]]
    solved = json.loads((tmp_path / "a" / "solver.json").read_text())
    assert all(s["result"] in ("win", "loss", "draw") for s in solved)
    # a second build writes the same bytes (no durations, no timestamps)
    build(tmp_path / "b", quick=True, seed=5)
    for f in sec["files"]:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f


@pytest.mark.integration
def test_committed_perfect_play_data_rechecks():
    """data/octagone/perfect-play.json (`measure perfect-play`, 26 free cells): its figures are its
    rows', two of its deals replay to the same rows, and it holds the command that made it."""
    from octosolve.core.paths import DATA_DIR
    from octosolve.octagone.measures import DEEP_FREE, DEEP_NODES, EXACT_DEALS, recheck_exact

    doc = json.loads((DATA_DIR / "octagone" / "perfect-play.json").read_text())
    assert doc["what"] == "perfect-play" and "measure perfect-play" in doc["command"]
    res = doc["results"]
    assert (res["free_cells"], res["deals"], res["max_nodes"]) == (DEEP_FREE, EXACT_DEALS, DEEP_NODES)
    assert res["proven"] + res["unproven"] == res["reached"] <= res["deals"]
    assert recheck_exact(res, sample=2) == 2
