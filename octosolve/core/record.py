"""One game record for every game: what the CLI's ``--out``, the report, the web app's downloads,
links and replays all read and write.

A record is a plain JSON document::

    {"format": "octosolve-record/1",
     "game": "octagone",                 # the registry's name
     "params": {...},                    # game.params(): rebuilds the same Game
     "players": ["human", "alphabeta"],  # one name per seat
     "seed": 7,                          # game.new_initial_state(seed) deals the start
     "moves": [{"player": 0, "action": 17, "move": "<notation>"}, ...],   # player -1: chance
     "outcome": {"terminal": true, "winners": [0], "returns": [1.0, -1.0]},
     "extras": {...}}                    # anything a game adds (optional)

A game a player resigned (the web app's *Resign*) ends where its moves stop, unfinished by the
rules, and its outcome says who resigned: ``{"terminal": true, "winners": [1], "returns": [-1.0,
1.0], "resigned": 0}``; the resigner's side loses and every other side wins
(:func:`resign_result`, the sides from ``State.sides()``). A reader checks it as it checks any
outcome: the moves must stop before the end of the game, and the winners must be the ones the
resignation makes.

The start is ``game.new_initial_state(seed)``; every move is an action id of the state before it,
and ``move`` is that state's ``action_to_string(action)`` (the game's one notation, always read on
the state *before* the move). Replaying a record rebuilds every position, so a record is
checkable by anyone holding the rules: :func:`replay` refuses a move that is not legal where it
stands, or a ``move`` text that does not name its action (today's notation, or the one of an
earlier version that the record was written with: ``State.older_notations``).

>>> from octosolve.core.record import parse_move
>>> parse_move is __import__('octosolve.core.game', fromlist=['parse_move']).parse_move
True
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from .errors import fail
from .game import CHANCE, Game, State, _norm, parse_move  # noqa: F401 (parse_move: its old home)

__all__ = ["RECORD_FORMAT", "make_record", "record_from_history", "replay", "replay_states",
           "check_record_shape", "parse_move", "move_text", "names_action", "finish_record", "summary", "as_summary", "check_action",
           "check_outcome", "outcome_words", "game_from_record", "position_document", "resign_result",
           "outcome_of"]

RECORD_FORMAT = "octosolve-record/1"
MAX_RECORD_MOVES = 100_000


def move_text(state: State, action: int) -> str:
    """The notation of ``action`` in ``state`` (the state before the move)."""
    return str(state.action_to_string(int(action)))


def names_action(state: State, text: str, action: int) -> bool:
    """``text`` is the notation of ``action`` in ``state`` (case and spacing ignored): today's, or
    an earlier version's that a record written then holds (``state.older_notations``)."""
    want = _norm(text)
    return want == _norm(move_text(state, action)) or any(
        want == _norm(t) for t in state.older_notations(int(action)))


def check_action(state: State, i: int, action: int, prefix: str = "record: ") -> None:
    """Refuse (one line, naming move ``i``) an ``action`` that cannot be played in ``state``: the
    game is over, or it is neither a chance outcome (at a chance node) nor a legal action."""
    if state.is_terminal():
        fail(f"{prefix}move {i} comes after the end of the game")
    if state.current_player() == CHANCE:
        if action not in {x for x, _ in state.chance_outcomes()}:
            fail(f"{prefix}move {i} ({action}) is not a chance outcome here")
    elif action not in state.legal_actions():
        fail(f"{prefix}move {i} (action {action}) is not legal here")


def resign_result(state: State, player: int) -> tuple[list[int], list[float]]:
    """The winners and returns of the unfinished ``state`` when ``player`` resigns there: the
    resigner's side (``state.sides()``: a pair, a team, or the seat alone) loses, every other side
    wins; zero-sum returns (each winner +1, the losers share the rest).

    >>> from octosolve.games import get_game
    >>> st = get_game("octagone").make_game(players=4).new_initial_state(1)
    >>> resign_result(st, 2)
    ([1, 3], [-1.0, 1.0, -1.0, 1.0])
    """
    n = state.num_players()
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        fail(f"the resigning player must be a seat 0-{n - 1}, got {str(player)[:40]!r}")
    if state.is_terminal():
        fail("the game is over: there is nothing to resign")
    side = next((set(s) for s in state.sides() if player in s), {player})
    won = [p for p in range(n) if p not in side]
    if not won:
        return [], [0.0] * n
    lose = -len(won) / (n - len(won))
    return won, [1.0 if p in won else lose for p in range(n)]


def outcome_of(state: State, resigned: int | None = None) -> dict:
    """The outcome a record stores for ``state`` (the position after the last move), with
    ``resigned``: the seat that resigned there (:func:`resign_result`)."""
    if resigned is not None:
        won, ret = resign_result(state, resigned)
        return {"terminal": True, "winners": won, "returns": ret, "resigned": int(resigned)}
    terminal = bool(state.is_terminal())
    return {"terminal": terminal,
            "winners": [int(w) for w in state.winners()] if terminal else [],
            "returns": [float(r) for r in state.returns()] if terminal else []}


