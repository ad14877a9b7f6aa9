"""The legal moves of a view for the API tests: the view's ``legal`` and, in a game whose moves are
built from letters (Octoverso's words, which the view does not list: issue #43), those too, asked
as the page's study box asks (``POST /api/GAME/ID/words``), in the order of their actions."""

from __future__ import annotations


def legal_moves(client, name: str, v: dict) -> list[dict]:
    if not (v.get("composer") and v.get("human_turn")):
        return v["legal"]
    r = client.post(f"/api/{name}/{v['id']}/words", json={})
    assert r.status_code == 200, r.text
    return sorted(v["legal"] + r.json()["moves"], key=lambda m: m["action"])
