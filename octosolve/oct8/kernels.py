"""Oct8 numba engine: legal actions, applying a decision, the builder rollout policy and whole
playouts on the flat state (:mod:`octosolve.oct8.flat`), with the same rules and the same action table
as the Python engine (``rules.py``).

Every numba kernel of the engine (this module, ``flat.py``), of the swap enumeration (``swaps.py``)
and of the tree search (``search.py``, twins in ``twins_search.py``) is listed in ``TWINS`` at the end
with its pure-Python twin (``twins.py``, ``twins_play.py``):
the twins of the engine's kernels run the Python engine (``rules.Oct8State``) on the same position,
converted with ``flat.to_python``; same SplitMix64 seeds give the same games in both engines.

Numba is used through its public API only (plain ``numba.njit``). A call between compiled functions
that passes arrays costs reference-count updates, so the small kernels of the turn flow and of a
selection are inlined into their callers (``inline="always"``): measured, about 12% more playouts per
second for 50% more compile time; inlining the big ones too (legal actions, applying a decision, the
builder policy) gained 6% more but tripled the compile time, so they stay calls.
"""

from __future__ import annotations

from functools import partial

import numba
import numpy as np

from ..core.kernels import Twin
from . import deck as D
from . import flat as F
from . import swaps as SW
from . import twins as T
from . import twins_play as TP

__all__ = ["legal_actions", "apply_action", "builder_choice", "playout", "run_games", "rollout_returns", "new_state",
           "play_logged", "simulate_random", "POLICIES", "TWINS"]
from .flat import (ACNT, ADECK, ADECK_N, A_ADD, A_ATTACH, A_DISCARD, A_DONE, A_DRAW, A_PASS, A_PLACE, A_SHIP,
                   A_STOP, A_TARGET, A_XFIELD, A_XHAND, BABIES, CUR, DECS, DISC, DISC_N, DRAWN, EXTRA, FIELD,
                   FIELD_CAP, FIELD_N, HAND, HAND_CAP, HAND_N, MAXF, MODE, NCAT, NEED, NP_, NT, NUM_ACTIONS,
                   OCT_ARMS, OCT_BLK, OCT_N, OCT_RCH, OCT_TM, PHASE, PH_DISCARD, PH_MAIN, PH_OVER, PH_PLACE,
                   PH_SEL, PH_SHIP, PH_TARGET, SALT, SEL, SELN, SEL_AV, SEL_AVM, SEL_SUF, SEL_SUM, SHARED,
                   SHIPPED, SHIP_N, SIZE, SRC, SRCO, SRCT, TGT, TURNS, Tables, _after_action,
                   _begin_selection, _blocked, _complete_check, _counts_hand, _deal, _end_of_turn, _low_index,
                   _oct_at, _place_ok, _push, _reach_w, _refresh, _seat, _select_add, _start_turn, _take_min,
                   _total, _types_of_values, _winners, init_state, score_detail, sm_below, sm_state, tables,
                   winners_mask)

# ---------------------------------------------------------------- legal actions
@numba.njit(cache=True, inline="always")
def _has_target(S, types, src, src_rel, v, cnt, out, collect):
    """Count (and optionally list as TARGET ids in out) octopuses giving arms totalling v."""
    n = S[NP_]
    k = 0
    for rel in range(n):
        if src_rel != 0 and rel != 0:
            continue
        owner = _seat(S[CUR], rel, n)
        for slot in range(S[FIELD_N + owner]):
            h = S[FIELD + owner * FIELD_CAP + slot]
            if h == src:
                continue
            if rel != 0 and _blocked(S, h):
                continue
            if (S[OCT_RCH + h] >> v) & 1:
                if collect:
                    out[k] = A_TARGET + rel * MAXF + slot
                k += 1
                if not collect:
                    return k
    return k


@numba.njit(cache=True, inline="always")
def _reach_cards(S, vals, base, n):
    r = 1
    for i in range(n):
        r = (r | (r << vals[S[base + i]])) & 0x1FF
    return r


