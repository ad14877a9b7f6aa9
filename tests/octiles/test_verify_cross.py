"""The cross-question checks of ``octosolve octiles verify`` (issue 44, item 4): every stored placement
re-scored by every question, and the containments declared with the questions."""

from __future__ import annotations

import json
import pytest

from octosolve.octiles.challenges.certificates import CERT_DIR
from octosolve.octiles.challenges.verify_cross import RELATIONS, cross_check


def _cert(name):
    return name + ".json", json.loads((CERT_DIR / f"{name}.json").read_text())


def test_relations_are_the_catalogue_declarations():
    from octosolve.octiles.challenges.catalogue import CHALLENGES

    declared = {((n, v.name), tuple(g)) for n, ch in CHALLENGES.items() for v in ch.variants
                for g in v.at_most}
    assert declared == set(RELATIONS)
    assert ((22, "routes"), (22, "routes-any")) in declared          # the fan's pair
    assert ((7, "with-9"), (9, "count")) in declared                 # a combination, its part


@pytest.mark.integration
def test_relations_hold_on_stored_placements():
    """Each declared containment holds, score by score, on a few stored placements of different
    questions (a wrong declaration, or a scorer that disagrees with it, fails here)."""
    certs = [_cert(n) for n in ("challenge22-routes", "challenge23-one-stop-circuits",
                                "challenge07-with-16-quarter", "challenge26-whole-board",
                                "challenge15-stops-3", "challenge30-one-tile-paths")]
    res = cross_check(certs, pointwise=True)
    assert res["problems"] == [] and all(r["ok"] for r in res["relations"])


def test_a_stored_placement_beating_a_best_fails():
    """22 routes-any once held 7 while 22 routes' placement (two-path routes: a special case)
    scores 10 on it: verify names the better placement."""
    routes, anyr = _cert("challenge22-routes"), _cert("challenge22-routes-any")
    assert anyr[1]["value"] == 10 and cross_check([routes, anyr])["problems"] == []
    old = dict(anyr[1], value=7)
    res = cross_check([routes, (anyr[0], old)])
    assert any("22 routes-any: the placement of challenge22-routes.json scores 10, better than "
               "its certificate's 7" in p for p in res["problems"])
    assert {"question": [22, "routes-any"], "value": 10, "was": 7,
            "placement_of": "challenge22-routes.json"} in res["better"]


def test_a_special_case_above_the_general_bound_fails():
    part = _cert("challenge09-count")                       # bound 4
    combo = _cert("challenge07-with-9")
    assert cross_check([part, combo])["problems"] == []
    res = cross_check([part, (combo[0], dict(combo[1], value=5, bound=6))])
    assert any("(7, 'with-9') best 5 above the bound 4 of (9, 'count')" in p for p in res["problems"])


def test_a_yes_beside_a_no_of_the_general_question_fails():
    ends, whole = _cert("challenge26-whole-board-ends"), _cert("challenge26-whole-board")
    no = dict(whole[1], status="no", placement=None)
    res = cross_check([ends, (whole[0], no)])
    assert any("answered yes, (26, 'whole-board') (contains it) no" in p for p in res["problems"])
    # and the stored placement of 26 whole-board-ends meets 26 whole-board's condition: a "no" of
    # 26 whole-board is contradicted by a placement
    assert any("26 whole-board: the placement of challenge26-whole-board-ends.json meets its "
               "condition, its certificate says no" in p for p in res["problems"])
