#!/usr/bin/env python3
"""A level's search with and without a time cap (issue 43: same strength measured): GAME with
PARAMS, PLAYER with OPTIONS at both seats, one of them also with ``time_limit`` CAP (CPU seconds a
move), seeded, the capped player's seat alternating; one JSON line a game in OUT (rewritten whole after each game) (its
score for the capped player: 1 win, 0.5 draw, 0 loss; each side's slowest move in CPU).

    PYTHONPATH=. python scripts/web_level_cap_match.py octiles '{"variant":"octiles","players":2}' mcts '{}' 0.8 40 out.jsonl
"""
import json
import random
import sys
import time

from octosolve.core.files import atomic_write_text
from octosolve.core.game import CHANCE, sample_chance
from octosolve.core.players import make_player
from octosolve.games import GAMES

game = sys.argv[1]; params = json.loads(sys.argv[2]); player = sys.argv[3]; base = json.loads(sys.argv[4])
cap = float(sys.argv[5]); n_games = int(sys.argv[6]); out = sys.argv[7]
e = next(g for g in GAMES if g.name == game)
specs = tuple(e.players())
lines: list = []
for i in range(n_games):
    g = e.make_game(**params)
    new_seat = i % 2
    ps = {}
    for seat in range(2):
        opts = dict(base)
        if seat == new_seat:
            opts["time_limit"] = cap
        ps[seat] = make_player(specs, player, g, seed=1000 * i + seat, **opts)
    st = g.new_initial_state(i); rng = random.Random(i)
    cpu = {0: [], 1: []}
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(sample_chance(st, rng)); continue
        p = st.current_player()
        t0 = time.thread_time(); a = ps[p].choose(st.clone()); cpu[p].append(time.thread_time() - t0)
        st.apply_action(a)
    r = st.returns()
    score = 1.0 if r[new_seat] > r[1 - new_seat] else 0.5 if r[new_seat] == r[1 - new_seat] else 0.0
    lines.append(json.dumps({"game": i, "new_seat": new_seat, "score_new": score, "returns": r,
                             "cpu_new_max": max(cpu[new_seat] or [0]), "cpu_old_max": max(cpu[1 - new_seat] or [0]),
                             "moves": len(cpu[0]) + len(cpu[1])}) + "\n")
    atomic_write_text(out, "".join(lines))   # the games so far, the file written whole each time
