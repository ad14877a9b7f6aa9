"""Solvers and analyses for Octagion designers.

- ``solve_word``: solvable? minimum Treatment Cards, one optimal assignment, the number of distinct
  penalty-free solutions and (on request) all of them.
- ``check_words``: the same for a whole list (the numba kernel does the counting).
- ``cpsat_*``: CP-SAT formulations used as independent references in the tests.
- ``design_deck``: the CP-SAT deck designer (choose 48 cards, 6 per number, to maximise the number of
  solvable words of a list).

"Distinct solutions" counts what a player sees: assignments of numbers to the 8 positions (each
number once). Two identical cards (same letter and number) give the same solution, so a deck's
duplicates never change a count; see docs/rules/octagion.md.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..core.errors import fail
from . import kernels
from .rules import LETTERS, NUMBERS, PER_NUMBER, WORD_LEN, Deck, normalize_sequence

# difficulty classes from the number of penalty-free solutions (documented in docs/rules/octagion.md)
DIFFICULTY_THRESHOLDS = {"hard": 1, "medium": 3}   # 1 -> hard, 2..3 -> medium, >= 4 -> easy


def difficulty(solutions: int, min_wildcards: int) -> str:
    if solutions == 0:
        return f"needs {min_wildcards} treatment" + ("s" if min_wildcards != 1 else "")
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


def solve_word(word: str, deck: Deck, all_solutions: bool = False, limit: int | None = None) -> dict:
    """Answer the designer's questions for one sequence (JSON keys fixed by the issue)."""
    w = normalize_sequence(word)
    rows = word_rows(w, deck.masks)
    sols, wild = kernels.solve_word_list([w], deck.masks)
    count, minw = int(sols[0]), int(wild[0])
    if count:
        first = next(iter_solutions(rows))
        assign = list(first)
    else:
        assign = max_matching_assignment(rows)
    # re-check with code that did not produce the numbers: the assignment is valid and optimal
    used = [n for n in assign if n is not None]
    assert len(used) == len(set(used)), "assignment repeats a number"
    assert all(deck.masks[ord(c) - 65] >> (n - 1) & 1 for c, n in zip(w, assign) if n is not None)
    assert assign.count(None) == minw, "assignment is not optimal"
    res = {"word": w, "solvable": count > 0, "min_wildcards": minw, "solutions": count,
           "assignment": _assignment_json(w, assign), "difficulty": difficulty(count, minw)}
    if all_solutions:
        allsol = []
        for s in iter_solutions(rows):
            allsol.append([{"letter": c, "number": n} for c, n in zip(w, s)])
            if limit is not None and len(allsol) >= limit:
                break
        if count:
            assert limit is not None or len(allsol) == count
        res["all"] = allsol
    return res


def check_words(words: list[str], deck: Deck) -> list[dict]:
    """``solve_word`` for each word (counts from the kernel in one call)."""
    ws = [normalize_sequence(x, "word") for x in words]
    return [solve_word(w, deck) for w in ws]


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
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = time_limit
    s.parameters.num_workers = 1
    st = s.Solve(m)
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

    s = cp_model.CpSolver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.max_time_in_seconds = time_limit
    cb = Counter()
    st = s.Solve(m, cb)
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


# ----------------------------------------------------------------------------------------------
# Deck design (CP-SAT)
# ----------------------------------------------------------------------------------------------
@dataclass
class DesignResult:
    deck: Deck
    status: str
    solvable: int
    words: int
    bound: float
    objective: float
    gap: float
    seconds: float
    favour: str
    required: list[str] = field(default_factory=list)
    phase1_solvable: int | None = None
    kernel_solvable: int = 0
    mean_solutions: float = 0.0

    def to_json(self) -> dict:
        return {"status": self.status, "words": self.words, "solvable": self.solvable,
                "kernel_solvable": self.kernel_solvable, "mean_solutions": self.mean_solutions,
                "objective": self.objective, "bound": self.bound, "gap": self.gap,
                "seconds": round(self.seconds, 2), "favour": self.favour,
                "required": self.required, "deck": self.deck.to_json(),
                "cards": [str(c) for c in self.deck.cards]}


