"""A tiny game on the shared contract, with hidden information, to test the web app's generic play
layer independently of the five games (which are being migrated to the contract).

"Secret Nim": a pile of ``stones``; each player in turn takes 1-3 stones; whoever takes the last
stone wins. At the start each player is dealt a secret card 0-99 (drawn from the seed) that no one
else sees; it never matters for the play, so a leak is easy to detect: another player's card must
never appear in what a player is shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from octosolve.core.errors import fail
from octosolve.core.game import TERMINAL, Game, GameInfo, Player, RandomPlayer, State, decided_winners
from octosolve.core.players import PlayerSpec


class NimState(State):
    def __init__(self, game: "NimGame", cards: list[int]):
        self.game = game
        self.pile = game.stones
        self.cards = cards
        self.turn = 0
        self.history = []

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.turn

    def legal_actions(self) -> list[int]:
        return [] if self.pile == 0 else list(range(1, min(3, self.pile) + 1))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            fail(f"illegal action {action}")
        self.history.append((self.turn, action))
        self.pile -= action
        if self.pile:
            self.turn = 1 - self.turn

    def clone(self) -> "NimState":
        s = NimState(self.game, list(self.cards))
        s.pile, s.turn, s.history = self.pile, self.turn, list(self.history)
        return s

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.turn == 0 else [-1.0, 1.0]

    def winners(self) -> list[int]:
        return decided_winners(self.returns()) if self.pile == 0 else []

    def action_to_string(self, action: int) -> str:
        return f"take {action}"

    def observation_string(self, player: int) -> str:
        return f"pile {self.pile}; your secret card {self.cards[player]}"

    def _repr_svg_(self) -> str:
        """A picture showing everything (both secret cards)."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="14">'
                f'pile {self.pile}, cards {self.cards[0]} {self.cards[1]}</text></svg>')

    def view_svg(self, viewer: int) -> str:
        """The web board (docs/web.md, "Play on the board"): the pile (a click target), the viewer's own card only,
        and two buttons: "take 1" and "take more" (2 or 3: the page asks which, a chooser)."""
        stones = "".join(f'<circle cx="{12 + 14 * (i % 10)}" cy="{14 + 14 * (i // 10)}" r="6" fill="#777"/>'
                         for i in range(min(self.pile, 40)))
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 110">'
                f'<g data-target="pile"><rect x="2" y="2" width="146" height="62" fill="#eee"/>{stones}</g>'
                f'<text x="160" y="20">pile {self.pile}</text>'
                f'<text x="160" y="40">card {self.cards[viewer]}</text>'
                '<g data-target="take:1"><rect x="2" y="72" width="70" height="32" fill="#cde"/>'
                '<text x="10" y="93">take 1</text></g>'
                '<g data-target="take:more"><rect x="80" y="72" width="90" height="32" fill="#dec"/>'
                '<text x="88" y="93">take more</text></g></svg>')

    def action_targets(self, action: int) -> list[str]:
        return ["pile", "take:1" if action == 1 else "take:more"]

    def to_json(self) -> dict:
        return {"game": "nim", "stones": self.game.stones, "cards": self.cards,
                "moves": [a for _, a in self.history]}


@dataclass
class NimGame(Game):
    stones: int = 10

    def __post_init__(self):
        if not isinstance(self.stones, int) or not 1 <= self.stones <= 1000:
            fail(f"stones must be 1-1000, got {self.stones!r}")
        self.info = GameInfo("nim", "Secret Nim", 2, 4, self.stones, perfect_information=False,
                             random_start=True)

    def new_initial_state(self, seed=None) -> NimState:
        rng = random.Random(seed)
        return NimState(self, [rng.randrange(100), rng.randrange(100)])

    def state_from_json(self, obj) -> NimState:
        s = NimState(NimGame(obj["stones"]), list(obj["cards"]))
        for a in obj["moves"]:
            s.apply_action(a)
        return s

    def params(self) -> dict:
        return {"stones": self.stones}


class PerfectPlayer(Player):
    """Leaves a multiple of 4 when it can."""

    name = "perfect"

    def choose(self, state: NimState) -> int:
        take = state.pile % 4
        return take if take in state.legal_actions() else state.legal_actions()[0]


PLAYERS = (PlayerSpec("random", "random legal moves", lambda g, seed=None: RandomPlayer(seed)),
           PlayerSpec("perfect", "leaves a multiple of 4", lambda g, seed=None: PerfectPlayer()))


class NimEntry:
    """Quacks like :class:`octosolve.games.GameEntry` for the play layer."""

    name = "nim"
    title = "Secret Nim"
    has_state = True

    def make_game(self, **params):
        return NimGame(**params)

    def players(self):
        return PLAYERS


class SlowPlayer(PerfectPlayer):
    """The perfect player after ``time_limit`` seconds of sleep: a long think that costs no CPU
    (the web app's pool tests: two games' thinks at once take the time of one)."""

    name = "slow"

    def __init__(self, time_limit: float = 1.0):
        self.time_limit = time_limit

    def choose(self, state: NimState) -> int:
        import time

        time.sleep(self.time_limit)
        return super().choose(state)


def _slow(g, seed=None, time_limit: float = 1.0):
    return SlowPlayer(time_limit)


class SlowNimEntry(NimEntry):
    """Secret Nim with a slow player besides the others ("slownim")."""

    name = "slownim"
    title = "Secret Nim with a slow player"

    def players(self):
        return PLAYERS + (PlayerSpec("slow", "sleeps, then plays perfectly", _slow,
                                     options=("time_limit",)),)
