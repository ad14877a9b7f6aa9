"""The one registry of games: the CLI, the report, the web app, the OpenSpiel adapter and the tests
read it.

Every game is a package ``octosolve/<name>/`` whose ``manifest.py`` declares the game once: a
:class:`~octosolve.core.manifest.GameManifest` naming its title, help line and aliases, its rooms
(``rules.py``, ``players.py``, ``kernels.py``, ``cli.py``, ``report.py``, ``matches.py``, ...,
imported only when used, so ``octosolve oct8 ...`` never imports OR-Tools or another game's numba
code), what the web app's play page offers (settings, levels, "How to play", the home page's
picture), the OpenSpiel player's settings and the parameter sets the tests also check. The
registry is the list of those manifests (:data:`GAMES`, in the order the CLI lists them), read
through the manifest's methods:

- ``make_game(**params) -> Game`` (games with a turn-based state; Octagion is a word-card puzzle
  without one) and ``state_from_document(doc)``;
- ``players()``: the game's :class:`~octosolve.core.players.PlayerSpec` tuple;
- ``twins()``: its numba kernels and their pure-Python twins;
- ``build_report(out_dir, *, quick, seed) -> dict``: its section of ``octosolve report``;
- ``cli_group()``: its click group.

The dependency points one way: this module imports the manifests, a manifest imports its own rooms
on use, and no game module imports this one (what a game needs of the shared machinery is in
``octosolve.core``). A game outside the package (the test suite's sixth game) joins with
:func:`register`.

>>> from octosolve.games import get_game
>>> get_game("OCTAGONE").name
'octagone'
>>> [g.name for g in GAMES if g.has_state and g.package.startswith("octosolve.")]
['octoverso', 'oct8', 'octiles', 'octagone']
"""

from __future__ import annotations

from .core.errors import OctoError, fail
from .core.manifest import GameManifest
from .oct8.manifest import MANIFEST as _OCT8
from .octagion.manifest import MANIFEST as _OCTAGION
from .octagone.manifest import MANIFEST as _OCTAGONE
from .octiles.manifest import MANIFEST as _OCTILES
from .octoverso.manifest import MANIFEST as _OCTOVERSO

__all__ = ["GameEntry", "GAMES", "register", "unregister", "get_game", "game_names", "new_game", "new_player",
           "make_player", "match_spec", "record_game", "replay_record", "record_extras", "position_document",
           "state_from_document"]

GameEntry = GameManifest  # the registry's entries are the games' manifests

# the games, in the order the CLI lists them; register() adds one
GAMES: list[GameManifest] = [_OCTAGION, _OCTOVERSO, _OCT8, _OCTILES, _OCTAGONE]


def register(manifest: GameManifest) -> GameManifest:
    """Add a game to the registry (its name and aliases must be new): the CLI, the report, the
    web app, the OpenSpiel adapter and the tests then offer it. Returns the manifest."""
    if not isinstance(manifest, GameManifest):
        raise TypeError(f"register() takes a GameManifest, not {type(manifest).__name__}")
    taken = {n for g in GAMES for n in (g.name,) + tuple(g.aliases)}
    clash = sorted(taken & ({manifest.name} | set(manifest.aliases)))
    if clash:
        raise ValueError(f"a game named {', '.join(clash)} is already registered")
    GAMES.append(manifest)
    from .core.players import game_registered

    game_registered(manifest)
    return manifest


def unregister(name: str) -> None:
    """Take a game registered with :func:`register` out of the registry again (tests)."""
    GAMES[:] = [g for g in GAMES if g.name != name]


def game_names() -> list[str]:
    return [g.name for g in GAMES]


def get_game(name: str) -> GameEntry:
    """The entry for ``name`` (case-insensitive, aliases accepted); a one-line error otherwise."""
    key = str(name).strip().lower()
    for g in GAMES:
        if key == g.name or key in g.aliases:
            return g
    fail(f"unknown game {name!r} (choose from {', '.join(game_names())})")


# Module-level functions (picklable) for the match layer: MatchSpec(new_game=partial(new_game, name), ...)
def new_game(name: str, **params):
    """``make_game(**params)`` of game ``name``."""
    return get_game(name).make_game(**params)


def new_player(game_name: str, player: str, game, *, seed: int | None = None, **options):
    """Player ``player`` of game ``game_name`` for ``game``."""
    return get_game(game_name).make_player(player, game, seed=seed, **options)


def record_extras(game_name: str, state) -> dict:
    """The extras hook of game ``game_name``'s records (see :meth:`GameEntry.record_extras`)."""
    return get_game(game_name).record_extras(state)


def make_player(game: str, name: str, **options):
    """``make_player("octagone", "mcts", simulations=200, seed=1)``: one player, its game built
    with the default parameters unless ``game_obj=`` is given."""
    entry = get_game(game)
    game_obj = options.pop("game_obj", None)
    seed = options.pop("seed", None)
    return entry.make_player(name, game_obj, seed=seed, **options)


def match_spec(game_name: str, game_params: dict | None = None, player_options: dict | None = None,
               max_moves: int = 100_000):
    """A picklable :class:`~octosolve.core.match.MatchSpec` for game ``game_name``."""
    from functools import partial

    from .core.match import MatchSpec

    name = get_game(game_name).name  # validate early
    return MatchSpec(new_game=partial(new_game, name), new_player=partial(new_player, name),
                     game_params=dict(game_params or {}), player_options=dict(player_options or {}),
                     max_moves=max_moves, game_name=name, extras=partial(record_extras, name))


def record_game(rec) -> tuple:
    """``(entry, game)`` for a game record (:mod:`octosolve.core.record`): the registry's entry
    for ``rec["game"]`` and the game rebuilt from ``rec["params"]``."""
    from .core.record import check_record_shape, game_from_record

    check_record_shape(rec)
    entry = get_game(rec["game"])
    return entry, game_from_record(rec, entry.name, entry.make_game)


def position_document(doc, game_name: str):
    """A position file's document as the position commands read it: a game record
    (octosolve-record/1, e.g. written by ``play --out``) of game ``game_name`` is replayed, every
    move checked, and its last position's ``to_json`` returned; any other document as it is."""
    from .core.record import position_document as read

    entry = get_game(game_name)
    return read(doc, entry.name, entry.make_game)


def replay_record(rec):
    """The final state of a game record, every move checked against the rules."""
    from .core.record import replay

    _entry, game = record_game(rec)
    return replay(rec, game)


def state_from_document(game_name: str, doc):
    """The state a position document (``State.to_json()``, e.g. a ``--position-out`` file) or a game
    record describes, its game rebuilt from the document's own parameters: the same call for every
    game with a state (``rules.state_from_document`` of the game's package). A one-line error for a
    document of another game or an inconsistent one."""
    entry = get_game(game_name)
    if not entry.has_state:
        fail(f"{entry.name} has no game state to read")
    return entry.state_from_document(position_document(doc, entry.name))
