"""Benchmark: tracing every path of full 17-tile Octiles placements.

Compares, on the same random placements in one run:
* networkx: ``octosolve.octiles.rules.trace`` (path graph, components, measures, crossings; path
  symmetry is computed lazily and so not timed), and a
  networkx-only minimum (building the path graph and listing its connected components, no measures);
* the compiled table-driven tracer ``octosolve.octiles.kernels.trace_kernel`` run over the batch by
  ``trace_many`` (numba), and called once per board from Python (``fast_trace``).
Before timing, it checks that both tracers agree on every networkx-timed board.
Last line: one JSON object with the figures; ``ratio`` = networkx trace time per board / compiled
batch time per board.
"""

from __future__ import annotations

import argparse
import json
import time

import networkx as nx

from octosolve.octiles import kernels as K
from octosolve.octiles import rules as R


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small run (well under a minute)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n_nx = 100 if args.quick else 1000
    n_fast = 50_000 if args.quick else 500_000
    tiles, rots = K.random_boards(max(n_nx, n_fast), args.seed)
    placements = [K.placement_of(tiles[i], rots[i]) for i in range(n_nx)]

    # warm up / compile, and check agreement
    K.batch_summary(tiles[:2], rots[:2])
    K.fast_trace(placements[0])
    summary = K.batch_summary(tiles[:n_nx], rots[:n_nx])
    for i, pl in enumerate(placements):
        tr = R.trace(pl)
        assert summary[i, 0] == len(tr.complete_paths)
        assert summary[i, 1] == len(tr.loops)
        assert summary[i, 2] == max(p.tiles for p in tr.complete_paths)
        assert summary[i, 3] == max([p.self_crossings for p in tr.paths] or [0])

    t0 = time.perf_counter()
    for pl in placements:
        R.trace(pl)
    t_nx = (time.perf_counter() - t0) / n_nx

    t0 = time.perf_counter()
    for pl in placements:
        g = R.path_graph(pl)
        list(nx.connected_components(g))
    t_nx_min = (time.perf_counter() - t0) / n_nx

    t0 = time.perf_counter()
    for i in range(n_nx):
        K.fast_trace(tile=tiles[i], rot=rots[i])
    t_single = (time.perf_counter() - t0) / n_nx

    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        K.batch_summary(tiles[:n_fast], rots[:n_fast])
        best = min(best, (time.perf_counter() - t0) / n_fast)
    t_fast = best

    us = lambda t: round(t * 1e6, 3)  # noqa: E731
    print(f"boards: networkx {n_nx}, compiled batch {n_fast} (seed {args.seed}); tracers agree on "
          f"all {n_nx} checked boards")
    print(f"networkx trace (paths, measures, crossings, groups):{us(t_nx)} us/board")
    print(f"networkx graph + components only:                    {us(t_nx_min)} us/board")
    print(f"compiled kernel, one Python call per board:         {us(t_single)} us/board")
    print(f"compiled kernel, batch (trace_many):                {us(t_fast)} us/board")
    print(f"ratio networkx full / compiled batch: {t_nx / t_fast:.0f}; "
          f"networkx components-only / compiled batch: {t_nx_min / t_fast:.0f}")
    print(json.dumps({"ratio": round(t_nx / t_fast, 1),
                      "ratio_components_only": round(t_nx_min / t_fast, 1),
                      "us_per_board_compiled": us(t_fast),
                      "us_per_board_compiled_single_call": us(t_single),
                      "us_per_board_networkx": us(t_nx),
                      "us_per_board_networkx_components_only": us(t_nx_min),
                      "boards_networkx": n_nx, "boards_compiled": n_fast, "quick": args.quick}))


if __name__ == "__main__":
    main()
