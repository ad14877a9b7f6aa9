"""The play page's post-game review: every move of the person (each human seat) rated against the
engine, once the game is over (docs/web.md, "Review the game").

A move is rated in one of three ways, written here once for every game:

- **forced**: it was the only legal move;
- **exact** (where the game's ``review`` room has ``exact(state, action)``: Octagone, 2 players,
  open shields, once few cells are free): the solver's proven outcome before and after the move
  and the moves that keep the outcome ("this move turned a win into a draw; the winning move was
  ..."), within a small node budget a position;
- **estimate** (everywhere else): the hard level's player (the hint's) chooses a move in the
  position before; when it is the move played, the move is the engine's choice; when not, both
  moves are played out ``SAMPLES`` times with the game's own playout (the room's ``value(state,
  me, rng)``, a number from about -1, a loss, to 1, a win), the same random draws for both
  (hidden cards redrawn from the person's view for each sample), and the difference of the means
  rates the move.

The review runs in a thread of the web process (one review at a time on a server; the game's own
lock held for one move's rating at a time, so the game's other requests go on between them; other
games' searches run on the pool's workers and never wait for it) within a
total time budget: the moves are rated from the last one back (the end decides a game, and there
the exact solver is fast), and the moves left when the budget is spent say so. ``GET`` reads the
review so far (``?wait=S`` holds the answer until it ends or S seconds pass), so a page shows it as
it grows. Moves are labelled as the session labels them (its record's notation; a better move by
:func:`octosolve.core.record.move_text`, the session's own label function).

The budget is spread over every move from the start (each move's share: nine tenths of the time
left over the moves left): a move whose share is short gets a cheaper estimate (the engine's ``time_limit``
capped to a third of the share, where its player takes one; fewer playouts, at least
:data:`MIN_SAMPLES`, by the cost of a playout measured on the moves rated before), so a normal
game is rated whole instead of its first moves left "not rated".

A game whose move list says a turn in one line (its ``moves`` room's ``turn_notation``: Oct8's
decisions) is reviewed per turn: each decision is rated as above, and the view has one item a turn
(the moves list's line, ``decisions``: each decision's rating; its grade the worst of them, the
moment to see the position before that worst decision).
"""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.routing import Route

from ..core.errors import OctoError, fail
from ..core.record import move_text
from ..core.seeding import derive_seed
from ..core.words import counted
from .http import JSON, ApiError, read_body_json
from .session import Session

__all__ = ["Review", "Reviews", "rate_move", "routes", "DEFAULT_BUDGET", "MAX_BUDGET", "GRADES"]

DEFAULT_BUDGET = 30.0   # seconds of the whole review
MAX_BUDGET = 120.0
MAX_WAIT = 30.0         # GET ?wait=S
MAX_REVIEWS = 50        # reviews kept (the least recently used dropped)
FIRST_LOCK_WAIT = 10.0  # seconds the first move's rating waits for the game's engine
SAMPLES = 32            # playouts a move, for a game whose room does not say
MIN_SAMPLES = 4         # the fewest playouts of a cheaper estimate (a move's share of the budget short)
MISTAKE = 0.25          # an estimate's loss (on the -1..1 scale) that makes a mistake
INACCURACY = 0.08       # ... an inaccuracy (below: about as good)
GRADES = ("forced", "best", "good", "inaccuracy", "mistake", "unrated")
_WORSE = {"forced": 0, "best": 1, "good": 2, "inaccuracy": 3, "mistake": 4}
_OUTCOME_RANK = {"loss": -1, "draw": 0, "win": 1}
_KEEP = {"win": "the win", "draw": "the draw", "loss": "a loss"}
_BEST_WORD = {"win": "winning", "draw": "drawing"}


def _label(state, action: int) -> str:
    """A move's label as the session writes it in the moves' list and the record."""
    return move_text(state, action)


def _room(entry):
    find = getattr(entry, "module", None)
    if find is None:
        return None
    try:
        return find("review")
    except ModuleNotFoundError as err:
        if (err.name or "").endswith(".review"):
            return None
        raise


