"""One convention for numba kernels: every kernel has an explicit pure-Python twin.

Each game's ``kernels.py`` ends with ``TWINS``: a tuple of :class:`Twin` entries. An entry names the
kernel, its twin (written independently where it can be: a different algorithm, so the twin is a
check and not a copy) and ``examples(rng)``, which yields argument tuples to run both on. The test
``tests/test_kernel_twins.py`` iterates the table of every game in the registry and asserts the two
agree (``same(kernel_result, twin_result)``, default: equal after ``numpy`` conversion).

Numba is used through its public API only (``numba.njit``, ``numba.prange``, ``numba.typed``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

__all__ = ["Twin", "results_equal", "drop_stale_caches"]


def drop_stale_caches(package_file: str, module: str, depends_on: Iterable[str]) -> int:
    """Delete the numba cache files of ``module`` (a file name beside ``package_file``; its
    ``__pycache__/<stem>.*.nbi``/``.nbc``) when one of the sibling source files ``depends_on`` is
    newer than the oldest of them; returns how many were deleted. Numba checks a cache against its
    own function's source file only, so a kernel that compiles in another module's njit functions
    would otherwise keep running their old code after that module is edited. Called from a game
    package's ``__init__``, before its kernels run.

    >>> drop_stale_caches(__file__, "kernels.py", [])
    0
    """
    folder = Path(package_file).parent
    cache = sorted((folder / "__pycache__").glob(f"{Path(module).stem}.*.nb[ic]"))
    if not cache or not depends_on:
        return 0
    try:
        oldest = min(f.stat().st_mtime for f in cache)
        newest = max((folder / d).stat().st_mtime for d in depends_on)
    except OSError:
        return 0
    if newest <= oldest:
        return 0
    gone = 0
    for f in cache:
        try:
            f.unlink()
            gone += 1
        except OSError:  # a read-only install: numba then uses its own fallback cache
            pass
    return gone


def results_equal(a, b) -> bool:
    """Deep equality for kernel results: numbers, arrays, tuples and lists of them."""
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(results_equal(x, y) for x, y in zip(a, b))
    try:
        return bool(np.array_equal(np.asarray(a), np.asarray(b)))
    except (TypeError, ValueError):
        return a == b


@dataclass(frozen=True)
class Twin:
    name: str
    kernel: Callable
    twin: Callable
    examples: Callable[[np.random.Generator], Iterable[tuple]]
    same: Callable[[object, object], bool] = results_equal
    note: str = ""  # how the twin differs (algorithm), one line