@numba.njit(cache=True)
def legal_actions(S, vals, types, out, W):
    """Write the legal actions (ascending) into out; return how many. W: int64 work space (>= 160)."""
    ph = S[PHASE]
    p = S[CUR]
    n = S[NP_]
    k = 0
    if ph == PH_PLACE:
        for s in range(3):
            if _place_ok(S, vals, S[DRAWN], s):
                out[k] = A_PLACE + s
                k += 1
        return k
    if ph == PH_MAIN:
        dk = S[ADECK_N]
        dc = S[DISC_N]
        if dk >= 2:
            out[k] = A_DRAW
            k += 1
        if dk >= 1 and dc >= 1:
            out[k] = A_DRAW + 1
            k += 1
        if dc >= 2:
            out[k] = A_DRAW + 2
            k += 1
        if dk + dc == 1:
            out[k] = A_DRAW + (3 if dk == 1 else 4)
            k += 1
        if S[EXTRA]:
            out[k] = A_STOP
            k += 1
        hb = HAND + p * HAND_CAP
        hn = S[HAND_N + p]
        minv = 99
        reach = 1
        for i in range(hn):
            v = vals[S[hb + i]]
            minv = min(minv, v)
            reach = (reach | (reach << v)) & 0x1FF
        for s in range(3):
            h = S[SHARED + s]
            if h >= 0 and minv <= 8 - _total(S, vals, h):
                out[k] = A_ATTACH + s
                k += 1
        fb = FIELD + p * FIELD_CAP
        fn = S[FIELD_N + p]
        rt = _types_of_values(reach)
        for slot in range(fn):  # action 3: arm types of the octopus whose value the hand can pay
            cand = S[OCT_TM + S[fb + slot]] & rt
            while cand:
                low = cand & -cand
                out[k] = A_XHAND + slot * NT + _low_index(low)
                k += 1
                cand ^= low
        # action 4: value v is payable by an own octopus other than the source (own_or / own2: at
        # least one / two own octopuses reach v) or, for an own source, by an unblocked other one
        own_or = 0
        own2 = 0
        for slot in range(fn):
            r = S[OCT_RCH + S[fb + slot]]
            own2 |= own_or & r
            own_or |= r
        oth_or = 0
        for rel in range(1, n):
            owner = _seat(p, rel, n)
            for slot in range(S[FIELD_N + owner]):
                h = S[FIELD + owner * FIELD_CAP + slot]
                if S[OCT_BLK + h] == 0:
                    oth_or |= S[OCT_RCH + h]
        if own_or > 1 or oth_or > 1:
            base_ok = oth_or | own2
            for slot in range(fn):
                h = S[fb + slot]
                ok = base_ok | (own_or & ~S[OCT_RCH + h])
                cand = S[OCT_TM + h] & _types_of_values(ok)
                while cand:
                    low = cand & -cand
                    out[k] = A_XFIELD + slot * NT + _low_index(low)
                    k += 1
                    cand ^= low
            to = _types_of_values(own_or)
            if to:
                for rel in range(1, n):
                    owner = _seat(p, rel, n)
                    for slot in range(S[FIELD_N + owner]):
                        h = S[FIELD + owner * FIELD_CAP + slot]
                        if S[OCT_BLK + h]:
                            continue
                        cand = S[OCT_TM + h] & to
                        while cand:
                            low = cand & -cand
                            out[k] = A_XFIELD + (rel * MAXF + slot) * NT + _low_index(low)
                            k += 1
                            cand ^= low
        if k == 0 and S[EXTRA] == 0:
            out[k] = A_PASS
            k += 1
        return k
    CNT = 96  # W[96:120]: type counts
    if ph == PH_TARGET:
        return _has_target(S, types, S[SRC], S[SRCO], S[NEED], W, out, True)
    if ph == PH_SEL:
        last = S[SEL + S[SELN] - 1] if S[SELN] > 0 else 0
        avail = S[SEL_AVM] & (-1 << last)  # types still available, not below the last one chosen
        if S[MODE] == 0:
            cap = 8 - _total(S, vals, S[SHARED + S[SRC]]) - S[SEL_SUM]
            cand = avail & _types_of_values((1 << (cap + 1)) - 2)
            while cand:
                low = cand & -cand
                out[k] = A_ADD + _low_index(low)
                k += 1
                cand ^= low
            if S[SELN] > 0:
                out[k] = A_DONE
                k += 1
            return k
        need = S[NEED] - S[SEL_SUM]
        if need == 0:
            out[0] = A_DONE
            return 1
        cand = avail & _types_of_values((1 << (need + 1)) - 2)
        while cand:
            low = cand & -cand
            cand ^= low
            t = _low_index(low)
            v = t % 8 + 1
            if v != need:
                # the rest (need - v) must be payable by the cards left: types above t (their
                # reach is unchanged since the selection began) and the other cards of type t
                r = S[SEL_SUF + t + 1]
                for _ in range(S[SEL_AV + t] - 1):
                    r = (r | (r << v)) & 0x1FF
                if not (r >> (need - v)) & 1:
                    continue
            out[k] = A_ADD + t
            k += 1
        return k
    if ph == PH_SHIP:
        for i in range(S[FIELD_N + p]):
            out[k] = A_SHIP + i
            k += 1
        return k
    if ph == PH_DISCARD:
        _counts_hand(S, types, p, W, CNT)
        for t in range(NT):
            if W[CNT + t] > 0:
                out[k] = A_DISCARD + t
                k += 1
        return k
    return 0



