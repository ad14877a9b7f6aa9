"""The ``openspiel-mcts`` player of every game, registered from above the games.

No game imports this package: each game declares its own players (``players.PLAYERS``, a
:func:`octosolve.core.players.player_list`), and :func:`register_players` (the ``octosolve.players``
entry point in ``pyproject.toml``) adds OpenSpiel's generic MCTS bot to each of them. The player is
listed even when OpenSpiel is not installed; building it then gives a one-line error naming the
extra to install, and match plans skip it (``core.players.player_available``).
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.game import Player
from ..core.players import PlayerSpec, register_player
from ..core.seeding import derive_seed

__all__ = ["register_players", "OneLegalAtOnce"]

NEEDS = "needs OpenSpiel: pip install -e '.[openspiel]' (PyPI package open-spiel)"


def _bot(game, simulations: int, seed: int, **kw):
    from . import openspiel as osp

    if not osp.available():
        fail(f"the 'openspiel-mcts' player {NEEDS}")
    return osp.OpenSpielMCTSPlayer(game, simulations=simulations, seed=seed, **kw)


class OneLegalAtOnce(Player):
    """Answers at once when only one action is legal (as the game's own players do), else asks the
    wrapped bot."""

    name = "openspiel-mcts"

    def __init__(self, inner):
        self.inner = inner

    def choose(self, state):
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.inner.choose(state)


def _octagone(game, seed=None, simulations: int = 400):
    return _bot(game, simulations, derive_seed(seed, "os") % 2**31, uct_c=1.4)


def _octiles(game, seed=None, simulations: int = 200):
    return _bot(game, simulations, seed or 0)


def _oct8(game, seed=None, simulations: int = 100):
    # it searches the true state (the usual baseline for hidden information)
    return OneLegalAtOnce(_bot(game, simulations, (seed or 0) % 2**31))


def _octoverso(game, seed=None, simulations: int = 48):
    if getattr(game, "teams", False):
        fail("openspiel-mcts plays the 2-player game only")
    from ..octoverso.players import Determinized

    return Determinized(_bot(game, simulations, seed or 0), seed)


def _available() -> bool:
    from . import openspiel as osp

    return osp.available()


_SPECS = {
    "octagone": ("OpenSpiel's MCTS bot (random rollouts, MCTS-Solver), optional extra", _octagone,
                 ("openspiel",)),
    "octiles": ("OpenSpiel's generic MCTS bot (optional: needs pyspiel)", _octiles, ()),
    "oct8": ("OpenSpiel's MCTS bot (sees the true state; needs open_spiel)", _oct8, ()),
    "octoverso": ("OpenSpiel's MCTS bot with random rollouts (needs pyspiel; 2 players), on a "
                  "determinised copy", _octoverso, ("openspiel",)),
}


def register_players() -> None:
    """Register ``openspiel-mcts`` for Octagone, Octiles, Oct8 and Octoverso (Octagion has no
    computer players)."""
    for game, (help_text, build, aliases) in _SPECS.items():
        register_player(game, PlayerSpec("openspiel-mcts", help_text, build, options=("simulations",),
                                         aliases=aliases, available=_available))