def _move_of(state, action: int, room) -> dict:
    """A move for the page: its action, label, words (where the game says them) and the ids clicked
    on the board to make it (``action_targets``: the replay's board shows it dashed)."""
    out = {"action": int(action), "move": _label(state, action), "words": None, "targets": []}
    words = getattr(room, "words", None)
    if words is not None:
        try:
            out["words"] = words(state, action)
        except Exception:  # a nicety: the label says it
            out["words"] = None
    targets = getattr(state, "action_targets", None)
    if targets is not None:
        try:
            out["targets"] = [str(t) for t in targets(action)]
        except Exception:  # the board shows no dashes; the text still names the move
            out["targets"] = []
    return out


def _named(m: dict) -> str:
    return f"{m['words']} ({m['move']})" if m.get("words") else m["move"]


def _estimate(room, state, me: int, actions, samples: int, seed: int) -> dict:
    """The mean of ``samples`` playouts after each of ``actions`` for ``me``, the same random
    draws for every action (common random numbers), hidden cards redrawn from ``me``'s view."""
    value = getattr(room, "value", None)
    if value is None:
        from ..core.mcts import random_rollout

        def value(s, p, rng):
            return float(random_rollout(s, rng)[p])
    out = {}
    for a in actions:
        tot = 0.0
        for i in range(samples):
            rng = random.Random(derive_seed(seed, "sample", i))
            s = state.determinize(me, rng)
            s.apply_action(a)
            tot += float(s.returns()[me]) if s.is_terminal() else value(s, me, rng)
        out[a] = tot / samples
    return out


def rate_move(entry, state, action: int, engine=None, room=None, seed: int = 0,
              samples: int | None = None) -> dict:
    """Rate ``action``, played by the player to move in ``state`` (not changed): ``grade`` (one of
    :data:`GRADES`), ``kind`` (``forced``, ``exact``, ``estimate``), ``text`` (the sentence the
    page shows), ``better`` (the move to show instead, or None), and the figures behind them
    (``before``/``after`` proven outcomes; ``values`` of the estimate). ``engine``: a player
    choosing the engine's move (only for an estimate)."""
    room = _room(entry) if room is None else room
    legal = state.legal_actions()
    me = state.current_player()
    if len(legal) == 1:
        return {"grade": "forced", "kind": "forced", "text": "The only legal move.", "better": None}
    exact = getattr(room, "exact", None)
    why = None
    if exact is not None:
        try:
            ex = exact(state, action)
        except OctoError as err:  # a position its solver does not take: rated by the estimate
            ex = {"proven": False, "why": str(err)}
        if ex.get("proven"):
            return _exact_rating(state, action, ex, room)
        why = ex.get("why")
    if engine is None:
        fail("no engine to rate the move against")
    b = engine.choose(state.clone())
    who = getattr(engine, "review_name", getattr(engine, "name", "the engine"))
    note = f" Not proven: {why}." if why else ""
    if b == action:
        return {"grade": "best", "kind": "estimate", "better": None, "engine_move": _move_of(state, b, room),
                "text": f"The engine's choice too ({who}; an estimate, not a proof).{note}"}
    n = samples or getattr(room, "SAMPLES", SAMPLES)
    vals = _estimate(room, state, me, (action, b), n, derive_seed(seed, "review-values"))
    loss = vals[b] - vals[action]
    better = _move_of(state, b, room)
    figures = f"{vals[b]:+.2f} against {vals[action]:+.2f} for yours"
    prefers = f"the engine ({who}) prefers {_named(better)}, {figures}."
    if loss >= MISTAKE:
        grade, head = "mistake", f"A mistake (an estimate): {prefers}"
    elif loss >= INACCURACY:
        grade, head = "inaccuracy", f"An inaccuracy (an estimate): {prefers}"
    else:
        grade, head = "good", (f"About as good as the engine's choice (an estimate): {_named(better)}, "
                               f"{figures}.")
    return {"grade": grade, "kind": "estimate", "better": better if grade != "good" else None,
            "engine_move": better, "values": {"played": round(vals[action], 3), "engine": round(vals[b], 3)},
            "loss": round(loss, 3), "samples": n, "text": f"{head}{note}"}


