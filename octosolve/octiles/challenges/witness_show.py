"""A certificate's witness in plain words (issue 19: "the witnesses are shown"): what kind of
witness proves the bound (or answers a yes/no question), what is in it, and whether
``octosolve octiles verify`` (:mod:`.verify`, no solver) accepted it. The report writes it into every
variant's result JSON (key ``witness``) and its README; the web gallery shows :func:`witness_line`
under "how it is proved".

>>> describe({"kind": "lp-dual", "lp": "cycle-packing", "multipliers": {"link:a2.4-b2.0": "1/2",
...           "space:c3": "1"}, "value": "17/2", "bound": 8})
'LP dual of the cycle-packing LP: 2 multipliers (1 link, 1 space), value 8 1/2, checked in exact fractions: proves 8'
>>> describe({"kind": "counting", "argument": "spaces", "facts": {"spaces": 17}, "bound": 17})
'counting (spaces): a formula over 1 fact recounted on the board (spaces 17): proves 17'
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

__all__ = ["describe", "summarise", "witness_line", "mixed"]

_ROW_WORDS = {"link": "link", "space": "space", "port": "port", "tile": "tile", "seg": "segment",
              "split": "split", "ends": "end count", "stub": "stub"}


def mixed(value) -> str:
    """An exact rational (``"17/2"``) as a mixed number (``"8 1/2"``)."""
    try:
        f = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    whole, rest = divmod(f.numerator, f.denominator)
    if rest == 0:
        return str(whole)
    return f"{rest}/{f.denominator}" if whole == 0 else f"{whole} {rest}/{f.denominator}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else ('es' if word.endswith('ch') else 's')}"


def _rows(names) -> str:
    """How many multipliers sit on which kind of row: ``3 links, 2 spaces``."""
    counts: dict = {}
    for n in names:
        kind = str(n).split(":", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(_plural(c, _ROW_WORDS.get(k, k)) for k, c in sorted(counts.items()))


def _claims(w: dict, verb: str) -> str:
    solvers = list(dict.fromkeys(c.get("solver", "?") for c in w.get("claims") or []))
    said = " and ".join(solvers) or "no solver"
    if "at_least" in w:
        what = f"INFEASIBLE for {w['at_least']} or more"
    elif "maximum" in w:
        what = f"OPTIMAL {w['maximum']}"
    else:
        what = verb
    return f"{said} said {what}"


def _leaves(tree: dict) -> list:
    if "split" in tree:
        return _leaves(tree.get("below") or {}) + _leaves(tree.get("above") or {})
    return [tree]


def _parts(w: dict) -> list[dict]:
    """The witnesses a case split is made of, in the order they are stored."""
    out = []
    for key in ("packing", "one_tile", "counting", "long"):
        if isinstance(w.get(key), dict):
            out.append(w[key])
    out += [c["witness"] for c in w.get("cases") or [] if isinstance(c.get("witness"), dict)]
    out += [v for v in (w.get("classes") or {}).values() if isinstance(v, dict)]
    return out


def _kinds(parts) -> str:
    counts: dict = {}
    for p in parts:
        k = {"lp-dual": "LP dual", "lp-branch": "LP branch and bound", "solver": "solver claim",
             "counting": "counting", "multicut": "multicut"}.get(p.get("kind"), str(p.get("kind")))
        counts[k] = counts.get(k, 0) + 1
    return ", ".join(f"{c} {k}" + ("s" if c > 1 and not k.endswith("ing") else "")
                     for k, c in counts.items())


def describe(w: dict | None, depth: int = 0) -> str:
    """A bound witness in one plain sentence: its kind and what is in it."""
    if not isinstance(w, dict):
        return "no witness stored"
    kind = w.get("kind")
    proves = f": proves {w['bound']}" if "bound" in w else ""
    if kind == "counting":
        facts = w.get("facts") or {}
        shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in list(facts.items())[:3])
        more = ", ..." if len(facts) > 3 else ""
        return (f"counting ({w.get('argument')}): a formula over {_plural(len(facts), 'fact')} "
                f"recounted on the board ({shown}{more}){proves}")
    if kind == "lp-dual":
        m = w.get("multipliers") or {}
        return (f"LP dual of the {w.get('lp')} LP: {_plural(len(m), 'multiplier')} ({_rows(m)}), "
                f"value {mixed(w.get('value'))}, checked in exact fractions{proves}")
    if kind == "lp-branch":
        leaves = _leaves(w.get("tree") or {})
        top = max((Fraction(str(x.get("value", 0))) for x in leaves), default=Fraction(0))
        return (f"LP branch and bound on the {w.get('lp')} LP: {_plural(len(leaves) - 1, 'split')} on "
                f"cycles, {_plural(len(leaves), 'leaf')} each priced by an LP dual (largest value "
                f"{mixed(top)}), checked in exact fractions{proves}").replace("leafs", "leaves")
    if kind == "multicut":
        m = w.get("weights") or {}
        return (f"multicut: {_plural(len(m), 'weight')} on ports summing to {mixed(w.get('value'))}, "
                f"every route between two {w.get('pairs')} circles weighs at least 1 (Dijkstra in "
                f"exact fractions){proves}")
    if kind == "solver":
        text = f"solver claims: {_claims(w, 'so')} (not checkable without a solver)"
        part = w.get("partial")
        if isinstance(part, dict) and depth == 0:
            text += f"; beside it, checked: {describe(part, depth + 1)}"
        elif isinstance(part, dict):
            text += f"; beside it a checked {_kinds([part]).split(' ', 1)[1]} proves {part.get('bound')}"
        return text
    if kind == "relaxation":
        of = w.get("of") or ["?", "?"]
        sub = describe(w.get("witness"), depth + 1)
        return f"relaxation: the bound of {of[0]} {of[1]} holds here, by its witness ({sub})"
    if kind == "cases":
        parts = _parts(w)
        if len(parts) == 1:
            return f"case argument ({w.get('split')}) resting on: {describe(parts[0], depth + 1)}"
        head = (f"split ({w.get('split')}) into {_plural(len(parts), 'part')}, each with its own "
                f"witness")
        if depth > 0 or len(parts) > 4:
            claims = any(p.get("kind") == "solver" for p in parts)
            return (f"{head}: {_kinds(parts)}"
                    + (" (the solver claims not checkable without a solver)" if claims else "")
                    + proves)
        return f"{head}: " + "; ".join(describe(p, depth + 1) for p in parts)
    return f"{kind} witness{proves}"


def _answer_text(cert: dict) -> tuple[str, str]:
    st = cert.get("status")
    if st == "yes":
        return "placement", "the stored placement itself: the tracer checks that it meets the condition"
    claims = (cert.get("proof") or {}).get("claims") or []
    solvers = " and ".join(dict.fromkeys(c.get("solver", "?") for c in claims)) or "no solver"
    return "solver", (f"solver claims: {solvers} said INFEASIBLE on {_plural(len(claims), 'run')} "
                      "(not checkable without a solver)")


def summarise(cert_file: Path) -> dict | None:
    """``{kind, of, summary, checked, rests_on}`` for the certificate in ``cert_file`` (None when the
    file does not exist): ``of`` is ``bound`` (the witness of an optimum's or a best's bound) or
    ``answer`` (a yes/no question's: the placement, or a "no"'s solver claims); ``checked`` is whether ``octosolve octiles verify`` accepts the whole
    certificate (answer re-traced, witness re-checked), ``rests_on`` what the bound rests on
    (``witness``: checked without a solver; ``cp-sat + HiGHS`` / ``cp-sat only``: a solver's word)."""
    import json

    from .verify import verify_certificate

    p = Path(cert_file)
    if not p.is_file():
        return None
    row = verify_certificate(p)
    try:
        cert = json.loads(p.read_text(encoding="utf-8"))
    except ValueError:
        cert = {}
    w = cert.get("bound_witness") if isinstance(cert, dict) else None
    of = "bound"
    if isinstance(w, dict):
        kind, text = str(w.get("kind")), describe(w)
    elif isinstance(cert, dict) and cert.get("status") in ("yes", "no"):
        (kind, text), of = _answer_text(cert), "answer"
    else:
        kind, text = "none", "no witness stored"
    rests = row["rests_on"] if row["rests_on"] != "-" else (
        "witness" if kind == "placement" else "-")
    return {"kind": kind, "of": of, "summary": text, "checked": bool(row["ok"]) and row["checked"] == "yes",
            "rests_on": rests}


def witness_line(w: dict | None) -> str:
    """The line the gallery and the report show: the witness and whether verify accepted it."""
    if not w:
        return ""
    label = "Witness" if w.get("of") == "answer" else "Bound witness"
    mark = "\u2713" if w.get("checked") else "\u2717 FAILED"
    if w.get("rests_on") in ("witness", "-"):
        how = "re-checked without a solver by `octosolve octiles verify`"
    else:
        what = "answer" if w.get("of") == "answer" else "bound"
        how = (f"claims checked for consistency by `octosolve octiles verify`; the {what} rests on "
               f"{w['rests_on']}")
    return f"{label}: {w['summary']} \u2014 {how}: {mark}"
