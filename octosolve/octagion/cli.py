"""`octosolve octagion ...` commands: thin wrappers that parse options, call the library, print.

Options follow the shared vocabulary (docs/cli.md): ``--variant`` names a rule variant only (the
cards of a scored row are ``--cards``); ``--teams N`` is always a count of teams (1 to 8);
``--time-limit``, ``--workers``, ``--seed``, ``--json``, ``--out``, ``--svg``. Names (variants,
``--favour``, Countdown levels, words, card tokens) are case-insensitive.
"""

from __future__ import annotations

import click

from ..core.clikit import (FiniteFloat, distinct_outputs, json_option, old_spelling, out_option, seed_option,
                           svg_option, take_old_spelling)
from ..core.errors import fail
from ..core.files import atomic_write_text
from ..core.jsonout import emit, write_json
from ..core.words import counted
from .design_cli import design_deck_cmd
from .explain_cli import explain_cmd

__all__ = ["group"]

MAX_TEAMS = 8
MAX_ROUNDS = 40
MAX_TOP = 1_000_000

DECK_OPT = click.option("--deck", "deck_path", default=None, metavar="PATH",
                        help="The team's deck: CSV with the header letter,number, one card a row "
                             "(default: our deck data/octagion/deck.csv).")
TEAMS_HELP = f"Number of teams (1 to {MAX_TEAMS})."


def _deck(path):
    from .rules import load_deck
    return load_deck(path)


def _fmt_assignment(res: dict) -> str:
    return " ".join(f"{a['letter']}{a['number']}" if "number" in a else "*"
                    for a in res["assignment"])


def _write_text(path: str, text: str) -> None:
    try:
        atomic_write_text(path, text)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


@click.group(name="octagion")
def group():
    """Octagion: letter/number cards - solvability, Treatment Cards, deck design, scoring, set-ups."""


@group.command()
@click.argument("word")
@DECK_OPT
@click.option("--all", "all_solutions", is_flag=True, help="List every penalty-free solution.")
@click.option("--limit", type=click.IntRange(1, 40320), default=None,
              help="At most this many solutions with --all (1 to 40320 = 8!).")
@json_option
def solve(word, deck_path, all_solutions, limit, as_json):
    """Can WORD be spelled without repeating a number? Minimum Treatment Cards, one optimal
    assignment and the number of distinct solutions."""
    from .solve import solve_word
    if limit is not None and not all_solutions:
        fail("--limit applies only with --all (it caps the solutions listed)")
    deck = _deck(deck_path)
    res = solve_word(word, deck, all_solutions=all_solutions, limit=limit)
    from .rules import TREATMENT_CARDS
    need = res["min_wildcards"]
    lines = [f"{res['word']}: " + ("solvable" if res["solvable"] else "not solvable without "
                                   f"Treatment Cards (needs {need}"
                                   + (f", more than the game's {TREATMENT_CARDS}: it cannot be completed"
                                      if need > TREATMENT_CARDS else "") + ")"),
             f"  solutions: {res['solutions']}   difficulty: {res['difficulty']}",
             f"  assignment: {_fmt_assignment(res)}"]
    if all_solutions:
        shown = len(res["all"])
        lines.append("  every penalty-free solution:" if shown == res["solutions"] and shown else
                     f"  the first {shown} of {res['solutions']} penalty-free solutions (--limit):"
                     if shown else "  no penalty-free solution to list")
        for s in res["all"]:
            lines.append("    " + " ".join(f"{a['letter']}{a['number']}" for a in s))
    emit(res, as_json, "\n".join(lines))


@group.command()
@click.argument("path", metavar="PATH")
@DECK_OPT
@out_option("Also write the full report (per word, per card, whole list) as JSON to this file.")
@svg_option("Write the word cards as an SVG picture, coloured by difficulty (word-card files).")
@click.option("--weighted", is_flag=True,
              help="Also weigh each word by its familiarity (the lexicon's Zipf frequency; 0 for words not "
                   "in it): a zipf column, and the familiarity covered per card and for the list.")
