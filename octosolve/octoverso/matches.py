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

from ..core.batch import run_batch
from ..core.errors import fail
from ..core.game import play
from ..core.match import play_one, tally
from ..core.players import make_player
from ..core.seeding import derive_seed, py_random
from ..core.stats import wilson_interval
from . import rules as R
from .players import PLAYERS

__all__ = ["play_game", "game_record", "match", "tournament", "team_names", "first_mover_edge",
           "game_spec", "play_match_game"]


def game_spec(game_params: dict, simulations: int | None):
    """The picklable match description (``games.match_spec``) of an Octoverso game."""
    from ..games import match_spec

    return match_spec("octoverso", game_params, {"simulations": simulations} if simulations else {})


def play_game(names, seed: int, *, jokers: bool = False, lexicon: str | None = None,
              simulations: int | None = None, teams: bool | None = None) -> R.OctoversoState:
    """Play one game between named players (``names[i]`` at seat i: 2 names, or 4 for the team game,
    seats 0 and 2 against 1 and 3); returns the final state. Seeded as game 0 of a match."""
    teams = len(names) == R.TEAM_PLAYERS if teams is None else teams
    game = R.make_game(jokers=jokers, lexicon=lexicon, teams=teams)
    if len(names) != game.num_players:
        fail(f"this game has {game.num_players} seats, got {len(names)} players")
    opts = {"simulations": simulations} if simulations else {}
    players = [make_player(PLAYERS, nm, game, seed=derive_seed(seed, "player", 0, i), **opts)
               for i, nm in enumerate(names)]
    state = game.new_initial_state(seed)
    play(state, players, rng=py_random(seed, "chance"), max_moves=game.info.max_game_length)
    return state


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
        rec["teams"] = [[q for q in range(state.num_players) if R.team_of(q) == t] for t in (0, 1)]
        rec["winning_team"] = state.winning_team if state.winner >= 0 else None
    return rec


def play_match_game(task) -> dict:
    """Game ``g`` of a match: ``(spec, seat names, seed, g, players)`` -> its record with ``first``."""
    spec, names, seed, g, n = task
    rec = play_one(spec, names, seed, g, keep_history=True)
    hist = rec.pop("history")
    # the first n actions are the announcements; the next one is the first mover's
    rec["first"] = hist[n][0] if len(hist) > n else None
    return rec


def first_mover_edge(records: list[dict]) -> dict:
    """Decided games won by the first mover's team, with its 95% Wilson interval."""
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
    """``games`` games between ``names`` (2, or with ``teams`` two team names), seats rotating as in
    :func:`octosolve.core.match.match`; its result format plus ``first_mover``."""
    game_params = {"jokers": bool(jokers), "teams": bool(teams), "lexicon": lexicon}
    seats = team_names(list(names)) if teams else list(names)
    game = R.make_game(**game_params)
    if len(seats) != game.num_players:
        fail(f"--players names {len(seats)} players; this game takes {game.num_players}")
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    spec = game_spec(game_params, simulations)
    n = len(seats)
    tasks = [(spec, [seats[(i + g) % n] for i in range(n)], derive_seed(seed, "match", g), g, n)
             for g in range(games)]
    records = run_batch(play_match_game, tasks, workers=workers, scheduler=scheduler, desc=" v ".join(names))
    out = {"players": list(names), "teams": bool(teams), "jokers": bool(jokers), "games": games,
           "seed": seed, "simulations": simulations}
    if teams:  # one result per team and game (each team holds two seats)
        team_recs = [{"seats": r["seats"][:2], "winners": [w % 2 for w in r["winners"][:1]]} for r in records]
        out.update(tally(team_recs, list(names)))
    else:
        out.update(tally(records, seats))
    out["first_mover"] = first_mover_edge(records)
    out["mean_turns"] = sum(r["moves"] for r in records) / len(records)
    if keep_records:
        out["records"] = records
    return out


def tournament(names: list[str], games: int, *, seed: int | None = None, **kw) -> dict:
    """Every pair of distinct ``names`` plays a match of ``games`` games (seeded per pair as in
    :func:`octosolve.core.match.round_robin`); a table per name over all its games."""
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        fail("a tournament needs at least two different players")
    pairs, recs = [], []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            pair_seed = derive_seed(seed, "pair", names[i], names[j])
            m = match([names[i], names[j]], games, seed=pair_seed, **kw)
            recs += m.pop("records")
            pairs.append(m)
    table = tally(recs, names)["results"]
    return {"players": names, "games": games, "seed": seed, "pairs": pairs, "table": table}
