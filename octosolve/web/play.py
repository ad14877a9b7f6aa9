"""Games against the computer, written once against the registry's contract.

Nothing here knows a game: it uses ``entry.make_game(**params)``, ``entry.players()`` (the
:class:`~octosolve.core.players.PlayerSpec` tuple), ``state.legal_actions()``,
``state.action_to_string(a)``, ``state.observation_string(p)``, ``state.winners()``,
``state.to_json()`` and ``game.state_from_json``. Chance nodes are played by the server (with the
game's seed). Hidden information stays hidden: the human sees ``observation_string`` of their own
seat; in a game without perfect information the other seats' moves are shown as the game's public
text of the move (``State.public_move_string(action)``, read on the state before the move, where the
game has it) or as "moved", and the record is downloadable once the game is over.

Every game is its moves: the session keeps the record (``core.record``, octosolve-record/1: game,
parameters, seats, seed, each move's action and notation read on the state before it). The
computer players and the chance outcomes are seeded as the match layer seeds them
(``core.seeding.player_seed`` and ``chance_rng``), so a seed and the human's moves give the game
`octosolve GAME play` gives with that seed and those players, and a game is rebuilt exactly from
its seed and moves: ``POST /api/GAME/new`` with ``"moves"`` (or a whole ``"record"``) replays them,
which is what a shared address does after a server restart; the in-memory store (at most
``max_games``, the least recently used dropped) is a cache, not the truth. ``undo`` takes back the
last human move (and the computer moves after it); ``resign`` ends the game as a loss for the
person's side (``core.record.resign_result``; the record's outcome says who resigned, and
``"resigned"`` in the body of ``new`` rebuilds such a game); ``hint`` says what the strongest computer
player would play, how sure its search is, and, where the game has an exact solver
(``<game>/hint.py: exact_hint``), the exact value of the position; ``line`` the proven best line
from the position to the end (``hint.py: hint_line``). ``GET /api/GAME/ID/at/N`` is the view
after the first N moves (read-only, only while every move is visible: perfect information or the
game over), for the page's replay slider; ``POST /api/GAME/ID/ahead`` the view after moves played
from the live position (a preview, such as the best line's: the game is not changed);
``POST /api/GAME/ID/compose`` checks a word being built (the game's ``compose`` room: Octoverso's
words are built from the hand, not picked from a list: the view lists none of them, and
``POST /api/GAME/ID/words`` gives them all, on request, for the page's study list).

The searches (the computer's move, a hint, the best line) run on the app's pool of workers
(:mod:`.pool`): a worker gets the position and the player, and gives back the move and the player;
the web process keeps the game. ``GET /api/GAME/ID/queue`` tells where a game's search waits. Every
POST on a game may carry the client's copy of it (``"game"``: the body of ``new`` that rebuilds
it), so a server process that does not hold the game, or holds it at other moves, rebuilds it
under the same id (two processes serving the same games).

The board: where the state has the optional ``view_svg(viewer)`` (an SVG of what that seat may
see, its clickable elements marked ``data-target="ID"``) the view carries it as ``"board"``, and
where it has ``action_targets(action)`` each legal move carries ``"targets"``, the IDs clicked in
order to make it (docs/web.md, "Play on the board").
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from collections import OrderedDict

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Route

from ..core.errors import fail
from ..core.record import check_record_shape
from ..core.seeding import chance_rng, player_seed
from .http import JSON, ApiError, number_in_path, read_body_json
from .pool import timed
from .session import (HUMAN, MAX_HISTORY_SHOWN, MAX_REPLAY_MOVES, Session,  # noqa: F401 (re-exported)
                      hint_of, line_of, room)

__all__ = ["presets", "levels", "MAX_SIMULATIONS", "MAX_TIME_LIMIT", "Session", "Sessions", "routes"]

# the games /play offers, their settings (presets: title, game parameters, the web app's default
# player options) and named levels (easy < medium < hard, the strongest the default) are declared by
# each game's manifest (``GameManifest.presets`` and ``.levels``; octosolve/<game>/manifest.py)
DEFAULT_LEVEL = "hard"
MAX_SIMULATIONS = 20_000
MAX_TIME_LIMIT = 10.0


# game parameters that name files in the library (Octoverso's lexicon, Oct8's deck): the web app
# takes none of them from a request (only their defaults)
FILE_PARAMS = ("lexicon", "deck", "path", "file", "words", "wordlist")
_WORD = re.compile(r"[A-Za-z0-9_-]{1,40}")


def _check_params(params) -> dict:
    """Game parameters from a request: numbers, booleans and plain words only; no file names."""
    if params is None:
        return {}
    if not isinstance(params, dict) or len(params) > 20:
        fail('"params" must be an object of game parameters')
    for k, v in params.items():
        if k in FILE_PARAMS:
            if v in (None, "default"):
                continue
            fail(f"game parameter {k!r} names a file: it is not accepted here (no file names)")
        if isinstance(v, str) and not _WORD.fullmatch(v):
            fail(f"game parameter {k!r} must be a plain word (letters, digits, - or _), "
                 f"not a file name, got {v!r}")
        if not isinstance(v, (bool, int, float, str)):
            fail(f"game parameter {k!r} must be a number, a boolean or a plain word")
    return dict(params)


def _check_options(options) -> dict:
    if options is None:
        return {}
    if not isinstance(options, dict):
        fail('"options" must be an object such as {"simulations": 200}')
    out = {}
    for k, v in options.items():
        if v is None:
            continue
        if k == "simulations":
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_SIMULATIONS:
                fail(f"simulations must be an integer 1-{MAX_SIMULATIONS}, got {v!r}")
        elif k == "time_limit":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= MAX_TIME_LIMIT:
                fail(f"time_limit must be a number of seconds in (0, {MAX_TIME_LIMIT}], got {v!r}")
        else:
            fail(f"unknown player option {k!r} (simulations, time_limit)")
        out[k] = v
    return out


_GID = re.compile(r"[0-9a-f]{16}")


class Sessions:
    """Games in memory, least recently used dropped beyond ``max_games``; their searches (computer
    moves, hints, best lines) run on ``pool`` (:class:`~octosolve.web.pool.Pool`; default: in this
    process, one at a time)."""

    def __init__(self, max_games: int = 200, games=None, warm: bool = True, pool=None):
        from ..games import GAMES
        from .pool import Pool

        if not isinstance(max_games, int) or max_games < 1:
            raise ValueError("max_games must be a positive integer")
        self.max_games = max_games
        entries = games if games is not None else [g for g in GAMES if g.web_ready()]
        self.entries = {e.name: e for e in entries}
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self.warm = warm
        self._warmed: set[str] = set()
        self.pool = pool if pool is not None else Pool(0)

    def warm_up(self, e, specs) -> None:
        """Once per game, in background threads: one move of its default player on a scratch
        game on each worker (a job in the line like any other), so that the first real computer
        move does not wait for compiled kernels to load (several seconds for some games)."""
        with self._lock:
            if not self.warm or e.name in self._warmed:
                return
            self._warmed.add(e.name)

        def work():
            try:
                self.pool.run(f"warm-{e.name}", warm_game, e, _level_player(e, specs)[0])
            except Exception:  # a warm-up only: a real game reports its own errors
                pass

        for i in range(self.pool.size if self.pool.processes else 1):
            threading.Thread(target=work, name=f"warm-{e.name}-{i}", daemon=True).start()

    def entry(self, name: str):
        e = self.entries.get(str(name).lower())
        if e is None:
            raise ApiError(404, f"unknown game {name!r} (games: {', '.join(self.entries)})")
        return e

    def specs(self, e) -> tuple:
        """The game's player specs; a 501 when the game does not offer them yet."""
        try:
            specs = tuple(e.players())
        except (AttributeError, ImportError) as err:
            raise ApiError(501, f"{e.name} has no computer players on the shared contract yet "
                                f"({type(err).__name__}: {err})")
        if not specs:
            raise ApiError(501, f"{e.name} lists no computer players")
        return specs

    def catalogue(self, name: str) -> dict:
        """Choices for the page: parameter presets, players with their options and help."""
        e = self.entry(name)
        specs = self.specs(e)
        self.warm_up(e, specs)
        card = getattr(e, "rules_card", None)
        return {"game": e.name, "title": getattr(e, "title", e.name),
                "presets": [{"title": t, "params": p, **_preset_game(e, p), "options": o}
                            for t, p, o in presets(e)],
                "players": [{"name": s.name, "help": s.help, "options": list(s.options)}
                            for s in specs],
                "default_player": _level_player(e, specs)[0],
                "levels": [{"name": n, "player": pl, "options": o} for n, pl, o in levels(e)
                           if pl in {s.name for s in specs}],
                "default_level": DEFAULT_LEVEL,
                "max_simulations": MAX_SIMULATIONS, "max_time_limit": MAX_TIME_LIMIT,
                # the page's "How to play" (none: the page hides it)
                "rules": card.as_json() if card is not None else None}

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game: str, gid: str, rebuild=None) -> Session:
        """Game ``gid``. ``rebuild``: the client's copy of the game (the body of ``new`` that
        rebuilds it: its params, seats, options, seed, moves, resigned, as its address holds
        them): a game this process does not know, or knows at another move (another server
        process played it on), is rebuilt from it under the same id."""
        name = self.entry(game).name   # any case, as the setup calls take it (/play/OCTAGONE)
        with self._lock:
            s = self._games.get(gid)
            if s is not None and s.entry.name == name and (rebuild is None or _same_game(s, rebuild)):
                self._games.move_to_end(gid)
                return s
        if rebuild is None or s is not None and s.entry.name != name:
            raise ApiError(404, f"no {game} game {gid!r} (games are kept in memory, the least "
                                "recently used dropped)")
        if not isinstance(rebuild, dict):
            fail('"game" must be the game as the page holds it: an object with its seed and moves')
        if not _GID.fullmatch(gid):
            raise ApiError(404, f"no {game} game {gid[:40]!r}: a game's id is 16 hex digits")
        return self.new(game, rebuild, gid=gid)

    def new(self, game: str, body: dict, gid: str | None = None) -> Session:
        """A new game from a request body (see docs/web.md), kept in memory (as ``gid``: a game
        rebuilt from its client's copy keeps its id)."""
        e = self.entry(game)
        s = self._new(e, body, gid)
        with self._lock:
            self._games[s.id] = s
            while len(self._games) > self.max_games:
                self._games.popitem(last=False)
        return s

    def _new(self, e, body: dict, gid: str | None = None) -> Session:
        record = body.get("record")
        if record is not None:  # a downloaded record: its game, parameters, seats, seed and moves
            check_record_shape(record)
            if str(record["game"]).lower() != e.name:
                fail(f"this record is a {record['game']} game, not {e.name}")
            # the CLI's reader (`octosolve replay`): each move's player, legality and notation, the
            # stored outcome; the same one-line refusal (#45.8). No file is named from a request.
            from ..core.record import game_from_record, replay

            record = {**record, "params": {k: v for k, v in record["params"].items()
                                           if k not in FILE_PARAMS or v in (None, "default")}}
            replay(record, game_from_record(record, e.name, e.make_game))   # the game this app offers
            out = record.get("outcome")
            body = {**body, "params": record["params"],
                    "seats": record["players"], "seed": record.get("seed"),
                    "moves": [m["action"] for m in record["moves"]],
                    "resigned": out.get("resigned") if isinstance(out, dict) else None}
            extras = record.get("extras")
            if isinstance(extras, dict) and isinstance(extras.get("options"), dict) \
                    and "options" not in body:
                body["options"] = extras["options"]
        params = _check_params(body.get("params"))
        if body.get("opponent") is not None and not isinstance(body["opponent"], str):
            fail(f'"opponent" must be the name of a computer player, got {body["opponent"]!r}')
        level = body.get("level")
        if level is not None:
            names = [n for n, _, _ in levels(e)]
            if level not in names:
                fail(f"unknown level {level!r} (choose from {', '.join(names) or 'none'})")
            _, lp, lopts = next(x for x in levels(e) if x[0] == level)
            body = {**body, "opponent": body.get("opponent") or lp,
                    "options": {**lopts, **(body.get("options") or {})}}
        options = _check_options(body.get("options"))
        for _, p, defaults in presets(e):  # the web app's default strength for this variant
            if p == params:
                options = {**defaults, **options}
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            fail(f"seed must be a whole number from 0 to {2**63 - 1}, got {seed!r}")
        specs = self.specs(e)
        try:
            g = e.make_game(**params)
        except TypeError as err:  # an unknown or mistyped parameter
            fail(f"bad {e.name} game parameters {params!r}: {err}")
        n = g.info.num_players
        seats = body.get("seats")
        if seats is None:
            opp = body.get("opponent") or _level_player(e, specs)[0]
            seat = body.get("human_seat", 0)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                fail(f"human_seat must be a seat 0-{n - 1}, got {seat!r}")
            seats = [opp] * n
            seats[seat] = HUMAN
        if not isinstance(seats, list) or len(seats) != n or not all(isinstance(s, str) for s in seats):
            fail(f'"seats" must list {n} names: "human" or a computer player '
                 f"({', '.join(s.name for s in specs)})")
        from ..core.players import find_spec, make_player

        seats = [HUMAN if s.strip().lower() == HUMAN else find_spec(specs, s).name for s in seats]
        # seeded as `octosolve GAME play` and the match layer seed them (core.seeding): the same
        # seed, seats and moves give the same game here and there
        players = {i: make_player(specs, s, g, seed=player_seed(seed, 0, i), **options)
                   for i, s in enumerate(seats) if s != HUMAN}
        state = g.new_initial_state(seed)
        rng = chance_rng(seed)
        s = Session(gid or secrets.token_hex(8), e, g, state, seats, players, seed, rng, g.params(),
                    options)
        moves = body.get("moves")
        s.replay([] if moves is None else moves)
        resigned = body.get("resigned")
        if resigned is not None:  # a resigned game (its address, its record): over where it stopped
            if isinstance(resigned, bool) or not isinstance(resigned, int):
                fail(f'"resigned" must be the seat that resigned, got {resigned!r}')
            s.resign(resigned)
        return s


