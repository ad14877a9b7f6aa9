"""The challenge gallery: every variant solved as the report does, one JSON + SVG per variant under
``challenges/``, and a page ``challenges/README.md``; also how a result is shown (the paths its
picture highlights, its value in words).
"""

from __future__ import annotations

import time
from pathlib import Path

from octosolve.core.jsonout import write_json
from octosolve.core.progress import progress

from .. import render
from .. import rules as R
from .catalogue import CHALLENGES, all_variants, method_name, search_variant, solve_variant, statement
from .model import Result

__all__ = ["CPSAT_SECONDS", "SEARCH_SECONDS", "QUICK", "highlight_for", "value_text", "run_variant",
           "build_gallery"]

CPSAT_SECONDS = 15.0
SEARCH_SECONDS = 12.0
QUICK = [(1, None), (2, "path-tiles"), (4, "once"), (8, "pairs-0"), (27, "whole-board"),
         (26, "whole-board")]


def highlight_for(res: Result) -> list:
    """The paths a picture of ``res`` highlights (from the tracer)."""
    if not res.placement:
        return []
    tr = R.trace(res.placement)
    if res.challenge == 1:
        lo = res.extra["longest_shortest"]
        return [p for p in tr.complete_paths if set(p.ends) == {lo["from"], lo["to"]}][:1]
    ch = CHALLENGES.get(res.challenge)
    var = ch.variant(res.variant) if ch is not None else None
    pick = var.pick if var is not None else None
    return pick(tr) if pick else []


def value_text(res: Result) -> str:
    if res.challenge == 1:
        return f"{res.extra['pairs']} pairs; longest shortest path {res.extra['longest_shortest']['tiles']} tiles"
    if res.objective is None:
        return res.status.lower() + (" (checked)" if res.verified else "")
    st = "optimal" if res.status == "OPTIMAL" else f"best found, bound {res.bound}"
    return f"{res.verified_value} ({st})"


def run_variant(out_dir: Path, n: int, variant: str | None, *, cp_t: float = CPSAT_SECONDS,
                se_t: float = SEARCH_SECONDS, seed: int = 0, hint: dict | None = None):
    """Solve one variant as the report does and write its ``challenges/challengeNN-V.json`` (and
    ``.svg``) under ``out_dir``. Returns (result, stem, title, rules text, statement, files)."""
    out_dir = Path(out_dir)
    (out_dir / "challenges").mkdir(parents=True, exist_ok=True)
    method = CHALLENGES[n].method
    if method == "bfs":
        res = solve_variant(1)
    elif method == "cpsat":
        res = solve_variant(n, variant, time_limit=cp_t, seed=seed, hint=hint)
        if hint:
            res.extra["hint"] = f"started from the answer of challenge 6 ({variant[5:]})"
    else:
        res = search_variant(n, variant, seconds=se_t, seed=seed)
    stem = f"challenge{n:02d}-{res.variant}"
    d = res.to_json()
    title, text, stmt = statement(n, variant)
    d.update({"title": title, "rules_text": text, "statement": stmt, "method": method_name(n)})
    write_json(out_dir / "challenges" / f"{stem}.json", d)
    files = [f"challenges/{stem}.json"]
    if res.placement:
        render.save_board_svg(out_dir / "challenges" / f"{stem}.svg", res.placement,
                              highlight_for(res),
                              title=f"#{n} {res.variant}: {value_text(res)}")
        files.append(f"challenges/{stem}.svg")
    return res, stem, title, text, stmt, files


