"""Oct8 numba kernels: a full playout engine (the same rules and the same action table as
``rules.py``, on one flat int64 array) and the swap enumeration of actions 3 and 4.

Pure-Python twins: the playout's twin is ``rules.Oct8State`` + ``rules.random_playout`` (same SplitMix64
seeds give the same game; the tests replay the numba action log through the Python engine); the swap
kernel's twin is :func:`enumerate_swaps_py` (itertools).
"""

from __future__ import annotations

import itertools

import numba
import numpy as np

from . import rules as R

NUM_TYPES_ = R.NUM_TYPES

# ---------------------------------------------------------------- flat state layout
NP_ = 0
CUR = 1
PHASE = 2
EXTRA = 3
DRAWN = 4
MODE = 5
SRC = 6
SRCT = 7
SRCO = 8
NEED = 9
TGT = 10
SELN = 11
TRIG = 12
REM = 13
TURNS = 14
DECS = 15
ADECK_N = 16
HDECK_N = 17
DISC_N = 18
SHARED = 20  # 3
COLH = 24  # 4
BABIES = 28  # 4
HAND_N = 32  # 4
FIELD_N = 36  # 4
SHIP_N = 40  # 4
OCT_N = 44  # 30: number of arm cards on octopus h
ACNT = 74  # 6 action categories
SEL = 80  # 8
HAND = 88  # 4 x 32
HAND_CAP = 32
FIELD = HAND + 4 * HAND_CAP  # 216, 4 x 8
FIELD_CAP = 8
SHIPPED = FIELD + 4 * FIELD_CAP  # 248, 4 x 30
OCT_ARMS = SHIPPED + 4 * 30  # 368, 30 x 8
ADECK = OCT_ARMS + 30 * 8  # 608
HDECK = ADECK + 78  # 686
DISC = HDECK + 30  # 716
OCT_TOT = DISC + 78  # 794: per head, cached arm total / subset-sum reach mask / blocked / type mask
OCT_RCH = OCT_TOT + 30
OCT_BLK = OCT_RCH + 30
OCT_TM = OCT_BLK + 30
# the selection being made (phase SEL), kept up to date by apply_action instead of recounted at each
# decision: counts of each type still available (source cards minus the cards chosen so far), their
# type mask, the arm total chosen so far, and the suffix reach masks of the counts at the start
SEL_AV = OCT_TM + 30  # 24
SEL_SUF = SEL_AV + NUM_TYPES_  # 25: SEL_SUF + t: arm totals reachable with types >= t
SEL_SUM = SEL_SUF + NUM_TYPES_ + 1
SEL_AVM = SEL_SUM + 1
SIZE = SEL_AVM + 1  # 989

NT = 24
A_PLACE, A_DRAW, A_PASS, A_STOP, A_ATTACH = R.A_PLACE, R.A_DRAW, R.A_PASS, R.A_STOP, R.A_ATTACH
A_XHAND, A_XFIELD, A_TARGET, A_ADD, A_DONE = R.A_XHAND, R.A_XFIELD, R.A_TARGET, R.A_ADD, R.A_DONE
A_SHIP, A_DISCARD, NUM_ACTIONS = R.A_SHIP, R.A_DISCARD, R.NUM_ACTIONS
MAXF = R.MAX_FIELD
PH_PLACE, PH_MAIN, PH_TARGET, PH_SEL, PH_SHIP, PH_DISCARD, PH_OVER = range(7)
SALT = R.PLAYOUT_SALT
NCAT = len(R.CATEGORIES)


# Kernels of the per-decision hot path are compiled without numba's reference-counted runtime: they
# never allocate, and with it every array argument or variable costs atomic incref/decref calls
# (measured: about half of the playout's time before this change).
# `_nrt` is a numba target option, not public API: if a numba release drops it, fall back to plain
# njit (same results, slower playouts) rather than fail.
try:
    from numba.core.cpu import CPUTargetOptions as _CPUOptions

    _HAS_NRT_OPTION = hasattr(_CPUOptions, "_nrt")
except ImportError:  # pragma: no cover - numba reorganised
    _HAS_NRT_OPTION = False
