"""`octosolve report --games oct8`: balance of Oct8 from numba playouts (>= 100,000 games per main
table) and measured matches of the computer players (Python engine)."""

from __future__ import annotations

import time
from pathlib import Path

from ..core.jsonout import write_json
from ..core.paths import RESULTS_DIR
from . import rules as R
from .render import bar_chart
from .solve import mcts_match, simulate

SEAT_COLOURS = ["#4363d8", "#3cb44b", "#f58231", "#911eb4"]


def _scenarios(quick: bool):
    big, mid, small = (2000, 1000, 600) if quick else (100_000, 50_000, 30_000)
    b = ["builder"] * 4
    r = ["random"] * 4
    sc = [
        ("random4", "4 random players", dict(players=4, strategies=r, games=big)),
        ("builder4", "4 builder players", dict(players=4, strategies=b, games=big)),
        ("random4_short", "4 random, short variant", dict(players=4, strategies=r, games=mid, short=True)),
        ("builder4_short", "4 builders, short variant", dict(players=4, strategies=b, games=mid, short=True)),
        ("random4_flat", "4 random, flat deck", dict(players=4, strategies=r, games=mid, deck="flat")),
        ("builder4_flat", "4 builders, flat deck", dict(players=4, strategies=b, games=mid, deck="flat")),
        ("builder3", "3 builders", dict(players=3, strategies=b[:3], games=small)),
        ("builder2", "2 builders", dict(players=2, strategies=b[:2], games=small)),
    ]
    for seat in range(4):
        s = list(r)
        s[seat] = "builder"
        sc.append((f"builder_seat{seat}", f"builder in seat {seat} vs 3 random",
                   dict(players=4, strategies=s, games=big // 4)))
    return sc


def _fmt_ci(v, ci, nd=3):
    lo, hi = (max(0.0, x) if v >= 0 else x for x in ci)
    return f"{v:.{nd}f} [{lo:.{nd}f}, {hi:.{nd}f}]"


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if seed is None:
        from ..core.seeding import DEFAULT_SEED

        seed = DEFAULT_SEED
    t0 = time.perf_counter()
    results = {}
    for key, label, kw in _scenarios(quick):
        res = simulate(seed=seed, **kw)
        res["label"] = label
        results[key] = res
    total_games = sum(r["games"] for r in results.values())
    sims = 20 if quick else 200
    greedy = mcts_match(games=8 if quick else 100, simulations=sims, opponent="random", me="greedy", seed=seed)
    mcts = mcts_match(games=4 if quick else 48, simulations=sims, opponent="greedy", seed=seed)
    osm_path = out_dir / "openspiel_match.json"
    openspiel = None
    if osm_path.exists():
        import json

        openspiel = json.loads(osm_path.read_text(encoding="utf-8"))
    data = {"quick": quick, "seed": seed, "numba_games": total_games, "scenarios": results,
            "matches": {"greedy_vs_random": greedy, "mcts_vs_greedy": mcts, "mcts_vs_openspiel": openspiel},
            "seconds": round(time.perf_counter() - t0, 1)}
    write_json(out_dir / "balance.json", data)

    files = ["README.md", "balance.json"]
    # --- plots
    for key in ("random4", "builder4"):
        r = results[key]
        bar_chart(out_dir / f"seat_{key}.svg", f"Win share by seat, {r['label']} ({r['games']:,} games)",
                  [f"seat {p}" for p in range(4)], r["win_rate"], r["win_rate_ci"], ylabel="win share (ties split)",
                  reference=0.25, colours=SEAT_COLOURS)
        files.append(f"seat_{key}.svg")
    r = results["builder4"]
    acts = list(R.CATEGORIES)
    bar_chart(out_dir / "actions_builder4.svg", f"Actions per game, {r['label']} ({r['games']:,} games)",
              [a.replace("_", "\n") for a in acts], [r["actions_per_game"][a] for a in acts],
              [r["actions_per_game_ci"][a] for a in acts], ylabel="per game")
    files.append("actions_builder4.svg")
    vkeys = ["builder4", "builder4_short", "builder4_flat", "random4", "random4_short", "random4_flat"]
    bar_chart(out_dir / "turns_by_variant.svg", "Game length (turns) by variant",
              [results[k]["label"].replace(", ", "\n").replace("4 ", "") for k in vkeys],
              [results[k]["mean_turns"] for k in vkeys], [results[k]["mean_turns_ci"] for k in vkeys],
              ylabel="turns per game")
    files.append("turns_by_variant.svg")
    strat_labels = [f"builder\nseat {s}" for s in range(4)] + ["greedy vs\n3 random", "mcts vs\n3 greedy"]
    strat_vals = [results[f"builder_seat{s}"]["win_rate"][s] for s in range(4)] + [
        greedy["mcts_win_rate"], mcts["mcts_win_rate"]]
    strat_ci = [results[f"builder_seat{s}"]["win_rate_ci"][s] for s in range(4)] + [
        greedy["mcts_win_rate_ci"], mcts["mcts_win_rate_ci"]]
    bar_chart(out_dir / "strategies.svg", "Win share of one player against three others (fair share 0.25)",
              strat_labels, strat_vals, strat_ci, ylabel="win share", reference=0.25)
    files.append("strategies.svg")

    # --- README
    L = [f"# Oct8 balance and players{' (quick run)' if quick else ''}", "",
         f"Generated by `octosolve report --games oct8{' --quick' if quick else ''}` (seed {seed}). "
         f"{total_games:,} numba playouts in all, plus measured matches on the Python engine. "
         "Intervals are 95% (Wilson for win shares, normal for means). A k-way tie counts 1/k for each "
         "winner. Data: [balance.json](balance.json). Rules interpretations: docs/rules/oct8.md.", "",
         "Players: *random* (uniform over legal decisions), *builder* (numba rollout policy: completes a "
         "shared octopus whenever it can, otherwise draws), *greedy* (best immediate score change, "
         "including exchanges from the swap kernel), *mcts* (determinised Monte-Carlo search over whole "
         "moves with builder rollouts).", ""]
    L += ["## Win share and score by seat", "",
          "| table | games | seat | win share | mean score |", "| --- | ---: | ---: | --- | --- |"]
    for key in ("random4", "builder4", "builder3", "builder2"):
        r = results[key]
        for p in range(r["players"]):
            L.append(f"| {r['label']} | {r['games']:,} | {p} | {_fmt_ci(r['win_rate'][p], r['win_rate_ci'][p])} | "
                     f"{_fmt_ci(r['mean_score'][p], r['mean_score_ci'][p], 2)} |")
    L += ["", "![seats, random](seat_random4.svg) ![seats, builder](seat_builder4.svg)", ""]
    L += ["## By strategy", "", "| match | games | win share of the player | its mean score | others' mean score |",
          "| --- | ---: | --- | ---: | ---: |"]
    for s in range(4):
        r = results[f"builder_seat{s}"]
        others = sum(r["mean_score"][q] for q in range(4) if q != s) / 3
        L.append(f"| builder in seat {s} vs 3 random (numba) | {r['games']:,} | "
                 f"{_fmt_ci(r['win_rate'][s], r['win_rate_ci'][s])} | {r['mean_score'][s]:.2f} | {others:.2f} |")
    for name, m, what in (("greedy vs 3 random", greedy, "greedy"),
                          (f"mcts ({mcts['simulations']} simulations/move) vs 3 greedy", mcts, "mcts")):
        L.append(f"| {name} (Python engine, seat rotating) | {m['games']} | "
                 f"{_fmt_ci(m['mcts_win_rate'], m['mcts_win_rate_ci'])} | {m['mcts_mean_score']:.2f} | "
                 f"{m['opponent_mean_score']:.2f} |")
    if openspiel:
        L.append(f"| mcts vs OpenSpiel MCTS bot, {openspiel['players']} players, {openspiel['simulations']} "
                 f"simulations/move each | {openspiel['games']} | "
                 f"{_fmt_ci(openspiel['mcts_win_rate'], openspiel['mcts_win_rate_ci'])} | "
                 f"{openspiel['mcts_mean_score']:.2f} | {openspiel['opponent_mean_score']:.2f} |")
    else:
        L.append("| mcts vs OpenSpiel MCTS bot | - | not run (see docs/oct8.md) | | |")
    L += ["", "Seat effect: with competent players (builders) the first seat wins clearly more often "
          "(4 players: seat 0 vs seat 3 in the first table). One reason is in the rules' ending: after the "
          "player who emptied a deck, the others take one more turn, so the seats before that player in the "
          "order get one turn more than the seats after it, and seat 0 is never behind.", "",
          "![strategies](strategies.svg)", "",
          "The OpenSpiel bot (`open_spiel.python.algorithms.mcts.MCTSBot` through the shared adapter) searches "
          "the true state (it sees hidden cards) with random rollouts; the row above comes from "
          "`openspiel_match.json`, produced by the command recorded in it.", ""]
    L += ["## Variants: short game, arm-count distribution, number of players", "",
          "| table | games | turns per game | total score per game | mean octopuses per player | ties |",
          "| --- | ---: | --- | ---: | ---: | ---: |"]
    for key in ("random4", "random4_short", "random4_flat", "builder4", "builder4_short", "builder4_flat",
                "builder3", "builder2"):
        r = results[key]
        L.append(f"| {r['label']} (deck {r['deck']}) | {r['games']:,} | {_fmt_ci(r['mean_turns'], r['mean_turns_ci'], 2)} | "
                 f"{r['mean_total_score']:.2f} | {sum(r['mean_octopuses']) / r['players']:.2f} | "
                 f"{r['ties'] / r['games']:.3f} |")
    L += ["", "![turns](turns_by_variant.svg)", ""]
    L += ["## How often each action is used (per game, all players)", "",
          "| table | " + " | ".join(R.CATEGORIES) + " |", "| --- |" + " ---: |" * len(R.CATEGORIES)]
    for key in ("random4", "builder4", "builder4_short", "builder4_flat"):
        r = results[key]
        L.append(f"| {r['label']} | " + " | ".join(
            f"{r['actions_per_game'][c]:.2f} [{max(0.0, r['actions_per_game_ci'][c][0]):.2f}, "
            f"{r['actions_per_game_ci'][c][1]:.2f}]" for c in R.CATEGORIES) + " |")
    for name, m in (("greedy vs 3 random (Python engine)", greedy), ("mcts vs 3 greedy (Python engine)", mcts)):
        L.append(f"| {name}, {m['games']} games | " + " | ".join(
            f"{m['actions_per_game'][c]:.2f} [{m['actions_per_game_ci'][c][0]:.2f}, {m['actions_per_game_ci'][c][1]:.2f}]"
            for c in R.CATEGORIES) + " |")
    L += ["", "Builders almost never exchange (only through their random fallback); the exchanges of real play show in "
          "the greedy and mcts rows.", ""]
    L += ["", "`baby_used` counts extra actions paid with a baby chip (they are also counted under their own "
          "action); `pass` is a main action with nothing possible.", "", "![actions](actions_builder4.svg)", ""]
    (out_dir / "README.md").write_text("\n".join(L) + "\n", encoding="utf-8")
    if openspiel:
        files.append("openspiel_match.json")

    b4 = results["builder4"]
    summary = "\n".join([
        f"- {total_games:,} numba playouts; seat win shares with 4 builders: "
        + ", ".join(f"{w:.3f}" for w in b4["win_rate"]) + f" ({b4['games']:,} games); "
        f"mean game {b4['mean_turns']:.1f} turns.",
        f"- greedy vs 3 random: win share {greedy['mcts_win_rate']:.2f} ({greedy['games']} games); "
        f"mcts ({mcts['simulations']} sims) vs 3 greedy: {mcts['mcts_win_rate']:.2f} "
        f"[{mcts['mcts_win_rate_ci'][0]:.2f}, {mcts['mcts_win_rate_ci'][1]:.2f}] ({mcts['games']} games; fair 0.25).",
        f"- short variant: {results['builder4_short']['mean_turns']:.1f} turns vs {b4['mean_turns']:.1f}; "
        f"flat deck: {results['builder4_flat']['mean_turns']:.1f} turns.",
    ])
    _ = RESULTS_DIR
    return {"title": "Oct8: balance and players", "summary": summary, "files": files}