def build_gallery(out_dir, *, quick: bool, seed: int = 0) -> dict:
    """Solve every variant (``quick``: a few, with short limits) into ``out_dir/challenges/`` and
    write ``challenges/README.md``. Returns {"title", "summary", "files", "timings"}; the file
    names are relative to ``out_dir``."""
    t_start = time.perf_counter()
    out_dir = Path(out_dir)
    (out_dir / "challenges").mkdir(parents=True, exist_ok=True)
    todo = QUICK if quick else all_variants()
    cp_t = 5.0 if quick else CPSAT_SECONDS
    se_t = 3.0 if quick else SEARCH_SECONDS
    rows = []
    files: list[str] = []
    # a circle-to-circle path is a path: solve 6 first and hint 2's path variants with its answers
    order = sorted(todo, key=lambda nv: (0 if nv[0] == 6 else 1, todo.index(nv)))
    done: dict = {}
    for n, variant in progress(order, desc="octiles challenges", unit="variant"):
        hint = None
        if n == 2 and variant.startswith("path-") and (6, variant[5:]) in done:
            hint = done[(6, variant[5:])].placement
        res, stem, title, text, stmt, written = run_variant(out_dir, n, variant, cp_t=cp_t,
                                                            se_t=se_t, seed=seed, hint=hint)
        files += written
        rows.append((n, res, stem, title, text, stmt))
        done[(n, res.variant)] = res
    rows.sort(key=lambda r: todo.index((r[0], None if r[0] == 1 else r[1].variant)))

    n_opt = sum(1 for _, r, *_ in rows if r.status == "OPTIMAL")
    n_feas = sum(1 for _, r, *_ in rows if r.status == "FEASIBLE")
    n_ver = sum(1 for _, r, *_ in rows if r.verified)
    numbers = sorted({n for n, *_ in rows})
    summary = [
        f"- {len(rows)} challenge variants over challenges {', '.join(map(str, numbers))}: "
        f"{n_opt} proven optimal, {n_feas} feasible/best found, "
        f"{sum(1 for _, r, *_ in rows if r.status not in ('OPTIMAL', 'FEASIBLE'))} without answer; "
        f"{n_ver} re-checked by the networkx tracer.",
    ]
    headline = {(n, r.variant): r for n, r, *_ in rows}
    for key, label in [((1, "pairs"), "runner-position pairs (challenge 1)"),
                       ((2, "path-tiles"), "longest path, tiles"),
                       ((2, "path-segments"), "longest path, segments"),
                       ((3, "count"), "most loops"), ((29, "whole-board"), "subway board")]:
        if key in headline:
            summary.append(f"- {label}: {value_text(headline[key])}")
    _write_readme(out_dir / "challenges", rows, quick)
    files.insert(0, "challenges/README.md")
    return {"title": "Octiles: the 30 puzzle challenges", "summary": "\n".join(summary),
            "files": files, "timings": {"challenges": round(time.perf_counter() - t_start, 1)}}


def _fmt(x):
    return "-" if x is None else str(x)


def _write_readme(gal_dir: Path, rows, quick: bool) -> None:
    L = ["# Octiles: the 30 puzzle challenges", "",
         "Generated by `octosolve report --games octiles`" + (" --quick" if quick else "")
         + f". Every answer is a placement of 17 of the 18 tiles; it was re-checked by the networkx "
         f"path tracer (`octosolve.octiles.rules.trace`), not by the model that produced it. Time "
         f"limits: CP-SAT {CPSAT_SECONDS if not quick else 5.0:g} s, local search "
         f"{SEARCH_SECONDS if not quick else 3.0:g} s per variant (2 workers). Statements and "
         "formalisations: [docs/octiles-challenges.md](../../../docs/octiles-challenges.md). "
         "Re-run one: `octosolve octiles challenge N --variant V --svg out.svg`.", "",
         "Status: OPTIMAL = proven optimum (objective = bound); FEASIBLE = a certificate for a "
         "yes/no question, or the best found with the solver's bound (local search: a counting bound "
         "for 13 and 15, none for 20-23); UNKNOWN = nothing found in the time limit.", "",
         "| # | variant | method | status | value (re-checked) | bound | seconds | checked | picture |",
         "|---|---|---|---|---|---|---|---|---|"]
    for n, r, stem, title, text, st in rows:
        pic = f"[svg]({stem}.svg)" if r.placement else "-"
        L.append(f"| {n} | {r.variant} | {method_name(n)} | {r.status} | {_fmt(r.verified_value)} | "
                 f"{_fmt(r.bound)} | {r.seconds:.1f} | {'yes' if r.verified else 'NO'} | {pic} |")
    L.append("")
    last = None
    for n, r, stem, title, text, st in rows:
        if n != last:
            L += [f"## {n}. {title}", "", f"> {text}", ""]
            last = n
        L += [f"**{r.variant}**: {st}", "",
              f"Answer: {value_text(r)}; status {r.status}, objective {_fmt(r.objective)}, "
              f"bound {_fmt(r.bound)}, {r.seconds:.1f} s"
              + (f"; {r.extra['method']}" if 'method' in r.extra else "")
              + (f"; {r.extra['found_by']}" if 'found_by' in r.extra else "")
              + (f"; {r.extra['hint']}" if 'hint' in r.extra else "") + ".", ""]
        if n == 1:
            h = r.extra["histogram"]
            L += ["Fewest tiles per pair: " + ", ".join(f"{k} tiles: {v} pairs" for k, v in h.items())
                  + f". Hardest pair: {r.extra['longest_shortest']}.", ""]
        if r.placement:
            L += [f"![challenge {n} {r.variant}]({stem}.svg)", "",
                  f"[placement JSON]({stem}.json)", ""]
    (gal_dir / "README.md").write_text("\n".join(L).rstrip() + "\n", encoding="utf-8")
