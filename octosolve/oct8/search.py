"""Oct8 tree search: information-set MCTS over whole moves (the ``mcts`` player). The tree's edges are *macros*, whole octopus actions as flat Monte Carlo's candidates
(``players.Oct8FlatMC.candidates``): draws, keeping the baby chips, attaches completing a shared
octopus, the best ``max_exchanges`` swap-kernel exchanges; turn-draw placements and shipping choices
are one-action macros; discards follow greedy's rule. The same generator gives every player's moves.

One iteration (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

1. a determinisation: the hidden cards (the arm deck's order, the other players' hands, their colours
   and the head deck) redrawn uniformly from the searcher's view (:func:`determinize`, in numba the
   redraw ``Oct8State.determinize`` makes for the player to move);
2. selection: at each node the macros of the player to move in *this* determinisation, ordered by
   a cheap prior (the immediate gain the plans compute: an attach, the arms of the octopus it
   completes + 0.5; an exchange, the mover's gain minus the opponents'; else 0); below the root,
   progressive widening lets a node visited ``N`` times consider its first
   ``1 + widen * N ** widen_power`` macros (the root all, as flat-mc); an untried one is expanded
   (highest prior first), else UCB with availability counts: ``mean + c * sqrt(ln(available) / visits)``;
3. a numba builder playout to the end from the new node (as flat Monte Carlo's);
4. every edge on the path adds the reward of the player who chose it: its win share (ties split)
   minus 1/n, plus ``margin`` x its score margin over the best opponent.

The move played is the root macro visited most; ``simulations`` iterations per decision, or as many
as fit in ``time_limit`` seconds of CPU. The tree steps the numba engine's flat array
(:mod:`octosolve.oct8.flat`); every numba kernel here has a Python twin (:mod:`.twins_search`).
"""

from __future__ import annotations

import math
import time

import numba
import numpy as np

from ..core.game import Player
from ..core.seeding import py_random
from . import flat as F
from . import swaps as SW
from .flat import (A_ADD, A_ATTACH, A_DISCARD, A_DONE, A_DRAW, A_PLACE, A_SHIP, A_STOP, A_TARGET, A_XFIELD,
                   A_XHAND, ADECK, ADECK_N, BONUS, COLH, CUR, DISC_N, DRAWN, EXTRA, FIELD, FIELD_CAP, FIELD_N,
                   HAND, HAND_CAP, HAND_N, HDECK, HDECK_N, MAXF, NP_, NT, NUM_ACTIONS, OCT_ARMS, OCT_N,
                   OCT_TOT, PHASE, PH_DISCARD, PH_MAIN, PH_OVER, PH_PLACE, PH_SHIP, SHARED, _place_ok,
                   score_detail, sm_below, sm_state)
from .kernels import _play, apply_action, builder_choice, legal_actions

__all__ = ["Oct8ISMCTS", "Buffers", "macros", "advance", "step", "play_macro", "determinize", "greedy_discard",
           "rollout_rewards", "MAX_MACRO"]

MAX_MACRO = 12  # the longest macro: exchange source, target, 8 cards, done (11 actions)
MACRO_ROWS = 512  # macros kept per decision (attaches are a few dozen at most)
SWAP_ROWS = 4096  # exchange rows read from the swap kernel (more are not considered)


# ---------------------------------------------------------------- kernels
@numba.njit(cache=True)
def _matching_arms(S, h):
    """Arms of octopus h in its head's colour."""
    hc = h // 10
    m = 0
    for i in range(S[OCT_N + h]):
        if S[OCT_ARMS + h * 8 + i] // 26 == hc:
            m += 1
    return m


@numba.njit(cache=True)
def _put1(M, L, P, k, a, prior):
    if k < M.shape[0]:
        M[k, 0] = a
        L[k] = 1
        P[k] = prior
    return k + 1