# ---------------------------------------------------------------- apply
@numba.njit(cache=True, inline="always")
def _execute_selection(S, vals, types):
    p = S[CUR]
    hb = HAND + p * HAND_CAP
    hn = HAND_N + p
    mode = S[MODE]
    if mode == 0:
        h = S[SHARED + S[SRC]]
        for i in range(S[SELN]):
            c = _take_min(S, hb, hn, types, S[SEL + i])
            _push(S, OCT_ARMS + h * 8, OCT_N + h, c)
        _refresh(S, vals, types, h)
        _complete_check(S, vals, S[SRC])
    elif mode == 1:
        h = S[SRC]
        m = S[SELN]
        for i in range(m):  # the given cards wait in the selection slots
            S[SEL + i] = _take_min(S, hb, hn, types, S[SEL + i])
        c = _take_min(S, OCT_ARMS + h * 8, OCT_N + h, types, S[SRCT])
        _push(S, hb, hn, c)
        for i in range(m):
            _push(S, OCT_ARMS + h * 8, OCT_N + h, S[SEL + i])
        _refresh(S, vals, types, h)
    else:
        a = S[SRC]
        b = S[TGT]
        m = S[SELN]
        for i in range(m):
            S[SEL + i] = _take_min(S, OCT_ARMS + b * 8, OCT_N + b, types, S[SEL + i])
        c = _take_min(S, OCT_ARMS + a * 8, OCT_N + a, types, S[SRCT])
        _push(S, OCT_ARMS + b * 8, OCT_N + b, c)
        for i in range(m):
            _push(S, OCT_ARMS + a * 8, OCT_N + a, S[SEL + i])
        _refresh(S, vals, types, a)
        _refresh(S, vals, types, b)
    S[SELN] = 0
    S[TGT] = -1
    S[SRC] = -1


