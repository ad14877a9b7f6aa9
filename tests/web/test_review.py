"""The post-game review (octosolve/web/review.py, docs/web.md "Review the game"): a seeded Octagone
game in which you (P0) turn a proven win into a draw at move 27 is named so, checked against the
solver move by move; the review's API (small budgets: the last moves only), its refusals; every
game with a review room rates a short resigned game's last move of yours."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from octosolve.core.record import move_text
from octosolve.games import GAMES, get_game
from octosolve.web.app import create_app
from octosolve.web.review import GRADES, rate_move

from .legal import legal_moves

# the game of scripts/web_screenshots.py's REVIEW_OCTAGONE: P0 greedy-ish, P1 alphabeta; at move 27
# (18 free cells) P0 plays coloured>NE, a draw, where yellow on row 2, col 3, arrow S wins
SEED = 12
MOVES = [235, 342, 339, 343, 343, 337, 339, 336, 339, 373, 338, 341, 343, 343, 340, 370, 336, 340,
         338, 340, 337, 338, 337, 368, 373, 338, 337, 339, 374, 336, 372]
MISTAKE = 27
SEATS = ["human", "alphabeta"]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm=False))


def _before(entry, ply):
    st = entry.make_game().new_initial_state(SEED)
    for a in MOVES[:ply - 1]:
        st.apply_action(a)
    return st


def test_octagone_review_names_the_proven_mistake():
    from octosolve.octagone.solve import solve

    entry = get_game("octagone")
    st = _before(entry, MISTAKE)
    played = MOVES[MISTAKE - 1]
    r = rate_move(entry, st, played)  # exact: no engine needed
    assert (r["kind"], r["grade"], r["before"], r["after"]) == ("exact", "mistake", "win", "draw")
    assert r["text"].startswith("This move turned a win into a draw (proven); the winning move")
    best = r["better"]
    assert best["move"] == move_text(st, best["action"]) and best["move"] in r["text"]
    assert best["targets"] and best["words"] in r["text"]
    # the solver again, on the positions after each move (the opponent to move there)
    for a, want in ((played, "draw"), (best["action"], "win")):
        child = st.clone()
        child.apply_action(a)
        v = solve(child, max_nodes=10_000_000, target="outcome")
        mine = v["value"] if child.to_move == st.to_move else -v["value"]
        assert v["proven"] and {1: "win", 0: "draw", -1: "loss"}[mine] == want
    # a move that keeps the win is rated so
    keep = rate_move(entry, st, best["action"])
    assert (keep["grade"], keep["text"]) == ("best", "Kept the win (proven).")


def test_review_api(client):
    v = client.post("/api/octagone/new", json={"seats": SEATS, "seed": SEED, "moves": MOVES[:-1]}).json()
    gid = v["id"]
    r = client.post(f"/api/octagone/{gid}/review", json={})
    assert r.status_code == 400 and "finished game" in r.json()["error"]
    assert client.get(f"/api/octagone/{gid}/review").status_code == 404
    v = client.post("/api/octagone/new", json={"seats": SEATS, "seed": SEED, "moves": MOVES}).json()
    assert v["terminal"]
    gid = v["id"]
    for bad in ({"budget": 0}, {"budget": "5"}, {"budget": True}, {"budget": 1e9}):
        r = client.post(f"/api/octagone/{gid}/review", json=bad)
        assert r.status_code == 400 and "budget" in r.json()["error"]
    for bad in ("x", "-1", "99", "nan", "\u0663"):
        r = client.post(f"/api/octagone/{gid}/review", params={"wait": bad}, json={})
        assert r.status_code == 400 and "wait" in r.json()["error"]
    r = client.post(f"/api/octagone/{gid}/review?wait=30", json={"budget": 0.1}).json()
    assert r["state"] == "done" and r["game"] == "octagone" and r["engine"] == "hard: alphabeta"
    humans = [i for i, m in enumerate(v["history"], 1) if m["player"] == 0]
    assert [it["ply"] for it in r["items"]] == humans and r["total"] == len(humans)
    last = r["items"][-1]  # rated first, whatever the budget: the last move kept the draw
    assert last["ply"] == len(MOVES) and last["move"] == v["history"][-1]["text"]
    assert (last["kind"], last["grade"], last["text"]) == ("exact", "best", "Kept the draw (proven).")
    assert r["rated"] >= 1 and sum(r["counts"].values()) == r["total"]
    for it in r["items"]:
        assert it["grade"] in GRADES
        if not it.get("rated"):
            assert it["grade"] == "unrated" and it["text"].startswith("Not rated: the review's 0.1 s ran out")
    again = client.post(f"/api/octagone/{gid}/review", json={"budget": 60})  # the same review
    assert again.status_code == 200 and again.json()["budget"] == 0.1
    assert client.get(f"/api/octagone/{gid}/review").json()["items"] == r["items"]


@pytest.mark.parametrize("entry", [g for g in GAMES if g.has_room("review")], ids=lambda g: g.name)
def test_every_game_reviews_a_short_game(client, entry):
    """A short game (the easy level; your first two moves the first legal ones), resigned: the
    review (0.1 s: only your last move) rates it against the hard level's player."""
    g = entry.name
    v = client.post(f"/api/{g}/new", json={"seed": 5, "level": "easy"}).json()
    gid, mine = v["id"], 0
    while mine < 2 and not v["terminal"]:
        if v["human_turn"]:
            v = client.post(f"/api/{g}/{gid}/move", json={"action": legal_moves(client, g, v)[0]["action"]}).json()
            mine += 1
        else:
            v = client.post(f"/api/{g}/{gid}/computer").json()
    if not v["terminal"]:
        v = client.post(f"/api/{g}/{gid}/resign").json()
    r = client.post(f"/api/{g}/{gid}/review?wait=30", json={"budget": 0.1})
    assert r.status_code == 200, r.text
    r = r.json()
    assert r["state"] == "done" and r["items"] and r["engine"].startswith("hard: ")
    last = r["items"][-1]
    assert last["rated"] and last["grade"] in GRADES and last["kind"] in ("forced", "exact", "estimate")
    if v["turns"]:   # one line a turn (Oct8): the review's too, its decisions under it
        assert r["unit"] == "turn" and last["decisions"] and last["ply"] <= last["last_ply"]
        assert last["move"] == next(t["text"] for t in v["turns"] if t["ply"] == last["last_ply"])
        assert [d["ply"] for d in last["decisions"]] == list(range(last["ply"], last["last_ply"] + 1))
    else:
        assert r["unit"] == "move" and "decisions" not in last
        assert last["move"] == next(h["text"] for h in v["history"] if h["ply"] == last["ply"])
    assert last["text"]
    if last["grade"] in ("inaccuracy", "mistake"):
        b = last["better"]
        assert b["move"] in last["text"] and last["values"]["engine"] > last["values"]["played"]


