"""Played games of Oct8: one game between named players (:func:`play_one`, over ``core.game.play``,
its moves in the game's notation as ``core.record`` writes them) and matches with the seats rotating
(:func:`match`, over ``core.match``)."""

from __future__ import annotations

from ..core.game import play
from ..core.record import make_record
from ..core.seeding import derive_seed
from . import rules as R
from .solve import game_params, warm_kernels

__all__ = ["match", "play_one"]


def match(names: list[str], games: int, seed: int | None, *, game: dict | None = None,
          simulations: int | None = None, time_limit: float | None = None, workers: int | None = None,
          scheduler: str | None = None, keep_records: bool = False) -> dict:
    """A match through ``core/match.py``: ``names`` (their number is the number of players) play
    ``games`` games, the seats rotating; wins, draws, losses and score share with Wilson intervals
    per player and per seat, plus the mean score of each player's seats."""
    from ..core.match import match as core_match
    from ..games import match_spec

    params = dict(game or {})
    params["players"] = len(names)
    params = game_params(**params)
    opts = {"simulations": simulations} if simulations else {}
    if time_limit:
        opts["time_limit"] = float(time_limit)
    if scheduler is None and games > 1:
        warm_kernels()  # before forking workers, and before any player's clock runs
    m = core_match(match_spec("oct8", params, opts), names, games, seed, workers=workers,
                   scheduler=scheduler, desc="oct8 match", keep_records=True)
    m["fair_share"] = round(1 / len(names), 4)
    if not keep_records:
        m.pop("records")
    return m


def play_one(names: list[str], seed: int | None, *, game: dict | None = None, simulations: int | None = None,
             time_limit: float | None = None, max_moves: int | None = None):
    """One game between ``names`` (seat order) through ``core.game.play``: ``(final state, JSON-ready
    summary)``; with ``max_moves`` the game stops after that many decisions."""
    from ..core.players import make_player
    from ..core.seeding import DEFAULT_SEED
    from .players import PLAYERS

    seed = DEFAULT_SEED if seed is None else seed
    params = dict(game or {})
    params["players"] = len(names)
    g = R.make_game(**params)
    st = g.new_initial_state(seed)
    ps = [make_player(PLAYERS, nm, g, seed=derive_seed(seed, "oct8-play", p), simulations=simulations,
                      time_limit=time_limit) for p, nm in enumerate(names)]
    play(st, ps, max_moves=max_moves or 1_000_000)
    n = len(names)
    details = [st.score_detail(p) for p in range(n)]
    res = {"seed": seed, "players": list(names), "game": g.params(), "over": st.is_terminal(),
           "colours": [R.COLOURS[st.colour(p)] for p in range(n)],
           "scores": [d["score"] for d in details], "details": details, "winners": st.winners(),
           "leaders": st.leaders(), "turns": st.turns, "decisions": st.decisions,
           # the moves in the one notation, each read on the state before it (core/record.py)
           "record": make_record("oct8", g, seed, names, st.history)["moves"]}
    return st, res
