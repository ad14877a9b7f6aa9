"""Benchmark: full random 4-player Oct8 games per second on one core, numba playout engine against
the pure-Python rules engine, same seeds, same run (and the same games: both engines use the same
SplitMix64 deal and random choices, checked here game by game).

    python scripts/bench_oct8.py [--quick]

Prints the measured figures; the last line is one JSON object {"ratio": ..., ...}.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from octosolve.oct8 import kernels as K
from octosolve.oct8 import rules as R
from octosolve.oct8.twins import random_playout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small run (under a minute)")
    args = ap.parse_args()
    n_py = 40 if args.quick else 200
    n_nb = 20_000 if args.quick else 200_000
    cfg = R.Config.make(4)

    t0 = time.perf_counter()
    K.simulate_random(cfg, np.arange(2, dtype=np.uint64))  # compile (or load the numba cache)
    compile_s = time.perf_counter() - t0

    # Rates use this process's CPU time (time.process_time): "games per second on one core", fair
    # on a shared machine; wall-clock figures are printed beside them.
    seeds = np.arange(n_nb, dtype=np.uint64)
    t0, w0 = time.process_time(), time.perf_counter()
    nb = K.simulate_random(cfg, seeds)
    nb_s, nb_wall = time.process_time() - t0, time.perf_counter() - w0
    nb_rate = n_nb / nb_s

    t0, w0 = time.process_time(), time.perf_counter()
    py_scores, py_decisions = [], []
    for seed in range(n_py):
        st = random_playout(R.Oct8State.new(cfg, seed), seed)
        py_scores.append(st.scores())
        py_decisions.append(st.decisions)
    py_s, py_wall = time.process_time() - t0, time.perf_counter() - w0
    py_rate = n_py / py_s

    agree = all(list(nb["scores"][i]) == py_scores[i] and nb["decisions"][i] == py_decisions[i]
                for i in range(n_py))
    ratio = nb_rate / py_rate
    print(f"numba compile/cache load: {compile_s:.2f} s")
    print(f"numba playout:  {n_nb} games in {nb_s:.2f} s CPU ({nb_wall:.2f} s wall) = {nb_rate:,.0f} games/s "
          f"per core ({nb['decisions'].mean():.1f} decisions/game, {nb['turns'].mean():.1f} turns/game)")
    print(f"python engine:  {n_py} games in {py_s:.2f} s CPU ({py_wall:.2f} s wall) = {py_rate:,.1f} games/s")
    print(f"same games in both engines (scores and decision counts, seeds 0..{n_py - 1}): {agree}")
    print(f"ratio: {ratio:.1f} (target >= 50); numba games/s target >= 20,000: "
          f"{'met' if nb_rate >= 20000 else 'NOT met'}")
    print(json.dumps({"ratio": round(ratio, 2), "numba_games_per_s": round(nb_rate, 1),
                      "numba_games_per_s_wall": round(n_nb / nb_wall, 1),
                      "python_games_per_s_wall": round(n_py / py_wall, 2),
                      "python_games_per_s": round(py_rate, 2), "numba_games": n_nb, "python_games": n_py,
                      "same_games": agree, "target_ratio": 50, "target_games_per_s": 20000,
                      "quick": args.quick}))


if __name__ == "__main__":
    main()
