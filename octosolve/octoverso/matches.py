"""Played games of Octoverso on the shared layers: one game (``core.game.play``) and its record,
matches and round-robin tournaments (``core.match``), with the first mover read off each game's
history.

A match here plays exactly the games of :func:`octosolve.core.match.match` for the same seed (seat
rotation, deal ``derive_seed(seed, "match", g)``, players ``derive_seed(seed, "player", g, i)``), and
adds, per game, who moved first after the opening (the player of the alphabetically first word): the
first-mover edge is the share of decided games won by that player's team.

>>> m = match(["greedy", "random"], 2, seed=1, workers=1)
>>> m["results"]["greedy"]["games"], len(m["records"])
(2, 2)
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.match import match as core_match
from ..core.match import pairings, play_one, tally
from ..core.match import play_game as core_play_game
from ..core.record import summary
from ..core.seeding import derive_seed
from ..core.stats import wilson_interval
from . import rules as R

__all__ = ["play_game", "play_record", "game_record", "match", "tournament", "team_names", "first_mover_edge",
           "game_spec", "play_match_game", "record_extras", "match_summary"]


def record_extras(state) -> dict:
    """The Octoverso fields of a game record: ``first_mover`` (the seat that moved first after
    the announcements: the first ``n`` actions are the announcements, the next is the first
    mover's) and ``turns``."""
    n, hist = state.num_players(), state.history
    return {"first_mover": int(hist[n][0]) if len(hist) > n else None, "turns": int(state.turn)}



def match_spec(game_params: dict | None = None, player_options: dict | None = None):
    """The picklable match description of an Octoverso game (``core.match.game_spec`` over the game's
    own ``rules.make_game``, ``players.new_player`` and :func:`record_extras`)."""
    from ..core.match import game_spec
    from .players import new_player
    from .rules import make_game

    return game_spec("octoverso", make_game, new_player, game_params, player_options, extras=record_extras)


def match_summary(rec: dict) -> dict:
    """A record's summary (:func:`octosolve.core.record.summary`) plus ``first``, the first
    mover: the shape of the games kept in ``data/octoverso/simulations.json``."""
    out = summary(rec)
    out["first"] = (rec.get("extras") or {}).get("first_mover")
    return out


def game_spec(game_params: dict, simulations: int | None):
    """The picklable match description (:func:`match_spec`) of an Octoverso game."""
    return match_spec(game_params, {"simulations": simulations} if simulations else {})


def play_record(names, seed: int, *, jokers: bool = False, lexicon: str | None = None,
                simulations: int | None = None, teams: bool | None = None,
                spotting: str = "auto") -> tuple[dict, R.OctoversoState]:
    """Play one game between named players (``names[i]`` at seat i: 2 names, or 4 for the team game,
    seats 0 and 2 against 1 and 3) through ``core.match.play_game`` (seeded as game 0 of a match);
    returns ``(its record, the final state)``. ``spotting``: the reading of the interaction rule
    (``auto`` or ``claim``: ``spotting.py``; the same game, the claims recorded as moves)."""
    teams = len(names) == R.TEAM_PLAYERS if teams is None else teams
    params = {"jokers": bool(jokers), "teams": bool(teams), "lexicon": lexicon}
    if spotting != "auto":
        params["spotting"] = spotting
    game = R.make_game(**params)
    if len(names) != game.num_players:
        fail(f"this game has {game.num_players} seats, got {len(names)} players")
    return core_play_game(game_spec(params, simulations), list(names), seed, 0,
                          max_moves=game.info.max_game_length)


def play_game(names, seed: int, **kw) -> R.OctoversoState:
    """The final state of :func:`play_record`'s game."""
    return play_record(names, seed, **kw)[1]


def game_record(state: R.OctoversoState, names, seed: int) -> dict:
    """A JSON-ready record of a finished game: its events, result and final position."""
    rec = {
        "seed": seed, "players": list(names), "params": state.game.params(),
        "first_player": state.first if state.first >= 0 else None,
        "winner": state.winner if state.winner >= 0 else None, "winners": state.winners(),
        "turns": state.turn, "events": [dict(e) for e in state.log],
        "final": {"rail": R.rail_string(state.rail), "hands": [R.hand_string(h) for h in state.hands],
                  "pool": int(state.pool.sum())},
    }
    if state.game.teams:
        rec["teams"] = [[q for q in range(state.num_players()) if R.team_of(q) == t] for t in (0, 1)]
        rec["winning_team"] = state.winning_team if state.winner >= 0 else None
    return rec


def play_match_game(task) -> dict:
    """Game ``g`` of a match: ``(spec, seat names, seed, g, players)`` -> its record."""
    spec, names, seed, g, _n = task
    return play_one(spec, names, seed, g)


def first_mover_edge(records: list[dict]) -> dict:
    """Decided games won by the first mover's team, with its 95% Wilson interval."""
    records = [match_summary(r) if "format" in r else r for r in records]
    decided = [r for r in records if r["winners"] and r.get("first") is not None]
    wins = sum(1 for r in decided if r["first"] in r["winners"])
    lo, hi = wilson_interval(wins, len(decided))
    return {"decided": len(decided), "first_mover_wins": wins,
            "rate": wins / len(decided) if decided else 0.0, "ci95": [lo, hi]}


def team_names(names: list[str]) -> list[str]:
    """Seats of a team game for two team names (each team two copies of its player)."""
    if len(names) != 2:
        fail(f"a team match names two teams, got {len(names)}")
    return [names[0], names[1], names[0], names[1]]


def match(names: list[str], games: int, *, seed: int | None = None, jokers: bool = False,
          teams: bool = False, lexicon: str | None = None, simulations: int | None = None,
          workers: int | None = 1, scheduler: str | None = None, keep_records: bool = True) -> dict:
    """``games`` games between ``names`` (2, or with ``teams`` two team names): the games of
    :func:`octosolve.core.match.match` (its records); its result format plus ``first_mover``."""
    game_params = {"jokers": bool(jokers), "teams": bool(teams), "lexicon": lexicon}
    seats = team_names(list(names)) if teams else list(names)
    game = R.make_game(**game_params)
    if len(seats) != game.num_players:
        fail(f"--players names {len(seats)} players; this game takes {game.num_players}")
    m = core_match(game_spec(game_params, simulations), seats, games, seed, workers=workers,
                   scheduler=scheduler, desc=" v ".join(names))
    records = m["records"]
    out = {"players": list(names), "teams": bool(teams), "jokers": bool(jokers), "games": games,
           "seed": seed, "simulations": simulations}
    if teams:  # one result per team and game (each team holds two seats)
        team_recs = [{"seats": r["players"][:2], "winners": [w % 2 for w in r["outcome"]["winners"][:1]]}
                     for r in records]
        out.update(tally(team_recs, list(names)))
    else:
        out.update({"results": m["results"], "seats": m["seats"]})
    out["first_mover"] = first_mover_edge(records)
    out["mean_turns"] = sum(len(r["moves"]) for r in records) / len(records)
    if keep_records:
        out["records"] = records
    return out


def tournament(names: list[str], games: int, *, seed: int | None = None, **kw) -> dict:
    """Every pair of distinct ``names`` plays a match of ``games`` games (the pairs and their seeds
    of :func:`octosolve.core.match.round_robin`); a table per name over all its games."""
    pairs, recs = [], []
    for a, b, pair_seed in pairings(names, seed):
        m = match([a, b], games, seed=pair_seed, **kw)
        recs += m.pop("records")
        pairs.append(m)
    names = list(names)
    table = tally(recs, names)["results"]
    return {"players": names, "games": games, "seed": seed, "pairs": pairs, "table": table}