_hot = numba.njit(cache=True, _nrt=False) if _HAS_NRT_OPTION else numba.njit(cache=True)

# ---------------------------------------------------------------- SplitMix64
@numba.njit(cache=True, inline="always")
def sm_next(st):
    st[0] += np.uint64(0x9E3779B97F4A7C15)
    z = st[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@numba.njit(cache=True, inline="always")
def sm_below(st, n):
    z = sm_next(st)
    if n == 1:  # a forced decision still advances the generator (as the Python twin does)
        return np.int64(0)
    return np.int64(z % np.uint64(n))


def sm_state(seed: int) -> np.ndarray:
    return np.array([int(seed) & R.MASK64], dtype=np.uint64)


# ---------------------------------------------------------------- helpers
@numba.njit(cache=True, inline="always")
def _refresh(S, vals, types, h):
    """Recompute the cached total, reach mask, blocked flag and type mask of octopus h."""
    hc = h // 10
    t = 0
    r = 1
    b = 1
    tm = 0
    for i in range(S[OCT_N + h]):
        c = S[OCT_ARMS + h * 8 + i]
        v = vals[c]
        t += v
        r = (r | (r << v)) & 0x1FF
        if c // 26 != hc:
            b = 0
        tm |= 1 << types[c]
    S[OCT_TOT + h] = t
    S[OCT_RCH + h] = r
    S[OCT_BLK + h] = b
    S[OCT_TM + h] = tm


@numba.njit(cache=True)
def refresh_all(S, vals, types):
    for h in range(30):
        _refresh(S, vals, types, h)


@numba.njit(cache=True, inline="always")
def _total(S, vals, h):
    return S[OCT_TOT + h]


@numba.njit(cache=True, inline="always")
def _blocked(S, h):
    return S[OCT_BLK + h] != 0


@numba.njit(cache=True, inline="always")
def _counts_oct(S, types, h, W, base):
    """W[base : base + 24] = type counts of octopus h (no array views: a slice costs two atomic
    reference-count updates in numba)."""
    for t in range(NT):
        W[base + t] = 0
    for i in range(S[OCT_N + h]):
        W[base + types[S[OCT_ARMS + h * 8 + i]]] += 1


@numba.njit(cache=True, inline="always")
def _counts_hand(S, types, p, W, base):
    for t in range(NT):
        W[base + t] = 0
    for i in range(S[HAND_N + p]):
        W[base + types[S[HAND + p * HAND_CAP + i]]] += 1


@numba.njit(cache=True, inline="always")
def _reach(cnt, start):
    r = 1
    for t in range(start, NT):
        v = t % 8 + 1
        for _ in range(cnt[t]):
            r = (r | (r << v)) & 0x1FF
    return r


@numba.njit(cache=True, inline="always")
def _reach_w(W, base, start):
    """_reach of the counts W[base : base + 24]."""
    r = 1
    for t in range(start, NT):
        v = t % 8 + 1
        for _ in range(W[base + t]):
            r = (r | (r << v)) & 0x1FF
    return r


# lowest set bit -> its index (de Bruijn multiplication, 32-bit)
_DEBRUIJN = np.array([0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
                      31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9], dtype=np.int64)


@numba.njit(cache=True, inline="always")
def _low_index(low):
    """Index of the single set bit of low (0 < low < 2**32)."""
    return _DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]


@numba.njit(cache=True, inline="always")
def _types_of_values(vm):
    """Type mask (24 bits) of the arm values set in the reach mask vm (bits 1..8)."""
    m = (vm >> 1) & 0xFF
    return m | (m << 8) | (m << 16)


@numba.njit(cache=True, inline="always")
def _take_min(S, base, nidx, types, t):
    """Remove the lowest-id card of type t from the list S[base : base + S[nidx]]."""
    n = S[nidx]
    best = -1
    bi = -1
    for i in range(n):
        c = S[base + i]
        if types[c] == t and (best < 0 or c < best):
            best = c
            bi = i
    S[base + bi] = S[base + n - 1]
    S[nidx] = n - 1
    return best


