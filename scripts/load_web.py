#!/usr/bin/env python3
"""Load test of `octosolve serve` (issue 45: a web app for many players), over real HTTP on
127.0.0.1 only.

It starts `octosolve serve` itself on a free loopback port, twice: once with ``--workers 1`` and
once with the default (one worker process per core). Each time, 20 games are played at once (5 of
each game with a play page: Octagone, Octiles, Oct8, Octoverso; each game's first preset against
the default, hardest, level) by scripted clients, one thread each, as the play page plays: a
random legal move of yours, then the computer's moves one request at a time, each POST carrying
the game as the page holds it; a game over starts the next one. After ``--seconds`` (default 120)
no new request starts; the ones under way are waited for. Then the server gets SIGTERM and must
exit leaving no process behind.

For each run it prints the errors (any answer but 200, or a failed request), the HTTP 5xx among
them, the longest request (its wait in line included), the computer moves per second (moves
answered within the window / its length) and the server's exit; as its last line one JSON object
``{"ratio": moves_per_s_default / moves_per_s_one_worker, "one_worker": {...}, "default": {...},
"load_before": [...], ...}``. The goal on the idle 2-core machine: 0 errors, 0 5xx, no request
over 30 s, ratio >= 1.6.

    python scripts/load_web.py            # 2 runs of 120 s (about 5 minutes in all)
    python scripts/load_web.py --quick    # 2 runs of 15 s: under a minute
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _play_games() -> tuple[str, ...]:
    """The games with a play page (the registry's web-ready games): Octagone, Octiles, Oct8, Octoverso."""
    sys.path.insert(0, str(ROOT))   # this checkout's package, not an installed one
    from octosolve.games import GAMES as registered

    return tuple(g.name for g in sorted(registered, key=lambda g: g.menu) if g.web_ready())


GAMES = _play_games()
PER_GAME = 5
WAIT_GOAL = 30.0
RATIO_GOAL = 1.6


def note(text: str) -> None:
    """A progress line on stderr (the figures go to stdout)."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One HTTP connection to the server (keep-alive), every request timed."""

    def __init__(self, port: int, stats: "Stats"):
        self.port, self.stats = port, stats
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)

    def call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if body is not None else {}
        t0 = time.monotonic()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            r = self.conn.getresponse()
            raw = r.read()
            status = r.status
        except (OSError, http.client.HTTPException) as e:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
            self.stats.request(time.monotonic() - t0, None, f"{method} {path}: {type(e).__name__}: {e}")
            return None
        wait = time.monotonic() - t0
        if status != 200:
            self.stats.request(wait, status, f"{method} {path}: HTTP {status}: {raw[:200]!r}")
            return None
        self.stats.request(wait, status, None)
        return json.loads(raw)


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = self.errors = self.http_5xx = 0
        self.max_wait = 0.0
        self.waits: list[float] = []
        self.moves = 0           # computer moves answered within the window
        self.moves_late = 0      # answered after it (requests under way at its end)
        self.games = 0
        self.first_errors: list[str] = []
        self.window_end = float("inf")
        self.cpu = 0.0           # the computer moves' CPU seconds, as the server reports them

    def request(self, wait: float, status, error: str | None) -> None:
        with self.lock:
            self.requests += 1
            self.waits.append(wait)
            self.max_wait = max(self.max_wait, wait)
            if error is not None:
                self.errors += 1
                if status is not None and status >= 500:
                    self.http_5xx += 1
                if len(self.first_errors) < 5:
                    self.first_errors.append(error)

    def move(self, cpu: float) -> None:
        with self.lock:
            if time.monotonic() <= self.window_end:
                self.moves += 1
                self.cpu += cpu
            else:
                self.moves_late += 1


def rebuild_body(v: dict) -> dict:
    """The game as the play page holds it (play.js rebuildBody), sent with every POST."""
    body = {"params": {k: x for k, x in v["params"].items() if x is not None}, "seats": v["seats"],
            "options": v["options"], "seed": v["seed"], "moves": v["all_actions"]}
    if v.get("resigned") is not None:
        body["resigned"] = v["resigned"]
    return body