@numba.njit(cache=True)
def _main_macros(S, vals, types, max_ex, M, L, P, rows, xrows):
    """flat-mc's candidates at an octopus action (draws, stop, completing attaches, the best
    exchanges), in its order; returns how many (at most M's rows are written)."""
    p = S[CUR]
    n = S[NP_]
    cap_rows = M.shape[0]
    k = 0
    dk = S[ADECK_N]
    dc = S[DISC_N]
    if dk >= 2:
        k = _put1(M, L, P, k, A_DRAW, 0.0)
    if dk >= 1 and dc >= 1:
        k = _put1(M, L, P, k, A_DRAW + 1, 0.0)
    if dc >= 2:
        k = _put1(M, L, P, k, A_DRAW + 2, 0.0)
    if dk + dc == 1:
        k = _put1(M, L, P, k, A_DRAW + (3 if dk else 4), 0.0)
    if S[EXTRA]:
        k = _put1(M, L, P, k, A_STOP, 0.0)
    cnt = np.zeros(NT, dtype=np.int64)
    for i in range(S[HAND_N + p]):
        cnt[types[S[HAND + p * HAND_CAP + i]]] += 1
    cur = np.zeros(8, dtype=np.int64)
    prefix = np.zeros(6, dtype=np.int64)
    # attaches completing a shared octopus: every sub-multiset of the hand with the missing arm total
    for s in range(3):
        h = S[SHARED + s]
        if h < 0:
            continue
        need = 8 - S[OCT_TOT + h]
        if need <= 0:
            continue
        base = _matching_arms(S, h)
        m = min(SW._emit_multisets(cnt, need, cur, prefix, rows, 0), rows.shape[0])
        for r in range(m):
            if k < cap_rows:
                M[k, 0] = A_ATTACH + s
                j = 1
                g = base
                for i in range(8):
                    t = rows[r, 6 + i]
                    if t < 0:
                        break
                    M[k, j] = A_ADD + t
                    j += 1
                    if t // 8 == h // 10:
                        g += 1
                M[k, j] = A_DONE
                L[k] = j + 1
                P[k] = g + 0.5
            k += 1
    # exchanges (the swap kernel), those gaining the mover arms or taking arms from an opponent
    m = 0
    for q in range(n):
        m += S[FIELD_N + q]
    if m == 0:
        return k
    owners = np.empty(m, dtype=np.int64)
    colours = np.empty(m, dtype=np.int64)
    heads = np.empty(m, dtype=np.int64)
    octs = np.zeros((m, NT), dtype=np.int64)
    i = 0
    for q in range(n):
        for sl in range(S[FIELD_N + q]):
            h = S[FIELD + q * FIELD_CAP + sl]
            owners[i] = q
            colours[i] = h // 10
            heads[i] = h
            for j in range(S[OCT_N + h]):
                octs[i, types[S[OCT_ARMS + h * 8 + j]]] += 1
            i += 1
    nx = min(SW.enumerate_swaps(p, n, cnt, owners, colours, octs, xrows), xrows.shape[0])
    first = np.zeros(4, dtype=np.int64)  # index of each owner's first octopus in the arrays
    for q in range(1, n):
        first[q] = first[q - 1] + S[FIELD_N + q - 1]
    idx = np.empty(nx, dtype=np.int64)
    ka = np.empty(nx, dtype=np.int64)  # own - opponents'
    kb = np.empty(nx, dtype=np.int64)  # own
    c = 0
    for r in range(nx):
        kind = xrows[r, 0]
        so = xrows[r, 1]
        st = xrows[r, 3]
        a = heads[first[so] + xrows[r, 2]]
        ac = a // 10
        da = -1 if st // 8 == ac else 0
        for i in range(8):
            t = xrows[r, 6 + i]
            if t >= 0 and t // 8 == ac:
                da += 1
        own = 0
        opp = 0
        if kind == 3:
            own = da
        else:
            to = xrows[r, 4]
            b = heads[first[to] + xrows[r, 5]]
            bc = b // 10
            db = 1 if st // 8 == bc else 0
            for i in range(8):
                t = xrows[r, 6 + i]
                if t >= 0 and t // 8 == bc:
                    db -= 1
            if so == p:
                own += da
            else:
                opp += da
            if to == p:
                own += db
            else:
                opp += db
        if own > 0 or opp < 0:
            idx[c] = r
            ka[c] = own - opp
            kb[c] = own
            c += 1
    used = np.zeros(c, dtype=np.bool_)
    for _ in range(min(max_ex, c)):  # the best by (own - opponents', own), earliest first on ties
        best = -1
        for j in range(c):
            if not used[j] and (best < 0 or ka[j] > ka[best] or (ka[j] == ka[best] and kb[j] > kb[best])):
                best = j
        used[best] = True
        r = idx[best]
        if k < cap_rows:
            kind = xrows[r, 0]
            so = xrows[r, 1]
            ss = xrows[r, 2]
            st = xrows[r, 3]
            if kind == 3:
                M[k, 0] = A_XHAND + ss * NT + st
                j = 1
            else:
                rel_a = so - p if so >= p else so - p + n
                to = xrows[r, 4]
                rel_b = to - p if to >= p else to - p + n
                M[k, 0] = A_XFIELD + (rel_a * MAXF + ss) * NT + st
                M[k, 1] = A_TARGET + rel_b * MAXF + xrows[r, 5]
                j = 2
            for i in range(8):
                t = xrows[r, 6 + i]
                if t < 0:
                    break
                M[k, j] = A_ADD + t
                j += 1
            M[k, j] = A_DONE
            L[k] = j + 1
            P[k] = ka[best]
        k += 1
    return k


