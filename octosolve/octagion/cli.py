"""`octosolve octagion ...` commands."""

from __future__ import annotations

from pathlib import Path

import click

from ..core.clikit import json_option, seed_option
from ..core.errors import fail
from ..core.jsonout import emit, write_json

DECK_OPT = click.option("--deck", "deck_path", type=click.Path(dir_okay=False), default=None,
                        help="Deck CSV (header letter,number). Default: data/octagion/deck.csv.")


def _deck(path):
    from .rules import load_deck
    return load_deck(path)


def _fmt_assignment(res: dict) -> str:
    return " ".join(f"{a['letter']}{a['number']}" if "number" in a else "*"
                    for a in res["assignment"])


@click.group(name="octagion")
def group():
    """Octagion: letter/number cards - solvability, Treatment Cards, deck design, scoring, set-ups."""


@group.command()
@click.argument("word")
@DECK_OPT
@click.option("--all", "all_solutions", is_flag=True, help="List every penalty-free solution.")
@click.option("--limit", type=click.IntRange(1), default=None, help="At most this many with --all.")
@json_option
def solve(word, deck_path, all_solutions, limit, as_json):
    """Can WORD be spelled without repeating a number? Minimum Treatment Cards, one optimal
    assignment and the number of distinct solutions."""
    from .solve import solve_word
    deck = _deck(deck_path)
    res = solve_word(word, deck, all_solutions=all_solutions, limit=limit)
    lines = [f"{res['word']}: " + ("solvable" if res["solvable"] else "not solvable without "
                                   f"Treatment Cards (needs {res['min_wildcards']})"),
             f"  solutions: {res['solutions']}   difficulty: {res['difficulty']}",
             f"  assignment: {_fmt_assignment(res)}"]
    if all_solutions:
        for s in res["all"]:
            lines.append("    " + " ".join(f"{a['letter']}{a['number']}" for a in s))
    emit(res, as_json, "\n".join(lines))


@group.command()
@click.argument("path", type=click.Path(dir_okay=False))
@DECK_OPT
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the full report (per word and per card) as JSON here.")
@json_option
def check(path, deck_path, report_path, as_json):
    """Designer's report for a word list or word-card file PATH (one word a line, or 'A1 WORD'):
    per word (solvable, Treatment Cards needed, solutions, difficulty) and per card."""
    from ..core.lexicon import read_lines
    from .mutations import parse_wordcards
    from .wordcards import check_cards, format_check
    deck = _deck(deck_path)
    entries = parse_wordcards(read_lines(path, "word list"), str(path))
    rep = check_cards(entries, deck)
    if report_path:
        write_json(report_path, rep)
    emit(rep["words"], as_json, format_check(rep))


@group.command()
@click.option("--sequence", required=True, help="The 8-letter challenge word.")
@click.option("--variant", required=True,
              help="The cards laid down, e.g. 'C3 O5 _ * N2 ...' (_ empty, * Treatment Card).")
@click.option("--got-it", is_flag=True, help="The team called 'Got it!'.")
@json_option
def score(sequence, variant, got_it, as_json):
    """Score one round exactly as the rules' Scoring section (see docs/rules/octagion.md)."""
    from .rules import score_variant
    res = score_variant(sequence, variant, got_it=got_it)
    p = res["penalties"]
    lines = [f"{res['sequence']} <- {res['variant']}",
             f"  8 - {p['empty_position']} empty - {p['incorrect_letter']} incorrect letter - "
             f"{p['repeated_number']} repeated number"
             + (f" {res['got_it_points']:+d} Got it!" if got_it else "") + f" = {res['score']}"]
    emit(res, as_json, "\n".join(lines))


@group.command("design-deck")
@click.argument("words", type=click.Path(dir_okay=False), required=False)
@click.option("--top", type=click.IntRange(1), default=None,
              help="Use only the first N words of WORDS (the lexicon is sorted by familiarity).")
@click.option("--per-number", type=click.IntRange(1, 26), default=6, show_default=True,
              help="Cards per number 1..8 (48 cards at 6).")
@click.option("--require", "require_path", type=click.Path(dir_okay=False), default=None,
              help="Word(-card) file whose words must all be solvable.")
@click.option("--favour", type=click.Choice(["none", "hard", "easy"]), default="none",
              show_default=True, help="Then prefer words with few (hard) or many (easy) solutions.")
@click.option("--time-limit", type=click.FloatRange(0.1), default=60.0, show_default=True,
              help="CP-SAT seconds.")
