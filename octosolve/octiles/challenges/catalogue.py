"""The one catalogue of the 30 puzzle challenges: each challenge is declared once, in order, with its
rules sentence, its variants (a precise statement, the model or search that answers it, the
independent scorer that re-checks the answer, and the paths its picture highlights).

Challenge 1 is computed by BFS (:mod:`.shortest`); challenges with ``method="cpsat"`` are solved by a
CP-SAT model (:mod:`.cpsat_models`, :mod:`.wholeboard`), ``method="search"`` by local search
(:mod:`.search`). Challenges with no variants have no solver yet. The registry it fills, and the
look-ups (``get_variant``, ``all_variants``, ``solve_variant`` ...), are :mod:`.registry`'s,
re-exported here.

>>> [n for n, ch in CHALLENGES.items() if ch.method == "search"]
[13, 15, 20, 21, 22, 23]
>>> sorted(ch.number for ch in CHALLENGES.values()) == list(range(1, 31))
True
>>> [v.name for v in CHALLENGES[18].variants]
['count', 'types']
"""

from __future__ import annotations

import itertools

import octosolve.octiles.challenges.scoring as Sc
from .geometry import (ADJ_STOPS, B, CIRCLE_PAIRS, CIRCLE_STUBS, OPP_STOPS, SP, opposite_circle_pairs,
                       ring_pairs, similar_circle_pairs, turned_pairs)
import octosolve.octiles.challenges.combined as Co
from .model import Made, Models, Ref, SearchVariant, Variant
from .registry import (CHALLENGES, all_variants, challenge, declare, get_variant, list_challenges,
                       method_name, search_variant, solve_variant, statement)
from .search import fast_count, fast_max_self_crossings, fast_repeats

__all__ = ["CHALLENGES", "MEASURE_WORDS", "SHARED_15", "challenge", "declare", "get_variant",
           "all_variants", "list_challenges", "statement", "method_name", "solve_variant",
           "search_variant"]

# the CP-SAT models, named lazily (model.Ref, model.Made): reading the catalogue loads no OR-Tools
M = Models("cpsat_models", factories=("longest_build", "pairs_count_build", "pairs_all_build",
                                      "repeat_build", "two_stop_build", "forbid_pairs_build"))

MEASURE_WORDS = {"tiles": "tiles crossed (each counted once)",
                 "segments": "path segments (tile segments, each time it is travelled, plus "
                             "board-printed segments)",
                 "points": "points (Arc 3, Bend 4, Curve 5, Diameter 6 per tile segment travelled; "
                           "printed board segments score nothing)"}



def _counting(name):
    """The counting/assignment bound of :mod:`.bounds` named ``name`` (its ``SPECS`` entry)."""
    return Ref("bounds:counting_bound", name)



_ch = challenge(1, "Shortest path between two runner positions",
                "Choose any two runner positions on the board and find the shortest path between "
                "them. (How many different position pairs are there?)", method="bfs",
                headline="runner-position pairs (challenge 1)", quick=True)
# challenge 1 is computed by shortest.challenge_one() (no variants: its one answer is "pairs")

_ch = challenge(2, "Longest path or loop", "How long a path or loop can you make?")
# the proof of each: counting bound (bounds.SPECS) or the port-balance relaxation (proofs_paths:
# what it measures, the bound whose assignment cuts it adds)
_PROOF_2 = {"path-tiles": dict(bound_argument=_counting("2 path-tiles"), witness=("counting", "spaces"),
                               headline="longest path, tiles", quick=True),
            "path-segments": dict(strategy=Ref("proofs_paths:prove_by_relaxation", "segments",
                                               cuts=False), turn_invariant=True,
                                  witness=("port-balance", "segments", 2, False),
                                  headline="longest path, segments"),
            "path-points": dict(bound_argument=_counting("2 path-points"),
                                strategy=Ref("proofs_paths:prove_by_relaxation", "points",
                                             spec="2 path-points"),
                                turn_invariant=True, witness=("relaxation", "points", 2, False)),
            "loop-tiles": dict(witness=("counting", "spaces")),
            "loop-segments": dict(witness=("port-balance", "segments", 0, False)),
            "loop-points": dict(bound_argument=_counting("2 loop-points"),
                                witness=("port-balance", "points", 0, False))}
for _kind in ("path", "loop"):
    for _m in ("tiles", "segments", "points"):
        _ch.variants.append(Variant(
            f"{_kind}-{_m}",
            f"Maximise the length of one {_kind} measured in {MEASURE_WORDS[_m]}.",
            "max", M.longest_build(_kind, _m), Sc.longest_score(_kind, _m),
            pick=Sc.best_comp((_kind,), lambda p, m=_m: p.measure(m)),
            **_PROOF_2.get(f"{_kind}-{_m}", {})))
