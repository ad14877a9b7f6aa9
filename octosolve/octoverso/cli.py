"""`octosolve octoverso ...` commands."""

import click


@click.group(name="octoverso")
def group():
    """Octoverso commands."""
