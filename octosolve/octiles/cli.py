"""`octosolve octiles ...` commands."""

import click


@click.group(name="octiles")
def group():
    """Octiles commands."""


# Octiles part B (games): play, match, solitaire -- defined in players.py
from .players import add_game_commands  # noqa: E402

add_game_commands(group)
