"""`octosolve oct8 ...` commands: parse options, call the library, print (text, or one JSON document
with --json)."""

from __future__ import annotations

import click

from ..core.clikit import (FiniteFloat, batch_options, distinct_outputs, games_option, given_options, json_option, measure_options, out_option,
                           players_option, position_out_option, record_option, seed_option, simulations_option,
                           old_spelling, stop_after_option, svg_option, take_old_spelling, variant_option, wrote)
from ..core.errors import fail
from ..core.jsonout import dumps, emit
from ..core.words import counted
from .deck import BABY_OPTIONS, BONUS_OPTIONS, VARIANTS

__all__ = ["group", "rule_options", "write_file", "write_json"]

PLAYER_COUNTS = (2, 3, 4)
MAX_MATCH_GAMES = 100_000  # Python-engine games with search players: about a second each
MAX_MOVE_SECONDS = 60.0  # --think-time of the search players, per decision


def move_time_option(f):
    """--think-time: CPU seconds each search player may think per decision (equal-time matches);
    --time-limit, its old spelling, is deprecated (--time-limit is a solver's wall-clock limit)."""
    f = old_spelling("--time-limit", "time_limit", "--think-time", "SECONDS")(f)
    return click.option("--think-time", "time_limit", type=FiniteFloat(0.0, MAX_MOVE_SECONDS), default=None,
                        metavar="SECONDS", callback=take_old_spelling,
                        help="CPU seconds each search player (flat-mc, mcts) may think per decision, instead "
                             f"of its --simulations budget (a finite number > 0, at most {MAX_MOVE_SECONDS:g}; "
                             "measured with time.process_time; not with --simulations; refused when none of the players "
                             "searches).")(f)


def _one_budget(simulations, time_limit) -> None:
    """--simulations and --think-time are two budgets of the same search: refuse both at once (the
    thinking time would silently replace the other)."""
    if simulations is not None and time_limit is not None:
        fail("--simulations and --think-time are two budgets for the search players: give one")


def write_file(path, text: str) -> None:
    """Write an output file (its folder created); a one-line error if the system refuses."""
    from pathlib import Path

    p = Path(path)
    try:
        from ..core.files import atomic_write_text

        atomic_write_text(p, text)
    except OSError as e:
        fail(f"cannot write {p}: {e.strerror or e}")


def write_json(path, obj) -> None:
    write_file(path, dumps(obj) + "\n")


def rule_options(f):
    """--variant, --deck, --baby-chips, --colour-bonus (docs/rules/oct8.md)."""
    f = click.option("--colour-bonus", type=click.Choice(BONUS_OPTIONS, case_sensitive=False), default="octopus",
                     show_default=True,
                     help="Colour bonus: 'octopus' = a shipped octopus whose head and every arm are your "
                          "colour scores double; 'arm' = on a shipped octopus of your colour, each arm of "
                          "your colour scores double.")(f)
    f = click.option("--baby-chips", type=click.Choice(BABY_OPTIONS, case_sensitive=False), default="cap",
                     show_default=True,
                     help="Baby chips: 'cap' = the +1/+2 chip, at most 2 extra actions held; 'each' = one "
                          "extra action per octopus taken, no cap.")(f)
    f = click.option("--deck", default=None, metavar="TOML",
                     help="The deck's arm-card distribution: a TOML file, or 'default' / 'flat' (default "
                          "data/oct8/deck.toml).")(f)
    f = variant_option(VARIANTS, "standard", "Rule variant: standard, or short (2 heads of each colour "
                       "removed, as the rules suggest).")(f)
    return f


def _game(n: int, variant, deck, baby_chips, colour_bonus) -> dict:
    from .solve import game_params

    return game_params(players=n, variant=variant.lower(), deck=deck, baby_chips=baby_chips.lower(),
                       colour_bonus=colour_bonus.lower())


def _names(text: str, counts=PLAYER_COUNTS) -> list[str]:
    from ..core.players import parse_players
    from .players import PLAYERS

    return parse_players(text, PLAYERS, counts=counts, given=given_options("simulations", "time_limit"))