def finish_record(rec: dict, state: State, resigned: int | None = None) -> dict:
    """Set ``rec["outcome"]`` from ``state`` (the position after the last move; ``resigned``: the
    seat that resigned there)."""
    rec["outcome"] = outcome_of(state, resigned)
    return rec


def make_record(game_name: str, game: Game, seed: int | None, players: Sequence[str],
                moves: Iterable[tuple[int, int]] = (), extras: dict | None = None,
                start: State | None = None) -> dict:
    """A record of ``moves`` (``(player, action)`` pairs, as ``State.history`` holds them) played
    from ``game.new_initial_state(seed)`` (or ``start``, a fresh copy of that state); the notation
    of each move is read on the state before it, and the moves are checked as they are replayed."""
    state = start.clone() if start is not None else game.new_initial_state(seed)
    out = []
    for p, a in moves:
        p, a = int(p), int(a)
        if state.is_terminal():
            fail("record: a move after the end of the game")
        cur = state.current_player()
        if cur != p:
            fail(f"record: move {len(out) + 1} is by P{p}, but P{cur} is to move")
        out.append({"player": p, "action": a, "move": move_text(state, a)})
        state.apply_action(a)
    rec = {"format": RECORD_FORMAT, "game": str(game_name), "params": dict(game.params()),
           "players": [str(x) for x in players], "seed": None if seed is None else int(seed),
           "moves": out}
    finish_record(rec, state)
    if extras:
        rec["extras"] = dict(extras)
    return rec


def summary(rec: dict) -> dict:
    """The short summary of a record that tallies and the long measurements' data files hold:
    ``{"seats", "seed", "winners", "returns", "moves" (a count, chance moves included),
    "terminal"}`` (the shape the match layer returned before the one record format)."""
    out = rec.get("outcome") or {}
    return {"seats": list(rec["players"]), "seed": rec.get("seed"),
            "winners": [int(w) for w in out.get("winners", [])],
            "returns": [float(r) for r in out.get("returns", [])], "moves": len(rec["moves"]),
            "terminal": bool(out.get("terminal"))}


def as_summary(rec: dict) -> dict:
    """``summary(rec)`` for a record; a summary (a stored one of a data file) as it is."""
    return summary(rec) if isinstance(rec, dict) and "format" in rec else rec


def record_from_history(game_name: str, game: Game, seed: int | None, players: Sequence[str],
                        state: State, extras: dict | None = None) -> dict:
    """The record of ``state`` (played from ``new_initial_state(seed)``), from its ``history``."""
    return make_record(game_name, game, seed, players, list(state.history), extras)


def check_record_shape(rec: Any) -> dict:
    """The record's fields, checked for shape (not yet for legality): a one-line error otherwise."""
    if not isinstance(rec, dict):
        fail("record: expected a JSON object")
    if rec.get("format") != RECORD_FORMAT:
        fail(f"record: format must be {RECORD_FORMAT!r}, got {str(rec.get('format'))[:40]!r}")
    for key, typ, name in (("game", str, "a string"), ("params", dict, "an object"), ("players", list, "a list"),
                           ("moves", list, "a list")):
        if not isinstance(rec.get(key), typ):   # named as JSON names them (was 'not a dict', 'not a str')
            fail(f"record: {key!r} missing or not {name}")
    seed = rec.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0
                             or seed >= 2 ** 63):
        fail("record: 'seed' must be a whole number from 0 to 2**63-1 or null")
    if len(rec["moves"]) > MAX_RECORD_MOVES:
        fail(f"record: more than {MAX_RECORD_MOVES} moves")
    if not all(isinstance(p, str) for p in rec["players"]):
        fail("record: 'players' must be a list of names")
    for i, m in enumerate(rec["moves"], 1):
        if not isinstance(m, dict) or isinstance(m.get("action"), bool) \
                or not isinstance(m.get("action"), int) \
                or isinstance(m.get("player"), bool) or not isinstance(m.get("player"), int):
            fail(f"record: move {i} must be an object with whole-number 'player' and 'action'")
        if "move" in m and not isinstance(m["move"], str):
            fail(f"record: move {i}: 'move' must be a string")
    return rec