def design_deck(words: list[str], *, per_number: int = PER_NUMBER, required: list[str] | None = None,
                favour: str = "none", time_limit: float = 60.0, seed: int = 0, workers: int = 2,
                hint: Deck | None = None, log=None,
                local_search_iters: int = 5000) -> DesignResult:
    """Choose ``per_number`` distinct letters for each number 1..8 (x[l][n] = 1: card (l, n) is in
    the deck) to maximise the number of words of ``words`` solvable without Treatment Cards.

    Per word w a Boolean s[w] and assignment Booleans y[w][i][n] <= x[word[i]][n] with
    sum_n y[w][i][n] = s[w] for every position i and sum_i y[w][i][n] = s[w] for every number n:
    s[w] = 1 forces a perfect matching that uses only cards of the deck. Required words have
    s[w] = 1. Duplicate cards never help (a solution uses each number once), so cards are distinct.

    ``favour``: "none" maximises the solvable count; "hard" / "easy" then (second phase, the count
    fixed at the first phase's value) minimise / maximise the number of usable (position, number)
    pairs over the solvable words, a linear proxy for the solution counts (fewer pairs -> fewer
    solutions). The result's deck is re-checked by the numba kernel (``kernel_solvable``).
    """
    from ortools.sat.python import cp_model

    t0 = time.perf_counter()
    words = [normalize_sequence(w, "word") for w in words]
    words = list(dict.fromkeys(words))
    required = [normalize_sequence(w, "required word") for w in (required or [])]
    if per_number < 1 or per_number > 26:
        fail(f"--per-number must be 1..26, not {per_number}")
    if favour not in ("none", "hard", "easy"):
        fail(f"--favour must be none, hard or easy, not {favour!r}")
    for w in required:
        if w not in words:
            words.append(w)
        if len(set(w)) > per_number * NUMBERS:
            fail(f"required word {w} cannot be solved")
    if not words:
        fail("no words to design the deck for")

    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x_{LETTERS[l]}{n + 1}") for n in range(NUMBERS)] for l in range(26)]
    for n in range(NUMBERS):
        m.Add(sum(x[l][n] for l in range(26)) == per_number)
    s_vars = []
    y_vars = []
    for wi, w in enumerate(words):
        s = m.NewBoolVar(f"s{wi}")
        s_vars.append(s)
        y = [[m.NewBoolVar("") for _ in range(NUMBERS)] for _ in range(WORD_LEN)]
        y_vars.append(y)
        for i, c in enumerate(w):
            l = ord(c) - 65
            for n in range(NUMBERS):
                m.AddImplication(y[i][n], x[l][n])
            m.Add(sum(y[i]) == s)
        for n in range(NUMBERS):
            m.Add(sum(y[i][n] for i in range(WORD_LEN)) == s)
        # implied constraints (they tighten the LP bound): a letter used k times in the word needs
        # k numbers; every number must be reachable from some letter of the word
        for l, k in Counter(ord(c) - 65 for c in w).items():
            m.Add(sum(x[l][n] for n in range(NUMBERS)) >= k * s)
        for n in range(NUMBERS):
            m.AddBoolOr([x[l][n] for l in set(ord(c) - 65 for c in w)] + [s.Not()])
        if w in required:
            m.Add(s == 1)
    # symmetry: numbers are interchangeable labels; order the columns by their letter sets
    # (lexicographic order of the 26-bit column vectors, compared as integers)
    col = []
    for n in range(NUMBERS):
        v = m.NewIntVar(0, (1 << 26) - 1, f"col{n}")
        m.Add(v == sum((1 << (25 - l)) * x[l][n] for l in range(26)))
        col.append(v)
    for n in range(NUMBERS - 1):
        m.Add(col[n] >= col[n + 1])
    if hint is None and local_search_iters > 0:
        hint = local_search_deck(words, per_number=per_number, iters=local_search_iters, seed=seed,
                                 required=required)
    if hint is not None:
        # hints are given up to the column order: sort the hint's columns the same way
        hm = hint.masks
        hcols = sorted(range(NUMBERS), key=lambda n: -sum((1 << (25 - l)) for l in range(26)
                                                          if hm[l] >> n & 1))
        newmask = np.zeros(26, dtype=np.int64)
        for l in range(26):
            for k, n in enumerate(hcols):
                bit = bool(hm[l] >> n & 1)
                m.AddHint(x[l][k], bit)
                newmask[l] |= int(bit) << k
        # a complete hint: s[w] and one perfect matching y[w] for every word the hint solves
        for wi, w in enumerate(words):
            rows = word_rows(w, newmask)
            sol = next(iter_solutions(rows), None)
            m.AddHint(s_vars[wi], sol is not None)
            for i in range(WORD_LEN):
                for n in range(NUMBERS):
                    m.AddHint(y_vars[wi][i][n], sol is not None and sol[i] == n + 1)
    m.Maximize(sum(s_vars))
    solver = cp_model.CpSolver()
    # with a second phase, the first gets half the time
    solver.parameters.max_time_in_seconds = float(time_limit) / (2 if favour != "none" else 1)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    if log:
        solver.parameters.log_search_progress = True
        solver.log_callback = log
    st = solver.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if st == cp_model.INFEASIBLE:
            fail("no deck makes every required word solvable with these settings")
        fail(f"the deck designer found no deck within {time_limit} s (status {solver.StatusName(st)})")
    status = solver.StatusName(st)
    obj = solver.ObjectiveValue()
    bound = solver.BestObjectiveBound()
    chosen = np.array([[solver.Value(x[l][n]) for n in range(NUMBERS)] for l in range(26)])
    phase1 = int(round(obj))
    if favour != "none":
        remaining = max(1.0, float(time_limit) / 2)
        m.Add(sum(s_vars) >= phase1)
        m.ClearHints()
        for l in range(26):
            for n in range(NUMBERS):
                m.AddHint(x[l][n], bool(chosen[l, n]))
        for wi in range(len(words)):
            m.AddHint(s_vars[wi], bool(solver.Value(s_vars[wi])))
            for i in range(WORD_LEN):
                for n in range(NUMBERS):
                    m.AddHint(y_vars[wi][i][n], bool(solver.Value(y_vars[wi][i][n])))
        # usable pairs of solvable words: p[w][i][n] = s[w] and x[word[i]][n]
        terms = []
        for wi, w in enumerate(words):
            for l in set(ord(c) - 65 for c in w):
                mult = sum(1 for c in w if ord(c) - 65 == l)
                for n in range(NUMBERS):
                    p = m.NewBoolVar("")
                    m.AddBoolAnd([s_vars[wi], x[l][n]]).OnlyEnforceIf(p)
                    m.AddBoolOr([s_vars[wi].Not(), x[l][n].Not()]).OnlyEnforceIf(p.Not())
                    m.AddHint(p, bool(solver.Value(s_vars[wi])) and bool(chosen[l, n]))
                    terms.append(mult * p)
        m.ClearObjective()
        if favour == "hard":
            m.Minimize(sum(terms))
        else:
            m.Maximize(sum(terms))
        solver.parameters.max_time_in_seconds = remaining
        st2 = solver.Solve(m)
        if st2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            chosen = np.array([[solver.Value(x[l][n]) for n in range(NUMBERS)] for l in range(26)])
            status = status + "+" + solver.StatusName(st2)
    if favour != "none" and local_search_iters > 0:
        # polish with the true solution counts (numba kernel), never losing a solvable word
        start = Deck.from_counts(chosen)
        base_sols, _ = kernels.solve_word_list(words, start.masks)
        polished = local_search_deck(words, per_number=per_number, iters=local_search_iters,
                                     seed=seed, start=start, required=required, favour=favour)
        new_sols, _ = kernels.solve_word_list(words, polished.masks)
        if (new_sols > 0).sum() >= (base_sols > 0).sum() and all(
                new_sols[words.index(w)] > 0 for w in required):
            chosen = (polished.counts > 0).astype(np.int64)
            status += "+local-search"
    deck = Deck.from_counts(chosen, name="designed deck")
    sols, _ = kernels.solve_word_list(words, deck.masks)
    ksolv = int((sols > 0).sum())
    chosen_solvable = ksolv
    if favour == "none":
        # the kernel re-checks the CP-SAT claim: every s[w] = 1 word must be solvable
        assert ksolv >= phase1, f"kernel finds {ksolv} solvable words, CP-SAT claimed {phase1}"
    for w in required:
        assert sols[words.index(w)] > 0, f"required word {w} not solvable by the designed deck"
    gap = 0.0 if bound == 0 else max(0.0, (bound - phase1) / max(bound, 1e-9))
    return DesignResult(deck=deck, status=status, solvable=chosen_solvable, words=len(words),
                        bound=bound, objective=phase1, gap=gap,
                        seconds=time.perf_counter() - t0, favour=favour, required=required,
                        phase1_solvable=phase1, kernel_solvable=ksolv,
                        mean_solutions=round(float(sols[sols > 0].mean()), 2) if ksolv else 0.0)