@numba.njit(cache=True)
def apply_action(S, vals, types, a):
    """Apply a legal action (no legality check: callers pick from legal_actions)."""
    p = S[CUR]
    ph = S[PHASE]
    S[DECS] += 1
    if ph == PH_PLACE:
        s = a - A_PLACE
        h = S[SHARED + s]
        _push(S, OCT_ARMS + h * 8, OCT_N + h, S[DRAWN])
        _refresh(S, vals, types, h)
        S[DRAWN] = -1
        _complete_check(S, vals, s)
        S[PHASE] = PH_MAIN
        S[EXTRA] = 0
    elif ph == PH_MAIN:
        if a == A_PASS:
            S[ACNT + 4] += 1
            _end_of_turn(S, vals)
            return
        if a == A_STOP:
            _end_of_turn(S, vals)
            return
        if S[EXTRA]:
            S[BABIES + p] -= 1
            S[ACNT + 5] += 1
        hb = HAND + p * HAND_CAP
        if a < A_PASS:
            S[ACNT + 0] += 1
            kind = a - A_DRAW
            # DD, DX, XX, D, X
            for step in range(2):
                src = -1  # 0 deck, 1 discard
                if kind == 0:
                    src = 0
                elif kind == 1:
                    src = step
                elif kind == 2:
                    src = 1
                elif kind == 3 and step == 0:
                    src = 0
                elif kind == 4 and step == 0:
                    src = 1
                if src == 0:
                    S[ADECK_N] -= 1
                    _push(S, hb, HAND_N + p, S[ADECK + S[ADECK_N]])
                elif src == 1:
                    S[DISC_N] -= 1
                    _push(S, hb, HAND_N + p, S[DISC + S[DISC_N]])
            _after_action(S, vals)
            return
        S[SELN] = 0
        if a < A_XHAND:
            S[ACNT + 1] += 1
            S[MODE] = 0
            S[SRC] = a - A_ATTACH
            S[PHASE] = PH_SEL
            _begin_selection(S, types)
        elif a < A_XFIELD:
            S[ACNT + 2] += 1
            slot = (a - A_XHAND) // NT
            t = (a - A_XHAND) % NT
            S[MODE] = 1
            S[SRC] = S[FIELD + p * FIELD_CAP + slot]
            S[SRCT] = t
            S[SRCO] = 0
            S[NEED] = t % 8 + 1
            S[PHASE] = PH_SEL
            _begin_selection(S, types)
        else:
            S[ACNT + 3] += 1
            kk = (a - A_XFIELD) // NT
            t = (a - A_XFIELD) % NT
            rel = kk // MAXF
            slot = kk % MAXF
            S[MODE] = 2
            S[SRC] = _oct_at(S, rel, slot)
            S[SRCT] = t
            S[SRCO] = rel
            S[NEED] = t % 8 + 1
            S[PHASE] = PH_TARGET
    elif ph == PH_TARGET:
        rel = (a - A_TARGET) // MAXF
        slot = (a - A_TARGET) % MAXF
        S[TGT] = _oct_at(S, rel, slot)
        S[PHASE] = PH_SEL
        S[SELN] = 0
        _begin_selection(S, types)
    elif ph == PH_SEL:
        if a == A_DONE:
            _execute_selection(S, vals, types)
            _after_action(S, vals)
        else:
            _select_add(S, a - A_ADD)
    elif ph == PH_SHIP:
        i = a - A_SHIP
        fb = FIELD + p * FIELD_CAP
        h = S[fb + i]
        m = S[FIELD_N + p]
        for j in range(i, m - 1):  # keep the field's order (slots are positional)
            S[fb + j] = S[fb + j + 1]
        S[FIELD_N + p] = m - 1
        _push(S, SHIPPED + p * 30, SHIP_N + p, h)
        _end_of_turn(S, vals)
    elif ph == PH_DISCARD:
        c = _take_min(S, HAND + p * HAND_CAP, HAND_N + p, types, a - A_DISCARD)
        _push(S, DISC, DISC_N, c)
        _end_of_turn(S, vals)



