"""One game against the computer in the web app: :class:`Session` holds the game, its seats and
players, and its record (every move with its notation read on the state before it, and the text
the other seats may see); everything a page does to a game (a move, the computer's move, undo,
the replay of a shared address, a hint, the view for a seat) is a method here. The routes and the
store of games are in :mod:`.play`.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

from ..core.errors import fail
from ..core.record import RECORD_FORMAT, check_action, finish_record, move_text, resign_result
from ..core.seeding import chance_rng, derive_seed

__all__ = ["Session", "HUMAN", "MAX_HISTORY_SHOWN", "MAX_REPLAY_MOVES"]

HUMAN = "human"
MAX_HISTORY_SHOWN = 400
MAX_REPLAY_MOVES = 20_000


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
    # this game's own lock: one request at a time works on it (its searches run on the web app's
    # pool of workers, on copies of the position and the player; other games never wait on it)
    lock: threading.RLock = field(default_factory=threading.RLock)
    # the record's moves: {"player", "action", "move" (notation before the move), "public"}
    moves: list = field(default_factory=list)
    resigned: int | None = None   # the seat that resigned: the game is over, a loss for its side
    # the last turn (the moves in a row of one player, chance between them included) for the
    # board's last-move mark: who played it and the state before it
    mark_who: int | None = None
    mark_from: object = None
    # after the person's last move, what the game's ``compose`` room says of it (``best_words``:
    # Octoverso's best words that turn allowed); None when the game has no such room or no word move
    best_words: dict | None = None

    @property
    def over(self) -> bool:
        """The game is over: by its rules, or a player resigned."""
        return self.resigned is not None or bool(self.state.is_terminal())

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
        from ..core.game import CHANCE

        st = self.state
        p = st.current_player()
        text = move_text(st, action)
        if p != CHANCE and p != self.mark_who:  # a new turn starts: the mark compares with here
            self.mark_who, self.mark_from = p, st.clone()
        if p in self.humans:  # a move without words (a tile returned) keeps the last word's
            self.best_words = self._best_words(st, action) or self.best_words
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
            self.apply(sample_chance(self.state, self.rng))
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
            check_action(self.state, i, a, prefix="")
            if self.state.current_player() == CHANCE:
                self.rng.random()  # the chance stream goes past a recorded draw (core.seeding.chance_rng)
            self.apply(a)
        if chance:
            self.play_chance()

    def undo(self) -> None:
        """Take back the last human move and every move after it (the computer's replies)."""
        last = max((i for i, m in enumerate(self.moves) if m["player"] in self.humans), default=None)
        if last is None:
            fail("no move of yours to take back")
        keep = [m["action"] for m in self.moves[:last]]
        if self.resigned is not None:
            fail("you resigned: the game is over (New game starts another)")
        self.state = self.game.new_initial_state(self.seed)
        self.rng = chance_rng(self.seed)
        self.moves = []
        self.mark_who = self.mark_from = None
        self.best_words = None
        self.replay(keep)

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (default: the viewer, the first human seat) resigns: the game ends there, a
        loss for its side, every other side winning (``core.record.resign_result``); the record
        says so."""
        if seat is None:
            if not self.humans:
                fail("no seat here is a person's: nobody to resign")
            seat = self.viewer
        if self.resigned is not None:
            fail("the game is over: a player resigned")
        resign_result(self.state, seat)  # a seat of this game, the game not over: else one line
        self.resigned = int(seat)

    def human_move(self, action) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            fail(f'"action" must be an integer (one of the legal actions), got {action!r}')
        if self.over:
            fail("the game is over")
        p = self.state.current_player()
        if p not in self.humans:
            fail(f"it is P{p}'s turn (a computer player): ask for a computer move")
        if action not in self.state.legal_actions():
            fail(f"action {action} is not legal here")
        self.apply(action)
        self.play_chance()

    def computer_seat(self) -> int:
        """The computer seat to move; a one-line error when the game is over or a person's turn."""
        if self.over:
            fail("the game is over")
        p = self.state.current_player()
        if p in self.humans:
            fail(f"it is P{p}'s turn (a human): play a move")
        return p

    def computer_move(self, run=None) -> int:
        """The computer's move for the seat to move, played. ``run(fn, *args)``: where the search
        runs (the web app's pool: a worker process gets the position and the player, and gives
        back the move and the player, its random stream moved on, as here); default: here."""
        p = self.computer_seat()
        if run is None:
            a, player = choose_move(self.state, self.players[p])
        else:
            a, player = run(choose_move, self.state, self.players[p])
        self.players[p] = player
        self.apply(a)
        self.play_chance()
        return a

    def view(self, reveal: bool = False) -> dict:
        """What the human at :attr:`viewer` may see (``reveal``: everything, for a replay of a game
        whose moves are all visible)."""
        from ..core.game import CHANCE

        st = self.state
        me = self.viewer
        over = self.over
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
        composer = None
        if not over and turn in self.humans:
            acts = st.legal_actions()
            room = self._room("compose")
            if room is not None:  # moves made by building a word (docs/web.md) are the player's to
                # find: not listed (their letters come from the compose and words calls)
                composer = room.composer(st, me)
                acts = [a for a in acts if room.compose_text(st, a) is None]
            legal = [{"action": a, "text": st.action_to_string(a)} for a in acts]
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
               "terminal": over, "winners": [], "returns": None, "resigned": self.resigned,
               # the points behind "P1 won" where the game counts them (Oct8's scores): once over
               "scores": _scores(st) if over else None,
               # the counts behind the result for the game-over summary (the game's marks room)
               "score_table": self._score_table() if over else None,
               "observation": st.observation_string(me), "legal": legal, "history": hist,
               # one line a turn where the game joins a turn's moves (its moves room's
               # turn_notation: Oct8's decisions), the move list the page shows; else None
               "turns": self._turns(me, show_all),
               "moves": len(self.moves), "seed": self.seed,
               "actions": [m["action"] for m in self.moves] if show_all else None,
               # every move, for the page's own address (a reload or a restarted server rebuilds the
               # game from seed and moves): in a hidden-information game in progress they (like the
               # seed) tell the deal to whoever decodes them; the page shows them nowhere else
               "all_actions": [m["action"] for m in self.moves],
               "can_undo": self.resigned is None and any(m["player"] in self.humans for m in self.moves),
               "sides": [list(x) for x in st.sides()],
               "perfect_information": self.perfect(),
               "record_available": show_all, "picture": None, "board": None,
               # the word builder for this turn and the best words of the person's last turn
               "composer": composer, "best_words": self.best_words}
        # the board the viewer plays on (State.view_svg: only what this seat may see)
        if hasattr(st, "view_svg"):
            try:
                out["board"] = st.view_svg(me)
            except Exception as err:  # the text view and the moves' list still play
                board_error = f"view_svg failed: {type(err).__name__}: {err}"[:300]
        out["board_error"] = board_error
        if over:
            out["winners"], out["returns"] = (
                resign_result(st, self.resigned) if self.resigned is not None
                else (st.winners(), list(st.returns())))
        out["last_move"] = self._last_move(out["board"])
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
        if not (self.perfect() or self.over):
            fail("the replay shows every hidden card: it opens when the game is over")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.moves):
            fail(f"ply must be 0-{len(self.moves)}, got {ply!r}")
        past = Session(self.id, self.entry, self.game, self.game.new_initial_state(self.seed),
                       self.seats, {}, self.seed, random.Random(0), self.params, self.options,
                       lock=self.lock)
        past.replay([m["action"] for m in self.moves[:ply]], chance=False)
        if ply == len(self.moves):
            past.resigned = self.resigned
        v = past.view(reveal=True)
        v.update(legal=[], human_turn=False, can_undo=False, ply=ply, replay=True,
                 total_moves=len(self.moves), all_actions=[m["action"] for m in self.moves],
                 actions=[m["action"] for m in self.moves])
        return v

    def record(self) -> dict:
        """The game record (octosolve-record/1, what `octosolve replay` reads)."""
        if not (self.perfect() or self.over):
            fail("the record shows every hidden card: it can be downloaded when the game is over")
        rec = {"format": RECORD_FORMAT, "game": self.entry.name, "params": dict(self.params),
               "players": list(self.seats), "seed": self.seed,
               "moves": [{k: m[k] for k in ("player", "action", "move")} for m in self.moves]}
        finish_record(rec, self.state, self.resigned)
        rec["extras"] = {"options": dict(self.options)}
        return rec

    def hint(self, specs, level_player: tuple[str, dict]) -> dict:
        """What the strongest computer player would play for the seat to move, how sure its search
        is (the share of the root's visits, for tree searches), and the exact value where the game
        has an exact solver that settles the position within a small budget (:func:`hint_of`, the
        job a worker of the web app's pool runs)."""
        self._own_turn("hints are")
        self.check_hint()
        return hint_of(self.entry, self.game, self.state, self.seed, len(self.moves), self.options,
                       level_player)

    def compose(self, text, place=None) -> dict:
        """The game's word builder (its ``compose`` room) on ``text`` for the person to move: is it
        a word here, the start of one, or neither (the moves it makes, without the list of every
        word)."""
        room = self._room("compose")
        if room is None:
            fail(f"{self.entry.name} has no word builder: its moves are made on the board")
        self._own_turn("words are built")
        return room.check(self.state, text, place)

    def words(self, run=None) -> list[dict]:
        """Every move the person to move could make by building a word (the game's ``compose``
        room's ``study``: the page's study list, asked for on its own; the view lists none).
        ``run(fn, *args)``: where the enumeration runs (the web app: a worker of its pool, as a
        search; default: here)."""
        if self._room("compose") is None:
            fail(f"{self.entry.name} has no word builder: its moves are listed in the view")
        self._own_turn("the words are listed")
        return (run or (lambda fn, *args: fn(*args)))(words_of, self.entry, self.state)

    def check_hint(self) -> None:
        """A one-line refusal where the game gives no hint (its ``compose`` room's
        ``hint_refused``: Octoverso's OCTO claim, which a hint would give away)."""
        refused = getattr(self._room("compose"), "hint_refused", None)
        why = refused(self.state) if refused is not None else None
        if why:
            fail(why)

    def _best_words(self, st, action) -> dict | None:
        """The best words of the person's move ``action`` (``st``: before it), the game's ``compose`` room's."""
        best = getattr(self._room("compose"), "best_words", None)
        if best is None:
            return None
        try:
            r = best(st, action)
        except Exception:  # a nicety: the game goes on without it
            return None
        return None if r is None else {**r, "ply": len(self.moves) + 1}

    def _exact_room(self):
        """The game's module of exact hints, ``<game>/hint.py`` (``exact_hint(state)``, the proven
        outcome and its moves; ``hint_line(state)``, the proven best line), or None."""
        return room(self.entry, "hint")

    def _room(self, name: str):
        """The game's room ``name`` (its manifest's), or None when the game has none."""
        return room(self.entry, name)

    def _turns(self, me: int, show_all: bool) -> list | None:
        """The move list in turns, for a game whose ``moves`` room has ``turn_notation(steps)`` (a
        turn: one player's moves in a row): ``{"ply" (its last move), "first_ply", "turn",
        "player", "chance", "text"}``, each move's text the one this viewer may see; else None."""
        from ..core.game import CHANCE

        join = getattr(self._room("moves"), "turn_notation", None)
        if join is None:
            return None
        groups: list[dict] = []
        for i, m in enumerate(self.moves, 1):
            p = m["player"]
            text = m["move"] if p == me or show_all else m["public"] or ("chance" if p == CHANCE else "moved")
            g = groups[-1] if groups else None
            if g is None or p == CHANCE or g["player"] != p:
                g = {"first_ply": i, "turn": len(groups) + 1, "player": p, "chance": p == CHANCE, "steps": []}
                groups.append(g)
            g["ply"] = i
            g["steps"].append((m["action"], text))
        return [{"ply": g["ply"], "first_ply": g["first_ply"], "turn": g["turn"], "player": g["player"],
                 "chance": g["chance"], "text": join(g["steps"])} for g in groups[-MAX_HISTORY_SHOWN:]]

    def _last_move(self, board) -> dict | None:
        """The last turn for the board's mark: who played it, and the ids of the board's places it
        changed (the game's ``marks.changed_places``; only ids the viewer's board carries)."""
        if self.mark_who is None:
            return None
        marks = []
        changed = getattr(self._room("marks"), "changed_places", None)
        if changed is not None and board:
            try:
                ids = changed(self.mark_from, self.state)
            except Exception:  # a mark is a nicety: the move list still says what was played
                ids = []
            marks = [i for i in dict.fromkeys(ids)
                     if f'data-target="{i}"' in board or f'data-mark="{i}"' in board]
        return {"player": self.mark_who, "marks": marks}

    def _score_table(self) -> dict | None:
        """The counts behind the result (the game's ``marks.score_table``; Oct8's points), or None."""
        table = getattr(self._room("marks"), "score_table", None)
        if table is not None:
            try:
                return table(self.state)
            except Exception:  # a nicety: the summary still says who won
                return None
        pts = _scores(self.state)
        return {"label": "points", "values": pts, "better": "higher", "reason": None} if pts else None

    def _own_turn(self, what: str) -> None:
        if self.over:
            fail("the game is over")
        if self.state.current_player() not in self.humans:
            fail(f"{what} for your own turn")

    def best_line(self) -> dict:
        """The proven best line from the live position to the end (both sides playing perfectly),
        where the game's ``hint.hint_line`` gives one: each move with its notation (``text``, read on
        the state before it) and in words, the final margin for you; or ``proven`` False and why.
        The game is not changed."""
        self._own_turn("the best line is")
        if not hasattr(self._exact_room(), "hint_line"):
            fail(f"{self.entry.name} has no exact solver here: no proven best line to show")
        return line_of(self.entry, self.state)

    def view_ahead(self, actions, then=None) -> dict:
        """The view after ``actions`` played from the live position (a preview, such as the best
        line's: nothing is kept, the game and its record are not changed), read-only; with
        ``then`` (an action legal there), ``next_targets``: the clicks that would make it."""
        if not self.perfect():
            fail("a preview shows every move: only in a game without hidden information")
        if self.over:
            fail("the game is over")
        ahead = Session(self.id, self.entry, self.game, self.state.clone(), self.seats, {}, self.seed,
                        random.Random(0), self.params, self.options, lock=self.lock,
                        moves=list(self.moves))
        ahead.replay(actions, chance=False)
        v = ahead.view(reveal=True)
        live = [m["action"] for m in self.moves]
        v.update(legal=[], human_turn=False, can_undo=False, preview=True, ahead=len(actions),
                 all_actions=live, actions=live, next_targets=[])
        if then is not None:
            st = ahead.state
            if isinstance(then, bool) or not isinstance(then, int) or st.is_terminal() \
                    or then not in st.legal_actions():
                fail(f'"then" must be an action legal after the moves, got {then!r}')
            targets = getattr(st, "action_targets", None)
            v["next_targets"] = [str(t) for t in targets(then)] if targets else []
        return v


