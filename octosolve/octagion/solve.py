"""Solvers and analyses for Octagion designers.

- ``solve_word``: solvable? minimum Treatment Cards, one optimal assignment, the number of distinct
  penalty-free solutions and (on request) all of them.
- ``check_words``: the same for a whole list (the numba kernel does the counting).
- ``cpsat_*``: CP-SAT formulations used as independent references in the tests.
The CP-SAT deck designer is in ``design.py``.

"Distinct solutions" counts what a player sees: assignments of numbers to the 8 positions (each
number once). Two identical cards (same letter and number) give the same solution, so a deck's
duplicates never change a count; see docs/rules/octagion.md.
"""

from __future__ import annotations

from ..core.cpsat import solve as cpsat_solve
from ..core.errors import fail
from . import kernels
from .rules import NUMBERS, WORD_LEN, Deck, normalize_sequence, treatment_cards
from ..core.cpsat import new_solver as cpsat_solver

__all__ = ["DIFFICULTY_THRESHOLDS", "difficulty", "word_rows", "iter_solutions",
           "max_matching_assignment", "word_result", "solve_word", "check_words", "kernel_table",
           "cpsat_min_wildcards", "cpsat_count_solutions", "brute_force"]

# difficulty classes from the number of penalty-free solutions (documented in docs/rules/octagion.md)
DIFFICULTY_THRESHOLDS = {"hard": 1, "medium": 3}   # 1 -> hard, 2..3 -> medium, >= 4 -> easy


def difficulty(solutions: int, min_wildcards: int) -> str:
    if solutions == 0:
        return f"needs {treatment_cards(min_wildcards)}"   # the rules' name (was 'needs 1 treatment')
    if solutions <= DIFFICULTY_THRESHOLDS["hard"]:
        return "hard"
    if solutions <= DIFFICULTY_THRESHOLDS["medium"]:
        return "medium"
    return "easy"


def word_rows(word: str, masks) -> list[int]:
    return [int(masks[ord(c) - 65]) for c in word]


def iter_solutions(rows):
    """All perfect matchings as tuples of numbers (1..8) per position, in lexicographic order."""
    out: list[int] = []

    def rec(i: int, used: int):
        if i == WORD_LEN:
            yield tuple(out)
            return
        avail = rows[i] & ~used
        for n in range(NUMBERS):
            if avail >> n & 1:
                out.append(n + 1)
                yield from rec(i + 1, used | 1 << n)
                out.pop()

    yield from rec(0, 0)


def max_matching_assignment(rows) -> list[int | None]:
    """A maximum matching (Kuhn's augmenting paths, positions in order, numbers ascending):
    number (1..8) per position, or None where a Treatment Card goes."""
    match_n = [-1] * NUMBERS   # number -> position

    def try_pos(i: int, seen: set[int]) -> bool:
        for n in range(NUMBERS):
            if rows[i] >> n & 1 and n not in seen:
                seen.add(n)
                if match_n[n] == -1 or try_pos(match_n[n], seen):
                    match_n[n] = i
                    return True
        return False

    for i in range(WORD_LEN):
        try_pos(i, set())
    res: list[int | None] = [None] * WORD_LEN
    for n, i in enumerate(match_n):
        if i >= 0:
            res[i] = n + 1
    return res


def _assignment_json(word: str, numbers) -> list[dict]:
    return [({"letter": c, "number": int(n)} if n is not None else {"letter": c, "wildcard": True})
            for c, n in zip(word, numbers)]


def word_result(word: str, masks, count: int, min_wildcards: int, all_solutions: bool = False,
                limit: int | None = None) -> dict:
    """The answer for one normalised word whose kernel figures (``count`` penalty-free solutions,
    ``min_wildcards``) are known: one optimal assignment, found and re-checked here by code that did
    not produce the figures (JSON keys fixed by the CLI contract)."""
    w = word
    rows = word_rows(w, masks)
    count, minw = int(count), int(min_wildcards)
    if count:
        assign = list(next(iter_solutions(rows)))
    else:
        assign = max_matching_assignment(rows)
    # re-check with code that did not produce the numbers: the assignment is valid and optimal
    used = [n for n in assign if n is not None]
    if len(used) != len(set(used)) or assign.count(None) != minw or not all(
            masks[ord(c) - 65] >> (n - 1) & 1 for c, n in zip(w, assign) if n is not None):
        raise AssertionError(f"{w}: the kernel's figures and the assignment disagree")
    res = {"word": w, "solvable": count > 0, "min_wildcards": minw, "solutions": count,
           "assignment": _assignment_json(w, assign), "difficulty": difficulty(count, minw)}
    if all_solutions:
        allsol = []
        for s in iter_solutions(rows):
            allsol.append([{"letter": c, "number": n} for c, n in zip(w, s)])
            if limit is not None and len(allsol) >= limit:
                break
        if count and limit is None and len(allsol) != count:
            raise AssertionError(f"{w}: {len(allsol)} solutions listed, the kernel counts {count}")
        res["all"] = allsol
    return res


