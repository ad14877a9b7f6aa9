"""The real-play frontier (issue 46, item 3): the median with its order-statistic interval when
some searches hit their budget, the bench's JSON writer, the report's reading of it, and `solve
--target outcome` taking both cores by default from 21 free cells."""

import importlib.util
import json
import math
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from octosolve.core.errors import OctoValueError
from octosolve.core.stats import censored_median, median_ranks

ROOT = Path(__file__).resolve().parents[2]


def test_median_ranks_against_the_binomial_sum():
    """The interval [X(k), X(n-k+1)] covers the median with probability 1 - 2 P(B <= k-1), B ~
    Bin(n, 1/2): the largest k reaching 95%, recomputed here term by term."""
    for n in (6, 9, 16, 17, 30):
        k, j, conf = median_ranks(n)
        cover = [1 - 2 * sum(math.comb(n, i) for i in range(kk)) / 2 ** n for kk in (k, k + 1)]
        assert j == n - k + 1 and abs(cover[0] - conf) < 1e-5 and cover[0] >= 0.95
        assert cover[1] < 0.95 or k + 1 > n // 2
    assert median_ranks(17)[:2] == (5, 13) and median_ranks(16)[:2] == (4, 13)


def test_censored_median_hand_worked():
    """17 searches, 10 proven (nodes 1..10, shuffled), 7 stopped at the budget 100: sorted, the
    9th is 9, so the median is 9; the 95% interval is the 5th to the 13th (95.1%): 5, and the 13th
    is a stopped one, so the high end is "above 100". With 9 stopped (8 proven) the 9th is a
    stopped one: the median is only known to be above 100. With 16 values (mean of the 8th and
    9th), 8 proven 1..8 and 8 stopped: above (8 + 100) / 2."""
    vals = [(x, False) for x in (7, 2, 10, 1, 9, 4, 3, 8, 6, 5)] + [(100, True)] * 7
    r = censored_median(vals)
    assert (r["median"], r["median_above"]) == (9, None)
    assert r["ci"] == [5, None] and r["ci_high_above"] == 100 and r["confidence"] == 0.95096
    assert (r["n"], r["exact"]) == (17, 10)
    r = censored_median([(x, False) for x in range(1, 9)] + [(100, True)] * 9)
    assert r["median"] is None and r["median_above"] == 100
    r = censored_median([(x, False) for x in range(1, 9)] + [(100, True)] * 8)
    assert r["median"] is None and r["median_above"] == 54
    r = censored_median([(x, False) for x in range(1, 18)])   # nothing stopped: the plain median
    assert r["median"] == 9 and r["ci"] == [5, 13] and r["ci_high_above"] is None


