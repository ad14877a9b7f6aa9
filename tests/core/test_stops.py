"""Every pooled command stops within seconds of Ctrl-C (exit 130) or SIGTERM (exit 143), with one
line on stderr, no worker process left behind and no partial output file (issue: pooled matches ran
on 25-60 s after SIGINT and left a worker alive)."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

psutil = pytest.importorskip("psutil")

from octosolve.games import GAMES  # noqa: E402
from tests.cputime import AfterSignal, tree_cpu  # noqa: E402

pytestmark = pytest.mark.integration

# each game's pooled commands (GameManifest.cli_pooled)
POOLED = [f"{g.name} {command}" for g in GAMES for command in g.cli_pooled]
# Stopping is measured in CPU seconds spent after the signal by the command and its workers (the
# work it does on, which a busy machine does not stretch), not in wall-clock seconds.
# Measured 0.1-0.6 s of wall clock on the idle 2-core machine; a run that goes on (the old bug: 25-60 s
# with two workers) spends far more.
CPU_BOUND = 10.0
CEILING = 120.0  # wall-clock seconds: only a guard against a hang, however busy the machine


def _start(args, out=None):
    cmd = [sys.executable, "-m", "octosolve"] + args + ["--workers", "2", "--seed", "1"]
    if out is not None:
        cmd += ["--out", str(out)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=env)


def _wait_for_workers(p, n=2, limit=120.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        if p.poll() is not None:
            pytest.fail(f"the command ended before its workers started: {p.stderr.read()[-300:]}")
        kids = psutil.Process(p.pid).children(recursive=True)
        if len(kids) >= n:
            return kids
        time.sleep(0.1)
    pytest.fail("no worker processes appeared")


def _wait_for_work(kids, cpu=0.3, limit=CEILING):
    """Until the workers have done some work (a state: CPU seconds spent), not for a fixed time."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        if sum(tree_cpu(k.pid) for k in kids) >= cpu:
            return
        time.sleep(0.05)
    pytest.fail(f"the workers did not use {cpu} s of CPU")


def _stop(p, kids, sig, measure):
    _wait_for_work(kids)  # the workers are busy
    measure.signalled(p.pid)
    os.kill(p.pid, sig)
    try:
        rc = p.wait(CEILING)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        pytest.fail(f"still running {CEILING} s after the signal")
    took = measure.seconds()
    deadline = time.monotonic() + 5
    alive = [k for k in kids if k.is_running() and k.status() != psutil.STATUS_ZOMBIE]
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [k for k in kids if k.is_running() and k.status() != psutil.STATUS_ZOMBIE]
    for k in alive:
        k.kill()
    return rc, took, alive, p.stderr.read()


@pytest.mark.parametrize("command", POOLED)
def test_ctrl_c_stops_pooled_command(command):
    measure = AfterSignal()
    p = _start(command.split())
    kids = _wait_for_workers(p)
    rc, took, alive, err = _stop(p, kids, signal.SIGINT, measure)
    assert rc == 130, err[-300:]
    assert took < CPU_BOUND, f"{took:.1f} CPU seconds after the signal"
    assert not alive, f"worker processes left: {[k.pid for k in alive]}"
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert lines and lines[-1] == "Interrupted." and "Traceback" not in err


def test_sigterm_stops_pooled_command_and_keeps_previous_output(tmp_path):
    out = tmp_path / "match.json"
    out.write_text('{"previous": true}\n')
    measure = AfterSignal()
    p = _start("octagone match --players mcts,greedy --games 400".split(), out=out)
    kids = _wait_for_workers(p)
    rc, took, alive, err = _stop(p, kids, signal.SIGTERM, measure)
    assert rc == 143, err[-300:]
    assert took < CPU_BOUND, f"{took:.1f} CPU seconds after the signal"
    assert not alive
    assert [ln for ln in err.splitlines() if ln.strip()][-1] == "Terminated."
    assert out.read_text() == '{"previous": true}\n'  # the earlier file is untouched
    assert sorted(os.listdir(tmp_path)) == ["match.json"]  # and no temporary file is left


@pytest.mark.parametrize("sig,code,line", [(signal.SIGTERM, 143, "Terminated."),
                                           (signal.SIGINT, 130, "Interrupted.")])
def test_cp_sat_search_stops_cleanly(sig, code, line, tmp_path):
    """#45.1: `octiles prove` stopped while CP-SAT searches exits 143 (SIGTERM) or 130 (Ctrl-C)
    with one line, not 134 with "terminate called without an active exception" (a Thread.join
    interrupted by the signal let the interpreter exit under CP-SAT's C++ threads)."""
    import select

    env = dict(os.environ, OCTOSOLVE_PROGRESS="1")
    env.pop("OCTOSOLVE_NO_PROGRESS", None)
    p = subprocess.Popen([sys.executable, "-m", "octosolve", "octiles", "prove", "25", "--fresh",
                          "--time-limit", "600", "--out", str(tmp_path)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen, t0 = b"", time.monotonic()
    try:
        while b"whole-board" not in seen:   # CP-SAT's first search has started (its progress bar)
            assert time.monotonic() - t0 < CEILING, "no search within the ceiling"
            if select.select([p.stderr], [], [], 1.0)[0]:
                chunk = os.read(p.stderr.fileno(), 4096)
                assert chunk, f"prove ended before searching: {seen[-300:]!r}"
                seen += chunk
        time.sleep(1.0)
        p.send_signal(sig)
        err = p.communicate(timeout=CEILING)[1]
    finally:
        if p.poll() is None:
            p.kill()
    text = (seen + err).decode(errors="replace").replace("\r", "\n")
    lines = [x.strip() for x in text.splitlines() if x.strip() and "s/s]" not in x]
    assert (p.returncode, lines) == (code, [line])
    # nothing half-written: a certificate the search had finished before the signal may stand
    # (whole), no temporary file is left
    for name in os.listdir(tmp_path):
        assert name.endswith(".json") and not name.startswith("."), name
        json.loads((tmp_path / name).read_text(encoding="utf-8"))
