"""The lexicon, word cards (reading, writing, generating), the designer's `check` report and deck
statistics.

A *word-card file* has lines ``A1<TAB>WORD`` (also ``A1 WORD`` or ``A1,WORD``): card letter A-Z,
position 1..40. A *plain word list* has one word a line, of any length; `check` reports it word by
word (``card`` is None, ``index`` the word's rank in the list), and set-ups deal it 40 a card.
Blank lines and ``#`` comments are skipped.

>>> wc = WordCards({"A": ["TREASURE", "CHILDREN"]})
>>> wc["A"][1], wc._repr_svg_().count("viewBox")
('CHILDREN', 1)
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..core.errors import fail
from ..core.words import counted, names_list
from ..core.lexicon import fold_word, is_az, read_lines
from ..core.seeding import py_random
from .render import wordcards_svg
from .rules import WORD_LEN, WORDS_PER_CARD, Deck, normalize_sequence, treatment_cards
from .solve import check_words, difficulty, kernel_table

__all__ = ["DEFAULT_DESIGN_WORDS", "DEFAULT_MIN_ZIPF", "MAX_CARDS", "WordCards", "lexicon_path",
           "load_lexicon", "load_design_words", "design_words", "left_out_note", "parse_line", "parse_wordcards", "load_wordcards", "generate_wordcards",
           "wordcards_text", "check_cards", "report_with_repeats", "format_check", "deck_stats", "zeta_candidates"]

DEFAULT_DESIGN_WORDS = 1000     # the default deck is designed against the 1000 most familiar words
DEFAULT_MIN_ZIPF = 3.0
MAX_CARDS = 26                  # card letters A..Z
_LABEL = re.compile(r"^([A-Za-z])([0-9]{1,2})$")


class WordCards(dict):
    """Word cards as ``{card letter: [40 words in order]}`` (a dict; notebooks draw it)."""

    def _repr_svg_(self) -> str:
        return wordcards_svg(dict(self))

    def __repr__(self) -> str:
        """``<WordCards: 4 cards A-D, 40 words each>`` (not every word: ``dict(cards)`` has them)."""
        sizes = sorted({len(v) for v in self.values()})
        each = "no words" if not sizes else (f"{sizes[0]} words each" if len(sizes) == 1
                                              else f"{sizes[0]}-{sizes[-1]} words each")
        keys = sorted(self)
        span = f" {keys[0]}-{keys[-1]}" if len(keys) > 1 else f" {keys[0]}" if keys else ""
        return f"<WordCards: {len(self)} card{'' if len(self) == 1 else 's'}{span}, {each}>"

    def to_json(self) -> dict:
        return dict(self)


def lexicon_path() -> Path:
    from ..core.paths import data_path
    return data_path("octagion", "words8.tsv")


@lru_cache(maxsize=4)
def load_lexicon(path: str | None = None) -> tuple[tuple[str, ...], np.ndarray]:
    """(words, zipf) of the 8-letter lexicon, most familiar first (data/octagion/words8.tsv),
    without the words the family filter drops (a guard: the shipped lexicon was built without them;
    an edit of data/octagion/family_filter.tsv takes effect here before the lexicon is rebuilt)."""
    from .family import load_family_filter
    p = path or str(lexicon_path())
    ff = load_family_filter()
    words, zipf = [], []
    for i, ln in enumerate(read_lines(p, "lexicon"), 1):
        parts = ln.split("\t")
        w = parts[0].strip().upper()
        if len(w) != 8 or not w.isascii() or not w.isalpha():
            fail(f"lexicon {p} line {i}: {parts[0]!r} is not an 8-letter word")
        try:
            z = float(parts[1]) if len(parts) > 1 else 0.0
        except ValueError:
            fail(f"lexicon {p} line {i}: frequency {parts[1]!r} is not a number")
        words.append(w)
        zipf.append(z)
    drop = ff.blocked(words)
    if drop:
        keep = [i for i, w in enumerate(words) if w not in drop]
        words, zipf = [words[i] for i in keep], [zipf[i] for i in keep]
    return tuple(words), np.array(zipf)


# ----------------------------------------------------------------------------------------------
# word-card files and plain word lists
# ----------------------------------------------------------------------------------------------
def parse_line(line: str, where: str = "line") -> tuple[str | None, int | None, str]:
    """One line of a word list or word-card file: ``(card letter, position, WORD)`` for
    ``A1 WORD`` (also ``A1<TAB>WORD``, ``A1,WORD``), ``(None, None, WORD)`` for a bare word; a
    one-line error beginning with ``where`` for anything else (a label not like A1..Z40, a word
    that is not 8 letters A-Z, more than two fields).

    >>> parse_line("b7\toctagons"), parse_line("treasure")
    (('B', 7, 'OCTAGONS'), (None, None, 'TREASURE'))
    """
    parts = line.replace("\t", " ").replace(",", " ").split()
    if len(parts) == 1:
        return None, None, normalize_sequence(parts[0], f"{where}: word")
    if len(parts) == 2:
        m = _LABEL.match(parts[0])
        if not m or not 1 <= int(m.group(2)) <= WORDS_PER_CARD:
            fail(f"{where}: label {parts[0]!r} is not like A1..Z{WORDS_PER_CARD}")
        return (m.group(1).upper(), int(m.group(2)),
                normalize_sequence(parts[1], f"{where}: word"))
    fail(f"{where}: expected 'A1 WORD' or one word, got {line[:60]!r}")


def parse_wordcards(lines: list[str], name: str = "word cards") -> list[tuple[str | None, int, str]]:
    """(card letter, position 1..40, word) for a word-card file, or (None, rank, word) for a plain
    word list (any length). A file mixing the two forms, a label not like A1..Z40, a label given
    twice or a line that is not one word is a one-line error naming the line."""
    out: list[tuple[str | None, int, str]] = []
    labelled = bare = 0
    for i, ln in enumerate(lines, 1):
        card, idx, word = parse_line(ln, f"{name} line {i}")
        if card is None:
            bare += 1
            out.append((None, bare, word))
        else:
            labelled += 1
            out.append((card, idx, word))
        if labelled and bare:
            fail(f"{name} line {i}: the file mixes labelled lines ('A1 WORD') and bare words")
    if not out:
        fail(f"{name}: no words")
    seen = set()
    for card, idx, _ in out:
        if card is not None:
            if (card, idx) in seen:
                fail(f"{name}: {card}{idx} appears twice")
            seen.add((card, idx))
    return out


def load_design_words(path: Path | str) -> tuple[list[str], dict]:
    """The 8-letter words of a word list for ``design-deck`` and ``bound`` (file order, without
    duplicates) and what was left out: ``{"skipped": lines that are not one 8-letter word A-Z,
    "examples": the first three of them, "duplicates": words given again}``. A plain list may be
    a lexicon's ``WORD<TAB>...`` lines; a word-card file (``A1 WORD``) is read as `check` reads it
    (it used to be skipped line by line, then refused as holding no 8-letter word)."""
    lines = read_lines(path, "word list")
    first = lines[0].replace("\t", " ").replace(",", " ").split() if lines else []
    if len(first) == 2 and _LABEL.match(first[0]):
        given = [w for _, _, w in parse_wordcards(lines, str(path))]
        skipped: list[str] = []
    else:
        given, skipped = [], []
        for ln in lines:
            w = ln.split("\t")[0].split(",")[0].strip() if ("\t" in ln or "," in ln) else ln
            f = fold_word(w)
            if is_az(f) and len(f) == WORD_LEN:
                given.append(f)
            else:
                skipped.append(ln)
    words = list(dict.fromkeys(given))
    if not words:
        fail(f"word list {path} has no 8-letter word of letters A-Z (one word a line, or 'A1 WORD' "
             "lines)")
    return words, {"skipped": len(skipped), "examples": skipped[:3],
                   "duplicates": len(given) - len(words)}


def design_words(words: str | None, top: int | None) -> tuple[list[str], dict | None]:
    """(words, what was left out or None) of the word list ``words`` (:func:`load_design_words`),
    its first ``top``; or the lexicon's first ``top`` words (1000 by default) when it is None."""
    if words is None:
        from ..core.lexicon import load_words
        return load_words(str(lexicon_path()), length=WORD_LEN)[:top or DEFAULT_DESIGN_WORDS], None
    wl, left = load_design_words(words)
    return (wl[:top] if top else wl), left


