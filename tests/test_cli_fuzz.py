"""Every command, fed generated command lines and bad input files, exits 0 or 2 (issue 13).

Hypothesis builds argument lists for every leaf command of ``octosolve`` (found by walking the click
tree, so a new command is fuzzed without touching this file): values that are wrong in type,
non-finite, negative, absurdly large, empty; input files that are not UTF-8, empty, a directory,
missing, JSON with duplicate keys or deep nesting; output paths that cannot be written. Each run is
forked from this process (imports shared, so it is fast) and killed if it runs past its time (CPU
seconds, so a busy machine does not change the verdict); the run must end with status 0 or 2, print
no traceback and no "internal error", and a run given an absurd number (2^70) must not be still
running at the time limit.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from octosolve.cli import cli, main
from octosolve.games import GAMES, game_names
from tests.cputime import tree_cpu

pytestmark = [pytest.mark.integration, pytest.mark.fuzz]  # python -m pytest -m fuzz

HUGE = str(2**70)
ROOT = Path(__file__).resolve().parent.parent
# examples per command: a few in the default run; OCTOFUZZ_EXAMPLES=40 for a deep pass
EXAMPLES = int(os.environ.get("OCTOFUZZ_EXAMPLES", "6"))
TIME_LIMIT = 10.0  # CPU seconds; a run killed here is not a failure unless it was given an absurd number
WALL_FACTOR = 6  # a run that does not use the CPU is killed after 6 x TIME_LIMIT of wall clock


# Not fuzzed here: `serve` runs until stopped (tests/web covers bad requests), `report` takes minutes;
# and the games' commands their manifests leave out (GameManifest.cli_fuzz: a string says why), the
# long searches that write the project's committed data files by default (their own tests cover
# bad input).
NOT_FUZZED = {("serve",), ("report",)} | {(g.name, cmd) for g in GAMES for cmd, how in g.cli_fuzz.items()
                                          if isinstance(how, str)}


# Cheap values for the options that make a command long (games, simulations, deals, the stored
# certificates), placed before the generated arguments: a drawn value of the same option comes later
# and wins (click keeps an option's last value), so the generator still varies every option, and a
# run it does not send into an error ends in a second or two instead of at the time limit. Each set
# is valid with the command's defaults (no --simulations beside players that do not search). Each
# game's own (GameManifest.cli_fuzz).
CHEAP = {(g.name, cmd): list(how) for g in GAMES for cmd, how in g.cli_fuzz.items() if not isinstance(how, str)}


def _leaves(group: click.Group, path: list[str]):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        if tuple(path + [name]) in NOT_FUZZED:
            continue
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from _leaves(cmd, path + [name])
        elif cmd is not None:
            yield path + [name], cmd


COMMANDS = list(_leaves(cli, []))


@pytest.fixture(scope="module")
def files():
    d = Path(tempfile.mkdtemp(prefix="octofuzz-"))
    (d / "latin1.txt").write_bytes("caf\xe9 \xb3\n".encode("latin-1"))
    (d / "empty.txt").write_bytes(b"")
    (d / "dup.json").write_text('{"a": 1, "a": 2}', encoding="utf-8")
    (d / "deep.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    (d / "nan.json").write_text('{"players": NaN}', encoding="utf-8")
    (d / "float.json").write_text('{"players": 2.0, "game": "octagone"}', encoding="utf-8")
    (d / "garbage.txt").write_text("³ ½ \x00 ,,,\t;\n", encoding="utf-8")
    (d / "adir").mkdir()
    # a CSV line over the csv module's 128 KiB field limit
    (d / "bigfield.csv").write_text("letter,number\n" + "A" * 140_000 + ",1\n", encoding="utf-8")
    # a TOML file whose name is a table, not a string (and a deck's colour tables beside it)
    deck = (ROOT / "data" / "oct8" / "deck.toml").read_text(encoding="utf-8")
    (d / "nametable.toml").write_text("\n".join(ln for ln in deck.splitlines()
                                                if not ln.startswith("name")) + "\n[name]\nx = 1\n",
                                      encoding="utf-8")
    # two stored certificates (a witness each): `octiles verify` checks them in a second, not 30 s
    (d / "certs").mkdir()
    for name in ("challenge02-loop-points.json", "challenge02-path-tiles.json"):
        shutil.copyfile(ROOT / "data" / "octiles" / "certificates" / name, d / "certs" / name)
    return {"certs": d / "certs", "bigfield": d / "bigfield.csv", "nametable": d / "nametable.toml","latin1": d / "latin1.txt", "empty": d / "empty.txt", "dup": d / "dup.json",
            "deep": d / "deep.json", "nan": d / "nan.json", "float": d / "float.json",
            "garbage": d / "garbage.txt", "dir": d / "adir", "missing": d / "missing.json",
            "unwritable": Path("/proc/octofuzz/out.svg"), "root": d}


INT_VALUES = ["-1", "0", "1", "2", HUGE, "x", "1.5", "nan", ""]
FLOAT_VALUES = ["nan", "inf", "-inf", "-1", "0", "0.5", "1e308", "x", "", "1e-9"]
STR_VALUES = ["", "x", "ZZZZZZZZ", "³", "a,b,,", "été", "random,random", "-1", HUGE,
              "random,,random", ",random"]
FILE_KEYS = ["latin1", "empty", "dup", "deep", "nan", "float", "garbage", "dir", "missing",
             "bigfield", "nametable"]


def _is_file_param(p: click.Parameter) -> bool:
    name = (p.name or "").lower()
    return isinstance(p.type, click.Path) or any(k in name for k in (
        "path", "file", "deck", "position", "lexicon", "placement", "words", "list", "certificate"))


def _is_out_param(p: click.Parameter) -> bool:
    name = (p.name or "").lower()
    return name in ("out", "out_dir", "svg", "svg_path", "save", "save_position", "csv") or \
        type(p.type).__name__ == "OutPath"


def _values(p: click.Parameter, files):
    t = p.type
    if _is_out_param(p):
        return [str(files["unwritable"]), str(files["dir"]), "", str(files["root"] / "o.out")]
    if _is_file_param(p):
        return [str(files[k]) for k in FILE_KEYS]
    if isinstance(t, click.Choice):
        return list(t.choices) + ["", "NoSuchChoice"]
    if isinstance(t, (click.types.IntParamType, click.IntRange)):
        return INT_VALUES
    if isinstance(t, (click.types.FloatParamType, click.FloatRange)) or t.name == "float":
        return FLOAT_VALUES
    return STR_VALUES


def _argv(draw, path, cmd, files):
    argv = list(path) + [a.format(**files) for a in CHEAP.get(tuple(path), [])]
    for p in cmd.params:
        if p.name in ("help",):
            continue
        if isinstance(p, click.Argument):
            n = 1 if p.nargs in (-1, 1) else p.nargs
            for _ in range(n):
                argv.append(draw(st.sampled_from(_values(p, files))))
            continue
        if not isinstance(p, click.Option) or not draw(st.booleans()):
            continue
        name = max(p.opts, key=len)
        if p.is_flag or p.count:
            argv.append(name)
        else:
            argv += [name, draw(st.sampled_from(_values(p, files)))]
    return argv


def _run_forked(argv: list[str], out_dir: Path, limit: float) -> tuple[int | None, str]:
    """Run ``octosolve argv`` in a forked child; (exit status or None if killed at the limit of
    ``limit`` CPU seconds, stderr)."""
    err_path = out_dir / "stderr.txt"
    pid = os.fork()
    if pid == 0:  # child
        code = 3
        try:
            os.setpgid(0, 0)  # its own process group: worker processes it starts die with it
            fd_out = os.open(os.devnull, os.O_WRONLY)
            fd_err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd_out, 1)
            os.dup2(fd_err, 2)
            # pytest's capture replaced sys.stdout/sys.stderr: write to the real descriptors
            sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)
            sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)
            os.chdir(out_dir)
            sys.stdin = open(os.devnull)
            try:
                main(argv)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - anything escaping main is a failure (status 3)
            import traceback

            traceback.print_exc()
        finally:
            os._exit(code)
    try:
        os.setpgid(pid, pid)  # as the child does (whichever runs first)
    except OSError:
        pass
    t0 = next_check = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
        # the limit counts work: CPU seconds of the run and its workers (read 4 times a second),
        # which a busy machine does not stretch; the wall clock only ends a run that waits on
        # nothing (WALL_FACTOR * limit)
        now = time.monotonic()
        over = now - t0 > WALL_FACTOR * limit
        if not over and now >= next_check:
            next_check = now + 0.25
            over = tree_cpu(pid) > limit
        if over:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            code = None
            break
        time.sleep(0.02)
    try:  # workers left behind by a run that ended (or was killed)
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return code, err_path.read_text(encoding="utf-8", errors="replace") if err_path.exists() else ""


def _snapshot() -> dict:
    """Size and modification time of every file under data/ and results/."""
    out = {}
    for top in ("data", "results"):
        for p in (ROOT / top).rglob("*"):
            if p.is_file():
                st = p.stat()
                out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture(scope="module", autouse=True)
def committed_files_untouched():
    """No fuzzed run may write into the project's data/ or results/."""
    before = _snapshot()
    yield
    after = _snapshot()
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    assert not changed, f"fuzzed runs changed committed files: {changed[:5]}"