@json_option
def check(path, deck_path, out, svg_path, weighted, as_json):
    """Designer's report for PATH: a plain word list of any length (one word a line) or a word-card
    file ('A1 WORD' lines): per word (solvable, Treatment Cards needed, solutions, difficulty), per
    card and for the whole list. Shows progress on long lists."""
    from ..core.lexicon import read_lines
    from .render import wordcards_svg
    from .wordcards import check_cards, format_check, parse_wordcards, report_with_repeats
    distinct_outputs(("--out", out), ("--svg", svg_path), inputs=(("PATH", path), ("--deck", deck_path)))
    deck = _deck(deck_path)
    entries = parse_wordcards(read_lines(path, "word list"), str(path))
    if svg_path and entries[0][0] is None:
        fail("--svg draws word cards: PATH is a plain word list, not a word-card file")
    rep = check_cards(entries, deck, show_progress=True, dedupe=True)
    if weighted:
        from .wordcards import load_lexicon, weigh_report
        lw, z = load_lexicon()
        weigh_report(rep, dict(zip(lw, (float(x) for x in z))))
    if out:
        write_json(out, rep)
    if svg_path:
        _write_text(svg_path, wordcards_svg(report_with_repeats(rep)))   # every card as written
    emit(rep["words"], as_json, format_check(rep) + "".join(f"\nwrote {v}" for v in (out, svg_path) if v))


@group.command()
@click.option("--sequence", required=True, help="The 8-letter challenge word (case-insensitive).")
@click.option("--laid", "cards", required=True, metavar="ROW",
              help="The row of cards the team laid down (the rules' 'variant'), e.g. "
                   "'C3 O5 _ * N2 ...': letter+number, _ an empty position, * a Treatment Card.")
@click.option("--got-it", is_flag=True, help="The team called 'Got it!'.")
@DECK_OPT
@click.option("--treatments-left", "treatments", type=click.IntRange(0, 5), default=5, show_default=True,
              callback=take_old_spelling,
              help="Treatment Cards the team still has (0 to 5); a row using more is refused.")
@old_spelling("--treatments", "treatments", "--treatments-left", "N")
@json_option
def score(sequence, cards, got_it, deck_path, treatments, as_json):
    """Score one round exactly as the rules' Scoring section (see docs/rules/octagion.md). A row
    that cannot be on the table (a card the team's deck lacks or holds fewer times, more Treatment
    Cards than the team has) is an error."""
    from .rules import score_variant
    res = score_variant(sequence, cards, got_it=got_it, deck=_deck(deck_path),
                        treatments=treatments)
    p = res["penalties"]
    lines = [f"{res['sequence']} <- {res['variant']}",
             f"  8 - {p['empty_position']} empty - {counted(p['incorrect_letter'], 'incorrect letter')} - "
             f"{counted(p['repeated_number'], 'repeated number')}"
             + (f" {res['got_it_points']:+d} Got it!" if got_it else "") + f" = {res['score']}"]
    missing, extra = res["missing_filled"], res["trailing_removed"]
    if missing:
        lines.append(f"  ({8 - missing} cards laid: position{'s' if missing > 1 else ''} "
                     f"{', '.join(str(i) for i in range(9 - missing, 9))} counted as empty)")
    if extra:
        lines.append(f"  ({8 + extra} cards laid: only the first 8 count, the rules remove the "
                     f"{'last ' + str(extra) if extra > 1 else 'last one'})")
    emit(res, as_json, "\n".join(lines))


@group.command("bound")
@click.argument("words", metavar="[WORDS]", required=False)
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=None,
              help="Use only the first N words of WORDS (default WORDS: the lexicon's 1000 most "
                   "familiar words).")
@click.option("--per-number", type=click.IntRange(1, 26), default=6, show_default=True,
              help="Cards per number 1..8 (1 to 26).")
