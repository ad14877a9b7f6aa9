"""core.batch.run_dask: shared data sent once, results in task order, and a stop event that
cancels the tasks not finished (their results None) once one has finished."""

import threading
import time

import pytest

from octosolve.core.batch import run_dask


def _add_pid(shared, x):
    import os
    time.sleep(0.3)
    return shared["base"] + x, os.getpid()


def _slow(x):
    time.sleep(x)
    return x


@pytest.mark.integration  # starts two local clusters (about 10 s each on a busy machine)
def test_run_dask_shared_order_and_stop():
    pytest.importorskip("dask.distributed")
    # shared data and task order; workers=1: one worker process runs every task (the cluster is as
    # large as --workers says), one cluster for both
    out = run_dask(_add_pid, [3, 1, 2, 0], "local", shared={"base": 10}, workers=1)
    assert [x for x, _ in out] == [13, 11, 12, 10] and len({pid for _, pid in out}) == 1
    stop = threading.Event()
    stop.set()
    out = run_dask(_slow, [0.1] + [3.0] * 7, "local", stop=stop)
    done = [x for x in out if x is not None]
    assert 0.1 in done and len(done) < len(out)
    assert all(x == y for x, y in zip(out, [0.1] + [3.0] * 7) if x is not None)


def test_workers_beside_a_remote_scheduler_is_refused():
    """A cluster at an address runs tasks on its own workers: an explicit --workers beside it is
    refused in one line before anything starts, whichever comes first; --scheduler local takes it."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    for args in (["--workers", "2", "--scheduler", "tcp://h:1"], ["--scheduler", "tcp://h:1", "--workers", "2"]):
        r = CliRunner().invoke(cli, ["octagone", "match", *args])
        assert r.exit_code == 2 and "--workers: the Dask cluster at tcp://h:1 runs the tasks on its own workers" in r.output
    r = CliRunner().invoke(cli, ["octagone", "match", "--scheduler", "nonsense"])
    assert r.exit_code == 2 and "Invalid value for '--scheduler': 'nonsense' is not 'local' or a Dask scheduler address" in r.output
