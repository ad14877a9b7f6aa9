"""The sixth game: tic-tac-toe, registered by its manifest alone (``tests/conftest.py`` registers
every ``tests/games/<name>/manifest.py``), gets its CLI group, its web play page, record and replay,
OpenSpiel wrapping and every test parametrized from the registry, with no edit outside this folder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from octosolve import games
from octosolve.games import GAMES, get_game

from .manifest import MANIFEST

NAME = MANIFEST.name
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def test_the_manifest_is_the_only_registration():
    assert get_game(NAME) is MANIFEST and MANIFEST in GAMES
    # nothing of the package or the rest of the tests names the game: its folder is all it costs
    r = subprocess.run(["git", "grep", "-l", "-i", NAME, "--", "octosolve", "tests", "scripts", "pyproject.toml"],
                       cwd=ROOT, capture_output=True, text=True)
    outside = [p for p in r.stdout.split() if not p.startswith("tests/games/tictactoe/")]
    assert outside == [], outside
    with pytest.raises(ValueError, match="already registered"):
        games.register(MANIFEST)


def test_the_registry_generic_tests_include_it():
    """The conformance suite and the other tests parametrized from the registry list the game."""
    from tests import test_conformance, test_notebook_api, test_replay
    from tests.core import test_record_files

    assert NAME in test_conformance.STATE_GAMES
    assert NAME in test_notebook_api.STATE_GAMES and NAME in test_record_files.STATE_GAMES
    assert NAME in test_replay._state_games() and NAME in test_replay._play_games()
    from tests import test_cli_wrote

    assert f"{NAME} play" in test_cli_wrote.CASES  # its manifest's cli_cases


def test_cli_group_help_play_record_replay_and_show(cli_runner, tmp_path):
    top = cli_runner(["--help"])
    assert top.exit_code == 0 and NAME in top.output and MANIFEST.help[:30] in top.output
    h = cli_runner([NAME, "--help"])
    assert h.exit_code == 0 and "play" in h.output and "show" in h.output
    rec_path = tmp_path / "game.json"
    r = cli_runner([NAME, "play", "--players", "greedy,random", "--seed", "3", "--out", rec_path])
    assert r.exit_code == 0, r.output
    assert "winner: " in r.output and f"wrote {rec_path}" in r.output
    rec = json.loads(rec_path.read_text())
    assert rec["format"] == "octosolve-record/1" and rec["game"] == NAME and rec["moves"]
    again = cli_runner([NAME, "play", "--players", "greedy,random", "--seed", "3", "--json"])
    assert json.loads(again.output)["record"]["moves"] == rec["moves"]  # the same seed, the same game
    rp = cli_runner(["replay", rec_path, "--json"])
    assert rp.exit_code == 0, rp.output
    out = json.loads(rp.output)
    assert out["game"] == NAME and out["checked"] and out["moves"] == len(rec["moves"])
    assert out["outcome"]["terminal"]
    text = cli_runner(["replay", rec_path]).output
    assert text.startswith("Tic-tac-toe: P0 greedy, P1 random") and "Outcome: " in text
    show = cli_runner([NAME, "show", rec_path, "--json"])
    assert show.exit_code == 0 and json.loads(show.output) == out["final"]
    # a record whose moves were tampered with is refused by the generic replay, in one line
    bad = dict(rec, moves=[dict(m, action=rec["moves"][0]["action"]) for m in rec["moves"]])
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    r = cli_runner(["replay", tmp_path / "bad.json"])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output


def test_report_says_it_has_no_section(cli_runner):
    r = cli_runner(["report", "--only", NAME, "--quick"])
    assert r.exit_code == 2 and f"{NAME} has no report" in r.output


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from octosolve.web.app import create_app

    return TestClient(create_app(warm=False), raise_server_exceptions=False)


def test_web_lists_it_and_serves_its_play_page(client):
    listed = {g["game"]: g for g in client.get("/api/games").json()}
    assert listed[NAME]["play"] == f"/play/{NAME}" and listed[NAME]["title"] == "Tic-tac-toe"
    home = client.get("/").text
    assert f'<a href="/play/{NAME}"><img src="/preview/{NAME}.svg"' in home
    assert f'<a href="/play/{NAME}">Play Tic-tac-toe</a>' in home  # the menu of every page
    page = client.get(f"/play/{NAME}")
    assert page.status_code == 200 and "/static/play.js" in page.text
    pic = client.get(f"/preview/{NAME}.svg")
    assert pic.status_code == 200 and "<svg" in pic.text
    info = client.get(f"/api/{NAME}/info").json()
    assert [p["title"] for p in info["presets"]] == [p.title for p in MANIFEST.presets]
    assert [lv["name"] for lv in info["levels"]] == ["easy", "medium", "hard"]
    assert info["rules"]["file"] == "tests/games/tictactoe/rules.py" and info["rules"]["notation"]


def test_web_game_played_by_board_clicks_and_downloaded(client):
    from octosolve.core.record import replay

    v = client.post(f"/api/{NAME}/new", json={"level": "medium", "seed": 5}).json()
    assert v["human_turn"] and v["board"].count("data-target=") == 9
    while not v["terminal"]:
        if v["human_turn"]:
            move = v["legal"][0]
            assert move["targets"] == [move["text"]]  # one click on the cell
            v = client.post(f"/api/{NAME}/{v['id']}/move", json={"action": move["action"]}).json()
        else:
            v = client.post(f"/api/{NAME}/{v['id']}/computer", json={}).json()
        assert "error" not in v, v
    rec = client.get(f"/api/{NAME}/{v['id']}/record").json()
    final = replay(rec, get_game(NAME).make_game(**rec["params"]))
    assert final.is_terminal() and [m["action"] for m in rec["moves"]] == v["actions"]
    again = client.post(f"/api/{NAME}/new", json={"record": rec}).json()  # an uploaded record
    assert again["terminal"] and again["actions"] == v["actions"]


def test_openspiel_wraps_it():
    pyspiel = pytest.importorskip("pyspiel")
    from octosolve.interop import openspiel

    g = openspiel.load(NAME)
    assert g.get_type().short_name == f"python_octosolve_{NAME}"
    pyspiel.random_sim_test(g, num_sims=3, serialize=False, verbose=False)
    misere = openspiel.load(get_game(NAME).make_game(misere=True))
    assert misere.get_type().short_name == f"python_octosolve_{NAME}_misere-true"
    # the openspiel-mcts player, from the manifest's hook, plays a legal move
    entry = get_game(NAME)
    assert "openspiel-mcts" in entry.player_names()
    s = entry.make_game().new_initial_state()
    a = entry.make_player("openspiel-mcts", seed=1, simulations=10).choose(s)
    assert a in s.legal_actions()
