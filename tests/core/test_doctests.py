"""The package's docstring examples run as tests (as networkx's do): pytest collects them with
``--doctest-modules`` over ``octosolve/`` (pyproject.toml), one item per module that has examples,
so no hand-kept list of modules can leave one out."""

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_collects_every_docstring_example():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in cfg["addopts"].split()
    assert "octosolve" in cfg["testpaths"]


def test_no_example_is_skipped():
    """A ``# doctest: +SKIP`` example is written but never run: none is allowed."""
    skipped = [str(p.relative_to(ROOT)) for p in (ROOT / "octosolve").rglob("*.py")
               if "doctest: +SKIP" in p.read_text(encoding="utf-8")]
    assert skipped == []

