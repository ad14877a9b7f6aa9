"""Octagion's truth: cards, decks, sequences, variants and scoring.

A card is a (letter A-Z, number 1..8) pair. A deck is a multiset of cards (48 in the commercial game).
A *sequence* is the 8-letter challenge word; a *variant* is the row of cards a team lays down.
Interpretations of the rules are written in docs/rules/octagion.md (each quoting the sentence it
reads); the scoring worked examples there are tests in tests/octagion/test_rules.py.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..core.errors import fail
from ..core.lexicon import csv_rows, fold_word, is_az, read_text
from ..core.words import counted
from .render import deck_svg, deck_text

__all__ = ["LETTERS", "NUMBERS", "WORD_LEN", "DECK_SIZE", "PER_NUMBER", "WORDS_PER_CARD", "TREATMENT_CARDS", "Card", "Deck",
           "default_deck_path", "load_deck", "normalize_sequence", "EMPTY", "TREATMENT",
           "parse_variant", "check_variant_possible", "score_variant", "treatment_cards"]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NUMBERS = 8          # card numbers 1..8
WORD_LEN = 8         # the sequence is an 8-letter word
DECK_SIZE = 48       # cards in the commercial deck
PER_NUMBER = 6       # our default deck: 6 cards a number (docs/rules/octagion.md)
WORDS_PER_CARD = 40  # "Word Cards are numbered A1...A40, B1...B40, etc."
TREATMENT_CARDS = 5  # "To make the game easier, use all 5 Treatment Cards."
_DIGITS = re.compile(r"[0-9]{1,3}")   # ASCII digits only: '³'.isdigit() is True but int('³') fails


@dataclass(frozen=True, order=True)
class Card:
    letter: str
    number: int

    def __str__(self) -> str:
        return f"{self.letter}{self.number}"


class Deck:
    """A multiset of cards, with the 26x8 count table the solvers use."""

    def __init__(self, cards: list[Card], name: str = "deck"):
        for c in cards:
            if not (len(c.letter) == 1 and c.letter in LETTERS):
                fail(f"{name}: card letter {c.letter!r} is not a letter A-Z")
            if not (isinstance(c.number, (int, np.integer)) and 1 <= c.number <= NUMBERS):
                fail(f"{name}: card number {c.number!r} is not a number 1-8")
        if not cards:
            fail(f"{name}: the deck has no cards")
        self.cards = sorted(cards)
        self.name = name

    # --- views -----------------------------------------------------------------------------
    @property
    def counts(self) -> np.ndarray:
        """int64 array [26, 8]: how many cards (letter, number) the deck holds."""
        t = np.zeros((26, NUMBERS), dtype=np.int64)
        for c in self.cards:
            t[ord(c.letter) - 65, c.number - 1] += 1
        return t

    @property
    def masks(self) -> np.ndarray:
        """uint8 array [26]: bit n-1 set when the deck has at least one card (letter, n)."""
        m = np.zeros(26, dtype=np.uint8)
        for c in self.cards:
            m[ord(c.letter) - 65] |= 1 << (c.number - 1)
        return m

    def per_number(self) -> list[int]:
        return [int(x) for x in self.counts.sum(axis=0)]

    def letters_of(self, number: int) -> str:
        return "".join(c.letter for c in self.cards if c.number == number)

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other) -> bool:
        return isinstance(other, Deck) and self.cards == other.cards

    def __str__(self) -> str:
        return deck_text(self)

    def __repr__(self) -> str:
        """``<Deck 'default': 48 cards, 6 a number>`` (``str`` lists the cards, a notebook draws
        them)."""
        per = sorted(set(self.per_number()))
        each = f"{per[0]} a number" if len(per) == 1 else f"{per[0]}-{per[-1]} a number"
        return f"<Deck {self.name!r}: {len(self.cards)} cards, {each}>"

    def _repr_svg_(self) -> str:
        """The deck as eight columns of cards (notebooks show it)."""
        return deck_svg(self)

    def to_csv(self) -> str:
        buf = io.StringIO()
        buf.write("letter,number\n")
        for c in self.cards:
            buf.write(f"{c.letter},{c.number}\n")
        return buf.getvalue()

    def save(self, path: Path | str) -> Path:
        from ..core.files import atomic_write_text

        return atomic_write_text(Path(path), self.to_csv())

    def to_json(self) -> dict:
        return {"cards": len(self.cards), "per_number": self.per_number(),
                "by_number": {str(n): self.letters_of(n) for n in range(1, NUMBERS + 1)}}

    # --- constructors ----------------------------------------------------------------------
    @classmethod
    def from_counts(cls, counts, name: str = "deck") -> "Deck":
        counts = np.asarray(counts)
        cards = [Card(LETTERS[l], n + 1) for l in range(26) for n in range(NUMBERS)
                 for _ in range(int(counts[l, n]))]
        return cls(cards, name)

    @classmethod
    def parse(cls, text: str, name: str = "deck") -> "Deck":
        """Parse CSV text with header ``letter,number``, one card a row."""
        if text.startswith("\ufeff"):
            text = text[1:]
        rows = csv_rows(text, name)
        if not rows:
            fail(f"{name}: empty deck file (expected a header 'letter,number' and one card a row)")
        header = [h.strip().lower() for h in rows[0]]
        if header != ["letter", "number"]:
            fail(f"{name}: the header must be 'letter,number', not {','.join(rows[0])!r}")
        cards = []
        for i, r in enumerate(rows[1:], 2):
            if len(r) != 2:
                fail(f"{name} line {i}: expected 'letter,number', got {','.join(r)!r}")
            letter, num = r[0].strip().upper(), r[1].strip()
            if not (len(letter) == 1 and letter in LETTERS):
                fail(f"{name} line {i}: letter {r[0].strip()!r} is not a single letter A-Z")
            if not _DIGITS.fullmatch(num) or not 1 <= int(num) <= NUMBERS:
                fail(f"{name} line {i}: number {num!r} is not a number 1-8")
            cards.append(Card(letter, int(num)))
        if not cards:
            fail(f"{name}: the deck has no cards")
        return cls(cards, name)

    @classmethod
    def load(cls, path: Path | str) -> "Deck":
        text = read_text(path, "deck file")
        return cls.parse(text, name=str(path))


def default_deck_path() -> Path:
    from ..core.paths import data_path
    return data_path("octagion", "deck.csv")


def load_deck(path: Path | str | None = None) -> Deck:
    """The deck at ``path``, or our default deck data/octagion/deck.csv."""
    return Deck.load(path if path is not None else default_deck_path())


def treatment_cards(n: int) -> str:
    """``n`` Treatment Cards in words.

    >>> treatment_cards(1), treatment_cards(0), treatment_cards(3)
    ('1 Treatment Card', '0 Treatment Cards', '3 Treatment Cards')
    """
    return f"{n} Treatment Card" + ("" if n == 1 else "s")


def normalize_sequence(word: str, what: str = "sequence") -> str:
    """Upper-case an 8-letter word (accents folded); one-line error if it is not 8 letters A-Z."""
    if not isinstance(word, str):  # str(None) is 'None', which would be read as a word
        fail(f"{what} must be a string of 8 letters, got {str(repr(word))[:40]}")
    w = fold_word(word.strip())
    if not is_az(w):
        fail(f"{what} {word!r} must be letters A-Z only")
    if len(w) != WORD_LEN:
        fail(f"{what} {word!r} has {counted(len(w), 'letter')}; Octagion sequences have exactly 8")
    return w


# ----------------------------------------------------------------------------------------------
# Variants and scoring
# ----------------------------------------------------------------------------------------------
EMPTY = "_"
TREATMENT = "*"


def parse_variant(text: str) -> list:
    """Parse a variant: tokens separated by spaces, each ``C3`` (letter+number), ``_`` (empty
    position) or ``*`` (a Treatment Card). Returns a list of Card, EMPTY or TREATMENT."""
    toks = str(text).replace(",", " ").split()
    if not toks:
        fail("variant is empty (expected tokens like 'C3 O5 _ * N2')")
    out: list = []
    for t in toks:
        if t == EMPTY:
            out.append(EMPTY)
        elif t == TREATMENT:
            out.append(TREATMENT)
        else:
            letter, num = t[:1].upper(), t[1:]
            if not (letter in LETTERS and len(letter) == 1) or not _DIGITS.fullmatch(num) \
                    or not 1 <= int(num) <= NUMBERS:
                fail(f"variant token {t!r} is not letter+number (A1..Z8), '_' or '*'")
            out.append(Card(letter, int(num)))
    return out


def check_variant_possible(tokens: list, deck: Deck | None = None,
                           treatments: int | None = None) -> None:
    """One-line error for a row of cards that cannot be on the table: a card laid more often than
    the team's deck holds it (the same physical card twice, or a card the deck lacks), or more
    Treatment Cards than the team has. Every token of the row counts, trailing ones too (they are
    physical cards, removed only when scoring)."""
    if treatments is not None:
        used = sum(1 for t in tokens if t == TREATMENT)
        if used > treatments:
            fail(f"the variant uses {treatment_cards(used)} but the team has {treatments}")
    if deck is not None:
        cnt = deck.counts
        laid: dict[Card, int] = {}
        for t in tokens:
            if isinstance(t, Card):
                laid[t] = laid.get(t, 0) + 1
        for c, k in sorted(laid.items()):
            have = int(cnt[ord(c.letter) - 65, c.number - 1])
            if have == 0:
                fail(f"the deck has no card {c} (give the team's deck with --deck)")
            if k > have:
                fail(f"card {c} is laid {k} times but the deck has {'only ' if have > 1 else ''}"
                     f"{have} (the same physical card cannot be used twice)")


def score_variant(sequence: str, variant, got_it: bool = False, *, deck: Deck | None = None,
                  treatments: int | None = None) -> dict:
    """Score one round (see docs/rules/octagion.md, "Scoring").

    - only the first 8 positions count (trailing cards removed); missing positions are empty;
    - start at 8; -1 per empty position, per incorrect letter, per repeated number; a card is
      never penalised twice: for a number shown by k cards, b of them with an incorrect letter,
      the penalty for those cards is max(b, k - 1) (the k - 1 repeats are charged to cards already
      penalised for a wrong letter first);
    - Treatment Cards fill a position with the right letter, no number, no penalty;
    - "Got it!": +2 when all 8 positions hold the right letters (cards or Treatment Cards) and no
      number is repeated, else -2.

    With ``deck`` / ``treatments`` (the team's deck and its Treatment Cards left), a row that cannot
    be on the table is refused first (:func:`check_variant_possible`).

    >>> score_variant("QUESTION", "Q1 U2 E3 S4 T5 I6 O7 N8", got_it=True)["score"]
    10
    """
    seq = normalize_sequence(sequence)
    toks = parse_variant(variant) if isinstance(variant, str) else list(variant)
    check_variant_possible(toks, deck, treatments)
    removed = max(0, len(toks) - WORD_LEN)       # rule 1: only the first 8 count
    missing = max(0, WORD_LEN - len(toks))       # a short row ends in empty positions
    toks = toks[:WORD_LEN] + [EMPTY] * max(0, WORD_LEN - len(toks))
    positions = []
    empty = 0
    wrong = 0
    by_number: dict[int, list[int]] = {}
    for i, t in enumerate(toks):
        if t == EMPTY:
            empty += 1
            positions.append({"position": i + 1, "token": EMPTY, "status": "empty", "penalty": 1})
        elif t == TREATMENT:
            positions.append({"position": i + 1, "token": TREATMENT, "status": "treatment",
                              "penalty": 0})
        else:
            ok = t.letter == seq[i]
            if not ok:
                wrong += 1
            by_number.setdefault(t.number, []).append(i)
            positions.append({"position": i + 1, "token": str(t),
                              "status": "correct" if ok else "incorrect_letter",
                              "penalty": 0 if ok else 1})
    repeat_extra = 0        # repeat penalties falling on cards not already penalised
    repeated_cards = 0      # k - 1 summed over numbers
    for n, idx in sorted(by_number.items()):
        k = len(idx)
        if k < 2:
            continue
        repeated_cards += k - 1
        bad = [i for i in idx if positions[i]["status"] == "incorrect_letter"]
        good = [i for i in idx if positions[i]["status"] == "correct"]
        extra = max(0, (k - 1) - len(bad))
        repeat_extra += extra
        # the repeats: wrong-letter cards first, then the right-most correct cards (the first card
        # laid with a number, reading left to right, is the original)
        for i in bad[:k - 1]:
            positions[i]["repeated_number"] = True
        for i in good[len(good) - extra:] if extra else []:
            positions[i]["status"] = "repeated_number"
            positions[i]["penalty"] = 1
            positions[i]["repeated_number"] = True
    penalty = empty + wrong + repeat_extra
    correct = empty == 0 and wrong == 0 and repeated_cards == 0
    bonus = (2 if correct else -2) if got_it else 0
    score = WORD_LEN - penalty + bonus
    return {
        "score": score,
        "sequence": seq,
        "variant": " ".join(p["token"] for p in positions),
        "trailing_removed": removed,
        "missing_filled": missing,
        "base": WORD_LEN,
        "penalties": {"empty_position": empty, "incorrect_letter": wrong,
                      "repeated_number": repeat_extra, "total": penalty},
        "repeated_cards": repeated_cards,
        "treatment_cards": sum(1 for p in positions if p["status"] == "treatment"),
        "correct": correct,
        "got_it": bool(got_it),
        "got_it_points": bonus,
        "positions": positions,
    }
