"""`octosolve oct8 ...` commands."""

import click


@click.group(name="oct8")
def group():
    """Oct8 commands."""
