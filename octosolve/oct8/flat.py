"""The flat Oct8 state of the numba engine: its layout (one int64 array), the low-level kernels that
read and update it (SplitMix64, cached octopus totals and subset-sum masks, card lists), the deal,
the turn flow, scoring, and the conversions to and from the Python engine's ``Oct8State``.

The engine's decisions (legal actions, applying one, playouts) are in :mod:`octosolve.oct8.kernels`,
whose ``TWINS`` table lists every kernel of this module with its pure-Python twin.
"""

from __future__ import annotations

import numba
import numpy as np

from . import deck as D

__all__ = ["Tables", "tables", "from_python", "to_python", "SIZE", "init_state", "score_detail", "winners_mask",
           "sync_selection", "refresh_all", "sm_state"]


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
BCAP = 19  # rule option: the most baby chips a player holds (2, or 30 for "each")
SHARED = 20  # 3
BONUS = 23  # rule option: colour bonus 0 = whole octopus, 1 = each arm
COLH = 24  # 4
BABIES = 28  # 4
HAND_N = 32  # 4
FIELD_N = 36  # 4
SHIP_N = 40  # 4
OCT_N = 44  # 30: number of arm cards on octopus h
ACNT = 74  # 6 action categories
SEL = 80  # 8
HAND = 88  # 4 x 80
HAND_CAP = 80  # a hand can grow past 32 cards with many baby chips (rule option "each")
FIELD = HAND + 4 * HAND_CAP  # 4 x 8
FIELD_CAP = 8
SHIPPED = FIELD + 4 * FIELD_CAP  # 4 x 30
OCT_ARMS = SHIPPED + 4 * 30  # 30 x 8
ADECK = OCT_ARMS + 30 * 8  
HDECK = ADECK + 78  
DISC = HDECK + 30  
OCT_TOT = DISC + 78  # per head, cached arm total / subset-sum reach mask / blocked / type mask
OCT_RCH = OCT_TOT + 30
OCT_BLK = OCT_RCH + 30
OCT_TM = OCT_BLK + 30
# the selection being made (phase SEL), kept up to date by apply_action instead of recounted at each
# decision: counts of each type still available (source cards minus the cards chosen so far), their
# type mask, the arm total chosen so far, and the suffix reach masks of the counts at the start
SEL_AV = OCT_TM + 30  # 24
SEL_SUF = SEL_AV + D.NUM_TYPES  # 25: SEL_SUF + t: arm totals reachable with types >= t
SEL_SUM = SEL_SUF + D.NUM_TYPES + 1
SEL_AVM = SEL_SUM + 1
SIZE = SEL_AVM + 1

NT = 24
A_PLACE, A_DRAW, A_PASS, A_STOP, A_ATTACH = D.A_PLACE, D.A_DRAW, D.A_PASS, D.A_STOP, D.A_ATTACH
A_XHAND, A_XFIELD, A_TARGET, A_ADD, A_DONE = D.A_XHAND, D.A_XFIELD, D.A_TARGET, D.A_ADD, D.A_DONE
A_SHIP, A_DISCARD, NUM_ACTIONS = D.A_SHIP, D.A_DISCARD, D.NUM_ACTIONS
MAXF = D.MAX_FIELD
PH_PLACE, PH_MAIN, PH_TARGET, PH_SEL, PH_SHIP, PH_DISCARD, PH_OVER = range(7)
SALT = D.PLAYOUT_SALT
NCAT = len(D.CATEGORIES)

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
    return np.array([int(seed) & D.MASK64], dtype=np.uint64)


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
def _counts_hand(S, types, p, W, base):
    for t in range(NT):
        W[base + t] = 0
    for i in range(S[HAND_N + p]):
        W[base + types[S[HAND + p * HAND_CAP + i]]] += 1


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
def init_state(S, n, heads, seed, opts):
    """Deal a new game into S (same SplitMix64 shuffle as rules.deal); opts = (baby cap, bonus)."""
    st = np.zeros(1, dtype=np.uint64)
    st[0] = np.uint64(seed)
    _deal(S, n, heads, st, opts)


@numba.njit(cache=True)
def _deal(S, n, heads, st, opts):
    """init_state with the generator st (seeded by the caller); shuffles in place in S."""
    for i in range(SIZE):
        S[i] = 0
    S[BCAP] = opts[0]
    S[BONUS] = opts[1]
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