@numba.njit(cache=True, inline="always")
def _push(S, base, nidx, c):
    S[base + S[nidx]] = c
    S[nidx] += 1


@numba.njit(cache=True, inline="always")
def _seat(p, rel, n):
    """(p + rel) % n for 0 <= p, rel < n, without a (slow) integer division."""
    q = p + rel
    return q - n if q >= n else q


@numba.njit(cache=True, inline="always")
def _oct_at(S, rel, slot):
    n = S[NP_]
    owner = _seat(S[CUR], rel, n)
    if slot < S[FIELD_N + owner]:
        return S[FIELD + owner * FIELD_CAP + slot]
    return -1


# ---------------------------------------------------------------- setup
@numba.njit(cache=True)
def init_state(S, n, heads, seed):
    """Deal a new game into S (same SplitMix64 shuffle as rules.deal)."""
    st = np.zeros(1, dtype=np.uint64)
    st[0] = np.uint64(seed)
    _deal(S, n, heads, st)


@_hot
def _deal(S, n, heads, st):
    """init_state with the generator st (seeded by the caller); shuffles in place in S."""
    for i in range(SIZE):
        S[i] = 0
    nh = heads.shape[0]
    for i in range(nh):
        S[HDECK + i] = heads[i]
    for i in range(nh - 1, 0, -1):
        j = sm_below(st, i + 1)
        tmp = S[HDECK + i]
        S[HDECK + i] = S[HDECK + j]
        S[HDECK + j] = tmp
    for i in range(78):
        S[ADECK + i] = i
    for i in range(77, 0, -1):
        j = sm_below(st, i + 1)
        tmp = S[ADECK + i]
        S[ADECK + i] = S[ADECK + j]
        S[ADECK + j] = tmp
    S[NP_] = n
    S[HDECK_N] = nh
    S[ADECK_N] = 78
    for p in range(n):
        S[HDECK_N] -= 1
        S[COLH + p] = S[HDECK + S[HDECK_N]]
    for s in range(3):
        S[HDECK_N] -= 1
        h = S[HDECK + S[HDECK_N]]
        S[SHARED + s] = h
        S[OCT_N + h] = 0
    for p in range(n):
        for _ in range(6):
            S[ADECK_N] -= 1
            _push(S, HAND + p * HAND_CAP, HAND_N + p, S[ADECK + S[ADECK_N]])
    S[ADECK_N] -= 1
    S[DISC] = S[ADECK + S[ADECK_N]]
    S[DISC_N] = 1
    S[CUR] = 0
    S[DRAWN] = -1
    S[TGT] = -1
    S[SRC] = -1
    for h in range(30):
        S[OCT_RCH + h] = 1
        S[OCT_BLK + h] = 1


@numba.njit(cache=True, inline="always")
def _place_ok(S, vals, card, s):
    h = S[SHARED + s]
    return h >= 0 and h // 10 != card // 26 and _total(S, vals, h) + vals[card] <= 8


@_hot
def _start_turn(S, vals):
    p = S[CUR]
    if S[ADECK_N] > 0:
        S[ADECK_N] -= 1
        card = S[ADECK + S[ADECK_N]]
        for s in range(3):
            if _place_ok(S, vals, card, s):
                S[PHASE] = PH_PLACE
                S[DRAWN] = card
                return
        _push(S, HAND + p * HAND_CAP, HAND_N + p, card)
    S[PHASE] = PH_MAIN
    S[EXTRA] = 0


@numba.njit(cache=True, inline="always")
def _complete_check(S, vals, slot):
    h = S[SHARED + slot]
    if _total(S, vals, h) == 8:
        p = S[CUR]
        _push(S, FIELD + p * FIELD_CAP, FIELD_N + p, h)
        S[SHARED + slot] = -1
        if S[BABIES + p] < 2:
            S[BABIES + p] += 1


