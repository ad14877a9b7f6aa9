#!/usr/bin/env python
"""Octagone move-order study (issue 20, item 2; docs/octagone.md, "A learned move order"): can a
move order fitted to exact labels beat the solver's hand-made one? It did not in the tree (the
docs give the node counts); this script reproduces the data and the fit.

1. Nodes: from the bench's real-play roots (``bench_octagone.real_positions``, 24, 26 and 28 free
   cells, 3 positions per player pair), uniformly random moves down to a number of free cells drawn
   from ``--lo``..``--hi``; nodes where every move has the same outcome are dropped.
2. Labels: every move's child is solved with the outcome window (-1, 1) by the released kernel
   (``kernels.negamax_nb``), each with a fresh table of ``2**--tt-bits`` slots, so the child's
   outcome and its proof cost (nodes) are both known.
3. Features of a move (kind, target): the opponent cannot answer; the opponent's shields of the
   target's colour; a jolly; the opponent's answers (mobility); answers that would force the mover
   to pass; the mover's mean count of the answers' colours; free cells of the target's row; the
   opponent must spend a jolly; the mover's count of the target's colour; the mover's and the
   opponent's jollies; the mover plays its last shield of a colour.
4. Fit: a conditional logit (softmax over a node's moves) on two thirds of the nodes, for two
   targets: "a best move" and "the cheapest winning move" (win nodes only). Scored on the other
   third against the solver's static order (forcing, the opponent's count, fastest first, jolly;
   the history heuristic and the table's move cannot be replayed here): how often the first move is
   a best one, and the one-level cost of a win node (the child nodes searched until the first
   winning move, in that order).

    python scripts/octagone_order_study.py [--nodes 3000] [--lo 14] [--hi 20] [--seed 3]

The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import numpy as np
from scipy.optimize import minimize

from octosolve.octagone import kernels as K
from octosolve.octagone.bitboards import near_far_targets_py
from octosolve.octagone.solve import mode_of, solver_position

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_octagone import real_positions  # noqa: E402

FEATURES = ["forcing", "opp_count", "jolly", "mobility", "forced_replies", "mean_own_count",
            "row_free", "opp_jolly_drain", "own_count", "own_jollies", "opp_jollies", "last_of_colour"]


def moves(mode, occ, hands, t, p):
    """The distinct (kind, next target) of player p on t (kind 0-5 a colour, 6 the jolly)."""
    colour = t // 7
    near, far = near_far_targets_py(occ | (1 << t), t, mode)
    out, seen = [], set()
    for kind in (colour, 6):
        if hands[p][kind] == 0:
            continue
        tg = far if (mode != 0 and kind == 6) else near
        for nx in tg:
            if nx >= 0 and (kind, nx) not in seen:
                seen.add((kind, nx))
                out.append((kind, nx))
    return out


def features(mode, occ, hands, t, p, kind, nx):
    q = 1 - p
    h2 = [list(hands[0]), list(hands[1])]
    h2[p][kind] -= 1
    hp, hq = h2[p], h2[q]
    rc = nx // 7
    forcing = int(hq[rc] == 0 and hq[6] == 0)
    answers = [] if forcing else moves(mode, occ | (1 << t), h2, nx, q)
    forced = sum(1 for _, y in answers if hp[y // 7] == 0 and hp[6] == 0)
    mean_own = sum(hp[y // 7] for _, y in answers) / max(1, len(answers))
    occ2 = occ | (1 << t)
    row_free = sum(1 for x in range(rc * 7, rc * 7 + 7) if not (occ2 >> x) & 1) - 1
    return [forcing, hq[rc], int(kind == 6), len(answers), forced, mean_own, row_free,
            int(hq[rc] == 0 and hq[6] > 0), hp[rc], hp[6], hq[6],
            int(kind != 6 and hp[kind] == 0)]


def label(occ, hands, t, p, kind, nx, mode, tab):
    """(the mover's outcome -1/0/1, the nodes of the child's proof) after the move."""
    q = 1 - p
    h2 = np.array(hands, dtype=np.int64)
    h2[p, kind] -= 1
    h2[p, 7] -= 1
    occ2 = occ | (1 << t)
    tab.clear()
    stats = np.array([0, 0, 2**62, 0, 0, -1], dtype=np.int64)
    v = K.negamax_nb(occ2, h2, nx, q, -1, 1, K.hash_position(occ2, h2, nx, q), mode, tab.slots,
                     tab.mask, stats)
    return -int(np.sign(v)), int(stats[0])


def sample(roots, n, lo, hi, seed, tt_bits):
    rng = random.Random(seed)
    tab = K.Table(tt_bits)
    data = []
    while len(data) < n:
        st = rng.choice(roots)
        mode = mode_of(st)
        occ, hands, t, p = solver_position(st)
        hands = [list(map(int, hands[0])), list(map(int, hands[1]))]
        goal = rng.randint(lo, hi)
        ms = []
        while True:
            c, q = t // 7, 1 - p
            if hands[p][c] == 0 and hands[p][6] == 0:
                if hands[q][c] == 0 and hands[q][6] == 0:
                    ms = []
                    break
                p = q  # a pass
                continue
            if hands[p][7] == 1:
                ms = []
                break
            ms = moves(mode, occ, hands, t, p)
            if not ms or 42 - bin(occ).count("1") <= goal:
                break
            kind, nx = rng.choice(ms)
            hands[p][kind] -= 1
            hands[p][7] -= 1
            occ |= 1 << t
            t, p = nx, 1 - p
        if len(ms) < 2:
            continue
        lab = [label(occ, hands, t, p, k, nx, mode, tab) for k, nx in ms]
        outs = [o for o, _ in lab]
        if len(set(outs)) < 2:
            continue
        feats = [features(mode, occ, hands, t, p, k, nx) for k, nx in ms]
        data.append((42 - bin(occ).count("1"), outs, [c for _, c in lab], feats))
    return data


def static_key(f, free):
    """The kernel's static order (without the table's move and the history heuristic)."""
    k = f[0] * 1e6 + (7 - f[1]) * 1e4
    if free >= 14 and not f[0]:
        k += (20 - f[3]) * 100
    return k + f[2] * 10


def order(keys):
    return sorted(range(len(keys)), key=lambda i: -keys[i])  # stable: generation order on ties


def fit(X, Y, idx):
    d = X[0].shape[1]

    def nll(w):
        tot, g = 0.0, np.zeros(d)
        for i in idx:
            x, y = X[i], Y[i]
            s = x @ w
            e = np.exp(s - s.max())
            z, pb = e.sum(), (e * y).sum()
            tot -= np.log(pb / z)
            g -= (x * (e * y)[:, None]).sum(0) / pb - (x * e[:, None]).sum(0) / z
        return tot + 0.01 * w @ w, g + 0.02 * w
    return minimize(nll, np.zeros(d), jac=True, method="L-BFGS-B").x


def study(data, seed):
    n = len(data)
    perm = np.random.default_rng(seed).permutation(n)
    train, test = perm[: 2 * n // 3], perm[2 * n // 3:]
    raw = [np.array(d[3], float) for d in data]
    allx = np.vstack(raw)
    mu, sd = allx.mean(0), allx.std(0) + 1e-9
    X = [(x - mu) / sd for x in raw]
    best = [np.array([o == max(d[1]) for o in d[1]], float) for d in data]
    w_best = fit(X, best, train)
    out = {}
    for name, key in (("static", lambda i: [static_key(f, data[i][0]) for f in raw[i]]),
                      ("fitted", lambda i: list(X[i] @ w_best))):
        first = [data[i][1][order(key(i))[0]] == max(data[i][1]) for i in test]
        out[f"first_best_{name}"] = round(float(np.mean(first)), 3)
    win = [i for i in range(n) if max(data[i][1]) == 1]
    cheapest = {i: min(c for o, c in zip(data[i][1], data[i][2]) if o == 1) for i in win}
    target = [np.array([o == 1 and c == cheapest.get(i) for o, c in zip(d[1], d[2])], float)
              for i, d in enumerate(data)]
    w_cost = fit(X, target, [i for i in train if i in cheapest])

    def cost(i, keys):
        c = 0
        for j in order(keys):
            c += data[i][2][j]
            if data[i][1][j] == 1:
                return c
    wt = [i for i in test if i in cheapest]
    out["win_nodes_test"] = len(wt)
    out["one_level_cost_static"] = sum(cost(i, [static_key(f, data[i][0]) for f in raw[i]]) for i in wt)
    out["one_level_cost_fitted"] = sum(cost(i, list(X[i] @ w_cost)) for i in wt)
    out["one_level_cost_ideal"] = sum(cheapest[i] for i in wt)
    out["weights_best"] = {f: round(float(x), 3) for f, x in zip(FEATURES, w_best / sd)}
    out["weights_cheapest_win"] = {f: round(float(x), 3) for f, x in zip(FEATURES, w_cost / sd)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--lo", type=int, default=14)
    ap.add_argument("--hi", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--tt-bits", type=int, default=18)
    a = ap.parse_args()
    if not (1 <= a.nodes <= 10**6 and 4 <= a.lo <= a.hi <= 22 and 10 <= a.tt_bits <= 26):
        sys.exit("Error: --nodes 1..10^6, 4 <= --lo <= --hi <= 22, --tt-bits 10..26")
    t0 = time.perf_counter()
    pairs = (("alphabeta", "mcts"), ("greedy", "greedy"))
    roots = [st for f in (24, 26, 28) for _, _, st in real_positions(f, 1, pairs, 3)]
    data = sample(roots, a.nodes, a.lo, a.hi, a.seed, a.tt_bits)
    res = study(data, a.seed)
    res.update(nodes=len(data), seconds=round(time.perf_counter() - t0, 1))
    print(f"{len(data)} nodes ({a.lo}-{a.hi} free cells), held-out third:")
    print(f"  a best move first: static order {res['first_best_static']:.3f}, "
          f"fitted {res['first_best_fitted']:.3f}")
    print(f"  win nodes ({res['win_nodes_test']}), child nodes until the first winning move: static "
          f"{res['one_level_cost_static'] / 1e6:.2f} M, fitted {res['one_level_cost_fitted'] / 1e6:.2f} M, "
          f"ideal {res['one_level_cost_ideal'] / 1e6:.2f} M")
    print(json.dumps(res))


if __name__ == "__main__":
    main()
