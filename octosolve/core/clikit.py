"""The option vocabulary every game's CLI shares (written down in docs/cli.md).

One name, one meaning, everywhere: :data:`MEANINGS` gives every option name that more than one
command takes its one meaning (docs/cli.md's vocabulary table is made from it) and the words each
use's help says; tests/test_cli_vocabulary.py fails when a command's option of that name does not
say them, or when an option name two commands take is missing from it. An old spelling is a
visible deprecated alias (:func:`old_spelling`, :func:`old_command_name`) with no meaning of its
own: it stands for the option it names and prints one line, ``OLD is deprecated; use NEW``.

Types here refuse what is absurd with a one-line error and exit status 2: non-finite numbers, counts
beyond their stated upper limit, an output path whose folder cannot be created or written.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import click
from click.core import ParameterSource

from .seeding import DEFAULT_SEED

__all__ = ["MEANINGS", "json_option", "seed_option", "batch_options", "players_option", "simulations_option",
           "games_option", "scheduler_option", "time_limit_option", "variant_option", "out_option",
           "svg_option",
           "count", "BigCount", "FiniteFloat", "OutPath", "MAX_SEED", "MAX_GAMES", "MAX_SIMULATIONS", "MAX_WORKERS",
           "check_out_path", "record_option", "position_out_option", "old_spelling", "DeprecatedOption",
           "deprecation_note",
           "take_old_spelling", "old_command_name", "measure_options", "distinct_outputs", "given_options",
           "wrote"]

# option name -> (as docs/cli.md shows it, its one meaning, words every use's --help says)
MEANINGS: dict[str, tuple[str, str, str]] = {
    "--players": ("--players NAMES", "comma-separated player names, case-insensitive (`mcts,greedy`); their "
                  "number is the number of players; seats rotate in matches", "player names"),
    "--simulations": ("--simulations N", "search budget per move of the search players (1 to 100,000); players "
                      "that do not search ignore it, and it is refused when none of the players given "
                      "searches", "search budget per move"),
    "--think-time": ("--think-time SECONDS", "CPU seconds each search player may think per decision, instead of "
                     "its `--simulations` budget (Oct8 `play`, `match`, `tournament`; at most 60)",
                     "per decision"),
    "--time-limit": ("--time-limit SECONDS", "seconds a solver's search may take (a finite number >= 0.1): "
                     "wall-clock seconds, or with `--deterministic` CP-SAT's deterministic seconds (an Octiles "
                     "local search scores a fixed number of placements worth about that many seconds); never "
                     "a player's time per decision (that is `--think-time`)", "seconds"),
    "--max-nodes": ("--max-nodes N", "Octagone: the exact solver's node budget (per position); beyond it the "
                    "answer is 'not proven'", "node budget"),
    "--stop-after": ("--stop-after N", "`play`: stop after N moves of the game record (the position reached "
                     "is the one `--out` and `--position-out` hold)", "stop after n moves"),
    "--max-turns": ("--max-turns N", "Octiles: the turn limit, a rule: a game still running after it is a "
                    "draw", "turn limit"),
    "--games": ("--games N", "number of games of a match or simulation (stated upper limit in each "
                "`--help`)", "number of games"),
    "--variant": ("--variant NAME", "the variant of the game's rules, a case-insensitive choice (an Octiles "
                  "challenge's question is `--question NAME`)", "rule variant"),
    "--question": ("--question NAME", "Octiles `challenge` and `prove`: the challenge's question (see "
                   "`octiles challenge --list`)", "question"),
    "--workers": ("--workers N", "cores to use at once (1 to 256): worker processes for games or "
                  "independent cases, or CP-SAT's search threads for a single search",
                  "cores to use at once"),
    "--scheduler": ("--scheduler ADDRESS", "run on a Dask cluster (`tcp://host:8786`, or `local` for a "
                    "throw-away local cluster); checked by one rule everywhere (`core.batch.check_scheduler`)",
                    "dask"),
    "--seed": ("--seed N", "random seed, 0 to 2^63-1: the same seed gives the same result (a CP-SAT search "
               "with more than one worker races its threads; add `--deterministic` where offered)", "seed"),
    "--deterministic": ("--deterministic", "CP-SAT's `--time-limit` counts its deterministic time (its own "
                        "measure of work, not seconds) and its workers interleave in a fixed order, so the "
                        "same `--seed` and `--workers` give the same answer on any machine and load",
                        "deterministic time"),
    "--weighted": ("--weighted", "Octagion: weigh each word by its familiarity, the lexicon's Zipf frequency "
                   "(0 for a word not in it): `check` sums it over the words spelled, `design-deck` "
                   "maximises it, `explain` ranks cards and changes by it", "familiarity"),
    "--fresh": ("--fresh", "Octiles `challenge` and `prove`: prove from scratch instead of using the stored "
                "certificate", "from scratch"),
    "--json": ("--json", "print one JSON document (for scripts) instead of the readable answer",
               "one json document"),
    "--out": ("--out PATH", "where to write the command's file or folder; checked before the work starts. A "
              "game's `play --out` writes the game record (octosolve-record/1), which `octosolve replay` "
              "replays and the position commands read as its last position", ""),
    "--position-out": ("--position-out PATH", "`play`: write the final (or stopped) position document "
                       "(`State.to_json`)", "position document"),
    "--svg": ("--svg PATH", "write an SVG picture; checked before the work starts", "svg"),
    "--record": ("--record PATH", "Octagion `design-deck`: write the design record (the command, the words, "
                 "CP-SAT's figures, the deck), which the report re-checks (a game's record is `play --out`)",
                 "design record"),
    "--quick": ("--quick", "smoke-test sizes (never written over the data files the report reads)", "smoke"),
    "--teams": ("--teams N", "Octagion: the number of teams", "number of teams"),
    "--cards": ("--cards N", "Octagion: the number of word cards to make", "number of word cards"),
    "--laid": ("--laid ROW", "Octagion `score`: the row of cards a team laid", "row of cards"),
    "--team-game": ("--team-game", "Octoverso and Octiles: play the team game (a flag)", "team"),
    "--treatments": ("--treatments N[,N...]", "Octagion `setup`: Treatment Cards per team for the whole game "
                     "(`score` counts the cards a team still has, `--treatments-left`)", "treatment cards per team"),
    "--deck": ("--deck PATH", "the game's deck file (Octagion: the team's deck, CSV; Oct8: the arm-card "
               "distribution, TOML)", "deck"),
    "--top": ("--top N", "Octagion: use only the first N words of the word list (the lexicon is sorted by "
              "familiarity)", "use only the first n words"),
    "--per-number": ("--per-number N", "Octagion: cards per number 1..8 of the deck", "cards per number"),
    "--levels": ("--levels LIST", "Octagion: the countdown levels in play", "countdown levels"),
    "--lexicon": ("--lexicon PATH", "Octoverso: the word list to use instead of the shipped lexicon",
                  "word list"),
    "--rail": ("--rail LETTERS", "Octoverso: the rail's letters, recto order", "rail letters"),
    "--hand": ("--hand LETTERS", "Octoverso: a hand's letters", "hand letters"),
    "--hidden": ("--hidden", "Octagone, four players: hidden shields", "hidden shields"),
    "--wrap": ("--wrap READING", "Octagone: the reading of the wrap-around", "wrap-around"),
    "--baby-chips": ("--baby-chips RULE", "Oct8: the baby chips' rule", "baby chips"),
    "--colour-bonus": ("--colour-bonus RULE", "Oct8: the colour bonus's rule", "colour bonus"),
    "--runners": ("--runners N", "Octiles: runners per player", "runners per player"),
    "--joint-winners": ("--joint-winners", "Octiles Team Up: all connected players win together",
                        "win together"),
    "--resign": ("--resign", "Octiles Team Up: resignation is a move", "resignation"),
    "--adjudicate": ("--adjudicate", "Octiles: at the turn limit the game is adjudicated instead of drawn "
                     "(not a rule)", "at the turn limit"),
}

MAX_SEED = 2**63 - 1
MAX_GAMES = 10_000_000
MAX_SIMULATIONS = 100_000
MAX_WORKERS = 256
MAX_SECONDS = 7 * 24 * 3600.0
MIN_SECONDS = 0.1     # a solver time limit below this cannot start a search: refused, not ignored


class BigCount(click.IntRange):
    """A whole-number option that may be written as people write large counts: ``20000000``,
    ``20_000_000``, ``2e7`` or ``1.5e8`` (the guides and benchmarks speak of budgets of 2e7 and 5e8
    nodes, which ``--max-nodes 2e7`` refused). A value that is not a whole number (``2.5``,
    ``1e-3``) is refused, never rounded.

    >>> BigCount(1, 10**12).convert("2e7", None, None), BigCount(1, 10**9).convert("1_500", None, None)
    (20000000, 1500)
    """

    def convert(self, value, param, ctx):
        if isinstance(value, str) and ("e" in value.lower() or "." in value):
            from decimal import Decimal, InvalidOperation

            try:
                d = Decimal(value.strip().replace("_", ""))
            except InvalidOperation:
                self.fail(f"{value!r} is not a whole number", param, ctx)
            if not d.is_finite():
                self.fail(f"{value!r} is not a whole number", param, ctx)
            if d.adjusted() > 30:  # (before int(): 1e999999999 would take the machine's memory)
                self.fail(f"{value!r} is out of range ({self.min}<=x<={self.max})", param, ctx)
            if d != d.to_integral_value():
                self.fail(f"{value!r} is not a whole number", param, ctx)
            value = int(d)
        return super().convert(value, param, ctx)


def count(lo: int, hi: int) -> BigCount:
    """A whole-number option type with both limits shown in --help; large values may be written
    ``2e7`` or ``20_000_000`` (:class:`BigCount`)."""
    return BigCount(lo, hi)


def split_list(text: str, option: str) -> list[str]:
    """A comma-separated option value as its stripped items; an empty item (``a,,b``, ``a,``) is
    refused with a one-line error naming the option, never silently dropped. An empty or blank
    value gives ``[]`` (the caller says what it needs).

    >>> split_list(" greedy, random ", "--players")
    ['greedy', 'random']
    """
    from .errors import fail

    if not str(text).strip():
        return []
    items = [x.strip() for x in str(text).split(",")]
    for i, x in enumerate(items, 1):
        if not x:
            fail(f"{option} {text!r}: item {i} of {len(items)} is empty (two commas in a row or a "
                 "comma at an end)")
    return items


class FiniteFloat(click.ParamType):
    """A float that is finite and within ``[lo, hi]`` (``lo`` excluded when ``lo_open``)."""

    name = "float"

    def __init__(self, lo: float = 0.0, hi: float = MAX_SECONDS, lo_open: bool = True):
        self.lo, self.hi, self.lo_open = lo, hi, lo_open

    def convert(self, value, param, ctx):
        try:
            x = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(x):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        if (x <= self.lo if self.lo_open else x < self.lo) or x > self.hi:
            lo = f"> {self.lo:g}" if self.lo_open else f">= {self.lo:g}"
            self.fail(f"{value!r} is out of range (must be {lo} and <= {self.hi:g})", param, ctx)
        return x

    def get_metavar(self, param, ctx=None):
        return "SECONDS" if "time" in (param.name or "") else "NUMBER"


def seconds(hi: float = MAX_SECONDS) -> FiniteFloat:
    """The type of a solver time limit: finite, at least MIN_SECONDS (a limit of 1e-9 s is refused,
    not silently accepted) and at most ``hi``."""
    return FiniteFloat(MIN_SECONDS, hi, lo_open=False)


def check_out_path(path: str | os.PathLike, *, directory: bool = False) -> Path:
    """Refuse an output path that cannot be written, before any work starts (one-line error)."""
    from .errors import fail

    text = os.fspath(path)
    if not text.strip():
        fail("the output path is empty")
    p = Path(text)
    if directory:
        if p.exists() and not p.is_dir():
            fail(f"cannot write into {p}: it is a file, not a folder")
        parent = p
        while not parent.exists():
            parent = parent.parent
    else:
        if p.is_dir():
            fail(f"cannot write {p}: it is a folder")
        parent = p.parent if str(p.parent) else Path(".")
        while not parent.exists():
            parent = parent.parent
    if not parent.is_dir():
        fail(f"cannot write {p}: {parent} is not a folder")
    # os.access says yes to root almost everywhere (even under /proc): try to create a file there
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=parent):
            pass
    except OSError as e:
        fail(f"cannot write {p}: {parent} is not writable ({e.strerror or e})")
    return p


class OutPath(click.ParamType):
    """An output path checked (and its folder creatable) before the command runs."""

    name = "path"

    def __init__(self, directory: bool = False):
        self.directory = directory

    def convert(self, value, param, ctx):
        from .errors import OctoError

        if isinstance(value, Path):
            value = str(value)
        try:
            return str(check_out_path(value, directory=self.directory))
        except OctoError as e:
            self.fail(e.message, param, ctx)


def distinct_outputs(*options, inputs=()) -> None:
    """One-line error when two output options, ``(name, path or None)`` pairs, name the same file
    (the one written last would silently replace the other), or when an output names a file the
    command reads, ``inputs`` (a picture or a report would replace the word list, deck, position
    or record it was made from).

    >>> distinct_outputs(("--out", "a.json"), ("--svg", "b.svg"), inputs=(("WORDS", "w.txt"),))
    >>> distinct_outputs(("--svg", "w.txt"), inputs=(("WORDS", "w.txt"),))
    Traceback (most recent call last):
    ...
    octosolve.core.errors.OctoValueError: --svg w.txt is the WORDS file this command reads: writing it would replace it; give another file
    """
    from .errors import fail

    read = {os.path.realpath(path): name for name, path in inputs if path and str(path) != "-"}
    seen = {}
    for name, path in options:
        if path:
            key = os.path.realpath(path)
            if key in read:
                fail(f"{name} {path} is the {read[key]} file this command reads: writing it would "
                     "replace it; give another file")
            if key in seen:
                fail(f"{seen[key]} and {name} name the same file {path}: give each its own")
            seen[key] = name


_GIVEN = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def wrote(*paths) -> str:
    r"""The lines a command's text ends with for the files it wrote: ``"\nwrote PATH"`` for every
    path given (``None`` and empty skipped), so every command says alike what it wrote.

    >>> wrote("game.json", None, "final.svg")
    '\nwrote game.json\nwrote final.svg'
    >>> wrote(None)
    ''
    """
    return "".join(f"\nwrote {p}" for p in paths if p)


def given_options(*names: str) -> tuple[str, ...]:
    """Those of the parameters ``names`` the user set (command line or environment) in the click
    command running now; none outside a command. Options left at their defaults are not given."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return ()
    return tuple(n for n in names if ctx.get_parameter_source(n) in _GIVEN
                 or ctx.meta.get(f"old_spelling:{n}") is not None)


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document (for scripts).")


