"""Why the per-letter count bound stays far above the decks found (docs/octagion.md, "The upper
bound"): three measurements on the N most familiar words.

1. Column restriction: how many of the C(26, 6) = 230,230 six-letter sets meet more than B of the
   words (a deck solving more than B words has only such sets on its numbers: every number meets
   every solvable word).
2. Single-number cuts: for each letter l, the fewest words (among those the count bound's best
   count vector keeps) that a six-letter set without l misses. A deck with l on at most 7 numbers
   has such a number, so it loses at least that many words.
3. The count bound's own best count vector, held fixed: the annealer with count-preserving moves
   only (two numbers exchange letters) from a deck with those counts.
4. Why an annealed deck loses its words: a letter on too few numbers (what the count bound sees),
   a number carrying no letter of the word, or letters crowded on the same numbers.

    python scripts/octagion_bound_study.py [--words 2000] [--b 1730] [--steps 200000]

Prints the figures; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

import numba
import numpy as np

from octosolve.octagion import anneal as A
from octosolve.octagion import kernels as KN
from octosolve.octagion.bound import count_bound
from octosolve.octagion.wordcards import load_lexicon


@numba.njit(cache=True)
def _misses(sets, word_masks):
    out = np.zeros(len(sets), np.int64)
    for s in range(len(sets)):
        m = 0
        for w in word_masks:
            if sets[s] & w == 0:
                m += 1
        out[s] = m
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=2000)
    ap.add_argument("--b", type=int, default=1730, help="the bound B to restrict columns for")
    ap.add_argument("--steps", type=int, default=200_000, help="annealing steps at fixed counts")
    args = ap.parse_args()
    words = list(load_lexicon()[0][:args.words])
    wm = np.array([sum(1 << (ord(c) - 65) for c in set(w)) for w in words], dtype=np.int64)
    sets = np.array([sum(1 << l for l in c) for c in itertools.combinations(range(26), 6)],
                    dtype=np.int64)
    miss = _misses(sets, wm)
    keep = int((miss < len(words) - args.b).sum())
    print(f"{len(words)} words; six-letter sets meeting more than {args.b} of them: {keep} of "
          f"{len(sets)} ({100 * keep / len(sets):.0f}%); meeting all of them: "
          f"{int((miss == 0).sum())}")

    cert = count_bound(words)
    counts = cert["counts"]
    kept = [w for w in words if all(counts.get(c, 0) >= w.count(c) for c in set(w))]
    km = np.array([sum(1 << (ord(c) - 65) for c in set(w)) for w in kept], dtype=np.int64)
    kmiss = _misses(sets, km)
    cuts = {}
    for l in sorted({c for w in words for c in w}, key=lambda c: -sum(c in w for w in words))[:8]:
        cuts[l] = int(kmiss[(sets & (1 << (ord(l) - 65))) == 0].min())
    print(f"count bound {cert['bound']} with counts {' '.join(f'{k}{v}' for k, v in counts.items())}"
          f"; fewest of its {len(kept)} words a number without the letter misses: "
          + ", ".join(f"{k} {v}" for k, v in cuts.items()))

    # a deck with exactly those counts (each letter on its next emptiest numbers), then annealing
    # with exchanges only (counts never change)
    masks = np.zeros(26, dtype=np.int64)
    size = np.zeros(8, dtype=np.int64)
    for ch in sorted(counts, key=lambda c: -counts[c]):
        for _ in range(counts[ch]):
            free = [n for n in range(8) if not masks[ord(ch) - 65] >> n & 1]
            n = min(free, key=lambda x: size[x])
            masks[ord(ch) - 65] |= 1 << n
            size[n] += 1
    assert (size == 6).all()
    L, M, K, ptr, idx = A.prepare_words(words)
    weights = np.ones(len(words))
    matchp = np.zeros((len(words), 8), np.int64)
    cov = np.zeros(len(words), np.bool_)
    cur = A._init(L, M, K, masks, weights, matchp, cov)
    bestm = masks.copy()
    t = time.perf_counter()
    _, best = A._run(L, M, K, ptr, idx, weights, masks, matchp, cov, cur, cur, bestm, 0,
                     args.steps, args.steps, 2.0, 0.15, 1.0, 0.0, 1)
    print(f"annealing at those counts ({args.steps} exchange steps, {time.perf_counter() - t:.0f} s):"
          f" {int(best)} words")

    free_masks, free_best = A.anneal(words, per_number=6, iters=args.steps, seed=1)
    why = {"counts": 0, "a number meets none of its letters": 0, "letters crowded": 0}
    cols = [{chr(65 + l) for l in range(26) if free_masks[l] >> n & 1} for n in range(8)]
    # which words the deck solves: the numba kernel, not the annealer's own matching
    solvable, _ = KN.solve_words(KN.encode_words(words), free_masks.astype(np.uint8),
                                  KN.POPCOUNT8)
    assert int((solvable > 0).sum()) == int(free_best)
    for i, w in enumerate(words):
        if solvable[i] > 0:
            continue
        if any(sum(c in col for col in cols) < w.count(c) for c in set(w)):
            why["counts"] += 1
        elif any(not col & set(w) for col in cols):
            why["a number meets none of its letters"] += 1
        else:
            why["letters crowded"] += 1
    assert sum(why.values()) == len(words) - int(free_best)
    print(f"annealing, free counts ({args.steps} steps): {int(free_best)} words; the "
          f"{len(words) - int(free_best)} lost: " + ", ".join(f"{k} {v}" for k, v in why.items()))
    print(json.dumps({"words": len(words), "b": args.b, "sets_meeting_more_than_b": keep,
                      "sets": len(sets), "count_bound": cert["bound"], "single_letter_cuts": cuts,
                      "fixed_counts_annealing": int(best), "free_annealing": int(free_best),
                      "lost_because": why, "steps": args.steps}))


if __name__ == "__main__":
    main()