def choose_move(state, player) -> tuple[int, object]:
    """``(the player's move in state, the player)``: a job for the web app's pool, whose worker
    sends the player back with its random stream where this move left it."""
    return int(player.choose(state)), player


def room(entry, name: str):
    """The game's room ``name`` (its manifest's module ``<game>/<name>.py``), or None when the game
    has none."""
    find = getattr(entry, "module", None)
    if find is None:
        return None
    try:
        return find(name)
    except ModuleNotFoundError as err:
        if (err.name or "").endswith("." + name):
            return None  # a game without it
        raise


def hint_of(entry, game, state, seed: int, ply: int, options: dict, level_player) -> dict:
    """The hint for the player to move in ``state`` (``ply`` moves into the game dealt with
    ``seed``; see :meth:`Session.hint`)."""
    from ..core.players import make_player

    specs = tuple(entry.players())
    name, opts = level_player
    player = make_player(specs, name, game, seed=derive_seed(seed, "hint", ply),
                         **{**opts, **{k: v for k, v in options.items() if k not in opts}})
    a = player.choose(state.clone())
    out = {"action": int(a), "move": move_text(state, a), "player": name, "confidence": None,
           "exact": None}
    built = getattr(room(entry, "compose"), "compose_text", None)
    if built is not None:  # a move built from letters: the letters (the page puts them in its builder)
        out["compose"] = built(state, a)
    shares = getattr(player, "last_shares", None)
    if shares:
        out["confidence"] = round(float(shares.get(a, 0.0)), 3)
    hints = room(entry, "hint")
    exact = getattr(hints, "exact_hint", None)
    if exact is not None:
        try:
            ex = exact(state)
        except Exception as err:  # the position is not one the solver handles: say why
            ex = {"proven": False, "why": _why(err)}
        if ex and ex.get("best") is not None:
            ex["best_moves"] = [move_text(state, b) for b in ex["best"]]
        if ex and ex.get("proven"):  # the page offers "Show best play" (POST .../line)
            ex["line_available"] = hasattr(hints, "hint_line")
        out["exact"] = ex
    return out


