import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli as main


def run(*args):
    r = CliRunner().invoke(main, ["octiles", *args])
    return r


def test_tiles_json_shape():
    r = run("tiles", "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert [t["id"] for t in data] == list(range(18))
    assert all(len(t["segments"]) == 4 and all(len(s) == 2 for s in t["segments"]) for t in data)
    assert data[17]["segments"] == [[0, 4], [1, 5], [2, 6], [3, 7]]
    # the table's kind counts and rotations are in the JSON too (it had only id and segments)
    assert data[0]["kinds"] == {"Arc": 4, "Bend": 0, "Curve": 0, "Diameter": 0} and data[0]["rotations"] == 2
    assert data[17]["kinds"]["Diameter"] == 4 and data[17]["rotations"] == 1


def test_trace_json_and_svg(tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"c3": {"tile": 17, "rotation": 0}}))
    svg = tmp_path / "p.svg"
    r = run("trace", str(f), "--json", "--svg", str(svg))
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["summary"]["paths"] == 2
    assert svg.read_text().startswith("<?xml")


def test_challenge_json_keys(tmp_path):
    svg = tmp_path / "c.svg"
    r = run("challenge", "8", "--question", "pairs-1", "--json", "--svg", str(svg))
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for k in ("challenge", "variant", "status", "objective", "bound", "seconds", "placement"):
        assert k in d
    assert d["challenge"] == 8 and d["variant"] == "pairs-1" and d["status"] == "FEASIBLE"
    assert len(d["placement"]) == 17 and svg.exists()
    # the output is itself a valid placement file for trace
    f = tmp_path / "sol.json"
    f.write_text(r.output)
    assert run("trace", str(f), "--json").exit_code == 0


def test_challenge_list():
    r = run("challenge", "--list", "--json")
    assert r.exit_code == 0
    rows = json.loads(r.output)
    assert [x["challenge"] for x in rows] == list(range(1, 31))


def _bad(r):
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert r.output.strip().startswith("Error:") or "Error:" in r.output


def test_bad_input(tmp_path):
    cases = {
        "unknown.json": {"z9": {"tile": 1, "rotation": 0}},
        "twice.json": {"c3": {"tile": 1, "rotation": 0}, "c4": {"tile": 1, "rotation": 0}},
        "rot.json": {"c3": {"tile": 1, "rotation": 9}},
    }
    for name, obj in cases.items():
        f = tmp_path / name
        f.write_text(json.dumps(obj))
        _bad(run("trace", str(f)))
    f = tmp_path / "broken.json"
    f.write_text("{not json")
    _bad(run("trace", str(f)))
    _bad(run("trace", str(tmp_path / "missing.json")))
    _bad(run("challenge", "31"))
    _bad(run("challenge", "2", "--question", "nope"))
    _bad(run("challenge", "2", "--time-limit", "-1"))
    _bad(run("challenge"))


@pytest.mark.integration
def test_challenge_fresh_runs_the_prove_pipeline(monkeypatch):
    """`challenge N --fresh` is `prove N --fresh` without writing: it calls prove_variant with
    fresh=True (never a second, weaker search) and shows the re-traced result."""
    from click.testing import CliRunner

    from octosolve.cli import cli
    from octosolve.octiles.challenges import prove

    calls = []
    real = prove.prove_variant

    def spy(*a, **k):
        calls.append((a, k))
        return real(*a, **k)

    monkeypatch.setattr(prove, "prove_variant", spy)
    r = CliRunner().invoke(cli, ["octiles", "challenge", "11", "--question", "thrice", "--fresh",
                                 "--time-limit", "20", "--json"])
    assert r.exit_code == 0, r.output
    assert len(calls) == 1 and calls[0][1]["fresh"] is True
    doc = json.loads(r.output)
    assert doc["objective"] == 1 and doc["verified"] is True


def test_deterministic_runs_the_proof_inside_core_cpsat_deterministic(monkeypatch):
    """`--deterministic` (prove, challenge --fresh) makes every CP-SAT search of the proof count
    deterministic time: the proof runs inside core.cpsat.deterministic(), and says so in its
    command; without it, it does not."""
    from octosolve.core.cpsat import is_deterministic
    from octosolve.octiles.challenges import prove

    seen = []

    def spy(*a, **k):
        seen.append((is_deterministic(), k["command"]))
        raise SystemExit(0)

    monkeypatch.setattr(prove, "prove_variant", spy)
    for args in (["challenge", "6", "--question", "tiles", "--fresh", "--deterministic"],
                 ["prove", "6", "--question", "tiles", "--deterministic", "--out", "x"],
                 ["challenge", "6", "--question", "tiles", "--fresh"]):
        run(*args)
    assert [d for d, _ in seen] == [True, True, False]
    assert [c.endswith("--deterministic") for _, c in seen] == [True, True, False]


