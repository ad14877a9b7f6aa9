"""``octosolve octiles verify``: re-check every stored certificate without a solver.

For each ``data/octiles/certificates/challengeNN-VARIANT.json`` (or the files of ``--certificates
DIR``):

* the placement is read and validated (17 distinct tiles on the 17 spaces), traced by the networkx
  tracer and scored with the variant's scorer (:mod:`.scoring`, listed again in :data:`SCORERS`,
  which the tests keep equal to the catalogue's): the score must equal the stored ``value`` (a yes
  certificate: the condition must hold);
* the status must agree: ``optimal`` means value = bound, ``best+bound`` value <= bound;
* the ``bound_witness`` is checked by :mod:`.witness` (independent of the code that proved the
  bound) and must prove at most the stored bound; a certificate with a bound but no witness is
  shown as "none stored" (not a failure);
* across the questions (:func:`.verify_cross.cross_all`): every stored placement re-scored
  by every question (none may beat a question's certified best), and the containments declared
  with the questions (a special case or a combination never beats the question containing it).

Nothing here imports OR-Tools, scipy or the modules that produced the bounds (tested in a
subprocess). The result is one row per certificate; any failure makes the command exit 1.
"""

from __future__ import annotations

import time
from pathlib import Path

from .. import tiles as T
from ..tracer import trace
from . import combined as Co
from . import scoring as Sc
from . import witness as W
from .geometry import (ADJ_STOPS, CIRCLE_PAIRS, OPP_STOPS, SP, opposite_circle_pairs, ring_pairs,
                       similar_circle_pairs, turned_pairs)

__all__ = ["SCORERS", "CHECKS", "verify_certificate", "verify_all", "table"]

B = T.board()


def _count_paths(tr, pred):
    return sum(1 for p in tr.complete_paths if pred(p))


SCORERS = {
    **{(2, f"{k}-{m}"): Sc.longest_score(k, m) for k in ("path", "loop")
       for m in ("tiles", "segments", "points")},
    (2, "route-squares"): lambda tr: Sc.longest_route_squares(tr)[0],
    (3, "count"): lambda tr: len(tr.loops),
    (5, "printed"): Sc.path_all_tiles_score,
    **{(6, m): Sc.longest_score("path", m, ends_filter=B.is_circle)
       for m in ("tiles", "segments", "points")},
    (7, "count"): lambda tr: Sc.paths_between(tr, CIRCLE_PAIRS),
    (9, "count"): lambda tr: Sc.paths_between(tr, opposite_circle_pairs()),
    (10, "count"): lambda tr: Sc.paths_between(tr, similar_circle_pairs()),
    (11, "twice"): Sc.repeat_score(2),
    (11, "thrice"): Sc.repeat_score(3),
    (12, "count"): lambda tr: max([p.self_crossings for p in Sc.comps(tr)] or [0]),
    (13, "self-crossing"): lambda tr: sum(1 for p in Sc.comps(tr) if p.self_crossings > 0),
    (13, "twice-not-self-crossing"): lambda tr: _count_paths(
        tr, lambda p: p.self_crossings == 0 and p.repeated_tiles),
    (14, "cross"): Sc.score_pair_cross,
    (14, "share"): Sc.score_pair_share,
    **{(15, f"stops-{k}"): (lambda tr, k=k: Sc.disjoint_circle_routes(tr, k)[0]) for k in (1, 2, 3)},
    **{(15, f"shared-{k}"): (lambda tr, k=k: Sc.shared_stop_routes(tr, k)[0]) for k in range(1, 17)},
    (16, "half-turn"): lambda tr: Sc.paths_between(tr, turned_pairs(2)),
    (16, "quarter-turn"): lambda tr: Sc.paths_between(tr, turned_pairs(1)),
    (17, "count"): lambda tr: len(Sc.group_stops(tr)),
    (18, "count"): lambda tr: len(Sc.two_stop_groups(tr)),
    (18, "types"): lambda tr: len({g["type"] for g in Sc.two_stop_groups(tr)} & {"A", "B", "C"}),
    (19, "count"): Sc.single_kind_paths,
    (20, "count"): Sc.rot_symmetric_paths,
    (21, "count"): Sc.distinct_shapes,
    (22, "paths"): Sc.largest_identical_class(("path",)),
    (22, "loops"): Sc.largest_identical_class(("loop",)),
    (22, "routes"): Sc.identical_routes,
    (22, "routes-any"): Sc.identical_routes_any,
    (23, "routes"): Sc.longest_identical_route_pair(None, min_paths=2),
    (23, "circuits"): Sc.longest_identical_route_pair(True, min_paths=1),
    (23, "one-stop-circuits"): Sc.longest_identical_route_pair(True, min_paths=1, one_stop=True),
    (23, "segments"): Sc.longest_identical_pair,
    (24, "count"): Sc.turned_partner_paths,
    (30, "one-tile-paths"): lambda tr: _count_paths(tr, lambda p: p.segments == 1 and p.printed == 0),
    **Co.SCORERS,       # 7 combined with 8, 9, 10, 16
}

