"""`octosolve octagone ...` commands (thin: options in, library calls, printing out)."""

from __future__ import annotations

import os
import shlex
import sys

import click

from ..core.clikit import (OutPath, batch_options, count, distinct_outputs, games_option, given_options, json_option, measure_options, out_option,
                           players_option, position_out_option, record_option, seed_option, simulations_option, stop_after_option,
                           svg_option, wrote)
from ..core.errors import fail
from ..core.jsonout import dumps, emit, write_json
from ..core.words import counted

VARIANTS = ("standard", "kids", "iv")


def _rule_options(f):
    f = click.option("--hidden", is_flag=True,
                     help="Four players: hidden shields (nobody sees the others' coloured shields).")(f)
    f = click.option("--wrap", type=click.Choice(["edge", "torus"], case_sensitive=False), default="edge",
                     show_default=True,
                     help="Reading of the wrap-around: 'edge' = an arrow's line runs to the board's "
                          "edge and only an arrow pointing off the board re-enters from the opposite "
                          "side (once); 'torus' = every line wraps round the board (the earlier "
                          "reading). KIDS has no wrap-around.")(f)
    f = click.option("--variant", type=click.Choice(VARIANTS, case_sensitive=False), default="standard",
                     show_default=True, help="Rule variant: standard, kids (no wrap-around, jolly "
                     "to the nearest free cell) or iv (syllables OC-TA-GO-NE, extra turns).")(f)
    return f


def _game_params(variant: str, wrap: str, hidden: bool, players: int) -> dict:
    variant, wrap = variant.lower(), wrap.lower()
    if variant == "kids" and wrap != "edge":
        fail("KIDS has no wrap-around: --wrap torus is for the standard and IV rules")
    return {"variant": variant, "players": players, "hidden": hidden, "wrap": wrap}


def _names(players: str) -> list[str]:
    from ..core.players import parse_players
    from .players import PLAYERS

    return parse_players(players, PLAYERS, counts=(2, 4), given=given_options("simulations", "time_limit"))


def _command_line() -> str:
    return "octosolve " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv else "octosolve"


def load_position(path: str):
    """A position file (a ``to_json`` document, the output of ``play --json`` holding one, or a
    game record such as ``play --out`` writes: its last position)."""
    from ..core.jsonout import read_json
    from ..core.record import position_document
    from .rules import make_game, state_from_json

    obj = position_document(read_json(path, "position file"), "octagone", make_game)
    if isinstance(obj, dict) and "position" in obj and "board" not in obj:
        obj = obj["position"]
    return state_from_json(obj)


OUTCOME_PAIR_FROM = 21   # free cells from which `solve --target outcome` takes both cores by default


def default_solve_workers(st, engine: str, target: str, method: str, all_moves: bool) -> int:
    """`solve`'s threads when --workers is not given: 2 for an alpha-beta outcome search from
    :data:`OUTCOME_PAIR_FROM` free cells on a machine with 2 cores or more (the "a win?" and "a
    loss?" threads: 0.5 to 0.9 of one thread's wall-clock time on the real-play positions at 28
    and 30 free cells, docs/octagone.md); else 1, so a
    small search (milliseconds) keeps the one thread's nodes and best move."""
    free = sum(1 for b in st.board if b < 0)
    pair = (engine == "numba" and target == "outcome" and method == "alphabeta" and not all_moves
            and free >= OUTCOME_PAIR_FROM and (os.cpu_count() or 1) >= 2)
    return 2 if pair else 1


def _write_svg(st, path):
    if path:
        from .render import draw_svg

        draw_svg(st, path)


@click.group(name="octagone")
def group():
    """Octagone: rules engine (standard, KIDS, IV; 2 or 4 players), exact solver, players."""


@group.command()
@players_option("alphabeta,mcts", "Octagone takes 2 or 4: random, greedy, mcts, alphabeta, "
                "openspiel-mcts.")
@_rule_options
@click.option("--first", type=click.IntRange(0, 3), default=None,
              help="Seat that places the Dama Bianca (default: drawn from the deal).")
