"""The web app for many players (issue 45): the searches run on a pool of worker processes, two
games think at once (neither waits for the other's lock), a search that waits for a free worker
is answered when one frees and tells its place in line (no 503), the workers end with the app,
and a game started on one server process goes on on another (its state is the client's).

One app with two worker processes serves the tests that need processes (started once: the
workers' start-up is the cost); the toy game's "slow" player sleeps instead of searching, so two
thinks at once cost no CPU."""

from __future__ import annotations

import os
import threading
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.web.app import create_app  # noqa: E402
from octosolve.web.pool import Pool  # noqa: E402

from .toygame import NimEntry, SlowNimEntry  # noqa: E402

THINK = 0.8   # seconds the slow player sleeps before each move


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie (ended, not yet reaped) is gone too
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.fixture(scope="module")
def pooled():
    """(a client, the app) of an app with two worker processes; the last test of the module
    shuts it down."""
    app = create_app(games=[SlowNimEntry()], warm=False, workers=2)
    c = TestClient(app, raise_server_exceptions=False)
    c.__enter__()   # the lifespan: its end closes the pool
    yield c, app
    if app.state.pool.pids():
        c.__exit__(None, None, None)


def _slow_game(c, seed):
    r = c.post("/api/slownim/new", json={"seats": ["slow", "human"], "seed": seed,
                                          "params": {"stones": 10}, "options": {"time_limit": THINK}})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def test_two_games_think_at_once_and_a_third_waits_in_line(pooled):
    """Three games of one kind ask for the computer's move at once on two workers: the first two
    think together (two jobs running at once: no lock per game kind), the third
    waits for a free worker and says so (1st in line), and is answered when one frees: every
    answer a 200 (no 503)."""
    c, app = pooled
    ids = [_slow_game(c, seed) for seed in (1, 2, 3)]
    # the workers' start-up is not part of the measure: one move first
    assert c.post(f"/api/slownim/{ids[0]}/computer", json={}).status_code == 200
    ids[0] = _slow_game(c, 4)
    answers, ends = {}, {}
    t0 = time.monotonic()

    def ask(i):
        r = c.post(f"/api/slownim/{ids[i]}/computer", json={})
        answers[i], ends[i] = r, time.monotonic() - t0

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    # both think at once: two jobs running together (one lock per game kind ran one at a time)
    _until(lambda: app.state.pool.position(ids[0])["busy"] == 2)
    third = threading.Thread(target=ask, args=(2,))
    third.start()
    seen = None
    while time.monotonic() - t0 < 10:
        q = c.get(f"/api/slownim/{ids[2]}/queue").json()
        if q["state"] == "waiting":
            seen = q
            break
        time.sleep(0.02)
    for t in threads + [third]:
        t.join(30)
    assert seen is not None and seen["position"] == 1 and seen["workers"] == 2, seen
    assert seen["text"] == "waiting for a free worker: 1st in line"
    assert [answers[i].status_code for i in range(3)] == [200, 200, 200], [a.text for a in answers.values()]
    assert all(answers[i].json()["moves"] == 1 for i in range(3))
    assert ends[2] > min(ends[0], ends[1]), ends   # the third waited for a worker to free
    assert c.get(f"/api/slownim/{ids[2]}/queue").json()["state"] == "idle"


def test_the_pool_moves_are_the_in_process_moves(pooled):
    """A computer player's move and its random stream come back from the worker: the same seed
    gives the same game on the pool as in the web process (``workers=0``)."""
    c, _ = pooled
    local = TestClient(create_app(games=[SlowNimEntry()], warm=False))
    games = []
    for client in (c, local):
        r = client.post("/api/slownim/new", json={"seats": ["random", "random"], "seed": 11,
                                                   "params": {"stones": 30}})
        v = r.json()
        while not v["terminal"]:
            v = client.post(f"/api/slownim/{v['id']}/computer", json={}).json()
        games.append(v["all_actions"])
    assert games[0] == games[1] and len(games[0]) > 8


_GATE = threading.Event()
order: list = []


def _wait_gate():   # jobs are module-level functions (a worker imports them by name)
    _GATE.wait(10)


def _note(key):
    order.append(key)


