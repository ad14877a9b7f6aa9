"""Running OR-Tools CP-SAT the same way everywhere (Octagion's deck design, Octiles' challenges).

CP-SAT's own Ctrl-C handling (``catch_sigint_signal``) replaces the process's SIGINT handler while it
solves and leaves the default one behind afterwards, so a later Ctrl-C kills the process with no
message (and a test's SIGINT kills the test run). :func:`solve` turns that off and runs the search in
a worker thread instead: the main thread stays free to show progress and to receive Ctrl-C
promptly, which stops the search (``StopSearch``) and is raised as ``KeyboardInterrupt`` once
``Solve`` has returned. (Not ``Thread.join``: in CPython 3.11 a join interrupted by a signal marks
the thread as ended while it still runs, and the interpreter then exits under CP-SAT's C++ threads:
"terminate called without an active exception", status 134.)

A run under :func:`deterministic` (``--deterministic`` in the CLI) is reproducible: each solve's time
limit counts CP-SAT's deterministic time (its own measure of work) instead of seconds, and its workers
interleave their search in a fixed order, so the same seed and workers give the same answer on any
machine and under any load (:func:`set_limit`).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import threading
import time

__all__ = ["solve", "set_limit", "deterministic", "is_deterministic", "clock", "new_solver"]

# None outside deterministic(); inside, a one-item list: the deterministic time solve() has spent
_DETERMINISTIC = contextvars.ContextVar("cpsat_deterministic", default=None)


@contextlib.contextmanager
def deterministic(on: bool = True):
    """Within the block, every :func:`solve` is reproducible (see the module's docstring) and
    :func:`clock` counts CP-SAT's deterministic time; a process started inside the block does not
    inherit this: pass :func:`is_deterministic` along."""
    token = _DETERMINISTIC.set([0.0] if on else None)
    try:
        yield
    finally:
        _DETERMINISTIC.reset(token)


def is_deterministic() -> bool:
    """Whether :func:`solve` now runs reproducibly (inside :func:`deterministic`)."""
    return _DETERMINISTIC.get() is not None


def clock() -> float:
    """A clock for sharing one time limit among several solves: ``time.perf_counter()``, or inside
    :func:`deterministic` the deterministic time the solves have spent so far (so the shares, and
    the answer, do not depend on the machine)."""
    spent = _DETERMINISTIC.get()
    return time.perf_counter() if spent is None else spent[0]


def set_limit(parameters, seconds: float, deterministic: bool) -> None:
    """CP-SAT's limit: ``seconds`` of wall-clock time, or (``deterministic``) of its deterministic
    time with the workers' search interleaved in a fixed order, so that a run does not depend on
    the machine's load or speed (nor, for the same ``num_workers``, on the threads' timing)."""
    if deterministic:
        parameters.max_deterministic_time = float(seconds)
        parameters.max_time_in_seconds = float("inf")
        parameters.interleave_search = True
    else:
        parameters.max_time_in_seconds = float(seconds)


def _stop_and_wait(solver, done: threading.Event) -> None:
    """Stop the search and wait until ``Solve`` has returned, through further signals."""
    while not done.is_set():
        try:
            solver.StopSearch()
            done.wait()
        except KeyboardInterrupt:
            continue


def solve(solver, model, callback=None, *, seconds: float | None = None, desc: str = "CP-SAT",
          show_progress: bool = True, stop: threading.Event | None = None):
    """``solver.Solve(model, callback)``, in a worker thread; returns the status.

    ``seconds`` (default: the solver's time limit) sizes the progress bar, shown on a terminal only
    (``show_progress=False`` for a caller that draws its own, e.g. from CP-SAT's log).
    A Ctrl-C stops the search and raises ``KeyboardInterrupt`` here. ``stop``: an event that, once
    set, ends the search early (``StopSearch``) without raising: the status then says what it had
    (FEASIBLE with its best solution so far, or UNKNOWN).
    """
    from .progress import progress

    solver.parameters.catch_sigint_signal = False
    spent = _DETERMINISTIC.get()
    if spent is not None and not solver.parameters.interleave_search:
        set_limit(solver.parameters, solver.parameters.max_time_in_seconds, True)
        seconds = None   # deterministic time is no measure of seconds: the bar counts up
    elif seconds is None:
        seconds = solver.parameters.max_time_in_seconds
    box: dict = {}
    done = threading.Event()   # set once Solve has returned (see the module's docstring)

    def run():
        try:
            box["status"] = solver.Solve(model, callback) if callback is not None else solver.Solve(model)
        except BaseException as e:  # noqa: BLE001 - re-raised in the calling thread
            box["error"] = e
        finally:
            done.set()

    th = threading.Thread(target=run, name="cp-sat", daemon=True)
    total = max(1, int(math.ceil(min(float(seconds), 1e7)))) if seconds and math.isfinite(seconds) else None
    bar = progress(total=total, desc=desc, unit="s", disable=not show_progress)
    t0 = time.monotonic()
    th.start()
    stopped = False
    try:
        while not done.wait(0.2):
            if stop is not None and not stopped and stop.is_set():
                solver.StopSearch()
                stopped = True
            if total is not None:
                bar.n = min(total, int(time.monotonic() - t0))
            best = getattr(callback, "best", None)
            if best is not None:
                bar.set_postfix_str(f"best {best:g}", refresh=False)
            bar.refresh()
    except KeyboardInterrupt:
        _stop_and_wait(solver, done)
        raise
    finally:
        bar.close()
    if "error" in box:
        raise box["error"]
    if spent is not None:
        spent[0] += solver.ResponseProto().deterministic_time
    return box["status"]


def _restore_sigint() -> None:
    """Put Python's SIGINT handler back at the C level (CP-SAT's ``Solve`` with its own Ctrl-C
    handling on leaves its handler behind, and Python's ``signal.getsignal`` does not see it)."""
    import signal

    if threading.current_thread() is threading.main_thread():
        handler = signal.getsignal(signal.SIGINT)
        if handler is not None:
            signal.signal(signal.SIGINT, handler)


def new_solver():
    """A ``cp_model.CpSolver`` for a direct ``Solve`` call: CP-SAT keeps its own Ctrl-C handling
    during the solve (a Ctrl-C stops the search), and Python's handler is put back when ``Solve``
    returns, so a later Ctrl-C in the same process is a ``KeyboardInterrupt``, not a silent kill
    (status 130 with no message). Long searches go through :func:`solve` instead."""
    from ortools.sat.python import cp_model

    class _Solver(cp_model.CpSolver):
        def Solve(self, model, solution_callback=None):  # noqa: N802 (OR-Tools' name)
            try:
                return super().Solve(model, solution_callback)
            finally:
                _restore_sigint()

    return _Solver()
