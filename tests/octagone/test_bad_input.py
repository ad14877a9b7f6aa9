"""Bad input to the Octagone commands (issue 13): one line on stderr, exit status 2, no traceback,
no "internal error", and nothing written or searched first."""

import json

import pytest

from octosolve.cli import main
from octosolve.octagone.rules import OctagoneGame

HUGE = str(2**70)


def run_main(args, capsys):
    with pytest.raises(SystemExit) as e:
        main(["octagone"] + [str(a) for a in args])
    out, err = capsys.readouterr()
    return e.value.code, out, err


@pytest.fixture
def files(tmp_path):
    good = OctagoneGame().new_initial_state(1)
    good.apply_action(good.legal_actions()[5])
    doc = good.to_json()
    text = json.dumps(doc)
    f = {"good": tmp_path / "good.json"}
    f["good"].write_text(text)
    bad = {
        "latin1": "caf\xe9".encode("latin-1"),
        "malformed": b'{"board": [',
        "dup": b'{"players": 2, "players": 4}',
        "dup_inside": text.replace('"jolly": 3', '"jolly": 3, "jolly": 3', 1).encode(),
        "nan": text.replace('"to_move": ', '"to_move": NaN, "x": ', 1).encode(),
        "float_players": text.replace('"players": 2', '"players": 2.0').encode(),
        "float_count": text.replace('"jolly": 3', '"jolly": 2.9', 1).encode(),
        "huge_count": text.replace('"jolly": 3', '"jolly": ' + HUGE, 1).encode(),
        "bool_dir": text.replace('"direction": ', '"direction": true, "z": ', 1).encode(),
        "unknown_field": text.replace('"over"', '"ovr"').encode(),
        "deep": b"[" * 5000 + b"]" * 5000,
        "empty": b"",
        "not_object": b"[1, 2]",
        "bad_history": text.replace('"history": [', '"history": [[0, 999], ').encode(),
        "wrong_target": text.replace('"target": [', '"target": [9, 9], "t": [').encode(),
    }
    for k, v in bad.items():
        f[k] = tmp_path / f"{k}.json"
        f[k].write_bytes(v)
    f["dir"] = tmp_path
    f["missing"] = tmp_path / "missing.json"
    return f


BAD_FILES = ["latin1", "malformed", "dup", "dup_inside", "nan", "float_players", "float_count",
             "huge_count", "bool_dir", "unknown_field", "deep", "empty", "not_object", "bad_history",
             "wrong_target", "dir", "missing"]


