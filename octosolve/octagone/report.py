"""`octosolve report --only octagone`: first-player advantage, matches between players, solver
figures, pictures.

The long measurements (10,000-game first-player runs, the matches including the one against
OpenSpiel's MCTS) are not searched here: ``octosolve octagone measure first-player|matches`` writes
them to ``data/octagone/<what>.json`` with the command that made them, and the report reads those
files and replays a sample of their games (the same seeds must give the same games) before quoting
them. A ``--quick`` report measures small versions live instead. Everything written is deterministic
(node counts, not seconds; durations go to the returned "timings").
"""

from __future__ import annotations

import time
from pathlib import Path

from ..core.batch import default_workers
from ..core.errors import fail
from ..core.files import atomic_write_text
from ..core.jsonout import read_json, write_json
from ..core.paths import DATA_DIR
from ..core.seeding import DEFAULT_SEED, derive_seed
from ..core.words import counted

__all__ = ["build", "measurement_lines"]

SOLVER_FREE = (12, 16, 20)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def measurement_lines(what: str, results) -> list[str]:
    """What ``octosolve octagone measure WHAT`` measured, one line a result (the readable output)."""
    def ci(lo_hi):
        return f"{_pct(lo_hi[0])}-{_pct(lo_hi[1])}"

    if what == "first-player":
        return [f"{k}: {v['games']} games, the first player wins {v['first_wins']}, draws {v['ties']}, "
                f"loses {v['first_losses']}: score {_pct(v['first_score'])} "
                f"(95% CI {ci(v['first_score_ci95'])})" for k, v in results.items()]
    if what == "matches":
        out = []
        for m in results:
            a, b = m["players"]
            r = m["results"][a]
            games = f"{m['games']} game" + "s" * (m["games"] != 1)
            out.append(f"{a} v {b} ({m['game']['variant']}): {games}, {a} wins {r['wins']}, "
                       f"draws {r['draws']}, loses {r['losses']}: score {_pct(r['score'])} "
                       f"(95% CI {ci(r['score_ci95'])})")
        return out
    f, j = results["first"], results["jolly"]
    return [f"from {results['free_cells']} free cells after {' v '.join(results['players'])} play, "
            f"{results['deals']} deals, at most {int(results['max_nodes']):,} nodes a position: "
            + _settled(results, "were"),
            f"the first player: {f['wins']} wins, {f['draws']} draws, {f['losses']} losses: "
            + (f"score {_pct(f['score'])} (95% CI {ci(f['score_ci95'])})"
               if f["score"] is not None else "no score (no deal proven)"),
            f"a jolly swapped for a coloured shield: worse for the mover in {j['worse_without']} of "
            f"{j['positions']} positions, the same in {j['same']}, better in {j['better_without']}"]


def _measurements(what: str, seed: int, quick: bool) -> tuple[dict, str]:
    from .measures import measure

    if quick:
        return measure(what, seed, quick=True, workers=1), "measured live at --quick sizes"
    path = DATA_DIR / "octagone" / f"{what}.json"
    if not path.exists():
        fail(f"{path} is missing: run `octosolve octagone measure {what}` first")
    return read_json(path, "measurement file"), f"read from `data/octagone/{what}.json`"


def _recheck(data: dict, what: str) -> int:
    """Replay kept games of every result (fewer for the slow search players)."""
    from .matches import recheck

    results = data["results"].values() if what == "first-player" else data["results"]
    n = 0
    for r in results:
        names = set(r.get("players") or [r.get("player")])
        slow = names & {"mcts", "alphabeta", "openspiel-mcts"}
        n += recheck(r, sample=1 if slow else 4)
    return n


def _against(deep: dict, exact: dict) -> dict:
    """The deals proven from both depths (the same seeds): how the first player's exact outcome
    changed over the moves the players made in between (a changed outcome is a mistake)."""
    shallow = {r["seed"]: r["value_first"] for r in exact["rows"] if r.get("proven")}
    both = [(r["value_first"], shallow[r["seed"]]) for r in deep["rows"]
            if r.get("proven") and r["seed"] in shallow]
    return {"deals": len(both), "same": sum(a == b for a, b in both),
            "better_for_first": sum(b > a for a, b in both),
            "worse_for_first": sum(b < a for a, b in both)}


