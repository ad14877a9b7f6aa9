#!/usr/bin/env python
"""Octagone solver benchmark: alpha-beta nodes per second, numba kernel against its pure-Python twin
on the same positions in the same run, the time to solve positions with 12, 16, 20 and 24 free cells
under the default (edge) reading of the wrap-around, and the 24-free-cell target (every position
proven within 60 s); the torus reading's 20-free-cell figure for comparison; and positions from
REAL play (the `play` command's default players alphabeta,mcts, and greedy,greedy, in turn) at 26,
27 and 28 free cells (``--frees``), 17 a size (``--per-size``), proven with the outcome window (win /
loss / draw, ``solve --target outcome``) within a node budget (``--budget``, default 5e8: about a
minute of one idle core): per size the MEDIAN with its 95% order-statistic interval (the 5th to the
13th of 17, distribution-free), in nodes (the longest thread's with ``--workers 2``), wall and CPU
seconds; a position not proven within the budget counts as above it, so the median is known only
when more than half are proven ("above X" otherwise; ``--until-decided`` stops a size as soon as
it is above). ``--workers 2`` runs the outcome on two threads (``solve --workers 2``; the budget is
then each thread's, and on two idle cores the wall clock pays about the longest thread's nodes),
``--method dfpn`` by proof-number search (``solve --method dfpn``; its nodes include its alpha-beta
leaves'). ``--out FILE`` writes the real-play measurement as JSON (``--merge``: into the file's
other sizes), as data/octagone/frontier.json, which ``octosolve report`` quotes.

Positions are reached by seeded random play (2 players, standard rules, open shields). Rates are
given per wall-clock second and per CPU second of this process (the machine is shared: CPU time is
the fairer figure when other jobs run). The numba search gets the table ``solve`` would give it
(sized by the free cells, ``kernels.tt_bits_for``), cleared (and so paged in) before each timed
search; the Python twin a dict (unbounded) and its own, plainer move order, so the two search
different trees to the same values and the ratio is one of rates (nodes per second). The default
run is long (the real-play part: 51 positions, up to 5e8 nodes each, most of the 28-free-cell ones
to the budget: up to an hour of CPU); ``--quick`` under one minute. The last line is one JSON object.

    python scripts/bench_octagone.py [--quick]
    python scripts/bench_octagone.py --real-only [--frees 26,27,28] [--per-size 17] [--workers 2]
                                     [--budget N] [--method dfpn] [--until-decided]
                                     [--out data/octagone/frontier.json [--merge]]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time


from octosolve.octagone.geometry import PASS


def _whole(lo: int, hi: int, what: str):
    """An argparse type: a whole number lo..hi (5e8 allowed), else a usage error (exit status 2)."""
    def conv(text: str) -> int:
        try:
            v = float(text)
        except ValueError:
            v = float("nan")
        if not (lo <= v <= hi and v == int(v)):
            raise argparse.ArgumentTypeError(f"{what} must be a whole number {lo} to {hi}, not {text!r}")
        return int(v)
    return conv


def _frees(text: str) -> tuple[int, ...]:
    return tuple(_whole(1, 41, "a free-cell count")(x) for x in text.split(","))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true",
                    help="fewer positions (under a minute): real play at 25 free cells, two positions (one "
                         "a pair), 2e7 nodes, unless --frees, --per-size or --budget say otherwise")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--real-only", action="store_true", help="only the real-play positions")
    ap.add_argument("--budget", type=_whole(1, 10**12, "--budget"), default=None,
                    help="node budget per real-play position (default 5e8, about a minute of one idle "
                         "core; with --workers 2 each thread's)")
    ap.add_argument("--frees", type=_frees, default=None,
                    help="free cells of the real-play positions (comma-separated; default 26,27,28)")
    ap.add_argument("--workers", type=int, choices=(1, 2), default=1,
                    help="threads of the outcome search (solve --workers): 2 searches 'a win?' and "
                         "'a loss?' at once")
    ap.add_argument("--method", choices=("alphabeta", "dfpn"), default="alphabeta",
                    help="outcome search of the real-play positions (solve --method): dfpn = "
                         "proof-number search over alpha-beta leaves (one thread)")
    ap.add_argument("--per-pair", type=_whole(1, 1000, "--per-pair"), default=None,
                    help="real-play positions per player pair and size (the old spelling: "
                         "--per-size twice as many)")
    ap.add_argument("--per-size", type=_whole(1, 2000, "--per-size"), default=None,
                    help="real-play positions per size, the two player pairs in turn (default 17: "
                         "the median is the 9th, its 95%% interval the 5th to the 13th)")
    ap.add_argument("--until-decided", action="store_true",
                    help="stop a size once more than half its positions are unproven (its median "
                         "is then above the budget; the interval is not given)")
    ap.add_argument("--out", default=None,
                    help="write the real-play measurement as JSON (e.g. data/octagone/frontier.json)")
    ap.add_argument("--merge", action="store_true",
                    help="with --out: keep the file's other entries (a size measured again with the "
                         "same threads, method and budget is replaced)")
    args = ap.parse_args()
    if args.per_pair is not None and args.per_size is not None:
        ap.error("give --per-size or --per-pair, not both")
    if args.merge and not args.out:
        ap.error("--merge needs --out")
    # --quick shrinks only what the command line leaves unsaid
    if args.budget is None:
        args.budget = 2 * 10**7 if args.quick else 5 * 10**8
    if args.frees is None:
        args.frees = (25,) if args.quick else (26, 27, 28)
    if args.per_size is None:
        args.per_size = 2 * args.per_pair if args.per_pair else 2 if args.quick else 17
    if args.real_only:
        real = real_play(args)
        print(json.dumps({"ratio": None, "real_play": real, "quick": args.quick}))
        return

    from octosolve.octagone.kernels import Table, tt_bits_for
    from octosolve.octagone.matches import position_with_free
    from octosolve.octagone.solve import search_value

    tabs: dict[int, Table] = {}

    def table(free: int) -> Table:  # the table solve() would use, cleared
        bits = tt_bits_for(free)
        if bits not in tabs:
            tabs[bits] = Table(bits)
        return tabs[bits].clear()

    # warm-up (numba compilation / cache load)
    search_value(position_with_free(0, 8), "numba", tt_bits=12)

    # 1. same positions, both engines
    n_same = 3 if args.quick else 6
    same = [position_with_free(args.seed * 100 + i, 16) for i in range(n_same)]
    tot = {"numba": [0, 0.0, 0.0], "python": [0, 0.0, 0.0]}
    print(f"positions with 16 free cells, both engines (nodes, wall s, cpu s; numba table 2^{tt_bits_for(16)}):")
    for i, s in enumerate(same):
        row = []
        vals = []
        for eng in ("numba", "python"):
            r = search_value(s, eng, table=table(16) if eng == "numba" else None)
            tot[eng][0] += r["nodes"]
            tot[eng][1] += r["seconds"]
            tot[eng][2] += r["cpu_seconds"]
            vals.append(r["value"])
            row.append(f"{eng} {r['nodes']} nodes {r['seconds']:.3f}s/{r['cpu_seconds']:.3f}s")
        assert vals[0] == vals[1], "engines disagree"
        print(f"  #{i}: value {vals[0]:+d}; " + "; ".join(row))
    rate = {e: (tot[e][0] / tot[e][1], tot[e][0] / max(tot[e][2], 1e-9)) for e in tot}
    ratio_cpu = rate["numba"][1] / rate["python"][1]
    ratio_wall = rate["numba"][0] / rate["python"][0]
    for e in tot:
        print(f"{e:6}: {tot[e][0]} nodes, {rate[e][0]:,.0f} nodes/s wall, {rate[e][1]:,.0f} nodes/s cpu")
    print(f"ratio numba/python: {ratio_cpu:.1f} (cpu), {ratio_wall:.1f} (wall)")

    # 2. numba on bigger searches (a steadier nodes/s figure)
    big = [position_with_free(args.seed * 100 + 50 + i, 26) for i in range(2 if args.quick else 4)]
    bn = bw = bc = 0
    for s in big:
        r = search_value(s, "numba", table=table(26))
        bn += r["nodes"]
        bw += r["seconds"]
        bc += r["cpu_seconds"]
    print(f"numba on {len(big)} positions with 26 free cells (table 2^{tt_bits_for(26)}): {bn} nodes, "
          f"{bn / bw:,.0f} nodes/s wall, {bn / bc:,.0f} nodes/s cpu")

    # 3. time to solve 12 / 16 / 20 / 24 free cells (edge), 20 (torus, the earlier reading)
    per = 3 if args.quick else 10
    times = {}
    for free, wrap in ((12, "edge"), (16, "edge"), (20, "edge"), (24, "edge"), (20, "torus")):
        ts, cs, ns = [], [], []
        for i in range(per):
            s = position_with_free(args.seed * 1000 + free * 10 + i, free, wrap=wrap)
            r = search_value(s, "numba", table=table(free))
            assert not r["aborted"]
            ts.append(r["seconds"])
            cs.append(r["cpu_seconds"])
            ns.append(r["nodes"])
        key = f"{free}" if wrap == "edge" else f"{free}-{wrap}"
        times[key] = {"positions": per, "median_s": round(statistics.median(ts), 4),
                      "max_s": round(max(ts), 4), "max_cpu_s": round(max(cs), 4),
                      "median_nodes": statistics.median(ns), "max_nodes": max(ns)}
        print(f"{free} free cells ({wrap}): {per} positions, median {statistics.median(ts):.3f} s, "
              f"max {max(ts):.3f} s wall / {max(cs):.3f} s cpu, max {max(ns)} nodes")
    real = real_play(args)
    target = times["24"]["max_s"] <= 60.0
    print(f"target (24 free cells proven within 60 s, edge reading): "
          f"{'met' if target else 'NOT met'} (slowest {times['24']['max_s']:.2f} s)")
    print(json.dumps({"ratio": round(ratio_cpu, 1), "ratio_wall": round(ratio_wall, 1),
                      "numba_nodes_per_s_cpu": round(rate["numba"][1]),
                      "numba_nodes_per_s_wall": round(rate["numba"][0]),
                      "python_nodes_per_s_cpu": round(rate["python"][1]),
                      "numba_nodes_per_s_cpu_26free": round(bn / bc),
                      "solve_seconds": times, "target_24_free_within_60s": target,
                      "real_play": real,
                      "quick": args.quick}))


def real_positions(free: int, seed: int, pairs, count: int):
    """Positions with exactly ``free`` free cells reached by the registry's players (seeded), the
    Dama off the board and a shield to play; ``count`` of them per player pair."""
    from octosolve.core.game import CHANCE, sample_chance
    from octosolve.core.seeding import derive_seed, py_random
    from octosolve.games import get_game

    entry = get_game("octagone")
    game = entry.make_game()
    out = []
    for names in pairs:
        got, k = 0, 0
        while got < count and k < 50:
            gs = derive_seed(seed, "real", free, k)
            k += 1
            st = game.new_initial_state(gs)
            players = [entry.make_player(nm, game, seed=derive_seed(gs, "player", i))
                       for i, nm in enumerate(names)]
            rng = py_random(gs, "chance")
            while not st.is_terminal():
                nfree = sum(1 for b in st.board if b < 0)
                if st.dama < 0 and st.last >= 0 and nfree == free and st.legal_actions() != [PASS]:
                    out.append((",".join(names), gs, st))
                    got += 1
                    break
                if nfree < free:
                    break
                p = st.current_player()
                st.apply_action(sample_chance(st, rng) if p == CHANCE else players[p].choose(st))
    return out


def real_sample(free: int, seed: int, per_size: int):
    """``per_size`` real-play positions at ``free`` free cells: :func:`real_positions` of both
    player pairs (the first pair one more when ``per_size`` is odd), taken in turn (a1, g1, a2, g2,
    ...), so a run stopped early (``--until-decided``) has as many of each; the first four are the
    bench's #0-#3 of earlier runs (per pair 2)."""
    pairs = (("alphabeta", "mcts"), ("greedy", "greedy"))
    got = real_positions(free, seed, pairs, (per_size + 1) // 2)
    by = [[x for x in got if x[0] == ",".join(p)] for p in pairs]
    out = []
    for i in range(max(len(b) for b in by)):
        out += [b[i] for b in by if i < len(b)]
    return out[:per_size]


def _load() -> list[float]:
    import os

    return [round(x, 2) for x in os.getloadavg()]


def real_play(args) -> dict:
    """Real-play positions, outcome window, within ``--budget`` nodes (each thread's with 2): per
    size the median in nodes (the longest thread's with 2: what the wall clock pays on two idle
    cores), wall and CPU seconds, each with its 95% order-statistic interval; a position not proven
    within the budget counts as above it (:func:`octosolve.core.stats.censored_median`)."""
    from octosolve.core.stats import censored_median
    from octosolve.octagone.solve import solve

    budget, frees, count = int(args.budget), args.frees, args.per_size
    threads = args.workers if args.method == "alphabeta" else 1
    res = {}
    inf = float("inf")
    from octosolve.octagone.search import warm_up

    warm_up(dfpn=args.method == "dfpn")  # the kernels' compilation or cache load, outside the timing
    import signal

    def _term(signum, frame):   # SIGTERM as Ctrl-C (a background job ignores SIGINT): what was
        raise KeyboardInterrupt  # measured is kept and written with --out, marked interrupted

    signal.signal(signal.SIGTERM, _term)
    for free in frees:
        secs, csecs, crit, nodes, walls, cpus, proven, rows = [], [], [], 0, 0.0, 0.0, 0, []
        sample = real_sample(free, args.seed, count)
        load0 = _load()
        stopped = False
        interrupted = False
        for names, gs, st in sample:
            c0 = time.process_time()
            try:
                r = solve(st, max_nodes=budget, target="outcome", threads=threads, method=args.method)
            except KeyboardInterrupt:   # Ctrl-C / SIGINT: keep what was measured, say so, stop
                interrupted = True
                break
            cpu = time.process_time() - c0
            ok = bool(r["proven"])
            longest = max(r.get("thread_nodes", [r["nodes"]]))
            secs.append((round(r["seconds"], 3), not ok))
            csecs.append((round(cpu, 3), not ok))
            # the longest thread's nodes: what the wall clock pays on two idle cores
            crit.append((longest if ok else budget, not ok))
            nodes += r["nodes"]
            walls += r["seconds"]
            cpus += cpu
            proven += ok
            per = f" (threads {'/'.join(f'{x / 1e6:.1f}' for x in r['thread_nodes'])} M)" \
                if "thread_nodes" in r else ""
            print(f"    {names} seed {gs}: {r['result']} {r['nodes'] / 1e6:.1f} M nodes{per} "
                  f"{r['seconds']:.1f} s wall {cpu:.1f} s cpu", flush=True)
            rows.append({"players": names, "seed": gs, "result": r["result"], "nodes": r["nodes"],
                         "longest_thread_nodes": longest, "wall_s": round(r["seconds"], 2),
                         "cpu_s": round(cpu, 2)})
            # decided: more than half can no longer be proven, so the median is above the budget
            if args.until_decided and len(secs) - proven >= count // 2 + 1 and len(secs) < count:
                stopped = True
                break
        m_nodes, m_wall, m_cpu = (censored_median(x) for x in (crit, secs, csecs))
        if len(secs) < count:   # the unrun positions are unknown: at most the median's side of
            above = len(secs) - proven >= count // 2 + 1   # the budget is (both middle ones unproven)
            for m, xs in ((m_nodes, crit), (m_wall, secs), (m_cpu, csecs)):
                m.update(median=None, ci=[None, None], ci_high_above=None, confidence=None, n=count,
                         median_above=min(x for x, c in xs if c) if above else None)

        def fin(x, nd=2):
            return None if x == inf else round(x, nd) if nd else int(x)

        within = m_nodes["median"] is not None and m_nodes["median"] <= budget
        res[str(free)] = {"positions": len(secs), "per_size": count, "stopped_when_decided": stopped,
                          "interrupted": interrupted,
                          "proven": proven, "threads": threads, "method": args.method,
                          "budget_nodes": budget, "median_within_budget": within,
                          "median": {"nodes": m_nodes, "wall_s": m_wall, "cpu_s": m_cpu},
                          "median_s": m_wall["median"],
                          "max_s": fin(max(x if not c else inf for x, c in secs)) if secs else None,
                          "median_cpu_s": m_cpu["median"],
                          "median_longest_thread_nodes": m_nodes["median"],
                          "nodes_per_s_wall": round(nodes / max(walls, 1e-9)),
                          "nodes_per_s_cpu": round(nodes / max(cpus, 1e-9)),
                          "load_before": load0, "load_after": _load(), "rows": rows}
        print(f"real play, {free} free cells (outcome, {args.method}, {threads} thread(s), budget "
              f"{budget:.3g} nodes{' each' if threads == 2 else ''}): {proven} of {len(secs)} proven"
              f"{f' (stopped: {len(secs) - proven} unproven of {count} decide the median)' if stopped else ''}"
              f"{f' (interrupted, of {count})' if interrupted else ''}; "
              f"median {_med_text(m_nodes, 'nodes')}, {_med_text(m_wall, 's wall')}, "
              f"{_med_text(m_cpu, 's cpu')}; {res[str(free)]['nodes_per_s_cpu']:,} nodes per cpu s; "
              f"load {load0[0]}", flush=True)
        if args.out:
            _write_out(args, res)
        if interrupted:
            print(f"interrupted: {free} free cells after {len(secs)} of {count} positions"
                  + (f" (written to {args.out})" if args.out else ""), flush=True)
            break
    goal = res.get("30", {}).get("median_s")
    print(f"goal (30 free cells from real play, median <= 60 s): "
          f"{'met' if goal is not None and goal <= 60 else 'NOT met' if '30' in res else 'not measured (30 not among the sizes)'}")
    return res


def _g(x) -> str:
    return f"{x:.3g}" if isinstance(x, float) or x >= 1e5 else f"{x}"


def _med_text(m: dict, unit: str) -> str:
    """'1.9e+07 nodes (95% CI 2.1e+05 to above 5e+08, 95.1%)'."""
    med = _g(m["median"]) if m["median"] is not None else (
        f"above {_g(m['median_above'])}" if m["median_above"] is not None else "unknown")
    if m["confidence"] is None:
        return f"{med} {unit}"
    lo = _g(m["ci"][0]) if m["ci"][0] is not None else "?"
    hi = _g(m["ci"][1]) if m["ci"][1] is not None else f"above {_g(m['ci_high_above'])}"
    return f"{med} {unit} (CI {lo} to {hi}, {100 * m['confidence']:.1f}%)"


def _write_out(args, res: dict) -> None:
    """The measurement as data (data/octagone/frontier.json): one entry per size and thread count,
    merged into the file's entries with ``--merge`` (an entry of the same size, threads, method and
    budget replaced), written whole through octosolve.core.files."""
    import datetime
    import shlex
    import sys
    from pathlib import Path

    from octosolve.core.jsonout import read_json, write_json

    path = Path(args.out)
    old = read_json(path, "frontier file").get("measurements", []) if args.merge and path.exists() else []
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = "python scripts/bench_octagone.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    new = []
    for free, q in res.items():
        new.append({"free_cells": int(free), "command": command, "date": now,
                    **{k: v for k, v in q.items() if k not in ("median_s", "median_cpu_s",
                                                                "median_longest_thread_nodes", "max_s")}})
    keys = {(e["free_cells"], e["threads"], e["method"], e["budget_nodes"]) for e in new}
    kept = [e for e in old if (e["free_cells"], e["threads"], e["method"], e["budget_nodes"]) not in keys]
    allm = sorted(kept + new, key=lambda e: (e["threads"], e["method"], e["free_cells"], e["budget_nodes"]))
    frontier = {}
    for e in allm:
        if e["method"] == "alphabeta" and e["median_within_budget"]:
            k = str(e["threads"])
            frontier[k] = max(frontier.get(k, 0), e["free_cells"])
    write_json(path, {"what": "Octagone's exact solver on positions from real play: the median per "
                              "size with its 95% interval (outcome target, node budget)",
                      "frontier_within_budget": frontier, "measurements": allm})


if __name__ == "__main__":
    main()
