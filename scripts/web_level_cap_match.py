#!/usr/bin/env python3
"""A web level with its time cap against the same level without it (issue 43: the same strength
measured): GAME's LEVEL on the preset PRESET (its title or number, 0 first), with the options the
web app gives it (the preset's, then the level's), against the same player and options without
``time_limit`` (the level as it was before the cap: its counted simulations alone).

Seeded and paired: deal ``seed + k`` is played twice, the capped player at the even seats (P0, or
the pair P0+P2) and then at the odd ones, each seat's player seeded as the web app seeds it
(``player_seed``), chance from ``chance_rng`` - so the deal and the seats' luck balance out. Two
sides only: a 2-player preset or one played in pairs (even seats against odd seats).

One JSON line a game in OUT (rewritten whole after each game; a run given the same arguments and
OUT goes on after the games already in it): the capped side's result (1 win, 0.5 draw, 0 loss),
the seats it held, each side's CPU seconds (largest move, total) and move count, the capped
side's moves stopped by the cap (their CPU within 5% of it). The summary line
(stdout, and ``--json``): wins, draws, losses of the capped side, its score with a 95% Wilson
interval (a draw counted as half a game won), the score by seat and by pair of games.

    PYTHONPATH=. python scripts/web_level_cap_match.py octagone medium "Octagone IV (2 players)" 10 /tmp/m.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from octosolve.core.files import atomic_write_text
from octosolve.core.game import CHANCE, sample_chance
from octosolve.core.players import make_player
from octosolve.core.seeding import chance_rng, player_seed
from octosolve.games import GAMES
from octosolve.web.play import levels, presets


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``score`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    mid = (score + z * z / (2 * n)) / d
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def setup(game: str, level: str, preset: str):
    e = next((g for g in GAMES if g.name == game), None)
    if e is None:
        sys.exit(f"error: unknown game {game!r}")
    lv = [x for x in levels(e) if x[0] == level]
    if not lv:
        sys.exit(f"error: {game} has no level {level!r} ({', '.join(x[0] for x in levels(e))})")
    ps = presets(e)
    pr = ([p for p in ps if p[0] == preset]
          or ([ps[int(preset)]] if preset.isdigit() and int(preset) < len(ps) else []))
    if not pr:
        sys.exit(f"error: {game} has no preset {preset!r} ({'; '.join(p[0] for p in ps)})")
    _, player, lopts = lv[0]
    title, params, popts = pr[0]
    capped = {**popts, **lopts}
    if "time_limit" not in capped:
        sys.exit(f"error: {game}'s {level} level has no time cap")
    plain = {k: v for k, v in capped.items() if k != "time_limit"}
    return e, player, params, title, capped, plain


def play_one(e, player: str, params: dict, capped: dict, plain: dict, seed: int, capped_parity: int) -> dict:
    g = e.make_game(**params)
    n = g.info.num_players
    if n != 2 and n % 2:
        sys.exit("error: two sides only (2 players, or pairs: even seats against odd seats)")
    specs = tuple(e.players())
    side = {s: (s % 2 == capped_parity) for s in range(n)}   # True: the capped side
    ps = {s: make_player(specs, player, g, seed=player_seed(seed, 0, s), **(capped if side[s] else plain))
          for s in range(n)}
    st = g.new_initial_state(seed)
    rng = chance_rng(seed)
    cpu = {True: [], False: []}
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply_action(sample_chance(st, rng))
            continue
        t0 = time.thread_time()
        a = ps[p].choose(st.clone())
        cpu[side[p]].append(time.thread_time() - t0)
        st.apply_action(a)
    r = st.returns()
    mine = statistics.mean(r[s] for s in range(n) if side[s])
    theirs = statistics.mean(r[s] for s in range(n) if not side[s])
    return {"seed": seed, "capped_seats": [s for s in range(n) if side[s]],
            "result": 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0, "returns": r,
            "capped_cpu_max": round(max(cpu[True], default=0.0), 3),
            "capped_cpu": round(sum(cpu[True]), 2), "capped_moves": len(cpu[True]),
            # the capped side's moves stopped by the cap (CPU within 5% of it)
            "capped_at_cap": sum(t >= 0.95 * capped["time_limit"] for t in cpu[True]),
            "plain_cpu_max": round(max(cpu[False], default=0.0), 3),
            "plain_cpu": round(sum(cpu[False]), 2), "plain_moves": len(cpu[False])}


def summary(rows: list[dict]) -> dict:
    n = len(rows)
    w = sum(r["result"] == 1.0 for r in rows)
    d = sum(r["result"] == 0.5 for r in rows)
    score = sum(r["result"] for r in rows) / n if n else 0.0
    lo, hi = wilson(score, n)
    by_seat = {}
    for par in (0, 1):
        x = [r["result"] for r in rows if r["capped_seats"][0] % 2 == par]
        by_seat[f"capped_at_P{par}"] = {"games": len(x), "score": round(sum(x) / len(x), 3) if x else None}
    pairs = {}
    for r in rows:
        pairs.setdefault(r["seed"], []).append(r["result"])
    full = [sum(v) for v in pairs.values() if len(v) == 2]   # 0..2 points for the capped side a deal
    return {"games": n, "wins": w, "draws": d, "losses": n - w - d, "score": round(score, 3),
            "score_95": [round(lo, 3), round(hi, 3)], "by_seat": by_seat,
            "pairs": {"deals": len(full), "capped_better": sum(x > 1 for x in full),
                      "even": sum(x == 1 for x in full), "capped_worse": sum(x < 1 for x in full)},
            "capped_cpu_max": max((r["capped_cpu_max"] for r in rows), default=None),
            "plain_cpu_max": max((r["plain_cpu_max"] for r in rows), default=None),
            "capped_cpu": round(sum(r["capped_cpu"] for r in rows), 1),
            "capped_moves": sum(r["capped_moves"] for r in rows),
            "capped_at_cap": sum(r.get("capped_at_cap", 0) for r in rows if "capped_at_cap" in r),
            "capped_moves_counted": sum(r["capped_moves"] for r in rows if "capped_at_cap" in r),
            "plain_cpu": round(sum(r["plain_cpu"] for r in rows), 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("level")
    ap.add_argument("preset", help="the preset's title or number (0 first)")
    ap.add_argument("deals", type=int, help="deals, each played twice (seats swapped)")
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    ap.add_argument("--json", action="store_true", help="the summary as one JSON object")
    args = ap.parse_args(argv)
    e, player, params, title, capped, plain = setup(args.game, args.level, args.preset)
    rows: list[dict] = []
    if args.out.exists():
        rows = [json.loads(x) for x in args.out.read_text().splitlines() if x.strip()]
    for k in range(args.deals):
        for parity in (0, 1):
            i = 2 * k + parity
            if i < len(rows):
                continue
            rows.append(play_one(e, player, params, capped, plain, args.seed + k, parity))
            atomic_write_text(args.out, "".join(json.dumps(r) + "\n" for r in rows))
    s = {"game": args.game, "level": args.level, "preset": title, "player": player,
         "capped": capped, "uncapped": plain, **summary(rows[:2 * args.deals])}
    if args.json:
        print(json.dumps(s))
    else:
        print(f"{args.game} {args.level} ({player} {capped}) against itself without the cap "
              f"({plain}), {title}: {s['games']} games, the capped side won {s['wins']}, drew "
              f"{s['draws']}, lost {s['losses']}: score {s['score']:.3f}, 95% interval "
              f"{s['score_95'][0]:.3f}-{s['score_95'][1]:.3f}; at P0 {s['by_seat']['capped_at_P0']['score']}, "
              f"at P1 {s['by_seat']['capped_at_P1']['score']}; deals (both seats) better "
              f"{s['pairs']['capped_better']}, even {s['pairs']['even']}, worse "
              f"{s['pairs']['capped_worse']}; largest move {s['capped_cpu_max']} s of CPU capped, "
              f"{s['plain_cpu_max']} s uncapped; CPU {s['capped_cpu']} s and {s['plain_cpu']} s; "
              f"{s['capped_at_cap']} of {s['capped_moves_counted']} capped moves stopped by the cap")
    return 0


if __name__ == "__main__":
    sys.exit(main())
