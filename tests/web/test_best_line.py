"""The proven best line of the Octagone play page (POST /api/GAME/ID/line, octagone/hint.py:
hint_line) and the preview of moves ahead of the live game (POST /api/GAME/ID/ahead): legal moves,
replayed by the rules engine to the margin it states, the game left unchanged, bad requests 400."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.core.record import move_text  # noqa: E402
from octosolve.games import get_game  # noqa: E402
from octosolve.octagone.solve import _final_margin, solve  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm=False), raise_server_exceptions=False)


def _state(view):
    st = get_game("octagone").make_game(**view["params"]).new_initial_state(view["seed"])
    for a in view["actions"]:
        st.apply_action(a)
    return st


def _late_game(client, free_max=18):
    """A 2-player game against the easy level, on the human's turn with at most ``free_max`` free
    cells (the first deal that gets there)."""
    for seed in range(1, 30):
        v = client.post("/api/octagone/new", json={"level": "easy", "seed": seed}).json()
        while not v["terminal"] and (not v["human_turn"] or
                                     sum(1 for b in _state(v).board if b < 0) > free_max):
            a = f"/api/octagone/{v['id']}/" + ("move" if v["human_turn"] else "computer")
            v = client.post(a, json={"action": v["legal"][0]["action"]} if v["human_turn"] else {}).json()
        if not v["terminal"]:
            return v
    pytest.fail("no game of 29 deals reached the human's turn late enough")


@pytest.fixture(scope="module")
def late(client):
    return _late_game(client)


@pytest.mark.integration
def test_the_hint_offers_the_line_and_the_line_replays_to_its_margin(client, late):
    v = late
    h = client.post(f"/api/octagone/{v['id']}/hint", json={}).json()
    assert h["exact"]["proven"] and h["exact"]["line_available"] is True
    r = client.post(f"/api/octagone/{v['id']}/line", json={})
    assert r.status_code == 200, r.text
    ln = r.json()
    assert ln["proven"] and ln["player"] == v["current_player"] and ln["moves"]
    st = _state(v)
    me = st.to_move
    assert ln["moves"][0]["action"] in h["exact"]["best"]  # the line keeps the hint's outcome
    for m in ln["moves"]:  # every move legal, by the player to move, its text the page's notation
        assert m["player"] == st.to_move and m["action"] in st.legal_actions()
        assert m["text"] == move_text(st, m["action"]) and m["words"]
        st.apply_action(m["action"])
    assert st.over and st.end_reason == ln["end_reason"]
    assert _final_margin(st, me) == ln["end_margin"] == ln["value"]
    assert sorted(st.winners()) == ln["winners"]
    assert {1: "win", 0: "draw", -1: "loss"}[(ln["value"] > 0) - (ln["value"] < 0)] == h["exact"]["value"]
    # the margin is the solver's own, proven afresh
    assert solve(_state(v), max_nodes=None)["value"] == ln["value"]
    # the game itself is not changed
    w = client.get(f"/api/octagone/{v['id']}").json()
    assert w["actions"] == v["actions"] and w["history"] == v["history"] and w["human_turn"]


def test_a_preview_shows_the_board_ahead_without_changing_the_game(client, late):
    v = late
    ln = client.post(f"/api/octagone/{v['id']}/line", json={}).json()
    acts = [m["action"] for m in ln["moves"]]
    k = min(2, len(acts) - 1)
    r = client.post(f"/api/octagone/{v['id']}/ahead", json={"moves": acts[:k], "then": acts[k]})
    assert r.status_code == 200, r.text
    p = r.json()
    st = _state(v)
    for a in acts[:k]:
        st.apply_action(a)
    assert p["preview"] and p["ahead"] == k and p["legal"] == [] and not p["human_turn"]
    assert p["board"] == st.view_svg(v["viewer"]) and p["observation"] == st.observation_string(v["viewer"])
    assert p["next_targets"] == st.action_targets(acts[k])
    assert p["all_actions"] == v["actions"]  # the page's address stays the live game's
    end = client.post(f"/api/octagone/{v['id']}/ahead", json={"moves": acts}).json()
    assert end["terminal"] and end["next_targets"] == []
    w = client.get(f"/api/octagone/{v['id']}").json()
    assert w["actions"] == v["actions"] and w["human_turn"] and w["legal"] == v["legal"]


def test_bad_line_and_preview_requests_are_400_in_one_line(client, late):
    gid = late["id"]
    acts = late["legal"]
    bad = [
        ("ahead", {}, '"moves"'),
        ("ahead", {"moves": "1,2"}, "list"),
        ("ahead", {"moves": [True]}, "not an action number"),
        ("ahead", {"moves": [999999]}, "not legal"),
        ("ahead", {"moves": [], "then": 999999}, '"then"'),
        ("ahead", {"moves": [], "then": "x"}, '"then"'),
    ]
    for route, body, says in bad:
        r = client.post(f"/api/octagone/{gid}/{route}", json=body)
        assert r.status_code == 400, (route, body, r.text)
        msg = r.json()["error"]
        assert says in msg and "\n" not in msg, msg
    assert client.post(f"/api/octagone/{gid}/ahead", content=b"{not json",
                       headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/octagone/0123456789abcdef/line", json={}).status_code == 404
    assert acts  # the game was left on the human's turn
    first = client.post("/api/octagone/new", json={"level": "easy", "seed": 3}).json()
    assert not first["human_turn"]  # P1 places the Dama first
    r = client.post(f"/api/octagone/{first['id']}/line", json={})
    assert r.status_code == 400 and r.json()["error"] == "the best line is for your own turn"
    # a game without an exact solver, a finished game, a hidden-information game
    o = client.post("/api/octiles/new", json={"level": "easy", "seed": 1}).json()
    r = client.post(f"/api/octiles/{o['id']}/line", json={})
    assert r.status_code == 400 and "no exact solver" in r.json()["error"]
    e = client.post("/api/oct8/new", json={"level": "easy", "seed": 1}).json()
    r = client.post(f"/api/oct8/{e['id']}/ahead", json={"moves": []})
    assert r.status_code == 400 and "hidden information" in r.json()["error"]


def _my_turn(client, body):
    v = client.post("/api/octagone/new", json=body).json()
    while not v["human_turn"]:
        v = client.post(f"/api/octagone/{v['id']}/computer", json={}).json()
    return v


def test_a_position_too_large_says_why_in_words(client):
    v = _my_turn(client, {"level": "easy", "seed": 3})
    ln = client.post(f"/api/octagone/{v['id']}/line", json={}).json()
    assert ln["proven"] is False and "too many to work out at once" in ln["why"] and ln["moves"] == []
    four = _my_turn(client, {"params": {"players": 4}, "level": "easy", "seed": 3})
    ln = client.post(f"/api/octagone/{four['id']}/line", json={}).json()
    assert ln["proven"] is False and ln["why"] and "\n" not in ln["why"]
