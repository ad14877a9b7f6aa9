"""Certificates: the stored answer of every challenge variant, re-checked instead of searched.

A certificate ``data/octiles/certificates/challengeNN-<variant>.json`` is written by
``octosolve octiles prove N --question Q`` (:mod:`.prove`) and holds:

* ``placement``: 17 of the 18 tiles (the answer);
* ``value``: its score by the challenge's own scorer (tracer-based), ``None`` for a yes/no question;
* ``status``: ``optimal`` (value = bound), ``best+bound`` (best found, with a proven bound),
  ``yes`` (the placement meets the yes/no condition) or ``no`` (proven impossible);
* ``bound`` and ``proof``: the proven upper bound and what proves it (``method``, ``argument``,
  the solver's parameters and status, the cases of a split);
* ``seconds``: how long the proof took (a stored fact), and ``command``: the command that made it;
* ``bound_witness`` (added by ``scripts/add_bound_witnesses.py``, not by ``prove``): what lets
  ``octosolve octiles verify`` check the bound with code independent of the proof
  (:mod:`.witness`); a new proof drops it until the script runs again.

:func:`recheck` turns a certificate into a :class:`~.model.Result` by tracing its placement with the
networkx tracer and scoring it with the challenge's scorer (never the model that produced it); a
value that does not match is reported as a mismatch. Every certificate has this one format (the
first ones, 25 and 26, were upgraded; a test checks the keys of every file).
"""

from __future__ import annotations

import json
from pathlib import Path

from octosolve.core.errors import fail
from octosolve.core.paths import DATA_DIR

from .. import rules as R
from .model import Result

__all__ = ["CERT_DIR", "STATUSES", "cert_path", "load_certificate", "save_certificate", "recheck",
           "all_certificates"]

CERT_DIR = DATA_DIR / "octiles" / "certificates"
STATUSES = ("optimal", "best+bound", "yes", "no")


def cert_path(number: int, variant: str, cert_dir: Path | None = None) -> Path:
    return Path(cert_dir or CERT_DIR) / f"challenge{number:02d}-{variant}.json"


def _normalise(d: dict) -> dict:
    """Check the one certificate format's status (the first certificates of 25 and 26, with
    ``score`` and ``note``, were upgraded to it)."""
    if not isinstance(d, dict) or "status" not in d:
        fail("not a certificate in the current format: no 'status' (octosolve octiles prove writes one)")
    if d["status"] not in STATUSES:
        fail(f"certificate status must be one of {', '.join(STATUSES)}, got {d['status']!r}")
    return d


def load_certificate(number: int, variant: str, cert_dir: Path | None = None) -> dict | None:
    """The certificate of a variant (placement parsed), or None when there is none."""
    p = cert_path(number, variant, cert_dir)
    if not p.exists():
        return None
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        fail(f"{p.name}: not a JSON certificate ({e})")
    d = _normalise(d)
    if d.get("placement") is not None:
        d["placement"] = R.validate_placement(R.placement_from_json(d["placement"]), full=True)
    d["file"] = f"data/octiles/certificates/{p.name}"
    return d


def save_certificate(cert: dict, cert_dir: Path | None = None) -> Path:
    """Write a certificate (keys in a fixed order; the placement as JSON)."""
    from octosolve.core.jsonout import write_json

    d = dict(cert)
    if d["status"] not in STATUSES:
        raise ValueError(d["status"])
    if d.get("placement") is not None:
        d["placement"] = R.placement_to_json(d["placement"])
    d.pop("file", None)
    order = ["challenge", "variant", "status", "value", "bound", "proof", "bound_witness", "solver",
             "seconds", "command", "placement"]
    out = {k: d[k] for k in order if k in d}
    out.update({k: v for k, v in d.items() if k not in out})
    p = cert_path(cert["challenge"], cert["variant"], cert_dir)
    p.parent.mkdir(parents=True, exist_ok=True)
    write_json(p, out)
    return p


def recheck(number: int, var, cert: dict) -> Result:
    """Trace the certificate's placement and score it with the variant's own scorer. The result's
    status is OPTIMAL for ``optimal``, FEASIBLE for ``best+bound`` and ``yes``, INFEASIBLE for
    ``no``; ``verified`` says whether the tracer agrees with the certificate."""
    st = cert["status"]
    status = {"optimal": "OPTIMAL", "best+bound": "FEASIBLE", "yes": "FEASIBLE",
              "no": "INFEASIBLE"}[st]
    pl = cert.get("placement")
    res = Result(number, var.name, status, cert.get("value"), cert.get("bound"),
                 float(cert.get("seconds") or 0.0), pl)
    if pl is not None:
        tr = R.trace(pl)
        val = var.score(tr)
        res.verified_value = val
        if var.check is not None:
            res.verified = bool(var.check(tr)) == (st == "yes")
        else:
            res.verified = val == cert.get("value")
            if cert.get("bound") is not None:
                res.verified = res.verified and val <= cert["bound"]
            if st == "optimal":
                res.verified = res.verified and val == cert.get("bound")
    else:
        res.verified = st == "no"
    if not res.verified:
        res.status = "MISMATCH"
    proof = cert.get("proof") or {}
    res.extra.update({"certificate": cert.get("file"), "certificate_status": st,
                      "proof": proof.get("method", ""), "command": cert.get("command", "")})
    if proof.get("argument"):
        res.extra["argument"] = proof["argument"]
    return res


def all_certificates(cert_dir: Path | None = None) -> list[Path]:
    return sorted(Path(cert_dir or CERT_DIR).glob("challenge*.json"))
