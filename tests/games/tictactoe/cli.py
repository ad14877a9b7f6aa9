"""``octosolve tictactoe ...``: the sixth game's command group (play a game, show a position)."""

from __future__ import annotations

import click

from octosolve.core.clikit import (OutPath, distinct_outputs, given_options, json_option, players_option,
                                   position_out_option, record_option, seed_option, simulations_option,
                                   svg_option, wrote)

__all__ = ["group"]


@click.group(name="tictactoe")
def group():
    """Tic-tac-toe (the test suite's sixth game): play, show a position."""


@group.command()
@players_option("greedy,mcts")
@click.option("--misere", is_flag=True, help="Misère: three in a row loses.")
@simulations_option()
@seed_option()
@record_option()
@position_out_option("final")
@svg_option("Write an SVG picture of the final position.")
@json_option
def play(players, misere, simulations, seed, out, position_out, svg_path, as_json):
    """Play one game between computer players and print its moves."""
    from octosolve.core.files import atomic_write_text
    from octosolve.core.jsonout import dumps, emit
    from octosolve.core.match import game_spec, play_game
    from octosolve.core.players import parse_players

    from .players import PLAYERS, new_player
    from .rules import make_game

    distinct_outputs(("--out", out), ("--position-out", position_out), ("--svg", svg_path))
    names = parse_players(players, PLAYERS, counts=(2,), given=given_options("simulations"))
    params = {"misere": True} if misere else {}
    spec = game_spec("tictactoe", make_game, new_player, params,
                     {"simulations": simulations} if simulations else {})
    rec, state = play_game(spec, names, seed)
    if out:
        atomic_write_text(out, dumps(rec) + "\n")
    if position_out:
        atomic_write_text(position_out, dumps(state.to_json()) + "\n")
    if svg_path:
        atomic_write_text(svg_path, state._repr_svg_())
    lines = [f"{i + 1}. P{m['player']} {m.get('move', m['action'])}" for i, m in enumerate(rec["moves"])]
    w = state.winners()
    lines += [str(state), "winner: " + (f"P{w[0]} {names[w[0]]}" if w else "none (a draw)")]
    emit({"record": rec, "final": state.to_json()}, as_json, "\n".join(lines) + wrote(out, position_out, svg_path))


@group.command()
@click.argument("position", type=click.Path(), required=False)
@click.option("--svg", "svg_path", type=OutPath(False), default=None, help="Write a picture to this SVG file.")
@json_option
def show(position, svg_path, as_json):
    """Show a position file (a position document or a game record: its last position); without
    one, the empty board."""
    from octosolve.core.files import atomic_write_text
    from octosolve.core.jsonout import emit, read_json
    from octosolve.core.record import position_document

    from .rules import make_game, state_from_document

    distinct_outputs(("--svg", svg_path), inputs=(("POSITION", position),) if position else ())
    st = (state_from_document(position_document(read_json(position, "position file"), "tictactoe", make_game))
          if position else make_game().new_initial_state())
    if svg_path:
        atomic_write_text(svg_path, st._repr_svg_())
    emit(st.to_json(), as_json, str(st) + wrote(svg_path))
