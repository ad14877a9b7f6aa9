"""The commands, their JSON keys, and bad input (one line, exit status 2)."""

import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli as main


def run(*args):
    return CliRunner().invoke(main, ["octoverso", *args])


def test_moves_json_keys_and_images():
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert all(set(d) == {"word", "side", "end", "rail_used", "played", "pushed"} for d in data)
    assert {"word": "IMAGES", "side": "recto", "end": "right", "rail_used": 3, "played": "GES",
            "pushed": "SOU"} in data
    keys = [(d["word"], d["side"], d["end"], d["rail_used"]) for d in data]
    assert len(keys) == len(set(keys))


def test_moves_with_joker_lower_case():
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GE?", "--json")
    data = json.loads(r.output)
    assert any(d["word"] == "IMAGES" and d["played"] == "GEs" for d in data)


def test_moves_text_and_custom_lexicon(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("images\nmage\nélève\n", encoding="utf-8")
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", str(p))
    assert r.exit_code == 0 and "IMAGES" in r.output and "MAGE" in r.output
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", str(p), "--json")
    assert {d["word"] for d in json.loads(r.output)} == {"IMAGES", "MAGE"}


def test_octos():
    r = run("octos", "--rail", "SOUDEIMA", "--hand", "GERAST", "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data and all(len(d["word"]) == 8 for d in data)
    assert any(d["word"] == "IMAGERAS" for d in data)


@pytest.mark.integration
def test_play_record():
    r = run("play", "--players", "lookahead,greedy", "--seed", "1", "--json")
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)
    assert rec["players"] == ["lookahead", "greedy"] and rec["events"][0]["event"] == "announce"
    assert rec["winner"] in (0, 1, None)
    r2 = run("play", "--players", "lookahead,greedy", "--seed", "1", "--json")
    assert r2.output == r.output  # reproducible
    assert "winner" in run("play", "--seed", "2").output


def test_tournament_small():
    r = run("tournament", "--players", "greedy,random", "--games", "6", "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    t = json.loads(r.output)["pairs"][0]
    g, rnd = t["results"]["greedy"], t["results"]["random"]
    assert t["games"] == 6 and g["wins"] + g["draws"] + g["losses"] == 6 and g["wins"] == rnd["losses"]
    lo, hi = g["score_ci95"]
    assert 0 <= lo <= g["score"] <= hi <= 1


def test_check():
    r = run("check", "images", "parlerent", "--json")
    d = json.loads(r.output)
    assert d[0]["playable"] and "IMAGE" in d[0]["lemmas"] and not d[1]["playable"]


@pytest.mark.parametrize("args", [
    ["moves", "--rail", "SOUDEIMA", "--hand", "GEK"],            # letter outside the set
    ["moves", "--rail", "SOUDEIMAW", "--hand", "GES"],           # letter outside the set (rail)
    ["moves", "--rail", "SOUDEIMAS", "--hand", "GES"],           # rail longer than 8
    ["moves", "--rail", "S", "--hand", "GES"],                   # rail too short
    ["moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", "/no/such/file.txt"],
    ["moves", "--rail", "SOUDEIMA", "--hand", "GES", "--jokers", "3"],
    ["moves", "--rail", "SOUDEIMA", "--hand", "QQ"],            # more Q than the game has
    ["moves", "--rail", "SOUDEIMA", "--hand", ""],
    ["octos", "--rail", "SOUDEIMA1", "--hand", "GES"],
    ["play", "--players", "greedy,chess"],
    ["play", "--players", "greedy"],
    ["tournament", "--games", "0"],
])
def test_bad_input_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert "Traceback" not in r.output
    assert r.output.strip().count("\n") <= 3  # click usage lines at most, one error line


def test_bad_lexicon_contents(tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("a-b\n12\n", encoding="utf-8")
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", str(p))
    assert r.exit_code == 2 and "Error:" in r.output and "Traceback" not in r.output
    d = tmp_path / "dir"
    d.mkdir()
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", str(d))
    assert r.exit_code == 2


def test_mirror_match_counts_by_seat():
    from octosolve.octoverso import matches

    t = matches.match(["greedy", "greedy"], 8, seed=2, workers=1)
    seats = t["seats"]
    assert [s["games"] for s in seats] == [8, 8]
    assert seats[0]["wins"] == seats[1]["losses"] and seats[0]["draws"] == seats[1]["draws"]
    assert t["results"]["greedy"]["games"] == 16


def test_variant_jokers():
    r = run("play", "--variant", "Jokers", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output
    rec = json.loads(r.output)
    assert rec["params"]["jokers"] is True
    r = run("play", "--variant", "standard", "--seed", "2", "--json")
    assert json.loads(r.output)["params"]["jokers"] is False
    assert run("play", "--variant", "torus").exit_code == 2


def test_measure_quick_never_writes_over_the_data_file(tmp_path, monkeypatch):
    # --help: a --quick run is "never written over the data file"; --out naming it said nothing
    # and replaced the report's simulations with the smoke test's
    from octosolve.core import paths

    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    data = tmp_path / "octoverso" / "simulations.json"
    data.parent.mkdir()
    data.write_text('{"kept": true}\n', encoding="utf-8")
    r = run("measure", "--quick", "--workers", "1", "--out", str(data))
    assert r.exit_code == 2, r.output
    assert "data file the report reads" in r.output and r.output.count("\n") == 1
    assert data.read_text(encoding="utf-8") == '{"kept": true}\n'


def test_play_svg_says_who_won_and_draws_every_tile(tmp_path):
    # the final position's picture said 'over, to move: P-4' (the TERMINAL code as a seat)
    p = tmp_path / "end.svg"
    r = run("play", "--players", "greedy,random", "--seed", "1", "--svg", str(p))
    assert r.exit_code == 0, r.output
    text = p.read_text(encoding="utf-8")
    assert "P-" not in text and "game over: P" in text and " won" in text
    # a hand over 14 tiles (pushed letters land in it) was cut at 14 in the picture
    from octosolve.octoverso import rules as R
    from octosolve.octoverso.render import position_svg

    s = R.make_game().new_initial_state()
    before = position_svg(s).count("<rect")
    moved = 0
    for t in range(len(s.pool)):
        while s.pool[t] > 0 and moved < 8:
            s.pool[t] -= 1
            s.hands[0][t] += 1
            moved += 1
    assert len(R.hand_string(s.hands[0])) == 20
    assert position_svg(s).count("<rect") == before + 8


def test_moves_and_octos_count_in_words_and_draw_without_moves(tmp_path):
    # '1 move(s)', '9 OCTO(s)'; octos with none said 'no legal move' (there were legal moves,
    # no OCTO); a move pushing nothing ended its line 'pushes ' and a blank
    r = run("moves", "--rail", "OCTAV", "--hand", "Q")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("1 move on rail OCTAV:\n") and "pushes nothing" in r.output
    r = run("octos", "--rail", "OCTAVE", "--hand", "MAISONRT")
    assert "9 OCTOs on rail OCTAVE:" in r.output and "(s)" not in r.output
    r = run("octos", "--rail", "OCTAV", "--hand", "ESQ")
    assert r.exit_code == 0 and r.output == "no OCTO on rail OCTAV\n"
    # --svg with no legal move wrote nothing and said nothing: now the rail, said so
    p = tmp_path / "m.svg"
    r = run("moves", "--rail", "OCTAV", "--hand", "J", "--svg", str(p))
    assert r.exit_code == 0 and "no legal move" in r.output
    assert p.exists() and f"wrote {p} (the rail alone: no move to draw)" in r.output


def test_impossible_position_said_in_words():
    r = run("moves", "--rail", "???", "--hand", "AB")
    assert r.exit_code == 2 and "rail '???' holds ? 3 times (the box has 2)" in r.output
    r = run("moves", "--rail", "AAAAA", "--hand", "AAAAA")
    assert "the rail and the hand together hold A 10 times (the box has 9)" in r.output


def test_match_of_one_game_counts_in_words():
    # 'greedy v random: 1 games', '1 wins, ... 1 losses in 1 games', 'of 1 decided games'
    r = run("match", "--players", "greedy,random", "--games", "1", "--workers", "1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "greedy v random: 1 game"
    assert "greedy  1 win, 0 draws, 0 losses in 1 game; score 1.000" in lines[1]
    assert "random  0 wins, 0 draws, 1 loss in 1 game; score 0.000" in lines[2]
    assert " decided game: " in lines[3]


def test_moves_of_a_finished_game_says_it_is_over(tmp_path):
    # said 'the player to move is not choosing a word (phase over)': no one is to move
    pos, rec = tmp_path / "pos.json", tmp_path / "rec.json"
    r = run("play", "--players", "greedy,random", "--seed", "1", "--position-out", str(pos), "--out", str(rec))
    assert r.exit_code == 0, r.output
    for f in (pos, rec):
        r = run("moves", "--position", str(f))
        assert r.exit_code == 2 and "the game is over (P0 won): no one is to move" in r.output, r.output


def test_counts_in_errors_are_in_words(tmp_path):
    """'unknown key(s) cur', 'missing key(s) phase', 'has 1 letter(s)': counts in words."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    def err(*args):
        r = CliRunner().invoke(cli, ["octoverso", *args])
        assert r.exit_code == 2 and "(s)" not in r.output, r.output
        return r.output.strip()

    assert err("moves", "--rail", "A", "--hand", "GES") == \
        "Error: rail 'A' has 1 letter; a move needs at least 2 on the rail"
    pos = tmp_path / "pos.json"
    assert CliRunner().invoke(cli, ["octoverso", "play", "--players", "greedy,random", "--seed", "1",
                                    "--position-out", str(pos)]).exit_code == 0
    doc = json.loads(pos.read_text())
    pos.write_text(json.dumps({**doc, "cur": 1}))
    assert err("moves", "--position", str(pos)) == "Error: position: 1 unknown key: cur"
    del doc["phase"]
    pos.write_text(json.dumps(doc))
    assert err("moves", "--position", str(pos)) == "Error: position: 1 missing key: phase"
    from octosolve.octoverso.rules import make_game

    with pytest.raises(Exception, match="2 unknown Octoverso parameters: a, b"):
        make_game(a=1, b=2)
