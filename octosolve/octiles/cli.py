"""`octosolve octiles ...` commands: thin wrappers over the library (parse options, call, print).

Tracer and tiles: ``tiles``, ``trace``; puzzle challenges: ``challenge``, ``prove``, ``verify`` (from octiles/challenges/commands.py); the games: ``play``,
``match``, ``position``, ``solitaire connection|sequence``. Options follow the shared vocabulary of
:mod:`octosolve.core.clikit` (``--players NAMES``, ``--simulations``, ``--games``, ``--seed``,
``--json``, ``--out``, ``--svg``, ``--workers``/``--scheduler``); ``--variant`` picks the game (Move
Over, the full game, Team Up).
"""

import click

from octosolve.core.clikit import (batch_options, distinct_outputs, games_option, given_options, json_option, measure_options, old_command_name,
                                   out_option, players_option,
                                   position_out_option, record_option, seed_option, simulations_option, split_list, svg_option,
                                   variant_option, wrote)
from octosolve.core.errors import fail
from octosolve.core.jsonout import emit
from octosolve.octiles.challenges.commands import challenge_cmd, prove_cmd, verify_cmd


@click.group(name="octiles")
def group():
    """Octiles commands."""


def _saving(path, write) -> None:
    """Run ``write()``; a path that cannot be written is a one-line error."""
    try:
        write()
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


@group.command("tiles")
@svg_option("Also draw the 18 tiles to this SVG file.")
@json_option
def tiles_cmd(svg_path, as_json):
    """The 18 tiles (ids 0-17) at rotation 0, edges numbered as in board.json."""
    from . import rules as R

    # what the table shows, in the JSON too (it held only id and segments)
    data = [dict(t, kinds=R.tile_kinds(t["id"]), rotations=R.tile_symmetry_order(t["id"]))
            for t in R.tiles_json()]
    if svg_path:
        from octosolve.core import svg

        from . import render
        _saving(svg_path, lambda: svg.save(render.tiles_sheet_svg(), svg_path))
    lines = ["id  segments (edge pairs)          Arc Bend Curve Diam  rotations"]
    for t in data:
        k = R.tile_kinds(t["id"])
        segs = " ".join(f"{a}-{b}" for a, b in t["segments"])
        lines.append(f"{t['id']:2d}  {segs:28s}  {k['Arc']:3d} {k['Bend']:4d} {k['Curve']:5d} "
                     f"{k['Diameter']:4d}  {R.tile_symmetry_order(t['id'])}")
    emit(data, as_json, "\n".join(lines) + wrote(svg_path))


@group.command("trace")
@click.argument("placement_file", type=click.Path(dir_okay=False))
@svg_option("Draw the board with every path/loop in colour to this SVG file.")
@click.option("--full/--partial", default=False, help="Require all 17 spaces filled.")
@json_option
def trace_cmd(placement_file, svg_path, full, as_json):
    """Trace the paths, loops and their measures of a placement (JSON file:
    {"c3": {"tile": 4, "rotation": 2}, ...}, or a `challenge --json` output)."""
    from . import rules as R

    distinct_outputs(("--svg", svg_path), inputs=(("PLACEMENT_FILE", placement_file),))
    pl = R.load_placement(placement_file)
    if full:
        R.validate_placement(pl, full=True)
    tr = R.trace(pl)
    out = tr.to_json()
    if svg_path:
        from . import render
        _saving(svg_path, lambda: render.save_board_svg(
            svg_path, pl, [p for p in tr.paths if p.kind == "loop"] + [p for p in tr.paths if p.kind != "loop"]))
    lines = [tr.summary_line(),
             "id kind  ends        tiles segs printed points self-x repeated  symmetry"]
    for p in tr.paths:
        sym = ("mirror " if p.symmetry.get("mirror") else "") + (
            f"rot{p.symmetry['rotation']}" if p.symmetry.get("rotation", 1) > 1 else "")
        lines.append(f"{p.id:2d} {p.kind:5s} {'-'.join(p.ends) or '(loop)':11s} {p.tiles:5d} "
                     f"{p.segments:4d} {p.printed:7d} {p.points:6d} {p.self_crossings:6d} "
                     f"{len(p.repeated_tiles):8d}  {sym}")
    emit(out, as_json, "\n".join(lines) + wrote(svg_path))


# ---------------------------------------------------------------------------------------------
# the games (Octiles part B)

GAME_VARIANTS = ("move-over", "octiles", "team-up")
MAX_MATCH_GAMES = 100_000


def _game_options(f):
    f = click.option("--max-turns", type=click.IntRange(1, 5000), default=200, show_default=True,
                     help="Turn limit (1 to 5000): a game still running after it is a draw.")(f)
    f = click.option("--adjudicate", is_flag=True,
                     help="At the turn limit, most runners across (fewest groups in Team Up) wins "
                          "instead of a draw (for engine matches; not a rule).")(f)
    f = click.option("--resign", "allow_resign", is_flag=True,
                     help="Offer resignation as a move (Team Up rules).")(f)
    f = click.option("--joint-winners", is_flag=True,
                     help="Team Up scoring variation: all connected players win together.")(f)
    f = click.option("--team-game", "teams", is_flag=True, help="Four players as two teams (partners opposite).")(f)
    f = click.option("--runners", type=click.IntRange(1, 5), default=None,
                     help="Runners per player, 1 to 5 (default 5; 4 with four players in the race "
                          "games; Team Up takes 4 or 5).")(f)
    f = variant_option(GAME_VARIANTS, "move-over",
                       "Rule variant, the game: move-over, octiles (the full game) or team-up.")(f)
    return f