def seed_option(default: int | None = DEFAULT_SEED, when: str = ""):
    """``--seed``; ``when`` says when it is used (e.g. "With --fresh: ")."""
    return click.option("--seed", type=click.IntRange(0, MAX_SEED), default=default, show_default=True,
                        help=when + "Random seed (0 to 2^63-1); the same seed gives the same result.")


def _check_scheduler(ctx, param, value):
    if value is None:
        return None
    from .batch import check_scheduler
    from .errors import OctoError

    try:
        return check_scheduler(value)
    except OctoError as e:           # click names the option itself: "Invalid value for '--scheduler': ..."
        raise click.BadParameter(e.message.removeprefix("--scheduler "), ctx=ctx, param=param)


WORKERS_MEANING = f"Cores to use at once, 1 to {MAX_WORKERS}"


def workers_option(default: int | None, what: str):
    """``--workers N``: one meaning everywhere (how many cores the command uses at once); ``what``
    says how this command uses them (processes, or CP-SAT's search threads)."""
    return click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=default,
                        show_default=default is not None,
                        help=f"{WORKERS_MEANING}: {what}.")


def scheduler_option(help_text: str = "Run on a Dask distributed cluster (tcp://host:8786, or "
                                        "'local' for a throw-away local cluster)."):
    """``--scheduler ADDRESS``: a Dask scheduler address or ``local``, checked before the work."""
    return click.option("--scheduler", default=None, metavar="ADDRESS", callback=_check_scheduler,
                        help=help_text)


