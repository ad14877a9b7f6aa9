"""Issue 42 item 2: a new challenge question costs one declaration plus at most one new module.

This file is that module (the question's scorer, bound argument and proof strategy) and the
:func:`question` fixture is the declaration, made through the catalogue's public ``declare``. No
other file is edited, yet ``prove``, ``verify``, the report's gallery, the web listing and the web
scorer pick the question up."""

import json

import pytest

from octosolve.octiles import rules as R

NUMBER, NAME = 13, "two-tile-paths"      # (13 is answered by local search: no CP-SAT model needed)
CALLS = []


def score(tr) -> int:
    """The paths that cross exactly two tiles (printed board segments not used)."""
    return len(pick(tr))


def pick(tr) -> list:
    return [p for p in tr.complete_paths if p.segments == 2 and p.printed == 0]


def paths_bound() -> dict:
    """A full board has 36 paths (16 stops and 20 circles, each the end of one path)."""
    return {"bound": 36, "method": "counting", "argument": "a full board has 36 paths"}


def strategy(ctx):
    """Its own proof: nothing better than the default local search (None), but it was asked."""
    CALLS.append((ctx.number, ctx.var.name, ctx.bound))
    return None


@pytest.fixture
def question():
    from octosolve.octiles.challenges.catalogue import CHALLENGES, declare
    from octosolve.octiles.challenges.model import Ref, SearchVariant

    var = SearchVariant(NAME, "Maximise the number of paths that cross exactly two tiles.", score,
                        pick=pick, bound_argument=Ref(f"{__name__}:paths_bound"),
                        strategy=Ref(f"{__name__}:strategy"))
    declare(NUMBER, var)
    CALLS.clear()
    try:
        yield var
    finally:
        CHALLENGES[NUMBER].variants.remove(var)


@pytest.mark.integration
def test_a_question_is_one_declaration(question, tmp_path):
    from octosolve.octiles.challenges import catalogue as C
    from octosolve.octiles.challenges.certificates import save_certificate
    from octosolve.octiles.challenges.gallery import run_variant
    from octosolve.octiles.challenges.prove import prove_variant
    from octosolve.octiles.challenges.verify import verify_certificate

    # the look-ups
    assert C.get_variant(NUMBER, NAME)[1] is question
    assert question.number == NUMBER and question.seed == C.CHALLENGES[NUMBER].text
    assert (NUMBER, NAME) in C.all_variants()
    assert NAME in C.list_challenges()[NUMBER - 1]["variants"]
    with pytest.raises(ValueError):
        C.declare(NUMBER, question)                 # a name is declared once

    # prove: the declared bound argument and strategy run, then the default local search
    cert = prove_variant(NUMBER, NAME, time_limit=0.5, workers=1, seed=0)
    assert CALLS and CALLS[0][:2] == (NUMBER, NAME)
    assert cert["bound"] == 36 and cert["status"] == "best+bound"
    assert cert["value"] == score(R.trace(R.placement_from_json(cert["placement"]))) > 0

    # verify: the certificate is re-scored by the declared scorer
    path = save_certificate(cert, tmp_path / "certs")
    row = verify_certificate(path)
    assert row["ok"] and row["traced"] == cert["value"], row
    bad = dict(json.loads(path.read_text()), value=cert["value"] + 1)
    path.write_text(json.dumps(bad))
    assert not verify_certificate(path)["ok"]
    path.write_text(json.dumps(cert))

    # the report's gallery: its answer re-checked, its page and picture written
    res, stem, title, text, stmt, files = run_variant(tmp_path / "out", NUMBER, NAME,
                                                      cert_dir=tmp_path / "certs")
    assert res.verified and res.verified_value == cert["value"] and stmt == question.statement
    assert f"challenges/{stem}.json" in files and stem == f"challenge{NUMBER:02d}-{NAME}"


def test_the_web_lists_and_scores_it(question):
    from starlette.testclient import TestClient

    from octosolve.web.app import create_app

    client = TestClient(create_app(warm=False))
    rows = client.get("/api/octiles/challenges").json()
    row = next(r for r in rows if (r["challenge"], r["variant"]) == (NUMBER, NAME))
    assert row["statement"] == question.statement and row["status"] is not None
    cat = client.get("/api/octiles/catalogue").json()
    assert NAME in [v["variant"] for v in cat[NUMBER - 1]["variants"]]
    from octosolve.octiles.challenges.certificates import load_certificate
    placement = load_certificate(13, "self-crossing")["placement"]
    got = client.post("/api/octiles/score", json={"challenge": NUMBER, "variant": NAME,
                                                  "placement": placement})
    assert got.status_code == 200
    assert got.json()["value"] == score(R.trace(R.placement_from_json(placement)))