def _players(text: str) -> list[str]:
    from octosolve.core.players import parse_players

    from .players import PLAYERS

    return parse_players(text, PLAYERS, counts=(2, 3, 4), given=given_options("simulations", "time_limit"))


def _params(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns,
            n_players: int) -> dict:
    kw = {"variant": variant.lower(), "max_turns": max_turns}
    if n_players != 2:
        kw["players"] = n_players
    if runners is not None:
        kw["runners"] = runners
    for k, v in (("teams", teams), ("joint_winners", joint_winners), ("allow_resign", allow_resign),
                 ("adjudicate", adjudicate)):
        if v:
            kw[k] = True
    from .game import make_game

    make_game(**kw)  # refuse an impossible combination before any work
    return kw


@group.command("play")
@_game_options
@players_option("mcts,greedy", "2 to 4 of: random, greedy, mcts, uct, openspiel-mcts.")
@simulations_option(200)
@seed_option()
@record_option()
@position_out_option("final")
@svg_option("Draw the final position to this SVG file.")
@json_option
def play_cmd(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns,
             players, simulations, seed, out, position_out, svg_path, as_json):
    """Play one game between computer players and print its record."""
    from .matches import play_record, record_text, search_players

    distinct_outputs(("--out", out), ("--position-out", position_out), ("--svg", svg_path))
    names = _players(players)
    kw = _params(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns, len(names))
    if not search_players(names):
        simulations = None  # (its default budget: no player here searches)
    rec = play_record(kw, names, seed, simulations)
    if out:
        _write_json(out, rec["record"])
    if position_out:
        _write_json(position_out, rec["final"])
    if svg_path:
        _save_state_svg(svg_path, rec["final"], f"{rec['game']} seed {seed}: " + " vs ".join(names)
                        + f" - {rec['end_reason']}")
    emit(rec, as_json, record_text(rec) + wrote(out, position_out, svg_path))


@group.command("match")
@_game_options
@players_option("mcts,greedy", "2 to 4 of: random, greedy, mcts, uct, openspiel-mcts, at least two "
                "different; seats rotate from game to game; with --team-game the teams are seats 0+2 "
                "and 1+3, each with its own players, a team's game counted once.")
@games_option(10, hi=MAX_MATCH_GAMES)
@simulations_option(200)
@batch_options
@seed_option()
@out_option("Also write the match result (JSON) to this file.")
@json_option
def match_cmd(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns,
              players, games, simulations, workers, scheduler, seed, out, as_json):
    """A measured match: wins, draws, losses and score (95% Wilson interval) per player."""
    from octosolve.core.match import results_lines
    from octosolve.core.words import counted, names_list

    from .matches import check_seats, run_match, search_players, team_results

    names = _players(players)
    kw = _params(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns, len(names))
    check_seats(names, teams)
    searching = search_players(names)
    if not searching:
        simulations = None  # (its default budget: no player here searches)
    res = run_match(kw, names, games, seed, simulations, workers=workers, scheduler=scheduler)
    if teams:  # the partners share their team's result: counted once a game
        res["results"] = team_results(res)
    if out:
        _write_json(out, res)
    budget = f"{simulations} simulations per move for {names_list(searching)}" if searching else "no search player"
    head = f"{counted(games, 'game')} of {kw['variant']}, {budget}, seed {seed}"
    if teams:
        head += f"; teams {names[0]}+{names[2]} (P0+P2 in game 1) against {names[1]}+{names[3]}"
    emit(res, as_json, "\n".join([head] + results_lines(res["results"], games=None if teams else games))
         + wrote(out))


@group.command("measure")
@measure_options("Data file to write (default: data/octiles/games/match_suite.json, which the report "
                 "reads).", seed_default=0)
def match_suite_cmd(quick, seed, workers, scheduler, out, as_json):
    """The report's long measurements, the match suite (Move Over, Team Up, the full game, and mcts
    against OpenSpiel's MCTS bot): minutes of play; writes a data file that `octosolve report`
    re-checks."""
    import os

    from .report_games import SUITE_FILE, match_suite

    if out is None:  # a --quick suite never goes over the data file
        from pathlib import Path

        from octosolve.core.clikit import check_out_path

        out = str(check_out_path(Path("build") / "octiles-match_suite.json" if quick else SUITE_FILE))
    elif quick and os.path.realpath(out) == os.path.realpath(SUITE_FILE):  # --help: "never written over"
        fail(f"--out {out} is the data file the report reads: a --quick suite is never written over "
             "it; give another file")
    cmd = "octosolve octiles measure" + (" --quick" if quick else "") + f" --seed {seed}"
    # --workers left out: one process per core, as --help says (it was 2 whatever the machine)
    res = match_suite(quick=quick, seed=seed, workers=workers, scheduler=scheduler, command=cmd,
                      on_match=lambda doc: _write_json(out, doc))
    lines = [f"wrote {out} (wins-draws-losses per player)"]
    for m in res["matches"]:
        lines.append(f"  {m['game']['variant']}: " + ", ".join(
            f"{nm} {st['wins']}-{st['draws']}-{st['losses']}" for nm, st in m["results"].items()))
    lines += [f"  skipped: {s}" for s in res["skipped"]]
    emit({"out": out, "matches": len(res["matches"]), "skipped": res["skipped"],
          "seconds": res["seconds"]}, as_json, "\n".join(lines))