def _workers_with_remote(ctx, param, value):
    """--workers and --scheduler of a batch command: a running cluster at an address has its own
    workers, so an explicit --workers beside one would change nothing and is refused (with
    --scheduler local it is the number of worker processes)."""
    if param.name == "scheduler":
        value = _check_scheduler(ctx, param, value)
    ctx.meta.setdefault("octosolve.batch", {})[param.name] = value
    seen = ctx.meta["octosolve.batch"]
    if {"workers", "scheduler"} <= set(seen) and seen["scheduler"] not in (None, "local"):
        if seen["workers"] is not None:          # no default: a value is one the user gave
            raise click.UsageError(f"--workers: the Dask cluster at {seen['scheduler']} runs the tasks on "
                                   "its own workers; give --workers without --scheduler or with "
                                   "--scheduler local", ctx)
    return value


def batch_options(f):
    f = click.option("--scheduler", default=None, metavar="ADDRESS", callback=_workers_with_remote,
                     help="Run on a Dask distributed cluster (tcp://host:8786, its own workers), or "
                          "'local' for a throw-away local cluster of --workers processes.")(f)
    f = click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None,
                     callback=_workers_with_remote,
                     help=f"{WORKERS_MEANING}: worker processes, one game (or chunk) at a time each "
                          "(default: one per core; 1 = in this process; with --scheduler local the "
                          "cluster's processes).")(f)
    return f


