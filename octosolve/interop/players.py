"""The ``openspiel-mcts`` player of every game, registered from above the games.

No game imports this package: each game declares its own players (``players.PLAYERS``, a
:func:`octosolve.core.players.player_list`) and, in its manifest, how OpenSpiel's MCTS bot plays it
(``GameManifest.openspiel``, a :class:`~octosolve.core.manifest.OpenSpielHook`: help, default
simulations, aliases, and its own wrapping of the bot where it needs one). :func:`register_players`
(the ``octosolve.players`` entry point in ``pyproject.toml``) adds the player to every game of the
registry that declares the hook. The player is listed even when OpenSpiel is not installed;
building it then gives a one-line error naming the extra to install, and match plans skip it
(``core.players.player_available``).
"""

from __future__ import annotations

from functools import partial

from ..core.errors import fail
from ..core.players import OneLegalAtOnce, PlayerSpec, on_game_registered, register_player  # noqa: F401

__all__ = ["register_players", "register_game_player", "OneLegalAtOnce"]

NEEDS = "needs OpenSpiel: pip install -e '.[openspiel]' (PyPI package open-spiel)"


def _bot(game, simulations: int, seed: int, **kw):
    from . import openspiel as osp

    if not osp.available():
        fail(f"the 'openspiel-mcts' player {NEEDS}")
    return osp.OpenSpielMCTSPlayer(game, simulations=simulations, seed=seed, **kw)


def _build(hook, game, seed=None, simulations: int | None = None):
    sims = hook.simulations if simulations is None else simulations
    bot = partial(_bot, game)
    if hook.build is None:
        return bot(sims, seed or 0)
    return hook.build(game, bot, seed, sims)


def _available() -> bool:
    from . import openspiel as osp

    return osp.available()


def register_game_player(manifest) -> None:
    """Register ``openspiel-mcts`` for one game, as its manifest's ``openspiel`` hook says (a game
    without the hook gets none)."""
    hook = manifest.openspiel
    if hook is None:
        return
    register_player(manifest.name, PlayerSpec("openspiel-mcts", hook.help, partial(_build, hook),
                                              options=("simulations",), aliases=tuple(hook.aliases),
                                              available=_available))


def register_players() -> None:
    """Register ``openspiel-mcts`` for every game of the registry whose manifest has the hook
    (Octagion has no computer players)."""
    from ..games import GAMES

    for manifest in GAMES:
        register_game_player(manifest)
    on_game_registered(register_game_player)  # and each game registered later
