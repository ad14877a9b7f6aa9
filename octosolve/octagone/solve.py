"""Exact solving of 2-player Octagone positions with open shields (standard and KIDS rules, both
wrap-around readings).

``solve(state)`` proves the margin (opponent's shields left minus the mover's, under best play by
both) with the numba alpha-beta of :mod:`.kernels` (or its pure-Python twin) within a node budget
(default :data:`DEFAULT_MAX_NODES`), and returns the best move as a rules action, or an honest
``"proven": False`` when the budget runs out. The numba search runs in a worker thread without the
GIL: the calling thread shows progress on a terminal and, on Ctrl-C, asks the search to stop (it
looks every 2**16 nodes) before re-raising ``KeyboardInterrupt``. ``minimax_reference`` is an
independent exhaustive minimax over the rules engine itself (no pruning, no table), used by the
tests to check both. What is measured from played games (the first-player advantage, the long
``measure`` runs, exact play from real play) is :mod:`.measures`, above the players.
"""

from __future__ import annotations

import numbers
import time

import numpy as np

from ..core.errors import fail
from . import kernels as K
from .dfpn import run_dfpn
from .search import run_numba, run_pair, warm_up
from .geometry import DAMA, JOLLY, JOLLY_KIND, NCELLS, PASS, PLACE_BASE, target_cell
from .rules import OctagoneState

__all__ = ["TARGETS", "METHODS", "OUTCOME_WINDOW", "solve", "search_value", "minimax_reference", "solver_position", "code_to_action",
           "describe_action", "DEFAULT_MAX_NODES", "MAX_NODES", "result_word"]

DEFAULT_MAX_NODES = 1_000_000_000  # about two minutes of search on one core
TARGETS = ("margin", "outcome")
METHODS = ("alphabeta", "dfpn")  # dfpn: proof-number search over alpha-beta leaves (outcome only)
OUTCOME_WINDOW = (-1, 1)  # a null window around the draw: the sign of the margin, exactly
MAX_NODES = 10**12


def check_solvable(state: OctagoneState) -> None:
    if not isinstance(state, OctagoneState):
        fail(f"the solver takes an Octagone state, got {type(state).__name__}")
    if state.n != 2:
        fail("the exact solver handles 2-player games (open shields) only")
    if state.params.variant == "iv":
        fail("the exact solver handles the standard and KIDS rules, not Octagone IV")
    if state.last < 0:
        fail("the position is before the Dama Bianca is placed: too large to solve (play some moves)")
    if state.over:
        fail("the game is already over")


def solver_position(state: OctagoneState):
    """(occ, hands[2,8], target, player) of a position without the Dama Bianca on the board."""
    occ = 0
    for x in range(NCELLS):
        if state.board[x] >= 0:
            occ |= 1 << x
    hands = np.zeros((2, 8), dtype=np.int64)
    for p in range(2):
        for c in range(6):
            hands[p, c] = state.hands[p][c * 4]
        hands[p, 6] = state.hands[p][JOLLY]
        hands[p, 7] = hands[p, :7].sum()
    return occ, hands, state.target(), state.to_move


def mode_of(state: OctagoneState) -> int:
    return K.MODES[state.params.mode]


def _final_margin(state: OctagoneState, me: int) -> int:
    left = state.shields_left()
    return left[1 - me] - left[me]


def _root_children(state: OctagoneState) -> list:
    """The distinct solver positions (occ, hands, target, player, hash) after each legal move of
    ``state`` that does not end the game, in the order of the legal actions."""
    out, seen = [], set()
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if child.over:
            continue
        occ, hands, t, p = solver_position(child)
        h = K.hash_position(occ, hands, t, p)
        if int(h) not in seen:
            seen.add(int(h))
            out.append((occ, hands, t, p, h))
    return out