@click.option("--workers", type=click.IntRange(1, 16), default=2, show_default=True,
              help="CP-SAT search workers.")
@click.option("--local-search", "ls_iters", type=click.IntRange(0), default=5000, show_default=True,
              help="Simulated-annealing steps (numba-scored) whose deck is CP-SAT's starting hint.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the deck CSV here.")
@seed_option(0)
@json_option
def design_deck_cmd(words, top, per_number, require_path, favour, time_limit, workers, ls_iters,
                    out_path, seed, as_json):
    """Design a deck with CP-SAT: maximise the words of WORDS solvable without Treatment Cards
    (default WORDS: the lexicon's 1000 most familiar words)."""
    from ..core.lexicon import load_words, read_lines
    from .mutations import parse_wordcards
    from .solve import design_deck
    from .wordcards import DEFAULT_DESIGN_WORDS, lexicon_path
    if words is None:
        words = str(lexicon_path())
        top = top or DEFAULT_DESIGN_WORDS
    wl = load_words(words, length=8)
    if top:
        wl = wl[:top]
    req = None
    if require_path:
        req = [w for _, _, w in parse_wordcards(read_lines(require_path, "required words"),
                                                 require_path)]
    res = design_deck(wl, per_number=per_number, required=req, favour=favour,
                      time_limit=time_limit, seed=seed, workers=workers,
                      local_search_iters=ls_iters)
    if out_path:
        res.deck.save(out_path)
    j = res.to_json()
    if out_path:
        j["out"] = out_path
    lines = [f"{res.words} words, {res.kernel_solvable} solvable with the designed deck "
             f"(CP-SAT {res.status}: objective {res.objective:g}, bound {res.bound:g}, "
             f"gap {100 * res.gap:.1f}%, {res.seconds:.1f} s); mean solutions of a solvable word "
             f"{res.mean_solutions:g}"]
    for n, letters in j["deck"]["by_number"].items():
        lines.append(f"  {n}: {' '.join(letters)}")
    if out_path:
        lines.append(f"wrote {out_path}")
    emit(j, as_json, "\n".join(lines))


@group.command()
@DECK_OPT
@click.option("--cards", type=click.IntRange(1, 26), default=4, show_default=True,
              help="Number of word cards (40 words each).")
@click.option("--min-zipf", type=float, default=3.0, show_default=True,
              help="Familiarity floor (wordfreq Zipf frequency from the lexicon file).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the cards here ('A1<TAB>WORD' lines; `check` reads it).")
@seed_option()
@json_option
def wordcards(deck_path, cards, min_zipf, out_path, seed, as_json):
    """Generate word cards: 40 familiar 8-letter words each, all solvable by the deck."""
    from .wordcards import generate_wordcards, wordcards_text
    deck = _deck(deck_path)
    wc = generate_wordcards(deck, cards=cards, min_zipf=min_zipf, seed=seed)
    if out_path:
        Path(out_path).write_text(wordcards_text(wc, deck_path), encoding="utf-8")
    text = "\n".join(f"{c}: " + " ".join(f"{i}.{w}" for i, w in enumerate(ws, 1))
                     for c, ws in wc.items())
    emit({"cards": wc, "out": out_path}, as_json, text + (f"\nwrote {out_path}" if out_path else ""))


@group.command()
@click.option("--variant", type=click.Choice(["standard", "alpha", "beta", "gamma", "delta",
                                              "epsilon", "zeta", "virulent"],
                                             case_sensitive=False), default="standard",
              show_default=True)
@click.option("--teams", type=int, default=2, show_default=True)
@click.option("--rounds", type=int, default=8, show_default=True)
@click.option("--treatments", default=None,
              help="Treatment Cards per team: one number 0-5 or one per team (3,1,0).")
@click.option("--levels", default=None, help="Countdown levels: all, easy (1,2), hard (2,3), 1,2 ...")
@DECK_OPT
@click.option("--wordcards", "wordcards_path", type=click.Path(dir_okay=False), default=None,
              help="Word-card file (default data/octagion/wordcards.txt).")