def replay_states(rec: dict, game: Game) -> Iterable[tuple[State, dict | None]]:
    """Yield ``(state, move)`` for every move of ``rec`` (the state before it), then
    ``(final_state, None)``. The record must name one player a seat; each move is checked: its
    player is the one to move, its action is legal (or a chance outcome), and its ``move`` text,
    when given, is the action's notation."""
    check_record_shape(rec)
    if len(rec["players"]) != game.info.num_players:
        fail(f"record: 'players' names {len(rec['players'])} players, but its game has "
             f"{game.info.num_players}")
    state = game.new_initial_state(rec.get("seed"))
    for i, m in enumerate(rec["moves"], 1):
        if state.is_terminal():
            fail(f"record: move {i} comes after the end of the game")
        cur = state.current_player()
        if m["player"] != cur:
            fail(f"record: move {i} is by P{m['player']}, but P{cur} is to move")
        a = m["action"]
        check_action(state, i, a)
        if "move" in m and not names_action(state, m["move"], a):
            fail(f"record: move {i} says {m['move'][:60]!r} but action {a} is "
                 f"{move_text(state, a)!r}")
        yield state.clone(), m
        state.apply_action(a)
    yield state, None


def outcome_words(terminal: bool, winners: Sequence[int]) -> str:
    """An outcome in words: ``an unfinished game``, ``a finished game with no winner`` or ``a
    finished game won by P0, P2``."""
    if not terminal:
        return "an unfinished game"
    return "a finished game " + ("won by " + ", ".join(f"P{int(w)}" for w in winners) if winners else
                                 "with no winner")


def check_outcome(rec: dict, final: State) -> None:
    """Refuse (one line) a record whose stored ``outcome`` is malformed (not an object, ``terminal``
    not true/false, ``winners`` not a list of seats) or is not the one its moves reach in ``final``
    (for a resigned game: ``final`` unfinished and the winners the resignation makes). A record
    without ``outcome`` says nothing about it and passes."""
    if "outcome" not in rec:
        return
    out = rec["outcome"]
    if not isinstance(out, dict):
        fail("record: 'outcome' must be an object {\"terminal\": true/false, \"winners\": [seats]}")
    terminal = out.get("terminal", False)
    winners = out.get("winners", [])
    if not isinstance(terminal, bool):
        fail(f"record: outcome 'terminal' must be true or false, got {str(terminal)[:40]!r}")
    if not isinstance(winners, list) or any(isinstance(w, bool) or not isinstance(w, int) for w in winners):
        fail("record: outcome 'winners' must be a list of seat numbers")
    if out.get("resigned") is not None:
        p, n = out["resigned"], final.num_players()
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            fail(f"record: outcome 'resigned' must be the seat that resigned, 0-{n - 1}, got {str(p)[:40]!r}")
        if final.is_terminal():
            fail(f"record: its outcome says P{p} resigned, but its moves reach the end of the game "
                 f"({outcome_words(True, sorted(int(w) for w in final.winners()))})")
        won = resign_result(final, p)[0]
        if terminal is not True or sorted(winners) != won:
            fail(f"record: its outcome says {outcome_words(terminal, sorted(winners))} after P{p} "
                 f"resigned, but P{p}'s resignation makes {outcome_words(True, won)}")
        return
    reached = bool(final.is_terminal())
    won = sorted(int(w) for w in final.winners()) if reached else []
    if terminal != reached or (terminal and sorted(winners) != won):
        fail(f"record: its outcome says {outcome_words(terminal, sorted(winners))}, but its moves "
             f"reach {outcome_words(reached, won)}")


def replay(rec: dict, game: Game) -> State:
    """The final state of ``rec``, every move checked (see :func:`replay_states`); the stored
    outcome, when present, must be the replayed one (:func:`check_outcome`)."""
    final = None
    for final, _m in replay_states(rec, game):
        pass
    check_outcome(rec, final)
    return final


def game_from_record(rec: Any, name: str, make_game) -> Game:
    """The game a record of game ``name`` was played in, rebuilt with ``make_game(**params)`` from
    the record's parameters; a one-line error naming a parameter the game does not have."""
    from .errors import OctoError

    check_record_shape(rec)
    try:
        return make_game(**rec["params"])
    except (TypeError, OctoError) as exc:
        import re

        unknown = re.search(r"unexpected keyword argument '([^']+)'|unknown \w+ parameters? '([^']+)'",
                            str(exc))
        if unknown:  # a parameter of another game, or a misspelt one: name it and the game's own
            param = unknown.group(1) or unknown.group(2)
            fail(f"record: {name} has no game parameter {param[:40]!r} (its "
                 f"parameters: {', '.join(make_game().params())})")
        if isinstance(exc, OctoError):
            raise
        fail(f"record: bad game parameters for {name}: {str(exc)[:120]}")


def position_document(doc: Any, name: str, make_game) -> Any:
    """A position file's document as the position commands of game ``name`` read it: a game record
    (octosolve-record/1, e.g. written by ``play --out``) of that game is replayed with the game
    ``make_game(**params)`` builds, every move checked, and its last position's ``to_json``
    returned; any other document as it is."""
    if not (isinstance(doc, dict) and doc.get("format") == RECORD_FORMAT):
        return doc
    if str(doc.get("game")).lower() != name:
        fail(f"this is a record of {str(doc.get('game'))[:40]!r}, not of {name}")
    return replay(doc, game_from_record(doc, name, make_game)).to_json()
