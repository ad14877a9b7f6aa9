"""Octagone's part of the play page's post-game review (the manifest's ``review`` room,
docs/web.md): :func:`exact` proves the outcome before and after a move where the exact solver
settles the position within a small budget (2 players, open shields, standard or KIDS rules, the
Dama Bianca placed, at most :data:`EXACT_MAX_FREE` free cells); :func:`value` is one informed
playout's result for the estimates elsewhere; :func:`words` a move in the words of the best line.
"""

from __future__ import annotations

from .hint import HINT_MAX_FREE, line_words
from .players import informed_rollout
from .rules import OctagoneState
from .solve import solve

__all__ = ["EXACT_NODES", "EXACT_MAX_FREE", "SAMPLES", "exact", "value", "words"]

EXACT_NODES = 4_000_000  # per position rated: under half a second of one core
EXACT_MAX_FREE = HINT_MAX_FREE  # above it the budget settles almost nothing (the hint's limit)
SAMPLES = 64  # informed playouts per move compared (numba: a few ms in all)
OUTCOME = {1: "win", 0: "draw", -1: "loss"}


def _not_exact(state: OctagoneState) -> str | None:
    """Why the solver is not asked about ``state`` (None: it may be)."""
    if state.n != 2 or state.params.variant == "iv" or state.params.hidden:
        return "the exact solver plays 2-player games with open shields, standard or KIDS rules"
    if state.last < 0:
        return "before the Dama Bianca is placed the position is too large to prove"
    free = sum(1 for b in state.board if b < 0)
    if free > EXACT_MAX_FREE:
        return f"{free} free cells, too many to prove (the review proves from {EXACT_MAX_FREE})"
    return None


def exact(state: OctagoneState, action: int, max_nodes: int = EXACT_NODES) -> dict:
    """The proven outcome (``win``, ``draw``, ``loss`` for the player to move) of ``state`` and
    after ``action`` (legal there), and every move that keeps the outcome of ``state`` (``best``);
    or ``proven`` False and ``why`` (a position the solver is not asked about, or the budget spent).

    >>> from octosolve.octagone.rules import make_game
    >>> exact(make_game().new_initial_state(1), 0)["proven"]
    False
    """
    why = _not_exact(state)
    if why is not None:
        return {"proven": False, "why": why}
    r = solve(state, max_nodes=max_nodes, all_moves=True, target="outcome")
    if not r["proven"]:
        return {"proven": False, "why": f"{max_nodes:,} positions searched without a proof"}
    vals = {m["action"]: m["value"] for m in r["moves"]}
    return {"proven": True, "before": OUTCOME[r["value"]], "after": OUTCOME[vals[action]],
            "best": [a for a, v in vals.items() if v == r["value"]], "nodes": r["nodes"]}


def value(state: OctagoneState, me: int, rng) -> float:
    """One informed playout of ``state`` (changed) to the end: ``me``'s result, 1 a win, -1 a loss."""
    return float(informed_rollout(state, rng)[me])


def words(state: OctagoneState, action: int) -> str:
    """``action`` in words: ``yellow on row 2, col 1, arrow NE`` (the best line's)."""
    return line_words(state, action)