@numba.njit(cache=True, inline="always")
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
        if S[BABIES + p] < S[BCAP]:
            S[BABIES + p] += 1


@numba.njit(cache=True, inline="always")
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


@numba.njit(cache=True, inline="always")
def _after_action(S, vals):
    if S[BABIES + S[CUR]] == 0:
        _end_of_turn(S, vals)
    else:
        S[PHASE] = PH_MAIN
        S[EXTRA] = 1



# ---------------------------------------------------------------- scoring
@numba.njit(cache=True)
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
            if k == 1 and hc == col and (S[BONUS] == 1 or m == S[OCT_N + h]):
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


@numba.njit(cache=True)
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



# ---------------------------------------------------------------- selection bookkeeping
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


@numba.njit(cache=True)
def sync_selection(S, types):
    """Rebuild the selection bookkeeping of a state in phase SEL from MODE, SRC/TGT and SEL."""
    n = S[SELN]
    S[SELN] = 0
    _begin_selection(S, types)
    for i in range(n):
        _select_add(S, S[SEL + i])


# ---------------------------------------------------------------- Python side
class Tables:
    """Per-configuration numpy tables for the kernels."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.n = cfg.players
        self.vals = np.array(cfg.values, dtype=np.int64)
        self.types = np.array(cfg.types, dtype=np.int64)
        self.heads = np.array(cfg.heads, dtype=np.int64)
        self.opts = np.array([cfg.baby_cap, int(cfg.colour_bonus == "arm")], dtype=np.int64)


def tables(cfg) -> Tables:
    """The kernels' tables of ``cfg`` (made once, kept on the configuration object)."""
    tb = cfg.__dict__.get("_tables")
    if tb is None:
        tb = cfg.__dict__["_tables"] = Tables(cfg)
    return tb


def from_python(st) -> np.ndarray:
    """The flat array of a Python state (for numba rollouts from any position)."""
    S = np.zeros(SIZE, dtype=np.int64)
    n = st.n
    S[NP_] = n
    S[BCAP] = st.cfg.baby_cap
    S[BONUS] = int(st.cfg.colour_bonus == "arm")
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
    tb = tables(st.cfg)
    refresh_all(S, tb.vals, tb.types)
    S[ACNT:ACNT + NCAT] = st.action_counts
    if st.phase == PH_SEL:
        sync_selection(S, tb.types)
    return S




def to_python(S, cfg):
    """The Python engine's ``Oct8State`` of a flat state (the inverse of :func:`from_python`; the
    history is not kept in the flat state and comes back empty)."""
    from .rules import Oct8State

    st = Oct8State(cfg)
    n = int(S[NP_])
    g = lambda i: int(S[i])  # noqa: E731
    lst = lambda base, k: [int(x) for x in S[base:base + k]]  # noqa: E731
    st.cur, st.phase, st.extra, st.drawn = g(CUR), g(PHASE), bool(S[EXTRA]), g(DRAWN)
    st.mode, st.src, st.src_type, st.src_owner = g(MODE), g(SRC), g(SRCT), g(SRCO)
    st.need, st.tgt, st.sel = g(NEED), g(TGT), lst(SEL, g(SELN))
    st.triggered, st.remaining, st.turns, st.decisions = bool(S[TRIG]), g(REM), g(TURNS), g(DECS)
    st.arm_deck, st.head_deck = lst(ADECK, g(ADECK_N)), lst(HDECK, g(HDECK_N))
    st.discard, st.shared = lst(DISC, g(DISC_N)), lst(SHARED, 3)
    st.colour_head = lst(COLH, n)
    st.babies = lst(BABIES, n)
    st.hands = [lst(HAND + p * HAND_CAP, g(HAND_N + p)) for p in range(n)]
    st.fields = [lst(FIELD + p * FIELD_CAP, g(FIELD_N + p)) for p in range(n)]
    st.shipped = [lst(SHIPPED + p * 30, g(SHIP_N + p)) for p in range(n)]
    heads = [h for h in st.shared if h >= 0] + [h for f in st.fields + st.shipped for h in f]
    st.arms = {h: lst(OCT_ARMS + h * 8, g(OCT_N + h)) for h in heads}
    st.action_counts = lst(ACNT, NCAT)
    st.history = []
    return st
