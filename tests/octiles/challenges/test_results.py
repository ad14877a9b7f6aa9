"""Certificates: every answer stored in results/octiles/challenges is re-traced and re-scored here
(independently of the solver run that produced it)."""

import json
from pathlib import Path

import pytest

from octosolve.core.paths import RESULTS_DIR
from octosolve.octiles import rules as R
from octosolve.octiles import challenges as S

FILES = sorted((RESULTS_DIR / "octiles" / "challenges").glob("challenge*.json"))


def _scorer(n, variant):
    ch = S.CHALLENGES.get(n)
    v = ch.variant(variant) if ch is not None and ch.method != "bfs" else None
    if v is None:
        return None, None
    return v.score, v.check


@pytest.mark.skipif(not FILES, reason="no results/octiles yet (run octosolve report --only octiles)")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_stored_answer_is_certified(path: Path):
    d = json.loads(path.read_text())
    n, variant = d["challenge"], d["variant"]
    if d["placement"] is None:
        assert d["status"] in ("UNKNOWN", "INFEASIBLE")
        return
    pl = R.validate_placement(d["placement"], full=True)
    assert len({v.tile for v in pl.values()}) == 17
    tr = R.trace(pl)
    if n == 1:
        lo = d["longest_shortest"]
        assert any(set(p.ends) == {lo["from"], lo["to"]} and p.tiles == lo["tiles"]
                   for p in tr.complete_paths)
        assert d["pairs"] == 630
        return
    score, check = _scorer(n, variant)
    assert score(tr) == d["verified_value"]
    if check is not None:
        assert check(tr) == (d["status"] == "FEASIBLE")
    elif d["objective"] is not None:
        assert score(tr) == d["objective"]
        if d["bound"] is not None:
            assert d["objective"] <= d["bound"]
        if d["status"] == "OPTIMAL":
            assert d["objective"] == d["bound"]
