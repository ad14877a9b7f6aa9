"""Oct8's search players head to head with counted budgets per player (``mcts`` iterations,
``flat-mc`` playouts), so every game is reproducible: :func:`run_match` plays a match through
``core.match`` and keeps each game's seed and result; :func:`check_games` re-plays chosen games and
compares. The stored measurement is ``data/oct8/strength.json`` (``scripts/oct8_strength.py``)."""

from __future__ import annotations

from ..core.match import MatchSpec, match, play_one
from ..core.record import as_summary
from .players import new_player as _new_player
from .rules import make_game
from .solve import game_params, warm_kernels

__all__ = ["MATCHES", "run_match", "check_games"]

MATCHES = (("mcts", "flat-mc"), ("mcts", "greedy"), ("mcts", "greedy", "greedy", "greedy"))


def _player(name, game, *, seed=None, budgets=None):
    """``new_player`` with the budget of this player's name (module level: picklable)."""
    opts = {"simulations": budgets[name]} if budgets and name in budgets else {}
    return _new_player(name, game, seed=seed, **opts)


def _new_game(**params):
    return make_game(**params)


def _spec(n_players: int, budgets: dict) -> MatchSpec:
    return MatchSpec(new_game=_new_game, new_player=_player, game_params=game_params(players=n_players),
                     player_options={"budgets": dict(budgets)}, game_name="oct8")


def run_match(names, games: int, seed: int, budgets: dict, *, workers: int | None = None) -> dict:
    """A match between ``names`` (seats rotating) with per-name budgets; the tally per player
    (wins, draws, losses, score share with its 95% Wilson interval) and every game's seats, seed and
    winners."""
    warm_kernels()
    m = match(_spec(len(names), budgets), list(names), games, seed, workers=workers, keep_records=True,
              desc="oct8 strength")
    res = {"players": list(names), "games": games, "budgets": {n: budgets[n] for n in names if n in budgets},
           "games_played": [{"seats": r["seats"], "seed": r["seed"], "winners": r["winners"],
                             "returns": r["returns"]} for r in map(as_summary, m["records"])]}
    for name in dict.fromkeys(names):
        res[name] = m["results"][name]
    return res


def check_games(stored: dict, match_index: int, game_indices) -> list[str]:
    """Re-play games ``game_indices`` of the stored match ``match_index``; the problems found (empty:
    every re-played game has the stored winners and returns)."""
    m = stored["matches"][match_index]
    spec = _spec(len(m["players"]), stored["budgets"])
    problems = []
    for gi in game_indices:
        g = m["games_played"][gi]
        r = as_summary(play_one(spec, g["seats"], g["seed"], gi))
        if r["winners"] != g["winners"] or [round(x, 6) for x in r["returns"]] != [round(x, 6) for x in g["returns"]]:
            problems.append(f"match {match_index} game {gi}: stored winners {g['winners']}, re-played {r['winners']}")
    return problems
