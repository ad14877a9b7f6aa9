"""The challenge datatypes: a challenge, its variants (a CP-SAT variant or a local-search variant) and
the result of solving one.

A variant is the one declaration of a question: its statement, the challenge's seed sentence
(:attr:`Proof.seed`), its scorer, its model or search, and how ``octosolve octiles prove`` settles it
(the fields of :class:`Proof`: the bound argument, the proof strategy, a turned-copies model, the
quarter-turn symmetry, the kind of its bound witness). The proof fields name functions of this
package lazily (:class:`Ref`, "module:function"), so declaring a variant imports no proof module.

>>> v = SearchVariant("count", "Maximise x.", score=lambda tr: 0)
>>> Challenge(99, "Example", "Rules text.", [v], method="search").variant("count") is v
True
>>> Ref("arguments:segment_bound", 21, "count")()["bound"]
37
>>> Made("cpsat_models:repeat_build", 2)
Made('cpsat_models:repeat_build', 2)
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from typing import Callable, ClassVar

from .. import rules as R

__all__ = ["Ref", "Made", "Models", "Proof", "Variant", "SearchVariant", "Challenge", "Result", "METHODS"]

METHODS = ("bfs", "cpsat", "search")


class Ref:
    """A lazy reference to a function or class, ``"module:name"`` (a module of
    ``octosolve.octiles.challenges``, or a dotted module path: a question declared elsewhere, e.g.
    by a test), with the arguments it is declared with. Calling it imports the module (on first
    use), then calls ``name(*args, *more, **kwargs)``."""

    PACKAGE = "octosolve.octiles.challenges"

    def __init__(self, target: str, *args, **kwargs):
        if target.count(":") != 1:
            raise ValueError(f"a reference is 'module:name', got {target!r}")
        self.target, self.args, self.kwargs = target, args, kwargs

    def resolve(self):
        """The function or class named (ImportError / AttributeError if there is none)."""
        module, name = self.target.split(":")
        path = module if "." in module else f"{self.PACKAGE}.{module}"
        return getattr(importlib.import_module(path), name)

    def __call__(self, *more, **kwargs):
        return self.resolve()(*self.args, *more, **{**self.kwargs, **kwargs})

    def __eq__(self, other):
        return (isinstance(other, Ref) and (self.target, self.args, self.kwargs)
                == (other.target, other.args, other.kwargs))

    def __hash__(self):
        return hash((self.target, self.args))

    def __repr__(self):
        args = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"Ref({', '.join([repr(self.target)] + args)})"


class Made(Ref):
    """A lazy reference to the function a factory makes: ``Made("cpsat_models:longest_build",
    "path", "tiles")(sk)`` is ``longest_build("path", "tiles")(sk)``, the factory run once, on
    first use. The catalogue names its CP-SAT models so: declaring (or reading) a variant imports
    no OR-Tools."""

    def __init__(self, target: str, *args, **kwargs):
        super().__init__(target, *args, **kwargs)
        self._made = None

    def __call__(self, *more, **kwargs):
        if self._made is None:
            self._made = self.resolve()(*self.args, **self.kwargs)
        return self._made(*more, **kwargs)

    def __getstate__(self):                # (what it made may be a closure: made again)
        return {**self.__dict__, "_made": None}

    def __eq__(self, other):
        return type(other) is Made and super().__eq__(other)

    __hash__ = Ref.__hash__

    def __repr__(self):
        return "Made" + super().__repr__()[3:]


class Models:
    """A module of models named lazily: ``Models("cpsat_models", factories=("repeat_build",))``
    gives ``.loops_build``, a :class:`Ref` to that model, and ``.repeat_build(2)``, a :class:`Made`
    (the model the factory makes); nothing is imported until a model is built."""

    def __init__(self, module: str, factories=()):
        self.module, self.factories = module, frozenset(factories)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self.factories:
            return lambda *args, **kwargs: Made(f"{self.module}:{name}", *args, **kwargs)
        return Ref(f"{self.module}:{name}")


@dataclass(kw_only=True)
class Proof:
    """How ``prove`` settles a variant (:func:`.prove.prove_variant` runs these fields, in order).

    * ``bound_argument``: a proven upper bound without search, a :class:`Ref` to a function
      returning ``{"bound", "method", "argument"}`` (or None); it gets ``workers=`` when it takes
      that parameter (those that solve something). None: no bound is known before the search.
    * ``turned_model``: a :class:`Ref` to a model (``build(sk)``) whose answers are a component and
      its turned copies; run first, for half the time, its placement is a better start.
    * ``strategy``: a :class:`Ref` to ``strategy(ctx: ProofContext) -> dict | None`` (see
      :mod:`.prove`); None, or a strategy returning None, runs the method's default (the
      challenge's CP-SAT model, or local search).
    * ``turn_invariant``: the score is unchanged when the whole placement turns with the board,
      so the default CP-SAT run breaks that symmetry (tested on random placements).
    * ``witness``: the kind of the bound witness ``scripts/add_bound_witnesses.py`` builds for the
      certificate (its builder's name and arguments), None when the certificate has no bound.
    * ``at_most``: the questions ``(challenge, variant)`` this one is a special case of, or a
      combination of: on every placement its score is at most theirs (a yes/no question: its
      condition implies theirs), so its best can never beat their bound. ``octosolve octiles
      verify`` checks each relation on every stored placement and against the certificates.

    How the rest of the package shows and runs it (read from here, never from a table of variants):

    * ``search_rate``: the placements a second the annealing scores (:func:`.search.budget`), when
      far from ``search.DEFAULT_RATE``.
    * ``headline``: its line in the report's summary (None: not in the summary); ``quick``: it is
      one of the few variants of the quick gallery (``octosolve report --quick``).
    * ``marks``: the crossings its picture rings: ``"self"`` (a component crossing itself),
      ``"between"`` (two components crossing each other), None.
    * ``second_model``: a whole-board condition's second formulation, ``(its model (a Ref), the
      words the certificate records)``: lighter or a relaxation, its INFEASIBLE proves the same
      (``prove`` of the combinations of 25-29 runs it first).
    * ``witness_picture``: its bound witness is drawn (:mod:`.witness_pictures`): ``(where the
      drawn LP dual or multicut sits in the bound witness (keys), the picture's short title, its
      caption)``; None: not drawn.

    * ``quick_beats``: how ``verify``'s cross checks tell fast whether a placement could beat a value
      of a route question (:mod:`.verify_cross`): ``("classes", closed, min_paths)`` packs the
      routes of each shape class, ``("pair", closed, min_paths)`` looks for two routes of one shape;
      None: the scorer itself is run.

    ``number`` and ``seed`` (the challenge's sentence in the rules) are filled in by the catalogue.
    """
    bound_argument: Ref | None = None
    turned_model: Ref | None = None
    strategy: Ref | None = None
    turn_invariant: bool = False
    witness: tuple | None = None
    at_most: tuple = ()
    search_rate: float | None = None
    headline: str | None = None
    quick: bool = False
    marks: str | None = None
    witness_picture: tuple | None = None
    second_model: tuple | None = None
    quick_beats: tuple | None = None
    # set by the catalogue when it declares the variant (from its challenge: never declared twice)
    number: int | None = field(default=None, compare=False)
    seed: str | None = field(default=None, repr=False, compare=False)   # the rules' sentence

    def static_bound(self, workers: int = 1) -> dict | None:
        """What the declared bound argument proves (None when none is declared)."""
        if self.bound_argument is None:
            return None
        takes = "workers" in inspect.signature(self.bound_argument.resolve()).parameters
        return self.bound_argument(**({"workers": workers} if takes else {}))


@dataclass
class Variant(Proof):
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
class SearchVariant(Proof):
    """A variant answered by local search (see :mod:`.search`): best found, and the bound of its
    declared ``bound_argument`` when it has one."""
    name: str
    statement: str
    score: Callable                       # (Tracing) -> number: the answer, re-checked
    search: Callable | None = None        # (placement) -> number, fast proxy used by the search
    target: float | None = None           # stop when reached (e.g. the whole-board condition)
    pick: Callable | None = None
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
    headline: str | None = None         # a BFS challenge's one answer: as Proof.headline, quick
    quick: bool = False

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
    # (Result) -> the paths its picture highlights: the registry's ``highlight_for`` (set there: it
    # knows the declarations, and this module imports nothing above it)
    highlight: ClassVar[Callable | None] = None

    def __repr__(self) -> str:
        """One line: ``<Result: challenge 6 points, OPTIMAL, objective 128, bound 128, 30.0 s,
        28 tiles>`` (a notebook draws the placement: ``_repr_svg_``)."""
        tiles = f"{len(self.placement)} tiles" if self.placement else "no placement"
        checked = "" if self.verified is None else ", verified" if self.verified else ", NOT verified"
        return (f"<Result: challenge {self.challenge} {self.variant}, {self.status}, objective "
                f"{self.objective}, bound {self.bound}, {self.seconds:.1f} s, {tiles}{checked}>")

    def _repr_svg_(self) -> str | None:
        """The placement with the paths the answer counts in colour (``None``: nothing to draw)."""
        if not self.placement:
            return None
        from ..render import placement_svg

        paths = type(self).highlight(self) if type(self).highlight else []
        return placement_svg(self.placement, paths,
                             title=f"challenge {self.challenge} ({self.variant}): {self.objective}")

    def to_json(self) -> dict:
        d = {"challenge": self.challenge, "variant": self.variant, "status": self.status,
             "objective": self.objective, "bound": self.bound, "seconds": round(self.seconds, 3),
             "placement": R.placement_to_json(self.placement) if self.placement else None,
             "verified": self.verified, "verified_value": self.verified_value}
        d.update(self.extra)
        return d
