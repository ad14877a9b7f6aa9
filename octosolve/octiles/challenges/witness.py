"""Bound witnesses, checked by code that shares nothing with the proofs (issue 19, "a bound is only
as good as its witness").

A certificate's ``bound`` was proven by :mod:`.prove` with counting arguments, LP/MIP relaxations
and CP-SAT. Its ``bound_witness`` (added by ``scripts/add_bound_witnesses.py``) stores what lets this
module check the bound again **without** those modules (its checks use none of ``bounds``,
``arguments``, ``proofs_*``, ``prove``, ``models``, ``cpsat``, ``geometry``, nor OR-Tools or
scipy, nor the catalogue: its caller gives the kind of witness a question declares, as data): only
the board and tiles (:mod:`octosolve.octiles.tiles`), the tracer's definition of a
shape (:func:`octosolve.octiles.tracer.shape_key`) and exact rational arithmetic
(:class:`fractions.Fraction`). Every table it needs (the local bound of a tile on a space, the
simple cycles of the space graph, the short paths, the flow network) it derives from the board
itself.

Witness kinds (every one carries ``bound``, the bound it proves, and the checker recomputes it):

* ``counting``: a closed formula over facts of the board (``facts``: stubs, stops, circles, printed
  links, spaces, tile segments, ...); the checker recounts every fact on the board and recomputes the
  formula of the named ``argument``.
* ``lp-dual``: an LP relaxation named by ``lp`` (with ``params``) and multipliers for its rows
  (``multipliers``, exact rationals as strings). For ``max c.x`` subject to rows ``a.x = b`` or
  ``a.x <= b`` and ``0 <= x <= 1`` every choice of multipliers (``>= 0`` on the ``<=`` rows) gives
  the upper bound ``L = sum y b + sum_j max(0, c_j - y.a_j)`` (weak duality, the box ``0..1``
  priced column by column); the checker builds the LP's rows and columns from the board, computes
  ``L`` exactly, requires it to equal the stored ``value`` and proves ``floor(L)`` (``floor(L / m)``
  for a count of m-segment paths). The LPs: ``assignment`` (the counting/assignment bound: a tile's
  best local value on a space with e of the component's ends there, one tile per space, each tile
  once, at most E ends), ``port-balance`` (one path or loop with its connectivity forgotten: tiles,
  used segments on placed ones, every port on at most one used segment, both ports of a link used or
  neither, at most E used stub ports), ``cycle-packing`` (link-disjoint cycles of the space graph,
  each space passed at most (ports leading to tiles) // 2 times), ``port-packing`` (placements of one
  short-path shape sharing no port), ``class-segments`` (the chords of one shape that distinct tiles
  can hold).
* ``lp-branch``: a branch and bound over an LP whose columns are 0/1 in every real solution (the
  cycles of ``cycle-packing``): ``tree`` splits on named columns (below: their sum is at most k;
  above: at least k + 1, so every integral point is on one side) down to leaves priced like an
  ``lp-dual`` witness over the LP's rows plus the splits on the way; it proves the largest
  ``floor(L)`` of its leaves (13: the cycle packing's 9 brought down to 8).
* ``multicut``: the dual of a multicommodity flow LP (16, 10: paths between given location pairs):
  a weight ``mu[p] >= 0`` per port such that every way from a location u to its partner u' through
  the ports (any segment on any space: tiles ignored; board links; the stubs) weighs at least 1.
  Each such path uses its ports once and no port carries two paths, so the paths are at most
  ``sum mu``. The checker runs Dijkstra (exact fractions) for every pair.
* ``cases``: a split named by ``split``; the checker knows which cases cover every placement (e.g.
  the end distributions of 12, the component kinds of 14 share) and checks each case's witness.
* ``solver``: a solver's word only (CP-SAT INFEASIBLE for ``objective >= at_least``, or an OPTIMAL
  ``maximum``), with every solver that said so (``claims``: CP-SAT, and when it was re-proved, HiGHS
  on a second formulation), ``rests_on`` ("cp-sat only" or "cp-sat + HiGHS") and optionally a
  ``partial`` witness of a weaker bound that is checked. The checker can only check that the claims
  are consistent with the bound; the table says what the bound rests on. A claim is accepted only
  for the variants that declare a solver's word (witness ``model`` or ``relaxation`` in the
  catalogue): a checkable bound cannot be downgraded to a solver's word.

:func:`check` returns a :class:`Verdict` (ok, the bound proven, what it rests on, problems).
"""

