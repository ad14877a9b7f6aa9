"""Pure-Python twins of the Oct8 engine's decision kernels (legal actions, applying a decision, the
builder policy, playouts) and of the swap enumeration, with their examples; the table is
``kernels.TWINS`` (see :mod:`octosolve.oct8.twins` for the rest and the positions used)."""

from __future__ import annotations

import itertools

import numpy as np

from . import deck as D
from . import flat as F
from .deck import SplitMix64
from .twins import (builder_choice_py, doc, ex_hands, ex_positions, ex_counts, ex_sel, ex_seeds, flat_doc,
                    play_py, positions, py, subset_reach, tb)

__all__ = ["ex_apply", "ex_blocked_counts", "ex_builder", "ex_execute", "ex_legal", "ex_multisets",
           "ex_playouts", "ex_reach_cards", "ex_rollout", "ex_run_games", "ex_swaps", "ex_targets",
           "k_builder", "k_execute", "k_has_target", "k_legal", "k_multisets", "k_play", "k_playout",
           "k_rollout", "k_run_games", "k_swaps", "tw_apply", "tw_blocked_counts", "tw_builder", "tw_execute",
           "tw_has_target", "tw_legal", "tw_multisets", "tw_playout", "tw_reach_cards", "tw_rollout",
           "tw_run_games", "tw_swaps"]


# ---------------------------------------------------------------- twins: decisions and playouts
def ex_targets(rng):
    for cfg, S, vals, types in ex_positions(rng, (D.PH_MAIN, D.PH_TARGET), 12):
        st = py(cfg, S)
        W = np.zeros(160, dtype=np.int64)
        out = np.zeros(64, dtype=np.int64)
        for rel in range(st.n):
            for h in st.fields[(st.cur + rel) % st.n]:
                for v in (1, 3, 5):
                    for collect in (True, False):
                        yield cfg, S, types, h, rel, v, W, out, collect


def k_has_target(fn, cfg, S, types, src, src_rel, v, W, out, collect):
    out = out.copy()
    k = fn(S.copy(), types, src, src_rel, v, W.copy(), out, collect)
    return int(k), [int(x) for x in out[:k]] if collect else []


def tw_has_target(cfg, S, types, src, src_rel, v, W, out, collect):
    tg = py(cfg, S)._targets(src, src_rel, v)
    if not collect:
        return min(1, len(tg)), []
    return len(tg), [D.A_TARGET + rel * D.MAX_FIELD + slot for rel, slot, _ in tg]


def ex_reach_cards(rng):
    for cfg, S, vals, types, p in ex_hands(rng):
        yield cfg, S, vals, F.HAND + p * F.HAND_CAP, int(S[F.HAND_N + p])


def tw_reach_cards(cfg, S, vals, base, n):
    return subset_reach([int(vals[c]) for c in S[base:base + n]])


def ex_legal(rng):
    for cfg, S, vals, types in ex_positions(rng, None, 16):
        yield cfg, S, vals, types, np.zeros(D.NUM_ACTIONS, dtype=np.int64), np.zeros(160, dtype=np.int64)


def k_legal(fn, cfg, S, vals, types, out, W):
    out = out.copy()
    k = fn(S.copy(), vals, types, out, W.copy())
    return [int(x) for x in out[:k]]


def tw_legal(cfg, S, vals, types, out, W):
    return py(cfg, S).legal_actions()


def ex_execute(rng):
    for cfg, S, types in ex_sel(rng):
        if D.A_DONE in py(cfg, S).legal_actions():
            yield cfg, S, tb(cfg).vals, types


def k_execute(fn, cfg, S, vals, types):
    S = S.copy()
    fn(S, vals, types)
    S[F.PHASE] = D.PH_MAIN  # what follows (the next action or the end of the turn) sets the phase
    return flat_doc(S, cfg)


def tw_execute(cfg, S, vals, types):
    st = py(cfg, S)
    st._execute_selection()
    st.phase = D.PH_MAIN
    return doc(st)


def ex_apply(rng):
    for cfg, S, vals, types in ex_positions(rng, None, 12):
        legal = py(cfg, S).legal_actions()
        for a in rng.choice(legal, size=min(3, len(legal)), replace=False):
            yield cfg, S, vals, types, int(a)


def tw_apply(cfg, S, vals, types, a):
    st = py(cfg, S)
    st.apply_action(a)
    return doc(st)


def ex_builder(rng):
    for cfg, S, vals, types in ex_positions(rng, None, 16):
        legal = py(cfg, S).legal_actions()
        buf = np.zeros(D.NUM_ACTIONS, dtype=np.int64)
        buf[:len(legal)] = legal
        st = np.array([int(rng.integers(2**63))], dtype=np.uint64)
        yield cfg, S, vals, types, buf, len(legal), st, np.zeros(160, dtype=np.int64)


def k_builder(fn, cfg, S, vals, types, buf, k, st, W):
    st = st.copy()
    a = fn(S.copy(), vals, types, buf.copy(), k, st, W.copy())
    return int(a), int(st[0])


def tw_builder(cfg, S, vals, types, buf, k, st, W):
    rng = SplitMix64(int(st[0]))
    a = builder_choice_py(py(cfg, S), [int(x) for x in buf[:k]], rng)
    return a, rng.s


def ex_playouts(rng):
    for cfg, S, vals, types in ex_positions(rng, None, 4):
        policy = np.array(rng.integers(0, 2, size=4), dtype=np.int64)
        yield cfg, S, vals, types, np.array([int(rng.integers(2**62))], dtype=np.uint64), policy


