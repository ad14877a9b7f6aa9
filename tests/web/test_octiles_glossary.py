"""The Octiles proofs' solver words in plain words (octosolve/web/octiles_glossary.py): a puzzle fan
met "the port-balance relaxation", "CP-SAT ... INFEASIBLE" and "LP dual of the port-balance LP" in
the gallery with nothing saying what they are. Each proof (gallery card, editor's score) carries a
line for every such term it names, shown under *how it is proved*; the proof sentences themselves
stay the report's."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.web.app import create_app  # noqa: E402
from octosolve.web.octiles_glossary import GLOSSARY, glossary  # noqa: E402



@pytest.fixture(scope="module")
def rows():
    client = TestClient(create_app(warm=False), raise_server_exceptions=False)
    return {(r["challenge"], r["variant"]): r for r in client.get("/api/octiles/challenges").json()}


def terms(row):
    return [t for t, _ in row["glossary"]]


def test_a_proof_naming_a_term_explains_it(rows):
    r = rows[(2, "path-segments")]
    assert "port-balance relaxation" in r["proof_text"]  # the report's sentence, unchanged
    meaning = dict(r["glossary"])
    assert meaning["port-balance relaxation"].startswith("a simpler puzzle where the path may fall apart into pieces")
    assert "neither can a real path" in meaning["port-balance relaxation"]
    assert "Google OR-Tools" in meaning["CP-SAT"]
    assert "LP dual" in terms(r) and "relaxation" not in terms(r)  # the port-balance line says it
    assert terms(r).index("port-balance relaxation") < terms(r).index("CP-SAT") < terms(r).index("LP") \
        < terms(r).index("LP dual")
    assert terms(rows[(16, "half-turn")])[:3] == ["flow", "LP", "MIP"] and "multicut" in terms(rows[(16, "half-turn")])
    assert "INFEASIBLE" in terms(rows[(9, "count")]) and "solver claims" in terms(rows[(9, "count")])
    assert "FEASIBLE" not in terms(rows[(9, "count")])  # INFEASIBLE is not FEASIBLE
    assert {"FEASIBLE", "UNKNOWN", "relaxation"} <= set(terms(rows[(7, "with-9")]))
    assert terms(rows[(1, "pairs")]) == ["BFS"]


def test_every_term_shown_is_in_its_proof_and_every_proof_explains_its_solver_words(rows):
    for key, r in rows.items():
        whole = r["proof_text"] + " " + r["witness_line"]
        assert r["glossary"] == glossary(r["proof_text"], r["witness_line"]), key
        for term, _ in r["glossary"]:
            pat = next(p for t, p, _, _ in GLOSSARY if t == term)
            assert re.search(pat, whole), (key, term)
        for word in ("CP-SAT", "HiGHS", "port-balance", "INFEASIBLE", "multicut", "LP dual", "witness"):
            if word in whole:
                assert any(word in t or (word == "port-balance" and t.startswith(word)) for t in terms(r)), (key, word)


def test_the_editors_score_carries_the_words_too():
    import json

    from octosolve.web import octiles_api

    client = TestClient(create_app(warm=False), raise_server_exceptions=False)
    doc = json.loads((octiles_api.ANSWERS_DIR / "challenge02-path-segments.json").read_text())
    sc = client.post("/api/octiles/score", json={"placement": doc["placement"], "challenge": 2,
                                                 "variant": "path-segments"}).json()
    assert "port-balance relaxation" in [t for t, _ in sc["best_known"]["glossary"]]


@pytest.mark.integration
def test_the_gallery_shows_the_words_under_how_it_is_proved(browser, site):
    from .test_browser import load, read

    d = browser
    load(d, site + "/octiles")
    got = read(d, lambda d: d.execute_script("""
        const card = document.querySelector('#gallery .card[data-key="2/path-segments"]');
        const det = card.querySelector('details.proof');
        const shown = card.querySelector('.glossary').checkVisibility();
        det.open = true;
        const g = det.querySelector('.glossary');
        return {shown, text: g.innerText, proof: det.querySelector('div.proof').innerText,
                lines: [...g.querySelectorAll(':scope > div > strong')].map(s => s.textContent)};"""))
    assert got["shown"] is False  # folded with the proof
    assert "port-balance relaxation" in got["proof"]
    assert got["lines"][0] == "port-balance relaxation" and "CP-SAT" in got["lines"], got
    assert "port-balance relaxation: a simpler puzzle where the path may fall apart into pieces" in got["text"]
    assert "CP-SAT: an exact constraint solver (Google OR-Tools)" in got["text"]