@numba.njit(cache=True)
def _octopus_points(S, h, p, shipped):
    m = _matching_arms(S, h)
    if shipped and h // 10 == S[COLH + p] // 10 and (S[BONUS] == 1 or m == S[OCT_N + h]):
        return 2 * m
    return m


@numba.njit(cache=True)
def macros(S, vals, types, max_ex, M, L, P, rows, xrows):
    """The macros of the player to move (octopus action, turn-draw placement, shipping), each an
    action sequence M[i, :L[i]] with its prior P[i]; returns how many (0 in other phases)."""
    ph = S[PHASE]
    if ph == PH_MAIN:
        return min(_main_macros(S, vals, types, max_ex, M, L, P, rows, xrows), M.shape[0])
    k = 0
    if ph == PH_PLACE:
        card = S[DRAWN]
        for s in range(3):
            if _place_ok(S, vals, card, s):
                h = S[SHARED + s]
                g = 0.0
                if S[OCT_TOT + h] + vals[card] == 8:
                    g = _matching_arms(S, h) + 0.5  # the drawn card is never the head's colour
                k = _put1(M, L, P, k, A_PLACE + s, g)
    elif ph == PH_SHIP:
        p = S[CUR]
        for i in range(S[FIELD_N + p]):
            h = S[FIELD + p * FIELD_CAP + i]
            g = _octopus_points(S, h, p, True) - _octopus_points(S, h, p, False)
            k = _put1(M, L, P, k, A_SHIP + i, g)
    return k


@numba.njit(cache=True)
def macro_keys(S, M, L, P, k, keys, order):
    """keys[i]: a hash of (player to move, macro i); order: the macros by prior, highest first
    (stable)."""
    mover = S[CUR]
    for i in range(k):
        h = np.int64(mover + 1)
        for j in range(L[i]):
            h = h * np.int64(1000003) + M[i, j] + 1
        keys[i] = h
        order[i] = i
    for i in range(1, k):  # insertion sort, stable
        x = order[i]
        j = i - 1
        while j >= 0 and P[order[j]] < P[x]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x


@numba.njit(cache=True)
def greedy_discard(S, types):
    """The discard greedy makes: an off-colour card first, the lowest arm count first (the first
    such type where greedy draws among equals)."""
    p = S[CUR]
    col = S[COLH + p] // 10
    cnt = np.zeros(NT, dtype=np.int64)
    for i in range(S[HAND_N + p]):
        cnt[types[S[HAND + p * HAND_CAP + i]]] += 1
    best = -1
    for t in range(NT):
        if cnt[t] == 0:
            continue
        if best < 0:
            best = t
            continue
        off, boff = t // 8 != col, best // 8 != col
        if (off and not boff) or (off == boff and t % 8 < best % 8):
            best = t
    return A_DISCARD + best


