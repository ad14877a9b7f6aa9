"""What the tree adds to Oct8's ``mcts``: two 2-player matches against flat-mc at equal CPU time per
decision, on the same deals (core/match.py, seats alternating, the same seed): ``mcts`` with
``max_depth=1`` (a UCB bandit over the root's moves with the same candidates, determinisations, numba
engine and playouts, and nothing below the root) and ``mcts`` as it plays (the full tree).

    python scripts/oct8_tree_ablation.py [--games 100] [--think-time 0.05] [--seed 20261121]

Prints one line per match (score share of the mcts variant with its 95% Wilson interval); the last
line is one JSON object. Time-limited games depend on the machine: the figures vary run to run.
"""

from __future__ import annotations

import argparse
import json

from octosolve.core.match import MatchSpec, match
from octosolve.oct8.players import Oct8FlatMC
from octosolve.oct8.rules import make_game
from octosolve.oct8.search import Oct8ISMCTS
from octosolve.oct8.solve import warm_kernels

VARIANTS = {"mcts-depth1": {"max_depth": 1}, "mcts": {}}


def new_player(name, game, seed=None, time_limit=None):
    if name == "flat-mc":
        return Oct8FlatMC(seed=seed, time_limit=time_limit)
    return Oct8ISMCTS(seed=seed, time_limit=time_limit, **VARIANTS[name])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    ap.add_argument("--think-time", dest="time_limit", type=float, default=0.05, help="CPU seconds per decision (default 0.05)")
    ap.add_argument("--seed", type=int, default=20261121)
    args = ap.parse_args()
    if not (args.games >= 1 and 0 < args.time_limit <= 60):
        ap.error("--games must be >= 1 and --think-time in (0, 60]")
    warm_kernels()
    spec = MatchSpec(new_game=make_game, new_player=new_player, game_params={"players": 2},
                     player_options={"time_limit": args.time_limit})
    out = {}
    for name in VARIANTS:
        m = match(spec, [name, "flat-mc"], args.games, args.seed, workers=1)
        r = m["results"][name]
        out[name] = {k: r[k] for k in ("wins", "draws", "losses", "score", "score_ci95")}
        lo, hi = r["score_ci95"]
        print(f"{name} vs flat-mc, {args.games} games, {args.time_limit:g} s CPU per decision: {r['wins']} - "
              f"{r['losses']}, score share {r['score']:.3f} [{lo:.3f}, {hi:.3f}]", flush=True)
    print(json.dumps({"games": args.games, "time_limit": args.time_limit, "seed": args.seed, "results": out}))


if __name__ == "__main__":
    main()