# the yes/no questions: the condition a "yes" placement meets
CHECKS = {
    (4, "once"): Sc.loop_every_tile_check,
    (8, "pairs-0"): lambda tr: Sc.paths_between(tr, ring_pairs(0)) == 10,
    (8, "pairs-1"): lambda tr: Sc.paths_between(tr, ring_pairs(1)) == 10,
    (25, "whole-board"): Sc.whole_board(Sc.turned_partner_paths),
    (26, "whole-board"): Sc.whole_board(Sc.mirror_symmetric_paths),
    (26, "whole-board-ends"): Sc.whole_board(Sc.mirror_symmetric_paths_with_ends),
    (27, "whole-board"): Sc.forbid_check(ADJ_STOPS),
    (28, "whole-board"): Sc.forbid_check(OPP_STOPS),
    (29, "whole-board"): Sc.subway_check,
    **Co.CHECKS,        # 25-29 in combination
}


def _row(path: Path) -> dict:
    return {"file": path.name, "challenge": None, "variant": None, "status": None, "value": None,
            "traced": None, "bound": None, "witness": "-", "checked": "-", "rests_on": "-",
            "proven": None, "notes": [], "problems": [], "ok": True, "seconds": 0.0}


def verify_certificate(path: Path) -> dict:
    """One row: what was checked and what failed."""
    t0 = time.perf_counter()
    row = _row(path)

    def bad(msg):
        row["problems"].append(msg)
        row["ok"] = False

    from octosolve.core.errors import OctoError
    from octosolve.core.jsonout import read_json

    try:  # one line naming the problem (a non-UTF-8 file said Python's codec message)
        d = read_json(path, "certificate")
        if not isinstance(d, dict):
            raise OctoError(f"certificate {path} is not a JSON object")
    except OctoError as e:
        bad(f"not a readable JSON certificate: {e.message}")
        row["seconds"] = round(time.perf_counter() - t0, 2)
        return row
    if "status" not in d and "score" in d:          # the first format (25, 26): yes certificates
        d = dict(d, status="yes", value=None, bound=None)
    n, v = d.get("challenge"), d.get("variant")
    row.update(challenge=n, variant=v, status=d.get("status"), value=d.get("value"),
               bound=d.get("bound"))
    key = (n, v)
    if key not in SCORERS and key not in CHECKS:
        bad(f"unknown challenge variant {n} {v}" if n is not None and v is not None else
            "the certificate does not name its " + " and ".join(
                w for w, x in (("challenge", n), ("variant", v)) if x is None))
    elif d.get("status") not in ("optimal", "best+bound", "yes", "no"):
        bad(f"unknown status {d.get('status')!r}")
    else:
        _check_answer(d, key, row, bad)
        if d["status"] in ("optimal", "best+bound"):
            _check_bound(d, row, bad)
        elif d.get("bound_witness") is not None:
            bad("a yes/no certificate with a bound witness")
        elif d["status"] == "no":
            _check_no(d, row, bad)
        else:
            row["witness"] = "condition (tracer)"
            row["checked"] = "yes" if row["ok"] else "no"
    row["seconds"] = round(time.perf_counter() - t0, 2)
    return row


def _check_answer(d, key, row, bad) -> None:
    st = d["status"]
    pl = d.get("placement")
    if st == "no":
        if pl is not None:
            bad("a 'no' certificate with a placement")
        return
    try:
        placement = T.validate_placement(T.placement_from_json(pl), full=True)
    except Exception as e:          # (OctoError, a malformed placement: reported, not raised)
        bad(f"placement: {getattr(e, 'message', e)}")
        return
    tr = trace(placement)
    if st == "yes":
        if key not in CHECKS:
            bad("a yes certificate for a variant that is not a yes/no question")
        elif not CHECKS[key](tr):
            bad("the traced placement does not meet the condition")
        return
    if key not in SCORERS:
        bad("a scored certificate for a yes/no question")
        return
    val = SCORERS[key](tr)
    row["traced"] = val
    if val != d.get("value"):
        bad(f"the tracer scores the placement {val}, the certificate says {d.get('value')}")
    b = d.get("bound")
    if not isinstance(b, int) or isinstance(b, bool):
        bad(f"bound {b!r} is not an integer")
    elif st == "optimal" and val != b:
        bad(f"optimal, but value {val} != bound {b}")
    elif st == "best+bound" and val > b:
        bad(f"value {val} above the bound {b}")


