"""The best line of a 2-player Octagone position: the game played out to its end with the solver's
best move at every turn, for both sides (``octosolve octagone solve POS --line``).

Each move of the line is a fresh proof (:func:`.solve.solve` on the position reached), so the line
also checks the solver against itself and against the rules: under perfect play the value of the
root, seen from the root's mover, never changes along the line, and the rules engine's own count of
shields at the end must be that value. A break of either is a bug, said in one line (the command
exits 1), never a line printed as if it were right.

>>> from octosolve.octagone.rules import OctagoneGame
>>> import random
>>> st, rnd = OctagoneGame().new_initial_state(3), random.Random(3)
>>> for _ in range(20): st.apply_action(rnd.choice(st.legal_actions()))
>>> st.over
False
>>> ln = best_line(st)
>>> ln["proven"], ln["value"] == ln["end_margin"], len(ln["moves"]) > 0
(True, True, True)
"""

from __future__ import annotations

from .geometry import COLOURS, PASS, colour_of_cell
from .solve import DEFAULT_MAX_NODES, _final_margin, describe_action, solve

__all__ = ["best_line", "LineBroken"]


class LineBroken(AssertionError):
    """The solver contradicted itself or the rules along a best line (a bug, not bad input)."""


def best_line(state, *, engine: str = "numba", max_nodes: int | None = DEFAULT_MAX_NODES,
              target: str = "margin", method: str = "alphabeta", show_progress: bool = False,
              total_nodes: int | None = None) -> dict:
    """Play ``state`` (not changed) to its end with the proven best move for whoever is to move.

    Returns ``proven`` (False when some position of the line was not proven within ``max_nodes``
    nodes: the line then stops there), ``value`` (the root's, for its mover: the margin, or with
    ``target="outcome"`` its sign), ``moves`` (``{"player", "action", "move", "words", "free_cells"}``),
    ``end_reason``, ``end_margin`` (the margin for the root's mover by the rules' count at the end),
    ``winners`` and ``nodes`` (all the proofs together). ``total_nodes`` (None: no limit) bounds the
    whole line: each proof gets at most what the ones before it left, and when nothing is left the
    line stops there as not proven."""
    me = state.to_move
    s = state.clone()
    moves, nodes, value = [], 0, None
    sign = (lambda v: (v > 0) - (v < 0)) if target == "outcome" else (lambda v: v)
    while not s.over:
        budget = max_nodes
        if total_nodes is not None:
            left = int(total_nodes) - nodes
            budget = left if budget is None else min(int(budget), left)
        r = (solve(s, engine=engine, max_nodes=budget, target=target, method=method,
                   show_progress=show_progress) if budget is None or budget > 0 else {"proven": False, "nodes": 0})
        nodes += r["nodes"]
        if not r["proven"]:
            return {"proven": False, "value": value, "moves": moves, "nodes": nodes,
                    "stopped_at": len(moves), "end_reason": None, "end_margin": None, "winners": None}
        mine = r["value"] if s.to_move == me else -r["value"]
        if value is None:
            value = mine
        elif mine != value:
            raise LineBroken(f"the best line broke after {len(moves)} moves: the root's value "
                             f"{value:+d} became {mine:+d} for P{me}")
        a = r["best_action"]
        words = (f"passes (holds neither {COLOURS[colour_of_cell(s.target())]} nor a jolly)"
                 if a == PASS else s.move_words(a))
        moves.append({"player": s.to_move, "action": a, "move": describe_action(s, a),
                      "words": words, "free_cells": r["free_cells"]})
        s.apply_action(a)
    end = _final_margin(s, me)
    if value is not None and sign(end) != value:
        raise LineBroken(f"the best line ends at margin {end:+d} for P{me}, not the proven {value:+d}")
    return {"proven": True, "value": sign(end) if value is None else value, "moves": moves,
            "nodes": nodes, "end_reason": s.end_reason, "end_margin": end,
            "winners": [int(w) for w in s.winners()]}