@numba.njit(cache=True)
def play_macro(S, vals, types, M, L, i):
    for j in range(L[i]):
        apply_action(S, vals, types, M[i, j])


@numba.njit(cache=True)
def advance(S, vals, types, st, max_ex, M, L, P, rows, xrows, keys, order, buf, W):
    """Play what is not searched (greedy's discards; a lone macro; where no macro applies, the builder
    policy's decision) until a player has two or more macros: returns how many (keys and order
    filled, :func:`macro_keys`), 0 at the end of the game."""
    while True:
        ph = S[PHASE]
        if ph == PH_OVER:
            return 0
        if ph == PH_DISCARD:
            apply_action(S, vals, types, greedy_discard(S, types))
            continue
        k = macros(S, vals, types, max_ex, M, L, P, rows, xrows)
        if k == 0:
            kk = legal_actions(S, vals, types, buf, W)
            apply_action(S, vals, types, builder_choice(S, vals, types, buf, kk, st, W))
            continue
        if k == 1:
            play_macro(S, vals, types, M, L, 0)
            continue
        macro_keys(S, M, L, P, k, keys, order)
        return k


@numba.njit(cache=True)
def step(S, vals, types, st, max_ex, Mi, Li, i, M, L, P, rows, xrows, keys, order, buf, W):
    """Play macro i of (Mi, Li), then :func:`advance` (writing the next macros into M, L, P)."""
    play_macro(S, vals, types, Mi, Li, i)
    return advance(S, vals, types, st, max_ex, M, L, P, rows, xrows, keys, order, buf, W)


@numba.njit(cache=True)
def determinize(S, me, st):
    """Redraw what player ``me`` cannot see: the arm deck and the other hands from their cards
    together, the head deck and the other players' colours from theirs (each pool sorted, then
    Fisher-Yates with the SplitMix64 state st, so the result depends on what ``me`` knows only);
    every pile keeps its size. ``me`` is the player to move (the cards of a selection being made
    are then ``me``'s own)."""
    n = S[NP_]
    pool = np.empty(78, dtype=np.int64)
    c = 0
    for i in range(S[ADECK_N]):
        pool[c] = S[ADECK + i]
        c += 1
    for q in range(n):
        if q != me:
            for i in range(S[HAND_N + q]):
                pool[c] = S[HAND + q * HAND_CAP + i]
                c += 1
    pool[:c] = np.sort(pool[:c])
    for i in range(c - 1, 0, -1):
        j = sm_below(st, i + 1)
        x = pool[i]
        pool[i] = pool[j]
        pool[j] = x
    c = 0
    for i in range(S[ADECK_N]):
        S[ADECK + i] = pool[c]
        c += 1
    for q in range(n):
        if q != me:
            for i in range(S[HAND_N + q]):
                S[HAND + q * HAND_CAP + i] = pool[c]
                c += 1
    hp = np.empty(30, dtype=np.int64)
    c = 0
    for i in range(S[HDECK_N]):
        hp[c] = S[HDECK + i]
        c += 1
    for q in range(n):
        if q != me:
            hp[c] = S[COLH + q]
            c += 1
    hp[:c] = np.sort(hp[:c])
    for i in range(c - 1, 0, -1):
        j = sm_below(st, i + 1)
        x = hp[i]
        hp[i] = hp[j]
        hp[j] = x
    c = 0
    for i in range(S[HDECK_N]):
        S[HDECK + i] = hp[c]
        c += 1
    for q in range(n):
        if q != me:
            S[COLH + q] = hp[c]
            c += 1


