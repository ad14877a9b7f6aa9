"""One state API for every game (after OpenSpiel's Python games).

A game package exposes ``make_game(**params) -> Game``; ``game.new_initial_state(seed)`` returns a
:class:`State`. Actions are integers in ``range(game.info.num_distinct_actions)``.

The contract every State keeps (the conformance tests in ``tests/test_conformance.py`` check each
clause for every game of the registry, at random points of random games):

- ``current_player()``: the player to move (0-based), :data:`CHANCE` or :data:`TERMINAL`.
- ``legal_actions()``: the legal actions, sorted ascending, never empty before the end; empty at the
  end.
- ``apply_action(a)``: plays ``a`` in place, or raises :class:`~octosolve.core.errors.OctoError` when
  ``a`` is not legal; appends ``(player, a)`` to ``history``.
- ``history``: every ``(player, action)`` applied since the initial state, chance as ``CHANCE``.
- ``clone()``: an independent copy (playing on it never changes the original).
- ``is_terminal()``, ``returns()`` (each player's result; 0 for all before the end), and
  ``winners()``: the sorted list of players who won; empty for a draw (a game that every player ties
  is a draw, and lists no one). ``returns()`` agrees with it: a winner's return is the largest.
- ``to_json()`` and ``Game.state_from_json(obj)``: a lossless round trip (the position files the CLI
  reads and writes are these documents); ``from_json`` refuses an inconsistent document with an
  ``OctoError`` naming the problem.
- ``observation_string(player)``: what ``player`` sees and nothing more (another player's hidden hand
  is never in it).
- ``determinize(player, rng)``: a copy in which what ``player`` cannot see is drawn again at random,
  consistent with what they can see (the plain ``clone()`` for perfect-information games).

Given by this base class to every game (a notebook's calls): ``string_to_action(text)`` (the legal
action a move's text or number names), ``legal_action_strings()``, ``copy.copy(state)`` (a clone), a
one-line ``repr``; bad input from Python (``as_action``, ``check_player``, ``check_params``) is a
one-line ``OctoError``.

Optional, for the web play page's board (a game without them plays with the text list of moves):

- ``view_svg(viewer)``: an SVG document (a viewBox, no fixed pixel size) of what seat ``viewer``
  may see, never a hidden item of another seat; every element a move can be about carries
  ``data-target="ID"`` (a short stable id such as ``cell:r2c3``, ``kind:red``, ``dir:NE``,
  ``space:b5``, ``runner:A1``, ``button:pass``), on a shape at least 24 px across.
- ``action_targets(action)``: for a legal action of the player to move, the ordered ids clicked to
  make it; each is a ``data-target`` of ``view_svg(current player)``, and two legal actions should
  not share the whole list. An empty list: the move is not clicked on the board but built with
  the game's ``compose`` room (Octoverso's words from the hand; docs/web.md, "Build the word").
- ``public_move_string(action)`` (hidden-information games): on the state before another seat's
  move, the text every player may see, or None.
- ``older_notations(action)`` (given: none): the texts earlier versions of the notation wrote,
  which a game record written then holds; the replay accepts them for that action.
- ``sides()`` (given: every seat alone): the seats playing together (pairs, teams), which a
  resignation's result reads (:func:`octosolve.core.record.resign_result`).

The play page's last-move mark and game-over counts come from the game's ``marks`` room (its
manifest), not from the State: ``changed_places(before, after)``, the ``data-target`` or
``data-mark`` ids of ``view_svg``'s places that a turn changed (public places only), and
``score_table(state)``, the counts behind the result (docs/web.md).

Randomness inside a game is either explicit chance nodes (``current_player() == CHANCE`` with
``chance_outcomes()``), or drawn at the start from the seed and carried in the state, so ``clone()``
reproduces it. Computer players, the match layer and the OpenSpiel adapter
(:mod:`octosolve.interop.openspiel`) see only this API.
"""

from __future__ import annotations

import abc
import functools
from dataclasses import dataclass
from typing import Sequence

from .errors import fail

