"""`octosolve report --only octiles`: the tiles, the 30 puzzle challenges (the gallery of
:func:`octosolve.octiles.challenges.build_gallery`), and the games section
(:mod:`octosolve.octiles.report_games`).

Deterministic: nothing written here holds a duration or a timestamp. Durations, and the tracer
benchmark (microseconds per board, compiled vs networkx), go to the returned ``"timings"``, which the
orchestrator writes to ``octiles/timings.json``; ``scripts/bench_octiles.py`` is the full benchmark.
"""

from __future__ import annotations

import time
from pathlib import Path

from octosolve.core import svg
from octosolve.core.jsonout import write_json

from ..core.files import atomic_write_text
from . import render
from . import tiles as R
from .challenges import build_gallery

__all__ = ["build", "bench"]


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    from . import report_games

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seed = 0 if seed is None else int(seed)
    timings: dict = {}
    files: list[str] = []
    write_json(out_dir / "tiles.json", R.tiles_json())
    svg.save(render.tiles_sheet_svg(), out_dir / "tiles.svg")
    files += ["tiles.json", "tiles.svg"]

    t0 = time.perf_counter()
    gallery = build_gallery(out_dir, quick=quick, seed=seed)
    files += gallery["files"]
    timings["challenges"] = gallery.get("timings", {})
    timings["challenges_seconds"] = round(time.perf_counter() - t0, 1)

    # every certificate re-checked without CP-SAT (`octosolve octiles verify`): answers re-traced,
    # bound witnesses checked; written without the seconds column (deterministic)
    t0 = time.perf_counter()
    from ..core.paths import DATA_DIR
    from .challenges.verify import verify_all

    rows = verify_all(DATA_DIR / "octiles" / "certificates")
    verified = [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    write_json(out_dir / "challenges" / "verify.json", verified)
    files.append("challenges/verify.json")
    timings["verify_seconds"] = round(time.perf_counter() - t0, 1)
    # across the questions: every placement re-scored by every question, the containments checked
    t0 = time.perf_counter()
    from .challenges.verify_cross import cross_all

    cross = cross_all(DATA_DIR / "octiles" / "certificates")
    write_json(out_dir / "challenges" / "cross.json", cross)
    files.append("challenges/cross.json")
    timings["cross_seconds"] = round(time.perf_counter() - t0, 1)
    if cross["problems"]:
        from ..core.errors import fail

        fail("octiles verify (cross-question) failed: " + " | ".join(cross["problems"])[:400])
    if not all(r["ok"] for r in rows):
        from ..core.errors import fail

        bad = [f"{r['file']}: {'; '.join(r['problems'])}" for r in rows if not r["ok"]]
        fail("octiles verify failed: " + " | ".join(bad)[:400])

    t0 = time.perf_counter()
    timings["tracer_benchmark"] = bench(quick)
    timings["tracer_benchmark_seconds"] = round(time.perf_counter() - t0, 1)

    t0 = time.perf_counter()
    games = report_games.build(out_dir / "games", quick=quick, seed=seed)
    files += [f"games/{f}" for f in games["files"]]
    timings["games"] = games.get("timings", {})
    timings["games_seconds"] = round(time.perf_counter() - t0, 1)

    rests = {}
    for r in verified:
        if r["rests_on"] != "-":
            rests[r["rests_on"]] = rests.get(r["rests_on"], 0) + 1
    said = {"witness": "a witness that verify checks itself with no solver",
            "cp-sat + HiGHS": "the claims of two solvers (CP-SAT and HiGHS)",
            "cp-sat only": "CP-SAT's claim alone"}
    checked = (f"All {len(verified)} stored certificates re-checked without CP-SAT (`octosolve octiles "
               "verify`): every placement re-traced; of the "
               f"{sum(rests.values())} upper bounds and impossibility proofs, "
               + "; ".join(f"{v} rest on {said.get(k, k)}" for k, v in rests.items())
               + " ([challenges/verify.json](challenges/verify.json)). Across the questions: "
               f"{cross['placements']} distinct stored placements re-scored by all "
               f"{cross['questions']} scored questions (none beats a stored best) and "
               f"{len(cross['relations'])} containments between questions checked (a special case "
               "or a combination never beats the question containing it; "
               "[challenges/cross.json](challenges/cross.json)).")
    summary = [gallery["summary"].strip(), "", "- " + checked, "", games["summary"].strip()]
    _write_readme(out_dir, gallery, games, quick, checked)
    files.insert(0, "README.md")
    return {"title": "Octiles: path tracer, the 30 puzzle challenges, games",
            "summary": "\n".join(summary), "files": files, "timings": timings}


def bench(quick: bool) -> dict:
    """The tracer's speed on the same random full boards: compiled kernel vs networkx (durations:
    for ``timings`` only)."""
    from . import kernels as K
    from .tracer import trace

    n_nx = 30 if quick else 200
    n_fast = 20_000 if quick else 200_000
    tiles, rots = K.random_boards(n_fast, 7)
    K.batch_summary(tiles[:2], rots[:2])
    t0 = time.perf_counter()
    for i in range(n_nx):
        trace(K.placement_of(tiles[i], rots[i]))
    t_nx = (time.perf_counter() - t0) / n_nx
    t0 = time.perf_counter()
    K.batch_summary(tiles, rots)
    t_fast = (time.perf_counter() - t0) / n_fast
    return {"us_per_board_networkx": round(t_nx * 1e6, 1), "us_per_board_compiled": round(t_fast * 1e6, 2),
            "ratio": round(t_nx / t_fast, 1), "boards_networkx": n_nx, "boards_compiled": n_fast,
            "command": "scripts/bench_octiles.py gives the full benchmark"}


def _write_readme(out_dir: Path, gallery: dict, games: dict, quick: bool, checked: str = "") -> None:
    L = ["# Octiles", "",
         "Generated by `octosolve report --only octiles`" + (" --quick" if quick else "")
         + ". Durations are not in these files: the run's timings (and the tracer benchmark, "
         "compiled vs networkx microseconds per board) are in `timings.json`; the full benchmark is "
         "`python scripts/bench_octiles.py`.", "",
         "## The 30 puzzle challenges", "", gallery["summary"].strip(), "",
         "Every variant, its answer, picture and how it was found: "
         "[challenges/README.md](challenges/README.md).", "", checked, "",
         "Tiles: [tiles.svg](tiles.svg), [tiles.json](tiles.json).", "",
         "## Games", "", games["summary"].strip(), "",
         "Details: [games/README.md](games/README.md).", ""]
    atomic_write_text((out_dir / "README.md"), "\n".join(L).rstrip() + "\n")