def _check_no(d, row, bad) -> None:
    """A "no" (no placement meets the condition) is a solver's word: the ``proof`` lists its
    ``claims`` (each a solver, a formulation and its status, INFEASIBLE) and says what it
    ``rests_on``; the claims must agree with the certificate. Two claims (solvers or formulations)
    are asked for: with one, the row notes that the "no" rests on one solver run."""
    proof = d.get("proof") or {}
    claims = proof.get("claims")
    if claims is None:
        row["witness"], row["checked"], row["rests_on"] = "-", "no claims stored", "cp-sat only"
        row["notes"].append("a 'no' without solver claims in its proof")
        return
    if not isinstance(claims, list) or not claims:
        bad("a 'no' certificate whose proof has no claims")
        return
    solvers, forms = [], set()
    for c in claims:
        if not isinstance(c, dict) or c.get("solver") not in ("CP-SAT", "HiGHS"):
            bad(f"unknown solver in claim {c!r}")
            return
        if c.get("status") != "INFEASIBLE":
            bad(f"{c['solver']} said {c.get('status')}, not INFEASIBLE")
        if not c.get("formulation"):
            bad(f"a {c['solver']} claim without its formulation")
        solvers.append(c["solver"])
        forms.add(c.get("formulation"))
    rests = "cp-sat + HiGHS" if {"CP-SAT", "HiGHS"} <= set(solvers) else "cp-sat only"
    if proof.get("rests_on") != rests:
        bad(f"rests_on says {proof.get('rests_on')!r}, the claims say {rests!r}")
    row["rests_on"] = rests
    row["witness"] = f"solver ({' + '.join(dict.fromkeys(solvers))}, {len(claims)} claim" \
                     f"{'s' if len(claims) > 1 else ''})"
    if len(forms) < 2:
        row["notes"].append("the 'no' rests on one solver run only")
    row["checked"] = "yes" if row["ok"] else "no"


def _check_bound(d, row, bad) -> None:
    w = d.get("bound_witness")
    if w is None:
        row["witness"], row["checked"] = "-", "none stored"
        return
    verdict = W.check_certificate_witness(d)
    row["witness"] = verdict.kind
    row["rests_on"] = verdict.rests_on
    row["proven"] = verdict.bound
    row["notes"] += verdict.notes
    row["checked"] = "yes" if verdict.ok else "no"
    for p in verdict.problems:
        bad(f"witness: {p}")


def verify_all(cert_dir: Path) -> list[dict]:
    return [verify_certificate(p) for p in sorted(Path(cert_dir).glob("challenge*.json"))]


def table(rows: list[dict], seconds: float) -> str:
    from octosolve.core.words import counted

    head = ["#", "variant", "status", "value", "bound", "witness kind", "checked", "rests on", "s"]
    body = []
    def cell(x):
        return "-" if x is None else str(x)

    for r in rows:
        if r["challenge"] is None and r["variant"] is None:      # unreadable: name the file
            body.append(["?", r["file"], "FAILED" if not r["ok"] else "-", "-", "-", "-", "-", "-",
                         f"{r['seconds']:.2f}"])
            continue
        body.append([cell(r["challenge"]), cell(r["variant"]), cell(r["status"]),
                     "-" if r["value"] is None else str(r["value"]),
                     "-" if r["bound"] is None else str(r["bound"]), r["witness"], r["checked"],
                     r["rests_on"], f"{r['seconds']:.2f}"])
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    lines = ["  ".join(x.ljust(w) for x, w in zip(head, widths)).rstrip()]
    lines += ["  ".join(x.ljust(w) for x, w in zip(b, widths)).rstrip() for b in body]
    for r in rows:
        for n in r["notes"]:
            lines.append(f"{r['challenge']} {r['variant']}: {n}")
    for r in rows:
        for p in r["problems"]:
            lines.append(f"FAILED {r['file']}: {p}")
    failed = sum(1 for r in rows if not r["ok"])
    counts = {}
    for r in rows:
        if r["rests_on"] != "-":
            counts[r["rests_on"]] = counts.get(r["rests_on"], 0) + 1
    none = sum(1 for r in rows if r["checked"] == "none stored")
    lines.append(f"{counted(len(rows), 'certificate')}, {failed} failed; bounds resting on: "
                 + (", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv:
                                                            W.REST_ORDER.index(kv[0]))) or "none")
                 + (f"; {none} without a witness" if none else "") + f"; {seconds:.1f} s")
    return "\n".join(lines)