@click.option("--sets", "use_sets", is_flag=True,
              help="The tighter set LP bound: an LP over the letter sets of a number, restricted to "
                   "the sets meeting more than B words (B searched; minutes at 2000 words; "
                   "per-number <= 6 or >= 20).")
@click.option("--hall", is_flag=True,
              help="With --sets: also Hall's condition for the letter subsets of each word (rows "
                   "added where the LP breaks them; tighter, slower).")
@click.option("--complete", is_flag=True, help="With --sets --hall: solve the LP to its optimum (sets and "
              "Hall rows added until none helps, warm-started), not only until the bound sought is proved.")
@click.option("--threshold", type=click.IntRange(0, MAX_TOP), default=None, metavar="B",
              help="With --sets: prove max(B, the LP over the sets meeting more than B words) for "
                   "this B instead of searching B.")
@out_option("Write the bound's certificate (JSON) to this file; 'check-bound' re-checks it.")
@json_option
def bound_cmd(words, top, per_number, use_sets, hall, complete, threshold, out, as_json):
    """An upper bound on the words of WORDS (a word list or word-card file, read as design-deck
    reads it) that any deck solves without Treatment Cards, with its certificate (no deck search;
    design-deck prints the same bound beside its deck; --sets a tighter one)."""
    from .bound import count_bound
    from .wordcards import design_words, left_out_note
    distinct_outputs(("--out", out), inputs=(("WORDS", words),))
    wl, left = design_words(words, top)
    if not wl:
        fail("no words to bound")
    if (threshold is not None or hall or complete) and not use_sets or complete and not hall:
        fail("--threshold and --hall go with --sets, --complete with --sets --hall")
    if use_sets:
        from .bound_sets import set_bound
        from ..core.progress import progress
        from .bound_full import complete_set_bound
        with progress(total=None, desc="set LP bound", unit="LP") as bar:
            cert = (complete_set_bound if complete else set_bound)(
                wl, per_number=per_number, threshold=threshold, **({} if complete else {"hall": hall}),
                progress=lambda b, rnd, cols, v, neg: (bar.update(), bar.set_postfix_str(
                    f"B {b}: round {rnd}, {cols} sets, LP {v:.2f}")))
    else:
        cert = count_bound(wl, per_number=per_number)
    if out:
        write_json(out, cert)
    r = {k: cert[k] for k in ("bound", "lp_value", "proof", "per_number")}
    r["words"] = len(cert["words"])
    r["counts"] = cert.get("counts")
    if use_sets:
        r["threshold"] = cert["threshold"]
        r["thresholds_tried"] = cert["thresholds_tried"]
        r["seconds"] = cert["seconds"]
        r.update({k: cert[k] for k in ("complete", "cpu_seconds", "lps_solved", "hall_rows_added",
                                       "lp_values") if k in cert})
    if out:
        r["out"] = out
    if left is not None:
        r["words_left_out"] = left
    r["any_split"] = not use_sets     # the count bound uses only the total of 8 x per_number
    text = (f"{counted(r['words'], 'word')}: no deck of {per_number} letters per number solves more than "
            f"{r['bound']} ({r['proof']})")
    if r["any_split"]:
        text += (f"; nor any deck of {8 * per_number} cards however split between the numbers "
                 "(design-deck --split free)")
    if left_out_note(words, left):
        text += "\n" + left_out_note(words, left)
    if r["counts"]:
        text += "\n  numbers per letter at the bound: " + " ".join(
            f"{k}{v}" for k, v in r["counts"].items())
    if use_sets:
        text += (f"\n  B = {r['threshold']}: LP over the sets meeting more than B words "
                 f"{r['lp_value']:.3f}; bounds proved for the B tried: " + ", ".join(
                     f"{k}: {v}" for k, v in r["thresholds_tried"].items())
                 + f" ({r['seconds']:.0f} s)")
        text += (f"\n  LP solved to the end: {r['lps_solved']} warm-started solves, {r['hall_rows_added']:,} "
                 f"Hall rows added, {r['cpu_seconds']:.0f} CPU-s") if r.get("complete") else ""
    if out:
        text += f"\nwrote {out}"
    emit(r, as_json, text)


