"""`octosolve report --only octoverso`: lexicon, rule examples, a sample game, small live matches,
and the large simulations read from ``data/octoverso/simulations.json``.

Deterministic: nothing written depends on the machine, the number of workers or the clock (every
game is seeded by its index). Durations are returned as ``"timings"``. The large simulations
(thousands of games, the OpenSpiel match) are not played here: ``octosolve octoverso measure``
writes them with the command that made them; the report replays the first stored games of each
match to check that the file still matches the code, and says whether it does.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import numpy as np

from ..core.files import atomic_write_text
from ..core.jsonout import write_json
from ..core.paths import DATA_DIR
from ..core.seeding import DEFAULT_SEED
from ..core.seeding import rng as np_rng
from . import kernels as K
from . import matches, render, solve
from . import rules as R

__all__ = ["build", "SIMULATIONS"]

SIMULATIONS = DATA_DIR / "octoverso" / "simulations.json"
EXAMPLES = [("SOUDEIMA", "GES", "IMAGES", "images.svg"), ("BONDIREA", "LISEA?", "REALISTE", "realiste.svg"),
            ("AMISDUOS", "R", "RAMIS", "ramis.svg")]
LIVE_PLAN = [(("lookahead", "greedy"), 100, {}), (("greedy", "random"), 40, {}),
             (("flat-mc", "greedy"), 8, {"simulations": 24})]
QUICK_LIVE = [(("lookahead", "greedy"), 10, {}), (("greedy", "random"), 6, {})]


def _speed(lex, n: int, seed: int) -> float:
    """Median microseconds of the move generator over ``n`` random positions (a timing only)."""
    g = np_rng(seed, "report-speed")
    tiles = np.repeat(np.arange(27), R.full_bag(False))
    blocked = np.zeros(len(lex), np.uint8)
    out = np.empty((1 << 16, 5), np.int32)
    times = []
    for i in range(n):
        sel = g.permutation(tiles)[:20]
        rail, hand = sel[:8].astype(np.int8), np.bincount(sel[8:], minlength=27).astype(np.int32)
        t = time.perf_counter()
        K.gen_moves(*lex.fwd, *lex.rev, blocked, rail, hand, 2, R.MAX_LEN, out)
        times.append((time.perf_counter() - t) * 1e6)
    return round(statistics.median(times[1:]), 1)


def _row(m: dict) -> str:
    """One table row; for a mirror match (the same player twice) the two seats of the first game's
    order stand for A and B."""
    a, b = m["players"]
    f = m["first_mover"]
    opts = ", ".join(k for k in ("teams", "jokers") if m.get(k)) or "-"
    if a == b:
        sa, sb = m["seats"][0], m["seats"][1]
        a_wins, b_wins, draws, st = sa["wins"], sb["wins"], sa["draws"], sa
        a, b = f"{a} (seat 0)", f"{b} (seat 1)"
    else:
        st = m["results"][a]
        a_wins, b_wins, draws = st["wins"], m["results"][b]["wins"], st["draws"]
    lo, hi = st["score_ci95"]
    return (f"| {a} | {b} | {opts} | {m['games']} | {a_wins} | {b_wins} | {draws} | {st['score']:.3f} "
            f"[{lo:.3f}, {hi:.3f}] | {f['rate']:.3f} [{f['ci95'][0]:.3f}, {f['ci95'][1]:.3f}] | "
            f"{m['mean_turns']:.1f} |")


HEAD = ["| A | B | options | games | A wins | B wins | draws | A score [95% CI] | first mover's side wins "
        "[95% CI] | mean moves |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seed = DEFAULT_SEED if seed is None else seed
    timings: dict[str, float] = {}
    files: list[str] = []
    t0 = time.perf_counter()
    lex = R.load_lexicon()
    timings["lexicon_load_s"] = round(time.perf_counter() - t0, 2)

    # --- rule examples as pictures
    examples = []
    for rail_s, hand_s, word, fn in EXAMPLES:
        rail, hand = R.parse_rail(rail_s), R.parse_hand(hand_s)
        m = next(m for m in R.legal_moves(lex, rail, hand) if m.word == word)
        render.move_svg(rail, m, out_dir / fn)
        files.append(fn)
        examples.append({"rail": rail_s, "hand": hand_s, **R.move_dict(rail, m), "svg": fn})
    timings["kernel_median_us"] = _speed(lex, 50 if quick else 500, seed)

    # --- a sample game and small live matches (seconds)
    t = time.perf_counter()
    state = matches.play_game(("lookahead", "greedy"), seed)
    record = matches.game_record(state, ("lookahead", "greedy"), seed)
    # the sample game in the one record format (`octosolve replay sample_game.json` replays it),
    # Octoverso's own account of it (events, final rail and hands) as its extras
    from ..core.record import record_from_history

    sample = record_from_history(
        "octoverso", state.game, seed, ["lookahead", "greedy"], state,
        extras={k: record[k] for k in ("first_player", "turns", "events", "final") if k in record})
    write_json(out_dir / "sample_game.json", sample)
    files.append("sample_game.json")
    live = []
    for names, games, opts in (QUICK_LIVE if quick else LIVE_PLAN):
        m = matches.match(list(names), games, seed=seed, workers=None, keep_records=False, **opts)
        live.append(m)
    write_json(out_dir / "matches.json", live)
    files.append("matches.json")
    timings["live_matches_s"] = round(time.perf_counter() - t, 1)

    # --- the large simulations, from their data file (re-checked by replaying stored games)
    t = time.perf_counter()
    sims, recheck = None, "missing"
    if SIMULATIONS.exists():
        sims = json.loads(SIMULATIONS.read_text(encoding="utf-8"))
        # OpenSpiel's MCTS replays at about 20 s a game: its match is read, not replayed
        cheap = {"matches": [m for m in sims.get("matches", []) if "openspiel" not in m.get("key", "")]}
        bad = solve.recheck(cheap, n=1 if quick else 2)
        recheck = "agree" if not bad else "differ: " + ", ".join(bad)
    timings["simulations_recheck_s"] = round(time.perf_counter() - t, 1)
    sim_matches = [m for m in (sims or {}).get("matches", []) if "skipped" not in m]
    if sim_matches:
        write_json(out_dir / "simulations.json", {"command": sims.get("command"), "recheck": recheck,
                                                  "matches": [{k: v for k, v in m.items() if k != "records"}
                                                              for m in sim_matches]})
        files.append("simulations.json")
        bars = [(m["key"], m["results"][m["players"][0]]["score"], *m["results"][m["players"][0]]["score_ci95"])
                for m in sim_matches if m["players"][0] != m["players"][1]]
        render.bar_chart_svg(bars, out_dir / "simulations.svg", "Score of the first-named player (95% Wilson CI)")
        files.append("simulations.svg")

    # --- README
    n_lemmas = lex.n_lemmas
    lines = ["# Octoverso", "",
             f"Generated by `octosolve report --only octoverso{' --quick' if quick else ''}` (seed {seed}).", "",
             "## Lexicon", "",
             f"{len(lex):,} playable words (3 to 8 letters, folded to A-Z) in {n_lemmas:,} lemma families, "
             "from Grammalecte's dictionary (`data/octoverso/lexicon.tsv.gz`; sources, filters and licences in "
             "`data/octoverso/SOURCES.md`).", "", "## Rule examples", ""]
    for e in examples:
        lines.append(f"- rail `{e['rail']}`, hand `{e['hand']}`: **{e['word']}** ({e['side']}, {e['end']} end, "
                     f"{e['rail_used']} rail letters) plays `{e['played']}`, pushes `{e['pushed']}` "
                     f"([{e['svg']}]({e['svg']}))")
    lines += ["", "## Live matches", "",
              "Played by this report (seats rotate; score = (wins + draws/2) / games; 95% Wilson intervals; "
              "\"first mover\" is the player whose opening word comes first alphabetically, who lays it and "
              "moves first; \"mean moves\" counts every recorded move of a game: the two opening "
              "announcements, the words and the tiles returned). ([matches.json](matches.json))",
              "", *HEAD, *(_row(m) for m in live), ""]
    lines += ["## Large simulations", ""]
    if sims is None:
        lines.append("`data/octoverso/simulations.json` is missing: run `octosolve octoverso measure`.")
    else:
        made = sims.get("command") or ""
        # `octoverso simulate`, the old name of `measure`, is gone (`simulate` is Oct8's fixed-seat run)
        today = made.replace("octosolve octoverso simulate", "octosolve octoverso measure")
        made = f"`{made}`" + (f" (today `{today}`)" if today != made else "")
        lines += [f"Read from `data/octoverso/simulations.json`, written by {made} (not played "
                  f"by this report). Replaying the first stored games of each match (all but the OpenSpiel match, whose "
                  f"games take about 20 s each to replay): the records **{recheck}**. "
                  "([simulations.json](simulations.json), [simulations.svg](simulations.svg))", "", *HEAD,
                  *(_row(m) for m in sim_matches), ""]
        for m in sims.get("matches", []):
            if "skipped" in m:
                lines.append(f"- {m['key']}: skipped ({m['skipped']})")
        lines.append("")
    lines += ["## Sample game", "",
              f"lookahead (P0) v greedy (P1), seed {seed}: "
              + ("draw" if record["winner"] is None else f"P{record['winner']} wins")
              + f" after {record['turns']} turns ({len(sample['moves'])} recorded moves, the unit of the "
              "tables' \"mean moves\") ([sample_game.json](sample_game.json)).", "",
              "Speed of the move generator: `python scripts/bench_octoverso.py` (durations are not kept in "
              "this report).", ""]
    atomic_write_text((out_dir / "README.md"), "\n".join(lines))
    files.insert(0, "README.md")

    main = live[0]
    ra = main["results"]["lookahead"]
    summary = (f"- lexicon: {len(lex):,} playable words in {n_lemmas:,} lemma families (Grammalecte)\n"
               f"- lookahead v greedy (played by the report, {main['games']} games): lookahead's score "
               f"{ra['score']:.3f} [95% CI {ra['score_ci95'][0]:.3f}, {ra['score_ci95'][1]:.3f}]")
    mirror = next((m for m in sim_matches if m["players"] == ["greedy", "greedy"] and not m["teams"]), None)
    if mirror:
        f = mirror["first_mover"]
        summary += (f"\n- first-player advantage: the side that moves first wins {f['rate']:.3f} "
                    f"[95% CI {f['ci95'][0]:.3f}, {f['ci95'][1]:.3f}] of {f['decided']} decided greedy v "
                    f"greedy games (stored simulations, re-check: {recheck})")
    return {"title": "Octoverso", "summary": summary, "files": files, "timings": timings}
