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

from octosolve.core.files import atomic_write_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from octosolve.cli import cli  # noqa: E402

HEADER = """# Command-line options

`octosolve GAME COMMAND [OPTIONS]`; `octosolve GAME --help` and `octosolve GAME COMMAND --help` say the
same as this page (it is generated from the commands by `python scripts/gen_cli_doc.py`, and a test
fails when it is out of date).

## One vocabulary for every game

The same option name means the same thing in every game (`octosolve/core/clikit.py` defines them):

| option | meaning |
| --- | --- |
| `--players NAMES` | comma-separated player names, case-insensitive (`mcts,greedy`); their number is the number of players; seats rotate in matches |
| `--simulations N` | search budget per move of the search players (1 to 100,000); players that do not search ignore it, and it is refused when none of the players given searches |
| `--games N` | number of games of a match or simulation (stated upper limit in each `--help`) |
| `--variant NAME` | the variant of the game's rules, a case-insensitive choice (an Octiles challenge's question is `--question NAME`, see `octiles challenge --list`) |
| `--time-limit SECONDS` | time a solver may search: a finite number >= 0.1; for the search players of `oct8 play`, `match` and `tournament`, CPU seconds per decision (a finite number > 0, at most 60) |
| `--workers N` | cores to use at once (1 to 256): worker processes for games or independent cases, or CP-SAT's search threads for a single search |
| `--teams N` / `--team-game` | Octagion: the number of teams; Octoverso and Octiles: play the team game (a flag) |
| `--cards N` / `--laid ROW` | Octagion: the number of word cards to make; the row of cards a team laid (`score`) |
| `--record PATH` | write the JSON record of what the command did, which another command re-checks (a game: `octosolve replay`; a deck design: the report) |
| `--scheduler ADDRESS` | run on a Dask cluster (`tcp://host:8786`, or `local` for a throw-away local cluster) |
| `--seed N` | random seed, 0 to 2^63-1: the same seed gives the same result (a CP-SAT search with more than one worker races its threads; add `--deterministic` where offered) |
| `--deterministic` | CP-SAT's `--time-limit` counts its deterministic time (its own measure of work, not seconds) and its workers interleave in a fixed order, so the same `--seed` and `--workers` give the same answer on any machine and load (Octagion `design-deck`, Octiles `prove` and `challenge --fresh`) |
| `--json` | print one JSON document (for scripts) instead of the readable answer |
| `--out PATH` | where to write a file or folder; checked before the work starts. A game's `play --out` (also spelled `--record`) writes the game record (octosolve-record/1), which `octosolve replay` replays and the position commands read as its last position |
| `--position-out PATH` | `play`: write the final (or stopped) position document (`State.to_json`) |
| `--svg PATH` | write an SVG picture; checked before the work starts |

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
        if cmd is None or cmd.hidden:
            continue
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
        elif cmd.hidden:
            out.append(f"| `{full}` | {cmd.help} |")
        else:
            out += [f"| `{full} {o}` | {getattr(p, 'old_spelling', None) or p.help} |" for p in cmd.params
                    if getattr(p, "hidden", False) for o in p.opts]


def render() -> str:
    out = [HEADER]
    _walk(cli, [], out)
    old: list[str] = []
    _old_spellings(cli, [], old)
    if old:
        out += ["## Old spellings", "",
                "Still accepted, hidden from `--help`; each prints a one-line note naming the new one.", "",
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
