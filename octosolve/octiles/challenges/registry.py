"""The registry the catalogue fills: the challenges by number, how a challenge and a question are
declared (:func:`challenge`, :func:`declare`), and how they are looked up and solved.

Import these through :mod:`.catalogue` (which re-exports them): it declares the 30 challenges when
it is imported, and nothing here imports it (no loop).
"""

from __future__ import annotations

from octosolve.core.errors import fail

from .. import rules as R
from .model import Challenge, Result
from .search import search_solve
from .shortest import challenge_one

__all__ = ["CHALLENGES", "challenge", "declare", "highlight_for", "get_variant", "all_variants",
           "list_challenges", "statement", "method_name", "solve_variant", "search_variant"]

CHALLENGES: dict[int, Challenge] = {}


def challenge(number, title, text, note="", method="cpsat", **shown) -> Challenge:
    """Declare challenge ``number`` (once: a second declaration is an error); ``shown``: the
    ``headline`` and ``quick`` of a BFS challenge's one answer."""
    if number in CHALLENGES:
        raise ValueError(f"challenge {number} is declared twice")
    ch = Challenge(number, title, text, note=note, method=method, **shown)
    CHALLENGES[number] = ch
    return ch


def declare(number: int, variant) -> None:
    """Add ``variant`` (a Variant or SearchVariant: one whole declaration) to challenge ``number``,
    after its others; it learns the challenge's number and sentence. A name taken is an error."""
    ch = CHALLENGES[number]
    if ch.variant(variant.name) is not None:
        raise ValueError(f"challenge {number} already has a question {variant.name!r}")
    variant.number, variant.seed = number, ch.text
    ch.variants.append(variant)


# ---------------------------------------------------------------------------------------------
# looking challenges up (once the catalogue has declared them)


def get_variant(number: int, variant: str | None, word: str = "variant") -> tuple[Challenge, object]:
    """The challenge and its variant (the first one for None; None for challenge 1). Bad numbers or
    names are refused with a one-line error, calling a variant ``word`` (the CLI's --question)."""
    if number not in range(1, 31):
        fail(f"challenge must be a whole number 1-30, got {number!r}")  # repr: '6' is not 6
    ch = CHALLENGES.get(number)
    if ch is None or (ch.method != "bfs" and not ch.variants):
        fail(f"challenge {number} has no solver yet (see `octosolve octiles challenge --list`)")
    if ch.method == "bfs":
        if variant not in (None, "pairs"):  # (was ignored without a word)
            fail(f"challenge {number} has no {word} {variant!r} (its one {word}: pairs)")
        return ch, None
    var = ch.variant(variant)
    if var is None:
        fail(f"challenge {number} has no {word} {variant!r} "
             f"({word}s: {', '.join(v.name for v in ch.variants)})")
    return ch, var


def all_variants() -> list[tuple[int, str | None]]:
    """Every (challenge, variant) with a solver, in order (challenge 1 as (1, None))."""
    out = []
    for n in range(1, 31):
        ch = CHALLENGES.get(n)
        if ch is None:
            continue
        if ch.method == "bfs":
            out.append((n, None))
        else:
            out += [(n, v.name) for v in ch.variants]
    return out


def list_challenges() -> list[dict]:
    out = []
    for n in range(1, 31):
        ch = CHALLENGES.get(n)
        if ch is None or (ch.method != "bfs" and not ch.variants):
            out.append({"challenge": n, "title": None, "variants": [], "solver": False})
        elif ch.method == "search":
            out.append({"challenge": n, "title": ch.title, "solver": True, "method": "search",
                        "variants": [v.name for v in ch.variants]})
        elif ch.method == "bfs":
            out.append({"challenge": n, "title": ch.title, "variants": ["pairs"], "solver": True})
        else:
            out.append({"challenge": n, "title": ch.title, "solver": True,
                        "variants": [v.name for v in ch.variants]})
    return out


def statement(n: int, variant: str | None) -> tuple[str, str, str]:
    """(title, rules text, precise statement) of a variant."""
    ch = CHALLENGES[n]
    if ch.method == "bfs":
        return ch.title, ch.text, ("Count the unordered pairs of runner positions (16 stops + 20 "
                                   "circles) and, for each pair, the fewest tiles a path between them "
                                   "can cross over all placements (BFS over board edges).")
    return ch.title, ch.text, ch.variant(variant).statement


def method_name(n: int) -> str:
    return {"bfs": "BFS", "cpsat": "CP-SAT", "search": "local search"}[CHALLENGES[n].method]


# ---------------------------------------------------------------------------------------------
# solving one


def solve_variant(number: int, variant: str | None = None, *, time_limit: float = 30.0,
                  workers: int = 2, seed: int = 0, hint: dict | None = None,
                  fixed: dict | None = None, presearch_default: bool = True,
                  stored: bool = True):
    """Solve one challenge variant by its method (BFS, CP-SAT or local search with ``time_limit``
    seconds). ``stored=False`` ignores a stored certificate (the model then searches from scratch)."""
    ch, var = get_variant(number, variant)
    if ch.method == "bfs":
        return challenge_one()
    if ch.method == "search":
        return search_variant(number, variant, seconds=time_limit, seed=seed)
    from .cpsat import solve_cpsat       # (OR-Tools: loaded when a model is solved)

    return solve_cpsat(number, var, time_limit=time_limit, workers=workers, seed=seed, hint=hint,
                       fixed=fixed, presearch_default=presearch_default, stored=stored)


def search_variant(number: int, variant: str | None = None, *, seconds: float = 15.0,
                   seed: int = 0):
    """Answer a local-search challenge variant (best found in ``seconds``; a bound when known)."""
    ch, var = get_variant(number, variant)
    if ch.method != "search":
        fail(f"challenge {number} is not answered by local search")
    return search_solve(number, var, seconds=seconds, seed=seed)


def highlight_for(res: Result) -> list:
    """The paths a picture of ``res`` highlights (from the tracer): its question's declared
    ``pick``."""
    if not res.placement:
        return []
    tr = R.trace(res.placement)
    if res.challenge == 1:
        lo = res.extra["longest_shortest"]
        return [p for p in tr.complete_paths if set(p.ends) == {lo["from"], lo["to"]}][:1]
    ch = CHALLENGES.get(res.challenge)
    var = ch.variant(res.variant) if ch is not None else None
    pick = var.pick if var is not None else None
    return pick(tr) if pick else []


# a Result draws itself with these paths in a notebook (model.Result._repr_svg_): the declarations
# are known here, and the datatypes import nothing above them
Result.highlight = staticmethod(highlight_for)
