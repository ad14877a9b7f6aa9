"""Octagone position documents (``State.to_json`` / ``Game.state_from_json``) and the redeal of hidden
shields (``State.determinize``). The functions work on any object with the state's fields, so the
rules module can call them without this module importing it.

A document (format ``octagone-position/2``)::

    {"format": "octagone-position/2", "variant": "standard", "players": 2, "hidden": false,
     "wrap": "edge", "first": 0, "to_move": 1,
     "board": [[null, {"shield": "red", "direction": 2}, ...], ...],   # 6 rows of 7 cells
     "last": [0, 1], "target": [0, 3],          # target: derived (the forced cell), for readers
     "hands": [{"red": 3, ..., "jolly": 3}, ...],
     "extra_jolly": [null, null],               # four players: the seat holding each pair's extra jolly
     "passed": [[], ["green"]],                 # colours each player passed on (public)
     "extra_turns": 0, "over": false, "end_reason": "",
     "history": [[0, 123], [1, 340]]}           # (player, action) pairs since the deal

Documents of format ``octagone-position/1`` (written before the ``edge`` reading) are read with
``wrap`` = ``torus`` unless they say otherwise. A non-empty ``history`` is checked by replaying it from
the deal it implies (:func:`_check_history`). A hand-set position may omit ``history``,
``passed``, ``extra_jolly`` (two players), ``end_reason`` and ``target``.
"""

from __future__ import annotations

import json

from ..core.errors import OctoError, fail
from ..core.words import counted
from .geometry import (COLOURS, COLS, DAMA, JOLLY, JOLLY_PARTNER, JOLLY_SELF, NCELLS, NTYPES, NUM_ACTIONS,
                    PASS, ROWS, SYLLABLES, WRAPS, cell_of, colour_of_cell, parse_type, rc, shield_totals,
                    type_name)

__all__ = ["POSITION_FORMAT", "params_from_json", "state_to_json", "read_into", "redeal_hidden",
           "hand_to_json", "hand_from_json"]

POSITION_FORMAT = "octagone-position/2"
OLD_FORMAT = "octagone-position/1"
KEYS = {"format", "variant", "players", "hidden", "wrap", "first", "to_move", "board", "last", "target",
        "hands", "extra_jolly", "passed", "extra_turns", "over", "end_reason", "history"}



def _shown(value) -> str:
    """A value of a position file named as JSON writes it (true, null, not Python's True, None); a
    string quoted as every other message quotes it."""
    return repr(value)[:60] if isinstance(value, str) else json.dumps(value, default=str)[:60]

def hand_to_json(hand: list[int], iv: bool) -> dict:
    out = {}
    for c in range(6):
        if iv:
            for s in range(4):
                out[f"{COLOURS[c]}:{SYLLABLES[s]}"] = hand[c * 4 + s]
        else:
            out[COLOURS[c]] = hand[c * 4]
    out["jolly"] = hand[JOLLY]
    return out


def hand_from_json(obj, iv: bool) -> list[int]:
    if not isinstance(obj, dict):
        fail("each hand must be an object {shield: count}")
    hand = [0] * NTYPES
    for name, n in obj.items():
        t = parse_type(name, iv)
        if t == DAMA:
            fail("the Dama Bianca is never in a hand")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 36:
            fail(f"hand count for {name!r} must be an integer 0..36, got {n!r}")
        hand[t] += n
    return hand


def state_to_json(st) -> dict:
    iv = st.params.variant == "iv"
    board = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            x = cell_of(r, c)
            row.append(None if st.board[x] < 0 else
                       {"shield": type_name(st.board[x], iv), "direction": st.arrows[x]})
        board.append(row)
    t = st.target() if not st.over else -1
    doc = {"format": POSITION_FORMAT}
    doc.update(st.params.as_dict())
    doc.update({
        "first": st.first, "to_move": st.to_move, "board": board,
        "last": list(rc(st.last)) if st.last >= 0 else None,
        "target": list(rc(t)) if t >= 0 else None,
        "hands": [hand_to_json(h, iv) for h in st.hands],
        "extra_jolly": [None if s < 0 else s for s in st.extra_jolly],
        "passed": [[COLOURS[c] for c in range(6) if m >> c & 1] for m in st.passed],
        "extra_turns": st.extra, "over": st.over, "end_reason": st.end_reason,
        "history": [[int(p), int(a)] for p, a in st.history]})
    return doc


def _int(obj, key, lo, hi, default=None):
    v = obj.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        fail(f"position field {key!r} must be an integer in {lo}..{hi}, got {_shown(v)}")
    return v


