"""The games section of the Octiles report, and the match suite it reads.

* :func:`match_suite` plays the measured matches between the computer players (Move Over, Team Up,
  the full game, and our MCTS against OpenSpiel's MCTS bot): minutes of play, so it is a command of
  its own (``octosolve octiles measure``) that writes ``data/octiles/games/match_suite.json`` with
  the command that made it.
* :func:`build` (``octosolve report``, about 15 s on 2 cores) plays a sample game and a small
  greedy-vs-random match, re-checks the suite's tallies and intervals from its game records, and
  writes ``README.md``, ``sample_game.json``, ``sample_game.txt``, ``sample_game_final.svg``,
  ``greedy_random.json`` and ``match_suite.json`` (the data file, re-checked) into ``out_dir``. Nothing
  it writes holds a duration; durations go to the returned ``"timings"``.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..core.errors import fail
from ..core.files import atomic_write_text
from ..core.jsonout import read_json, write_json
from ..core.paths import DATA_DIR
from ..core.record import summary
from ..core.stats import wilson_interval

__all__ = ["SUITE_FILE", "suite_plan", "match_suite", "check_suite", "build"]

SUITE_FILE = DATA_DIR / "octiles" / "games" / "match_suite.json"
SAMPLE = {"params": {"variant": "move-over"}, "players": ["mcts", "greedy"], "seed": 1,
          "simulations": 40}
SMALL_MATCH = {"params": {"variant": "move-over", "max_turns": 200}, "players": ["greedy", "random"],
               "games": 10}


def suite_plan(quick: bool = False) -> list[dict]:
    """The suite's matches (``quick``: smoke-test sizes)."""
    if quick:
        return [
            {"params": {"variant": "move-over", "max_turns": 30}, "players": ["mcts", "greedy"],
             "games": 2, "simulations": 20},
            {"params": {"variant": "team-up", "max_turns": 10}, "players": ["mcts", "greedy"],
             "games": 2, "simulations": 20},
            {"params": {"variant": "move-over", "max_turns": 8, "adjudicate": True},
             "players": ["mcts", "openspiel-mcts"], "games": 2, "simulations": 10, "openspiel": True},
        ]
    return [
        {"params": {"variant": "move-over", "max_turns": 200}, "players": ["mcts", "greedy"],
         "games": 40, "simulations": 100},
        {"params": {"variant": "move-over", "max_turns": 200}, "players": ["greedy", "random"],
         "games": 20, "simulations": 1},
        {"params": {"variant": "move-over", "max_turns": 60, "adjudicate": True},
         "players": ["mcts", "openspiel-mcts"], "games": 20, "simulations": 50, "openspiel": True},
        {"params": {"variant": "team-up", "max_turns": 120}, "players": ["mcts", "greedy"],
         "games": 12, "simulations": 100},
        {"params": {"variant": "octiles", "max_turns": 200}, "players": ["mcts", "greedy"],
         "games": 8, "simulations": 100},
    ]


def _searches(players) -> bool:
    """Whether one of ``players`` takes a --simulations budget."""
    from ..core.players import find_spec
    from .players import PLAYERS

    return any("simulations" in find_spec(PLAYERS, nm).options for nm in players)


def match_command(m: dict, seed: int) -> str:
    """The `octosolve octiles match` command line that plays the match ``m`` alone (without
    --simulations when no player searches: the command refuses it there)."""
    p = m["params"]
    sims = f" --simulations {m['simulations']}" if _searches(m["players"]) else ""
    cmd = (f"octosolve octiles match --variant {p['variant']} --players {','.join(m['players'])} "
           f"--games {m['games']}{sims} --max-turns {p['max_turns']}")
    return cmd + (" --adjudicate" if p.get("adjudicate") else "") + f" --seed {seed}"


def match_suite(*, quick: bool = False, seed: int = 0, workers: int | None = None,
                scheduler: str | None = None, command: str = "", on_match=None) -> dict:
    """Play the suite's matches (OpenSpiel's only when it is installed); JSON-ready, with the
    command that made it and each match's own command line. ``on_match(doc)`` is called after each
    match with the document so far (``"complete": False`` until the last one), so a long run can be
    saved as it goes."""
    from ..core.players import player_available
    from .players import PLAYERS
    from .matches import run_match

    plan = suite_plan(quick)
    out = {"what": "Octiles match suite: measured matches between the computer players",
           "command": command, "quick": quick, "seed": seed, "complete": False,
           "planned": [match_command(m, seed) for m in plan], "matches": [], "skipped": [],
           "seconds": {}}
    for m in plan:
        label = f"{m['params']['variant']} {'-'.join(m['players'])}"
        if m.get("openspiel") and not player_available(PLAYERS, "openspiel-mcts"):
            out["skipped"].append(f"{label}: OpenSpiel is not installed")
            continue
        t0 = time.perf_counter()
        res = run_match(m["params"], m["players"], m["games"], seed, m["simulations"],
                        workers=workers, scheduler=scheduler, desc=label)
        res["command"] = match_command(m, seed)
        # the data file keeps each game's summary (core.record.summary), which check_suite tallies
        res["records"] = [summary(r) for r in res["records"]]
        out["matches"].append(res)
        out["seconds"][label] = round(time.perf_counter() - t0, 1)
        if on_match is not None:
            on_match(out)
    out["complete"] = True
    if on_match is not None:
        on_match(out)
    return out