@simulations_option(400)
@stop_after_option("the output then includes the position (input of `solve`).")
@record_option()
@position_out_option("final (or stopped)")
@svg_option("Draw the final (or stopped) position as SVG to this file.")
@seed_option()
@json_option
def play(players, variant, wrap, hidden, first, simulations, stop_after, out, position_out, svg_path, seed,
         as_json):
    """Play a game between computer players."""
    from ..core.players import make_player
    from .matches import play_record, seat_seed
    from .players import PLAYERS
    from .rules import OctagoneGame

    distinct_outputs(("--out", out), ("--position-out", position_out), ("--svg", svg_path))
    if out and first is not None:  # a record starts from its seed's deal; --first changes that deal
        fail("--out writes a game record, which starts from the seed's deal: drop --first (or write "
             "the position with --position-out)")
    names = _names(players)
    game = OctagoneGame(**_game_params(variant, wrap, hidden, len(names)))
    objs = [make_player(PLAYERS, nm, game, seed=seat_seed(seed, i), simulations=simulations)
            for i, nm in enumerate(names)]
    rec, st = play_record(game, objs, seed, stop_after=stop_after, first=first)
    rec["players"] = names
    if stop_after is not None or not st.over:
        rec["position"] = st.to_json()
    if position_out:
        write_json(position_out, st.to_json())
    _write_svg(st, svg_path)
    if out:
        from ..core.record import record_from_history
        from .matches import record_extras

        write_json(out, record_from_history("octagone", game, seed, names, st, record_extras(st)))
    if as_json:
        emit(rec, True)
        return
    click.echo(f"Octagone {variant} ({game.config.mode_words}), seed {seed}: {', '.join(names)}; "
               f"P{rec['first']} places the Dama")
    for i, m in enumerate(rec["moves"], 1):  # in the notation (docs/rules/octagone.md)
        click.echo(f"{i:3}. P{m['player']}: {m['move']}")
    click.echo(str(st) + wrote(out, position_out, svg_path))


@group.command()
@click.argument("position", type=click.Path())
@click.option("--engine", type=click.Choice(["numba", "python"], case_sensitive=False), default="numba",
              show_default=True, help="numba (fast) or python (the plain twin, for checking).")
@click.option("--all-moves", is_flag=True, help="Also give the proven value of every legal move.")
@click.option("--max-nodes", type=count(1, 10**12), default=None,
              help="Node budget, 1 to 10^12 (default 10^9, about two minutes): beyond it the answer "
                   "is 'not proven'.")
@click.option("--target", type=click.Choice(["margin", "outcome"], case_sensitive=False),
              default="margin", show_default=True,
              help="margin: prove the exact margin of shields; outcome: prove only win, loss or draw "
                   "(a null-window search, often many times faster).")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Cores to use at once, 1 to 256: with --target outcome, 2 (or more: the same) "
                   "searches 'a win?' and 'a loss?' at once in two threads on one shared table "
                   "(--max-nodes is then each thread's budget; the outcome is the same, the nodes "
                   "and the best move among equals may differ from run to run); the python engine, "
                   "the margin target, --method dfpn and --all-moves search on one thread (the "
                   "output says how many threads searched; the JSON's 'threads'). Default: 2 for "
                   f"--target outcome from {OUTCOME_PAIR_FROM} free cells on a machine with 2 cores "
                   "or more (smaller searches take milliseconds), else 1.")
@click.option("--method", type=click.Choice(["alphabeta", "dfpn"], case_sensitive=False),
              default="alphabeta", show_default=True,
              help="With --target outcome: alphabeta (null-window search) or dfpn (proof-number "
                   "search, alpha-beta from 14 free cells down; one thread).")
@click.option("--line", "show_line", is_flag=True,
              help="Also play the position out to its end with the proven best move for both sides "
                   "(each move a proof of its own, within --max-nodes each; one thread), checking that "
                   "the value holds to the end and that the rules' count of shields there agrees.")