__all__ = ["CHANCE", "TERMINAL", "GameInfo", "State", "Game", "Player", "RandomPlayer",
           "sample_chance", "play", "decided_winners", "as_action", "out_of_range", "check_params",
           "parse_move"]

CHANCE = -1  # OpenSpiel's kChancePlayerId
TERMINAL = -4  # OpenSpiel's kTerminalPlayerId


@dataclass(frozen=True)
class GameInfo:
    short_name: str  # e.g. "octagone"; OpenSpiel name is python_octosolve_<short_name>
    long_name: str
    num_players: int
    num_distinct_actions: int
    max_game_length: int
    perfect_information: bool = True
    max_chance_outcomes: int = 0
    utility: str = "zero_sum"  # "zero_sum" | "constant_sum" | "general_sum"
    min_utility: float = -1.0
    max_utility: float = 1.0
    # True when new_initial_state(seed) deals at random (cards, shields, letters): the OpenSpiel
    # adapter then starts with an explicit chance node that picks one of a fixed set of seeds.
    random_start: bool = False


def as_action(action) -> int:
    """``action`` as an ``int`` (a numpy integer too); a one-line ``OctoError`` for anything else
    (a move's text, a float, ``None``, a bool: text goes through ``State.string_to_action``).

    >>> as_action(7)
    7
    >>> as_action("7")
    Traceback (most recent call last):
    ...
    octosolve.core.errors.OctoValueError: an action is an integer, got '7' (text: state.string_to_action('7'))
    """
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        hint = f" (text: state.string_to_action({action!r}))" if isinstance(action, str) else ""
        fail(f"an action is an integer, got {str(repr(action))[:60]}{hint}")
    return action.__index__()


def out_of_range(action: int, num_actions: int) -> str | None:
    """``action N (out of range)``, the text of an action outside ``range(num_actions)``; else None
    (every game's ``action_to_string`` names such an action this way, never as another move)."""
    return None if 0 <= action < num_actions else f"action {action} (out of range)"


def check_params(title: str, factory, params: dict) -> dict:
    """``params`` when ``factory`` (a game's class) takes every one of them; else a one-line
    ``OctoError`` naming the unknown ones and the parameters there are (not a ``TypeError``).

    >>> check_params("Toy", lambda players=2: None, {"players": 3})
    {'players': 3}
    >>> check_params("Toy", lambda players=2: None, {"player": 3})
    Traceback (most recent call last):
    ...
    octosolve.core.errors.OctoValueError: unknown Toy parameter 'player' (choose from players)
    """
    import inspect

    known = [n for n in inspect.signature(factory).parameters if n != "self"]
    extra = [k for k in params if k not in known]
    if extra:
        fail(f"unknown {title} parameter{'s' if len(extra) > 1 else ''} "
             f"{', '.join(repr(str(k)) for k in extra)} (choose from {', '.join(known)})")
    return params