def _same_game(s: Session, game) -> bool:
    """Whether session ``s`` is the client's copy ``game`` (the same seed, moves and resignation;
    the rest follows from the id)."""
    if not isinstance(game, dict):
        return False
    seed = game.get("seed")
    # a page holds numbers as doubles: a seed over 2^53 comes back rounded (the same game still)
    same_seed = seed == s.seed or (isinstance(seed, (int, float)) and not isinstance(seed, bool)
                                   and abs(s.seed) > 2**53 and float(seed) == float(s.seed))
    return (same_seed and game.get("moves") == [m["action"] for m in s.moves]
            and game.get("resigned") == s.resigned)


# the warm-up's budget: enough to call every kernel of a search once, little enough that a real
# move queued behind it does not wait (the full budgets took up to 3 s of CPU a move: issue 43)
WARM_BUDGET = {"simulations": 2, "time_limit": 0.05}


def warm_game(e, player: str) -> None:
    """A job: one move of ``player`` (the hard level's) on a scratch game with a tiny budget
    (:data:`WARM_BUDGET`), and the game's exact hints warmed (``<game>/hint.py: warm()``, where it
    has one), which loads the compiled kernels of the worker that runs it."""
    from ..core.game import CHANCE, sample_chance
    from ..core.players import make_player

    specs = tuple(e.players())
    g = e.make_game()
    st = g.new_initial_state(0)
    p = make_player(specs, player, g, seed=0, **WARM_BUDGET)
    rng = random.Random(0)
    while not st.is_terminal() and st.current_player() == CHANCE:
        st.apply_action(sample_chance(st, rng))
    if not st.is_terminal():
        p.choose(st)
    warm_hints = getattr(room(e, "hint"), "warm", None)   # the game's exact hints (Octagone's solver)
    if warm_hints is not None:
        warm_hints()