@json_option
def solve(position, engine, all_moves, max_nodes, target, workers, as_json, method, show_line):
    """Prove the value (win/loss/draw and margin) and best move of a 2-player position. Progress on
    stderr on a terminal; Ctrl-C stops the search."""
    from .solve import DEFAULT_MAX_NODES, describe_action
    from .solve import solve as do_solve

    st = load_position(position)
    budget = max_nodes or DEFAULT_MAX_NODES
    if workers is None:   # both cores for a real outcome search; one thread where it cannot help
        workers = default_solve_workers(st, engine.lower(), target.lower(), method.lower(), all_moves)
    r = do_solve(st, engine=engine.lower(), max_nodes=budget, all_moves=all_moves, show_progress=True,
                 target=target.lower(), method=method.lower(),
                 threads=min(workers, 2) if engine.lower() == "numba" else 1)
    r["best_move"] = describe_action(st, r["best_action"])
    for m in r.get("moves", []):
        m["move"] = describe_action(st, m["action"])
    if show_line and r["proven"]:
        from .line import best_line

        r["line"] = best_line(st, engine=engine.lower(), max_nodes=budget, target=target.lower(),
                              method=method.lower(), show_progress=True)
    elif show_line:
        r["line"] = None   # asked for, but there is no proven value to play out
    if as_json:
        emit(r, True)
        return
    if not r["proven"]:
        click.echo(f"P{r['player']} to move, {r['free_cells']} free cells: not proven within "
                   f"{budget:,} nodes (searched {r['nodes']:,} in {r['seconds']} s; raise --max-nodes)")
        skipped = [opt for opt, on in (("--line", show_line), ("--all-moves", all_moves)) if on]
        if skipped:   # they printed nothing at all, without a word
            what = {"--line": "best line", "--all-moves": "value of every move"}
            click.echo(f"no {' and no '.join(what[o] for o in skipped)}: {' and '.join(skipped)} "
                       f"need{'s' if len(skipped) == 1 else ''} the proven value")
        return
    bm = r["best_move"]
    move = "pass" if bm and bm.get("pass") else (
        f"{bm['shield']} on row {bm['row']}, col {bm['col']}, arrow {bm['direction']}" if bm else "-")
    if r["target"] == "outcome":
        res = f"{r['result']} (margin not computed: --target outcome)"
    else:
        res = "draw" if r["value"] == 0 else f"{r['result']} by {counted(abs(r['value']), 'shield')}"
        res += f" (margin {r['value']:+d})"
    click.echo(f"P{r['player']} to move, {r['free_cells']} free cells: {res}; best move: {move}")
    threads = f", {r['threads']} threads" if r["threads"] > 1 else (
        ", one thread" if workers > 1 else "")  # --workers 2 with a search that runs on one
    click.echo(f"{r['nodes']:,} nodes in {r['seconds']} s ({engine}"
               f"{', df-pn' if r['method'] == 'dfpn' else ''}{threads})")
    if r.get("moves"):  # the outcome target proves -1/0/+1, which would read as margins
        click.echo("every move, its " + ("outcome for the mover:" if r["target"] == "outcome" else
                                         "margin for the mover (shields):"))
    for m in r.get("moves", []):
        mv = m["move"]
        desc = "pass" if mv.get("pass") else f"{mv['shield']} arrow {mv['direction']}"
        value = ({1: "win", 0: "draw", -1: "loss"}[m["value"]] if r["target"] == "outcome"
                 else f"{m['value']:+d}")
        click.echo(f"  {desc}: {value}")
    if r.get("line"):
        _echo_line(r["line"], r["player"], budget)


def _echo_line(ln: dict, me: int, budget: int) -> None:
    n = len(ln["moves"])
    head = (f"the best line, both sides playing perfectly ({counted(n, 'move')} to the end):" if ln["proven"]
            else f"the best line, as far as proven ({counted(n, 'move')}; the next position was not "
                 f"proven within {budget:,} nodes):")
    click.echo(head)
    for i, m in enumerate(ln["moves"], 1):
        click.echo(f"  {i:3}. P{m['player']}: {m['words']}  ({m['free_cells']} free cells)")
    if ln["proven"]:
        won = ln["winners"]
        who = (f"P{won[0]} wins by {counted(abs(ln['end_margin']), 'shield')}" if won
               else "a draw (equal shields left)")
        click.echo(f"  end: {ln['end_reason']}; {who} (margin {ln['end_margin']:+d} for P{me}, as proven)")