def check_suite(doc) -> list[dict]:
    """Re-check a suite document: every match's tallies and Wilson intervals are recomputed from
    its game records (one-line error when they disagree). Returns the matches."""
    if not isinstance(doc, dict) or not isinstance(doc.get("matches"), list):
        fail(f"{SUITE_FILE}: not a match suite document")
    from ..core.match import tally

    for m in doc["matches"]:
        recs = m.get("records")
        if not isinstance(recs, list) or len(recs) != m.get("games"):
            fail(f"{SUITE_FILE}: a match without its {m.get('games')} game records")
        again = tally(recs, m["players"])["results"]
        for nm, st in m["results"].items():
            mine = again[nm]
            if any(st[k] != mine[k] for k in ("games", "wins", "draws", "losses")):
                fail(f"{SUITE_FILE}: the tally of {nm} does not match the game records")
            pts = st["wins"] + 0.5 * st["draws"]
            lo, hi = wilson_interval(pts, st["games"])
            if abs(lo - st["score_ci95"][0]) > 1e-9 or abs(hi - st["score_ci95"][1]) > 1e-9:
                fail(f"{SUITE_FILE}: the interval of {nm} is not the Wilson interval of its score")
    return doc["matches"]


def _fmt_match(m: dict) -> list[str]:
    rows = ["| player | games | wins | draws | losses | score [95% CI] |",
            "| --- | --- | --- | --- | --- | --- |"]
    for nm, st in m["results"].items():
        lo, hi = st["score_ci95"]
        rows.append(f"| {nm} | {st['games']} | {st['wins']} | {st['draws']} | {st['losses']} | "
                    f"{st['score']:.3f} [{lo:.3f}, {hi:.3f}] |")
    return rows


def _planned_name(command: str) -> str:
    """'team-up: mcts vs greedy' from a planned `octosolve octiles match` command."""
    import shlex

    w = shlex.split(command)
    opt = {w[i]: w[i + 1] for i in range(len(w) - 1) if w[i].startswith("--")}
    return f"{opt.get('--variant', '?')}: {' vs '.join(opt.get('--players', '?').split(','))}"


