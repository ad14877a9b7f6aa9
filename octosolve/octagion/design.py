"""The CP-SAT deck designer: choose 6 letters for each number 1..8 (48 cards; or, ``split="free"``,
48 cards shared between the numbers in any way) to maximise the words
of a list solvable without Treatment Cards, started from the best of several simulated-annealing
runs (``anneal.py``). Every design comes with an upper bound on what any deck can reach
(``bound.py``: the per-letter count bound, with a certificate checked in fractions; or a stored
set-bound certificate for the same words, ``bound_sets.stored_bound``, when it proves less). CP-SAT with
a wall-clock limit is not deterministic (``deterministic=True`` makes it so, at a cost in time):
`octosolve octagion design-deck` writes its result with the command that made it (data/octagion/deck_design.json), and the report re-checks that record instead
of searching again (``check_design_record``).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..core.errors import fail
from . import kernels
from .anneal import SPLITS, anneal
from .bound import PROOF, count_bound
from .rules import LETTERS, NUMBERS, PER_NUMBER, WORD_LEN, Deck, normalize_sequence
from .solve import iter_solutions, word_rows
from ..core.cpsat import new_solver as cpsat_solver

__all__ = ["MAX_DESIGN_WORDS", "MAX_CPSAT_WORKERS", "DesignResult", "design_deck", "local_search_deck",
           "design_record", "check_design_record"]

MAX_DESIGN_WORDS = 5000     # CP-SAT model size grows with the words (64 Booleans a word)
MAX_CPSAT_WORKERS = 64
MAX_LOCAL_SEARCH = 10_000_000
MAX_RESTARTS = 1000
# the default search (share_time): the walks get the time but CP-SAT's polish, the last POLISH_SHARE;
# a walk is WALK_STEPS steps at up to TEMPERATURE_WORDS words (about 40 CPU-s at 2000 words,
# docs/octagion.md: the best of a few such walks is as good as anything tried), fewer on longer
# lists (a step costs more) and when the time holds fewer than two rounds at STEPS_PER_S (steps a
# CPU-second at 2000 words, measured 2026-11-25; scaled with the list's length)
POLISH_SHARE = 0.05
WALK_STEPS = 300_000
STEPS_PER_S = 7_400


def walk_steps(n_words: int, seconds: float) -> int:
    """Steps of one walk in ``seconds`` of search (the default plan): 300,000 at up to 2000 words
    (300,000 x 2000 / n above), at most what two rounds of walks fit in the walks' share at the
    nominal speed (taken as 200 words' on shorter lists), at least 1,000. A function of its arguments only, so a seed gives the same walks.

    >>> walk_steps(2000, 300), walk_steps(5000, 300), walk_steps(2000, 10)
    (300000, 120000, 35150)
    """
    from .anneal import TEMPERATURE_WORDS
    n = max(1, int(n_words))
    # a step's cost falls with the list, but not below its fixed part: no faster than at 200 words
    cap = STEPS_PER_S * TEMPERATURE_WORDS / max(n, 200) * seconds * (1 - POLISH_SHARE) / 2
    return int(max(1_000, min(WALK_STEPS * min(1.0, TEMPERATURE_WORDS / n), cap)))


def _set_limit(solver, seconds: float, deterministic: bool) -> None:
    """CP-SAT's limit (:func:`octosolve.core.cpsat.set_limit`): wall-clock seconds, or its
    deterministic time with the workers interleaved, so that a run does not depend on the load."""
    from ..core.cpsat import set_limit
    set_limit(solver.parameters, seconds, deterministic)


def _solve(solver, model, seconds: float, desc: str, stop=None):
    """CP-SAT with progress (best objective) and a prompt Ctrl-C: :func:`octosolve.core.cpsat.solve`."""
    from ortools.sat.python import cp_model

    from ..core.cpsat import solve

    class Best(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.best = None

        def on_solution_callback(self):
            self.best = self.ObjectiveValue()

    return solve(solver, model, Best(), seconds=seconds, desc=desc, stop=stop)


# ----------------------------------------------------------------------------------------------
# Deck design (CP-SAT)
# ----------------------------------------------------------------------------------------------
def _fits(sizes, per_number: int, split: str) -> bool:
    """Whether a deck's cards per number fit the split: ``per_number`` each ("equal"), or
    8 x ``per_number`` in all, each number at least one ("free")."""
    sizes = [int(v) for v in sizes]
    if split == "equal":
        return sizes == [per_number] * NUMBERS
    return sum(sizes) == NUMBERS * per_number and min(sizes) >= 1


@dataclass
class DesignResult:
    """``bound``/``gap``: the proved upper bound on the words any deck solves (``bound_proof`` says
    what proves it, ``certificate`` is its witness) and (bound - covered) / bound; ``cpsat_bound``
    and ``cpsat_gap`` are CP-SAT's own figures, which prove little (its relaxation is weak)."""
    deck: Deck
    status: str
    solvable: int
    words: int
    cpsat_bound: float
    objective: float
    cpsat_gap: float
    seconds: float
    favour: str
    required: list[str] = field(default_factory=list)
    phase1_solvable: int | None = None
    kernel_solvable: int = 0
    mean_solutions: float = 0.0
    anneal_solvable: int | None = None
    bound: int = 0
    gap: float = 0.0
    bound_proof: str = PROOF
    certificate: dict | None = None
    split: str = "equal"
    count_bound: int | None = None
    lp_bound: dict | None = None
    walks: dict | None = None
    cpsat_seconds: float = 0.0
    search_seconds: float = 0.0
    weight_covered: float | None = None
    weight_total: float | None = None

    @property
    def covered(self) -> int:
        return self.kernel_solvable

    def to_json(self) -> dict:
        return {"status": self.status, "words": self.words, "solvable": self.solvable,
                "kernel_solvable": self.kernel_solvable, "covered": self.covered,
                "bound": self.bound, "gap": round(self.gap, 4), "bound_proof": self.bound_proof,
                "count_bound": self.count_bound, "lp_bound": self.lp_bound,
                "mean_solutions": self.mean_solutions, "objective": self.objective,
                "cpsat_bound": self.cpsat_bound, "cpsat_gap": round(self.cpsat_gap, 4),
                "anneal_solvable": self.anneal_solvable,
                "seconds": round(self.seconds, 2), "favour": self.favour,
                "required": self.required, "split": self.split, "walks": self.walks,
                "cpsat_seconds": round(self.cpsat_seconds, 2),
                "search_seconds": round(self.search_seconds, 2), "weighted": self.weight_total is not None,
                "weight_covered": self.weight_covered, "weight_total": self.weight_total,
                "deck": self.deck.to_json(),
                "cards": [str(c) for c in self.deck.cards]}


def design_deck(words: list[str], *, per_number: int = PER_NUMBER, required: list[str] | None = None,
                favour: str = "none", time_limit: float = 60.0, seed: int = 0, workers: int = 2,
                hint: Deck | None = None, log=None,
                local_search_iters: int = 5000, restarts: int = 1,
                anneal_time: float | None = None, replicas: int = 1, stop=None,
                scheduler: str | None = None, split: str = "equal",
                deterministic: bool = False, lp_bound_cpu: float = 0.0, share_time: bool = False,
                weights: dict[str, float] | None = None) -> DesignResult:
    """Choose ``per_number`` distinct letters for each number 1..8 (x[l][n] = 1: card (l, n) is in
    the deck) to maximise the number of words of ``words`` solvable without Treatment Cards.

    Per word w a Boolean s[w] and assignment Booleans y[w][i][n] <= x[word[i]][n] with
    sum_n y[w][i][n] = s[w] for every position i and sum_i y[w][i][n] = s[w] for every number n:
    s[w] = 1 forces a perfect matching that uses only cards of the deck. Required words have
    s[w] = 1. Duplicate cards never help (a solution uses each number once), so cards are distinct.

    The starting deck (CP-SAT's hint) is the best of ``restarts`` simulated-annealing runs of
    ``local_search_iters`` steps each (``anneal.py``, ``workers`` runs at once; with
    ``anneal_time`` seconds, as many runs as fit in that time, at most ``restarts``; with
    ``replicas`` > 1 each run is a parallel-tempering ensemble of that many walks). When CP-SAT
    finds nothing better in its time, or nothing at all, the annealed deck is the result.
    ``scheduler`` (a Dask scheduler address or ``local``): the annealing runs go to that cluster's
    workers instead, one run a task; the annealed deck is the same for the same seed.

    ``favour``: "none" maximises the solvable count; "hard" / "easy" then (second phase, the count
    fixed at the first phase's value) minimise / maximise the number of usable (position, number)
    pairs over the solvable words, a linear proxy for the solution counts (fewer pairs -> fewer
    solutions). The result's deck is re-checked by the numba kernel (``kernel_solvable``).

    ``split``: "equal" puts ``per_number`` cards on every number; "free" keeps only the total,
    8 x ``per_number`` cards, each number at least one (the rules fix 48 cards, not how they are
    shared: docs/rules/octagion.md). The count bound holds for both; a stored set bound (six-letter
    sets) only for "equal".

    ``deterministic``: ``time_limit`` is CP-SAT's deterministic time (its own count of work, the
    same on any machine load; 60 units took 207 s of wall-clock time at 1000 words, two workers)
    instead of wall-clock seconds, and its workers interleave their search in a fixed order
    (``interleave_search``), so the same ``seed`` and ``workers`` give the same deck whatever the
    load (another number of workers may give another deck); refused with ``anneal_time``
    (wall-clock time). A ``stop`` still ends it where it is.

    ``lp_bound_cpu``: CPU seconds for the set LP bound with Hall's rows solved to the end for
    these very words (``bound_full.complete_set_bound``; 125 to 195 CPU-s at 2000 words), run after
    the search unless a certificate for this list is stored in data/octagion/, the count bound
    already equals the words covered, the split is free or the sets of ``per_number`` letters are
    too many to check (7 to 19). 0 (the default): no LP. Past the seconds the LP stops at its last
    solution, whose certificate still proves a (weaker) bound; ``lp_bound`` says which.

    ``share_time`` (design-deck's default): ``time_limit`` is the whole search's wall-clock time,
    the walks (``local_search_iters`` None: ``walk_steps``; as many as fit, two at a time with two
    workers) all of it but CP-SAT's polish, the last 5%, and CP-SAT what is left then (at least its
    5%); ``restarts`` and ``anneal_time`` are not used. Not with ``deterministic``.

    ``weights`` (word -> weight >= 0, 0 for a word not in it; design-deck --weighted: the lexicon's
    Zipf frequency): maximise the summed weight of the words solvable instead of their number (the
    walks on the weights, CP-SAT on the weights in hundredths); ``weight_covered`` and
    ``weight_total`` report it. Not with ``favour`` hard or easy. The bound stays a bound on words.

    ``stop``: a ``threading.Event``; once set, the search ends early with the best deck found so
    far (the annealing after its current chunk of steps, CP-SAT at once; the second phase and the
    polish are skipped), its covered count and the proved bound, the status ending in
    "+stopped" (the web page's Stop button).
    """
    from ortools.sat.python import cp_model

    t0 = time.perf_counter()
    words = [normalize_sequence(w, "word") for w in words]
    words = list(dict.fromkeys(words))
    required = [normalize_sequence(w, "required word") for w in (required or [])]
    if per_number < 1 or per_number > 26:
        fail(f"--per-number must be 1..26, not {per_number}")
    if not (isinstance(time_limit, (int, float)) and math.isfinite(time_limit) and time_limit > 0):
        fail(f"--time-limit must be a finite number of seconds > 0, not {time_limit!r}")
    if not 1 <= int(workers) <= MAX_CPSAT_WORKERS:
        fail(f"--workers must be 1..{MAX_CPSAT_WORKERS}, not {workers}")
    if share_time and deterministic:
        fail("--deterministic needs fixed walks: give --restarts (or --local-search)")
    if weights is not None and favour != "none":
        fail("--weighted goes with --favour none (the second phase counts words)")
    if share_time:
        local_search_iters = local_search_iters or walk_steps(len(set(words) | set(required)), time_limit)
        restarts, anneal_time = MAX_RESTARTS, None
    if not 0 <= int(local_search_iters) <= MAX_LOCAL_SEARCH:
        fail(f"--local-search must be 0..{MAX_LOCAL_SEARCH}, not {local_search_iters}")
    if not (isinstance(lp_bound_cpu, (int, float)) and math.isfinite(lp_bound_cpu) and lp_bound_cpu >= 0):
        fail(f"--bound-time must be a finite number of seconds >= 0, not {lp_bound_cpu!r}")
    if not 1 <= int(restarts) <= MAX_RESTARTS:
        fail(f"--restarts must be 1..{MAX_RESTARTS}, not {restarts}")
    if anneal_time is not None and not (isinstance(anneal_time, (int, float))
                                        and math.isfinite(anneal_time) and anneal_time > 0):
        fail(f"--anneal-time must be a finite number of seconds > 0, not {anneal_time!r}")
    if len(set(words) | set(required)) > MAX_DESIGN_WORDS:
        fail(f"{len(set(words) | set(required))} words: the deck designer takes at most "
             f"{MAX_DESIGN_WORDS} (use --top)")
    if deterministic and anneal_time is not None:
        fail("--anneal-time is wall-clock time, so it cannot be --deterministic: give --restarts instead")
    if split not in SPLITS:
        fail(f"--split must be equal or free, not {split!r}")
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
        if split == "equal":
            m.Add(sum(x[l][n] for l in range(26)) == per_number)
        else:
            m.Add(sum(x[l][n] for l in range(26)) >= 1)
    if split == "free":
        m.Add(sum(x[l][n] for l in range(26) for n in range(NUMBERS)) == NUMBERS * per_number)
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
    anneal_solvable = None
    wz = None if weights is None else np.array([float(weights.get(w, 0.0)) for w in words])
    wint = None if wz is None else [int(round(100 * z)) for z in wz]   # CP-SAT's: hundredths
    walks = None
    target = None
    if share_time:
        anneal_time = max(0.01, time_limit * (1 - POLISH_SHARE) - (time.perf_counter() - t0))
        if not required:      # the walks stop early at a deck no deck beats: the count bound's
            cb = count_bound(words, per_number=per_number)["bound"]
            target = cb if wz is None else (len(words) - 1e-6 if cb >= len(words) else None)
    if hint is None and local_search_iters > 0:
        walks = {"steps": int(local_search_iters)}
        hmasks, _ = anneal(words, per_number=per_number, iters=int(local_search_iters),
                           restarts=int(restarts), seed=seed, required=required,
                           workers=int(workers), time_limit=anneal_time,
                           replicas=int(replicas), stop=stop, scheduler=scheduler, split=split,
                           weights=wz, stats=walks, target=target)
        walks["seconds"] = round(walks["seconds"], 2)
        hint = Deck.from_counts(np.array([[hmasks[l] >> n & 1 for n in range(NUMBERS)]
                                          for l in range(26)]), name="annealed deck")
    if hint is not None:
        hsols, _ = kernels.solve_word_list(words, hint.masks)
        anneal_solvable = int((hsols > 0).sum())
        anneal_value = anneal_solvable if wint is None else sum(c for c, v in zip(wint, hsols) if v > 0)
        hint_ok = all(hsols[words.index(w)] > 0 for w in required) and \
            _fits(hint.per_number(), per_number, split)
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
    m.Maximize(sum(s_vars) if wint is None else sum(c * v for c, v in zip(wint, s_vars)))
    solver = cpsat_solver()
    # with a second phase, the first gets half the time; sharing it, CP-SAT has what is left
    cp_time = float(time_limit) / (2 if favour != "none" else 1)
    if share_time:
        cp_time = max(time_limit * POLISH_SHARE, time_limit - (time.perf_counter() - t0))
        if target is not None and anneal_solvable is not None and anneal_solvable >= min(target, len(words)):
            cp_time = time_limit * POLISH_SHARE      # the walks reached the count bound: a polish only
    t_cp = time.perf_counter()
    _set_limit(solver, cp_time, deterministic)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed) % 2**31   # CP-SAT's seed is a 32-bit integer
    if log:
        solver.parameters.log_search_progress = True
        solver.log_callback = log
    st = _solve(solver, m, cp_time, "CP-SAT deck design", stop=stop)
    stopped = stop is not None and stop.is_set()
    if st == cp_model.INFEASIBLE:
        fail("no deck makes every required word solvable with these settings")
    hint_counts = None if hint is None else (hint.counts > 0).astype(np.int64)
    from_cpsat = st in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    if from_cpsat:
        status = solver.StatusName(st)
        obj = solver.ObjectiveValue()
        cp_bound = solver.BestObjectiveBound()
        chosen = np.array([[solver.Value(x[l][n]) for n in range(NUMBERS)] for l in range(26)])
        phase1 = int(round(obj))
        if hint_counts is not None and hint_ok and anneal_value > phase1:
            # CP-SAT's incumbent is worse than the deck it was handed: keep the annealed one
            chosen, phase1, status = hint_counts, anneal_value, status + "+anneal"
            from_cpsat = False
    elif hint_counts is not None and hint_ok:
        status = f"ANNEAL (CP-SAT {solver.StatusName(st)})"
        cp_bound = float(solver.BestObjectiveBound())
        chosen, phase1, obj = hint_counts, anneal_value, float(anneal_value)
    else:
        if stopped:
            fail("stopped before the deck designer found a deck (with --local-search 0 the first "
                 "deck comes from CP-SAT)")
        fail(f"the deck designer found no deck within {time_limit} s (status {solver.StatusName(st)})")
    cp_seconds = time.perf_counter() - t_cp
    top_value = len(words) if wint is None else sum(wint)
    if not math.isfinite(cp_bound) or cp_bound > top_value or cp_bound < phase1:
        # CP-SAT without a deck of its own reports no usable bound (OR-Tools gives 0 then): say
        # only what is trivially true, every word
        cp_bound = float(top_value)
    if stopped:
        status += "+stopped"
    if favour != "none" and from_cpsat and not stopped:
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
        _set_limit(solver, remaining, deterministic)
        st2 = _solve(solver, m, remaining, f"CP-SAT favouring {favour} words", stop=stop)
        if st2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            chosen = np.array([[solver.Value(x[l][n]) for n in range(NUMBERS)] for l in range(26)])
            status = status + "+" + solver.StatusName(st2)
    if stop is not None and stop.is_set() and not stopped:  # stopped in the second phase
        stopped = True
        status += "+stopped"
    if favour != "none" and local_search_iters > 0 and not stopped:
        # polish with the true solution counts (numba kernel), never losing a solvable word
        start = Deck.from_counts(chosen)
        base_sols, _ = kernels.solve_word_list(words, start.masks)
        polished = local_search_deck(words, per_number=per_number, iters=local_search_iters,
                                     seed=seed, start=start, required=required, favour=favour,
                                     split=split)
        new_sols, _ = kernels.solve_word_list(words, polished.masks)
        if (new_sols > 0).sum() >= (base_sols > 0).sum() and all(
                new_sols[words.index(w)] > 0 for w in required):
            chosen = (polished.counts > 0).astype(np.int64)
            status += "+local-search"
    deck = Deck.from_counts(chosen, name="designed deck")
    sols, _ = kernels.solve_word_list(words, deck.masks)
    ksolv = int((sols > 0).sum())
    chosen_solvable = ksolv
    kvalue = ksolv if wint is None else sum(c for c, v in zip(wint, sols) if v > 0)
    if favour == "none":
        # the kernel re-checks the CP-SAT claim: every s[w] = 1 word must be solvable
        assert kvalue >= phase1, f"kernel finds {kvalue} (words or weight), CP-SAT claimed {phase1}"
    for w in required:
        assert sols[words.index(w)] > 0, f"required word {w} not solvable by the designed deck"
    search_seconds = time.perf_counter() - t0
    cp_gap = 0.0 if cp_bound == 0 else max(0.0, (cp_bound - phase1) / max(cp_bound, 1e-9))
    if wint is not None:          # CP-SAT's figures back in Zipf units
        phase1, obj, cp_bound = phase1 / 100, obj / 100, cp_bound / 100
    cert = count_cert = count_bound(words, per_number=per_number)
    bound, proof = int(cert["bound"]), PROOF
    from .bound_sets import stored_bound       # a stored set-bound certificate for this very list
    stored = stored_bound(words, per_number) if split == "equal" else None
    if stored is not None and stored["bound"] < bound:
        bound, proof, cert = stored["bound"], stored["proof"], stored["certificate"]
    lp = None
    if lp_bound_cpu > 0 and ksolv < bound and stored is None:
        from .bound_full import design_lp_bound
        lp, lp_cert = design_lp_bound(words, per_number, split, lp_bound_cpu)
        if lp_cert is not None and lp_cert["bound"] < bound:
            bound, proof, cert = lp_cert["bound"], lp_cert["proof"], lp_cert
    assert ksolv <= bound, f"the designed deck solves {ksolv} words, over the proved bound {bound}"
    return DesignResult(deck=deck, status=status, solvable=chosen_solvable, words=len(words),
                        cpsat_bound=cp_bound, objective=phase1, cpsat_gap=cp_gap,
                        seconds=time.perf_counter() - t0, favour=favour, required=required,
                        phase1_solvable=phase1, kernel_solvable=ksolv,
                        mean_solutions=round(float(sols[sols > 0].mean()), 2) if ksolv else 0.0,
                        anneal_solvable=anneal_solvable, bound=bound,
                        gap=0.0 if bound == 0 else (bound - ksolv) / bound, certificate=cert,
                        bound_proof=proof, split=split, count_bound=int(count_cert["bound"]), lp_bound=lp,
                        walks=walks, cpsat_seconds=cp_seconds, search_seconds=search_seconds,
                        **({} if wz is None else {"weight_covered": round(float(wz[sols > 0].sum()), 2),
                                                  "weight_total": round(float(wz.sum()), 2)}))


