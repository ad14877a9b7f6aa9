"""The web app's Octagion part: one word solved, a word list checked against a deck, a deck's
statistics, and the deck designer run in the background.

``POST /api/octagion/solve`` answers what ``octosolve octagion solve WORD --json`` prints;
``POST /api/octagion/check`` what ``octosolve octagion check FILE --json`` prints (the per-word
table). With ``?format=report`` (the page) or ``?format=csv`` every line is read on its own: a bad
line is reported in ``problems`` (line number, text, why) while the others are checked, and a list
may mix ``A1 WORD`` lines and bare words. ``POST /api/octagion/deck`` answers what ``octosolve
octagion deck --json`` prints, ``POST /api/octagion/explain`` what ``octosolve octagion explain
--json`` prints (against the list given, or the lexicon's ``top`` most familiar words).
``POST /api/octagion/design`` starts ``design-deck`` in a thread;
``GET /api/octagion/design/ID`` tells its progress and result, ``POST .../stop`` stops it (with
the best deck found so far as its result),
``GET .../deck.csv`` downloads the designed deck. A deck is given as CSV text (header
``letter,number``), never as a file name; without one, the project's deck is used.

>>> check_json("OCTAGONS")[0]["word"]
'OCTAGONS'
>>> rep = check_report("OCTAGONS\\nSEPTEMBER\\nA1 TREASURE")
>>> [r["word"] for r in rep["words"]], [p["line"] for p in rep["problems"]]
(['OCTAGONS', 'TREASURE'], [2])
>>> rep = check_report("OCTAGONS\\nTREASURE\\nOCTAGONS")
>>> [r.get("repeat_of") for r in rep["words"]], rep["summary"]["words"], rep["duplicate_lines_ignored"]
([None, None, 1], 2, 1)
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import threading
import time
from collections import OrderedDict

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import OctoError, fail
from .http import JSON, ApiError, read_body_json

__all__ = ["MAX_WORDS", "CSV_COLUMNS", "DESIGN_LIMITS", "deck_from_text", "solve_json", "read_lines",
           "check_report", "check_json", "check_csv", "deck_json", "explain_json", "DesignJob", "Designs",
           "routes"]

MAX_WORDS = 20_000  # about 5 s of checking; the CLI takes any number
CSV_COLUMNS = ("line", "card", "index", "word", "solvable", "min_wildcards", "solutions",
               "difficulty", "assignment", "problem")


def deck_from_text(text):
    """The deck in CSV ``text`` (header ``letter,number``), or the default deck for None/blank."""
    from ..octagion.rules import Deck, load_deck

    if text is None or (isinstance(text, str) and not text.strip()):
        return load_deck()
    if not isinstance(text, str):
        fail('"deck" must be CSV text with the header letter,number')
    return Deck.parse(text, name="deck")


def solve_json(word, deck_text=None) -> dict:
    """What ``octosolve octagion solve WORD --json`` prints."""
    from ..octagion.solve import solve_word

    if not isinstance(word, str):
        fail('"word" must be a string of 8 letters')
    return solve_word(word, deck_from_text(deck_text))


def _text(words) -> str:
    if isinstance(words, list) and all(isinstance(w, str) for w in words):
        words = "\n".join(words)
    if not isinstance(words, str):
        fail('"words" must be text (one word a line) or a list of words')
    return words


def _numbered(words) -> list[tuple[int, str]]:
    """(line number, line) of the lines that hold something: blank lines and ``#`` comments are
    skipped, the numbers count every line (as an editor shows them)."""
    lines = [(i, ln.strip()) for i, ln in enumerate(_text(words).splitlines(), 1)
             if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) > MAX_WORDS:
        fail(f"at most {MAX_WORDS} words at a time here, got {len(lines)} "
             "(`octosolve octagion check FILE` takes any number)")
    return lines


def read_lines(words) -> tuple[list[tuple[str | None, int, str]], list[int], list[dict]]:
    """Every line read on its own: ``(entries, their line numbers, problems)``. An entry is
    ``(card, position, WORD)`` for ``A1 WORD`` and ``(None, rank, WORD)`` for a bare word (its rank
    among the bare words); a problem is ``{"line", "text", "error"}`` (a line that is not a word,
    a label not like A1..Z40, a label given twice). Lines of both forms may be mixed."""
    from ..octagion.wordcards import parse_line

    entries, numbers, problems = [], [], []
    seen: dict[tuple[str, int], int] = {}
    bare = 0
    for i, ln in _numbered(words):
        try:
            card, idx, word = parse_line(ln, f"line {i}")
        except OctoError as e:
            problems.append({"line": i, "text": ln[:120], "error": e.format_message()})
            continue
        if card is not None:
            if (card, idx) in seen:
                problems.append({"line": i, "text": ln[:120],
                                 "error": f"line {i}: {card}{idx} was given already on line "
                                          f"{seen[(card, idx)]}"})
                continue
            seen[(card, idx)] = i
        else:
            bare += 1
            idx = bare
        entries.append((card, idx, word))
        numbers.append(i)
    return entries, numbers, problems


def _folded(row: dict, text_of: dict) -> dict:
    """``row`` with ``folded_from``: the word as the line gave it, where reading it folded accents
    or ligatures (CAFÉTIÈRE checked as CAFETIERE, said on its line: #43.5)."""
    given = text_of.get(row["line"], "").split()
    given = given[-1] if given else ""
    if given and given.upper() != row["word"]:
        row["folded_from"] = given
    return row


def check_report(words, deck_text=None) -> dict:
    """The full report of ``octagion check`` (``{"deck", "words", "cards", "summary"}``) for the
    lines of ``words`` that are words, each row with its ``line``, plus ``problems``: the lines
    that are not (see :func:`read_lines`). A word given again is counted once, as the CLI counts
    it: its later lines are rows with ``repeat_of`` (the line it was first given on), left out of
    the summary, and ``duplicate_lines_ignored`` counts them."""
    from ..octagion.wordcards import check_cards

    deck = deck_from_text(deck_text)
    entries, numbers, problems = read_lines(words)
    if not entries and not problems:
        fail("no words: give one 8-letter word a line (or 'A1 WORD' lines)")
    rep = check_cards(entries, deck, dedupe=True)
    line_of = {(card, idx): n for (card, idx, _), n in zip(entries, numbers)}
    text_of = dict(_numbered(words))
    rows = []
    for r in rep["words"]:
        again = r.pop("repeated_at", [])
        rows.append(_folded({**r, "line": line_of[r["card"], r["index"]]}, text_of))
        rows += [_folded({**r, **x, "line": line_of[x["card"], x["index"]], "repeat_of": rows[-1]["line"]},
                         text_of) for x in again]
    rep["words"] = sorted(rows, key=lambda r: r["line"])
    rep["problems"] = problems
    return rep


def check_json(words, deck_text=None) -> list[dict]:
    """What ``octosolve octagion check FILE --json`` prints: one row per word (a bad line is a
    one-line error, as in the CLI)."""
    from ..octagion.wordcards import check_cards, parse_wordcards

    lines = [ln for _, ln in _numbered(words)]
    entries = parse_wordcards(lines, "word list")
    return check_cards(entries, deck_from_text(deck_text), dedupe=True)["words"]


def _assignment_text(row: dict) -> str:
    return " ".join(f"{a['letter']}{a['number']}" if "number" in a else "*"
                    for a in row.get("assignment", []))


def check_csv(rep: dict) -> str:
    """The report's table as CSV (columns :data:`CSV_COLUMNS`), rows in line order, a bad line
    with its text in ``word`` and the reason in ``problem``, a repeated word's later lines with
    ``problem`` saying which line counts it."""
    rows = [(r["line"], [r["line"], r.get("card"), r.get("index"), r["word"],
                         "yes" if r["solvable"] else "no", r["min_wildcards"], r["solutions"],
                         r["difficulty"], _assignment_text(r),
                         f"repeats line {r['repeat_of']}: counted once" if r.get("repeat_of") else ""])
            for r in rep["words"]]
    rows += [(p["line"], [p["line"], None, None, p["text"], "", "", "", "", "", p["error"]])
             for p in rep.get("problems", [])]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for _, row in sorted(rows, key=lambda x: x[0]):
        w.writerow(row)
    return buf.getvalue()


DECK_TOP_MAX = 1_000_000  # octosolve octagion deck --top: 1 to 1,000,000 (the lexicon has fewer words)


def deck_json(deck_text=None, top=None) -> dict:
    """What ``octosolve octagion deck --json`` prints (the deck against the lexicon), plus
    ``csv``: the deck as CSV."""
    from ..octagion.wordcards import deck_stats

    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= DECK_TOP_MAX):
        fail(f'"top" must be a whole number from 1 to {DECK_TOP_MAX} (as the CLI\'s deck --top), got {top!r}')
    deck = deck_from_text(deck_text)
    out = deck_stats(deck, top=top)
    out["csv"] = deck.to_csv()
    return out