# ---------------------------------------------------------------- playouts
@numba.njit(cache=True)
def builder_choice(S, vals, types, buf, k, st, W):
    """The 'builder' rollout policy: complete a shared octopus whenever the turn draw or the hand can
    (preferring arms of the head's colour), otherwise draw (main action) or stop (extra action);
    anything else at random. Twin: players.builder_choice_py."""
    ph = S[PHASE]
    p = S[CUR]
    if ph == PH_PLACE:
        for i in range(k):
            h = S[SHARED + buf[i] - A_PLACE]
            if _total(S, vals, h) + vals[S[DRAWN]] == 8:
                return buf[i]
        return buf[sm_below(st, k)]
    if ph == PH_MAIN:
        reach = _reach_cards(S, vals, HAND + p * HAND_CAP, S[HAND_N + p])
        for i in range(k):
            a = buf[i]
            if A_ATTACH <= a < A_XHAND:
                cap = 8 - _total(S, vals, S[SHARED + a - A_ATTACH])
                if (reach >> cap) & 1:
                    return a
        if S[EXTRA]:
            return A_STOP
        if buf[0] < A_PASS:
            return buf[0]
        return buf[sm_below(st, k)]
    if ph == PH_SEL and S[MODE] == 0:
        h = S[SHARED + S[SRC]]
        left = 8 - _total(S, vals, h) - S[SEL_SUM]
        if left == 0 and buf[k - 1] == A_DONE:
            return A_DONE
        best = -1
        for i in range(k):
            a = buf[i]
            if a >= A_DONE:
                continue
            t = a - A_ADD
            v = t % 8 + 1
            S[SEL_AV + t] -= 1  # the hand minus the selection minus this card
            ok = v == left or (v < left and (_reach_w(S, SEL_AV, t) >> (left - v)) & 1)
            S[SEL_AV + t] += 1
            if ok:
                if t // 8 == h // 10:
                    return a
                if best < 0:
                    best = a
        if best >= 0:
            return best
        return buf[sm_below(st, k)]
    return buf[sm_below(st, k)]


@numba.njit(cache=True)
def _play(S, vals, types, st, policy, log, logn, buf, W):
    """The playout loop, with the caller's buffers (buf: NUM_ACTIONS, W: 160 int64)."""
    d = 0
    nlog = log.shape[0]
    while S[PHASE] != PH_OVER:
        k = legal_actions(S, vals, types, buf, W)
        if policy[S[CUR]] == 1:
            a = builder_choice(S, vals, types, buf, k, st, W)
        else:
            a = buf[sm_below(st, k)]
        if d < nlog:
            log[d, 0] = a
            log[d, 1] = k
        apply_action(S, vals, types, a)
        d += 1
    logn[0] = min(d, nlog)
    return d


@numba.njit(cache=True)
def playout(S, vals, types, st, policy, log, logn):
    """Play S to the end. policy[p]: 0 random, 1 builder. Logs (action, number of legal actions) if
    log has room. Returns the number of decisions made."""
    buf = np.empty(NUM_ACTIONS, dtype=np.int64)
    W = np.zeros(160, dtype=np.int64)
    return _play(S, vals, types, st, policy, log, logn, buf, W)


@numba.njit(cache=True)
def run_games(n, heads, opts, vals, types, seeds, scores, made, arms, wins, turns, decisions, acts, pol):
    """Games for each seed (policy per seat: 0 random, 1 builder); fills the per-game result arrays."""
    S = np.zeros(SIZE, dtype=np.int64)
    det = np.zeros(3, dtype=np.int64)
    keys = np.zeros((4, 3), dtype=np.int64)
    log = np.zeros((0, 2), dtype=np.int64)
    logn = np.zeros(1, dtype=np.int64)
    st = np.zeros(1, dtype=np.uint64)
    buf = np.empty(NUM_ACTIONS, dtype=np.int64)
    W = np.zeros(160, dtype=np.int64)
    for g in range(seeds.shape[0]):
        st[0] = np.uint64(seeds[g])
        _deal(S, n, heads, st, opts)
        _start_turn(S, vals)
        st[0] = np.uint64(seeds[g]) ^ np.uint64(SALT)
        decisions[g] = _play(S, vals, types, st, pol, log, logn, buf, W)
        for p in range(n):
            score_detail(S, p, det)
            scores[g, p] = det[0]
            made[g, p] = det[1]
            arms[g, p] = det[2]
            for j in range(3):
                keys[p, j] = det[j]
        wins[g] = _winners(n, keys)
        turns[g] = S[TURNS]
        for c in range(NCAT):
            acts[g, c] = S[ACNT + c]



