"""The challenge datatypes: a challenge, its variants (a CP-SAT variant or a local-search variant) and
the result of solving one.

>>> v = SearchVariant("count", "Maximise x.", score=lambda tr: 0)
>>> Challenge(99, "Example", "Rules text.", [v], method="search").variant("count") is v
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import rules as R

__all__ = ["Variant", "SearchVariant", "Challenge", "Result", "METHODS"]

METHODS = ("bfs", "cpsat", "search")


@dataclass
class Variant:
    """A variant solved by a CP-SAT model (see :mod:`.cpsat`)."""
    name: str
    statement: str                      # precise statement (docs + CLI)
    sense: str                          # "max" | "min" | "feasible"
    build: Callable | None              # (Skeleton) -> objective expr (or None for feasibility)
    score: Callable                     # (Tracing) -> number (independent of the model)
    check: Callable | None = None       # (Tracing) -> bool (for feasibility challenges)
    upper: int | None = None            # a known upper bound of the objective, for the docs
    presearch: Callable | None = None   # (Tracing) -> number: a local search first, as a hint
    presearch_target: float | None = None
    stored: bool = False                # a certificate kept in data/octiles/certificates/ is fixed
                                        # into the model by default (see cpsat.stored_certificate)
    pick: Callable | None = None        # (Tracing) -> paths a picture highlights
    fast: Callable | None = None        # (placement) -> score: a fast twin of the presearch score


@dataclass
class SearchVariant:
    """A variant answered by local search (see :mod:`.search`): best found, a bound when one is known."""
    name: str
    statement: str
    score: Callable                       # (Tracing) -> number: the answer, re-checked
    search: Callable | None = None        # (placement) -> number, fast proxy used by the search
    target: float | None = None           # stop when reached (e.g. the whole-board condition)
    pick: Callable | None = None
    bound: int | None = None              # a proven upper bound (a counting argument, see bound_note)
    bound_note: str = ""
    check = None                          # (no yes/no check: an optimisation question)
    sense = "max"                         # (every local-search question is a maximisation)


@dataclass
class Challenge:
    number: int
    title: str
    text: str                           # the rules' sentence
    variants: list = field(default_factory=list)   # Variant or SearchVariant, by ``method``
    note: str = ""
    method: str = "cpsat"               # "bfs" (challenge 1), "cpsat" or "search"

    def variant(self, name: str | None):
        """The variant called ``name`` (the first one for None); None if there is none."""
        if name is None:
            return self.variants[0] if self.variants else None
        return next((v for v in self.variants if v.name == name), None)


@dataclass
class Result:
    challenge: int
    variant: str
    status: str
    objective: float | None
    bound: float | None
    seconds: float
    placement: dict | None
    verified: bool | None = None
    verified_value: float | None = None
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        d = {"challenge": self.challenge, "variant": self.variant, "status": self.status,
             "objective": self.objective, "bound": self.bound, "seconds": round(self.seconds, 3),
             "placement": R.placement_to_json(self.placement) if self.placement else None,
             "verified": self.verified, "verified_value": self.verified_value}
        d.update(self.extra)
        return d