def _dfpn_recheck(deep: dict) -> dict | None:
    """The hardest deep rows proved again by df-pn (`scripts/octagone_dfpn_recheck.py` writes
    data/octagone/perfect-play-dfpn.json): how many rows it holds, proves and agrees on. A row
    that disagrees with the alpha-beta's stops the report (one of the two searches is wrong)."""
    path = DATA_DIR / "octagone" / "perfect-play-dfpn.json"
    if not path.exists():
        return None
    data = read_json(path, "df-pn re-check file")
    mine = {r["seed"]: r for r in deep["rows"] if r.get("proven")}
    try:
        rows = data["rows"]
        proven = [r for r in rows if r.get("proven")]
        agree = 0
        for r in proven:
            ab = mine[r["seed"]]
            v = ab["value_first"] if ab["to_move"] == ab["first"] else -ab["value_first"]
            if r["value_to_move"] != (v > 0) - (v < 0):
                fail(f"{path}: deal {r['seed']}: df-pn proves {r['value_to_move']:+d} for the mover, "
                     f"the alpha-beta {v:+d}")
            agree += 1
        out = {"rows": len(rows), "proven": len(proven), "agree": agree,
               "min_nodes": data["min_nodes"], "max_nodes": data["max_nodes"],
               "command": data["command"],
               "hardest": sum(1 for r in mine.values() if r["nodes"] >= data["min_nodes"])}
    except (KeyError, TypeError) as e:
        fail(f"{path}: not a df-pn re-check file (missing or bad {e})")
    return out


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    from ..core.players import make_player
    from .matches import play_record
    from .matches import position_with_free
    from .players import PLAYERS
    from .render import draw_svg
    from .rules import OctagoneGame
    from .solve import solve

    seed = DEFAULT_SEED if seed is None else seed
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    files, timings = [], {}

    # 1. first-player advantage and 2. matches: data files (re-checked) or live quick runs
    t = time.perf_counter()
    fp, fp_src = _measurements("first-player", seed, quick)
    mt, mt_src = _measurements("matches", seed, quick)
    replayed = _recheck(fp, "first-player") + _recheck(mt, "matches")
    timings["measurements_and_recheck"] = time.perf_counter() - t
    adv = fp["results"]
    write_json(out_dir / "first_player.json",
               {"source": fp_src, "command": fp.get("command", "(live)"),
                "results": {k: {kk: vv for kk, vv in v.items() if kk != "records_kept"}
                            for k, v in adv.items()}})
    matches = [{k: v for k, v in m.items() if k != "records_kept"} for m in mt["results"]]
    write_json(out_dir / "matches.json", {"source": mt_src, "command": mt.get("command", "(live)"),
                                          "matches": matches})
    files += ["first_player.json", "matches.json"]

    # 3. solver: proven values and node counts (default reading)
    t = time.perf_counter()
    solved = []
    for free in ((10, 12) if quick else SOLVER_FREE):
        for i in range(2 if quick else 5):
            s = position_with_free(derive_seed(seed, "solve", free, i) % 10**6, free)
            r = solve(s)
            solved.append({"free_cells": free, "value": r["value"], "result": r["result"],
                           "nodes": r["nodes"], "position": s.to_json()})
    write_json(out_dir / "solver.json", solved)
    files.append("solver.json")
    timings["solver"] = time.perf_counter() - t

    # 3b. exact play from real play: the first player and the jolly under perfect play
    t = time.perf_counter()
    from .measures import EXACT_DEALS, exact_first_player

    exact = exact_first_player(seed, deals=10 if quick else EXACT_DEALS, workers=default_workers())
    write_json(out_dir / "exact_play.json", exact)
    files.append("exact_play.json")
    timings["exact_play"] = time.perf_counter() - t

    # 3c. the same deals from deeper: a data file (`measure perfect-play`), re-checked
    t = time.perf_counter()
    from .measures import recheck_exact

    pp, pp_src = _measurements("perfect-play", seed, quick)
    deep = pp.get("results") if isinstance(pp, dict) else None
    deep_replayed = recheck_exact(deep)  # a malformed file stops here with a one-line error
    deep_out = {"source": pp_src, "command": pp.get("command", "(live)"),
                "replayed": deep_replayed, **{k: v for k, v in deep.items() if k != "rows"},
                "against": _against(deep, exact), "dfpn": None if quick else _dfpn_recheck(deep)}
    write_json(out_dir / "exact_play_deep.json", deep_out)
    files.append("exact_play_deep.json")
    timings["exact_play_deep"] = time.perf_counter() - t

    # 3d. the real-play frontier: a data file of the bench (read only, quoted as measured)
    frontier = _frontier()

    # 4. pictures: a greedy game stopped after 29 moves, solved; the end of an IV game
    t = time.perf_counter()
    game = OctagoneGame()
    greedy = [make_player(PLAYERS, "greedy", game, seed=derive_seed(seed, "seat", i)) for i in range(2)]
    rec, st = play_record(game, greedy, seed, stop_after=29)
    picture = "A greedy-vs-greedy game stopped after 29 moves"
    if not st.over:
        proof = {k: v for k, v in solve(st).items() if k != "seconds"}
        m = proof["value"]
        picture += (f", {proof['free_cells']} free cells, P{st.to_move} to move: the exact solver proves "
                    + (f"a {'win' if m > 0 else 'loss'} by {counted(abs(m), 'shield')}" if m else "a draw")
                    + f" for P{st.to_move} ({proof['nodes']:,} nodes)")
        write_json(out_dir / "example_position.json", {"position": st.to_json(), "solve": proof})
        files.append("example_position.json")
    draw_svg(st, out_dir / "example_position.svg")
    files.append("example_position.svg")
    iv = OctagoneGame("iv")
    greedy = [make_player(PLAYERS, "greedy", iv, seed=derive_seed(seed, "seat", i)) for i in range(2)]
    _, fin = play_record(iv, greedy, seed)
    draw_svg(fin, out_dir / "example_iv_final.svg")
    left = fin.shields_left()
    won = fin.winning_side()
    picture_iv = (f"the end of an Octagone IV game, greedy v greedy ({fin.end_reason}; shields left: "
                  + ", ".join(f"P{p} {n}" for p, n in enumerate(left)) + "; "
                  + ("a draw" if won is None else f"P{won} wins with fewer shields left") + ")")
    files.append("example_iv_final.svg")
    timings["pictures"] = time.perf_counter() - t

    atomic_write_text(out_dir / "README.md", _readme(seed, quick, adv, fp, fp_src, matches, mt, mt_src,
                                                   replayed, solved, exact, deep_out,
                                                   (picture, picture_iv), frontier))
    files.insert(0, "README.md")
    sa = adv["standard/random"]
    summary = "\n".join([
        f"- First-player score (wins + draws/2; 50% = no advantage), random play, {sa['games']} games: standard "
        f"{_pct(adv['standard/random']['first_score'])}, KIDS {_pct(adv['kids/random']['first_score'])}, "
        f"IV {_pct(adv['iv/random']['first_score'])}; greedy play ({adv['standard/greedy']['games']} games): "
        f"standard {_pct(adv['standard/greedy']['first_score'])}, KIDS "
        f"{_pct(adv['kids/greedy']['first_score'])}, IV {_pct(adv['iv/greedy']['first_score'])}.",
        "- Match scores of the first named: " + "; ".join(f"{m['players'][0]} vs {m['players'][1]}: "
                         f"{_pct(m['results'][m['players'][0]]['score'])} ({m['games']} games)"
                         for m in matches) + ".",
        f"- Exact solver: {len(solved)} sample positions (at "
        f"{', '.join(str(c) for c in sorted({s['free_cells'] for s in solved}))} free cells) all proven, "
        f"the largest search {max(s['nodes'] for s in solved):,} nodes; whole deals are proven from "
        f"{exact['free_cells']} and {deep_out['free_cells']} free cells (next lines).",
        f"- Perfect play from {exact['free_cells']} free cells (after greedy play, {exact['proven']} "
        f"deals solved): first-player score {_pct(exact['first']['score'] or 0)}; swapping a jolly for a "
        f"coloured shield worsens the mover's exact outcome in {exact['jolly']['worse_without']} of "
        f"the {exact['jolly']['positions']} positions where the mover holds a jolly and "
        + ("never improves it" if exact['jolly']['better_without'] == 0 else
           f"improves it in {exact['jolly']['better_without']}") + ".",
        f"- From {deep_out['free_cells']} free cells ({_settled(deep_out, 'of the same deals')}): "
        f"first-player score {_pct(deep_out['first']['score'] or 0)}; the "
        f"jolly swap worsens the mover's exact outcome in {deep_out['jolly']['worse_without']} of "
        f"{deep_out['jolly']['positions']} and improves it in "
        f"{deep_out['jolly']['better_without']}.",
    ] + ([f"- Positions from real play, the largest size whose median is proven within "
           f"{', '.join(f'{b:,}' for b in sorted({e['budget_nodes'] for e in frontier['rows']}))} nodes "
           "(about a minute of one core; 17 positions a size, the median's 95% interval in "
           "the page): " + ("; ".join(f"{'one thread' if k == '1' else 'two threads'} {v} free cells"
                                     for k, v in sorted(frontier["frontier"].items())) or "none measured")
           + "."] if frontier else []))
    return {"title": "Octagone", "summary": summary, "files": files, "timings": timings}


