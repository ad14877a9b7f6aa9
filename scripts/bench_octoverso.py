#!/usr/bin/env python3
"""Benchmark the Octoverso move generator.

1,000 random mid-game positions (full rail of 8 letters, 12-letter hand; half with 0 jokers, half
with 1 joker in the hand), full shipped lexicon. For each position the numba kernel
(``kernels.gen_moves``, buffer preallocated, compiled before timing) is timed alone; the plain Python
scan of the lexicon (``rules.reference_moves``: every word against every side, end and k) is timed on
every ``--scan-every``-th position (it takes about a second per position), and both give the same
moves there (checked). Prints the figures; the LAST line is one JSON object.

    python scripts/bench_octoverso.py            # 1,000 positions, the scan on 20 of them
    python scripts/bench_octoverso.py --quick    # 200 positions, the scan on 6 (under a minute)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from octosolve.core.seeding import rng as np_rng
from octosolve.octoverso import kernels as K
from octosolve.octoverso import rules as R


def positions(n: int, seed: int):
    g = np_rng(seed, "bench-octoverso")
    tiles = np.repeat(np.arange(27), R.full_bag(False))
    out = []
    for i in range(n):
        sel = g.permutation(tiles)[:20]
        rail = sel[:8].astype(np.int8)
        hand = np.bincount(sel[8:], minlength=27).astype(np.int32)
        hand[R.JOKER] = i % 2  # 0 and 1 joker, alternately
        out.append((rail, hand))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--positions", type=int, default=None)
    ap.add_argument("--scan-every", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    n = a.positions or (200 if a.quick else 1000)
    every = a.scan_every or (n // 6 if a.quick else 50)

    t0 = time.perf_counter()
    lex = R.load_lexicon()
    load_s = time.perf_counter() - t0
    pos = positions(n, a.seed)
    blocked = np.zeros(len(lex), np.uint8)
    out = np.empty((1 << 16, 5), np.int32)
    K.gen_moves(*lex.fwd, *lex.rev, blocked, pos[0][0], pos[0][1], 2, R.MAX_LEN, out)  # compile/load

    kernel_us, counts = [], []
    for rail, hand in pos:
        t = time.perf_counter()
        m = K.gen_moves(*lex.fwd, *lex.rev, blocked, rail, hand, 2, R.MAX_LEN, out)
        kernel_us.append((time.perf_counter() - t) * 1e6)
        counts.append(m)
    scan_idx = list(range(0, n, every))
    scan_us, kern_sub = [], []
    for i in scan_idx:
        rail, hand = pos[i]
        t = time.perf_counter()
        ref = R.reference_moves(lex.words, rail, hand)
        scan_us.append((time.perf_counter() - t) * 1e6)
        kern_sub.append(kernel_us[i])
        got = sorted((m.word, m.side, m.end, m.k, m.jmask) for m in R.legal_moves(lex, rail, hand))
        want = sorted((m.word, m.side, m.end, m.k, m.jmask) for m in ref)
        if got != want:
            raise SystemExit(f"kernel and scan disagree on position {i}")

    med = statistics.median(kernel_us)
    med0 = statistics.median(kernel_us[0::2])
    med1 = statistics.median(kernel_us[1::2])
    p90 = float(np.percentile(kernel_us, 90))
    scan_med = statistics.median(scan_us)
    ratio = scan_med / statistics.median(kern_sub)
    print(f"lexicon: {len(lex)} playable words (3..8 letters), loaded in {load_s:.2f} s")
    print(f"positions: {n} (full rail, 12-letter hand; 0 and 1 joker alternately)")
    print(f"kernel: median {med:.1f} us/position (0 joker {med0:.1f}, 1 joker {med1:.1f}), "
          f"p90 {p90:.1f} us; median {statistics.median(counts):.0f} moves/position")
    print(f"plain Python scan on {len(scan_idx)} of those positions: median {scan_med / 1e3:.1f} ms/position; "
          f"kernel on the same positions: median {statistics.median(kern_sub):.1f} us (same moves: checked)")
    print(f"ratio scan/kernel: {ratio:.0f}  (target: median <= 100 us and ratio >= 100)")
    print(json.dumps({"ratio": round(ratio, 1), "kernel_median_us": round(med, 2),
                      "kernel_median_us_0_joker": round(med0, 2), "kernel_median_us_1_joker": round(med1, 2),
                      "kernel_p90_us": round(p90, 2), "scan_median_ms": round(scan_med / 1e3, 2),
                      "positions": n, "scan_positions": len(scan_idx),
                      "median_moves": float(statistics.median(counts)), "lexicon_words": len(lex),
                      "target_met": bool(med <= 100 and ratio >= 100)}))


if __name__ == "__main__":
    main()
