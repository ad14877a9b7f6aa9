"""`octosolve oct8 ...` commands."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..core.clikit import batch_options, json_option, seed_option
from ..core.errors import fail
from ..core.jsonout import emit

deck_option = click.option("--deck", default=None, metavar="TOML",
                           help="Arm-card distribution (TOML file, or 'default' / 'flat'); "
                                "default data/oct8/deck.toml.")
short_option = click.option("--short", is_flag=True, help="Short variant: 2 heads of each colour removed.")


def _players_option(default=4):
    return click.option("--players", type=int, default=default, show_default=True, help="2, 3 or 4 players.")


@click.group(name="oct8")
def group():
    """Oct8: octopus card game - rules engine, swap enumeration, players, balance simulations."""


@group.command()
@_players_option()
@click.option("--strategies", default=None,
              help="Comma-separated strategy per seat: random, greedy, mcts (default: all random).")
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--simulations", type=int, default=200, show_default=True, help="MCTS simulations per move.")
@seed_option()
@short_option
@deck_option
@batch_options
@json_option
def simulate(players, strategies, games, simulations, seed, short, deck, workers, scheduler, as_json):
    """Play many games and report wins (ties separately), scores, turns and action use.

    All-random tables use the numba playout engine; others the Python engine with the players."""
    from .solve import simulate as run

    strats = [s.strip() for s in strategies.split(",")] if strategies else None
    if strats and any(not s for s in strats):
        fail(f"bad --strategies {strategies!r}")
    res = run(players=players, strategies=strats, games=games, seed=seed, short=short, deck=deck,
              workers=workers, scheduler=scheduler, simulations=simulations)
    lines = [f"{res['games']} games, {players} players ({', '.join(res['strategies'])}), "
             f"engine {res['engine']}, deck {res['deck']}{', short variant' if short else ''}"]
    for p in range(players):
        lo, hi = res["win_rate_ci"][p]
        lines.append(f"  seat {p} {res['strategies'][p]:>7}: {res['wins'][p]:>7} sole wins, win share "
                     f"{res['win_rate'][p]:.3f} [{lo:.3f}, {hi:.3f}], mean score {res['mean_score'][p]:.2f}")
    lines.append(f"  ties: {res['ties']}; mean turns {res['mean_turns']:.2f}; "
                 f"actions per game: " + ", ".join(f"{k} {v:.2f}" for k, v in res["actions_per_game"].items()))
    emit(res, as_json, "\n".join(lines))


def load_position(path: str) -> dict:
    """Read a swaps position file (see docs/oct8.md); validates everything, one-line errors."""
    from . import rules as R

    p = Path(path)
    if not p.is_file():
        fail(f"state file not found: {path}")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        fail(f"malformed state file {path}: {e}")
    if not isinstance(data, dict):
        fail("malformed state: the top level must be an object")
    fields = data.get("fields")
    if not isinstance(fields, list) or not 2 <= len(fields) <= 4:
        fail("malformed state: 'fields' must list 2 to 4 players' fields")
    n = len(fields)
    mover = data.get("to_move", 0)
    if isinstance(mover, bool) or not isinstance(mover, int) or not 0 <= mover < n:
        fail(f"malformed state: 'to_move' must be a player number 0-{n - 1}")
    hand = data.get("hand", [])
    if not isinstance(hand, list):
        fail("malformed state: 'hand' must be a list of arm cards like \"r3\"")
    if len(hand) > 32:
        fail(f"impossible state: {len(hand)} cards in hand")
    deck = R.load_deck(data.get("deck")) if data.get("deck") else R.load_deck(None)
    hand_t = [R.parse_arm(c) for c in hand]
    used = [0] * R.NUM_TYPES
    for t in hand_t:
        used[t] += 1
    heads = [0, 0, 0]
    octs = []
    for owner, f in enumerate(fields):
        if not isinstance(f, list):
            fail(f"malformed state: field of player {owner} must be a list of octopuses")
        if len(f) > R.MAX_FIELD or (owner != mover and len(f) > R.FIELD_LIMIT):
            fail(f"impossible state: player {owner} has {len(f)} octopuses on the field")
        for o in f:
            if not isinstance(o, dict) or "head" not in o or not isinstance(o.get("arms"), list):
                fail(f"malformed state: an octopus of player {owner} needs 'head' and 'arms'")
            hc = R.parse_colour(o["head"])
            heads[hc] += 1
            arms = [R.parse_arm(c) for c in o["arms"]]
            tot = sum(t % 8 + 1 for t in arms)
            if tot != 8:
                fail(f"impossible state: an octopus of player {owner} has {tot} arms (a finished octopus "
                     f"has exactly 8)")
            for t in arms:
                used[t] += 1
            octs.append((owner, hc, arms))
    for c in range(3):
        if heads[c] > R.HEADS_PER_COLOUR:
            fail(f"impossible state: {heads[c]} {R.COLOURS[c]} heads (the game has {R.HEADS_PER_COLOUR})")
    for t in range(R.NUM_TYPES):
        have = deck.counts[t // 8][t % 8]
        if used[t] > have:
            fail(f"impossible state: {used[t]} cards {R.type_name(t)} but the deck '{deck.name}' has {have}")
    babies = data.get("babies", 0)
    if isinstance(babies, bool) or not isinstance(babies, int) or not 0 <= babies <= R.BABY_CAP:
        fail(f"malformed state: 'babies' must be 0-{R.BABY_CAP}")
    return {"players": n, "to_move": mover, "hand": hand_t, "octopuses": octs, "babies": babies}


def swap_rows_json(pos: dict, rows) -> list[dict]:
    from . import rules as R

    out = []
    for row in rows:
        kind, so, ss, st, to, ts = (int(x) for x in row[:6])
        given = [R.type_name(int(x)) for x in row[6:] if x >= 0]
        out.append({"action": kind,
                    "source": {"player": so, "octopus": ss, "card": R.type_name(st)},
                    "target": "hand" if kind == 3 else {"player": to, "octopus": ts},
                    "cards": given})
    return out


def apply_swap_row(hand, octs, owners, row):
    """The position after one exchange row (new hand counts and octopus count rows)."""
    import numpy as np

    hand = hand.copy()
    octs = [o.copy() for o in octs]
    kind, so, ss, st, to, ts = (int(x) for x in row[:6])
    given = [int(x) for x in row[6:] if x >= 0]
    idx = {}
    for i, o in enumerate(owners):
        idx[(o, sum(1 for j in range(i) if owners[j] == o))] = i
    a = octs[idx[(so, ss)]]
    a[st] -= 1
    src = hand if kind == 3 else octs[idx[(to, ts)]]
    for t in given:
        src[t] -= 1
        a[t] += 1
    src[st] += 1
    assert (np.asarray(hand) >= 0).all()
    return hand, octs


def swap_sequences(mover, n, hand, owners, colours, octs, depth):
    """Exchange sequences (an exchange, then one more per baby chip), breadth first over distinct
    positions: ``exchanges_at_step[k]`` = legal exchanges summed over the distinct positions reached
    after k exchanges; ``distinct_positions`` = distinct positions reached after 1..depth exchanges."""
    from . import kernels as K

    frontier = [(hand, octs)]
    per_len, seen = [], set()
    for _ in range(depth):
        nxt, count = [], 0
        for h, o in frontier:
            rows = K.run_swaps(mover, n, h, owners, colours, o)
            count += len(rows)
            for row in rows:
                h2, o2 = apply_swap_row(h, o, owners, row)
                key = (tuple(h2), tuple(tuple(x) for x in o2))
                if key not in seen:
                    seen.add(key)
                    nxt.append((h2, o2))
        per_len.append(count)
        frontier = nxt
    return {"exchanges_at_step": per_len, "distinct_positions": len(seen)}


@group.command()
@click.argument("state_file", metavar="STATE.json")
@click.option("--babies", type=click.IntRange(0, 2), default=None,
              help="Also count exchange sequences using this many baby chips (0-2; default: the "
                   "'babies' field of the file, else 0).")
@json_option
def swaps(state_file, babies, as_json):
    """List every legal exchange (actions 3 and 4) of the player to move in a position file."""
    import numpy as np

    from . import kernels as K

    pos = load_position(state_file)
    hand = np.zeros(K.NT, dtype=np.int64)
    for t in pos["hand"]:
        hand[t] += 1
    octs = []
    for _, _, arms in pos["octopuses"]:
        row = np.zeros(K.NT, dtype=np.int64)
        for t in arms:
            row[t] += 1
        octs.append(row)
    rows = K.run_swaps(pos["to_move"], pos["players"], hand, [o[0] for o in pos["octopuses"]],
                       [o[1] for o in pos["octopuses"]], octs)
    ex = swap_rows_json(pos, rows)
    res = {"to_move": pos["to_move"], "count": len(ex),
           "count_action3": sum(1 for e in ex if e["action"] == 3),
           "count_action4": sum(1 for e in ex if e["action"] == 4), "exchanges": ex}
    b = pos["babies"] if babies is None else babies
    lines = [f"{len(ex)} legal exchanges for player {pos['to_move']} "
             f"({res['count_action3']} with the hand, {res['count_action4']} between octopuses)"]
    if b:
        seq = swap_sequences(pos["to_move"], pos["players"], hand, [o[0] for o in pos["octopuses"]],
                             [o[1] for o in pos["octopuses"]], octs, 1 + b)
        res["babies"] = b
        res.update(seq)
        lines.append(f"with {b} baby chip(s), up to {1 + b} exchanges in a row: legal exchanges at each "
                     f"step (over distinct positions) {', '.join(str(x) for x in seq['exchanges_at_step'])}; "
                     f"{seq['distinct_positions']} distinct positions reached")
    for e in ex:
        s = e["source"]
        tgt = "hand" if e["target"] == "hand" else f"P{e['target']['player']} octopus {e['target']['octopus']}"
        lines.append(f"  ({e['action']}) P{s['player']} octopus {s['octopus']} gives {s['card']} "
                     f"<- {tgt} gives {' '.join(e['cards'])}")
    emit(res, as_json, "\n".join(lines))


@group.command(name="play")
@_players_option()
@click.option("--strategies", default=None, help="Comma-separated strategy per seat (default greedy then random).")
@click.option("--simulations", type=int, default=100, show_default=True, help="MCTS simulations per move.")
@seed_option()
@short_option
@deck_option
@json_option
def play_cmd(players, strategies, simulations, seed, short, deck, as_json):
    """Play one game and print a readable record."""
    from ..core.seeding import derive_seed
    from . import rules as R
    from .players import make_player

    strats = [s.strip() for s in strategies.split(",")] if strategies else ["greedy"] + ["random"] * (players - 1)
    if len(strats) != players:
        fail(f"{len(strats)} strategies given for {players} players")
    game = R.make_game(players=players, short=short, deck=deck)
    st = game.new_initial_state(seed)
    ps = [make_player(s, derive_seed(seed, "oct8-play", p), simulations) for p, s in enumerate(strats)]
    lines = [f"Oct8, {players} players ({', '.join(strats)}), seed {seed}, deck {game.cfg.deck.name}"
             + (", short variant" if short else ""),
             "secret colours: " + ", ".join(f"P{p} {R.COLOURS[st.colour(p)]}" for p in range(players))]
    record = []
    turn = -1
    cur_line = None
    while not st.is_terminal():
        if st.turns != turn:
            turn = st.turns
            lines.append(f"-- turn {turn + 1}, player {st.cur}; shared: "
                         + "; ".join(st.octopus_str(h) if h >= 0 else "-" for h in st.shared))
        p = st.cur
        ph = st.phase
        a = ps[p].choose(st)
        text = st.action_to_string(a)
        if ph == R.PH_PLACE:
            text = f"turn draw {st.card_str(st.drawn)} -> {text}"
        before = len(st.fields[p])
        st.apply_action(a)
        record.append({"turn": turn + 1, "player": p, "action": int(a), "text": text})
        if ph in (R.PH_TARGET, R.PH_SEL) and cur_line is not None:
            lines[cur_line] += f", {text}"
        else:
            lines.append(f"   P{p}: {text}")
            cur_line = len(lines) - 1
        if len(st.fields[p]) > before:
            lines.append(f"   P{p} takes octopus {st.octopus_str(st.fields[p][-1])} (babies {st.babies[p]})")
            cur_line = None
    details = [st.score_detail(p) for p in range(players)]
    lines.append("-- end")
    for p in range(players):
        lines.append(f"P{p} ({R.COLOURS[st.colour(p)]}, {strats[p]}): score {details[p]['score']}, "
                     f"{details[p]['octopuses']} octopuses, {details[p]['scoring_arms']} scoring arms; field "
                     + ("; ".join(st.octopus_str(h) for h in st.fields[p]) or "-") + " | shipped "
                     + ("; ".join(st.octopus_str(h) for h in st.shipped[p]) or "-"))
    w = st.winners()
    lines.append("winner: " + (f"P{w[0]}" if len(w) == 1 else "tie between " + ", ".join(f"P{q}" for q in w)))
    res = {"seed": seed, "players": players, "strategies": strats,
           "colours": [R.COLOURS[st.colour(p)] for p in range(players)],
           "scores": [d["score"] for d in details], "details": details, "winners": w, "turns": st.turns,
           "decisions": st.decisions, "record": record}
    emit(res, as_json, "\n".join(lines))


@group.command()
@deck_option
@json_option
def deck(deck, as_json):
    """Show (and validate) an arm-card distribution."""
    from . import rules as R

    d = R.load_deck(deck)
    lines = [f"deck {d.name}: {d.description}", "arms:   " + " ".join(f"{a:>3}" for a in range(1, 9))]
    for c in range(3):
        lines.append(f"{R.COLOURS[c]:<7} " + " ".join(f"{x:>3}" for x in d.counts[c]))
    emit(d.to_json(), as_json, "\n".join(lines))


@group.command()
@click.option("--games", type=int, default=20, show_default=True)
@click.option("--simulations", type=int, default=100, show_default=True)
@click.option("--opponent", type=click.Choice(["greedy", "random", "builder", "openspiel-mcts"]),
              default="greedy", show_default=True)
@_players_option()
@seed_option()
@batch_options
@json_option
def match(games, simulations, opponent, players, seed, workers, scheduler, as_json):
    """Measured match: our search player (mcts) in one seat against copies of an opponent, the seat
    rotating game by game; both search players get --simulations per move."""
    from .solve import mcts_match

    res = mcts_match(games=games, simulations=simulations, opponent=opponent, seed=seed, workers=workers,
                     scheduler=scheduler, players=players)
    lo, hi = res["mcts_win_rate_ci"]
    text = (f"{res['games']} games, mcts ({simulations} sims/move) vs {players - 1}x {opponent}: mcts win share "
            f"{res['mcts_win_rate']:.3f} [{lo:.3f}, {hi:.3f}] (a seat's fair share is {1 / players:.2f}); mean score mcts "
            f"{res['mcts_mean_score']:.2f} vs {opponent} {res['opponent_mean_score']:.2f}")
    emit(res, as_json, text)
