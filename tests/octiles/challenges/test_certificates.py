"""Certificates (data/octiles/certificates): every one is re-checked by the tracer and the
challenge's scorer, the status agrees with value and bound, the prove and challenge commands
write and re-check them, and a tampered certificate is caught."""

import json
import random

import pytest

from octosolve.octiles import rules as R
from octosolve.octiles.challenges import catalogue as C
from octosolve.octiles.challenges.certificates import (CERT_DIR, all_certificates, load_certificate,
                                                        recheck)
from octosolve.octiles.challenges.commands import challenge_cmd, prove_cmd
from octosolve.octiles.challenges.geometry import SP
from octosolve.octiles.challenges.prove import canonical_turn, turn_placement

FILES = all_certificates()


@pytest.fixture
def cli_runner():
    """These commands are click command objects registered by octosolve/octiles/cli.py; invoked
    directly here."""
    from click.testing import CliRunner

    runner = CliRunner()

    class _R:
        @staticmethod
        def invoke(cmd, args):
            return runner.invoke(cmd, [str(a) for a in args])
    return _R()


def _parse(p):
    n, v = p.stem[len("challenge"):].split("-", 1)
    return int(n), v


@pytest.mark.integration
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_certificate_rechecked_by_tracer(path):
    n, v = _parse(path)
    _, var = C.get_variant(n, v)
    cert = load_certificate(n, v)
    res = recheck(n, var, cert)
    assert res.verified is True and res.status != "MISMATCH"
    # (the combinations' first certificates were written by scripts/prove_combined.py, since
    # replaced by their declared strategies in proofs_combined.py: the command is their provenance)
    assert cert["command"].startswith(("octosolve octiles ", "python scripts/prove_combined.py "))
    if cert["status"] in ("optimal", "best+bound"):
        assert res.verified_value == cert["value"] <= cert["bound"]
        assert (cert["value"] == cert["bound"]) == (cert["status"] == "optimal")
        assert cert["proof"]["method"]
    if cert["status"] == "yes":
        assert var.check(R.trace(cert["placement"]))


# combinations neither found nor refuted yet (docs/octiles-challenges.md lists them as open, with
# what was tried): the only variants allowed to have no certificate
OPEN = {(26, "with-29")}        # 25 with 26: no (2026-11-25)


def test_every_variant_has_a_certificate():
    missing = {(n, v) for n, v in C.all_variants() if n != 1 and load_certificate(n, v) is None}
    assert missing == OPEN      # exactly: a newly settled one must leave the list
    from octosolve.core.paths import REPO_DIR
    text = (REPO_DIR / "docs" / "octiles-challenges.md").read_text(encoding="utf-8")
    for n, v in missing:
        a, b = n, int(v.split("-")[1])
        assert f"| {a} + {b} | open |" in text, (n, v)


def test_open_questions_say_what_was_tried():
    """Issue 44: an open question without a certificate is never a bare UNKNOWN: its answer says
    what was tried, for how long, and the command to try further."""
    from octosolve.octiles.challenges.gallery import answer_variant

    for n, v in OPEN:
        res = answer_variant(n, v)
        assert res.status == "OPEN" and res.placement is None
        text = res.extra["proof"]
        assert text.startswith("open: ") and "Tried: `" in text and " s)" in text
        assert f"Try further: `octosolve octiles prove {n} --question {v}" in text


def test_tampered_certificate_is_a_mismatch(tmp_path):
    d = json.loads((CERT_DIR / "challenge12-count.json").read_text())
    d["value"] = d["bound"] = d["value"] + 1
    (tmp_path / "challenge12-count.json").write_text(json.dumps(d))
    _, var = C.get_variant(12, "count")
    res = recheck(12, var, load_certificate(12, "count", tmp_path))
    assert res.status == "MISMATCH" and not res.verified


def test_first_format_reads_as_yes():
    cert = load_certificate(25, "whole-board")
    assert cert["status"] == "yes" and "proof" in cert


def test_prove_command_writes_and_keeps(tmp_path, cli_runner):
    r = cli_runner.invoke(prove_cmd, ["11", "--question", "twice", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["status"] == "optimal" and d["value"] == d["bound"] == 9 and d["written"]
    cert = json.loads((tmp_path / "challenge11-twice.json").read_text())
    assert cert["command"].startswith("octosolve octiles prove 11 --question twice")
    # the deprecated spelling --variant still works, with a one-line note on stderr
    r = cli_runner.invoke(prove_cmd, ["11", "--variant", "twice", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["written"] is False   # not stronger: kept
    assert r.stderr == "--variant is deprecated; use --question\n"


def test_prove_command_bad_input(cli_runner):
    for args in (["1"], ["31"], ["12", "--question", "nope"], ["12", "--variant", "nope"],
                 ["12", "--time-limit", "nan"],
                 ["12", "--scheduler", "garbage"], ["12", "--workers", "0"]):
        r = cli_runner.invoke(prove_cmd, args)
        assert r.exit_code == 2, (args, r.output)


def test_challenge_command_rechecks_certificate(tmp_path, cli_runner):
    svg = tmp_path / "c12.svg"
    r = cli_runner.invoke(challenge_cmd, ["12", "--json", "--svg", str(svg)])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    cert = load_certificate(12, "count")
    assert d["status"] == "OPTIMAL" and d["objective"] == d["bound"] == cert["value"]
    assert d["seconds"] == cert["seconds"] and d["verified"] is True
    assert d["certificate_status"] == "optimal" and "viewBox" in svg.read_text()


def test_pictures_mark_crossings_and_groups():
    from octosolve.octiles.challenges.gallery import answer_variant, highlight_for
    from octosolve.octiles.challenges.pictures import crossing_points, highlight_groups
    res = answer_variant(14, "cross")
    assert len(crossing_points(highlight_for(res), between=True)) == res.verified_value
    res = answer_variant(12, "count")
    assert len(crossing_points(highlight_for(res), between=False)) == res.verified_value
    res = answer_variant(17, "count")
    tr = R.trace(res.placement)
    groups = highlight_groups(res, tr, highlight_for(res))
    assert len(groups) == res.verified_value and all(len(ps) == 4 for _, ps in groups)


def test_turn_symmetry_keeps_scores_and_canonical_turn():
    rng = random.Random(5)
    tiles = rng.sample(range(R.NUM_TILES), len(SP))
    pl = {s: R.Placed(t, rng.randrange(8)) for s, t in zip(SP, tiles)}
    tr = R.trace(pl)
    can = canonical_turn(pl)
    assert can["a2"][0] < min(can[s][0] for s in ("d1", "e4", "b5"))
    invariant = [C.get_variant(n, v)[1] for n, v in C.all_variants()
                 if v is not None and C.get_variant(n, v)[1].turn_invariant]
    assert len(invariant) == 11
    for var in invariant:
        assert all(var.score(R.trace(turn_placement(pl, q))) == var.score(tr) for q in (1, 2, 3))


def test_identical_pictures_show_the_counted_components():
    from octosolve.octiles.challenges.gallery import answer_variant, highlight_for
    res = answer_variant(22, "loops")
    ps = highlight_for(res)
    assert len(ps) == res.verified_value and all(p.kind == "loop" for p in ps)
    res = answer_variant(23, "segments")
    ps = highlight_for(res)
    assert len(ps) == 2 and all(p.segments == res.verified_value for p in ps)
