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
        if "--time-limit" in p.opts and not _deprecated(p):
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
    "--think-time": (lambda p: type(p.type).__name__ == "FiniteFloat", "per decision"),
    "--players": (lambda p: not isinstance(p.type, click.types.IntParamType), "player"),
    "--json": (_flag, ""),
    # the variant of the game's rules, always a choice; an Octiles challenge's question is --question
    "--variant": (lambda p: isinstance(p.type, click.Choice), "variant"),
    "--question": (_text, "question"),
    # a game's final (or stopped) position document; `play --out` is its game record
    "--position-out": (lambda p: type(p.type).__name__ == "OutPath", "position document"),
    # a deck design's record, which the report re-checks (a game's record is `play --out`)
    "--record": (lambda p: type(p.type).__name__ == "OutPath", "design record"),
}


@pytest.mark.parametrize("option", sorted(VOCABULARY))
def test_each_shared_option_has_one_meaning(option):
    check, words = VOCABULARY[option]
    seen = 0
    for name, cmd in COMMANDS:
        for p in cmd.params:
            # a deprecated alias stands for another option (core.clikit.old_spelling)
            if isinstance(p, click.Option) and option in p.opts and not _deprecated(p):
                seen += 1
                assert check(p), f"{name} {option}: not the type the vocabulary gives it"
                assert words.lower() in (p.help or "").lower(), \
                    f"{name} {option}: its help does not say {words!r}: {p.help!r}"
    assert seen, f"no command has {option}"


def test_play_out_is_the_game_record_in_every_game():
    """`play --out` means one thing in every game: the game record (its old second spelling,
    --record, is a deprecated alias: --record is design-deck's design record)."""
    plays = [(n, c) for n, c in COMMANDS if n.endswith(" play")]
    assert len(plays) == len([g for g in GAMES if g.has_state])  # every game with turns has play
    for name, cmd in plays:
        out = [p for p in cmd.params if isinstance(p, click.Option) and "--out" in p.opts]
        assert len(out) == 1 and out[0].opts == ["--out"] and "game record" in out[0].help, name
        old = [p for p in cmd.params if "--record" in getattr(p, "opts", ())]
        assert len(old) == 1 and old[0].deprecated_for == "--out" and not old[0].hidden, name
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
    old = [n for n, c in COMMANDS if (c.help or "").startswith("Deprecated name of `measure`")]
    assert sorted(old) == ["octiles match-suite"]       # (`octoverso simulate` is gone: `simulate` is oct8's)
    assert [n for n, _ in COMMANDS if n.endswith(" simulate")] == ["oct8 simulate"]
    assert not [n for n, c in COMMANDS if c.hidden]


def _deprecated(p) -> bool:
    return bool(getattr(p, "deprecated_for", None))


