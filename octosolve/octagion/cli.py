"""`octosolve octagion ...` commands."""

import click


@click.group(name="octagion")
def group():
    """Octagion commands."""
