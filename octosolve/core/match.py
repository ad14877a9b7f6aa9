"""Matches and tournaments for every game, with one result format.

A match plays ``games`` games between named players; game *g* seats the names rotated by *g* (with
two players the seats alternate), so no player keeps the first seat. Game *g* is dealt from
``derive_seed(seed, "match", g)`` and player *i* of game *g* is seeded with
``derive_seed(seed, "player", g, i)``: the same seed gives the same games however the games are
spread over processes (``workers``) or a Dask cluster (``scheduler``).

The result (:func:`match`) is JSON-ready::

    {"players": [...], "games": N, "seed": S, "options": {...},
     "results": {name: {"games", "wins", "draws", "losses", "score", "score_ci95": [lo, hi]}},
     "seats": [{"seat": i, "wins", "draws", "losses", "score", "score_ci95"}, ...],
     "records": [{"seats": [names...], "winners": [...], "returns": [...], "moves": n}, ...]}

A win counts 1, a draw (no winner) 1/2, a loss 0; ``score`` is the share of points and
``score_ci95`` its 95% Wilson interval. A team win (several winners) is a win for each of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .batch import run_batch
from .errors import fail
from .game import Game, Player, play
from .seeding import derive_seed, py_random
from .stats import wilson_interval

__all__ = ["MatchSpec", "play_one", "match", "tally", "round_robin"]


@dataclass(frozen=True)
class MatchSpec:
    """Everything a worker process needs to play one game (picklable: module-level callables).

    ``new_game(**game_params) -> Game``;
    ``new_player(name, game, seed=..., **player_options) -> Player``.
    """

    new_game: Callable[..., Game]
    new_player: Callable[..., Player]
    game_params: dict
    player_options: dict
    max_moves: int = 100_000


def play_one(spec: MatchSpec, names: Sequence[str], seed: int, game_index: int = 0,
             keep_history: bool = False) -> dict:
    """Play one game between ``names`` (seat order); returns its record."""
    game = spec.new_game(**spec.game_params)
    state = game.new_initial_state(seed)
    players = [spec.new_player(nm, game, seed=derive_seed(seed, "player", game_index, i),
                               **spec.player_options) for i, nm in enumerate(names)]
    record = play(state, players, rng=py_random(seed, "chance"), max_moves=spec.max_moves)
    rec = {"seats": list(names), "seed": seed, "winners": list(state.winners()),
           "returns": [float(r) for r in state.returns()], "moves": len(record),
           "terminal": state.is_terminal()}
    if keep_history:
        rec["history"] = [[int(p), int(a)] for p, a in record]
    return rec


def _task(task):
    spec, names, seed, g = task
    return play_one(spec, names, seed, g)


def tally(records: Sequence[dict], names: Sequence[str]) -> dict:
    """Wins, draws, losses and score share with its Wilson interval, per name and per seat."""
    per_name = {nm: {"games": 0, "wins": 0, "draws": 0, "losses": 0} for nm in dict.fromkeys(names)}
    n_seats = max((len(r["seats"]) for r in records), default=len(names))
    per_seat = [{"seat": i, "games": 0, "wins": 0, "draws": 0, "losses": 0} for i in range(n_seats)]
    for r in records:
        w = set(r["winners"])
        for i, nm in enumerate(r["seats"]):
            key = "draws" if not w else ("wins" if i in w else "losses")
            for st in (per_name[nm], per_seat[i]):
                st["games"] += 1
                st[key] += 1
    for st in list(per_name.values()) + per_seat:
        pts = st["wins"] + 0.5 * st["draws"]
        st["score"] = pts / st["games"] if st["games"] else 0.0
        st["score_ci95"] = list(wilson_interval(pts, st["games"])) if st["games"] else [0.0, 1.0]
    return {"results": per_name, "seats": per_seat}


def match(spec: MatchSpec, names: Sequence[str], games: int, seed: int | None, *,
          workers: int | None = 1, scheduler: str | None = None, desc: str = "games",
          keep_records: bool = True) -> dict:
    """Play ``games`` games between ``names``, rotating the seats; see the module docstring."""
    names = list(names)
    if not names:
        fail("a match needs at least one player")
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    n = len(names)
    tasks = [(spec, [names[(i + g) % n] for i in range(n)], derive_seed(seed, "match", g), g)
             for g in range(games)]
    records = run_batch(_task, tasks, workers=workers, scheduler=scheduler, desc=desc)
    out = {"players": names, "games": games, "seed": seed, "game": dict(spec.game_params),
           "options": dict(spec.player_options)}
    out.update(tally(records, names))
    if keep_records:
        out["records"] = records
    return out


def round_robin(spec: MatchSpec, names: Sequence[str], games: int, seed: int | None, *,
                workers: int | None = 1, scheduler: str | None = None) -> dict:
    """Every pair of distinct names plays a two-player match of ``games`` games (seats alternating).

    Returns ``{"players", "games", "seed", "pairs": [{"players": [a, b], "results": ...}],
    "table": {name: {"wins", "draws", "losses", "score", "score_ci95"}}}``.
    """
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        fail("a tournament needs at least two different players")
    pairs, recs_all = [], []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            pair_seed = derive_seed(seed, "pair", names[i], names[j])
            m = match(spec, [names[i], names[j]], games, pair_seed, workers=workers,
                      scheduler=scheduler, desc=f"{names[i]} v {names[j]}")
            pairs.append({"players": m["players"], "seed": pair_seed, "results": m["results"]})
            recs_all += m["records"]
    table = tally(recs_all, names)["results"]
    return {"players": names, "games": games, "seed": seed, "game": dict(spec.game_params),
            "options": dict(spec.player_options), "pairs": pairs, "table": table}