EXPLAIN_TOP_MAX = 5000   # the lexicon's most familiar words an explanation may be asked against


def explain_json(deck_text=None, words=None, top=None, changes=10) -> dict:
    """What ``octosolve octagion explain --json`` prints: why the deck loses each word it loses,
    the words each card is needed by, the best single-card changes. Against the words of the list
    ``words`` (lines read as the check reads them: a line that is not a word is skipped, and
    counted in ``lines_skipped``) or, when it is
    None/blank, the lexicon's ``top`` most familiar words (1000 by default)."""
    from ..octagion.explain import explain_deck
    from ..octagion.wordcards import design_words

    for name, v, hi in (("top", top, EXPLAIN_TOP_MAX), ("changes", changes, 100)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= hi):
            fail(f'"{name}" must be a whole number from 1 to {hi}, got {str(v)[:20]!r}')
    deck = deck_from_text(deck_text)
    if words is None or (isinstance(words, str) and not words.strip()):
        wl = design_words(None, top or 1000)[0]
    else:
        entries, _, problems = read_lines(words)
        if not entries:
            fail("no words: give one 8-letter word a line (or 'A1 WORD' lines)")
        wl = list(dict.fromkeys(w for _, _, w in entries))
        return {**explain_deck(deck, wl, top=changes or 10), "lines_skipped": len(problems)}
    return explain_deck(deck, wl, top=changes or 10)