# ---------------------------------------------------------------- Python-facing wrappers
def new_state(tables: Tables, seed: int) -> np.ndarray:
    """The flat state of the deal ``seed`` (as ``Oct8State.new``), the first turn started."""
    S = np.zeros(SIZE, dtype=np.int64)
    init_state(S, tables.n, tables.heads, np.uint64(int(seed) & D.MASK64), tables.opts)
    _start_turn(S, tables.vals)
    return S


def play_logged(tables: Tables, seed: int, max_log: int = 20000, policy=(0, 0, 0, 0)):
    """(final flat state, log[(action, number of legal actions)]) of the game ``seed``."""
    S = new_state(tables, seed)
    st = sm_state(int(seed) ^ SALT)
    log = np.zeros((max_log, 2), dtype=np.int64)
    logn = np.zeros(1, dtype=np.int64)
    playout(S, tables.vals, tables.types, st, np.array(policy, dtype=np.int64), log, logn)
    return S, log[: logn[0]]


POLICIES = {"random": 0, "builder": 1}


def simulate_random(cfg, seeds, policy=("random",) * 4) -> dict:
    """Games played by numba policies (random / builder) for the given seeds; per-game numpy arrays."""
    tb = tables(cfg)
    seeds = np.asarray(seeds, dtype=np.uint64)
    g, n = len(seeds), cfg.players
    out = dict(scores=np.zeros((g, n), np.int64), made=np.zeros((g, n), np.int64),
               arms=np.zeros((g, n), np.int64), wins=np.zeros(g, np.int64), turns=np.zeros(g, np.int64),
               decisions=np.zeros(g, np.int64), acts=np.zeros((g, NCAT), np.int64))
    run_games(n, tb.heads, tb.opts, tb.vals, tb.types, seeds, out["scores"], out["made"], out["arms"], out["wins"],
              out["turns"], out["decisions"], out["acts"],
              np.array([POLICIES[x] for x in policy] + [0] * (4 - len(policy)), dtype=np.int64))
    return out


@numba.njit(cache=True)
def rollout_returns(S, vals, types, seed, policy):
    st = np.zeros(1, dtype=np.uint64)
    st[0] = np.uint64(seed)
    log = np.zeros((0, 2), dtype=np.int64)
    logn = np.zeros(1, dtype=np.int64)
    playout(S, vals, types, st, policy, log, logn)
    return winners_mask(S)


# ---------------------------------------------------------------- every kernel and its twin
def _t(name, kernel, wrap, twin, examples, note=""):
    return Twin(name, partial(wrap, kernel), twin, examples, note=note)


