"""`octosolve octagone ...` commands."""

from __future__ import annotations

import click

from ..core.clikit import batch_options, json_option, seed_option
from ..core.errors import fail
from ..core.jsonout import dumps, emit

VARIANT = click.Choice(["standard", "kids", "iv"])


def load_position(path: str):
    from ..core.jsonout import read_json
    from .rules import from_json

    obj = read_json(path, "position file")
    if isinstance(obj, dict) and "position" in obj and "board" not in obj:
        obj = obj["position"]  # the output of `play --stop-after N --json`
    return from_json(obj)


def _names(players: str) -> list[str]:
    return [n.strip() for n in players.split(",") if n.strip()]


@click.group(name="octagone")
def group():
    """Octagone: rules engine (standard, KIDS, IV; 2 or 4 players), exact solver, players."""


@group.command()
@click.option("--players", "players", default="alphabeta,mcts", show_default=True,
              help="Comma-separated players per seat: random, greedy, mcts, alphabeta, openspiel.")
@click.option("--variant", type=VARIANT, default="standard", show_default=True)
@click.option("--num-players", type=click.IntRange(2, 4), default=None,
              help="2 or 4 (default: the number of names in --players).")
@click.option("--hidden", is_flag=True, help="4 players: hidden shields (imperfect information).")
@click.option("--first", type=int, default=None, help="Seat that places the Dama Bianca (default: drawn).")
@click.option("--simulations", type=click.IntRange(1, 100000), default=400, show_default=True,
              help="MCTS simulations per move.")
@click.option("--stop-after", type=click.IntRange(0, None), default=None,
              help="Stop after N moves and include the position (input of `solve`).")
@click.option("--save-position", type=click.Path(dir_okay=False), default=None,
              help="Write the final (or stopped) position JSON to this file.")
@seed_option()
@json_option
def play(players, variant, num_players, hidden, first, simulations, stop_after, save_position, seed,
         as_json):
    """Play a game between computer players."""
    from .rules import to_json
    from .solve import play_game

    names = _names(players)
    n = num_players or len(names)
    if n not in (2, 4):
        fail(f"Octagone is played by 2 or 4 players, got {n}")
    rec, st = play_game(variant, names, seed, players=n, hidden=hidden, simulations=simulations,
                        stop_after=stop_after, first=first)
    if stop_after is not None or not st.over:
        rec["position"] = to_json(st)
    if save_position:
        from ..core.jsonout import write_json

        write_json(save_position, to_json(st))
    if as_json:
        emit(rec, True)
        return
    click.echo(f"Octagone {variant}, seed {seed}: {', '.join(names)}; player {rec['first']} places the Dama")
    for i, m in enumerate(rec["moves"], 1):
        if m.get("pass"):
            click.echo(f"{i:3}. player {m['player']} passes")
        else:
            syl = f" {m['syllable']}" if "syllable" in m else ""
            click.echo(f"{i:3}. player {m['player']}: {m['shield']}{syl} on row {m['row']}, col {m['col']}, "
                       f"arrow {m['direction']}")
    click.echo(str(st))


@group.command()
@click.argument("position", type=click.Path())
@click.option("--engine", type=click.Choice(["numba", "python"]), default="numba", show_default=True)
@click.option("--all-moves", is_flag=True, help="Also give the proven value of every legal move.")
@click.option("--max-nodes", type=click.IntRange(1, None), default=None,
              help="Give up (exit 2) after this many nodes.")
@json_option
def solve(position, engine, all_moves, max_nodes, as_json):
    """Prove the value (win/loss/draw and margin) and best move of a 2-player position."""
    from .solve import describe_action, solve as do_solve

    st = load_position(position)
    r = do_solve(st, engine=engine, max_nodes=max_nodes, all_moves=all_moves)
    r["best_move"] = describe_action(st, r["best_action"])
    if "moves" in r:
        for m in r["moves"]:
            m["move"] = describe_action(st, m["action"])
    if as_json:
        emit(r, True)
        return
    bm = r["best_move"]
    move = "pass" if bm and bm.get("pass") else (
        f"{bm['shield']} on row {bm['row']}, col {bm['col']}, arrow {bm['direction']}" if bm else "-")
    res = "draw" if r["value"] == 0 else f"{r['result']} by {abs(r['value'])} shield(s)"
    click.echo(f"Player {r['player']} to move, {r['free_cells']} free cells: {res} "
               f"(margin {r['value']:+d}); best move: {move}")
    click.echo(f"{r['nodes']} nodes in {r['seconds']} s ({engine})")
    for m in r.get("moves", []):
        mv = m["move"]
        desc = "pass" if mv.get("pass") else f"{mv['shield']} arrow {mv['direction']}"
        click.echo(f"  {desc}: {m['value']:+d}")


