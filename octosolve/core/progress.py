"""Progress display for long runs (tqdm on stderr; silent when stderr is not a terminal or when
OCTOSOLVE_NO_PROGRESS is set, so --json output and CI logs stay clean).

A run in a thread of its own (the web app's deck design) can watch its progress bars instead:
inside ``with watching(fn):`` every bar that thread opens reports to ``fn(desc, n, total, postfix)``
and draws nothing; ``fn`` may raise :class:`Stopped` to end the run, which the runs that stop on
Ctrl-C (CP-SAT's :func:`octosolve.core.cpsat.solve`, loops over a bar) handle as a Ctrl-C.

>>> seen = []
>>> with watching(lambda desc, n, total, postfix: seen.append((desc, n, total))):
...     for _ in progress(range(3), desc="steps"):
...         pass
>>> seen[-1]
('steps', 3, 3)
"""

from __future__ import annotations

import os
import sys
import threading
from contextlib import contextmanager
from typing import Callable, Iterable, TypeVar

from tqdm.auto import tqdm

T = TypeVar("T")


def enabled() -> bool:
    if os.environ.get("OCTOSOLVE_NO_PROGRESS"):
        return False
    if os.environ.get("OCTOSOLVE_PROGRESS"):
        return True
    return sys.stderr.isatty()


class Stopped(KeyboardInterrupt):
    """Raised by a progress watcher to stop the run it watches (a Ctrl-C for the code it stops)."""


_WATCH = threading.local()


@contextmanager
def watching(fn: Callable[[str, int, int | None, str], None]):
    """Within the block, the bars this thread opens report to ``fn(desc, n, total, postfix)``
    (on every update, refresh and close) and draw nothing; ``fn`` may raise :class:`Stopped`."""
    prev = getattr(_WATCH, "fn", None)
    _WATCH.fn = fn
    try:
        yield
    finally:
        _WATCH.fn = prev


class _Watched:
    """The part of tqdm's interface the package uses, reported to a watcher."""

    def __init__(self, fn, iterable, total, desc, unit):
        self._fn, self.iterable, self.total, self.desc, self.unit = fn, iterable, total, desc, unit
        self._n = 0
        self.postfix = ""
        if self.total is None and iterable is not None and hasattr(iterable, "__len__"):
            self.total = len(iterable)
        self._report()

    def _report(self):
        self._fn(self.desc, self._n, self.total, self.postfix)

    @property
    def n(self) -> int:
        return self._n

    @n.setter
    def n(self, value) -> None:
        self._n = value

    def update(self, k=1):
        self._n += k
        self._report()

    def refresh(self):
        self._report()

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = str(s)
        if refresh:
            self._report()

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ""
        if refresh:
            self._report()

    def close(self):
        try:
            self._report()
        except Stopped:
            pass  # closing: the run is ending anyway

    def __iter__(self):
        for x in self.iterable:
            yield x
            self.update()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def progress(iterable: Iterable[T] | None = None, *, total: int | None = None, desc: str = "",
             unit: str = "it", disable: bool = False) -> "tqdm":
    """A tqdm progress bar on stderr, disabled unless stderr is a terminal (or OCTOSOLVE_PROGRESS=1);
    inside :func:`watching`, a bar that reports to the watcher instead."""
    fn = getattr(_WATCH, "fn", None)
    if fn is not None and not disable:
        return _Watched(fn, iterable, total, desc, unit)
    return tqdm(iterable, total=total, desc=desc, unit=unit, file=sys.stderr,
                disable=disable or not enabled(), leave=False, dynamic_ncols=True)
