"""scripts/check_readme.py, the docs' example checker: how it reads a block, what it masks, that it
finds a difference and skips what is too long, and (integration) that the quick docs' examples are
still true to the code."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check_readme.py"
spec = importlib.util.spec_from_file_location("check_readme", SCRIPT)
check_readme = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_readme)


def checker(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=timeout)


def test_examples_reads_commands_and_shown_lines():
    text = ("```console\n$ octosolve a  # a note\nline 1\n...\n$ b | head -2\n```\n"
            "```\n$ c\nout\n```\n```python\n$ not a command\n```\n")
    assert check_readme.examples(text, docs=False) == [("octosolve a", ["line 1", "..."]),
                                                       ("b | head -2", [])]
    assert check_readme.examples(text, docs=True) == [("octosolve a", ["line 1", "..."]),
                                                      ("b | head -2", []), ("c", ["out"])]
    # a ```python block's closing fence does not open a block: the prose after it is not read
    text = "```python\nx = 1\n```\n$ prose\n```\n$ a\nb\n```\n"
    assert check_readme.examples(text, docs=True) == [("a", ["b"])]


@pytest.mark.parametrize("shown, printed", [
    ("63,689 nodes in 0.0082 s (numba)", "63,689 nodes in 0.0125 s (numba)"),
    ("  B = 195: bounds proved: 195: 196 (4 s)", "  B = 195: bounds proved: 195: 196 (3 s)"),
    ("numba : 17601 nodes, 8,443,014 nodes/s wall", "numba : 17601 nodes, 9,001 nodes/s wall"),
    ("annealing 1642; 129.2 s); mean 13.05", "annealing 1642; 131.0 s); mean 13.05"),
    ("kernel 6.75 ms (load average 2.40, 2026-11-25)", "kernel 7.1 ms (load average 0.5, 2026-11-27)"),
])
def test_timings_are_masked_the_rest_compared(shown, printed):
    assert check_readme.mask(shown) == check_readme.mask(printed)
    assert check_readme.mask(shown + " more") != check_readme.mask(printed)  # the rest is compared


def test_figures_that_are_not_timings_are_compared():
    for a, b in [("score 0.850 (95% CI 0.767-0.907)", "score 0.860 (95% CI 0.767-0.907)"),
                 ("P0: 21 shields: redx2", "P0: 20 shields: redx2"),
                 ("solutions: 16   difficulty: easy", "solutions: 15   difficulty: easy")]:
        assert check_readme.mask(a) != check_readme.mask(b)


def test_skip_list_covers_long_runs_and_writes_into_data():
    assert check_readme.skip_reason("python scripts/bench_octagone.py --frees 25 --budget 2e7")
    assert check_readme.skip_reason("octosolve octagone measure perfect-play")
    assert check_readme.skip_reason("octosolve x --out data/oct8/strength.json")
    assert check_readme.skip_reason("octosolve octagion solve treasure") is None


@pytest.mark.integration
def test_a_difference_an_expected_error_a_cat_file_and_a_cpu_limit(tmp_path):
    md = tmp_path / "doc.md"
    md.write_text(
        "```\n$ cat in.txt\nhello from a file\n$ cat in.txt\nhello from a file\n"
        "$ echo one; echo two\none\n...\n$ echo 'Error: bad thing' >&2; exit 2\nError: bad thing\n"
        "$ exit 3\nexit status 3\n```\n", encoding="utf-8")
    run = checker(str(md))
    assert run.returncode == 0, run.stdout
    assert run.stdout.count("ok   ") == 4 and "file cat in.txt" in run.stdout
    md.write_text("```\n$ echo one\ntwo\n$ exit 1\n```\n", encoding="utf-8")
    run = checker(str(md))
    assert run.returncode == 1
    assert "DIFF echo one\n     not printed: two" in run.stdout
    assert "DIFF exit 1\n     not printed: (exit status 1" in run.stdout
    assert run.stdout.strip().endswith("2 command(s) differ from their docs")
    md.write_text("```\n$ python -c 'while True: pass'\n```\n", encoding="utf-8")
    run = checker(str(md), "--timeout", "1")
    assert run.returncode == 0 and "(over 1 s of CPU)" in run.stdout and "1 skipped" in run.stdout


def test_fork_runs_only_plain_octosolve_commands():
    assert check_readme.plain_args("octosolve octoverso moves --rail '????????' --hand A") == [
        "octoverso", "moves", "--rail", "????????", "--hand", "A"]
    assert check_readme.plain_args("octosolve") == []
    for cmd in ("octosolve a | head -2", "octosolve a > out.txt", "octosolve a; echo b", "octosolve $X",
                "python -m octosolve a", "octosolvex a", "octosolve 'unclosed"):
        assert check_readme.plain_args(cmd) is None, cmd


@pytest.mark.integration
def test_a_forked_command_s_output_status_and_folder(tmp_path):
    """--fork: a plain octosolve command runs in a forked child, in the doc's folder (it reads a file
    written by a `$ cat`), its output compared and its exit status checked like a new process's."""
    md = tmp_path / "doc.md"
    md.write_text("```\n$ cat bad.json\n{\"c3\": {\"tile\": 17, \"rotation\": 9}}\n"
                  "$ octosolve octiles trace bad.json\n"
                  "Error: space c3: rotation must be an integer 0-7, got 9\n"
                  "$ octosolve octiles trace bad.json --json\nexit status 2\n"
                  "$ octosolve octiles tiles\nno such line\n"
                  "$ octosolve octiles trace bad.json\n```\n", encoding="utf-8")
    run = checker("--fork", str(md))
    assert run.returncode == 1, run.stdout
    # (a command over 5 s, as the first import can be on a loaded machine, gets "  [N s]" after it)
    assert re.search(r"^ok   octosolve octiles trace bad.json(  \[\d+ s\])?$", run.stdout, re.M)
    assert re.search(r"^ok   octosolve octiles trace bad.json --json(  \[\d+ s\])?$", run.stdout, re.M)
    assert "DIFF octosolve octiles tiles\n     not printed: no such line\n" in run.stdout
    assert ("DIFF octosolve octiles trace bad.json\n     not printed: (exit status 2: Error: space c3: "
            "rotation must be an integer 0-7, got 9)") in run.stdout
    assert run.stdout.strip().endswith("2 command(s) differ from their docs")


def test_commands_run_this_worktree_s_code(tmp_path):
    md = tmp_path / "doc.md"
    md.write_text("```\n$ python -c 'import octosolve; print(octosolve.__file__)'\n"
                  f"{ROOT / 'octosolve' / '__init__.py'}\n```\n", encoding="utf-8")
    run = checker(str(md))
    assert run.returncode == 0, run.stdout


@pytest.mark.parametrize("args", [["--timeout", "nan"], ["--timeout", "0"], ["no/such.md"],
                                  ["--bogus"]])
def test_bad_arguments_are_one_line_exit_2(args):
    run = checker(*args)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("Error: ")


@pytest.mark.integration
def test_the_quick_docs_examples_are_true():
    """The examples of two quick docs (about 30 s of CPU; 48 s without --fork, each command a new
    Python); `python scripts/check_readme.py --docs` checks them all (a few minutes)."""
    run = checker("--fork", str(ROOT / "docs" / "octiles.md"), str(ROOT / "docs" / "octoverso.md"),
                  timeout=600)
    assert run.returncode == 0, run.stdout
    assert "0 command(s) differ" in run.stdout
