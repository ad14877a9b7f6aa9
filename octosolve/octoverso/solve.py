"""Octoverso analyses: game records, tournaments (win rates with Wilson intervals, first-player
edge), and the OpenSpiel MCTS match. Team tournaments (4 seats, 2 teams of 2) name each team by a
player (two copies of it) or by two players joined with ``+``."""

from __future__ import annotations

import time

from ..core.batch import chunked, run_batch
from ..core.game import CHANCE
from ..core.seeding import derive_seed, py_random
from ..core.stats import wilson_interval
from . import players as P
from . import rules as R


def play_game(names: tuple[str, ...], seed: int, *, jokers: bool = False, lexicon: str | None = None,
              simulations: int = 48, game=None) -> R.OctoversoState:
    """Play one game between named players (``names[i]`` sits at seat i; 2 names, or 4 for the team
    game: seats 0 and 2 against seats 1 and 3); returns the final state."""
    game = game or R.make_game(jokers=jokers, lexicon=lexicon, teams=len(names) == R.TEAM_PLAYERS)
    if len(names) != game.num_players:
        from ..core.errors import fail

        fail(f"this game has {game.num_players} seats, got {len(names)} players")
    players = [P.make_player(n, derive_seed(seed, "player", i, n), simulations, game) for i, n in enumerate(names)]
    state = game.new_initial_state(seed)
    chance = py_random(seed, "chance")
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            from ..core.game import sample_chance

            state.apply_action(sample_chance(state, chance))
        else:
            state.apply_action(players[p].choose(state))
    return state


def game_record(state: R.OctoversoState, names, seed: int) -> dict:
    """A JSON-able record of a finished game."""
    events = []
    for ev in state.history:
        kind = ev[0]
        if kind == "word":
            events.append({"event": "word", "player": ev[1], **ev[2]})
        elif kind == "announce":
            events.append({"event": "announce", "player": ev[1], "word": ev[2]})
        elif kind == "exchange":
            events.append({"event": "exchange", "player": ev[1], "returned": ev[2], "drew": ev[3]})
        elif kind == "return":
            events.append({"event": "return", "player": ev[1], "tile": ev[2]})
        elif kind == "interaction":
            events.append({"event": "interaction", "player": ev[1], "octo": ev[2]})
        elif kind == "rotate":
            events.append({"event": "rotate", "player": ev[1], "rail": ev[2]})
        elif kind == "pass":
            events.append({"event": "pass", "player": ev[1]})
        elif kind == "opening":
            events.append({"event": "opening", "player": ev[1], "second": ev[2], "rail": ev[3]})
    rec = {
        "seed": seed, "players": list(names), "jokers": state.game.jokers,
        "first_player": state.first, "winner": state.winner if state.winner >= 0 else None,
        "turns": state.turn, "events": events,
        "final": {"rail": R.rail_string(state.rail), "hands": [R.hand_string(h) for h in state.hands],
                  "pool": int(state.pool.sum())},
    }
    if state.game.teams:
        rec["teams"] = [[q for q in range(state.num_players) if R.team_of(q) == t] for t in (0, 1)]
        rec["winning_team"] = state.winning_team if state.winner >= 0 else None
    return rec


def team_seats(a: str, b: str) -> tuple[list[str], list[str]]:
    """The two players of each team: ``"greedy"`` is two greedy players, ``"mc+greedy"`` a mixed
    team (first named at the team's first seat)."""
    out = []
    for t in (a, b):
        parts = t.split("+")
        out.append(parts * 2 if len(parts) == 1 else parts)
    return out[0], out[1]