def params_from_json(obj) -> dict:
    """The game parameters of a document (checked for type; ranges are checked by ``Params``)."""
    if not isinstance(obj, dict):
        fail("a position must be a JSON object")
    if obj.get("game", "octagone") != "octagone":  # another game's position (oct8's has "game")
        fail(f"this is a position of {str(obj.get('game'))[:40]!r}, not of octagone")
    fmt = obj.get("format", POSITION_FORMAT)
    if fmt not in (POSITION_FORMAT, OLD_FORMAT):
        fail(f"unknown position format {fmt!r} (expected {POSITION_FORMAT})")
    unknown = sorted(set(obj) - KEYS)
    if unknown:
        fail(f"{counted(len(unknown), 'unknown position field')}: {', '.join(map(repr, unknown[:5]))}"
             + (", ..." if len(unknown) > 5 else ""))
    if "hands" not in obj or "board" not in obj:
        fail("a position needs 'board' and 'hands'")
    variant = obj.get("variant", "standard")
    wrap = obj.get("wrap", "torus" if fmt == OLD_FORMAT and variant != "kids" else "edge")
    hidden = obj.get("hidden", False)
    for key, v in (("variant", variant), ("wrap", wrap)):
        if not isinstance(v, str):
            fail(f"position field {key!r} must be a string, got {_shown(v)}")
    if not isinstance(hidden, bool):
        fail(f"position field 'hidden' must be true or false, got {_shown(hidden)}")
    players = obj.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 4):
        fail(f"position field 'players' must be 2 or 4, got {_shown(players)}")
    if wrap not in WRAPS:
        fail(f"position field 'wrap' must be one of {', '.join(WRAPS)}, got {wrap!r}")
    return {"variant": variant, "players": players, "hidden": hidden, "wrap": wrap}


def read_into(st, obj) -> None:
    """Fill the fresh state ``st`` (made with the document's parameters) from ``obj``, refusing every
    inconsistency with a one-line error."""
    params = st.params
    iv = params.variant == "iv"
    n = params.players
    hands_j = obj.get("hands")
    if not isinstance(hands_j, list) or len(hands_j) != n:
        fail(f"'hands' must be a list of {n} objects")
    st.hands = [hand_from_json(h, iv) for h in hands_j]
    st.first = _int(obj, "first", 0, n - 1, 0)
    board = obj.get("board")
    if not isinstance(board, list) or len(board) != ROWS or \
            any(not isinstance(row, list) or len(row) != COLS for row in board):
        fail("'board' must be 6 rows of 7 cells (null or {\"shield\": ..., \"direction\": 0..7})")
    damas = []
    for r in range(ROWS):
        for c in range(COLS):
            v = board[r][c]
            if v is None:
                continue
            if not isinstance(v, dict) or "shield" not in v or set(v) - {"shield", "direction"}:
                fail(f"board cell ({r}, {c}) must be null or an object with 'shield' and 'direction'")
            t = parse_type(v["shield"], iv)
            d = v.get("direction")
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 7:
                fail(f"board cell ({r}, {c}): direction must be 0..7, got {d!r}")
            x = cell_of(r, c)
            if t not in (JOLLY, DAMA) and t // 4 != r:
                fail(f"board cell ({r}, {c}) is {COLOURS[r]} but holds a {type_name(t, iv)} shield")
            st.board[x], st.arrows[x] = t, d
            if t == DAMA:
                damas.append(x)
    _read_jolly_and_passes(st, obj)
    _check_conservation(st)
    if len(damas) > 1:
        fail("there is only one Dama Bianca")
    if damas and sum(1 for b in st.board if b >= 0) > 1:  # it leaves as soon as it is answered
        fail("the Dama Bianca is on the board only until the first shield answers it: no other shield "
             "can be on the board beside it")
    last = obj.get("last")
    if last is None:
        if any(b >= 0 for b in st.board):
            fail("'last' (the cell of the last shield placed) is required once shields are on the board")
    else:
        if not (isinstance(last, list) and len(last) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in last)
                and 0 <= last[0] < ROWS and 0 <= last[1] < COLS):
            fail(f"'last' must be [row, col] on the board, got {last!r}")
        st.last = cell_of(*last)
        if st.board[st.last] < 0:
            fail(f"'last' cell {last} is empty")
    if damas:
        if st.last != damas[0]:
            fail("the Dama Bianca is on the board only until the next shield answers it: "
                 "it must be the last shield placed")
        st.dama = damas[0]
    if st.choosing_jolly() and st.last >= 0:
        fail("a pair's extra jolly is given before the Dama Bianca is placed: 'extra_jolly' is "
             "missing a holder")
    st.to_move = _int(obj, "to_move", 0, n - 1, st.first)
    if n == 4 and st.choosing_jolly():
        chooser = st.first if st.extra_jolly[st.first % 2] < 0 else (st.first + 1) % 4
        if st.to_move != chooser:
            fail(f"P{chooser} chooses the holder of the extra jolly now, not P{st.to_move}")
    st.extra = _int(obj, "extra_turns", 0, 99, 0)
    if st.extra and not iv:
        fail("extra turns exist only in Octagone IV")
    _read_history(st, obj)
    _check_end(st, obj)
    _check_history(st)