_ch.variants.append(Variant(
    "route-squares",
    "Maximise the number of stop squares on one route (paths joined end to end at stop squares, "
    "each stop and circle used at most once; a circuit returning to its start is allowed).",
    "max", M.route_build, lambda tr: Sc.longest_route_squares(tr)[0], upper=16, pick=Sc.route_pick,
    witness=("counting", "stops"), search_rate=40))

_ch = challenge(3, "Most loops", "How many loops can you make at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of loops (closed paths touching no stop "
                            "or circle) in one placement.", "max", M.loops_build,
                            lambda tr: len(tr.loops), presearch=lambda tr: len(tr.loops),
                            pick=lambda tr: tr.loops,
                            bound_argument=Ref("arguments:loop_packing_bound"),
                            strategy=Ref("proofs_loops:prove_3_by_cycles"), turn_invariant=True,
                            witness=("loops-by-cycles",), headline="most loops",
                            witness_picture=(("packing", "partial"), "the loop packing's LP dual (the "
                                             "checked part)", "The dual of the cycle-packing LP: "
                                             "every simple cycle of the space graph (each board "
                                             "link once, each space at most its capacity) pays at "
                                             "least 1 in link and space multipliers, so "
                                             "link-disjoint cycles are at most their total (9). "
                                             "The solvers' claims bring the packing to 8 and the "
                                             "loops to 7.")))

_ch = challenge(4, "A loop through every tile once",
                "Find a loop that crosses every tile exactly once. It may include some of the path "
                "segments printed on the board.")
_ch.variants.append(Variant("once", "Find a placement with a loop that uses exactly one segment of "
                            "each of the 17 tiles (printed board segments allowed).", "feasible",
                            M.loop_every_tile_build, lambda tr: int(Sc.loop_every_tile_check(tr)),
                            Sc.loop_every_tile_check, quick=True,
                            pick=lambda tr: [p for p in tr.loops if len(p.tile_visits) == len(SP)][:1]))

_ch = challenge(5, "Board segments on a path through every tile",
                "How many of the board segments can you include in a path that crosses every tile? "
                "In the example shown, the path crosses some tiles more than once.")
_ch.variants.append(Variant("printed", "Among paths (stop/circle to stop/circle) that cross all 17 "
                            "tiles (some possibly more than once), maximise the number of the 8 "
                            "board-printed segments used.", "max", M.path_all_tiles_build,
                            Sc.path_all_tiles_score, upper=8, witness=("counting", "printed links"),
                            pick=Sc.best_comp(("path",), lambda p: (len(p.tile_visits) == len(SP),
                                                                    p.printed))))

_ch = challenge(6, "Longest circle-to-circle path",
                "Make a path directly between two circles. What is the longest such path you can "
                "find?")
_PROOF_6 = {"tiles": dict(witness=("counting", "spaces")),
            "segments": dict(witness=("model", ("segments", 2, True))),
            "points": dict(bound_argument=_counting("6 points"),
                           strategy=Ref("proofs_paths:prove_by_relaxation", "points",
                                        spec="6 points", circles=True),
                           turn_invariant=True, witness=("relaxation", "points", 2, True))}
for _m in ("tiles", "segments", "points"):
    _ch.variants.append(Variant(_m, f"Maximise the length of one path whose two ends are circles, "
                                f"measured in {MEASURE_WORDS[_m]}.", "max",
                                M.longest_build("path", _m, ends_stubs=CIRCLE_STUBS),
                                Sc.longest_score("path", _m, ends_filter=B.is_circle),
                                pick=Sc.best_comp(("path",), lambda p, m=_m: p.measure(m),
                                                  ends=B.is_circle),
                                at_most=((2, f"path-{_m}"),), **_PROOF_6[_m]))

_ch = challenge(7, "Ten circle-to-circle paths at once",
                "Make 10 paths as in Challenge #6 at the same time. Try this combined with other "
                "challenges.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining two circles (at most "
                            "10: there are 20 circles).", "max", M.pairs_count_build(CIRCLE_PAIRS),
                            lambda tr: Sc.paths_between(tr, CIRCLE_PAIRS), upper=10,
                            pick=Sc.between(CIRCLE_PAIRS), witness=("counting", "circle pairs")))

_ch = challenge(8, "All adjacent circles joined",
                "Connect all adjacent circles (in 10 pairs).")
