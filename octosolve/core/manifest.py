"""A game's manifest: everything the registry, the CLI, the report, the web app, interop and the
tests need to know about one game, declared once in ``octosolve/<game>/manifest.py``.

A manifest is built from the types of this module only. Its rooms (``rules``, ``players``,
``kernels``, ``cli``, ``report``, ``matches``, ``render``, ...) are zero-argument functions of the
game's own ``manifest.py`` that import the room on first use (``from . import rules``), so reading a
manifest imports none of the game's numba or OR-Tools code, and every import is a written one: the
game's rooms never import its manifest nor the registry (:mod:`octosolve.games`), which imports the
manifests; the dependency points one way (registry -> manifest -> rooms -> core).

Adding a game (docs/design.md, "Adding a game"): write its package with a ``manifest.py`` declaring
``MANIFEST = GameManifest(...)``, and name that module in ``octosolve/games.py`` (or call
``games.register(MANIFEST)``, as the test suite's sixth game does).

>>> m = GameManifest("nim", "Nim", "Nim: take stones.", rooms={})
>>> m.package, m.has_state, m.web_ready()
('octosolve.nim', True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable, Mapping

from .errors import fail

__all__ = ["GameManifest", "Preset", "Level", "RulesCard", "Preview", "OpenSpielHook", "WebPage", "WebTest"]


@dataclass(frozen=True)
class Preset:
    """A game setting the web app's play page offers: its title, the game parameters, and the
    web app's default player options for it (e.g. fewer simulations where a move would be slow)."""

    title: str
    params: Mapping = field(default_factory=dict)
    options: Mapping = field(default_factory=dict)


@dataclass(frozen=True)
class Level:
    """A named opponent strength on the play page (easy, medium, hard): a player and its options."""

    name: str
    player: str
    options: Mapping = field(default_factory=dict)


@dataclass(frozen=True)
class RulesCard:
    """What a newcomer reads on the play page before the first move: a few sentences, the
    notation of the moves' texts (pairs of notation and meaning), and the full rules' file."""

    file: str
    rules: tuple[str, ...]
    notation: tuple[tuple[str, str], ...] = ()

    def as_json(self) -> dict:
        return {"file": self.file, "rules": list(self.rules), "notation": [list(n) for n in self.notation]}


@dataclass(frozen=True)
class Preview:
    """The home page's picture of the game: ``moves`` random moves (seeded) into a game with
    ``params``, drawn as ``"position"`` (``_repr_svg_``) or ``"view"`` (``view_svg`` of the seat
    to move); or, for a game without a state, ``draw()`` returning an SVG document."""

    params: Mapping = field(default_factory=dict)
    moves: int = 10
    picture: str = "position"
    draw: Callable[[], str] | None = None


@dataclass(frozen=True)
class WebPage:
    """A page of the web app of the game's own (beside the generic play page): its address and
    the link text of the menus; ``file``: its HTML, a file of the web app's ``web/static/`` (the
    app fills in its menu; default: the address's last part with ``.html``); ``api``: the module
    of ``octosolve.web`` holding the page's API routes (its ``routes(pool)``), or None. Data only:
    the web app imports the module it names (web sits above the games, which never import it)."""

    path: str
    label: str
    file: str | None = None
    api: str | None = None

    @property
    def html(self) -> str:
        return self.file or self.path.rstrip("/").rsplit("/", 1)[-1] + ".html"


@dataclass(frozen=True)
class WebTest:
    """How the browser tests (tests/web) and the docs' screenshots (scripts/web_screenshots.py) play
    the game on its play page; every game the play page offers gets those tests, with these
    defaults unless its manifest says otherwise.

    ``params``, ``seed`` and ``pick``: a whole game against the easy level (you play the
    ``pick``-th legal move each turn, -1 the last), a deal that ends soon; ``phone``: the play
    page's address after ``/play/<game>`` where you have a move, measured on a phone, and
    ``button`` a button of the board there (its ``data-target``) that must take a finger, or None;
    ``shot``: the screenshot's seed and the number of your moves made on the board first, against
    the hard level; ``seeding``: ``(params, computer, options, seed, plies)``, a game whose first
    ``plies`` moves the web app must play as the match layer does for the seed (a random player in
    seat 0, the ``computer`` player with ``options`` in the others)."""

    params: Mapping = field(default_factory=dict)
    seed: int = 1
    pick: int = 0
    phone: str = "#level=easy&seed=1"
    button: str | None = None
    shot: tuple[int, int] = (1, 1)
    seeding: tuple = ({}, "random", {}, 1, 30)


@dataclass(frozen=True)
class OpenSpielHook:
    """How the ``openspiel-mcts`` player plays this game (registered by ``octosolve.interop``, which
    sits above the games): its help line, default simulations, aliases, and optionally
    ``build(game, bot, seed, simulations) -> Player`` where ``bot(simulations, seed, **kw)`` is
    OpenSpiel's MCTS bot as a player (default: ``bot(simulations, seed or 0)``)."""

    help: str
    simulations: int
    aliases: tuple[str, ...] = ()
    build: Callable | None = None


