"""`octosolve report --games octiles`: the 30 puzzle challenges (gallery with SVG per challenge), the
tiles, the tracer benchmark, and (when present) the games section of Octiles part B."""

from __future__ import annotations

import importlib
import importlib.util
import time
from pathlib import Path

from octosolve.core import svg
from octosolve.core.jsonout import write_json
from octosolve.core.progress import progress

from . import render
from . import rules as R
from . import solve as S

CPSAT_SECONDS = 15.0
SEARCH_SECONDS = 12.0
QUICK = [(1, None), (2, "path-tiles"), (4, "once"), (8, "pairs-0"), (27, "whole-board"),
         (26, "whole-board")]


def all_variants() -> list[tuple[int, str | None]]:
    out = []
    for n in range(1, 31):
        if n == 1:
            out.append((1, None))
        elif n in S.CHALLENGES:
            out += [(n, v.name) for v in S.CHALLENGES[n].variants]
        elif n in S.SEARCH:
            out += [(n, v.name) for v in S.SEARCH[n][2]]
    return out


def _statement(n: int, variant: str | None) -> tuple[str, str, str]:
    if n == 1:
        ch = S.CHALLENGES[1]
        return ch.title, ch.text, ("Count the unordered pairs of runner positions (16 stops + 20 "
                                   "circles) and, for each pair, the fewest tiles a path between them "
                                   "can cross over all placements (BFS over board edges).")
    if n in S.CHALLENGES:
        ch = S.CHALLENGES[n]
        v = next(v for v in ch.variants if v.name == variant)
        return ch.title, ch.text, v.statement
    title, text, vs = S.SEARCH[n]
    v = next(v for v in vs if v.name == variant)
    return title, text, v.statement


def _method(n: int) -> str:
    if n == 1:
        return "BFS"
    return "CP-SAT" if n in S.CHALLENGES else "local search"


def run_variant(out_dir: Path, n: int, variant: str | None, *, cp_t: float = CPSAT_SECONDS,
                se_t: float = SEARCH_SECONDS, seed: int = 0, hint: dict | None = None):
    """Solve one variant as the report does and write its ``challenges/challengeNN-V.json`` (and
    ``.svg``) under ``out_dir``. Returns (result, stem, title, rules text, statement, files)."""
    out_dir = Path(out_dir)
    (out_dir / "challenges").mkdir(parents=True, exist_ok=True)
    if n == 1:
        res = S.solve_variant(1)
    elif n in S.CHALLENGES:
        res = S.solve_variant(n, variant, time_limit=cp_t, seed=seed, hint=hint)
        if hint:
            res.extra["hint"] = f"started from the answer of challenge 6 ({variant[5:]})"
    else:
        res = S.search_variant(n, variant, seconds=se_t, seed=seed)
    stem = f"challenge{n:02d}-{res.variant}"
    d = res.to_json()
    title, text, statement = _statement(n, variant)
    d.update({"title": title, "rules_text": text, "statement": statement, "method": _method(n)})
    write_json(out_dir / "challenges" / f"{stem}.json", d)
    files = [f"challenges/{stem}.json"]
    if res.placement:
        render.save_board_svg(out_dir / "challenges" / f"{stem}.svg", res.placement,
                              S.highlight_for(res),
                              title=f"#{n} {res.variant}: {S.value_text(res)}")
        files.append(f"challenges/{stem}.svg")
    return res, stem, title, text, statement, files


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "challenges").mkdir(exist_ok=True)
    seed = 0 if seed is None else int(seed)
    files: list[str] = []
    # tiles
    write_json(out_dir / "tiles.json", R.tiles_json())
    svg.save(render.tiles_sheet_svg(), out_dir / "tiles.svg")
    files += ["tiles.json", "tiles.svg"]

    todo = QUICK if quick else all_variants()
    cp_t = 5.0 if quick else CPSAT_SECONDS
    se_t = 3.0 if quick else SEARCH_SECONDS
    rows = []
    # a circle-to-circle path is a path: solve 6 first and hint 2's path variants with its answers
    order = sorted(todo, key=lambda nv: (0 if nv[0] == 6 else 1, todo.index(nv)))
    done: dict = {}
    for n, variant in progress(order, desc="octiles challenges", unit="variant"):
        hint = None
        if n == 2 and variant.startswith("path-") and (6, variant[5:]) in done:
            hint = done[(6, variant[5:])].placement
        res, stem, title, text, statement, written = run_variant(out_dir, n, variant, cp_t=cp_t,
                                                                 se_t=se_t, seed=seed, hint=hint)
        files += written
        rows.append((n, res, stem, title, text, statement))
        done[(n, res.variant)] = res
    rows.sort(key=lambda r: todo.index((r[0], None if r[0] == 1 else r[1].variant)))

    bench = _bench(quick)
    write_json(out_dir / "bench.json", bench)
    files.append("bench.json")

    games = None
    if importlib.util.find_spec("octosolve.octiles.report_games") is not None:
        mod = importlib.import_module("octosolve.octiles.report_games")
        games = mod.build(out_dir / "games", quick=quick, seed=seed)
        files += [f"games/{f}" for f in games.get("files", [])]

    summary_rows = [r for r in rows]
    n_opt = sum(1 for _, r, *_ in summary_rows if r.status == "OPTIMAL")
    n_feas = sum(1 for _, r, *_ in summary_rows if r.status == "FEASIBLE")
    n_ver = sum(1 for _, r, *_ in summary_rows if r.verified)
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
            r = headline[key]
            summary.append(f"- {label}: {S.value_text(r)}")
    summary.append(f"- tracer benchmark: compiled {bench['us_per_board_compiled']} us/board, "
                   f"networkx {bench['us_per_board_networkx']} us/board (ratio {bench['ratio']}).")
    if games:
        summary.append("")
        summary.append(games.get("summary", "").strip())
    _write_readme(out_dir, rows, bench, games, quick)
    files.insert(0, "README.md")
    return {"title": "Octiles: path tracer and the 30 puzzle challenges"
            + (" (+ games)" if games else ""),
            "summary": "\n".join(summary), "files": files}


