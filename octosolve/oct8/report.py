"""`octosolve report --only oct8`: balance of Oct8 from numba playouts (>= 100,000 games per main
table) and measured matches of the computer players (Python engine)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from ..core.batch import default_workers
from ..core.files import atomic_write_text
from ..core.jsonout import write_json
from ..core.paths import data_path
from . import rules as R
from .matches import match
from .render import bar_chart
from .solve import simulate

__all__ = ["build", "OPENSPIEL_COMMAND"]

# The stored OpenSpiel match (data/oct8/openspiel_match.json) is a data file made by its own command
# (several minutes), `octosolve oct8 measure`; the report reads it and never replays it. The committed
# file is older: it was made by the command it records, before `measure` (its shape: "mcts_*" keys,
# the player then called mcts being flat-mc); the report reads both shapes.
OPENSPIEL_COMMAND = "octosolve oct8 measure --seed 20261121"


def openspiel_row(osr: dict) -> tuple:
    """(players, simulations, games, flat-mc's share with its interval, flat-mc's mean score, the
    bot's mean score) of the stored OpenSpiel match, in either of its shapes."""
    if "results" in osr:  # written by `oct8 measure`: the core match result
        r = osr["results"]["flat-mc"]
        return (len(osr["players"]), osr["simulations"], osr["games"], r["score"], r["score_ci95"],
                osr["mean_scores"]["flat-mc"], osr["mean_scores"]["openspiel-mcts"])
    return (osr["players"], osr["simulations"], osr["games"], osr["mcts_win_rate"], osr["mcts_win_rate_ci"],
            osr["mcts_mean_score"], osr["opponent_mean_score"])

SEAT_COLOURS = ["#4363d8", "#3cb44b", "#f58231", "#911eb4"]


def _scenarios(quick: bool):
    big, mid, small = (2000, 1000, 600) if quick else (40_000, 16_000, 16_000)
    b = ["builder"] * 4
    r = ["random"] * 4
    sc = [
        ("random4", "4 random players", dict(players=r, games=big)),
        ("builder4", "4 builder players", dict(players=b, games=big)),
        ("random4_short", "4 random, short variant", dict(players=r, games=mid, game={"variant": "short"})),
        ("builder4_short", "4 builders, short variant", dict(players=b, games=mid, game={"variant": "short"})),
        ("random4_flat", "4 random, flat deck", dict(players=r, games=mid, game={"deck": "flat"})),
        ("builder4_flat", "4 builders, flat deck", dict(players=b, games=mid, game={"deck": "flat"})),
        ("builder3", "3 builders", dict(players=b[:3], games=small)),
        ("builder2", "2 builders", dict(players=b[:2], games=small)),
    ]
    for seat in range(4):
        s = list(r)
        s[seat] = "builder"
        sc.append((f"builder_seat{seat}", f"builder in seat {seat} vs 3 random",
                   dict(players=s, games=big // 4)))
    return sc


def _option_scenarios(quick: bool):
    """The rule options (docs/rules/oct8.md) against the default: 4 builders (seats), and one builder
    against 3 random players (a strategy), under each reading."""
    n4, n1 = (1000, 1000) if quick else (12_000, 6_000)
    out = []
    for key, label, game in (("default", "default (chips capped at 2, whole-octopus bonus)", {}),
                             ("each", "baby chips: one per octopus taken", {"baby_chips": "each"}),
                             ("arm", "colour bonus: each matching arm", {"colour_bonus": "arm"}),
                             ("each_arm", "both other readings", {"baby_chips": "each", "colour_bonus": "arm"})):
        out.append((f"builder4_{key}", label, dict(players=["builder"] * 4, games=n4, game=game)))
        out.append((f"builder_vs_random_{key}", label,
                    dict(players=["builder", "random", "random", "random"], games=n1, game=game)))
    return out


def _fmt_ci(v, ci, nd=3):
    lo, hi = (max(0.0, x) if v >= 0 else x for x in ci)
    return f"{v:.{nd}f} [{lo:.{nd}f}, {hi:.{nd}f}]"


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if seed is None:
        from ..core.seeding import DEFAULT_SEED

        seed = DEFAULT_SEED
    timings = {}
    t0 = time.perf_counter()
    results = {}
    workers = default_workers()  # numba tables of more than 5,000 games are split over the cores
    for key, label, kw in _scenarios(quick):
        res = simulate(seed=seed, workers=workers, **kw)
        res["label"] = label
        results[key] = res
    timings["numba_tables"] = round(time.perf_counter() - t0, 1)
    options = {}
    t0 = time.perf_counter()
    for key, label, kw in _option_scenarios(quick):
        res = simulate(seed=seed, workers=workers, **kw)
        res["label"] = label
        options[key] = res
    timings["rule_options"] = round(time.perf_counter() - t0, 1)
    total_games = sum(r["games"] for r in results.values()) + sum(r["games"] for r in options.values())
    t0 = time.perf_counter()
    # Python-engine matches, sized for the report's time budget (about 50 s for the whole build on two
    # cores): measured 0.33 s per greedy game, 1.7 s per flat-mc game (200 simulations), CPU time. The
    # tree search gets 500 iterations, about the CPU time of flat-mc's 200 playouts (an iteration costs
    # about a third of a flat-mc playout); counted work, not a time limit, keeps the report reproducible.
    sims, uct_sims = (20, 50) if quick else (200, 500)
    greedy = match(["greedy", "random", "random", "random"], 8 if quick else 24, seed)
    flat_mc = match(["flat-mc", "greedy", "greedy", "greedy"], 4 if quick else 12, seed, simulations=sims)
    mcts = match(["mcts", "greedy", "greedy", "greedy"], 4 if quick else 12, seed, simulations=uct_sims)
    timings["matches"] = round(time.perf_counter() - t0, 1)
    # the stored run, without the duration it records (no duration in what the report writes)
    stored = json.loads(data_path("oct8", "openspiel_match.json").read_text(encoding="utf-8"))
    openspiel = {k: v for k, v in stored.items() if not k.startswith("seconds")}
    write_json(out_dir / "openspiel_match.json", openspiel)
    t0 = time.perf_counter()
    strength = _strength(1 if quick else 2)
    write_json(out_dir / "strength.json", strength)
    timings["strength_recheck"] = round(time.perf_counter() - t0, 1)
    data = {"quick": quick, "seed": seed, "numba_games": total_games, "scenarios": results,
            "rule_options": options,
            "matches": {"greedy_vs_random": greedy, "flat_mc_vs_greedy": flat_mc, "mcts_vs_greedy": mcts,
                        "flat_mc_vs_openspiel": openspiel},
            "strength": {"file": "strength.json", "rechecked_games": strength["rechecked_games"],
                         "recheck_problems": strength["recheck_problems"]}}
    write_json(out_dir / "balance.json", data)

    files = ["README.md", "balance.json", "openspiel_match.json", "strength.json"]
    files += _plots(out_dir, results, options, greedy, flat_mc, mcts)
    text = _readme(quick, seed, total_games, results, options, greedy, flat_mc, mcts, openspiel, strength)
    atomic_write_text((out_dir / "README.md"), text)
    b4 = results["builder4"]
    fm, mc = flat_mc["results"]["flat-mc"], mcts["results"]["mcts"]
    summary = "\n".join([
        f"- {total_games:,} numba playouts; seat win shares with 4 builders: "
        + ", ".join(f"{w:.3f}" for w in b4["win_rate"]) + f" ({b4['games']:,} games); "
        f"mean game {b4['mean_turns']:.1f} turns.",
        f"- score shares in small matches played by the report: greedy vs 3 random "
        f"{greedy['results']['greedy']['score']:.2f} ({greedy['games']} games); "
        f"flat-mc ({sims} simulations a move) vs 3 greedy: {fm['score']:.2f} [95% CI {fm['score_ci95'][0]:.2f}, "
        f"{fm['score_ci95'][1]:.2f}] ({flat_mc['games']} games); mcts ({uct_sims} simulations a move) vs 3 "
        f"greedy: {mc['score']:.2f} [95% CI {mc['score_ci95'][0]:.2f}, {mc['score_ci95'][1]:.2f}] "
        f"({mcts['games']} games; fair share 0.25).",
        "- the strongest player, equal CPU per decision (stored, 200 games a match): mcts scores "
        + "; ".join(f"{m['mcts']['score']:.3f} vs {_opponents(m['players'])} "
                    f"(fair {1 / len(m['players']):.2f})" for m in strength["matches"]) + ".",
        f"- short variant: {results['builder4_short']['mean_turns']:.1f} turns vs {b4['mean_turns']:.1f}; "
        f"flat deck: {results['builder4_flat']['mean_turns']:.1f} turns; rule options: seat 0 of 4 builders wins "
        + ", ".join(f"{options['builder4_' + k]['win_rate'][0]:.3f} ({_OPTION_NAMES[k]})"
                    for k in ("default", "each", "arm", "each_arm"))
        + ".",
    ])
    return {"title": "Oct8: balance and players", "summary": summary, "files": files, "timings": timings}


def _one(m: dict, name: str):
    """(score share, its interval) of ``name`` in a core match result."""
    r = m["results"][name]
    return r["score"], r["score_ci95"]


def _plots(out_dir, results, options, greedy, flat_mc, mcts) -> list[str]:
    files = []
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
    labels = [f"builder\nseat {s}" for s in range(4)] + ["greedy vs\n3 random", "flat-mc vs\n3 greedy",
                                                          "mcts vs\n3 greedy"]
    vals = [results[f"builder_seat{s}"]["win_rate"][s] for s in range(4)]
    cis = [results[f"builder_seat{s}"]["win_rate_ci"][s] for s in range(4)]
    for m, nm in ((greedy, "greedy"), (flat_mc, "flat-mc"), (mcts, "mcts")):
        v, ci = _one(m, nm)
        vals.append(v)
        cis.append(ci)
    bar_chart(out_dir / "strategies.svg", "Win share of one player against three others (fair share 0.25)",
              labels, vals, cis, ylabel="win share", reference=0.25)
    files.append("strategies.svg")
    keys = ("default", "each", "arm", "each_arm")
    bar_chart(out_dir / "rule_options.svg", "Seat 0 of 4 builders, and 1 builder vs 3 random, by rule reading",
              [f"seat 0\n{k}" for k in keys] + [f"builder\n{k}" for k in keys],
              [options[f"builder4_{k}"]["win_rate"][0] for k in keys]
              + [options[f"builder_vs_random_{k}"]["win_rate"][0] for k in keys],
              [options[f"builder4_{k}"]["win_rate_ci"][0] for k in keys]
              + [options[f"builder_vs_random_{k}"]["win_rate_ci"][0] for k in keys],
              ylabel="win share (ties split)", reference=0.25)
    files.append("rule_options.svg")
    return files


def _strength(per_match: int) -> dict:
    """The stored equal-CPU matches (``data/oct8/strength.json``, ``scripts/oct8_strength.py``) with
    the first ``per_match`` games of each re-played here (counted budgets: the same seed gives the
    same game); a game that does not re-play as stored fails the report."""
    from ..core.errors import fail
    from .strength import check_games

    stored = json.loads(data_path("oct8", "strength.json").read_text(encoding="utf-8"))
    problems = []
    for i in range(len(stored["matches"])):
        problems += check_games(stored, i, range(per_match))
    if problems:
        fail("data/oct8/strength.json does not re-play: " + "; ".join(problems[:3]))
    slim = {k: v for k, v in stored.items() if k != "matches"}
    slim["matches"] = [{k: v for k, v in m.items() if k != "games_played"} for m in stored["matches"]]
    slim["rechecked_games"] = per_match * len(stored["matches"])
    slim["recheck_problems"] = problems
    return slim


def _strength_rows(strength: dict) -> list[str]:
    b = strength["budgets"]
    L = ["## The strongest player: equal CPU per decision, 200 games a match", "",
         f"Stored measurement [strength.json](strength.json) (`data/oct8/strength.json`, made by "
         f"`{strength['command']}`; the report re-plays the first games of each match, "
         f"{strength['rechecked_games']} in all, and checks their results). Budgets are counted: mcts "
         f"{b['mcts']} iterations, flat-mc {b['flat-mc']} playouts per decision, about the same CPU time; "
         "seats rotate game by game.", "",
         "| match | games | mcts wins - draws - losses | mcts score share [95% Wilson] | fair share |",
         "| --- | ---: | ---: | --- | ---: |"]
    for m in strength["matches"]:
        r = m["mcts"]
        L.append(f"| {' vs '.join(m['players'])} | {m['games']} | {r['wins']} - {r['draws']} - {r['losses']} | "
                 f"{_fmt_ci(r['score'], r['score_ci95'])} | {1 / len(m['players']):.2f} |")
    L += ["", "So mcts is the CLI's default and the web app's hard level. At equal thinking time "
          "(`--think-time`, CPU seconds per decision) the same order holds (docs/oct8.md, \"Equal time per move\").", ""]
    return L


def _readme(quick, seed, total_games, results, options, greedy, flat_mc, mcts, openspiel, strength) -> str:
    L = [f"# Oct8 balance and players{' (quick run)' if quick else ''}", "",
         f"Generated by `octosolve report --only oct8{' --quick' if quick else ''}` (seed {seed}). "
         f"{total_games:,} numba playouts in all, plus measured matches on the Python engine "
         "(`core/match.py`, seats rotating). Intervals are 95% (Wilson for win and score shares, normal for "
         "means). A k-way tie counts 1/k for each winner in the seat tables; in matches a game every player "
         "ties is a draw (half a point). Data: [balance.json](balance.json). Rules as read: "
         "[docs/rules/oct8.md](../../docs/rules/oct8.md).",
         "", "Players: *random* (uniform over legal decisions), *builder* (numba rollout policy: completes a "
         "shared octopus whenever it can, otherwise draws), *greedy* (best immediate score change, including "
         "exchanges from the swap kernel), *flat-mc* (determinised flat Monte Carlo over whole moves with "
         "builder playouts), *mcts* (information-set MCTS over whole moves, octosolve/oct8/search.py: "
         "flat-mc's candidate moves for every player in the tree, one determinisation per iteration, numba "
         "builder playouts).", ""]
    L += ["## Win share and score by seat", "",
          "| table | games | seat | win share | mean score |", "| --- | ---: | ---: | --- | --- |"]
    for key in ("random4", "builder4", "builder3", "builder2"):
        r = results[key]
        for p in range(len(r["players"])):
            L.append(f"| {r['label']} | {r['games']:,} | {p} | {_fmt_ci(r['win_rate'][p], r['win_rate_ci'][p])} | "
                     f"{_fmt_ci(r['mean_score'][p], r['mean_score_ci'][p], 2)} |")
    L += ["", "![seats, random](seat_random4.svg) ![seats, builder](seat_builder4.svg)", ""]
    L += ["## By strategy", "", "The share is the player's win share (ties split) in the numba rows, its "
          "score share (wins + draws/2) in the match rows.", "",
          "| match | games | share of the player | its mean score | "
          "others' mean score |", "| --- | ---: | --- | ---: | ---: |"]
    for s in range(4):
        r = results[f"builder_seat{s}"]
        others = sum(r["mean_score"][q] for q in range(4) if q != s) / 3
        L.append(f"| builder in seat {s} vs 3 random (numba) | {r['games']:,} | "
                 f"{_fmt_ci(r['win_rate'][s], r['win_rate_ci'][s])} | {r['mean_score'][s]:.2f} | {others:.2f} |")
    for label, m, nm in (("greedy vs 3 random", greedy, "greedy"),
                         (f"flat-mc ({m_sims(flat_mc)}) vs 3 greedy", flat_mc, "flat-mc"),
                         (f"mcts ({m_sims(mcts)}) vs 3 greedy", mcts, "mcts")):
        v, ci = _one(m, nm)
        L.append(f"| {label} (Python engine, seats rotating) | {m['games']} | {_fmt_ci(v, ci)} | - | - |")
    n_os, sims_os, games_os, share, share_ci, mine, theirs = openspiel_row(openspiel)
    L.append(f"| flat-mc vs OpenSpiel MCTS bot, {n_os} players, {sims_os} simulations/move "
             f"each (stored run) | {games_os} | {_fmt_ci(share, share_ci)} | "
             f"{mine:.2f} | {theirs:.2f} |")
    L += ["", "Seat effect: with competent players (builders) the first seat wins clearly more often "
          "(4 players: seat 0 vs seat 3 in the first table). One reason is in the rules' ending: after the "
          "player who emptied a deck, the others take one more turn, so the seats before that player in the "
          "order get one turn more than the seats after it, and seat 0 is never behind.", "",
          "![strategies](strategies.svg)", "",
          "Budgets are counted work, so the report is reproducible: flat-mc's playouts and the tree search's "
          "iterations per decision, set to about the same CPU time (an iteration, one determinisation, a walk "
          "down the tree and one numba playout, costs about a third of a flat-mc playout). Head-to-head "
          "matches of 200 games at equal CPU per decision are the stored measurement below (\"The strongest "
          "player\"); these 12-game tables are small, see their intervals.", "",
          "The OpenSpiel row is a stored data file, [openspiel_match.json](openspiel_match.json) "
          "(`data/oct8/openspiel_match.json`, copied here without its duration), made by its own command (several minutes; the "
          "report reads it and does not replay it): `" + (openspiel.get("command") or OPENSPIEL_COMMAND) + "` "
          "(`" + OPENSPIEL_COMMAND + "` makes it today). In the older file, the player called `mcts` "
          "then is the one called `flat-mc` now. The bot (`open_spiel.python.algorithms.mcts.MCTSBot` through "
          "the shared adapter) searches the true state (it sees hidden cards) with random rollouts.", ""]
    L += _strength_rows(strength)
    L += ["## Rule options (docs/rules/oct8.md)", "",
          "The rules leave two readings open; each is a rule option (`--baby-chips cap|each`, "
          "`--colour-bonus octopus|arm`), the default first. Each reading is a run of its own: "
          f"{options['builder4_default']['games']:,} games of 4 builders and "
          f"{options['builder_vs_random_default']['games']:,} of 1 builder vs 3 random (the games count "
          "in each row), so the default row differs a little from the larger seat table above.", "",
          "| reading | 4 builders: seat 0 / seat 3 win share | mean turns | mean score (seat 0) | chips spent "
          "per game | 1 builder vs 3 random: its win share | its mean score | chips spent per game |",
          "| --- | --- | --- | ---: | ---: | --- | ---: | ---: |"]
    for k in ("default", "each", "arm", "each_arm"):
        a, b = options[f"builder4_{k}"], options[f"builder_vs_random_{k}"]
        L.append(f"| {a['label']} ({a['games']:,} + {b['games']:,} games) | "
                 f"{_fmt_ci(a['win_rate'][0], a['win_rate_ci'][0])} / {_fmt_ci(a['win_rate'][3], a['win_rate_ci'][3])} | "
                 f"{_fmt_ci(a['mean_turns'], a['mean_turns_ci'], 2)} | {a['mean_score'][0]:.2f} | "
                 f"{a['actions_per_game']['baby_used']:.2f} | "
                 f"{_fmt_ci(b['win_rate'][0], b['win_rate_ci'][0])} | {b['mean_score'][0]:.2f} | "
                 f"{b['actions_per_game']['baby_used']:.2f} |")
    L += ["", "Reading the table: the colour-bonus reading changes scores (a shipped octopus of one's colour "
          "with foreign arms still doubles its matching arms) but hardly the seat balance; the baby-chip "
          "reading changes nothing measurable for these players: builders spend a chip only to complete an "
          "octopus and keep the rest, and in these games a player seldom holds a third chip (the chips spent "
          "per game are the same under both readings). Players who hoard chips for a long exchange turn "
          "would feel the difference.", "",
          "![rule options](rule_options.svg)", ""]
    L += ["## Variants: short game, arm-count distribution, number of players", "",
          "| table | games | turns per game | total score per game | mean octopuses per player | "
          "shared wins (share of games) |",
          "| --- | ---: | --- | ---: | ---: | ---: |"]
    for key in ("random4", "random4_short", "random4_flat", "builder4", "builder4_short", "builder4_flat",
                "builder3", "builder2"):
        r = results[key]
        L.append(f"| {r['label']} (deck {r['deck']}) | {r['games']:,} | {_fmt_ci(r['mean_turns'], r['mean_turns_ci'], 2)} | "
                 f"{r['mean_total_score']:.2f} | {sum(r['mean_octopuses']) / len(r['players']):.2f} | "
                 f"{r['ties'] / r['games']:.3f} |")
    L += ["", "Shared wins: the share of games without a single winner (two or more players share "
          "the top score; each counts 1/k in the seat tables).", "", "![turns](turns_by_variant.svg)", ""]
    L += ["## How often each action is used (per game, all players)", "",
          "| table | " + " | ".join(R.CATEGORIES) + " |", "| --- |" + " ---: |" * len(R.CATEGORIES)]
    for key in ("random4", "builder4", "builder4_short", "builder4_flat"):
        r = results[key]
        L.append(f"| {r['label']} | " + " | ".join(
            f"{r['actions_per_game'][c]:.2f} [{max(0.0, r['actions_per_game_ci'][c][0]):.2f}, "
            f"{r['actions_per_game_ci'][c][1]:.2f}]" for c in R.CATEGORIES) + " |")
    L += ["", "Builders almost never exchange (only through their random fallback). `baby_used` counts extra "
          "actions paid with a baby chip (they are also counted under their own action); `pass` is a main "
          "action with nothing possible.", "", "![actions](actions_builder4.svg)", ""]
    return "\n".join(L) + "\n"


_OPTION_NAMES = {"default": "default rules", "each": "a baby chip per octopus taken",
                 "arm": "colour bonus per matching arm", "each_arm": "both"}


def _opponents(players: list[str]) -> str:
    """'flat-mc', or '3 greedy' for mcts's opponents in a match."""
    others = [p for p in players if p != "mcts"]
    return others[0] if len(others) == 1 else (
        f"{len(others)} {others[0]}" if len(set(others)) == 1 else ", ".join(others))


def m_sims(m: dict) -> str:
    s = m.get("options", {}).get("simulations")
    return f"{s} simulations/move" if s else "default simulations"