_V, _S = T.value_of, T.state_after
TWINS = (
    _t("sm_next", F.sm_next, _V, T.tw_sm_next, T.ex_sm_next, "SplitMix64 in Python integers"),
    _t("sm_below", F.sm_below, _V, T.tw_sm_below, T.ex_sm),
    _t("_refresh", F._refresh, T.k_caches, T.tw_refresh, T.ex_octopus, "subset sums by itertools"),
    _t("refresh_all", F.refresh_all, T.k_caches, T.tw_refresh_all, T.ex_positions),
    _t("_total", F._total, _V, T.tw_total, T.ex_octopus_total),
    _t("_blocked", F._blocked, _V, T.tw_blocked, T.ex_octopus_blocked),
    _t("_counts_hand", F._counts_hand, T.k_counts_hand, T.tw_counts_hand, T.ex_counts_hand),
    _t("reach", SW.reach, _V, T.tw_reach, T.ex_counts, "subset sums by itertools"),
    _t("_reach_w", F._reach_w, _V, T.tw_reach_w, T.ex_reach_w, "subset sums by itertools"),
    _t("_low_index", F._low_index, _V, T.tw_low_index, T.ex_low, "int.bit_length, not a de Bruijn table"),
    _t("_types_of_values", F._types_of_values, _V, T.tw_types_of_values, T.ex_masks),
    _t("_take_min", F._take_min, T.k_take_min, T.tw_take_min, T.ex_take),
    _t("_push", F._push, T.k_push, T.tw_push, T.ex_push),
    _t("_seat", F._seat, _V, T.tw_seat, T.ex_seat, "the modulo the kernel avoids"),
    _t("_oct_at", F._oct_at, _V, T.tw_oct_at, T.ex_oct_at),
    _t("init_state", F.init_state, T.k_init_state, T.tw_new, T.ex_seeds, "Oct8State.new (then the first turn)"),
    _t("_deal", F._deal, T.k_deal, T.tw_new, T.ex_seeds, "Oct8State.new (then the first turn)"),
    _t("_place_ok", F._place_ok, _V, T.tw_place_ok, T.ex_place),
    _t("_start_turn", F._start_turn, _S, T.tw_start_turn, T.ex_vals),
    _t("_complete_check", F._complete_check, _S, T.tw_complete_check, T.ex_complete),
    _t("_end_of_turn", F._end_of_turn, _S, T.tw_end_of_turn, T.ex_vals),
    _t("_after_action", F._after_action, _S, T.tw_after_action, T.ex_vals),
    _t("score_detail", F.score_detail, partial(T.out_of, size=3), T.tw_score_detail_out, T.ex_players),
    _t("winners_mask", F.winners_mask, _V, T.tw_winners_mask, T.ex_states),
    _t("_winners", F._winners, _V, T.tw_winners, T.ex_keys, "max over tuples"),
    _t("_begin_selection", F._begin_selection, T.k_begin, T.tw_begin, T.ex_sel),
    _t("_select_add", F._select_add, T.k_select_add, T.tw_select_add, T.ex_select_add),
    _t("sync_selection", F.sync_selection, T.k_sync, T.tw_sync, T.ex_sel),
    _t("_has_target", _has_target, TP.k_has_target, TP.tw_has_target, TP.ex_targets),
    _t("_reach_cards", _reach_cards, _V, TP.tw_reach_cards, TP.ex_reach_cards, "subset sums by itertools"),
    _t("legal_actions", legal_actions, TP.k_legal, TP.tw_legal, TP.ex_legal, "Oct8State.legal_actions"),
    _t("_execute_selection", _execute_selection, TP.k_execute, TP.tw_execute, TP.ex_execute),
    _t("apply_action", apply_action, _S, TP.tw_apply, TP.ex_apply, "Oct8State.apply_action"),
    _t("builder_choice", builder_choice, TP.k_builder, TP.tw_builder, TP.ex_builder),
    _t("_play", _play, TP.k_play, TP.tw_playout, TP.ex_playouts, "the Python engine, same SplitMix64 calls"),
    _t("playout", playout, TP.k_playout, TP.tw_playout, TP.ex_playouts, "the Python engine"),
    _t("run_games", run_games, TP.k_run_games, TP.tw_run_games, TP.ex_run_games, "the Python engine"),
    _t("rollout_returns", rollout_returns, TP.k_rollout, TP.tw_rollout, TP.ex_rollout, "the Python engine"),
    _t("_oct_blocked_counts", SW._oct_blocked_counts, _V, TP.tw_blocked_counts, TP.ex_blocked_counts),
    _t("_emit_multisets", SW._emit_multisets, TP.k_multisets, TP.tw_multisets, TP.ex_multisets, "itertools"),
    _t("enumerate_swaps", SW.enumerate_swaps, TP.k_swaps, TP.tw_swaps, TP.ex_swaps, "itertools"),
)


