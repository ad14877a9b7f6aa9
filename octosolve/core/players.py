"""One way to name and build computer players, for every game.

Each game's ``players.py`` declares ``PLAYERS``: a tuple of :class:`PlayerSpec`. A spec names a player
for what it is (``greedy``, ``mcts``, ``flat-mc``, ...), says in one line how it plays, which options
it takes (``simulations``, ``time_limit``, ...), and builds it with
``build(game, seed=..., **options)``. :func:`make_player` looks a name up (case-insensitively,
aliases too) and passes the options the spec takes; the others are ignored, so
``--players mcts,greedy --simulations 200`` gives the search player 200 simulations and the greedy
player none. The registry of games (:mod:`octosolve.games`) gives ``make_player(game_name, ...)``.

Players that live above the games (the OpenSpiel adapter in ``octosolve/interop``) are not imported
by any game: a game declares ``PLAYERS = player_list("octagone", (...))`` and the adapter *registers*
its spec for that game with :func:`register_player`. Plug-ins are found through the
``octosolve.players`` entry-point group (``pyproject.toml``), loaded the first time a list is read,
so the CLI, the report and the web app see the same players without any game knowing the adapter.

>>> from octosolve.core.players import PlayerSpec, find_spec
>>> specs = (RANDOM,)
>>> find_spec(specs, "Random").name
'random'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from .errors import fail
from .game import Game, Player, RandomPlayer
from .words import counted, names_list

__all__ = ["PlayerSpec", "RANDOM", "UCT", "find_spec", "make_player", "parse_players", "player_help",
           "player_list", "register_player", "player_available", "OneLegalAtOnce"]


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    help: str
    build: Callable[..., Player]  # build(game, seed=..., **options) -> Player
    options: tuple[str, ...] = ()  # option names the player takes (e.g. "simulations")
    aliases: tuple[str, ...] = field(default=())
    # whether the player can be built on this machine (an optional package may be missing); a
    # player that is not available still has its name, and building it gives a one-line error
    available: Callable[[], bool] | None = None

    def names(self) -> tuple[str, ...]:
        return (self.name,) + tuple(self.aliases)

    def is_available(self) -> bool:
        return True if self.available is None else bool(self.available())


_REGISTERED: dict[str, list[PlayerSpec]] = {}
_PLUGINS_LOADED = False


def register_player(game: str, spec: PlayerSpec) -> None:
    """Add ``spec`` to game ``game``'s players (a plug-in above the games calls this). Registering
    a name the game already has replaces the earlier registration."""
    specs = _REGISTERED.setdefault(game, [])
    specs[:] = [s for s in specs if s.name != spec.name] + [spec]


_GAME_HOOKS: list[Callable] = []


def on_game_registered(hook: Callable) -> None:
    """A plug-in's ``hook(manifest)``, called for each game registered after the plug-ins were
    loaded (``octosolve.games.register``): the plug-in adds its players to that game too."""
    _GAME_HOOKS.append(hook)


def game_registered(manifest) -> None:
    """Tell the loaded plug-ins of a newly registered game (the registry calls this)."""
    if _PLUGINS_LOADED:
        for hook in _GAME_HOOKS:
            hook(manifest)


def _load_plugins() -> None:
    """Call every ``octosolve.players`` entry point once (each registers its players)."""
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED = True
    from importlib.metadata import entry_points

    for ep in entry_points(group="octosolve.players"):
        ep.load()()


class player_list(Sequence):
    """A game's players: its own specs, then the specs plug-ins registered for it (in order).

    >>> len(player_list("no-such-game", (RANDOM, UCT)))
    2
    """

    def __init__(self, game: str, specs: Sequence[PlayerSpec]):
        self.game, self.own = game, tuple(specs)

    def _all(self) -> tuple[PlayerSpec, ...]:
        _load_plugins()
        own = {s.name for s in self.own}
        return self.own + tuple(s for s in _REGISTERED.get(self.game, ()) if s.name not in own)

    def __getitem__(self, i):
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[PlayerSpec]:
        return iter(self._all())

    def __repr__(self) -> str:
        return f"player_list({self.game!r}, {[s.name for s in self]})"


def player_available(specs: Sequence[PlayerSpec], name: str) -> bool:
    """True when ``specs`` has a player called ``name`` that can be built on this machine."""
    key = str(name).strip().lower()
    return any(key in s.names() and s.is_available() for s in specs)


def _random(game: Game, seed: int | None = None) -> Player:
    return RandomPlayer(seed)


def _uct(game: Game, seed: int | None = None, simulations: int = 400) -> Player:
    from .mcts import MCTSPlayer

    p = MCTSPlayer(simulations=simulations, seed=seed)
    p.name = "uct"
    return p


RANDOM = PlayerSpec("random", "uniformly random legal moves", _random)
UCT = PlayerSpec("uct", "plain UCT tree search with random playouts (core/mcts.py, no game knowledge)",
                 _uct, options=("simulations",))


def find_spec(specs: Sequence[PlayerSpec], name: str) -> PlayerSpec:
    """The spec called ``name`` (case-insensitive; aliases accepted); a one-line error otherwise."""
    key = str(name).strip().lower()
    for s in specs:
        if key in s.names():
            return s
    fail(f"unknown player {name!r} (choose from {', '.join(s.name for s in specs)})")


def make_player(specs: Sequence[PlayerSpec], name: str, game: Game, *, seed: int | None = None,
                **options) -> Player:
    """Build player ``name`` for ``game``; options the player does not take are ignored, options
    given as ``None`` are left at the player's default."""
    spec = find_spec(specs, name)
    kw = {k: v for k, v in options.items() if k in spec.options and v is not None}
    for key, value in kw.items():  # the CLI's options check these; Python callers get the same
        _check_option(spec.name, key, value)
    return spec.build(game, seed=seed, **kw)