def players_option(default: str | None, help_extra: str = ""):
    return click.option("--players", "players", default=default, show_default=default is not None,
                        metavar="NAMES",
                        help="Comma-separated player names (case-insensitive); their number is the "
                             "number of players." + (f" {help_extra}" if help_extra else ""))


def simulations_option(default: int | None = None):
    return click.option("--simulations", type=count(1, MAX_SIMULATIONS), default=default,
                        show_default=default is not None,
                        # "default: each player's own" only when there is no default of the command's
                        # (it stood beside '[default: 200]')
                        help=f"Search budget per move of the search players (1 to {MAX_SIMULATIONS}"
                             + ("; default: each player's own" if default is None else "")
                             + "); refused when none of the players searches.")


def games_option(default: int, hi: int = MAX_GAMES):
    return click.option("--games", type=count(1, hi), default=default, show_default=True,
                        help=f"Number of games (1 to {hi}).")


def time_limit_option(default: float | None, help_text: str = "Seconds the solver may search"):
    return click.option("--time-limit", type=seconds(MAX_SECONDS), default=default,
                        show_default=default is not None,
                        help=f"{help_text} (a finite number >= {MIN_SECONDS:g}, at most a week).")


def variant_option(choices, default: str | None, help_text: str = "Rule variant."):
    return click.option("--variant", type=click.Choice(list(choices), case_sensitive=False),
                        default=default, show_default=default is not None, help=help_text)