def _bench(quick: bool) -> dict:
    from . import kernels as K

    n_nx = 30 if quick else 200
    n_fast = 20_000 if quick else 200_000
    tiles, rots = K.random_boards(n_fast, 7)
    K.batch_summary(tiles[:2], rots[:2])
    t0 = time.perf_counter()
    for i in range(n_nx):
        R.trace(K.placement_of(tiles[i], rots[i]))
    t_nx = (time.perf_counter() - t0) / n_nx
    t0 = time.perf_counter()
    K.batch_summary(tiles, rots)
    t_fast = (time.perf_counter() - t0) / n_fast
    return {"us_per_board_networkx": round(t_nx * 1e6, 1), "us_per_board_compiled": round(t_fast * 1e6, 2),
            "ratio": round(t_nx / t_fast, 1), "boards_networkx": n_nx, "boards_compiled": n_fast,
            "command": "scripts/bench_octiles.py gives the full benchmark"}


def _fmt(x):
    return "-" if x is None else str(x)


def _write_readme(out_dir: Path, rows, bench, games, quick: bool) -> None:
    L = ["# Octiles: the 30 puzzle challenges", "",
         "Generated by `octosolve report --games octiles`" + (" --quick" if quick else "")
         + f". Every answer is a placement of 17 of the 18 tiles; it was re-checked by the networkx "
         f"path tracer (`octosolve.octiles.rules.trace`), not by the model that produced it. Time "
         f"limits: CP-SAT {CPSAT_SECONDS if not quick else 5.0:g} s, local search "
         f"{SEARCH_SECONDS if not quick else 3.0:g} s per variant (2 workers). Statements and "
         "formalisations: [docs/octiles-challenges.md](../../docs/octiles-challenges.md). "
         "Re-run one: `octosolve octiles challenge N --variant V --svg out.svg`.", "",
         "Status: OPTIMAL = proven optimum (objective = bound); FEASIBLE = a certificate for a "
         "yes/no question, or the best found with the solver's bound (local search: a counting bound "
         "for 13 and 15, none for 20-23); UNKNOWN = nothing found in the time limit.", "",
         "| # | variant | method | status | value (re-checked) | bound | seconds | checked | picture |",
         "|---|---|---|---|---|---|---|---|---|"]
    for n, r, stem, title, text, st in rows:
        pic = f"[svg](challenges/{stem}.svg)" if r.placement else "-"
        L.append(f"| {n} | {r.variant} | {_method(n)} | {r.status} | {_fmt(r.verified_value)} | "
                 f"{_fmt(r.bound)} | {r.seconds:.1f} | {'yes' if r.verified else 'NO'} | {pic} |")
    L += ["", "Tiles: [tiles.svg](tiles.svg), [tiles.json](tiles.json). Tracer speed: compiled "
          f"{bench['us_per_board_compiled']} us/board vs networkx {bench['us_per_board_networkx']} "
          f"us/board on the same boards (ratio {bench['ratio']}; [bench.json](bench.json)).", ""]
    last = None
    for n, r, stem, title, text, st in rows:
        if n != last:
            L += [f"## {n}. {title}", "", f"> {text}", ""]
            last = n
        L += [f"**{r.variant}**: {st}", "",
              f"Answer: {S.value_text(r)}; status {r.status}, objective {_fmt(r.objective)}, "
              f"bound {_fmt(r.bound)}, {r.seconds:.1f} s"
              + (f"; {r.extra['method']}" if 'method' in r.extra else "")
              + (f"; {r.extra['found_by']}" if 'found_by' in r.extra else "")
              + (f"; {r.extra['hint']}" if 'hint' in r.extra else "") + ".", ""]
        if n == 1:
            h = r.extra["histogram"]
            L += ["Fewest tiles per pair: " + ", ".join(f"{k} tiles: {v} pairs" for k, v in h.items())
                  + f". Hardest pair: {r.extra['longest_shortest']}.", ""]
        if r.placement:
            L += [f"![challenge {n} {r.variant}](challenges/{stem}.svg)", "",
                  f"[placement JSON](challenges/{stem}.json)", ""]
    if games:
        L += ["## Games (Octiles part B)", "", games.get("summary", "").strip(), "",
              "Files: " + ", ".join(f"[{f}](games/{f})" for f in games.get("files", [])), ""]
    (out_dir / "README.md").write_text("\n".join(L).rstrip() + "\n", encoding="utf-8")