@_hot
def _end_of_turn(S, vals):
    p = S[CUR]
    if S[FIELD_N + p] > 3:
        S[PHASE] = PH_SHIP
        return
    if S[HAND_N + p] > 8:
        S[PHASE] = PH_DISCARD
        return
    for s in range(3):
        if S[SHARED + s] < 0 and S[HDECK_N] > 0:
            S[HDECK_N] -= 1
            h = S[HDECK + S[HDECK_N]]
            S[SHARED + s] = h
            S[OCT_N + h] = 0
            S[OCT_TOT + h] = 0
            S[OCT_RCH + h] = 1
            S[OCT_BLK + h] = 1
            S[OCT_TM + h] = 0
    S[TURNS] += 1
    if S[TRIG]:
        S[REM] -= 1
        if S[REM] == 0:
            S[PHASE] = PH_OVER
            return
    elif S[ADECK_N] == 0 or S[HDECK_N] == 0:
        S[TRIG] = 1
        S[REM] = S[NP_] - 1
    S[CUR] = _seat(p, 1, S[NP_])
    _start_turn(S, vals)


@_hot
def _after_action(S, vals):
    if S[BABIES + S[CUR]] == 0:
        _end_of_turn(S, vals)
    else:
        S[PHASE] = PH_MAIN
        S[EXTRA] = 1


# ---------------------------------------------------------------- legal actions
@_hot
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


@_hot
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
def _begin_selection(S, types):
    """Set up the selection bookkeeping (SEL_*) on entering phase SEL with MODE, SRC/TGT set and no
    card chosen yet."""
    m = 0
    for t in range(NT):
        S[SEL_AV + t] = 0
    if S[MODE] == 2:
        h = S[TGT]
        for i in range(S[OCT_N + h]):
            t = types[S[OCT_ARMS + h * 8 + i]]
            S[SEL_AV + t] += 1
            m |= 1 << t
    else:
        p = S[CUR]
        hb = HAND + p * HAND_CAP
        for i in range(S[HAND_N + p]):
            t = types[S[hb + i]]
            S[SEL_AV + t] += 1
            m |= 1 << t
    S[SEL_AVM] = m
    S[SEL_SUM] = 0
    if S[MODE] != 0:
        r = 1
        S[SEL_SUF + NT] = 1
        for t in range(NT - 1, -1, -1):
            v = t % 8 + 1
            for _ in range(S[SEL_AV + t]):
                r = (r | (r << v)) & 0x1FF
            S[SEL_SUF + t] = r


@numba.njit(cache=True, inline="always")
def _select_add(S, t):
    """Choose one more card of type t for the selection."""
    S[SEL + S[SELN]] = t
    S[SELN] += 1
    c = S[SEL_AV + t] - 1
    S[SEL_AV + t] = c
    if c == 0:
        S[SEL_AVM] &= ~(1 << t)
    S[SEL_SUM] += t % 8 + 1


@_hot
def sync_selection(S, types):
    """Rebuild the selection bookkeeping of a state in phase SEL from MODE, SRC/TGT and SEL."""
    n = S[SELN]
    S[SELN] = 0
    _begin_selection(S, types)
    for i in range(n):
        _select_add(S, S[SEL + i])


@_hot
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


@_hot
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


# ---------------------------------------------------------------- scoring
@_hot
def score_detail(S, p, out):
    """out[0..2] = score, octopuses made, scoring arm cards."""
    col = S[COLH + p] // 10
    pts = 0
    arms = 0
    for k in range(2):
        m_oct = S[FIELD_N + p] if k == 0 else S[SHIP_N + p]
        for i in range(m_oct):
            h = S[FIELD + p * FIELD_CAP + i] if k == 0 else S[SHIPPED + p * 30 + i]
            hc = h // 10
            m = 0
            for j in range(S[OCT_N + h]):
                if S[OCT_ARMS + h * 8 + j] // 26 == hc:
                    m += 1
            arms += m
            if k == 1 and hc == col and m == S[OCT_N + h]:
                pts += 2 * m
            else:
                pts += m
    out[0] = pts
    out[1] = S[FIELD_N + p] + S[SHIP_N + p]
    out[2] = arms


@numba.njit(cache=True)
def winners_mask(S):
    det = np.zeros(3, dtype=np.int64)
    keys = np.zeros((4, 3), dtype=np.int64)
    n = S[NP_]
    for p in range(n):
        score_detail(S, p, det)
        for j in range(3):
            keys[p, j] = det[j]
    return _winners(n, keys)


