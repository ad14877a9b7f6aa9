"""The witnesses shown (issue 19): every certificate's witness in plain words with verify's verdict,
written by the report into the result JSONs and README, and (issue 43 item 6) every bound witness
with a part checked without a solver drawn. A tampered witness is shown as failed."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from octosolve.core.paths import RESULTS_DIR
from octosolve.octiles.challenges import witness_show as WS
from octosolve.octiles.challenges.certificates import CERT_DIR, all_certificates
from octosolve.octiles.challenges.catalogue import all_variants, get_variant
from octosolve.octiles.challenges.witness_pictures import checked_parts, drawn_witness, witness_drawing


def _cert(n, v):
    p = CERT_DIR / f"challenge{n:02d}-{v}.json"
    return json.loads(p.read_text()) if p.is_file() else {}


# the questions whose bound witness is drawn: every one with a part checked without a solver
DRAWN = [(n, v) for n, v in all_variants() if v and drawn_witness(n, v, _cert(n, v).get("bound_witness"))]

GAL = RESULTS_DIR / "octiles" / "challenges"
KINDS = {"counting", "lp-dual", "lp-branch", "multicut", "cases", "solver", "relaxation", "placement"}


@pytest.fixture(scope="module")
def summaries():
    return {p.stem: WS.summarise(p) for p in all_certificates()}


@pytest.mark.integration
def test_every_certificate_has_a_checked_witness(summaries):
    assert len(summaries) >= 80
    for stem, w in summaries.items():
        assert w["kind"] in KINDS, (stem, w)
        assert w["checked"] is True, (stem, w)
        assert w["summary"] and w["summary"] != "no witness stored", stem
        assert w["rests_on"] in ("witness", "cp-sat + HiGHS", "cp-sat only"), (stem, w)
        line = WS.witness_line(w)
        assert line.endswith("\u2713") and "octosolve octiles verify" in line, line
        if w["rests_on"] == "witness":
            assert "re-checked without a solver" in line
        else:
            assert "not checkable without a solver" in w["summary"] and w["rests_on"] in line


@pytest.mark.integration  # (shares the module's summaries of every certificate)
def test_summaries_name_what_is_in_the_witness(summaries):
    s = {k: v["summary"] for k, v in summaries.items()}
    assert s["challenge11-twice"].startswith("LP dual of the assignment LP: 8 multipliers")
    assert "value 9" in s["challenge11-twice"] and "exact fractions" in s["challenge11-twice"]
    assert "LP branch and bound" in s["challenge13-self-crossing"] and "8 1/2" in s["challenge13-self-crossing"]
    assert s["challenge10-count"].startswith("multicut: 12 weights on ports summing to 6")
    assert "10 2/3" in s["challenge16-half-turn"]
    assert "into 5 parts" in s["challenge12-count"] and "4 solver claims" in s["challenge12-count"]
    assert s["challenge09-count"].startswith("solver claims: CP-SAT and HiGHS said INFEASIBLE for 5")
    assert s["challenge07-with-10"].startswith("relaxation: the bound of 10 count")
    assert "spaces 17" in s["challenge02-path-tiles"]
    assert summaries["challenge04-once"]["kind"] == "placement"
    assert summaries["challenge04-once"]["of"] == "answer"
    assert summaries["challenge27-with-28"]["kind"] == "solver"
    assert "the answer rests on cp-sat + HiGHS" in WS.witness_line(summaries["challenge27-with-28"])


@pytest.mark.parametrize("edit", [
    lambda d: d["bound_witness"]["multipliers"].__setitem__("tile:11", "2"),
    lambda d: d["bound_witness"].__setitem__("value", "8"),
    lambda d: d.__setitem__("bound", 8),
])
def test_a_tampered_witness_shows_failed(tmp_path, edit):
    p = tmp_path / "challenge11-twice.json"
    shutil.copy(CERT_DIR / p.name, p)
    assert WS.summarise(p)["checked"] is True
    d = json.loads(p.read_text())
    edit(d)
    p.write_text(json.dumps(d))
    w = WS.summarise(p)
    assert w["checked"] is False
    assert WS.witness_line(w).endswith("\u2717 FAILED")
    assert WS.summarise(tmp_path / "nope.json") is None


def test_mixed_numbers():
    assert [WS.mixed(x) for x in ("17/2", "32/3", "6", "1/2", "-3/2", "x")] == \
        ["8 1/2", "10 2/3", "6", "1/2", "-2 1/2", "x"]


@pytest.mark.skipif(not GAL.is_dir(), reason="no results/octiles yet")
def test_committed_results_carry_the_witnesses(summaries):
    """The report's files say what verify says now (regenerate with `octosolve report --only
    octiles` when a certificate changes)."""
    readme = (GAL / "README.md").read_text(encoding="utf-8")
    for stem, w in summaries.items():
        d = json.loads((GAL / f"{stem}.json").read_text())
        got = dict(d["witness"])
        assert got.pop("picture", None) == (f"{stem}-witness.svg" if (
            d["challenge"], d["variant"]) in DRAWN else None), stem
        assert got == w, stem
        assert WS.witness_line(w) in readme, stem
    assert "\u2717" not in readme
    assert "witness" not in json.loads((GAL / "challenge01-pairs.json").read_text())


def test_every_question_with_a_checked_witness_is_drawn():
    """Issue 43 item 6: a picture for every question whose bound has a witness checked without a
    solver (61 of the 85; the others: yes/no questions answered by a placement, challenge 1, and
    bounds resting on a solver's word alone), declared by the question's ``witness``; none for the
    others."""
    with_witness = [(n, v) for n, v in all_variants() if v
                    and checked_parts(_cert(n, v).get("bound_witness"))]
    assert sorted(DRAWN) == sorted(with_witness)
    assert len(DRAWN) == 61
    for n, v in all_variants():
        if v and (n, v) not in DRAWN:
            assert drawn_witness(n, v, _cert(n, v).get("bound_witness")) is None
            if GAL.is_dir():
                assert not (GAL / f"challenge{n:02d}-{v}-witness.svg").exists(), (n, v)
    assert (3, "count") in DRAWN and (9, "count") not in DRAWN and (4, "once") not in DRAWN
    web = (RESULTS_DIR.parent / "docs" / "web.md").read_text(encoding="utf-8")
    assert f"{len(DRAWN)} of the 85 questions" in web


@pytest.mark.parametrize("key", sorted(DRAWN))
def test_witness_pictures_show_the_certificates_numbers(key):
    n, v = key
    cert = _cert(n, v)
    w = drawn_witness(n, v, cert["bound_witness"])
    assert w is not None and w["kind"] in ("lp-dual", "multicut", "counting")
    from octosolve.core.svg import svg_text

    text = svg_text(witness_drawing(n, v, w))  # as the report writes it
    words = " ".join(re.findall(r">([^<]*)</text>", text))
    assert f"at most {w['question_bound']}" in words
    if w["kind"] == "counting":
        for fact, count in w["facts"].items():     # each fact counted is said with its number
            assert f">{count} " in text or f"The {count} " in words, (fact, words)
    else:
        weights = w.get("multipliers") or w.get("weights")
        labels = [WS.mixed(x) for k, x in weights.items() if not k.startswith(("ends", "tile:", "split:"))]
        for lab in set(labels):
            assert text.count(f">{lab}<") >= labels.count(lab), lab
        tiles = [WS.mixed(x) for k, x in weights.items() if k.startswith("tile:")]
        assert text.count(">\u00d7 ") == len(tiles)
        assert f"total {WS.mixed(w['value'])}" in words
    if GAL.is_dir():       # the report's picture is this drawing (deterministic)
        assert (GAL / f"challenge{n:02d}-{v}-witness.svg").read_text() == text


def test_a_picture_needs_a_checked_part():
    assert drawn_witness(3, "count", {"kind": "counting"}) is None        # no facts to draw
    assert drawn_witness(9, "count", _cert(9, "count")["bound_witness"]) is None   # a solver's word
    assert drawn_witness(4, "once", {"kind": "counting", "facts": {"spaces": 17}}) is None  # yes/no
    # a part beside a solver's word is drawn, the question's bound in the title
    w = drawn_witness(2, "path-points", _cert(2, "path-points")["bound_witness"])
    assert w["part"] == "checked beside the solvers" and w["question_bound"] == 128 and w["bound"] == 130
    # the parts not drawn are named under the board, the drawn one not among them
    w = drawn_witness(13, "self-crossing", _cert(13, "self-crossing")["bound_witness"])
    assert w["part"] == "the cycle packing, leaf 1 of 3"
    assert w["others"] == ["the cycle packing, leaf 2 of 3", "the cycle packing, leaf 3 of 3"]
    assert drawn_witness(3, "count", _cert(3, "count")["bound_witness"])["others"] == []


def test_every_question_has_the_idea_of_its_bound():
    """#43.6: the editor's hint opens with the idea of the bound, read from the question's declared
    witness (by kind of argument): every question of the catalogue has one of its own kind."""
    from octosolve.octiles.challenges.ideas import COUNTING, OTHER, idea

    known = set(COUNTING.values()) | set(OTHER.values())
    for n, v in all_variants():
        if v:
            var = get_variant(n, v)[1]
            said = idea(var)
            assert said in known or (var.witness is None and said.startswith("A yes/no")), (n, v, said)
