"""Oct8 simulations: many games (numba playouts for all-random tables, the Python engine with
computer players otherwise), spread with the core batch runner, summarised with intervals."""

from __future__ import annotations

import numpy as np

from ..core.batch import chunked, run_batch
from ..core.errors import fail
from ..core.game import play
from ..core.seeding import derive_seed
from ..core.stats import mean_ci, wilson_interval
from . import rules as R

CHUNK_NUMBA = 5000
NUMBA_POLICIES = ("random", "builder")  # strategies the numba playout engine plays itself
CHUNK_PY = 10


def game_seeds(seed: int | None, start: int, stop: int) -> np.ndarray:
    return np.array([derive_seed(seed, "oct8-game", i) for i in range(start, stop)], dtype=np.uint64)


def _chunk(task: dict) -> dict:
    """One chunk of games (module level: picklable for processes and Dask)."""
    cfg = R.Config.make(task["players"], task["short"], task["deck"])
    seeds = game_seeds(task["seed"], task["start"], task["stop"])
    n = cfg.players
    if all(s in NUMBA_POLICIES for s in task["strategies"]):
        from . import kernels as K

        out = K.simulate_random(cfg, seeds, task["strategies"])
        wins = out.pop("wins")
        out["winners"] = np.array([[w >> p & 1 for p in range(n)] for w in wins], dtype=np.int64)
        out["engine"] = "numba"
        return out
    from .players import make_player

    g = len(seeds)
    out = dict(scores=np.zeros((g, n), np.int64), made=np.zeros((g, n), np.int64),
               arms=np.zeros((g, n), np.int64), winners=np.zeros((g, n), np.int64),
               turns=np.zeros(g, np.int64), decisions=np.zeros(g, np.int64),
               acts=np.zeros((g, len(R.CATEGORIES)), np.int64), engine="python")
    for i, s in enumerate(seeds):
        gi = task["start"] + i
        players = [make_player(name, derive_seed(task["seed"], "oct8-player", gi, p), task.get("simulations", 200), n)
                   for p, name in enumerate(task["strategies"])]
        st = R.Oct8State.new(cfg, int(s))
        play(st, players)
        for p in range(n):
            d = st.score_detail(p)
            out["scores"][i, p], out["made"][i, p], out["arms"][i, p] = d["score"], d["octopuses"], d["scoring_arms"]
        for p in st.winners():
            out["winners"][i, p] = 1
        out["turns"][i] = st.turns
        out["decisions"][i] = st.decisions
        out["acts"][i] = st.action_counts
    return out


def simulate(*, players: int = 4, strategies: list[str] | None = None, games: int = 1000,
             seed: int | None = None, short: bool = False, deck=None, workers: int | None = None,
             scheduler: str | None = None, simulations: int = 200, raw: bool = False) -> dict:
    """Play ``games`` games and summarise them (JSON-ready dict; per-game arrays with ``raw``)."""
    from .players import STRATEGIES

    strategies = list(strategies or ["random"] * players)
    if len(strategies) != players:
        fail(f"{len(strategies)} strategies given for {players} players")
    for s in strategies:
        if s not in STRATEGIES and s != "openspiel-mcts":
            fail(f"unknown strategy {s!r} (choose from {', '.join(STRATEGIES)})")
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    cfg = R.Config.make(players, short, deck)  # validates players and deck early
    numba_path = all(s in NUMBA_POLICIES for s in strategies)
    chunk = CHUNK_NUMBA if numba_path else CHUNK_PY
    tasks = [dict(players=players, short=short, deck=cfg.deck, strategies=strategies, seed=seed,
                  start=a, stop=b, simulations=simulations) for a, b in chunked(games, chunk)]
    if numba_path and scheduler is None and workers is None and games <= 20000:
        workers = 1  # one compiled process beats forking for small runs
    parts = run_batch(_chunk, tasks, workers=workers, scheduler=scheduler, desc="oct8 games")
    res = {k: np.concatenate([p[k] for p in parts]) for k in
           ("scores", "made", "arms", "winners", "turns", "decisions", "acts")}
    summary = summarise(res, strategies)
    summary.update(players=players, strategies=strategies, seed=seed, short=short, deck=cfg.deck.name,
                   engine=parts[0]["engine"])
    if raw:
        summary["raw"] = res
    return summary