@_hot
def _winners(n, keys):
    """Bit mask of the winners given each player's (score, octopuses made, scoring arms)."""
    best = 0
    for p in range(1, n):
        for j in range(3):
            if keys[p, j] != keys[best, j]:
                if keys[p, j] > keys[best, j]:
                    best = p
                break
    mask = 0
    for p in range(n):
        same = True
        for j in range(3):
            if keys[p, j] != keys[best, j]:
                same = False
        if same:
            mask |= 1 << p
    return mask


# ---------------------------------------------------------------- playouts
@_hot
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


@_hot
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
def run_games(n, heads, vals, types, seeds, scores, made, arms, wins, turns, decisions, acts, pol):
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
        _deal(S, n, heads, st)
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
class Tables:
    """Per-configuration numpy tables for the kernels."""

    def __init__(self, cfg: R.Config):
        self.cfg = cfg
        self.n = cfg.players
        self.vals = np.array(cfg.values, dtype=np.int64)
        self.types = np.array(cfg.types, dtype=np.int64)
        self.heads = np.array(cfg.heads, dtype=np.int64)


def new_state(tables: Tables, seed: int) -> np.ndarray:
    S = np.zeros(SIZE, dtype=np.int64)
    init_state(S, tables.n, tables.heads, np.uint64(int(seed) & R.MASK64))
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


def simulate_random(cfg: R.Config, seeds, policy=("random",) * 4) -> dict:
    """Games played by numba policies (random / builder) for the given seeds; per-game numpy arrays."""
    tb = Tables(cfg)
    seeds = np.asarray(seeds, dtype=np.uint64)
    g, n = len(seeds), cfg.players
    out = dict(scores=np.zeros((g, n), np.int64), made=np.zeros((g, n), np.int64),
               arms=np.zeros((g, n), np.int64), wins=np.zeros(g, np.int64), turns=np.zeros(g, np.int64),
               decisions=np.zeros(g, np.int64), acts=np.zeros((g, NCAT), np.int64))
    run_games(n, tb.heads, tb.vals, tb.types, seeds, out["scores"], out["made"], out["arms"], out["wins"],
              out["turns"], out["decisions"], out["acts"],
              np.array([POLICIES[x] for x in policy] + [0] * (4 - len(policy)), dtype=np.int64))
    return out


_TB: dict[int, "Tables"] = {}


def _tables_for(cfg) -> "Tables":
    tb = _TB.get(id(cfg))
    if tb is None:
        tb = _TB[id(cfg)] = Tables(cfg)
    return tb


def from_python(st: R.Oct8State) -> np.ndarray:
    """The flat array of a Python state (for numba rollouts from any position)."""
    S = np.zeros(SIZE, dtype=np.int64)
    n = st.n
    S[NP_] = n
    S[CUR] = st.cur
    S[PHASE] = st.phase
    S[EXTRA] = int(st.extra)
    S[DRAWN] = st.drawn
    S[MODE] = st.mode
    S[SRC] = st.src
    S[SRCT] = st.src_type
    S[SRCO] = st.src_owner
    S[NEED] = st.need
    S[TGT] = st.tgt
    S[SELN] = len(st.sel)
    S[SEL:SEL + len(st.sel)] = st.sel
    S[TRIG] = int(st.triggered)
    S[REM] = st.remaining
    S[TURNS] = st.turns
    S[DECS] = st.decisions
    S[ADECK_N] = len(st.arm_deck)
    S[ADECK:ADECK + len(st.arm_deck)] = st.arm_deck
    S[HDECK_N] = len(st.head_deck)
    S[HDECK:HDECK + len(st.head_deck)] = st.head_deck
    S[DISC_N] = len(st.discard)
    S[DISC:DISC + len(st.discard)] = st.discard
    S[SHARED:SHARED + 3] = st.shared
    for p in range(n):
        S[COLH + p] = st.colour_head[p]
        S[BABIES + p] = st.babies[p]
        S[HAND_N + p] = len(st.hands[p])
        S[HAND + p * HAND_CAP: HAND + p * HAND_CAP + len(st.hands[p])] = st.hands[p]
        S[FIELD_N + p] = len(st.fields[p])
        S[FIELD + p * FIELD_CAP: FIELD + p * FIELD_CAP + len(st.fields[p])] = st.fields[p]
        S[SHIP_N + p] = len(st.shipped[p])
        S[SHIPPED + p * 30: SHIPPED + p * 30 + len(st.shipped[p])] = st.shipped[p]
    for h, a in st.arms.items():
        S[OCT_N + h] = len(a)
        S[OCT_ARMS + h * 8: OCT_ARMS + h * 8 + len(a)] = a
    tb = _tables_for(st.cfg)
    refresh_all(S, tb.vals, tb.types)
    S[ACNT:ACNT + NCAT] = st.action_counts
    if st.phase == PH_SEL:
        sync_selection(S, tb.types)
    return S


