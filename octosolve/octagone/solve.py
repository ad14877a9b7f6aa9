"""Exact solving of 2-player Octagone positions with open shields (standard and KIDS rules).

``solve(state)`` proves the margin (opponent's shields left minus the mover's, under best play by
both) with the numba alpha-beta of :mod:`.kernels` (or its pure-Python twin), and returns the best
move as a rules action. ``minimax_reference`` is an independent exhaustive minimax over the rules
engine itself (no pruning, no table), used by the tests to check both.
"""

from __future__ import annotations

import time

import numpy as np

from ..core.errors import fail
from . import kernels as K
from .rules import (DAMA, JOLLY, JOLLY_KIND, NCELLS, PLACE_BASE, OctagoneState,
                    rc, target_cell)

_TABLES: dict[bool, tuple[np.ndarray, np.ndarray]] = {}


def tables(wrap: bool):
    if wrap not in _TABLES:
        _TABLES[wrap] = K.line_tables(wrap)
    return _TABLES[wrap]


def check_solvable(state: OctagoneState) -> None:
    if state.n != 2:
        fail("the exact solver handles 2-player games (open shields) only")
    if state.params.variant == "iv":
        fail("the exact solver handles the standard and KIDS rules, not Octagone IV")
    if state.last < 0:
        fail("the position is before the Dama Bianca is placed: too large to solve (play some moves)")


def solver_position(state: OctagoneState):
    """(occ, hands[2,7], target, player) of a position without the Dama Bianca on the board."""
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


def _final_margin(state: OctagoneState, me: int) -> int:
    left = state.shields_left()
    return left[1 - me] - left[me]


_WARM = False


def _warm_up() -> None:
    """Load the compiled kernel once per process (about a second, even from numba's cache) with a
    one-node search (empty hands) on a throw-away table, so reported times are the search's."""
    global _WARM
    if not _WARM:
        tab = K.Table(4)
        K.negamax_nb(np.int64(0), np.zeros((2, 8), dtype=np.int64), 0, 0, -K.INF, K.INF,
                     np.uint64(0), True, tab.slots, tab.mask, np.array([0, 0, 1, 0], dtype=np.int64))
        _WARM = True


def search_value(state: OctagoneState, engine: str = "numba", tt_bits: int | None = None,
                 max_nodes: int | None = None, table=None) -> dict:
    """Value for the player to move of a (non-terminal, Dama-free) position; with statistics. The
    numba engine uses ``table`` if given, else a new table of ``2**tt_bits`` slots (default: sized
    by :func:`.kernels.tt_bits_for`)."""
    occ, hands, t, p = solver_position(state)
    wrap = state.params.variant != "kids"
    far = state.params.variant != "kids"
    limit = max_nodes if max_nodes else 2**62
    t0 = time.perf_counter()
    c0 = time.process_time()
    if engine == "numba":
        if table is None and tt_bits is None:
            tt_bits = K.tt_bits_for(NCELLS - bin(occ).count("1"))
        tab = table or K.Table(tt_bits)
        stats = np.array([0, 0, limit, 0], dtype=np.int64)
        h = K.hash_position(occ, hands, t, p)
        _warm_up()
        t0 = time.perf_counter()  # time the search only (not the table allocation)
        c0 = time.process_time()
        v = K.negamax_nb(np.int64(occ), hands, t, p, -K.INF, K.INF, h, far, tab.slots, tab.mask,
                         stats)
        code = tab.move_at(h)
        nodes, aborted = int(stats[0]), bool(stats[3])
    elif engine == "python":
        lines = K.LINES_NOWRAP if not wrap else K.LINES_WRAP
        tab = {} if table is None else table
        stats = [0, 0, limit, 0]
        hl = [list(map(int, hands[0, :7])), list(map(int, hands[1, :7]))]
        v = K.negamax_py(occ, hl, t, p, -K.INF, K.INF, lines, far, tab, stats)
        key = (occ, tuple(hl[0]), tuple(hl[1]), t, p)
        code = tab[key][2] if key in tab else -1
        nodes, aborted = stats[0], bool(stats[3])
    else:
        fail(f"unknown engine {engine!r} (numba or python)")
    secs = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"value": int(v), "code": code, "nodes": nodes, "seconds": secs, "cpu_seconds": cpu,
            "aborted": aborted}


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
    for d in range(8):
        if target_cell(state.lines, board, t, d, far) == nx:
            a = PLACE_BASE + kind * 8 + d
            if a in state.legal_actions():
                return a
    return None