def local_search_deck(words: list[str], *, per_number: int = PER_NUMBER, iters: int = 20000,
                      seed: int = 0, start: Deck | None = None, required: list[str] | None = None,
                      temperature: float = 1.0, favour: str = "none") -> Deck:
    """Simulated annealing on the deck (swap one letter of one number for another), scored by the
    numba kernel: solvable words (+ a large bonus for each required word solvable). Used to give
    CP-SAT a good first solution (a hint); it proves nothing by itself."""
    rnd = np.random.default_rng(seed)
    arr = kernels.encode_words(words)
    req_idx = np.array([words.index(w) for w in (required or [])], dtype=np.int64)
    if start is not None:
        x = (start.counts > 0).astype(np.int64)
        if not (x.sum(axis=0) == per_number).all():
            x = None
    else:
        x = None
    if x is None:
        # start: for each number the most frequent letters of the list, rotated
        freq = np.zeros(26)
        for w in words:
            for c in w:
                freq[ord(c) - 65] += 1
        order = np.argsort(-freq)
        x = np.zeros((26, NUMBERS), dtype=np.int64)
        for n in range(NUMBERS):
            for k in range(per_number):
                x[order[(n * per_number + k) % 26], n] = 1

    def score(xx):
        masks = np.zeros(26, dtype=np.uint8)
        for n in range(NUMBERS):
            masks |= (xx[:, n].astype(np.uint8) << n)
        sols, _ = kernels.solve_words(arr, masks, kernels.POPCOUNT8)
        sv = sols > 0
        sc = int(sv.sum()) + 1000 * int(sv[req_idx].sum()) if len(req_idx) else int(sv.sum())
        if favour != "none":
            # lexicographic: solvable words first, then the total of the solvable words' solution
            # counts (fewer for hard, more for easy), scaled below one word
            tot = float(sols[sv].sum()) / (40320.0 * len(words) + 1.0)
            sc = sc + (-tot if favour == "hard" else tot)
        return sc

    cur = score(x)
    best, best_x = cur, x.copy()
    for it in range(iters):
        t = temperature * (1 - it / iters) + 1e-3
        n = rnd.integers(NUMBERS)
        ins = np.flatnonzero(x[:, n])
        outs = np.flatnonzero(x[:, n] == 0)
        a, b = ins[rnd.integers(len(ins))], outs[rnd.integers(len(outs))]
        x[a, n], x[b, n] = 0, 1
        new = score(x)
        if new >= cur or (favour == "none" and rnd.random() < math.exp((new - cur) / t)):
            cur = new
            if cur > best:
                best, best_x = cur, x.copy()
        else:
            x[a, n], x[b, n] = 1, 0
    return Deck.from_counts(best_x, name="local search deck")