def test_a_position_the_engine_fails_on_is_said_on_its_line(client, monkeypatch):
    """One move's rating that raises (the last move's, rated first): that line says so, the next
    one is rated (not a failed review, not a 500)."""
    import octosolve.web.review as R

    real = R.rate_move

    def flaky(entry, state, action, *a, **k):
        if len(state.history) == len(MOVES) - 1:
            raise RuntimeError("a bug")
        return real(entry, state, action, *a, **k)
    monkeypatch.setattr(R, "rate_move", flaky)
    v = client.post("/api/octagone/new", json={"seats": SEATS, "seed": SEED, "moves": MOVES}).json()
    r = client.post(f"/api/octagone/{v['id']}/review?wait=30", json={"budget": 2}).json()
    assert r["state"] == "done"
    last, before = r["items"][-1], r["items"][-2]
    assert (last["grade"], last["text"]) == ("unrated", "Not rated: the engine failed on this position "
                                                        "(RuntimeError: a bug).")
    assert before["rated"] and before["text"] == "Kept the draw (proven)."


def test_the_budget_is_spread_over_every_move(client, monkeypatch):
    """The review's budget is shared by every move from the start (issue #43: Octiles' early moves
    were left "not rated" at 30 s): the engine's thinking time capped to a third of a move's share,
    and the playouts cut to fit it once their cost is known (the rating itself faked here: 10 ms)."""
    import time

    import octosolve.core.players as P
    import octosolve.web.review as R

    seen, made = [], []
    real_make = P.make_player

    def make(specs, name, game, **opts):
        made.append(opts.get("time_limit"))
        return real_make(specs, name, game, **opts)

    def rate(entry, state, action, engine, room, seed=0, samples=None):
        time.sleep(0.01)
        seen.append(samples)
        return {"grade": "good", "kind": "estimate", "text": "fake", "better": None, "samples": samples or 64}
    monkeypatch.setattr(P, "make_player", make)
    monkeypatch.setattr(R, "rate_move", rate)
    v = client.post("/api/octagone/new", json={"seats": SEATS, "seed": SEED, "moves": MOVES}).json()
    r = client.post(f"/api/octagone/{v['id']}/review?wait=30", json={"budget": 3}).json()
    assert r["state"] == "done" and r["rated"] == r["total"] == 16
    # the first rated (the last move): 9/10 of 3 s / 16 moves, the hard level's 0.8 s capped to a third
    made = made[-16:]   # the review's engines (the session built its own players before)
    assert made[0] == pytest.approx(0.9 * 3 / 16 / 3, rel=0.2) and max(made) <= 0.8   # never above the level's
    # then the playouts fitted to the share: 64 took ~10 ms, so the share holds the room's 32 (its
    # SAMPLES; fewer when the share is shorter, never under MIN_SAMPLES)
    assert seen[0] is None and all(R.MIN_SAMPLES <= n <= 64 for n in seen[1:])
