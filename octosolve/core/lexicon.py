"""Lexicons: plain UTF-8 word lists, one word a line.

Lines may carry extra tab-separated columns (e.g. a frequency or a lemma); ``load_words`` keeps the
first column. Blank lines and lines starting with ``#`` are ignored. Accents can be folded to A-Z
(``fold_word``) for games whose letters are unaccented.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Iterable

from .errors import fail

_SPECIAL = {"Œ": "OE", "œ": "OE", "Æ": "AE", "æ": "AE", "ß": "SS", "ø": "O", "Ø": "O", "ł": "L", "Ł": "L"}


def fold_word(word: str) -> str:
    """Upper-case ``word`` and fold accents and ligatures to A-Z (``"Élève"`` -> ``"ELEVE"``).

    Characters that are not letters (apostrophes, hyphens, digits) are kept as they are, so callers can
    decide whether such words are allowed.

    >>> fold_word("Cœur-Noël")
    'COEUR-NOEL'
    """
    out = []
    for ch in word:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
            continue
        decomposed = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in decomposed if not unicodedata.combining(c)))
    return "".join(out).upper()


def is_az(word: str) -> bool:
    """True when ``word`` is non-empty and made only of the letters A-Z."""
    return bool(word) and all("A" <= c <= "Z" for c in word)


def read_text(path: Path | str, what: str = "file") -> str:
    """The whole UTF-8 text of a file (a leading BOM dropped), with one-line errors for a missing
    path, a directory, bytes that are not UTF-8, or an unreadable file."""
    p = Path(path)
    if not p.exists():
        fail(f"{what} not found: {p}")
    if p.is_dir():
        fail(f"{what} is a directory, not a file: {p}")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        fail(f"{what} {p} is not UTF-8 text (byte {e.start})")
    except OSError as e:
        fail(f"cannot read {what} {p}: {e.strerror}")
    return text[1:] if text.startswith("\ufeff") else text


def csv_rows(text: str, name: str = "CSV file") -> list[list[str]]:
    """The rows of CSV ``text`` with blank rows left out; a one-line error (never a traceback) when
    the csv module refuses it, e.g. a field over its 128 KiB limit or a NUL byte.

    >>> csv_rows("a,b\\n\\n1,2\\n")
    [['a', 'b'], ['1', '2']]
    """
    import csv
    import io

    try:
        return [r for r in csv.reader(io.StringIO(text)) if any(x.strip() for x in r)]
    except csv.Error as e:
        fail(f"{name}: malformed CSV ({e})")


def read_lines(path: Path | str, what: str = "word list") -> list[str]:
    """The non-blank, non-comment lines of a UTF-8 text file, with one-line errors for bad files."""
    text = read_text(path, what)
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def load_words(
    path: Path | str,
    *,
    fold: bool = True,
    length: int | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    strict: bool = False,
    what: str = "word list",
) -> list[str]:
    """Load a word list; returns the words in file order, without duplicates.

    ``fold`` folds accents to A-Z and upper-cases. Words that are not pure A-Z after folding
    (hyphens, apostrophes, digits) are skipped, or rejected with an error naming the line when
    ``strict``. ``length``/``min_length``/``max_length`` filter by length (never an error).
    An empty result is an error: a lexicon that gives no word is certainly the wrong file.
    """
    lines = read_lines(path, what)
    seen: set[str] = set()
    words: list[str] = []
    for i, ln in enumerate(lines, 1):
        w = ln.split("\t")[0].split(",")[0].strip() if ("\t" in ln or "," in ln) else ln
        w = fold_word(w) if fold else w
        if not is_az(w):
            if strict:
                fail(f"{what} {path}: entry {i} {ln!r} is not a word of letters A-Z")
            continue
        if length is not None and len(w) != length:
            continue
        if min_length is not None and len(w) < min_length:
            continue
        if max_length is not None and len(w) > max_length:
            continue
        if w not in seen:
            seen.add(w)
            words.append(w)
    if not words:
        cond = f" of length {length}" if length is not None else ""
        fail(f"{what} {path} has no usable words{cond} (expected one word of letters a line)")
    return words


def letter_counts(word: str) -> list[int]:
    """Counts of A..Z in ``word`` (26 integers)."""
    c = [0] * 26
    for ch in word:
        c[ord(ch) - 65] += 1
    return c


def validate_letters(text: str, allowed: Iterable[str], what: str) -> str:
    """Upper-case ``text`` and check every character is in ``allowed``; one-line error otherwise."""
    t = fold_word(text.strip())
    allowed_set = set(allowed)
    bad = sorted({c for c in t if c not in allowed_set})
    if bad:
        fail(f"{what} {text!r} has letters outside the set: {''.join(bad)}")
    return t
