"""Octagone measured from played games: the first-player advantage and the long measurements the
report reads (``measure``: first-player figures over many games, matches including the one against
OpenSpiel's MCTS, exact play from real play), written to data files with the command that made them
and re-checked by the report (a sample of games replayed). Above the solver (:mod:`.solve`), the
players and the match layer, which it uses."""

from __future__ import annotations

from ..core.errors import OctoError, fail
from ..core.stats import wilson_interval
from .geometry import JOLLY, NCELLS, PASS
from .rules import OctagoneGame, OctagoneState
from .solve import solve

__all__ = ["KEEP", "first_player_advantage", "advantage", "measure", "MEASUREMENTS", "played_position",
           "exact_first_player", "summarise_exact", "recheck_exact", "EXACT_FREE", "EXACT_DEALS", "EXACT_NODES",
           "DEEP_FREE", "DEEP_NODES"]

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
        from .players import PLAYERS
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
    from .players import new_player
    from .rules import make_game

    game = make_game(variant=variant)
    st = game.new_initial_state(seed)
    ps = [new_player(nm, game, seed=derive_seed(seed, "player", i)) for i, nm in enumerate(players)]
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
