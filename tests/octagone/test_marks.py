"""Octagone's last-move mark (octagone/marks.py through the play API): the cell of the shield placed,
and the Dama Bianca's cell the turn she leaves it, recomputed here from the rules."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.games import get_game  # noqa: E402
from octosolve.octagone.render import cell_target  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402


def test_the_mark_is_the_cell_played_and_the_dama_s_cell_she_left():
    client = TestClient(create_app(warm=False), raise_server_exceptions=False)
    v = client.post("/api/octagone/new", json={"level": "easy", "seed": 5}).json()
    checked = 0
    for _ in range(12):
        if v["terminal"]:
            break
        if v["human_turn"]:
            r = client.post(f"/api/octagone/{v['id']}/move", json={"action": v["legal"][0]["action"]})
        else:
            r = client.post(f"/api/octagone/{v['id']}/computer", json={})
        assert r.status_code == 200, r.text
        v = r.json()
        if v["moves"] <= 1:
            continue
        before, st = (get_game("octagone").make_game().new_initial_state(5) for _ in "ab")
        for a in v["all_actions"][:-1]:
            before.apply_action(a)
        for a in v["all_actions"]:
            st.apply_action(a)
        dama = [cell_target(before.dama)] if before.dama >= 0 and st.dama != before.dama else []
        assert sorted(v["last_move"]["marks"]) == sorted([cell_target(st.last)] + dama)
        checked += 1
    assert checked >= 5