for _off in (0, 1):
    _pairs = ring_pairs(_off)
    _ch.variants.append(Variant(
        f"pairs-{_off}",
        "Join every circle to a neighbour around the ring, in the 10 pairs "
        + ", ".join(f"{u}-{v}" for u, v in _pairs) + ".", "feasible", M.pairs_all_build(_pairs),
        (lambda tr, P=_pairs: Sc.paths_between(tr, P)),
        (lambda tr, P=_pairs: Sc.paths_between(tr, P) == 10), pick=Sc.between(_pairs),
        quick=_off == 0))

_ch = challenge(9, "Circles on opposite sides",
                "Connect circles on opposite sides of the board. Four pairs may be the maximum. Try "
                "different pairs.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining a circle to a circle of "
                            "the opposite side (west-east or north-south).", "max",
                            M.pairs_count_build(opposite_circle_pairs()),
                            lambda tr: Sc.paths_between(tr, opposite_circle_pairs()),
                            pick=Sc.between(opposite_circle_pairs()), turn_invariant=True,
                            witness=("model",)))

_ch = challenge(10, "Circles in similar positions",
                "Connect circles in similar positions. That is, connect the rightmost circle of one "
                "group with the rightmost circle of a different group, the center circle of one group "
                "with the center circle of another group, etc.")
_ch.variants.append(Variant("count", "Maximise the number of paths joining two circles with the "
                            "same position index (1 = rightmost .. 5 = leftmost, as seen from that "
                            "side) in different side groups.", "max",
                            M.pairs_count_build(similar_circle_pairs()),
                            lambda tr: Sc.paths_between(tr, similar_circle_pairs()),
                            pick=Sc.between(similar_circle_pairs()),
                            witness=("multicut", "similar-position"),
                            witness_picture=((), "the bound witness (multicut)", "A multicut: "
                                             "every route between two circles of similar "
                                             "positions passes ports weighing at least 1 in "
                                             "total, so such paths are at most the total.")))

_ch = challenge(11, "Tiles travelled twice or three times",
                "Across how many tiles can you make a path or loop travel twice? Three times?")
for _t, _w, _rate in ((2, "twice", 2000), (3, "thrice", 3000)):
    _ch.variants.append(Variant(_w, f"Maximise the number of tiles that one path or loop crosses "
                                f"at least {_t} times.", "max", M.repeat_build(_t), Sc.repeat_score(_t),
                                pick=Sc.best_comp(("path", "loop"), lambda p, t=_t: sum(
                                    v >= t for v in p.tile_visits.values())),
                                fast=fast_repeats(_t), bound_argument=_counting(f"11 {_w}"),
                                witness=("assignment", f"11 {_w}", 2), search_rate=_rate,
                                at_most=((11, "twice"),) if _t == 3 else ()))

_ch = challenge(12, "Most self-crossings", "In how many places can you make a path or loop cross "
                "itself?")
_ch.variants.append(Variant("count", "Maximise the number of places (pairs of crossing segments on "
                            "a tile) where one path or loop crosses itself.", "max",
                            M.self_cross_build,
                            lambda tr: max([p.self_crossings for p in Sc.comps(tr)] or [0]),
                            pick=Sc.best_comp(("path", "loop"), lambda p: p.self_crossings),
                            fast=fast_max_self_crossings, bound_argument=_counting("12"),
                            strategy=Ref("proofs_paths:prove_12_by_end_split"), witness=("ends-12",),
                            search_rate=30000, marks="self"))

_ch = challenge(13, "Self-crossing paths and loops",
                "How many self-crossing paths or loops can you make? How about paths that cross a tile "
                "twice, but aren't self-crossing?", method="search")
_ch.variants += [
    SearchVariant("self-crossing", "Maximise the number of paths and loops that cross "
                  "themselves at least once.",
                  lambda tr: sum(1 for p in Sc.comps(tr) if p.self_crossings > 0),
                  fast_count(lambda d: d["kind"] != "open" and d["self_crossings"] > 0),
                  pick=lambda tr: [p for p in Sc.comps(tr) if p.self_crossings > 0],
                  bound_argument=Ref("arguments:cycle_per_component_bound", "self-crossing"),
                  witness=("cycle-per-component",), search_rate=5000, marks="self"),
    SearchVariant("twice-not-self-crossing", "Maximise the number of paths (stop/circle "
                  "to stop/circle) that cross some tile at least twice but never cross "
                  "themselves.",
                  lambda tr: sum(1 for p in tr.complete_paths if p.self_crossings == 0
                                 and p.repeated_tiles),
                  fast_count(lambda d: d["kind"] == "path" and d["self_crossings"] == 0
                             and d["tiles"] < d["segments"]),
                  pick=lambda tr: [p for p in tr.complete_paths if p.self_crossings == 0
                                   and p.repeated_tiles],
                  bound_argument=Ref("arguments:cycle_per_component_bound",
                                     "twice-not-self-crossing"),
                  witness=("cycle-per-component",), search_rate=5000, marks="self")]

