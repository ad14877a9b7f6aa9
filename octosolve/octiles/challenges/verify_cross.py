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

from pathlib import Path

from .. import tiles as T
from ..tracer import trace
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


def _classes(routes, members: int, paths: int) -> list:
    """The shape classes of ``routes`` that can hold ``members`` routes sharing no path, each of
    ``paths`` paths or more: grouped by cheap invariants of a shape first (its segments' kinds, the
    number of segments on each space it crosses), a group kept only when it has ``members`` routes
    and the paths for them; the shape keys (slow) computed only there."""
    pre: dict = {}
    for ids, info in routes:
        per: dict = {}
        for st in info.steps:
            per[st.space] = per.get(st.space, 0) + 1
        inv = (tuple(sorted(st.distance for st in info.steps)), tuple(sorted(per.values())))
        pre.setdefault(inv, []).append((ids, info))
    out = []
    for group in pre.values():
        if len(group) < members or len(frozenset().union(*(g[0] for g in group))) < members * paths:
            continue
        by: dict = {}
        for ids, info in group:
            by.setdefault(info.shape_key(), []).append(ids)
        out += [m for m in by.values() if len(m) >= members]
    return out


def _beats_routes(key, tr, value, cache):
    """Whether the route question ``key`` scores above ``value`` on ``tr`` (None: not a route
    question: none declared ``quick_beats``). Exact: a class that could beat ``value`` is packed until
    it does."""
    def routes(closed, min_paths):
        if (closed, min_paths) not in cache:
            cache[closed, min_paths] = SR.all_routes(tr, closed=closed, min_paths=min_paths)
        return cache[closed, min_paths]

    how, closed, least = _QUICK.get(key, (None, None, None))
    if how == "classes":
        return any(len(SR._pack_disjoint(m, limit=value + 1)) > value
                   for m in _classes(routes(closed, least), value + 1, least))
    if how == "pair":
        total = sum(len(p.steps) for p in tr.complete_paths)
        # a shape class has one length; two routes sharing no path take twice its segments
        long = [r for r in routes(closed, least) if value < len(r[1].steps) <= total // 2]
        return any(len(SR._pack_disjoint(m, limit=2)) >= 2 for m in _classes(long, 2, least))
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