@group.command()
@click.argument("position", type=click.Path())
@svg_option("Also draw the position as SVG to this file.")
@json_option
def show(position, svg_path, as_json):
    """Show a position as text (and SVG)."""
    distinct_outputs(("--svg", svg_path), inputs=(("POSITION", position),))
    st = load_position(position)
    _write_svg(st, svg_path)
    if as_json:
        emit({"position": st.to_json(), "text": str(st), "svg": svg_path}, True)
    else:
        click.echo(str(st) + wrote(svg_path))  # (it said 'SVG written to PATH', alone of all)


@group.command()
@click.argument("position", type=click.Path())
@click.option("--row", type=click.IntRange(0, 5), default=None, help="Row 0..5 (from the top).")
@click.option("--col", type=click.IntRange(0, 6), default=None, help="Column 0..6 (from the left).")
@click.option("--shield", default=None, help="Colour name, 'jolly' or 'dama'.")
@click.option("--syllable", default=None, help="Octagone IV: OC, TA, GO or NE.")
@click.option("--direction", type=click.IntRange(0, 7), default=None,
              help="0..7 = N, NE, E, SE, S, SW, W, NW.")
@click.option("--pass", "is_pass", is_flag=True, help="Pass (only when holding neither colour nor jolly).")
@click.option("--extra-jolly", type=click.Choice(["self", "partner"], case_sensitive=False), default=None,
              help="Four players, at the start: the pair's extra jolly goes to the player to move "
                   "or to the partner.")
@out_option("Write the new position document here.")
@json_option
def move(position, row, col, shield, syllable, direction, is_pass, extra_jolly, out, as_json):
    """Apply one move to a position and print the new position."""
    from .moves import action_for

    st = load_position(position)
    a = action_for(st, row=row, col=col, shield=shield, direction=direction, syllable=syllable,
                   is_pass=is_pass, extra_jolly=extra_jolly.lower() if extra_jolly else None)
    st.apply_action(a)
    pos = st.to_json()
    if out:
        write_json(out, pos)
    click.echo(dumps(pos) if as_json else str(st) + wrote(out))


@group.command()
@players_option("random,random", "Only their number (2 or 4) matters here.")
@_rule_options
@seed_option()
@out_option("Also write the starting position (a position document: show, move and solve read it) "
            "to this file.")
@json_option
def new(players, variant, wrap, hidden, seed, out, as_json):
    """Deal a new game and print its starting position."""
    from .rules import OctagoneGame

    names = _names(players)
    st = OctagoneGame(**_game_params(variant, wrap, hidden, len(names))).new_initial_state(seed)
    pos = st.to_json()
    if out:
        write_json(out, pos)
    click.echo(dumps(pos) if as_json else str(st) + wrote(out))


def _print_results(m: dict):
    from ..core.match import results_lines

    click.echo("\n".join(results_lines(m["results"], indent="")))


@group.command()
@players_option("greedy,random", "Two or four names: random, greedy, mcts, alphabeta, openspiel-mcts; "
                "two different ones, and with four each pair (P0+P2, P1+P3) its own, a pair's "
                "game counted once.")
@_rule_options
@games_option(100, 1_000_000)
@simulations_option(200)
@seed_option()
@batch_options
@out_option("Also write the result (JSON, with the command that made it) to this file.")
@json_option
def match(players, variant, wrap, hidden, games, simulations, seed, workers, scheduler, out, as_json):
    """A measured match on the shared match layer (seats rotate; the Dama's holder is drawn from each
    deal); score = wins + half the draws, with its 95% Wilson interval."""
    from .matches import check_pairs, pair_results, run_match

    names = _names(players)
    check_pairs(names)
    m = run_match(_game_params(variant, wrap, hidden, len(names)), names, games, seed,
                  simulations=simulations, workers=workers, scheduler=scheduler)
    if len(names) == 4:  # a pair's two seats share one result: counted once a game
        m["results"] = pair_results(m)
    m.pop("records")
    m["command"] = _command_line()
    if out:
        write_json(out, m)
    if as_json:
        emit(m, True)
        return
    # a header as every game's match has (it printed the results alone: no game count, rules or seed)
    params = _game_params(variant, wrap, hidden, len(names))
    mode = "no wrap-around" if params["variant"] == "kids" else f"{params['wrap']} lines"
    head = (f"{counted(games, 'game')} of {params['variant']} ({mode}"
            + (", hidden shields" if hidden else "") + f"), seed {seed}, seats rotating"
            + (f"; pairs {names[0]}+{names[2]} (P0+P2 in game 1) against {names[1]}+{names[3]}"
               if len(names) == 4 else ""))
    click.echo(head)
    _print_results(m)
    if out:
        click.echo(wrote(out)[1:])


