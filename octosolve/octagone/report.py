"""`octosolve report --games octagone`: first-player advantage, matches between players, solver figures."""

from __future__ import annotations

import time
from pathlib import Path

from ..core.jsonout import write_json
from ..core.seeding import DEFAULT_SEED, derive_seed


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


UCT_C = 1.4  # the exploration constant of both players (our MCTSPlayer default, passed to OpenSpiel's bot)


def _openspiel_games(task) -> list[dict]:
    """Games ``start..stop-1`` of the match: game i is seeded by ``derive_seed(seed, "os-match", i)``
    and our player takes seat 0 in even games, seat 1 in odd ones."""
    from ..interop import openspiel as osp
    from .players import make_player
    from .rules import OctagoneGame
    from .solve import play_game

    seed, sims, start, stop = task
    game = OctagoneGame()
    out = []
    for i in range(start, stop):
        gs = derive_seed(seed, "os-match", i)
        ours = make_player("mcts", gs, simulations=sims)
        theirs = osp.OpenSpielMCTSPlayer(game, simulations=sims, seed=gs % 2**31, uct_c=UCT_C)
        me = i % 2
        seats = [ours, theirs] if me == 0 else [theirs, ours]
        names = ["mcts", "openspiel"] if me == 0 else ["openspiel", "mcts"]
        rec, st = play_game("standard", names, gs, simulations=sims, player_objs=seats)
        out.append({"game": i, "ours_seat": me, "first": st.first, "winner": st.winner(),
                    "left": st.shields_left(), "moves": len(rec["moves"])})
    return out