@numba.njit(cache=True)
def rollout_returns(S, vals, types, seed, policy):
    st = np.zeros(1, dtype=np.uint64)
    st[0] = np.uint64(seed)
    log = np.zeros((0, 2), dtype=np.int64)
    logn = np.zeros(1, dtype=np.int64)
    playout(S, vals, types, st, policy, log, logn)
    return winners_mask(S)


# ---------------------------------------------------------------- swap enumeration (actions 3 and 4)
# A position for the swap kernel, seen by the mover: hand type counts and every field octopus as
# (owner, head colour, type counts). One exchange row: kind (3 or 4), source owner, source slot,
# source type, target owner (-1 = the mover's hand), target slot (-1), then 8 given types (-1 padded,
# non-decreasing). Owners are absolute player numbers.
SWAP_COLS = 14


@numba.njit(cache=True)
def _oct_blocked_counts(colour, cnt):
    for t in range(NT):
        if cnt[t] > 0 and t // 8 != colour:
            return False
    return True


@numba.njit(cache=True)
def _emit_multisets(cnt, v, cur, prefix, out, k):
    """Append to out every sub-multiset of cnt summing to v (columns 0..5 = prefix, 6..13 = the given
    types, non-decreasing, -1 padded); iterative depth-first search. Counts rows beyond the buffer
    without writing them (the caller retries with a bigger one). Returns the new row count."""
    if not (_reach(cnt, 0) >> v) & 1:
        return k
    depth = 0
    left = v
    t = 0
    while True:
        found = -1
        while t < NT:
            tv = t % 8 + 1
            if cnt[t] > 0 and tv <= left:
                cnt[t] -= 1
                if tv == left or (_reach(cnt, t) >> (left - tv)) & 1:
                    found = t
                    break
                cnt[t] += 1
            t += 1
        if found >= 0:
            cur[depth] = found
            depth += 1
            left -= found % 8 + 1
            if left == 0:
                if k < out.shape[0]:
                    for i in range(6):
                        out[k, i] = prefix[i]
                    for i in range(8):
                        out[k, 6 + i] = cur[i] if i < depth else -1
                k += 1
                depth -= 1
                left += found % 8 + 1
                cnt[found] += 1
                t = found + 1
            else:
                t = found
        else:
            if depth == 0:
                break
            depth -= 1
            f = cur[depth]
            left += f % 8 + 1
            cnt[f] += 1
            t = f + 1
    return k


