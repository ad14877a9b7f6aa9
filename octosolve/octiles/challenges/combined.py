"""The combined challenges the seed asks for (issue 19, item 1): scorers and conditions only.

* Challenge 7 says "Make 10 paths as in Challenge #6 at the same time. Try this combined with other
  challenges." Read with 8, 9, 10 and 16: **7 holds** (all 20 circles joined in 10 circle-to-circle
  paths) and the other challenge's count is maximised: paths joining adjacent circles (8), circles
  of opposite sides (9), circles in similar positions (10), locations a half or a quarter turn apart
  (16, stops included). A placement where 7 fails scores 0 (it is no answer).
* Challenges 25-29 say "When you succeed, try these in combination with the previous puzzles":
  the yes/no question whether the whole-board conditions of two of them (and of all five) hold in
  one placement.

Nothing here imports OR-Tools or scipy: the catalogue declares these variants with these scorers,
their CP-SAT models named lazily (:mod:`.combined_models`).

>>> sorted(SCORERS)[:2]
[(7, 'with-10'), (7, 'with-16-half')]
>>> len(CHECKS), WHOLE_PAIRS[0], COMBINED_WHOLE[(25, 'with-26')]
(11, (25, 26), (25, 26))
"""

from __future__ import annotations

import itertools

import octosolve.octiles.challenges.scoring as Sc
from .geometry import (ADJ_STOPS, CIRCLE_PAIRS, OPP_STOPS, opposite_circle_pairs, ring_pairs,
                       similar_circle_pairs, turned_pairs)

__all__ = ["SCORERS", "CHECKS", "PICKS", "SEVEN_WITH", "WHOLE", "WHOLE_PAIRS", "COMBINED_WHOLE",
           "RELAXES", "seven_holds", "whole_condition", "seven_with_score"]


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


# the whole-board conditions of 25-29, as the tracer checks them
WHOLE = {
    25: Sc.whole_board(Sc.turned_partner_paths),
    26: Sc.whole_board(Sc.mirror_symmetric_paths),
    27: Sc.forbid_check(ADJ_STOPS),
    28: Sc.forbid_check(OPP_STOPS),
    29: Sc.subway_check,
}
WHOLE_PAIRS = list(itertools.combinations(sorted(WHOLE), 2))
# (challenge, variant) -> the conditions combined; a pair is declared under its lower number
COMBINED_WHOLE = {**{(a, f"with-{b}"): (a, b) for a, b in WHOLE_PAIRS},
                  (25, "all-five"): tuple(sorted(WHOLE))}


def whole_condition(numbers):
    """All of the whole-board conditions ``numbers`` hold in the traced placement."""
    return lambda tr: all(WHOLE[n](tr) for n in numbers)


SCORERS = {(7, name): seven_with_score(pairs) for name, (_, pairs, _) in SEVEN_WITH.items()}
CHECKS = {key: whole_condition(nums) for key, nums in COMBINED_WHOLE.items()}
PICKS = {**{(7, name): (lambda tr, P=pairs: Sc.between(P)(tr) if seven_holds(tr) else [])
            for name, (_, pairs, _) in SEVEN_WITH.items()},
         **{key: (lambda tr: tr.complete_paths) for key in COMBINED_WHOLE}}
