"""Matches and tournaments for every game: each game is played into the one game record
(:mod:`octosolve.core.record`, ``octosolve-record/1``), and every summary is derived from records.

A match plays ``games`` games between named players; game *g* seats the names rotated by *g* (with
two players the seats alternate), so no player keeps the first seat. Game *g* is dealt from
``derive_seed(seed, "match", g)`` and player *i* of game *g* is seeded with
``derive_seed(seed, "player", g, i)``: the same seed gives the same games however the games are
spread over processes (``workers``) or a Dask cluster (``scheduler``).

:func:`play_one` plays one game and returns its record (game, params, players, seed, every move
in the game's notation, outcome, and the game's ``extras`` through the spec's hook). The result of
:func:`match` is JSON-ready::

    {"players": [...], "games": N, "seed": S, "game": {...}, "options": {...},
     "results": {name: {"games", "wins", "draws", "losses", "score", "score_ci95": [lo, hi]}},
     "seats": [{"seat": i, "wins", "draws", "losses", "score", "score_ci95"}, ...],
     "records": [<octosolve-record/1>, ...]}

A win counts 1, a draw (no winner) 1/2, a loss 0; ``score`` is the share of points and
``score_ci95`` its 95% Wilson interval. A name that sits in several seats of a game (oct8's
``greedy,greedy,mcts,mcts``) has its counts in seats, but its interval counts games (each scored by
the mean of its seats' points), since the seats of one game are not independent trials. A team win (several winners) is a win for each of them.
:func:`tally` reads records, or their short summaries (:func:`octosolve.core.record.summary`, the
shape the long measurements' data files keep).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .batch import run_batch
from .errors import fail
from .game import Game, Player, State, play
from .record import RECORD_FORMAT, as_summary, finish_record, move_text
from .seeding import chance_rng, derive_seed, player_seed
from .stats import wilson_interval
from .words import counted

__all__ = ["MatchSpec", "game_spec", "play_game", "play_one", "match", "tally", "tally_by_team", "pairings", "round_robin",
           "results_lines"]


@dataclass(frozen=True)
class MatchSpec:
    """Everything a worker process needs to play one game (picklable: module-level callables).

    ``new_game(**game_params) -> Game``;
    ``new_player(name, game, seed=..., **player_options) -> Player``;
    ``game_name``: the name the records carry (the registry's); ``extras(state) -> dict`` (optional):
    the game's own fields of a finished game's record (the hook a game's ``matches.record_extras``
    fills).
    """

    new_game: Callable[..., Game]
    new_player: Callable[..., Player]
    game_params: dict
    player_options: dict
    max_moves: int = 100_000
    game_name: str = "game"
    extras: Callable[[State], dict] | None = None


def game_spec(game_name: str, new_game: Callable[..., Game], new_player: Callable[..., Player],
              game_params: dict | None = None, player_options: dict | None = None, *,
              extras: Callable[[State], dict] | None = None, max_moves: int = 100_000) -> MatchSpec:
    """The :class:`MatchSpec` of a game from its own module-level functions (its ``rules.make_game``,
    ``players.new_player`` and ``matches.record_extras``): what a game's own modules use, so they
    never go through the registry above them."""
    return MatchSpec(new_game=new_game, new_player=new_player, game_params=dict(game_params or {}),
                     player_options=dict(player_options or {}), max_moves=max_moves,
                     game_name=game_name, extras=extras)


def play_game(spec: MatchSpec, names: Sequence[str], seed: int | None, game_index: int = 0,
              max_moves: int | None = None) -> tuple[dict, State]:
    """Play one game between ``names`` (seat order): ``(its record, the final state)``; with
    ``max_moves`` the game stops after that many moves (its record is then unfinished)."""
    game = spec.new_game(**spec.game_params)
    state = game.new_initial_state(seed)
    players = [spec.new_player(nm, game, seed=player_seed(seed, game_index, i),
                               **spec.player_options) for i, nm in enumerate(names)]
    moves: list[dict] = []

    def on_move(s, p, a):  # the notation is read on the state before the move
        moves.append({"player": int(p), "action": int(a), "move": move_text(s, a)})

    play(state, players, rng=chance_rng(seed),
         max_moves=spec.max_moves if max_moves is None else max_moves, on_move=on_move)
    rec = {"format": RECORD_FORMAT, "game": spec.game_name, "params": dict(game.params()),
           "players": [str(x) for x in names], "seed": None if seed is None else int(seed),
           "moves": moves}
    finish_record(rec, state)
    if spec.extras is not None:
        extras = spec.extras(state)
        if extras:
            rec["extras"] = dict(extras)
    return rec, state


def play_one(spec: MatchSpec, names: Sequence[str], seed: int | None, game_index: int = 0) -> dict:
    """Play one game between ``names`` (seat order); returns its record (octosolve-record/1)."""
    return play_game(spec, names, seed, game_index)[0]


def _task(task):
    spec, names, seed, g = task
    return play_one(spec, names, seed, g)


def tally(records: Sequence[dict], names: Sequence[str]) -> dict:
    """Wins, draws, losses and score share with its Wilson interval, per name and per seat, read
    off game records (or their summaries)."""
    records = [as_summary(r) for r in records]
    per_name = {nm: {"games": 0, "wins": 0, "draws": 0, "losses": 0} for nm in dict.fromkeys(names)}
    n_seats = max((len(r["seats"]) for r in records), default=len(names))
    per_seat = [{"seat": i, "games": 0, "wins": 0, "draws": 0, "losses": 0} for i in range(n_seats)]
    game_means = {nm: [] for nm in per_name}  # a name's mean points in each game it sat in
    for r in records:
        w = set(r["winners"])
        got = {}
        for i, nm in enumerate(r["seats"]):
            key = "draws" if not w else ("wins" if i in w else "losses")
            for st in (per_name[nm], per_seat[i]):
                st["games"] += 1
                st[key] += 1
            got.setdefault(nm, []).append({"wins": 1.0, "draws": 0.5, "losses": 0.0}[key])
        for nm, pts in got.items():
            game_means[nm].append(sum(pts) / len(pts))
    for st in list(per_name.values()) + per_seat:
        pts = st["wins"] + 0.5 * st["draws"]
        st["score"] = pts / st["games"] if st["games"] else 0.0
        st["score_ci95"] = list(wilson_interval(pts, st["games"])) if st["games"] else [0.0, 1.0]
    for nm, st in per_name.items():
        if st["games"] > len(game_means[nm]):
            # several seats of one game are not independent trials (they share the deal and, in a
            # team game, the result): the interval counts games, each scored by its seats' mean
            means = game_means[nm]
            st["score_ci95"] = list(wilson_interval(sum(means), len(means)))
    return {"results": per_name, "seats": per_seat}


def tally_by_team(result: dict) -> dict:
    """A team game's results per name counted once a game (every seat of a name is in one team,
    which the game's match checks first; the partners share the team's result): :func:`tally`
    counts a name once a seat, so a team of one player would show twice the games played."""
    per = {nm: {"games": 0, "wins": 0, "draws": 0, "losses": 0} for nm in dict.fromkeys(result["players"])}
    for rec in result["records"]:
        r = as_summary(rec)
        w = set(r["winners"])
        for nm in dict.fromkeys(r["seats"]):
            key = "draws" if not w else ("wins" if r["seats"].index(nm) in w else "losses")
            per[nm]["games"] += 1
            per[nm][key] += 1
    for st in per.values():
        pts = st["wins"] + 0.5 * st["draws"]
        st["score"] = pts / st["games"] if st["games"] else 0.0
        st["score_ci95"] = list(wilson_interval(pts, st["games"])) if st["games"] else [0.0, 1.0]
    return per


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


def results_lines(results: dict, indent: str = "  ", games: int | None = None) -> list[str]:
    """The readable lines of a match's (or a tournament table's) results, one per player: the one
    way every game's ``match`` and ``tournament`` print them. ``games``: the games played, when a
    name can sit in several seats of a game (its counts are then seats, said as such)."""
    width = max((len(nm) for nm in results), default=0)
    out = []
    for nm, st in results.items():
        lo, hi = st["score_ci95"]
        played = (f"in {counted(st['games'], 'seat')} of {counted(games, 'game')}"
                  if games is not None and st["games"] > games else f"in {counted(st['games'], 'game')}")
        out.append(f"{indent}{nm:<{width}}  {counted(st['wins'], 'win')}, {counted(st['draws'], 'draw')}, "
                   f"{counted(st['losses'], 'loss', 'losses')} {played}; score {st['score']:.3f} "
                   f"(95% CI {lo:.3f}-{hi:.3f})")
    return out


def pairings(names: Sequence[str], seed: int | None) -> list[tuple[str, str, int]]:
    """The pairs of a round robin, each with its seed: ``(a, b, derive_seed(seed, "pair", a, b))``
    for every pair of ``names`` (in order); a one-line error for fewer than two different names or
    for a name given twice (it would play itself, or silently once)."""
    names = list(names)
    twice = sorted({n for n in names if names.count(n) > 1})
    if len(set(names)) < 2:
        fail("a tournament needs at least two different players")
    if twice:
        fail(f"a tournament lists each player once: {', '.join(twice)} named twice")
    return [(names[i], names[j], derive_seed(seed, "pair", names[i], names[j]))
            for i in range(len(names)) for j in range(i + 1, len(names))]


def round_robin(spec: MatchSpec, names: Sequence[str], games: int, seed: int | None, *,
                workers: int | None = 1, scheduler: str | None = None) -> dict:
    """Every pair of distinct names plays a two-player match of ``games`` games (seats alternating).

    Returns ``{"players", "games", "seed", "pairs": [{"players": [a, b], "results": ...}],
    "table": {name: {"wins", "draws", "losses", "score", "score_ci95"}}}``.
    """
    pairs, recs_all = [], []
    for a, b, pair_seed in pairings(names, seed):
        m = match(spec, [a, b], games, pair_seed, workers=workers, scheduler=scheduler,
                  desc=f"{a} v {b}")
        pairs.append({"players": m["players"], "seed": pair_seed, "results": m["results"]})
        recs_all += m["records"]
    names = list(names)
    table = tally(recs_all, names)["results"]
    return {"players": names, "games": games, "seed": seed, "game": dict(spec.game_params),
            "options": dict(spec.player_options), "pairs": pairs, "table": table}
