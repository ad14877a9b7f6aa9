"""The web play page's last-move mark and game-over counts for Octagone (the manifest's ``marks``
room, docs/web.md): the cells a turn changed, and each seat's shields left once the game is over."""

from __future__ import annotations

from .geometry import NCELLS
from .render import cell_target

__all__ = ["changed_places", "score_table"]


def changed_places(before, after) -> list[str]:
    """The ``data-target`` ids of the cells of ``after``'s board that differ from ``before``'s: a
    shield or its arrow placed, the Dama Bianca put down or lifted (every cell is public)."""
    return [cell_target(x) for x in range(NCELLS)
            if before.board[x] != after.board[x] or before.arrows[x] != after.arrows[x]
            or (before.dama == x) != (after.dama == x)]


def score_table(state) -> dict:
    """The counts behind the result: each seat's shields left in hand (the side with fewer wins),
    and why the game ended."""
    label = "shields left in hand" + (" (a pair adds its two seats)" if state.n == 4 else "")
    return {"label": label, "values": [int(x) for x in state.shields_left()],
            "better": "lower", "reason": state.end_reason or None}
