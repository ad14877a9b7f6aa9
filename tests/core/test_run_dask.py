"""core.batch.run_dask: shared data sent once, results in task order, and a stop event that
cancels the tasks not finished (their results None) once one has finished."""

import threading
import time

import pytest

from octosolve.core.batch import run_dask


def _add(shared, x):
    return shared["base"] + x


def _slow(x):
    time.sleep(x)
    return x


@pytest.mark.integration  # starts two local clusters (about 10 s each on a busy machine)
def test_run_dask_shared_order_and_stop():
    pytest.importorskip("dask.distributed")
    assert run_dask(_add, [3, 1, 2], "local", shared={"base": 10}) == [13, 11, 12]
    stop = threading.Event()
    stop.set()
    out = run_dask(_slow, [0.1] + [3.0] * 7, "local", stop=stop)
    done = [x for x in out if x is not None]
    assert 0.1 in done and len(done) < len(out)
    assert all(x == y for x, y in zip(out, [0.1] + [3.0] * 7) if x is not None)
