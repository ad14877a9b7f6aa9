"""The play page's move list in the game's notation for both sides (issue #43, item 3): Octagone
named no cell ('coloured>NE'), Octoverso told the computer's moves in words and yours in notation,
Oct8 wrote a line per decision and another notation after the game. Checked on the API's view of a
game rebuilt from seeded random moves (the list the page draws: ``turns`` where the game joins a
turn's moves, else ``history``)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.core.game import CHANCE, sample_chance  # noqa: E402
from octosolve.games import GAMES  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402
from octosolve.web.play import presets  # noqa: E402

WEB_GAMES = [g for g in GAMES if g.web_ready() and g.levels]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm=False), raise_server_exceptions=False)


def _random_moves(entry, params: dict, seed: int, plies: int):
    """``plies`` random moves (chance too) from the deal of ``seed``, and every state before one."""
    s = entry.make_game(**params).new_initial_state(seed)
    rng, actions, before = random.Random(seed), [], []
    while len(actions) < plies and not s.is_terminal():
        p = s.current_player()
        a = sample_chance(s, rng) if p == CHANCE else rng.choice(s.legal_actions())
        before.append(s.clone())
        actions.append(a)
        s.apply_action(a)
    return actions, before


@pytest.mark.parametrize("entry", WEB_GAMES, ids=[g.name for g in WEB_GAMES])
def test_the_move_list_says_both_sides_moves_in_the_notation(client, entry):
    params = presets(entry)[0][1]
    actions, before = _random_moves(entry, params, 11, 40)
    r = client.post(f"/api/{entry.name}/new", json={"params": params, "level": "easy", "seed": 11,
                                                      "moves": actions})
    assert r.status_code == 200, r.text
    v = r.json()
    n = len(actions)  # 40, or a whole game
    assert n >= 6 and v["moves"] >= n
    notation = [st.action_to_string(a) for st, a in zip(before, actions)]
    hist = v["history"][:n]
    assert [h["ply"] for h in hist] == list(range(1, n + 1))
    mine = [h for h in hist if h["player"] == v["viewer"]]
    theirs = [h for h in hist if h["player"] not in (v["viewer"], CHANCE)]
    assert mine and theirs
    assert all(h["text"] == notation[h["ply"] - 1] for h in mine)
    # the other seats' moves: the same notation (but what a seat may not see yet: Octoverso's
    # opening words until every player has announced)
    same = sum(h["text"] == notation[h["ply"] - 1] for h in theirs)
    assert same >= len(theirs) - 2, [(h["text"], notation[h["ply"] - 1]) for h in theirs][:4]
    if v["turns"] is not None:  # one line a turn, its moves' notation joined by the game
        join = entry.module("moves").turn_notation
        runs = []
        for i, st in enumerate(before):
            p = st.current_player()
            if runs and runs[-1][0] == p != CHANCE:
                runs[-1][1].append(i)
            else:
                runs.append((p, [i]))
        got = v["turns"][:len(runs) - 1]  # the last run may go on past the moves sent
        assert [t["player"] for t in got] == [p for p, _ in runs[:-1]]
        for t, (p, idx) in zip(got, runs):
            assert (t["first_ply"], t["ply"]) == (idx[0] + 1, idx[-1] + 1)
            assert t["text"] == join([(actions[i], notation[i]) for i in idx])
        assert len(v["turns"]) < len(v["history"])
