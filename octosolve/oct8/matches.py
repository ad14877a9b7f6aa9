"""Played games of Oct8: one game between named players (:func:`play_one`, over
``core.match.play_game``: the one game record, with :func:`record_extras` as its extras) and matches
with the seats rotating (:func:`match`, over ``core.match``)."""

from __future__ import annotations

from . import rules as R
from .solve import game_params, warm_kernels

__all__ = ["match", "play_one", "record_extras", "match_spec", "measure", "OPENSPIEL_FILE"]


def match(names: list[str], games: int, seed: int | None, *, game: dict | None = None,
          simulations: int | None = None, time_limit: float | None = None, workers: int | None = None,
          scheduler: str | None = None, keep_records: bool = False) -> dict:
    """A match through ``core/match.py``: ``names`` (their number is the number of players) play
    ``games`` games, the seats rotating; wins, draws, losses and score share with Wilson intervals
    per player and per seat, plus the mean score of each player's seats."""
    from ..core.match import match as core_match

    params = dict(game or {})
    params["players"] = len(names)
    params = game_params(**params)
    opts = {"simulations": simulations} if simulations else {}
    if time_limit:
        opts["time_limit"] = float(time_limit)
    if scheduler is None and games > 1:
        warm_kernels()  # before forking workers, and before any player's clock runs
    m = core_match(match_spec(params, opts), names, games, seed, workers=workers,
                   scheduler=scheduler, desc="oct8 match", keep_records=True)
    m["fair_share"] = round(1 / len(names), 4)
    if not keep_records:
        m.pop("records")
    return m


def record_extras(state) -> dict:
    """The Oct8 fields of a game record: each seat's secret colour, score and score detail, the
    leaders, and the numbers of turns and decisions."""
    n = state.n
    details = [state.score_detail(p) for p in range(n)]
    return {"colours": [R.COLOURS[state.colour(p)] for p in range(n)],
            "scores": [d["score"] for d in details], "details": details,
            "leaders": state.leaders(), "turns": state.turns, "decisions": state.decisions}


def match_spec(game_params: dict | None = None, player_options: dict | None = None):
    """The picklable match description of an Oct8 game (``core.match.game_spec`` over the game's
    own ``rules.make_game``, ``players.new_player`` and :func:`record_extras`)."""
    from ..core.match import game_spec
    from .players import new_player
    from .rules import make_game

    return game_spec("oct8", make_game, new_player, game_params, player_options, extras=record_extras)


def play_one(names: list[str], seed: int | None, *, game: dict | None = None, simulations: int | None = None,
             time_limit: float | None = None, max_moves: int | None = None):
    """One game between ``names`` (seat order), game 0 of a match (``core.match.play_game``):
    ``(final state, JSON-ready summary)``, the summary holding ``record``, the game record
    (octosolve-record/1); with ``max_moves`` the game stops after that many moves of the record (0: none)."""
    from ..core.match import play_game
    from ..core.seeding import DEFAULT_SEED

    seed = DEFAULT_SEED if seed is None else seed
    params = dict(game or {})
    params["players"] = len(names)
    opts = {"simulations": simulations} if simulations else {}
    if time_limit:
        opts["time_limit"] = float(time_limit)
    rec, st = play_game(match_spec(params, opts), list(names), seed, 0,
                        max_moves=1_000_000 if max_moves is None else max_moves)
    ex = rec["extras"]
    res = {"seed": seed, "players": list(names), "game": rec["params"], "over": st.is_terminal(),
           "colours": ex["colours"], "scores": ex["scores"], "details": ex["details"],
           "winners": st.winners(), "leaders": ex["leaders"], "turns": ex["turns"],
           "decisions": ex["decisions"], "record": rec}
    return st, res


# ---------------------------------------------------------------------- the long measurement
OPENSPIEL_FILE = "openspiel_match.json"  # in data/oct8/
MEASURE_PLAN = {"players": ["flat-mc", "openspiel-mcts"], "games": 30, "simulations": 25}
MEASURE_QUICK = {"players": ["flat-mc", "openspiel-mcts"], "games": 2, "simulations": 4}


def measure(seed: int, *, quick: bool = False, workers: int | None = None, scheduler: str | None = None,
            command: str = "") -> dict:
    """The report's long measurement: flat-mc against OpenSpiel's MCTS bot, heads-up (minutes: the
    bot's rollouts run through the Python adapter). JSON-ready, no duration in it: the core match
    result, each player's mean score (read off the records' extras) and each game's summary with
    its scores (the games are replayable from their seeds)."""
    from ..core.players import player_available
    from ..core.record import summary
    from .players import PLAYERS

    if not player_available(PLAYERS, "openspiel-mcts"):
        fail("oct8 measure plays OpenSpiel's MCTS bot: install the openspiel extra (pip install "
             "'octosolve[openspiel]')")
    plan = MEASURE_QUICK if quick else MEASURE_PLAN
    m = match(plan["players"], plan["games"], seed, simulations=plan["simulations"], workers=workers,
              scheduler=scheduler, keep_records=True)
    totals = {nm: [0.0, 0] for nm in plan["players"]}
    for r in m["records"]:
        for nm, sc in zip(r["players"], r["extras"]["scores"]):
            totals[nm][0] += sc
            totals[nm][1] += 1
    m["mean_scores"] = {nm: round(t / n, 3) if n else None for nm, (t, n) in totals.items()}
    m["records"] = [dict(summary(r), scores=r["extras"]["scores"]) for r in m["records"]]
    m.update({"what": "Oct8: flat-mc against OpenSpiel's MCTS bot, heads-up", "command": command,
              "quick": quick, "simulations": plan["simulations"]})
    return m