def out_option(help_text: str = "Write the result to this file.", directory: bool = False,
               default=None):
    return click.option("--out", type=OutPath(directory), default=default, help=help_text)


class DeprecatedOption(click.Option):
    """A visible old spelling of another option (:func:`old_spelling`): ``deprecated_for`` names the
    option it stands for, so the vocabulary (docs/cli.md, tests/test_cli_vocabulary.py) gives it no
    meaning of its own."""

    deprecated_for: str = ""


def deprecation_note(old: str, new: str) -> str:
    """The one line an old spelling prints on stderr.

    >>> deprecation_note("--time-limit", "--think-time")
    '--time-limit is deprecated; use --think-time'
    """
    return f"{old} is deprecated; use {new}"


def old_spelling(old: str, dest: str, new: str, metavar: str = "VALUE"):
    """A visible deprecated option ``old``, an old spelling of option ``new`` (whose parameter is
    ``dest``) kept working: the value goes to ``new``'s parameter (``new`` takes
    ``callback=take_old_spelling``, which checks it with ``new``'s type) and, when the command
    succeeds, one line on stderr says ``OLD is deprecated; use NEW``."""
    def note(ctx, param, value):
        if value is not None:
            ctx.meta[f"old_spelling:{dest}"] = (old, value)
            _note_on_success(ctx, deprecation_note(old, new))

    def deco(f):
        f = click.option(old, f"old_{dest}", cls=DeprecatedOption, default=None, callback=note,
                         is_eager=True, expose_value=False, metavar=metavar,
                         help=f"Deprecated spelling of {new} (prints a one-line note); use {new}.")(f)
        f.__click_params__[-1].deprecated_for = new
        return f
    return deco


