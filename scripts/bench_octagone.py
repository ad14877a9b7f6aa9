#!/usr/bin/env python
"""Octagone solver benchmark: alpha-beta nodes per second, numba kernel against its pure-Python twin
on the same positions in the same run, the time to solve positions with 12, 16, 20 and 24 free cells
under the default (edge) reading of the wrap-around, and the 24-free-cell target (every position
proven within 60 s); the torus reading's 20-free-cell figure for comparison; and positions from
REAL play (the `play` command's default players alphabeta,mcts, and greedy,greedy) at 25, 28 and 30
free cells, proven with the outcome window (win / loss / draw, ``solve --target outcome``) within a
node budget: how many are proven, median and max seconds (wall and CPU), the median of the longest
thread's nodes, nodes per second (the goal: 30 free cells in <= 60 s median). ``--frees`` picks the
sizes, ``--workers 2`` runs the outcome on two threads (``solve --workers 2``; the budget is then each
thread's, and on two idle cores the wall clock pays about the longest thread's nodes), ``--method
dfpn`` by proof-number search (``solve --method dfpn``; its nodes include its alpha-beta leaves').

Positions are reached by seeded random play (2 players, standard rules, open shields). Rates are
given per wall-clock second and per CPU second of this process (the machine is shared: CPU time is
the fairer figure when other jobs run). The numba search gets the table ``solve`` would give it
(sized by the free cells, ``kernels.tt_bits_for``), cleared (and so paged in) before each timed
search; the Python twin a dict (unbounded) and its own, plainer move order, so the two search
different trees to the same values and the ratio is one of rates (nodes per second). The default
run takes about ten minutes (the real-play part: 5e8 nodes a position); ``--quick`` under one. The
last line is one JSON object.

    python scripts/bench_octagone.py [--quick]
    python scripts/bench_octagone.py --real-only [--frees 25,28,30] [--workers 2] [--budget N]
                                     [--method dfpn]
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
                    help="fewer positions (under a minute): real play at 25 free cells, one position a "
                         "pair, 2e7 nodes, unless --frees, --per-pair or --budget say otherwise")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--real-only", action="store_true", help="only the real-play positions")
    ap.add_argument("--budget", type=_whole(1, 10**12, "--budget"), default=None,
                    help="node budget per real-play position (default 5e8, about a minute; with "
                         "--workers 2 each thread's)")
    ap.add_argument("--frees", type=_frees, default=None,
                    help="free cells of the real-play positions (comma-separated; default 25,28,30)")
    ap.add_argument("--workers", type=int, choices=(1, 2), default=1,
                    help="threads of the outcome search (solve --workers): 2 searches 'a win?' and "
                         "'a loss?' at once")
    ap.add_argument("--method", choices=("alphabeta", "dfpn"), default="alphabeta",
                    help="outcome search of the real-play positions (solve --method): dfpn = "
                         "proof-number search over alpha-beta leaves (one thread)")
    ap.add_argument("--per-pair", type=_whole(1, 1000, "--per-pair"), default=None,
                    help="real-play positions per player pair and size (default 2)")
    args = ap.parse_args()
    # --quick shrinks only what the command line leaves unsaid
    if args.budget is None:
        args.budget = 2 * 10**7 if args.quick else 5 * 10**8
    if args.frees is None:
        args.frees = (25,) if args.quick else (25, 28, 30)
    if args.per_pair is None:
        args.per_pair = 1 if args.quick else 2
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


def real_play(args) -> dict:
    """Real-play positions at 25, 28 and 30 free cells, outcome window, within ``--budget`` nodes."""
    from octosolve.octagone.solve import solve

    budget, frees, count = int(args.budget), args.frees, args.per_pair
    threads = args.workers if args.method == "alphabeta" else 1
    pairs = (("alphabeta", "mcts"), ("greedy", "greedy"))
    res = {}
    inf = float("inf")
    for free in frees:
        secs, csecs, crit, nodes, walls, proven, rows = [], [], [], 0, 0.0, 0, []
        for names, gs, st in real_positions(free, args.seed, pairs, count):
            c0 = time.process_time()
            r = solve(st, max_nodes=budget, target="outcome", threads=threads, method=args.method)
            cpu = time.process_time() - c0
            secs.append(r["seconds"] if r["proven"] else inf)
            csecs.append(cpu if r["proven"] else inf)
            # the longest thread's nodes: what the wall clock pays on two idle cores
            crit.append(max(r.get("thread_nodes", [r["nodes"]])) if r["proven"] else inf)
            nodes += r["nodes"]
            walls += r["seconds"]
            proven += bool(r["proven"])
            per = f" (threads {'/'.join(f'{x / 1e6:.1f}' for x in r['thread_nodes'])} M)" \
                if "thread_nodes" in r else ""
            rows.append(f"{names} seed {gs}: {r['result']} {r['nodes'] / 1e6:.1f} M nodes{per} "
                        f"{r['seconds']:.1f} s wall {cpu:.1f} s cpu")

        def fin(x, nd=2):
            return None if x == inf else round(x, nd) if nd else int(x)

        res[str(free)] = {"positions": len(secs), "proven": proven, "threads": threads,
                          "method": args.method,
                          "median_s": fin(statistics.median(secs)) if secs else None,
                          "max_s": fin(max(secs)) if secs else None,
                          "median_cpu_s": fin(statistics.median(csecs)) if secs else None,
                          "median_longest_thread_nodes": fin(statistics.median(crit), 0) if secs else None,
                          "nodes_per_s_wall": round(nodes / max(walls, 1e-9)), "budget_nodes": budget}
        q = res[str(free)]
        print(f"real play, {free} free cells (outcome, {args.method}, {threads} thread(s), budget {budget:.3g} nodes"
              f"{' each' if threads == 2 else ''}): {proven} of {len(secs)} proven, median {q['median_s']} s"
              f" wall / {q['median_cpu_s']} s cpu, max {q['max_s']} s (unproven count as over the budget), "
              f"median longest thread {q['median_longest_thread_nodes']} nodes, {q['nodes_per_s_wall']:,} nodes/s")
        for row in rows:
            print("   ", row)
    goal = res.get("30", {}).get("median_s")
    print(f"goal (30 free cells from real play, median <= 60 s): "
          f"{'met' if goal is not None and goal <= 60 else 'NOT met' if '30' in res else 'not measured (30 not among the sizes)'}")
    return res


if __name__ == "__main__":
    main()
