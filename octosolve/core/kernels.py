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
from typing import Callable, Iterable

import numpy as np

__all__ = ["Twin", "results_equal"]


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