class State(abc.ABC):
    """A game position. Mutable: ``apply_action`` changes it in place; ``clone`` copies it.

    Subclasses keep ``self.history`` (a list of ``(player, action)``) up to date in ``apply_action``
    and copy it in ``clone``.
    """

    history: list[tuple[int, int]]

    @abc.abstractmethod
    def current_player(self) -> int:
        """Player to move (0-based), ``CHANCE``, or ``TERMINAL``."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal actions of the player to move, sorted ascending; empty when terminal."""

    @abc.abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action`` (raises ``OctoError`` when it is not legal) and record it in ``history``."""

    @abc.abstractmethod
    def clone(self) -> "State":
        """An independent copy: playing on the copy never changes this state."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's result; meaningful when terminal (0 for all before)."""

    @abc.abstractmethod
    def winners(self) -> list[int]:
        """Sorted players who won (several for a shared win or a team); empty for a draw or before
        the end."""

    @abc.abstractmethod
    def to_json(self) -> dict:
        """A JSON document of this state; ``Game.state_from_json`` reads it back losslessly."""

    def num_players(self) -> int:
        return len(self.returns())

    def sides(self) -> list[list[int]]:
        """The seats that win or lose together (a pair, a team), as sorted lists that share the
        seats out; by default every seat plays alone. A resignation's result reads it: the
        resigner's side loses, every other side wins (:func:`octosolve.core.record.resign_result`)."""
        return [[p] for p in range(self.num_players())]

    def __repr__(self) -> str:
        """Where the game stands, in one line (``str(state)`` draws the position, ``_repr_svg_``
        pictures it in a notebook): ``<OctagoneState: 3 moves, P1 to move>``, or once it is over
        ``<OctagoneState: over after 40 moves, P0 wins>`` (a draw, or several winners, said so)."""
        name, n = type(self).__name__, len(getattr(self, "history", ()))
        moves = f"{n} move{'' if n == 1 else 's'}"
        try:
            if self.is_terminal():
                w = self.winners()
                res = ("a draw" if not w else f"P{w[0]} wins" if len(w) == 1
                       else " and ".join(f"P{p}" for p in w) + " win")
                return f"<{name}: over after {moves}, {res}>"
            p = self.current_player()
            return f"<{name}: {moves}, " + ("chance to draw" if p == CHANCE else f"P{p} to move") + ">"
        except Exception:                     # a state under construction still has a repr
            return f"<{name}: {moves}>"

    def __copy__(self) -> "State":
        """``copy.copy(state)`` is ``state.clone()`` (a shallow copy would share the history and
        the board with the original)."""
        return self.clone()

    def string_to_action(self, text: str | int) -> int:
        """The legal action (or chance outcome) that ``text`` names: the text ``action_to_string``
        gives (case and spacing ignored) or an action number (OpenSpiel's name). A one-line
        ``OctoError`` when no legal move has that name, or after the end of the game."""
        if self.is_terminal():
            fail(f"no move {str(text)[:60]!r}: the game is over")
        return parse_move(self, text)

    def legal_action_strings(self) -> dict[int, str]:
        """``{action: action_to_string(action)}`` for every legal action (the chance outcomes at a
        chance node), in order: the moves as a notebook shows them."""
        acts = ([a for a, _ in self.chance_outcomes()] if self.current_player() == CHANCE
                else self.legal_actions())
        return {int(a): self.action_to_string(a) for a in acts}

    def check_player(self, player) -> int:
        """``player`` as a seat number of this game (0 to ``num_players() - 1``); a one-line
        ``OctoError`` otherwise (what ``observation_string`` and the like are asked about)."""
        n = self.num_players()
        if isinstance(player, bool) or not hasattr(player, "__index__") or not 0 <= player.__index__() < n:
            fail(f"player must be a seat number 0 to {n - 1}, got {str(repr(player))[:40]}")
        return player.__index__()

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node, sorted by action."""
        return []

    def action_to_string(self, action: int) -> str:
        return str(action)

    def older_notations(self, action: int) -> tuple[str, ...]:
        """The texts earlier versions of the game's notation gave ``action`` in this state: a game
        record written before the notation changed still replays (:func:`parse_move` reads them
        too). None by default."""
        return ()

    def observation_string(self, player: int) -> str:
        """What ``player`` sees; games with hidden information override it."""
        return str(self)

    def determinize(self, player: int, rng) -> "State":
        """A copy where what ``player`` cannot see is redrawn (``rng``: a ``random.Random``).

        Perfect-information games return ``clone()``; games with hidden information override it.
        """
        return self.clone()


class Game(abc.ABC):
    """A game with fixed parameters (number of players, variant): a factory of states."""

    info: GameInfo

    @abc.abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """The position before the first move (a random deal is drawn from ``seed``)."""

    @abc.abstractmethod
    def state_from_json(self, obj) -> State:
        """Read a document written by ``State.to_json`` (raises ``OctoError`` if inconsistent)."""

    def params(self) -> dict:
        """The parameters ``make_game(**params)`` rebuilds this game from (JSON-ready)."""
        return {}

    def __repr__(self) -> str:
        """``<OctagoneGame: octagone, 2 players>``, with the parameters that differ from the
        defaults: what ``make_game(**params)`` rebuilds."""
        try:
            info, params = self.info, self.params()
            extra = "".join(f", {k}={v!r}" for k, v in params.items() if k != "players")
            return f"<{type(self).__name__}: {info.short_name}, {info.num_players} players{extra}>"
        except Exception:                     # a game under construction still has a repr
            return f"<{type(self).__name__}>"


class Player(abc.ABC):
    """A computer player: picks an action for the player to move."""

    name: str = "player"

    def __init_subclass__(cls, **kw):
        """Every player's ``choose`` refuses a finished game with a one-line ``OctoError`` (not an
        ``IndexError`` from an empty list of moves, deep in a search)."""
        super().__init_subclass__(**kw)
        choose = cls.__dict__.get("choose")
        if choose is not None and not getattr(choose, "_checks_end", False):
            @functools.wraps(choose)
            def checked(self, state, *args, **kwargs):
                if not callable(getattr(state, "is_terminal", None)):
                    fail(f"{getattr(self, 'name', 'player')}: choose takes a game state, got "
                         f"{type(state).__name__}")
                if state.is_terminal():
                    fail(f"{getattr(self, 'name', 'player')}: no move to choose, the game is over")
                return choose(self, state, *args, **kwargs)

            checked._checks_end = True
            cls.choose = checked

    @abc.abstractmethod
    def choose(self, state: State) -> int:
        """One of ``state.legal_actions()``."""


class RandomPlayer(Player):
    """Uniformly random legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None):
        from .seeding import py_random

        self.rng = py_random(seed, "random-player")

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


