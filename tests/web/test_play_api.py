"""The play API's game-as-record features (issue 18): a game rebuilt from its seed and moves (a
shared address, even after a restart), the record download replayed by core.record, undo, hints,
levels and presets."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from octosolve.core.record import RECORD_FORMAT, replay  # noqa: E402
from octosolve.games import GAMES, get_game  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402
from octosolve.web.play import levels, presets  # noqa: E402

from .legal import legal_moves  # noqa: E402

# the games whose manifests name opponent levels (every playable game of the registry)
LEVELLED = [g.name for g in GAMES if g.web_ready() and g.levels]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm=False), raise_server_exceptions=False)


def _play(client, name, v, plies, human_pick=0):
    for _ in range(plies):
        if v["terminal"]:
            break
        if v["human_turn"]:
            r = client.post(f"/api/{name}/{v['id']}/move",
                            json={"action": legal_moves(client, name, v)[human_pick]["action"]})
        else:
            r = client.post(f"/api/{name}/{v['id']}/computer", json={})
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def _finish(client, name, v, pick=0):
    """The view of game ``v`` played to its end: its moves made on the app's own game store in
    this process (the moves the API's move and computer routes make, without a view asked at each:
    the views were most of a whole game's cost), then the game's view asked through the API."""
    s = client.app.state.sessions.get(name, v["id"], None)
    while not s.over:
        if s.state.current_player() in s.humans:
            s.human_move(s.state.legal_actions()[pick])
        else:
            s.computer_move()
    r = client.get(f"/api/{name}/{v['id']}")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_game_is_rebuilt_from_seed_and_moves_on_a_fresh_server():
    a = TestClient(create_app(warm=False), raise_server_exceptions=False)
    v = a.post("/api/octagone/new", json={"level": "easy", "seed": 9}).json()
    v = _play(a, "octagone", v, 8)
    assert v["actions"] and len(v["actions"]) == v["moves"]
    b = TestClient(create_app(warm=False), raise_server_exceptions=False)  # "after a restart"
    w = b.post("/api/octagone/new", json={"level": "easy", "seed": 9, "moves": v["actions"]}).json()
    assert w["observation"] == v["observation"] and w["history"] == v["history"]
    assert w["picture"] == v["picture"]


def test_record_download_is_the_cli_format_and_replays(client):
    v = client.post("/api/octiles/new", json={"params": {"variant": "move-over", "players": 2},
                                                "level": "easy", "seed": 4}).json()
    v = _play(client, "octiles", v, 10)
    doc = client.get(f"/api/octiles/{v['id']}/record").json()
    assert doc["format"] == RECORD_FORMAT and doc["game"] == "octiles" and doc["seed"] == 4
    final = replay(doc, get_game("octiles").make_game(**doc["params"]))
    assert len(final.history) == v["moves"]
    # each move's text is read on the state before it: the history says what the record says
    texts = [m["move"] for m in doc["moves"]]
    assert [h["text"] for h in v["history"]] == texts[-len(v["history"]):]


def test_bad_moves_in_a_shared_address_are_refused(client):
    r = client.post("/api/octagone/new", json={"seed": 9, "moves": [10**6]})
    assert r.status_code == 400 and "not legal" in r.json()["error"]
    r = client.post("/api/octagone/new", json={"seed": 9, "moves": "1,2"})
    assert r.status_code == 400
    rec = {"format": RECORD_FORMAT, "game": "oct8", "params": {}, "players": [], "moves": []}
    r = client.post("/api/octagone/new", json={"record": rec})
    assert r.status_code == 400 and "oct8" in r.json()["error"]


def test_undo_takes_back_the_last_human_move(client):
    v = client.post("/api/octagone/new", json={"level": "easy", "seed": 3, "human_seat": 0}).json()
    assert not v["can_undo"]
    r = client.post(f"/api/octagone/{v['id']}/undo", json={})
    assert r.status_code == 400 and "no move of yours" in r.json()["error"]
    v = _play(client, "octagone", v, 6)
    before = v
    while not v["human_turn"] and not v["terminal"]:
        v = _play(client, "octagone", v, 1)
    start = v
    v = _play(client, "octagone", v, 1)       # the human's move
    v = _play(client, "octagone", v, 1) if not v["human_turn"] else v
    u = client.post(f"/api/octagone/{v['id']}/undo", json={}).json()
    assert u["moves"] == start["moves"] and u["observation"] == start["observation"]
    assert u["human_turn"] and before["moves"] <= u["moves"]


@pytest.mark.parametrize("name", sorted(LEVELLED))
def test_hint_is_a_legal_move(client, name):
    params = presets(get_game(name))[0][1]
    v = client.post(f"/api/{name}/new", json={"params": params, "level": "easy", "seed": 2,
                                             "options": {"simulations": 20}}).json()
    while not v["human_turn"] and not v["terminal"]:
        v = _play(client, name, v, 1)
    h = client.post(f"/api/{name}/{v['id']}/hint", json={}).json()
    legal = legal_moves(client, name, v)
    assert h["action"] in [m["action"] for m in legal], h
    assert h["move"] == next(m["text"] for m in legal if m["action"] == h["action"])
    assert h.get("compose") == next(m.get("compose") for m in legal if m["action"] == h["action"])
    assert h["confidence"] is None or 0.0 <= h["confidence"] <= 1.0


def test_octagone_hint_is_exact_late_in_the_game(client):
    game = get_game("octagone").make_game()

    def free(view, seed):
        st = game.new_initial_state(seed)
        for a in view["actions"]:
            st.apply_action(a)
        return sum(1 for b in st.board if b < 0)

    for seed in range(1, 30):  # the first deal whose game reaches 16 free cells on the human's turn
        v = client.post("/api/octagone/new", json={"level": "easy", "seed": seed}).json()
        while not v["terminal"] and (free(v, seed) > 16 or not v["human_turn"]):
            v = _play(client, "octagone", v, 1)
        if not v["terminal"]:
            break
    assert not v["terminal"], "no game of 29 deals reached 16 free cells"
    h = client.post(f"/api/octagone/{v['id']}/hint", json={}).json()
    ex = h["exact"]
    assert ex is not None and "proven" in ex
    assert ex["proven"], ex  # 16 free cells: well within the hint's budget
    assert ex["value"] in ("win", "draw", "loss") and ex["best"]
    assert set(ex["best"]) <= {m["action"] for m in v["legal"]}
    # the exact value agrees with the solver run on its own
    from octosolve.octagone.solve import solve

    st = game.new_initial_state(seed)
    for a in v["actions"]:
        st.apply_action(a)
    r = solve(st, max_nodes=None, target="outcome")
    assert {1: "win", 0: "draw", -1: "loss"}[r["value"]] == ex["value"]


def test_levels_and_presets_are_offered(client):
    assert set(LEVELLED) == {g.name for g in GAMES if g.web_ready()}  # every playable game has levels
    for name in LEVELLED:
        info = client.get(f"/api/{name}/info").json()
        assert [lv["name"] for lv in info["levels"]] == ["easy", "medium", "hard"]
        assert info["default_level"] == "hard"
        hard = next(lv for lv in info["levels"] if lv["name"] == "hard")
        assert info["default_player"] == hard["player"]
        assert len(info["presets"]) == len(presets(get_game(name))) >= 2  # settings beyond the default game
        assert [lv["name"] for lv in info["levels"]] == [n for n, _, _ in levels(get_game(name))]
    r = client.post("/api/octagone/new", json={"level": "impossible"})
    assert r.status_code == 400 and "level" in r.json()["error"]


def test_each_preset_says_the_parameters_its_games_report(client):
    # a game reports its parameters as game.params() does (Octiles leaves its defaults out: Move
    # Over for 2 players is {}), so the page tells a game's preset by the preset's game_params
    for name in LEVELLED:
        info = client.get(f"/api/{name}/info").json()
        for preset in info["presets"]:
            v = client.post(f"/api/{name}/new", json={"params": preset["params"], "seed": 1}).json()
            assert v["params"] == preset["game_params"], (name, preset)
            assert len(v["seats"]) == preset["num_players"]
        reported = [json.dumps(p["game_params"], sort_keys=True) for p in info["presets"]]
        assert len(set(reported)) == len(reported), name  # no two presets are the same game


# ---------------------------------------------------------------------------------------------
# the board (State.view_svg, State.action_targets) and the replay route, on the toy game


@pytest.fixture(scope="module")
def nim():
    from .toygame import NimEntry

    return TestClient(create_app(games=[NimEntry()], warm=False), raise_server_exceptions=False)


def test_board_and_targets_are_the_viewers(nim):
    from .toygame import NimGame

    v = nim.post("/api/nim/new", json={"params": {"stones": 9}, "opponent": "random", "seed": 11}).json()
    mine, theirs = NimGame(9).new_initial_state(11).cards
    assert v["board"].startswith("<svg") and f"card {mine}" in v["board"]
    assert f"card {theirs}" not in v["board"]  # the other seat's card is never drawn
    assert v["board_error"] is None
    assert [m["targets"] for m in v["legal"]] == [["pile", "take:1"], ["pile", "take:more"],
                                                  ["pile", "take:more"]]
    for t in ("pile", "take:1", "take:more"):  # every target is drawn
        assert f'data-target="{t}"' in v["board"]
    v = nim.post(f"/api/nim/{v['id']}/move", json={"action": 2}).json()
    v = nim.post(f"/api/nim/{v['id']}/computer", json={}).json()
    assert v["actions"] is None and len(v["all_actions"]) == 2 and v["all_actions"][0] == 2



def test_a_game_without_marks_names_the_last_turn_only(nim):
    v = nim.post("/api/nim/new", json={"params": {"stones": 9}, "opponent": "random", "seed": 11}).json()
    v = nim.post(f"/api/nim/{v['id']}/move", json={"action": 2}).json()
    assert v["last_move"] == {"player": 0, "marks": []}
    v = nim.post(f"/api/nim/{v['id']}/resign", json={}).json()
    assert v["terminal"] and v["winners"] == [1] and v["score_table"] is None
    # nothing to resign once the game is over by its rules
    v = nim.post("/api/nim/new", json={"params": {"stones": 1}, "opponent": "random", "seed": 1}).json()
    v = nim.post(f"/api/nim/{v['id']}/move", json={"action": 1}).json()
    r = nim.post(f"/api/nim/{v['id']}/resign", json={})
    assert v["terminal"] and r.status_code == 400 and "game is over" in r.json()["error"], r.text


def test_a_game_without_or_with_a_broken_board_plays_with_the_list(nim, monkeypatch):
    from .toygame import NimState

    def broken(self, viewer):
        raise ValueError("no ink")

    monkeypatch.setattr(NimState, "view_svg", broken)
    v = nim.post("/api/nim/new", json={"params": {"stones": 5}, "opponent": "random", "seed": 1}).json()
    assert v["board"] is None and "view_svg failed: ValueError: no ink" in v["board_error"]
    assert [m["text"] for m in v["legal"]] == ["take 1", "take 2", "take 3"]
    monkeypatch.delattr(NimState, "view_svg")
    monkeypatch.delattr(NimState, "action_targets")
    v = nim.post("/api/nim/new", json={"params": {"stones": 5}, "opponent": "random", "seed": 1}).json()
    assert v["board"] is None and v["board_error"] is None
    assert v["legal"] and all("targets" not in m for m in v["legal"])
    v = nim.post(f"/api/nim/{v['id']}/move", json={"action": 1}).json()
    assert v["history"][0]["text"] == "take 1"


def test_replay_route_is_read_only_and_only_when_moves_are_visible(nim):
    v = nim.post("/api/nim/new", json={"params": {"stones": 6}, "opponent": "perfect", "seed": 5}).json()
    gid = v["id"]
    v = nim.post(f"/api/nim/{gid}/move", json={"action": 1}).json()
    r = nim.get(f"/api/nim/{gid}/at/0")  # hidden cards, game in progress: refused
    assert r.status_code == 400 and "over" in r.json()["error"]
    while not v["terminal"]:
        path = "move" if v["human_turn"] else "computer"
        v = nim.post(f"/api/nim/{gid}/{path}", json={"action": 1} if v["human_turn"] else {}).json()
    n = v["moves"]
    for ply in range(n + 1):
        a = nim.get(f"/api/nim/{gid}/at/{ply}").json()
        assert a["ply"] == ply and a["moves"] == ply and a["replay"] and a["total_moves"] == n
        assert a["legal"] == [] and not a["human_turn"] and not a["can_undo"]
        assert a["history"] == v["history"][:ply]
        assert a["actions"] == v["actions"]
        stones = 6 - sum(v["actions"][:ply])
        assert a["observation"].startswith(f"pile {stones};")
        assert a["picture"] is not None  # over: the replay shows everything
    assert nim.get(f"/api/nim/{gid}/at/{n}").json()["observation"] == v["observation"]
    for bad in (n + 1, "x", "-1"):
        r = nim.get(f"/api/nim/{gid}/at/{bad}")
        assert r.status_code == 400, (bad, r.text)
    # the live game is untouched by the replays
    assert nim.get(f"/api/nim/{gid}").json()["moves"] == n


def test_replay_route_in_a_perfect_information_game_with_chance(client):
    v = client.post("/api/octiles/new", json={"params": {"variant": "move-over", "players": 2},
                                              "level": "easy", "seed": 4}).json()
    v = _play(client, "octiles", v, 6)
    game = get_game("octiles").make_game(variant="move-over", players=2)
    for ply in (0, 1, v["moves"] // 2, v["moves"]):
        a = client.get(f"/api/octiles/{v['id']}/at/{ply}").json()
        st = game.new_initial_state(4)
        for x in v["actions"][:ply]:
            st.apply_action(x)
        assert a["observation"] == st.observation_string(0)
        assert a["current_player"] == st.current_player()  # a chance node stays one (no draw)


@pytest.mark.integration
def test_a_finished_game_says_the_points_where_the_game_counts_them(client):
    # Oct8's page said "Game over: P1 won." and nothing of the scores behind it (nor did its board)
    v = client.post("/api/oct8/new", json={"params": {"players": 2}, "level": "easy", "seed": 3}).json()
    assert v["scores"] is None  # not before the end
    v = _finish(client, "oct8", v)
    assert v["terminal"]
    st = get_game("oct8").make_game(players=2).new_initial_state(3)
    for a in v["actions"]:
        st.apply_action(a)
    assert v["scores"] == st.scores() and len(v["scores"]) == 2
    w = max(v["scores"])
    assert all(v["scores"][p] == w for p in v["winners"])
    # the game-over summary's counts (the game's marks room): Oct8's points
    assert v["score_table"]["values"] == v["scores"] and v["score_table"]["better"] == "higher"
    # a game without points: none; its summary counts the shields left in hand (fewer wins)
    o = client.post("/api/octagone/new", json={"level": "easy", "seed": 9}).json()
    assert o["score_table"] is None  # not before the end
    o = _finish(client, "octagone", o)
    assert o["terminal"] and o["scores"] is None
    st = get_game("octagone").make_game().new_initial_state(9)
    for a in o["actions"]:
        st.apply_action(a)
    t = o["score_table"]
    assert t["values"] == st.shields_left() and t["better"] == "lower" and t["reason"] == st.end_reason
    assert all(t["values"][p] == min(t["values"]) for p in o["winners"])


def test_resign_ends_the_game_as_a_loss_and_the_record_says_so(client):
    v = client.post("/api/octagone/new", json={"level": "easy", "seed": 9}).json()
    v = _play(client, "octagone", v, 5)
    assert not v["terminal"] and v["resigned"] is None
    gid = v["id"]
    r = client.post(f"/api/octagone/{gid}/resign", json={})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["terminal"] and v["resigned"] == 0 and v["winners"] == [1] and v["returns"] == [-1.0, 1.0]
    assert not v["human_turn"] and v["legal"] == [] and not v["can_undo"]
    assert v["score_table"]["label"] == "shields left in hand"
    # over: nothing more is played, taken back or resigned (one line each)
    for path, body in (("move", {"action": 0}), ("computer", {}), ("undo", {}), ("hint", {}),
                       ("resign", {})):
        r = client.post(f"/api/octagone/{gid}/{path}", json=body)
        assert r.status_code == 400 and "over" in r.json()["error"], (path, r.text)
    # the record: the moves up to the resignation, the outcome saying who resigned; the CLI's reader
    doc = client.get(f"/api/octagone/{gid}/record").json()
    assert doc["outcome"] == {"terminal": True, "winners": [1], "returns": [-1.0, 1.0], "resigned": 0}
    assert not replay(doc, get_game("octagone").make_game(**doc["params"])).is_terminal()
    # the replay's last position says so too
    assert client.get(f"/api/octagone/{gid}/at/{v['moves']}").json()["resigned"] == 0
    # the game rebuilt from its record, or from its address (moves and "resigned"), is over
    for body in ({"record": doc}, {"seed": 9, "level": "easy", "moves": v["all_actions"], "resigned": 0}):
        w = client.post("/api/octagone/new", json=body).json()
        assert w["terminal"] and w["resigned"] == 0 and w["winners"] == [1], w
    tampered = dict(doc, outcome=dict(doc["outcome"], winners=[0]))
    r = client.post("/api/octagone/new", json={"record": tampered})
    assert r.status_code == 400 and "resignation makes" in r.json()["error"]
    for bad, needle in (("x", "must be the seat"), (True, "must be the seat"), (5, "seat 0-1")):
        r = client.post("/api/octagone/new", json={"seed": 9, "moves": v["all_actions"], "resigned": bad})
        assert r.status_code == 400 and needle in r.json()["error"], r.text
    # nobody to resign in a game of computers
    c = client.post("/api/octagone/new", json={"seed": 9, "seats": ["greedy", "greedy"]}).json()
    r = client.post(f"/api/octagone/{c['id']}/resign", json={})
    assert r.status_code == 400 and "nobody to resign" in r.json()["error"]


# every game whose manifest has a marks room, in its 2-seat seeded set-up (WebTest.seeding)
MARKED = [(g.name, dict(g.web_test.seeding[0])) for g in GAMES if g.web_ready() and "marks" in g.rooms]


@pytest.mark.parametrize("name,params", MARKED, ids=[g[0] for g in MARKED])
def test_the_last_move_marks_the_places_its_turn_changed(client, name, params):
    """The view's last_move: the seat of the last turn and the ids of the board's places it changed
    (the game's marks room), every one drawn on the viewer's board."""
    v = client.post(f"/api/{name}/new", json={"params": params, "level": "easy", "seed": 5}).json()
    assert v["last_move"] is None or v["last_move"]["player"] != 0  # nothing played by you yet
    marked = 0
    for _ in range(12):
        v = _play(client, name, v, 1)
        lm = v["last_move"]
        mover = [h["player"] for h in v["history"] if h["player"] >= 0][-1]
        assert lm["player"] == mover
        for m in lm["marks"]:
            assert f'data-target="{m}"' in v["board"] or f'data-mark="{m}"' in v["board"], m
        marked += bool(lm["marks"])
    assert marked >= 3, name


# One seeding rule (issue 42): the web app seeds its computer players and its chance outcomes as the
# match layer (core.match.play_game, which every game's `play` goes through) does, so the same seed,
# the same players and the same human moves give the same computer replies in both.
PLAYABLE = [g.name for g in GAMES if g.web_ready()]


@pytest.mark.integration
@pytest.mark.parametrize("name", PLAYABLE)
def test_the_web_plays_the_match_layers_game_for_a_seed(client, name):
    from octosolve.core.match import play_game
    from octosolve.games import match_spec

    # the game each manifest declares (GameManifest.web_test.seeding: a seeded search where the game
    # has a quick one); seat 0 is the human on the web, a random player in the match layer; the
    # other seats the computer
    params, computer, options, seed, plies = get_game(name).web_test.seeding
    n = get_game(name).make_game(**params).info.num_players
    rec, _ = play_game(match_spec(name, params, options), ["random"] + [computer] * (n - 1), seed, 0, max_moves=plies)
    want = [m["action"] for m in rec["moves"]]
    assert {m["player"] for m in rec["moves"]} >= {0, 1}
    v = client.post(f"/api/{name}/new", json={"params": params, "seats": ["human"] + [computer] * (n - 1),
                                               "options": options, "seed": seed}).json()
    assert "error" not in v, v
    while len(v["all_actions"]) < len(want) and not v["terminal"]:
        if v["human_turn"]:
            r = client.post(f"/api/{name}/{v['id']}/move", json={"action": want[len(v["all_actions"])]})
        else:
            r = client.post(f"/api/{name}/{v['id']}/computer", json={})
        assert r.status_code == 200, r.text
        v = r.json()
    got = v["all_actions"][:len(want)]
    assert got == want, (name, next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), len(got)))


def test_the_web_plays_the_cli_play_game_for_a_seed(client, tmp_path):
    """`octosolve octagone play --players greedy,mcts --seed 12` and the web app with a human in
    seat 0 playing greedy's moves: the computer (mcts, the same budget) replies the same."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    out = tmp_path / "game.json"
    r = CliRunner().invoke(cli, ["octagone", "play", "--players", "greedy,mcts", "--simulations", "30",
                                 "--seed", "12", "--stop-after", "16", "--out", str(out)])
    assert r.exit_code == 0, r.output
    want = [m["action"] for m in json.loads(out.read_text())["moves"]]
    v = client.post("/api/octagone/new", json={"seats": ["human", "mcts"], "options": {"simulations": 30},
                                               "seed": 12}).json()
    while len(v["all_actions"]) < len(want) and not v["terminal"]:
        path = "move" if v["human_turn"] else "computer"
        body = {"action": want[len(v["all_actions"])]} if v["human_turn"] else {}
        v = client.post(f"/api/octagone/{v['id']}/{path}", json=body).json()
    assert v["all_actions"][:len(want)] == want


def test_octoverso_words_are_checked_without_the_list_and_the_best_words_shown_after_the_move(client):
    # POST /api/GAME/ID/compose (Octoverso's compose room, tests/octoverso/test_compose.py): a word
    # built from the hand checked for the position; the view's best words after the person's move
    c = client
    v = c.post("/api/octoverso/new", json={"level": "easy", "seed": 1}).json()
    assert v["composer"]["max"] == 4 and v["best_words"] is None
    gid = v["id"]
    assert v["legal"] == []  # every announcement is a word: the view lists none (the words call does)
    word = next(m for m in c.post(f"/api/octoverso/{gid}/words", json={}).json()["moves"]
                if m["text"] == "announce USEE")
    r = c.post(f"/api/octoverso/{gid}/compose", json={"text": "USEE"})
    assert r.status_code == 200 and r.json()["moves"][0]["action"] == word["action"]
    for body in ({"text": "USEEX"}, {"text": ["U"]}, {"words": "U"}, {"text": "U", "place": "verso:left"}):
        r = c.post(f"/api/octoverso/{gid}/compose", json=body)
        assert r.status_code == 400 and "\n" not in r.json()["error"], (body, r.text)
    v = c.post(f"/api/octoverso/{gid}/move", json={"action": word["action"]}).json()
    while not v["human_turn"]:
        v = c.post(f"/api/octoverso/{gid}/computer", json={}).json()
    camion = next(m for m in c.post(f"/api/octoverso/{gid}/words", json={}).json()["moves"]
                  if m.get("compose") == "CAMION")
    v = c.post(f"/api/octoverso/{gid}/move", json={"action": camion["action"]}).json()
    assert v["best_words"]["summary"] == "You laid CAMIONNA: 7 points. The best a word made that turn."
    assert v["best_words"]["ply"] == 3 and v["composer"] is None  # a tile to return now, no word
    r = c.post(f"/api/octoverso/{gid}/compose", json={"text": "A"})
    assert r.status_code == 400 and "no word to build" in r.json()["error"]
    # a game without a word builder says so
    o = c.post("/api/octagone/new", json={"level": "easy", "seed": 1}).json()
    r = c.post(f"/api/octagone/{o['id']}/compose", json={"text": "A"})
    assert r.status_code == 400 and "no word builder" in r.json()["error"]


def test_octoverso_view_lists_no_word_and_a_claim_is_the_persons_find(client):
    # issue 43: the view of a position with words carries none of them (the words call lists them
    # on request); the claim reading of spotting (the web app's presets): after the computer's
    # short word the person may claim an OCTO, checked by the server, never shown
    c = client
    v = c.post("/api/octoverso/new", json={"params": {"spotting": "claim"}, "level": "medium",
                                           "seed": 3}).json()
    gid = v["id"]
    assert v["params"]["spotting"] == "claim"
    words = c.post(f"/api/octoverso/{gid}/words", json={}).json()["moves"]
    assert len(words) > 10 and all(m["compose"] for m in words)
    view_text = json.dumps({k: v[k] for k in v if k not in ("board", "picture")})
    assert not any(f'"{m["compose"]}' in view_text or m["text"] in view_text for m in words)
    v = c.post(f"/api/octoverso/{gid}/move", json={"action": min(m["action"] for m in words)}).json()
    while not v["human_turn"]:
        v = c.post(f"/api/octoverso/{gid}/computer", json={}).json()
    # P1's short word after which P0 is to claim or not: ARCHIPEL was P1's OCTO (the engine's)
    assert v["composer"]["claim"] and v["composer"]["count"] is None
    assert [m["text"] for m in v["legal"]] == ["no OCTO claimed"]      # no claim listed
    assert "ARCHIPEL" not in json.dumps(v) and "Type it in the word panel" in v["board"]
    assert c.post(f"/api/octoverso/{gid}/words", json={}).json()["moves"] == []
    r = c.post(f"/api/octoverso/{gid}/hint", json={})
    assert r.status_code == 400 and "no hint for a claim" in r.json()["error"]
    for text, state, said in (("ARCHI", "prefix", "3 more"), ("ABSOLUES", "none", "costs nothing"),
                              ("ZZZZZZZZ", "none", "not a word"), ("archipel", "word", "could have laid")):
        a = c.post(f"/api/octoverso/{gid}/compose", json={"text": text}).json()
        assert a["state"] == state and said in a["message"], a
    assert c.post(f"/api/octoverso/{gid}/compose", json={"text": "ARCHIPELS"}).status_code == 400
    moves = len(v["all_actions"])
    assert len(c.get(f"/api/octoverso/{gid}").json()["all_actions"]) == moves   # a check costs nothing
    v = c.post(f"/api/octoverso/{gid}/move", json={"action": a["moves"][0]["action"]}).json()
    assert v["history"][-1]["text"] == "claim the OCTO ARCHIPEL"
    assert "return a tile" in v["board"] and v["legal"] and v["legal"][0]["targets"][0].startswith("tile:")