_ch = challenge(14, "Two paths crossing each other",
                "How many times can you make a pair of paths or loops cross each other? Or share "
                "tiles instead of crossing each other?")
_ch.variants.append(Variant("cross", "Maximise the number of crossings between two different paths "
                            "or loops.", "max", M.pair_cross_build, Sc.score_pair_cross,
                            pick=Sc.pair_pick(False), bound_argument=_counting("14 cross"),
                            strategy=Ref("proofs_paths:prove_pair_by_cases"), turn_invariant=True,
                            witness=("assignment", "14 cross", 4), marks="between"))
_ch.variants.append(Variant("share", "Maximise the number of tiles shared by two different paths or "
                            "loops that never cross each other.", "max", M.pair_share_build,
                            Sc.score_pair_share, pick=Sc.pair_pick(True),
                            bound_argument=_counting("14 share"),
                            strategy=Ref("proofs_paths:prove_pair_by_cases"), turn_invariant=True,
                            witness=("component-kinds",)))

_ch = challenge(15, "Routes between circles with the same number of stops",
                "How many routes between circles can you make at the same time that include the same "
                "number of stop squares? (Try progressively, for 1, 2, 3 ...)", method="search")
_ch.variants += [
    SearchVariant(f"stops-{k}", f"Maximise the number of routes circle - {k} stop "
                  f"square{'s' if k > 1 else ''} - circle that share no stop or circle.",
                  (lambda tr, k=k: Sc.disjoint_circle_routes(tr, k)[0]),
                  pick=(lambda tr, k=k: [tr.paths[i] for r in Sc.disjoint_circle_routes(tr, k)[1]
                                         for i in r]),
                  bound_argument=Ref("arguments:routes_15_bound", k, False),
                  witness=("counting", "location-disjoint routes", {"k": k}),
                  at_most=((15, f"shared-{k}"),))
    for k in (1, 2, 3)]
SHARED_15 = tuple(range(1, len(B.stops) + 1))    # k = 17 has no route: a route's stops differ
_ch.variants += [
    SearchVariant(f"shared-{k}", f"Maximise the number of routes circle - {k} stop "
                  f"square{'s' if k > 1 else ''} - circle at the same time that share no path; "
                  f"routes may pass the same stop square (each route passes a location once).",
                  (lambda tr, k=k: Sc.shared_stop_routes(tr, k)[0]),
                  Sc.fast_shared_stop_routes(k),
                  pick=(lambda tr, k=k: [tr.paths[i] for r in Sc.shared_stop_routes(tr, k)[1]
                                         for i in r]),
                  bound_argument=Ref("arguments:routes_15_bound", k, True),
                  strategy=Ref("proofs_readings:prove_shared_routes"),
                  witness=("counting", "path-disjoint routes", {"k": k}),
                  search_rate={1: 3000, 2: 1000, 3: 500}.get(k))
    for k in SHARED_15]

_ch = challenge(16, "Paths between opposite locations",
                "How many paths can you make between locations that are opposite each other? "
                "(Consider both circles and stop squares.) How many paths between locations that are "
                "a quarter-turn of the board away?")
_ch.variants.append(Variant("half-turn", "Maximise the number of paths whose two ends (stops or "
                            "circles) are images of each other under a half turn of the board.",
                            "max", M.pairs_count_build(turned_pairs(2)),
                            lambda tr: Sc.paths_between(tr, turned_pairs(2)),
                            pick=Sc.between(turned_pairs(2)),
                            bound_argument=Ref("arguments:turned_pair_bound", 2),
                            strategy=Ref("proofs_groups:prove_16"), turn_invariant=True,
                            witness=("multicut", "half-turn"),
                            witness_picture=((), "the bound witness (multicut)", "A multicut: "
                                             "every route between a circle and its half-turn "
                                             "partner weighs at least 1, so such paths are at "
                                             "most the total (rounded down).")))