def _exact_rating(state, action: int, ex: dict, room) -> dict:
    before, after = ex["before"], ex["after"]
    out = {"kind": "exact", "before": before, "after": after, "proven": True, "nodes": ex.get("nodes")}
    if _OUTCOME_RANK[after] >= _OUTCOME_RANK[before]:
        text = (f"Kept {_KEEP[before]} (proven)." if before != "loss"
                else "The position was already lost (proven): every move loses against best play.")
        return {**out, "grade": "best", "better": None, "text": text}
    best = [_move_of(state, a, room) for a in ex["best"]]
    word = _BEST_WORD[before]
    names = [_named(m) for m in best[:3]]
    more = f" (and {len(best) - 3} more)" if len(best) > 3 else ""
    which = (f"the {word} move was {names[0]}" if len(best) == 1
             else f"the {word} moves were {', '.join(names)}{more}")
    return {**out, "grade": "mistake", "better": best[0], "best_moves": [m["move"] for m in best],
            "text": f"This move turned {'a ' + before} into {'a ' + after} (proven); {which}."}


class Review:
    """One game's review: its items (each human move) filled in by :meth:`run`, read by :meth:`view`."""

    def __init__(self, s: Session, specs, level_player: tuple[str, dict], budget: float):
        self.id = s.id
        self.game = s.entry.name
        self.entry, self.g, self.seed, self.lock = s.entry, s.game, s.seed, s.lock
        self.specs, self.level_player, self.options = specs, level_player, dict(s.options)
        self.humans = list(s.humans)
        self.moves = [dict(m) for m in s.moves]
        self.budget = float(budget)
        self.state = "waiting"
        self.error = None
        self.started = self.elapsed = None
        self.cpu = 0.0
        self.items = [{"ply": i, "player": m["player"], "move": m["move"], "action": m["action"],
                       "grade": "unrated", "kind": None, "text": "Not rated yet.", "better": None}
                      for i, m in enumerate(self.moves, 1) if m["player"] in self.humans]
        self.turns = _turn_groups(s, self.items)
        self.done = threading.Event()
        self._mutex = threading.Lock()

    def run(self, gate: threading.Semaphore) -> None:
        try:
            with gate:
                self._run()
        except Exception as err:  # a bug: said in the view, never a hung page
            self.error = f"{type(err).__name__}: {err}"[:300]
            self.state = "failed"
        finally:
            self.done.set()

    def _positions(self) -> dict[int, object]:
        """The state before each human move (the game replayed from its seed and moves)."""
        st = self.g.new_initial_state(self.seed)
        want = {it["ply"] for it in self.items}
        out = {}
        for i, m in enumerate(self.moves, 1):
            if i in want:
                out[i] = st.clone()
            st.apply_action(m["action"])
        return out

    def _run(self) -> None:
        from ..core.players import make_player

        self.state, self.started = "running", time.monotonic()
        c0 = time.thread_time()
        room = _room(self.entry)
        name, opts = self.level_player
        opts = {**opts, **{k: v for k, v in self.options.items() if k not in opts}}
        with self.lock:  # the rules engine too keeps module-level tables (Octoverso's lexicon)
            before = self._positions()
        why = f"the review's {self.budget:g} s ran out (it rates from the last move back)"
        takes_time = "time_limit" in next((sp.options for sp in self.specs if sp.name == name), ())
        per_sample = None   # seconds a playout took, measured on the moves rated so far
        # the end first: a review cut short keeps the decisive part, and at least the last move
        for k, it in enumerate(reversed(self.items)):
            left = self.budget - (time.monotonic() - self.started)
            if k and left <= 0:
                break
            # the budget spread over the moves left (a tenth kept back: a busy machine runs late)
            share = 0.9 * left / (len(self.items) - k)
            eng_opts, samples = dict(opts), None
            if takes_time:
                eng_opts["time_limit"] = max(0.05, min(float(opts.get("time_limit", 10.0)), share / 3))
            if per_sample:
                full = getattr(room, "SAMPLES", SAMPLES)
                samples = max(MIN_SAMPLES, min(full, int(share * 0.6 / (2 * per_sample))))
            if not self.lock.acquire(timeout=left if k else max(left, FIRST_LOCK_WAIT)):
                why = "the game stayed busy (its other requests)"
                break
            try:
                st = before[it["ply"]]
                engine = make_player(self.specs, name, self.g, seed=derive_seed(self.seed, "review", it["ply"]),
                                     **eng_opts)
                engine.review_name = f"hard: {name}"
                t0 = time.monotonic()
                r = rate_move(self.entry, st, it["action"], engine, room,
                              seed=derive_seed(self.seed, "review", it["ply"]), samples=samples)
                if r.get("samples"):   # the playouts' cost (the engine's search counted in: a bound)
                    per_sample = (time.monotonic() - t0) / (2 * r["samples"])
            except Exception as err:  # this position only: said on its line, the others rated
                r = {"error": f"{type(err).__name__}: {err}"[:300]}
            finally:
                self.lock.release()
            with self._mutex:
                if "error" in r:
                    it.update(r, text=f"Not rated: the engine failed on this position ({r['error']}).")
                    continue
                it.update(r)
                it["rated"] = True
            self.elapsed = time.monotonic() - self.started
            self.cpu = time.thread_time() - c0
        with self._mutex:
            for it in self.items:
                if not it.get("rated") and "error" not in it:
                    it["text"] = f"Not rated: {why}."
        self.elapsed = time.monotonic() - self.started
        self.cpu = time.thread_time() - c0
        self.state = "done"

    def view(self) -> dict:
        with self._mutex:
            items = [dict(it) for it in self.items]
        if self.turns is not None:
            items = [_turn_item(t, [items[i] for i in t["decisions"]]) for t in self.turns]
        counts = {g: 0 for g in GRADES}
        for it in items:
            counts[it["grade"]] += 1
        rated = sum(1 for it in items if it.get("rated"))
        return {"id": self.id, "game": self.game, "state": self.state, "error": self.error,
                "budget": self.budget, "elapsed": None if self.elapsed is None else round(self.elapsed, 2),
                "cpu_seconds": round(self.cpu, 3), "engine": f"hard: {self.level_player[0]}",
                "rated": rated, "total": len(items), "counts": counts,
                "unit": "turn" if self.turns is not None else "move",
                "proven_mistakes": sum(1 for it in items if it["grade"] == "mistake" and it.get("proven")),
                "items": items}