def search_value(state: OctagoneState, engine: str = "numba", tt_bits: int | None = None,
                 max_nodes: int | None = None, table=None, show_progress: bool = False,
                 window: tuple[int, int] | None = None, threads: int = 1,
                 method: str = "alphabeta") -> dict:
    """Value for the player to move of a (non-terminal, Dama-free) position; with statistics
    (``aborted`` when the node budget ran out). The numba engine uses ``table`` if given, else a new
    table of ``2**tt_bits`` slots (default: sized by :func:`.kernels.tt_bits_for`).

    ``window=(alpha, beta)`` searches that alpha-beta window only (fail-soft): a value ``v`` with
    ``alpha < v < beta`` is exact, ``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound.
    :data:`OUTCOME_WINDOW` ``(-1, 1)`` answers win / loss / draw exactly (the sign of the margin),
    often far faster than the margin itself. With ``threads=2`` (numba engine, that window only) the
    outcome is searched on two cores (:func:`run_pair`): the value is then -1, 0 or 1 and
    ``nodes`` the sum of both threads, ``thread_nodes`` each thread's. ``method="dfpn"`` (numba,
    that window, one thread) proves the outcome by proof-number search (:mod:`.dfpn`): the value is
    -1, 0 or 1 and ``nodes`` counts the df-pn's nodes and its alpha-beta leaves' nodes."""
    occ, hands, t, p = solver_position(state)
    mode = mode_of(state)
    limit = int(max_nodes) if max_nodes else 2**62
    lo, hi = (-K.INF, K.INF) if window is None else (int(window[0]), int(window[1]))
    if not -K.INF <= lo < hi <= K.INF:
        fail(f"bad search window {window!r}")
    if engine == "numba":
        if table is None and tt_bits is None:
            tt_bits = K.tt_bits_for(NCELLS - bin(occ).count("1"))
        tab = table or K.Table(tt_bits)
        stats = np.array([0, 0, limit, 0, 0, -1], dtype=np.int64)
        h = K.hash_position(occ, hands, t, p)
        warm_up(dfpn=method == "dfpn")
        t0 = time.perf_counter()  # time the search only (not the table allocation)
        c0 = time.process_time()
        per_thread = None
        if method == "dfpn":
            if (lo, hi) != OUTCOME_WINDOW or threads != 1:
                fail("the dfpn method proves the outcome only, on one thread")
            v, code, nodes, aborted = run_dfpn(occ, hands, t, p, mode, limit, show_progress)
        elif threads == 2 and (lo, hi) == OUTCOME_WINDOW:
            v, code, both, aborted = run_pair(occ, hands, t, p, h, mode, tab, limit, show_progress,
                                               _root_children(state))
            nodes = int(both[0][0] + both[1][0])
            per_thread = [int(both[0][0]), int(both[1][0])]
        else:
            v = run_numba(occ, hands, t, p, h, mode, tab, stats, show_progress, lo, hi)
            code = int(stats[5]) if stats[5] >= 0 else tab.move_at(h)
            nodes, aborted = int(stats[0]), bool(stats[3])
    elif engine == "python":
        lines = state.lines
        tab = {} if table is None else table
        stats = [0, 0, limit, 0]
        hl = [list(map(int, hands[0, :7])), list(map(int, hands[1, :7]))]
        t0 = time.perf_counter()
        c0 = time.process_time()
        v = K.negamax_py(occ, hl, t, p, lo, hi, lines, mode != 0, tab, stats)
        key = (occ, tuple(hl[0]), tuple(hl[1]), t, p)
        code = tab[key][2] if key in tab else -1
        nodes, aborted = min(stats[0], limit), bool(stats[3])
    else:
        fail(f"unknown engine {engine!r} (numba or python)")
    out = {"value": int(v), "code": code, "nodes": nodes, "seconds": time.perf_counter() - t0,
           "cpu_seconds": time.process_time() - c0, "aborted": aborted}
    if engine == "numba" and per_thread is not None:
        out["thread_nodes"] = per_thread
    return out


def code_to_action(state: OctagoneState, code: int) -> int | None:
    """A rules action for the solver's move code (kind * 42 + next target)."""
    if code < 0:
        return None
    kk, nx = divmod(code, 42)
    t = state.target()
    kind = JOLLY_KIND if kk else 0
    far = kk == 1 and state.params.variant != "kids"
    board = list(state.board)
    board[t] = 0
    legal = state.legal_actions()
    for d in range(8):
        if target_cell(state.lines, board, t, d, far) == nx:
            a = PLACE_BASE + kind * 8 + d
            if a in legal:
                return a
    return None


def result_word(v: int) -> str:
    return "win" if v > 0 else "loss" if v < 0 else "draw"


