"""Progress display for long runs (tqdm on stderr; silent when stderr is not a terminal or when
OCTOSOLVE_NO_PROGRESS is set, so --json output and CI logs stay clean)."""

from __future__ import annotations

import os
import sys
from typing import Iterable, TypeVar

from tqdm.auto import tqdm

T = TypeVar("T")


def enabled() -> bool:
    if os.environ.get("OCTOSOLVE_NO_PROGRESS"):
        return False
    if os.environ.get("OCTOSOLVE_PROGRESS"):
        return True
    return sys.stderr.isatty()


def progress(iterable: Iterable[T] | None = None, *, total: int | None = None, desc: str = "",
             unit: str = "it", disable: bool = False) -> "tqdm":
    """A tqdm progress bar on stderr, disabled unless stderr is a terminal (or OCTOSOLVE_PROGRESS=1)."""
    return tqdm(iterable, total=total, desc=desc, unit=unit, file=sys.stderr,
                disable=disable or not enabled(), leave=False, dynamic_ncols=True)