@group.command("check-bound")
@click.argument("certificate_file", metavar="CERTIFICATE", type=click.Path())
@json_option
def check_bound_cmd(certificate_file, as_json):
    """Re-check an upper-bound certificate (design-deck --certificate, bound --out, bound --sets
    --out) with exact fractions and no solver: the words no deck can exceed. Exit status 2 (one line) when it does not prove the bound
    it states."""
    from ..core.jsonout import read_json
    from fractions import Fraction

    from .bound_sets import check_any_certificate
    cert = read_json(certificate_file, "bound certificate")
    r = check_any_certificate(cert)
    if not r["agrees"]:
        fail(f"bound certificate {certificate_file}: it states {cert.get('bound')!r} but proves "
             f"{r['bound']}")
    from . import bound, bound_sets
    r["proof"] = cert.get("proof") or (bound_sets.PROOF if "threshold" in r else bound.PROOF)
    value = r["value"]
    if "threshold" in r:
        value = (f"{float(Fraction(r['value'])):.4f} = {r['value']}; B {r['threshold']}, "
                 f"{r['sets_kept']:,} sets meet more than B words")
    emit(r, as_json, f"{counted(r['words'], 'word')}: no deck of {cert['per_number']} letters per number "
                     f"solves more than {r['bound']} (dual value {value}; {r['proof']})")


@group.command()
@DECK_OPT
@click.option("--cards", type=click.IntRange(1, 26), default=4, show_default=True,
              help="Number of word cards (1 to 26, 40 words each).")
@click.option("--min-zipf", type=FiniteFloat(0.0, 8.0, lo_open=False), default=3.0,
              show_default=True,
              help="Familiarity floor, 0 to 8 (wordfreq Zipf frequency from the lexicon file).")
@out_option("Write the cards here ('A1<TAB>WORD' lines; `check` reads it).")
@svg_option("Write the word cards as an SVG picture.")
@seed_option()
@json_option
def wordcards(deck_path, cards, min_zipf, out, svg_path, seed, as_json):
    """Generate word cards: 40 familiar 8-letter words each, all solvable by the deck."""
    from .wordcards import generate_wordcards, wordcards_text
    distinct_outputs(("--out", out), ("--svg", svg_path), inputs=(("--deck", deck_path),))
    deck = _deck(deck_path)
    wc = generate_wordcards(deck, cards=cards, min_zipf=min_zipf, seed=seed)
    if out:
        from ..core.seeding import DEFAULT_SEED
        opts = " ".join(f"{k} {v}" for k, v, d in (("--cards", cards, 4), ("--min-zipf", f"{min_zipf:g}", "3"),
                                                    ("--seed", seed, DEFAULT_SEED)) if v != d)
        _write_text(out, wordcards_text(wc, deck_path, opts))
    if svg_path:
        _write_text(svg_path, wc._repr_svg_())
    text = "\n".join(f"{c}: " + " ".join(f"{i}.{w}" for i, w in enumerate(ws, 1))
                     for c, ws in wc.items())
    text += "".join(f"\nwrote {v}" for v in (out, svg_path) if v)
    emit({"cards": dict(wc), "out": out}, as_json, text)


@group.command()
@click.option("--variant", type=click.Choice(["standard", "alpha", "beta", "gamma", "delta",
                                              "epsilon", "zeta", "virulent"],
                                             case_sensitive=False), default="standard",
              show_default=True, help="Rule variant: standard, a Rule Mutation, or Virulent.")
@click.option("--teams", type=click.IntRange(1, MAX_TEAMS), default=2, show_default=True,
              help=TEAMS_HELP)
@click.option("--rounds", type=click.IntRange(1, MAX_ROUNDS), default=8, show_default=True,
              help=f"Rounds in the game (1 to {MAX_ROUNDS}; Alpha: at most 8).")
@click.option("--treatments", default=None, metavar="N[,N...]",
              help="Treatment Cards per team for the whole game: one number 0-5 or one per team, P0 first "
                   "(3,1,0). Default 3 for beta, zeta and virulent, else 0.")
