"""`octosolve report --games octoverso`: lexicon, move-generator speed, tournament table, team game
table, OpenSpiel match, rule examples."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import numpy as np

from ..core.jsonout import write_json
from ..core.seeding import DEFAULT_SEED, rng as np_rng
from . import kernels as K
from . import render
from . import rules as R
from . import solve


def _speed(lex, n: int, seed: int) -> dict:
    g = np_rng(seed, "report-speed")
    tiles = np.repeat(np.arange(27), R.full_bag(False))
    blocked = np.zeros(len(lex), np.uint8)
    out = np.empty((1 << 16, 5), np.int32)
    times, counts = [], []
    for i in range(n):
        sel = g.permutation(tiles)[:20]
        rail = sel[:8].astype(np.int8)
        hand = np.bincount(sel[8:], minlength=27).astype(np.int32)
        hand[R.JOKER] = i % 2
        K.gen_moves(*lex.fwd, *lex.rev, blocked, rail, hand, 2, R.MAX_LEN, out) if i == 0 else None
        t = time.perf_counter()
        counts.append(K.gen_moves(*lex.fwd, *lex.rev, blocked, rail, hand, 2, R.MAX_LEN, out))
        times.append((time.perf_counter() - t) * 1e6)
    return {"positions": n, "kernel_median_us": round(statistics.median(times), 1),
            "kernel_median_us_0_joker": round(statistics.median(times[0::2]), 1),
            "kernel_median_us_1_joker": round(statistics.median(times[1::2]), 1),
            "median_moves": float(statistics.median(counts))}


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seed = DEFAULT_SEED if seed is None else seed
    files: list[str] = []
    t0 = time.perf_counter()
    lex = R.load_lexicon()
    load_s = time.perf_counter() - t0

    # --- rule examples as pictures
    ex = [("SOUDEIMA", "GES", 0, "IMAGES", "images.svg"), ("BONDIREA", "LISEA", 1, "REALISTE", "realiste.svg"),
          ("AMISDUOS", "R", 0, "RAMIS", "ramis.svg")]
    examples = []
    for rail_s, hand_s, j, word, fn in ex:
        rail, hand = R.parse_rail(rail_s), R.parse_hand(hand_s, j)
        m = next(m for m in R.legal_moves(lex, rail, hand) if m.word == word)
        render.move_svg(rail, m, out_dir / fn)
        files.append(fn)
        examples.append({"rail": rail_s, "hand": hand_s + "?" * j, **R.move_dict(rail, m), "svg": fn})

    speed = _speed(lex, 100 if quick else 1000, seed)

    # --- tournament
    kw = dict(seed=seed, workers=None)
    plan = ([("lookahead", "greedy", 20, 0), ("greedy", "random", 10, 0), ("mc", "lookahead", 2, 0)]
            if quick else
            [("lookahead", "greedy", 1000, 0), ("greedy", "greedy", 1000, 0), ("greedy", "random", 200, 0),
             ("mc", "lookahead", 100, 0), ("mc", "greedy", 60, 0), ("lookahead", "greedy", 300, 1)])
    table = []
    for a, b, n, jok in plan:
        t = time.perf_counter()
        r = solve.match(a, b, n, jokers=bool(jok), simulations=24, **kw)
        r["jokers"] = bool(jok)
        r["wall_seconds"] = round(time.perf_counter() - t, 1)
        table.append(r)
    write_json(out_dir / "tournament.json", table)
    files.append("tournament.json")

    # --- the team game (4 seats, 2 teams of 2; docs/rules/octoverso.md "Teams")
    team_plan = ([("greedy", "random", 10), ("lookahead", "greedy", 10)] if quick else
                 [("greedy", "random", 500), ("lookahead", "greedy", 1000), ("greedy", "greedy", 1000)])
    teams = []
    for a, b, n in team_plan:
        t = time.perf_counter()
        r = solve.match(a, b, n, simulations=24, teams=True, **kw)
        r["wall_seconds"] = round(time.perf_counter() - t, 1)
        teams.append(r)
    write_json(out_dir / "teams.json", teams)
    files.append("teams.json")

    # --- OpenSpiel's MCTS bot against our Monte-Carlo player, same simulations per move
    os_match = None
    try:
        from ..interop import openspiel as osp

        if osp.available():
            sims, n = (4, 1) if quick else (24, 20)
            t = time.perf_counter()
            os_match = solve.match("mc", "openspiel", n, seed=seed, simulations=sims, workers=None, chunk=2)
            os_match["simulations_per_move"] = sims
            os_match["wall_seconds"] = round(time.perf_counter() - t, 1)
    except Exception as e:  # noqa: BLE001 - the report records why the match is missing
        os_match = {"error": f"{type(e).__name__}: {e}"}
    write_json(out_dir / "openspiel_match.json", os_match)
    files.append("openspiel_match.json")

    # --- one sample game
    state = solve.play_game(("lookahead", "greedy"), seed)
    record = solve.game_record(state, ("lookahead", "greedy"), seed)
    write_json(out_dir / "sample_game.json", record)
    files.append("sample_game.json")

    bars = [(f"{r['a']} v {r['b']}" + (" (jokers)" if r["jokers"] else ""), r["a_score"], *r["a_score_ci95"])
            for r in table if r["a"] != r["b"]]
    bars += [(f"team {r['a']} v team {r['b']}", r["a_score"], *r["a_score_ci95"]) for r in teams if r["a"] != r["b"]]
    if os_match and "a_score" in os_match:
        bars.append((f"mc v openspiel-mcts ({os_match['simulations_per_move']} sims)", os_match["a_score"],
                     *os_match["a_score_ci95"]))
    render.bar_chart_svg(bars, out_dir / "tournament.svg", "Score of the first-named player (95% Wilson CI)")
    files.append("tournament.svg")

    summary_data = {"lexicon": {"playable_words": len(lex), "source": lex.source, "load_seconds": round(load_s, 2)},
                    "speed": speed, "examples": examples, "quick": quick, "seed": seed}
    write_json(out_dir / "report.json", summary_data)  # summary.json is the index section (core)
    files.append("report.json")

    # --- README
    lines = ["# Octoverso", "",
             f"Generated by `octosolve report --games octoverso{' --quick' if quick else ''}` (seed {seed}).", "",
             "## Lexicon", "",
             f"{len(lex):,} playable words (3 to 8 letters) out of the 457,401 forms of "
             "`data/octoverso/lexicon.tsv.gz` (see `data/octoverso/SOURCES.md`).", "",
             "## Rule examples", ""]
    for e in examples:
        lines.append(f"- rail `{e['rail']}`, hand `{e['hand']}`: **{e['word']}** ({e['side']}, {e['end']} end, "
                     f"{e['rail_used']} rail letters) plays `{e['played']}`, pushes `{e['pushed']}` "
                     f"([{e['svg']}]({e['svg']}))")
    lines += ["", "## Move generator speed", "",
              f"{speed['positions']} random positions (full rail, 12-letter hand, 0 and 1 joker alternately): "
              f"median **{speed['kernel_median_us']} us** per position (0 joker {speed['kernel_median_us_0_joker']}, "
              f"1 joker {speed['kernel_median_us_1_joker']}), median {speed['median_moves']:.0f} moves. "
              "The ratio to a plain Python scan is measured by `python scripts/bench_octoverso.py`.", "",
              "## Tournament", "",
              "Seats alternate; score = wins + draws/2 of player A; 95% Wilson intervals. "
              "Monte-Carlo players use 24 playouts per move. ([tournament.json](tournament.json), "
              "[tournament.svg](tournament.svg))", "",
              "| A | B | jokers | games | A wins | B wins | draws | A score [95% CI] | first player wins [95% CI] | s/game |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in table:
        lo, hi = r["a_score_ci95"]
        flo, fhi = r["first_player_ci95"]
        lines.append(f"| {r['a']} | {r['b']} | {'yes' if r['jokers'] else 'no'} | {r['games']} | {r['a_wins']} | "
                     f"{r['b_wins']} | {r['draws']} | {r['a_score']:.3f} [{lo:.3f}, {hi:.3f}] | "
                     f"{r['first_player_rate']:.3f} [{flo:.3f}, {fhi:.3f}] | {r['seconds_per_game']:.2f} |")
    lines += ["", "## Team game", "",
              "4 seats, teams A1+A2 v B1+B2 seated alternately (docs/rules/octoverso.md, \"Teams\"); "
              "a team name is two copies of that player; team A sits at seats 0 and 2 in even games, 1 and "
              "3 in odd games; \"first team\" is the team of the player who moves first. "
              "([teams.json](teams.json))", "",
              "| team A | team B | games | A wins | B wins | draws | A score [95% CI] | first team wins [95% CI] | s/game |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in teams:
        lo, hi = r["a_score_ci95"]
        flo, fhi = r["first_player_ci95"]
        lines.append(f"| {r['a']} | {r['b']} | {r['games']} | {r['a_wins']} | {r['b_wins']} | {r['draws']} | "
                     f"{r['a_score']:.3f} [{lo:.3f}, {hi:.3f}] | {r['first_player_rate']:.3f} [{flo:.3f}, {fhi:.3f}] | "
                     f"{r['seconds_per_game']:.2f} |")
    lines += ["", "## Against OpenSpiel's MCTS bot", ""]
    if os_match and "a_score" in os_match:
        lo, hi = os_match["a_score_ci95"]
        lines.append(f"Our Monte-Carlo player (`mc`) against `open_spiel.python.algorithms.mcts.MCTSBot` (random "
                     f"rollouts, UCT c=1.4), both with {os_match['simulations_per_move']} simulations per move, "
                     f"{os_match['games']} games: mc wins {os_match['a_wins']}, OpenSpiel wins {os_match['b_wins']}, "
                     f"draws {os_match['draws']}; mc score {os_match['a_score']:.3f} [{lo:.3f}, {hi:.3f}] "
                     "([openspiel_match.json](openspiel_match.json)).")
    else:
        lines.append(f"Not run: {os_match}")
    lines += ["", "## Sample game", "",
              f"lookahead (player 0) v greedy (player 1), seed {seed}: "
              + ("draw" if record["winner"] is None else f"player {record['winner']} wins")
              + f" after {record['turns']} turns ([sample_game.json](sample_game.json)).", ""]
    (out_dir / "README.md").write_text("\n".join(lines), encoding="utf-8")
    files.insert(0, "README.md")

    main = next(r for r in table if r["a"] == "lookahead" and r["b"] == "greedy")
    mirror = next((r for r in table if r["a"] == r["b"]), main)
    summary = (f"- lexicon: {len(lex):,} playable words; kernel median {speed['kernel_median_us']} us/position\n"
               f"- lookahead v greedy: score {main['a_score']:.3f} "
               f"[{main['a_score_ci95'][0]:.3f}, {main['a_score_ci95'][1]:.3f}] over {main['games']} games\n"
               f"- first player wins {mirror['first_player_rate']:.3f} "
               f"[{mirror['first_player_ci95'][0]:.3f}, {mirror['first_player_ci95'][1]:.3f}] "
               f"({mirror['a']} v {mirror['b']}, {mirror['decided']} decided games)")
    tm = next((r for r in teams if r["a"] == "lookahead" and r["b"] == "greedy"), None)
    if tm:
        summary += (f"\n- teams (2 v 2), lookahead v greedy: score {tm['a_score']:.3f} "
                    f"[{tm['a_score_ci95'][0]:.3f}, {tm['a_score_ci95'][1]:.3f}] over {tm['games']} games")
    if os_match and "a_score" in os_match:
        summary += (f"\n- mc v OpenSpiel MCTS ({os_match['simulations_per_move']} sims/move): "
                    f"score {os_match['a_score']:.3f} over {os_match['games']} games")
    return {"title": "Octoverso", "summary": summary, "files": files}