old_command_name(group, match_suite_cmd, "match-suite")


@group.command("position")
@click.argument("position_file", type=click.Path(dir_okay=False))
@svg_option("Draw the position (tiles and runners) to this SVG file.")
@json_option
def position_cmd(position_file, svg_path, as_json):
    """Check and show a position document (written by `play --position-out` or any
    State.to_json), or a game record (`play --out`: its last position): its history is replayed and
    every field checked; prints the position and the legal moves (or, when the stack's next tile is
    to be revealed, the tiles it may be: JSON "chance": true)."""
    from .position import load_position

    distinct_outputs(("--svg", svg_path), inputs=(("POSITION_FILE", position_file),))
    state = load_position(position_file)
    legal = [] if state.is_terminal() else state.legal_actions()
    doc = state.to_json()
    if svg_path:
        _save_state_svg(svg_path, doc, None)
    from octosolve.core.game import CHANCE

    chance = state.current_player() == CHANCE
    out = {"position": doc, "chance": chance, "legal_actions": legal,
           "legal_moves": [state.action_to_string(a) for a in legal]}
    text = str(state)
    if chance:  # no one chooses: the stack reveals a tile (these were listed as '18 legal' moves)
        text += (f"\nnext: the stack reveals one of {len(legal)} unseen tiles at random: "
                 + " ".join(map(str, legal)))
    elif legal:
        text += f"\n{len(legal)} legal: " + ", ".join(out["legal_moves"][:12]) + (
            " ..." if len(legal) > 12 else "")
    emit(out, as_json, text + wrote(svg_path))


def _write_json(path, doc) -> None:
    """Write a JSON file; a path that cannot be written is a one-line error."""
    from octosolve.core.jsonout import write_json

    try:
        write_json(path, doc)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


def _save_state_svg(path, doc: dict, title) -> None:
    from octosolve.core import svg

    from . import render

    try:
        svg.save(render.state_drawing(doc, title=title), path)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


@group.group("solitaire")
def solitaire():
    """Score a placement for the Connection and Sequence solitaires."""


@solitaire.command("connection")
@click.argument("placement", type=click.Path(dir_okay=False))
@click.argument("runners", type=click.Path(dir_okay=False))
@json_option
def connection_cmd(placement, runners, as_json):
    """PLACEMENT.json and RUNNERS.json ({"red": ["B2", "A1"], "blue": [...]})."""
    from .position import load_runners
    from .solitaire import check_connection

    res = check_connection(_read_placement(placement), load_runners(runners))
    lines = []
    from octosolve.core.words import counted

    for c, v in res["colours"].items():
        lines.append(f"{c}: {counted(v['runners'], 'runner')} in {counted(v['groups'], 'group')}"
                     + (" - connected" if v["connected"] else ""))
    for a, b in res["cross_connections"]:
        lines.append(f"different colours joined: {a}-{b}")
    lines.append("solved" if res["solved"] else "not solved")
    emit(res, as_json, "\n".join(lines))


@solitaire.command("sequence")
@click.argument("placement", type=click.Path(dir_okay=False))
@click.option("--order", required=True,
              help="The 16 stops in their numbered order 1..16, comma-separated.")
@json_option
def sequence_cmd(placement, order, as_json):
    """Check a placement against a numbering of the stops."""
    from .solitaire import check_sequence

    res = check_sequence(_read_placement(placement), split_list(order, "--order"))
    from octosolve.core.words import counted

    chain = (f"1..{res['chain']}" if res["chain"] > 1 else "none (stops 1 and 2 not joined)")
    text = (f"{counted(res['tiles'], 'tile')}; " + ("valid" if res["valid"] else
            "out-of-sequence connections: " + ", ".join(f"{a}-{b}" for a, b in res["out_of_sequence"]))
            + f"\nsuccessive pairs joined: {len(res['connected_pairs'])}; chain {chain}; "
            f"double connections: {res['double_connections']}; score {res['score']}")
    emit(res, as_json, text)


def _read_placement(path: str) -> dict:
    from . import tiles

    return tiles.placement_to_json(tiles.load_placement(path))


# the puzzle challenges' commands live with the challenges (octiles/challenges/commands.py)
group.add_command(challenge_cmd, "challenge")
group.add_command(prove_cmd, "prove")
group.add_command(verify_cmd, "verify")