@group.command()
@click.argument("position", type=click.Path())
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Also draw the position as SVG to this file.")
@json_option
def show(position, svg_path, as_json):
    """Show a position as text (and SVG)."""
    from .render import draw_svg
    from .rules import to_json

    st = load_position(position)
    if svg_path:
        draw_svg(st, svg_path)
    if as_json:
        emit({"position": to_json(st), "text": str(st), "svg": svg_path}, True)
    else:
        click.echo(str(st))
        if svg_path:
            click.echo(f"SVG written to {svg_path}")


@group.command()
@click.argument("position", type=click.Path())
@click.option("--row", type=int, default=None)
@click.option("--col", type=int, default=None)
@click.option("--shield", default=None, help="Colour name, 'jolly' or 'dama'.")
@click.option("--syllable", default=None, help="Octagone IV: OC, TA, GO or NE.")
@click.option("--direction", type=int, default=None, help="0..7 = N, NE, E, SE, S, SW, W, NW.")
@click.option("--pass", "is_pass", is_flag=True, help="Pass (only when holding neither colour nor jolly).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the new position here.")
@json_option
def move(position, row, col, shield, syllable, direction, is_pass, out, as_json):
    """Apply one move to a position and print the new position."""
    from .rules import action_for, to_json

    st = load_position(position)
    a = action_for(st, row=row, col=col, shield=shield, direction=direction, syllable=syllable,
                   is_pass=is_pass)
    st.apply_action(a)
    pos = to_json(st)
    if out:
        from ..core.jsonout import write_json

        write_json(out, pos)
    if as_json:
        click.echo(dumps(pos))
    else:
        click.echo(str(st))


@group.command()
@click.argument("position", required=False, type=click.Path())
@click.option("--variant", type=VARIANT, default="standard", show_default=True)
@click.option("--num-players", type=click.IntRange(2, 4), default=2, show_default=True)
@seed_option()
@json_option
def new(position, variant, num_players, seed, as_json):
    """Deal a new game and print (or write to POSITION) its starting position."""
    from .rules import OctagoneGame, to_json

    if num_players not in (2, 4):
        fail("Octagone is played by 2 or 4 players")
    st = OctagoneGame(variant, num_players).new_initial_state(seed)
    pos = to_json(st)
    if position:
        from ..core.jsonout import write_json

        write_json(position, pos)
    if as_json or not position:
        click.echo(dumps(pos) if as_json else str(st))


@group.command()
@click.option("--players", default="greedy,random", show_default=True, help="Two player names.")
@click.option("--variant", type=VARIANT, default="standard", show_default=True)
@click.option("--games", type=click.IntRange(1, None), default=100, show_default=True)
@click.option("--simulations", type=click.IntRange(1, 100000), default=200, show_default=True)
@seed_option()
@batch_options
@json_option
def match(players, variant, games, simulations, seed, workers, scheduler, as_json):
    """A measured match (seats alternate; the Dama's holder is drawn each game)."""
    from .solve import run_games, summarize_match

    names = _names(players)
    if len(names) != 2 or names[0] == names[1]:
        fail("--players needs two different player names, e.g. greedy,random")
    res = run_games(variant, names, games, seed, simulations=simulations, workers=workers,
                    scheduler=scheduler)
    summ = summarize_match(res, names)
    summ.update({"variant": variant, "seed": seed, "simulations": simulations})
    if as_json:
        emit(summ, True)
        return
    for name, s in summ["players"].items():
        click.echo(f"{name:10} score {s['score']:.3f} (95% CI {s['ci95'][0]:.3f}-{s['ci95'][1]:.3f}), "
                   f"{s['wins']} wins, {s['ties']} ties in {games} games")


@group.command()
@click.option("--variant", type=VARIANT, default="standard", show_default=True)
@click.option("--player", default="greedy", show_default=True, help="Both sides play this player.")
@click.option("--num-players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--games", type=click.IntRange(1, None), default=10000, show_default=True)
@seed_option()
@batch_options
@json_option
def advantage(variant, player, num_players, games, seed, workers, scheduler, as_json):
    """First-player advantage: how often the side placing the Dama Bianca wins."""
    from .solve import first_player_advantage, run_games

    if num_players not in (2, 4):
        fail("Octagone is played by 2 or 4 players")
    res = run_games(variant, [player] * num_players, games, seed, players=num_players, workers=workers,
                    scheduler=scheduler)
    fa = first_player_advantage(res)
    fa.update({"variant": variant, "player": player, "num_players": num_players, "seed": seed})
    if as_json:
        emit(fa, True)
        return
    click.echo(f"{variant}, {num_players} players, {player} vs {player}, {games} games: first side "
               f"wins {fa['first_wins']}, loses {fa['first_losses']}, ties {fa['ties']}; score "
               f"{fa['first_score']:.3f} (95% CI {fa['first_score_ci95'][0]:.3f}-"
               f"{fa['first_score_ci95'][1]:.3f})")
