"""The ``octosolve`` command: a root group; each game registers its own group (loaded lazily, so
``octosolve octagion ...`` never imports the other games' numba or OR-Tools code)."""

from __future__ import annotations

import os
import sys

import click

from . import __version__
from .core.clikit import OutPath, distinct_outputs, json_option, workers_option, wrote
from .core.errors import OctoError, Terminated
from .games import GAMES, game_names, get_game


class LazyGroup(click.Group):
    """A group whose game subcommands are imported on first use."""

    def list_commands(self, ctx):
        return sorted(super().list_commands(ctx)) + game_names()

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
        try:
            entry = get_game(name)
        except OctoError:
            return None
        return entry.cli_group()

    def format_commands(self, ctx, formatter):
        rows = [(g.name, g.help) for g in GAMES]
        with formatter.section("Games"):
            formatter.write_dl(rows)
        other = [(n, self.commands[n].get_short_help_str(80)) for n in sorted(self.commands)]
        if other:
            with formatter.section("Commands"):
                formatter.write_dl(other)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"],
                                               "max_content_width": 100})
@click.version_option(__version__, prog_name="octosolve")
def cli():
    """Solvers, engines and puzzle analysis for five 'octo' games.

    Each game has its own group of commands: `octosolve GAME --help`. Every command but `serve` (the
    web app) takes --json for scripts; anything random takes --seed. `octosolve report` regenerates
    results/.
    """


def _report_games() -> list[str]:
    """The games with a section in ``octosolve report`` (their manifest names a report room)."""
    return [g.name for g in GAMES if g.has_report()]


@cli.command()
@click.option("--out", "out_dir", type=OutPath(directory=True), default=None,
              help="Folder for the reports (default: results/ for the plain run; build/results/ for "
                   "a --quick, --only or --seed run, so the committed results are never overwritten "
                   "by anything but the main job).")
@click.option("--only", "games", default=None, metavar="NAMES",
              help="Comma-separated games to include (default: all: " + ",".join(_report_games()) + ").")
@click.option("--quick", is_flag=True, help="Small sizes and time limits (a smoke test).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Seed (default: each game's built-in one).")
@json_option
def report(out_dir, games, quick, seed, as_json):
    """Regenerate results/: each game's headline analysis on its built-in defaults.

    Long searches (Octiles proofs, deck design, the largest simulations) are commands of their own
    that write certificates or data files; the report re-checks those instead of searching again.
    """
    from .report import default_out, run_report

    if games is None:
        names = _report_games()
    else:
        from .core.clikit import split_list

        names = [get_game(g).name for g in split_list(games, "--only")]
        if not names:
            raise OctoError("--only names no game (choose from " + ", ".join(_report_games()) + ")")
        without = [n for n in names if n not in _report_games()]
        if without:  # a registered game without a report section (the test suite's own)
            raise OctoError(f"{without[0]} has no report (choose from {', '.join(_report_games())})")
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:  # each game's report would be built (and written) twice
            raise OctoError(f"--only names {', '.join(twice)} more than once")
    full_run = not quick and seed is None and names == _report_games()
    run_report(out_dir or default_out(full_run), names, quick=quick, seed=seed, as_json=as_json)


@cli.command()
@click.argument("record_file", metavar="RECORD", type=click.Path())
@click.option("--svg", "svg_path", type=OutPath(False), default=None, metavar="PATH",
              help="Draw the final position to this SVG file.")
@json_option
def replay(record_file, svg_path, as_json):
    """Replay a game record (octosolve-record/1, written by any game's `play --out`, the web
    app's download or the report) move by move against the rules, and print it.

    Every move must be legal where it stands and its notation must name its action; the outcome
    stored in the record must be the one the replay reaches (a resigned game: its moves stop
    before the end and the other side wins). Exit status 2 (one line) otherwise.
    """
    from .core.jsonout import emit, read_json
    from .core.record import check_outcome, move_text, outcome_of, replay_states
    from .games import record_game

    distinct_outputs(("--svg", svg_path), inputs=(("RECORD", record_file),))
    rec = read_json(record_file, "game record")
    entry, game = record_game(rec)
    names = rec["players"]
    seed = rec.get("seed")
    lines = [f"{entry.title}: " + ", ".join(f"P{i} {n}" for i, n in enumerate(names))
             + ("; no seed (the game's default deal)" if seed is None else f"; seed {seed}")
             + f"; {len(rec['moves'])} moves"]
    state = None
    # a game whose notation joins a turn's decisions (Oct8's moves.turn_notation) prints one line a
    # turn, as `play` and the play page's move list do: "first-last. P1: <the turn>"
    join = getattr(entry.module("moves"), "turn_notation", None) if entry.has_room("moves") else None
    turn: list = []  # (ply, player, action, text) of the turn being read

    def flush():
        if turn:
            first, who = turn[0][0], turn[0][1]
            plies = f"{first}" if len(turn) == 1 else f"{first}-{turn[-1][0]}"
            lines.append(f"{plies:>9}. {who:>6}: " + join([(a, t) for _i, _w, a, t in turn]))
            turn.clear()

    for i, (state, m) in enumerate(replay_states(rec, game), 1):
        if m is None:
            continue
        who = "chance" if m["player"] < 0 else f"P{m['player']}"
        # the notation read on the state before the move ('move' is optional in a record; an old
        # record's text in an earlier notation is checked, and the move printed in today's)
        text = move_text(state, m["action"])
        if join is None:
            lines.append(f"{i:4d}. {who:>6}: {text}")
            continue
        if turn and (m["player"] < 0 or turn[0][1] != who):
            flush()
        turn.append((i, who, m["action"], text))
        if m["player"] < 0:
            flush()
    if join is not None:
        flush()
    check_outcome(rec, state)
    stored = rec.get("outcome")
    resigned = stored.get("resigned") if isinstance(stored, dict) else None
    outcome = outcome_of(state, resigned)   # a resigned game: the winners its resignation makes
    terminal, winners = outcome["terminal"], outcome["winners"]
    from .core.words import names_list

    lines.append("Outcome: " + ("" if resigned is None else f"P{resigned} resigned; ")
                 + ((("winner: " if len(winners) == 1 else "winners: ") + names_list(
                     f"P{w} {names[w]}" if w < len(names) else f"P{w}" for w in winners))
                    if winners else "no winner") if terminal else
                 "Outcome: not finished")
    if svg_path:
        svg = getattr(state, "_repr_svg_", None)
        if svg is None:
            raise OctoError(f"{entry.name} has no picture of a position")
        from .core.files import atomic_write_text

        atomic_write_text(svg_path, svg())
    final = state.to_json() if hasattr(state, "to_json") else None
    emit({"game": entry.name, "params": rec["params"], "players": names, "seed": rec.get("seed"),
          "moves": len(rec["moves"]), "checked": True,
          "outcome": outcome,
          "final": final}, as_json, "\n".join(lines) + wrote(svg_path))