@pytest.fixture(scope="module", autouse=True)
def word_lists_loaded(tmp_path_factory):
    """Two cheap valid runs in this process before any fork: they load the word games' lexicon and
    word data (kept in lru_caches), which every forked run then inherits instead of loading it."""
    from click.testing import CliRunner

    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path_factory.mktemp("words"))
        for argv in (["octoverso", "check", "amis"], ["octagion", "deck"]):
            r = CliRunner().invoke(cli, argv, catch_exceptions=False)
            assert r.exit_code == 0, r.output[-800:]


def test_every_game_is_fuzzed():
    covered = {path[0] for path, _ in COMMANDS}
    assert set(game_names()) <= covered and len(COMMANDS) >= 20
    # every cheap option still exists (a renamed one would be refused and hide the command's runs)
    for path, args in CHEAP.items():
        cmd = dict((tuple(p), c) for p, c in COMMANDS)[path]
        opts = {o for p in cmd.params for o in p.opts + p.secondary_opts}
        assert {a for a in args if a.startswith("--")} <= opts, path


@pytest.mark.parametrize("path,cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_command_exits_0_or_2(path, cmd, files, tmp_path_factory, cli_runner, monkeypatch):
    cheap = [a.format(**files) for a in CHEAP.get(tuple(path), [])]
    if cheap:
        # the cheap run once in this process (an exception escaping is a failure): it loads or
        # compiles the command's numba kernels here, so the forked runs below inherit them instead
        # of compiling them again each (a run killed while compiling never writes numba's cache)
        monkeypatch.chdir(tmp_path_factory.mktemp("inproc"))
        r = cli_runner(list(path) + cheap)
        assert r.exit_code == 0, r.output[-800:]
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        argv = _argv(data.draw, path, cmd, files)
        work = tmp_path_factory.mktemp("run")
        code, err = _run_forked(argv, work, TIME_LIMIT)
        shown = " ".join(argv)
        if code is None:
            assert HUGE not in argv, f"`octosolve {shown}` accepted an absurd number and ran on"
            return  # small valid arguments that take long: not a failure of input handling
        assert code in (0, 2), f"`octosolve {shown}` exited {code}: {err[-800:]}"
        assert "Traceback" not in err and "internal error" not in err, f"`octosolve {shown}`: {err[-800:]}"
        if code == 2:
            lines = [ln for ln in err.strip().splitlines() if ln.strip()]
            assert len(lines) == 1, f"`octosolve {shown}` error is not one line: {err[-800:]}"

    check()


# The cases issue 21 names, each of which was once an internal error or garbage accepted: every one
# must now end with status 2 and a one-line message naming the problem.
NAMED_CASES = [
    (["octagion", "solve", "treasure", "--deck", "{bigfield}"], "field larger"),
    (["octagion", "odds", "--countdown", "{bigfield}"], "field larger"),
    (["oct8", "simulate", "--players", "greedy,,random,random", "--games", "1"], "is empty"),
    (["octagone", "match", "--players", "greedy,", "--games", "1"], "is empty"),
    (["report", "--only", "octiles,,oct8"], "is empty"),
    (["oct8", "deck", "--deck", "{nametable}"], "name must be a string"),
    (["octiles", "challenge", "3", "--time-limit", "1e-9"], "out of range"),
    (["octiles", "challenge", "3", "--time-limit", "5"], "only with --fresh"),
    # --seed without --fresh was silently ignored (nothing random runs)
    (["octiles", "challenge", "3", "--seed", "4"], "--seed applies only with --fresh"),
    (["octiles", "challenge", "3", "--workers", "1", "--seed", "4"], "--workers and --seed apply only"),
    (["octagion", "design-deck", "treasure", "--time-limit", "1e-9"], "out of range"),
]


@pytest.mark.parametrize("argv,message", NAMED_CASES, ids=[" ".join(a[:3]) for a, _ in NAMED_CASES])
def test_named_bad_inputs_are_refused(argv, message, files, tmp_path):
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in argv]
    code, err = _run_forked(argv, tmp_path, 60.0)
    assert code == 2, f"`octosolve {' '.join(argv)}` exited {code}: {err[-800:]}"
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and message in lines[0] and "internal error" not in lines[0], err


def _all_leaves(group: click.Group, path: list[str]):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from _all_leaves(cmd, path + [name])
        elif cmd is not None:
            yield path + [name], cmd


REQUIRING = [(p, c) for p, c in _all_leaves(cli, [])
             if any(isinstance(x, click.Argument) and x.required for x in c.params)]


@pytest.mark.parametrize("path", [p for p, _ in REQUIRING], ids=" ".join)
def test_a_missing_argument_is_one_line(path, capsys):
    """#45.6: `octosolve octagone measure` with no argument printed a 4-line error (click lists a
    Choice's values one a line): every command missing its argument says so on one line, exit 2."""
    with pytest.raises(SystemExit) as e:
        main(path)
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1, err
