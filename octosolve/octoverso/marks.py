"""The web play page's last-move mark and game-over counts for Octoverso (the manifest's ``marks``
room, docs/web.md): the rail letters a turn laid, and each seat's tiles left in hand."""

from __future__ import annotations

from .moves import SIDES

__all__ = ["changed_places", "score_table"]


def _laid(was: list[int], now: list[int]) -> range:
    """The places of ``now`` (the rail, recto) that hold letters new since ``was``: a word laid at
    the right end pushes the rail left by its new letters (the fewest that explain the change), at
    the left end right; a rail that does not follow from ``was`` that way (the opening) is new."""
    n = len(now)
    if len(was) != n or not n:
        return range(n)
    for d in range(1, n + 1):
        if now[:n - d] == was[d:]:
            return range(n - d, n)
        if now[d:] == was[:n - d]:
            return range(0, d)
    return range(n)


def changed_places(before, after) -> list[str]:
    """The ``data-mark`` ids of the rail letters of ``after`` that are new since ``before``, on
    the recto and on the verso (the same tiles read backwards): ``rail:recto:5``, ``rail:verso:2``
    (the rail is public; an exchange or a pass changes none)."""
    was, now = [int(t) for t in before.rail], [int(t) for t in after.rail]
    if was == now:
        return []
    n = len(now)
    return [f"rail:{SIDES[side]}:{i if side == 0 else n - 1 - i}" for side in (0, 1) for i in _laid(was, now)]


def score_table(state) -> dict:
    """The counts behind the result: each seat's tiles left in hand (the first to empty it wins)."""
    return {"label": "tiles left in hand", "values": [int(x) for x in state.hands.sum(axis=1)],
            "better": "lower", "reason": None}
