"""`octosolve octagion explain`: why a deck loses the words it loses, what each card is worth and
what each single-card change would do (the library: :mod:`.explain`). Registered on the octagion
group by ``cli.py``."""

from __future__ import annotations

import click

from ..core.clikit import json_option
from ..core.errors import fail
from ..core.jsonout import emit

__all__ = ["explain_cmd"]

MAX_TOP = 1_000_000


@click.command("explain")
@click.argument("words", metavar="[WORDS]", required=False)
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=None,
              help="Use only the first N words of WORDS (default WORDS: the lexicon's 1000 most "
                   "familiar words).")
@click.option("--deck", "deck_path", default=None, metavar="PATH",
              help="The deck: CSV with the header letter,number, or a design record (JSON, such as "
                   "data/octagion/best_deck_top2000.json); default: our deck data/octagion/deck.csv.")
@click.option("--changes", type=click.IntRange(1, 10_000), default=10, show_default=True,
              help="How many cards and single-card changes to list.")
@click.option("--weighted", is_flag=True,
              help="Weigh each word by its familiarity (the lexicon's Zipf frequency; 0 for words "
                   "not in it) when ranking cards and changes.")
@click.option("--show", type=click.IntRange(0, MAX_TOP), default=40, show_default=True,
              help="How many lost words to list with their reasons (--json lists all).")
@json_option
def explain_cmd(words, top, deck_path, changes, weighted, show, as_json):
    """Explain a deck against WORDS (a word list or word-card file, read as design-deck reads it):
    for each word it does not solve, why (a letter's count short, letters crowded onto too few
    numbers, a number carrying none of its letters) and the smallest card change that covers it;
    the words each card is needed by; the best single-card changes (words gained and lost); the
    near misses one Treatment Card saves."""
    from .explain import explain_deck, explain_text, load_any_deck
    from .wordcards import design_words, left_out_note, load_lexicon
    deck = load_any_deck(deck_path)
    wl, left = design_words(words, top)
    if not wl:
        fail("no words to explain the deck against")
    weights = None
    if weighted:
        lw, z = load_lexicon()
        weights = dict(zip(lw, (float(x) for x in z)))
    r = explain_deck(deck, wl, weights=weights, top=changes)
    if left is not None:
        r["words_left_out"] = left
    text = explain_text(r, show_words=show)
    note = left_out_note(words, left)
    emit(r, as_json, text + ("\n" + note if note else ""))