# ---------------------------------------------------------------------------------------------
# the deck designer in the background

DESIGN_LIMITS = {"time_limit": (0.5, 600.0), "workers": (1, 2), "per_number": (1, 26),
                 "local_search": (0, 200_000), "top": (1, 5000), "seed": (0, 2**31 - 1)}
DESIGN_DEFAULTS = {"time_limit": 30.0, "workers": 1, "per_number": 6, "local_search": 5000,
                   "top": 1000, "seed": 0, "favour": "none", "split": "equal",
                   "deterministic": False}


def _setting(body: dict, name: str):
    v = body.get(name, DESIGN_DEFAULTS[name])
    if v is None:
        v = DESIGN_DEFAULTS[name]
    if name == "favour":
        if not isinstance(v, str) or v.lower() not in ("none", "hard", "easy"):
            fail(f'"favour" must be none, hard or easy, got {v!r}')
        return v.lower()
    if name == "deterministic":
        if not isinstance(v, bool):
            fail(f'"deterministic" must be true or false, got {v!r}')
        return v
    if name == "split":
        if not isinstance(v, str) or v.lower() not in ("equal", "free"):
            fail(f'"split" must be equal or free, got {v!r}')
        return v.lower()
    lo, hi = DESIGN_LIMITS[name]
    sent = v
    is_num = isinstance(v, (int, float)) and not isinstance(v, bool)
    if name != "time_limit" and is_num and float(v).is_integer():
        v = int(v)
    ok = is_num and math.isfinite(v) and lo <= v <= hi and (name == "time_limit" or isinstance(v, int))
    if not ok:
        kind = "a number of seconds" if name == "time_limit" else "a whole number"
        span = f"{lo:g} to {hi:g}" if name == "time_limit" else f"{int(lo)} to {int(hi)}"
        fail(f'"{name}" must be {kind} from {span}, got {sent!r}')
    return float(v) if name == "time_limit" else v


def design_job(words: list[str], settings: dict, stop=None, progress=None) -> dict:
    """A job for the web app's pool: ``design-deck`` with the page's settings, its bars reported
    to ``progress(desc, n, total, postfix)``, stopped early (with the best deck so far) once
    ``stop`` is set; ``{"result", "deck_csv", "stopped"}``."""
    from ..core.progress import watching
    from ..octagion.design import design_deck

    s = settings
    with watching(progress or (lambda *a: None)):
        res = design_deck(words, per_number=s["per_number"], favour=s["favour"],
                          time_limit=s["time_limit"], seed=s["seed"],
                          workers=s["workers"], local_search_iters=s["local_search"],
                          stop=stop, split=s["split"], deterministic=s["deterministic"])
    return {"result": res.to_json(), "deck_csv": res.deck.to_csv(),
            "stopped": res.status.endswith("+stopped")}


