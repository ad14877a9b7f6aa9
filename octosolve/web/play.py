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
parameters, seats, seed, each move's action and notation read on the state before it). Chance
outcomes are drawn from ``derive_seed(seed, "web-chance", ply)``, so a game is rebuilt exactly from
its seed and moves: ``POST /api/GAME/new`` with ``"moves"`` (or a whole ``"record"``) replays them,
which is what a shared address does after a server restart; the in-memory store (at most
``max_games``, the least recently used dropped) is a cache, not the truth. ``undo`` takes back the
last human move (and the computer moves after it); ``hint`` says what the strongest computer
player would play, how sure its search is, and, where the game has an exact solver
(``solve.exact_hint``), the exact value of the position. ``GET /api/GAME/ID/at/N`` is the view
after the first N moves (read-only, only while every move is visible: perfect information or the
game over), for the page's replay slider.

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
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Route

from ..core.errors import fail
from ..core.record import RECORD_FORMAT, check_record_shape, finish_record, move_text
from ..core.seeding import derive_seed
from .http import JSON, ApiError, read_body_json

__all__ = ["PLAYABLE", "LEVELS", "MAX_SIMULATIONS", "MAX_TIME_LIMIT", "Session", "Sessions", "routes"]

# the games /play offers: (title, game parameters, the web app's default player options) for each.
# The default strength keeps a computer move within about 2 s of CPU on one core (measured with
# scripts/bench_web.py; Octiles' Team Up MCTS at the game's 200 simulations took up to 5.3 s of CPU
# on a move, at 50 about 1.4 s); a player option left empty on the page takes these.
PLAYABLE: dict[str, list[tuple[str, dict, dict]]] = {
    "octiles": [("Move Over (2 players)", {"variant": "move-over", "players": 2}, {}),
                ("Team Up (2 players)", {"variant": "team-up", "players": 2}, {"simulations": 50}),
                ("Octiles, the full game (2 players)", {"variant": "octiles", "players": 2}, {}),
                ("Move Over (3 players)", {"variant": "move-over", "players": 3}, {}),
                ("Move Over (4 players)", {"variant": "move-over", "players": 4}, {}),
                ("Move Over in teams (4 players, partners opposite)",
                 {"variant": "move-over", "players": 4, "teams": True}, {})],
    "octagone": [("2 players", {}, {}),
                 ("KIDS (2 players)", {"variant": "kids"}, {}),
                 ("Octagone IV (2 players)", {"variant": "iv"}, {}),
                 ("4 players (two pairs)", {"players": 4}, {}),
                 ("4 players, hidden shields (two pairs)", {"players": 4, "hidden": True}, {})],
    "oct8": [("2 players", {"players": 2}, {}),
             ("3 players", {"players": 3}, {}),
             ("4 players", {"players": 4}, {}),
             ("Short game (2 players)", {"players": 2, "variant": "short"}, {})],
    "octoverso": [("2 players", {}, {}),
                  ("Jokers (2 players)", {"jokers": True}, {}),
                  ("Teams (4 players, two teams of 2)", {"teams": True}, {})],
}
# opponents as named levels, mapped to the players the project's own measurements rank
# (results/<game>/README.md): easy < medium < hard, the strongest the default
LEVELS: dict[str, list[tuple[str, str, dict]]] = {
    "octagone": [("easy", "greedy", {}), ("medium", "mcts", {}), ("hard", "alphabeta", {})],
    "octoverso": [("easy", "greedy", {}), ("medium", "lookahead", {}), ("hard", "flat-mc", {})],
    "oct8": [("easy", "random", {}), ("medium", "greedy", {}), ("hard", "flat-mc", {})],
    "octiles": [("easy", "greedy", {}), ("medium", "mcts", {"simulations": 20}), ("hard", "mcts", {})],
}
DEFAULT_LEVEL = "hard"
MAX_REPLAY_MOVES = 20_000
MAX_SIMULATIONS = 20_000
MAX_TIME_LIMIT = 10.0
MAX_HISTORY_SHOWN = 400
HUMAN = "human"


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