@seed_option()
@json_option
def setup(variant, teams, rounds, treatments, levels, deck_path, wordcards_path, seed, as_json):
    """Game set-up round by round for a rule mutation (timers, words, Treatment Cards)."""
    from .mutations import generate_setup, load_wordcards
    deck = _deck(deck_path)
    wc = load_wordcards(wordcards_path) if (wordcards_path or variant.lower() != "zeta") else None
    zeta_words = None
    if variant.lower() == "zeta":
        from .wordcards import zeta_candidates
        zeta_words = zeta_candidates(deck)
    res = generate_setup(variant, teams, seed, rounds=rounds, treatments=treatments,
                         levels=levels, deck=deck, wordcards=wc, zeta_words=zeta_words)
    if variant.lower() == "zeta":
        from .solve import solve_word
        for rd in res["rounds"]:
            r = solve_word(rd["sequence"], deck)
            rd["min_wildcards"] = r["min_wildcards"]
    lines = [f"{res['variant']} - {teams} team(s), seed {seed}; Treatment Cards: "
             + ", ".join(f"team {t}: {n}" for t, n in res["treatment_cards"].items())]
    for rd in res["rounds"]:
        head = f"round {rd['round']}: {rd['time']}"
        if "countdown" in rd:
            c = rd["countdown"]
            head += f" (Countdown Card {c['time']} level {c['level']} +{c['offset']})"
        if "teams" in rd:
            head += "; " + "; ".join(
                f"team {p['team']}: {p['letter_card']} -> {p['word_card']}{p['position']} "
                f"{p['sequence']}" + (f" ({p['redraws']} redraw)" if p["redraws"] else "")
                for p in rd["teams"])
        elif "letter_card" in rd:
            head += f"; {rd['letter_card']} -> {rd['word_card']}{rd['position']} {rd['sequence']}"
        elif "word_card" in rd:
            head += f"; {rd['word_card']}{rd['position']} {rd['sequence']}"
        else:
            head += f"; {rd['sequence']} (needs {rd['min_wildcards']} Treatment Card(s))"
        lines.append(head)
    emit(res, as_json, "\n".join(lines))


@group.command()
@DECK_OPT
@click.option("--teams", type=int, default=3, show_default=True)
@click.option("--countdown", "countdown_path", type=click.Path(dir_okay=False), default=None,
              help="Countdown Cards CSV (time_s,level,offset); default data/octagion/countdown.csv.")
@click.option("--levels", default=None, help="Countdown levels in play (all, easy, hard, 1,2 ...).")
@json_option
def odds(deck_path, teams, countdown_path, levels, as_json):
    """Exact odds under Delta/Epsilon: each word position 1..40, and team collisions."""
    from .mutations import load_countdown, odds as odds_fn, parse_levels
    deck = _deck(deck_path)
    lv = parse_levels(levels)
    cd = [c for c in load_countdown(countdown_path) if c.level in lv]
    if not cd:
        fail(f"no Countdown Cards of levels {lv}")
    res = odds_fn(deck, cd, teams)
    pp = res["position_probability"]
    col = res["collisions"]
    lines = ["word position probabilities (Delta, one draw):"]
    for row in range(5):
        lines.append("  " + "  ".join(f"{i:2d}:{pp[str(i)]:.4f}" for i in range(row * 8 + 1,
                                                                              row * 8 + 9)))
    lines.append(f"{teams} teams (Epsilon): P(collision) = {col['p_collision']:.4f} "
                 f"({col['p_collision_exact']}), expected redraws {col['expected_redraws']:.4f}")
    emit(res, as_json, "\n".join(lines))


@group.command("deck")
@DECK_OPT
@click.option("--top", type=click.IntRange(1), default=None, help="Only the N most familiar words.")
@json_option
def deck_cmd(deck_path, top, as_json):
    """Deck statistics against the lexicon: solvable words, Treatment Cards needed, difficulty."""
    from .wordcards import deck_stats
    deck = _deck(deck_path)
    st = deck_stats(deck, top=top)
    lines = [f"deck: {len(deck)} cards, per number {st['deck']['per_number']}"]
    for n, letters in st["deck"]["by_number"].items():
        lines.append(f"  {n}: {' '.join(letters)}")
    lines.append(f"lexicon words: {st['words']}; solvable without Treatment Cards: "
                 f"{st['solvable']} ({100 * st['solvable_fraction']:.1f}%)")
    lines.append("Treatment Cards needed: " + ", ".join(f"{k}: {v}" for k, v in
                                                          st["min_wildcards"].items()))
    lines.append("difficulty of solvable words: " + ", ".join(f"{k}: {v}" for k, v in
                                                               st["difficulty"].items()))
    emit(st, as_json, "\n".join(lines))