@pytest.mark.parametrize("args", [
    ["--list", "12"],                              # the number was ignored: the whole list printed
    ["--list", "--question", "count"],
    ["--list", "--fresh"],
    ["--list", "--svg", "never.svg"],              # nothing was drawn, exit 0
    ["--list", "--seed", "3"],
    ["1", "--fresh", "--time-limit", "5"],         # challenge 1 is an exact count: no search to limit
    ["1", "--fresh", "--workers", "2"],
    ["1", "--fresh", "--deterministic"],
    ["13", "--deterministic"],                     # no search runs without --fresh
    ["--list", "--deterministic"],
    ["1", "--question", "x"],                      # challenge 1's one question is 'pairs': was ignored
    ["25", "--question", "all-five", "--svg", "never.svg"],   # no placement: was exit 0, no file
])
def test_challenge_refuses_options_it_would_ignore(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("challenge", *args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), lines
    assert not (tmp_path / "never.svg").exists()


def test_challenge_list_alone_still_lists():
    r = run("challenge", "--list", "--json")
    assert r.exit_code == 0 and len(json.loads(r.output)) == 30


@pytest.mark.integration
def test_challenge_one_says_its_counts_in_words():
    """Challenge 1 printed '1 tiles: 98 pairs' and its hardest pair as Python's dict
    ("{'from': 'C6', 'to': 'F1', 'tiles': 6}"), with no word on the placement below it."""
    r = run("challenge", "1", "--question", "pairs")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert "fewest tiles per pair: 1 tile: 98 pairs, 2 tiles: 140 pairs" in first, first
    assert first.endswith("longest shortest path: C6 to F1, 6 tiles, drawn by the placement below"), first
    assert "{" not in first
    from octosolve.octiles.challenges.gallery import hardest_text, histogram_text

    assert histogram_text({"1": 1, "2": 3}) == "1 tile: 1 pair, 2 tiles: 3 pairs"
    assert hardest_text({"from": "A1", "to": "B2", "tiles": 1}) == "A1 to B2, 1 tile"
    r = run("challenge", "25", "--question", "nope")
    assert r.exit_code == 2 and "has no question 'nope' (questions: whole-board," in r.output, r.output


@pytest.mark.parametrize("args", [["30", "--question", "one-tile-paths"], ["2"]])
def test_prove_refuses_a_scheduler_it_would_not_use(args, tmp_path):
    """Only challenge 12's proof splits into cases a cluster can spread: --scheduler elsewhere was
    ignored without a word (the proof ran on this machine, exit 0)."""
    r = run("prove", *args, "--scheduler", "local", "--time-limit", "1", "--out", str(tmp_path))
    assert r.exit_code == 2, r.output
    assert "--scheduler spreads the cases of a split proof" in r.output, r.output
    assert not list(tmp_path.iterdir())


def test_prove_12_local_cluster_has_workers_processes(monkeypatch):
    """`prove 12 --workers 2 --scheduler local` (docs: 'a throw-away Dask cluster of two worker
    processes') started one per core whatever --workers said: run_batch got workers=None."""
    import octosolve.core.batch as batch
    from octosolve.octiles.challenges.proofs_paths import prove_12_cases

    seen = []

    def fake(func, tasks, *, workers=None, scheduler=None, desc=""):
        seen.append((workers, scheduler))
        return [{"solver_status": "INFEASIBLE"} for _ in tasks]

    monkeypatch.setattr(batch, "run_batch", fake)
    for scheduler, want in ((None, 2), ("local", 2), ("tcp://h:8786", None)):
        prove_12_cases(7, time_limit=1, workers=2, seed=0, scheduler=scheduler)
        assert seen[-1] == (want, scheduler), seen


def test_prove_refuses_workers_beside_a_cluster_address(tmp_path):
    r = run("prove", "12", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path))
    assert r.exit_code == 2 and "--workers beside a cluster's address" in r.output, r.output


def test_prove_1_says_why_it_needs_no_proof():
    """'Invalid value for NUMBER: 1 is not in the range 2<=x<=30' did not say why."""
    r = run("prove", "1")
    assert r.exit_code == 2 and "challenge 1 needs no proof" in r.output, r.output
    r = run("prove", "31")
    assert r.exit_code == 2 and "1<=x<=30" in r.output, r.output


def test_prove_says_a_yes_answer_without_none(tmp_path):
    """A yes certificate's line said 'yes, value None, bound None'."""
    r = run("prove", "4", "--time-limit", "5", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Challenge 4 once: yes; ") and "None" not in r.output, r.output
    r = run("prove", "30", "--time-limit", "5", "--out", str(tmp_path))
    assert r.output.startswith("Challenge 30 one-tile-paths: optimal, value 28, bound 28; "), r.output


@pytest.mark.parametrize("cmd", ["challenge", "prove"])
def test_a_negative_challenge_number_is_named_as_one(cmd):
    """'challenge -1' said "No such option: -1" (read as an option); an option's negative value is
    still that option's error."""
    r = run(cmd, "-1")
    assert r.exit_code == 2 and "challenge must be 1-30, got -1" in r.output, r.output
    r = run(cmd, "2", "--seed", "-1")
    assert r.exit_code == 2 and "'--seed'" in r.output, r.output