from __future__ import annotations



from .witness_board import (LOCAL_SPECS, REST_ORDER, Verdict, _board, _check_counting, _count,  # noqa: F401
                            _weakest, class_key, classes, counting_facts, local_table, short_paths,
                            simple_cycles)
from .witness_lp import (_check_lp, _check_lp_branch, _check_multicut, _frac, _floor,  # noqa: F401
                         column_names, lagrangian, location_pairs, lp_rows, multicut_value)

__all__ = ["Verdict", "check", "check_certificate_witness", "lp_rows", "lagrangian", "multicut_value",
           "local_table", "simple_cycles", "short_paths", "classes", "class_key", "LOCAL_SPECS",
           "CASE_SPLITS", "expected", "counting_facts", "REST_ORDER"]


# ---------------------------------------------------------------------------------------------
# solver claims


def _check_solver(w: dict, partial=None) -> Verdict:
    v = Verdict(True, None, "solver")
    if w.get("kind") != "solver":
        return v.fail(f"expected a solver witness, got {w.get('kind')}")
    claims = w.get("claims") or []
    if not claims:
        return v.fail("a solver witness without claims")
    solvers = []
    for c in claims:
        s = c.get("solver")
        if s not in ("CP-SAT", "HiGHS"):
            return v.fail(f"unknown solver {s!r}")
        solvers.append(s)
    b = w.get("bound")
    if not isinstance(b, int):
        return v.fail("a solver witness needs an integer bound")
    if "at_least" in w:
        if w["at_least"] != b + 1:
            return v.fail(f"INFEASIBLE with objective >= {w['at_least']} proves {w['at_least'] - 1}, "
                          f"not {b}")
        bad = [c for c in claims if c.get("status") != "INFEASIBLE"]
        if bad:
            return v.fail(f"{bad[0]['solver']} said {bad[0].get('status')}, not INFEASIBLE")
    elif "maximum" in w:
        if w["maximum"] != b:
            return v.fail(f"a maximum of {w['maximum']} proves {w['maximum']}, not {b}")
        bad = [c for c in claims if c.get("status") != "OPTIMAL" or c.get("objective") != b]
        if bad:
            return v.fail(f"{bad[0]['solver']} said {bad[0].get('status')} "
                          f"{bad[0].get('objective')}, not OPTIMAL {b}")
    else:
        return v.fail("a solver witness needs at_least or maximum")
    rests = "cp-sat + HiGHS" if set(solvers) >= {"CP-SAT", "HiGHS"} else (
        "cp-sat only" if set(solvers) == {"CP-SAT"} else "HiGHS only")
    if w.get("rests_on") != rests:
        return v.fail(f"rests_on says {w.get('rests_on')!r}, the claims say {rests!r}")
    v.bound, v.rests_on = b, ("cp-sat only" if rests == "HiGHS only" else rests)
    v.kind = f"solver ({' + '.join(dict.fromkeys(solvers))})"
    if w.get("partial") is not None:
        if partial is None:
            return v.fail("a partial witness this variant has no check for")
        pv = partial(w["partial"])
        if not pv.ok:
            return v.fail("partial witness: " + "; ".join(pv.problems))
        what = w.get("tag") or "the bound"
        v.notes.append(f"{what} <= {pv.bound} checked without a solver ({pv.kind})")
    return v


# ---------------------------------------------------------------------------------------------
# the arguments of each variant


def _assign(spec, E, **extra):
    return lambda w: _check_lp(w, "assignment", {"spec": spec, "ends": E, **extra})


