"""Pure-Python twins of the tree search's numba kernels (:mod:`octosolve.oct8.search`), with their
examples; the registry (``games.py``, ``twin_rooms``) adds this module's ``TWINS`` to ``kernels.TWINS``.

The macro generator's twin *is* flat Monte Carlo's candidate generator (``Oct8FlatMC.candidates``
over ``attach_plans`` and ``exchange_plans`` on the Python engine), so the check also says the tree
searches exactly flat-mc's moves. Positions: greedy games of the three rule configurations of
:mod:`octosolve.oct8.twins` (greedy exchanges and completes octopuses, so fields fill up).
"""

from __future__ import annotations

import functools
import random
from functools import partial

import numpy as np

from ..core.kernels import Twin
from . import deck as D
from . import flat as F
from . import search as SR
from .deck import SplitMix64
from .twins import CONFIGS, builder_choice_py, doc, flat_doc, play_py, py, tb

__all__ = ["TWINS", "macros_py", "macro_keys_py", "discard_py", "advance_py", "determinize_py",
           "rewards_py"]

MASK = (1 << 64) - 1


# ---------------------------------------------------------------- Python twins
def macros_py(st, max_ex: int = 12) -> list[tuple[tuple[int, ...], float]]:
    """(actions, prior) of each macro of the player to move: at an octopus action flat-mc's
    candidates (without a pass, which the search leaves to the fallback), attaches valued by the
    arms of the head's colour the completed octopus brings + 0.5, exchanges by own - opponents' change;
    a turn-draw placement by the same completion value; shipping by greedy's gain."""
    from .players import Oct8FlatMC, attach_plans, exchange_plans

    ph = st.phase
    if ph == D.PH_MAIN:
        prior = {tuple(plan): g + 0.5 for g, plan in attach_plans(st)}
        prior.update({tuple(plan): float(own - opp) for own, opp, plan in exchange_plans(st, with_opponent=True)})
        cands = Oct8FlatMC(max_exchanges=max_ex).candidates(st, st.legal_actions())
        return [(tuple(m), prior.get(tuple(m), 0.0)) for m in cands if m != [D.A_PASS]][:SR.MACRO_ROWS]
    if ph == D.PH_PLACE:
        out = []
        for a in st.legal_actions():
            h = st.shared[a - D.A_PLACE]
            done = st.total(h) + st.cfg.values[st.drawn] == 8
            out.append(((a,), st.octopus_points(h, st.cur, False)[1] + 0.5 if done else 0.0))
        return out
    if ph == D.PH_SHIP:
        out = []
        for a in st.legal_actions():
            h = st.fields[st.cur][a - D.A_SHIP]
            out.append(((a,), float(st.octopus_points(h, st.cur, True)[0] - st.octopus_points(h, st.cur, False)[0])))
        return out
    return []


def macro_keys_py(mover: int, ms) -> tuple[list[int], list[int]]:
    keys = []
    for actions, _ in ms:
        h = mover + 1
        for a in actions:
            h = (h * 1000003 + a + 1) & MASK
        keys.append(h - (1 << 64) if h >> 63 else h)
    order = sorted(range(len(ms)), key=lambda i: -ms[i][1])  # sorted() is stable
    return keys, order


