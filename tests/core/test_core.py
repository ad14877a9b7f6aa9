import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.games import game_names
from octosolve.core import lexicon, seeding, stats
from octosolve.core.batch import chunked, run_batch
from octosolve.core.errors import OctoError
from octosolve.core.game import RandomPlayer, play
from octosolve.core.jsonout import dumps
from octosolve.core.mcts import MCTSPlayer
from tests.core.toy_games import DiceNimGame, NimGame


def test_fold_word():
    assert lexicon.fold_word("Élève") == "ELEVE"
    assert lexicon.fold_word("cœur") == "COEUR"
    assert lexicon.fold_word("naïveté") == "NAIVETE"
    assert lexicon.fold_word("Straße") == "STRASSE"


def test_load_words(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("# comment\nÉlève\nabc\naujourd'hui\nabc\n\nLonger\tfreq\n", encoding="utf-8")
    assert lexicon.load_words(p) == ["ELEVE", "ABC", "LONGER"]
    assert lexicon.load_words(p, length=3) == ["ABC"]
    with pytest.raises(OctoError, match="entry 3"):
        lexicon.load_words(p, strict=True)


@pytest.mark.parametrize("content", [b"\xff\xfe\x00bad", b"", b"123\n!!!\n"])
def test_load_words_bad_files(tmp_path, content):
    p = tmp_path / "bad.txt"
    p.write_bytes(content)
    with pytest.raises(OctoError):
        lexicon.load_words(p)


def test_load_words_missing(tmp_path):
    with pytest.raises(OctoError, match="not found"):
        lexicon.load_words(tmp_path / "nope.txt")


def test_seeds_are_reproducible_and_distinct():
    assert seeding.derive_seed(7, "a", 1) == seeding.derive_seed(7, "a", 1)
    assert seeding.derive_seed(7, "a", 1) != seeding.derive_seed(7, "a", 2)
    assert seeding.rng(3).integers(1 << 30) == seeding.rng(3).integers(1 << 30)


def test_wilson():
    lo, hi = stats.wilson_interval(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    m, lo, hi = stats.mean_ci([1, 2, 3, 4])
    assert m == 2.5 and lo < m < hi


def test_dumps_numpy():
    import numpy as np

    assert json.loads(dumps({"a": np.int64(3), "b": np.array([1.5]), "c": float("nan")})) == \
        {"a": 3, "b": [1.5], "c": None}


def _square(x):
    return x * x


def test_chunked():
    assert chunked(5, 2) == [(0, 2), (2, 4), (4, 5)]


def test_batch_local_processes():
    assert run_batch(_square, range(10), workers=2) == [x * x for x in range(10)]
    assert run_batch(_square, range(3), workers=1) == [0, 1, 4]
    with pytest.raises(OctoError):
        run_batch(_square, [1, 2], workers=0)


@pytest.mark.integration
def test_batch_local_dask_cluster():
    pytest.importorskip("dask.distributed")
    assert run_batch(_square, range(6), scheduler="local") == [x * x for x in range(6)]


@pytest.mark.integration
def test_batch_unreachable_scheduler_is_clean_error(monkeypatch):
    distributed = pytest.importorskip("dask.distributed")

    class QuickClient(distributed.Client):  # the same client, giving up after 1 s instead of 10 s
        def __init__(self, *args, **kw):
            kw["timeout"] = "1s"
            super().__init__(*args, **kw)

    monkeypatch.setattr(distributed, "Client", QuickClient)
    with pytest.raises(OctoError, match="cannot reach"):
        run_batch(_square, range(2), scheduler="tcp://127.0.0.1:1")


def test_mcts_finds_nim_win():
    # heap 10: only taking 2 leaves a multiple of 4
    s = NimGame(10).new_initial_state()
    assert MCTSPlayer(simulations=3000, seed=1).choose(s) == 1
    s = NimGame(7).new_initial_state()
    assert MCTSPlayer(simulations=3000, seed=2).choose(s) == 2


def test_mcts_beats_random_with_chance_nodes():
    wins = 0
    for g in range(20):
        s = DiceNimGame().new_initial_state(g)
        players = [MCTSPlayer(200, seed=g), RandomPlayer(g)] if g % 2 == 0 else \
            [RandomPlayer(g), MCTSPlayer(200, seed=g)]
        play(s, players, rng=seeding.py_random(g))
        mcts_seat = 0 if g % 2 == 0 else 1
        wins += s.returns()[mcts_seat] > 0
    assert wins >= 15


def test_cli_help_lists_every_game():
    r = CliRunner().invoke(cli, ["--help"])
    assert r.exit_code == 0
    for g in game_names():
        assert g in r.output


def test_report_unknown_game_exit_2():
    r = CliRunner().invoke(cli, ["report", "--only", "chess"])
    assert r.exit_code == 2 and "unknown game" in r.output


@pytest.mark.parametrize("args", [
    ["--only", ""], ["--only", ",,"], ["--only", "octiles,nope"], ["--only", "octiles,OCTILES"], ["--seed", str(2 ** 70)],
    ["--seed", "-1"], ["--seed", "x"], ["--out", "/proc/octosolve-nope/results"],
    ["--out", "FILE"], ["--quick", "--out", ""], ["--bogus"]])
def test_report_bad_options_exit_2_before_any_work(args, tmp_path, capsys):
    """The report's options are refused in one line, exit 2, before anything runs (the fuzz suite
    leaves `report` out because a plain run writes results/)."""
    from octosolve.cli import main
    f = tmp_path / "a-file"
    f.write_text("x")
    argv = ["report"] + [str(f) if a == "FILE" else a for a in args]
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2, (argv, err)
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert not list(tmp_path.glob("*/summary.json"))


def test_console_script_bad_input_is_one_line():
    r = subprocess.run([sys.executable, "-m", "octosolve", "report", "--only", "nope"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_report_index_keeps_earlier_games(tmp_path):
    from octosolve.core.jsonout import write_json
    from octosolve.report import run_report

    write_json(tmp_path / "oct8" / "summary.json",
               {"game": "oct8", "title": "Oct8 balance", "summary": "- 42 games", "seconds": 1.5,
                "quick": True, "files": []})
    run_report(tmp_path, [], quick=True, seed=None, as_json=False)
    index = (tmp_path / "README.md").read_text()
    assert "[Oct8 balance](oct8/README.md)" in index and "- 42 games" in index
    data = json.loads((tmp_path / "index.json").read_text())
    assert [g["game"] for g in data["games"]] == ["oct8"]


def test_report_counts_its_games_in_words(tmp_path, monkeypatch, capsys):
    """`report --only octiles` ended 'Wrote .../README.md (1 game(s))'."""
    import types

    import octosolve.report
    from octosolve.report import run_report

    def build(out_dir, *, quick, seed):
        out_dir.mkdir(parents=True, exist_ok=True)
        return {"title": "Fake", "summary": "- nothing", "files": []}

    monkeypatch.setattr(octosolve.report, "get_game", lambda name: types.SimpleNamespace(build_report=build))
    run_report(tmp_path, ["octiles"], quick=True, seed=None, as_json=False)
    out = capsys.readouterr().out
    assert "(1 game); durations in " in out and "(s)" not in out, out


def test_report_index_skips_foreign_summary_files(tmp_path):
    """A game folder whose summary.json is not a report section (or not JSON) is left out of the
    index instead of crashing it."""
    from octosolve.core.jsonout import write_json
    from octosolve.report import run_report

    write_json(tmp_path / "octoverso" / "summary.json", {"lexicon": {}, "quick": False})
    (tmp_path / "oct8").mkdir()
    (tmp_path / "oct8" / "summary.json").write_text("{not json", encoding="utf-8")
    run_report(tmp_path, [], quick=True, seed=None, as_json=False)
    index = (tmp_path / "README.md").read_text()
    assert "octoverso" not in index and "oct8" not in index


def test_read_text_errors_and_bom(tmp_path):
    from octosolve.core.lexicon import read_text

    p = tmp_path / "deck.csv"
    p.write_bytes("\ufeffletter,number\n".encode("utf-8"))
    assert read_text(p, "deck file") == "letter,number\n"
    with pytest.raises(OctoError, match="deck file not found"):
        read_text(tmp_path / "nope.csv", "deck file")
    with pytest.raises(OctoError, match="is a directory"):
        read_text(tmp_path, "deck file")
    p.write_bytes(b"letter,number\n\xff\xfe")
    with pytest.raises(OctoError, match="not UTF-8 text"):
        read_text(p, "deck file")


def test_read_json_errors(tmp_path):
    from octosolve.core.jsonout import read_json

    p = tmp_path / "pos.json"
    p.write_text('{"a": [1, 2]}', encoding="utf-8")
    assert read_json(p, "position file") == {"a": [1, 2]}
    p.write_text('{"a": ', encoding="utf-8")
    with pytest.raises(OctoError, match=r"position file .*pos.json is not valid JSON"):
        read_json(p, "position file")
    with pytest.raises(OctoError, match="position file not found"):
        read_json(tmp_path / "nope.json", "position file")


def test_match_layer_on_toy_nim():
    """Heap 5: the first player wins with perfect play (take 1, leave 4); UCT finds it, so seats
    matter and the rotation shows it; results are the same however the games are spread."""
    from octosolve.core.match import MatchSpec, match, round_robin
    from tests.core.toy_games import new_toy_game, new_toy_player

    spec = MatchSpec(new_toy_game, new_toy_player, {"heap": 5}, {"simulations": 300})
    m = match(spec, ["uct", "random"], 20, seed=3, workers=1)
    assert [r["players"] for r in m["records"][:2]] == [["uct", "random"], ["random", "uct"]]
    assert all(r["format"] == "octosolve-record/1" and r["outcome"]["terminal"] for r in m["records"])
    uct, rnd = m["results"]["uct"], m["results"]["random"]
    assert uct["games"] == rnd["games"] == 20
    assert uct["wins"] == rnd["losses"] and uct["losses"] == rnd["wins"] and uct["draws"] == 0
    assert uct["wins"] >= 15 and uct["score_ci95"][0] > 0.5
    # every game uct opens, it wins (perfect play from a won position)
    assert all(r["outcome"]["winners"] == [0] for r in m["records"] if r["players"][0] == "uct")
    # the tallies are derived from the records, or equally from their summaries
    from octosolve.core.match import tally
    from octosolve.core.record import summary

    assert tally([summary(r) for r in m["records"]], ["uct", "random"])["results"] == m["results"]
    assert m["seats"][0]["games"] == 20
    m2 = match(spec, ["uct", "random"], 20, seed=3, workers=2)
    assert m2["records"] == m["records"]
    rr = round_robin(spec, ["random", "uct"], 6, seed=1)
    assert rr["table"]["uct"]["games"] == 6 and len(rr["pairs"]) == 1


def test_player_registry():
    from octosolve.core.players import RANDOM, UCT, find_spec, make_player, parse_players

    specs = (RANDOM, UCT)
    assert parse_players(" UCT,random ", specs, counts=(2,)) == ["uct", "random"]
    with pytest.raises(OctoError, match="unknown player 'minimax'"):
        parse_players("minimax", specs)
    with pytest.raises(OctoError, match="takes 2"):
        parse_players("uct", specs, counts=(2,))
    p = make_player(specs, "uct", NimGame(), seed=1, simulations=7, depth=3)  # depth: not its option
    assert p.simulations == 7 and find_spec(specs, "RANDOM") is RANDOM


def test_toy_games_keep_the_contract():
    """The contract's JSON round trip and history on the toy games (the real games are checked by
    tests/test_conformance.py)."""
    for game in (NimGame(9), DiceNimGame()):
        s = game.new_initial_state(4)
        rng = seeding.py_random(1)
        play(s, [RandomPlayer(1), RandomPlayer(2)], rng=rng)
        back = game.state_from_json(json.loads(json.dumps(s.to_json())))
        assert back.to_json() == s.to_json() and back.winners() == s.winners() != []
        assert len(s.history) > 0
    with pytest.raises(OctoError):
        NimGame().state_from_json({"game": "toynim", "heap": -1, "to_move": 0})


def test_cpsat_leaves_ctrl_c_to_python():
    """After a CP-SAT solve, Ctrl-C still raises KeyboardInterrupt (CP-SAT's own SIGINT catching
    leaves the default handler behind, which would kill the process with no message)."""
    import signal

    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    from octosolve.core.cpsat import solve

    # start from Python's own handler (whatever ran before, or how pytest was started)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        m = cp_model.CpModel()
        x = m.NewIntVar(0, 10, "x")
        m.Maximize(x)
        s = cp_model.CpSolver()
        s.parameters.num_workers = 2
        assert solve(s, m) == cp_model.OPTIMAL and s.Value(x) == 10
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, before)


def test_ctrl_c_report_imports_nothing(monkeypatch, capsys):
    """The Ctrl-C exit (cli._stopped) must not import: a Ctrl-C in a command's first second can stop
    an import half-way (tqdm's asyncio), and importing core.batch again then failed with a NameError
    traceback and exit status 1 instead of 'Interrupted.' and 130. Here any import of core.batch
    fails, as the half-made module did."""
    import octosolve.core as core_pkg
    from octosolve import cli as cli_mod

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name == "octosolve.core.batch":
                raise NameError("name 'coroutines' is not defined")

    monkeypatch.delitem(sys.modules, "octosolve.core.batch", raising=False)
    monkeypatch.delattr(core_pkg, "batch", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Refuse()] + sys.meta_path)
    with pytest.raises(SystemExit) as e:
        cli_mod._stopped(KeyboardInterrupt())
    assert e.value.code == 130 and capsys.readouterr().err.strip() == "Interrupted."


def test_an_error_raised_while_ctrl_c_unwinds_is_the_clean_stop(monkeypatch, capsys):
    """A Ctrl-C that lands while numba loads surfaces as numba's ImportError ('numba._devicearray
    failed to import'), raised while handling the KeyboardInterrupt: main() gives the Ctrl-C's
    'Interrupted.' and 130, not 'internal error' and 1. An ImportError with no Ctrl-C behind it
    stays an internal error."""
    from octosolve import cli as cli_mod
    from octosolve.core import batch

    # a pool stopped by an earlier test in this process would make the stop leave by os._exit
    monkeypatch.setattr(batch, "POOLS_STOPPED", 0)

    def stopped_in_an_import(*a, **k):
        try:
            raise KeyboardInterrupt()
        except KeyboardInterrupt:
            raise ImportError("numba._devicearray failed to import")

    monkeypatch.setattr(cli_mod.cli, "main", stopped_in_an_import)
    with pytest.raises(SystemExit) as e:
        cli_mod.main([])
    assert e.value.code == 130 and capsys.readouterr().err.strip() == "Interrupted."

    def plain(*a, **k):
        raise ImportError("no such module")

    monkeypatch.setattr(cli_mod.cli, "main", plain)
    with pytest.raises(SystemExit) as e:
        cli_mod.main([])
    assert e.value.code == 1 and "internal error: ImportError" in capsys.readouterr().err


def test_pairings_refuse_a_player_named_twice():
    """A round robin's names: every pair once, in order; a name given twice is a one-line error (it
    was silently played once), fewer than two different names too."""
    import pytest

    from octosolve.core.errors import OctoError
    from octosolve.core.match import pairings

    assert [(a, b) for a, b, _ in pairings(["x", "y", "z"], 1)] == [("x", "y"), ("x", "z"), ("y", "z")]
    with pytest.raises(OctoError, match="x named twice"):
        pairings(["x", "y", "x"], 1)
    with pytest.raises(OctoError, match="two different"):
        pairings(["x", "x"], 1)


def test_report_refuses_a_game_named_twice(monkeypatch, capsys):
    """`report --only octiles,octiles` built the octiles report twice (same files, twice the
    time, two sections in index.json): now one line, exit 2, before any work."""
    import octosolve.report
    from octosolve.cli import main

    calls = []
    monkeypatch.setattr(octosolve.report, "run_report", lambda *a, **k: calls.append(a))
    with pytest.raises(SystemExit) as e:
        main(["report", "--only", "octiles,oct8,Octiles", "--quick"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and calls == [], (calls, err)
    assert err.strip() == "Error: --only names octiles more than once", err


def test_tally_interval_counts_games_for_a_name_in_several_seats():
    from octosolve.core.match import tally
    from octosolve.core.stats import wilson_interval
    # "a" holds seats 0 and 2 of four; seat g % 4 wins game g: "a" wins one of its two seats in
    # half of the 20 games
    recs = [{"seats": ["a", "b", "a", "b"], "winners": [g % 4], "outcome": None} for g in range(20)]
    res = tally(recs, ["a", "b"])["results"]
    assert res["a"]["games"] == 40 and res["a"]["wins"] == 10 and res["a"]["losses"] == 30
    assert res["a"]["score"] == 0.25
    # a game gives "a" the mean of its two seats, 1/2 or 0: 5 points over 20 games
    assert res["a"]["score_ci95"] == list(wilson_interval(5, 20))
    assert res["a"]["score_ci95"] != list(wilson_interval(10, 40))
    # a name in one seat a game keeps the plain interval
    one = tally([{"seats": ["a", "b"], "winners": [g % 2], "outcome": None} for g in range(10)],
                ["a", "b"])["results"]
    assert one["a"]["score_ci95"] == list(wilson_interval(5, 10))


def test_results_lines_say_one_win_one_loss():
    from octosolve.core.match import results_lines, tally
    recs = [{"seats": ["a", "b"], "winners": [g % 2], "outcome": None} for g in range(2)]
    lines = results_lines(tally(recs, ["a", "b"])["results"])
    assert "a  1 win, 0 draws, 1 loss in 2 games;" in lines[0]
    one = results_lines(tally(recs[:1], ["a", "b"])["results"])
    assert "1 win, 0 draws, 0 losses in 1 game;" in one[0]


@pytest.mark.integration
def test_cpsat_deterministic_block_counts_work_not_seconds():
    """Inside core.cpsat.deterministic() a solve's limit is CP-SAT's deterministic time with its
    workers interleaved, and clock() adds up that time (the same in every run); outside, neither."""
    cp_model = pytest.importorskip("ortools.sat.python.cp_model")
    from octosolve.core.cpsat import clock, deterministic, is_deterministic, solve

    def model():
        m = cp_model.CpModel()
        xs = [m.NewIntVar(0, 9, f"x{i}") for i in range(12)]
        m.AddAllDifferent(xs[:10])
        m.Add(sum(xs) == 60)
        m.Maximize(sum(i * x for i, x in enumerate(xs)))
        return m, xs

    spent = []
    for _ in range(2):
        with deterministic():
            assert is_deterministic() and clock() == 0.0
            m, xs = model()
            s = cp_model.CpSolver()
            s.parameters.max_time_in_seconds = 7.0
            s.parameters.num_workers = 2
            assert solve(s, m, show_progress=False) == cp_model.OPTIMAL
            assert s.parameters.interleave_search and s.parameters.max_deterministic_time == 7.0
            assert s.parameters.max_time_in_seconds == float("inf")
            spent.append((clock(), [s.Value(x) for x in xs]))
            assert clock() > 0
    assert spent[0] == spent[1]
    assert not is_deterministic()
    m, _ = model()
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = 7.0
    solve(s, m, show_progress=False)
    assert not s.parameters.interleave_search and s.parameters.max_time_in_seconds == 7.0


def test_svg_text_rounds_float_noise_away_everywhere_a_picture_is_written():
    # drawsvg writes a float as Python prints it: results/ held tens of thousands of coordinates
    # such as 381.00000000000006; every writer now goes through core.svg.svg_text
    import re
    from pathlib import Path

    import drawsvg as draw

    from octosolve.core.svg import new_drawing, svg_text

    d = new_drawing(10, 10, None)
    d.append(draw.Line(-1e-17, 0.1 + 0.2, 381.00000000000006, 2 / 3))
    t = svg_text(d)
    assert 'd="M0,0.3 L381,0.666667"' in t, t
    root = Path(__file__).resolve().parents[2]
    noisy = [str(p.relative_to(root)) for p in (root / "results").rglob("*.svg")
             if re.search(r"\d\.\d{9,}", p.read_text())]
    assert noisy == [], noisy[:5]
    # (doctests may show drawsvg's own as_svg; code writes through svg_text)
    left = [str(p.relative_to(root)) for p in (root / "octosolve").rglob("*.py")
            if p.name != "svg.py" and any(".as_svg(" in ln for ln in p.read_text().splitlines()
                                          if not ln.lstrip().startswith(">>>"))]
    assert left == [], left


@pytest.mark.integration
def test_a_direct_cpsat_solve_leaves_ctrl_c_to_python():
    """CP-SAT's Solve, called directly with its own Ctrl-C handling, left its C-level handler
    behind: a later SIGINT killed the process silently (status 130; it once took down a test
    worker). core.cpsat.new_solver puts Python's handler back when Solve returns."""
    import subprocess
    import sys

    code = """
import signal
from ortools.sat.python import cp_model
from octosolve.core.cpsat import new_solver
signal.signal(signal.SIGINT, signal.default_int_handler)
m = cp_model.CpModel(); x = m.NewIntVar(0, 10, "x"); m.Maximize(x)
s = new_solver() if "new" in __import__("sys").argv else cp_model.CpSolver()
assert s.Solve(m) == cp_model.OPTIMAL
try:
    signal.raise_signal(signal.SIGINT)
except KeyboardInterrupt:
    print("caught")
"""
    new = subprocess.run([sys.executable, "-c", code, "new"], capture_output=True, text=True, timeout=120)
    assert new.returncode == 0 and new.stdout.strip() == "caught", (new.returncode, new.stderr[-300:])
    raw = subprocess.run([sys.executable, "-c", code, "raw"], capture_output=True, text=True, timeout=120)
    assert raw.returncode != 0 and "caught" not in raw.stdout   # what new_solver guards against