@numba.njit(cache=True)
def rollout_rewards(S, vals, types, st, margin, out):
    """Play S to the end with the builder policy for every seat (SplitMix64 state st); out[p] =
    p's win share (a k-way tie 1/k each) - 1/n + margin x (p's score - the best other score)."""
    n = S[NP_]
    buf = np.empty(NUM_ACTIONS, dtype=np.int64)
    W = np.zeros(160, dtype=np.int64)
    log = np.zeros((0, 2), dtype=np.int64)
    logn = np.zeros(1, dtype=np.int64)
    policy = np.ones(4, dtype=np.int64)
    _play(S, vals, types, st, policy, log, logn, buf, W)
    det = np.zeros(3, dtype=np.int64)
    keys = np.zeros((4, 3), dtype=np.int64)
    for p in range(n):
        score_detail(S, p, det)
        for j in range(3):
            keys[p, j] = det[j]
    mask = F._winners(n, keys)
    w = 0
    for p in range(n):
        if (mask >> p) & 1:
            w += 1
    for p in range(n):
        best = -1
        for q in range(n):
            if q != p and (best < 0 or keys[q, 0] > best):
                best = keys[q, 0]
        share = 1.0 / w if (mask >> p) & 1 else 0.0
        out[p] = share - 1.0 / n + margin * (keys[p, 0] - best)


# ---------------------------------------------------------------- the player
class Buffers:
    """Work arrays of the kernels (one set per player)."""

    def __init__(self):
        self.M = np.zeros((MACRO_ROWS, MAX_MACRO), dtype=np.int64)
        self.L = np.zeros(MACRO_ROWS, dtype=np.int64)
        self.P = np.zeros(MACRO_ROWS, dtype=np.float64)
        self.keys = np.zeros(MACRO_ROWS, dtype=np.int64)
        self.order = np.zeros(MACRO_ROWS, dtype=np.int64)
        self.rows = np.zeros((MACRO_ROWS, SW.SWAP_COLS), dtype=np.int64)
        self.xrows = np.zeros((SWAP_ROWS, SW.SWAP_COLS), dtype=np.int64)
        self.buf = np.empty(NUM_ACTIONS, dtype=np.int64)
        self.W = np.zeros(160, dtype=np.int64)
        self.R = np.zeros(4, dtype=np.float64)