@click.group(name="oct8")
def group():
    """Oct8: octopus card game - rules engine, swap enumeration, players, balance simulations."""


@group.command()
@players_option("random,random,random,random", "One name per seat, 2-4 seats, seats fixed (this "
                "measures seats): random, builder (numba engine), greedy, flat-mc, mcts, openspiel-mcts.")
@games_option(1000)
@simulations_option()
@seed_option()
@rule_options
@batch_options
@out_option("Also write the JSON result to this file.")
@json_option
def simulate(players, games, simulations, seed, variant, deck, baby_chips, colour_bonus, workers, scheduler,
             out, as_json):
    """Play many games and report each seat's wins (ties separately), scores, turns and action use.

    Tables of random and builder players use the numba playout engine; others the Python engine."""
    from .solve import simulate as run

    distinct_outputs(("--out", out), inputs=(("--deck", deck),))

    names = _names(players)
    res = run(players=names, games=games, seed=seed, workers=workers, scheduler=scheduler,
              simulations=simulations, game=_game(len(names), variant, deck, baby_chips, colour_bonus))
    if out:
        write_json(out, res)
    g = res["game"]
    lines = [f"{counted(res['games'], 'game')}, {len(names)} players ({', '.join(names)}), engine {res['engine']}, "
             f"deck {res['deck']}, variant {g['variant']}, baby chips {g['baby_chips']}, "
             f"colour bonus {g['colour_bonus']}"]
    from ..core.stats import wilson_interval

    for p in range(len(names)):
        # from the share itself: the JSON's interval, rounded to 4 places, printed 0.2065 as 0.206
        lo, hi = wilson_interval(res["win_share"][p], res["games"])
        w = res["wins"][p]
        lines.append(f"  P{p} {names[p]:>7}: {w:>7} sole win{'s,' if w != 1 else ', '} win share "
                     f"{res['win_rate'][p]:.3f} [{lo:.3f}, {hi:.3f}], mean score {res['mean_score'][p]:.2f}")
    lines.append(f"  ties: {res['ties']}; mean turns {res['mean_turns']:.2f}; actions per game: "
                 + ", ".join(f"{k} {v:.2f}" for k, v in res["actions_per_game"].items()))
    emit(res, as_json, "\n".join(lines) + wrote(out))


@group.command()
@click.argument("state_file", metavar="POSITION.json")
@click.option("--babies", type=click.IntRange(0, 2), default=None,
              help="Also count exchange sequences using this many baby chips (0-2; default: the mover's "
                   "chips in the file, at most 2).")
@svg_option("Write a picture of the position to this SVG file.")
@json_option
def swaps(state_file, babies, svg_path, as_json):
    """List every legal exchange (actions 3 and 4) of the player to move in a position file.

    The file is a position document (`to_json` of a game state, e.g. written by `oct8 play
    --position-out`) or a game record (`oct8 play --out`: its last position); a hand-written one
    needs only "hands" and "fields" (docs/oct8.md). In a position stopped in the middle of a turn no
    exchange is open now: the list is what the hand and fields allow, and a line says so; a finished
    game is refused."""
    from ..core.record import position_document
    from .position import read_document
    from .rules import make_game, state_from_document
    from .swaps import position_swaps

    distinct_outputs(("--svg", svg_path), inputs=(("POSITION.json", state_file),))
    from .deck import PH_MAIN, PH_OVER, PHASE_NAMES

    st = state_from_document(position_document(read_document(state_file), "oct8", make_game))
    if st.phase == PH_OVER:  # it listed "legal exchanges" of a finished game
        fail("the game is over: nobody exchanges any more")
    res = position_swaps(st, babies)
    res["phase"] = PHASE_NAMES[st.phase]
    if svg_path:
        write_file(svg_path, st._repr_svg_())
    ex = res["exchanges"]
    lines = [f"{len(ex)} {'legal ' if st.phase == PH_MAIN else ''}exchanges for P{res['to_move']} "
             f"({res['count_action3']} with the hand, {res['count_action4']} between octopuses)"]
    if st.phase != PH_MAIN:  # e.g. a game stopped in the middle of a turn
        lines.append(f"(P{res['to_move']} is in the '{res['phase']}' phase, not choosing an octopus "
                     "action: no exchange is open to it now; these are the ones its present hand and the "
                     "fields allow)")
    if res.get("babies"):
        what_if = (f" (a what-if: P{res['to_move']} holds {counted(res['chips_held'], 'baby chip')})"
                   if res["what_if"] else "")
        lines.append(f"with {counted(res['babies'], 'baby chip')}{what_if}, up to {1 + res['babies']} "
                     f"exchanges in a row: legal exchanges at each step (over distinct positions) "
                     f"{', '.join(str(x) for x in res['exchanges_at_step'])}; "
                     f"{res['distinct_positions']} distinct positions reached")
    for e in ex:
        s = e["source"]
        tgt = "hand" if e["target"] == "hand" else f"P{e['target']['player']} octopus {e['target']['octopus']}"
        lines.append(f"  ({e['action']}) P{s['player']} octopus {s['octopus']} gives {s['card']} "
                     f"<- {tgt} gives {' '.join(e['cards'])}")
    emit(res, as_json, "\n".join(lines) + wrote(svg_path))