def openspiel_match(games: int, sims: int, seed: int, workers: int | None = None) -> dict | None:
    """Our MCTS (numba informed playouts) against OpenSpiel's MCTS bot (random rollouts, MCTS-Solver
    on), the same simulations per move and the same UCT constant; seats alternate game by game.
    Score = wins + half the ties, with a Wilson 95% interval."""
    from ..core.batch import chunked, run_batch
    from ..core.stats import wilson_interval
    from ..interop import openspiel as osp

    if not osp.available():
        return None
    tasks = [(seed, sims, a, b) for a, b in chunked(games, 5)]
    res = [g for part in run_batch(_openspiel_games, tasks, workers=workers, desc="vs openspiel")
           for g in part]
    wins = sum(1 for g in res if g["winner"] is not None and g["winner"] == g["ours_seat"])
    ties = sum(1 for g in res if g["winner"] is None)
    pts = wins + 0.5 * ties
    lo, hi = wilson_interval(pts, games)
    return {"games": games, "simulations": sims, "uct_c": UCT_C, "mcts_wins": wins, "ties": ties,
            "mcts_losses": games - wins - ties, "mcts_score": pts / games, "ci95": [lo, hi],
            "ours": "octosolve MCTSPlayer, informed numba playouts (eps 0.1)",
            "theirs": "open_spiel.python.algorithms.mcts.MCTSBot, random rollouts, solve=True",
            "game_results": res}


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    from .render import draw_svg
    from .solve import (first_player_advantage, play_game, position_with_free, run_games, solve,
                        summarize_match)

    seed = DEFAULT_SEED if seed is None else seed
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    files = []
    t_start = time.perf_counter()

    # 1. first-player advantage
    n_random = 60 if quick else 10_000
    n_greedy = 20 if quick else 2_000
    adv = {}
    for variant in ("standard", "kids", "iv"):
        for player, n in (("random", n_random), ("greedy", n_greedy)):
            res = run_games(variant, [player, player], n, derive_seed(seed, "adv", variant, player))
            adv[f"{variant}/{player}"] = dict(first_player_advantage(res), variant=variant, player=player)
    write_json(out_dir / "first_player.json", adv)
    files.append("first_player.json")

    # 2. matches
    sims = 40 if quick else 200
    pairs = [("greedy", "random", 20 if quick else 1000, 0),
             ("mcts", "greedy", 2 if quick else 100, sims),
             ("alphabeta", "mcts", 2 if quick else 40, sims)]
    matches = []
    for a, b, n, sims in pairs:
        res = run_games("standard", [a, b], n, derive_seed(seed, "match", a, b), simulations=sims)
        m = summarize_match(res, [a, b])
        m.update({"pair": f"{a} vs {b}", "variant": "standard", "simulations": sims})
        matches.append(m)
    osm = openspiel_match(1 if quick else 100, 20 if quick else 100, seed)
    write_json(out_dir / "matches.json", {"matches": matches, "vs_openspiel_mcts": osm})
    files.append("matches.json")

    # 3. solver: proven values and times
    solved = []
    for free in ((10, 12) if quick else (12, 16, 20)):
        for i in range(2 if quick else 5):
            s = position_with_free(derive_seed(seed, "solve", free, i) % 10**6, free)
            r = solve(s)
            solved.append({"free_cells": free, "value": r["value"], "result": r["result"],
                           "nodes": r["nodes"], "seconds": r["seconds"]})
    write_json(out_dir / "solver.json", solved)
    files.append("solver.json")

    # 4. pictures: a game stopped with 14 free cells, solved
    rec, st = play_game("standard", ["greedy", "greedy"], seed, stop_after=29)
    if not st.over and st.n == 2:
        r = solve(st)
        write_json(out_dir / "example_position.json", {"position": __import__(
            "octosolve.octagone.rules", fromlist=["to_json"]).to_json(st), "solve": r})
        files.append("example_position.json")
    draw_svg(st, out_dir / "example_position.svg")
    files.append("example_position.svg")
    _, fin = play_game("iv", ["greedy", "greedy"], seed)
    draw_svg(fin, out_dir / "example_iv_final.svg")
    files.append("example_iv_final.svg")

    # README
    L = ["# Octagone results", "",
         f"Generated by `octosolve report --games octagone`{' --quick' if quick else ''} (seed {seed}). "
         "Rules interpretations: `docs/rules/octagone.md`.", "",
         "## First-player advantage (2 players)", "",
         "The side that draws the Dama Bianca places it and moves first. Score = wins + half the ties "
         "of the first side; 95% Wilson intervals. Data: [first_player.json](first_player.json).", "",
         "| variant | players | games | first wins | ties | first loses | first score (95% CI) | mean moves |",
         "| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |"]
    for k, a in adv.items():
        lo, hi = a["first_score_ci95"]
        L.append(f"| {a['variant']} | {a['player']} vs {a['player']} | {a['games']} | {a['first_wins']} | "
                 f"{a['ties']} | {a['first_losses']} | {_pct(a['first_score'])} ({_pct(lo)}-{_pct(hi)}) | "
                 f"{a['mean_moves']:.1f} |")
    L += ["", "## Matches (standard rules)", "",
          "Seats alternate game by game; who places the Dama is drawn each game. "
          "Data: [matches.json](matches.json).", "",
          "| match | games | MCTS simulations | score of the first named (95% CI) | wins / ties |",
          "| --- | ---: | ---: | --- | --- |"]
    for m in matches:
        a = m["pair"].split(" vs ")[0]
        s = m["players"][a]
        L.append(f"| {m['pair']} | {m['games']} | {m['simulations'] or '-'} | {_pct(s['score'])} "
                 f"({_pct(s['ci95'][0])}-{_pct(s['ci95'][1])}) | {s['wins']} / {s['ties']} |")
    if osm:
        L += ["", f"Our MCTS (numba informed playouts: the greedy rule with 10% random moves) against "
              f"OpenSpiel's generic MCTS bot (`open_spiel.python.algorithms.mcts`, random rollouts, "
              f"MCTS-Solver on), {osm['simulations']} simulations per move each, UCT constant "
              f"{osm['uct_c']} for both, seats alternating, {osm['games']} games: our score "
              f"{_pct(osm['mcts_score'])} (95% CI {_pct(osm['ci95'][0])}-{_pct(osm['ci95'][1])}), "
              f"{osm['mcts_wins']} wins, {osm['ties']} ties, {osm['mcts_losses']} losses."]
    else:
        L += ["", "OpenSpiel is not installed: no match against its MCTS bot."]
    L += ["", "The alpha-beta player solves exactly (numba negamax) once at most 18 cells are free, "
          "and plays like MCTS (300 simulations) before that.", "",
          "## Exact solver", "",
          "Positions from seeded random play, 2 players, open shields; value = proven margin for the "
          "player to move. Data: [solver.json](solver.json).", "",
          "| free cells | value | result | nodes | seconds |", "| ---: | ---: | --- | ---: | ---: |"]
    for s in solved:
        L.append(f"| {s['free_cells']} | {s['value']:+d} | {s['result']} | {s['nodes']} | {s['seconds']} |")
    L += ["", "## Pictures", "",
          "A greedy-vs-greedy game stopped after 29 moves ([SVG](example_position.svg), "
          "[position and proof](example_position.json)); the end of an Octagone IV game "
          "([SVG](example_iv_final.svg)).", "",
          f"_Report built in {time.perf_counter() - t_start:.0f} s._"]
    (out_dir / "README.md").write_text("\n".join(L) + "\n", encoding="utf-8")
    files.insert(0, "README.md")

    sa = adv["standard/random"]
    summary = "\n".join([
        f"- First-player score, random play, {sa['games']} games: standard "
        f"{_pct(adv['standard/random']['first_score'])}, KIDS {_pct(adv['kids/random']['first_score'])}, "
        f"IV {_pct(adv['iv/random']['first_score'])}; greedy play ({adv['standard/greedy']['games']} games): "
        f"standard {_pct(adv['standard/greedy']['first_score'])}, KIDS "
        f"{_pct(adv['kids/greedy']['first_score'])}, IV {_pct(adv['iv/greedy']['first_score'])}.",
        "- " + "; ".join(f"{m['pair']}: {_pct(m['players'][m['pair'].split(' vs ')[0]]['score'])} "
                         f"({m['games']} games)" for m in matches) + ".",
        (f"- Our MCTS vs OpenSpiel MCTS ({osm['simulations']} simulations each): "
         f"{_pct(osm['mcts_score'])} over {osm['games']} games." if osm else "- OpenSpiel not installed."),
        f"- Exact solver: positions up to {max(s['free_cells'] for s in solved)} free cells proven, "
        f"slowest {max(s['seconds'] for s in solved):.2f} s.",
    ])
    return {"title": "Octagone", "summary": summary, "files": files}
