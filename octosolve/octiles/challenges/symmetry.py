"""The board's quarter-turn symmetry: turning a placement, and the symmetry-breaking constraint the
proofs add for the variants whose score a turn leaves unchanged (declared ``turn_invariant`` in
:mod:`.catalogue`: the board, its stops, circles, links and printed links are unchanged by a quarter
turn; circles of opposite sides stay opposite, the four colours are permuted; tested in
tests/octiles/challenges/test_certificates.py: turning a placement keeps each of those scores).
"""

from __future__ import annotations

from .. import rules as R
from .geometry import B

__all__ = ["ORBIT", "turn_placement", "canonical_turn", "break_turn_symmetry"]

ORBIT = ("a2", "d1", "e4", "b5")   # a2 under 0, 1, 2, 3 quarter turns


def turn_placement(placement: dict, quarters: int) -> dict:
    """The placement turned with the board by ``quarters`` quarter turns."""
    return {B.turn_space(s, quarters): R.Placed(p[0], (p[1] + 2 * quarters) % 8)
            for s, p in placement.items()}


def canonical_turn(placement: dict) -> dict:
    """The turn of a placement that puts the smallest tile of the orbit of a2 on a2 (the
    representative the symmetry breaking keeps)."""
    for q in range(4):
        t = turn_placement(placement, q)
        if all(t[ORBIT[0]][0] < t[o][0] for o in ORBIT[1:]):
            return t
    raise AssertionError("no canonical turn")


def break_turn_symmetry(sk) -> None:
    """tile(a2) < tile(s) for the other spaces of its orbit: every placement has exactly one turn
    meeting this (the tiles are distinct), so a turn-invariant optimum is kept."""
    def tile_of(s):
        return sum(t * v for (s2, t, _), v in sk.x.items() if s2 == s)
    for o in ORBIT[1:]:
        sk.m.Add(tile_of(ORBIT[0]) < tile_of(o))