@pytest.mark.parametrize("key", BAD_FILES)
@pytest.mark.parametrize("cmd", ["solve", "show", "move"])
def test_bad_position_files(files, key, cmd, capsys):
    extra = ["--pass"] if cmd == "move" else []
    code, out, err = run_main([cmd, files[key]] + extra, capsys)
    assert code == 2, (key, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error"), err
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("args", [
    ["play", "--games", "3"],  # no such option
    ["match", "--games", HUGE],
    ["match", "--games", "0"],
    ["match", "--games", "-1"],
    ["match", "--simulations", "-1"],
    ["match", "--simulations", "nan"],
    ["match", "--workers", "0"],
    ["match", "--workers", HUGE],
    ["match", "--seed", HUGE],
    ["match", "--players", ""],
    ["match", "--players", "greedy"],
    ["match", "--players", "greedy,random,random"],
    ["match", "--players", "chess,random"],
    ["match", "--variant", "chess"],
    ["match", "--wrap", "moebius"],
    ["match", "--hidden"],  # two players
    ["advantage", "--games", HUGE],
    ["play", "--stop-after", HUGE],
    ["play", "--first", "7"],
    ["play", "--simulations", "1e9"],
    ["new", "--players", "a,b"],
    ["new", "--variant", "kids", "--wrap", "torus"],
    ["measure", "everything"],
    # (`measure first-player --quick` without --out was refused here; it now writes into build/, as
    # every game's measure does: tests/octagone/test_cli.py)
    # perfect-play plays the edge reading only; --wrap torus used to be ignored (an edge measurement)
    ["measure", "perfect-play", "--quick", "--wrap", "torus", "--max-nodes", "1000", "--workers", "1",
     "--out", "/tmp/octosolve-never.json"],
])
def test_bad_options(args, capsys):
    code, out, err = run_main(args, capsys)
    assert code == 2, (args, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error"), err
    assert "internal error" not in err


@pytest.mark.parametrize("opt", ["--out", "--svg"])
@pytest.mark.parametrize("path", ["/proc/octagone/x.json", "", "DIR"])
def test_unwritable_outputs_refused_before_work(files, opt, path, capsys):
    target = str(files["dir"]) if path == "DIR" else path
    code, out, err = run_main(["play", "--players", "random,random", opt, target], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and out == "", err
    code, out, err = run_main(["show", files["good"], "--svg", target], capsys)
    assert code == 2 and out == ""


def test_bad_moves(files, capsys):
    for args in (["--row", "0", "--col", "0", "--shield", "red", "--direction", "2"],
                 ["--shield", "jolly"], ["--direction", "1", "--shield", "chess"],
                 ["--extra-jolly", "self"], ["--direction", "1.5"]):
        code, out, err = run_main(["move", files["good"]] + args, capsys)
        assert code == 2 and len(err.strip().splitlines()) == 1, (args, err)


def _after_dama(tmp_path, variant="standard", players=2):
    """A position after a few moves (the Dama answered, coloured cells to answer)."""
    st = OctagoneGame(variant, players).new_initial_state(2)
    while st.last < 0 or st.choosing_jolly() or st.to_move != st.first:
        st.apply_action(st.legal_actions()[0])
    f = tmp_path / f"{variant}{players}.json"
    f.write_text(json.dumps(st.to_json()))
    return f, st


@pytest.mark.parametrize("args, needle", [
    # options the chosen move ignored: refused, never dropped
    (["--shield", "jolly", "--direction", "3", "--syllable", "OC"], "--syllable is for the 'iv' variant"),
    (["--shield", "jolly", "--direction", "3", "--pass"], "--pass places no shield: drop --shield, --direction"),
    (["--shield", "jolly", "--direction", "3", "--row", "2"], "give both --row and --col"),
    # said in words (they printed 'got None', 'unknown shield', 'illegal move pass')
    (["--shield", "jolly"], "give the arrow's --direction"),
    (["--shield", "dama", "--direction", "3"], "the Dama Bianca is placed by the first move only"),
    (["--pass"], "cannot pass: they hold a"),
])
def test_move_options_that_contradict_the_move(tmp_path, capsys, args, needle):
    f, _st = _after_dama(tmp_path)
    code, out, err = run_main(["move", f] + args, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and needle in err, (args, err)
    assert "None" not in err


def test_move_options_beside_the_extra_jolly_choice_and_in_iv(tmp_path, capsys):
    f = tmp_path / "four.json"
    f.write_text(json.dumps(OctagoneGame(players=4).new_initial_state(2).to_json()))
    code, out, err = run_main(["move", f, "--extra-jolly", "self", "--shield", "red", "--direction", "2"],
                              capsys)
    assert code == 2 and "places no shield: drop --shield, --direction" in err, err
    code, out, err = run_main(["move", f, "--pass"], capsys)
    assert code == 2 and "--extra-jolly self or partner" in err, err
    iv, _st = _after_dama(tmp_path, "iv")
    code, out, err = run_main(["move", iv, "--shield", "jolly", "--syllable", "OC", "--direction", "2"],
                              capsys)
    assert code == 2 and "only a coloured shield has a syllable" in err, err
    first = tmp_path / "first.json"
    first.write_text(json.dumps(OctagoneGame().new_initial_state(2).to_json()))
    code, out, err = run_main(["move", first, "--pass"], capsys)
    assert code == 2 and "cannot pass: the first move places the Dama Bianca" in err, err


def test_good_file_still_works(files, capsys):
    code, out, err = run_main(["show", files["good"]], capsys)
    assert code == 0 and "to move" in out


@pytest.mark.parametrize("args", [["--frees", "abc"], ["--frees", "99"], ["--budget", "0"],
                                  ["--budget", "nan"], ["--per-pair", "0"]])
def test_bench_script_refuses_bad_numbers(args):
    """scripts/bench_octagone.py: a bad count is a usage error (exit status 2), not a traceback
    after the search started, nor a silent run over no positions (--frees 99, --per-pair 0)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root),
                                                                    os.environ.get("PYTHONPATH")])))
    r = subprocess.run([sys.executable, "scripts/bench_octagone.py", "--real-only", *args],
                       cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, (r.returncode, r.stderr[-300:])
    assert r.stderr.strip().splitlines()[-1].startswith("bench_octagone.py: error:")


@pytest.mark.integration
def test_bench_script_quick_keeps_the_sizes_given():
    """scripts/bench_octagone.py --quick shrinks only what the command line leaves unsaid: with
    --frees 14 --per-pair 2 it measures 14 free cells, two positions a pair (it used to measure 25
    free cells, one a pair, whatever was asked)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root),
                                                                    os.environ.get("PYTHONPATH")])))
    r = subprocess.run([sys.executable, "scripts/bench_octagone.py", "--quick", "--real-only",
                        "--frees", "14", "--per-pair", "2", "--budget", "3e6"],
                       cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-300:]
    real = json.loads(r.stdout.strip().splitlines()[-1])["real_play"]
    assert list(real) == ["14"]
    assert real["14"]["positions"] == 4 and real["14"]["budget_nodes"] == 3 * 10**6