@group.command(name="play")
@players_option("mcts,greedy,greedy,greedy", "One name per seat (2-4).")
@simulations_option()
@move_time_option
@seed_option()
@stop_after_option("then --out and --position-out hold that position, e.g. for `oct8 swaps`.")
@rule_options
@record_option()
@position_out_option("final (or stopped)")
@svg_option("Write a picture of the final position to this SVG file.")
@json_option
def play_cmd(players, simulations, time_limit, seed, stop_after, variant, deck, baby_chips, colour_bonus, out,
             position_out, svg_path, as_json):
    """Play one game and print a readable record."""
    from .matches import play_one
    from .render import game_record

    distinct_outputs(("--out", out), ("--position-out", position_out), ("--svg", svg_path),
                     inputs=(("--deck", deck),))
    _one_budget(simulations, time_limit)
    names = _names(players)
    st, res = play_one(names, seed, game=_game(len(names), variant, deck, baby_chips, colour_bonus),
                       simulations=simulations, time_limit=time_limit, max_moves=stop_after)
    if out:
        write_json(out, res["record"])
    if position_out:
        write_json(position_out, st.to_json())
    if svg_path:
        write_file(svg_path, st._repr_svg_())
    emit(res, as_json, "\n".join(game_record(st, names, seed)) + wrote(out, position_out, svg_path))


@group.command()
@measure_options("Data file to write (default: data/oct8/openspiel_match.json, which the report reads; "
                 "with --quick build/oct8-openspiel_match.json).", seed_default=20261121)
def measure(quick, seed, workers, scheduler, out, as_json):
    """The report's long measurement: flat-mc against OpenSpiel's MCTS bot, heads-up, 30 games at 25
    simulations per move each (minutes of play); writes a data file that `octosolve report` reads."""
    from pathlib import Path

    from ..core.clikit import check_out_path
    from ..core.paths import DATA_DIR
    from .matches import OPENSPIEL_FILE, measure as run

    import os

    data_file = DATA_DIR / "oct8" / OPENSPIEL_FILE
    if out is None:  # a --quick run never goes over the data file
        out = str(check_out_path(Path("build") / f"oct8-{OPENSPIEL_FILE}" if quick else data_file))
    elif quick and os.path.realpath(out) == os.path.realpath(data_file):  # nor with --out naming it
        fail(f"--out {out} is the data file the report reads: a --quick measurement is never written "
             "over it; give another file")
    cmd = "octosolve oct8 measure" + (" --quick" if quick else "") + f" --seed {seed}"
    res = run(seed, quick=quick, workers=workers, scheduler=scheduler, command=cmd)
    write_json(out, res)
    emit({"out": out, "command": cmd, "results": res["results"], "mean_scores": res["mean_scores"]}, as_json,
         "\n".join([f"wrote {out} ({res['games']} games; command: {cmd})"] + _table_lines(res)))