def player(port: int, game: str, index: int, stats: Stats, deadline: float) -> None:
    """Play games of ``game`` until ``deadline`` (monotonic): new game, your random legal move,
    the computer's moves, and so on."""
    rng = random.Random(f"{game}-{index}")
    c = Client(port, stats)
    info = c.call("GET", f"/api/{game}/info")
    if info is None:
        return
    preset = info["presets"][0]
    while time.monotonic() < deadline:
        v = c.call("POST", f"/api/{game}/new", {"params": preset["params"], "human_seat": 0,
                                                  "level": info["default_level"],
                                                  "seed": rng.randrange(2**31)})
        if v is None:
            time.sleep(0.5)
            continue
        with stats.lock:
            stats.games += 1
        while v is not None and not v["terminal"] and time.monotonic() < deadline:
            gid = v["id"]
            if v["human_turn"]:
                moves = v["legal"]
                if v.get("composer"):  # Octoverso's words are built, not listed: ask as the study box does
                    w = c.call("POST", f"/api/{game}/{gid}/words", {"game": rebuild_body(v)})
                    moves = moves + (w["moves"] if w else [])
                if not moves:
                    break
                move = rng.choice(moves)["action"]
                v = c.call("POST", f"/api/{game}/{gid}/move", {"action": move, "game": rebuild_body(v)})
            else:
                nv = c.call("POST", f"/api/{game}/{gid}/computer", {"game": rebuild_body(v)})
                if nv is not None:
                    stats.move(float(nv.get("cpu_seconds") or 0.0))
                v = nv