def discard_py(st) -> int:
    """Greedy's discard (its first choice among equals)."""
    col = st.colour(st.cur)
    types = sorted({st.cfg.types[c] for c in st.hands[st.cur]})
    return D.A_DISCARD + max(types, key=lambda t: (t // 8 != col, -(t % 8)))


def advance_py(st, rng: SplitMix64, max_ex: int = 12):
    """Twin of ``search.advance`` on a Python state (in place): (k, keys, order)."""
    while True:
        if st.is_terminal():
            return 0, [], []
        if st.phase == D.PH_DISCARD:
            st.apply_action(discard_py(st))
            continue
        ms = macros_py(st, max_ex)
        if not ms:
            st.apply_action(builder_choice_py(st, st.legal_actions(), rng))
            continue
        if len(ms) == 1:
            for a in ms[0][0]:
                st.apply_action(a)
            continue
        keys, order = macro_keys_py(st.cur, ms)
        return len(ms), keys, order


def determinize_py(st, me: int, rng: SplitMix64):
    """Twin of ``search.determinize``: the same sorted pools, shuffled by the same calls."""
    others = [q for q in range(st.n) if q != me]

    def shuffle(x):
        for i in range(len(x) - 1, 0, -1):
            j = rng.below(i + 1)
            x[i], x[j] = x[j], x[i]
        return x

    pool = shuffle(sorted(list(st.arm_deck) + [c for q in others for c in st.hands[q]]))
    k = len(st.arm_deck)
    st.arm_deck = pool[:k]
    for q in others:
        st.hands[q], k = pool[k:k + len(st.hands[q])], k + len(st.hands[q])
    heads = shuffle(sorted(list(st.head_deck) + [st.colour_head[q] for q in others]))
    k = len(st.head_deck)
    st.head_deck = heads[:k]
    for j, q in enumerate(others):
        st.colour_head[q] = heads[k + j]
    return st


def rewards_py(st, seed: int, margin: float) -> list[float]:
    play_py(st, seed, [1, 1, 1, 1])
    w = st.leaders()
    sc = st.scores()
    return [(1 / len(w) if p in w else 0.0) - 1 / st.n + margin * (sc[p] - max(sc[q] for q in range(st.n) if q != p))
            for p in range(st.n)]


# ---------------------------------------------------------------- examples
@functools.lru_cache(maxsize=1)
def _pool():
    """Positions of greedy games (three rule configurations, two deals each)."""
    from ..core.game import play
    from .players import Oct8Greedy
    from .rules import make_game

    out = []
    for players, opts in CONFIGS:
        g = make_game(players=players, **opts)
        for seed in range(2):
            st = g.new_initial_state(seed)
            rng = random.Random(seed)
            ps = [Oct8Greedy(seed * 10 + q) for q in range(players)]

            class Sampler:
                def choose(self, s):
                    if rng.random() < 0.15:
                        out.append(s.clone())
                    return ps[s.cur].choose(s)

            play(st, [Sampler()] * players)
    return tuple(out)


def _positions(rng, phases, k):
    pool = [s for s in _pool() if s.phase in phases]
    idx = rng.choice(len(pool), size=min(k, len(pool)), replace=False)
    for i in idx:
        st = pool[int(i)].clone()
        t = tb(st.cfg)
        yield st.cfg, F.from_python(st), t.vals, t.types


SEARCHED = (D.PH_MAIN, D.PH_PLACE, D.PH_SHIP)


def _bufs():
    return (np.zeros((SR.MACRO_ROWS, SR.MAX_MACRO), dtype=np.int64), np.zeros(SR.MACRO_ROWS, dtype=np.int64),
            np.zeros(SR.MACRO_ROWS, dtype=np.float64), np.zeros((SR.MACRO_ROWS, 14), dtype=np.int64),
            np.zeros((SR.SWAP_ROWS, 14), dtype=np.int64))


def _seed(rng):
    return np.array([int(rng.integers(2**63))], dtype=np.uint64)


def ex_searched(rng):
    for cfg, S, vals, types in _positions(rng, SEARCHED, 30):
        yield (cfg, S, vals, types, int(rng.choice([1, 3, 12]))) + _bufs()


def ex_main(rng):
    for args in ex_searched(rng):
        if args[1][F.PHASE] == D.PH_MAIN:
            yield args


def k_macros(fn, cfg, S, vals, types, max_ex, M, L, P, rows, xrows):
    M, L, P = M.copy(), L.copy(), P.copy()
    k = min(int(fn(S.copy(), vals, types, max_ex, M, L, P, rows.copy(), xrows.copy())), M.shape[0])
    return [(tuple(int(a) for a in M[i, :L[i]]), float(P[i])) for i in range(k)]


def tw_macros(cfg, S, vals, types, max_ex, M, L, P, rows, xrows):
    return macros_py(py(cfg, S), max_ex)


def ex_keys(rng):
    for cfg, S, vals, types, max_ex, M, L, P, rows, xrows in ex_searched(rng):
        k = SR.macros(S.copy(), vals, types, max_ex, M, L, P, rows, xrows)
        yield cfg, S, M, L, P, k, np.zeros(k, dtype=np.int64), np.zeros(k, dtype=np.int64)


def k_keys(fn, cfg, S, M, L, P, k, keys, order):
    keys, order = keys.copy(), order.copy()
    fn(S, M, L, P, k, keys, order)
    return [int(x) for x in keys], [int(x) for x in order]


def tw_keys(cfg, S, M, L, P, k, keys, order):
    return macro_keys_py(int(S[F.CUR]), [(tuple(int(a) for a in M[i, :L[i]]), float(P[i])) for i in range(k)])


def ex_discard(rng):
    for cfg, S, vals, types in _positions(rng, SEARCHED + (D.PH_DISCARD,), 20):
        if S[F.HAND_N + S[F.CUR]] > 0:
            yield cfg, S, types


def tw_discard(cfg, S, types):
    return discard_py(py(cfg, S))


def ex_play_macro(rng):
    for cfg, S, vals, types, max_ex, M, L, P, rows, xrows in ex_searched(rng):
        k = SR.macros(S.copy(), vals, types, max_ex, M, L, P, rows, xrows)
        if k:
            yield cfg, S, vals, types, M, L, int(rng.integers(k))


def tw_play_macro(cfg, S, vals, types, M, L, i):
    st = py(cfg, S)
    for a in M[i, :L[i]]:
        st.apply_action(int(a))
    return doc(st)


def ex_advance(rng):
    for cfg, S, vals, types, max_ex, M, L, P, rows, xrows in ex_searched(rng):
        yield (cfg, S, vals, types, _seed(rng), max_ex, M, L, P, rows, xrows, np.zeros(SR.MACRO_ROWS, dtype=np.int64),
               np.zeros(SR.MACRO_ROWS, dtype=np.int64), np.zeros(D.NUM_ACTIONS, dtype=np.int64),
               np.zeros(160, dtype=np.int64))


def _advance_out(cfg, S, st, k, keys, order):
    return int(k), flat_doc(S, cfg), [int(x) for x in keys[:k]], [int(x) for x in order[:k]], int(st[0])


def k_advance(fn, cfg, S, vals, types, st, max_ex, M, L, P, rows, xrows, keys, order, buf, W):
    S, st, keys, order = S.copy(), st.copy(), keys.copy(), order.copy()
    k = fn(S, vals, types, st, max_ex, M.copy(), L.copy(), P.copy(), rows.copy(), xrows.copy(), keys, order,
           buf.copy(), W.copy())
    return _advance_out(cfg, S, st, k, keys, order)


def tw_advance(cfg, S, vals, types, st, max_ex, M, L, P, rows, xrows, keys, order, buf, W):
    s, rng = py(cfg, S), SplitMix64(int(st[0]))
    k, ks, od = advance_py(s, rng, max_ex)
    return k, doc(s), ks, od, rng.s


def ex_step(rng):
    for cfg, S, vals, types, st, max_ex, M, L, P, rows, xrows, keys, order, buf, W in ex_advance(rng):
        k = SR.macros(S.copy(), vals, types, max_ex, M, L, P, rows, xrows)
        if k:
            yield (cfg, S, vals, types, st, max_ex, M.copy(), L.copy(), int(rng.integers(k)), M, L, P, rows, xrows,
                   keys, order, buf, W)


def k_step(fn, cfg, S, vals, types, st, max_ex, Mi, Li, i, M, L, P, rows, xrows, keys, order, buf, W):
    S, st, keys, order = S.copy(), st.copy(), keys.copy(), order.copy()
    k = fn(S, vals, types, st, max_ex, Mi, Li, i, M.copy(), L.copy(), P.copy(), rows.copy(), xrows.copy(), keys,
           order, buf.copy(), W.copy())
    return _advance_out(cfg, S, st, k, keys, order)


def tw_step(cfg, S, vals, types, st, max_ex, Mi, Li, i, M, L, P, rows, xrows, keys, order, buf, W):
    s, rng = py(cfg, S), SplitMix64(int(st[0]))
    for a in Mi[i, :Li[i]]:
        s.apply_action(int(a))
    k, ks, od = advance_py(s, rng, max_ex)
    return k, doc(s), ks, od, rng.s


def ex_determinize(rng):
    for cfg, S, vals, types in _positions(rng, SEARCHED + (D.PH_DISCARD,), 16):
        yield cfg, S, int(S[F.CUR]), _seed(rng)


def k_determinize(fn, cfg, S, me, st):
    S, st = S.copy(), st.copy()
    fn(S, me, st)
    return flat_doc(S, cfg), int(st[0])


def tw_determinize(cfg, S, me, st):
    rng = SplitMix64(int(st[0]))
    return doc(determinize_py(py(cfg, S), me, rng)), rng.s


def ex_rewards(rng):
    for cfg, S, vals, types in _positions(rng, SEARCHED, 6):
        yield cfg, S, vals, types, _seed(rng), float(rng.choice([0.0, 0.02, 0.1])), np.zeros(4)


def k_rewards(fn, cfg, S, vals, types, st, margin, out):
    out = out.copy()
    fn(S.copy(), vals, types, st.copy(), margin, out)
    return [float(x) for x in out[:int(S[F.NP_])]]


def tw_rewards(cfg, S, vals, types, st, margin, out):
    return rewards_py(py(cfg, S), int(st[0]), margin)


def _close(a, b) -> bool:
    return len(a) == len(b) and bool(np.allclose(a, b, rtol=0, atol=1e-12))


def ex_octopus(rng):
    for cfg, S, vals, types in _positions(rng, SEARCHED, 10):
        st = py(cfg, S)
        for h in [h for f in st.fields for h in f][:4] + [h for h in st.shared if h >= 0][:2]:
            yield cfg, S, h, st.owner_of(h) if st.owner_of(h) >= 0 else st.cur


def k_matching(fn, cfg, S, h, p):
    return int(fn(S.copy(), h))


def tw_matching(cfg, S, h, p):
    return py(cfg, S).octopus_points(h, p, False)[1]


def k_points(fn, cfg, S, h, p):
    return [int(fn(S.copy(), h, p, shipped)) for shipped in (False, True)]


def tw_points(cfg, S, h, p):
    st = py(cfg, S)
    return [st.octopus_points(h, p, shipped)[0] for shipped in (False, True)]


def ex_put1(rng):
    for _ in range(10):
        k = int(rng.integers(0, 4))
        yield None, np.zeros((3, SR.MAX_MACRO), dtype=np.int64), np.zeros(3, dtype=np.int64), np.zeros(3), k, \
            int(rng.integers(D.NUM_ACTIONS)), float(rng.integers(0, 5))


def k_put1(fn, cfg, M, L, P, k, a, prior):
    M, L, P = M.copy(), L.copy(), P.copy()
    k2 = fn(M, L, P, k, a, prior)
    return int(k2), M.tolist(), L.tolist(), P.tolist()


def tw_put1(cfg, M, L, P, k, a, prior):
    M, L, P = M.tolist(), L.tolist(), P.tolist()
    if k < len(M):  # a full buffer only counts
        M[k][0], L[k], P[k] = a, 1, prior
    return k + 1, M, L, P


def k_play_macro(fn, cfg, S, vals, types, M, L, i):
    S = S.copy()
    fn(S, vals, types, M, L, i)
    return flat_doc(S, cfg)


def _t(name, kernel, wrap, twin, examples, note="", same=None):
    kw = {"same": same} if same else {}
    return Twin(name, partial(wrap, kernel), twin, examples, note=note, **kw)


TWINS = (
    _t("_matching_arms", SR._matching_arms, k_matching, tw_matching, ex_octopus),
    _t("_octopus_points", SR._octopus_points, k_points, tw_points, ex_octopus),
    _t("_put1", SR._put1, k_put1, tw_put1, ex_put1),
    _t("_main_macros", SR._main_macros, k_macros, tw_macros, ex_main,
       "flat-mc's candidates (attach_plans, exchange_plans on the Python engine)"),
    _t("macros", SR.macros, k_macros, tw_macros, ex_searched, "flat-mc's candidates; placements and shipping"),
    _t("macro_keys", SR.macro_keys, k_keys, tw_keys, ex_keys, "Python integers masked to 64 bits; sorted()"),
    _t("greedy_discard", SR.greedy_discard, lambda fn, cfg, S, types: int(fn(S.copy(), types)), tw_discard,
       ex_discard, "max over (off-colour, -arms) of the hand's types"),
    _t("play_macro", SR.play_macro, k_play_macro, tw_play_macro, ex_play_macro, "Oct8State.apply_action"),
    _t("advance", SR.advance, k_advance, tw_advance, ex_advance, "the Python engine"),
    _t("step", SR.step, k_step, tw_step, ex_step, "the Python engine"),
    _t("determinize", SR.determinize, k_determinize, tw_determinize, ex_determinize),
    _t("rollout_rewards", SR.rollout_rewards, k_rewards, tw_rewards, ex_rewards, "the Python engine", _close),
)
