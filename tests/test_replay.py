"""One game record for every game (issue 21): each game's `play --record` writes octosolve-record/1,
`octosolve replay` replays it against the rules to the same outcome, and a tampered record is
refused in one line (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.core.record import RECORD_FORMAT

PLAYS = {
    "oct8": ["--players", "random,greedy"],
    "octagone": ["--players", "random,greedy"],
    "octiles": ["--players", "random,greedy"],
    "octoverso": ["--players", "greedy,random"],
}


def _run(args):
    return CliRunner().invoke(cli, args, catch_exceptions=False)


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_play_record_replays_to_the_same_outcome(game, tmp_path):
    path = tmp_path / "rec.json"
    r = _run([game, "play", "--seed", "5", "--record", str(path), *PLAYS[game]])
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


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_tampered_record_is_refused(game, tmp_path):
    path = tmp_path / "rec.json"
    assert _run([game, "play", "--seed", "6", "--record", str(path), *PLAYS[game]]).exit_code == 0
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


def test_stopped_game_replays_unfinished(tmp_path):
    path = tmp_path / "rec.json"
    r = _run(["octagone", "play", "--seed", "2", "--stop-after", "6", "--players", "greedy,greedy",
              "--record", str(path)])
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
