"""The solver words of the Octiles proofs, in plain words for a puzzle fan.

The proof sentences (``gallery.proof_sentence``) and witness lines (``witness_show.witness_line``)
are the report's text, kept as committed in ``results/``; they name their methods the way
``docs/octiles-challenges.md`` does ("the port-balance relaxation", "LP dual", "CP-SAT ...
INFEASIBLE"). The gallery and the editor show, under *how it is proved*, one short line for each
such term that the proof names (:func:`glossary`), in the order they first occur."""

from __future__ import annotations

import re

__all__ = ["GLOSSARY", "glossary"]

# (term shown, pattern that finds it in the proof, its meaning, a pattern that makes it redundant)
GLOSSARY: list[tuple[str, str, str, str | None]] = [
    ("port-balance relaxation", r"port-balance",
     "a simpler puzzle where the path may fall apart into pieces (each tile edge used once at most): "
     "if even that cannot score more, neither can a real path", None),
    ("relaxation", r"\brelaxation\b",
     "a looser puzzle that every real answer also fits: its best score is a ceiling for the real one",
     r"port-balance"),
    ("BFS", r"\bBFS\b",
     "breadth-first search: every way out of each runner position followed step by step, so the "
     "fewest tiles are found exactly", None),
    ("counting", r"\bcounting\b",
     "a ceiling found by counting what the board offers (17 spaces, 16 stops, 20 circles, the tiles' "
     "segments...)", None),
    ("assignment bound", r"assignment (bound|LP|cuts)|linear_sum_assignment",
     "the most each tile could score on each space on its own, added up over the best way of giving "
     "each space its own tile", None),
    ("end-split", r"end-split",
     "one case for each pair of spaces the path's two ends can sit on, each closed on its own", None),
    ("cycle packing", r"\b(cycle|loop)[ -]packing",
     "the most loops that fit on the board's grid of spaces without sharing a link", None),
    ("space graph", r"space graph",
     "the board's spaces joined by their links (a simple cycle: a round trip visiting no space twice)",
     None),
    ("local search", r"local search",
     "many small changes tried from a good placement: finds good placements but proves nothing", None),
    ("CP-SAT", r"CP-SAT",
     "an exact constraint solver (Google OR-Tools): it rules out whole groups of placements at once",
     None),
    ("turn symmetry broken", r"symmetry broken",
     "a quarter turn of the board keeps the score, so only one of each placement's four turns is "
     "searched", None),
    ("INFEASIBLE", r"INFEASIBLE",
     "the solver proved that no placement does it (here: reaches that score)", None),
    ("FEASIBLE", r"\bFEASIBLE\b",
     "the solver found a placement but did not prove it the best in its time", None),
    ("OPTIMAL", r"\bOPTIMAL\b|solved to optimality",
     "the solver found the best value and proved that nothing does better", None),
    ("UNKNOWN", r"\bUNKNOWN\b",
     "the solver ran out of time with no answer either way", None),
    ("LP", r"\bLP\b",
     "linear program: the puzzle as sums kept under limits, fractions allowed; its best value is a "
     "ceiling", None),
    ("LP dual", r"LP dual|multipliers?\b",
     "one number (a multiplier) for each rule of the LP: the rules added up with these weights cap "
     "the score, a sum anyone can redo without a solver", None),
    ("branch and bound", r"branch and bound",
     "the question cut into cases, each capped by its own LP: the largest cap is the bound", None),
    ("MIP", r"\bMIP\b",
     "mixed integer program: an LP in which some numbers must be whole (a tile is placed or not), "
     "an exact model of the puzzle", None),
    ("flow", r"\bflow (LP|MIP)",
     "the paths seen as flows along the tile edges, each edge carrying one path at most", None),
    ("multicut", r"\bmulticut\b",
     "weights on tile edges, every route between two paired circles weighing at least 1: the paths "
     "are at most their sum", None),
    ("HiGHS", r"HiGHS",
     "a second exact solver (LPs and MIPs, through SciPy), used to check CP-SAT's word", None),
    ("second formulation", r"second formulation",
     "the same question written another way, so that a mistake in one model would show", None),
    ("solver claims", r"solver claims|rests on",
     "the solvers' word that nothing does better, which only running a solver again can check", None),
    ("tracer", r"\btracer\b",
     "the program that follows every path and loop of a board and counts the score", None),
    ("witness", r"\bwitness\b",
     "what the certificate (the answer's file) stores so that the answer can be checked again", None),
]
_COMPILED = [(term, re.compile(pat), text, re.compile(unless) if unless else None)
             for term, pat, text, unless in GLOSSARY]


def glossary(*texts: str | None) -> list[list[str]]:
    """``[[term, meaning], ...]`` for each term of :data:`GLOSSARY` found in ``texts`` (a proof
    sentence, a witness line), in the order they first occur there."""
    whole = " ".join(t for t in texts if t)
    found = []
    for term, pat, text, unless in _COMPILED:
        m = pat.search(whole)
        if m and not (unless and unless.search(whole)):
            found.append((m.start(), term, text))
    return [[term, text] for _, term, text in sorted(found, key=lambda x: x[0])]
