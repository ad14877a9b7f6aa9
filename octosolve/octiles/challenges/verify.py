"""``octosolve octiles verify``: re-check every stored certificate without a solver.

For each ``data/octiles/certificates/challengeNN-VARIANT.json`` (or the files of ``--certificates
DIR``):

* the placement is read and validated (17 distinct tiles on the 17 spaces), traced by the networkx
  tracer and scored with the scorer its question declares in the catalogue (:mod:`.scoring`): the
  score must equal the stored ``value`` (a yes certificate: the condition must hold);
* the status must agree: ``optimal`` means value = bound, ``best+bound`` value <= bound;
* the ``bound_witness`` is checked by :mod:`.witness` (independent of the code that proved the
  bound) and must prove at most the stored bound; a certificate with a bound but no witness is
  shown as "none stored" (not a failure);
* across the questions (:func:`.verify_cross.cross_all`): every stored placement re-scored
  by every question (none may beat a question's certified best), and the containments declared
  with the questions (a special case or a combination never beats the question containing it).

Nothing here imports OR-Tools, scipy or the modules that produced the bounds (tested in a
subprocess): the catalogue names its models, bound arguments and proofs lazily. The result is one row per certificate; any failure makes the command exit 1.
"""

from __future__ import annotations

import time
from pathlib import Path

from .. import tiles as T
from ..tracer import trace
from . import witness as W

__all__ = ["declared", "declared_witness", "verify_certificate", "verify_all", "table"]



def declared(number, variant):
    """The catalogue's declaration of a certificate's question (None when it names none): its
    ``score`` re-scores a placement, its ``check`` (a yes/no question) is the condition."""
    from .catalogue import CHALLENGES      # (declarations only: no model, solver or bound code)

    if isinstance(number, bool) or not isinstance(number, int) or not isinstance(variant, str):
        return None
    ch = CHALLENGES.get(number)
    return ch.variant(variant) if ch is not None else None


def declared_witness(number, variant) -> tuple | None:
    """The bound witness a question declares (its builder's name and arguments), None for none."""
    var = declared(number, variant)
    return None if var is None else var.witness


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
    var = declared(n, v)
    if var is None:
        bad(f"unknown challenge variant {n} {v}" if n is not None and v is not None else
            "the certificate does not name its " + " and ".join(
                w for w, x in (("challenge", n), ("variant", v)) if x is None))
    elif d.get("status") not in ("optimal", "best+bound", "yes", "no"):
        bad(f"unknown status {d.get('status')!r}")
    else:
        _check_answer(d, var, row, bad)
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


def _check_answer(d, var, row, bad) -> None:
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
        if var.check is None:
            bad("a yes certificate for a variant that is not a yes/no question")
        elif not var.check(tr):
            bad("the traced placement does not meet the condition")
        return
    if var.check is not None:
        bad("a scored certificate for a yes/no question")
        return
    val = var.score(tr)
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
    verdict = W.check_certificate_witness(d, declared_witness)
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
