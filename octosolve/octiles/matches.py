"""Game records and matches of the Octiles games, through the shared layers: one game is
:func:`octosolve.core.match.play_game` (which plays with :func:`octosolve.core.game.play` and
returns the one game record, with :func:`record_extras` as its extras), a match is
:func:`octosolve.core.match.match` over :func:`match_spec` (the game's own), so a game of
a match and the same game played alone (same seed, same seats) are the same game.

>>> rec = play_record({"variant": "move-over", "max_turns": 6}, ["greedy", "random"], seed=1)
>>> rec["turns"] <= 6 and rec["final"]["game"] == "octiles" and rec["record"]["game"] == "octiles"
True
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.match import match, play_game, tally_by_team
from ..core.words import counted, names_list
from .game import make_game
from .moves import notation

__all__ = ["play_record", "record_text", "run_match", "runners_across", "record_extras", "check_seats",
           "team_results", "search_players"]


def record_extras(state) -> dict:
    """The Octiles fields of a game record: why the game ended and, in the race games, each
    player's runners on their finish circles."""
    return {"end_reason": state.end_reason, "runners_across": runners_across(state)}



def match_spec(game_params: dict | None = None, player_options: dict | None = None):
    """The picklable match description of an Octiles game (``core.match.game_spec`` over the game's
    own ``rules.make_game``, ``players.new_player`` and :func:`record_extras`)."""
    from ..core.match import game_spec
    from .players import new_player
    from .rules import make_game

    return game_spec("octiles", make_game, new_player, game_params, player_options, extras=record_extras)


def runners_across(state) -> list[int] | None:
    """Race games: each player's runners on their finish circles (None for Team Up)."""
    if state.variant == "team-up":
        return None
    return [sum(p in state.finish_sets[q] for p in state.pos[q]) for q in range(state.n)]


def play_record(game_params: dict, names: list[str], seed: int | None,
                simulations: int | None = None) -> dict:
    """Play one game between ``names`` (seat order) and return its account (JSON-ready): the moves
    in words with their turns, the winners, the final position (a ``to_json`` document) and
    ``record``, the game record (octosolve-record/1) it is read from."""
    options = {"simulations": simulations} if simulations is not None else {}
    spec = match_spec(game_params, options)
    record, _final = play_game(spec, names, seed, 0)
    state = make_game(**game_params).new_initial_state(seed)
    moves = []
    for m in record["moves"]:
        p, a = m["player"], m["action"]
        moves.append({"turn": state.turn, "player": p, "action": a, "text": notation(state, a)})
        state.apply_action(a)
    winners = state.winners()
    return {"game": state.variant, "params": dict(game_params), "players": list(names), "seed": seed,
            "simulations": simulations, "moves": moves,
            "turns": max((m["turn"] + 1 for m in moves if m["player"] >= 0), default=0),
            "terminal": state.is_terminal(), "winners": winners,
            "winner_names": [names[w] for w in winners], "end_reason": state.end_reason,
            "returns": state.returns(), "runners_across": runners_across(state),
            "final": state.to_json(), "record": record}


def record_text(rec: dict) -> str:
    """A game record in words, one line per move."""
    lines = [f"Octiles {rec['game']}: " + ", ".join(f"P{i} = {n}" for i, n in
                                                    enumerate(rec["players"])) + f" (seed {rec['seed']})"]
    for m in rec["moves"]:
        if m["player"] < 0:
            lines.append(f"  stack shows tile {m['action']}")
            continue
        lines.append(f"{m['turn'] + 1:4d}. P{m['player']}: {m['text']}")
    w = rec["winners"]
    lines.append(f"Result after {counted(rec['turns'], 'turn')}: "
                 + ((("winner: " if len(w) == 1 else "winners: ")
                     + names_list(f"P{i} ({rec['players'][i]})" for i in w)) if w else "a draw")
                 + f" [{rec['end_reason']}]")
    lines.append("Runners: " + "; ".join(f"P{i}: {' '.join(r)}"
                                         for i, r in enumerate(rec["final"]["runners"])))
    return "\n".join(lines)


def run_match(game_params: dict, names: list[str], games: int, seed: int | None,
              simulations: int | None = None, *, workers: int | None = 1,
              scheduler: str | None = None, desc: str = "octiles games") -> dict:
    """A match through :func:`octosolve.core.match.match` (seats rotate; Wilson intervals)."""
    options = {"simulations": simulations} if simulations is not None else {}
    spec = match_spec(game_params, options)
    out = match(spec, names, games, seed, workers=workers, scheduler=scheduler, desc=desc)
    out["simulations"] = simulations
    return out


def search_players(names) -> list[str]:
    """Those of ``names`` (each once) that take a --simulations budget."""
    from ..core.players import find_spec
    from .players import PLAYERS

    return [nm for nm in dict.fromkeys(names) if "simulations" in find_spec(PLAYERS, nm).options]


def check_seats(names: list[str], teams: bool) -> None:
    """A match rotates the seats by one a game, so a team (seats 0+2 against 1+3) keeps its players:
    a name in both teams would win and lose every game at once, and one name in every seat scores
    its fair share whatever it plays. One-line error for such a ``--players``."""
    if len(set(names)) == 1:
        fail(f"a match of {names[0]} against itself measures nothing (its score is its fair share "
             "whatever it plays): name at least two different players")
    if teams:
        both = sorted(set(names[0::2]) & set(names[1::2]))
        if both:
            a, b = names[0], next(x for x in names if x != names[0])
            fail(f"with --team-game the teams are seats 0+2 and 1+3: {', '.join(both)} would play in "
                 f"both teams and win and lose every game; give each team its own players (e.g. "
                 f"--players {a},{b},{a},{b})")


def team_results(result: dict) -> dict:
    """A team match's results per name counted once a game: the partners of a team share its result
    (the shared tally counts a name once a seat, so a team of one player showed twice the games
    played, and its interval as if the two seats were independent games)."""
    return tally_by_team(result)
