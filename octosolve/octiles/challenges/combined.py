"""The combined challenges the seed asks for (issue 19, item 1): the scorers of 7's combinations.

* Challenge 7 says "Make 10 paths as in Challenge #6 at the same time. Try this combined with other
  challenges." Read with 8, 9, 10 and 16: **7 holds** (all 20 circles joined in 10 circle-to-circle
  paths) and the other challenge's count is maximised: paths joining adjacent circles (8), circles
  of opposite sides (9), circles in similar positions (10), locations a half or a quarter turn apart
  (16, stops included). A placement where 7 fails scores 0 (it is no answer).
* Challenges 25-29 say "When you succeed, try these in combination with the previous puzzles":
  the yes/no question whether the whole-board conditions of two of them (and of all five) hold in
  one placement: the catalogue declares them with the conditions 25-29 declare.

Nothing here imports OR-Tools or scipy: the catalogue declares these variants with these scorers,
their CP-SAT models named lazily (:mod:`.combined_models`).

>>> sorted(SEVEN_WITH)[:2]
['with-10', 'with-16-half']
"""

from __future__ import annotations

import octosolve.octiles.challenges.scoring as Sc
from .geometry import CIRCLE_PAIRS, opposite_circle_pairs, ring_pairs, similar_circle_pairs, turned_pairs

__all__ = ["SEVEN_WITH", "RELAXES", "seven_holds", "seven_with_score", "seven_with_pick"]


def seven_holds(tr) -> bool:
    """Challenge 7: 10 paths join two circles each (all 20 circles)."""
    return Sc.paths_between(tr, CIRCLE_PAIRS) == 10


# variant name -> (the other challenge, its location pairs, the words of the docs)
SEVEN_WITH = {
    "with-8": (8, ring_pairs(0) + ring_pairs(1), "circles adjacent around the ring (8)"),
    "with-9": (9, opposite_circle_pairs(), "circles on opposite sides of the board (9)"),
    "with-10": (10, similar_circle_pairs(), "circles in similar positions of different sides (10)"),
    "with-16-half": (16, turned_pairs(2), "locations (stops or circles) a half turn apart (16)"),
    "with-16-quarter": (16, turned_pairs(1), "locations (stops or circles) a quarter turn apart (16)"),
}
# the question whose bound holds for each (its count, 0 when 7 fails): the relaxation of the bound
RELAXES = {"with-8": (7, "count"), "with-9": (9, "count"), "with-10": (10, "count"),
           "with-16-half": (16, "half-turn"), "with-16-quarter": (16, "quarter-turn")}


def seven_with_score(pairs):
    """The number of paths between ``pairs`` when 7 holds, else 0."""
    return lambda tr: Sc.paths_between(tr, pairs) if seven_holds(tr) else 0


def seven_with_pick(pairs):
    """The paths a picture of 7 with X highlights: those between ``pairs`` when 7 holds."""
    return lambda tr: Sc.between(pairs)(tr) if seven_holds(tr) else []