def _perfect_play_file(tmp_path, rows):
    """A hand-made perfect-play data file (measure perfect-play --quick's deals: seed 20261121,
    4 deals, 22 free cells) with every deal settled by ``rows`` (a function of the deal's seed)."""
    from octosolve.core.seeding import derive_seed

    seed = 20261121
    res = {"free_cells": 22, "players": ["greedy", "greedy"], "deals": 4, "seed": seed,
           "max_nodes": 1000, "rows": [rows(derive_seed(seed, "exact", i)) for i in range(4)]}
    p = tmp_path / "pp.json"
    p.write_text(json.dumps({"what": "perfect-play", "seed": seed, "results": res}))
    return p


@pytest.mark.parametrize("extra", [{}, {"value_first": 7}, {"value_first": "1"},
                                   {"value_first": 1, "jolly_nodes": 5, "jolly_delta": 9}])
def test_measure_from_with_garbled_settled_rows(tmp_path, capsys, extra):
    """measure perfect-play --from: a settled (proven) row without its outcome, or with an outcome
    that is not -1, 0 or 1, is a one-line error (it was an internal error, KeyError, or was counted
    as it stood: value_first 7 counted as a first-player win)."""
    f = _perfect_play_file(tmp_path, lambda s: {"seed": s, "reached": True, "first": 0, "to_move": 1,
                                                "proven": True, "nodes": 10, **extra})
    out = tmp_path / "out.json"
    code, _, err = run_main(["measure", "perfect-play", "--quick", "--workers", "1", "--max-nodes",
                             "1000", "--from", f, "--out", out], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--from" in err, err
    assert "internal error" not in err and "OctoValueError" not in err and not out.exists()


def test_measure_from_replays_unreached_deals(tmp_path):
    """An unreached row of a --from file is not taken on trust (a garbled file could mark every
    deal unreached and measure nothing): it is played again, which costs only the greedy game."""
    from octosolve.octagone.measures import _settled_rows

    keep = json.loads(_perfect_play_file(tmp_path, lambda s: {"seed": s, "reached": False})
                      .read_text())["results"]
    assert _settled_rows(keep, 20261121, 4, 22, ["greedy", "greedy"], 1000) == {}


@pytest.mark.parametrize("pair", [("--out", "--position-out"), ("--out", "--svg"),
                                  ("--position-out", "--svg")])
def test_play_outputs_name_different_files(tmp_path, capsys, pair):
    """play --out X --position-out X: a one-line error before the game (the record used to replace
    the position document silently)."""
    same = tmp_path / "same.json"
    code, out, err = run_main(["play", "--players", "random,random", pair[0], same, pair[1], same],
                              capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "same file" in err, err
    assert not same.exists() and out == ""


@pytest.mark.parametrize("text", ["[]", "[1, 2]", "null", "7", '"results"'])
def test_measure_from_a_json_document_that_is_not_an_object(tmp_path, capsys, text):
    """--from FILE holding a JSON array, number, string or null: one line, exit 2 (an array was an
    internal error: AttributeError: 'list' object has no attribute 'get')."""
    f = tmp_path / "not_object.json"
    f.write_text(text)
    code, _, err = run_main(["measure", "perfect-play", "--quick", "--from", f, "--out",
                             tmp_path / "out.json"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "internal error" not in err, err


def test_measure_from_another_measurements_data_file(tmp_path, capsys):
    """--from a first-player data file said 'a malformed row or field (KeyError: 'seed')'."""
    f = tmp_path / "first.json"
    f.write_text(json.dumps({"what": "first-player", "seed": 1, "quick": True, "results": {}}))
    code, _, err = run_main(["measure", "perfect-play", "--quick", "--from", f, "--out",
                             tmp_path / "out.json"], capsys)
    assert code == 2 and "a first-player data file, not a perfect-play one" in err, err
    assert "KeyError" not in err and not (tmp_path / "out.json").exists()


def test_dama_beside_other_shields_is_impossible(tmp_path, capsys):
    """The Dama Bianca leaves the board as soon as a shield answers it: a position with the Dama as
    the last shield beside a red one was read, and called the game over ('the shield just placed
    cannot point to any free cell') with a winner."""
    doc = OctagoneGame().new_initial_state(1).to_json()
    doc["board"][0][0] = {"shield": "red", "direction": 2}
    doc["board"][1][1] = {"shield": "dama", "direction": 7}
    doc["last"] = [1, 1]
    doc["hands"][0]["red"] -= 1
    f = tmp_path / "dama.json"
    f.write_text(json.dumps(doc))
    for cmd in ("show", "solve"):
        code, out, err = run_main([cmd, f], capsys)
        assert code == 2 and "no other shield can be on the board beside it" in err, err


@pytest.mark.parametrize("game, args, data", [
    ("octagone", ["measure", "first-player"], "octagone/first-player.json"),
    ("oct8", ["measure"], "oct8/openspiel_match.json"),
])
def test_quick_measure_never_over_the_data_file(tmp_path, monkeypatch, game, args, data):
    """--help says a --quick measurement is never written over the default data file; --out naming
    that file wrote it all the same (a smoke test replacing the report's data)."""
    import octosolve.core.paths as paths
    from click.testing import CliRunner

    from octosolve.cli import cli

    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)  # the data folder, here a scratch one
    target = tmp_path / data
    target.parent.mkdir(parents=True)
    target.write_text('{"full": true}\n')
    r = CliRunner().invoke(cli, [game, *args, "--quick", "--workers", "1", "--out", str(target)])
    assert r.exit_code == 2 and "a --quick measurement is never written over it" in r.output, r.output
    assert target.read_text() == '{"full": true}\n'


def _solvable_state():
    import random

    s = OctagoneGame().new_initial_state(3)
    rng = random.Random(0)
    while sum(1 for b in s.board if b < 0) > 20:
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@pytest.mark.integration
@pytest.mark.parametrize("bad", ["a", 2.5, True, [5]])
def test_solve_from_python_refuses_a_node_budget_that_is_not_a_whole_number(bad):
    """``solve(state, max_nodes="a")`` was a ValueError from int(); 2.5 was rounded down."""
    from octosolve.core.errors import OctoError
    from octosolve.octagone.solve import solve

    with pytest.raises(OctoError, match="the node budget must be a whole number"):
        solve(_solvable_state(), max_nodes=bad)
    assert solve(_solvable_state(), max_nodes=1e6, target="outcome")["proven"]   # 1e6: a whole number


def test_solve_and_hints_refuse_what_is_not_an_octagone_state():
    from octosolve.core.errors import OctoError
    from octosolve.octagone import hint, solve
    from octosolve.oct8.rules import make_game

    for bad in ("x", {"board": []}, make_game().new_initial_state(0)):
        with pytest.raises(OctoError, match="an Octagone state, got"):
            solve.solve(bad)
        with pytest.raises(OctoError, match="an Octagone state, got"):
            hint.exact_hint(bad)
        with pytest.raises(OctoError, match="an Octagone state, got"):
            hint.hint_line(bad)
