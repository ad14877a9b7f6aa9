"""The command line keeps one vocabulary (docs/cli.md): every option has help text, the retired
spellings are gone, shared option names keep their meaning, and docs/cli.md says what --help says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from octosolve.cli import cli

ROOT = Path(__file__).resolve().parent.parent
RETIRED = {"--sims", "--num-players", "--strategies", "--player", "--nplayers"}


def _commands(group=cli, path=()):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, path + (name,))
        elif cmd is not None:
            yield " ".join(path + (name,)), cmd


COMMANDS = list(_commands())


@pytest.mark.parametrize("name,cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_options_have_help_and_shared_meaning(name, cmd):
    assert (cmd.help or "").strip(), f"{name} has no help text"
    for p in cmd.params:
        if not isinstance(p, click.Option):
            continue
        assert (p.help or "").strip(), f"{name} {p.opts} has no help text"
        assert not RETIRED & set(p.opts), f"{name} still has {RETIRED & set(p.opts)}"
        if "--players" in p.opts:
            assert not isinstance(p.type, click.types.IntParamType), \
                f"{name}: --players takes names, not a count"
        if "--simulations" in p.opts or "--games" in p.opts or "--workers" in p.opts:
            assert isinstance(p.type, click.IntRange) and p.type.max is not None, \
                f"{name} {p.opts}: counts need an upper limit"
        if "--time-limit" in p.opts:
            assert p.type.name == "float" and type(p.type).__name__ == "FiniteFloat", \
                f"{name}: --time-limit must refuse nan/inf"
        if "--seed" in p.opts:
            assert isinstance(p.type, click.IntRange) and p.type.min == 0


def test_docs_cli_is_up_to_date():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_cli_doc.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