def result_word(v: int) -> str:
    return "win" if v > 0 else "loss" if v < 0 else "draw"


def solve(state: OctagoneState, engine: str = "numba", max_nodes: int | None = None,
          all_moves: bool = False, tt_bits: int | None = None) -> dict:
    """Prove the value of ``state`` for the player to move; returns value, result, best move."""
    check_solvable(state)
    if tt_bits is None:  # small searches do not need (nor pay for) a big table
        free = sum(1 for b in state.board if b < 0)
        tt_bits = K.tt_bits_for(free)
    if state.over:
        fail("the game is already over")
    p = state.to_move
    if engine == "numba":
        _warm_up()
    t0 = time.perf_counter()
    nodes = 0
    legal = state.legal_actions()
    per_move = []
    best_action = None
    if state.dama >= 0 or all_moves or legal == [K_PASS()]:
        # expand the root with the rules engine (the Dama leaves the board after this move)
        value = -K.INF
        for a in legal:
            child = state.clone()
            child.apply_action(a)
            if child.over:
                v = _final_margin(child, p)
            else:
                r = search_value(child, engine, tt_bits, max_nodes)
                if r["aborted"]:
                    fail(f"node limit {max_nodes} reached before the position was solved")
                nodes += r["nodes"]
                v = r["value"] if child.to_move == p else -r["value"]
            per_move.append({"action": a, "value": v})
            if v > value:
                value, best_action = v, a
    else:
        r = search_value(state, engine, tt_bits, max_nodes)
        if r["aborted"]:
            fail(f"node limit {max_nodes} reached before the position was solved")
        value, nodes = r["value"], r["nodes"]
        best_action = code_to_action(state, r["code"])
        if best_action is None:  # table entry overwritten: find a move achieving the value
            for a in legal:
                child = state.clone()
                child.apply_action(a)
                v = _final_margin(child, p) if child.over else (
                    lambda rr: rr["value"] if child.to_move == p else -rr["value"])(
                        search_value(child, engine, tt_bits, max_nodes))
                if v == value:
                    best_action = a
                    break
    secs = time.perf_counter() - t0
    out = {"value": value, "result": result_word(value), "player": p,
           "best_action": best_action, "nodes": nodes, "seconds": round(secs, 4),
           "free_cells": sum(1 for b in state.board if b < 0 or b == DAMA), "engine": engine}
    if per_move:
        out["moves"] = per_move
    return out


def K_PASS() -> int:
    from .rules import PASS

    return PASS


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
    t = state.target() if state.last >= 0 else a // 8
    return state.move_record(state.to_move, a, t)


def position_with_free(seed: int, free: int, variant: str = "standard") -> OctagoneState:
    """A 2-player position reached by random play with ``free`` free cells, not over (for benches
    and tests). Tries successive derived seeds until one gets there."""
    import random

    from .rules import OctagoneGame

    g = OctagoneGame(variant, 2)
    for k in range(10_000):
        s = g.new_initial_state(seed * 10_007 + k)
        rnd = random.Random(seed * 10_007 + k)
        while not s.over:
            nfree = sum(1 for b in s.board if b < 0)
            if s.dama < 0 and s.last >= 0 and nfree == free and s.legal_actions() != [K_PASS()]:
                return s
            if nfree < free:
                break
            s.apply_action(rnd.choice(s.legal_actions()))
    fail(f"no position with {free} free cells found")


__all__ = ["solve", "search_value", "minimax_reference", "position_with_free", "rc"]