def _turn_groups(s: Session, items: list[dict]) -> list[dict] | None:
    """The person's turns (their moves in a row, as the session's move list groups them) for a game
    whose ``moves`` room has ``turn_notation``: ``{"turn", "player", "decisions" (indexes in
    ``items``), "move" (the turn's line)}``; None for a game reviewed move by move."""
    from ..core.game import CHANCE
    from .session import room

    join = getattr(room(s.entry, "moves"), "turn_notation", None)
    if join is None:
        return None
    at = {it["ply"]: i for i, it in enumerate(items)}
    groups: list[dict] = []
    n = 0
    for ply, m in enumerate(s.moves, 1):
        p = m["player"]
        g = groups[-1] if groups else None
        if g is None or p == CHANCE or g["player"] != p:
            n += 1
            g = {"turn": n, "player": p, "steps": [], "decisions": []}
            groups.append(g)
        g["steps"].append((m["action"], m["move"]))
        if ply in at:
            g["decisions"].append(at[ply])
    return [{"turn": g["turn"], "player": g["player"], "decisions": g["decisions"], "move": join(g["steps"])}
            for g in groups if g["decisions"]]


def _turn_item(t: dict, ds: list[dict]) -> dict:
    """One turn's line of the review: its decisions' ratings, its grade the worst of them."""
    rated = [d for d in ds if d.get("rated")]
    worst = max(rated, key=lambda d: _WORSE.get(d["grade"], 0), default=None)
    out = {"turn": t["turn"], "player": t["player"], "move": t["move"], "ply": ds[0]["ply"],
           "last_ply": ds[-1]["ply"], "action": ds[0]["action"],
           "decisions": [{k: d.get(k) for k in ("ply", "move", "grade", "kind", "text", "better", "rated")}
                         for d in ds]}
    if worst is None:   # no decision rated: the first one's words say why
        return {**out, "grade": "unrated", "kind": None, "text": ds[0]["text"], "better": None, "focus": ds[0]["ply"]}
    unrated = len(ds) - len(rated)
    note = f" ({counted(unrated, 'decision')} not rated)" if unrated else ""
    if worst["grade"] in ("inaccuracy", "mistake"):
        text = f"Decision {ds.index(worst) + 1} of {len(ds)} ({worst['move']}): {worst['text']}{note}"
    elif len(ds) == 1:
        text = worst["text"] + note
    else:
        text = f"Every decision of the {len(ds)} as good as the engine's{note}."
    keep = {k: worst.get(k) for k in ("values", "loss", "samples", "proven", "engine_move") if k in worst}
    return {**out, **keep, "grade": worst["grade"], "kind": worst["kind"], "text": text,
            "better": worst.get("better"), "rated": True, "focus": worst["ply"]}