def solve_word(word: str, deck: Deck, all_solutions: bool = False, limit: int | None = None) -> dict:
    """Answer the designer's questions for one sequence: solvable, minimum Treatment Cards, the
    number of distinct solutions, one optimal assignment (and, with ``all_solutions``, every one).

    >>> from octosolve.octagion.rules import load_deck
    >>> r = solve_word("treasure", load_deck())
    >>> r["solvable"], r["solutions"], r["difficulty"]
    (True, 16, 'easy')
    """
    w = normalize_sequence(word)
    _check_deck(deck)
    sols, wild = kernels.solve_word_list([w], deck.masks)
    return word_result(w, deck.masks, sols[0], wild[0], all_solutions=all_solutions, limit=limit)


def _check_deck(deck) -> None:
    if not isinstance(deck, Deck):
        fail(f"deck must be a Deck (rules.load_deck(path)), got {type(deck).__name__}")


def check_words(words: list[str], deck: Deck, on_progress=None) -> list[dict]:
    """``solve_word`` for each word: the counts from the kernel in one call, then one assignment per
    word; ``on_progress(k)`` is called after every k words (for a progress bar)."""
    if isinstance(words, str):  # iterating it would check its letters one by one
        fail(f"check_words takes a list of words, got the string {words[:40]!r} (solve_word: one word)")
    ws = [normalize_sequence(x, "word") for x in words]
    _check_deck(deck)
    sols, wild = kernels.solve_word_list(ws, deck.masks)
    out = []
    for i, w in enumerate(ws):
        out.append(word_result(w, deck.masks, sols[i], wild[i]))
        if on_progress is not None and (i + 1) % 500 == 0:
            on_progress(500)
    if on_progress is not None and len(ws) % 500:
        on_progress(len(ws) % 500)
    return out


def kernel_table(words: list[str], deck: Deck, parallel: bool = False):
    """(solutions, min_wildcards) arrays for a word list (fast path)."""
    return kernels.solve_word_list(words, deck.masks, parallel=parallel)


# ----------------------------------------------------------------------------------------------
# CP-SAT references (independent of the matching code)
# ----------------------------------------------------------------------------------------------
def cpsat_min_wildcards(word: str, deck: Deck, time_limit: float = 10.0) -> int:
    """Minimum Treatment Cards by CP-SAT: maximise the positions covered by distinct numbers."""
    from ortools.sat.python import cp_model
    cnt = deck.counts
    m = cp_model.CpModel()
    y = {}
    for i, c in enumerate(word):
        for n in range(NUMBERS):
            if cnt[ord(c) - 65, n] > 0:
                y[i, n] = m.NewBoolVar(f"y{i}_{n}")
    for i in range(WORD_LEN):
        m.Add(sum(y[i, n] for n in range(NUMBERS) if (i, n) in y) <= 1)
    for n in range(NUMBERS):
        m.Add(sum(y[i, n] for i in range(WORD_LEN) if (i, n) in y) <= 1)
    m.Maximize(sum(y.values()))
    s = cpsat_solver()
    s.parameters.max_time_in_seconds = time_limit
    s.parameters.num_workers = 1
    st = cpsat_solve(s, m)
    assert st == cp_model.OPTIMAL
    return WORD_LEN - int(round(s.ObjectiveValue()))


def cpsat_count_solutions(word: str, deck: Deck, time_limit: float = 10.0) -> int:
    """Number of penalty-free solutions by CP-SAT enumeration (number per position, AllDifferent)."""
    from ortools.sat.python import cp_model
    cnt = deck.counts
    m = cp_model.CpModel()
    xs = []
    for i, c in enumerate(word):
        allowed = [n + 1 for n in range(NUMBERS) if cnt[ord(c) - 65, n] > 0]
        if not allowed:
            return 0
        xs.append(m.NewIntVarFromDomain(cp_model.Domain.FromValues(allowed), f"p{i}"))
    m.AddAllDifferent(xs)

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1

    s = cpsat_solver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.max_time_in_seconds = time_limit
    cb = Counter()
    st = cpsat_solve(s, m, cb)
    assert st in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return cb.n


def brute_force(word: str, deck: Deck) -> tuple[int, int]:
    """(solutions, min_wildcards) by trying every permutation of the numbers 1..8 (and, for the
    wildcards, every permutation with positions allowed to go uncovered)."""
    import itertools
    cnt = deck.counts
    ok = [[cnt[ord(c) - 65, n] > 0 for n in range(NUMBERS)] for c in word]
    sols = 0
    best = 0
    for perm in itertools.permutations(range(NUMBERS)):
        covered = sum(1 for i, n in enumerate(perm) if ok[i][n])
        best = max(best, covered)
        if covered == WORD_LEN:
            sols += 1
    # a maximum matching extends to a permutation (unused numbers fill the rest), so the best
    # coverage over all permutations is the maximum matching
    return sols, WORD_LEN - best
