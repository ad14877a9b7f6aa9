"""Where the project's data and results live."""

from __future__ import annotations

from pathlib import Path

from .errors import fail

PACKAGE_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = PACKAGE_DIR.parent
DATA_DIR = REPO_DIR / "data"
RESULTS_DIR = REPO_DIR / "results"


def data_path(*parts: str) -> Path:
    """Path of a file shipped under ``data/`` (fails with a one-line error if missing)."""
    p = DATA_DIR.joinpath(*parts)
    if not p.exists():
        fail(f"data file not found: {p} (install the project with `pip install -e .` from a clone)")
    return p