def left_out_note(words, left: dict | None) -> str:
    """A line saying which lines of WORDS were not used ('' when every line was an 8-letter word)."""
    if not left or not (left["skipped"] or left["duplicates"]):
        return ""
    k, d = left["skipped"], left["duplicates"]
    parts = []
    if k:
        parts.append(f"{k} line{'' if k == 1 else 's'} skipped, not an 8-letter word of letters A-Z ("
                     + ", ".join(repr(x) for x in left["examples"])
                     + (", ..." if k > len(left["examples"]) else "") + ")")
    if d:
        parts.append(f"{d} word{'' if d == 1 else 's'} given again, counted once")
    return f"  WORDS {words}: " + "; ".join(parts)


def load_wordcards(path: Path | str | None = None) -> WordCards:
    """Word cards as {card letter: 40 words in order}: a word-card file whose cards are complete, or
    a plain list of 40 x k words (k <= 26) dealt 40 a card in order."""
    shipped = path is None
    if shipped:
        from ..core.paths import data_path
        path = data_path("octagion", "wordcards.txt")
    entries = parse_wordcards(read_lines(path, "word cards"), str(path))
    if shipped:                 # our cards are family-friendly; a user's own file is theirs
        from .family import load_family_filter
        bad = load_family_filter().blocked(w for _, _, w in entries)
        if bad:
            fail(f"word cards {path}: the family filter drops {', '.join(sorted(bad))}")
    if entries[0][0] is None:
        n = len(entries)
        if n % WORDS_PER_CARD or n > MAX_CARDS * WORDS_PER_CARD:
            fail(f"word cards {path}: a plain list must hold 40, 80, ... up to "
                 f"{MAX_CARDS * WORDS_PER_CARD} words to be dealt 40 a card, not {n}")
        entries = [(chr(65 + (r - 1) // WORDS_PER_CARD), (r - 1) % WORDS_PER_CARD + 1, w)
                   for _, r, w in entries]
    cards: dict[str, dict[int, str]] = {}
    for c, i, w in entries:
        cards.setdefault(c, {})[i] = w
    out = WordCards()
    for c, d in sorted(cards.items()):
        if sorted(d) != list(range(1, WORDS_PER_CARD + 1)):
            fail(f"word card {c} of {path} does not have words 1..40")
        out[c] = [d[i] for i in range(1, WORDS_PER_CARD + 1)]
    return out


def generate_wordcards(deck: Deck, cards: int = 4, min_zipf: float = DEFAULT_MIN_ZIPF,
                       seed: int | None = None) -> WordCards:
    """``cards`` word cards of 40 words: the 40*cards most familiar lexicon words (Zipf >= min_zipf)
    that the deck solves without Treatment Cards, shuffled (seeded) and dealt 40 a card."""
    if not 1 <= cards <= MAX_CARDS:
        fail(f"--cards must be 1..{MAX_CARDS}, not {cards}")
    words, zipf = load_lexicon()
    sols, _ = kernel_table(list(words), deck)
    pool = [w for w, z, s in zip(words, zipf, sols) if s > 0 and z >= min_zipf]
    need = cards * WORDS_PER_CARD
    if len(pool) < need:
        fail(f"only {len(pool)} familiar words (Zipf >= {min_zipf:g}) are solvable by this deck; "
             f"{need} needed for {cards} card{'' if cards == 1 else 's'}")
    chosen = pool[:need]
    rnd = py_random(seed, "octagion-wordcards")
    rnd.shuffle(chosen)
    return WordCards({chr(65 + c): chosen[c * WORDS_PER_CARD:(c + 1) * WORDS_PER_CARD]
                      for c in range(cards)})


def wordcards_text(wc: dict[str, list[str]], deck_path=None, options: str = "") -> str:
    """The cards as a word-card file, its first line the command that made them (``options``: the
    other options given, e.g. ``--cards 1 --seed 5``; without them the header named the defaults,
    and running it again gave other cards)."""
    lines = ["# Octagion word cards: card+number<TAB>word. Generated by "
             "`octosolve octagion wordcards" + (f" --deck {deck_path}" if deck_path else "")
             + (f" {options}" if options else "") + "`."]
    for c, ws in wc.items():
        lines += [f"{c}{i}\t{w}" for i, w in enumerate(ws, 1)]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------
# the designer's check
# ----------------------------------------------------------------------------------------------
def _group_summary(ws: list[dict]) -> dict:
    sols = [r["solutions"] for r in ws if r["solvable"]]
    return {"words": len(ws),
            "solvable": sum(r["solvable"] for r in ws),
            "not_solvable": [r["word"] for r in ws if not r["solvable"]],
            "treatment_cards_needed": sum(r["min_wildcards"] for r in ws),
            "difficulty": dict(sorted(Counter(r["difficulty"] for r in ws).items())),
            "solutions_min": min(sols) if sols else None,
            "solutions_median": float(np.median(sols)) if sols else None,
            "solutions_max": max(sols) if sols else None}


def _entry_label(card: str | None, idx: int) -> str:
    return f"{card}{idx}" if card is not None else f"#{idx}"


def check_cards(entries: list[tuple[str | None, int, str]], deck: Deck, show_progress: bool = False,
                dedupe: bool = False) -> dict:
    """Per word, per card (word-card files) and whole-list report for (card, index, word) entries.
    ``show_progress``: a progress bar on stderr (on a terminal) for long lists. ``dedupe``: a word
    given again is counted once, at its first line; each row then has ``repeated_at`` (the lines
    ignored as its repeats, ``{"card", "index"}`` as the row's own) and the report ``duplicate_lines_ignored``."""
    repeats: dict[str, list[dict]] = {}
    if dedupe:
        kept = []
        for card, idx, word in entries:
            if word in repeats:
                repeats[word].append({"card": card, "index": idx})
            else:
                repeats[word] = []
                kept.append((card, idx, word))
        entries = kept
    bar = None
    if show_progress:
        from ..core.progress import progress
        bar = progress(total=len(entries), desc="checking words", unit="word")
    try:
        words = check_words([w for _, _, w in entries], deck,
                            on_progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    for r, (card, idx, word) in zip(words, entries):
        r["card"] = card
        r["index"] = idx
        if dedupe:
            r["repeated_at"] = repeats[word]
    cards = []
    for card in sorted({e[0] for e in entries if e[0] is not None}):
        cards.append({"card": card, **_group_summary([r for r in words if r["card"] == card])})
    rep = {"deck": deck.to_json(), "words": words, "cards": cards, "summary": _group_summary(words)}
    if dedupe:
        rep["duplicate_lines_ignored"] = sum(len(v) for v in repeats.values())
    return rep


def weigh_report(rep: dict, weights: dict[str, float]) -> dict:
    """``check --weighted``: each row's ``weight`` (``weights``, e.g. the lexicon's Zipf frequency;
    0 for a word not in it), and for every card and the whole list ``weight_covered`` (summed over
    the solvable words) and ``weight_total``. Changes ``rep`` in place and returns it."""
    for r in rep["words"]:
        r["weight"] = float(weights.get(r["word"], 0.0))
    for group, rows in [(c, [r for r in rep["words"] if r["card"] == c["card"]]) for c in rep["cards"]] + \
            [(rep["summary"], rep["words"])]:
        group["weight_covered"] = round(sum(r["weight"] for r in rows if r["solvable"]), 2)
        group["weight_total"] = round(sum(r["weight"] for r in rows), 2)
    rep["weighted"] = True
    return rep


def report_with_repeats(rep: dict) -> dict:
    """A ``check_cards(..., dedupe=True)`` report with each ignored repeat back in its own place (as
    its first line's row): what the word-card picture draws, every card as written."""
    rows = list(rep["words"]) + [{**r, **x, "repeated_at": []} for r in rep["words"]
                                 for x in r.get("repeated_at", [])]
    rows.sort(key=lambda r: (r["card"] or "", r["index"]))
    return {**rep, "words": rows, "cards": [{"card": c} for c in sorted({r["card"] for r in rows} - {None})]}


def _fmt_group(head: str, c: dict) -> str:
    diff = ", ".join(f"{k}: {v}" if k.startswith("needs") else f"{k} {v}" for k, v in c["difficulty"].items())
    sols = (f"solutions min/median/max {c['solutions_min']}/{c['solutions_median']}/"
            f"{c['solutions_max']}" if c["solvable"] else "no solvable word")  # was 'None/None/None'
    weight = (f"; familiarity covered {c['weight_covered']:g} of {c['weight_total']:g}"
              if "weight_covered" in c else "")
    return (f"{head}: {c['solvable']}/{c['words']} solvable, "
            f"{treatment_cards(c['treatment_cards_needed'])} needed in all; {sols}; {diff}{weight}")


def format_check(rep: dict) -> str:
    plain = all(r["card"] is None for r in rep["words"])   # a plain list: the rank, not a card
    weighted = rep.get("weighted", False)
    lines = [f"{'#' if plain else 'card':>5} {'word':8} {'ok':>3} {'wild':>4} {'sols':>5}"
             + (f" {'zipf':>5}" if weighted else "") + "  difficulty"]
    for r in rep["words"]:
        label = f"{r['card']}{r['index']}" if r["card"] is not None else str(r["index"])
        lines.append(f"{label:<5} {r['word']:8} {'yes' if r['solvable'] else 'no':>3} "
                     f"{r['min_wildcards']:>4} {r['solutions']:>5}"
                     + (f" {r['weight']:>5.2f}" if weighted else "") + f"  {r['difficulty']}")
    lines.append("")
    for c in rep["cards"]:
        lines.append(_fmt_group(f"card {c['card']}", c))
    lines.append(_fmt_group("all words", rep["summary"]))
    if rep.get("duplicate_lines_ignored"):
        again = [f"{r['word']} ({_entry_label(r['card'], r['index'])}) again at "
                 f"{names_list(_entry_label(x['card'], x['index']) for x in r['repeated_at'])}"
                 for r in rep["words"] if r.get("repeated_at")]
        lines.append(f"{counted(rep['duplicate_lines_ignored'], 'duplicate line')} ignored (each word "
                     f"counted once): {'; '.join(again[:5])}" + ("; ..." if len(again) > 5 else ""))
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------------
# deck statistics and Zeta words
# ----------------------------------------------------------------------------------------------
def deck_stats(deck: Deck, top: int | None = None) -> dict:
    words, zipf = load_lexicon()
    words = list(words[:top] if top else words)
    sols, wild = kernel_table(words, deck)
    solv = sols > 0
    diff = Counter(difficulty(int(s), 0) for s in sols[solv])
    fam = [(z, w) for w, z in zip(words, zipf) if z >= DEFAULT_MIN_ZIPF]
    return {"deck": deck.to_json(), "words": len(words), "solvable": int(solv.sum()),
            "solvable_fraction": float(solv.mean()),
            "min_wildcards": {str(k): int(v) for k, v in enumerate(np.bincount(wild, minlength=1))},
            "difficulty": {k: diff.get(k, 0) for k in ("hard", "medium", "easy")},
            "solutions_histogram": {str(k): int(v) for k, v in
                                    sorted(Counter(int(s) for s in sols[solv]).items())},
            "familiar_words": len(fam),
            "familiar_solvable": int(sum(1 for (w, z), s in zip(zip(words, zipf), sols)
                                         if z >= DEFAULT_MIN_ZIPF and s > 0))}


def zeta_candidates(deck: Deck, min_zipf: float = 3.5, max_wildcards: int = 3) -> list[tuple[str, int]]:
    """Rule Zeta words: familiar words (Zipf >= min_zipf) whether or not the deck conforms, with the
    Treatment Cards each needs, kept when it needs at most ``max_wildcards``."""
    words, zipf = load_lexicon()
    ws = [w for w, z in zip(words, zipf) if z >= min_zipf]
    _, wild = kernel_table(ws, deck)
    return [(w, int(k)) for w, k in zip(ws, wild) if k <= max_wildcards]
