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


@pytest.mark.integration
@pytest.mark.skipif(not FILES, reason="no results/octiles yet (run octosolve report --only octiles)")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_stored_answer_is_certified(path: Path):
    d = json.loads(path.read_text())
    n, variant = d["challenge"], d["variant"]
    if d["placement"] is None:
        assert d["status"] in ("OPEN", "INFEASIBLE")   # open: what was tried, no placement
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


def test_results_count_settled_and_open_variants():
    """The committed results table counts settled variants, open gaps and missing certificates,
    and the counts agree with the certificates themselves (issue 19's results table)."""
    import re
    from pathlib import Path

    from octosolve.octiles.challenges.catalogue import all_variants
    from octosolve.octiles.challenges.certificates import load_certificate

    counts = {"optimal": 1, "yes": 0, "no": 0, "best+bound": 0, "none": 0}  # 1: challenge 1's BFS
    for n, v in all_variants():
        if n == 1:
            continue
        c = load_certificate(n, v)
        counts[c["status"] if c else "none"] += 1
    text = (Path(__file__).parents[3] / "results/octiles/challenges/README.md").read_text(encoding="utf-8")
    m = re.search(r"\*\*(\d+) variants: (\d+) settled\*\* \((\d+) optimal, (\d+) yes .*?, (\d+) no .*?\); "
                  r"\*\*(\d+) open\*\* .*?; (\d+) open without a certificate", text)
    assert m, "the counts line is missing"
    total, settled, opt, yes, no, open_, none = map(int, m.groups())
    assert (opt, yes, no, open_, none) == (counts["optimal"], counts["yes"], counts["no"],
                                           counts["best+bound"], counts["none"])
    assert settled == opt + yes + no and total == sum(counts.values())
