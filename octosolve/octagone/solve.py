"""Exact solving of 2-player Octagone positions with open shields (standard and KIDS rules, both
wrap-around readings).

``solve(state)`` proves the margin (opponent's shields left minus the mover's, under best play by
both) with the numba alpha-beta of :mod:`.kernels` (or its pure-Python twin) within a node budget
(default :data:`DEFAULT_MAX_NODES`), and returns the best move as a rules action, or an honest
``"proven": False`` when the budget runs out. The numba search runs in a worker thread without the
GIL: the calling thread shows progress on a terminal and, on Ctrl-C, asks the search to stop (it
looks every 2**16 nodes) before re-raising ``KeyboardInterrupt``. ``minimax_reference`` is an
independent exhaustive minimax over the rules engine itself (no pruning, no table), used by the
tests to check both.
"""

from __future__ import annotations

import numbers
import time

import numpy as np

from ..core.errors import OctoError, fail
from ..core.stats import wilson_interval
from . import kernels as K
from .dfpn import run_dfpn
from .search import run_numba, run_pair, warm_up
from .board import DAMA, JOLLY, JOLLY_KIND, NCELLS, PASS, PLACE_BASE, target_cell
from .rules import OctagoneGame, OctagoneState

__all__ = ["TARGETS", "METHODS", "OUTCOME_WINDOW", "solve", "search_value", "minimax_reference", "solver_position", "code_to_action",
           "describe_action", "exact_first_player", "played_position", "DEFAULT_MAX_NODES", "MAX_NODES", "result_word", "first_player_advantage",
           "advantage", "measure", "MEASUREMENTS", "summarise_exact", "recheck_exact"]

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


# ---------------------------------------------------------------------- measured from played games
# The first-player advantage and the long measurements the report reads (``measure``: first-player
# figures over many games, matches including the one against OpenSpiel's MCTS), written to data files
# with the command that made them and re-checked by the report (a sample of games replayed).
KEEP = 40  # records kept in a data file (the report replays them)


def first_player_advantage(game_params: dict, records: list[dict]) -> dict:
    """How often the side that placed the Dama Bianca won (ties counted apart and as 1/2)."""
    from ..core.record import as_summary

    game = OctagoneGame(**game_params)
    records = [as_summary(r) for r in records]
    wins = ties = 0
    for r in records:
        first = game.new_initial_state(r["seed"]).first
        if not r["winners"]:
            ties += 1
        elif first in r["winners"]:
            wins += 1
    n = len(records)
    losses = n - wins - ties
    lo, hi = wilson_interval(wins + 0.5 * ties, n)
    dec = wins + losses
    lo2, hi2 = wilson_interval(wins, dec) if dec else (0.0, 1.0)
    return {"games": n, "first_wins": wins, "ties": ties, "first_losses": losses,
            "first_score": (wins + 0.5 * ties) / n if n else 0.0, "first_score_ci95": [lo, hi],
            "first_win_share_of_decided": wins / dec if dec else None, "decided_ci95": [lo2, hi2],
            "mean_moves": sum(r["moves"] for r in records) / n if n else 0.0}


def _run_match(*args, **kw):
    from .matches import run_match

    return run_match(*args, **kw)


def advantage(game_params: dict, player: str, games: int, seed: int, *, simulations=None,
              workers=1, scheduler=None) -> dict:
    """Both (all) sides play ``player``; the first side's results."""
    n = int(game_params.get("players", 2))
    m = _run_match(game_params, [player] * n, games, seed, simulations=simulations, workers=workers,
                  scheduler=scheduler, desc=f"{player} self-play")
    out = first_player_advantage(game_params, m["records"])
    out.update({"game": dict(game_params), "player": player, "seed": seed})
    return out, m


# ---------------------------------------------------------------------- long measurements
FULL = {"random": 10_000, "greedy": 2_000}
QUICK = {"random": 60, "greedy": 20}
MATCHES_FULL = [("greedy", "random", 1000, None), ("mcts", "greedy", 100, 200),
                ("alphabeta", "mcts", 40, 200), ("mcts", "openspiel-mcts", 100, 100)]