def _read_jolly_and_passes(st, obj) -> None:
    n = st.params.players
    ej = obj.get("extra_jolly", [] if n == 2 else None)
    if n == 2:
        if ej not in ([], None):
            fail("'extra_jolly' is a four-player field")
    else:
        if ej is None:
            fail("a four-player position needs 'extra_jolly': [seat or null, seat or null]")
        if not isinstance(ej, list) or len(ej) != 2:
            fail("'extra_jolly' must be [seat or null, seat or null] (pair P0+P2 first)")
        for pair, s in enumerate(ej):
            if s is None:
                continue
            if isinstance(s, bool) or not isinstance(s, int) or s not in (pair, pair + 2):
                fail(f"the extra jolly of pair P{pair}+P{pair + 2} is held by seat {pair} or {pair + 2}, got {_shown(s)}")
            st.extra_jolly[pair] = s
    passed = obj.get("passed", [[] for _ in range(n)])
    if not isinstance(passed, list) or len(passed) != n or not all(isinstance(x, list) for x in passed):
        fail(f"'passed' must be a list of {n} lists of colour names")
    for p, cols in enumerate(passed):
        for name in cols:
            if not isinstance(name, str) or name.lower() not in COLOURS:
                fail(f"'passed' lists colours ({', '.join(COLOURS)}), got {name!r}")
            c = COLOURS.index(name.lower())
            st.passed[p] |= 1 << c
            h = st.hands[p]
            if h[JOLLY] or any(h[c * 4 + k] for k in range(4)):
                fail(f"P{p} passed on {COLOURS[c]}, so holds neither {COLOURS[c]} nor a jolly")


def _check_conservation(st) -> None:
    params = st.params
    iv = params.variant == "iv"
    tot = shield_totals(params.variant)
    if params.players == 4:  # a pair's extra jolly not yet given is still in the box
        tot[JOLLY] -= sum(1 for s in st.extra_jolly if s < 0)
    used = [0] * NTYPES
    for x in range(NCELLS):
        if 0 <= st.board[x] < NTYPES:
            used[st.board[x]] += 1
    for h in st.hands:
        for t in range(NTYPES):
            used[t] += h[t]
    for t in range(NTYPES):
        if used[t] > tot[t]:
            fail(f"too many {type_name(t, iv)} shields: {used[t]} on the board and in hands, "
                 f"only {tot[t]} available")


def _read_history(st, obj) -> None:
    hist = obj.get("history", [])
    limit = 44 * st.params.players + 2
    if not isinstance(hist, list) or len(hist) > limit:
        fail(f"'history' must be a list of at most {limit} [player, action] pairs")
    out = []
    for item in hist:
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
                and 0 <= item[0] < st.params.players and 0 <= item[1] < NUM_ACTIONS):
            fail(f"'history' entries are [player, action] with player 0..{st.params.players - 1} "
                 f"and action 0..{NUM_ACTIONS - 1}, got {item!r}")
        out.append((item[0], item[1]))
    st.history = out


def _replay(s, moves, hands_free: bool) -> list[list[int]]:
    """Play ``moves`` on the fresh state ``s``; the shield types each player placed. With
    ``hands_free`` the hands are ignored (a pass is taken as given), to learn the board alone."""
    placed = [[0] * NTYPES for _ in range(s.params.players)]
    for i, (p, a) in enumerate(moves, 1):
        if s.over:
            fail(f"'history' goes on after the game ended at move {i - 1} ({s.end_reason})")
        if p != s.to_move:
            fail(f"'history' move {i} is by P{p}, but P{s.to_move} was to move")
        try:
            if a == PASS and hands_free:
                s.history.append((p, a))
                s.passed[p] |= 1 << colour_of_cell(s.target())
                s._advance(p, 0)
                continue
            t = s.target()
            s.apply_action(a)
        except OctoError as e:
            fail(f"'history' move {i} cannot be played: {e.message}")
        if t >= 0 and a != PASS and s.board[t] >= 0:
            placed[p][s.board[t]] += 1
    return placed