def _until(cond, limit=10.0):
    t0 = time.monotonic()
    while not cond():
        assert time.monotonic() - t0 < limit, "timed out"
        time.sleep(0.005)


def test_a_waiting_job_is_answered_or_cancelled_never_dropped():
    """The line itself (in this process): jobs are served first come first served; one taken
    out of the line (a design's Stop) raises Cancelled; a closed pool refuses with one line."""
    from octosolve.web.http import ApiError
    from octosolve.web.pool import Cancelled

    pool = Pool(0)
    order.clear()
    _GATE.clear()
    first = threading.Thread(target=pool.run, args=("a", _wait_gate))
    first.start()
    _until(lambda: pool.position("a")["state"] == "running")
    out = {}

    def later(key):
        try:
            out[key] = pool.run(key, _note, key)
        except Cancelled:
            out[key] = "cancelled"

    rest = [threading.Thread(target=later, args=(k,)) for k in ("b", "c")]
    for t, k in zip(rest, ("b", "c")):
        t.start()
        _until(lambda: pool.position(k)["state"] == "waiting")
    assert pool.position("c")["position"] == 2 and pool.position("c")["text"].endswith("2nd in line")
    assert pool.cancel("b") and pool.position("c")["position"] == 1
    _GATE.set()
    for t in [first] + rest:
        t.join(10)
    assert out == {"b": "cancelled", "c": None} and order == ["c"]
    pool.close()
    with pytest.raises(ApiError) as e:
        pool.run("d", _note, "d")
    assert e.value.status == 503 and "stopping" in e.value.message


def test_a_game_goes_on_on_a_second_server_process():
    """Two app instances (two server processes behind a proxy): a game started on the first goes
    on on the second from the client's copy (its seed and moves, as the page sends them with
    every POST), under the same id; back on the first, whose copy is now behind, it is rebuilt
    again from the client's copy, never played from the stale one."""
    one = TestClient(create_app(games=[NimEntry()], warm=False))
    two = TestClient(create_app(games=[NimEntry()], warm=False))
    v = one.post("/api/nim/new", json={"seats": ["human", "perfect"], "seed": 5,
                                        "params": {"stones": 21}}).json()

    def copy(v):   # what the page sends: its rebuildBody
        return {"params": v["params"], "seats": v["seats"], "options": v["options"],
                "seed": v["seed"], "moves": v["all_actions"]}

    v = one.post(f"/api/nim/{v['id']}/move", json={"action": 1, "game": copy(v)}).json()
    v = one.post(f"/api/nim/{v['id']}/computer", json={"game": copy(v)}).json()
    gid, before = v["id"], v["all_actions"]
    # the second process has never seen the game
    assert two.get(f"/api/nim/{gid}").status_code == 404
    r = two.post(f"/api/nim/{gid}/move", json={"action": 2, "game": copy(v)})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["id"] == gid and v["all_actions"][:len(before)] == before and v["moves"] == len(before) + 1
    v = two.post(f"/api/nim/{gid}/computer", json={"game": copy(v)}).json()
    assert v["human_turn"] and v["moves"] == len(before) + 2
    # back on the first process: its copy is two moves behind; the client's is the game
    r = one.post(f"/api/nim/{gid}/move", json={"action": 1, "game": copy(v)})
    assert r.status_code == 200, r.text
    assert r.json()["all_actions"] == v["all_actions"] + [1]
    # a client's copy that is not a game: one line, 400
    r = two.post("/api/nim/0123456789abcdef/move", json={"action": 1, "game": 7})
    assert r.status_code == 400 and "seed and moves" in r.json()["error"]
    r = two.post("/api/nim/0123456789abcdef/move", json={"action": 1, "game": {"seed": 1, "moves": [9]}})
    assert r.status_code == 400


def test_workers_end_with_the_app(pooled):
    """The app's shutdown (the lifespan's end: Ctrl-C or SIGTERM of `serve`) ends its workers
    (this module's last test: it shuts the module's app down)."""
    c, app = pooled
    pids = app.state.pool.pids()
    assert len(pids) == 2 and all(_alive(p) for p in pids)
    c.__exit__(None, None, None)
    assert not any(_alive(p) for p in pids) and app.state.pool.pids() == []
    r = c.post("/api/slownim/new", json={"seats": ["slow", "human"], "seed": 1})
    assert r.status_code == 200   # the app still answers what needs no worker