@dataclass
class Session:
    id: str
    entry: object
    game: object
    state: object
    seats: list            # per seat: "human" or a player name
    players: dict          # seat -> Player (computer seats)
    seed: int
    rng: random.Random
    params: dict
    options: dict
    # the game's engine lock, shared by every session of this game: the games' engines keep
    # module-level state (two Octoverso MCTS searches in two threads picked illegal moves), so one
    # thread at a time works on a given game
    lock: threading.RLock = field(default_factory=threading.RLock)
    # the record's moves: {"player", "action", "move" (notation before the move), "public"}
    moves: list = field(default_factory=list)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def viewer(self) -> int:
        """The seat whose view is shown: the first human seat (seat 0 if all are computers)."""
        h = self.humans
        return h[0] if h else 0

    def perfect(self) -> bool:
        return bool(self.game.info.perfect_information)

    def apply(self, action: int) -> None:
        """Play ``action`` and keep it in the record, its notation (and the text the other seats
        may see) read on the state before it."""
        st = self.state
        p = st.current_player()
        text = move_text(st, action)
        public = text if self.perfect() else None
        hook = getattr(st, "public_move_string", None)
        if public is None and hook is not None:
            try:
                public = hook(action)
            except Exception:  # a game's public text is a nicety: "moved" is always safe
                public = None
        st.apply_action(action)
        self.moves.append({"player": int(p), "action": int(action), "move": text, "public": public})

    def play_chance(self) -> None:
        from ..core.game import CHANCE, sample_chance

        guard = 0
        while not self.state.is_terminal() and self.state.current_player() == CHANCE:
            rng = random.Random(derive_seed(self.seed, "web-chance", len(self.moves)))
            self.apply(sample_chance(self.state, rng))
            guard += 1
            if guard > 10_000:  # a game that never leaves its chance nodes
                raise RuntimeError("too many chance moves in a row")

    def replay(self, actions, chance: bool = True) -> None:
        """Play recorded ``actions`` (chance outcomes included) from the start, each checked; then
        (``chance``) the chance moves that follow, as after any move."""
        from ..core.game import CHANCE

        if not isinstance(actions, list) or len(actions) > MAX_REPLAY_MOVES:
            fail(f'"moves" must be a list of at most {MAX_REPLAY_MOVES} action numbers')
        for i, a in enumerate(actions, 1):
            if isinstance(a, bool) or not isinstance(a, int):
                fail(f"move {i}: {a!r} is not an action number")
            st = self.state
            if st.is_terminal():
                fail(f"move {i} comes after the end of the game")
            if st.current_player() == CHANCE:
                if a not in {x for x, _ in st.chance_outcomes()}:
                    fail(f"move {i} ({a}) is not a chance outcome here")
            elif a not in st.legal_actions():
                fail(f"move {i} (action {a}) is not legal here")
            self.apply(a)
        if chance:
            self.play_chance()

    def undo(self) -> None:
        """Take back the last human move and every move after it (the computer's replies)."""
        last = max((i for i, m in enumerate(self.moves) if m["player"] in self.humans), default=None)
        if last is None:
            fail("no move of yours to take back")
        keep = [m["action"] for m in self.moves[:last]]
        self.state = self.game.new_initial_state(self.seed)
        self.moves = []
        self.replay(keep)

    def human_move(self, action) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            fail(f'"action" must be an integer (one of the legal actions), got {action!r}')
        if self.state.is_terminal():
            fail("the game is over")
        p = self.state.current_player()
        if p not in self.humans:
            fail(f"it is seat {p}'s turn (a computer player): ask for a computer move")
        if action not in self.state.legal_actions():
            fail(f"action {action} is not legal here")
        self.apply(action)
        self.play_chance()

    def computer_move(self) -> int:
        if self.state.is_terminal():
            fail("the game is over")
        p = self.state.current_player()
        if p in self.humans:
            fail(f"it is seat {p}'s turn (a human): play a move")
        a = self.players[p].choose(self.state)
        self.apply(a)
        self.play_chance()
        return a

    def view(self, reveal: bool = False) -> dict:
        """What the human at :attr:`viewer` may see (``reveal``: everything, for a replay of a game
        whose moves are all visible)."""
        from ..core.game import CHANCE

        st = self.state
        me = self.viewer
        over = st.is_terminal()
        turn = st.current_player()
        show_all = self.perfect() or over or reveal
        hist = []
        first = max(0, len(self.moves) - MAX_HISTORY_SHOWN)
        for i, m in enumerate(self.moves[first:], first + 1):
            p = m["player"]
            if p == me or show_all:
                text = m["move"]
            else:
                text = m["public"] or ("chance" if p == CHANCE else "moved")
            hist.append({"ply": i, "player": p, "chance": p == CHANCE, "text": text})
        legal = []
        board_error = None
        if not over and turn in self.humans:
            legal = [{"action": a, "text": st.action_to_string(a)} for a in st.legal_actions()]
            targets = getattr(st, "action_targets", None)
            if targets is not None:
                try:  # the clicks on the board that make each move (docs/web.md)
                    clicks = [[str(t) for t in targets(m["action"])] for m in legal]
                except Exception as err:  # the text list still plays: say why the board cannot
                    board_error = f"action_targets failed: {type(err).__name__}: {err}"[:300]
                else:
                    for m, c in zip(legal, clicks):
                        m["targets"] = c
        out = {"id": self.id, "game": self.entry.name, "params": self.params, "seats": self.seats,
               "options": self.options,
               "viewer": me, "current_player": turn, "human_turn": (not over and turn in self.humans),
               "terminal": over, "winners": st.winners() if over else [],
               "returns": list(st.returns()) if over else None,
               "observation": st.observation_string(me), "legal": legal, "history": hist,
               "moves": len(self.moves), "seed": self.seed,
               "actions": [m["action"] for m in self.moves] if show_all else None,
               # every move, for the page's own address (a reload or a restarted server rebuilds the
               # game from seed and moves): in a hidden-information game in progress they (like the
               # seed) tell the deal to whoever decodes them; the page shows them nowhere else
               "all_actions": [m["action"] for m in self.moves],
               "can_undo": any(m["player"] in self.humans for m in self.moves),
               "perfect_information": self.perfect(),
               "record_available": show_all, "picture": None, "board": None}
        # the board the viewer plays on (State.view_svg: only what this seat may see)
        if hasattr(st, "view_svg"):
            try:
                out["board"] = st.view_svg(me)
            except Exception as err:  # the text view and the moves' list still play
                board_error = f"view_svg failed: {type(err).__name__}: {err}"[:300]
        out["board_error"] = board_error
        # the position's picture (``_repr_svg_``) shows everything: only when nothing is hidden
        if show_all and hasattr(st, "_repr_svg_"):
            try:
                out["picture"] = st._repr_svg_()
            except Exception:  # a picture is a nicety: the text observation is the view
                out["picture"] = None
        return out

    def view_at(self, ply) -> dict:
        """The view after the first ``ply`` moves (chance included), rebuilt from the seed: read-only
        (no legal moves), and only while every move is visible (perfect information or game over)."""
        if not (self.perfect() or self.state.is_terminal()):
            fail("the replay shows every hidden card: it opens when the game is over")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.moves):
            fail(f"ply must be 0-{len(self.moves)}, got {ply!r}")
        past = Session(self.id, self.entry, self.game, self.game.new_initial_state(self.seed),
                       self.seats, {}, self.seed, random.Random(0), self.params, self.options,
                       lock=self.lock)
        past.replay([m["action"] for m in self.moves[:ply]], chance=False)
        v = past.view(reveal=True)
        v.update(legal=[], human_turn=False, can_undo=False, ply=ply, replay=True,
                 total_moves=len(self.moves), all_actions=[m["action"] for m in self.moves],
                 actions=[m["action"] for m in self.moves])
        return v

    def record(self) -> dict:
        """The game record (octosolve-record/1, what `octosolve replay` reads)."""
        if not (self.perfect() or self.state.is_terminal()):
            fail("the record shows every hidden card: it can be downloaded when the game is over")
        rec = {"format": RECORD_FORMAT, "game": self.entry.name, "params": dict(self.params),
               "players": list(self.seats), "seed": self.seed,
               "moves": [{k: m[k] for k in ("player", "action", "move")} for m in self.moves]}
        finish_record(rec, self.state)
        rec["extras"] = {"options": dict(self.options)}
        return rec

    def hint(self, specs, level_player: tuple[str, dict]) -> dict:
        """What the strongest computer player would play for the seat to move, how sure its search
        is (the share of the root's visits, for tree searches), and the exact value where the game
        has an exact solver that settles the position within a small budget."""
        from ..core.players import make_player

        st = self.state
        if st.is_terminal():
            fail("the game is over")
        p = st.current_player()
        if p not in self.humans:
            fail("hints are for your own turn")
        name, opts = level_player
        player = make_player(specs, name, self.game, seed=derive_seed(self.seed, "hint", len(self.moves)),
                             **{**opts, **{k: v for k, v in self.options.items() if k not in opts}})
        a = player.choose(st.clone())
        out = {"action": int(a), "move": move_text(st, a), "player": name, "confidence": None,
               "exact": None}
        shares = getattr(player, "last_shares", None)
        if shares:
            out["confidence"] = round(float(shares.get(a, 0.0)), 3)
        exact = getattr(self.entry.module("solve"), "exact_hint", None) if hasattr(self.entry, "module") else None
        if exact is not None:
            try:
                ex = exact(st)
            except Exception as err:  # the position is not one the solver handles: say why
                ex = {"proven": False, "why": str(getattr(err, "message", err))[:200]}
            if ex and ex.get("best") is not None:
                ex["best_moves"] = [move_text(st, b) for b in ex["best"]]
            out["exact"] = ex
        return out