@click.option("--levels", default=None, metavar="LEVELS",
              help="Countdown levels (gamma, delta, epsilon, virulent): all, easy (1,2), hard "
                   "(2,3) or a list such as 1,2.")
@click.option("--zeta-budget", type=click.Choice(["game", "round"], case_sensitive=False),
              default="game", show_default=True,
              help="Rule Zeta: a word may need at most the Treatment Cards the teams have left "
                   "over the game (game), or at most a team's allocation in each round (round).")
@DECK_OPT
@click.option("--wordcards", "wordcards_path", default=None, metavar="PATH",
              help="Word-card file or plain list of 40 x k words (default data/octagion/wordcards.txt; "
                   "not zeta, which draws from the lexicon).")
@seed_option()
@json_option
def setup(variant, teams, rounds, treatments, levels, zeta_budget, deck_path, wordcards_path, seed,
          as_json):
    """Game set-up round by round for a rule variant (timers, words, Treatment Cards). The teams
    are named P0, P1, ... (each team is one player of the game, as players are named in every game).

    An option the variant does not use is refused: --levels without Countdown Cards, --zeta-budget
    outside zeta, --wordcards with zeta, --deck where no card is drawn from the team's deck (only
    delta, epsilon, virulent and zeta draw from it)."""
    from .mutations import generate_setup
    from .rules import treatment_cards
    from .wordcards import load_wordcards
    variant = variant.lower()
    # options this variant has no use for are refused, not silently dropped
    if variant != "zeta" and (click.get_current_context().get_parameter_source("zeta_budget")
                              == click.core.ParameterSource.COMMANDLINE):
        fail(f"--zeta-budget applies only with --variant zeta, not {variant}")
    if levels is not None and variant not in ("gamma", "delta", "epsilon", "virulent"):
        fail(f"--levels applies only to the variants with Countdown Cards (gamma, delta, epsilon, "
             f"virulent), not {variant}")
    if wordcards_path is not None and variant == "zeta":
        fail("--wordcards does not apply to --variant zeta (Rule Zeta draws its own words from "
             "the lexicon)")
    if deck_path is not None and variant not in ("delta", "epsilon", "virulent", "zeta"):
        fail(f"--deck applies only to the variants that draw from the team's deck (delta, epsilon, "
             f"virulent, zeta), not {variant}")
    deck = _deck(deck_path)
    wc = load_wordcards(wordcards_path) if (wordcards_path or variant != "zeta") else None
    zeta_words = None
    if variant == "zeta":
        from .wordcards import zeta_candidates
        zeta_words = zeta_candidates(deck)
    res = generate_setup(variant, teams, seed, rounds=rounds, treatments=treatments,
                         levels=levels, deck=deck, wordcards=wc, zeta_words=zeta_words,
                         zeta_budget=zeta_budget)
    lines = [f"{res['variant']} - {counted(teams, 'team')}, seed {seed}; Treatment Cards for the game: "
             + ", ".join(f"team {t}: {n}" for t, n in res["treatment_cards"].items())]
    for rd in res["rounds"]:
        head = f"round {rd['round']}: {rd['time']}"
        if "countdown" in rd:
            c = rd["countdown"]
            head += f" (Countdown Card {c['time']} level {c['level']} +{c['offset']})"
        if "teams" in rd:
            head += "; " + "; ".join(
                f"team P{p['team']}: {p['letter_card']} -> {p['word_card']}{p['position']} "
                f"{p['sequence']}" + (f" ({counted(p['redraws'], 'redraw')}" + (
                    f", {counted(p['letter_redraws'], 'new Letter Card')}: the number's word was "
                    "taken on every Word Card" if p.get("letter_redraws") else "") + ")"
                    if p["redraws"] else "")
                for p in rd["teams"])
        elif "letter_card" in rd:
            head += f"; {rd['letter_card']} -> {rd['word_card']}{rd['position']} {rd['sequence']}"
        elif "word_card" in rd:
            head += f"; {rd['word_card']}{rd['position']} {rd['sequence']}"
        else:
            left = rd.get("treatment_cards_left")
            head += (f"; {rd['sequence']} (needs {treatment_cards(rd['min_wildcards'])}"
                     + ("; left: " + ", ".join(f"team {t}: {n}" for t, n in left.items())
                        if left else "") + ")")
        lines.append(head)
    emit(res, as_json, "\n".join(lines))


