#!/usr/bin/env python
"""Check that the docs' command examples are true to the code: run every `$ command` of their example
blocks and report the output lines a doc shows that the command no longer prints.

    python scripts/check_readme.py                      # README.md's tour (```console blocks)
    python scripts/check_readme.py --docs               # every docs/*.md (``` and ```console blocks)
    python scripts/check_readme.py docs/oct8.md ...     # the files named
    python scripts/check_readme.py --docs --timeout 300 # 300 s of CPU a command (docs default: 60)
    python scripts/check_readme.py --fork docs/oct8.md  # plain octosolve commands in forked children

Exit status 0 when every command checked prints what its doc shows, 1 when some output differs, 2 on
bad arguments. Every command runs this worktree's code, not an installed ``octosolve``: the commands
run with a folder first on PATH holding ``octosolve`` (``sys.executable -m octosolve``) and ``python``
(``sys.executable``), and with PYTHONPATH starting at the repository root. With ``--fork``, a plain
``octosolve ARGS`` command (no pipe, redirection or other shell syntax) runs instead in a child
forked from the checker once it has imported octosolve and loaded that game's numba kernels: the
same command line in a process of its own (its exit status, its output, the same CPU limit), without
Python's start-up and the imports each time (the tests' quick docs check uses it). Each file's commands run in
order in a temporary folder of their own (linked to data/ and scripts/), so a file written by one
command is there for the next.

How a block is read:

- A line `$ CMD` is a command (a trailing `  # comment` is dropped); the lines under it, up to the next
  `$`, are what the doc shows it printing, in stdout or stderr. A shown line must be printed
  (each line compared whole, trailing blanks ignored); `...` stands for cut output.
- Timings and load-dependent figures are masked on both sides before comparing (TIMINGS below):
  "0.01 s", "(4 s)", "12.3 s wall", "8,443,014 nodes/s", "nodes in 0.0082 s", "load average 2.40",
  dates; the rest of such a line is still compared.
- A command must exit 0, unless the doc shows an `Error: ...` line or an `exit status N` line for it
  (an `exit status N` line is the doc's note of the status; it is checked, not looked for in the output).
- `$ cat FILE` shows a file a doc's reader is meant to write: when FILE does not exist yet the checker
  writes the lines shown into it (so the commands below can read it) and checks nothing else.
- Commands in SKIP are not run (each with its reason): long measurements, benchmarks, commands that
  write into data/, and placeholders the doc abbreviates. A command that uses more than --timeout
  seconds of CPU (it and its children; or 5 x that of wall time) is stopped and reported
  "skip (over N s of CPU)", not counted as a difference. README.md's tour has no limit by default.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil  # a dependency of dask[distributed], itself a dependency of octosolve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from octosolve.core.files import atomic_write_bytes, atomic_write_text  # noqa: E402 (every write: whole or not at all)

# Timings and load-dependent figures, masked on both sides before lines are compared.
TIMINGS = [
    (re.compile(r"[\d,]+ nodes in [\d.]+ s"), "N nodes in T s"),      # octagone solve (README, docs)
    (re.compile(r"[\d,.]+ ?(?:[kKM] )?(?:nodes|words|games|boards|positions)/s\b"), "R/s"),  # speeds
    (re.compile(r"\b\d+(?:\.\d+)? ?(?:s|ms|µs|us|min)\b"), "T s"),  # 27.9 s, (4 s), 0.001s
    (re.compile(r"load average [\d.]+"), "load average L"),
    (re.compile(r"\b20\d\d-\d\d-\d\d\b"), "DATE"),
]

# Commands not run, matched by regular expression on the command (after `$ `), each with its reason.
# A command that needs the output of a skipped one is skipped with it. Re-run by hand on 2026-11-27
# and printing what the docs show (timings aside): both design-deck --top 2000 runs,
# octagion_bound_study.py, bound --top 300 --sets --hall and its check-bound, bound --top 2000 --sets
# --threshold 1894 (118 s of CPU) and bound --top 2000 --sets --hall --threshold 1890 (598 s of CPU).
SKIP: list[tuple[str, str]] = [
    # long measurements and benchmarks (minutes to hours; their figures are measured and dated in the
    # docs, with the machine's load)
    (r"--games 200 --workers 1 --think-time", "time-limited match: not reproducible move by move"),
    (r"^python scripts/oct8_strength\.py", "74 minutes; writes data/oct8/strength.json"),
    (r"^octosolve octagion bound --top 2000 --sets\b", "set bound at 2000 words: 2 to 30 minutes of CPU"),
    (r"^octosolve octagion bound --top 300 --sets --hall\b", "set bound with Hall's rows: 130-160 s of CPU"),
    (r"^octosolve octagion check-bound hall300\.json", "needs hall300.json of the skipped bound"),
    (r"^python scripts/octagion_bound_study\.py", "63-66 s of CPU (209 s wall under load)"),
    (r"octosolve octagion design-deck --top 2000\b",
     "annealing at 2000 words: 140 s of CPU on one thread, about 240 s on two"),
    (r"^python scripts/bench_", "benchmark: minutes, and its figures are timings"),
    (r"^octosolve \w+ measure\b", "the report's long measurement (minutes to hours); writes data/"),
    (r"^octosolve octagone perfect-play --deals 200\b", "200 exact solves: many minutes"),
    # placeholders: the doc abbreviates a script as "..."
    (r"python -c [\"']\.\.\.", "a placeholder: the doc abbreviates the script"),
    # never let an example write into the repository's data/ through the link
    (r"(--out|--position-out|--certificate|>)\s*data/", "writes into data/"),
]

# Files a doc's reader is meant to have, written before that doc's commands run. The "$ cat" lines
# of a doc write their own (see above); these are the inputs a doc names without showing.
FIXTURES: dict[str, dict[str, bytes]] = {
    "octiles.md": {"bad.json": b'{"c3": {"tile": 17, "rotation": 9}}\n'},
    "octoverso.md": {"truncated.gz": gzip.compress("AMIS\tAMI\n".encode() * 2000)[:-8],  # no trailer
                     "latin1.txt": "\u00e9l\u00e8ve\n".encode("latin-1")},
}

EXIT_NOTE = re.compile(r"^exit status (\d+)$")


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """(info string, lines) of every fenced code block, fences read in order (a ```python block's
    closing fence never opens a block)."""
    out, info, body = [], None, []
    for line in text.split("\n"):
        fence = re.match(r"^```(.*)$", line)
        if info is None and fence:
            info, body = fence.group(1).strip(), []
        elif info is not None and line.rstrip() == "```":
            out.append((info, body))
            info = None
        elif info is not None:
            body.append(line)
    return out


def examples(text: str, docs: bool) -> list[tuple[str, list[str]]]:
    """(command, lines shown) of every `$ ` line of the example blocks: ```console blocks, and in
    docs mode also the unlabelled ``` blocks."""
    out = []
    for info, body in blocks(text):
        if info != "console" and not (docs and info == ""):
            continue
        for chunk in re.split(r"^\$ ", "\n".join(body), flags=re.M)[1:]:
            lines = chunk.rstrip("\n").split("\n")
            out.append((lines[0].split("  #")[0].strip(), [ln.rstrip() for ln in lines[1:]]))
    return out


def mask(line: str) -> str:
    for pattern, repl in TIMINGS:
        line = pattern.sub(repl, line)
    return line.rstrip()


def skip_reason(cmd: str) -> str | None:
    for pattern, reason in SKIP:
        if re.search(pattern, cmd):
            return reason
    return None


def tool_folder(tmp: Path) -> Path:
    """A folder for the front of PATH: ``octosolve`` and ``python`` running this worktree's code."""
    bin_dir = tmp / "_bin"
    bin_dir.mkdir()
    atomic_write_text(bin_dir / "octosolve", f'#!/bin/sh\nexec "{sys.executable}" -m octosolve "$@"\n')
    (bin_dir / "octosolve").chmod(0o755)
    for name in ("python", "python3"):
        os.symlink(sys.executable, bin_dir / name)
    return bin_dir


def tree_cpu(proc) -> float:
    """CPU seconds of a process, of the children it has reaped and of its live descendants."""
    try:
        t = proc.cpu_times()
        total = t.user + t.system + t.children_user + t.children_system
        for kid in proc.children(recursive=True):
            try:
                kt = kid.cpu_times()
                total += kt.user + kt.system
            except psutil.Error:
                pass
        return total
    except psutil.Error:
        return 0.0


PLAIN = re.compile(r"octosolve(?: [\w\s./,:=?'-]*)?")   # no pipe, redirection, variable, glob...


def plain_args(cmd: str) -> list[str] | None:
    """The arguments of a plain ``octosolve ARGS`` command (what ``--fork`` runs in a forked child),
    else None."""
    if not PLAIN.fullmatch(cmd):
        return None
    try:
        words = shlex.split(cmd)
    except ValueError:
        return None
    return words[1:] if words and words[0] == "octosolve" else None


_WARM: set = set()


def warm(args: list[str]) -> None:
    """Before the first fork for a game: load its commands and its numba kernels here, once, so that
    every child forked later has them (what each ``octosolve`` process would load again)."""
    game = args[0] if args else ""
    if game in _WARM:
        return
    _WARM.add(game)
    try:
        import click
        import numpy as np

        from octosolve.cli import cli
        from octosolve.games import get_game
        ctx = click.Context(cli)
        group = cli.get_command(ctx, game)
        if isinstance(group, click.Group) and len(args) > 1:
            group.get_command(ctx, args[1])
        rng = np.random.default_rng(0)
        for twin in get_game(game).twins():
            for kernel_args in twin.examples(rng):
                twin.kernel(*kernel_args)
                break
    except Exception:       # (not a game, or nothing to warm: the child loads what it needs)
        pass


class Forked:
    """A child forked from this process running ``octosolve ARGS`` (``octosolve.cli.main``) in
    ``cwd`` with ``env``, its output into ``out`` and ``err``: the ``returncode``/``poll``/``wait``
    of a :class:`subprocess.Popen`."""

    def __init__(self, args: list[str], cwd: Path, env: dict, out, err):
        for f in (sys.stdout, sys.stderr, out, err):
            f.flush()
        self.returncode = None
        self.pid = os.fork()
        if self.pid == 0:                       # the child: never returns
            code = 1
            try:
                os.setsid()
                os.chdir(cwd)
                os.environ.clear()
                os.environ.update(env)
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.argv = ["octosolve", *args]
                from octosolve.cli import main
                try:
                    main(args)
                    code = 0
                except SystemExit as e:
                    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except BaseException:
                import traceback
                traceback.print_exc()
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code)

    def poll(self):
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None):
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() >= end:
                raise subprocess.TimeoutExpired("octosolve", timeout)
            time.sleep(0.02)
        return self.returncode