class _Node:
    __slots__ = ("children", "n", "w", "avail")

    def __init__(self):
        self.children: dict[int, _Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # sum of the rewards of the player who chose the edge into this node
        self.avail = 0  # times the edge was available (within the widening) when its parent was visited


class Oct8ISMCTS(Player):
    """Information-set MCTS over whole moves (see the module docstring). ``simulations``: iterations
    per decision; ``time_limit``: seconds of CPU per decision instead (at least ``min_iterations``);
    ``c``: the UCB constant (rewards are win shares); ``widen``, ``widen_power``: progressive widening
    (``root_widening=False`` lets the root consider every macro from the start); ``margin``: weight of
    the score margin in the reward; ``max_exchanges``: exchanges per node, as flat-mc; ``max_depth``:
    macros in the tree along a path (``1``: no tree, a UCB bandit over the root's moves with a playout
    after each; for measuring what the tree adds)."""

    name = "mcts"

    def __init__(self, simulations: int = 1000, time_limit: float | None = None, seed: int | None = None,
                 c: float = 0.7, widen: float = 2.0, widen_power: float = 0.5, root_widening: bool = False,
                 margin: float = 0.02, max_exchanges: int = 12, min_iterations: int = 8,
                 max_depth: int | None = None):
        from .greedy import Oct8Greedy

        self.simulations = int(simulations)
        self.time_limit = time_limit
        self.c, self.widen, self.widen_power, self.root_widening = c, widen, widen_power, root_widening
        self.margin, self.max_exchanges, self.min_iterations = margin, max_exchanges, min_iterations
        self.max_depth = max_depth
        self.rng = py_random(seed, "oct8-ismcts")
        self.greedy = Oct8Greedy(seed)
        self.plan: list[int] = []
        self.last_shares: dict[int, float] = {}
        self.last_iterations = 0
        self.last_root: _Node | None = None  # the last search's tree (for tests and inspection)
        self.b = Buffers()

    def choose(self, state):
        legal = state.legal_actions()
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        self.plan = []
        if len(legal) == 1:
            return legal[0]
        if state.phase not in (PH_MAIN, PH_PLACE, PH_SHIP):
            return self.greedy.choose(state)
        plan = self.search(state)
        if not plan:
            return self.greedy.choose(state)
        self.plan = plan[1:]
        return plan[0]

    def search(self, state) -> list[int] | None:
        """The macro to play (its actions), or None where there is none (greedy then plays)."""
        tb = F.tables(state.cfg)
        vals, types = tb.vals, tb.types
        b = self.b
        me = state.cur
        S0 = F.from_python(state)
        M0 = np.zeros((MACRO_ROWS, MAX_MACRO), dtype=np.int64)
        L0 = np.zeros(MACRO_ROWS, dtype=np.int64)
        P0 = np.zeros(MACRO_ROWS, dtype=np.float64)
        k0 = macros(S0, vals, types, self.max_exchanges, M0, L0, P0, b.rows, b.xrows)
        self.last_shares, self.last_iterations = {}, 0
        if k0 == 0:
            return None
        plans = [[int(a) for a in M0[i, :L0[i]]] for i in range(k0)]
        if k0 == 1:
            self.last_shares = {plans[0][0]: 1.0}
            return plans[0]
        keys0, order0 = np.zeros(k0, dtype=np.int64), np.zeros(k0, dtype=np.int64)
        macro_keys(S0, M0, L0, P0, k0, keys0, order0)
        keys0, order0 = keys0.tolist(), order0.tolist()
        st = sm_state(self.rng.getrandbits(63))
        root = _Node()
        deadline = None if self.time_limit is None else time.process_time() + float(self.time_limit)
        it = 0
        while True:
            if deadline is None:
                if it >= self.simulations:
                    break
            elif time.process_time() >= deadline and it >= self.min_iterations:
                break
            self._iterate(root, S0, me, M0, L0, keys0, order0, k0, st, vals, types)
            it += 1
        self.last_iterations, self.last_root = it, root
        best = max(range(k0), key=lambda i: _visits(root, keys0[i]))
        total = sum(ch.n for ch in root.children.values()) or 1
        shares: dict[int, float] = {}
        for i in range(k0):
            shares[plans[i][0]] = shares.get(plans[i][0], 0.0) + _visits(root, keys0[i])[0] / total
        self.last_shares = shares
        return plans[best]

    def _iterate(self, root, S0, me, M0, L0, keys0, order0, k0, st, vals, types):
        b = self.b
        S = S0.copy()
        determinize(S, me, st)
        node = root
        Mc, Lc, keys, order, k = M0, L0, keys0, order0, k0
        mover = me
        path = []
        while True:
            j, child, new = self._select(node, keys, order, k, node is not root or self.root_widening)
            path.append((mover, child))
            if new or len(path) == self.max_depth:
                play_macro(S, vals, types, Mc, Lc, j)
                break
            k = step(S, vals, types, st, self.max_exchanges, Mc, Lc, j, b.M, b.L, b.P, b.rows, b.xrows,
                     b.keys, b.order, b.buf, b.W)
            if k == 0:
                break
            Mc, Lc = b.M, b.L
            mover = int(S[CUR])
            keys, order = b.keys[:k].tolist(), b.order[:k].tolist()
            node = child
        rollout_rewards(S, vals, types, st, self.margin, b.R)
        r = b.R.tolist()
        root.n += 1
        for mv, ch in path:
            ch.n += 1
            ch.w += r[mv]

    def _select(self, node, keys, order, k, widening):
        """(macro index, child node, whether it is new) at ``node``."""
        width = min(k, 1 + int(self.widen * node.n ** self.widen_power)) if widening else k
        children = node.children
        new = -1
        best, best_u = -1, -math.inf
        c = self.c
        for j in order[:width]:
            ch = children.get(keys[j])
            if ch is None:
                if new < 0:
                    new = j
                continue
            ch.avail += 1
            if new < 0:
                u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best, best_u = j, u
        if new >= 0:
            ch = children[keys[new]] = _Node()
            ch.avail = 1
            return new, ch, True
        return best, children[keys[best]], False


def _visits(root, key) -> tuple[int, float]:
    ch = root.children.get(key)
    return (0, 0.0) if ch is None else (ch.n, ch.w / ch.n)