def _balance(measure, E, circles_only):
    return lambda w: _check_lp(w, "port-balance", {"measure": measure, "ends": E,
                                                   "circles_only": circles_only})


def _cases_12(w: dict, bound: int) -> Verdict:
    """12: the path's two ends on one space X (one case per X), or not (the assignment LP with at
    most one end on each of those X)."""
    v = Verdict(True, None, "cases (ends of the path)")
    cases = w.get("cases") or []
    lp_cases = [c for c in cases if "two_ends_not_on" in c]
    sp_cases = [c for c in cases if "space" in c]
    if len(lp_cases) != 1 or len(lp_cases) + len(sp_cases) != len(cases):
        return v.fail("12 needs one 'two_ends_not_on' case and one case per excluded space")
    excl = lp_cases[0]["two_ends_not_on"]
    if sorted(excl) != sorted(c["space"] for c in sp_cases) or len(set(excl)) != len(excl):
        return v.fail("the excluded spaces and the 'both ends on' cases differ")
    sub = [_assign("12", 2, two_ends_not_on=excl)(lp_cases[0].get("witness") or {})]
    sub += [_check_solver(c.get("witness") or {}) for c in sp_cases]
    return _combine(v, sub, bound)


def _cases_14_share(w: dict, bound: int) -> Verdict:
    v = Verdict(True, None, "cases (kinds of the two components)")
    kinds = {"two loops": 0, "a path and a loop": 2, "two paths": 4}
    cases = w.get("cases") or []
    if sorted(c.get("kinds", "") for c in cases) != sorted(kinds):
        return v.fail(f"14 share needs the cases {sorted(kinds)}")
    sub = []
    for c in cases:
        cw = c.get("witness") or {}
        if cw.get("kind") == "solver":
            sub.append(_check_solver(cw, _assign("14 share", kinds[c["kinds"]])))
        else:
            sub.append(_assign("14 share", kinds[c["kinds"]])(cw))
    return _combine(v, sub, bound)


def _loops_3(w: dict, bound: int) -> Verdict:
    """3: P = the most link-disjoint cycles (capacities as in the cycle-packing LP). k loops of which
    j pass some space twice split into >= k + j such cycles, so P loops are P simple cycles on real
    segments; the claim that no placement has P of them closes every count above P - 1."""
    v = Verdict(True, None, "cases (loop packing, then simple loops)")
    pw = w.get("packing") or {}
    part = lambda x: _check_lp(x, "cycle-packing", {"class": None})   # noqa: E731
    pv = _check_solver(pw, part) if pw.get("kind") == "solver" else part(pw)
    sub = [pv]
    if pv.ok and pv.bound is not None and pv.bound > bound:
        if pv.bound != bound + 1:
            return v.fail(f"the loop packing {pv.bound} is more than one above the bound {bound}")
        cases = [c for c in (w.get("cases") or []) if c.get("simple_loops") == pv.bound]
        if not cases:
            return v.fail(f"no case for {pv.bound} simple loops")
        sub.append(_check_solver(cases[0].get("witness") or {}))
        if sub[-1].ok and sub[-1].bound != bound:
            sub[-1].fail(f"the simple-loop claim proves {sub[-1].bound}, not {bound}")
    return _combine(v, sub, bound, top=False)


def _cycle_per_component(w: dict, bound: int) -> Verdict:
    """13 (both variants): a counted path or loop has two segments on one tile T; the stretch of it
    between them leaves T through a port facing a tile and comes back to T without meeting a stop
    or circle, so it is a closed trail of the space graph (each link once, no link joins a space to
    itself) and holds a simple cycle whose every pass uses two of the component's ports. Different
    components have different ports and links, so one cycle per counted component is a packing of
    the cycle-packing LP (links once, a space passed at most (ports leading to tiles) // 2 times):
    the counted components are at most the packing's maximum, proven by an ``lp-branch`` (or
    ``lp-dual``) witness of that LP."""
    v = Verdict(True, None, "cases (a cycle in each counted component)")
    pw = w.get("packing") or {}
    want = {"class": None}
    pv = (_check_lp_branch(pw, "cycle-packing", want) if pw.get("kind") == "lp-branch"
          else _check_lp(pw, "cycle-packing", want))
    out = _combine(v, [pv], bound)
    if out.ok:
        out.kind = f"cycle in each component: {pv.kind}"
    return out


