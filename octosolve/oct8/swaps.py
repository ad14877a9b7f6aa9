"""Oct8 swap enumeration (actions 3 and 4): every legal exchange of a position, as a numba kernel
(:func:`enumerate_swaps`) with its itertools twin (:func:`enumerate_swaps_py`), and exchange
sequences over baby chips (:func:`swap_sequences`).

>>> import numpy as np
>>> hand = np.zeros(24, dtype=np.int64); hand[[0, 3]] = 1          # r1, r4 in hand
>>> octo = np.zeros((1, 24), dtype=np.int64); octo[0, [20, 2]] = 1  # own red octopus: b5 r3
>>> sorted(tuple(int(x) for x in r[6:8]) for r in run_swaps(0, 2, hand, [0], [0], [octo[0]]))  # b5 <- r1 + r4
[(0, 3)]
"""

from __future__ import annotations

import itertools

import numba
import numpy as np

from .deck import NUM_TYPES, type_name

__all__ = ["reach", "enumerate_swaps", "enumerate_swaps_py", "run_swaps", "swaps_of_state",
           "swap_rows_json", "apply_swap_row", "swap_sequences", "position_swaps", "state_arrays", "SWAP_COLS"]

NT = NUM_TYPES


@numba.njit(cache=True, inline="always")
def reach(cnt, start):
    """Bit mask of the arm totals 0..8 payable with the counted card types >= start (subset sums)."""
    r = 1
    for t in range(start, NT):
        v = t % 8 + 1
        for _ in range(cnt[t]):
            r = (r | (r << v)) & 0x1FF
    return r


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
    if not (reach(cnt, 0) >> v) & 1:
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
                if tv == left or (reach(cnt, t) >> (left - tv)) & 1:
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


def state_arrays(st):
    """(hand type counts of the mover, owners, head colours, arm type counts) of a state's field
    octopuses, for the swap kernel."""
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
    return hand, owners, colours, octs


def swaps_of_state(st) -> np.ndarray:
    """The swap kernel on a Python state, for the player to move."""
    hand, owners, colours, octs = state_arrays(st)
    return run_swaps(st.cur, st.n, hand, owners, colours, octs)


def position_swaps(st, babies: int | None = None) -> dict:
    """Every legal exchange of the player to move (JSON-ready), and with ``babies`` chips (default:
    the mover's, at most 2) the exchange sequences they allow (:func:`swap_sequences`)."""
    ex = swap_rows_json(swaps_of_state(st))
    res = {"to_move": st.cur, "count": len(ex), "count_action3": sum(1 for e in ex if e["action"] == 3),
           "count_action4": sum(1 for e in ex if e["action"] == 4), "exchanges": ex}
    b = min(2, st.babies[st.cur]) if babies is None else babies
    res["chips_held"] = int(st.babies[st.cur])
    if b:
        hand, owners, colours, octs = state_arrays(st)
        res["babies"] = b
        res["what_if"] = b > st.babies[st.cur]  # more chips than the mover holds: a what-if
        res.update(swap_sequences(st.cur, st.n, hand, owners, colours, octs, 1 + b))
    return res


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


def swap_rows_json(rows) -> list[dict]:
    out = []
    for row in rows:
        kind, so, ss, st, to, ts = (int(x) for x in row[:6])
        given = [type_name(int(x)) for x in row[6:] if x >= 0]
        out.append({"action": kind,
                    "source": {"player": so, "octopus": ss, "card": type_name(st)},
                    "target": "hand" if kind == 3 else {"player": to, "octopus": ts},
                    "cards": given})
    return out


def apply_swap_row(hand, octs, owners, row):
    """The position after one exchange row (new hand counts and octopus count rows)."""
    hand = hand.copy()
    octs = [o.copy() for o in octs]
    kind, so, ss, st, to, ts = (int(x) for x in row[:6])
    given = [int(x) for x in row[6:] if x >= 0]
    idx = {}
    for i, o in enumerate(owners):
        idx[(o, sum(1 for j in range(i) if owners[j] == o))] = i
    a = octs[idx[(so, ss)]]
    a[st] -= 1
    src = hand if kind == 3 else octs[idx[(to, ts)]]
    for t in given:
        src[t] -= 1
        a[t] += 1
    src[st] += 1
    assert (np.asarray(hand) >= 0).all()
    return hand, octs


def swap_sequences(mover, n, hand, owners, colours, octs, depth):
    """Exchange sequences (an exchange, then one more per baby chip), breadth first over distinct
    positions: ``exchanges_at_step[k]`` = legal exchanges summed over the distinct positions reached
    after k exchanges; ``distinct_positions`` = distinct positions reached after 1..depth exchanges."""
    frontier = [(hand, octs)]
    per_len, seen = [], set()
    for _ in range(depth):
        nxt, count = [], 0
        for h, o in frontier:
            rows = run_swaps(mover, n, h, owners, colours, o)
            count += len(rows)
            for row in rows:
                h2, o2 = apply_swap_row(h, o, owners, row)
                key = (tuple(h2), tuple(tuple(x) for x in o2))
                if key not in seen:
                    seen.add(key)
                    nxt.append((h2, o2))
        per_len.append(count)
        frontier = nxt
    return {"exchanges_at_step": per_len, "distinct_positions": len(seen)}
