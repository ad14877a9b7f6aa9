"""Batch runner for large simulations: local processes by default, a Dask distributed cluster when
given a scheduler address.

``run_batch(func, tasks)`` applies a picklable module-level ``func`` to every task and returns the
results in task order. Tasks should be coarse (a chunk of games, not one game): split work with
:func:`chunked`. With ``scheduler="local"`` a throw-away ``dask.distributed.LocalCluster`` is started
(used by the tests and handy on one machine); any other value is a scheduler address
(``tcp://host:8786``) of a running cluster whose workers have octosolve installed. :func:`run_dask`
is the Dask part, with data shared by all tasks, a stop event and a time limit (the deck designer's
annealing runs).

Ctrl-C (or SIGTERM, which ``octosolve.cli.main`` turns into the same exception) during a pooled run
cancels the queued tasks and ends the worker processes at once (:func:`stop_pool`): no worker
outlives the command, and the command exits within about a second.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import re
import signal
import warnings
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Sequence

from .errors import fail
from .progress import progress


def chunked(n: int, chunk: int) -> list[tuple[int, int]]:
    """Split ``range(n)`` into ``(start, stop)`` pairs of at most ``chunk`` items."""
    chunk = max(1, int(chunk))
    return [(i, min(n, i + chunk)) for i in range(0, n, chunk)]


_ADDRESS = re.compile(r"^(?:(?:tcp|tls|inproc|ucx|ws|wss)://)?[A-Za-z0-9._\-\[\]:]+:\d{1,5}/?$")


def check_scheduler(address: str) -> str:
    """``local`` or a Dask scheduler address (``tcp://host:8786``, ``host:8786``); a one-line error
    for anything else, before any work starts.

    >>> check_scheduler("tcp://10.0.0.5:8786"), check_scheduler("LOCAL")
    ('tcp://10.0.0.5:8786', 'local')
    """
    text = str(address).strip()
    if text.lower() == "local":
        return "local"
    if not _ADDRESS.match(text):
        fail(f"--scheduler {address!r} is not 'local' or a Dask scheduler address such as "
             "tcp://host:8786")
    port = int(text.rstrip("/").rsplit(":", 1)[1])
    if not 1 <= port <= 65535:
        fail(f"--scheduler {address!r}: port {port} is out of range (1 to 65535)")
    return text


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def run_batch(func: Callable[[Any], Any], tasks: Sequence[Any], *, workers: int | None = None,
              scheduler: str | None = None, desc: str = "batch") -> list[Any]:
    """Run ``func`` on each task; results in task order. ``workers=1`` runs in this process."""
    tasks = list(tasks)
    if not tasks:
        return []
    if scheduler:
        return run_dask(func, tasks, check_scheduler(scheduler), desc=desc, workers=workers)
    workers = default_workers() if workers is None else int(workers)
    if workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    if workers == 1 or len(tasks) == 1:
        return [func(t) for t in progress(tasks, desc=desc)]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    results: list[Any] = [None] * len(tasks)
    ex = ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=ctx,
                             initializer=_worker_init)
    try:
        futs = {ex.submit(func, t): i for i, t in enumerate(tasks)}
        for f in progress(as_completed(futs), total=len(futs), desc=desc):
            results[futs[f]] = f.result()
    except BaseException:
        # Ctrl-C, SIGTERM or a failed task: stop at once, dropping the queued tasks and ending the
        # workers (a plain shutdown would wait for every queued task)
        stop_pool(ex)
        raise
    ex.shutdown(wait=True)
    return results


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent (which ends them) and die on SIGTERM."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


POOLS_STOPPED = 0  # how many pools stop_pool ended in this process (the CLI then exits at once)


def stop_pool(ex: ProcessPoolExecutor, grace: float = 1.0) -> None:
    """Cancel the queued tasks of ``ex`` and end its worker processes: SIGTERM, then SIGKILL for
    any still alive after ``grace`` seconds. Returns without waiting for running tasks.

    The workers are ended first and the executor's own shutdown runs in a daemon thread: a Ctrl-C
    that lands inside ``submit`` may leave the executor's internal lock taken, and a shutdown on this
    thread would then wait for it forever."""
    global POOLS_STOPPED
    import threading

    POOLS_STOPPED += 1
    procs = list((getattr(ex, "_processes", None) or {}).values())
    threading.Thread(target=lambda: ex.shutdown(wait=False, cancel_futures=True), daemon=True,
                     name="stop-pool").start()
    for pr in procs:
        try:
            pr.terminate()
        except (OSError, ValueError, AttributeError):
            pass
    for pr in procs:
        try:
            pr.join(grace)
            if pr.is_alive():
                pr.kill()
                pr.join(grace)
        except (OSError, ValueError, AssertionError, AttributeError):
            pass


def _quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (unless it runs) with its stderr on /dev/null: a
    Ctrl-C while a local cluster starts leaves its workers' semaphores to the tracker, which cleans
    them up but would print a warning of several lines after the command's one-line message."""
    import sys
    from multiprocessing import resource_tracker

    try:
        if getattr(resource_tracker._resource_tracker, "_fd", None) is not None:
            return
        old = sys.stderr
        with open(os.devnull, "w") as devnull:
            sys.stderr = devnull
            try:
                resource_tracker.ensure_running()
            finally:
                sys.stderr = old
    except Exception:  # pragma: no cover - a private interface: never worth failing the run
        pass


def run_dask(func, tasks, scheduler: str, *, desc: str = "batch", shared: Any = None,
             stop=None, time_limit: float | None = None, workers: int | None = None) -> list[Any]:
    """``func(task)`` (or ``func(shared, task)`` when ``shared`` is given: sent to the workers once,
    not with every task) for every task on a Dask cluster (``local``: a throw-away LocalCluster of
    ``workers`` single-threaded worker processes, default one per core; a running cluster at an
    address has the workers it has); results in task order.

    ``stop`` (an event) or ``time_limit`` (seconds): once the event is set or the time is spent and at
    least one task has finished, the tasks not finished are cancelled and their results are None.
    Ctrl-C cancels everything and closes a local cluster before it propagates."""
    try:
        from dask.distributed import Client, LocalCluster, wait
    except ImportError:  # pragma: no cover - dask is a dependency
        fail("the Dask scheduler needs `pip install 'dask[distributed]'`")
    import time

    import logging

    scheduler = check_scheduler(scheduler)
    start = time.perf_counter()
    cluster, pids, cut = None, [], False
    try:
        if scheduler == "local":
            _quiet_resource_tracker()
            # warnings (a cancelled task, a busy worker killed at the end) stay off the terminal
            n = default_workers() if workers is None else int(workers)
            if n < 1:
                fail(f"--workers must be at least 1, got {n}")
            with warnings.catch_warnings():
                # the scheduler's HTTP server still takes port 8787 with no dashboard; another
                # cluster on it (a second command at once) only moves it: no warning for the user
                warnings.filterwarnings("ignore", message=r"Port \d+ is already in use")
                cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
            pids = list(client.run(os.getpid).values())
        else:
            try:
                client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as e:
                fail(f"cannot reach the Dask scheduler at {scheduler}: {e}")
        with client:
            if shared is None:
                futures = client.map(func, tasks, pure=False)
            else:
                sfut = client.scatter(shared, broadcast=True)
                futures = client.map(func, [sfut] * len(tasks), tasks, pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            results: list[Any] = [None] * len(tasks)
            pending, finished = set(futures), 0
            bar = progress(total=len(futures), desc=desc)
            try:
                while pending:
                    over = (stop is not None and stop.is_set()) or (
                        time_limit is not None and time.perf_counter() - start > time_limit)
                    if over and finished:
                        client.cancel(list(pending))
                        cut = True
                        break
                    try:
                        done, pending = wait(pending, timeout=0.5, return_when="FIRST_COMPLETED")
                    except TimeoutError:
                        continue
                    pending = set(pending)
                    for f in done:
                        results[index[f.key]] = f.result()
                        finished += 1
                        bar.update(1)
            except BaseException:
                cut = True
                client.cancel(futures)
                raise
            finally:
                bar.close()
            return results
    finally:
        if cluster is not None:
            quiet = logging.getLogger("distributed")
            level = quiet.level
            if cut:
                # a running task cannot be interrupted (a numba loop): end the local workers now
                # rather than wait for the cluster's close to time out on them. Their comms then
                # close, and the in-process scheduler logs each with a traceback (at INFO, past
                # silence_logs): nothing for the user who pressed Ctrl-C
                quiet.setLevel(logging.CRITICAL)
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
            try:
                cluster.close()
            finally:
                quiet.setLevel(level)
