"""CPU time of commands a test starts, so a "stops promptly" or "gives up in time" check counts work
done rather than wall-clock seconds, which stretch on a busy machine (issue 21: CI robust under
load). The wall-clock limits that remain in such tests are ceilings against a hang, not measures."""

from __future__ import annotations

import resource

import psutil  # a dependency of dask[distributed], itself a dependency of octosolve


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid``, by the children it has reaped
    and by its live descendants; 0.0 for a process that is gone."""
    try:
        p = psutil.Process(pid)
        t = p.cpu_times()
        total = t.user + t.system + t.children_user + t.children_system
        kids = p.children(recursive=True)
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return 0.0
    for k in kids:
        try:
            kt = k.cpu_times()
            total += kt.user + kt.system
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            pass
    return total


def reaped_children_cpu() -> float:
    """CPU seconds of this process's children that have ended and been waited for (and of their
    own reaped descendants): the difference across a ``Popen.wait`` is that command's total."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


class AfterSignal:
    """CPU a command spends after a signal: ``m = AfterSignal()`` before starting it,
    ``m.signalled(pid)`` right before ``os.kill``, ``m.seconds()`` once it has been waited for.
    Workers left orphaned are not counted (the tests check separately that none is left)."""

    def __init__(self) -> None:
        self.start = reaped_children_cpu()
        self.at_signal = 0.0

    def signalled(self, pid: int) -> None:
        self.at_signal = tree_cpu(pid)

    def seconds(self) -> float:
        return max(0.0, reaped_children_cpu() - self.start - self.at_signal)