def _note_on_success(ctx, text: str) -> None:
    """Print ``text`` on stderr when the command ends without an error (an error stays one line)."""
    import sys

    def close():
        if sys.exc_info()[0] is None:
            click.echo(text, err=True)

    ctx.call_on_close(close)


def take_old_spelling(ctx, param, value):
    """The callback of an option with an old spelling (:func:`old_spelling`): the value given under
    the old spelling, checked with this option's type; both spellings at once are refused."""
    old = ctx.meta.get(f"old_spelling:{param.name}")
    if old is None:
        return value
    if value is not None and value != param.default:    # (click sets the source after the callback)
        raise click.UsageError(f"{old[0]} is the deprecated spelling of {param.opts[0]}: give "
                               f"{param.opts[0]} only", ctx)
    try:
        return param.type_cast_value(ctx, old[1])
    except click.BadParameter as e:      # named as the user wrote it
        raise click.BadParameter(e.message, ctx=ctx, param_hint=f"'{old[0]}'") from None


def old_command_name(group: click.Group, cmd: click.Command, old: str) -> None:
    """Register ``cmd`` in ``group`` under the deprecated ``old`` name as well (an old command name
    kept working, listed as deprecated): run under it, it prints one line naming ``cmd`` when it
    has done its work."""
    def callback(**kw):
        out = cmd.callback(**kw)
        # after the work, and only when it succeeded: an error stays one line
        click.echo(deprecation_note(f"`{old}`", f"`{cmd.name}`"), err=True)
        return out

    group.add_command(click.Command(old, params=list(cmd.params), callback=callback, deprecated=False,
                                    help=f"Deprecated name of `{cmd.name}` (prints a one-line note); "
                                         f"use `{cmd.name}`.",
                                    short_help=f"Deprecated name of `{cmd.name}`."))


def measure_options(out_help: str, seed_default: int | None = DEFAULT_SEED, quick_help: str | None = None):
    """The options of every game's ``measure`` (the long measurements the report reads, written to
    a data file with the command that made them): ``--quick``, ``--seed``, ``--workers``,
    ``--scheduler``, ``--out``, ``--json``."""
    def deco(f):
        f = json_option(f)
        f = click.option("--out", type=OutPath(False), default=None, help=out_help)(f)
        f = batch_options(f)
        f = seed_option(seed_default)(f)
        f = click.option("--quick", is_flag=True,
                         help=quick_help or "Smoke-test sizes (a few short games; not meaningful, and "
                                            "never written over the default data file).")(f)
        return f
    return deco


STOP_AFTER = (0, 100_000)  # --stop-after N: the one range of every game's `play`


def stop_after_option(then: str):
    """``play --stop-after N``, the same range and meaning in every game: stop after the record's
    first N moves (0 to 100,000; 0 is the starting position), ``then`` saying what it is for."""
    lo, hi = STOP_AFTER
    return click.option("--stop-after", type=click.IntRange(lo, hi), default=None, metavar="N",
                        help=f"Stop after N moves of the game record (its first N, {lo} to {hi:,}; {lo}: "
                             f"the starting position); {then}")


def record_option():
    """A game's ``play --out PATH``: the game record in the one format every game shares
    (octosolve-record/1, core/record.py), which ``octosolve replay PATH`` replays move by move and
    the position commands read as the position it ends in. ``--record PATH``, its old second
    spelling, is deprecated (``--record`` is Octagion ``design-deck``'s design record)."""
    def deco(f):
        f = old_spelling("--record", "out", "--out", "PATH")(f)
        return click.option("--out", "out", type=OutPath(False), default=None, metavar="PATH",
                            callback=take_old_spelling,
                            help="Write the game record (octosolve-record/1: game, players, seed, every "
                                 "move in the game's notation, outcome) to this file; `octosolve replay "
                                 "PATH` replays it, and the position commands read it as its last "
                                 "position.")(f)
    return deco


def position_out_option(what: str = "final"):
    """``--position-out PATH``: the position document (``State.to_json``) a game ends (or stops) in."""
    return click.option("--position-out", "position_out", type=OutPath(False), default=None,
                        metavar="PATH",
                        help=f"Write the {what} position document (State.to_json) to this file.")


def svg_option(help_text: str = "Write an SVG picture to this file."):
    return click.option("--svg", "svg_path", type=OutPath(False), default=None, metavar="PATH",
                        help=help_text)
