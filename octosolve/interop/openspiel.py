"""Expose any octosolve game to OpenSpiel (optional extra: ``pip install -e '.[openspiel]'``).

One generic adapter for every game: it wraps a :class:`octosolve.core.game.Game` (the common state
API) in ``pyspiel.Game``/``pyspiel.State`` subclasses and registers it as
``python_octosolve_<short_name>``::

    from octosolve.interop import openspiel
    openspiel.register("octagone")             # or register() for every game that is ready
    game = pyspiel.load_game("python_octosolve_octagone")

Games whose start is dealt at random (``GameInfo.random_start``) get an explicit first chance node
choosing one of ``start_seeds`` seeds uniformly; everything after it is the game's own dynamics
(further chance nodes if the game has them). Hidden information is declared as
IMPERFECT_INFORMATION; OpenSpiel's MCTS bot then searches on the true state (it clones it), which
is the usual "cheating" baseline for hidden-information games. Observations are strings from
``State.observation_string``.
"""

from __future__ import annotations

import re
from typing import Callable

from ..core.errors import fail
from ..core.game import CHANCE, TERMINAL, Game

try:  # pragma: no cover - exercised only with the extra installed
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None

DEFAULT_START_SEEDS = 64
_registered: dict[str, Callable] = {}


def available() -> bool:
    return pyspiel is not None


def _require():
    if pyspiel is None:
        fail("OpenSpiel is not installed: pip install -e '.[openspiel]' (PyPI package open-spiel)")


def openspiel_name(short_name: str, params: dict | None = None) -> str:
    """``python_octosolve_<game>``, with the parameters that differ from the game's defaults
    appended (``python_octosolve_octoverso_teams-true``), so two variants never share a name.

    >>> openspiel_name("octagone"), openspiel_name("octoverso", {"teams": True})
    ('python_octosolve_octagone', 'python_octosolve_octoverso_teams-true')
    """
    name = f"python_octosolve_{short_name}"
    for k, v in sorted((params or {}).items()):
        val = str(v).lower() if isinstance(v, bool) else str(v)
        name += "_" + re.sub(r"[^A-Za-z0-9.]+", "-", f"{k}-{val}").strip("-").lower()
    return name


def _variant_params(game: Game) -> dict:
    """The game's parameters that differ from its registry defaults."""
    from ..games import get_game

    try:
        default = get_game(game.info.short_name).make_game().params()
    except Exception:  # noqa: BLE001 - a game outside the registry (tests' toy games): no suffix
        return {}
    return {k: v for k, v in game.params().items() if default.get(k) != v}


def _game_type(game: Game, start_seeds: int):
    info = game.info
    chance = start_seeds > 0 or info.max_chance_outcomes > 0
    utility = {
        "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
        "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
        "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
    }[info.utility]
    return pyspiel.GameType(
        short_name=openspiel_name(info.short_name, _variant_params(game)),
        long_name=f"octosolve {info.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if info.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.num_players,
        min_num_players=info.num_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={},
    )


def _game_info(game: Game, start_seeds: int, utility_sum: float | None):
    info = game.info
    kwargs = dict(
        num_distinct_actions=info.num_distinct_actions,
        max_chance_outcomes=max(info.max_chance_outcomes, start_seeds),
        num_players=info.num_players,
        min_utility=float(info.min_utility),
        max_utility=float(info.max_utility),
        max_game_length=info.max_game_length + (1 if start_seeds else 0),
    )
    if info.utility == "zero_sum":
        kwargs["utility_sum"] = 0.0
    elif utility_sum is not None:
        kwargs["utility_sum"] = float(utility_sum)
    return pyspiel.GameInfo(**kwargs)