def _bench():
    spec = importlib.util.spec_from_file_location("bench_octagone_t", ROOT / "scripts" / "bench_octagone.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _entry(proven_within: bool, threads: int = 1, budget: int = 5 * 10**8):
    m = censored_median([(10**7, False)] * 9 + [(budget, True)] * 8) if proven_within else \
        censored_median([(10**7, False)] * 8 + [(budget, True)] * 9)
    return {"positions": 17, "per_size": 17, "stopped_when_decided": False, "proven": 9 if proven_within else 8,
            "threads": threads, "method": "alphabeta", "budget_nodes": budget,
            "median_within_budget": m["median"] is not None, "median": {"nodes": m, "wall_s": m, "cpu_s": m},
            "median_s": 1.0, "max_s": None, "median_cpu_s": 1.0, "median_longest_thread_nodes": 10,
            "nodes_per_s_wall": 1000, "nodes_per_s_cpu": 1000, "load_before": [1.0, 1.0, 1.0],
            "load_after": [1.0, 1.0, 1.0], "rows": []}


def test_bench_out_writes_merges_and_the_report_reads_it(tmp_path, monkeypatch):
    """--out writes one entry per size (and threads); --merge keeps the other entries and replaces
    a size measured again; the frontier is the largest size whose median is within the budget; the
    report's table reads the file, and a file of another shape is a one-line error."""
    bench = _bench()
    out = tmp_path / "octagone" / "frontier.json"
    args = SimpleNamespace(out=str(out), merge=True)
    bench._write_out(args, {"26": _entry(True), "28": _entry(False)})
    bench._write_out(args, {"28": _entry(True, threads=2), "27": _entry(True)})
    d = json.loads(out.read_text())
    assert [(e["free_cells"], e["threads"]) for e in d["measurements"]] == [(26, 1), (27, 1), (28, 1), (28, 2)]
    assert d["frontier_within_budget"] == {"1": 27, "2": 28}
    bench._write_out(args, {"27": _entry(False)})          # measured again: replaced
    assert json.loads(out.read_text())["frontier_within_budget"] == {"1": 26, "2": 28}
    bench._write_out(SimpleNamespace(out=str(out), merge=False), {"24": _entry(True)})
    assert [e["free_cells"] for e in json.loads(out.read_text())["measurements"]] == [24]

    from octosolve.octagone import report

    monkeypatch.setattr(report, "DATA_DIR", tmp_path)
    bench._write_out(args, {"28": _entry(False)})
    text = "\n".join(report._frontier_lines(report._frontier()))
    assert "one thread: 24 free cells" in text
    assert "| 28 | 1 | 8 of 17 | above 500.0 M (10.0 M to above 500.0 M) |" in text
    assert "| 24 | 1 | 9 of 17 | 10.0 M (10.0 M to above 500.0 M) |" in text
    cut = {**_entry(False), "positions": 4, "interrupted": True}
    bench._write_out(args, {"29": cut})
    assert "| 29 | 1 | 8 of 4 (interrupted, of 17) |" in "\n".join(report._frontier_lines(report._frontier()))
    out.write_text('{"measurements": [{"free_cells": 24}]}')
    with pytest.raises(OctoValueError, match="not a frontier file"):
        report._frontier()
    out.unlink()
    assert "Not measured here" in "\n".join(report._frontier_lines(report._frontier()))


@pytest.fixture(scope="module")
def pos22(tmp_path_factory):
    from octosolve.octagone.matches import position_with_free

    st = position_with_free(3, 22)
    f = tmp_path_factory.mktemp("pos") / "p22.json"
    f.write_text(json.dumps(st.to_json()))
    return st, f


def test_solve_outcome_takes_both_cores_by_default(pos22, monkeypatch):
    """`solve --target outcome` without --workers: two threads from 21 free cells on a machine
    with 2 cores (the same outcome), one on a 1-core machine, with --workers 1, for the margin and
    below 21 free cells; --workers 1 gives exactly the one-thread library search's nodes."""
    from octosolve.octagone import cli
    from octosolve.octagone.solve import solve

    st, f = pos22

    def run(*args):
        r = CliRunner().invoke(cli.group, ["solve", str(f), "--json", *args], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return json.loads(r.output)

    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    two = run("--target", "outcome")
    one = run("--target", "outcome", "--workers", "1")
    assert two["threads"] == 2 and len(two["thread_nodes"]) == 2 and one["threads"] == 1
    ref = solve(st, target="outcome")
    assert two["value"] == one["value"] == ref["value"] and one["nodes"] == ref["nodes"]
    assert one["best_action"] == ref["best_action"]
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 1)
    assert run("--target", "outcome")["threads"] == 1
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    small = SimpleNamespace(board=[-1] * 20 + [0] * 22)
    assert cli.default_solve_workers(small, "numba", "outcome", "alphabeta", False) == 1
    big = SimpleNamespace(board=[-1] * 21 + [0] * 21)
    assert cli.default_solve_workers(big, "numba", "outcome", "alphabeta", False) == 2
    assert cli.default_solve_workers(big, "numba", "outcome", "dfpn", False) == 1
    assert cli.default_solve_workers(big, "numba", "margin", "alphabeta", False) == 1
    assert cli.default_solve_workers(big, "numba", "outcome", "alphabeta", True) == 1
    assert cli.default_solve_workers(big, "python", "outcome", "alphabeta", False) == 1