@dataclass(frozen=True)
class GameManifest:
    """One game, declared once. ``rooms`` maps a room name to a function importing it; ``menu``
    orders the games on the web app's pages; ``test_params`` (parameter sets beyond the default
    game), ``cli_cases``, ``cli_inputs``, ``cli_fuzz``, ``cli_pooled`` and ``web_test`` are what the
    test suite's generic checks (and the screenshots) run of the game, so that no test holds a list
    of the games (tests/test_no_game_lists.py)."""

    name: str
    title: str
    help: str
    rooms: Mapping[str, Callable[[], ModuleType]]  # e.g. "rules", "players", "cli", "hint" (exact hints)
    has_state: bool = True  # rules.make_game and players.PLAYERS exist
    aliases: tuple[str, ...] = ()
    # rooms beside kernels.py whose TWINS table lists more kernels (Oct8's tree search)
    twin_rooms: tuple[str, ...] = ()
    package_name: str | None = None  # the Python package (default: octosolve.<name>)
    presets: tuple[Preset, ...] = ()
    levels: tuple[Level, ...] = ()
    rules_card: RulesCard | None = None
    preview: Preview | None = None
    pages: tuple[WebPage, ...] = ()
    menu: int = 100
    openspiel: OpenSpielHook | None = None
    test_params: tuple[Mapping, ...] = ()
    # the test suite's invocation of each of the game's commands that write files (tests/test_cli_wrote.py):
    # command -> (arguments before the outputs, {output option: file name}), or why it is not run
    # there (a search of minutes); an argument naming one of ``cli_inputs`` is that file
    cli_cases: Mapping[str, tuple | str] = field(default_factory=dict)
    # the input files of those invocations: name -> (file name, its text, or the game's command
    # writing it, ending with the option the file's path follows)
    cli_inputs: Mapping[str, tuple] = field(default_factory=dict)
    # the CLI fuzzer (tests/test_cli_fuzz.py): command -> cheap arguments placed before the drawn
    # ones (a drawn value of the same option comes later and wins; ``{name}`` is one of the fuzzer's
    # files), or why the command is not fuzzed (a long search writing the project's data files)
    cli_fuzz: Mapping[str, list | str] = field(default_factory=dict)
    # the game's commands that play on a pool of worker processes, with arguments that keep them
    # busy for a minute (tests/core/test_stops.py stops each with Ctrl-C; ``--workers 2`` is added)
    cli_pooled: tuple[str, ...] = ()
    # what the browser tests and the screenshots play on the play page (games the web app offers)
    web_test: WebTest = field(default_factory=WebTest)

    @property
    def package(self) -> str:
        return self.package_name or f"octosolve.{self.name}"

    def module(self, room: str) -> ModuleType:
        """The game's module ``room`` (e.g. ``"rules"``), imported on first use."""
        load = self.rooms.get(room)
        if load is None:  # as the import of a missing module says it
            raise ModuleNotFoundError(f"{self.name} has no {room!r} module", name=f"{self.package}.{room}")
        return load()

    def has_room(self, room: str) -> bool:
        return room in self.rooms

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
        from .players import make_player

        return make_player(self.players(), name, game if game is not None else self.make_game(),
                           seed=seed, **options)

    def record_extras(self, state) -> dict:
        """The game's own fields of a game record (``matches.record_extras(state)``, when the game
        has one): what its matches and reports read beside the moves and the outcome."""
        if not self.has_state or not self.has_room("matches"):
            return {}
        hook = getattr(self.module("matches"), "record_extras", None)
        return dict(hook(state)) if hook is not None else {}

    def state_from_document(self, doc):
        return self.module("rules").state_from_document(doc)

    def twins(self) -> tuple:
        out = tuple(getattr(self.module("kernels"), "TWINS", ())) if self.has_room("kernels") else ()
        for room in self.twin_rooms:
            out += tuple(self.module(room).TWINS)
        return out

    def build_report(self, out_dir, *, quick: bool, seed: int | None) -> dict:
        return self.module("report").build(out_dir, quick=quick, seed=seed)

    def has_report(self) -> bool:
        return self.has_room("report")

    def cli_group(self):
        return self.module("cli").group

    def web_ready(self) -> bool:
        """Whether the web app's play page offers the game (a turn-based state and players)."""
        return self.has_state and self.has_room("players")

    def web_json(self) -> dict:
        """What the web app's pages read of the game (``GET /api/games``)."""
        return {"game": self.name, "title": self.title, "help": self.help,
                "play": f"/play/{self.name}" if self.web_ready() else None,
                "preview": f"/preview/{self.name}.svg" if (self.preview or self.web_ready()) else None,
                "pages": [{"path": p.path, "label": p.label} for p in self.pages]}