def _identical_pair(w: dict, bound: int) -> Verdict:
    """23: two components of m segments each. At most T paths have a single segment (T: the
    assignment LP of challenge 30, checked here); every other path has >= 2 segments and every
    loop >= 2. Two paths of m: 2m + 2 x 34 - min(T, 34) <= 68; with a loop among the two it is
    smaller still. So m <= (68 - 68 + T) // 2."""
    v = Verdict(True, None, "cases (segments and one-tile paths)")
    tv = _assign("30 one-tile", 0)(w.get("one_tile") or {})
    if not tv.ok:
        return v.fail("one-tile paths: " + "; ".join(tv.problems))
    cv = _check_counting(w.get("counting") or {}, "segments: identical pair, one-tile paths",
                         {"one_tile": tv.bound})
    if cv.ok and cv.bound > bound:
        cv.fail(f"the segment count proves {cv.bound} > {bound}")
    out = _combine(v, [tv, cv], bound, top=False)
    if out.ok:
        out.kind = f"segments, one-tile paths <= {tv.bound} ({tv.kind})"
    return out


def _groups_18(w: dict, bound: int) -> Verdict:
    """18 count: counting allows at most 5 groups; the exact group model (with every circle in a
    group, which 5 groups of one circle per colour force) is INFEASIBLE for more than the bound."""
    v = Verdict(True, None, "cases (two-stop groups)")
    sub = [_check_counting(w.get("counting") or {}, "two-stop groups")]
    if sub[0].ok and sub[0].bound is not None and sub[0].bound > bound:
        cases = [c for c in (w.get("cases") or []) if c.get("groups_at_least") == bound + 1]
        if not cases:
            return v.fail(f"no case for groups >= {bound + 1}")
        sub.append(_check_solver(cases[0].get("witness") or {}))
        if sub[-1].ok and sub[-1].bound != bound:
            sub[-1].fail(f"the group claim proves {sub[-1].bound}, not {bound}")
    return _combine(v, sub, bound, top=False)


def _identical_loops(w: dict, bound: int) -> Verdict:
    """22 loops: k loops of one shape either all pass some space twice (each splits into >= 2
    link-disjoint cycles: 2k <= P, the cycle packing) or are k simple cycles of one shape class, so
    at most that class's packing."""
    v = Verdict(True, None, "identical-loop packing")
    cl = classes("cycles")
    facts = {"cycles": len(simple_cycles()), "classes": len(cl)}
    if w.get("facts") != facts:
        return v.fail(f"facts {w.get('facts')} differ from the board's {facts}")
    pv = _check_lp(w.get("packing") or {}, "cycle-packing", {"class": None})
    if pv.ok and pv.bound // 2 > bound:
        pv.fail(f"the cycle packing {pv.bound} allows {pv.bound // 2} loops that pass a space twice")
    given = w.get("classes") or {}
    sub = [pv]
    for key, mem in cl.items():
        if len(mem) <= bound:
            continue
        if key not in given:
            return v.fail(f"no witness for the cycle class {key} ({len(mem)} cycles)")
        sub.append(_check_lp(given[key], "cycle-packing", {"class": key}))
        if sub[-1].ok and sub[-1].bound > bound:
            sub[-1].fail(f"the cycle class {key} packs {sub[-1].bound} > {bound}")
    extra = set(given) - set(cl)
    if extra:
        return v.fail(f"witnesses for unknown classes {sorted(extra)[:2]}")
    return _combine(v, sub, bound, top=False)


