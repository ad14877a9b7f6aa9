"""#45: no 500 for any path, body or header, and 405 for a wrong method. A property test over the
app's routes (read from the app, so a new route is covered) with hostile strings in every path
parameter, the body and the headers: digits of every Unicode class (``³``, ``①``, ``٣``), lone
surrogates, control and format characters, and 10 MB lines. Plus the issue's named cases."""

from __future__ import annotations

import json
import logging
import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from octosolve import games as _registry
from octosolve.web.app import create_app

APP = create_app(warm=False)
CLIENT = TestClient(APP, raise_server_exceptions=False)
# starts a CP-SAT design in the background: its bad input has its own tests (tests/web/test_api.py)
SKIPPED = {("POST", "/api/octagion/design")}
ROUTES = [(r.path, sorted(r.methods or {"GET"})) for r in APP.routes if isinstance(r, Route)]
HUGE = "9" * (10 * 1024 * 1024)  # a 10 MB line
MARK = "<10 MB>"   # stands for HUGE in the examples (so that a failing one prints short)
LONG_URL = 15_000  # in an address (4 at most): the test client refuses URLs over 64 KB itself

digits = st.characters(categories=["Nd", "Nl", "No"])
hostile_char = st.one_of(digits, st.characters(categories=["Cs", "Cc", "Cf", "Zl", "Zp", "Co"]),
                         st.characters())
hostile = st.one_of(st.text(hostile_char, min_size=1, max_size=12),
                    st.sampled_from(["³", "①", "٣", "\ud800", "\x00", "\u202e", "..", "0", "-1",
                                     "9" * 40, "octagone", "OCTAGONE", "1e400", "NaN", MARK]))


def _segment(s: str) -> str:
    """A path segment carrying any string, lone surrogates included (as their UTF-8-ish bytes)."""
    return quote(s.encode("utf-8", "surrogatepass"), safe="")


def _fill(path: str, values) -> str:
    it = iter(values)
    return re.sub(r"\{[^}]+\}", lambda m: _segment(next(it)), path)


json_value = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                                    hostile), lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(hostile, inner, max_size=3)), max_leaves=6)
KEYS = ["record", "moves", "action", "params", "seats", "seed", "text", "words", "word", "deck",
        "placement", "options", "level", "opponent", "then", "top", "format", "lines"]


def _body(draw):
    kind = draw(st.sampled_from(["none", "object", "object", "raw", "raw", "huge"]))
    if kind == "none":
        return None
    if kind == "huge":
        return MARK.encode()
    if kind == "raw":
        return draw(hostile).encode("utf-8", "surrogatepass")
    obj = draw(st.dictionaries(st.sampled_from(KEYS) | hostile, json_value, min_size=1, max_size=3))
    return json.dumps(obj).encode()    # ensure_ascii: a lone surrogate as \\ud800


@st.composite
def requests(draw):
    path, methods = draw(st.sampled_from(ROUTES))
    n = path.count("{")
    url = _fill(path, [draw(hostile) for _ in range(n)])
    method = draw(st.sampled_from(methods + ["GET", "POST", "PUT", "DELETE"]))
    if (method, path) in SKIPPED:
        method = "PUT"   # still routed (405), never started
    headers = {"content-type": draw(st.sampled_from(["application/json", "text/plain", "",
                                                     "application/json; charset=latin-1",
                                                     "application/\x7fjson"])),
               "x-hostile": draw(hostile).encode("utf-8", "surrogatepass")[:200]
               .replace(b"\r", b" ").replace(b"\n", b" ")}
    if draw(st.booleans()):
        headers["content-length"] = draw(st.sampled_from(["-1", "³", "99999999999999999999", "x"])).encode()
    query = draw(st.sampled_from(["", "?format=csv", "?format=" + _segment("\ud800"),
                                  "?" + _segment(draw(hostile)) + "=1"]))
    return method, path, url + query, headers, _body(draw)


@pytest.mark.integration
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(req=requests())
def test_no_500_for_any_route_path_body_or_header(req):
    method, path, url, headers, body = req
    big = HUGE.encode()
    headers = {k: v.replace(MARK.encode(), big) if isinstance(v, bytes) else v for k, v in headers.items()}
    url = url.replace(quote(MARK, safe=""), "9" * LONG_URL)
    r = CLIENT.request(method, url, headers=headers,
                       content=None if body is None else body.replace(MARK.encode(), big))
    assert r.status_code < 500, (method, path, url[:200], r.status_code, r.text[:300])
    if r.status_code >= 400 and method != "HEAD" and r.headers.get("content-type", "").startswith("application/json"):
        err = r.json()["error"]
        assert "\n" not in err and "Traceback" not in err


@pytest.mark.parametrize("path,method", [(p, m) for p, ms in ROUTES for m in ("GET", "POST")
                                         if m not in ms and "{" not in p and (m, p) not in SKIPPED])
def test_a_wrong_method_is_405(path, method):
    """GET /api/octiles/trace answered 404 ("no octiles game 'trace'"): a route of another method."""
    r = CLIENT.request(method, path)
    assert r.status_code == 405, (path, method, r.status_code, r.text[:200])


@pytest.fixture(scope="module")
def gid():
    r = CLIENT.post("/api/octagone/new", json={"seed": 1})
    assert r.status_code == 200
    return r.json()["id"]


