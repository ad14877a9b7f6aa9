"""The ``octosolve`` command: a root group; each game registers its own group (loaded lazily, so
``octosolve octagion ...`` never imports the other games' numba or OR-Tools code)."""

from __future__ import annotations

import importlib
import os
import sys

import click

from . import __version__
from .core.errors import OctoError

# name -> one-line help. Each game's group is `octosolve.<name>.cli:group`.
GAMES: dict[str, str] = {
    "octagion": "Octagion: word cards of letter/number cards - solvability, wildcards, deck design, scoring.",
    "octoverso": "Octoverso: French words on an 8-letter rail - move generator, OCTOs, players, tournaments.",
    "oct8": "Oct8: octopus card game - rules engine, swap enumeration, players, balance simulations.",
    "octiles": "Octiles: octagonal path tiles - path tracer, the 30 challenges (CP-SAT), games and players.",
    "octagone": "Octagone: arrow shields on a 6x7 board - rules, exact alpha-beta solver, players.",
}


class LazyGroup(click.Group):
    """A group whose game subcommands are imported on first use."""

    def list_commands(self, ctx):
        return sorted(super().list_commands(ctx)) + list(GAMES)

    def get_command(self, ctx, name):
        if name in GAMES:
            mod = importlib.import_module(f"octosolve.{name}.cli")
            return mod.group
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        rows = [(name, GAMES[name]) for name in GAMES]
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

    Each game has its own group of commands: `octosolve GAME --help`. Every command takes --json
    for scripts; anything random takes --seed. `octosolve report` regenerates results/.
    """


@cli.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="results", show_default=True,
              help="Folder for the reports.")
@click.option("--games", default=",".join(GAMES), show_default=True,
              help="Comma-separated games to include.")
@click.option("--quick", is_flag=True, help="Small sizes and time limits (a smoke test, ~1 minute).")
@click.option("--seed", type=int, default=None, help="Seed (default: each game's built-in one).")
@click.option("--json", "as_json", is_flag=True, help="Print the index as JSON.")
def report(out_dir, games, quick, seed, as_json):
    """Regenerate results/: each game's headline analysis on its built-in defaults."""
    from .core.report import run_report

    names = [g.strip() for g in games.split(",") if g.strip()]
    unknown = [g for g in names if g not in GAMES]
    if unknown:
        raise OctoError(f"unknown game(s): {', '.join(unknown)} (choose from {', '.join(GAMES)})")
    run_report(out_dir, names, quick=quick, seed=seed, as_json=as_json)


def main(argv=None):
    """Console entry point: bad input exits 2 with one line; unexpected errors with one line too."""
    try:
        cli.main(args=argv, prog_name="octosolve", standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as e:  # a bug, not bad input: still one line unless asked for the traceback
        if os.environ.get("OCTOSOLVE_DEBUG"):
            raise
        click.echo(f"octosolve: internal error: {type(e).__name__}: {e} "
                   f"(set OCTOSOLVE_DEBUG=1 for the traceback)", err=True)
        sys.exit(1)