_ch.variants.append(Variant("quarter-turn", "Maximise the number of paths whose two ends are "
                            "images of each other under a quarter turn of the board.", "max",
                            M.pairs_count_build(turned_pairs(1)),
                            lambda tr: Sc.paths_between(tr, turned_pairs(1)),
                            pick=Sc.between(turned_pairs(1)),
                            bound_argument=Ref("arguments:turned_pair_bound", 1),
                            strategy=Ref("proofs_groups:prove_16"), turn_invariant=True,
                            witness=("multicut", "quarter-turn"),
                            witness_picture=((), "the bound witness (multicut)", "A multicut: "
                                             "every route between a circle and its quarter-turn "
                                             "partner weighs at least 1, so such paths are at "
                                             "most the total.")))

_ch = challenge(17, "Four-colour groups",
                "Make a group of paths that connect a single stop square to a circle of each color. "
                "How many independent groups like this can you make at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of stop squares joined directly by paths "
                            "to circles of all four side colours (one circle of each).", "max",
                            M.groups_build, lambda tr: len(Sc.group_stops(tr)), witness=("model",),
                            pick=lambda tr: [p for p in tr.complete_paths
                                             if set(p.ends) & set(Sc.group_stops(tr))
                                             and any(B.is_circle(e) for e in p.ends)]))


def _pick18(tr):
    return [tr.paths[k] for g in Sc.two_stop_groups(tr) for k in g["paths"]]


_ch = challenge(18, "Two-stop groups",
                "Make a group of paths with exactly two stop squares so that the squares connect to "
                "each other, to one circle of each color, and to nothing else. ... How many of these "
                "can you make at the same time? Can you make one of each type at the same time?")
_ch.variants.append(Variant("count", "Maximise the number of groups (route-graph components) made "
                            "of exactly two stop squares joined by a path and four circles, one of "
                            "each colour.", "max", M.two_stop_build(False),
                            lambda tr: len(Sc.two_stop_groups(tr)), pick=_pick18,
                            bound_argument=Ref("arguments:two_stop_bound"),
                            strategy=Ref("proofs_groups:prove_18_count"), turn_invariant=True,
                            witness=("two-stop-groups",)))
_ch.variants.append(Variant("types", "Maximise the number of the types A, B, C present at once "
                            "(3 = one of each type at the same time).", "max", M.two_stop_build(True),
                            lambda tr: len({g["type"] for g in Sc.two_stop_groups(tr)} & {"A", "B", "C"}),
                            upper=3, pick=_pick18, witness=("counting", "group types"),
                            at_most=((18, "count"),)))

_ch = challenge(19, "Single-kind paths",
                "How many paths can you make at the same time so that each path contains only one "
                "kind of segment (Arcs, Bends, Curves, or Diameters)? Don't consider the segments "
                "printed on the board for this puzzle.")
_ch.variants.append(Variant("count", "Maximise the number of paths (stop/circle to stop/circle) "
                            "whose tile segments are all of one kind (printed board segments "
                            "ignored).", "max", M.single_kind_build, Sc.single_kind_paths,
                            pick=lambda tr: [p for p in tr.complete_paths if len(p.kinds) == 1],
                            witness=("counting", "paths")))

_ch = challenge(20, "Rotationally symmetric paths",
                "How many paths can you make that have rotational symmetry (that is, can be mentally "
                "turned around to match themselves)? How few other paths can you leave?",
                method="search")
_ch.variants.append(SearchVariant("count", "Maximise the number of paths (stop/circle to stop/circle) "
                                  "whose drawn tile segments look the same after a half or quarter "
                                  "turn (the other paths left = 36 minus this).", Sc.rot_symmetric_paths,
                                  pick=lambda tr: [p for p in tr.complete_paths
                                                   if p.symmetry["rotation"] > 1],
                                  bound_argument=Ref("arguments:paths_count_bound"),
                                  strategy=Ref("proofs_shapes:prove_20_by_model"),
                                  witness=("counting", "paths")))

_ch = challenge(21, "Different shapes",
                "How many different shapes of paths or loops can you make at the same time?",
                method="search")
_ch.variants.append(SearchVariant("count", "Maximise the number of distinct shapes among all paths and "
                                  "loops. Two components have the same shape when their drawn tile "
                                  "segments match after a translation and a quarter turn (mirror "
                                  "images differ); the stubs to stops/circles and the printed board "
                                  "segments are not part of a shape, so a path and a loop with the "
                                  "same tile segments are the same shape.", Sc.distinct_shapes, pick=Sc.identical_pick,
                                  bound_argument=Ref("arguments:segment_bound", 21, "count"),
                                  witness=("counting", "segments: distinct shapes")))