def make_openspiel_game(game: Game, *, start_seeds: int | None = None, utility_sum: float | None = None):
    """Build (without registering) the pyspiel game class and type for ``game``."""
    _require()
    if start_seeds is None:
        start_seeds = DEFAULT_START_SEEDS if game.info.random_start else 0
    gtype = _game_type(game, start_seeds)
    ginfo = _game_info(game, start_seeds, utility_sum)

    class _Observer:
        """String observations: ``State.observation_string(player)``."""

        def __init__(self, params=None):
            self.tensor = None
            self.dict = {}

        def set_from(self, state, player):
            pass

        def string_from(self, state, player):
            if state._inner is None:
                return "start"
            return state._inner.observation_string(player)

    class OSState(pyspiel.State):
        def __init__(self, os_game, inner=None):
            super().__init__(os_game)
            self._inner = inner if inner is not None else (None if start_seeds else game.new_initial_state(0))

        # --- pyspiel API ---
        def current_player(self):
            if self._inner is None:
                return pyspiel.PlayerId.CHANCE
            if self._inner.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            p = self._inner.current_player()
            if p == CHANCE:
                return pyspiel.PlayerId.CHANCE
            if p == TERMINAL:
                return pyspiel.PlayerId.TERMINAL
            return p

        def _legal_actions(self, player):
            if self._inner is None:
                return list(range(start_seeds))
            return list(self._inner.legal_actions())

        def chance_outcomes(self):
            if self._inner is None:
                return [(i, 1.0 / start_seeds) for i in range(start_seeds)]
            return list(self._inner.chance_outcomes())

        def _apply_action(self, action):
            if self._inner is None:
                self._inner = game.new_initial_state(int(action))
            else:
                self._inner.apply_action(int(action))

        def _action_to_string(self, player, action):
            if self._inner is None:
                return f"deal seed {action}"
            return self._inner.action_to_string(int(action))

        def is_terminal(self):
            return self._inner is not None and self._inner.is_terminal()

        def returns(self):
            if self._inner is None:
                return [0.0] * game.info.num_players
            return [float(r) for r in self._inner.returns()]

        def __str__(self):
            return "start (deal not chosen)" if self._inner is None else str(self._inner)

        def __getstate__(self):
            return {"inner": self._inner}

    class OSGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(gtype, ginfo, params or dict())

        def new_initial_state(self):
            return OSState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(params)

    return OSGame, gtype


def register(game: str | Game | None = None, **kwargs) -> list[str]:
    """Register ``game`` (a name like "octagone", a Game object, or None for every ready game).

    A game named by string is built from the registry (:mod:`octosolve.games`) with its default
    parameters. Returns the registered OpenSpiel names. Registering the same name twice is a no-op.
    """
    from ..games import GAMES, get_game

    _require()
    if game is None:
        names = []
        for entry in GAMES:
            if entry.has_state:
                names += register(entry.name, **kwargs)
        return names
    if isinstance(game, str):
        game = get_game(game).make_game()
    name = openspiel_name(game.info.short_name, _variant_params(game))
    if name in _registered or name in pyspiel.registered_names():
        return [name]
    cls, gtype = make_openspiel_game(game, **kwargs)
    pyspiel.register_game(gtype, cls)
    _registered[name] = cls
    return [name]


def load(game: str | Game, **kwargs):
    """Register (if needed) and load the pyspiel game."""
    name = register(game, **kwargs)[0]
    return pyspiel.load_game(name)


class OpenSpielMCTSPlayer:
    """OpenSpiel's generic MCTS bot (``open_spiel.python.algorithms.mcts``) as an octosolve Player,
    for measured matches against our own search players on the common state API."""

    name = "openspiel-mcts"

    def __init__(self, game: Game, simulations: int = 400, seed: int = 0, uct_c: float = 1.4,
                 rollouts: int = 1):
        _require()
        import numpy as np
        from open_spiel.python.algorithms import mcts

        self._game = game
        self.os_game = load(game)
        rs = np.random.RandomState(seed)
        self.bot = mcts.MCTSBot(self.os_game, uct_c, simulations,
                                mcts.RandomRolloutEvaluator(rollouts, rs), random_state=rs, solve=True)

    def choose(self, state) -> int:
        os_state = self.os_game.new_initial_state()
        # wrap our state directly: the adapter's state holds the inner state
        os_state._inner = state.clone()
        return int(self.bot.step(os_state))
