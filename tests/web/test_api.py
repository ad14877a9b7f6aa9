"""The web app's JSON API (Starlette's TestClient, no server): same answers as the CLI's --json,
errors as {"error": ...} with 400/404/413, bounded memory, hidden information kept hidden."""

from __future__ import annotations

import csv
import importlib
import io
import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.octiles import challenges as C  # noqa: E402
from octosolve.octiles import rules as R  # noqa: E402
from octosolve.web import octiles_api  # noqa: E402
from octosolve.games import GAMES  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402
from octosolve.web.http import MAX_BODY  # noqa: E402

from .toygame import NimEntry  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm=False), raise_server_exceptions=False)


@pytest.fixture
def nim():
    return TestClient(create_app(games=[NimEntry()], max_games=3, warm=False),
                      raise_server_exceptions=False)


def answer(number: int, variant: str) -> dict:
    return json.loads((octiles_api.ANSWERS_DIR / f"challenge{number:02d}-{variant}.json").read_text())


# ---------------------------------------------------------------------------------------------
# pages and assets


@pytest.mark.parametrize("path,marker", [("/", "octosolve"), ("/octiles", 'id="board-wrap"'),
                                         ("/octagion", 'id="words"'), ("/play/octiles", 'id="legal"')])
def test_pages(client, path, marker):
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert marker in r.text
    # every script and stylesheet a page names is served from the package (no CDN)
    for ref in ("/static/style.css", "/static/common.js"):
        if ref in r.text:
            assert client.get(ref).status_code == 200
    assert "http://" not in r.text and "https://" not in r.text


def test_the_octagion_page_has_one_name(client):
    # it had three: "Octagion word check" (every page's menu), "Octagion designer" (its title and
    # heading, docs/web.md) and "Octagion: check a word list, design a deck" (the home page's card)
    import re

    # the home page, the games' own pages and the play pages
    pages = ["/"] + [p.path for g in GAMES for p in g.pages] + [f"/play/{g.name}" for g in GAMES if g.web_ready()]
    for path in pages:
        links = re.findall(r'<a[^>]*href="/octagion"[^>]*>([^<]*)</a>', client.get(path).text)
        assert links and all(t.startswith("Octagion designer") for t in links), (path, links)
    page = client.get("/octagion").text
    for tag in ("title", "h1"):
        assert re.search(f"<{tag}>([^<]*)</{tag}>", page).group(1).startswith("Octagion designer: "), tag
    assert "word check" not in page.lower()


def test_home_page_speaks_to_a_phone_too(client):
    """The home page told a phone's player to 'click your moves' (the boards say 'tap' on touch)."""
    page = client.get("/").text
    assert "click your moves" not in page and "(click or tap)" in page


def test_home_page_pictures_are_served(client):
    """The home page shows a proven Octiles answer, the project's deck and each playable game a few
    moves in (``/preview/GAME.svg``); every picture it names is served as SVG."""
    import re

    from octosolve.games import GAMES

    page = client.get("/").text
    srcs = re.findall(r'<img src="([^"]+)"', page)
    for g in GAMES:
        if g.has_state:  # each game's picture sits in the link to its play page
            assert re.search(rf'<a href="/play/{g.name}"><img src="/preview/{g.name}.svg"', page), g.name
    assert "/preview/octagion.svg" in srcs and any(s.startswith("/api/octiles/challenges/") for s in srcs)
    for src in srcs:
        r = client.get(src)
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml"), src
        assert "<svg" in r.text[:400] and r.text.rstrip().endswith("</svg>"), src
    again = client.get("/preview/octagone.svg").text  # a fixed seed: the same picture every time
    assert again == client.get("/preview/octagone.svg").text


@pytest.mark.parametrize("name,words", [("chess", "unknown game"), ("x" * 500, "unknown game"),
                                        ("..%2Fdata", "Not Found")])
def test_preview_of_an_unknown_game_is_404(client, name, words):
    r = client.get(f"/preview/{name}.svg")
    assert r.status_code == 404 and words in r.json()["error"]
    assert len(r.json()["error"]) < 200 and "\n" not in r.json()["error"]


def test_static_assets_are_package_data():
    toml = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert '"octosolve.web" = ["static/*"]' in toml.read_text()
    static = Path(importlib.import_module("octosolve.web").__file__).parent / "static"
    for name in ("index.html", "octiles.html", "octagion.html", "play.html", "octiles.js",
                 "octagion.js", "play.js", "common.js", "style.css"):
        assert (static / name).is_file(), name


def test_unknown_page_and_game_are_404(client):
    assert client.get("/nope").status_code == 404
    r = client.get("/play/chess")   # a page's address: the 404 page with the menu (#43.5)
    assert r.status_code == 404 and "unknown game" in r.text and r.headers["content-type"].startswith("text/html")
    r = client.get("/api/chess/info")   # the API's: JSON
    assert r.status_code == 404 and "unknown game" in r.json()["error"]


# ---------------------------------------------------------------------------------------------
# octiles


def test_challenges_list_matches_catalogue_and_files(client):
    rows = client.get("/api/octiles/challenges").json()
    cat = octiles_api.catalogue()
    assert len(rows) == sum(len(c["variants"]) for c in cat)
    assert {r["challenge"] for r in rows} == {c["challenge"] for c in cat if c["variants"]}
    for r in rows:
        assert {"challenge", "variant", "status", "objective", "bound"} <= set(r)
    files = sorted(octiles_api.ANSWERS_DIR.glob("challenge*.json"))
    assert files, "the report's answers are committed"
    by_key = {(r["challenge"], r["variant"]): r for r in rows}
    for f in files:
        d = json.loads(f.read_text())
        row = by_key[(d["challenge"], d["variant"])]  # every stored answer is listed
        assert (row["status"], row["objective"], row["bound"]) == (d["status"], d["objective"],
                                                                  d["bound"])
        # settled: proven optimal, or a yes/no question answered by a checked certificate
        # (an open combination of 25-29 has no certificate: no status, not proven)
        assert row["settled"] == d.get("certificate_status")
        assert row["proven"] == (d.get("certificate_status") in ("optimal", "yes", "no"))


def test_stored_answer_and_picture(client):
    d = client.get("/api/octiles/challenges/6/points").json()
    assert d == answer(6, "points")
    r = client.get("/api/octiles/challenges/6/points/picture.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg")
    assert r.content == (octiles_api.ANSWERS_DIR / "challenge06-points.svg").read_bytes()
    for bad in ("/api/octiles/challenges/6/nope", "/api/octiles/challenges/99/points",
                "/api/octiles/challenges/6/..%2F..%2Fpyproject/picture.svg"):
        r = client.get(bad)
        assert r.status_code == 404 and "error" in r.json(), bad


