"""Tic-tac-toe's computer players: random, UCT (the shared MCTS) and a greedy player that wins
at once when it can and otherwise blocks the opponent's win."""

from __future__ import annotations

import random

from octosolve.core.game import Player
from octosolve.core.players import RANDOM, UCT, PlayerSpec, make_player, player_list

__all__ = ["PLAYERS", "GreedyPlayer", "new_player"]


class GreedyPlayer(Player):
    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state) -> int:
        legal = state.legal_actions()
        me = state.current_player()
        for who in (me, 1 - me):  # win, else block
            for a in legal:
                s = state.clone()
                s.board[a] = who
                if s._line() == who and not state.game.misere:
                    return a
        return 4 if 4 in legal else self.rng.choice(legal)


def _greedy(game, seed=None):
    return GreedyPlayer(seed)


PLAYERS = player_list("tictactoe", (
    RANDOM,
    PlayerSpec("greedy", "wins at once when it can, else blocks, else the centre", _greedy),
    PlayerSpec("mcts", "UCT tree search with random playouts (core/mcts.py)", UCT.build, options=("simulations",)),
))


def new_player(name: str, game, *, seed: int | None = None, **options):
    return make_player(PLAYERS, name, game, seed=seed, **options)