class Sessions:
    """Games in memory, least recently used dropped beyond ``max_games``."""

    def __init__(self, max_games: int = 200, games=None, warm: bool = True):
        from ..games import GAMES

        if not isinstance(max_games, int) or max_games < 1:
            raise ValueError("max_games must be a positive integer")
        self.max_games = max_games
        entries = games if games is not None else [g for g in GAMES if g.has_state]
        self.entries = {e.name: e for e in entries}
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self.warm = warm
        self._warmed: set[str] = set()
        self._engine_locks = {name: threading.RLock() for name in self.entries}

    def warm_up(self, e, specs) -> None:
        """Once per game, in a background thread: one move of its default player on a scratch
        game, so that the first real computer move does not wait for compiled kernels to load
        (several seconds for some games)."""
        with self._lock:
            if not self.warm or e.name in self._warmed:
                return
            self._warmed.add(e.name)

        def warm_one():
            from ..core.game import CHANCE, sample_chance
            from ..core.players import make_player

            g = e.make_game()
            st = g.new_initial_state(0)
            p = make_player(specs, _default_player(specs), g, seed=0)
            rng = random.Random(0)
            for _ in range(3):
                if st.is_terminal():
                    break
                st.apply_action(sample_chance(st, rng) if st.current_player() == CHANCE
                                else p.choose(st))

        def work():
            try:
                with self._engine_locks[e.name]:
                    warm_one()
            except Exception:  # a warm-up only: a real game reports its own errors
                pass

        threading.Thread(target=work, name=f"warm-{e.name}", daemon=True).start()

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
        return {"game": e.name, "title": getattr(e, "title", e.name),
                "presets": [{"title": t, "params": p, "num_players": _num_players(e, p),
                             "options": o} for t, p, o in _presets(e.name)],
                "players": [{"name": s.name, "help": s.help, "options": list(s.options)}
                            for s in specs],
                "default_player": _level_player(e.name, specs)[0],
                "levels": [{"name": n, "player": pl, "options": o} for n, pl, o in LEVELS.get(e.name, [])
                           if pl in {s.name for s in specs}],
                "default_level": DEFAULT_LEVEL,
                "max_simulations": MAX_SIMULATIONS, "max_time_limit": MAX_TIME_LIMIT}

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game: str, gid: str) -> Session:
        with self._lock:
            s = self._games.get(gid)
            if s is None or s.entry.name != game:
                raise ApiError(404, f"no {game} game {gid!r} (games are kept in memory, the least "
                                    "recently used dropped)")
            self._games.move_to_end(gid)
            return s

    def new(self, game: str, body: dict) -> Session:
        """A new game from a request body (see docs/web.md), kept in memory."""
        e = self.entry(game)
        lock = self._engine_locks[e.name]
        if not lock.acquire(timeout=LOCK_WAIT):
            raise ApiError(503, f"the {e.name} engine is busy; try again")
        try:
            s = self._new(e, body)
        finally:
            lock.release()
        with self._lock:
            self._games[s.id] = s
            while len(self._games) > self.max_games:
                self._games.popitem(last=False)
        return s

    def _new(self, e, body: dict) -> Session:
        record = body.get("record")
        if record is not None:  # a downloaded record: its game, parameters, seats, seed and moves
            check_record_shape(record)
            if record["game"] != e.name:
                fail(f"this record is a {record['game']} game, not {e.name}")
            body = {**body, "params": {k: v for k, v in record["params"].items()
                                       if k not in FILE_PARAMS or v in (None, "default")},
                    "seats": record["players"], "seed": record.get("seed"),
                    "moves": [m["action"] for m in record["moves"]]}
            extras = record.get("extras")
            if isinstance(extras, dict) and isinstance(extras.get("options"), dict) \
                    and "options" not in body:
                body["options"] = extras["options"]
        params = _check_params(body.get("params"))
        level = body.get("level")
        if level is not None:
            names = [n for n, _, _ in LEVELS.get(e.name, [])]
            if level not in names:
                fail(f"unknown level {level!r} (choose from {', '.join(names) or 'none'})")
            _, lp, lopts = next(x for x in LEVELS[e.name] if x[0] == level)
            body = {**body, "opponent": body.get("opponent") or lp,
                    "options": {**lopts, **(body.get("options") or {})}}
        options = _check_options(body.get("options"))
        for _, p, defaults in _presets(e.name):  # the web app's default strength for this variant
            if p == params:
                options = {**defaults, **options}
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            fail(f"seed must be a non-negative integer, got {seed!r}")
        specs = self.specs(e)
        try:
            g = e.make_game(**params)
        except TypeError as err:  # an unknown or mistyped parameter
            fail(f"bad {e.name} game parameters {params!r}: {err}")
        n = g.info.num_players
        seats = body.get("seats")
        if seats is None:
            opp = body.get("opponent") or _level_player(e.name, specs)[0]
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
        players = {i: make_player(specs, s, g, seed=seed + 1000 * (i + 1), **options)
                   for i, s in enumerate(seats) if s != HUMAN}
        state = g.new_initial_state(seed)
        rng = random.Random(seed ^ 0x5EED)
        s = Session(secrets.token_hex(8), e, g, state, seats, players, seed, rng, g.params(), options,
                    lock=self._engine_locks[e.name])
        s.replay(body.get("moves") or [])
        return s


