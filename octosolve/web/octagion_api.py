"""The web app's Octagion part: one word solved, a word list checked against a deck.

``POST /api/octagion/solve`` answers what ``octosolve octagion solve WORD --json`` prints;
``POST /api/octagion/check`` what ``octosolve octagion check FILE --json`` prints (the per-word
table), or that table as CSV with ``?format=csv``. A deck is given as CSV text (header
``letter,number``), never as a file name; without one, the project's deck is used.

>>> check_json("OCTAGONS")[0]["word"]
'OCTAGONS'
"""

from __future__ import annotations

import csv
import io

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import fail
from .http import JSON, read_body_json

__all__ = ["MAX_WORDS", "CSV_COLUMNS", "deck_from_text", "solve_json", "check_report", "check_json", "check_csv",
           "routes"]

MAX_WORDS = 20_000  # about 5 s of checking; the CLI takes any number
CSV_COLUMNS = ("card", "index", "word", "solvable", "min_wildcards", "solutions", "difficulty",
               "assignment")


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


def check_report(words, deck_text=None) -> dict:
    """The full report of ``octagion check`` (``{"words": [...], "cards": [...]}``) for a word list
    given as text (one word a line, or ``A1 WORD``; ``#`` comments and blank lines skipped)."""
    from ..octagion.mutations import parse_wordcards
    from ..octagion.wordcards import check_cards

    if isinstance(words, list) and all(isinstance(w, str) for w in words):
        words = "\n".join(words)
    if not isinstance(words, str):
        fail('"words" must be text (one word a line) or a list of words')
    lines = [ln.strip() for ln in words.splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) > MAX_WORDS:
        fail(f"at most {MAX_WORDS} words at a time here, got {len(lines)} "
             "(`octosolve octagion check FILE` takes any number)")
    entries = parse_wordcards(lines, "word list")
    return check_cards(entries, deck_from_text(deck_text))


def check_json(words, deck_text=None) -> list[dict]:
    """What ``octosolve octagion check FILE --json`` prints: one row per word."""
    return check_report(words, deck_text)["words"]


def _assignment_text(row: dict) -> str:
    return " ".join(f"{a['letter']}{a['number']}" if "number" in a else "*"
                    for a in row.get("assignment", []))


def check_csv(rows: list[dict]) -> str:
    """The check table as CSV (columns :data:`CSV_COLUMNS`)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in rows:
        w.writerow([r.get("card"), r.get("index"), r["word"], "yes" if r["solvable"] else "no",
                    r["min_wildcards"], r["solutions"], r["difficulty"], _assignment_text(r)])
    return buf.getvalue()


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
    rep = await run_in_threadpool(check_report, body["words"], body.get("deck"))
    if fmt == "csv":
        return Response(check_csv(rep["words"]), media_type="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="octagion-check.csv"'})
    if fmt == "report":
        return JSON(rep)
    return JSON(rep["words"])


def routes() -> list[Route]:
    return [Route("/api/octagion/solve", _solve, methods=["POST"]),
            Route("/api/octagion/check", _check, methods=["POST"])]
