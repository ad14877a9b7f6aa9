"""The web app's pool of workers for the long computations: computer moves, hints and best lines
that search, Octagion deck designs.

``Pool(workers=N)`` keeps N worker processes (started with ``spawn`` on first use, so an app that
never searches starts none). A job is a module-level function and its arguments (pickled to the
worker, its answer pickled back): the worker holds no game, the web process keeps every game's
state and gets the move back. Jobs wait in one first-come-first-served line for a free worker
(never refused, never dropped): :meth:`Pool.position` tells a waiting job's place in the line,
which the play page shows ("waiting for a free worker: 2nd in line"). Games never wait on each
other's locks, only on a free worker.

``Pool(workers=0)`` runs the jobs in the calling thread of the web process, one at a time, on
pickled copies of their arguments as a worker would (the tests' apps and notebooks: no process).

A job that runs over ``timeout`` seconds (a stuck search) is stopped: its worker is ended and
replaced, and the request gets a one-line 504. :meth:`Pool.close` (the app's shutdown, Ctrl-C or
SIGTERM of ``octosolve serve``) ends every worker: none outlives the server, and a worker whose
server died ends itself when its pipe closes. Workers are started with ``spawn``: a script of your
own that serves an app with workers needs the ``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import pickle
import signal
import threading
import time
from collections import deque

from ..core.errors import OctoError
from .http import ApiError

__all__ = ["Pool", "Cancelled", "JOB_TIMEOUT", "ordinal", "timed"]

PROGRESS_EVERY = 0.25   # seconds between a job's progress reports sent to the web process


class Cancelled(Exception):
    """A job taken out of the line (:meth:`Pool.cancel`) before a worker took it."""

JOB_TIMEOUT = 300.0   # seconds a job may run before it is taken for stuck (the longest design: 600 s)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``: a place in line.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if 10 <= n % 100 <= 20 or n % 10 > 3 else ("th", "st", "nd", "rd")[n % 10]
    return f"{n}{suffix}"


def timed(fn, *args, **kwargs):
    """``(fn(*args, **kwargs), its CPU seconds in the process that ran it)``: a job's own CPU time
    (its wall time depends on the machine's load and on the line)."""
    t0 = time.thread_time()
    out = fn(*args, **kwargs)
    return out, time.thread_time() - t0


def _worker_main(conn, stop) -> None:
    """A worker process: answer jobs ``(fn, args)`` from the pipe until it closes (or ``None``).
    Ctrl-C is the server's to handle (it ends the workers); SIGTERM ends a worker at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    import octosolve.games  # noqa: F401 (the registry: every job needs it; imported before the first)

    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if msg is None:
            return
        fn, args, kwargs = msg
        if kwargs.pop("_stop", False):
            kwargs["stop"] = stop
        if kwargs.pop("_progress", False):
            kwargs["progress"] = _reporter(conn)
        try:
            out = ("ok", fn(*args, **kwargs))
        except OctoError as e:    # bad input found by the job: the request's one-line 400
            out = ("octo", e.format_message())
        except ApiError as e:
            out = ("api", (e.status, e.message))
        except Exception as e:    # noqa: BLE001 - a bug: the request's 500, the worker goes on
            out = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(out)
        except (EOFError, OSError):
            return
        except Exception as e:    # noqa: BLE001 - an answer that does not pickle
            conn.send(("error", f"{type(e).__name__}: {e}"))


def _reporter(conn):
    """``progress(*values)`` for a job in a worker: sent to the web process at most every
    :data:`PROGRESS_EVERY` seconds (the last report of a burst may be dropped; the answer follows)."""
    last = [0.0]

    def progress(*values):
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            conn.send(("progress", values))
    return progress


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, ctx, index: int):
        self.index = index
        self.conn, child = ctx.Pipe()
        self.stop = ctx.Event()
        self.process = ctx.Process(target=_worker_main, args=(child, self.stop),
                                   name=f"octosolve-web-worker-{index}", daemon=True)
        self.process.start()
        child.close()

    def end(self, grace: float = 1.0) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        try:
            self.conn.close()
        except OSError:
            pass
        p = self.process
        try:
            p.join(0.2)
            if p.is_alive():
                p.terminate()
                p.join(grace)
            if p.is_alive():
                p.kill()
                p.join(grace)
        except (OSError, ValueError, AssertionError):
            pass


class _Ticket:
    __slots__ = ("key", "worker", "since", "cancelled")

    def __init__(self, key: str):
        self.key, self.worker, self.since, self.cancelled = key, None, time.monotonic(), False


class Pool:
    """Workers for the web app's long jobs; see the module's docstring. ``workers``: worker
    processes (0: the jobs run in the web process, one at a time)."""

    def __init__(self, workers: int = 0, timeout: float = JOB_TIMEOUT):
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
            raise ValueError("workers must be a whole number >= 0")
        self.processes = workers > 0
        self.size = max(1, workers)
        self.timeout = float(timeout)
        self._cv = threading.Condition()
        self._waiting: deque[_Ticket] = deque()
        self._running: list[_Ticket] = []
        self._free: list = []          # free workers (in-process: tokens)
        self._all: list[_Worker] = []
        self._ids = itertools.count()
        self._started = False
        self._closed = False
        self.served = 0               # jobs answered (a count for the load test and the tests)

    # -- the line ------------------------------------------------------------------------------
    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        if self.processes:
            ctx = mp.get_context("spawn")
            self._ctx = ctx
            self._all = [_Worker(ctx, next(self._ids)) for _ in range(self.size)]
            self._free = list(self._all)
        else:
            self._free = [None]

    def run(self, key: str, fn, *args, timeout: float | None = None, stoppable: bool = False,
            progress=None, entered: threading.Event | None = None, **kwargs):
        """``fn(*args, **kwargs)`` on the next free worker (waiting in line for one); its answer.
        ``key`` names who waits (a game's id) for :meth:`position` and :meth:`cancel`.
        ``stoppable``: the job gets ``stop=``, an event that :meth:`stop` sets (a design's Stop);
        ``progress``: a function of the web process that the job's ``progress=`` reports to;
        ``entered``: an event set once the job is in line (a caller in another thread waits on it)."""
        t = _Ticket(str(key))
        with self._cv:
            if self._closed:
                raise ApiError(503, "the server is stopping")
            self._start()
            self._waiting.append(t)
            if entered is not None:
                entered.set()
            try:
                while True:
                    if t.cancelled:   # taken out of the line (Pool.cancel)
                        raise Cancelled(key)
                    if self._closed:
                        raise ApiError(503, "the server is stopping")
                    if self._free and self._waiting and self._waiting[0] is t:
                        break
                    self._cv.wait()
            except BaseException:
                if t in self._waiting:
                    self._waiting.remove(t)
                self._cv.notify_all()
                raise
            self._waiting.popleft()
            t.worker = self._free.pop(0)
            self._running.append(t)
            self._cv.notify_all()   # the next in line may take another free worker
        worker = t.worker
        try:
            worker, answer = self._call(worker, fn, args, kwargs, stoppable, progress,
                                        self.timeout if timeout is None else timeout)
            return answer
        finally:
            with self._cv:
                self._running.remove(t)
                if not self._closed and worker is not False:
                    self._free.append(worker)
                self.served += 1
                self._cv.notify_all()

    def _call(self, worker, fn, args, kwargs, stoppable, progress, timeout):
        """(the worker to put back, the job's answer); a worker that had to be ended is replaced."""
        if not self.processes:   # in this thread, on copies of the arguments as a worker gets them
            fn, args, kwargs = pickle.loads(pickle.dumps((fn, args, kwargs)))
            if stoppable:
                kwargs["stop"] = self._thread_stop = threading.Event()
            if progress is not None:
                kwargs["progress"] = progress
            try:
                return worker, fn(*args, **kwargs)
            finally:
                self._thread_stop = None
        kwargs = {**kwargs, "_stop": stoppable, "_progress": progress is not None}
        deadline = time.monotonic() + timeout
        try:
            worker.stop.clear()
            worker.conn.send((fn, args, kwargs))
            while True:
                if not worker.conn.poll(max(0.0, deadline - time.monotonic())):
                    worker = self._replace(worker)   # stuck: a fresh worker takes its place
                    raise ApiError(504, f"the job ran over {timeout:g} s and was stopped; try again")
                kind, value = worker.conn.recv()
                if kind != "progress":
                    break
                try:
                    progress(*value)
                except Exception:  # noqa: BLE001 - a progress display never ends the job
                    pass
        except (EOFError, OSError):
            if self._closed:
                raise ApiError(503, "the server is stopping") from None
            worker = self._replace(worker)
            raise ApiError(500, "a worker process ended during the job; try again") from None
        if kind == "ok":
            return worker, value
        if kind == "octo":
            raise OctoError(value)
        if kind == "api":
            raise ApiError(*value)
        raise RuntimeError(value)

    def _replace(self, worker):
        """End ``worker`` and start a fresh one in its place (False once the pool is closed)."""
        worker.end(grace=0.5)
        with self._cv:
            if self._closed:
                return False
            fresh = _Worker(self._ctx, next(self._ids))
            self._all = [fresh if w is worker else w for w in self._all]
            return fresh

    def stop(self, key: str) -> bool:
        """Ask the running job of ``key`` to stop (its ``stop`` event); False if none runs."""
        with self._cv:
            for t in self._running:
                if t.key == key:
                    if self.processes:
                        t.worker.stop.set()
                    elif getattr(self, "_thread_stop", None) is not None:
                        self._thread_stop.set()
                    return True
        return False

    def cancel(self, key: str) -> bool:
        """Take ``key``'s jobs out of the line (their :meth:`run` raises :class:`Cancelled`);
        False if none waits."""
        with self._cv:
            gone = [t for t in self._waiting if t.key == key]
            for t in gone:
                t.cancelled = True
                self._waiting.remove(t)
            self._cv.notify_all()
        return bool(gone)

    def position(self, key: str) -> dict:
        """Where ``key``'s job is: ``{"state": "waiting", "position": 1-based place in line,
        "ahead": jobs before it}``, ``{"state": "running"}`` or ``{"state": "idle"}``; with the
        pool's ``workers``, ``busy`` (jobs running) and ``queued`` (jobs waiting)."""
        key = str(key)
        with self._cv:
            out = {"state": "idle", "position": None, "ahead": None, "workers": self.size,
                   "busy": len(self._running), "queued": len(self._waiting)}
            for i, t in enumerate(self._waiting):
                if t.key == key:
                    out.update(state="waiting", position=i + 1, ahead=i,
                               waited=round(time.monotonic() - t.since, 2),
                               text=f"waiting for a free worker: {ordinal(i + 1)} in line")
                    return out
            if any(t.key == key for t in self._running):
                out["state"] = "running"
        return out

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the first job, or in-process)."""
        with self._cv:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        """End every worker (jobs waiting get a 503 "the server is stopping")."""
        with self._cv:
            if self._closed:
                return
            self._closed = True
            workers, self._all, self._free = list(self._all), [], []
            self._cv.notify_all()
        for w in workers:
            w.end()