_ch = challenge(22, "Identical paths", "How many identical paths, loops, or routes can you make?",
                method="search")
_ch.variants += [
    SearchVariant("paths", "Maximise the number of paths with the same shape (up to "
                  "translation and quarter turns).", Sc.largest_identical_class(("path",)),
                  pick=Sc.identical_pick_of(("path",)),
                  bound_argument=Ref("arguments:identical_paths_bound"),
                  strategy=Ref("proofs_shapes:prove_22_paths"), witness=("identical-paths",)),
    SearchVariant("loops", "Maximise the number of loops with the same shape.",
                  Sc.largest_identical_class(("loop",)), pick=Sc.identical_pick_of(("loop",)),
                  bound_argument=Ref("arguments:identical_loops_bound"),
                  turned_model=Ref("proofs_shapes:TurnedCopies", "loop", (1, 2, 3), True),
                  witness=("identical-loops",)),
    SearchVariant("routes", "Maximise the number of routes of two paths (joined end to end at a "
                  "stop square, no location twice) that have the same shape (their drawn tile "
                  "segments, as for paths) and share no path.", Sc.identical_routes,
                  pick=Sc.identical_routes_pick, bound_argument=Ref("arguments:route_count_bound"),
                  strategy=Ref("proofs_shapes:prove_22_routes"), witness=("counting", "path pairs"),
                  search_rate=60, at_most=((22, "routes-any"),)),
    SearchVariant("routes-any", "Maximise the number of routes of two or more paths (joined end to "
                  "end at stop squares, no location twice; a circuit returns to its first stop) "
                  "that have the same shape (their drawn tile segments) and share no path.",
                  Sc.identical_routes_any,
                  pick=lambda tr: [tr.paths[i] for ids in Sc.identical_routes_any_pick_ids(tr)
                                   for i in sorted(ids)],
                  bound_argument=Ref("arguments:route_count_bound"), witness=("counting", "path pairs"),
                  quick_beats=("classes", None, 2),
                  search_rate=6)]

_ch = challenge(23, "Longest identical pair",
                "What is the longest pair of identical paths, loops, or routes that you can make?",
                method="search")
_ch.variants.append(SearchVariant("segments", "Maximise the length in tile segments (printed board "
                                  "segments not counted, as in the shapes) of a shape that occurs at "
                                  "least twice among the paths and loops (same shape as in 21).",
                                  Sc.longest_identical_pair,
                                  pick=Sc.identical_pick_of(("path", "loop"), longest=True),
                                  bound_argument=Ref("arguments:segment_bound", 23, "segments"),
                                  turned_model=Ref("proofs_shapes:TurnedCopies", "path", (1,), False),
                                  witness=("segments-one-tile",)))
# the bound: two routes (circuits) by the segments and stop passes, a pair of one-stop circuits (two
# paths) by the segments; the turned model: a route (circuit, path) whose quarter turn is placed too
for _name, _closed, _one, _what, _bound, _turned, _witness, _rate in (
        ("routes", None, False, "routes of two or more paths (joined end to end at stop squares, no "
                                "location twice; a circuit returning to its first stop included)",
         Ref("arguments:route_pair_bound", True), Ref("proofs_shapes:TurnedRoute", False),
         ("counting", "segments: identical routes", {"closed": False}), 6),
        ("circuits", True, False, "circuits (routes of one or more paths that return to their "
                                  "first stop; a one-path circuit is a path from a stop back to "
                                  "itself)",
         Ref("arguments:route_pair_bound", False), Ref("proofs_shapes:TurnedRoute", True),
         ("counting", "segments: identical routes", {"closed": True}), 75),
        ("one-stop-circuits", True, True, "one-stop circuits (a path from a stop square back to "
                                          "the same stop square: the seed's example)",
         Ref("arguments:segment_bound", 23, "one-stop-circuits"), Ref("proofs_shapes:TurnedOneStop"),
         ("segments-one-tile",), None)):
    _sc = Sc.longest_identical_route_pair(_closed, min_paths=1 if _closed else 2, one_stop=_one)
    _ch.variants.append(SearchVariant(
        _name, f"Maximise the length in tile segments of a shape held by two {_what} that share "
               f"no path (shape: the drawn tile segments, as in 21).", _sc,
        pick=(lambda tr, f=_sc: [tr.paths[i] for ids in f.pair(tr)[1] for i in sorted(ids)]),
        bound_argument=_bound, turned_model=_turned, witness=_witness, search_rate=_rate,
        quick_beats=None if _one else ("pair", _closed, 1 if _closed else 2)))
