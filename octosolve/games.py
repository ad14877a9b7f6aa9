"""The one registry of games: the CLI, the report, the web app and the OpenSpiel adapter read it.

Every game is a package ``octosolve/<name>/`` with the same rooms (``rules.py``, ``solve.py``,
``kernels.py``, ``players.py``, ``render.py``, ``cli.py``, ``report.py``). An entry names the game and
says what it offers; modules are imported only when used, so ``octosolve oct8 ...`` never imports
OR-Tools or another game's numba code.

- ``rules.make_game(**params) -> Game`` (games with a turn-based state; Octagion is a word-card
  puzzle without one);
- ``players.PLAYERS``: the game's :class:`~octosolve.core.players.PlayerSpec` tuple;
- ``kernels.TWINS``: its numba kernels and their pure-Python twins (plus the ``TWINS`` of the rooms an
  entry names in ``twin_rooms``: Oct8's tree search);
- ``report.build(out_dir, *, quick, seed) -> dict``: its section of ``octosolve report``;
- ``cli.group``: its click group.

>>> from octosolve.games import get_game
>>> get_game("OCTAGONE").name
'octagone'
>>> [g.name for g in GAMES if g.has_state]
['octoverso', 'oct8', 'octiles', 'octagone']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from .core.errors import OctoError, fail

__all__ = ["GameEntry", "GAMES", "get_game", "game_names", "new_game", "new_player", "make_player", "match_spec",
           "record_game", "replay_record", "record_extras", "position_document", "state_from_document"]


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    help: str
    has_state: bool = True  # rules.make_game and players.PLAYERS exist
    aliases: tuple[str, ...] = field(default=())
    # rooms beside kernels.py whose TWINS table lists more kernels (Oct8's tree search: its twins
    # module imports the search, which imports the engine's kernels, so kernels.py cannot list them)
    twin_rooms: tuple[str, ...] = field(default=())

    @property
    def package(self) -> str:
        return f"octosolve.{self.name}"

    def module(self, room: str):
        """Import and return ``octosolve.<game>.<room>`` (e.g. ``"rules"``)."""
        return importlib.import_module(f"{self.package}.{room}")

    def make_game(self, **params):
        if not self.has_state:
            fail(f"{self.name} has no turn-based game state (it is a word-card puzzle)")
        return self.module("rules").make_game(**params)

    def players(self) -> tuple:
        if not self.has_state:
            return ()
        return tuple(self.module("players").PLAYERS)

    def player_names(self) -> list[str]:
        return [s.name for s in self.players()]

    def make_player(self, name: str, game=None, *, seed: int | None = None, **options):
        from .core.players import make_player

        return make_player(self.players(), name, game if game is not None else self.make_game(),
                           seed=seed, **options)

    def record_extras(self, state) -> dict:
        """The game's own fields of a game record (``matches.record_extras(state)``, when the game
        has one): what its matches and reports read beside the moves and the outcome."""
        hook = getattr(self.module("matches"), "record_extras", None) if self.has_state else None
        return dict(hook(state)) if hook is not None else {}

    def twins(self) -> tuple:
        out = tuple(getattr(self.module("kernels"), "TWINS", ()))
        for room in self.twin_rooms:
            out += tuple(self.module(room).TWINS)
        return out

    def build_report(self, out_dir, *, quick: bool, seed: int | None) -> dict:
        return self.module("report").build(out_dir, quick=quick, seed=seed)

    def cli_group(self):
        return self.module("cli").group


GAMES: tuple[GameEntry, ...] = (
    GameEntry("octagion", "Octagion",
              "Octagion: word cards of letter/number cards - solvability, wildcards, deck design, scoring.",
              has_state=False),
    GameEntry("octoverso", "Octoverso",
              "Octoverso: French words on an 8-letter rail - move generator, OCTOs, players, tournaments."),
    GameEntry("oct8", "Oct8",
              "Oct8: octopus card game - rules engine, swap enumeration, players, balance simulations.",
              aliases=("october8", "october-8"), twin_rooms=("twins_search",)),
    GameEntry("octiles", "Octiles",
              "Octiles: octagonal path tiles - path tracer, the 30 challenges (CP-SAT), games and players."),
    GameEntry("octagone", "Octagone",
              "Octagone: arrow shields on a 6x7 board - rules, exact alpha-beta solver, players.",
              twin_rooms=("dfpn",)),
)


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
    from .core.record import check_record_shape

    check_record_shape(rec)
    entry = get_game(rec["game"])
    try:
        game = entry.make_game(**rec["params"])
    except (TypeError, OctoError) as exc:
        import re

        unknown = re.search(r"unexpected keyword argument '([^']+)'|unknown \w+ parameters? '([^']+)'",
                            str(exc))
        if unknown:  # a parameter of another game, or a misspelt one: name it and the game's own
            name = unknown.group(1) or unknown.group(2)
            fail(f"record: {entry.name} has no game parameter {name[:40]!r} (its "
                 f"parameters: {', '.join(entry.make_game().params())})")
        if isinstance(exc, OctoError):
            raise
        fail(f"record: bad game parameters for {entry.name}: {str(exc)[:120]}")
    return entry, game


def position_document(doc, game_name: str):
    """A position file's document as the position commands read it: a game record
    (octosolve-record/1, e.g. written by ``play --out``) of game ``game_name`` is replayed, every
    move checked, and its last position's ``to_json`` returned; any other document as it is."""
    from .core.record import RECORD_FORMAT

    if not (isinstance(doc, dict) and doc.get("format") == RECORD_FORMAT):
        return doc
    want = get_game(game_name).name
    if str(doc.get("game")).lower() != want:
        fail(f"this is a record of {str(doc.get('game'))[:40]!r}, not of {want}")
    return replay_record(doc).to_json()


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
    return entry.module("rules").state_from_document(position_document(doc, entry.name))