MATCHES_QUICK = [("greedy", "random", 20, None), ("mcts", "greedy", 2, 40),
                 ("alphabeta", "mcts", 2, 40), ("mcts", "openspiel-mcts", 1, 20)]
MEASUREMENTS = ("first-player", "matches", "perfect-play")


def _slim(m: dict) -> dict:
    """A match result with only its first KEEP records (the report replays those)."""
    out = {k: v for k, v in m.items() if k != "records"}
    out["records_kept"] = _kept(m["records"])
    return out


def _kept(records: list[dict]) -> list[dict]:
    """The first KEEP games of a match as their summaries (the data files' shape; the report
    replays them)."""
    from ..core.record import summary

    return [summary(r) for r in records[:KEEP]]


def measure(what: str, seed: int, *, quick: bool = False, workers=None, scheduler=None,
            wrap: str = "edge", max_nodes: int | None = None, keep: dict | None = None) -> dict:
    """The long measurements of the report: ``first-player`` (random and greedy self-play in the
    three variants), ``matches`` (greedy v random, mcts v greedy, alphabeta v mcts and mcts v
    OpenSpiel's MCTS, standard rules) or ``perfect-play`` (``max_nodes`` a position, ``keep``:
    :func:`exact_first_player`'s)."""
    if what == "first-player":
        sizes = QUICK if quick else FULL
        rows = {}
        for variant in ("standard", "kids", "iv"):
            params = {"variant": variant, "players": 2, "hidden": False,
                      "wrap": "edge" if variant == "kids" else wrap}
            for player, n in sizes.items():
                from ..core.seeding import derive_seed

                adv, m = advantage(params, player, n, derive_seed(seed, "adv", variant, player),
                                   workers=workers, scheduler=scheduler)
                adv["records_kept"] = _kept(m["records"])
                rows[f"{variant}/{player}"] = adv
        return {"what": what, "seed": seed, "quick": quick, "results": rows}
    if what == "matches":
        from ..core.players import player_available
        from ..core.seeding import derive_seed
        from ..games import get_game

        PLAYERS = get_game("octagone").players()
        params = {"variant": "standard", "players": 2, "hidden": False, "wrap": wrap}
        rows, skipped = [], []
        for a, b, n, sims in (MATCHES_QUICK if quick else MATCHES_FULL):
            if not player_available(PLAYERS, b):  # e.g. open_spiel not installed: said, not hidden
                skipped.append({"players": [a, b], "why": f"{b} is not available here"})
                continue
            m = _run_match(params, [a, b], n, derive_seed(seed, "match", a, b), simulations=sims,
                          workers=workers, scheduler=scheduler, desc=f"{a} v {b}")
            rows.append(_slim(m))
        return {"what": what, "seed": seed, "quick": quick, "results": rows, "skipped": skipped}
    if what == "perfect-play":
        free, deals, nodes = (22, 4, EXACT_NODES) if quick else (DEEP_FREE, EXACT_DEALS, DEEP_NODES)
        res = exact_first_player(seed, deals=deals, free=free, max_nodes=max_nodes or nodes,
                                 workers=workers, scheduler=scheduler, keep=keep)
        return {"what": what, "seed": seed, "quick": quick, "results": res}
    fail(f"unknown measurement {what!r} (choose from {', '.join(MEASUREMENTS)})")


# ---------------------------------------------------------------------- exact play from real play
EXACT_FREE = 20          # free cells at which the exact analysis takes over from greedy play
EXACT_DEALS = 200        # deals in the report (``--quick``: 10); about 0.1 s of CPU a deal
EXACT_NODES = 50_000_000  # node budget per position (unproven positions are counted, not guessed)
DEEP_FREE = 26           # ``measure perfect-play``: the same deals from 26 free cells (a data file)
DEEP_NODES = 3_000_000_000  # its node budget per position (every deal proven within it)


