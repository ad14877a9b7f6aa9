"""The challenge gallery: every variant's certificate re-checked by the tracer (no search), one JSON +
SVG per variant under ``challenges/``, and a page ``challenges/README.md``; also how a result is shown
(the paths its picture highlights, its value in words).
"""

from __future__ import annotations

import time
from pathlib import Path

from octosolve.core.jsonout import write_json
from octosolve.core.progress import progress

from ...core.files import atomic_write_text
from .catalogue import CHALLENGES, all_variants, method_name, solve_variant, statement
from .model import Result
from .pictures import challenge_drawing, highlight_for, value_text
from .witness_show import witness_line

__all__ = ["quick_variants", "highlight_for", "value_text", "proof_sentence", "open_sentence", "answer_variant", "run_variant",
           "build_gallery"]



def quick_variants() -> list[tuple[int, str | None]]:
    """The few variants of the quick gallery: those declared ``quick``, in the catalogue's order."""
    return [(n, v) for n, v in all_variants() if _shown(n, v).quick]


def _shown(n: int, v: str | None):
    """What declares how a variant is shown: the variant, or a BFS challenge itself."""
    ch = CHALLENGES[n]
    return ch if v is None or ch.method == "bfs" else ch.variant(v)


def proof_sentence(status: str | None, value=None, bound=None, method: str = "",
                   argument: str = "", sense: str = "max") -> str:
    """A stored answer's proof in plain words, from its certificate's fields: ``status``
    (``optimal``, ``best+bound``, ``yes``, ``no``; anything else: no certificate), ``value``,
    ``bound``, ``method`` (the proof's method) and ``argument`` (the bound's argument); ``sense``
    ``count`` (challenge 1: a number computed exactly, not an optimum). The CLI's
    ``octosolve octiles challenge N`` prints it; the web gallery shows it on every card.

    >>> proof_sentence("best+bound", 23, 36, "best found by local search; bound: counting",
    ...                "every full placement has exactly 36 paths")
    'Best found 23, not proven optimal: no placement scores more than 36 (gap 13). How: best found by local search; bound: counting. Argument: every full placement has exactly 36 paths.'
    >>> proof_sentence("yes", method="the stored placement meets the condition (tracer)")
    'Settled: yes. A stored placement meets the condition (re-checked by the tracer). How: the stored placement meets the condition (tracer).'
    """
    def end(text: str) -> str:
        text = " ".join(str(text or "").split())
        return text if not text or text.endswith(".") else text + "."

    how = f" How: {end(method)}" if method else ""
    why = f" Argument: {end(argument)}" if argument else ""
    if status == "optimal" and sense == "count":
        return f"Exact: {value}.{how}{why}"
    if status == "optimal":
        return f"Proven optimal: {value}; no placement does better.{how}{why}"
    if status == "best+bound":
        gap = f" (gap {bound - value})" if isinstance(value, (int, float)) and isinstance(
            bound, (int, float)) else ""
        return (f"Best found {value}, not proven optimal: no placement scores more than "
                f"{bound}{gap}.{how}{why}")
    if status == "yes":
        return ("Settled: yes. A stored placement meets the condition (re-checked by the "
                f"tracer).{how}{why}")
    if status == "no":
        return f"Settled: no. No placement meets the condition.{how}{why}"
    return end(method) if method else "No certificate yet."


def open_sentence(n: int, variant: str) -> str:
    """A question without a certificate in words: open, what was tried (its recorded runs: the
    command, the outcome, the seconds) and the command to try further."""
    import json

    from octosolve.core.paths import DATA_DIR

    p = DATA_DIR / "octiles" / "attempts" / f"challenge{n:02d}-{variant}.json"
    further = f"octosolve octiles prove {n} --question {variant} --time-limit 3600"
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
        tried = "; ".join(f"`{t['command']}` ({t.get('date', 'undated')}): {t['outcome']} "
                            f"({t['seconds']:g} s)" for t in d["tried"])
        further = d.get("further") or further
        what = d.get("summary") or "nothing settled"
    except (OSError, ValueError, KeyError, TypeError):
        what, tried = "no certificate", "no run recorded"
    return f"open: {what}. Tried: {tried}. Try further: `{further}`"