def _chunk(task) -> list[dict]:
    names, start, stop, seed, jokers, lexicon, simulations = task[:7]
    teams = len(task) > 7 and task[7]
    if teams:
        return _team_chunk(names, start, stop, seed, jokers, lexicon, simulations)
    game = R.make_game(jokers=jokers, lexicon=lexicon)
    out = []
    for i in range(start, stop):
        # seats alternate: even games names[0] is player 0
        seats = names if i % 2 == 0 else (names[1], names[0])
        gseed = derive_seed(seed, "tournament-game", i)
        t0 = time.perf_counter()
        s = play_game(seats, gseed, simulations=simulations, game=game)
        w = s.winner
        a_seat = 0 if i % 2 == 0 else 1  # the seat of names[0] (the "A" player) in this game
        out.append({"game": i, "seats": list(seats), "winner_seat": w,
                    "winner": None if w < 0 else seats[w],
                    "winner_role": None if w < 0 else ("a" if w == a_seat else "b"), "first": s.first,
                    "first_won": None if w < 0 else (w == s.first), "turns": s.turn,
                    "seconds": time.perf_counter() - t0})
    return out


def _team_chunk(names, start, stop, seed, jokers, lexicon, simulations) -> list[dict]:
    """Team games: team A (``names[0]``) at seats 0 and 2 in even games, 1 and 3 in odd games."""
    game = R.make_game(jokers=jokers, lexicon=lexicon, teams=True)
    ta, tb = team_seats(*names)
    out = []
    for i in range(start, stop):
        first, second = (ta, tb) if i % 2 == 0 else (tb, ta)
        seats = (first[0], second[0], first[1], second[1])
        gseed = derive_seed(seed, "team-tournament-game", i)
        t0 = time.perf_counter()
        s = play_game(seats, gseed, simulations=simulations, game=game)
        w = s.winner
        a_team = 0 if i % 2 == 0 else 1
        wt = s.winning_team
        out.append({"game": i, "seats": list(seats), "winner_seat": w, "winner": None if w < 0 else seats[w],
                    "winner_role": None if w < 0 else ("a" if wt == a_team else "b"), "first": s.first,
                    "first_won": None if w < 0 else (wt == R.team_of(s.first)), "turns": s.turn,
                    "seconds": time.perf_counter() - t0})
    return out


def match(a: str, b: str, games: int, *, seed: int | None = None, jokers: bool = False,
          lexicon: str | None = None, simulations: int = 48, workers: int | None = None,
          scheduler: str | None = None, chunk: int = 25, teams: bool = False) -> dict:
    """``games`` games between players ``a`` and ``b`` (seats alternate). With ``teams``: the team
    game, ``a`` and ``b`` naming teams (see ``team_seats``); "first player" is then the team of the
    player who moves first."""
    tasks = [((a, b), s, e, seed, jokers, lexicon, simulations, teams) for s, e in chunked(games, chunk)]
    rows = [r for part in run_batch(_chunk, tasks, workers=workers, scheduler=scheduler,
                                    desc=f"{a} v {b}") for r in part]
    out = summarize(a, b, rows)
    if teams:
        out["teams"] = True
    return out


def summarize(a: str, b: str, rows: list[dict]) -> dict:
    n = len(rows)
    # counted by role, not by name, so a mirror match (greedy v greedy) is counted right
    wa = sum(1 for r in rows if r["winner_role"] == "a")
    wb = sum(1 for r in rows if r["winner_role"] == "b")
    draws = n - wa - wb
    score = wa + 0.5 * draws
    lo, hi = wilson_interval(score, n)
    decided = [r for r in rows if r["first_won"] is not None]
    fw = sum(1 for r in decided if r["first_won"])
    flo, fhi = wilson_interval(fw, len(decided))
    return {"a": a, "b": b, "games": n, "a_wins": wa, "b_wins": wb, "draws": draws,
            "a_score": score / n if n else 0.0, "a_score_ci95": [lo, hi],
            "first_player_wins": fw, "decided": len(decided),
            "first_player_rate": fw / len(decided) if decided else 0.0, "first_player_ci95": [flo, fhi],
            "mean_turns": sum(r["turns"] for r in rows) / n if n else 0.0,
            "seconds_per_game": sum(r["seconds"] for r in rows) / n if n else 0.0}


def tournament(names: list[str], games: int, **kw) -> list[dict]:
    """Every pair of ``names`` plays ``games`` games."""
    out = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            out.append(match(names[i], names[j], games, **kw))
    return out
