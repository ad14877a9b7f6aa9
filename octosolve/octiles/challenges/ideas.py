"""The idea behind a question's bound, in one sentence for a player (the web editor's hint), read
from the question's declaration: its ``witness`` (the kind of its bound witness: a counting
argument, a relaxation, an assignment of tiles, a multicut ...). The sentences are by kind of
argument, never by question, so a new question with a known kind of witness has its idea at once.

>>> from octosolve.octiles.challenges.catalogue import get_variant
>>> idea(get_variant(2, "path-tiles")[1]).startswith("A path or loop crosses each tile at most once")
True
>>> idea(get_variant(4, "once")[1]).startswith("A yes/no question")
True
"""

from __future__ import annotations

__all__ = ["idea"]

# a counting argument's idea, by the argument's name
COUNTING = {
    "spaces": "A path or loop crosses each tile at most once, and the board has 17 spaces: the best "
              "one crosses them all.",
    "stops": "A route visits each of the 16 stop squares at most once: the best one visits them all.",
    "printed links": "A path uses each of the 8 segments printed on the board at most once: the best "
                     "one uses all 8 while it crosses every tile.",
    "circle pairs": "20 circles, 2 ends per path: at most 10 circle-to-circle paths, every circle "
                    "used.",
    "paths": "The 72 ports facing a stop or a circle each end one path: a full board always has 36 "
             "paths.",
    "path pairs": "The routes share no path and take 2 each: the 36 paths of a full board make 18 "
                  "at most.",
    "group types": "A group is two stops and one circle of each colour; the stops' ports allow "
                   "only 3 types of group.",
    "location-disjoint routes": "Each route takes 2 circles and its own stops: count the 20 circles "
                                "and the 16 stops.",
    "path-disjoint routes": "Each route takes 2 circles, its paths and passes through stops (a stop "
                            "with 4 ports can be passed twice): count what the board offers.",
    "segments: distinct shapes": "68 tile segments shared by 36 paths: most paths must be short, "
                                 "and short paths have few shapes.",
    "segments: identical routes": "68 tile segments shared by 36 paths: two long identical routes "
                                  "leave the other paths one segment each.",
}

# the other kinds of witness, by the name of their builder
OTHER = {
    "port-balance": "Forget that the path must hold together: even the tiles' segments with every "
                    "port used once at most cannot score more, so the best path uses almost every "
                    "segment.",
    "relaxation": "Forget that the path must hold together: the loose puzzle's best, found by two "
                  "solvers, caps the score; the best path uses almost every segment.",
    "model": "The bound is a solver's search over every placement (no short argument is known): "
             "aim for the best known answer.",
    "multicut": "Some ports are bottlenecks: every route between two paired circles passes ports "
                "of total weight 1, and the weights add up to the bound.",
    "assignment": "Each tile does best on some spaces: give each space its best tile (each tile "
                  "once) and the sum is the bound.",
    "loops-by-cycles": "A loop needs a cycle of the board's spaces, and loops share no board link: "
                       "an LP shows 9 such cycles at most, and solvers bring the loops to 7.",
    "ends-12": "Crossings happen on single tiles: where the path's two ends sit decides how many "
               "crossings each tile can hold.",
    "cycle-per-component": "Each path or loop counted needs a cycle of the board's spaces of its "
                           "own: count the cycles that fit without sharing a link.",
    "component-kinds": "Two paths or loops crossing: count the crossings each tile can hold, by "
                       "whether they are paths or loops.",
    "two-stop-groups": "A group is two stops and one circle of each colour: 5 circles of a colour "
                       "allow 5 groups at most, and a solver showed 5 impossible.",
    "identical-paths": "Identical paths need the same tile segments again and again: count the "
                       "copies of each short shape the 18 tiles can hold.",
    "identical-loops": "Identical loops need the same cycle of spaces again and again: count the "
                       "copies of each loop shape that fit.",
    "segments-one-tile": "68 tile segments shared by 36 paths, and at most 28 one-tile paths: two "
                         "long identical paths leave too little for the others.",
    "combined": "It counts the other challenge's paths while all 20 circles are paired: that "
                "challenge's bound holds here too.",
}


def idea(variant) -> str:
    """The idea of ``variant``'s bound (a catalogue declaration), from its declared ``witness``."""
    w = getattr(variant, "witness", None)
    if not w:
        return ("A yes/no question: build a placement that meets the condition; the line under "
                "the score says when it does.")
    if w[0] == "counting":
        return COUNTING.get(w[1], "The bound counts what the board offers (its spaces, stops, "
                                  "circles and ports).")
    return OTHER.get(w[0], "The bound's argument is under how it is proved.")