def k_playout(fn, cfg, S, vals, types, st, policy):
    S = S.copy()
    log, logn = np.zeros((0, 2), dtype=np.int64), np.zeros(1, dtype=np.int64)
    d = fn(S, vals, types, st.copy(), policy, log, logn)
    return int(d), flat_doc(S, cfg)


def k_play(fn, cfg, S, vals, types, st, policy):
    S = S.copy()
    log, logn = np.zeros((0, 2), dtype=np.int64), np.zeros(1, dtype=np.int64)
    d = fn(S, vals, types, st.copy(), policy, log, logn, np.zeros(D.NUM_ACTIONS, dtype=np.int64),
           np.zeros(160, dtype=np.int64))
    return int(d), flat_doc(S, cfg)


def tw_playout(cfg, S, vals, types, st, policy):
    s = py(cfg, S)
    d = play_py(s, int(st[0]), policy)
    return d, doc(s)


def ex_rollout(rng):
    for cfg, S, vals, types, st, policy in ex_playouts(rng):
        yield cfg, S, vals, types, int(st[0]) % 2**62, policy


def k_rollout(fn, cfg, S, vals, types, seed, policy):
    return int(fn(S.copy(), vals, types, seed, policy))


def tw_rollout(cfg, S, vals, types, seed, policy):
    s = py(cfg, S)
    play_py(s, seed, policy)
    return sum(1 << p for p in s.leaders())


def ex_run_games(rng):
    for cfg, seed in ex_seeds(rng):
        yield cfg, np.array([seed, seed + 1], dtype=np.uint64), np.array(rng.integers(0, 2, size=4))


def k_run_games(fn, cfg, seeds, pol):
    t = tb(cfg)
    g, n = len(seeds), cfg.players
    out = [np.zeros((g, n), np.int64), np.zeros((g, n), np.int64), np.zeros((g, n), np.int64),
           np.zeros(g, np.int64), np.zeros(g, np.int64), np.zeros(g, np.int64), np.zeros((g, 6), np.int64)]
    fn(n, t.heads, t.opts, t.vals, t.types, seeds, *out, pol.astype(np.int64))
    return [o.tolist() for o in out]


def tw_run_games(cfg, seeds, pol):
    from .rules import Oct8State

    rows = [[] for _ in range(7)]
    for seed in seeds:
        s = Oct8State.new(cfg, int(seed))
        d = play_py(s, int(seed) ^ D.PLAYOUT_SALT, pol)
        det = [list(s.score_detail(p).values()) for p in range(cfg.players)]
        for i in range(3):
            rows[i].append([x[i] for x in det])
        rows[3].append(sum(1 << p for p in s.leaders()))
        rows[4].append(s.turns)
        rows[5].append(d)
        rows[6].append(list(s.action_counts))
    return rows


# ---------------------------------------------------------------- twins: swap enumeration
def ex_blocked_counts(rng):
    for _, cnt, _ in ex_counts(rng):
        yield None, int(rng.integers(3)), cnt


def tw_blocked_counts(cfg, colour, cnt):
    return int(all(t // 8 == colour for t in range(D.NUM_TYPES) if cnt[t] > 0))


def ex_multisets(rng):
    for _, cnt, _ in ex_counts(rng):
        prefix = np.array([3, 0, 0, 1, -1, -1], dtype=np.int64)
        yield None, cnt, int(rng.integers(1, 9)), np.zeros(8, dtype=np.int64), prefix, \
            np.zeros((64, 14), dtype=np.int64), 0


def k_multisets(fn, cfg, cnt, v, cur, prefix, out, k):
    out = out.copy()
    k2 = fn(cnt.copy(), v, cur.copy(), prefix, out, k)
    return sorted(tuple(int(x) for x in r) for r in out[k:k2])


def tw_multisets(cfg, cnt, v, cur, prefix, out, k):
    cards = [t for t in range(D.NUM_TYPES) for _ in range(int(cnt[t]))]
    rows = set()
    for r in range(1, len(cards) + 1):
        for comb in itertools.combinations(cards, r):
            if sum(t % 8 + 1 for t in comb) == v:
                rows.add(tuple(int(x) for x in prefix) + comb + (-1,) * (8 - len(comb)))
    return sorted(rows)


def ex_swaps(rng):
    for st in positions(rng, 12, (D.PH_MAIN,)):
        hand = np.zeros(D.NUM_TYPES, dtype=np.int64)
        for c in st.hands[st.cur]:
            hand[st.cfg.types[c]] += 1
        owners, colours, octs = [], [], []
        for p in range(st.n):
            for h in st.fields[p]:
                owners.append(p)
                colours.append(h // 10)
                octs.append(st._type_counts(st.arms[h]))
        yield (None, st.cur, st.n, hand, np.array(owners, dtype=np.int64), np.array(colours, dtype=np.int64),
               np.array(octs, dtype=np.int64).reshape(len(owners), D.NUM_TYPES), np.zeros((4096, 14), dtype=np.int64))


def k_swaps(fn, cfg, mover, n, hand, owners, colours, octs, out):
    out = out.copy()
    k = fn(mover, n, hand, owners, colours, octs, out)
    return sorted(tuple(int(x) for x in r) for r in out[:k])


def tw_swaps(cfg, mover, n, hand, owners, colours, octs, out):
    from .swaps import enumerate_swaps_py

    hand_t = [t for t in range(D.NUM_TYPES) for _ in range(int(hand[t]))]
    oc = [(int(owners[i]), int(colours[i]), [t for t in range(D.NUM_TYPES) for _ in range(int(octs[i][t]))])
          for i in range(len(owners))]
    return sorted(enumerate_swaps_py(mover, hand_t, oc))