class Reviews:
    """The reviews of a server, by game id: one computed at a time (``gate``), at most
    :data:`MAX_REVIEWS` kept."""

    def __init__(self, max_reviews: int = MAX_REVIEWS):
        self._reviews: OrderedDict[str, Review] = OrderedDict()
        self._lock = threading.Lock()
        self.gate = threading.Semaphore(1)
        self.max_reviews = max_reviews

    def get(self, gid: str) -> Review | None:
        with self._lock:
            r = self._reviews.get(gid)
            if r is not None:
                self._reviews.move_to_end(gid)
            return r

    def start(self, s: Session, specs, level_player, budget: float) -> Review:
        """The game's review, started in a worker thread unless it exists (then that one)."""
        with self._lock:
            r = self._reviews.get(s.id)
            if r is not None and r.moves == s.moves:
                return r
            r = Review(s, specs, level_player, budget)
            self._reviews[s.id] = r
            while len(self._reviews) > self.max_reviews:
                self._reviews.popitem(last=False)
        threading.Thread(target=r.run, args=(self.gate,), name=f"review-{s.id}", daemon=True).start()
        return r


def _budget(body: dict) -> float:
    b = body.get("budget", DEFAULT_BUDGET)
    if isinstance(b, bool) or not isinstance(b, (int, float)) or not 0.1 <= b <= MAX_BUDGET:
        fail(f'"budget" must be a number of seconds from 0.1 to {MAX_BUDGET:g}, got {str(repr(b))[:40]}')
    return float(b)


def _wait(request: Request) -> float:
    raw = request.query_params.get("wait")
    if raw is None:
        return 0.0
    try:
        w = float(raw) if raw.isascii() else None
    except ValueError:
        w = None
    if w is None or not 0 <= w <= MAX_WAIT:
        fail(f"wait must be a number of seconds from 0 to {MAX_WAIT:g}")
    return w


def _check_reviewable(s: Session) -> None:
    if not s.over:
        fail("the review is for a finished game: play it to the end (or resign) first")
    if not s.humans:
        fail("no seat here is a person's: nobody's moves to review")


def routes(sessions, reviews: Reviews | None = None) -> list[Route]:
    """``POST /api/GAME/ID/review`` (``{"budget": S}``, optional) starts the review of a finished
    game (or answers the one under way); ``GET`` reads it (404 before any)."""
    from .play import _level_player, _locked

    reviews = reviews or Reviews()

    def session(request: Request) -> Session:
        return sessions.get(request.path_params["game"], request.path_params["gid"])

    async def answer(r: Review, wait: float):
        if wait > 0 and not r.done.is_set():
            await run_in_threadpool(r.done.wait, wait)
        return JSON(r.view())

    async def review(request: Request):
        s = session(request)
        wait = _wait(request)
        if request.method == "GET":
            r = reviews.get(s.id)
            if r is None:
                raise ApiError(404, f"no review of game {s.id} yet: POST /api/{s.entry.name}/{s.id}/review starts one")
            return await answer(r, wait)
        body = await read_body_json(request)
        budget = _budget(body)
        specs = sessions.specs(s.entry)

        def start():
            _check_reviewable(s)
            return reviews.start(s, specs, _level_player(s.entry, specs), budget)
        r = await run_in_threadpool(_locked, s, start)
        return await answer(r, wait)

    return [Route("/api/{game}/{gid}/review", review, methods=["GET", "POST"])]