@pytest.mark.parametrize("ply", ["%C2%B3", "%C2%B2", "%E2%91%A0", "%D9%A3", "%ED%A0%80"])
def test_unicode_digits_in_the_move_number_are_400(gid, ply):
    """#45.2: isdigit() took ³, ² and ①, int() refused them: a 500."""
    r = CLIENT.get(f"/api/octagone/{gid}/at/{ply}")
    assert r.status_code == 400 and "move number" in r.json()["error"], r.text


def test_game_names_in_any_case(gid):
    """#43.5: /play/OCTAGONE hung on 'P1 is thinking...': the per-game calls were case-sensitive."""
    assert CLIENT.get(f"/api/OCTAGONE/{gid}").status_code == 200
    assert CLIENT.post(f"/api/Octagone/{gid}/computer").status_code in (200, 400)
    assert CLIENT.get("/play/OCTAGONE").status_code == 200


@pytest.mark.parametrize("path", ["/play/chess", "/nonexistent", "/octiles/x", "/static/none.css"])
def test_a_wrong_address_is_a_page_with_the_menu(path):
    """#43.5: /play/chess and /nonexistent showed raw JSON with no menu."""
    r = CLIENT.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), r.text[:200]
    assert '<header>' in r.text and 'href="/octagion"' in r.text and "Page not found" in r.text


def test_api_errors_stay_json():
    r = CLIENT.get("/api/nonexistent/route/x/y")
    assert r.status_code == 404 and "error" in r.json()


def test_a_lone_surrogate_is_a_400():
    """#45.2: a lone surrogate pasted in the Octagion designer gave a 500 (UnicodeEncodeError)."""
    for route in ("/api/octagion/check", "/api/octagion/check?format=csv", "/api/octiles/trace"):
        r = CLIENT.post(route, content=b'{"text": "ab\\ud800", "words": "\\udfff", "placement": {}}',
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and "surrogate" in r.json()["error"], (route, r.text)


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_json_route_requires_a_json_content_type(ctype):
    """#45.11: a JSON body was read whatever its Content-Type."""
    headers = {} if ctype is None else {"content-type": ctype}
    r = CLIENT.post("/api/octiles/trace", content=b'{"placement": {}}', headers=headers)
    assert r.status_code == 415 and "Content-Type" in r.json()["error"]
    ok = CLIENT.post("/api/octiles/trace", content=b'{"placement": {}}',
                     headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 200


def test_a_client_gone_mid_body_is_one_log_line(caplog):
    """#45.7: a client disconnecting mid-body wrote a 3 KB ClientDisconnect traceback into the log."""
    import asyncio

    msgs = [{"type": "http.request", "body": b'{"placement": ', "more_body": True},
            {"type": "http.disconnect"}]
    sent = []

    async def receive():
        return msgs.pop(0) if msgs else {"type": "http.disconnect"}

    async def send(m):
        sent.append(m)

    scope = {"type": "http", "method": "POST", "path": "/api/octiles/trace", "raw_path": b"/api/octiles/trace",
             "query_string": b"", "headers": [(b"content-type", b"application/json"),
                                               (b"content-length", b"100")],
             "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 80), "scheme": "http",
             "http_version": "1.1", "root_path": "", "app": APP}
    from octosolve.web.http import LOG

    # uvicorn's logging set-up (a server started earlier in this process) stops "uvicorn.*" records from
    # reaching the root logger, where caplog listens: listen on the app's logger itself.
    LOG.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.INFO, logger=LOG.name):
            asyncio.run(APP(scope, receive, send))   # raised ClientDisconnect before
    finally:
        LOG.removeHandler(caplog.handler)
    # (the same record twice when it also reached the root logger: counted once)
    recs = list({id(r): r for r in caplog.records if "disconnect" in r.getMessage().lower()}.values())
    assert len(recs) == 1 and recs[0].exc_info is None and "\n" not in recs[0].getMessage()
    assert not [r for r in caplog.records if r.exc_info]


# every game of the package with turns, from the registry (a game added there is tested here too)
GAMES = [g.name for g in _registry.GAMES if g.has_state and g.package.startswith("octosolve.")]


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    from click.testing import CliRunner

    from octosolve.cli import cli

    d = tmp_path_factory.mktemp("records")
    out = {}
    for g in GAMES:
        path = d / f"{g}.json"
        r = CliRunner().invoke(cli, [g, "play", "--players", "greedy,greedy", "--seed", "1", "--out", str(path)])
        assert r.exit_code == 0, r.output
        out[g] = json.loads(path.read_text())
    return out


def _cli_verdict(rec, tmp_path):
    from click.testing import CliRunner

    from octosolve.cli import cli

    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(cli, ["replay", str(path)])
    return r.exit_code, r.output.strip().splitlines()[-1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tamper", ["outcome", "move text", "none"])
def test_one_record_reader_for_the_cli_and_the_web(records, game, tamper, tmp_path):
    """#45.8: the web app took records `octosolve replay` refuses (a false outcome, garbage move
    text): one reader now, the same one-line refusal, 400 on the web."""
    rec = json.loads(json.dumps(records[game]))
    if tamper == "outcome":
        rec["outcome"] = {"terminal": True, "winners": [7]}
    elif tamper == "move text":
        rec["moves"][-1]["move"] = "garbage"
    code, line = _cli_verdict(rec, tmp_path)
    r = CLIENT.post(f"/api/{game}/new", json={"record": rec})
    if tamper == "none":
        assert code == 0 and r.status_code == 200, (line, r.text[:200])
    else:
        assert code == 2 and r.status_code == 400, (line, r.text[:200])
        assert line == "Error: " + r.json()["error"], (line, r.json())