def _frontier() -> dict | None:
    """data/octagone/frontier.json (``scripts/bench_octagone.py --out``), read only: None when the
    file is absent; a malformed file is a one-line error."""
    path = DATA_DIR / "octagone" / "frontier.json"
    if not path.exists():
        return None
    data = read_json(path, "frontier file")
    try:
        rows = [{**{k: e[k] for k in ("free_cells", "threads", "method", "budget_nodes", "positions",
                                      "per_size", "proven", "median", "date", "command",
                                      "load_before", "nodes_per_s_cpu")},
                 "interrupted": bool(e.get("interrupted"))}
                for e in data["measurements"]]
        for e in rows:
            for unit in ("nodes", "cpu_s", "wall_s"):
                e["median"][unit]["ci"][1]  # noqa: B018  (the shape is checked here)
        return {"frontier": dict(data["frontier_within_budget"]), "rows": rows}
    except (KeyError, TypeError, IndexError):
        fail(f"{path}: not a frontier file written by scripts/bench_octagone.py --out")


def _median_cell(m: dict, fmt) -> str:
    """'4.2 (0.3-above 60)' for a median and its interval; 'above X' where unproven ones enter."""
    med = fmt(m["median"]) if m["median"] is not None else (
        f"above {fmt(m['median_above'])}" if m["median_above"] is not None else "?")
    if m["confidence"] is None:
        return med
    lo = fmt(m["ci"][0]) if m["ci"][0] is not None else "?"
    hi = fmt(m["ci"][1]) if m["ci"][1] is not None else f"above {fmt(m['ci_high_above'])}"
    return f"{med} ({lo} to {hi})"