def presets(entry) -> list[tuple[str, dict, dict]]:
    """The settings the play page offers for a game (its manifest's ``presets``): (title, game
    parameters, default player options) each; a game that declares none gets its default game."""
    out = [(p.title, dict(p.params), dict(p.options)) for p in getattr(entry, "presets", ())]
    return out or [("default", {}, {})]


def levels(entry) -> list[tuple[str, str, dict]]:
    """The named opponent levels of a game (its manifest's ``levels``): (name, player, options)."""
    return [(lv.name, lv.player, dict(lv.options)) for lv in getattr(entry, "levels", ())]


def _preset_game(entry, params: dict) -> dict:
    """A preset's ``num_players`` and ``game_params``: the parameters its game reports
    (``game.params()``, as a game's view and address carry them; a game may leave out its
    defaults), so the page can tell which preset a game is."""
    from ..core.jsonout import to_plain

    try:
        g = entry.make_game(**params)
    except TypeError as err:
        fail(f"bad {entry.name} game parameters {params!r}: {err}")
    return {"num_players": int(g.info.num_players), "game_params": to_plain(g.params())}


def _level_player(entry, specs, level: str = DEFAULT_LEVEL) -> tuple[str, dict]:
    """(player name, options) of a level (default: the strongest) for game ``entry``."""
    names = {s.name for s in specs}
    for name, player, opts in levels(entry):
        if name == level and player in names:
            return player, dict(opts)
    return _default_player(specs), {}