@numba.njit(cache=True)
def enumerate_swaps(mover, n, hand, owners, colours, octs, out):
    """Every legal exchange (actions 3 and 4) of a position; returns the number of rows in out.

    hand: type counts (24) of the mover's hand; owners/colours: per field octopus its owner and head
    colour; octs: (k, 24) arm type counts. Octopuses of one owner are in slot order."""
    k = 0
    m = owners.shape[0]
    cur = np.zeros(8, dtype=np.int64)
    prefix = np.zeros(6, dtype=np.int64)
    slot = np.zeros(m, dtype=np.int64)
    seen = np.zeros(4, dtype=np.int64)
    blocked = np.zeros(m, dtype=np.bool_)
    for i in range(m):
        slot[i] = seen[owners[i]]
        seen[owners[i]] += 1
        blocked[i] = _oct_blocked_counts(colours[i], octs[i])
    hcnt = hand.copy()
    for i in range(m):  # action 3: own octopus arm <- hand cards
        if owners[i] != mover:
            continue
        for t in range(NT):
            if octs[i, t] > 0:
                prefix[0] = 3
                prefix[1] = owners[i]
                prefix[2] = slot[i]
                prefix[3] = t
                prefix[4] = -1
                prefix[5] = -1
                k = _emit_multisets(hcnt, t % 8 + 1, cur, prefix, out, k)
    for i in range(m):  # action 4: source arm of octopus i <- cards of octopus j
        if owners[i] != mover and blocked[i]:
            continue
        for t in range(NT):
            if octs[i, t] == 0:
                continue
            for j in range(m):
                if j == i:
                    continue
                if owners[i] != mover and owners[j] != mover:
                    continue
                if owners[j] != mover and blocked[j]:
                    continue
                prefix[0] = 4
                prefix[1] = owners[i]
                prefix[2] = slot[i]
                prefix[3] = t
                prefix[4] = owners[j]
                prefix[5] = slot[j]
                bc = octs[j].copy()
                k = _emit_multisets(bc, t % 8 + 1, cur, prefix, out, k)
    return k


def enumerate_swaps_py(mover, hand_types, octopuses):
    """Twin of :func:`enumerate_swaps` with itertools: ``hand_types`` is a list of card types;
    ``octopuses`` a list of (owner, head colour, [arm types]). Returns a set of row tuples."""
    rows = set()
    slots, seen = [], {}
    for owner, _, _ in octopuses:
        slots.append(seen.get(owner, 0))
        seen[owner] = seen.get(owner, 0) + 1

    def blocked(o):
        return all(t // 8 == o[1] for t in o[2])

    def subsets(cards, v):
        out = set()
        for r in range(1, len(cards) + 1):
            for comb in itertools.combinations(cards, r):
                if sum(t % 8 + 1 for t in comb) == v:
                    out.add(tuple(sorted(comb)))
        return out

    for i, o in enumerate(octopuses):
        if o[0] == mover:
            for t in set(o[2]):
                for ms in subsets(hand_types, t % 8 + 1):
                    rows.add((3, o[0], slots[i], t, -1, -1) + ms + (-1,) * (8 - len(ms)))
    for i, a in enumerate(octopuses):
        if a[0] != mover and blocked(a):
            continue
        for t in set(a[2]):
            for j, b in enumerate(octopuses):
                if j == i or (a[0] != mover and b[0] != mover) or (b[0] != mover and blocked(b)):
                    continue
                for ms in subsets(b[2], t % 8 + 1):
                    rows.add((4, a[0], slots[i], t, b[0], slots[j]) + ms + (-1,) * (8 - len(ms)))
    return rows


def swaps_of_state(st: R.Oct8State) -> np.ndarray:
    """The swap kernel on a Python state, for the player to move."""
    hand = np.zeros(NT, dtype=np.int64)
    for c in st.hands[st.cur]:
        hand[st.cfg.types[c]] += 1
    owners, colours, octs = [], [], []
    for p in range(st.n):
        for h in st.fields[p]:
            owners.append(p)
            colours.append(h // 10)
            row = np.zeros(NT, dtype=np.int64)
            for c in st.arms[h]:
                row[st.cfg.types[c]] += 1
            octs.append(row)
    return run_swaps(st.cur, st.n, hand, owners, colours, octs)


def run_swaps(mover, n, hand, owners, colours, octs) -> np.ndarray:
    m = len(owners)
    octs_a = np.array(octs, dtype=np.int64).reshape(m, NT)
    cap = 4096
    while True:
        out = np.zeros((cap, SWAP_COLS), dtype=np.int64)
        k = enumerate_swaps(int(mover), int(n), np.asarray(hand, dtype=np.int64),
                            np.array(owners, dtype=np.int64), np.array(colours, dtype=np.int64),
                            octs_a, out)
        if k <= cap:
            return out[:k]
        cap = k