_ch.variants[-1].at_most = ((23, "circuits"), (23, "segments"))   # one-path circuits, two paths

_ch = challenge(24, "Paths matching a turned path",
                "How many paths can you make that exactly match another path located a quarter- or "
                "half-turn of the board away?")
_ch.variants.append(Variant("count", "Maximise the number of paths P such that P turned a quarter, "
                            "half or three quarters with the board is another path of the "
                            "placement.", "max", M.build24, Sc.turned_partner_paths, upper=36,
                            witness=("counting", "paths"),
                            pick=lambda tr: [p for p in tr.complete_paths
                                             if any(p.turned_steps(q) in {x.step_set()
                                                                          for x in tr.complete_paths}
                                                    and p.turned_steps(q) != p.step_set()
                                                    for q in (1, 2, 3))]))

_ch = challenge(25, "Every path has a turned twin", "Every path has an identical path like those in #24.")
_ch.variants.append(Variant("whole-board", "Whole board: every one of the 36 paths P has a partner as "
                            "in #24: P turned a quarter, half or three quarters with the board is "
                            "another path of the placement. Score = paths with a partner (36 = "
                            "solved).", "feasible", M.build25, Sc.turned_partner_paths,
                            Sc.whole_board(Sc.turned_partner_paths), upper=36, stored=True,
                            pick=lambda tr: tr.complete_paths))
_ch = challenge(26, "Every path mirror-symmetric", "Every path has mirror symmetry.")
_ch.variants.append(Variant("whole-board", "Whole board: every one of the 36 paths has mirror "
                            "symmetry (its drawn tile segments). Score = mirror-symmetric paths "
                            "(36 = solved).", "feasible", M.build26, Sc.mirror_symmetric_paths,
                            Sc.whole_board(Sc.mirror_symmetric_paths), upper=36, stored=True,
                            second_model=(Ref("wholeboard:model26", numbers=False),
                                          "26 without its path numbers (a relaxation)"),
                            pick=lambda tr: tr.complete_paths, quick=True))
_ch.variants.append(Variant("whole-board-ends", "Whole board, ends mirrored too: every one of the 36 "
                            "paths is mirror-symmetric with its two ends: one reflection maps its "
                            "drawn tile segments onto themselves and its end locations onto its end "
                            "locations of the same kind (a stop onto a stop, a circle onto a circle; "
                            "a Diameter may keep each end in place). Score = such paths (36 = "
                            "solved).", "feasible", M.build26_ends, Sc.mirror_symmetric_paths_with_ends,
                            Sc.whole_board(Sc.mirror_symmetric_paths_with_ends), upper=36,
                            pick=lambda tr: tr.complete_paths, at_most=((26, "whole-board"),)))



def _BY_REACH(pairs, n):
    """27 and 28 by reachability booleans (the second formulation of a "no")."""
    return (Made("combined_models:forbid_reach_build", pairs),
            f"{n} by reachability booleans per stop stub (no integer labels)")


_ch = challenge(27, "No path between neighbouring squares",
                "No path connects one square to another that is only a tile edge-length away.")
_ch.variants.append(Variant("whole-board", "Find a placement in which no path joins two stop squares "
                            "one tile edge apart (horizontally or vertically adjacent stops). "
                            "Score = number of such paths (0 is a solution).", "feasible",
                            M.forbid_pairs_build(ADJ_STOPS), Sc.forbid_score(ADJ_STOPS),
                            Sc.forbid_check(ADJ_STOPS), pick=lambda tr: tr.complete_paths, quick=True,
                            second_model=_BY_REACH(ADJ_STOPS, 27)))
_ch = challenge(28, "No path across a tile between opposite squares",
                "No path connects a pair of stop squares on opposite sides of the same tile.")
_ch.variants.append(Variant("whole-board", "Find a placement in which no path joins two stop squares "
                            "that face opposite diagonal edges of one tile. Score = number of such "
                            "paths (0 is a solution).", "feasible",
                            M.forbid_pairs_build(OPP_STOPS), Sc.forbid_score(OPP_STOPS),
                            Sc.forbid_check(OPP_STOPS), pick=lambda tr: tr.complete_paths,
                            second_model=_BY_REACH(OPP_STOPS, 28)))

_ch = challenge(29, "Subway: everything reachable",
                "Every circle and stop square can be visited from any other circle and stop square, "
                "through a series of routes like a subway system.")
