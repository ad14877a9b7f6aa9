"""Shared test settings and fixtures.

Tests marked ``slow`` run at a small default size so CI stays fast; ``pytest --full`` runs them at
full size (use the ``full`` fixture to pick the size). Tests marked ``integration`` run whole
commands or long searches: ``pytest -m "not integration"`` is the inner loop.
"""

import os

import pytest

os.environ.setdefault("OCTOSOLVE_NO_PROGRESS", "1")


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
