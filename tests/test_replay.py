"""One game record for every game (issue 21): each game's `play --out` writes octosolve-record/1,
`octosolve replay` replays it against the rules to the same outcome, and a tampered record is
refused in one line (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.core.record import RECORD_FORMAT

def _play_games() -> list[str]:
    """The games of the registry with a `play` command (the test suite's sixth game included)."""
    from octosolve.games import GAMES

    return [g.name for g in GAMES if g.has_state and g.has_room("cli") and "play" in g.cli_group().commands]


def _players(game: str) -> list[str]:
    """A random player against the game's greedy one (every game's quick pair)."""
    from octosolve.games import get_game

    names = get_game(game).player_names()
    return ["--players", "random," + ("greedy" if "greedy" in names else "random")]


def _run(args):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


@pytest.mark.integration
@pytest.mark.parametrize("game", _play_games())
def test_play_record_replays_to_the_same_outcome(game, tmp_path):
    path = tmp_path / "rec.json"
    r = _run([game, "play", "--seed", "5", "--out", str(path), *_players(game)])
    assert r.exit_code == 0, r.output
    rec = json.loads(path.read_text())
    assert rec["format"] == RECORD_FORMAT and rec["game"] == game and rec["seed"] == 5
    assert rec["moves"] and all(isinstance(m["move"], str) and m["move"] for m in rec["moves"])
    r = _run(["replay", str(path), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["checked"] and doc["moves"] == len(rec["moves"])
    assert doc["outcome"]["terminal"] == rec["outcome"]["terminal"]
    assert doc["outcome"]["winners"] == rec["outcome"]["winners"]
    text = _run(["replay", str(path)]).output
    assert f"{len(rec['moves'])} moves" in text and rec["moves"][-1]["move"] in text
    won = rec["outcome"]["winners"]
    assert "winner(s)" not in text
    assert ("Outcome: winner: P" if len(won) == 1 else "Outcome: winners: P" if won
            else "Outcome: no winner") in text


@pytest.mark.integration
@pytest.mark.parametrize("game", _play_games())
def test_tampered_record_is_refused(game, tmp_path):
    path = tmp_path / "rec.json"
    assert _run([game, "play", "--seed", "6", "--out", str(path), *_players(game)]).exit_code == 0
    rec = json.loads(path.read_text())
    bad = dict(rec, moves=[dict(m) for m in rec["moves"]])
    k = next(i for i, m in enumerate(bad["moves"]) if m["player"] >= 0)
    bad["moves"][k]["move"] = "not a move"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    r = _run(["replay", str(tmp_path / "bad.json")])
    assert r.exit_code == 2 and "record: move" in r.output and len(r.output.strip().splitlines()) == 1
    wrong = dict(rec, outcome={"terminal": True, "winners": [9], "returns": []})
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    r = _run(["replay", str(tmp_path / "wrong.json")])
    assert r.exit_code == 2 and "outcome" in r.output
    # one name a seat: a record naming three players for a two-player game is refused
    three = dict(rec, players=rec["players"] + ["greedy"])
    (tmp_path / "three.json").write_text(json.dumps(three))
    r = _run(["replay", str(tmp_path / "three.json")])
    assert r.exit_code == 2 and "names 3 players, but its game has 2" in r.output


def test_stopped_game_replays_unfinished(tmp_path):
    path = tmp_path / "rec.json"
    r = _run(["octagone", "play", "--seed", "2", "--stop-after", "6", "--players", "greedy,greedy",
              "--out", str(path)])
    assert r.exit_code == 0, r.output
    doc = json.loads(_run(["replay", str(path), "--json"]).output)
    assert doc["outcome"]["terminal"] is False and doc["moves"] >= 6
    assert "not finished" in _run(["replay", str(path)]).output


@pytest.mark.parametrize("path", ["results/octiles/games/sample_game.json",
                                  "results/octoverso/sample_game.json"])
def test_the_reports_sample_games_are_records_that_replay(path):
    """The report writes its sample games in the one record format; the committed ones replay."""
    from pathlib import Path

    p = Path(__file__).resolve().parent.parent / path
    rec = json.loads(p.read_text())
    assert rec["format"] == RECORD_FORMAT
    r = _run(["replay", str(p), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["outcome"]["winners"] == rec["outcome"]["winners"]


def _state_games():
    from octosolve.games import GAMES

    return [g.name for g in GAMES if g.has_state]


@pytest.mark.parametrize("name", _state_games())
def test_match_layer_records_round_trip(name):
    """The match layer plays every game of the registry into the one record; the record survives
    JSON, replays move by move to the same final state and outcome, and its extras are the game's
    hook read on the replayed state; the summaries and tallies are derived from it."""
    from octosolve.core.match import match, play_game
    from octosolve.core.record import summary
    from octosolve.games import get_game, match_spec, replay_record

    entry = get_game(name)
    params = {}
    spec = match_spec(name, params)
    n = entry.make_game(**params).info.num_players
    rec, state = play_game(spec, ["random"] * n, 11, 0)
    assert rec["format"] == RECORD_FORMAT and rec["game"] == name and rec["seed"] == 11
    assert rec["players"] == ["random"] * n and rec["outcome"]["terminal"]
    assert all(isinstance(m["move"], str) for m in rec["moves"])
    back = json.loads(json.dumps(rec))
    final = replay_record(back)
    assert final.to_json() == state.to_json()
    assert sorted(final.winners()) == back["outcome"]["winners"]
    assert json.loads(json.dumps(entry.record_extras(final))) == back.get("extras", {})
    m = match(spec, ["random"] * n, 2, seed=11, workers=1)
    assert [r["format"] for r in m["records"]] == [RECORD_FORMAT] * 2
    assert summary(m["records"][0])["moves"] == len(m["records"][0]["moves"])
    assert m["results"]["random"]["games"] == 2 * n


@pytest.mark.parametrize("game", _play_games())
def test_play_out_is_the_record_and_position_out_the_position(game, tmp_path):
    rec, pos = tmp_path / "rec.json", tmp_path / "pos.json"
    r = _run([game, "play", "--seed", "3", "--out", str(rec), "--position-out", str(pos), *_players(game)])
    assert r.exit_code == 0, r.output
    doc = json.loads(rec.read_text())
    assert doc["format"] == RECORD_FORMAT and doc["game"] == game
    from octosolve.games import GAMES, get_game, position_document

    # the position commands read a record as its last position: the same document
    assert position_document(doc, game) == json.loads(pos.read_text())
    assert json.loads(pos.read_text()).get("format") != RECORD_FORMAT
    with pytest.raises(Exception, match="not of"):
        position_document(doc, next(g.name for g in GAMES if g.has_state and g.name != game))
    assert get_game(game).name == game


def _octagone_record(tmp_path, seed=4):
    path = tmp_path / "rec.json"
    r = _run(["octagone", "play", "--seed", str(seed), "--players", "greedy,greedy", "--out", str(path)])
    assert r.exit_code == 0, r.output
    return json.loads(path.read_text())


def _replay_edited(tmp_path, rec, *extra):
    (tmp_path / "edited.json").write_text(json.dumps(rec))
    return CliRunner().invoke(cli, ["replay", str(tmp_path / "edited.json"), *extra])


def _one_line_error(r, needle):
    assert r.exit_code == 2, r.output
    assert len(r.output.strip().splitlines()) == 1 and "internal error" not in r.output, r.output
    assert needle in r.output, r.output


def test_record_without_move_texts_replays(tmp_path):
    """'move' (the notation) is optional in a record: replay printed it and failed with an internal
    error (KeyError) on a record holding only players and actions."""
    rec = _octagone_record(tmp_path)
    notation = [m["move"] for m in rec["moves"]]
    for m in rec["moves"]:
        del m["move"]
    r = _replay_edited(tmp_path, rec)
    assert r.exit_code == 0, r.output
    assert notation[0] in r.output and notation[-1] in r.output


def test_record_without_seed_says_so(tmp_path):
    """A record with seed null replays from the game's default deal: the header said 'seed None'."""
    rec = _octagone_record(tmp_path, seed=20261121)  # octagone's default deal
    r = _replay_edited(tmp_path, dict(rec, seed=None))
    assert r.exit_code == 0, r.output
    assert "None" not in r.output and "no seed (the game's default deal)" in r.output


def test_stored_outcome_is_checked_and_said_in_words(tmp_path):
    rec = _octagone_record(tmp_path)
    # an outcome that is not an object, or whose 'terminal' is not true/false, was silently ignored
    _one_line_error(_replay_edited(tmp_path, dict(rec, outcome="tie")), "'outcome' must be an object")
    _one_line_error(_replay_edited(tmp_path, dict(rec, outcome={"terminal": "yes", "winners": []})),
                    "'terminal' must be true or false")
    _one_line_error(_replay_edited(tmp_path, dict(rec, outcome={"terminal": True, "winners": "0"})),
                    "'winners' must be a list")
    # a truncated record: the message says both outcomes in words (it printed a Python dict)
    r = _replay_edited(tmp_path, dict(rec, moves=rec["moves"][:10]))
    _one_line_error(r, "but its moves reach an unfinished game")
    assert "{'" not in r.output
    # the winners compared as sets of seats, in words
    other = [s for s in (0, 1) if s not in rec["outcome"]["winners"]]
    r = _replay_edited(tmp_path, dict(rec, outcome={"terminal": True, "winners": other}))
    _one_line_error(r, f"its outcome says a finished game won by P{other[0]}")
    # a position command reading the record as its last position checks the same
    (tmp_path / "t.json").write_text(json.dumps(dict(rec, outcome="tie")))
    _one_line_error(CliRunner().invoke(cli, ["octagone", "show", str(tmp_path / "t.json")]),
                    "'outcome' must be an object")


def test_bad_game_parameters_are_named(tmp_path):
    """A parameter the game does not have was reported as Python's TypeError text; a wrongly typed
    one ('hidden': "no", an oct8 'deck': 5) read as yes, or failed in Python words."""
    rec = _octagone_record(tmp_path)
    _one_line_error(_replay_edited(tmp_path, dict(rec, params=dict(rec["params"], colour=1))),
                    "octagone has no game parameter 'colour' (its parameters: variant, players, hidden, wrap)")
    four = dict(rec["params"], players=4, hidden="no")
    _one_line_error(_replay_edited(tmp_path, dict(rec, params=four)),
                    "the hidden-shield option is true or false, not 'no'")
    path = tmp_path / "oct8.json"
    assert _run(["oct8", "play", "--players", "random,random", "--stop-after", "5", "--out",
                 str(path)]).exit_code == 0
    o = json.loads(path.read_text())
    _one_line_error(_replay_edited(tmp_path, dict(o, params=dict(o["params"], deck=5))),
                    "deck must be a TOML file, 'default', 'flat' or a table of counts, got '5'")


def test_another_games_position_or_record_is_named(tmp_path):
    """An oct8 position given to octagone was refused as 'unknown position field(s): ...', an octagone
    one given to oct8 swaps as 'unknown key(s) board, ...' (and 'a record of a oct8 game')."""
    o8, og = tmp_path / "o8.json", tmp_path / "og.json"
    o8r = tmp_path / "o8r.json"
    assert _run(["oct8", "play", "--players", "random,random", "--stop-after", "5", "--position-out",
                 str(o8), "--out", str(o8r)]).exit_code == 0
    assert _run(["octagone", "new", "--out", str(og)]).exit_code == 0
    for args, needle in ((["octagone", "show", str(o8)], "this is a position of 'oct8', not of octagone"),
                         (["oct8", "swaps", str(og)], "this is a position of 'octagone', not of oct8"),
                         (["octagone", "solve", str(o8r)], "this is a record of 'oct8', not of octagone")):
        r = CliRunner().invoke(cli, args)
        _one_line_error(r, needle)


def test_octagone_replay_names_each_moves_cell_and_shield(tmp_path):
    """Octagone's notation named neither the colour nor the cell ('coloured>E'); now the replay's
    lines, the record's and `play`'s say both (``r2c5 yellow shield -> E``: issue #43)."""
    path = tmp_path / "rec.json"
    r = _run(["octagone", "play", "--seed", "4", "--players", "greedy,greedy", "--json", "--out", str(path)])
    played = json.loads(r.output)["moves"]
    rec = json.loads(path.read_text())
    text = _run(["replay", str(path)]).output.splitlines()[1:-1]
    assert len(text) == len(played) == len(rec["moves"])
    for line, m, stored in zip(text, played, rec["moves"]):
        assert line.endswith(": " + m["move"]) and stored["move"] == m["move"], (line, m)
        if m.get("pass"):
            assert m["move"] == "pass"
        else:
            shield = {"dama": "Dama Bianca", "jolly": "jolly"}.get(m["shield"], m["shield"] + " shield")
            assert m["move"] == f"r{m['row']}c{m['col']} {shield} -> " + "N NE E SE S SW W NW".split()[m["direction"]]


@pytest.mark.parametrize("key, value, needle", [("params", [], "record: 'params' missing or not an object"),
                                                ("game", 3, "record: 'game' missing or not a string"),
                                                ("moves", "x", "record: 'moves' missing or not a list")])
def test_record_fields_of_the_wrong_type_are_named_as_json_names_them(tmp_path, key, value, needle):
    """'params' [] was refused as 'missing or not a dict' (and 'game' as 'not a str'): Python's names."""
    rec = _octagone_record(tmp_path)
    rec[key] = value
    _one_line_error(_replay_edited(tmp_path, rec), needle)


def test_a_resigned_game_replays_and_a_tampered_one_is_refused(tmp_path):
    """A game a player resigned (the web app's Resign) stops before its end; its outcome says who
    resigned, and the other side wins: `octosolve replay` (the same reader as the web app's) says
    so, and refuses the record when its winners, its resigner or its moves do not agree."""
    from octosolve.core.record import finish_record, resign_result
    from octosolve.games import get_game

    rec = _octagone_record(tmp_path)
    game = get_game("octagone").make_game(**rec["params"])
    short = dict(rec, moves=rec["moves"][:10])
    st = game.new_initial_state(rec["seed"])
    for m in short["moves"]:
        st.apply_action(m["action"])
    finish_record(short, st, resigned=0)
    assert short["outcome"] == {"terminal": True, "winners": [1], "returns": [-1.0, 1.0], "resigned": 0}
    r = _replay_edited(tmp_path, short)
    assert r.exit_code == 0, r.output
    assert "Outcome: P0 resigned; winner: P1 greedy" in r.output
    doc = json.loads(_replay_edited(tmp_path, short, "--json").output)
    assert doc["outcome"]["resigned"] == 0 and doc["outcome"]["winners"] == [1]
    out = short["outcome"]
    _one_line_error(_replay_edited(tmp_path, dict(short, outcome=dict(out, winners=[0]))),
                    "after P0 resigned, but P0's resignation makes a finished game won by P1")
    _one_line_error(_replay_edited(tmp_path, dict(short, outcome=dict(out, resigned=1))),
                    "P1's resignation makes a finished game won by P0")
    _one_line_error(_replay_edited(tmp_path, dict(short, outcome=dict(out, resigned=2))),
                    "'resigned' must be the seat that resigned, 0-1")
    _one_line_error(_replay_edited(tmp_path, dict(short, outcome=dict(out, resigned=True))),
                    "'resigned' must be the seat that resigned")
    # a resignation after the end of the game
    _one_line_error(_replay_edited(tmp_path, dict(rec, outcome=dict(out, winners=[1 - rec["outcome"]["winners"][0]]))),
                    "its outcome says P0 resigned, but its moves reach the end of the game")
    # pairs and teams lose together (State.sides)
    four = get_game("octagone").make_game(players=4).new_initial_state(1)
    assert resign_result(four, 2) == ([1, 3], [-1.0, 1.0, -1.0, 1.0])
    from types import SimpleNamespace

    from octosolve.octiles.game import OctilesState
    from octosolve.octoverso.rules import OctoversoState  # (a state of it loads the lexicon: 8 s)

    assert OctilesState.sides(SimpleNamespace(game=SimpleNamespace(cfg=SimpleNamespace(teams=True)), n=4)) \
        == [[0, 2], [1, 3]]
    alone = SimpleNamespace(game=SimpleNamespace(cfg=SimpleNamespace(teams=False)), n=3,
                            num_players=lambda: 3, is_terminal=lambda: False)
    alone.sides = lambda: OctilesState.sides(alone)
    assert resign_result(alone, 1) == ([0, 2], [1.0, -2.0, 1.0])
    assert OctoversoState.sides(SimpleNamespace(game=SimpleNamespace(teams=True))) == [[0, 2], [1, 3]]


def test_oct8_replay_prints_one_line_a_turn(tmp_path):
    """`octosolve replay` printed Oct8 one line per decision (346 lines a game) while `play` and the
    play page say one line a turn (issue #43): each line now covers one player's moves in a row, the
    plies it covers given, and together they cover every move once, in order."""
    import re

    path = tmp_path / "rec.json"
    _run(["oct8", "play", "--seed", "3", "--players", "random,random", "--out", str(path)])
    rec = json.loads(path.read_text())
    text = _run(["replay", str(path)]).output.splitlines()[1:-1]
    covered, last_player = [], None
    for line in text:
        m = re.match(r"\s*(\d+)(?:-(\d+))?\.\s+P(\d): (.+)$", line)
        assert m, line
        first, last, player = int(m[1]), int(m[2] or m[1]), int(m[3])
        assert player != last_player, line  # a new line: another player's turn
        assert all(rec["moves"][i - 1]["player"] == player for i in range(first, last + 1)), line
        covered.extend(range(first, last + 1))
        last_player = player
    assert covered == list(range(1, len(rec["moves"]) + 1)) and len(text) < len(rec["moves"]) / 3
