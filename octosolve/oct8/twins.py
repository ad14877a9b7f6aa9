"""Pure-Python twins of the Oct8 numba kernels, and the positions they are checked on.

Each twin computes what its kernel computes from the Python engine (``rules.Oct8State``, reached
through ``flat.to_python``) or by a different algorithm (subset sums by itertools instead of bit
masks, ``bit_length`` instead of a de Bruijn table, Python's own list operations). ``kernels.TWINS``
pairs them; ``tests/test_kernel_twins.py`` runs both on the examples and compares.
"""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np

from . import deck as D
from . import flat as F
from .deck import SplitMix64
from .position import encode

__all__ = ["random_playout", "builder_choice_py", "play_py", "positions", "doc", "subset_reach"]

def random_playout(state, seed: int):
    """Play ``state`` to the end choosing uniformly among the legal actions with SplitMix64 (the
    numba playout does the same with the same seed)."""
    rng = SplitMix64(seed ^ D.PLAYOUT_SALT)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state


def play_py(state, seed: int, policy) -> int:
    """Twin of the numba playout: ``policy[p]`` 0 random, 1 builder, SplitMix64 seeded ``seed``; plays
    ``state`` to the end in place and returns the number of decisions made."""
    rng = SplitMix64(seed)
    d = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        a = builder_choice_py(state, legal, rng) if policy[state.cur] == 1 else legal[rng.below(len(legal))]
        state.apply_action(a)
        d += 1
    return d


def builder_choice_py(st, legal: list[int], rng: SplitMix64) -> int:
    """Pure-Python twin of ``kernels.builder_choice`` (the rollout policy): complete a shared octopus
    when possible, else draw / stop, else random (same SplitMix64 calls)."""
    ph = st.phase
    p = st.cur
    vals = st.cfg.values
    if ph == D.PH_PLACE:
        for a in legal:
            if st.total(st.shared[a - D.A_PLACE]) + vals[st.drawn] == 8:
                return a
        return legal[rng.below(len(legal))]
    if ph == D.PH_MAIN:
        reach = st._reach(st._type_counts(st.hands[p]))
        for a in legal:
            if D.A_ATTACH <= a < D.A_XHAND and reach >> (8 - st.total(st.shared[a - D.A_ATTACH])) & 1:
                return a
        if st.extra:
            return D.A_STOP
        if legal[0] < D.A_PASS:
            return legal[0]
        return legal[rng.below(len(legal))]
    if ph == D.PH_SEL and st.mode == D.MODE_ATTACH:
        h = st.shared[st.src]
        cnt = st._type_counts(st.hands[p])
        for t in st.sel:
            cnt[t] -= 1
        left = 8 - st.total(h) - sum(t % 8 + 1 for t in st.sel)
        if left == 0 and legal[-1] == D.A_DONE:
            return D.A_DONE
        best = None
        for a in legal:
            if a >= D.A_DONE:
                continue
            t = a - D.A_ADD
            v = t % 8 + 1
            cnt[t] -= 1
            ok = v == left or (v < left and st._reach(cnt, t) >> (left - v) & 1)
            cnt[t] += 1
            if ok:
                if t // 8 == h // D.HEADS_PER_COLOUR:
                    return a
                if best is None:
                    best = a
        if best is not None:
            return best
    return legal[rng.below(len(legal))]


# ---------------------------------------------------------------- positions and comparisons
CONFIGS = ((4, {}), (3, {"variant": "short", "baby_chips": "each"}), (2, {"deck": "flat", "colour_bonus": "arm"}))


@functools.lru_cache(maxsize=1)
def _pool():
    from .rules import make_game

    out = []
    for players, opts in CONFIGS:
        g = make_game(players=players, **opts)
        for seed in range(3):
            st = g.new_initial_state(seed)
            rng = random.Random(seed)
            while not st.is_terminal():
                if rng.random() < 0.12:
                    out.append(st.clone())
                st.apply_action(rng.choice(st.legal_actions()))
            out.append(st.clone())
    return tuple(out)


def positions(rng, k: int = 12, phases=None, live: bool = True):
    """``k`` Python positions of random games (three rule configurations), drawn with ``rng``; only
    the given phases, only positions still in play with ``live``."""
    pool = [s for s in _pool() if (phases is None or s.phase in phases) and not (live and s.is_terminal())]
    idx = rng.choice(len(pool), size=min(k, len(pool)), replace=False)
    return [pool[int(i)].clone() for i in idx]


def doc(st) -> dict:
    """A state's document without its history (the flat state keeps none)."""
    d = encode(st)
    d.pop("history")
    return d


def flat_doc(S, cfg) -> dict:
    return doc(F.to_python(S, cfg))