def _presets(name: str) -> list[tuple[str, dict, dict]]:
    return PLAYABLE.get(name, [("default", {}, {})])


def _num_players(entry, params: dict) -> int:
    try:
        return int(entry.make_game(**params).info.num_players)
    except TypeError as err:
        fail(f"bad {entry.name} game parameters {params!r}: {err}")


def _level_player(game: str, specs, level: str = DEFAULT_LEVEL) -> tuple[str, dict]:
    """(player name, options) of a level (default: the strongest) for ``game``."""
    names = {s.name for s in specs}
    for name, player, opts in LEVELS.get(game, []):
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


# how long a request waits for its game's engine (moves queue behind each other rather than fail)
LOCK_WAIT = 300


def _locked(s: Session, fn):
    """``fn()`` with the game's lock held (in a worker thread: the event loop never waits on it)."""
    if not s.lock.acquire(timeout=LOCK_WAIT):
        raise ApiError(503, "this game's engine is busy; try again")
    try:
        return fn()
    finally:
        s.lock.release()


def routes(sessions: Sessions, play_page) -> list[Route]:
    async def page(request: Request):
        sessions.entry(request.path_params["game"])  # 404 for an unknown game
        return FileResponse(play_page, media_type="text/html")

    async def info(request: Request):
        return JSON(await run_in_threadpool(sessions.catalogue, request.path_params["game"]))

    async def new(request: Request):
        body = await read_body_json(request)
        s = await run_in_threadpool(sessions.new, request.path_params["game"], body)
        return JSON(s.view())

    def session(request: Request) -> Session:
        return sessions.get(request.path_params["game"], request.path_params["gid"])

    async def show(request: Request):
        s = session(request)
        return JSON(await run_in_threadpool(_locked, s, s.view))

    async def at(request: Request):
        s = session(request)
        raw = request.path_params["ply"]
        if not raw.isdigit() or len(raw) > 9:
            fail(f"ply must be a move number, got {raw[:20]!r}")
        return JSON(await run_in_threadpool(_locked, s, lambda: s.view_at(int(raw))))

    async def record(request: Request):
        s = session(request)
        doc = await run_in_threadpool(_locked, s, s.record)
        return JSON(doc, headers={
            "Content-Disposition": f'attachment; filename="{s.entry.name}-{s.id}.json"'})

    async def move(request: Request):
        s = session(request)
        body = await read_body_json(request)
        if "action" not in body:
            fail('missing "action" (one of the legal actions)')

        def work():
            s.human_move(body["action"])
            return s.view()
        return JSON(await run_in_threadpool(_locked, s, work))

    async def computer(request: Request):
        s = session(request)

        def work():
            t0 = time.thread_time()
            a = s.computer_move()
            cpu = time.thread_time() - t0
            v = s.view()
            v["cpu_seconds"] = round(cpu, 4)  # the move's CPU time (its wall time depends on load)
            v["played"] = a if (s.perfect() or s.state.is_terminal()) else None
            return v
        return JSON(await run_in_threadpool(_locked, s, work))

    async def undo(request: Request):
        s = session(request)

        def work():
            s.undo()
            return s.view()
        return JSON(await run_in_threadpool(_locked, s, work))

    async def hint(request: Request):
        s = session(request)
        specs = sessions.specs(s.entry)

        def work():
            t0 = time.thread_time()
            h = s.hint(specs, _level_player(s.entry.name, specs))
            h["cpu_seconds"] = round(time.thread_time() - t0, 4)
            return h
        return JSON(await run_in_threadpool(_locked, s, work))

    async def games(request: Request):
        return JSON([{"game": name, "title": getattr(e, "title", name)}
                     for name, e in sessions.entries.items()])

    return [
        Route("/play/{game}", page),
        Route("/api/games", games),
        Route("/api/{game}/info", info),
        Route("/api/{game}/new", new, methods=["POST"]),
        Route("/api/{game}/{gid}", show),
        Route("/api/{game}/{gid}/record", record),
        Route("/api/{game}/{gid}/at/{ply}", at),
        Route("/api/{game}/{gid}/move", move, methods=["POST"]),
        Route("/api/{game}/{gid}/computer", computer, methods=["POST"]),
        Route("/api/{game}/{gid}/undo", undo, methods=["POST"]),
        Route("/api/{game}/{gid}/hint", hint, methods=["POST"]),
    ]