_ch.variants.append(Variant("whole-board", "Find a placement whose route graph (locations joined by "
                            "paths) is connected: all 36 stops and circles in one group. Score = "
                            "stops and circles in the largest group (36 = solved).",
                            "feasible", M.subway_build,
                            lambda tr: max(len(g["locations"]) for g in tr.groups()), Sc.subway_check,
                            presearch=lambda tr: max(len(g["locations"]) for g in tr.groups()),
                            presearch_target=36, pick=lambda tr: tr.complete_paths,
                            headline="subway board"))

_ch = challenge(30, "Our own puzzle: most one-tile paths",
                "Create your own puzzle! If you feel particularly inspired by your puzzle and "
                "solution, please send it to us for our archives.")
_ch.variants.append(Variant("one-tile-paths", "Our puzzle: how many paths can you make at once that "
                            "cross exactly one tile (a single segment from a stop or circle to a "
                            "stop or circle)?", "max", M.one_tile_paths_build,
                            lambda tr: sum(1 for p in tr.complete_paths if p.segments == 1
                                           and p.printed == 0),
                            pick=lambda tr: [p for p in tr.complete_paths if p.segments == 1
                                             and p.printed == 0],
                            bound_argument=Ref("arguments:one_tile_bound"), turn_invariant=True,
                            witness=("assignment", "30 one-tile", 0), at_most=((19, "count"),)))
del _ch, _kind, _m, _off, _pairs, _t, _w, _rate, _name, _closed, _one, _what, _sc, _bound, _turned, _witness

# each variant knows its challenge's number and sentence in the rules (the seed of its question)
for _c in CHALLENGES.values():
    for _v in _c.variants:
        _v.number, _v.seed = _c.number, _c.text


def _whole(challenges, n):
    """Challenge ``n``'s whole-board question (25-29: the conditions the combinations combine)."""
    return challenges[n].variant("whole-board")


def _combined_variants(challenges) -> list[tuple[int, Variant]]:
    """(challenge, variant) of every combination, in the order of the docs: 7 with 8, 9, 10, 16
    (the scorers of :mod:`.combined`), then 25-29 two by two (declared under the lower number) and
    all five, with the conditions 25-29 declare (``challenges``: theirs)."""
    out = []
    for name, (n, pairs, words) in Co.SEVEN_WITH.items():
        out.append((7, Variant(
            name, f"Challenge 7 combined with {n}: all 20 circles joined in 10 circle-to-circle "
                  f"paths (7 holds); maximise the number of paths joining {words}. A placement "
                  f"where 7 fails scores 0.", "max", Made("combined_models:seven_with_build", pairs),
            Co.seven_with_score(pairs), upper=10 if n != 16 else None, pick=Co.seven_with_pick(pairs),
            strategy=Ref("proofs_combined:prove_seven_with"),
            witness=("combined", *Co.RELAXES[name]), at_most=_seven_parts(name, n))))
        # (the relaxation written by the strategy, kept by add_bound_witnesses.py)
    for nums in [*itertools.combinations(range(25, 30), 2), tuple(range(25, 30))]:
        what = "; ".join(f"{n} ({challenges[n].title[0].lower()}{challenges[n].title[1:]})"
                         for n in nums)
        holds = (lambda tr, cs=tuple(_whole(challenges, n).check for n in nums):
                 all(c(tr) for c in cs))
        out.append((nums[0], Variant(
            f"with-{nums[1]}" if len(nums) == 2 else "all-five",
            f"Whole board, in combination: one placement meeting the conditions of {what}. "
            f"Score = 1 when all hold.", "feasible",
            Made("combined_models:whole_build", tuple(_whole(challenges, n).build for n in nums)),
            (lambda tr, c=holds: int(c(tr))), holds, pick=lambda tr: tr.complete_paths,
            strategy=Ref("proofs_combined:prove_whole", nums),
            at_most=tuple((n, "whole-board") for n in nums))))   # it holds only when each part does
    return out


def _seven_parts(name: str, n: int) -> tuple:
    """The questions 7 with X can never beat (``at_most``): it counts X's paths when 7 holds, so at
    most X's count, and at most 7's count when X's pairs are circle pairs (8, 9, 10)."""
    return {8: ((7, "count"),), 9: ((9, "count"), (7, "count")),
            10: ((10, "count"), (7, "count"))}.get(n, ((16, f"{name[8:]}-turn"),))


# the combinations the seed asks for (7 with 8, 9, 10, 16; 25-29 in pairs and all five): their
# scorers in .combined, their models in .combined_models
for _n, _v in _combined_variants(CHALLENGES):
    declare(_n, _v)
del _c, _n, _v
