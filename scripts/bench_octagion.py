"""Benchmark: solvability + minimum Treatment Cards + solution count for every 8-letter word of the
lexicon against a deck, numba kernel vs networkx bipartite matching per word, in the same run; then
the deck designer on the 2000 most familiar words within a time budget: the words its deck covers,
the proved upper bound and the gap, beside the goals (issue 20: gap <= 5%; the search >= 1644).

The networkx reference, per word: build the 8+8 bipartite graph (position i -- number n when the deck
has a card (word[i], n)), `networkx.bipartite.hopcroft_karp_matching` for the maximum matching
(solvable = size 8, min Treatment Cards = 8 - size), and, for solvable words, the number of perfect
matchings by backtracking over the graph's adjacency (position by position, each number once).
Both sides' answers are compared word by word.

    python scripts/bench_octagion.py [--quick] [--deck PATH] [--ref-words N]
                                     [--design-words N] [--design-seconds S] [--split free]

The designer gets --design-seconds (600; --quick: 40) in all: annealing walks of 300,000 steps
(150,000 under a 150 s budget), two at a time on 2 workers, for all but 15 s (the best walk wins),
then CP-SAT for 5 s and the bound. `--split free` designs decks of 48 cards shared between the
numbers as the search likes (`design-deck --split free`; docs/rules/octagion.md). Prints the measured figures; the
LAST LINE is one JSON object {"ratio": r, "words_per_s": w, ..., "deck_covered": c,
"deck_bound": b, "deck_gap": g, ...}.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

import networkx as nx
import numpy as np

from octosolve.core.errors import OctoError
from octosolve.octagion import kernels as K
from octosolve.octagion.bound import count_bound
from octosolve.octagion.bound_sets import stored_bound
from octosolve.octagion.design import design_deck
from octosolve.octagion.rules import load_deck
from octosolve.octagion.wordcards import load_lexicon


def nx_solve(word: str, masks) -> tuple[int, int]:
    g = nx.Graph()
    top = [("p", i) for i in range(8)]
    g.add_nodes_from(top)
    g.add_nodes_from(("n", n) for n in range(8))
    for i, c in enumerate(word):
        m = int(masks[ord(c) - 65])
        for n in range(8):
            if m >> n & 1:
                g.add_edge(("p", i), ("n", n))
    size = len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2
    if size < 8:
        return 0, 8 - size
    adj = [[v[1] for v in g[("p", i)]] for i in range(8)]

    def count(i: int, used: int) -> int:
        if i == 8:
            return 1
        return sum(count(i + 1, used | 1 << n) for n in adj[i] if not used >> n & 1)

    return count(0, 0), 0


def time_kernel(fn, arr, masks, min_seconds: float) -> tuple[float, float]:
    """(best wall-clock seconds, best CPU seconds) of repeated full runs. The machine is shared, so
    the best of many runs is the least disturbed one; CPU time is printed beside it."""
    fn(arr[:10], masks, K.POPCOUNT8)              # compile / load from cache
    best = best_cpu = float("inf")
    total = 0.0
    reps = 0
    while total < min_seconds or reps < 5:
        t0, c0 = time.perf_counter(), time.process_time()
        fn(arr, masks, K.POPCOUNT8)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        best = min(best, dt)
        best_cpu = min(best_cpu, dc)
        total += dt
        reps += 1
    return best, best_cpu


def _number(kind, lo, hi, what: str):
    """An argparse type: a number (int or float) lo..hi, else a usage error (exit status 2)."""
    def conv(text: str):
        try:
            v = float(text)
        except ValueError:
            v = float("nan")
        if not lo <= v <= hi or (kind is int and v != int(v)):
            raise argparse.ArgumentTypeError(f"{what} must be a number {lo} to {hi}, not {text!r}")
        return kind(v)
    return conv


def main() -> None:
    ap = argparse.ArgumentParser(description="Octagion solver benchmark")
    ap.add_argument("--quick", action="store_true", help="finish in well under a minute")
    ap.add_argument("--deck", default=None)
    ap.add_argument("--ref-words", type=_number(int, 1, 10**7, "--ref-words"), default=None,
                    help="words given to the networkx reference (default: all; --quick: 3000)")
    ap.add_argument("--design-words", type=_number(int, 1, 5000, "--design-words"), default=2000,
                    help="the designer's words: the N most familiar (default 2000)")
    ap.add_argument("--design-seconds", type=_number(float, 1, 7 * 86400, "--design-seconds"),
                    default=None,
                    help="the designer's whole budget in seconds (default 600; --quick: 40)")
    ap.add_argument("--split", choices=("equal", "free"), default="equal",
                    help="the designer's --split (default equal: 6 cards a number)")
    args = ap.parse_args()
    try:
        deck = load_deck(args.deck)
    except OctoError as e:  # a missing, unreadable or malformed deck file: one line, exit 2
        ap.exit(2, f"bench_octagion.py: error: {e}\n")
    words = list(load_lexicon()[0])
    arr = K.encode_words(words)
    masks = deck.masks
    n = len(words)
    print(f"lexicon: {n} 8-letter words; deck: {len(deck)} cards; python {platform.python_version()}, "
          f"{os.cpu_count()} cpu(s)")

    t_seq, c_seq = time_kernel(K.solve_words, arr, masks, 0.5 if args.quick else 3.0)
    t_par, _ = time_kernel(K.solve_words_parallel, arr, masks, 0.5 if args.quick else 3.0)
    sols, wild = K.solve_words(arr, masks, K.POPCOUNT8)
    wps_seq, wps_par = n / t_seq, n / t_par
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"numba kernel, 1 thread:  {t_seq * 1e3:8.2f} ms for {n} words = {wps_seq:,.0f} words/s "
          f"(best of repeated runs; CPU time {c_seq * 1e3:.2f} ms; load average {load:.2f})")
    print(f"numba kernel, parallel:  {t_par * 1e3:8.2f} ms = {wps_par:,.0f} words/s "
          f"({K.numba.get_num_threads()} threads)")
    print(f"solvable: {int((sols > 0).sum())} words ({100 * (sols > 0).mean():.1f}%); "
          f"max solutions {int(sols.max())}")

    m = args.ref_words or (3000 if args.quick else n)
    m = min(m, n)
    idx = np.linspace(0, n - 1, m).astype(int) if m < n else np.arange(n)
    t0 = time.perf_counter()
    ref = [nx_solve(words[i], masks) for i in idx]
    t_ref = time.perf_counter() - t0
    wps_ref = m / t_ref
    mismatch = sum(1 for (rs, rw), i in zip(ref, idx) if (rs, rw) != (int(sols[i]), int(wild[i])))
    print(f"networkx reference:      {t_ref:8.2f} s for {m} words = {wps_ref:,.0f} words/s; "
          f"mismatches with the kernel: {mismatch}")
    if mismatch:
        raise SystemExit("kernel and networkx disagree")
    ratio = wps_seq / wps_ref
    print(f"ratio (1-thread kernel / networkx): {ratio:,.0f}; parallel kernel / networkx: "
          f"{wps_par / wps_ref:,.0f}")
    design = bench_design(words[:args.design_words],
                          args.design_seconds or (40.0 if args.quick else 600.0), args.split)
    print(json.dumps({"ratio": round(ratio, 1), "words_per_s": round(wps_seq),
                      "words_per_s_cpu_time": round(n / c_seq), "words_per_s_parallel": round(wps_par), "networkx_words_per_s": round(wps_ref, 1),
                      "words": n, "reference_words": m, "mismatches": mismatch, "load_average": round(load, 2),
                      **design, "quick": args.quick}))


GOAL_GAP = 0.05          # issue 20: the proved bound within 5% of the deck found
GOAL_COVERED = 1644      # issue 20: what a plain simulated annealing reached in 2.5 minutes


def bench_design(words: list[str], seconds: float, split: str = "equal") -> dict:
    """The designer within ``seconds`` in all (2 workers): covered words, proved bound, gap."""
    t0, c0 = time.perf_counter(), time.process_time()
    steps = 300_000 if seconds >= 150 else 150_000
    res = design_deck(words, local_search_iters=steps, restarts=1000,
                      anneal_time=max(1.0, seconds - 15.0), time_limit=5.0, workers=2, seed=0,
                      split=split)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    goal = f"goal: gap <= {100 * GOAL_GAP:.0f}% ({'met' if res.gap <= GOAL_GAP else 'not met'})"
    if len(words) == 2000:
        goal += (f", covered >= {GOAL_COVERED} "
                 f"({'met' if res.covered >= GOAL_COVERED else 'not met'})")
    print(f"deck designer, {len(words)} most familiar words, {seconds:g} s budget (2 workers, "
          f"split {split}): "
          f"covered {res.covered}, proved bound {res.bound}, gap {100 * res.gap:.1f}% "
          f"({goal}); {wall:.0f} s wall, {cpu:.0f} s CPU; {res.status}")
    print(f"  bound: {res.bound_proof}")
    other = {}
    for k in (1000, 5000):
        t = time.perf_counter()
        top = load_lexicon()[0][:k]
        b = count_bound(top)["bound"]
        other[f"bound_{k}"] = b
        kept = stored_bound(top)          # a stored set-bound certificate, re-checked (or None)
        other[f"bound_{k}_stored"] = kept["bound"] if kept else None
        print(f"  bound alone for the {k} most familiar words: counts {b}"
              + (f", the stored certificate {kept['file']} {kept['bound']} (re-checked)" if kept
                 else "") + f" ({time.perf_counter() - t:.1f} s)")
    return {"deck_words": len(words), "deck_split": split, "deck_covered": res.covered, "deck_bound": res.bound,
            "deck_gap": round(res.gap, 4), "deck_goal_gap": GOAL_GAP,
            "deck_goal_covered": GOAL_COVERED if len(words) == 2000 else None,
            "deck_goal_gap_met": res.gap <= GOAL_GAP,
            "deck_goal_covered_met": res.covered >= GOAL_COVERED if len(words) == 2000 else None,
            "deck_seconds": round(wall, 1), "deck_cpu_seconds": round(cpu, 1),
            "deck_budget_seconds": seconds, **other}


if __name__ == "__main__":
    main()
