"""`octosolve octagion design-deck`: design a deck for a word list and bound what any deck can reach
(the library: :mod:`.design`). Registered on the octagion group by ``cli.py``.

By default ``--time-limit`` is the whole search's wall-clock time: the annealing walks get all of it
but CP-SAT's short polish at the end, then the LP bound for the list runs (``--bound-time`` CPU
seconds at most); walks set by hand (``--local-search``, ``--restarts``, ``--anneal-time``),
``--favour hard|easy`` and ``--deterministic`` keep the older meaning, CP-SAT's seconds after them.
"""

from __future__ import annotations

import shlex

import click

from ..core.clikit import (MAX_SECONDS, FiniteFloat, OutPath, count, distinct_outputs, json_option, out_option,
                           scheduler_option, seconds, seed_option, svg_option, workers_option)
from ..core.errors import Terminated, fail
from ..core.files import atomic_write_text
from ..core.jsonout import emit, write_json
from ..core.words import counted

__all__ = ["design_deck_cmd"]

MAX_TOP = 1_000_000


def _write_text(path: str, text: str) -> None:
    try:
        atomic_write_text(path, text)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


def _design_command(words_arg, top, per_number, require_path, favour, time_limit, workers, ls_iters, restarts,
                    anneal_time, replicas, seed, out, record, certificate=None, scheduler=None, split="equal",
                    deterministic=False, bound_time=600.0, weighted=False) -> str:
    """The command line of a run, for its record (the walks' options only where they were given:
    without them the walks share --time-limit)."""
    args = ["octosolve", "octagion", "design-deck"] + ([words_arg] if words_arg else [])
    if top:
        args += ["--top", str(top)]
    args += ["--per-number", str(per_number), "--favour", favour, "--time-limit", f"{time_limit:g}",
             "--workers", str(workers)]
    for opt, v in (("--local-search", ls_iters), ("--restarts", restarts), ("--weighted", weighted or None),
                   ("--split", split if split != "equal" else None), ("--deterministic", deterministic or None),
                   ("--anneal-time", None if anneal_time is None else f"{anneal_time:g}"),
                   ("--replicas", replicas if replicas > 1 else None), ("--scheduler", scheduler or None),
                   ("--bound-time", f"{bound_time:g}" if bound_time != 600 else None), ("--seed", seed)):
        args += [] if v is None else [opt] if v is True else [opt, str(v)]
    for opt, v in (("--require", require_path), ("--out", out), ("--record", record),
                   ("--certificate", certificate)):
        if v:
            args += [opt, str(v)]
    return " ".join(shlex.quote(a) for a in args)


@click.command("design-deck")
@click.argument("words", metavar="[WORDS]", required=False)
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=None,
              help="Use only the first N words of WORDS (the lexicon is sorted by familiarity; "
                   "the designer takes at most 5000 words).")
@click.option("--per-number", type=click.IntRange(1, 26), default=6, show_default=True,
              help="Cards per number 1..8 (1 to 26; 48 cards at 6).")
@click.option("--split", type=click.Choice(["equal", "free"], case_sensitive=False),
              default="equal", show_default=True,
              help="equal: --per-number cards on every number; free: only the total (8 x "
                   "--per-number, 48) is fixed and the designer shares the cards between the "
                   "numbers (each at least one). The rules fix 48 cards, not the split "
                   "(docs/rules/octagion.md).")
@click.option("--require", "require_path", default=None, metavar="PATH",
              help="Word list or word-card file whose words must all be solvable.")
@click.option("--favour", type=click.Choice(["none", "hard", "easy"], case_sensitive=False),
              default="none", show_default=True,
              help="Then prefer words with few (hard) or many (easy) solutions.")
@click.option("--time-limit", type=seconds(MAX_SECONDS), default=60.0, show_default=True,
              help="Wall-clock seconds for the search (a finite number >= 0.1, at most a week): by "
                   "default the annealing walks get all but the last 5%, CP-SAT's polish the rest; "
                   "the LP bound comes after it (--bound-time). With --local-search, --restarts, "
                   "--anneal-time, --favour hard|easy or --deterministic: CP-SAT's seconds, the "
                   "walks on top. The first round of walks always runs (a heavily loaded machine can "
                   "overrun the time) and a loaded machine can end the search at another deck.")
@click.option("--deterministic", is_flag=True,
              help="Reproducible: --time-limit counts CP-SAT's deterministic time (its own measure "
                   "of work, not seconds: 60 took 207 s of wall-clock time at 1000 words) and its "
                   "workers interleave their search in a fixed order, so the same --seed and "
                   "--workers give the same deck on any machine load. Not with --anneal-time.")
