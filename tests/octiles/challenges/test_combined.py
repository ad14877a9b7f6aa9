"""The combined challenges (7 with 8, 9, 10, 16; 25-29 in pairs and all five): the scorers on
placements whose answer is known by construction, the models against the tracer on fixed placements,
HiGHS on the MIP translation, and ``octosolve octiles verify`` failing on altered certificates."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.octiles import rules as R
from octosolve.octiles.challenges import combined as Co
from octosolve.octiles.challenges import catalogue as C
from octosolve.octiles.challenges.certificates import CERT_DIR, load_certificate
from octosolve.octiles.challenges.geometry import B, CIRCLE_PAIRS
from octosolve.core.cpsat import new_solver


def _placement(n, v):
    return load_certificate(n, v)["placement"]


def _turn_tile_on_a_circle_path(pl):
    """The placement with one tile turned so that some circle-to-circle path changes ends."""
    tr0 = R.trace(pl)
    for s in pl:
        for r in range(1, 8):
            p2 = dict(pl)
            p2[s] = R.Placed(pl[s][0], (pl[s][1] + r) % 8)
            if not Co.seven_holds(R.trace(p2)):
                return p2
    raise AssertionError(tr0)


def test_seven_with_scores_on_the_adjacent_pairs_placement():
    # challenge 8's answer joins the 20 circles in 10 ring-adjacent pairs: 7 holds, all 10 paths
    # are adjacent pairs, and no two ring neighbours are on opposite sides
    tr = R.trace(_placement(8, "pairs-0"))
    assert Co.seven_holds(tr)
    assert _var(7, "with-8").score(tr) == 10
    assert _var(7, "with-9").score(tr) == 0
    # similar positions: a ring neighbour pair has the same index only across a corner
    corner = sum(1 for u, v in [tuple(p.ends) for p in tr.complete_paths if len(set(p.ends)) == 2]
                 if B.is_circle(u) and B.is_circle(v)
                 and B.circle_info[u]["index"] == B.circle_info[v]["index"]
                 and B.circle_info[u]["group"] != B.circle_info[v]["group"])
    assert _var(7, "with-10").score(tr) == corner


def test_seven_with_scores_zero_when_seven_fails():
    pl = _turn_tile_on_a_circle_path(_placement(8, "pairs-0"))
    tr = R.trace(pl)
    assert not Co.seven_holds(tr)
    assert all(_var(7, v).score(tr) == 0 for v in Co.SEVEN_WITH)
    # challenge 9's answer has 4 opposite-side paths but not 10 circle-to-circle paths: 0 here
    tr9 = R.trace(_placement(9, "count"))
    from octosolve.octiles.challenges import scoring as Sc
    assert Sc.paths_between(tr9, CIRCLE_PAIRS) < 10 and _var(7, "with-9").score(tr9) == 0


def test_whole_conditions_on_stored_answers():
    tr25 = R.trace(_placement(25, "whole-board"))
    assert _var(25, "with-28").check(tr25)           # 25's answer also meets 28
    assert not _var(25, "with-26").check(tr25) and not _var(25, "all-five").check(tr25)
    tr27 = R.trace(_placement(27, "whole-board"))
    assert _var(27, "whole-board").check(tr27) and not _var(27, "with-28").check(tr27)
    whole = [(n, v) for n, v in C.all_variants() if n in range(25, 30) and v.startswith("with-")
             or v == "all-five"]
    assert len(whole) == 11


def test_catalogue_declares_every_combination():
    for n, v in C.all_variants():
        if v is not None and (v.startswith("with-") or v == "all-five"):
            assert (_var(n, v).check is None) == (n == 7)


# ---------------------------------------------------------------------------------------------
# the models on fixed placements


def _solve_fixed(build, placement, maximise=True):
    from ortools.sat.python import cp_model
    from octosolve.octiles.challenges.cpsat import Skeleton
    sk = Skeleton()
    obj = build(sk)
    if obj is not None and maximise:
        sk.m.Maximize(obj)
    sk.fix(placement)
    s = new_solver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = 60
    st = s.Solve(sk.m)
    return s.StatusName(st), (s.ObjectiveValue() if obj is not None and st in
                              (cp_model.OPTIMAL, cp_model.FEASIBLE) else None)


def test_seven_with_model_equals_the_scorer_on_fixed_placements():
    from octosolve.octiles.challenges.combined_models import seven_with_build
    pl = _placement(8, "pairs-0")
    for name in ("with-8", "with-16-quarter"):
        st, obj = _solve_fixed(seven_with_build(Co.SEVEN_WITH[name][1]), pl)
        assert st == "OPTIMAL" and obj == _var(7, name).score(R.trace(pl))
    st, _ = _solve_fixed(seven_with_build(Co.SEVEN_WITH["with-9"][1]), _placement(9, "count"))
    assert st == "INFEASIBLE"                      # 7 fails on 9's answer


def _var(n, v):
    """The declaration of question ``v`` of challenge ``n``."""
    return C.get_variant(n, v)[1]


def _whole(*nums):
    """The conjunction of the whole-board models of ``nums`` (as 25-29 declare them)."""
    from octosolve.octiles.challenges.combined_models import whole_build
    return whole_build(tuple(C.get_variant(n, "whole-board")[1].build for n in nums))


def test_whole_model_equals_the_tracer_on_fixed_placements():
    assert _solve_fixed(_whole(25, 28), _placement(25, "whole-board"))[0] == "OPTIMAL"
    assert _solve_fixed(_whole(25, 27), _placement(25, "whole-board"))[0] == "INFEASIBLE"


@pytest.mark.integration
def test_highs_on_the_mip_translation_agrees_on_fixed_placements():
    from octosolve.octiles.challenges.cpsat import Skeleton
    from octosolve.octiles.challenges.mip import highs_feasible
    seen = set()
    for nums, cert in (((25, 28), 25), ((27, 29), 29), ((25, 26), 25)):
        pl = _placement(cert, "whole-board")
        sk = Skeleton()
        _whole(*nums)(sk)
        sk.fix(pl)
        want = all(_var(n, "whole-board").check(R.trace(pl)) for n in nums)
        seen.add(want)
        assert highs_feasible(sk.m, time_limit=120)["status"] == ("FEASIBLE" if want else "INFEASIBLE")
    assert seen == {True, False}


@pytest.mark.integration
def test_second_formulations_equal_the_first_on_fixed_placements():
    # two certificates, each answering one of the two questions and not the other: each model
    # finds one placement feasible and the other infeasible (certificates 28 and 29 only repeated
    # these two outcomes, at twice the cost)
    for n in (27, 28):
        var = C.get_variant(n, "whole-board")[1]
        for cert in (25, 27):
            pl = _placement(cert, "whole-board")
            a = _solve_fixed(var.build, pl)[0]
            b = _solve_fixed(var.second_model[0], pl)[0]
            assert a == b == ("OPTIMAL" if var.check(R.trace(pl)) else "INFEASIBLE"), (n, cert)


@pytest.mark.integration
def test_seven_flow_mip_equals_the_scorer_on_fixed_placements():
    from octosolve.octiles.challenges.combined_flow import SevenFlow
    pl = _placement(8, "pairs-0")
    r = SevenFlow(Co.SEVEN_WITH["with-16-quarter"][1]).solve(fixed=pl, time_limit=120)
    assert r["status"] == "OPTIMAL" and r["objective"] == _var(7, "with-16-quarter").score(R.trace(pl)) > 0
    r = SevenFlow(Co.SEVEN_WITH["with-9"][1]).solve(fixed=_placement(9, "count"), time_limit=120)
    assert r["status"] == "INFEASIBLE"             # 7 fails on 9's answer


# ---------------------------------------------------------------------------------------------
# verify: the stored certificates pass, altered ones fail


def _verify(folder):
    r = CliRunner().invoke(cli, ["octiles", "verify", "--certificates", str(folder), "--json"])
    return r.exit_code, json.loads(r.output)


COMBINED_FILES = sorted(p.name for p in CERT_DIR.glob("challenge*.json")
                        if "-with-" in p.name or "all-five" in p.name)


def test_combined_certificates_exist_and_pass(tmp_path):
    assert len(COMBINED_FILES) >= 14      # 2 pairs with 26 are open (no certificate)
    for f in COMBINED_FILES:
        shutil.copy(CERT_DIR / f, tmp_path / f)
    code, out = _verify(tmp_path)
    assert code == 0, [r for r in out["certificates"] if not r["ok"]]
    rows = {(r["challenge"], r["variant"]): r for r in out["certificates"]}
    assert all(r["checked"] == "yes" for r in rows.values())


def _alter(tmp_path, name, fn):
    shutil.copy(CERT_DIR / name, tmp_path / name)
    d = json.loads((tmp_path / name).read_text())
    fn(d)
    (tmp_path / name).write_text(json.dumps(d))
    code, out = _verify(tmp_path)
    return code, [p for r in out["certificates"] for p in r["problems"]]


def _first(status):
    for f in COMBINED_FILES:
        if json.loads((CERT_DIR / f).read_text())["status"] == status:
            return f
    pytest.skip(f"no combined certificate with status {status}")


def test_altered_value_of_a_seven_combination_fails(tmp_path):
    code, problems = _alter(tmp_path, "challenge07-with-10.json",
                            lambda d: d.update(value=d["value"] + 1))
    assert code == 1 and any("tracer scores" in p for p in problems)


def test_altered_relaxation_witness_fails(tmp_path):
    def edit(d):
        w = d["bound_witness"]
        w = w.get("partial", w)
        w["of"] = [16, "half-turn"] if w["of"] != [16, "half-turn"] else [9, "count"]
    code, problems = _alter(tmp_path, "challenge07-with-10.json", edit)
    assert code == 1 and any("relaxation" in p for p in problems)


def test_altered_yes_placement_fails(tmp_path):
    name = _first("yes")

    def edit(d):
        pl = R.placement_from_json(d["placement"])
        n, v = d["challenge"], d["variant"]
        for s in pl:
            for r in range(1, 8):
                p2 = dict(pl)
                p2[s] = R.Placed(pl[s][0], (pl[s][1] + r) % 8)
                if not _var(n, v).check(R.trace(p2)):
                    d["placement"] = R.placement_to_json(p2)
                    return
        raise AssertionError("no single turn breaks the condition")
    code, problems = _alter(tmp_path, name, edit)
    assert code == 1 and any("does not meet the condition" in p for p in problems)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["proof"]["claims"][0].update(status="UNKNOWN"), "not INFEASIBLE"),
    (lambda d: d["proof"].update(rests_on="cp-sat + HiGHS" if d["proof"]["rests_on"] == "cp-sat only"
                                 else "cp-sat only"), "rests_on"),
    (lambda d: d["proof"].update(claims=[]), "no claims"),
    (lambda d: d.update(placement=json.loads((CERT_DIR / "challenge27-whole-board.json").read_text())
                        ["placement"]), "'no' certificate with a placement"),
])
def test_altered_no_certificate_fails(tmp_path, edit, words):
    code, problems = _alter(tmp_path, _first("no"), edit)
    assert code == 1 and any(words in p for p in problems), problems