def subset_reach(values) -> int:
    """Bit mask of the sums 0..8 of sub-multisets of ``values`` (itertools, not bit shifts)."""
    out = 0
    for r in range(len(values) + 1):
        for comb in set(itertools.combinations(sorted(values), r)):
            if sum(comb) <= 8:
                out |= 1 << sum(comb)
    return out


def counts_values(cnt, start: int = 0) -> list[int]:
    return [t % 8 + 1 for t in range(start, D.NUM_TYPES) for _ in range(int(cnt[t]))]


def sel_book(st):
    """The selection bookkeeping of a state in phase SEL, recomputed: available counts, their type
    mask, the arm total chosen, the suffix reach masks (exchanges only)."""
    pool = st.arms[st.tgt] if st.mode == D.MODE_XFIELD else st.hands[st.cur]
    full = st._type_counts(pool)
    av = list(full)
    for t in st.sel:
        av[t] -= 1
    avm = sum(1 << t for t in range(D.NUM_TYPES) if av[t] > 0)
    suf = None if st.mode == D.MODE_ATTACH else [subset_reach(counts_values(full, t)) for t in range(D.NUM_TYPES + 1)]
    return av, avm, sum(t % 8 + 1 for t in st.sel), suf


def flat_sel_book(S, mode):
    av = [int(x) for x in S[F.SEL_AV:F.SEL_AV + D.NUM_TYPES]]
    suf = None if mode == 0 else [int(x) for x in S[F.SEL_SUF:F.SEL_SUF + D.NUM_TYPES + 1]]
    return av, int(S[F.SEL_AVM]), int(S[F.SEL_SUM]), suf


def complete_shared(st, rng) -> int:
    """Move cards from the arm deck onto a shared octopus until it has exactly 8 arms (for examples
    of taking an octopus); its slot, or -1 if no combination fits."""
    slots = [s for s, h in enumerate(st.shared) if h >= 0]
    if not slots:
        return -1
    s = slots[int(rng.integers(len(slots)))]
    h = st.shared[s]
    need = 8 - st.total(h)
    for c in sorted(st.arm_deck, key=lambda c: -st.cfg.values[c]):
        v = st.cfg.values[c]
        if v <= need:
            st.arm_deck.remove(c)
            st.arms[h].append(c)
            need -= v
        if need == 0:
            return s
    return -1