def local_search_deck(words: list[str], *, per_number: int = PER_NUMBER, iters: int = 20000,
                      seed: int = 0, start: Deck | None = None, required: list[str] | None = None,
                      temperature: float = 1.0, favour: str = "none", split: str = "equal") -> Deck:
    """Simulated annealing on the deck (swap one letter of one number for another), scored by the
    numba kernel: solvable words (+ a large bonus for each required word solvable). Used to give
    CP-SAT a good first solution (a hint); it proves nothing by itself. Its steps keep each
    number's size; with ``split="free"`` a start of any sizes that fits is kept as it is."""
    rnd = np.random.default_rng(seed)
    arr = kernels.encode_words(words)
    req_idx = np.array([words.index(w) for w in (required or [])], dtype=np.int64)
    if start is not None:
        x = (start.counts > 0).astype(np.int64)
        if not _fits(list(x.sum(axis=0)), per_number, split):
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
    from ..core.progress import progress
    bar = progress(total=iters, desc="simulated annealing", unit="step")
    for it in range(iters):
        if it % 256 == 0 and it:
            bar.update(256)
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
    bar.close()
    return Deck.from_counts(best_x, name="local search deck")


# ----------------------------------------------------------------------------------------------
# design records (what design-deck writes, what the report re-checks)
# ----------------------------------------------------------------------------------------------
def design_record(result: DesignResult, words: list[str], command: str, **settings) -> dict:
    """The JSON record of a design run: the command that made it, its settings, the words it was
    designed for (so the counts can be recomputed whatever the lexicon becomes), CP-SAT's figures
    and the deck."""
    rec = {"command": command, "settings": settings,
           "words_list": list(dict.fromkeys(normalize_sequence(w, "word") for w in words))}
    rec.update(result.to_json())
    return rec


def check_design_record(record: dict) -> dict:
    """Recompute a design record's word counts with the numba kernel (no search): the number of its
    words its deck solves without Treatment Cards and their mean solution count, compared with
    what the record claims. One-line error for a record that is not one."""
    if not isinstance(record, dict):
        fail("the design record is not a JSON object")
    try:
        words = [normalize_sequence(w, "design record word") for w in record["words_list"]]
        cards = record["cards"]
        deck = Deck.parse("letter,number\n" + "".join(f"{c[0]},{c[1:]}\n" for c in cards),
                          name="design record deck")
        claimed = int(record["kernel_solvable"])
    except (KeyError, TypeError, IndexError, ValueError) as e:
        from .bound import field_error
        fail(field_error("the design record", e))
    sols, _ = kernels.solve_word_list(words, deck.masks)
    solv = int((sols > 0).sum())
    mean = round(float(sols[sols > 0].mean()), 2) if solv else 0.0
    return {"words": len(words), "solvable": solv, "claimed_solvable": claimed,
            "agrees": solv == claimed and len(words) == int(record.get("words", len(words))),
            "mean_solutions": mean, "claimed_mean_solutions": record.get("mean_solutions"),
            "deck": deck}