def sample_chance(state: State, rng) -> int:
    """Draw a chance outcome of ``state`` with ``rng`` (a ``random.Random``)."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if r < acc:
            return a
    return outcomes[-1][0]


def play(state: State, players: Sequence[Player], rng=None, max_moves: int = 1_000_000,
         on_move=None) -> list[tuple[int, int]]:
    """Play ``state`` to the end (in place); returns the ``(player, action)`` pairs played here.

    ``rng`` draws chance outcomes; ``on_move(state, player, action)`` (optional) is called before
    each action is applied, e.g. to print a move.
    """
    from .seeding import py_random

    rng = rng or py_random(None, "chance")
    record: list[tuple[int, int]] = []
    for _ in range(max_moves):
        if state.is_terminal():
            break
        p = state.current_player()
        a = sample_chance(state, rng) if p == CHANCE else players[p].choose(state)
        if on_move is not None:
            on_move(state, p, a)
        state.apply_action(a)
        record.append((p, a))
    return record


def decided_winners(returns: Sequence[float]) -> list[int]:
    """Winners read off terminal returns: the players with the largest return, unless all tie
    (a draw: empty list). A helper for games whose returns already say who won.

    >>> decided_winners([1.0, -1.0]), decided_winners([0.0, 0.0]), decided_winners([1, 1, -1, -1])
    ([0], [], [0, 1])
    """
    if not returns:
        return []
    best = max(returns)
    w = [i for i, r in enumerate(returns) if r == best]
    return [] if len(w) == len(returns) else w


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def parse_move(state: State, text: str | int) -> int:
    """The legal action of ``state`` that ``text`` names: an action id (int or digits) or the
    notation ``state.action_to_string`` prints (case and spacing ignored), or else an earlier
    version's (``state.older_notations``). A one-line error otherwise."""
    legal = state.chance_outcomes() if state.current_player() == CHANCE else None
    actions = [a for a, _ in legal] if legal is not None else list(state.legal_actions())
    if isinstance(text, bool):
        fail(f"move {text!r} is not a move")
    if hasattr(text, "__index__") or (isinstance(text, str) and text.strip().lstrip("-").isdigit()):
        a = int(text)
        if a not in actions:
            fail(f"move {a} is not legal here")
        return a
    want = _norm(text)
    found = [a for a in actions if _norm(state.action_to_string(a)) == want]
    if not found:  # the notation of an earlier version (an old record's, a user's habit)
        found = [a for a in actions if want in {_norm(t) for t in state.older_notations(a)}]
    if not found:
        fail(f"move {str(text)[:80]!r} is not legal here")
    if len(found) > 1:
        fail(f"move {str(text)[:80]!r} names {len(found)} moves; give the action number")
    return found[0]