def words_of(entry, state) -> list[dict]:
    """Every word move of the person to move (see :meth:`Session.words`)."""
    return room(entry, "compose").study(state)


def line_of(entry, state) -> dict:
    """The proven best line from ``state`` (see :meth:`Session.best_line`)."""
    find = room(entry, "hint").hint_line
    try:
        ln = find(state)
    except Exception as err:  # a position the solver does not handle (4 players, IV): say why
        ln = {"proven": False, "why": _why(err)}
    s = state.clone()
    ln.setdefault("moves", [])
    for m in ln["moves"]:  # the line checked against the rules once more, move by move
        if m["action"] not in s.legal_actions():
            raise RuntimeError(f"the best line's move {m['action']} is not legal")
        m["text"] = move_text(s, m["action"])
        s.apply_action(m["action"])
    ln["player"] = state.current_player()
    return ln


def _why(err) -> str:
    """An error of a solver as the one line a hint shows."""
    return str(getattr(err, "message", err))[:200]


def _scores(st):
    """The final points of each seat when the game counts points (``State.scores()``), else None."""
    f = getattr(st, "scores", None)
    if f is None:
        return None
    try:
        return [int(x) if float(x).is_integer() else float(x) for x in f()]
    except Exception:  # a nicety: "won" still says who
        return None
