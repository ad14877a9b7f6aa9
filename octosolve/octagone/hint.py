"""What the web app's hint asks the exact solver, within small budgets so that a page never waits
long: :func:`exact_hint` (the outcome of the position, win / draw / loss for the player to move,
and every move that keeps it) and :func:`hint_line` (the proven best line from the position to the
end, both sides playing perfectly, with the final margin: ``solve --line`` within one budget for
the whole line). A position the solver does not handle, or one it cannot settle within the budget,
says why in words (``"proven": False, "why": ...``).
"""

from __future__ import annotations

from ..core.errors import fail
from .geometry import COLOURS, DIR_NAMES, colour_of_cell
from .line import LineBroken, best_line
from .rules import OctagoneState
from .solve import solve

__all__ = ["HINT_NODES", "HINT_MAX_FREE", "LINE_NODES", "exact_hint", "hint_line", "line_words", "warm"]

HINT_NODES = 3_000_000  # about a third of a second: the web app's hint asks no more
HINT_MAX_FREE = 22     # above this many free cells the budget settles almost nothing: not tried
# the whole best line's budget (every move a proof of its own): from 22 free cells the lines of
# 24 deals took at most 1.5 million nodes (0.13 s); 20 million is about 2 s of one core
LINE_NODES = 20_000_000


def _free(state: OctagoneState) -> int:
    if not isinstance(state, OctagoneState):
        fail(f"a hint is for an Octagone state, got {type(state).__name__}")
    return sum(1 for b in state.board if b < 0)


def _too_many(free: int) -> dict:
    return {"proven": False, "why": f"{free} free cells are too many to work out at once; "
                                    f"from {HINT_MAX_FREE} free cells on, the hint can say"}


def exact_hint(state: OctagoneState, max_nodes: int = HINT_NODES) -> dict:
    """The exact outcome for the player to move (win / draw / loss under best play) and every move
    that keeps it, when the solver settles the position within ``max_nodes``; else ``proven``
    False. For the web app's hints; a position the solver does not handle says why."""
    free = _free(state)
    if free > HINT_MAX_FREE:
        return _too_many(free)
    r = solve(state, max_nodes=max_nodes, all_moves=True, target="outcome")
    if not r["proven"]:
        return {"proven": False, "why": f"too hard to work out in time ({max_nodes:,} positions searched)"}
    best = [m["action"] for m in r.get("moves", []) if m["value"] == r["value"]]
    return {"proven": True, "value": {1: "win", 0: "draw", -1: "loss"}[r["value"]], "best": best,
            "nodes": r.get("nodes")}


def line_words(state: OctagoneState, action: int) -> str:
    """``action`` (legal in ``state``) in words with the arrow as the page names it (``yellow on
    row 2, col 1, arrow NE``; a pass says why)."""
    m = state.move_record(state.to_move, action)
    if m.get("pass"):
        return f"passes (holds neither {COLOURS[colour_of_cell(state.target())]} nor a jolly)"
    if "direction" not in m:
        return state.move_words(action)
    syl = f" {m['syllable']}" if "syllable" in m else ""
    return f"{m['shield']}{syl} on row {m['row']}, col {m['col']}, arrow {DIR_NAMES[m['direction']]}"


def hint_line(state: OctagoneState, max_nodes: int = LINE_NODES) -> dict:
    """The proven best line from ``state`` to the end of the game (the margin, both sides playing
    perfectly), every move proven afresh and the end checked by the rules' count of shields, all
    within ``max_nodes`` nodes in all. Returns ``proven``, ``moves`` (``player``, ``action``,
    ``words``), ``value`` and ``end_margin`` (shields, for the player to move: the opponent's
    shields left minus theirs), ``end_reason``, ``winners`` and ``nodes``; or ``proven`` False with
    ``why`` (and the moves proven so far)."""
    free = _free(state)
    if free > HINT_MAX_FREE:
        return _too_many(free)
    try:
        ln = best_line(state, max_nodes=max_nodes, total_nodes=max_nodes)
    except LineBroken as err:  # a bug of the solver: said, never shown as a line
        return {"proven": False, "why": f"the solver contradicted itself ({err}): please report it"}
    s = state.clone()
    moves = []
    for m in ln["moves"]:
        moves.append({"player": m["player"], "action": m["action"], "words": line_words(s, m["action"])})
        s.apply_action(m["action"])
    out = {k: ln[k] for k in ("proven", "value", "end_margin", "end_reason", "winners", "nodes")}
    out["moves"] = moves
    if not ln["proven"]:
        out["why"] = (f"too hard to work out in time ({max_nodes:,} positions searched; "
                      f"{len(moves)} of its moves proven)")
    return out


def warm() -> None:
    """Load the solver's compiled kernels (the web app's warm-up of a worker: a hint late in a game,
    or the hard level's exact play, would wait for them first, about 0.6 s of CPU): an exact hint
    on a scratch deal played at random until 14 cells are free (the first such deal of seeds 0-9)."""
    import random

    from .rules import make_game

    for seed in range(10):
        st, rng = make_game().new_initial_state(seed), random.Random(seed)
        while not st.is_terminal() and _free(st) > 14:
            st.apply_action(rng.choice(st.legal_actions()))
        if not st.is_terminal():
            exact_hint(st)
            return