def played_position(seed: int, free: int, players=("greedy", "greedy"), variant: str = "standard"):
    """The position of a 2-player, open-shield game between ``players`` (seeded) when exactly
    ``free`` cells are free, the Dama is off the board and the player to move has a shield to
    play; None when the game ends (or skips past ``free``) first."""
    from ..core.game import CHANCE, sample_chance
    from ..core.seeding import derive_seed, py_random
    from ..games import get_game

    entry = get_game("octagone")
    game = entry.make_game(variant=variant)
    st = game.new_initial_state(seed)
    ps = [entry.make_player(nm, game, seed=derive_seed(seed, "player", i)) for i, nm in enumerate(players)]
    rng = py_random(seed, "chance")
    while not st.is_terminal():
        nfree = sum(1 for b in st.board if b < 0)
        if st.dama < 0 and st.last >= 0 and nfree == free and st.legal_actions() != [PASS]:
            return st
        if nfree < free:
            return None
        p = st.current_player()
        st.apply_action(sample_chance(st, rng) if p == CHANCE else ps[p].choose(st))
    return None


def _jolly_swapped(st: OctagoneState):
    """``st`` with one of the mover's jollies swapped for a coloured shield of the row with the
    most free cells (the same number of shields): None if the mover holds no jolly."""
    p = st.to_move
    if st.hands[p][JOLLY] == 0:
        return None
    rows = [sum(1 for x in range(NCELLS) if x // 7 == r and st.board[x] < 0) for r in range(6)]
    c = max(range(6), key=lambda r: (rows[r], -r))
    s2 = st.clone()
    s2.hands[p][JOLLY] -= 1
    s2.hands[p][c * 4] += 1
    return s2


def _exact_deal(task) -> dict:
    """One deal of :func:`exact_first_player` (module level: a batch task)."""
    gs, free, players, max_nodes = task
    st = played_position(gs, free, players)
    if st is None:
        return {"seed": gs, "reached": False}
    r = solve(st, max_nodes=max_nodes, target="outcome")
    row = {"seed": gs, "reached": True, "first": st.first, "to_move": st.to_move,
           "proven": r["proven"], "nodes": r["nodes"]}
    if r["proven"]:
        row["value_first"] = r["value"] if st.to_move == st.first else -r["value"]
        s2 = _jolly_swapped(st)
        if s2 is not None:
            r2 = solve(s2, max_nodes=max_nodes, target="outcome")
            row["jolly_nodes"] = r2["nodes"]
            if r2["proven"]:
                row["jolly_delta"] = r["value"] - r2["value"]  # > 0: the jolly was worth it
    return row


def exact_first_player(seed: int, deals: int = EXACT_DEALS, free: int = EXACT_FREE,
                       max_nodes: int = EXACT_NODES, players=("greedy", "greedy"), *,
                       workers: int | None = 1, scheduler: str | None = None,
                       keep: dict | None = None) -> dict:
    """Exact play from the deepest point the solver reaches: ``deals`` seeded games between
    ``players`` are played to ``free`` free cells, then solved exactly (win / draw / loss, the
    outcome target). Reported: the first player's (the Dama's) results under perfect play from
    there, with 95% Wilson intervals, and the value of the jolly: the same positions with one of the
    mover's jollies swapped for a coloured shield (same shield count), how often the exact outcome
    gets worse or better for the mover. Deterministic (node budgets, no clocks): the deals are
    independent, so ``workers`` local processes or a Dask ``scheduler`` give the same rows.

    ``keep``: an earlier result for the same seed, deals, free cells and players with a budget no
    larger; its settled rows (proven, and the jolly-swapped position proven too or impossible)
    are taken as they are, since a larger budget retraces the same search node for node, and
    only the others are solved again."""
    from ..core.batch import run_batch
    from ..core.seeding import derive_seed

    tasks = [(derive_seed(seed, "exact", i), free, tuple(players), max_nodes) for i in range(deals)]
    kept = _settled_rows(keep, seed, deals, free, players, max_nodes) if keep is not None else {}
    todo = [t for i, t in enumerate(tasks) if i not in kept]
    done = iter(run_batch(_exact_deal, todo, workers=workers, scheduler=scheduler, desc="perfect play") if todo else [])
    rows = [kept[i] if i in kept else next(done) for i in range(deals)]
    return {"free_cells": free, "players": list(players), "deals": deals, "seed": seed,
            "max_nodes": max_nodes, **summarise_exact(rows), "rows": rows}


def _settled_rows(keep: dict, seed, deals, free, players, max_nodes) -> dict:
    """The rows of an earlier result ``keep`` that a larger budget would give again: {deal: row}.
    One-line error when ``keep`` is for other deals or a larger budget."""
    from ..core.seeding import derive_seed

    try:
        if (int(keep["seed"]), int(keep["deals"]), int(keep["free_cells"]),
                list(keep["players"])) != (seed, deals, free, list(players)):
            fail("--from: that file is for other deals (seed, deals, free cells or players differ)")
        if int(keep["max_nodes"]) > max_nodes:
            fail(f"--from: that file's budget ({int(keep['max_nodes']):,} nodes) is over {max_nodes:,}")
        if not isinstance(keep["rows"], list) or len(keep["rows"]) != deals:
            fail("--from: its rows do not match its number of deals")
        if any(int(r["seed"]) != derive_seed(seed, "exact", i) for i, r in enumerate(keep["rows"])):
            fail("--from: its rows are not its deals")
        kept = {i: r for i, r in enumerate(keep["rows"]) if r.get("reached") is True and r.get("proven") is True
                and ("jolly_nodes" not in r or "jolly_delta" in r)}  # an unreached deal: cheap to replay
        if any(r["value_first"] not in (-1, 0, 1) or r.get("jolly_delta", 0) not in range(-2, 3) for r in kept.values()):
            fail("--from: a settled row's outcome is not -1, 0 or 1 (or its jolly_delta not -2..2)")
        return kept
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        fail(e.message if isinstance(e, OctoError) else f"--from: a malformed row or field ({type(e).__name__}: {e})")


def summarise_exact(rows: list[dict]) -> dict:
    """The figures of :func:`exact_first_player` from its rows (a row per deal): reached, proven,
    unproven, the first player's results and the value of the jolly."""
    solved = [r for r in rows if r.get("proven")]
    n = len(solved)
    wins = sum(r["value_first"] > 0 for r in solved)
    draws = sum(r["value_first"] == 0 for r in solved)
    lo, hi = wilson_interval(wins + 0.5 * draws, n) if n else (0.0, 1.0)
    jd = [r["jolly_delta"] for r in solved if "jolly_delta" in r]
    jlo, jhi = wilson_interval(sum(d > 0 for d in jd), len(jd)) if jd else (0.0, 1.0)
    return {"reached": sum(r.get("reached", False) for r in rows),
            "proven": n, "unproven": sum(1 for r in rows if r.get("reached") and not r["proven"]),
            "first": {"wins": wins, "draws": draws, "losses": n - wins - draws,
                      "score": (wins + 0.5 * draws) / n if n else None, "score_ci95": [lo, hi]},
            "jolly": {"positions": len(jd), "worse_without": sum(d > 0 for d in jd),
                      "same": sum(d == 0 for d in jd), "better_without": sum(d < 0 for d in jd),
                      "worse_share_ci95": [jlo, jhi]}}


def recheck_exact(data: dict, *, sample: int = 2, max_nodes: int = 30_000_000) -> int:
    """Re-check a stored :func:`exact_first_player` result (``measure perfect-play``'s data file):
    its figures must be those of its rows, and ``sample`` of its proven deals whose two proofs took
    at most ``max_nodes`` nodes in all (drawn by the file's seed) must replay to the same row
    (the same game, outcome and node counts). Returns the deals replayed; an error otherwise."""
    import random

    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or len(rows) != data.get("deals"):
        fail("perfect-play data: the rows do not match the number of deals")
    try:
        if any(data.get(k) != v for k, v in summarise_exact(rows).items()):
            fail("perfect-play data: its figures are not those of its rows")
        cheap = [r for r in rows
                 if r.get("proven") and int(r["nodes"]) + int(r.get("jolly_nodes", 0)) <= max_nodes]
        picked = random.Random(data["seed"]).sample(cheap, min(sample, len(cheap)))
        tasks = [(int(r["seed"]), int(data["free_cells"]), tuple(data["players"]),
                  int(data["max_nodes"])) for r in picked]
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        fail(f"perfect-play data: a malformed row or field ({type(e).__name__}: {e})")
    for r, task in zip(picked, tasks):
        again = _exact_deal(task)
        if again != r:
            fail(f"perfect-play data: deal {r['seed']} does not replay (stored {r}, now {again})")
    return len(picked)
