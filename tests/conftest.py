"""Shared test settings.

Tests marked ``slow`` run at a small default size so CI stays fast; ``pytest --full`` runs them at
full size (use the ``full`` fixture to pick the size).
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