@cli.command(context_settings={"ignore_unknown_options": False})
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (127.0.0.1: this machine only).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="Port to listen on (1 to 65535).")
@workers_option(None, "worker processes for the computer's moves, hints and Octagion designs "
                      "(default: one per core); requests wait in line for a free one")
def serve(host, port, workers):
    """Start the web app: the Octiles challenges and board editor, games against the computer,
    the Octagion designer (open http://HOST:PORT/ in a browser; Ctrl-C stops it)."""
    from .web.app import run

    run(host=host, port=port, workers=workers)


def _input_error(e: BaseException) -> str | None:
    """A one-line message for exceptions that are bad input or environment rather than a bug."""
    if isinstance(e, UnicodeError):
        return f"input is not valid UTF-8 text ({e.reason if hasattr(e, 'reason') else e})"
    if isinstance(e, OSError) and getattr(e, "filename", None):
        return f"cannot use {e.filename}: {e.strerror or e}"
    if isinstance(e, (OverflowError, MemoryError)):
        return f"a number or size in the input is too large ({type(e).__name__})"
    if isinstance(e, RecursionError):
        return "the input is nested too deeply"
    return None


def _on_sigterm(signum, frame):
    raise Terminated()


def _interrupt_behind(e: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (or SIGTERM) an error was raised while handling, if any: a Ctrl-C that lands in
    an import (numba's, at start-up) can surface as that import's ImportError."""
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return e
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return None


def _stopped(e: BaseException) -> None:
    stop = _interrupt_behind(e) or e   # click wraps the Ctrl-C in its Abort
    term = isinstance(stop, Terminated)
    said = str(stop) if isinstance(stop, KeyboardInterrupt) and stop.args else ""  # a command's line
    click.echo(said or ("Terminated." if term else "Interrupted."), err=True)
    code = 143 if term else 130
    # import nothing here: the Ctrl-C may have stopped an import half-way (tqdm's asyncio), and
    # importing it again fails (NameError, a traceback); a pool exists only if batch is loaded
    batch = sys.modules.get("octosolve.core.batch")
    if batch is not None and getattr(batch, "POOLS_STOPPED", False):
        # a stopped process pool: its workers are ended and every file was written whole or not
        # at all (core/files.py); leave now rather than wait in the interpreter's exit handlers for
        # the pool's manager thread
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def main(argv=None):
    """Console entry point: bad input exits 2 with one line; Ctrl-C exits 130 and SIGTERM 143, each
    with one line; anything else is a bug, reported on one line too (OCTOSOLVE_DEBUG=1 shows the
    traceback)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        rv = cli.main(args=argv, prog_name="octosolve", standalone_mode=False)
        sys.exit(rv if isinstance(rv, int) else 0)
    except SystemExit:
        raise
    except click.UsageError as e:  # a bad option or argument: one line, exit 2
        where = e.ctx.command_path if e.ctx is not None else "octosolve"
        said = " ".join(e.format_message().split())  # click lists a Choice's values one a line
        click.echo(f"Error: {said} (see '{where} --help')", err=True)
        sys.exit(e.exit_code)
    except click.ClickException as e:  # bad input (OctoError): one line, exit 2
        e.show()
        sys.exit(e.exit_code)
    except click.exceptions.Abort as e:  # click wraps Ctrl-C and EOFError in Abort
        if isinstance(e.__cause__, EOFError):
            click.echo("Error: unexpected end of input (a truncated or empty file?)", err=True)
            sys.exit(2)
        _stopped(e)
    except KeyboardInterrupt as e:
        _stopped(e)
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        sys.exit(0)
    except Exception as e:
        if os.environ.get("OCTOSOLVE_DEBUG"):
            raise
        stop = _interrupt_behind(e)
        if stop is not None:  # an error raised while a Ctrl-C unwound: the Ctrl-C's clean stop
            _stopped(stop)
        msg = _input_error(e)
        if msg is not None:
            click.echo(f"Error: {msg}", err=True)
            sys.exit(2)
        click.echo(f"octosolve: internal error: {type(e).__name__}: {e} "
                   f"(set OCTOSOLVE_DEBUG=1 for the traceback)", err=True)
        sys.exit(1)
