"""Measured games on the shared match layer (``core.match``): matches between named players, the
first-player advantage, and the long measurements the report reads (``measure``: first-player
figures over many games, matches including the one against OpenSpiel's MCTS), written to data files
with the command that made them and re-checked by the report (a sample of games replayed).
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.match import match, play_one
from ..core.stats import wilson_interval
from ..games import match_spec
from .rules import OctagoneGame

__all__ = ["run_match", "first_player_advantage", "advantage", "measure", "recheck", "MEASUREMENTS"]

KEEP = 40  # records kept in a data file (the report replays them)


def run_match(game_params: dict, names: list[str], games: int, seed: int, *, simulations=None,
              workers=1, scheduler=None, desc: str = "games") -> dict:
    """``core.match.match`` for Octagone (seats rotate; the Dama's holder is drawn from each deal)."""
    opts = {} if simulations is None else {"simulations": simulations}
    spec = match_spec("octagone", game_params, opts)
    return match(spec, names, games, seed, workers=workers, scheduler=scheduler, desc=desc)


def first_player_advantage(game_params: dict, records: list[dict]) -> dict:
    """How often the side that placed the Dama Bianca won (ties counted apart and as 1/2)."""
    game = OctagoneGame(**game_params)
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


def advantage(game_params: dict, player: str, games: int, seed: int, *, simulations=None,
              workers=1, scheduler=None) -> dict:
    """Both (all) sides play ``player``; the first side's results."""
    n = int(game_params.get("players", 2))
    m = run_match(game_params, [player] * n, games, seed, simulations=simulations, workers=workers,
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
MEASUREMENTS = ("first-player", "matches")


def _slim(m: dict) -> dict:
    """A match result with only its first KEEP records (the report replays those)."""
    out = {k: v for k, v in m.items() if k != "records"}
    out["records_kept"] = m["records"][:KEEP]
    return out


def measure(what: str, seed: int, *, quick: bool = False, workers=None, scheduler=None,
            wrap: str = "edge") -> dict:
    """The long measurements of the report: ``first-player`` (random and greedy self-play in the
    three variants) or ``matches`` (greedy v random, mcts v greedy, alphabeta v mcts and mcts v
    OpenSpiel's MCTS, standard rules)."""
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
                adv["records_kept"] = m["records"][:KEEP]
                rows[f"{variant}/{player}"] = adv
        return {"what": what, "seed": seed, "quick": quick, "results": rows}
    if what == "matches":
        from ..core.seeding import derive_seed
        from ..core.players import player_available
        from .players import PLAYERS

        params = {"variant": "standard", "players": 2, "hidden": False, "wrap": wrap}
        rows = []
        for a, b, n, sims in (MATCHES_QUICK if quick else MATCHES_FULL):
            if not player_available(PLAYERS, b):
                continue
            m = run_match(params, [a, b], n, derive_seed(seed, "match", a, b), simulations=sims,
                          workers=workers, scheduler=scheduler, desc=f"{a} v {b}")
            rows.append(_slim(m))
        return {"what": what, "seed": seed, "quick": quick, "results": rows}
    fail(f"unknown measurement {what!r} (choose from {', '.join(MEASUREMENTS)})")


def recheck(result: dict, sample: int = 4) -> int:
    """Replay the first ``sample`` kept records of a match result (the same seeds give the same
    games); an ``OctoError`` if one differs. Returns the number replayed."""
    opts = dict(result.get("options") or {})
    spec = match_spec("octagone", result["game"], opts)
    done = 0
    for g, rec in enumerate(result["records_kept"][:sample]):
        again = play_one(spec, rec["seats"], rec["seed"], g)
        if again["winners"] != rec["winners"] or again["moves"] != rec["moves"]:
            fail(f"the stored game {g} of {rec['seats']} does not replay the same "
                 "(the data file is stale: run its command again)")
        done += 1
    return done