@group.command()
@players_option("greedy,greedy", "Two or four names (usually one player in every seat).")
@_rule_options
@games_option(2000, 1_000_000)
@simulations_option(200)
@seed_option()
@batch_options
@out_option("Also write the result (JSON, with the command that made it) to this file.")
@json_option
def advantage(players, variant, wrap, hidden, games, simulations, seed, workers, scheduler, out, as_json):
    """First-player advantage: how often the side placing the Dama Bianca wins."""
    from .matches import run_match
    from .measures import first_player_advantage

    names = _names(players)
    params = _game_params(variant, wrap, hidden, len(names))
    m = run_match(params, names, games, seed, simulations=simulations, workers=workers,
                  scheduler=scheduler)
    fa = first_player_advantage(params, m["records"])
    fa.update({"game": params, "players": names, "seed": seed, "command": _command_line()})
    if out:
        write_json(out, fa)
    if as_json:
        emit(fa, True)
        return
    lo, hi = fa["first_score_ci95"]
    mode = "no wrap-around" if params["variant"] == "kids" else f"{params['wrap']} lines"
    click.echo(f"{params['variant']} ({mode}), {len(names)} players, {','.join(names)}, {counted(games, 'game')}: "
               f"first side wins {fa['first_wins']}, loses {fa['first_losses']}, draws {fa['ties']}; "
               f"score {fa['first_score']:.3f} (95% CI {lo:.3f}-{hi:.3f})" + wrote(out))
    # ('draws', as `match` says; it said 'ties': the JSON keeps its key "ties")


