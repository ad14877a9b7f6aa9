"""Shared test settings and fixtures.

Tests marked ``slow`` run at a small default size so CI stays fast; ``pytest --full`` runs them at
full size (use the ``full`` fixture to pick the size). Tests marked ``integration`` run whole
commands or long searches: ``pytest -m "not integration"`` is the inner loop.
"""

import os
import signal

import pytest

os.environ.setdefault("OCTOSOLVE_NO_PROGRESS", "1")


def _register_test_games() -> None:
    """Register the games of ``tests/games/<name>/`` (each folder's ``manifest.py`` declares its
    ``MANIFEST``), before any test module is collected: every test parametrized from the registry
    then checks them too, and a new game there needs no edit outside its folder."""
    import importlib
    from pathlib import Path

    from octosolve import games

    here = Path(__file__).resolve().parent / "games"
    for manifest in sorted(here.glob("*/manifest.py")):
        module = importlib.import_module(f"tests.games.{manifest.parent.name}.manifest")
        if module.MANIFEST.name not in games.game_names():
            games.register(module.MANIFEST)


_register_test_games()


def pytest_configure(config):
    """Ctrl-C tests need Python's own SIGINT handler: a shell without job control starts a
    background job (``pytest ... &``) with SIGINT ignored, and Python then keeps it ignored, so a
    test's SIGINT would be lost and a search meant to be interrupted would run on."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="run slow tests at full size")


@pytest.fixture
def full(request) -> bool:
    return bool(request.config.getoption("--full"))


@pytest.fixture
def cli_runner():
    """A click runner for `octosolve` commands: ``cli_runner(["octagone", "new", "--json"])``
    returns the click Result (exit_code, output)."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    runner = CliRunner()

    def run(args, **kw):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False, **kw)

    return run


# --- heavier modules first -------------------------------------------------------------------------
# With workers (-n auto --dist worksteal), a long module that starts last keeps one worker busy while
# the other idles; tests/module_weights.txt holds each module's seconds from a full run, and the
# heavier modules go first (a module's tests stay together, in their order, so module fixtures are
# built once per worker). Without workers the order is pytest's own.

def _module_weights() -> dict:
    path = os.path.join(os.path.dirname(__file__), "module_weights.txt")
    weights = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and not line.startswith("#"):
                    weights[parts[1]] = float(parts[0])
    except (OSError, ValueError):
        return {}
    return weights


def pytest_collection_modifyitems(session, config, items):
    if not (getattr(config.option, "numprocesses", None) or hasattr(config, "workerinput")):
        return
    weights = _module_weights()
    first = {}
    for i, item in enumerate(items):
        first.setdefault(item.nodeid.split("::")[0], i)
    items.sort(key=lambda it: (-weights.get(it.nodeid.split("::")[0], 0.0),
                               first[it.nodeid.split("::")[0]]))


# --- numba kernels compiled once per run, before the xdist workers start ----------------------------
# Every kernel is jitted with cache=True: the first process that calls it compiles it and writes the
# cache beside its module (__pycache__), later ones load it. Run with workers (-n 2), each worker would
# otherwise compile the same kernels at the same time; so the controller first compiles them, one
# process per game, as many at once as there are workers, and the workers then load them. When
# a slot frees with nothing left to start, a second process takes the game still compiling from the
# other end of its kernel list. .ci/run also keeps the compiled kernels between runs (NUMBA_CACHE_DIR
# named by the sources' hash), so that a later run on the same machine only loads them.

_WARM = """
import sys
import numpy as np
from octosolve.games import get_game
rng = np.random.default_rng(0)
twins = list(get_game(sys.argv[1]).twins())
for t in (twins[::-1] if sys.argv[2:] == ["reversed"] else twins):
    for args in t.examples(rng):
        t.kernel(*args)
        break
"""


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    import subprocess
    import sys
    import time

    config = session.config
    workers = getattr(config.option, "numprocesses", None) or 0
    if hasattr(config, "workerinput") or workers in (0, "0") or os.environ.get("OCTOSOLVE_NO_WARM"):
        return
    if not isinstance(workers, int):
        workers = os.cpu_count() or 1
    from octosolve.games import GAMES

    start = time.perf_counter()
    # (not a game of the tests); the games with the most kernels first: Oct8's take as long to compile
    # as all the others together, so it starts at once beside them instead of after some
    todo = sorted((g for g in GAMES if g.package.startswith("octosolve.")), key=lambda g: -len(g.twins()))
    todo = [g.name for g in todo]
    running: list = []
    if not sys.dont_write_bytecode:  # meanwhile, octosolve's bytecode for the workers to read
        running.append(subprocess.Popen([sys.executable, "-m", "compileall", "-q", "-j", "1",
                                         os.path.join(os.path.dirname(__file__), "..", "octosolve")],
                                        stdout=subprocess.DEVNULL))
    games: dict = {}  # process -> the game it compiles
    helped: set = set()
    while todo or running:
        while todo and len(running) < max(1, workers):
            name = todo.pop(0)
            running.append(subprocess.Popen([sys.executable, "-c", _WARM, name]))
            games[running[-1]] = name
        # a free slot and nothing left to start: a second process compiles the longest game still
        # compiling (Oct8's) from the other end of its kernel list; each loads what the other cached
        alone = [games[p] for p in running if p in games and games[p] not in helped]
        if not todo and alone and len(running) < max(1, workers):
            helped.add(alone[0])
            running.append(subprocess.Popen([sys.executable, "-c", _WARM, alone[0], "reversed"]))
            continue
        while all(p.poll() is None for p in running):
            time.sleep(0.2)
        running = [p for p in running if p.poll() is None]
    print(f"numba kernels compiled or loaded in {time.perf_counter() - start:.0f} s", file=sys.stderr)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker per core, or ``OCTOSOLVE_TEST_WORKERS`` workers when set (tests
    that wait on a browser or a server leave a core idle; more workers than cores fill it)."""
    n = os.environ.get("OCTOSOLVE_TEST_WORKERS", "").strip()
    return int(n) if n.isdigit() and int(n) > 0 else None