def test_yes_no_answers_are_settled_not_open(client):
    """27 and 28 ask for a board with no such path: 0 is the answer, settled by a checked
    certificate (not an open "best known 0")."""
    rows = {(r["challenge"], r["variant"]): r for r in client.get("/api/octiles/challenges").json()}
    for key in [(27, "whole-board"), (28, "whole-board"), (4, "once"), (25, "whole-board")]:
        r = rows[key]
        assert r["settled"] == "yes" and r["proven"] is True, key
        assert r["proof_text"].startswith("Settled: yes."), r["proof_text"]
    assert rows[(27, "whole-board")]["value"] == 0
    open_ = rows[(20, "count")]
    assert open_["settled"] == "best+bound" and open_["proven"] is False
    assert "not proven optimal" in open_["proof_text"] and "36" in open_["proof_text"]
    assert "Argument: counting: every full placement has exactly 36 paths" in open_["proof_text"]
    opt = rows[(2, "path-tiles")]
    assert opt["proof_text"].startswith("Proven optimal: 17;") and "How: counting/assignment" in opt["proof_text"]
    assert rows[(1, "pairs")]["proof_text"].startswith("Exact: 630.")


def test_proof_text_is_the_clis(client, cli_runner):
    rows = {(r["challenge"], r["variant"]): r for r in client.get("/api/octiles/challenges").json()}
    for n, v in [(20, "count"), (27, "whole-board"), (2, "loop-points")]:
        res = cli_runner(["octiles", "challenge", str(n), "--variant", v])
        assert res.exit_code == 0, res.output
        proof = next(ln for ln in res.output.splitlines() if ln.startswith("Proof: "))
        assert proof == "Proof: " + rows[(n, v)]["proof_text"]


def test_rows_carry_the_witness(client):
    """Each row carries its certificate's witness as the report wrote it, and the line the gallery
    shows under "how it is proved"; the drawn witnesses are served."""
    from octosolve.octiles.challenges.witness_show import witness_line

    rows = {(r["challenge"], r["variant"]): r for r in client.get("/api/octiles/challenges").json()}
    r = rows[(13, "self-crossing")]
    assert r["witness"]["kind"] == "cases" and r["witness"]["checked"] is True
    assert "LP branch and bound" in r["witness"]["summary"]
    assert r["witness_line"] == witness_line(answer(13, "self-crossing")["witness"])
    assert r["witness_line"].startswith("Bound witness: ")
    assert r["witness_line"].endswith("re-checked without a solver by `octosolve octiles verify`: \u2713")
    assert rows[(9, "count")]["witness"]["rests_on"] == "cp-sat + HiGHS"
    assert rows[(27, "whole-board")]["witness_line"].startswith("Witness: the stored placement")
    assert rows[(1, "pairs")]["witness"] is None and rows[(1, "pairs")]["witness_line"] == ""
    assert all(r["witness"]["checked"] for r in rows.values() if r["certificate"])
    drawn = {k for k, r in rows.items() if r["witness"] and r["witness"]["picture"]}
    assert len(drawn) == 61 and {(3, "count"), (10, "count"), (16, "half-turn"), (2, "path-tiles"),
                                 (6, "points")} <= drawn    # #43.6: every checked witness drawn
    assert not drawn & {(9, "count"), (17, "count"), (4, "once"), (1, "pairs")}   # a solver's word
    assert rows[(3, "count")]["witness"]["picture_size"][0] == 612
    got = client.get("/api/octiles/challenges/3/count/witness.svg")
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg")
    assert got.content == (octiles_api.ANSWERS_DIR / "challenge03-count-witness.svg").read_bytes()
    for bad in ("/api/octiles/challenges/9/count/witness.svg", "/api/octiles/challenges/3/nope/witness.svg"):
        r = client.get(bad)
        assert r.status_code == 404 and "error" in r.json(), bad
    assert "witness_picture" not in client.get("/api/octiles/challenges/3/count").json()
    sc = client.post("/api/octiles/score", json={"placement": answer(10, "count")["placement"],
                                                 "challenge": 10, "variant": "count"}).json()
    assert sc["best_known"]["witness"]["kind"] == "multicut" and sc["best_known"]["witness_line"]


def test_certificate_download(client):
    rows = client.get("/api/octiles/challenges").json()
    named = [r for r in rows if r["certificate"]]
    # every variant but challenge 1 (exact BFS) and the open combinations of 25-29 has one
    from tests.octiles.challenges.test_certificates import OPEN
    assert len(named) == len(rows) - 1 - len(OPEN)
    for r in named[:5] + named[-3:]:
        got = client.get(f"/api/octiles/certificates/{r['certificate']}")
        assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
        assert "attachment" in got.headers["content-disposition"]
        assert got.content == (octiles_api.CERT_DIR / r["certificate"]).read_bytes()
        cert = got.json()
        assert (cert["challenge"], cert["variant"]) == (r["challenge"], r["variant"])
        assert cert["status"] == r["settled"]


@pytest.mark.parametrize("name", [
    "..%2F..%2Fpyproject.toml", "..%2Fcertificates%2Fchallenge02-path-tiles.json",
    "challenge02-path-tiles.json.bak", "CHALLENGE02-PATH-TILES.JSON", "challenge2-path-tiles.json",
    "challenge99-nope.json", "challenge02-path_tiles.json", "SOURCES.md", "%00", "challenge02-.json%00",
    "x" * 3000,
])
def test_certificate_bad_names_404(client, name):
    r = client.get(f"/api/octiles/certificates/{name}")
    # a name with a slash matches no route (the generic 404); any other is refused by its pattern
    assert r.status_code == 404 and r.json()["error"], (name, r.status_code)
    assert client.get("/api/octiles/certificates/challenge03-count.json").status_code == 200


@pytest.mark.parametrize("number,variant", [(3, "count"), (6, "points"), (13, "self-crossing")])
def test_trace_equals_cli(client, cli_runner, tmp_path, number, variant):
    pl = answer(number, variant)["placement"]
    f = tmp_path / "p.json"
    f.write_text(json.dumps(pl))
    res = cli_runner(["octiles", "trace", str(f), "--json"])
    assert res.exit_code == 0, res.output
    api = client.post("/api/octiles/trace", json={"placement": pl})
    assert api.status_code == 200
    assert api.json() == json.loads(res.output)
    if number == 3:  # the loops are in it: the stored answer makes this many
        assert api.json()["summary"]["loops"] == answer(3, "count")["verified_value"] > 0


def test_trace_cache_keeps_answers(client):
    boards = [answer(3, "count")["placement"], answer(6, "points")["placement"], {}]
    first = [client.post("/api/octiles/trace", json={"placement": b}).json() for b in boards]
    again = [client.post("/api/octiles/trace", json={"placement": b}).json() for b in boards[::-1]]
    assert first == again[::-1]
    for b, out in zip(boards, first):
        assert out == R.trace(R.placement_from_json(b)).to_json()