def answer_variant(n: int, variant: str | None, cert_dir=None) -> Result:
    """The stored answer of a variant: challenge 1 by its BFS (exact, seconds), every other variant
    from its certificate, re-checked by the tracer (no search). A variant without a certificate is
    OPEN: what was tried, for how long, and the command to try further
    (``data/octiles/attempts/challengeNN-V.json`` when a run is recorded there)."""
    from .certificates import load_certificate, recheck

    ch = CHALLENGES[n]
    if ch.method == "bfs":
        res = solve_variant(1)
        res.seconds = 0.0  # (computed by the report: its time goes to timings.json, not here)
        res.extra["certificate_status"] = "optimal"
        res.extra["proof"] = "exact BFS, computed by the report"
        res.extra["command"] = "octosolve octiles challenge 1"
        return res
    var = ch.variant(variant)
    cert = load_certificate(n, var.name, cert_dir)
    if cert is None:
        res = Result(n, var.name, "OPEN", None, None, 0.0, None, verified=False)
        res.extra["proof"] = open_sentence(n, var.name)
        return res
    return recheck(n, var, cert)


def run_variant(out_dir: Path, n: int, variant: str | None, cert_dir=None):
    """Re-check one variant's certificate and write its ``challenges/challengeNN-V.json`` (and
    ``.svg``) under ``out_dir``. Returns (result, stem, title, rules text, statement, files)."""
    from octosolve.core import svg


    out_dir = Path(out_dir)
    (out_dir / "challenges").mkdir(parents=True, exist_ok=True)
    res = answer_variant(n, variant, cert_dir)
    stem = f"challenge{n:02d}-{res.variant}"
    files = _witness(out_dir, n, res, stem, cert_dir)
    d = res.to_json()
    title, text, stmt = statement(n, variant)
    d.update({"title": title, "rules_text": text, "statement": stmt, "method": method_name(n)})
    write_json(out_dir / "challenges" / f"{stem}.json", d)
    files.insert(0, f"challenges/{stem}.json")
    if res.placement:
        svg.save(challenge_drawing(res), out_dir / "challenges" / f"{stem}.svg")
        files.append(f"challenges/{stem}.svg")
    return res, stem, title, text, stmt, files


def _witness(out_dir: Path, n: int, res: Result, stem: str, cert_dir=None) -> list[str]:
    """The certificate's witness in words (``res.extra["witness"]``: kind, summary, whether
    ``octosolve octiles verify`` accepts it) and, for the variants whose bound witness has a part
    checked without a solver (:func:`.witness_pictures.drawn_witness`), its picture
    ``{stem}-witness.svg``. Returns the files written."""
    import json

    from octosolve.core import svg

    from .certificates import cert_path
    from .witness_pictures import drawn_witness, witness_drawing
    from .witness_show import summarise

    if n == 1:
        return []
    path = cert_path(n, res.variant, cert_dir)
    w = summarise(path)
    if w is None:
        return []
    drawn = drawn_witness(n, res.variant, json.loads(path.read_text(encoding="utf-8")).get("bound_witness"))
    if drawn is not None:
        svg.save(witness_drawing(n, res.variant, drawn), out_dir / "challenges" / f"{stem}-witness.svg")
        w["picture"] = f"{stem}-witness.svg"
    res.extra["witness"] = w
    return [f"challenges/{stem}-witness.svg"] if drawn is not None else []


def build_gallery(out_dir, *, quick: bool, seed: int = 0) -> dict:
    """Re-check every variant's certificate (``quick``: a few) into ``out_dir/challenges/`` and
    write ``challenges/README.md``. Deterministic: no search runs here (the proofs are
    ``octosolve octiles prove``). Returns {"title", "summary", "files", "timings"}; the file
    names are relative to ``out_dir``."""
    t_start = time.perf_counter()
    out_dir = Path(out_dir)
    (out_dir / "challenges").mkdir(parents=True, exist_ok=True)
    todo = quick_variants() if quick else all_variants()
    rows = []
    files: list[str] = []
    for n, variant in progress(todo, desc="octiles challenges", unit="variant"):
        res, stem, title, text, stmt, written = run_variant(out_dir, n, variant)
        files += written
        rows.append((n, res, stem, title, text, stmt))
    counts = {k: sum(1 for _, r, *_ in rows if r.extra.get("certificate_status") == k)
              for k in ("optimal", "yes", "no", "best+bound")}
    settled = counts["optimal"] + counts["yes"] + counts["no"]
    n_ver = sum(1 for _, r, *_ in rows if r.verified)
    numbers = sorted({n for n, *_ in rows})
    over = (f"all {len(numbers)} challenges" if numbers == list(range(1, 31))
            else f"challenges {', '.join(map(str, numbers))}")
    summary = [
        f"- {len(rows)} questions (challenge variants) over {over}: {settled} settled "
        f"({counts['optimal']} proven optimal, {counts['yes']} answered yes with a placement, "
        f"{counts['no']} proven impossible), {counts['best+bound']} open (best found, with a proven "
        f"upper bound), {len(rows) - settled - counts['best+bound']} open without any answer yet "
        "(what was tried and the command to try further: its row); the "
        f"{n_ver} answers are re-checked by the networkx path tracer (challenge 1's answer is computed "
        "by the report; the others come from stored certificates made by `octosolve octiles prove`).",
    ]
    for n, res, *_ in rows:
        label = _shown(n, res.variant).headline
        if label:
            summary.append(f"- {label}: {value_text(res)}")
    _write_readme(out_dir / "challenges", rows, quick)
    files.insert(0, "challenges/README.md")
    return {"title": "Octiles: the 30 puzzle challenges", "summary": "\n".join(summary),
            "files": files, "timings": {"challenges": round(time.perf_counter() - t_start, 1)}}


