"""The command line keeps one vocabulary (docs/cli.md): every option has help text, the retired
spellings are gone, shared option names keep their meaning, and docs/cli.md says what --help says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from octosolve.cli import cli
from octosolve.games import GAMES

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


# One table: each shared option's one meaning, as the type it must have and words its help must say.
def _int_range(lo, hi=None):
    return lambda p: isinstance(p.type, click.IntRange) and p.type.min == lo and \
        (hi is None or p.type.max == hi)


def _flag(p):
    return p.is_flag


def _text(p):
    return isinstance(p.type, click.types.StringParamType)


VOCABULARY = {
    "--workers": (_int_range(1, 256), "Cores to use at once, 1 to 256"),
    "--teams": (_int_range(1), "Number of teams"),
    "--team-game": (_flag, "team"),
    "--cards": (_int_range(1), "Number of word cards"),
    "--laid": (_text, "row of cards"),
    "--seed": (_int_range(0), "eed"),
    "--games": (lambda p: isinstance(p.type, click.IntRange) and p.type.min == 1, "games"),
    "--simulations": (lambda p: isinstance(p.type, click.IntRange) and p.type.min == 1, ""),
    "--time-limit": (lambda p: type(p.type).__name__ == "FiniteFloat", ""),
    "--players": (lambda p: not isinstance(p.type, click.types.IntParamType), "player"),
    "--json": (_flag, ""),
    # the variant of the game's rules, always a choice; an Octiles challenge's question is --question
    "--variant": (lambda p: isinstance(p.type, click.Choice), "variant"),
    "--question": (_text, "question"),
    # a game's final (or stopped) position document; `play --out` is its game record
    "--position-out": (lambda p: type(p.type).__name__ == "OutPath", "position document"),
    # the JSON record of what the command did, which another command re-checks (a game's record:
    # `octosolve replay`; a deck design's record: the report)
    "--record": (lambda p: isinstance(p.type, (click.Path,)) or type(p.type).__name__ == "OutPath",
                 "record"),
}


@pytest.mark.parametrize("option", sorted(VOCABULARY))
def test_each_shared_option_has_one_meaning(option):
    check, words = VOCABULARY[option]
    seen = 0
    for name, cmd in COMMANDS:
        for p in cmd.params:
            # a hidden option is an old spelling kept working (core.clikit.old_spelling)
            if isinstance(p, click.Option) and option in p.opts and not p.hidden:
                seen += 1
                assert check(p), f"{name} {option}: not the type the vocabulary gives it"
                assert words.lower() in (p.help or "").lower(), \
                    f"{name} {option}: its help does not say {words!r}: {p.help!r}"
    assert seen, f"no command has {option}"


def test_play_out_is_the_game_record_in_every_game():
    """`play --out` means one thing in every game: the game record (also spelled --record)."""
    plays = [(n, c) for n, c in COMMANDS if n.endswith(" play")]
    assert len(plays) == len([g for g in GAMES if g.has_state])  # every game with turns has play
    for name, cmd in plays:
        out = [p for p in cmd.params if isinstance(p, click.Option) and "--out" in p.opts]
        assert len(out) == 1 and "--record" in out[0].opts and "game record" in out[0].help, name
        assert any("--position-out" in p.opts for p in cmd.params), name


@pytest.mark.parametrize("name", [n for n, _ in COMMANDS if n.endswith(" play")])
def test_play_outputs_name_different_files(name, tmp_path):
    """`play --out X --svg X` (or --position-out X) is refused before the game, in every game: the
    file written last would silently replace the other."""
    from click.testing import CliRunner

    x = tmp_path / "x.json"
    for other in ("--svg", "--position-out"):
        r = CliRunner().invoke(cli, [*name.split(), "--out", str(x), other, str(x)])
        assert r.exit_code == 2, (name, other, r.output)
        assert f"--out and {other} name the same file" in r.output, r.output
        assert not x.exists()


def test_long_measurements_have_one_name_and_one_option_set():
    """Every game with turns has `measure` (the report's long runs, written to a data file), with
    the same options; the old names are hidden."""
    measures = {n.split()[0]: c for n, c in COMMANDS if n.endswith(" measure")}
    assert set(measures) == {g.name for g in GAMES if g.has_state and g.has_report()}
    shared = {"--quick", "--seed", "--workers", "--scheduler", "--out", "--json"}
    for game, cmd in measures.items():
        opts = {o for p in cmd.params if isinstance(p, click.Option) and not p.hidden for o in p.opts}
        assert shared <= opts, (game, shared - opts)
        # game-specific: the wrap reading; octagone's perfect-play budget and its continuation
        extra = {"--wrap", "--help", "-h"} | ({"--max-nodes", "--from"} if game == "octagone" else set())
        assert opts - shared <= extra, (game, opts - shared)
        out = next(p for p in cmd.params if "--out" in p.opts)
        assert "data/" in out.help and "the report reads" in out.help, game
    hidden = [n for n, c in COMMANDS if c.hidden]
    assert sorted(hidden) == ["octiles match-suite", "octoverso simulate"]


def test_hidden_old_spellings_print_one_note():
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["octiles", "challenge", "11", "--variant", "twice", "--json"])
    assert r.exit_code == 0 and r.stderr.count("\n") == 1 and "--question" in r.stderr
    assert r.stdout == CliRunner().invoke(cli, ["octiles", "challenge", "11", "--question", "twice",
                                                "--json"]).stdout
    for name, cmd in COMMANDS:
        for p in cmd.params:
            if isinstance(p, click.Option) and p.hidden:
                assert "old spelling" in (p.help or "").lower(), f"{name} {p.opts} is hidden but no old spelling"


def test_the_vocabulary_check_can_fail():
    bad = click.Option(["--workers"], type=click.IntRange(1, 64), help="CP-SAT search workers")
    check, words = VOCABULARY["--workers"]
    assert not check(bad) and words not in bad.help


def test_docs_cli_is_up_to_date():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_cli_doc.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


BUDGETED = [(n, c) for n, c in COMMANDS
            if {"--players", "--simulations"} <= {o for p in c.params if isinstance(p, click.Option) for o in p.opts}]


@pytest.mark.parametrize("name", [n for n, _ in BUDGETED])
def test_a_search_budget_without_a_search_player_is_refused(name):
    """`--simulations N` with players none of whom searches changes nothing: refused before any game
    is played, in every command that takes both (and so is oct8's other budget, --time-limit); with
    a search player among the players it is taken."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, [*name.split(), "--players", "random,random", "--simulations", "5"])
    assert r.exit_code == 2, (name, r.output)
    assert "--simulations sets the budget of the search players " in r.output, r.output
    assert "none of the players given (random) is one of them" in r.output, r.output
    cmd = dict(BUDGETED)[name]
    if name.split()[0] == "oct8" and any("--time-limit" in p.opts for p in cmd.params if isinstance(p, click.Option)):
        r = CliRunner().invoke(cli, [*name.split(), "--players", "random,greedy", "--time-limit", "1"])
        assert r.exit_code == 2 and "none of the players given (random, greedy)" in r.output, r.output


def test_a_search_budget_reaches_a_search_player():
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["octagone", "play", "--players", "greedy,mcts", "--simulations", "5",
                                 "--stop-after", "4", "--json"])
    assert r.exit_code == 0, r.output
    assert len(BUDGETED) >= 8, [n for n, _ in BUDGETED]


# (command, where the input file goes, the output option): the output would replace the input
OVER_INPUT = [
    ("replay {f}", "RECORD", "--svg"),
    ("octagion check {f}", "PATH", "--out"),
    ("octagion check words.txt --deck {f}", "--deck", "--svg"),
    ("octagion design-deck {f}", "WORDS", "--record"),
    ("octagion design-deck words.txt --require {f}", "--require", "--certificate"),
    ("octagion bound {f}", "WORDS", "--out"),
    ("octagion wordcards --deck {f}", "--deck", "--out"),
    ("octagion deck --deck {f}", "--deck", "--svg"),
    ("octoverso moves --position {f}", "--position", "--svg"),
    ("octoverso play --lexicon {f}", "--lexicon", "--out"),
    ("octoverso match --lexicon {f}", "--lexicon", "--out"),
    ("octoverso tournament --players greedy,random --lexicon {f}", "--lexicon", "--out"),
    ("oct8 simulate --deck {f}", "--deck", "--out"),
    ("oct8 play --deck {f}", "--deck", "--svg"),
    ("oct8 match --deck {f}", "--deck", "--out"),
    ("oct8 tournament --players greedy,random --deck {f}", "--deck", "--out"),
    ("oct8 swaps {f}", "POSITION.json", "--svg"),
    ("octiles trace {f}", "PLACEMENT_FILE", "--svg"),
    ("octiles position {f}", "POSITION_FILE", "--svg"),
    ("octagone show {f}", "POSITION", "--svg"),
]


@pytest.mark.parametrize("line,name,option", OVER_INPUT, ids=[c.split(" {")[0] + " " + o for c, _, o in OVER_INPUT])
def test_an_output_over_the_input_is_refused(line, name, option, tmp_path):
    """A report or a picture written over the word list, deck, position or record the command reads
    would destroy it: refused in one line (exit 2) before anything is read or written, the input
    left as it was. (`octagone move POS --out POS` and `measure --from F --out F` update a file
    in place on purpose and are not refused.)"""
    from click.testing import CliRunner

    f = tmp_path / "input.txt"
    f.write_text("the user's file\n")
    args = [a.replace("{f}", str(f)) for a in line.split()] + [option, str(f)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, (args, r.output)
    assert f"{option} {f} is the {name} file this command reads" in r.output, r.output
    assert f.read_text() == "the user's file\n"


def test_the_root_help_names_every_command_without_json():
    """`octosolve --help` said 'Every command takes --json'; `serve` takes none."""
    from click.testing import CliRunner

    text = " ".join(CliRunner().invoke(cli, ["--help"]).output.split())
    without = sorted(n for n, cmd in COMMANDS if not cmd.hidden
                     and "--json" not in {o for p in cmd.params for o in getattr(p, "opts", [])})
    assert without == ["serve"]
    assert "Every command but `serve` (the web app) takes --json" in text


def test_a_time_limit_beside_a_search_player_taking_another_budget():
    """oct8's openspiel-mcts searches but takes --simulations only: --time-limit beside it was refused
    as 'none of the players given (openspiel-mcts, greedy) searches', which is untrue."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["oct8", "play", "--players", "openspiel-mcts,greedy", "--time-limit", "1"])
    assert r.exit_code == 2 and "searches" not in r.output, r.output
    assert ("--time-limit sets the budget of the search players flat-mc, mcts only, and none of the "
            "players given (openspiel-mcts, greedy) is one of them") in r.output, r.output


@pytest.mark.parametrize("name", [n for n, _ in BUDGETED])
def test_simulations_help_names_one_default(name):
    """octiles and octagone said 'default: each player's own' beside '[default: 200]'."""
    opt = next(p for p in dict(BUDGETED)[name].params if "--simulations" in getattr(p, "opts", ()))
    ctx = click.Context(dict(BUDGETED)[name])
    text = " ".join(opt.get_help_record(ctx)[1].split())
    assert ("each player's own" in text) == (opt.default is None), (name, text)