def _default_player(specs) -> str | None:
    """The strongest-sounding default: a search player if there is one, else the last listed."""
    names = [s.name for s in specs]
    for pref in ("mcts", "ismcts", "alphabeta", "flat-mc", "greedy"):
        if pref in names:
            return pref
    return names[-1] if names else None


# ---------------------------------------------------------------------------------------------
# routes


def _locked(s: Session, fn):
    """``fn()`` with the game's own lock held (in a thread: the event loop never waits on it): one
    request at a time works on a game; other games never wait on it (their searches wait only for
    a free worker of the pool)."""
    with s.lock:
        return fn()


def _other_methods(request: Request) -> list[str]:
    """The methods of the app's other routes that match this path (a 405's ``Allow``), if any."""
    from starlette.routing import Match

    allowed = set()
    for r in request.app.router.routes:
        if isinstance(r, Route) and r.matches(request.scope)[0] == Match.PARTIAL:
            allowed |= set(r.methods or ())
    return sorted(allowed)


def routes(sessions: Sessions, play_page) -> list[Route]:
    """The play API's routes; ``play_page``: the play page's file, or an endpoint serving it."""
    async def page(request: Request):
        sessions.entry(request.path_params["game"])  # 404 for an unknown game
        if callable(play_page):
            return await play_page(request)
        return FileResponse(play_page, media_type="text/html")

    async def info(request: Request):
        return JSON(await run_in_threadpool(sessions.catalogue, request.path_params["game"]))

    async def new(request: Request):
        body = await read_body_json(request)
        s = await run_in_threadpool(sessions.new, request.path_params["game"], body)
        return JSON(s.view())

    def session(request: Request, body: dict | None = None) -> Session:
        rebuild = body.get("game") if body else None
        try:
            return sessions.get(request.path_params["game"], request.path_params["gid"], rebuild)
        except ApiError as e:
            if e.status == 404:   # GET /api/octiles/trace: a route of another method, not a game
                allowed = _other_methods(request)
                if allowed:
                    raise HTTPException(405, headers={"Allow": ", ".join(allowed)})
            raise

    async def lookup(request: Request, body: dict | None = None) -> Session:
        # a rebuild replays the client's moves: in a thread, as every other work on a game
        if body and body.get("game") is not None:
            return await run_in_threadpool(session, request, body)
        return session(request, body)

    def on_pool(s: Session, cpu: list):
        """``run(fn, *args)`` for a session's search: on the pool's next free worker (the line's
        key: the game's id), its CPU seconds added to ``cpu``."""
        def run(fn, *args):
            out, sec = sessions.pool.run(s.id, timed, fn, *args)
            cpu.append(sec)
            return out
        return run

    async def show(request: Request):
        s = session(request)
        return JSON(await run_in_threadpool(_locked, s, s.view))

    async def at(request: Request):
        s = session(request)
        ply = number_in_path(request.path_params["ply"], "the move number")
        return JSON(await run_in_threadpool(_locked, s, lambda: s.view_at(ply)))

    async def record(request: Request):
        s = session(request)
        doc = await run_in_threadpool(_locked, s, s.record)
        return JSON(doc, headers={
            "Content-Disposition": f'attachment; filename="{s.entry.name}-{s.id}.json"'})

    async def queue(request: Request):
        # where this game's search is: waiting in line (its place), running, or idle
        s = session(request)
        return JSON({"id": s.id, **sessions.pool.position(s.id)})

    async def move(request: Request):
        body = await read_body_json(request)
        s = await lookup(request, body)
        if "action" not in body:
            fail('missing "action" (one of the legal actions)')

        def work():
            s.human_move(body["action"])
            return s.view()
        return JSON(await run_in_threadpool(_locked, s, work))

    async def computer(request: Request):
        s = await lookup(request, await read_body_json(request))

        def work():
            cpu: list = []
            a = s.computer_move(on_pool(s, cpu))
            v = s.view()
            v["cpu_seconds"] = round(sum(cpu), 4)  # the move's CPU time (its wall time depends on load)
            v["played"] = a if (s.perfect() or s.state.is_terminal()) else None
            return v
        return JSON(await run_in_threadpool(_locked, s, work))

    async def undo(request: Request):
        s = await lookup(request, await read_body_json(request))

        def work():
            s.undo()
            return s.view()
        return JSON(await run_in_threadpool(_locked, s, work))

    async def resign(request: Request):
        s = await lookup(request, await read_body_json(request))

        def work():
            s.resign()
            return s.view()
        return JSON(await run_in_threadpool(_locked, s, work))

    async def hint(request: Request):
        s = await lookup(request, await read_body_json(request))
        specs = sessions.specs(s.entry)

        def work():
            s._own_turn("hints are")
            s.check_hint()
            cpu: list = []
            h = on_pool(s, cpu)(hint_of, s.entry, s.game, s.state, s.seed, len(s.moves), s.options,
                                _level_player(s.entry, specs))
            h["cpu_seconds"] = round(sum(cpu), 4)
            return h
        return JSON(await run_in_threadpool(_locked, s, work))

    async def line(request: Request):
        s = await lookup(request, await read_body_json(request))

        def work():
            s._own_turn("the best line is")
            if not hasattr(s._exact_room(), "hint_line"):
                fail(f"{s.entry.name} has no exact solver here: no proven best line to show")
            cpu: list = []
            ln = on_pool(s, cpu)(line_of, s.entry, s.state)
            ln["cpu_seconds"] = round(sum(cpu), 4)
            return ln
        return JSON(await run_in_threadpool(_locked, s, work))

    async def compose(request: Request):
        # a word being built (the game's compose room): checked for the position without the list
        body = await read_body_json(request)
        s = await lookup(request, body)
        if "text" not in body:
            fail('missing "text" (the letters of the word built so far)')
        return JSON(await run_in_threadpool(_locked, s, lambda: s.compose(body["text"], body.get("place"))))

    async def words(request: Request):
        # the study list (every word the person could build), asked for on its own
        s = await lookup(request, await read_body_json(request))
        # (on the pool, as a search: every legal word of the hand is seconds of CPU at worst)
        return JSON(await run_in_threadpool(_locked, s, lambda: {"moves": s.words(on_pool(s, []))}))

    async def ahead(request: Request):
        body = await read_body_json(request)
        s = await lookup(request, body)
        if "moves" not in body:
            fail('missing "moves" (the actions to play from the live position, for a preview)')
        return JSON(await run_in_threadpool(_locked, s, lambda: s.view_ahead(body["moves"], body.get("then"))))

    async def games(request: Request):
        # what the pages read of each game offered (GameManifest.web_json: title, play page,
        # picture, the game's own pages), in the order of the menus
        offered = sorted(sessions.entries.values(), key=lambda e: getattr(e, "menu", 100))
        return JSON([e.web_json() if hasattr(e, "web_json") else {"game": e.name, "title": getattr(e, "title", e.name)}
                     for e in offered])

    return [
        Route("/play/{game}", page),
        Route("/api/games", games),
        Route("/api/{game}/info", info),
        Route("/api/{game}/new", new, methods=["POST"]),
        Route("/api/{game}/{gid}", show),
        Route("/api/{game}/{gid}/record", record),
        Route("/api/{game}/{gid}/queue", queue),
        Route("/api/{game}/{gid}/at/{ply}", at),
        Route("/api/{game}/{gid}/move", move, methods=["POST"]),
        Route("/api/{game}/{gid}/computer", computer, methods=["POST"]),
        Route("/api/{game}/{gid}/undo", undo, methods=["POST"]),
        Route("/api/{game}/{gid}/resign", resign, methods=["POST"]),
        Route("/api/{game}/{gid}/hint", hint, methods=["POST"]),
        Route("/api/{game}/{gid}/line", line, methods=["POST"]),
        Route("/api/{game}/{gid}/ahead", ahead, methods=["POST"]),
        Route("/api/{game}/{gid}/compose", compose, methods=["POST"]),
        Route("/api/{game}/{gid}/words", words, methods=["POST"]),
    ]