@workers_option(2, "Walks at once and CP-SAT's search threads, at most 64: more is refused "
                   "(with more than 1 CP-SAT's result varies from run to run, unless --deterministic)")
@click.option("--local-search", "ls_iters", type=count(0, 10_000_000), default=None,
              help="Simulated-annealing steps per run (numba, 0 to 10^7); the best run's deck is "
                   "CP-SAT's starting hint. Default: 300,000 at up to 2000 words (fewer on longer "
                   "lists or a short --time-limit) with the walks sharing --time-limit; given: "
                   "--restarts runs (default 1) and CP-SAT --time-limit after them.")
@click.option("--restarts", type=click.IntRange(1, 1000), default=None,
              help="Independent annealing runs (1 to 1000, --workers of them at once); the best "
                   "one wins. Default: as many as fit in --time-limit (or --anneal-time).")
@click.option("--anneal-time", type=seconds(MAX_SECONDS), default=None,
              help="Seconds for the annealing: runs start while the next one fits (the first "
                   "always runs), up to --restarts.")
@click.option("--replicas", type=click.IntRange(1, 64), default=1, show_default=True,
              help="1: independent annealing runs; 2 to 64: each run is a parallel-tempering "
                   "ensemble of that many walks (temperatures 1.3 to 3.5 at 2000 words, scaled "
                   "with the list), --local-search steps each.")
@scheduler_option("Run the annealing runs on a Dask cluster (tcp://host:8786, or 'local' for a "
                  "throw-away local cluster of --workers worker processes), one run a task; for "
                  "the same --seed and --restarts the annealed deck is the same as without it. "
                  "CP-SAT stays in this process (speed-up measured in docs/octagion.md).")
@out_option("Write the designed deck as CSV (letter,number) to this file.")
@click.option("--record", type=OutPath(False), default=None, metavar="PATH",
              help="Write the design record (JSON: the command, the words, CP-SAT's figures, the "
                   "deck) to this file; the report re-checks data/octagion/deck_design.json and "
                   "data/octagion/best_deck_top*.json.")
@click.option("--certificate", type=OutPath(False), default=None, metavar="PATH",
              help="Write the upper bound's certificate (JSON; 'octosolve octagion check-bound' "
                   "re-checks it with fractions, no solver).")
@click.option("--bound-time", type=FiniteFloat(0.0, MAX_SECONDS, lo_open=False), default=600.0, show_default=True,
              help="After the search, CPU seconds for the upper bound of 'bound --sets --hall --complete' on "
                   "WORDS (105 to 220 at 2000 words, on top of --time-limit; past them the LP's last "
                   "duals give a weaker bound); 0: the count bound only. Skipped when data/octagion/ "
                   "stores a certificate for WORDS.")
@click.option("--weighted", is_flag=True,
              help="Maximise the familiarity of the words covered (the summed Zipf frequency from "
                   "the lexicon; 0 for words not in it) instead of their number; the report gives "
                   "both. The bound printed stays a bound on words.")