@pytest.mark.integration
def test_serve_stopped_by_sigterm_leaves_no_process():
    """`octosolve serve --workers 2`, one computer move (the workers start), then SIGTERM: the
    server says "stopped." and no process it started is left. Integration: a real server and two
    worker processes, each importing the library (about 5 s on the idle machine)."""
    import http.client
    import json
    import signal
    import socket
    import subprocess
    import sys
    from pathlib import Path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-m", "octosolve", "serve", "--port", str(port),
                             "--workers", "2"], cwd=root, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)

    def call(method, path, body=None):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        c.request(method, path, body=None if body is None else json.dumps(body),
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        return r.status, json.loads(r.read())

    try:
        _until(lambda: _answers(call), limit=60)
        status, v = call("POST", "/api/octagone/new", {"seats": ["random", "random"], "seed": 1})
        assert status == 200, v
        status, v = call("POST", f"/api/octagone/{v['id']}/computer", {})
        assert status == 200 and v["moves"] >= 1, v
        kids = _descendants(proc.pid)
        assert len(kids) >= 2, kids   # the two workers (and multiprocessing's resource tracker)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert err.strip().splitlines()[-1] == "stopped.", err
    _until(lambda: not any(_alive(k) for k in kids), limit=10)


def _answers(call) -> bool:
    try:
        return call("GET", "/api/games")[0] == 200
    except OSError:
        return False


def _descendants(pid: int) -> list[int]:
    """The processes descended from ``pid`` (read from /proc)."""
    from pathlib import Path

    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


@pytest.mark.integration
def test_the_play_page_shows_its_place_in_line(browser):
    """The play page while its computer move waits for a free worker: "(waiting for a free worker:
    1st in line)" under the status line, gone once the move is played; no console error.
    Integration: a browser and two slow thinks (about 3 s)."""
    import json
    import urllib.request

    from octosolve.web.app import serve_in_thread

    def post(url, body):
        req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(req, timeout=60).read())

    app = create_app(games=[SlowNimEntry()], warm=False)   # one job at a time, in the process
    with serve_in_thread(app) as url:
        g = post(url + "/api/slownim/new", {"seats": ["slow", "human"], "seed": 1,
                                            "options": {"time_limit": 2}})
        busy = threading.Thread(target=post, args=(url + f"/api/slownim/{g['id']}/computer", {}))
        busy.start()
        _until(lambda: app.state.pool.position(g["id"])["state"] == "running")
        browser.get(url + "/play/slownim#params=stones:10&seats=slow,human&options=time_limit:0.2"
                          "&seed=3&moves=")
        box = lambda: browser.find_element("id", "queue")   # noqa: E731 (found afresh each time)
        _until(lambda: box().is_displayed(), limit=30)
        assert box().text == "(waiting for a free worker: 1st in line)"
        assert browser.find_element("id", "status").text == "P0 (slow) is thinking..."
        busy.join(30)
        _until(lambda: "Your move" in browser.find_element("id", "status").text, limit=30)
        assert not box().is_displayed()
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_seed_over_2_53_held_by_a_page_is_the_same_game():
    """A page holds a seed over 2^53 rounded (JavaScript's numbers): its copy sent with a move is
    still the game the server holds (not rebuilt from the rounded seed, another deal)."""
    c = TestClient(create_app(games=[NimEntry()], warm=False))
    seed = 2**63 - 1
    v = c.post("/api/nim/new", json={"seats": ["human", "perfect"], "seed": seed}).json()
    rounded = int(float(seed))
    assert rounded != seed
    r = c.post(f"/api/nim/{v['id']}/move", json={"action": 1, "game": {
        "params": v["params"], "seats": v["seats"], "options": v["options"], "seed": rounded,
        "moves": v["all_actions"]}})
    assert r.status_code == 200, r.text
    assert r.json()["seed"] == seed and r.json()["observation"].endswith(v["observation"].split("card ")[-1])