def _check_history(st) -> None:
    """A non-empty ``history`` is the game since the deal: replayed from the deal it implies (each
    hand now plus the shields its player placed, less an extra jolly received), it must be a deal
    and reach this very position; a one-line error otherwise."""
    if not st.history:
        return
    n, cls = st.params.players, type(st)
    placed = _replay(cls(st.params, [[36] * NTYPES for _ in range(n)], st.first), st.history, True)
    start = [[h[t] + placed[p][t] for t in range(NTYPES)] for p, h in enumerate(st.hands)]
    for p, a in st.history:
        if a in (JOLLY_SELF, JOLLY_PARTNER):
            start[p if a == JOLLY_SELF else (p + 2) % 4][JOLLY] -= 1
    per, jollies = 36 // n, (3 if n == 2 else 1)
    for p, h in enumerate(start):
        if min(h) < 0 or h[JOLLY] != jollies or sum(h) - h[JOLLY] != per:
            fail(f"'history' does not start from a deal: with the shields P{p} placed, its hand "
                 f"would have started with {sum(h) - h[JOLLY]} coloured shields and {h[JOLLY]} "
                 f"jollies, not {per} and {jollies}")
    s = cls(st.params, start, st.first)
    _replay(s, st.history, False)
    for field, words in (("board", "board"), ("arrows", "arrows"), ("hands", "hands"),
                         ("to_move", "player to move"), ("passed", "passes"), ("over", "end"),
                         ("extra", "extra turns"), ("extra_jolly", "extra jollies")):
        if getattr(s, field) != getattr(st, field):
            fail(f"'history' does not lead to this position: replayed from its deal it gives other "
                 f"{words}")


def _check_end(st, obj) -> None:
    n = st.params.players
    empty = [p for p in range(n) if sum(st.hands[p]) == 0]
    if empty and all(b < 0 or b == DAMA for b in st.board):
        fail(f"P{empty[0]} holds no shields, but none has been placed yet: every hand starts full "
             f"(the game ends when a player places its last shield)")
    if st.last >= 0:
        if not any(st.board[x] < 0 for x in st.lines[st.last][st.arrows[st.last]]):
            st._end("the shield just placed cannot point to any free cell")
        elif any(sum(h) == 0 for h in st.hands):
            st._end("a player has no shields left")
        else:
            colour = colour_of_cell(st.target())
            if not any(st.can_answer(q, colour) for q in range(n)):
                st._end(f"nobody holds a shield of the colour {COLOURS[colour]} or a jolly")
    over = obj.get("over", False)
    if not isinstance(over, bool):
        fail(f"position field 'over' must be true or false, got {_shown(over)}")
    if over and not st.over:
        fail("the position says the game is over but no end condition holds")
    reason = obj.get("end_reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        fail("position field 'end_reason' must be a short string")
    if st.over and reason:
        st.end_reason = reason
    target = obj.get("target")
    if target is not None:
        t = st.target() if not st.over else -1
        if t < 0 or target != list(rc(t)):
            fail(f"'target' {target!r} is not the cell the last arrow points to")


def redeal_hidden(st, player: int, rng):
    """A copy of ``st`` in which the other players' coloured shields are dealt again from the ones
    ``player`` cannot see (see ``OctagoneState.determinize``); a clone with open shields."""
    s = st.clone()
    if not st.params.hidden:
        return s
    others = [q for q in range(st.params.players) if q != player]
    pool = []
    for q in others:
        for t, c in enumerate(s.hands[q]):
            if t != JOLLY:
                pool += [t] * c
    pool.sort()  # the unseen shields as a multiset: the redeal depends on nothing hidden
    sizes = {q: sum(s.hands[q]) - s.hands[q][JOLLY] for q in others}
    # the most constrained players (most colours passed on) are dealt first; retry on a dead end
    order = sorted(others, key=lambda q: -bin(st.passed[q]).count("1"))
    for _ in range(100):
        rng.shuffle(pool)
        rest = list(pool)
        new = {}
        ok = True
        for q in order:
            allowed = [t for t in rest if not (st.passed[q] >> (t // 4)) & 1]
            if len(allowed) < sizes[q]:
                ok = False
                break
            take = allowed[:sizes[q]]
            for t in take:
                rest.remove(t)
            h = [0] * NTYPES
            for t in take:
                h[t] += 1
            h[JOLLY] = s.hands[q][JOLLY]
            new[q] = h
        if ok:
            for q in others:
                s.hands[q] = new[q]
            return s
    rng.shuffle(pool)  # no deal honouring the passes found (the true one always exists): ignore them
    i = 0
    for q in others:
        h = [0] * NTYPES
        for t in pool[i:i + sizes[q]]:
            h[t] += 1
        i += sizes[q]
        h[JOLLY] = s.hands[q][JOLLY]
        s.hands[q] = h
    return s