def run(cmd: str, cwd: Path, env: dict, limit: float | None,
        fork: bool = False) -> tuple[int | None, list[str], str]:
    """Exit status (None when stopped), the lines printed (stdout, then stderr) and why it was stopped:
    over ``limit`` seconds of CPU (the command and its children), or over 5 x ``limit`` of wall time
    (a command waiting on a busy machine). ``fork``: a plain ``octosolve`` command runs in a forked
    child (:class:`Forked`)."""
    args = plain_args(cmd) if fork else None
    if args is not None:
        warm(args)
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        if args is not None:
            p = Forked(args, cwd, env, fo, fe)
        else:
            p = subprocess.Popen(cmd, shell=True, cwd=cwd, env=env, text=True, start_new_session=True,
                                 stdout=fo, stderr=fe, stdin=subprocess.DEVNULL,
                                 executable="/bin/bash")  # the docs' commands are bash's
        proc, t0, why = psutil.Process(p.pid), time.monotonic(), ""
        while p.poll() is None:
            try:
                p.wait(0.5)
            except subprocess.TimeoutExpired:
                if limit is not None and tree_cpu(proc) > limit:
                    why = f"over {limit:g} s of CPU"
                elif limit is not None and time.monotonic() - t0 > 5 * limit:
                    why = f"over {5 * limit:g} s of wall time"
                if why:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    return None, [], why
        fo.seek(0)
        fe.seek(0)
        return p.returncode, fo.read().splitlines() + fe.read().splitlines(), ""


