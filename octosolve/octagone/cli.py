"""`octosolve octagone ...` commands."""

import click


@click.group(name="octagone")
def group():
    """Octagone commands."""
