"""The examples in the shared modules' docstrings run as tests (as networkx's do)."""

import doctest
import importlib

import pytest

MODULES = ["octosolve.core.game", "octosolve.core.players", "octosolve.core.jsonout", "octosolve.core.batch",
           "octosolve.core.stats", "octosolve.core.lexicon", "octosolve.core.words", "octosolve.octagone.line",
           "octosolve.games", "octosolve.core.manifest"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    mod = importlib.import_module(name)
    res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    assert res.attempted > 0 and res.failed == 0