def test_trace_one_tile_by_hand(client):
    # tile 0 at rotation 0 has segments 0-1, 2-3, 4-5, 6-7 (the lexicographically first pairing)
    assert R.tile_segments(0, 0) == ((0, 1), (2, 3), (4, 5), (6, 7))
    tr = client.post("/api/octiles/trace", json={"placement": {"c3": {"tile": 0, "rotation": 0}}}).json()
    segs = sorted(tuple(sorted(s[1:])) for p in tr["paths"] for s in p["steps"])
    assert segs == [(0, 1), (2, 3), (4, 5), (6, 7)]  # every segment of the tile, once
    assert all(p["tiles"] == 1 for p in tr["paths"])


@pytest.mark.integration
def test_scores_agree_with_stored_answers(client):
    rows = [r for r in client.get("/api/octiles/challenges").json() if r["answer"] and r["scorable"]]
    assert len(rows) > 30
    for r in rows:
        d = answer(r["challenge"], r["variant"])
        sc = client.post("/api/octiles/score", json={"placement": d["placement"],
                                                     "challenge": r["challenge"],
                                                     "variant": r["variant"]})
        assert sc.status_code == 200, sc.text
        sc = sc.json()
        if d["objective"] is not None:  # optimisation: the tracer's re-checked value
            assert sc["value"] == d["verified_value"], (r["challenge"], r["variant"])
        if "satisfied" in sc and d.get("proven"):
            assert sc["satisfied"] is True, (r["challenge"], r["variant"])
        assert sc["best_known"]["value"] == d["verified_value"]
        assert sc["best_known"]["proven"] == (d["certificate_status"] in ("optimal", "yes", "no"))
        assert sc["best_known"]["settled"] == d["certificate_status"]
        res = C.Result(r["challenge"], r["variant"], "", None, None, 0.0,
                       R.placement_from_json(d["placement"]))
        assert sc["highlight"] == [p.id for p in C.highlight_for(res)]  # the gallery's picture picks


def test_score_small_boards_by_hand(client):
    # 27: no path between neighbouring stops; the empty board has no path at all: met, score 0
    sc = client.post("/api/octiles/score", json={"placement": {}, "challenge": 27}).json()
    assert sc["variant"] == "whole-board" and sc["value"] == 0 and sc["satisfied"] is True
    # 2 path-tiles: the longest path's tiles; one tile placed gives paths of exactly one tile
    one = {"c3": {"tile": 0, "rotation": 0}}
    sc = client.post("/api/octiles/score", json={"placement": one, "challenge": 2,
                                                 "variant": "path-tiles"}).json()
    tr = R.trace(R.placement_from_json(one))
    assert sc["value"] == (1 if tr.complete_paths else 0)