# ---------------------------------------------------------------------- games, matches, statistics
def play_game(variant: str, names: list[str], seed: int, *, players: int = 2, hidden: bool = False,
              simulations: int = 400, stop_after: int | None = None, first: int | None = None,
              player_objs=None) -> tuple[dict, OctagoneState]:
    """Play one game (or its first ``stop_after`` moves); returns (record, final state)."""
    from ..core.seeding import derive_seed
    from .players import make_player
    from .rules import OctagoneGame, hand_to_json

    game = OctagoneGame(variant, players, hidden)
    if len(names) != players:
        fail(f"--players needs {players} names separated by commas, got {len(names)}")
    st = game.new_initial_state(seed)
    if first is not None:
        if not 0 <= first < players:
            fail(f"--first must be 0..{players - 1}")
        st.first = st.to_move = first
    objs = player_objs or [make_player(n, derive_seed(seed, "seat", i), simulations=simulations, game=game)
                           for i, n in enumerate(names)]
    iv = variant == "iv"
    record = {"variant": variant, "seed": seed, "players": list(names), "first": st.first,
              "hands": [hand_to_json(h, iv) for h in st.hands], "moves": []}
    while not st.over and (stop_after is None or len(record["moves"]) < stop_after):
        p = st.to_move
        a = objs[p].choose(st)
        cell = st.target() if a >= DAMA_ACTIONS_ else a // 8
        record["moves"].append(st.move_record(p, a, cell))
        st.apply_action(a)
    record["winner"] = st.winner() if st.over else None
    record["shields_left"] = st.shields_left()
    record["over"] = st.over
    if st.over:
        record["end_reason"] = st.end_reason
    return record, st


from .rules import DAMA_ACTIONS as DAMA_ACTIONS_  # noqa: E402


def _match_chunk(task) -> list[dict]:
    variant, players, names, seed, start, stop, sims = task
    out = []
    for i in range(start, stop):
        gs = derive(seed, "game", i)
        seats = list(names) if i % 2 == 0 else list(reversed(names)) if players == 2 else \
            names[1:] + names[:1]
        rec, st = play_game(variant, seats, gs, players=players, simulations=sims)
        out.append({"game": i, "seats": seats, "first": st.first, "winner": st.winner(),
                    "left": st.shields_left(), "moves": len(rec["moves"])})
    return out


def derive(seed, *keys) -> int:
    from ..core.seeding import derive_seed

    return derive_seed(seed, *keys)


def run_games(variant: str, names: list[str], games: int, seed: int, *, players: int = 2,
              simulations: int = 400, workers: int | None = None, scheduler: str | None = None,
              chunk: int | None = None) -> list[dict]:
    from ..core.batch import chunked, run_batch

    chunk = chunk or max(1, min(500, games // 8 or 1))
    tasks = [(variant, players, list(names), seed, a, b, simulations) for a, b in chunked(games, chunk)]
    res = run_batch(_match_chunk, tasks, workers=workers, scheduler=scheduler, desc="games")
    return [g for part in res for g in part]


def summarize_match(games: list[dict], names: list[str]) -> dict:
    """Points per player name (win 1, tie 1/2) with Wilson 95% intervals (2 players)."""
    from ..core.stats import wilson_interval

    n = len(games)
    out = {"games": n, "players": {}}
    for name in dict.fromkeys(names):
        pts = wins = ties = 0
        for g in games:
            seat = g["seats"].index(name)
            if g["winner"] is None:
                pts += 0.5
                ties += 1
            elif g["winner"] == seat % 2:
                pts += 1
                wins += 1
        lo, hi = wilson_interval(pts, n)
        out["players"][name] = {"wins": wins, "ties": ties, "score": pts / n if n else 0.0,
                                "ci95": [lo, hi]}
    return out


def first_player_advantage(games: list[dict]) -> dict:
    """How often the side that placed the Dama Bianca won (ties counted apart and as 1/2)."""
    from ..core.stats import wilson_interval

    n = len(games)
    wins = sum(1 for g in games if g["winner"] is not None and g["winner"] == g["first"] % 2)
    ties = sum(1 for g in games if g["winner"] is None)
    losses = n - wins - ties
    score = (wins + 0.5 * ties) / n if n else 0.0
    lo, hi = wilson_interval(wins + 0.5 * ties, n)
    dec = wins + losses
    lo2, hi2 = wilson_interval(wins, dec)
    return {"games": n, "first_wins": wins, "ties": ties, "first_losses": losses,
            "first_score": score, "first_score_ci95": [lo, hi],
            "first_win_share_of_decided": wins / dec if dec else None,
            "decided_ci95": [lo2, hi2],
            "mean_moves": sum(g["moves"] for g in games) / n if n else 0.0}