@group.command()
@DECK_OPT
@click.option("--teams", type=click.IntRange(1, MAX_TEAMS), default=3, show_default=True,
              help=TEAMS_HELP)
@click.option("--countdown", "countdown_path", default=None, metavar="PATH",
              help="Countdown Cards CSV (time_s,level,offset); default data/octagion/countdown.csv.")
@click.option("--levels", default=None, metavar="LEVELS",
              help="Countdown levels in play: all, easy (1,2), hard (2,3) or a list such as 1,2.")
@json_option
def odds(deck_path, teams, countdown_path, levels, as_json):
    """Exact odds under Delta/Epsilon: each word position 1..40, and team collisions."""
    from .mutations import levels_text, load_countdown, parse_levels
    from .mutations import odds as odds_fn
    deck = _deck(deck_path)
    lv = parse_levels(levels)
    cd = [c for c in load_countdown(countdown_path) if c.level in lv]
    if not cd:
        fail(f"no Countdown Cards of {levels_text(lv)} in "
             f"{countdown_path or 'data/octagion/countdown.csv'}")
    res = odds_fn(deck, cd, teams)
    res["levels"] = list(lv)
    pp = res["position_probability"]
    col = res["collisions"]
    offsets = ", ".join(f"{o} ({float(p):.0%})" for o, p in res["offset_probability"].items())
    lines = [f"Countdown Cards in play: {len(cd)} ({levels_text(lv)}); their offsets: {offsets}",
             "word position probabilities (Delta, one draw):"]
    for row in range(5):
        lines.append("  " + "  ".join(f"{i:2d}:{pp[str(i)]:.4f}" for i in range(row * 8 + 1,
                                                                              row * 8 + 9)))
    lines.append(f"{counted(teams, 'team')} (Epsilon): P(collision) = {col['p_collision']:.4f} "
                 f"({col['p_collision_exact']}), expected redraws {col['expected_redraws']:.4f}")
    emit(res, as_json, "\n".join(lines))


@group.command("deck")
@DECK_OPT
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=None,
              help="Use only the first N words of the lexicon (its N most familiar).")
@svg_option("Write the deck as an SVG picture.")
@json_option
def deck_cmd(deck_path, top, svg_path, as_json):
    """Deck statistics against the lexicon: solvable words, Treatment Cards needed, difficulty."""
    from .wordcards import deck_stats
    distinct_outputs(("--svg", svg_path), inputs=(("--deck", deck_path),))
    deck = _deck(deck_path)
    st = deck_stats(deck, top=top)
    if svg_path:
        _write_text(svg_path, deck._repr_svg_())
    lines = [f"deck: {len(deck)} cards, per number {' '.join(map(str, st['deck']['per_number']))}"]
    for n, letters in st["deck"]["by_number"].items():
        lines.append(f"  {n}: {' '.join(letters)}")
    lines.append(f"lexicon words: {st['words']}; solvable without Treatment Cards: "
                 f"{st['solvable']} ({100 * st['solvable_fraction']:.1f}%)")
    lines.append("Treatment Cards needed: " + ", ".join(f"{k}: {v}" for k, v in
                                                          st["min_wildcards"].items()))
    lines.append("difficulty of solvable words: " + ", ".join(f"{k}: {v}" for k, v in
                                                               st["difficulty"].items()))
    if svg_path:
        lines.append(f"wrote {svg_path}")
    emit(st, as_json, "\n".join(lines))

group.add_command(design_deck_cmd)
group.add_command(explain_cmd)
