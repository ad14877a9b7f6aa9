"""One state API for every game (after OpenSpiel's Python games).

A game module exposes a :class:`Game` whose ``new_initial_state(seed)`` returns a :class:`State`.
Actions are integers in ``range(game.num_distinct_actions)``; ``state.legal_actions()`` lists the legal
ones in increasing order. Randomness inside a game (shuffles, draws) is either explicit chance nodes
(``current_player() == CHANCE`` with ``chance_outcomes()``), or drawn at the start from the seed and
carried in the state, so ``clone()`` reproduces it. Computer players and the OpenSpiel adapter
(`octosolve.interop.openspiel`) see only this API.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Sequence

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


class State(abc.ABC):
    """A game position. Mutable: ``apply_action`` changes it in place; ``clone`` copies it."""

    @abc.abstractmethod
    def current_player(self) -> int:
        """Player to move (0-based), ``CHANCE``, or ``TERMINAL``."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal actions of the player to move, sorted ascending; empty when terminal."""

    @abc.abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action`` (raises ``OctoError`` when it is not legal)."""

    @abc.abstractmethod
    def clone(self) -> "State":
        ...

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        ...

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's result; meaningful when terminal (0 for all before)."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node."""
        return []

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation_string(self, player: int) -> str:
        """What ``player`` sees; games with hidden information override it."""
        return str(self)


class Game(abc.ABC):
    info: GameInfo

    @abc.abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        ...


class Player(abc.ABC):
    """A computer player: picks an action for the player to move."""

    name: str = "player"

    @abc.abstractmethod
    def choose(self, state: State) -> int:
        ...


class RandomPlayer(Player):
    name = "random"

    def __init__(self, seed: int | None = None):
        from .seeding import py_random

        self.rng = py_random(seed, "random-player")

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


def sample_chance(state: State, rng) -> int:
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if r < acc:
            return a
    return outcomes[-1][0]


def play(state: State, players: Sequence[Player], rng=None, max_moves: int = 1_000_000) -> list[tuple[int, int]]:
    """Play ``state`` to the end; returns the ``(player, action)`` record (chance as player -1)."""
    from .seeding import py_random

    rng = rng or py_random(None, "chance")
    record: list[tuple[int, int]] = []
    for _ in range(max_moves):
        if state.is_terminal():
            break
        p = state.current_player()
        a = sample_chance(state, rng) if p == CHANCE else players[p].choose(state)
        state.apply_action(a)
        record.append((p, a))
    return record
