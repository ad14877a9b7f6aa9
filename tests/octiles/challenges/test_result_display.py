"""A challenge's answer and a tracing display themselves in a notebook: a one-line repr (not the
whole placement) and the board as SVG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from octosolve.octiles import rules
from octosolve.octiles.challenges.model import Result

ROOT = Path(__file__).resolve().parents[3]


def _stored(name):
    doc = json.loads((ROOT / "results" / "octiles" / "challenges" / f"{name}.json").read_text())
    return Result(doc["challenge"], doc["variant"], doc["status"], doc["objective"], doc["bound"],
                  doc["seconds"], rules.placement_from_json(doc["placement"]), doc["verified"],
                  doc["verified_value"])


def test_result_repr_is_one_line():
    res = _stored("challenge06-points")
    r = repr(res)
    assert r.startswith("<Result: challenge 6 points, ") and r.endswith(">") and "\n" not in r
    assert f"objective {res.objective}" in r and f"{len(res.placement)} tiles" in r
    assert "Placed(" not in r and len(r) < 160
    empty = Result(3, "count", "INFEASIBLE", None, None, 0.5, None)
    assert repr(empty) == "<Result: challenge 3 count, INFEASIBLE, objective None, bound None, 0.5 s, no placement>"
    assert empty._repr_svg_() is None


def test_result_draws_its_placement_with_the_paths_it_counts():
    res = _stored("challenge06-points")
    root = ET.fromstring(res._repr_svg_().encode())
    assert len(root.get("viewBox").split()) == 4
    assert "challenge 6 (points)" in res._repr_svg_()


def test_tracing_repr_is_the_summary_line():
    pl = rules.placement_from_json({"c3": {"tile": 17, "rotation": 0}, "c4": {"tile": 11, "rotation": 1}})
    tr = rules.trace(pl)
    assert repr(tr) == ("<Tracing: 2 tiles placed: 4 paths, 0 loops, 3 open, 8 crossings, "
                        "0 self-crossings, 2 groups>")


def test_a_challenge_number_given_as_text_is_named_as_text():
    """``solve_variant("6")`` said 'challenge must be 1-30, got 6'."""
    import pytest

    from octosolve.core.errors import OctoError
    from octosolve.octiles.challenges import solve_variant

    with pytest.raises(OctoError, match=r"challenge must be a whole number 1-30, got '6'"):
        solve_variant("6", "points", time_limit=1)