def _identical_paths(w: dict, bound: int) -> Verdict:
    """22 paths: k identical paths of m > 3 segments: k(m - 1) <= 32; shorter shapes class by
    class (every placement enumerated): no port twice, or the chords distinct tiles can hold."""
    v = Verdict(True, None, "identical-path packing")
    cl = classes("short paths")
    facts = {"short_paths": len(short_paths(3)), "classes": len(cl)}
    if w.get("facts") != facts:
        return v.fail(f"facts {w.get('facts')} differ from the board's {facts}")
    sub = [_check_counting(w.get("long") or {}, "long identical paths", {"short": 3})]
    given = w.get("classes") or {}
    for key, mem in cl.items():
        if len(mem) <= bound:
            continue
        cw = given.get(key)
        if cw is None:
            return v.fail(f"no witness for the path class {key} ({len(mem)} placements)")
        if cw.get("lp") not in ("port-packing", "class-segments"):
            return v.fail(f"class {key}: a port-packing or class-segments LP is needed")
        sub.append(_check_lp(cw, cw["lp"], {"class": key}))
    extra = set(given) - set(cl)
    if extra:
        return v.fail(f"witnesses for unknown classes {sorted(extra)[:2]}")
    return _combine(v, sub, bound)


def _combine(v: Verdict, sub: list, bound: int, top: bool = True) -> Verdict:
    """Every part must hold and prove at most ``bound`` (``top=False``: the parts are steps of one
    argument, checked by the caller)."""
    for s in sub:
        if not s.ok:
            v.fail("; ".join(s.problems))
        elif top and (s.bound is None or s.bound > bound):
            v.fail(f"a case proves only {s.bound} > {bound}")
        v.notes += s.notes
    v.rests_on = _weakest(*(s.rests_on for s in sub))
    if v.ok:
        v.bound = bound
    return v


def _cases(split):
    def chk(w):
        b = w.get("bound")
        v = Verdict(True, None, f"cases ({split})")
        if w.get("kind") != "cases" or w.get("split") != split:
            return v.fail(f"expected a case split {split!r}, got {w.get('kind')} {w.get('split')!r}")
        if not isinstance(b, int):
            return v.fail("a case split needs an integer bound")
        out = {"ends-12": _cases_12, "component-kinds": _cases_14_share,
               "loops-by-cycles": _loops_3, "two-stop-groups": _groups_18,
               "identical-loops": _identical_loops, "identical-paths": _identical_paths,
               "cycle-per-component": _cycle_per_component,
               "segments-one-tile": _identical_pair}[split](w, b)
        return out
    return chk


def _counting(argument, **params):
    return lambda w: _check_counting(w, argument, params or None)


# the case splits this module checks (a question declares one as its witness: ``("ends-12",)``)
CASE_SPLITS = ("ends-12", "component-kinds", "loops-by-cycles", "two-stop-groups",
               "identical-loops", "identical-paths", "cycle-per-component", "segments-one-tile")


def expected(declared: tuple | None) -> dict:
    """What a declared witness stands for: ``argument``, the check of the argument that bounds the
    question (None: none is checkable); ``solver``, a solver's word is its bound (with ``partial``,
    the check of a weaker bound stored beside the claim); ``of``, the combination's relaxation (the
    (challenge, variant) whose witness it carries)."""
    kind, *args = declared or (None,)
    out = {"argument": None, "solver": kind in ("relaxation", "model"), "partial": None, "of": None}
    if kind == "counting":
        out["argument"] = _counting(args[0], **(args[1] if len(args) > 1 else {}))
    elif kind == "assignment":
        out["argument"] = _assign(*args)
    elif kind == "port-balance":
        out["argument"] = _balance(*args)
    elif kind == "multicut":
        out["argument"] = lambda w: _check_multicut(w, args[0])
    elif kind in CASE_SPLITS:
        out["argument"] = _cases(kind)
    elif kind == "relaxation":            # a solver's word beside the checked port-balance bound
        out["partial"] = _balance(*args)
    elif kind == "model" and args:
        out["partial"] = _balance(*args[0])
    elif kind == "combined":
        out["of"] = tuple(args)
    return out