def children(pid: int) -> list[int]:
    """Every process descended from ``pid`` (read from /proc)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (its own, not its children's)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def wait_ready(port: int, proc: subprocess.Popen, limit: float = 60.0) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        if proc.poll() is not None:
            raise SystemExit(f"octosolve serve exited with status {proc.returncode} before it answered")
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/api/games")
            if c.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"octosolve serve did not answer within {limit:g} s")


def warm(port: int) -> None:
    """Open each game's page as a browser would: ``info`` queues one warm-up job per worker and
    game (the first move of a process loads the game's compiled kernels: seconds of CPU), and the
    clock starts once the line is empty."""
    stats = Stats()
    c = Client(port, stats)
    for g in GAMES:
        c.call("GET", f"/api/{g}/info")
    v = c.call("POST", "/api/oct8/new", {"seed": 1})
    t0, idle = time.monotonic(), 0
    while v and time.monotonic() - t0 < 600 and idle < 3:
        time.sleep(0.5)
        q = c.call("GET", f"/api/oct8/{v['id']}/queue")
        idle = idle + 1 if q is None or (q["busy"] == 0 and q["queued"] == 0) else 0


def run(workers: int | None, seconds: float) -> dict:
    port = free_port()
    cmd = [sys.executable, "-m", "octosolve", "serve", "--host", "127.0.0.1", "--port", str(port)]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    env = {**os.environ, "OCTOSOLVE_NO_PROGRESS": "1"}
    log = open(os.devnull, "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.PIPE, text=True)
    try:
        wait_ready(port, proc)
        note(f"serve --workers {workers or 'default'} answers on port {port}; warming up")
        warm(port)
        note(f"warm; {len(GAMES) * PER_GAME} games for {seconds:g} s")
        stats = Stats()
        web0 = cpu_seconds(proc.pid)
        workers0 = sum(cpu_seconds(k) for k in children(proc.pid))
        start = time.monotonic()
        stats.window_end = start + seconds
        threads = [threading.Thread(target=player, args=(port, g, i, stats, stats.window_end),
                                    daemon=True)
                   for g in GAMES for i in range(PER_GAME)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(max(1.0, stats.window_end + 120 - time.monotonic()))
        stuck = sum(t.is_alive() for t in threads)
        pids = children(proc.pid)
        web_cpu = cpu_seconds(proc.pid) - web0
        workers_cpu = sum(cpu_seconds(k) for k in pids) - workers0
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    t_end = time.monotonic()   # multiprocessing's resource tracker ends on its own, a moment later
    while time.monotonic() - t_end < 10:
        left = [p for p in pids if Path(f"/proc/{p}").exists()]
        if not left:
            break
        time.sleep(0.25)
    waits = sorted(stats.waits)
    return {"workers": workers if workers is not None else os.cpu_count(),
            "workers_option": "default" if workers is None else str(workers),
            "seconds": seconds, "games_started": stats.games, "requests": stats.requests,
            "errors": stats.errors + stuck, "http_5xx": stats.http_5xx,
            "clients_still_waiting": stuck,
            "max_wait_s": round(stats.max_wait, 2),
            "median_wait_s": round(waits[len(waits) // 2], 3) if waits else None,
            "p95_wait_s": round(waits[int(len(waits) * 0.95)], 3) if waits else None,
            "computer_moves": stats.moves, "computer_moves_after_window": stats.moves_late,
            "moves_per_s": round(stats.moves / seconds, 3),
            "move_cpu_s_mean": round(stats.cpu / stats.moves, 3) if stats.moves else None,
            # where the CPU went, over the window and the requests finished after it
            "web_process_cpu_s": round(web_cpu, 1), "worker_processes_cpu_s": round(workers_cpu, 1),
            "server_exit": proc.returncode, "processes_left": len(left),
            "server_stderr_lines": [ln for ln in (err or "").splitlines() if ln.strip()][-5:],
            "first_errors": stats.first_errors}


def show(r: dict) -> None:
    print(f"--workers {r['workers_option']} ({r['workers']} worker process"
          f"{'' if r['workers'] == 1 else 'es'}), {r['seconds']:g} s, {len(GAMES) * PER_GAME} games at once:")
    print(f"  errors {r['errors']}, HTTP 5xx {r['http_5xx']}, longest request {r['max_wait_s']} s "
          f"(median {r['median_wait_s']} s, p95 {r['p95_wait_s']} s), {r['requests']} requests, "
          f"{r['games_started']} games started")
    print(f"  computer moves {r['computer_moves']} = {r['moves_per_s']} per second "
          f"(mean CPU of a move {r['move_cpu_s_mean']} s); CPU of the web process "
          f"{r['web_process_cpu_s']} s, of the workers {r['worker_processes_cpu_s']} s")
    print(f"  server exit status {r['server_exit']} after SIGTERM, processes left {r['processes_left']} "
          "(10 s after it)")
    for e in r["first_errors"]:
        print(f"  error: {e}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=120.0, help="length of each run (default 120)")
    ap.add_argument("--quick", action="store_true", help="2 runs of 15 s (under a minute in all)")
    a = ap.parse_args(argv)
    seconds = 15.0 if a.quick else a.seconds
    if not 1 <= seconds <= 3600:
        ap.error("--seconds must be 1-3600")
    load = [round(x, 2) for x in os.getloadavg()]
    t0 = time.monotonic()
    one = run(1, seconds)
    show(one)
    default = run(None, seconds)
    show(default)
    ratio = default["moves_per_s"] / one["moves_per_s"] if one["moves_per_s"] else None
    worst = max(one["max_wait_s"], default["max_wait_s"])
    errors = one["errors"] + default["errors"]
    fives = one["http_5xx"] + default["http_5xx"]
    print(f"ratio (default / one worker): {ratio:.2f} (goal >= {RATIO_GOAL}: "
          f"{'met' if ratio and ratio >= RATIO_GOAL else 'NOT met'}); errors {errors}, 5xx {fives}, "
          f"longest request {worst} s (goal <= {WAIT_GOAL:g}: {'met' if worst <= WAIT_GOAL else 'NOT met'}); "
          f"load average before {load}, after {[round(x, 2) for x in os.getloadavg()]}")
    print(json.dumps({"ratio": round(ratio, 3) if ratio else None, "errors": errors, "http_5xx": fives,
                      "max_wait_s": worst, "one_worker": one, "default": default,
                      "cpus": os.cpu_count(), "load_before": load,
                      "load_after": [round(x, 2) for x in os.getloadavg()],
                      "wall_s": round(time.monotonic() - t0, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