def test_old_spellings_are_visible_deprecated_aliases_that_print_one_line():
    """No hidden option or command is left: an old spelling is listed in --help as deprecated,
    still works, and prints exactly one line on stderr, `OLD is deprecated; use NEW`."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["octiles", "challenge", "11", "--variant", "twice", "--json"])
    assert r.exit_code == 0 and r.stderr == "--variant is deprecated; use --question\n", r.stderr
    assert r.stdout == CliRunner().invoke(cli, ["octiles", "challenge", "11", "--question", "twice",
                                                "--json"]).stdout
    r = CliRunner().invoke(cli, ["octagion", "score", "--sequence", "TREASURE", "--laid",
                                 "T5 R6 E1 A2 S4 U3 R8 *", "--treatments", "1", "--json"])
    assert r.exit_code == 0 and r.stderr == "--treatments is deprecated; use --treatments-left\n"
    assert r.stdout == CliRunner().invoke(cli, ["octagion", "score", "--sequence", "TREASURE", "--laid",
                                                "T5 R6 E1 A2 S4 U3 R8 *", "--treatments-left", "1",
                                                "--json"]).stdout
    seen = 0
    for name, cmd in COMMANDS:
        assert not cmd.hidden, name
        for p in cmd.params:
            assert not getattr(p, "hidden", False), f"{name} {p.opts} is hidden"
            if _deprecated(p):
                seen += 1
                assert p.help.startswith(f"Deprecated spelling of {p.deprecated_for}"), (name, p.help)
                assert any(p.deprecated_for in q.opts for q in cmd.params if q is not p), name
    assert seen >= 9     # challenge/prove --variant, 4 play --record, 3 oct8 --time-limit, score --treatments


def test_a_deprecated_alias_is_checked_as_the_option_it_stands_for(tmp_path):
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["oct8", "play", "--players", "mcts,greedy", "--time-limit", "nan"])
    assert r.exit_code == 2 and "'--time-limit'" in r.output and "finite" in r.output, r.output
    r = CliRunner().invoke(cli, ["oct8", "play", "--players", "mcts,greedy", "--time-limit", "0.01",
                                 "--think-time", "0.01"])
    assert r.exit_code == 2 and "give --think-time only" in r.output, r.output
    r = CliRunner().invoke(cli, ["oct8", "play", "--players", "random,greedy", "--time-limit", "1"])
    assert r.exit_code == 2 and "--think-time sets the budget" in r.output, r.output


# words that would give a name a second meaning it once had (a player's time per decision is
# --think-time, a game's record `play --out`)
NOT_SAID = {"--time-limit": ("per decision", "per move"), "--record": ("game record",),
            "--treatments": ("still has",)}


def _two_meanings(commands) -> list[str]:
    """Option names taken with two meanings: a name that two commands take and MEANINGS does not
    declare, or a use whose help does not say its declared meaning."""
    from octosolve.core.clikit import MEANINGS

    users: dict[str, list[str]] = {}
    bad = []
    for name, cmd in commands:
        for p in cmd.params:
            if not isinstance(p, click.Option) or _deprecated(p):
                continue
            for o in p.opts:
                users.setdefault(o, []).append(name)
                text = " ".join((p.help or "").split()).lower()
                if o in MEANINGS and MEANINGS[o][2].lower() not in text:
                    bad.append(f"{name} {o}: its help does not say {MEANINGS[o][2]!r} "
                               f"({MEANINGS[o][1]}): {p.help!r}")
                bad += [f"{name} {o}: its help says {w!r}, another option's meaning" for w in NOT_SAID.get(o, ())
                        if w in text]
    bad += [f"{o} is taken by {len(set(ns))} commands ({', '.join(sorted(set(ns))[:3])}, ...) and "
            "has no declared meaning in core.clikit.MEANINGS" for o, ns in sorted(users.items())
            if len(set(ns)) > 1 and o not in MEANINGS]
    return bad


def test_no_option_name_has_two_meanings():
    """Issue 42: --time-limit was a run's wall-clock limit, a player's CPU seconds per decision and
    a local search's step budget; --record a game record and a design record; --treatments a
    team's cards left and its cards for the game. Every option name two commands take now has one
    declared meaning (core.clikit.MEANINGS, docs/cli.md's table), which each use's help says."""
    assert _two_meanings(COMMANDS) == []


def test_the_two_meanings_check_can_fail():
    think = click.Command("play", params=[click.Option(["--time-limit"], help="CPU seconds per decision.")])
    solve = click.Command("solve", params=[click.Option(["--time-limit"], help="Seconds the solver may search.")])
    assert _two_meanings([("solve", solve)]) == []
    assert len(_two_meanings([("play", think), ("solve", solve)])) == 1     # (says "per decision")
    budget = click.Command("a", params=[click.Option(["--budget"], help="Steps.")])
    other = click.Command("b", params=[click.Option(["--budget"], help="Seconds.")])
    assert "--budget is taken by 2 commands" in _two_meanings([("a", budget), ("b", other)])[0]


def test_every_scheduler_option_is_the_shared_check():
    """octiles prove checked --scheduler with its own code (refusing LOCAL and ws://..., accepting
    port 99999), oct8 with another: every --scheduler now goes through core.batch.check_scheduler."""
    seen = 0
    for name, cmd in COMMANDS:
        for p in cmd.params:
            if "--scheduler" in getattr(p, "opts", ()):
                seen += 1
                ctx = click.Context(cmd)
                assert p.process_value(ctx, "LOCAL") == "local", name
                assert p.process_value(click.Context(cmd), "ws://10.0.0.5:8786") == "ws://10.0.0.5:8786", name
                with pytest.raises(click.BadParameter, match="port 99999 is out of range"):
                    p.process_value(click.Context(cmd), "10.0.0.5:99999")
    assert seen >= 16


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
    is played, in every command that takes both (and so is the other budget, --think-time, where a
    command takes it: Oct8's); with a search player among the players it is taken."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, [*name.split(), "--players", "random,random", "--simulations", "5"])
    assert r.exit_code == 2, (name, r.output)
    assert "--simulations sets the budget of the search players " in r.output, r.output
    assert "none of the players given (random) is one of them" in r.output, r.output
    cmd = dict(BUDGETED)[name]
    if any("--think-time" in p.opts for p in cmd.params if isinstance(p, click.Option)):  # (Oct8's commands)
        r = CliRunner().invoke(cli, [*name.split(), "--players", "random,greedy", "--think-time", "1"])
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
    """oct8's openspiel-mcts searches but takes --simulations only: --think-time beside it was refused
    as 'none of the players given (openspiel-mcts, greedy) searches', which is untrue."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["oct8", "play", "--players", "openspiel-mcts,greedy", "--think-time", "1"])
    assert r.exit_code == 2 and "searches" not in r.output, r.output
    assert ("--think-time sets the budget of the search players flat-mc, mcts only, and none of the "
            "players given (openspiel-mcts, greedy) is one of them") in r.output, r.output


@pytest.mark.parametrize("name", [n for n, _ in BUDGETED])
def test_simulations_help_names_one_default(name):
    """octiles and octagone said 'default: each player's own' beside '[default: 200]'."""
    opt = next(p for p in dict(BUDGETED)[name].params if "--simulations" in getattr(p, "opts", ()))
    ctx = click.Context(dict(BUDGETED)[name])
    text = " ".join(opt.get_help_record(ctx)[1].split())
    assert ("each player's own" in text) == (opt.default is None), (name, text)


def test_stop_after_is_one_range_and_meaning(tmp_path):
    """#45.11: --stop-after took 1-100,000 in oct8 and 0-1,000 in octagone: one range now (0 the
    starting position, 100,000 the most), and one meaning (the record's first N moves)."""
    import json

    from click.testing import CliRunner

    from octosolve.core.clikit import STOP_AFTER

    assert STOP_AFTER == (0, 100_000)
    stopping = [g.name for g in GAMES if g.has_room("cli") and "play" in g.cli_group().commands
                and any("--stop-after" in p.opts for p in g.cli_group().commands["play"].params)]
    assert len(stopping) >= 2, stopping  # (Oct8's and Octagone's play when the two ranges differed)
    for game in stopping:
        base = [game, "play", "--players", "greedy,greedy", "--seed", "1", "--json"]
        for n in ("-1", "100001"):
            r = CliRunner().invoke(cli, base + ["--stop-after", n])
            assert r.exit_code == 2 and "--stop-after" in r.output, (game, n, r.output)
        for n in (0, 3):
            rec = tmp_path / f"{game}-{n}.json"
            r = CliRunner().invoke(cli, base + ["--stop-after", str(n), "--out", str(rec)])
            assert r.exit_code == 0, (game, n, r.output)
            assert len(json.loads(rec.read_text())["moves"]) == n, (game, n)
        help_text = CliRunner().invoke(cli, [game, "play", "--help"]).output
        assert "0 to 100,000" in " ".join(help_text.split())
