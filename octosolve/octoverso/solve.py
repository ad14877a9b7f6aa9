"""Octoverso analyses: game records, tournaments (win rates with Wilson intervals, first-player
edge), and the OpenSpiel MCTS match."""

from __future__ import annotations

import time

from ..core.batch import chunked, run_batch
from ..core.game import CHANCE
from ..core.seeding import derive_seed, py_random
from ..core.stats import wilson_interval
from . import players as P
from . import rules as R


def play_game(names: tuple[str, str], seed: int, *, jokers: bool = False, lexicon: str | None = None,
              simulations: int = 48, game=None) -> R.OctoversoState:
    """Play one game between two named players (``names[0]`` is player 0); returns the final state."""
    game = game or R.make_game(jokers=jokers, lexicon=lexicon)
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
    return {
        "seed": seed, "players": list(names), "jokers": state.game.jokers,
        "first_player": state.first, "winner": state.winner if state.winner >= 0 else None,
        "turns": state.turn, "events": events,
        "final": {"rail": R.rail_string(state.rail), "hands": [R.hand_string(h) for h in state.hands],
                  "pool": int(state.pool.sum())},
    }


def _chunk(task) -> list[dict]:
    names, start, stop, seed, jokers, lexicon, simulations = task
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


def match(a: str, b: str, games: int, *, seed: int | None = None, jokers: bool = False,
          lexicon: str | None = None, simulations: int = 48, workers: int | None = None,
          scheduler: str | None = None, chunk: int = 25) -> dict:
    """``games`` games between players ``a`` and ``b`` (seats alternate)."""
    tasks = [((a, b), s, e, seed, jokers, lexicon, simulations) for s, e in chunked(games, chunk)]
    rows = [r for part in run_batch(_chunk, tasks, workers=workers, scheduler=scheduler,
                                    desc=f"{a} v {b}") for r in part]
    return summarize(a, b, rows)


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