def _fmt(x):
    return "-" if x is None else str(x)


def _witness_cell(r) -> str:
    """The witness column: its kind, whether verify accepted it, and its picture when drawn."""
    w = r.extra.get("witness")
    if not w:
        return "-"
    mark = "\u2713" if w["checked"] else "\u2717 FAILED"
    cell = f"{w['kind']} {mark}"
    if w.get("rests_on") not in ("witness", "-"):
        cell += f" (rests on {w['rests_on']})"
    return cell + (f" [drawn]({w['picture']})" if w.get("picture") else "")


def _gap(r) -> str:
    if r.objective is None or r.bound is None:
        return "-"
    return str(r.bound - r.objective)


def status_counts(rows) -> dict:
    """How many variants are settled (optimal, yes, no), open (best+bound) or without a
    certificate, from the gallery's rows."""
    counts = {"optimal": 0, "yes": 0, "no": 0, "best+bound": 0, "none": 0}
    for _, r, *_ in rows:
        st = r.extra.get("certificate_status")
        counts[st if st in counts else "none"] += 1
    return counts


def _counts_line(rows) -> str:
    c = status_counts(rows)
    settled = c["optimal"] + c["yes"] + c["no"]
    return (f"**{len(rows)} variants: {settled} settled** ({c['optimal']} optimal, {c['yes']} yes with "
            f"a checked placement, {c['no']} no with a proof); **{c['best+bound']} open** (best found "
            f"and a proven bound: the gaps below); {c['none']} open without a certificate (nothing "
            "found yet: its row says what was tried, for how long, and the command to try further).")