def solve(state: OctagoneState, engine: str = "numba", max_nodes: int | None = DEFAULT_MAX_NODES,
          all_moves: bool = False, tt_bits: int | None = None, show_progress: bool = False,
          target: str = "margin", threads: int = 1, method: str = "alphabeta") -> dict:
    """Prove the value of ``state`` for the player to move within ``max_nodes`` nodes (None: no
    limit). Returns ``proven`` (False: the budget ran out, no value), value, result, best move.

    ``target="margin"`` proves the margin (shields left by the opponent minus the mover's);
    ``target="outcome"`` proves only win / loss / draw (``value`` is then -1, 0 or 1, the margin's
    sign) with the null window :data:`OUTCOME_WINDOW`, which is often many times faster; with
    ``threads=2`` it is searched on two cores at once (:func:`run_pair`; ``max_nodes`` is then
    each thread's budget). ``method="dfpn"`` proves the outcome by proof-number search instead
    (:mod:`.dfpn`; numba, one thread; with ``target="margin"`` it is refused)."""
    check_solvable(state)
    if target not in TARGETS:
        fail(f"unknown target {target!r} (choose from {', '.join(TARGETS)})")
    if threads not in (1, 2):
        fail(f"threads must be 1 or 2, got {threads}")
    if method not in METHODS:
        fail(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    if method == "dfpn" and (target != "outcome" or engine != "numba"):
        fail("the dfpn method proves only the outcome (--target outcome) with the numba engine")
    if method == "dfpn":
        threads = 1
    if target != "outcome" or engine != "numba":
        threads = 1  # two threads only for the outcome of the numba search
    window = OUTCOME_WINDOW if target == "outcome" else None
    sign = (lambda v: (v > 0) - (v < 0)) if target == "outcome" else (lambda v: v)
    if max_nodes is not None and not (isinstance(max_nodes, numbers.Real) and not isinstance(max_nodes, bool)
                                      and float(max_nodes).is_integer() and 1 <= max_nodes <= MAX_NODES):
        fail(f"the node budget must be a whole number 1 to {MAX_NODES}, got {str(repr(max_nodes))[:40]}")
    if tt_bits is None:  # small searches do not need (nor pay for) a big table
        tt_bits = K.tt_bits_for(sum(1 for b in state.board if b < 0))
    p = state.to_move
    if engine == "numba":
        warm_up(dfpn=method == "dfpn")  # JIT and cache load before the timer
    t0 = time.perf_counter()
    nodes = 0
    legal = state.legal_actions()
    per_move = []
    thread_nodes = None
    best_action = None
    proven = True
    value = None

    def budget():
        return None if max_nodes is None else max(1, int(max_nodes) - nodes)

    def child_value(a):
        nonlocal nodes
        child = state.clone()
        child.apply_action(a)
        if child.over:
            return sign(_final_margin(child, p))
        r = search_value(child, engine, tt_bits, budget(), show_progress=show_progress,
                         window=window, method=method)
        nodes += r["nodes"]
        if r["aborted"]:
            return None
        return sign(r["value"] if child.to_move == p else -r["value"])

    if state.dama >= 0 or all_moves or legal == [PASS]:
        # expand the root with the rules engine (the Dama leaves the board after this move)
        for a in legal:
            v = child_value(a)
            if v is None:
                proven = False
                break
            per_move.append({"action": a, "value": v})
            if value is None or v > value:
                value, best_action = v, a
    else:
        r = search_value(state, engine, tt_bits, budget(), show_progress=show_progress,
                         window=window, threads=threads, method=method)
        nodes = r["nodes"]
        thread_nodes = r.get("thread_nodes")
        if r["aborted"]:
            proven = False
        else:
            value = sign(r["value"])
            best_action = code_to_action(state, r["code"])
            if best_action is None and method == "dfpn" and value < 0:
                best_action = legal[0]  # a proven loss: every move loses
            for a in ([] if best_action is not None else legal):  # table entry overwritten
                v = child_value(a)
                if v is None:
                    proven = False
                    break
                if v == value:
                    best_action = a
                    break
    out = {"proven": proven, "value": value if proven else None,
           "result": result_word(value) if proven else "not proven", "player": p,
           "best_action": best_action if proven else None, "nodes": nodes,
           "max_nodes": max_nodes, "seconds": round(time.perf_counter() - t0, 4),
           "free_cells": sum(1 for b in state.board if b < 0 or b == DAMA), "engine": engine,
           "wrap": state.params.mode, "target": target, "threads": 2 if thread_nodes else 1, "method": method}
    if per_move and proven:
        out["moves"] = per_move
    if thread_nodes is not None:
        out["thread_nodes"] = thread_nodes
    return out


def minimax_reference(state: OctagoneState, me: int | None = None) -> int:
    """Exhaustive minimax over the rules engine (no pruning, no table): the margin for ``me``
    (default: the player to move). Only for small positions."""
    if me is None:
        me = state.to_move
    if state.over:
        return _final_margin(state, me)
    vals = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        vals.append(minimax_reference(child, me))
    return max(vals) if state.to_move == me else min(vals)


def describe_action(state: OctagoneState, a: int | None) -> dict | None:
    if a is None:
        return None
    return state.move_record(state.to_move, a)