# the combinations (challenge 7 with 8, 9, 10, 16): a placement's combined score is the other
# challenge's count (0 when 7 fails), so the other challenge's bound holds for it: a
# ``relaxation`` witness carries the witness of the variant the combination declares
# (``("combined", 9, "count")``, not read from the data). A stronger bound is a solver's word,
# stored with the relaxation as its checked ``partial``.


def _check_relaxation(w: dict, of: tuple, declared) -> Verdict:
    v = Verdict(True, None, "relaxation")
    if w.get("kind") != "relaxation" or tuple(w.get("of") or ()) != of:
        return v.fail(f"expected a relaxation witness of {of[0]} {of[1]}, got {w.get('kind')} "
                      f"{w.get('of')!r}")
    sub = check(of[0], of[1], w.get("witness"), declared)
    if not sub.ok:
        return v.fail(f"{of[0]} {of[1]}: " + "; ".join(sub.problems))
    if w.get("bound") != sub.bound:
        return v.fail(f"the witness of {of[0]} {of[1]} proves {sub.bound}, the relaxation says "
                      f"{w.get('bound')}")
    v.bound, v.rests_on, v.notes = sub.bound, sub.rests_on, sub.notes
    v.kind = f"relaxation of {of[0]} {of[1]}: {sub.kind}"
    return v


def _check_combined(of: tuple, w: dict, declared) -> Verdict:
    if w.get("kind") != "solver":
        return _check_relaxation(w, of, declared)
    v = _check_solver(w, lambda pw: _check_relaxation(pw, of, declared))
    if v.ok and w.get("partial") is None:
        return v.fail("a solver's word on a combination needs the relaxation beside it (partial)")
    if v.ok and _check_relaxation(w["partial"], of, declared).bound <= v.bound:
        return v.fail("the relaxation proves the bound: a solver's word is not accepted")
    return v


def check(number: int, variant: str, w: dict, declared) -> Verdict:
    """Check the witness ``w`` of a variant's bound against the witness the variant declares
    (``declared(number, variant)``: the ``witness`` of its declaration in the catalogue, data only,
    None for none; the caller looks it up, so this module imports no catalogue); the verdict's
    ``bound`` is what it proves."""
    if not isinstance(w, dict):
        return Verdict(False, None, "?", problems=["the witness is not a JSON object"])
    try:
        exp = expected(declared(number, variant))
        if exp["of"]:
            return _check_combined(exp["of"], w, declared)
        if w.get("kind") == "solver":
            if exp["argument"] is not None:     # a checkable bound is not downgraded to a claim
                return Verdict(False, None, "solver",
                               problems=[f"{number} {variant} has a checkable argument: a solver's "
                                         f"word alone is not accepted"])
            if not exp["solver"]:
                return Verdict(False, None, "solver", problems=[f"unknown variant {number} {variant}"])
            return _check_solver(w, exp["partial"])
        chk = exp["argument"]
        if chk is None:
            return Verdict(False, None, str(w.get("kind")),
                           problems=[f"no independent check of a {w.get('kind')} witness for "
                                     f"{number} {variant}"])
        return chk(w)
    except (KeyError, ValueError, TypeError, AttributeError, ZeroDivisionError) as e:
        return Verdict(False, None, str(w.get("kind")), problems=[f"malformed witness: {e!r}"])


def check_certificate_witness(cert: dict, declared) -> Verdict | None:
    """The verdict on a certificate's ``bound_witness`` (None when it has none); a witness that
    proves more than the stored bound (a weaker bound) fails."""
    w = cert.get("bound_witness")
    if w is None:
        return None
    v = check(cert["challenge"], cert["variant"], w, declared)
    if v.ok and (v.bound is None or cert.get("bound") is None or v.bound > cert["bound"]):
        v.fail(f"the witness proves {v.bound}, the certificate's bound is {cert.get('bound')}")
    return v