class DesignJob:
    """One run of the deck designer (``octagion design-deck``): waiting in the line of the web
    app's pool, then on a worker (``pool``; None: in a thread of its own here), its settings, its
    progress as its bars report it (phase, n of total, best objective), and at the end its result
    (``DesignResult.to_json()``) and deck CSV, or why it ended early."""

    _ids = itertools.count(1)

    def __init__(self, words: list[str], settings: dict, source: str, skipped: list[dict], pool=None):
        self.id = f"d{next(self._ids)}"
        self.pool = pool
        self.words, self.settings, self.source, self.skipped = words, settings, source, skipped
        self.state = "running"
        self.phase, self.n, self.total, self.postfix = "starting", 0, None, ""
        self.t0 = time.monotonic()
        self.seconds = None
        self.result = None
        self.deck_csv = None
        self.error = None
        self.stop = threading.Event()
        self.done = threading.Event()
        self.entered = threading.Event()   # in the pool's line (or running, or over)
        self.lock = threading.Lock()

    def on_progress(self, desc, n, total, postfix) -> None:
        with self.lock:
            self.phase, self.n, self.total, self.postfix = desc, n, total, postfix

    def run(self) -> None:
        """The design; Stop (``self.stop``) ends it early with the best deck found so far (its
        covered count and the proved bound), the state then "stopped"; a design stopped while it
        waits in line ends "stopped" without a deck."""
        from .pool import Cancelled

        try:
            if self.pool is None:
                out = design_job(self.words, self.settings, stop=self.stop, progress=self.on_progress)
            else:
                out = self.pool.run(self.id, design_job, self.words, self.settings, stoppable=True,
                                    progress=self.on_progress, entered=self.entered,
                                    timeout=3 * self.settings["time_limit"] + 300)
            with self.lock:
                self.result = out["result"]
                self.deck_csv = out["deck_csv"]
                # a Stop that came after the search ended changes nothing: the run is done
                self.state = "stopped" if out["stopped"] else "done"
        except Cancelled:   # stopped while it waited in line: no deck
            with self.lock:
                self.state = "stopped"
        except ApiError as e:   # a run over its time, the server stopping
            with self.lock:
                self.state, self.error = "failed", e.message
        except OctoError as e:
            with self.lock:
                self.state, self.error = "failed", e.format_message()
        except Exception as e:  # noqa: BLE001 - reported to the page, the server keeps serving
            with self.lock:
                self.state, self.error = "failed", f"{type(e).__name__}: {e}"
        finally:
            with self.lock:
                self.seconds = round(time.monotonic() - self.t0, 2)
            self.entered.set()
            self.done.set()

    def request_stop(self) -> None:
        """Stop: a running design ends with its best deck so far; one waiting leaves the line."""
        self.stop.set()
        if self.pool is not None:
            self.pool.stop(self.id)
            if self.pool.cancel(self.id):   # it was waiting: over now (its thread says so too)
                self.done.wait(5)

    def view(self) -> dict:
        queue = self.pool.position(self.id) if self.pool is not None else {"state": "running"}
        with self.lock:
            waiting = self.state == "running" and queue["state"] == "waiting"
            # a design waiting for a free worker says so where its phase goes (and in "queue")
            return {"id": self.id, "state": self.state, "phase": queue["text"] if waiting else self.phase,
                    "n": self.n, "queue": queue if waiting else None,
                    "total": self.total, "best": self.postfix,
                    "elapsed": self.seconds if self.seconds is not None
                    else round(time.monotonic() - self.t0, 2),
                    "words": len(self.words), "source": self.source, "skipped": self.skipped,
                    "settings": self.settings, "result": self.result, "error": self.error}