def _frontier_lines(fr: dict | None) -> list[str]:
    if fr is None:
        return ["## Positions from real play: the frontier", "",
                "Not measured here (`data/octagone/frontier.json` is absent: `python "
                "scripts/bench_octagone.py --real-only --out data/octagone/frontier.json`).", ""]

    def mn(x):
        return f"{x / 1e6:,.1f} M"

    def sec(x):
        return f"{x:,.1f}"

    budgets = sorted({e["budget_nodes"] for e in fr["rows"]})
    rates = sorted(e["nodes_per_s_cpu"] for e in fr["rows"] if e["threads"] == 1)
    rate = ""
    if rates and len(budgets) == 1:
        r = rates[len(rates) // 2]
        rate = (f"; at the {r / 1e6:.1f} M nodes per CPU second of this measurement (one thread, "
                f"the median of the sizes' rates, under the load given in the table) that is "
                f"{budgets[0] / r:.0f} CPU s; an idle core runs faster (docs/octagone.md, Speed)")
    front = fr["frontier"]
    said = "; ".join(f"{'one thread' if k == '1' else 'two threads (`--workers 2`)'}: {v} free cells"
                     for k, v in sorted(front.items())) or "no size measured"
    L = ["## Positions from real play: the frontier", "",
         "Positions reached by the computer players (alphabeta v mcts and greedy v greedy, in turn), "
         "proven with the outcome target (`solve --target outcome`) within a node budget "
         f"({', '.join(f'{b:,}' for b in budgets)} nodes, each thread's with two; a position not "
         f"proven within it counts as above it){rate}. Per size: the median and its 95% order-statistic "
         "interval (distribution-free; of 17 positions, the 5th to the 13th: 95.1%), in nodes (the longest thread's "
         "with two: what the wall clock pays on two idle cores) and in CPU and wall-clock seconds "
         "(both threads' CPU; the wall clock depends on the machine's load, given beside). "
         "Measured by `scripts/bench_octagone.py --out`, read from "
         "[data/octagone/frontier.json](../../data/octagone/frontier.json) (the command and date "
         "of each row are there).", "",
         f"**The largest size whose median is proven within the budget**: {said}.", "",
         "| free cells | threads | proven | median nodes (95% CI) | median CPU s (95% CI) | "
         "median wall s | load | date |",
         "| ---: | ---: | --- | --- | --- | --- | ---: | --- |"]
    for e in sorted(fr["rows"], key=lambda e: (e["threads"], e["free_cells"])):
        m = e["median"]
        run = e["positions"]
        proven = f"{e['proven']} of {run}" + (
            f" ({'interrupted' if e.get('interrupted') else 'stopped'}, of {e['per_size']})"
            if run < e["per_size"] else "")
        L.append(f"| {e['free_cells']} | {e['threads']} | {proven} | {_median_cell(m['nodes'], mn)} | "
                 f"{_median_cell(m['cpu_s'], sec)} | {_median_cell(m['wall_s'], sec)} | "
                 f"{e['load_before'][0]} | {e['date'][:10]} |")
    return L + [""]


def _settled(res: dict, verb: str) -> str:
    """'N were proven, M were not', or 'all N were proven' when none is left."""
    if res["unproven"] == 0:
        return f"all {res['proven']} {verb} proven"
    return f"{res['proven']} {verb} proven, {res['unproven']} " + ("were not" if verb == "were" else "not")


def _perfect_tables(ex: dict) -> list[str]:
    """The first player's table and the jolly's paragraph of a perfect-play result."""
    f, j = ex["first"], ex["jolly"]
    lo, hi = f["score_ci95"]
    jlo, jhi = j["worse_share_ci95"]
    return [f"| from {ex['free_cells']} free cells, perfect play | deals | wins | draws | losses | "
            "score (95% CI) |",
            "| --- | ---: | ---: | ---: | ---: | --- |",
            f"| the first player (who placed the Dama) | {ex['proven']} | {f['wins']} | {f['draws']} | "
            f"{f['losses']} | {_pct(f['score'] or 0)} ({_pct(lo)}-{_pct(hi)}) |", "",
            f"**The value of the jolly.** In the same positions, one of the mover's jollies swapped for a "
            f"coloured shield of the row with the most free cells (the same number of shields): the exact "
            f"outcome gets worse for the mover in {j['worse_without']} of the {j['positions']} positions "
            f"where the mover holds a jolly (95% CI {_pct(jlo)}-{_pct(jhi)}), stays the same in "
            f"{j['same']} and gets better in {j['better_without']}"
            + ({0: "", 1: " (in the other position the mover has no jolly left)"}.get(
                ex["proven"] - j["positions"],
                f" (in the other {ex['proven'] - j['positions']} the mover has no jolly left)")) + ".", ""]


def _readme(seed, quick, adv, fp, fp_src, matches, mt, mt_src, replayed, solved, exact,
            deep, pictures, frontier) -> str:
    L = ["# Octagone", "",
         f"Generated by `octosolve report --only octagone{' --quick' if quick else ''}` "
         f"(seed {seed}), default rules: the `edge` reading of the "
         "wrap-around ([docs/rules/octagone.md](../../docs/rules/octagone.md)). The long measurements are not searched here: the "
         f"first-player figures are {fp_src}, made by `{fp.get('command', '(live)')}`; the matches "
         f"are {mt_src}, made by `{mt.get('command', '(live)')}`. The report replayed {replayed} of "
         "their stored games (the same seeds gave the same games) before quoting them.", "",
         "## First-player advantage (2 players)", "",
         "The side that draws the Dama Bianca places it and moves first. Score = (wins + draws/2) / "
         "games of the first side, so 50% means no advantage; 95% Wilson intervals. Data: "
         "[first_player.json](first_player.json).", "",
         "| variant | players | games | first wins | draws | first loses | first score (95% CI) | mean moves |",
         "| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |"]
    for a in adv.values():
        lo, hi = a["first_score_ci95"]
        L.append(f"| {a['game']['variant']} | {a['player']} vs {a['player']} | {a['games']} | "
                 f"{a['first_wins']} | {a['ties']} | {a['first_losses']} | {_pct(a['first_score'])} "
                 f"({_pct(lo)}-{_pct(hi)}) | {a['mean_moves']:.1f} |")
    L += ["", "## Matches (standard rules)", "",
          "Seats alternate game by game (`core.match`); who places the Dama is drawn from each deal. "
          "Data: [matches.json](matches.json).", "",
          "| match | games | simulations | score of the first named (95% CI) | wins / draws / losses |",
          "| --- | ---: | ---: | --- | --- |"]
    for m in matches:
        a, b = m["players"]
        s = m["results"][a]
        lo, hi = s["score_ci95"]
        L.append(f"| {a} vs {b} | {m['games']} | {m['options'].get('simulations') or '-'} | "
                 f"{_pct(s['score'])} ({_pct(lo)}-{_pct(hi)}) | {s['wins']} / {s['draws']} / {s['losses']} |")
    L += ["", "`mcts` is the core UCT player with informed numba playouts (the greedy rule with 10% "
          "random moves); `openspiel-mcts` is OpenSpiel's generic MCTS bot "
          "(`open_spiel.python.algorithms.mcts`, random rollouts, MCTS-Solver on), UCT constant 1.4 for "
          "both. The simulations column is the per-move budget of the `mcts` and `openspiel-mcts` "
          "players; `alphabeta` solves exactly once at most 18 cells are free (2 players, at most "
          "3,000,000 nodes a move) and before that plays like MCTS with its own 300 simulations a move, "
          "whatever the column says.", "",
          "## Exact solver", "",
          "Positions from seeded random play, 2 players, open shields (the default: each player sees "
          "the other's shields; hidden shields are a rule option), default reading; value = proven "
          "margin for the player to move (positive: it wins by that many shields; 0: a draw). Data (with the positions): [solver.json](solver.json). "
          "Times: `python scripts/bench_octagone.py`.", "",
          "| free cells | value | result | nodes |", "| ---: | ---: | --- | ---: |"]
    for s in solved:
        L.append(f"| {s['free_cells']} | {s['value']:+d} | {s['result']} | {s['nodes']} |")
    L += ["", f"## Perfect play from {exact['free_cells']} free cells", "",
          f"{exact['deals']} seeded deals (2 players, open shields, standard rules) are played by "
          f"greedy v greedy until {exact['free_cells']} cells are free, then solved exactly (win / draw "
          f"/ loss, `solve --target outcome`, at most {exact['max_nodes']:,} nodes each): "
          f"{exact['reached']} reached that point, {_settled(exact, 'were')}. Data (a row per deal): [exact_play.json](exact_play.json).", ""]
    L += _perfect_tables(exact)
    a = deep["against"]
    L += ["", f"## Perfect play from {deep['free_cells']} free cells", "",
          f"The same {deep['deals']} deals, played by {' v '.join(deep['players'])} only until "
          f"{deep['free_cells']} cells are free and solved there (at most {deep['max_nodes']:,} nodes a "
          f"position): {deep['reached']} reached that point, {_settled(deep, 'were')}. These deeper searches are {deep['source']}, made by "
          f"`{deep['command']}`; the report checked that its figures are those of its rows and replayed "
          f"{deep['replayed']} of its deals (the same game, outcome and node counts). "
          "Data: [exact_play_deep.json](exact_play_deep.json).", ""]
    d = deep.get("dfpn")
    if d:
        L += [f"**Proved a second way.** Of the {d['hardest']} deals whose alpha-beta proof took at least "
              f"{int(d['min_nodes']):,} nodes, {d['proven']} were proved again by proof-number search "
              f"(df-pn, at most {int(d['max_nodes']):,} nodes each; its own move generator and proof "
              f"numbers down to 14 free cells, the alpha-beta below), all with the same outcome "
              f"(`{d['command']}`, data/octagone/perfect-play-dfpn.json; the report checks every row "
              "against the alpha-beta's).", ""]
    L += _perfect_tables(deep)
    L += [f"**Against {exact['free_cells']} free cells.** Of the {a['deals']} deals proven from both "
          f"depths, the first player's exact outcome is the same in {a['same']}; it is better for the "
          f"first player at {exact['free_cells']} free cells in {a['better_for_first']} (a move of the "
          f"second player in between gave the outcome away) and worse in {a['worse_for_first']} (a "
          "move of the first player did).", ""]
    L += [""] + _frontier_lines(frontier)
    L += ["", "## Pictures", "",
          f"{pictures[0]} ([SVG](example_position.svg), [position and proof](example_position.json)); "
          f"{pictures[1]} ([SVG](example_iv_final.svg)).", ""]
    return "\n".join(L)
