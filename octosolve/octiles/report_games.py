"""The games section of the Octiles report: measured matches between the computer players, the match
against OpenSpiel's generic MCTS bot, and a sample game record with a picture of its end.

``build(out_dir, quick=..., seed=...)`` writes into ``out_dir`` (``results/octiles/games``):
``README.md``, ``matches.json``, ``openspiel_match.json``, ``sample_game.json``, ``sample_game.txt``,
``sample_game_final.svg``; it returns ``{"title", "summary", "files"}``.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..core.jsonout import write_json
from ..core.seeding import DEFAULT_SEED

PLAYER_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]


def _plan(quick: bool) -> dict:
    if quick:
        return {
            "matches": [
                ("move-over", ["mcts", "greedy"], 2, 30, {"max_turns": 40}),
                ("move-over", ["greedy", "random"], 2, 30, {"max_turns": 30}),
                ("team-up", ["mcts", "greedy"], 2, 20, {"max_turns": 10}),
                ("octiles", ["mcts", "greedy"], 2, 20, {"max_turns": 10}),
            ],
            "openspiel": (2, 10, {"max_turns": 8, "adjudicate": True}),
            "sample_sims": 30,
        }
    return {
        "matches": [
            ("move-over", ["mcts", "greedy"], 40, 100, {"max_turns": 200}),
            ("move-over", ["greedy", "random"], 20, 0, {"max_turns": 200}),
            ("team-up", ["mcts", "greedy"], 12, 100, {"max_turns": 120}),
            ("octiles", ["mcts", "greedy"], 8, 100, {"max_turns": 200}),
        ],
        "openspiel": (20, 50, {"max_turns": 60, "adjudicate": True}),
        "sample_sims": 200,
    }


def _final_svg(path: Path, rec: dict) -> None:
    import drawsvg as draw

    from . import render
    from ..core import svg

    pl = rec["final"]["placement"]
    title = (f"{rec['game']} seed {rec['seed']}: " + " vs ".join(rec["players"])
             + f" - {rec['end_reason']}")
    d = render.board_svg(pl, title=title)
    geo = render._Geo(title_h=30.0)
    for p, runners in enumerate(rec["final"]["runners"]):
        for loc in runners:
            cx, cy = geo.pt(*render.location_xy(loc))
            d.append(draw.Circle(cx, cy, 0.11 * render.UNIT, fill=PLAYER_COLOURS[p], stroke="#000",
                                 stroke_width=1.5))
    svg.save(d, path)


def _fmt_match(m: dict) -> list[str]:
    rows = []
    for nm, st in m["results"].items():
        lo, hi = st["score_ci95"]
        across = (f"{st['runners_across_per_game']:.1f}" if m["game"].get("variant") != "team-up"
                  else "-")
        rows.append(f"| {nm} | {st['games']} | {st['wins']} | {st['draws']} | {st['losses']} | "
                    f"{st['score']:.3f} [{lo:.3f}, {hi:.3f}] | {across} |")
    return rows


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    from . import players as P
    from ..interop import openspiel

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seed = DEFAULT_SEED if seed is None else seed
    plan = _plan(quick)
    files: list[str] = []
    workers = 1 if quick else 2

    matches = []
    for variant, names, games, sims, extra in plan["matches"]:
        t0 = time.perf_counter()
        kw = {"variant": variant, **extra}
        m = P.match(kw, names, games, seed, max(sims, 1), workers=workers,
                    progress_label=f"{variant} {'-'.join(names)}")
        m["seconds"] = round(time.perf_counter() - t0, 1)
        m["command"] = (f"octosolve octiles match --game {variant} --players {','.join(names)} "
                        f"--games {games} --sims {max(sims, 1)} --max-turns {extra['max_turns']} "
                        f"--seed {seed}")
        matches.append(m)
    write_json(out_dir / "matches.json", matches)
    files.append("matches.json")

    os_match = None
    if openspiel.available():
        games, sims, extra = plan["openspiel"]
        t0 = time.perf_counter()
        kw = {"variant": "move-over", **extra}
        os_match = P.match(kw, ["mcts", "openspiel-mcts"], games, seed, sims, workers=workers,
                           progress_label="mcts-openspiel")
        os_match["seconds"] = round(time.perf_counter() - t0, 1)
        os_match["command"] = (f"octosolve octiles match --game move-over --players mcts,openspiel-mcts "
                               f"--games {games} --sims {sims} --max-turns {extra['max_turns']} "
                               f"--adjudicate --seed {seed}")
        write_json(out_dir / "openspiel_match.json", os_match)
        files.append("openspiel_match.json")

    rec = P.play_game({"variant": "move-over"}, ["mcts", "greedy"], 1, plan["sample_sims"])
    write_json(out_dir / "sample_game.json", rec)
    (out_dir / "sample_game.txt").write_text(P.record_text(rec) + "\n", encoding="utf-8")
    _final_svg(out_dir / "sample_game_final.svg", rec)
    files += ["sample_game.json", "sample_game.txt", "sample_game_final.svg"]

    lines = ["# Octiles games: computer players", "",
             ("_Quick run (smoke test sizes): the figures below are not meaningful._" if quick else
              "Full run."), "",
             "Players: `random`; `greedy` (one turn ahead: every placement with its best runner move, "
             "scored by runner progress / runner groups); `mcts` (UCT over the state API, the 8 best "
             "actions of a cheap prior per node, truncated greedy rollouts + evaluation); `uct` (the "
             "generic UCT of octosolve.core.mcts with random rollouts); `openspiel-mcts` (OpenSpiel's "
             "`MCTSBot` with random rollouts through the generic adapter). Seats rotate from game to "
             "game. Score = (wins + draws/2) / games, with a 95% Wilson interval. Games still running at "
             "the turn limit are draws unless marked adjudicated.", ""]
    summary = []
    for m in matches:
        v = m["game"]["variant"]
        lines += [f"## {v}: {' vs '.join(m['players'])}", "",
                  f"{m['games']} games, {m['simulations']} simulations per move (MCTS players), turn "
                  f"limit {m['game']['max_turns']}; {m['seconds']} s. Command: `{m['command']}`", "",
                  "| player | games | wins | draws | losses | score [95% CI] | runners across / game |",
                  "| --- | --- | --- | --- | --- | --- | --- |"] + _fmt_match(m) + [""]
        a, b = m["players"]
        ra, rb = m["results"][a], m["results"][b]
        summary.append(f"- {v}: {a} vs {b}: {ra['wins']}-{rb['wins']} ({ra['draws']} draws) in "
                       f"{m['games']} games")
    if os_match is not None:
        m = os_match
        lines += ["## Our MCTS vs OpenSpiel's MCTS bot (Move Over)", "",
                  f"{m['games']} games, {m['simulations']} simulations per move for both, turn limit "
                  f"{m['game']['max_turns']} with adjudication (most runners across wins; equal is a "
                  f"draw): OpenSpiel's random rollouts almost never reach the end of a race game, so "
                  f"without adjudication nearly every game is a draw. {m['seconds']} s. "
                  f"Command: `{m['command']}`", "",
                  "| player | games | wins | draws | losses | score [95% CI] | runners across / game |",
                  "| --- | --- | --- | --- | --- | --- | --- |"] + _fmt_match(m) + [""]
        r = m["results"]
        summary.append(f"- vs OpenSpiel MCTS ({m['simulations']} sims each, adjudicated at "
                       f"{m['game']['max_turns']} turns): mcts {r['mcts']['wins']}-"
                       f"{r['openspiel-mcts']['wins']} ({r['mcts']['draws']} draws) in {m['games']} games")
    else:
        lines += ["## OpenSpiel", "", "OpenSpiel is not installed: the match was not played.", ""]
        summary.append("- OpenSpiel match not played (open-spiel not installed)")
    lines += ["## A sample game", "",
              "`octosolve octiles play --game move-over --players mcts,greedy --seed 1` "
              f"(here with {plan['sample_sims']} simulations): [record](sample_game.txt), "
              "[JSON](sample_game.json).", "",
              f"Result: {', '.join(rec['winner_names']) or 'no winner'} ({rec['end_reason']}) after "
              f"{rec['turns']} turns.", "", "![final position](sample_game_final.svg)", ""]
    (out_dir / "README.md").write_text("\n".join(lines), encoding="utf-8")
    files.insert(0, "README.md")
    return {"title": "Octiles games", "summary": "\n".join(summary), "files": files}