@pytest.mark.parametrize("body,status,words", [
    (b"{not json", 400, "not valid JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (b"\xff\xfe\x00", 400, "UTF-8"),
    (b"{}", 400, "placement"),
    (b'{"placement": {"z9": {"tile": 1, "rotation": 0}}}', 400, "unknown space"),
    (b'{"placement": {"c3": {"tile": 1, "rotation": 0}, "c4": {"tile": 1, "rotation": 0}}}', 400,
     "used twice"),
    (b'{"placement": {"c3": {"tile": 18, "rotation": 0}}}', 400, "tile"),
    (b'{"placement": {"c3": {"tile": 1, "rotation": 8}}}', 400, "rotation"),
    (b'{"placement": "results/octiles/challenges/challenge06-points.json"}', 400, "placement"),
])
def test_trace_bad_input(client, body, status, words):
    r = client.post("/api/octiles/trace", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status
    assert words in r.json()["error"]
    assert client.post("/api/octiles/trace", json={"placement": {}}).status_code == 200  # still serving


def test_body_cap(client):
    big = b'{"placement": {}, "pad": "' + b"x" * MAX_BODY + b'"}'
    r = client.post("/api/octiles/trace", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "error" in r.json()
    ok = b'{"placement": {}, "pad": "' + b"x" * (MAX_BODY - 100) + b'"}'
    assert client.post("/api/octiles/trace", content=ok, headers={"content-type": "application/json"}).status_code == 200


@pytest.mark.parametrize("body,words", [
    ({"placement": {}}, "challenge"),
    ({"placement": {}, "challenge": 1}, "does not score"),
    ({"placement": {}, "challenge": 6, "variant": 3}, "variant"),
    ({"placement": {}, "challenge": 31}, "1-30"),
    ({"placement": {}, "challenge": "6"}, "1-30"),
    ({"placement": {}, "challenge": 6, "variant": "nope"}, "no variant"),
])
def test_score_bad_input(client, body, words):
    r = client.post("/api/octiles/score", json=body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_render_highlight(client):
    pl = answer(3, "count")["placement"]
    svg = client.post("/api/octiles/render", json={"placement": pl, "highlight": [0]})
    assert svg.status_code == 200 and svg.text.lstrip().startswith("<?xml") and "viewBox" in svg.text
    r = client.post("/api/octiles/render", json={"placement": pl, "highlight": [999]})
    assert r.status_code == 400 and "no path" in r.json()["error"]


@pytest.mark.parametrize("bad", [[], {}, 0.0, 1.0, True, "0", None, -1, 10**9, 1e300])
def test_render_highlight_bad_ids(client, bad):
    # a list or an object in "highlight" was a 500 (unhashable), 0.0 was taken for path 0
    pl = answer(3, "count")["placement"]
    r = client.post("/api/octiles/render", json={"placement": pl, "highlight": [bad]})
    assert r.status_code == 400 and r.json()["error"].startswith("no path "), r.text
    assert "\n" not in r.json()["error"]


def test_board_geometry(client):
    g = client.get("/api/octiles/board").json()
    assert len(g["spaces"]) == 17 and len(g["tiles"]) == 18
    for x, y in g["spaces"].values():
        assert 0 < x < g["width"] and 0 < y < g["height"]


# ---------------------------------------------------------------------------------------------
# octagion


def test_octagion_solve_equals_cli(client, cli_runner):
    res = cli_runner(["octagion", "solve", "octagons", "--json"])
    assert res.exit_code == 0
    r = client.post("/api/octagion/solve", json={"word": "octagons"})
    assert r.status_code == 200 and r.json() == json.loads(res.output)
    r = client.post("/api/octagion/solve", json={"word": "octagon"})
    assert r.status_code == 400 and "8" in r.json()["error"]


def test_octagion_check_equals_cli(client, cli_runner, tmp_path):
    words = "OCTAGONS\nSEPTEMBR\n# a comment\nZZZZZZZZ\n"
    f = tmp_path / "w.txt"
    f.write_text(words)
    res = cli_runner(["octagion", "check", str(f), "--json"])
    assert res.exit_code == 0, res.output
    r = client.post("/api/octagion/check", json={"words": words})
    assert r.status_code == 200 and r.json() == json.loads(res.output)
    rows = r.json()
    assert [x["word"] for x in rows] == ["OCTAGONS", "SEPTEMBR", "ZZZZZZZZ"]
    assert rows[2]["solvable"] is False  # eight Zs cannot take eight different numbers
    c = client.post("/api/octagion/check?format=csv", json={"words": words})
    assert c.status_code == 200 and c.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(c.text)))
    assert [t["word"] for t in table] == ["OCTAGONS", "SEPTEMBR", "ZZZZZZZZ"]
    assert [t["solvable"] for t in table] == ["yes" if x["solvable"] else "no" for x in rows]
    assert [int(t["solutions"]) for t in table] == [x["solutions"] for x in rows]


def test_octagion_deck_text(client, cli_runner, tmp_path):
    deck = "letter,number\n" + "\n".join(f"{c},{i % 8 + 1}" for i, c in enumerate("OCTAGNS" * 3))
    f = tmp_path / "deck.csv"
    f.write_text(deck)
    res = cli_runner(["octagion", "solve", "OCTAGONS", "--deck", str(f), "--json"])
    r = client.post("/api/octagion/solve", json={"word": "OCTAGONS", "deck": deck})
    assert r.status_code == 200 and r.json() == json.loads(res.output)
    bad = client.post("/api/octagion/check", json={"words": "OCTAGONS", "deck": "letter,number\nA,9"})
    assert bad.status_code == 400 and "1-8" in bad.json()["error"]
    bad = client.post("/api/octagion/check", json={"words": "OCTAGONS", "deck": {"path": "/etc/passwd"}})
    assert bad.status_code == 400
    bad = client.post("/api/octagion/check?format=xml", json={"words": "OCTAGONS"})
    assert bad.status_code == 400
    from octosolve.web.octagion_api import MAX_WORDS
    bad = client.post("/api/octagion/check", json={"words": "OCTAGONS\n" * (MAX_WORDS + 1)})
    assert bad.status_code == 400 and "at most" in bad.json()["error"]


def test_octagion_report_flags_bad_lines_and_checks_the_rest(client):
    words = ("# my list\nOCTAGONS\nSEPTEMBER\n\nA1 TREASURE\nA1 CHILDREN\nfoo bar baz\nB41 MOUNTAIN\n"
             "ZZZZZZZZ\nna\u00efvet\u00e9s\n")
    r = client.post("/api/octagion/check?format=report", json={"words": words})
    assert r.status_code == 200, r.text
    rep = r.json()
    # the good lines, checked (a list may mix bare words and "A1 WORD" lines); line numbers count
    # every line of the text, as an editor shows them
    assert [(w["line"], w["card"], w["index"], w["word"]) for w in rep["words"]] == [
        (2, None, 1, "OCTAGONS"), (5, "A", 1, "TREASURE"), (9, None, 2, "ZZZZZZZZ"),
        (10, None, 3, "NAIVETES")]
    assert [w["solvable"] for w in rep["words"]][:3] == [True, True, False]
    probs = {p["line"]: p for p in rep["problems"]}
    assert sorted(probs) == [3, 6, 7, 8]
    assert "9 letters" in probs[3]["error"] and probs[3]["text"] == "SEPTEMBER"
    assert "A1 was given already on line 5" in probs[6]["error"]
    assert "expected 'A1 WORD' or one word" in probs[7]["error"]
    assert "not like A1..Z40" in probs[8]["error"]
    assert all(p["error"].startswith(f"line {n}:") for n, p in probs.items())
    assert rep["summary"]["words"] == 4 and [c["card"] for c in rep["cards"]] == ["A"]
    # the same rows as the CLI gives for the good lines alone
    from octosolve.web.octagion_api import check_json

    alone = check_json("OCTAGONS\nZZZZZZZZ\nNAIVETES")
    assert [(w["word"], w["solutions"], w["min_wildcards"]) for w in rep["words"] if w["card"] is None] == \
        [(w["word"], w["solutions"], w["min_wildcards"]) for w in alone]
    # the CSV: every line in order, the bad ones with their reason
    c = client.post("/api/octagion/check?format=csv", json={"words": words})
    assert c.status_code == 200
    table = list(csv.DictReader(io.StringIO(c.text)))
    assert [int(t["line"]) for t in table] == [2, 3, 5, 6, 7, 8, 9, 10]
    assert [bool(t["problem"]) for t in table] == [False, True, False, True, True, True, False, False]
    assert table[1]["word"] == "SEPTEMBER" and table[0]["solvable"] == "yes"
    # the JSON the CLI prints stays the CLI's: a bad line is an error there
    r = client.post("/api/octagion/check", json={"words": words})
    assert r.status_code == 400 and "line 2" in r.json()["error"]


@pytest.mark.parametrize("words,status,words_in_error", [
    ("", 400, "no words"), ("# only a comment\n\n", 400, "no words"), (17, 400, "text"),
    ({"a": 1}, 400, "text"), (["OCTAGONS", 3], 400, "text"),
])
def test_octagion_report_bad_input(client, words, status, words_in_error):
    r = client.post("/api/octagion/check?format=report", json={"words": words})
    assert r.status_code == status and words_in_error in r.json()["error"], r.text


def test_octagion_report_counts_a_repeated_word_once(client):
    """A word given again is counted once (as `octagion check` counts it): the summary has 3 words,
    the repeats keep their rows with repeat_of (their first line), and the CSV says so."""
    words = "OCTAGONS\nTREASURE\nOCTAGONS\nZZZZZZZZ\nTREASURE\n"
    rep = client.post("/api/octagion/check?format=report", json={"words": words}).json()
    assert [(w["line"], w["word"], w.get("repeat_of")) for w in rep["words"]] == [
        (1, "OCTAGONS", None), (2, "TREASURE", None), (3, "OCTAGONS", 1), (4, "ZZZZZZZZ", None),
        (5, "TREASURE", 2)]
    assert rep["summary"]["words"] == 3 and rep["duplicate_lines_ignored"] == 2
    from octosolve.web.octagion_api import check_json

    assert rep["summary"]["solvable"] == sum(r["solvable"] for r in check_json(words))
    table = list(csv.DictReader(io.StringIO(
        client.post("/api/octagion/check?format=csv", json={"words": words}).text)))
    assert [t["problem"] for t in table] == ["", "", "repeats line 1: counted once", "",
                                            "repeats line 2: counted once"]


def test_octagion_report_every_line_bad(client):
    rep = client.post("/api/octagion/check?format=report", json={"words": "SEPTEMBER\nAB CD EF"}).json()
    assert rep["words"] == [] and [p["line"] for p in rep["problems"]] == [1, 2]
    assert rep["summary"]["words"] == 0


def test_octagion_deck_stats_equal_cli(client, cli_runner, tmp_path):
    res = cli_runner(["octagion", "deck", "--top", "500", "--json"])
    assert res.exit_code == 0, res.output
    r = client.post("/api/octagion/deck", json={"top": 500})
    assert r.status_code == 200
    got = r.json()
    from octosolve.octagion.rules import load_deck

    assert got.pop("csv") == load_deck().to_csv()
    assert got == json.loads(res.output)
    deck = "letter,number\n" + "\n".join(f"{c},{i % 8 + 1}" for i, c in enumerate("OCTAGNS" * 3))
    f = tmp_path / "deck.csv"
    f.write_text(deck)
    res = cli_runner(["octagion", "deck", "--deck", str(f), "--json"])
    got = client.post("/api/octagion/deck", json={"deck": deck}).json()
    got.pop("csv")
    assert got == json.loads(res.output) and got["deck"]["cards"] == 21


@pytest.mark.parametrize("body,words", [
    ({"deck": "letter,number\nA,9"}, "1-8"), ({"deck": "x"}, "header"), ({"deck": 5}, "CSV"),
    ({"top": 0}, "top"), ({"top": "10"}, "top"), ({"top": True}, "top"), ({"top": 1.5}, "top"),
    # an absurd top was answered with the whole lexicon's statistics as if it were a real request:
    # the CLI's deck --top stops at 1,000,000
    ({"top": 10**9}, "from 1 to 1000000"), ({"top": 1_000_001}, "from 1 to 1000000"),
    ({"top": -5}, "top"), ({"top": 3.0}, "top"), ({"top": []}, "top"),
])
def test_octagion_deck_bad_input(client, body, words):
    r = client.post("/api/octagion/deck", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert "\n" not in r.json()["error"]


def test_octagion_deck_top_at_the_clis_limit(client):
    r = client.post("/api/octagion/deck", json={"top": 1_000_000})
    assert r.status_code == 200 and r.json()["words"] == client.post("/api/octagion/deck", json={}).json()["words"]


@pytest.mark.integration
def test_octagion_explain_equals_cli(client, cli_runner):
    res = cli_runner(["octagion", "explain", "--top", "300", "--json"])
    assert res.exit_code == 0, res.output
    r = client.post("/api/octagion/explain", json={"top": 300})
    assert r.status_code == 200 and r.json() == json.loads(res.output)
    got = client.post("/api/octagion/explain", json={"words": "TOMORROW\nSEPTEMBER\nQUESTION"}).json()
    assert got["words"] == 2 and got["lines_skipped"] == 1
    assert [x["word"] for x in got["lost_words"]] == ["TOMORROW", "QUESTION"]


@pytest.mark.parametrize("body,words", [
    ({"deck": "letter,number\nA,9"}, "1-8"), ({"top": 0}, "top"), ({"top": 5001}, "top"),
    ({"top": "10"}, "top"), ({"changes": 0}, "changes"), ({"changes": True}, "changes"),
    ({"words": "SEPTEMBER"}, "no words"),
])
def test_octagion_explain_bad_input(client, body, words):
    r = client.post("/api/octagion/explain", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.text


@pytest.fixture
def designer():
    """An app of its own: its design runs do not meet another test's."""
    return TestClient(create_app(warm=False), raise_server_exceptions=False)


def _wait_design(c, job_id, ceiling=300):
    """The design run's view once it has ended (the server holds the answer until then: a wait on
    its state, not a sleep)."""
    import time

    t0 = time.monotonic()
    while True:
        v = c.get(f"/api/octagion/design/{job_id}?wait=30").json()
        if v["state"] != "running" or time.monotonic() - t0 > ceiling:
            return v


def test_octagion_design_run(designer):
    from octosolve.octagion import kernels
    from octosolve.octagion.rules import Deck

    words = "OCTAGONS\nTREASURE\nCHILDREN\nSEPTEMBER\nNOVEMBER\nMOUNTAIN\nELEPHANT\nZZZZZZZZ\n"
    r = designer.post("/api/octagion/design", json={"words": words, "time_limit": 5,
                                                    "local_search": 200, "seed": 1})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["state"] in ("running", "done") and v["words"] == 7
    assert [s["line"] for s in v["skipped"]] == [4]  # SEPTEMBER: not a word of 8 letters
    v = _wait_design(designer, v["id"])
    assert v["state"] == "done", v
    res = v["result"]
    assert res["words"] == 7 and res["deck"]["cards"] == 48
    assert res["objective"] <= res["bound"] and 0 <= res["gap"] <= 1
    c = designer.get(f"/api/octagion/design/{v['id']}/deck.csv")
    assert c.status_code == 200 and c.headers["content-type"].startswith("text/csv")
    deck = Deck.parse(c.text)
    assert sorted(str(x) for x in deck.cards) == sorted(res["cards"])
    # the numba kernel re-checks the count the run claims
    ws = ["OCTAGONS", "TREASURE", "CHILDREN", "NOVEMBER", "MOUNTAIN", "ELEPHANT", "ZZZZZZZZ"]
    sols, _ = kernels.solve_word_list(ws, deck.masks)
    assert int((sols > 0).sum()) == res["kernel_solvable"] >= 6  # eight Zs need eight numbers of Z
    assert v["phase"]  # the run reported its bars: simulated annealing, then CP-SAT


@pytest.mark.integration
def test_octagion_design_free_split(designer):
    """"split": "free" shares the 48 cards between the numbers as the search likes: the result
    keeps 48 cards, every number at least one, the sizes unequal on the 100 most familiar words
    (the shortest run that shows it: with "equal" the sizes are all 6)."""
    r = designer.post("/api/octagion/design", json={"top": 100, "time_limit": 0.5, "seed": 5,
                                                    "local_search": 2000, "split": "free"})
    assert r.status_code == 200, r.text
    v = _wait_design(designer, r.json()["id"])
    assert v["state"] == "done" and v["settings"]["split"] == "free", v
    res = v["result"]
    sizes = res["deck"]["per_number"]
    assert res["split"] == "free" and sum(sizes) == res["deck"]["cards"] == 48
    assert min(sizes) >= 1 and sizes != [6] * 8 and res["kernel_solvable"] <= res["bound"]


@pytest.mark.integration
def test_octagion_design_deterministic_gives_the_same_deck_twice(designer, monkeypatch):
    """"deterministic": true (the page's 'reproducible' box): two runs with the same seed give the
    same deck (CP-SAT's deterministic time, its workers interleaved), and the settings say so.
    The runs are the shortest the route takes (0.5 s of CP-SAT's deterministic time, the 20 most
    familiar words): that the search itself is reproducible is tests/octagion/test_solve.py's
    test_design_deck_deterministic_gives_the_same_deck_twice (2 s runs); here, that the web's flag
    reaches it (each run's design_deck is called with deterministic=True)."""
    from octosolve.octagion import design

    calls = []
    real = design.design_deck

    def spy(*a, **kw):
        calls.append(kw.get("deterministic"))
        return real(*a, **kw)

    monkeypatch.setattr(design, "design_deck", spy)
    body = {"top": 20, "time_limit": 0.5, "seed": 3, "local_search": 50, "deterministic": True}
    decks = []
    for _ in range(2):
        r = designer.post("/api/octagion/design", json=body)
        assert r.status_code == 200, r.text
        v = _wait_design(designer, r.json()["id"])
        assert v["state"] == "done" and v["settings"]["deterministic"] is True, v
        decks.append(sorted(v["result"]["cards"]))
    assert decks[0] == decks[1]
    assert calls == [True, True]


@pytest.mark.integration
def test_octagion_design_stop_and_queued_never_refused(designer):
    """A design while another runs waits in line (the app's pool: one worker here), its place
    shown, never refused (it was a 409); one stopped while it waits leaves the line without a
    deck; the first, stopped, gives its best deck so far, and the one waiting then runs."""
    from octosolve.octagion.rules import Deck

    r = designer.post("/api/octagion/design", json={"top": 400, "time_limit": 120,
                                                    "local_search": 200_000})
    assert r.status_code == 200, r.text
    job = r.json()["id"]
    queued = []
    for _ in range(2):
        again = designer.post("/api/octagion/design", json={"words": "OCTAGONS", "time_limit": 2,
                                                            "local_search": 0})
        assert again.status_code == 200, again.text
        queued.append(again.json())
    assert [q["queue"]["position"] for q in queued] == [1, 2], queued
    assert queued[1]["phase"] == "waiting for a free worker: 2nd in line"
    gone = designer.post(f"/api/octagion/design/{queued[1]['id']}/stop", json={}).json()
    assert gone["state"] == "stopped" and gone["result"] is None, gone
    stop = designer.post(f"/api/octagion/design/{job}/stop", json={})
    assert stop.status_code == 200
    v = _wait_design(designer, job, ceiling=120)
    # stopped: the best deck found so far, its covered count and the proved bound
    assert v["state"] == "stopped" and v["error"] is None, v
    res = v["result"]
    assert res["status"].endswith("+stopped") and res["words"] == 400
    assert 0 < res["kernel_solvable"] <= res["bound"] <= 400
    r = designer.get(f"/api/octagion/design/{job}/deck.csv")
    assert r.status_code == 200
    deck = Deck.parse(r.text)
    assert sorted(str(x) for x in deck.cards) == sorted(res["cards"])
    # stopped: the run that waited in line runs
    assert _wait_design(designer, queued[0]["id"])["state"] == "done"


@pytest.mark.parametrize("body,words", [
    ({"time_limit": 0}, "time_limit"), ({"time_limit": 601}, "time_limit"),
    ({"time_limit": "30"}, "time_limit"), ({"time_limit": float("inf")}, "JSON"),
    ({"workers": 3}, "workers"), ({"workers": 1.5}, "workers"), ({"per_number": 0}, "per_number"),
    ({"local_search": -1}, "local_search"), ({"top": 0}, "top"), ({"top": 5001}, "top"),
    ({"seed": -1}, "seed"), ({"seed": True}, "seed"), ({"favour": "harder"}, "favour"),
    ({"favour": 1}, "favour"), ({"words": "SEPTEMBER\nAB CD EF"}, "every line"), ({"words": 5}, "text"),
    ({"split": "uneven"}, "split"), ({"split": 2}, "split"),
    ({"deterministic": "yes"}, "deterministic"), ({"deterministic": 1}, "deterministic"),
    # the range in plain figures, not "2.14748e+09"
    ({"words": ""}, "word list is empty"), ({"words": " \n\n"}, "word list is empty"),
    ({"words": []}, "word list is empty"),
    ({"seed": 2**31}, "from 0 to 2147483647"), ({"local_search": 10**6}, "from 0 to 200000"),
    ({"time_limit": 0.1}, "from 0.5 to 600"),
    # an absurd float is named as sent, not as a 301-digit whole number
    ({"top": 1e300}, "got 1e+300"), ({"seed": 1e300}, "got 1e+300"), ({"per_number": 1e30}, "got 1e+30"),
])
def test_octagion_design_bad_input(designer, body, words):
    if body.get("time_limit") == float("inf"):
        r = designer.post("/api/octagion/design", content=b'{"time_limit": Infinity}',
                          headers={"content-type": "application/json"})
    else:
        r = designer.post("/api/octagion/design", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.text


def test_octagion_design_unknown_run_and_bad_wait(designer):
    for path in ("/api/octagion/design/d999999", "/api/octagion/design/nope/deck.csv"):
        r = designer.get(path)
        assert r.status_code == 404 and "no deck design" in r.json()["error"]
    r = designer.post("/api/octagion/design/nope/stop", json={})
    assert r.status_code == 404
    job = designer.post("/api/octagion/design", json={"words": "OCTAGONS", "time_limit": 1,
                                                      "local_search": 0}).json()["id"]
    for wait in ("abc", "-1", "61", "nan", "inf"):
        r = designer.get(f"/api/octagion/design/{job}?wait={wait}")
        assert r.status_code == 400 and "wait" in r.json()["error"], wait
    v = _wait_design(designer, job)
    assert v["state"] == "done", v


# ---------------------------------------------------------------------------------------------
# games: the generic layer, on a toy game with a hidden card


def _new(c, **body):
    r = c.post("/api/nim/new", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_play_a_whole_game(nim):
    v = _new(nim, params={"stones": 7}, opponent="perfect", seed=3)
    assert v["seats"] == ["human", "perfect"] and v["human_turn"]
    assert [m["action"] for m in v["legal"]] == [1, 2, 3]
    assert [m["text"] for m in v["legal"]] == ["take 1", "take 2", "take 3"]
    gid = v["id"]
    while not v["terminal"]:
        if v["human_turn"]:
            r = nim.post(f"/api/nim/{gid}/move", json={"action": v["legal"][0]["action"]})
        else:
            r = nim.post(f"/api/nim/{gid}/computer", json={})
        assert r.status_code == 200, r.text
        v = r.json()
    # 7 stones: taking 1 leaves 6, the perfect player takes 2 (leaves 4), ... and wins
    assert v["winners"] == [1] and v["returns"] == [-1.0, 1.0]
    rec = nim.get(f"/api/nim/{gid}/record")
    assert rec.status_code == 200
    doc = rec.json()
    from octosolve.core.record import RECORD_FORMAT, replay

    assert doc["format"] == RECORD_FORMAT and doc["players"] == ["human", "perfect"]
    final = replay(doc, NimEntry().make_game(**doc["params"]))  # every move checked by the rules
    assert final.is_terminal() and final.winners() == [1] == doc["outcome"]["winners"]
    assert sum(m["action"] for m in doc["moves"] if m["player"] >= 0) == 7


def test_hidden_information_stays_hidden(nim):
    v = _new(nim, params={"stones": 9}, opponent="random", seed=11)
    gid = v["id"]
    from .toygame import NimGame
    mine, theirs = NimGame(9).new_initial_state(11).cards
    assert v["observation"] == f"pile 9; your secret card {mine}"
    v = nim.post(f"/api/nim/{gid}/move", json={"action": 1}).json()
    v = nim.post(f"/api/nim/{gid}/computer", json={}).json()
    assert v["history"][0]["text"] == "take 1"
    assert v["history"][1]["text"] == "moved"  # the other seat's move, in a hidden-information game
    assert v["played"] is None
    assert str(theirs) not in v["observation"].replace(str(mine), "")
    assert v["picture"] is None  # the position's picture shows both cards
    r = nim.get(f"/api/nim/{gid}/record")  # the record shows both cards: not before the end
    assert r.status_code == 400 and "over" in r.json()["error"]
    while not v["terminal"]:
        path = "move" if v["human_turn"] else "computer"
        v = nim.post(f"/api/nim/{gid}/{path}", json={"action": 1} if v["human_turn"] else {}).json()
    assert f"cards {mine} {theirs}" in v["picture"]  # over: nothing hidden any more
    from octosolve.core.record import replay

    doc = nim.get(f"/api/nim/{gid}/record").json()
    assert replay(doc, NimEntry().make_game(**doc["params"])).to_json()["cards"] == [mine, theirs]


@pytest.mark.parametrize("path,body,status,words", [
    ("/api/nim/new", {"params": {"stones": 0}}, 400, "stones"),
    ("/api/nim/new", {"params": {"lexicon": "x"}}, 400, "not accepted"),
    ("/api/nim/new", {"params": {"deck": "mydeck"}}, 400, "not accepted"),
    ("/api/nim/new", {"params": {"name": "../../etc/passwd"}}, 400, "file"),
    ("/api/nim/new", {"params": {"variant": "deck.toml"}}, 400, "file"),
    ("/api/nim/new", {"params": {"stones": [1]}}, 400, "number"),
    ("/api/nim/new", {"params": {"bogus": 1}}, 400, "parameters"),
    ("/api/nim/new", {"opponent": "deep-blue"}, 400, "unknown player"),
    ("/api/nim/new", {"options": {"simulations": 10**9}}, 400, "simulations"),
    ("/api/nim/new", {"options": {"simulations": True}}, 400, "simulations"),
    ("/api/nim/new", {"options": {"cheat": 1}}, 400, "unknown player option"),
    ("/api/nim/new", {"seats": ["human"]}, 400, "seats"),
    ("/api/nim/new", {"human_seat": 2}, 400, "human_seat"),
    ("/api/nim/new", {"seed": -1}, 400, "seed"),
    # wrong types were taken for "nothing given"
    ("/api/nim/new", {"moves": {}}, 400, "moves"), ("/api/nim/new", {"moves": 0}, 400, "moves"),
    ("/api/nim/new", {"opponent": 0}, 400, "opponent"), ("/api/nim/new", {"opponent": []}, 400, "opponent"),
    ("/api/nim/new", {"opponent": {}, "level": "easy"}, 400, "opponent"),
    ("/api/chess/new", {}, 404, "unknown game"),
])
def test_new_game_bad_input(nim, path, body, status, words):
    r = nim.post(path, json=body)
    assert r.status_code == status and words in r.json()["error"], r.text


@pytest.mark.parametrize("seed", [2**63, 10**30, -1])
def test_new_game_seed_out_of_range_names_the_range(nim, seed):
    # 2**63 was refused as "must be a non-negative integer", which it is
    r = nim.post("/api/nim/new", json={"seed": seed})
    assert r.status_code == 400
    assert r.json()["error"] == f"seed must be a whole number from 0 to {2**63 - 1}, got {seed}"


def test_moves_bad_input(nim):
    v = _new(nim, params={"stones": 5}, opponent="random", seed=1)
    gid = v["id"]
    for body, words in [({}, "action"), ({"action": 4}, "not legal"), ({"action": "1"}, "integer"),
                        ({"action": True}, "integer")]:
        r = nim.post(f"/api/nim/{gid}/move", json=body)
        assert r.status_code == 400 and words in r.json()["error"]
    r = nim.post(f"/api/nim/{gid}/computer", json={})
    assert r.status_code == 400 and "human" in r.json()["error"]
    nim.post(f"/api/nim/{gid}/move", json={"action": 1})
    r = nim.post(f"/api/nim/{gid}/move", json={"action": 1})
    assert r.status_code == 400 and "computer" in r.json()["error"]
    assert nim.get("/api/nim/0123456789abcdef").status_code == 404
    assert nim.post("/api/nim/0123456789abcdef/move", json={"action": 1}).status_code == 404
    assert nim.get(f"/api/nim/{gid}").status_code == 200  # still serving


def test_games_in_memory_are_capped_lru(nim):
    ids = [_new(nim, seed=i)["id"] for i in range(3)]
    assert nim.get(f"/api/nim/{ids[0]}").status_code == 200  # ids[0] is now the most recent
    ids.append(_new(nim, seed=9)["id"])  # a fourth game: ids[1], the least recently used, goes
    assert nim.get(f"/api/nim/{ids[1]}").status_code == 404
    for i in (0, 2, 3):
        assert nim.get(f"/api/nim/{ids[i]}").status_code == 200


def test_warm_up_once_per_game():
    from octosolve.web.play import Sessions

    s = Sessions(games=[NimEntry()])
    s.catalogue("nim")
    s.catalogue("NIM")
    assert s._warmed == {"nim"}
    assert Sessions(games=[NimEntry()], warm=False).catalogue("nim") and True


def test_computer_against_computer_and_info(nim):
    info = nim.get("/api/nim/info").json()
    assert [p["name"] for p in info["players"]] == ["random", "perfect"]
    v = _new(nim, params={"stones": 6}, seats=["perfect", "random"], seed=2)
    assert not v["human_turn"] and v["seats"] == ["perfect", "random"]
    while not v["terminal"]:
        v = nim.post(f"/api/nim/{v['id']}/computer", json={}).json()
    assert v["winners"] == [0]  # 6 stones: the perfect player takes 2 first and wins


# ---------------------------------------------------------------------------------------------
# the five games' entries, when they are on the contract


def _playable(name):
    from octosolve.games import get_game

    e = get_game(name)
    try:
        specs = e.players()
        g = e.make_game()
        g.new_initial_state(0).to_json()
    except Exception as err:  # a game not migrated to the contract yet
        pytest.skip(f"{name} is not on the shared game contract yet: {type(err).__name__}: {err}")
    return e, specs


@pytest.mark.integration
@pytest.mark.parametrize("name", [g.name for g in GAMES if g.web_ready()])
def test_real_game_a_few_moves(client, name):
    e, specs = _playable(name)
    info = client.get(f"/api/{name}/info").json()
    for k, preset in enumerate(info["presets"]):
        default = next(s for s in specs if s.name == info["default_player"])
        options = {"simulations": 20} if "simulations" in default.options else {}
        body = {"params": preset["params"], "options": options, "seed": 5}
        if k and info["levels"]:
            # the default player (the strongest level: Octagone's alphabeta searched 300
            # simulations a move) plays the first preset; the others, about the API's moves,
            # records and rebuilds of each preset, not the player, play the easy level
            body = {"params": preset["params"], "level": "easy", "seed": 5}
        r = client.post(f"/api/{name}/new", json=body)
        assert r.status_code == 200, r.text
        v = r.json()
        for _ in range(4):
            if v["terminal"]:
                break
            if v["human_turn"]:
                from .legal import legal_moves

                legal = legal_moves(client, name, v)
                assert legal and all(isinstance(m["text"], str) for m in legal)
                r = client.post(f"/api/{name}/{v['id']}/move", json={"action": legal[0]["action"]})
            else:
                r = client.post(f"/api/{name}/{v['id']}/computer", json={})
            assert r.status_code == 200, r.text
            v = r.json()
        assert isinstance(v["observation"], str)
        if v["record_available"]:
            from octosolve.core.record import replay

            doc = client.get(f"/api/{name}/{v['id']}/record").json()
            final = replay(doc, e.make_game(**doc["params"]))  # the record replays, move by move
            assert len(final.history) == v["moves"]
            # the same game rebuilt from its seed and moves (what a shared address does)
            again = client.post(f"/api/{name}/new", json={"record": doc}).json()
            assert again["moves"] == v["moves"] and again["observation"] == v["observation"]


def test_web_default_strength():
    from octosolve.web.play import Sessions

    _playable("octiles")
    sessions = Sessions(warm=False)
    team_up = {"variant": "team-up", "players": 2}
    assert sessions.new("octiles", {"params": team_up, "seed": 1}).options == {"simulations": 50}
    s = sessions.new("octiles", {"params": team_up, "seed": 1, "options": {"simulations": 7}})
    assert s.options == {"simulations": 7} and s.players[1].simulations == 7
    assert sessions.new("octiles", {"params": {"variant": "move-over", "players": 2},
                                    "seed": 1}).options == {}


def test_concurrent_games_of_one_engine():
    """Two games of one engine played from two threads at once (as two browser tabs would): every
    computer move legal (without the engine lock, Octoverso's MCTS picked illegal moves)."""
    import threading

    from octosolve.web.play import Sessions

    _playable("octoverso")
    sessions = Sessions(warm=False)
    errors = []

    def play(seed):
        try:
            s = sessions.new("octoverso", {"seats": ["mcts", "mcts"], "seed": seed,
                                           "options": {"simulations": 40}})
            for _ in range(2):
                with s.lock:
                    if s.state.is_terminal():
                        break
                    s.computer_move()
        except Exception as e:  # noqa: BLE001 (collected and reported below)
            errors.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=play, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


# ---------------------------------------------------------------------------------------------
# serving


def test_bind_refuses_a_busy_port():
    import socket

    from octosolve.core.errors import OctoError
    from octosolve.web.app import _bind

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    try:
        with pytest.raises(OctoError, match="cannot serve"):
            _bind("127.0.0.1", s.getsockname()[1])
    finally:
        s.close()


def test_serve_rejects_bad_port(cli_runner):
    res = cli_runner(["serve", "--port", "70000"])
    assert res.exit_code == 2


def test_serve_on_a_busy_port_prints_only_the_error(capsys):
    """A port in use (or an unknown host): one line, exit 2; the 'web app: http://...' banner used
    to come first, announcing a server that never started."""
    import socket

    from octosolve.cli import main

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    try:
        with pytest.raises(SystemExit) as e:
            main(["serve", "--port", str(s.getsockname()[1])])
    finally:
        s.close()
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.strip().splitlines() == [err.strip()], err
    assert err.startswith("Error: cannot serve on 127.0.0.1:") and "web app" not in err, err


def test_every_post_route_refuses_deep_or_duplicate_json_with_400(client):
    """The CLI's JSON limits on every POST route: deep nesting, duplicate keys, NaN -> 400, never 500."""
    from starlette.routing import Route

    app = client.app
    posts = [r.path for r in app.routes if isinstance(r, Route) and "POST" in (r.methods or ())]
    assert len(posts) >= 10
    bodies = ["[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000,
              '{"a": 1, "a": 2}', '{"a": NaN}']
    for path in posts:
        url = (path.replace("{game}", "octagone").replace("{gid}", "nope").replace("{job}", "nope")
               .replace("{number:int}", "3").replace("{variant}", "x"))
        for body in bodies:
            r = client.post(url, content=body, headers={"content-type": "application/json"})
            assert r.status_code in (400, 404), (url, body[:20], r.status_code, r.text[:80])
            assert "error" in r.json()


def test_open_questions_in_plain_words(client):
    """#43.6: an open question says what is known (the best placement, the bound, what the bound
    rests on) and how to help, with no command and no solver status; a settled one has none."""
    rows = {(r["challenge"], r["variant"]): r for r in client.get("/api/octiles/challenges").json()}
    opened = {k: r["open_text"] for k, r in rows.items() if r["open_text"]}
    assert set(opened) == {k for k, r in rows.items() if r["settled"] not in ("optimal", "yes", "no")
                           and k != (1, "pairs")}
    for k, words in opened.items():
        assert "`" not in words and "UNKNOWN" not in words and "To help:" in words, (k, words)
    assert opened[(14, "cross")].startswith("Open. Known: a placement scoring 8")
    assert "no placement can score more than 9, proved by a witness checked without a solver" in \
        opened[(14, "cross")]
    assert "CP-SAT and HiGHS" in opened[(7, "with-9")]
    assert opened[(26, "with-29")].startswith("Open: no placement found that meets both conditions")


def test_a_wrong_api_address_opened_as_a_page_is_the_404_page(client):
    """#43.5: a browser opening a wrong /api/ or /preview/ address (it asks for text/html) gets the
    404 page with the site's menu, never raw JSON; a script's fetch or a program keeps the JSON."""
    page = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    for path in ("/api/nope", "/api/octiles/challenges/99/x", "/preview/chess.svg", "/api/OCTAGONE/zzz"):
        r = client.get(path, headers=page)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
        assert "Page not found" in r.text and 'href="/octagion"' in r.text, path
        r = client.get(path, headers={"accept": "*/*"})
        assert r.status_code == 404 and "error" in r.json(), path


def test_serve_warms_every_game_in_the_background():
    # `serve` warms every game at its start (one thread: each game's warm-up queued on the pool's
    # workers, then the home page's pictures), so the first page waits for neither (issue 43)
    import threading

    from octosolve.web.app import warm_in_background

    app = create_app(games=[NimEntry()])
    warm_in_background(app)
    for t in [t for t in threading.enumerate() if t.name == "warm-serve"]:
        t.join(timeout=60)
    sessions = app.state.sessions
    assert sessions._warmed == {"nim"}
    warm_in_background(create_app(games=[NimEntry()], warm=False))   # warm=False: nothing started
    assert not [t for t in threading.enumerate() if t.name == "warm-serve"]