def summarise(res: dict, strategies: list[str]) -> dict:
    winners = res["winners"]
    g, n = winners.shape
    nwin = winners.sum(axis=1)
    sole = nwin == 1
    wins = [int((winners[:, p] == 1)[sole].sum()) for p in range(n)]
    ties = int((~sole).sum())
    shared = [float((winners[:, p] / np.maximum(nwin, 1)).sum()) for p in range(n)]
    out = {
        "games": int(g),
        "wins": wins,
        "ties": ties,
        "win_share": [round(x, 3) for x in shared],
        "win_rate": [round(x / g, 4) for x in shared],
        "win_rate_ci": [[round(v, 4) for v in wilson_interval(x, g)] for x in shared],
        "mean_score": [round(float(res["scores"][:, p].mean()), 3) for p in range(n)],
        "mean_score_ci": [[round(v, 3) for v in mean_ci(res["scores"][:, p])[1:]] for p in range(n)],
        "mean_octopuses": [round(float(res["made"][:, p].mean()), 3) for p in range(n)],
        "mean_turns": round(float(res["turns"].mean()), 3),
        "mean_turns_ci": [round(v, 3) for v in mean_ci(res["turns"])[1:]],
        "mean_decisions": round(float(res["decisions"].mean()), 2),
        "actions_per_game": {c: round(float(res["acts"][:, i].mean()), 3) for i, c in enumerate(R.CATEGORIES)},
        "actions_per_game_ci": {c: [round(v, 3) for v in mean_ci(res["acts"][:, i])[1:]]
                                for i, c in enumerate(R.CATEGORIES)},
        "mean_total_score": round(float(res["scores"].sum(axis=1).mean()), 3),
    }
    assert sum(wins) + ties == g
    return out


def mcts_match(*, games: int = 20, simulations: int = 100, opponent: str = "greedy", seed: int | None = None,
               workers: int | None = None, scheduler: str | None = None, players: int = 4,
               me: str = "mcts") -> dict:
    """``me`` in one seat against ``players - 1`` copies of ``opponent``; the seat rotates game by game
    (game i puts ``me`` in seat i mod players). Win share counts a k-way tie as 1/k."""
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    tasks = []
    for i in range(games):
        strategies = [opponent] * players
        strategies[i % players] = me
        tasks.append(dict(players=players, short=False, deck=None, strategies=strategies, seed=seed,
                          start=i, stop=i + 1, simulations=simulations))
    parts = run_batch(_chunk, tasks, workers=workers, scheduler=scheduler, desc=f"{me} vs {opponent}")
    share, my_scores, opp_scores, sole = [], [], [], 0
    for i, part in enumerate(parts):
        seat = i % players
        w = part["winners"][0]
        share.append(w[seat] / max(1, w.sum()))
        sole += int(w[seat] == 1 and w.sum() == 1)
        my_scores.append(int(part["scores"][0, seat]))
        opp_scores += [int(part["scores"][0, q]) for q in range(players) if q != seat]
    total = float(sum(share))
    acts = np.concatenate([p["acts"] for p in parts])
    return {"actions_per_game": {c: round(float(acts[:, i].mean()), 3) for i, c in enumerate(R.CATEGORIES)},
            "actions_per_game_ci": {c: [round(v, 3) for v in mean_ci(acts[:, i])[1:]]
                                    for i, c in enumerate(R.CATEGORIES)},
            "mean_turns": round(float(np.mean([p["turns"][0] for p in parts])), 3),
            "games": games, "players": players, "me": me, "opponent": opponent, "simulations": simulations,
            "seed": seed, "mcts_wins": sole, "mcts_win_share": round(total, 3),
            "mcts_win_rate": round(total / games, 4),
            "mcts_win_rate_ci": [round(v, 4) for v in wilson_interval(total, games)],
            "fair_share": round(1 / players, 4),
            "mcts_mean_score": round(float(np.mean(my_scores)), 3),
            "opponent_mean_score": round(float(np.mean(opp_scores)), 3)}