class Designs:
    """The design runs of this server, each a job of the pool (as many at once as it has
    workers, the others waiting in line: never refused), the last ``keep`` remembered."""

    def __init__(self, keep: int = 20, pool=None):
        self.keep = keep
        self.pool = pool
        self.jobs: "OrderedDict[str, DesignJob]" = OrderedDict()
        self.lock = threading.Lock()

    def start(self, body: dict) -> DesignJob:
        from ..octagion.wordcards import lexicon_path

        settings = {k: _setting(body, k) for k in DESIGN_DEFAULTS}
        words = body.get("words")
        skipped: list[dict] = []
        if (isinstance(words, str) and not words.strip()) or words == []:
            # the page sends the box's text for "the word list above": an empty box is not a
            # request for the lexicon's words (that is "words" left out, or null)
            fail("the word list is empty: paste words into the box, or design for the most "
                 "familiar English words")
        if words is None:
            from ..core.lexicon import load_words

            wl = load_words(str(lexicon_path()), length=8)[:settings["top"]]
            source = f"the lexicon's {len(wl)} most familiar words"
        else:
            entries, _, skipped = read_lines(words)
            wl = list(dict.fromkeys(w for _, _, w in entries))
            if not wl:
                fail("no words to design the deck for: every line of the list is flagged")
            if len(wl) > DESIGN_LIMITS["top"][1]:
                fail(f"the deck designer takes at most {DESIGN_LIMITS['top'][1]} words, got {len(wl)}")
            source = f"the {len(wl)} words of the list"
        with self.lock:
            job = DesignJob(wl, settings, source, skipped, pool=self.pool)
            self.jobs[job.id] = job
            while len(self.jobs) > self.keep:
                old = next(iter(self.jobs))
                if self.jobs[old].state == "running":
                    break
                self.jobs.pop(old)
        threading.Thread(target=job.run, name=f"design-{job.id}", daemon=True).start()
        job.entered.wait(5)   # its answer shows its place in line
        return job

    def get(self, job_id: str) -> DesignJob:
        with self.lock:
            job = self.jobs.get(job_id)
        if job is None:
            raise ApiError(404, f"no deck design {job_id[:40]!r} (the server keeps the last "
                                f"{self.keep})")
        return job


# ---------------------------------------------------------------------------------------------
# routes


async def _solve(request: Request):
    body = await read_body_json(request)
    if "word" not in body:
        fail('missing "word"')
    return JSON(await run_in_threadpool(solve_json, body["word"], body.get("deck")))


async def _check(request: Request):
    body = await read_body_json(request)
    if "words" not in body:
        fail('missing "words" (one word a line)')
    fmt = request.query_params.get("format", "json")
    if fmt not in ("json", "csv", "report"):
        fail(f"format must be json, csv or report, got {fmt!r}")
    if fmt == "json":
        return JSON(await run_in_threadpool(check_json, body["words"], body.get("deck")))
    rep = await run_in_threadpool(check_report, body["words"], body.get("deck"))
    if fmt == "csv":
        return Response(check_csv(rep), media_type="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="octagion-check.csv"'})
    return JSON(rep)


async def _explain(request: Request):
    body = await read_body_json(request)
    return JSON(await run_in_threadpool(explain_json, body.get("deck"), body.get("words"),
                                        body.get("top"), body.get("changes", 10)))


async def _deck(request: Request):
    body = await read_body_json(request)
    return JSON(await run_in_threadpool(deck_json, body.get("deck"), body.get("top")))


def routes(pool=None, designs: Designs | None = None) -> list[Route]:
    """The designer page's API (``WebPage.api`` of Octagion's manifest): its designs run on the
    app's ``pool`` (None: in this process)."""
    designs = designs if designs is not None else Designs(pool=pool)

    async def start(request: Request):
        body = await read_body_json(request)
        job = await run_in_threadpool(designs.start, body)
        return JSON(job.view())

    async def status(request: Request):
        job = designs.get(request.path_params["job"])
        wait = request.query_params.get("wait")
        if wait is not None:
            try:
                seconds = float(wait)
            except ValueError:
                seconds = math.nan
            if not (math.isfinite(seconds) and 0 <= seconds <= 60):
                raise ApiError(400, f"wait must be 0-60 seconds, got {wait[:20]!r}")
            await run_in_threadpool(job.done.wait, seconds)
        return JSON(job.view())

    async def stop(request: Request):
        job = designs.get(request.path_params["job"])
        job.request_stop()
        return JSON(job.view())

    async def deck_csv(request: Request):
        job = designs.get(request.path_params["job"])
        if job.deck_csv is None:
            raise ApiError(404, f"deck design {job.id} has no deck ({job.state})")
        return Response(job.deck_csv, media_type="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="deck-{job.id}.csv"'})

    return [Route("/api/octagion/solve", _solve, methods=["POST"]),
            Route("/api/octagion/check", _check, methods=["POST"]),
            Route("/api/octagion/deck", _deck, methods=["POST"]),
            Route("/api/octagion/explain", _explain, methods=["POST"]),
            Route("/api/octagion/design", start, methods=["POST"]),
            Route("/api/octagion/design/{job}", status),
            Route("/api/octagion/design/{job}/stop", stop, methods=["POST"]),
            Route("/api/octagion/design/{job}/deck.csv", deck_csv)]