@group.command()
@click.option("--deck", default=None, metavar="TOML",
              help="The deck's arm-card distribution: a TOML file, or 'default' / 'flat' (default data/oct8/deck.toml).")
@json_option
def deck(deck, as_json):
    """Show (and validate) an arm-card distribution."""
    from .deck import COLOURS, load_deck

    d = load_deck(deck)
    lines = [f"deck {d.name}" + (f": {d.description}" if d.description else " (no description)"),
             "arms:   " + " ".join(f"{a:>3}" for a in range(1, 9))]
    for c in range(3):
        lines.append(f"{COLOURS[c]:<7} " + " ".join(f"{x:>3}" for x in d.counts[c]))
    emit(d.to_json(), as_json, "\n".join(lines))


def _table_lines(m: dict, key: str = "results", games: int | None = None) -> list[str]:
    from ..core.match import results_lines

    return results_lines(m[key], games=games)


@group.command()
@players_option("mcts,greedy,greedy,greedy", "One name per seat (2-4); seats rotate game by game.")
@games_option(20, MAX_MATCH_GAMES)
@simulations_option()
@move_time_option
@seed_option()
@rule_options
@batch_options
@out_option("Also write the JSON result (with every game's record) to this file.")
@json_option
def match(players, games, simulations, time_limit, seed, variant, deck, baby_chips, colour_bonus, workers, scheduler, out,
          as_json):
    """Measured match (core/match.py): the named players, seats rotating game by game; wins, draws
    (every player tied), losses and score share with 95% Wilson intervals."""
    from .matches import match as run

    distinct_outputs(("--out", out), inputs=(("--deck", deck),))
    _one_budget(simulations, time_limit)
    names = _names(players)
    if len(set(names)) == 1:  # every seat one player: its share is 1/n whatever it plays
        fail(f"a match of {names[0]} against itself measures nothing: name two different players "
             "(`oct8 simulate` measures the seats)")
    res = run(names, games, seed, game=_game(len(names), variant, deck, baby_chips, colour_bonus),
              simulations=simulations, time_limit=time_limit, workers=workers, scheduler=scheduler,
              keep_records=bool(out))
    if out:
        write_json(out, res)
        res.pop("records")
    budget = f"; search players {time_limit:g} s CPU per decision" if time_limit else ""
    lines = [f"{counted(games, 'game')}, {', '.join(names)} (seats rotating; a seat's fair share is {1 / len(names):.2f}"
             f"{budget})"]
    emit(res, as_json, "\n".join(lines + _table_lines(res, games=games)) + wrote(out))


@group.command()
@players_option("mcts,flat-mc,greedy,builder,random", "Two or more different names; every pair plays a "
                "two-player match.")
@games_option(10, MAX_MATCH_GAMES)
@simulations_option()
@move_time_option
@seed_option()
@rule_options
@batch_options
@out_option("Also write the JSON result to this file.")
@json_option
def tournament(players, games, simulations, time_limit, seed, variant, deck, baby_chips, colour_bonus, workers, scheduler,
               out, as_json):
    """Round robin of two-player matches (core/match.py), seats alternating."""
    from ..core.match import round_robin
    from .matches import match_spec

    distinct_outputs(("--out", out), inputs=(("--deck", deck),))
    _one_budget(simulations, time_limit)
    names = _names(players, counts=None)
    if len(set(names)) < 2:
        fail("a tournament needs at least two different players")
    opts = {"simulations": simulations} if simulations else {}
    if time_limit:
        opts["time_limit"] = time_limit
    spec = match_spec(_game(2, variant, deck, baby_chips, colour_bonus), opts)
    res = round_robin(spec, names, games, seed, workers=workers, scheduler=scheduler)
    if out:
        write_json(out, res)
    lines = [f"round robin, {counted(games, 'game')} per pair, two players"]
    emit(res, as_json, "\n".join(lines + _table_lines(res, "table")) + wrote(out))
