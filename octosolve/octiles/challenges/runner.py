"""Run one challenge model with CP-SAT: a progress bar from CP-SAT's log, Ctrl-C, the turn symmetry
broken on request, and what came out (status, placement, objective, bound, parameters). Used by
:mod:`.prove` and by the proof strategies (:mod:`.proofs_paths`, :mod:`.proofs_groups`)."""

from __future__ import annotations

import math
import time

from octosolve.core.progress import enabled as progress_enabled
from octosolve.core.progress import progress

from ...core.cpsat import solve as cpsat_solve
from .symmetry import break_turn_symmetry, canonical_turn
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["run_cpsat"]


class _Progress:
    """CP-SAT's search log turned into a progress bar on stderr (best value and bound)."""

    def __init__(self, desc: str, time_limit: float):
        self.bar = progress(total=int(math.ceil(time_limit)), desc=desc, unit="s")
        self.t0 = time.perf_counter()
        self.done = 0

    def __call__(self, line: str):
        if not line.startswith("#"):
            return
        el = int(time.perf_counter() - self.t0)
        if el > self.done:
            self.bar.update(min(el, self.bar.total or el) - self.done)
            self.done = el
        parts = line.split()
        info = {p.split(":")[0]: p.split(":", 1)[1] for p in parts if p.startswith(("best:", "next:"))}
        if info:
            self.bar.set_postfix(info, refresh=False)

    def close(self):
        self.bar.close()


def run_cpsat(number: int, var, *, time_limit: float, workers: int, seed: int,
              hint: dict | None = None, lower: int | None = None, upper: int | None = None,
              extra=None, desc: str = "CP-SAT", symmetry: bool = False,
              params: dict | None = None) -> dict:
    """Solve a variant's model (``extra(sk, obj)`` adds constraints; ``lower``/``upper`` bound the
    objective; ``params``: further CP-SAT parameters, e.g. ``{"linearization_level": 2}``, applied
    and recorded). Returns {"status", "placement", "objective", "bound", "seconds", "params"}.
    Ctrl-C stops the search and raises KeyboardInterrupt."""
    from ortools.sat.python import cp_model

    from .cpsat import Skeleton

    t0 = time.perf_counter()
    sk = Skeleton()
    obj = var.build(sk)
    if extra is not None:
        extra(sk, obj)
    if obj is not None:
        if lower is not None:
            sk.m.Add(obj >= lower)
        if upper is not None:
            sk.m.Add(obj <= upper)
        sk.m.Maximize(obj)
    if symmetry:
        break_turn_symmetry(sk)
        if hint:
            hint = canonical_turn(hint)
    if hint:
        sk.hint(hint)
    solver = cpsat_solver()
    prm = solver.parameters
    prm.max_time_in_seconds = float(time_limit)
    prm.num_workers = int(workers)
    prm.random_seed = int(seed) % 2**31  # (CP-SAT's seed is 32-bit)
    prm.catch_sigint_signal = False
    for k, v in (params or {}).items():
        setattr(prm, k, v)
    bar = None
    if progress_enabled():
        bar = _Progress(desc, time_limit)
        prm.log_search_progress = True
        prm.log_to_stdout = False
        solver.log_callback = bar
    try:  # a Ctrl-C stops the search and is raised here (core/cpsat.py)
        st = cpsat_solve(solver, sk.m, show_progress=False)
    finally:
        if bar is not None:
            bar.close()
    name = solver.StatusName(st)
    out = {"status": name, "placement": None, "objective": None, "bound": None,
           "seconds": round(time.perf_counter() - t0, 1),
           "params": {"time_limit": float(time_limit), "workers": int(workers), "seed": int(seed),
                      "lower": lower, "upper": upper, "solver_status": name,
                      "turn_symmetry_broken": bool(symmetry), **(params or {})}}
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        out["placement"] = sk.placement(solver)
        if obj is not None:
            out["objective"] = int(round(solver.ObjectiveValue()))
    if obj is not None and st != cp_model.INFEASIBLE:
        bd = solver.BestObjectiveBound()
        if math.isfinite(bd):
            out["bound"] = int(math.floor(bd + 1e-6))
    return out
