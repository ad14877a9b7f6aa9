"""Click options every game shares, so --json, --seed, --workers and --scheduler mean the same
everywhere."""

from __future__ import annotations

import click

from .seeding import DEFAULT_SEED

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def seed_option(default: int | None = DEFAULT_SEED):
    return click.option("--seed", type=int, default=default, show_default=True,
                        help="Random seed; the same seed gives the same result.")


def batch_options(f):
    f = click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Run on a Dask distributed cluster (tcp://host:8786, or 'local' for a "
                          "throw-away local cluster).")(f)
    f = click.option("--workers", type=int, default=None,
                     help="Local worker processes (default: one per core; 1 = in this process).")(f)
    return f