def _write_readme(gal_dir: Path, rows, quick: bool) -> None:
    L = ["# Octiles: the 30 puzzle challenges", "",
         "Generated by `octosolve report --only octiles`" + (" --quick" if quick else "")
         + ". Every answer is a placement of 17 of the 18 tiles, stored as a certificate in "
         "`data/octiles/certificates/` by `octosolve octiles prove N --question Q` (the command, the "
         "solver parameters and the proof time are in the file); the report re-checks each "
         "placement with the networkx path tracer (`octosolve.octiles.rules.trace`) and the "
         "challenge's own scorer, not with the model that produced it, and runs no search. "
         "Statements, formalisations and how each bound is proved: "
         "[docs/octiles-challenges.md](../../../docs/octiles-challenges.md). "
         "Re-check one: `octosolve octiles challenge N --question Q --svg out.svg`.", "",
         "Status: `optimal` = value = proven bound; `yes` = the placement meets the yes/no "
         "condition; `no` = proven impossible; `best+bound` = best found, with a proven upper "
         "bound (gap = bound - value). Proof time = the certificate's (a stored fact, not this "
         "run's). Witness = the kind of the certificate's witness (of the bound; of a yes/no "
         "answer: the placement, or a \"no\"'s solver claims) and \u2713 when `octosolve octiles "
         "verify` re-checks it without a solver (a solver's claims: checked for consistency only, "
         "and the bound rests on those solvers); each variant below says what is in it.", "", _counts_line(rows), "",
         "| # | variant | status | value (re-checked) | bound | gap | how proved | witness | proof s | checked | picture |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for n, r, stem, title, text, st in rows:
        pic = f"[svg]({stem}.svg)" if r.placement else "-"
        L.append(f"| {n} | {r.variant} | {r.extra.get('certificate_status', r.status)} | "
                 f"{_fmt(r.verified_value)} | {_fmt(r.bound)} | {_gap(r)} | "
                 f"{r.extra.get('proof', '')} | {_witness_cell(r)} | {r.seconds:.1f} | "
                 f"{'yes' if r.verified else 'NO'} | {pic} |")
    L.append("")
    last = None
    for n, r, stem, title, text, st in rows:
        if n != last:
            L += [f"## {n}. {title}", "", f"> {text}", ""]
            last = n
        L += [f"**{r.variant}**: {st}", "",
              f"Answer: {value_text(r)}; certificate status {r.extra.get('certificate_status', '-')}, "
              f"value {_fmt(r.objective)}, bound {_fmt(r.bound)}; proved by: {r.extra.get('proof', '')}"
              + (f" ({r.extra['argument']})" if r.extra.get("argument") else "")
              + (f"; proof time {r.seconds:.1f} s; made by `{r.extra['command']}`"
                 if r.extra.get("command") else "")
              + (f" (that script is gone: the same proof is now `octosolve octiles prove {n} "
                 f"--question {r.variant}`)"
                 if r.extra.get("command", "").startswith("python scripts/prove_combined.py") else "")
              + ".", ""]
        if r.extra.get("witness"):
            L += [witness_line(r.extra["witness"]), ""]
            if r.extra["witness"].get("picture"):
                pic = r.extra["witness"]["picture"]
                L += [f"![challenge {n} {r.variant}: its bound witness drawn]({pic})", ""]
        if n == 1:
            h = r.extra["histogram"]
            L += [f"Fewest tiles per pair: {histogram_text(h)}. Hardest pair: "
                  f"{hardest_text(r.extra['longest_shortest'])}.", "",
                  f"Up to the board's symmetry (its {r.extra['symmetry']['group']} turns; no "
                  f"reflection maps the board onto itself): {r.extra['pairs_up_to_symmetry']} "
                  f"different pairs (Burnside, checked by listing the orbits).", ""]
        if r.placement:
            L += [f"![challenge {n} {r.variant}]({stem}.svg)", "",
                  f"[placement JSON]({stem}.json)", ""]
    atomic_write_text((gal_dir / "README.md"), "\n".join(L).rstrip() + "\n")


def certificate_table(cert_dir=None) -> str:
    """The Markdown table of every variant's certificate (docs/octiles-challenges.md): value,
    status, bound, gap, how proved, proof time and command."""
    L = ["| # | variant | status | value | bound | gap | how proved | proof s | command |",
         "|---|---|---|---|---|---|---|---|---|"]
    for n, v in all_variants():
        if n == 1:
            L.append("| 1 | pairs | optimal | 630 pairs (162 up to the board's 4 turns) | 630 | 0 | "
                     "exact BFS; Burnside and the orbits listed (run by the report) | - | "
                     "`octosolve octiles challenge 1` |")
            continue
        r = answer_variant(n, v, cert_dir)
        if "certificate" not in r.extra:
            L.append(f"| {n} | {v} | open | - | - | - | {r.extra.get('proof', '')} | - | - |")
            continue
        from .certificates import load_certificate
        cert = load_certificate(n, v, cert_dir)
        how = cert["proof"].get("method", "")
        if (cert["proof"].get("bound_by") and cert["status"] == "best+bound"
                and "bound:" not in how):
            how += f"; bound: {cert['proof']['bound_by']}"
        val = "yes" if cert["status"] == "yes" else _fmt(cert.get("value"))
        L.append(f"| {n} | {v} | {cert['status']}{'' if r.verified else ' (REJECTED)'} | {val} | "
                 f"{_fmt(cert.get('bound'))} | {_gap(r)} | {how} | {float(cert.get('seconds') or 0):.1f} | "
                 f"`{cert.get('command', '')}` |")
    return "\n".join(L)


def histogram_text(histogram: dict) -> str:
    """Challenge 1's pairs by their fewest tiles, in words: ``1 tile: 98 pairs, 2 tiles: 140 pairs``."""
    from octosolve.core.words import counted

    return ", ".join(f"{counted(int(k), 'tile')}: {counted(v, 'pair')}" for k, v in histogram.items())


def hardest_text(pair: dict) -> str:
    """Challenge 1's hardest pair in words: ``C6 to F1, 6 tiles``."""
    from octosolve.core.words import counted

    return f"{pair['from']} to {pair['to']}, {counted(pair['tiles'], 'tile')}"
