"""`octosolve octiles ...` commands."""

import click


@click.group(name="octiles")
def group():
    """Octiles commands."""
