"""The cross-question checks of ``octosolve octiles verify`` (issue 44, item 4).

Every question scores a full placement of 17 tiles, so every stored placement answers every question:

* **re-scored everywhere**: each certificate's placement is scored by every scored question's scorer
  (its declaration in the catalogue); a placement scoring above a question's certified best is a better answer
  that the question's certificate does not hold (a failure: store it), one scoring above the
  question's proven bound contradicts that bound (a failure);
* **containments**: the relations declared with the questions (``at_most`` in the catalogue: a
  special case, or a combination, never beats the question it is contained in), read from the
  declarations into :data:`RELATIONS`. Each is checked on every
  stored placement (the scores, or the yes/no conditions, obey it) and against the certificates: the
  special question's best never above the general one's bound, a "yes" of the special question
  never beside a "no" of the general one. The general bound is reported when it is the tighter.

The route scorers (22 routes-any, 23 routes and circuits) list every route of a placement, which
is slow; the question asked here is only "does it beat the best?", so they list the routes once per
placement and look only at the shape classes that could (enough members, or long enough).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import Counter

from pathlib import Path

from .. import tiles as T
from ..tracer import PathInfo, trace
from . import scoring_routes as SR

__all__ = ["SCORERS", "CHECKS", "RELATIONS", "cross_check", "cross_all", "cross_lines"]

def _declarations() -> tuple[dict, dict, tuple]:
    """From the catalogue's declarations (nothing is listed again here): the scorer of every scored
    question, the condition of every yes/no question, and the containments declared ``at_most``
    (special, general): the special question's score of a placement is at most the general one's
    (a yes/no question: its condition implies the general one's)."""
    from .catalogue import CHALLENGES      # (declarations only: no model, solver or bound code)

    scorers, checks, relations, quick = {}, {}, [], {}
    for n, ch in CHALLENGES.items():
        for v in ch.variants:
            key = (n, v.name)
            if getattr(v, "sense", None) == "feasible":
                checks[key] = v.check
            else:
                scorers[key] = v.score
            relations += [(key, tuple(g)) for g in v.at_most]
            if v.quick_beats is not None:
                quick[key] = v.quick_beats
    return scorers, checks, tuple(relations), quick


SCORERS, CHECKS, RELATIONS, _QUICK = _declarations()


class _Routes:
    """Every route of one placement (:func:`.scoring_routes.all_routes`), walked once for every reading
    (open, circuits, both; of at least 1 or 2 paths) and kept as path-id sets: a route's tile segments
    are its paths', so what the checks read of a route (its number of segments, of each kind, of
    segments on each space it crosses, its shape key) is computed from its paths, each route's once."""

    def __init__(self, tr):
        self.paths = {p.id: p for p in tr.complete_paths}
        self.kinds: dict = {}            # path ids -> [walked open, walked as a circuit]

        def visit(nodes, ps, is_closed, key):
            seen = self.kinds.get(key)
            if seen is None:
                seen = self.kinds[key] = [False, False]
            seen[is_closed] = True

        SR.walk_routes(tr, visit)
        self.segments = {i: len(p.steps) for i, p in self.paths.items()}
        self.total = sum(self.segments.values())
        # a route's invariants as sums over its paths: the number of its segments of each kind, and
        # of its segments on each space, in fields of 4 bits of one integer (a space holds at most 4
        # tile segments, fewer than 16: no field carries into the next)
        per_space = Counter(st.space for p in self.paths.values() for st in p.steps)
        if per_space and max(per_space.values()) >= 16:
            raise ValueError("more than 15 tile segments on one space")
        field = {space: 1 << (4 * k) for k, space in enumerate(sorted(per_space))}
        self.kind_code = {i: sum(1 << (16 * st.distance) for st in p.steps) for i, p in self.paths.items()}
        self.space_code = {i: sum(field[st.space] for st in p.steps) for i, p in self.paths.items()}
        self._readings: dict = {}
        self._inv: dict = {}
        self._shapes: dict = {}

    def reading(self, closed, min_paths: int) -> tuple[list, list]:
        """The routes of a reading (those ``all_routes(tr, closed=, min_paths=)`` lists), by number of
        segments: (the numbers, sorted; the routes' path ids in that order)."""
        if (closed, min_paths) not in self._readings:
            rows = sorted((sum(map(self.segments.__getitem__, ids)), n, ids)
                          for n, (ids, (is_open, is_closed)) in enumerate(self.kinds.items())
                          if len(ids) >= min_paths and (closed is None or (is_closed if closed else is_open)))
            self._readings[closed, min_paths] = ([r[0] for r in rows], [r[2] for r in rows])
        return self._readings[closed, min_paths]

    def invariant(self, ids) -> tuple:
        """Cheap invariants of a route's shape: its segments of each kind, and how many spaces it
        crosses once, twice, ... (equal shapes have equal invariants)."""
        inv = self._inv.get(ids)
        if inv is None:
            per = hex(sum(map(self.space_code.__getitem__, ids)))
            inv = self._inv[ids] = (sum(map(self.kind_code.__getitem__, ids)),
                                    tuple(map(per.count, "123456789abcdef")))
        return inv

    def shape(self, ids):
        if ids not in self._shapes:
            steps = []
            for i in sorted(ids):
                steps += self.paths[i].steps
            self._shapes[ids] = PathInfo(-1, "route", [], steps, 0).shape_key()
        return self._shapes[ids]

    def classes(self, closed, min_paths: int, members: int, longer: int = 0) -> list:
        """The shape classes of the reading's routes (of more than ``longer`` segments) that can hold
        ``members`` routes sharing no path: such routes share no segment either, so each has at most
        1/``members`` of the placement's segments; grouped by the invariants first, a group kept only
        when it has ``members`` routes and the paths for them (``min_paths`` each); the shape keys
        (slow) computed only there."""
        sizes, routes = self.reading(closed, min_paths)
        window = routes[bisect_right(sizes, longer):bisect_right(sizes, self.total // members)]
        pre: dict = {}
        for ids in window:
            pre.setdefault(self.invariant(ids), []).append(ids)
        out = []
        for group in pre.values():
            if len(group) < members or len(frozenset().union(*group)) < members * min_paths:
                continue
            by: dict = {}
            for ids in group:
                by.setdefault(self.shape(ids), []).append(ids)
            out += [m for m in by.values() if len(m) >= members]
        return out


def _beats_routes(key, tr, value, cache):
    """Whether the route question ``key`` scores above ``value`` on ``tr`` (None: not a route
    question: none declared ``quick_beats``). Exact: a class that could beat ``value`` is packed until
    it does."""
    how, closed, least = _QUICK.get(key, (None, None, None))
    if how is None:
        return None
    if "routes" not in cache:
        cache["routes"] = _Routes(tr)
    routes = cache["routes"]
    if how == "classes":
        return any(len(SR._pack_disjoint(m, limit=value + 1)) > value
                   for m in routes.classes(closed, least, value + 1))
    if how == "pair":
        return any(len(SR._pack_disjoint(m, limit=2)) >= 2 for m in routes.classes(closed, least, 2, longer=value))
    return None


def _placements(certs):
    """Each distinct stored placement once: {canonical JSON: (file names, tracing)}."""
    out: dict = {}
    for name, d in certs:
        pl = d.get("placement")
        if pl is None:
            continue
        try:
            placement = T.validate_placement(T.placement_from_json(pl), full=True)
        except Exception:                 # (reported by the certificate's own row)
            continue
        k = json.dumps(pl, sort_keys=True)
        if k in out:
            out[k][0].append(name)
        else:
            out[k] = ([name], trace(placement))
    return out


def _scorer(tr, cache):
    """``at_least(key, k)``: the question ``key`` scores at least ``k`` on ``tr`` (each score
    computed once; a route question only as far as needed)."""
    scores: dict = {}

    def at_least(key, k):
        if k <= 0:
            return True
        if key not in scores:
            beats = _beats_routes(key, tr, k - 1, cache)
            if beats is not None and not beats:
                return False
            scores[key] = SCORERS[key](tr)
        return scores[key] >= k

    def score(key):
        if key not in scores:
            scores[key] = SCORERS[key](tr)
        return scores[key]
    return at_least, score


def cross_check(certs, pointwise: bool = False) -> dict:
    """``certs``: [(file name, certificate dict)] (readable ones). Returns the relation rows, the
    better answers found, and the problems (each a failure). ``pointwise``: also check each
    relation's scores on every stored placement (slow: the route scorers in full; the tests do)."""
    best = {}
    for name, d in certs:
        key = (d.get("challenge"), d.get("variant"))
        best[key] = dict(file=name, status=d.get("status"), value=d.get("value"), bound=d.get("bound"))
    scored = {k: b for k, b in best.items() if b["status"] in ("optimal", "best+bound")
              and isinstance(b["value"], int) and k in SCORERS}
    problems, better = [], []
    places = list(_placements(certs).values())
    scorers = [_scorer(tr, {}) for _, tr in places]
    for (names, tr), (at_least, score) in zip(places, scorers):
        for key, b in sorted(scored.items()):
            if not at_least(key, b["value"] + 1):
                continue
            val = score(key)
            better.append(dict(question=list(key), value=val, was=b["value"], placement_of=names[0]))
            if isinstance(b["bound"], int) and val > b["bound"]:
                problems.append(f"{key[0]} {key[1]}: the placement of {names[0]} scores {val}, above "
                                f"its proven bound {b['bound']}")
            else:
                problems.append(f"{key[0]} {key[1]}: the placement of {names[0]} scores {val}, "
                                f"better than its certificate's {b['value']} (store it)")
        for key in sorted(CHECKS):        # a yes/no question: met by a stored placement?
            b = best.get(key)
            if (b is None or b["status"] != "yes") and CHECKS[key](tr):
                better.append(dict(question=list(key), value="yes", was=b and b["status"],
                                   placement_of=names[0]))
                if b is not None:   # (without a certificate in the folder: reported, not failed)
                    problems.append(f"{key[0]} {key[1]}: the placement of {names[0]} meets its "
                                    f"condition, its certificate says {b['status']}")
    rows = []
    for special, general in RELATIONS:
        s, g = best.get(special), best.get(general)
        row = dict(special=list(special), general=list(general), placements=len(places),
                   ok=True, note="")
        yesno = special in CHECKS or general in CHECKS
        for (names, tr), (at_least, score) in zip(places, scorers):
            if not pointwise:
                break
            if yesno:
                bad = CHECKS[special](tr) and not CHECKS[general](tr)
            else:
                bad = not at_least(general, score(special))
            if bad:
                row["ok"] = False
                problems.append(f"{special} within {general}: broken by the placement of {names[0]}")
                break
        if s and g:
            if yesno and s["status"] == "yes" and g["status"] == "no":
                row["ok"] = False
                problems.append(f"{special} answered yes, {general} (contains it) no")
            if not yesno and isinstance(g["bound"], int) and isinstance(s["value"], int):
                if s["value"] > g["bound"]:
                    row["ok"] = False
                    problems.append(f"{special} best {s['value']} above the bound {g['bound']} of "
                                    f"{general}, which contains it")
                elif isinstance(s["bound"], int) and g["bound"] < s["bound"]:
                    row["note"] = f"{general}'s bound {g['bound']} is tighter than the stored {s['bound']}"
        rows.append(row)
    return {"relations": rows, "better": better, "problems": problems,
            "placements": len(places), "questions": len(scored)}


def cross_all(cert_dir: Path) -> dict:
    """The cross-question checks (:mod:`.verify_cross`) over the readable certificates of
    ``cert_dir`` (an unreadable one is a failure of its own row)."""
    from octosolve.core.errors import OctoError
    from octosolve.core.jsonout import read_json

    certs = []
    for p in sorted(Path(cert_dir).glob("challenge*.json")):
        try:
            d = read_json(p, "certificate")
        except OctoError:
            continue
        if isinstance(d, dict):
            certs.append((p.name, d))
    return cross_check(certs)


def cross_lines(res: dict, seconds: float | None = None) -> list[str]:
    """The lines ``verify`` prints for the cross-question checks."""
    rel = res["relations"]
    lines = [f"cross-question: {res['placements']} distinct stored placements re-scored against "
             f"{res['questions']} scored questions, {len(res['better'])} better answer"
             f"{'s' if len(res['better']) != 1 else ''} found; {len(rel)} containments checked "
             f"({sum(1 for r in rel if not r['ok'])} broken)"
             + ("" if seconds is None else f"; {seconds:.1f} s")]
    for r in rel:
        if r["note"]:
            lines.append(f"{r['special'][0]} {r['special'][1]}: {r['note']}")
    lines += [f"{b['question'][0]} {b['question'][1]}: the placement of {b['placement_of']} "
              f"answers it (yes), and no certificate holds it" for b in res["better"]
              if b["was"] is None]
    lines += [f"FAILED cross-question: {p}" for p in res["problems"]]
    return lines