# ---------------------------------------------------------------- calling a kernel on copies
def _copies(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def value_of(fn, cfg, *args):
    """``fn(*args)`` on copies of the arrays (the kernel's return value)."""
    r = fn(*_copies(args))
    return tuple(int(x) for x in r) if isinstance(r, tuple) else int(r)


def state_after(fn, cfg, S, *args):
    """The document of the flat state ``S`` after ``fn(S, *args)`` (on a copy)."""
    S = S.copy()
    fn(S, *_copies(args))
    return flat_doc(S, cfg)


def out_of(fn, cfg, *args, size=0):
    """``(return value, out[:size or k])`` of a kernel that writes into its last array argument."""
    args = _copies(args)
    k = fn(*args)
    out = [int(x) for x in args[-1][: (size if size else k)]]
    return (None if k is None else int(k)), out


def py(cfg, S):
    return F.to_python(S, cfg)


def tb(cfg):
    return F.tables(cfg)


# ---------------------------------------------------------------- example generators
def ex_positions(rng, phases=None, k=10):
    for st in positions(rng, k, phases):
        t = tb(st.cfg)
        yield st.cfg, F.from_python(st), t.vals, t.types


def ex_octopus(rng):
    for cfg, S, vals, types in ex_positions(rng):
        st = py(cfg, S)
        for h in list(st.arms)[:3]:
            yield cfg, S, vals, types, h


def ex_seeds(rng):
    from .rules import Config

    for players, opts in CONFIGS:
        cfg = Config.make(players, **opts)
        for _ in range(2):
            yield cfg, int(rng.integers(2**62))


def ex_counts(rng):
    for _ in range(40):
        cnt = np.zeros(D.NUM_TYPES, dtype=np.int64)
        for t in rng.integers(0, D.NUM_TYPES, size=int(rng.integers(0, 7))):
            cnt[t] += 1
        yield None, cnt, int(rng.integers(0, D.NUM_TYPES))


def ex_sm(rng):
    for _ in range(20):
        yield None, np.array([int(rng.integers(2**63))], dtype=np.uint64), int(rng.integers(1, 100))


def ex_sm_next(rng):
    for cfg, st, _ in ex_sm(rng):
        yield cfg, st


def ex_hands(rng):
    for cfg, S, vals, types in ex_positions(rng):
        for p in range(int(S[F.NP_])):
            yield cfg, S, vals, types, p


def ex_sel(rng):
    for cfg, S, vals, types in ex_positions(rng, (D.PH_SEL,), 12):
        yield cfg, S, types


# ---------------------------------------------------------------- twins: SplitMix64, tables, lists
def tw_sm_next(cfg, st):
    return SplitMix64(int(st[0])).next()


def tw_sm_below(cfg, st, n):
    return SplitMix64(int(st[0])).below(n)


def _caches_py(st, only=None):
    out = [0] * 30 + [0] * 30 + [0] * 30 + [0] * 30
    for h in range(30):
        if only is not None and h != only:
            continue
        arms = st.arms.get(h, [])
        vals = [st.cfg.values[c] for c in arms]
        out[h] = sum(vals)
        out[30 + h] = subset_reach(vals)
        out[60 + h] = int(all(c // D.ARMS_PER_COLOUR == h // D.HEADS_PER_COLOUR for c in arms))
        out[90 + h] = sum({1 << st.cfg.types[c] for c in arms})
    return out


def k_caches(fn, cfg, S, *args):
    """The cached totals / reach / blocked / type masks after ``fn`` (caches cleared first)."""
    S = S.copy()
    S[F.OCT_TOT:F.OCT_TM + 30] = 0
    fn(S, *args)
    return [int(x) for x in S[F.OCT_TOT:F.OCT_TM + 30]]


def tw_refresh(cfg, S, vals, types, h):
    return _caches_py(py(cfg, S), h)


def tw_refresh_all(cfg, S, vals, types):
    return _caches_py(py(cfg, S))


def tw_total(cfg, S, vals, h):
    st = py(cfg, S)
    return st.total(h) if h in st.arms else 0


def tw_blocked(cfg, S, h):
    st = py(cfg, S)
    return int(st.blocked(h)) if h in st.arms else 1


def k_counts_hand(fn, cfg, S, types, p, W, base):
    W = W.copy()
    fn(S.copy(), types, p, W, base)
    return [int(x) for x in W[base:base + D.NUM_TYPES]]


def tw_counts_hand(cfg, S, types, p, W, base):
    st = py(cfg, S)
    return st._type_counts(st.hands[p])


def ex_counts_hand(rng):
    for cfg, S, vals, types, p in ex_hands(rng):
        yield cfg, S, types, p, np.zeros(160, dtype=np.int64), 96


def tw_reach(cfg, cnt, start):
    return subset_reach(counts_values(cnt, start))


def ex_reach_w(rng):
    for _, cnt, start in ex_counts(rng):
        W = np.zeros(160, dtype=np.int64)
        W[50:50 + D.NUM_TYPES] = cnt
        yield None, W, 50, start


def tw_reach_w(cfg, W, base, start):
    return subset_reach(counts_values(W[base:base + D.NUM_TYPES], start))


def ex_low(rng):
    for k in range(32):
        yield None, 1 << k


def tw_low_index(cfg, low):
    return low.bit_length() - 1


def ex_masks(rng):
    for _ in range(30):
        yield None, int(rng.integers(0, 512)) & ~1


def tw_types_of_values(cfg, vm):
    return sum(1 << t for t in range(D.NUM_TYPES) if vm >> (t % 8 + 1) & 1)


def ex_take(rng):
    for cfg, S, vals, types, p in ex_hands(rng):
        st = py(cfg, S)
        if st.hands[p]:
            t = cfg.types[st.hands[p][int(rng.integers(len(st.hands[p])))]]
            yield cfg, S, F.HAND + p * F.HAND_CAP, F.HAND_N + p, types, t


def k_take_min(fn, cfg, S, base, nidx, types, t):
    S = S.copy()
    c = fn(S, base, nidx, types, t)
    return int(c), sorted(int(x) for x in S[base:base + S[nidx]])


def tw_take_min(cfg, S, base, nidx, types, t):
    cards = [int(x) for x in S[base:base + S[nidx]]]
    c = min(x for x in cards if types[x] == t)
    cards.remove(c)
    return c, sorted(cards)


def ex_push(rng):
    for cfg, S, base, nidx, types, t in ex_take(rng):
        yield cfg, S, base, nidx, int(rng.integers(D.NUM_ARMS))


def k_push(fn, cfg, S, base, nidx, c):
    S = S.copy()
    fn(S, base, nidx, c)
    return [int(x) for x in S[base:base + S[nidx]]]


def tw_push(cfg, S, base, nidx, c):
    return [int(x) for x in S[base:base + S[nidx]]] + [c]


def ex_seat(rng):
    for n in (2, 3, 4):
        for p in range(n):
            for rel in range(n):
                yield None, p, rel, n


def tw_seat(cfg, p, rel, n):
    return (p + rel) % n


def ex_oct_at(rng):
    for cfg, S, vals, types in ex_positions(rng):
        for rel in range(int(S[F.NP_])):
            for slot in range(4):
                yield cfg, S, rel, slot


def tw_oct_at(cfg, S, rel, slot):
    return py(cfg, S)._octopus_at(rel, slot)


# ---------------------------------------------------------------- twins: deal, turn flow, scoring
def k_init_state(fn, cfg, seed):
    t = tb(cfg)
    S = np.zeros(F.SIZE, dtype=np.int64)
    fn(S, t.n, t.heads, np.uint64(seed), t.opts)
    F._start_turn(S, t.vals)
    return flat_doc(S, cfg)


def k_deal(fn, cfg, seed):
    t = tb(cfg)
    S = np.zeros(F.SIZE, dtype=np.int64)
    fn(S, t.n, t.heads, np.array([seed], dtype=np.uint64), t.opts)
    F._start_turn(S, t.vals)
    return flat_doc(S, cfg)


def tw_new(cfg, seed):
    from .rules import Oct8State

    return doc(Oct8State.new(cfg, seed))


def ex_place(rng):
    for cfg, S, vals, types in ex_positions(rng):
        for s in range(3):
            yield cfg, S, vals, int(rng.integers(D.NUM_ARMS)), s


def tw_place_ok(cfg, S, vals, card, s):
    return int(s in py(cfg, S)._place_slots(card))


def ex_main(rng):
    yield from ex_positions(rng, (D.PH_MAIN,))


def ex_vals(rng):
    for cfg, S, vals, types in ex_positions(rng, (D.PH_MAIN,)):
        yield cfg, S, vals


def _method(name, *margs):
    def twin(cfg, S, *args):
        st = py(cfg, S)
        getattr(st, name)(*(margs or args[1:]))
        return doc(st)
    return twin


tw_start_turn = _method("_start_turn")
tw_end_of_turn = _method("_end_of_turn")
tw_after_action = _method("_enter_main", True)


def ex_complete(rng):
    for st in positions(rng, 10, (D.PH_MAIN,)):
        slot = complete_shared(st, rng)
        if slot >= 0:
            t = tb(st.cfg)
            yield st.cfg, F.from_python(st), t.vals, slot


def tw_complete_check(cfg, S, vals, slot):
    st = py(cfg, S)
    st._complete_check(slot)
    return doc(st)


def ex_players(rng):
    for cfg, S, vals, types in ex_positions(rng, None):
        for p in range(int(S[F.NP_])):
            yield cfg, S, p, np.zeros(3, dtype=np.int64)


def tw_score_detail(cfg, S, p, out):
    return list(py(cfg, S).score_detail(p).values())


def tw_winners_mask(cfg, S):
    return sum(1 << p for p in py(cfg, S).leaders())


def ex_keys(rng):
    for _ in range(40):
        n = int(rng.integers(2, 5))
        keys = np.zeros((4, 3), dtype=np.int64)
        keys[:n] = rng.integers(0, 3, size=(n, 3))
        yield None, n, keys


def tw_winners(cfg, n, keys):
    ks = [tuple(int(x) for x in keys[p]) for p in range(n)]
    return sum(1 << p for p in range(n) if ks[p] == max(ks))


# ---------------------------------------------------------------- twins: selection bookkeeping
def k_begin(fn, cfg, S, types):
    S = S.copy()
    S[F.SELN] = 0
    fn(S, types)
    return flat_sel_book(S, int(S[F.MODE]))


def tw_begin(cfg, S, types):
    st = py(cfg, S)
    st.sel = []
    return sel_book(st)


def k_sync(fn, cfg, S, types):
    S = S.copy()
    S[F.SEL_AV:F.SEL_AVM + 1] = 0
    fn(S, types)
    return flat_sel_book(S, int(S[F.MODE]))


def tw_sync(cfg, S, types):
    return sel_book(py(cfg, S))


def ex_select_add(rng):
    for cfg, S, types in ex_sel(rng):
        adds = [a for a in py(cfg, S).legal_actions() if D.A_ADD <= a < D.A_DONE]
        if adds:
            yield cfg, S, adds[int(rng.integers(len(adds)))] - D.A_ADD


def k_select_add(fn, cfg, S, t):
    S = S.copy()
    fn(S, t)
    return flat_sel_book(S, int(S[F.MODE]))[:3], [int(x) for x in S[F.SEL:F.SEL + S[F.SELN]]]


def tw_select_add(cfg, S, t):
    st = py(cfg, S)
    st.sel.append(t)
    return sel_book(st)[:3], list(st.sel)


def ex_octopus_total(rng):
    for cfg, S, vals, types, h in ex_octopus(rng):
        yield cfg, S, vals, h


def ex_octopus_blocked(rng):
    for cfg, S, vals, types, h in ex_octopus(rng):
        yield cfg, S, h


def ex_states(rng):
    for cfg, S, vals, types in ex_positions(rng, None):
        yield cfg, S


def tw_score_detail_out(cfg, S, p, out):
    return None, tw_score_detail(cfg, S, p, out)
