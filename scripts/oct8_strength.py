"""Oct8's search players head to head at equal CPU per decision, with counted budgets so that every
game is reproducible: the stored measurement ``data/oct8/strength.json`` that the report shows
(``octosolve report --only oct8`` re-plays a few of its games and checks the stored results).

The tree search (``mcts``) gets ``--mcts`` iterations per decision, flat Monte Carlo ``--flat``
playouts: an mcts iteration costs about a third of a flat-mc playout (docs/oct8.md, "Speed"), so
the defaults 150 and 60 give both about 10 ms of CPU per decision. Three matches, seats rotating:
mcts vs flat-mc, mcts vs greedy (2 players) and mcts vs 3 greedy (4 players).

    python scripts/oct8_strength.py [--games 200] [--mcts 150] [--flat 60] [--workers 2]
                                     [--out data/oct8/strength.json] [--quick]

Prints one line per match; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from octosolve.core.files import atomic_write_text
from octosolve.core.seeding import DEFAULT_SEED
from octosolve.oct8.strength import MATCHES, run_match


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--mcts", type=int, default=150, help="mcts iterations per decision")
    ap.add_argument("--flat", type=int, default=60, help="flat-mc playouts per decision")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out", default=None, help="write the measurement (JSON) to this file")
    ap.add_argument("--quick", action="store_true", help="6 games per match (under a minute)")
    a = ap.parse_args(argv)
    games = 6 if a.quick else a.games
    budgets = {"mcts": a.mcts, "flat-mc": a.flat}
    out = {"format": "octosolve-oct8-strength/1", "seed": a.seed, "budgets": budgets,
           "command": "python scripts/oct8_strength.py " + " ".join(argv if argv is not None else sys.argv[1:]),
           "matches": []}
    t0 = time.process_time()
    w0 = time.perf_counter()
    for names in MATCHES:
        m = run_match(names, games, a.seed, budgets, workers=a.workers)
        out["matches"].append(m)
        r = m["mcts"]
        print(f"{' vs '.join(names)}: {games} games, mcts {r['wins']}-{r['losses']} (draws {r['draws']}), "
              f"score share {r['score']:.3f} [{r['score_ci95'][0]:.3f}, {r['score_ci95'][1]:.3f}] "
              f"(fair {1 / len(names):.2f})", flush=True)
    if a.out:
        atomic_write_text(a.out, json.dumps(out, indent=1) + "\n")
        print(f"wrote {a.out}")
    first = out["matches"][0]["mcts"]
    print(json.dumps({"ratio": round(first["score"] / 0.5, 3), "mcts_vs_flat_mc_share": first["score"],
                      "games_per_match": games, "wall_s": round(time.perf_counter() - w0, 1),
                      "cpu_s_main": round(time.process_time() - t0, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