def _line(m: dict, where: str = "") -> str:
    a, b = m["players"]
    ra, rb = m["results"][a], m["results"][b]
    g = m["game"]
    notes = []
    if m["options"].get("simulations") and "random" not in m["players"]:
        notes.append(f"{m['options']['simulations']} simulations")
    if g.get("adjudicate"):
        notes.append(f"adjudicated at {g['max_turns']} turns")
    return (f"- {g['variant']}: {a} vs {b}: {ra['wins']}-{rb['wins']} ({ra['draws']} "
            f"draw{'s' * (ra['draws'] != 1)}) in "
            f"{m['games']} games" + (f" ({', '.join(notes)})" if notes else "") + where)


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    from ..core import svg
    from . import render
    from .matches import play_record, record_text, run_match

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seed = 0 if seed is None else seed
    timings: dict = {}
    files: list[str] = []

    t0 = time.perf_counter()
    sims = 20 if quick else SAMPLE["simulations"]
    rec = play_record(SAMPLE["params"], SAMPLE["players"], SAMPLE["seed"], sims)
    # the sample game in the one record format (`octosolve replay sample_game.json` replays it)
    common = dict(rec["record"], extras={"simulations": sims, "turns": rec["turns"],
                                         "end_reason": rec["end_reason"],
                                         "runners_across": rec["runners_across"], "final": rec["final"]})
    write_json(out_dir / "sample_game.json", common)
    atomic_write_text((out_dir / "sample_game.txt"), record_text(rec) + "\n")
    title = (f"{rec['game']} seed {rec['seed']}: " + " vs ".join(rec["players"])
             + f" - {rec['end_reason']}")
    svg.save(render.state_drawing(rec["final"], title=title), out_dir / "sample_game_final.svg")
    files += ["sample_game.json", "sample_game.txt", "sample_game_final.svg"]
    timings["sample_game"] = round(time.perf_counter() - t0, 1)

    t0 = time.perf_counter()
    n_small = 4 if quick else SMALL_MATCH["games"]
    small = run_match(SMALL_MATCH["params"], SMALL_MATCH["players"], n_small, seed, None,
                      workers=1 if quick else 2, desc="greedy-random")
    small["command"] = (f"octosolve octiles match --variant move-over --players greedy,random "
                        f"--games {n_small} --max-turns 200 --seed {seed}")
    write_json(out_dir / "greedy_random.json", small)
    files.append("greedy_random.json")
    timings["greedy_random"] = round(time.perf_counter() - t0, 1)

    suite = None
    if SUITE_FILE.exists():
        doc = read_json(SUITE_FILE, "match suite")
        check_suite(doc)
        suite = {k: v for k, v in doc.items() if k != "seconds"}
        write_json(out_dir / "match_suite.json", suite)
        files.append("match_suite.json")

    rel = "data/octiles/games/match_suite.json"
    lines = ["# Octiles games: computer players", "",
             "Generated by `octosolve report --only octiles`" + (" --quick" if quick else "") + ".", "",
             "Players: `random`; `greedy` (one turn ahead: every placement with its best runner move, "
             "scored by runner progress / runner groups); `mcts` (the UCT of octosolve.core.mcts with "
             "two Octiles hooks: only the 8 best actions of a cheap prior are searched at a node, and "
             "a depth-4 rollout of the prior's best action is followed by the progress evaluation); "
             "`uct` (the same UCT with random rollouts); `openspiel-mcts` (OpenSpiel's `MCTSBot` with "
             "random rollouts through the generic adapter). Seats rotate from game to game. Score = "
             "(wins + draws/2) / games, with a 95% Wilson interval. Games still running at the turn "
             "limit are draws unless marked adjudicated.", "",
             "## A sample game (played by the report)", "",
             f"`octosolve octiles play --variant move-over --players mcts,greedy --simulations {sims} "
             f"--seed {SAMPLE['seed']}`: [record](sample_game.txt), [JSON](sample_game.json).", "",
             f"Result: {', '.join(rec['winner_names']) or 'no winner'} ({rec['end_reason']}) after "
             f"{rec['turns']} turns.", "", "![final position](sample_game_final.svg)", "",
             "## greedy vs random, Move Over (played by the report)", "",
             f"Command: `{small['command']}`", ""] + _fmt_match(small) + [""]
    summary = [f"- sample game (Move Over, mcts {sims} simulations vs greedy, seed {SAMPLE['seed']}): "
               + (f"won by {', '.join(rec['winner_names'])}" if rec["winner_names"] else "no winner")
               + f" ({rec['end_reason']}) after {rec['turns']} turns",
               _line(small, ", played by the report")]
    if suite is None:
        lines += ["## The match suite", "", f"Not played yet: `{rel}` is missing (make it with "
                  "`octosolve octiles measure`).", ""]
        summary.append(f"- match suite: not played ({rel} missing)")
    else:
        lines += ["## The match suite (read from a data file)", "",
                  f"These matches take minutes, so the report does not play them: it reads `{rel}`, "
                  f"made by `{suite['command']}`, and re-checks every tally and interval against the "
                  f"file's game records ([copy](match_suite.json)). Each match can be replayed alone "
                  f"with the command shown (same seeds, same games)."
                  + (" _This file was made at smoke-test sizes: its figures are not meaningful._"
                     if suite.get("quick") else ""), ""]
        for m in suite["matches"]:
            g = m["game"]
            lines += [f"### {g['variant']}: {' vs '.join(m['players'])}", "",
                      f"{m['games']} games, "
                      + (f"{m['options'].get('simulations')} simulations per move (search players)"
                         if _searches(m["players"]) else "no search player")
                      + f", turn limit {g['max_turns']}"
                      + (" with adjudication (most runners across wins; equal is a draw)"
                         if g.get("adjudicate") else "") + f". Command: `{m['command']}`", ""]
            lines += _fmt_match(m) + [""]
            summary.append(_line(m, ", stored match suite"))
        for s in suite.get("skipped", []):
            lines += [f"Not played: {s}.", ""]
        played = {m["command"] for m in suite["matches"]}
        missing = [c for c in suite.get("planned", []) if c not in played]
        if not suite.get("complete", True) and missing:
            lines += ["The suite's run was stopped before these matches (not played in this file): "
                      + "; ".join(f"`{c}`" for c in missing) + ".", ""]
            summary.append(f"- match suite incomplete: {len(missing)} planned "
                           + ("match" if len(missing) == 1 else "matches") + " not played ("
                           + ", ".join(_planned_name(c) for c in missing) + ")")
    atomic_write_text((out_dir / "README.md"), "\n".join(lines))
    files.insert(0, "README.md")
    return {"title": "Octiles games", "summary": "\n".join(summary), "files": files,
            "timings": timings}