def check_file(path: Path, docs: bool, timeout: float, bin_dir: Path, out=sys.stdout,
               fork: bool = False) -> tuple[int, int]:
    """Run one file's examples; print a line per command. Returns (differing, skipped)."""
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    bad = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        for name in ("data", "scripts"):
            os.symlink(ROOT / name, cwd / name)
        for name, content in FIXTURES.get(path.name, {}).items():
            atomic_write_bytes(cwd / name, content)
        for cmd, shown in examples(path.read_text(encoding="utf-8"), docs):
            m = re.fullmatch(r"cat (\S+)", cmd)
            if m and not (cwd / m.group(1)).exists():
                atomic_write_text(cwd / m.group(1), "\n".join(shown) + "\n")
                print("file " + cmd, file=out)
                continue
            reason = skip_reason(cmd)
            if reason:
                print(f"skip {cmd}\n     ({reason})", file=out)
                skipped += 1
                continue
            expected = [mask(ln) for ln in shown if ln.strip() and ln.strip() != "..."]
            notes = [int(EXIT_NOTE.match(ln).group(1)) for ln in expected if EXIT_NOTE.match(ln)]
            expected = [ln for ln in expected if not EXIT_NOTE.match(ln)]
            t0 = time.monotonic()
            status, printed_lines, why = run(cmd, cwd, env, timeout, fork)
            if status is None:
                print(f"skip {cmd}\n     ({why})", file=out)
                skipped += 1
                continue
            printed = {mask(ln) for ln in printed_lines}
            missing = [ln for ln in expected if ln not in printed]
            error_shown = any(ln.lstrip().startswith("Error:") for ln in expected)
            if notes and status != notes[0]:
                missing.insert(0, f"(exit status {status}, the doc says {notes[0]})")
            elif status != 0 and not notes and not error_shown:
                err = " | ".join(printed_lines[-3:])[:200]
                missing.insert(0, f"(exit status {status}: {err})")
            took = time.monotonic() - t0
            print(("ok   " if not missing else "DIFF ") + cmd + (f"  [{took:.0f} s]" if took >= 5 else ""),
                  file=out)
            for ln in missing[:5]:
                print("     not printed:", ln, file=out)
            if len(missing) > 5:
                print(f"     ... and {len(missing) - 5} more", file=out)
            bad += bool(missing)
    return bad, skipped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path, help="markdown files (default: README.md)")
    ap.add_argument("--docs", action="store_true", help="check every docs/*.md")
    ap.add_argument("--timeout", type=float, default=None, metavar="S",
                    help="CPU seconds a command may use (and 5 x S of wall time) before it is stopped "
                         "and reported skipped (default: 60 for docs, no limit for README.md)")
    ap.add_argument("--fork", action="store_true",
                    help="run each plain `octosolve ARGS` command in a child forked from the checker "
                         "(octosolve and the game's kernels loaded once), not a new Python")
    ap.error = lambda msg: (print(f"Error: {msg}", file=sys.stderr), sys.exit(2))  # one line, exit 2
    args = ap.parse_args(argv)
    if args.timeout is not None and not 0 < args.timeout < float("inf"):
        ap.error("--timeout must be a positive finite number of seconds")
    files = list(args.files) + (sorted((ROOT / "docs").glob("*.md")) if args.docs else [])
    for f in files:
        if not f.is_file():
            ap.error(f"no such file: {f}")
    readme_only = not files
    files = files or [ROOT / "README.md"]
    timeout = args.timeout if args.timeout is not None or readme_only else 60.0
    bad = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        bin_dir = tool_folder(Path(tmp))
        for f in files:
            if len(files) > 1:
                print(f"== {f}")
            b, s = check_file(f.resolve(), not (readme_only or f.resolve() == ROOT / "README.md"),
                              timeout, bin_dir, fork=args.fork)
            bad += b
            skipped += s
    what = "the README" if readme_only else "their docs"
    print(f"{bad} command(s) differ from {what}" + (f"; {skipped} skipped" if skipped else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
