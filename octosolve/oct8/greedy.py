"""Oct8's one-move rule and the whole-move plans the search players build on: the attach plans
(turn draws and attaches that complete a shared octopus), the exchange plans (from the swap kernel)
and :class:`Oct8Greedy` (the best immediate change of its own score). Shared by
:mod:`.players` (greedy, flat-mc) and :mod:`.search` (mcts), which import this module and not each
other."""

from __future__ import annotations


from ..core.game import Player
from ..core.seeding import py_random
from . import deck as R
from .swaps import swaps_of_state

__all__ = ["Oct8Greedy", "exchange_plans", "attach_plans"]


def _matching(h: int, types) -> int:
    hc = h // R.HEADS_PER_COLOUR
    return sum(1 for t in types if t // 8 == hc)


def _sub_multisets(cnt: list[int], target: int, start: int = 0, exact: bool = True):
    """Sub-multisets (sorted type lists) of counted types with sum == target (or 1..target)."""
    out = []

    def rec(t0, left, cur):
        if cur and (left == 0 or not exact):
            out.append(list(cur))
        if left == 0:
            return
        for t in range(t0, R.NUM_TYPES):
            v = t % 8 + 1
            if cnt[t] and v <= left:
                cnt[t] -= 1
                cur.append(t)
                rec(t, left - v, cur)
                cur.pop()
                cnt[t] += 1

    rec(start, target, [])
    return out


def exchange_plans(state, with_opponent: bool = False):
    """(own score change, action plan) of every legal exchange (actions 3 and 4), from the kernel;
    with ``with_opponent``: (own change, opponents' change, plan)."""
    me = state.cur
    types = state.cfg.types
    plans = []
    rows = swaps_of_state(state)
    for row in rows:
        kind, so, ss, st, to, ts = (int(x) for x in row[:6])
        given = [int(x) for x in row[6:] if x >= 0]
        a = state.fields[so][ss]
        ac = a // R.HEADS_PER_COLOUR
        da = sum(1 for t in given if t // 8 == ac) - (1 if st // 8 == ac else 0)
        opp = 0
        if kind == 3:
            delta = da
            plan = [R.A_XHAND + ss * R.NUM_TYPES + st]
        else:
            b = state.fields[to][ts]
            bc = b // R.HEADS_PER_COLOUR
            db = (1 if st // 8 == bc else 0) - sum(1 for t in given if t // 8 == bc)
            delta = (da if so == me else 0) + (db if to == me else 0)
            opp = (da if so != me else 0) + (db if to != me else 0)
            rel_a, rel_b = (so - me) % state.n, (to - me) % state.n
            plan = [R.A_XFIELD + (rel_a * R.MAX_FIELD + ss) * R.NUM_TYPES + st,
                    R.A_TARGET + rel_b * R.MAX_FIELD + ts]
        plan += [R.A_ADD + t for t in given] + [R.A_DONE]
        plans.append((delta, opp, plan) if with_opponent else (delta, plan))
    _ = types
    return plans


def attach_plans(state):
    """(own score change, plan) of every attach that completes a shared octopus."""
    plans = []
    cnt = state._type_counts(state.hands[state.cur])
    for s, h in enumerate(state.shared):
        if h < 0:
            continue
        cap = 8 - state.total(h)
        base = _matching(h, [state.cfg.types[c] for c in state.arms[h]])
        for ms in _sub_multisets(cnt, cap):
            plans.append((base + _matching(h, ms), [R.A_ATTACH + s] + [R.A_ADD + t for t in ms] + [R.A_DONE]))
    return plans


class Oct8Greedy(Player):
    """Takes the move with the best immediate change of its own score: completing a shared octopus
    (turn draw or attach) or an exchange that gains matching arms. Otherwise it draws cards (main
    action) or keeps its baby chips (extra action). Ships the octopus gaining most from shipping,
    discards off-colour cards first. Ties are broken at random."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = py_random(seed, "oct8-greedy")
        self.plan: list[int] = []

    def choose(self, state):
        legal = state.legal_actions()
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        self.plan = []
        ph = state.phase
        me = state.cur
        if ph == R.PH_PLACE:
            best = []
            for a in legal:
                h = state.shared[a - R.A_PLACE]
                gain = 0
                if state.total(h) + state.cfg.values[state.drawn] == 8:
                    gain = _matching(h, [state.cfg.types[c] for c in state.arms[h]])
                best.append((gain, a))
            return self._pick(best)
        if ph == R.PH_MAIN:
            plans = exchange_plans(state) + attach_plans(state)
            top = max((d for d, _ in plans), default=0)
            if top > 0:
                cands = [p for d, p in plans if d == top]
                self.plan = list(self.rng.choice(cands))
                return self.plan.pop(0)
            if state.extra:
                return R.A_STOP
            draws = [a for a in legal if R.A_DRAW <= a < R.A_PASS]
            return draws[0] if draws else self.rng.choice(legal)
        if ph == R.PH_SHIP:
            opts = []
            for a in legal:
                h = state.fields[me][a - R.A_SHIP]
                shipped, _ = state.octopus_points(h, me, True)
                kept, _ = state.octopus_points(h, me, False)
                opts.append(((shipped - kept, kept), a))
            return self._pick(opts)
        if ph == R.PH_DISCARD:
            col = state.colour(me)
            opts = []
            for a in legal:
                t = a - R.A_DISCARD
                opts.append(((t // 8 != col, -(t % 8)), a))
            return self._pick(opts)
        return self.rng.choice(legal)

    def _pick(self, scored):
        top = max(k for k, _ in scored)
        return self.rng.choice([a for k, a in scored if k == top])