@svg_option("Write the designed deck as an SVG picture.")
@seed_option(0)
@json_option
def design_deck_cmd(words, top, per_number, split, require_path, favour, time_limit, deterministic, workers, ls_iters,
                    restarts, anneal_time, replicas, scheduler, out, record, certificate, bound_time, weighted,
                    svg_path, seed, as_json):
    """Design a deck: maximise the words of WORDS (a word list or word-card file; lines that are
    not an 8-letter word are skipped and counted) solvable without Treatment Cards (default WORDS:
    the lexicon's 1000 most familiar words), and bound what any deck can reach. Simulated-annealing
    walks (two at a time with --workers 2) for --time-limit seconds but CP-SAT's short polish at the
    end, then the LP bound for WORDS (--bound-time CPU seconds at most): the command takes about
    --time-limit plus the bound's time. Shows progress; Ctrl-C stops it."""
    from ..core.lexicon import read_lines
    from .bound_full import lp_lines
    from .design import design_deck, design_record
    from .wordcards import DEFAULT_DESIGN_WORDS, design_words, left_out_note, parse_wordcards
    favour, split = favour.lower(), split.lower()
    distinct_outputs(("--out", out), ("--record", record), ("--certificate", certificate), ("--svg", svg_path),
                     inputs=(("WORDS", words), ("--require", require_path)))
    if ls_iters == 0 and (anneal_time is not None or (restarts or 1) > 1 or replicas > 1 or scheduler):
        fail("--anneal-time, --restarts, --replicas and --scheduler set up the annealing, which "
             "--local-search 0 turns off: drop them or give --local-search steps")
    # the default plan: the walks share --time-limit with CP-SAT's polish (design.walk_steps)
    share = (ls_iters is None and restarts is None and anneal_time is None and favour == "none"
             and not deterministic)
    if restarts is None:
        restarts = 1000 if anneal_time is not None or share else 1
    if ls_iters is None and not share:
        ls_iters = 5000
    words_arg = words
    if words is None:
        top = top or DEFAULT_DESIGN_WORDS
    wl, left = design_words(words, top)
    req = None
    if require_path:
        req = [w for _, _, w in parse_wordcards(read_lines(require_path, "required words"),
                                                 require_path)]
    weights = None
    if weighted:
        from .wordcards import load_lexicon
        lw, z = load_lexicon()
        weights = dict(zip(lw, (float(x) for x in z)))
    try:
        res = design_deck(wl, per_number=per_number, required=req, favour=favour, weights=weights, share_time=share,
                          time_limit=time_limit, seed=seed, workers=workers,
                          local_search_iters=ls_iters, restarts=restarts,
                          anneal_time=anneal_time, replicas=replicas, scheduler=scheduler,
                          split=split, deterministic=deterministic, lp_bound_cpu=bound_time)
    except KeyboardInterrupt as e:
        # the CLI's clean stop (130 for Ctrl-C, 143 for SIGTERM: the exception's type), with this line;
        # CP-SAT's search has ended by now (core/cpsat.py waits for it)
        word = "Terminated" if isinstance(e, Terminated) else "Interrupted"
        raise type(e)(f"{word}: no deck designed, nothing written.") from e
    if out:
        _write_text(out, res.deck.to_csv())
    j = res.to_json()
    if certificate:
        write_json(certificate, res.certificate)
    if record:
        cmd = _design_command(words_arg, top, per_number, require_path, favour, time_limit, workers,
                              None if share else ls_iters, None if share else restarts, anneal_time, replicas,
                              seed, out, record, certificate, scheduler, split, deterministic, bound_time,
                              weighted)
        rec = design_record(res, wl + [w for w in (req or []) if w not in wl], cmd,
                            words_file=words_arg or "lexicon", top=top, per_number=per_number,
                            favour=favour, time_limit=time_limit, workers=workers,
                            local_search=(res.walks or {}).get("steps", ls_iters) if share else ls_iters,
                            restarts=None if share else restarts, **({"weighted": True} if weighted else {}),
                            anneal_time=anneal_time, replicas=replicas, seed=seed,
                            scheduler=scheduler, bound_time=bound_time, **({"split": split} if split != "equal" else {}),
                            **({"deterministic": True} if deterministic else {}))
        write_json(record, rec)
    if svg_path:
        _write_text(svg_path, res.deck._repr_svg_())
    for k, v in (("out", out), ("record", record), ("certificate", certificate),
                 ("svg", svg_path)):
        if v:
            j[k] = v
    if left is not None:
        j["words_left_out"] = left
    lines = [f"{counted(res.words, 'word')}, {res.kernel_solvable} solvable with the designed deck "
             f"(CP-SAT {res.status}: objective {res.objective:g}, CP-SAT bound {res.cpsat_bound:g}; "
             f"annealing {res.anneal_solvable if res.anneal_solvable is not None else '-'}; "
             f"{res.seconds:.1f} s); mean solutions of a solvable word {res.mean_solutions:g}",
             *([f"  familiarity covered (--weighted: the words' summed Zipf frequency): {res.weight_covered:g} "
                f"of {res.weight_total:g}"] if weighted else []),
             f"  search {res.search_seconds:.1f} s: " + (
                 f"{counted(res.walks['runs'], 'walk' if replicas == 1 else 'tempering ensemble')} of "
                 f"{res.walks['steps']:,} steps in {res.walks['seconds']:.1f} s, " if res.walks else "")
             + f"CP-SAT {res.cpsat_seconds:.1f} s; the bound after it {res.seconds - res.search_seconds:.1f} s",
             *[ln for ln in [left_out_note(words_arg, left)] if ln],
             f"upper bound: no deck{' of ' + str(8 * per_number) + ' cards, however split,' if split == 'free' else ''}"
             f" solves more than {res.bound} of these words "
             f"({res.bound_proof}); covered {res.covered}, gap {100 * res.gap:.1f}%", *lp_lines(res.lp_bound, res.count_bound)]
    if split == "free":
        lines.append(f"  cards per number: {' '.join(str(v) for v in res.deck.per_number())}")
    for n, letters in j["deck"]["by_number"].items():
        lines.append(f"  {n}: {' '.join(letters)}")
    lines += [f"wrote {v}" for v in (out, record, certificate, svg_path) if v]
    emit(j, as_json, "\n".join(lines))


