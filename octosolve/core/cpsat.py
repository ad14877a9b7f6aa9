"""Running OR-Tools CP-SAT the same way everywhere (Octagion's deck design, Octiles' challenges).

CP-SAT's own Ctrl-C handling (``catch_sigint_signal``) replaces the process's SIGINT handler while it
solves and leaves the default one behind afterwards, so a later Ctrl-C kills the process with no
message (and a test's SIGINT kills the test run). :func:`solve` turns that off and runs the search in
a worker thread instead: the main thread stays free to show progress and to receive Ctrl-C
promptly, which stops the search (``StopSearch``) and is raised as ``KeyboardInterrupt``.
"""

from __future__ import annotations

import math
import threading
import time

__all__ = ["solve"]


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
    if seconds is None:
        seconds = solver.parameters.max_time_in_seconds
    box: dict = {}

    def run():
        try:
            box["status"] = solver.Solve(model, callback) if callback is not None else solver.Solve(model)
        except BaseException as e:  # noqa: BLE001 - re-raised in the calling thread
            box["error"] = e

    th = threading.Thread(target=run, name="cp-sat", daemon=True)
    total = max(1, int(math.ceil(min(float(seconds), 1e7)))) if seconds and math.isfinite(seconds) else None
    bar = progress(total=total, desc=desc, unit="s", disable=not show_progress)
    t0 = time.monotonic()
    th.start()
    stopped = False
    try:
        while th.is_alive():
            th.join(0.2)
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
        solver.StopSearch()
        th.join()
        raise
    finally:
        bar.close()
    if "error" in box:
        raise box["error"]
    return box["status"]
