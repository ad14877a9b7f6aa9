"""Oct8 simulations: many games (numba playouts for tables of random and builder players, the Python
engine with the computer players otherwise), spread with the core batch runner, summarised per seat
with intervals. Single games and matches between named players are in :mod:`.matches`."""

from __future__ import annotations

import numpy as np

from ..core.batch import chunked, run_batch
from ..core.errors import fail
from ..core.game import play
from ..core.seeding import derive_seed
from ..core.stats import mean_ci, wilson_interval
from . import rules as R

__all__ = ["simulate", "summarise", "game_params", "warm_kernels"]

CHUNK_NUMBA = 5000
NUMBA_POLICIES = ("random", "builder")  # strategies the numba playout engine plays itself
CHUNK_PY = 10


def game_seeds(seed: int | None, start: int, stop: int) -> np.ndarray:
    return np.array([derive_seed(seed, "oct8-game", i) for i in range(start, stop)], dtype=np.uint64)


def game_params(players: int = 4, variant: str = "standard", deck=None, baby_chips: str = "cap",
                colour_bonus: str = "octopus") -> dict:
    """Checked ``make_game`` parameters (JSON-ready: the deck by name or as its table)."""
    return R.make_game(players=players, variant=variant, deck=deck, baby_chips=baby_chips,
                       colour_bonus=colour_bonus).params()


def _chunk(task: dict) -> dict:
    """One chunk of games (module level: picklable for processes and Dask)."""
    game = R.make_game(**task["game"])
    cfg = game.cfg
    seeds = game_seeds(task["seed"], task["start"], task["stop"])
    n = cfg.players
    if all(s in NUMBA_POLICIES for s in task["strategies"]):
        from . import kernels as K

        out = K.simulate_random(cfg, seeds, task["strategies"])
        wins = out.pop("wins")
        out["winners"] = np.array([[w >> p & 1 for p in range(n)] for w in wins], dtype=np.int64)
        out["engine"] = "numba"
        return out
    from ..core.players import make_player
    from .players import PLAYERS

    g = len(seeds)
    out = dict(scores=np.zeros((g, n), np.int64), made=np.zeros((g, n), np.int64),
               arms=np.zeros((g, n), np.int64), winners=np.zeros((g, n), np.int64),
               turns=np.zeros(g, np.int64), decisions=np.zeros(g, np.int64),
               acts=np.zeros((g, len(R.CATEGORIES)), np.int64), engine="python")
    for i, s in enumerate(seeds):
        gi = task["start"] + i
        players = [make_player(PLAYERS, name, game, seed=derive_seed(task["seed"], "oct8-player", gi, p),
                               simulations=task.get("simulations")) for p, name in enumerate(task["strategies"])]
        st = game.new_initial_state(int(s))
        play(st, players)
        for p in range(n):
            d = st.score_detail(p)
            out["scores"][i, p], out["made"][i, p], out["arms"][i, p] = d["score"], d["octopuses"], d["scoring_arms"]
        for p in st.leaders():  # a tie of every player counts 1/n to each
            out["winners"][i, p] = 1
        out["turns"][i] = st.turns
        out["decisions"][i] = st.decisions
        out["acts"][i] = st.action_counts
    return out


def warm_kernels(cfg=None) -> None:
    """Compile (or load from numba's on-disk cache) the engine's kernels in this process before it
    forks workers: forked workers inherit them, instead of each compiling its own copy at the same
    time (on a fresh install the report compiled them once per worker, 119 s instead of about 50 s
    at load 3). Cheap once compiled (a 1-game playout, one rollout, one swap enumeration, a 4-iteration
    tree search)."""
    import random

    from . import kernels as K
    from .players import exchange_plans, rollout_value
    from .search import Oct8ISMCTS

    game = R.make_game()
    K.simulate_random(cfg or game.cfg, np.zeros(1, dtype=np.uint64))
    state = game.new_initial_state(0)
    rollout_value(state, random.Random(0), 0)
    exchange_plans(state, with_opponent=True)
    Oct8ISMCTS(simulations=4, seed=0).search(state)


def simulate(*, players: list[str] | None = None, games: int = 1000, seed: int | None = None,
             game: dict | None = None, workers: int | None = None, scheduler: str | None = None,
             simulations: int | None = None, raw: bool = False) -> dict:
    """Play ``games`` games between ``players`` (names, one per seat, in seat order; default four
    random players) under ``game`` (``make_game`` parameters) and summarise them per seat
    (JSON-ready; per-game arrays with ``raw``). Seats do not rotate: this measures seats."""
    from ..core.players import find_spec
    from .players import PLAYERS

    game = dict(game or {})
    names = [find_spec(PLAYERS, s).name for s in (players or ["random"] * game.get("players", 4))]
    game["players"] = len(names)
    game = game_params(**game)  # validates the number of players, the deck and the rule options
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    numba_path = all(s in NUMBA_POLICIES for s in names)
    chunk = CHUNK_NUMBA if numba_path else CHUNK_PY
    tasks = [dict(game=game, strategies=names, seed=seed, start=a, stop=b, simulations=simulations)
             for a, b in chunked(games, chunk)]
    if numba_path and scheduler is None and workers is None and games <= 20000:
        workers = 1  # one compiled process beats forking for small runs
    if scheduler is None and workers != 1 and len(tasks) > 1:
        warm_kernels()
    parts = run_batch(_chunk, tasks, workers=workers, scheduler=scheduler, desc="oct8 games")
    res = {k: np.concatenate([p[k] for p in parts]) for k in
           ("scores", "made", "arms", "winners", "turns", "decisions", "acts")}
    summary = summarise(res, names)
    deck = game["deck"] if isinstance(game["deck"], str) else game["deck"].get("name", "custom")
    summary.update(players=names, seed=seed, game=game, variant=game["variant"], deck=deck,
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

