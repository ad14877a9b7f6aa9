"""Write docs/cli.md: the shared option vocabulary (hand-written, below) and a reference of every
command and option generated from the click tree, so the page says what `--help` says.

    python scripts/gen_cli_doc.py           # rewrite docs/cli.md
    python scripts/gen_cli_doc.py --check   # exit 1 if docs/cli.md is out of date (tests use this)
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))   # this checkout's package, before an installed one

from octosolve.cli import cli  # noqa: E402
from octosolve.core.files import atomic_write_text  # noqa: E402

HEADER = """# Command-line options

`octosolve GAME COMMAND [OPTIONS]`; `octosolve GAME --help` and `octosolve GAME COMMAND --help` say the
same as this page (it is generated from the commands by `python scripts/gen_cli_doc.py`, and a test
fails when it is out of date).

## One vocabulary for every game

The same option name means the same thing in every command: every option name that more than one
command takes has one meaning (`MEANINGS` in `octosolve/core/clikit.py`, which this table shows; a
test fails when a command's option says otherwise, or when a shared name is missing here):

{vocabulary}

Old spellings are deprecated aliases with no meaning of their own (listed at the end of this page).

Every file a command writes is written whole or not at all, and its readable answer ends with one
`wrote PATH` line for each (`--json` keeps to the one JSON document).

Large counts (`--games`, `--simulations`, Octagone's `--max-nodes`, Octagion's `--local-search`)
may be written as in the guides, `2e7` or `20_000_000` as well as `20000000`; a value that is not
a whole number (`2.5`, `1e-3`) is refused, never rounded.

Long measurements have one name: `octosolve GAME measure` plays the report's long runs (minutes to
hours) and writes them to a data file in `data/` with the command that made them, which `octosolve
report` re-checks. Every `measure` takes `--quick` (smoke-test sizes, never written over the data
file), `--seed`, `--workers`, `--scheduler`, `--out` and `--json`. Other long runs are measured matches
with their own parameters: `match` (seats rotating) and `tournament` (every pair), and Oct8's
`simulate` (seats fixed, to measure seats).

Bad values (a count out of range, `nan`, an output folder that cannot be written, an unknown player
or variant, an empty item in a list such as `greedy,,random`, two outputs naming one file, an
output naming the file the command reads, `--simulations` with no search player) stop the command
at once with a one-line `Error: ...` and exit status 2 (`octagone move POS --out POS` and `octagone
measure perfect-play --from F --out F` update a file in place on purpose and are allowed). Ctrl-C stops a long run with `Interrupted.` (exit status
130), SIGTERM with `Terminated.` (143), worker processes included. Long runs show progress on stderr when it is a
terminal.

## Every command
"""


def _first_paragraph(text: str | None) -> str:
    return " ".join(inspect.cleandoc(text or "").split("\n\n")[0].split())


def _opt_row(p: click.Parameter, ctx) -> str:
    if isinstance(p, click.Argument):
        name = f"`{p.human_readable_name}`"
        help_ = "argument"
    else:
        name = ", ".join(f"`{o}`" for o in p.opts)
        if not p.is_flag and not p.count:
            name += f" {p.make_metavar(ctx) if hasattr(p, 'make_metavar') else ''}".rstrip()
        rec = p.get_help_record(ctx)
        help_ = rec[1] if rec else ""
    return f"| {name} | {help_.replace('|', '/')} |"


def _walk(group: click.Group, path: list[str], out: list[str]):
    ctx = click.Context(group, info_name=" ".join(["octosolve"] + path))
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden or (cmd.help or "").startswith("Deprecated name of"):
            continue        # (a deprecated command name is listed at the end of the page)
        full = path + [name]
        if isinstance(cmd, click.Group):
            out += [f"### `octosolve {' '.join(full)}`", "", _first_paragraph(cmd.help), ""]
            _walk(cmd, full, out)
            continue
        sub = click.Context(cmd, info_name=name, parent=ctx)
        out += [f"#### `octosolve {' '.join(full)}`", "", _first_paragraph(cmd.help), ""]
        rows = [_opt_row(p, sub) for p in cmd.params
                if p.name != "help" and not getattr(p, "hidden", False)]
        if rows:
            out += ["| option | meaning |", "| --- | --- |"] + rows + [""]


def _old_spellings(group: click.Group, path: list[str], out: list[str]):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None:
            continue
        full = " ".join(["octosolve"] + path + [name])
        if isinstance(cmd, click.Group):
            _old_spellings(cmd, path + [name], out)
        elif (cmd.help or "").startswith("Deprecated name of"):
            out.append(f"| `{full}` | {cmd.help} |")
        else:
            out += [f"| `{full} {o}` | {p.help} |" for p in cmd.params
                    if getattr(p, "deprecated_for", None) for o in p.opts]


def _vocabulary() -> str:
    from octosolve.core.clikit import MEANINGS

    rows = [f"| `{label}` | {meaning} |" for label, meaning, _ in MEANINGS.values()]
    return "\n".join(["| option | meaning |", "| --- | --- |"] + rows)


def render() -> str:
    out = [HEADER.replace("{vocabulary}", _vocabulary())]
    _walk(cli, [], out)
    old: list[str] = []
    _old_spellings(cli, [], old)
    if old:
        out += ["## Deprecated spellings", "",
                "Still accepted and listed in `--help` as deprecated; each prints one line on stderr, "
                "`OLD is deprecated; use NEW`, when the command has done its work. They have no meaning "
                "of their own: each stands for the option (or command) it names.", "",
                "| old | now |", "| --- | --- |"] + old + [""]
    return "\n".join(out).rstrip() + "\n"


def main():
    text = render()
    path = ROOT / "docs" / "cli.md"
    if "--check" in sys.argv:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print("docs/cli.md is out of date: run python scripts/gen_cli_doc.py")
            sys.exit(1)
        print("docs/cli.md is up to date")
        return
    atomic_write_text(path, text)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