@group.command("perfect-play")
@click.option("--deals", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Seeded deals to play and solve (1 to 100,000; about 0.1 s of CPU each at 20 free "
                   "cells).")
@click.option("--free-cells", type=click.IntRange(4, 26), default=20, show_default=True,
              help="Free cells at which exact play takes over (4 to 26; each cell more costs several "
                   "times the time).")
@click.option("--max-nodes", type=count(1, 10**12), default=None,
              help="Node budget per position, 1 to 10^12 (default 5e7, enough at 20 free cells; "
                   "`measure perfect-play` gives 3e9 at 26): a deal not proven within it is counted "
                   "as unproven, never guessed.")
@players_option("greedy,greedy", "Two names: who plays until then.")
@seed_option()
@batch_options
@out_option("Also write the result (JSON, a row per deal) to this file.")
@json_option
def perfect_play(deals, free_cells, max_nodes, players, seed, workers, scheduler, out, as_json):
    """The first player's results and the value of the jolly under perfect play: DEALS games are
    played to FREE-CELLS free cells, then solved exactly (2 players, open shields)."""
    from ..core.seeding import DEFAULT_SEED
    from .measures import EXACT_NODES, exact_first_player

    names = _names(players)
    if len(names) != 2:
        fail("--players names the two players who play until the exact solver takes over")
    res = exact_first_player(DEFAULT_SEED if seed is None else seed, deals=deals, free=free_cells,
                             max_nodes=EXACT_NODES if max_nodes is None else max_nodes,
                             players=tuple(names), workers=workers, scheduler=scheduler)
    if out:
        write_json(out, res)
    f, j = res["first"], res["jolly"]
    lo, hi = f["score_ci95"]
    text = (f"{counted(res['deals'], 'deal')}, {' v '.join(names)} to {free_cells} free cells, then perfect play: "
            f"{res['reached']} reached, {res['proven']} proven, {res['unproven']} not within "
            f"{res['max_nodes']:,} nodes\n"
            f"first player: {counted(f['wins'], 'win')}, {counted(f['draws'], 'draw')}, "
            f"{counted(f['losses'], 'loss', 'losses')}; score "
            + (f"{f['score']:.3f} (95% CI {lo:.3f}-{hi:.3f})" if f["score"] is not None else "-") + "\n"
            + (f"jolly swapped for a coloured shield: worse for the mover in {j['worse_without']} of "
               f"{counted(j['positions'], 'position')}, the same in {j['same']}, better in {j['better_without']}"
               if j["positions"] else   # was 'worse ... in 0 of 0 positions, the same in 0, better in 0'
               "jolly swapped for a coloured shield: no position to compare (none proven had the mover's jolly to "
               "swap, or the swapped one was not proven)"))
    emit(res, as_json, text + wrote(out))


@group.command()
@click.argument("what", type=click.Choice(["first-player", "matches", "perfect-play"],
                                          case_sensitive=False))
@measure_options("Data file to write (default: data/octagone/<what>.json, which the report reads; "
                 "with --quick build/octagone-<what>.json).")
@click.option("--wrap", type=click.Choice(["edge", "torus"], case_sensitive=False), default="edge",
              show_default=True, help="Reading of the wrap-around (standard and IV games; "
                                      "perfect-play plays the edge reading only).")
@click.option("--max-nodes", type=count(1, 10**12), default=None,
              help="perfect-play only: the node budget per position, 1 to 10^12 (default 3e9; "
                   "--quick 5e7).")
@click.option("--from", "from_path", default=None, metavar="PATH",
              help="perfect-play only: an earlier data file for the same deals with a budget no "
                   "larger; its settled rows are kept as they are (a larger budget retraces the "
                   "same search) and only its unproven deals are solved again.")
def measure(what, quick, seed, workers, scheduler, out, as_json, wrap, max_nodes, from_path):
    """The report's long measurements, written to a data file with the command that made it:
    first-player (10,000 random and 2,000 greedy self-play games per variant), matches (greedy v
    random, mcts v greedy, alphabeta v mcts, mcts v OpenSpiel's MCTS) or perfect-play (the report's
    200 deals solved exactly from 26 free cells instead of 20, at most 3e9 nodes a position
    (--max-nodes); 16 minutes on 2 cores at 5e8, then 9 more with --from to go on to 3e9). The
    report replays a sample."""
    from ..core.paths import DATA_DIR
    from .measures import measure as do_measure

    what = what.lower()
    data_file = DATA_DIR / "octagone" / f"{what}.json"
    if out is None:  # a --quick run never goes over the data file: build/, as every game's measure
        from pathlib import Path

        from ..core.clikit import check_out_path
        out = str(check_out_path(Path("build") / f"octagone-{what}.json" if quick else data_file))
    elif quick and os.path.realpath(out) == os.path.realpath(data_file):  # --help: "never written over"
        fail(f"--out {out} is the data file the report reads: a --quick measurement is never written "
             "over it; give another file")
    if (max_nodes is not None or from_path) and what != "perfect-play":
        fail("--max-nodes and --from are for perfect-play only")
    if what == "perfect-play" and wrap.lower() != "edge":
        fail("perfect-play plays the edge reading only: --wrap torus is for first-player and matches")
    keep = None
    if from_path:
        from ..core.jsonout import read_json
        keep = read_json(from_path, "perfect-play data")
        if isinstance(keep, dict) and keep.get("what", "perfect-play") != "perfect-play":
            fail(f"{from_path}: a {str(keep['what'])[:40]} data file, not a perfect-play one")
        keep = keep.get("results") if isinstance(keep, dict) else None  # a list, a number: no results
        if not isinstance(keep, dict):
            fail(f"{from_path}: not a perfect-play data file (no results)")
    res = do_measure(what, seed, quick=quick, workers=workers, scheduler=scheduler, wrap=wrap.lower(),
                     max_nodes=max_nodes, keep=keep)
    res["command"] = _command_line()
    write_json(out, res)
    from .report import measurement_lines

    lines = measurement_lines(what, res["results"])
    lines += [f"{' v '.join(x['players'])}: not measured ({x['why']})" for x in res.get("skipped", [])]
    emit({"out": out, "what": what, "seed": seed, "summary": lines}, as_json,
         "\n".join([f"wrote {out} ({what}; command: {res['command']})", *lines]))