def _check_option(player: str, key: str, value) -> None:
    """``simulations``: a whole number >= 1; ``time_limit``: a finite number of seconds > 0. A
    one-line error otherwise (``simulations="a"`` was a ValueError, ``2.5`` rounded, ``-5`` ran)."""
    import math

    if key == "simulations":
        if isinstance(value, bool) or not hasattr(value, "__index__") or value.__index__() < 1:
            fail(f"{player}: simulations must be a whole number >= 1, got {str(repr(value))[:40]}")
    elif key == "time_limit":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if not ok or value <= 0:
            fail(f"{player}: time_limit must be a number of seconds > 0, got {str(repr(value))[:40]}")


# the command-line option of a player option, where its name is not the option's
# (a player's time_limit is its thinking time per decision, --think-time)
OPTION_FLAGS = {"time_limit": "--think-time"}


def parse_players(text: str, specs: Sequence[PlayerSpec], *, counts: Sequence[int] | None = None,
                  given: Sequence[str] = ()) -> list[str]:
    """``"MCTS, greedy"`` -> ``["mcts", "greedy"]`` (canonical names); checks every name and, when
    ``counts`` is given, that the number of names is one of them.

    ``given`` names the player options the user set (``"simulations"``, ``"time_limit"``): one
    that some player of the game takes but none of the named players does is refused, since it
    would change nothing (``--players greedy,random --simulations 50``). An option no player of
    the game takes is not a player option there and is not checked.

    >>> parse_players("random", (RANDOM, UCT), given=("simulations",))
    Traceback (most recent call last):
    ...
    octosolve.core.errors.OctoValueError: --simulations sets the budget of the search players uct only, and none of the players given (random) is one of them
    """
    from .clikit import split_list

    names = split_list(text, "--players")
    if not names:
        fail("--players needs at least one player name")
    names = [find_spec(specs, n).name for n in names]
    if counts is not None and len(names) not in counts:
        allowed = names_list(counts).replace(" and ", " or ")
        fail(f"--players names {counted(len(names), 'player')}; this game takes {allowed}")
    for option in given:
        takers = [s.name for s in specs if option in s.options]
        if takers and not any(option in find_spec(specs, n).options for n in names):
            flag = OPTION_FLAGS.get(option, "--" + option.replace("_", "-"))
            # "none ... searches" was untrue of a search player with another budget (oct8's
            # openspiel-mcts takes --simulations, not --think-time)
            fail(f"{flag} sets the budget of the search players {', '.join(takers)} only, and none of "
                 f"the players given ({', '.join(dict.fromkeys(names))}) is one of them")
    return names


def player_help(specs: Sequence[PlayerSpec]) -> str:
    """One line per player, for --help texts and `players` listings."""
    return "; ".join(f"{s.name}: {s.help}" for s in specs)


class OneLegalAtOnce(Player):
    """Answers at once when only one action is legal (as the games' own players do), else asks the
    wrapped player (Oct8's ``openspiel-mcts``: its manifest wraps OpenSpiel's bot in it)."""

    name = "openspiel-mcts"

    def __init__(self, inner):
        self.inner = inner

    def choose(self, state):
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.inner.choose(state)
