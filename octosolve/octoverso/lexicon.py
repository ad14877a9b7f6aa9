"""The Octoverso lexicon: playable French words (3..8 letters folded to A-Z) and their lemma families.

The shipped file ``data/octoverso/lexicon.tsv.gz`` is built by ``scripts/build_octoverso_lexicon.py``
from Grammalecte's dictionary (attested forms with their lemmas; see ``data/octoverso/SOURCES.md``).
One line a word: ``WORD<TAB>LEMMA[,LEMMA...]``. A word with several lemmas is a homograph (FUT: the
noun FUT and a form of ETRE); playing it blocks every family it belongs to.

Any plain UTF-8 word list (``.txt`` or ``.gz``) can replace it: one word a line, an optional
tab-separated second column of comma-separated lemmas (otherwise each word is its own lemma).

>>> lex = Lexicon({"MONTER": {"MONTER"}, "MONTAIS": {"MONTER"}, "REMONTER": {"REMONTER"}}, "demo")
>>> [lex.words[i] for i in lex.family(lex.index["MONTAIS"])]
['MONTAIS', 'MONTER']
"""

from __future__ import annotations

import functools
import gzip
import re
import threading
import zlib
from pathlib import Path

import numpy as np

from ..core.errors import fail
from ..core.lexicon import fold_word, is_az, read_lines
from ..core.paths import data_path
from . import kernels as K

__all__ = ["MIN_LEN", "MAX_LEN", "DEFAULT_LEXICON", "Lexicon", "load_lexicon", "parse_entries"]

MIN_LEN, MAX_LEN = 3, 8
DEFAULT_LEXICON = "lexicon.tsv.gz"
_SHIPPED_LINE = re.compile(r"^([A-Z]{%d,%d})\t([A-Z,]+)$" % (MIN_LEN, MAX_LEN), re.M)
MAX_LEXICON_LINES = 5_000_000


class Lexicon:
    """The playable words (3..8 letters, A-Z, sorted), their lemma families and the two tries."""

    def __init__(self, entries: dict[str, set[str]], source: str):
        words = sorted(w for w in entries if MIN_LEN <= len(w) <= MAX_LEN)
        if not words:
            fail(f"lexicon {source} has no word of {MIN_LEN} to {MAX_LEN} letters A-Z")
        self.source = source
        self.words = words
        self.index = {w: i for i, w in enumerate(words)}
        n = len(words)
        padded = "".join(w.ljust(MAX_LEN, "A") for w in words).encode("ascii")
        self.mat = (np.frombuffer(padded, np.uint8).reshape(n, MAX_LEN) - 65).astype(np.int8)
        self.lens = np.array([len(w) for w in words], np.int8)
        lemma_ids: dict[str, int] = {}
        wl: list[list[int]] = []
        for w in words:
            wl.append([lemma_ids.setdefault(lem, len(lemma_ids)) for lem in sorted(entries[w] or {w})])
        self.n_lemmas = len(lemma_ids)
        self.lemma_names = sorted(lemma_ids, key=lemma_ids.get)
        self.word_lemmas = wl
        fam: list[list[int]] = [[] for _ in range(self.n_lemmas)]
        for i, ls in enumerate(wl):
            for lid in ls:
                fam[lid].append(i)
        self.lemma_words = [np.array(f, np.int32) for f in fam]
        self.fwd = K.compact_trie(*K.build_trie(self.mat, self.lens, False))
        self.rev = K.compact_trie(*K.build_trie(self.mat, self.lens, True))

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: str) -> bool:
        return word in self.index

    def family(self, wid: int) -> np.ndarray:
        """Ids of every word sharing a lemma with word ``wid`` (itself included), sorted."""
        parts = [self.lemma_words[lid] for lid in self.word_lemmas[wid]]
        return np.unique(np.concatenate(parts + [np.array([wid], np.int32)]))

    def lemmas(self, wid: int) -> list[str]:
        return [self.lemma_names[lid] for lid in self.word_lemmas[wid]]


def _fold(w: str) -> str:
    w = w.strip()
    if w.isascii() and w.isalpha() and w.isupper():  # already A-Z (the shipped lexicon): fast path
        return w
    return fold_word(w)


def parse_entries(lines: list[str]) -> dict[str, set[str]]:
    """word -> lemmas, for the words of 3..8 letters A-Z (others are never playable)."""
    entries: dict[str, set[str]] = {}
    for ln in lines:
        cols = ln.split("\t")
        w = _fold(cols[0])
        if not (MIN_LEN <= len(w) <= MAX_LEN) or not is_az(w):
            continue
        lems = set()
        if len(cols) > 1:
            for lem in cols[1].split(","):
                lem = _fold(lem)
                if is_az(lem):
                    lems.add(lem)
        entries.setdefault(w, set()).update(lems or {w})
    return entries


def _read_gz(p: Path) -> list[str]:
    """The lines of a gzip-compressed UTF-8 word list, with one-line errors for every way it can be
    broken (truncated, not gzip, not UTF-8)."""
    try:
        with gzip.open(p, "rt", encoding="utf-8") as f:
            lines = []
            for ln in f:
                if len(lines) >= MAX_LEXICON_LINES:
                    fail(f"lexicon {p} has more than {MAX_LEXICON_LINES:,} lines")
                ln = ln.strip()
                if ln and not ln.startswith("#"):
                    lines.append(ln)
    except EOFError:
        fail(f"lexicon {p} is a truncated gzip file")
    except UnicodeDecodeError as e:
        fail(f"lexicon {p} is not UTF-8 text once decompressed (byte {e.start})")
    except (gzip.BadGzipFile, zlib.error) as e:
        fail(f"lexicon {p} is not a valid gzip file ({e})")
    except IsADirectoryError:
        fail(f"lexicon is a directory, not a file: {p}")
    except OSError as e:
        fail(f"cannot read lexicon {p}: {e.strerror or e}")
    return lines


_LOADING = threading.Lock()


def load_lexicon(path: str | None = None) -> Lexicon:
    """The shipped lexicon (``None``), or any plain word list (``.gz`` allowed); loaded once per
    process and kept (a thread asking while another loads it waits for that load: the web app's
    warm-up and a first Octoverso page each loaded it at once: 3.2 s of CPU for the two, 1.9 s for
    one, measured)."""
    with _LOADING:
        return _load_lexicon(path)


@functools.lru_cache(maxsize=4)
def _load_lexicon(path: str | None = None) -> Lexicon:
    if path is None:
        p = data_path("octoverso", DEFAULT_LEXICON)
        text = "\n".join(_read_gz(p))
        # the shipped file is already folded: WORD<TAB>LEMMA,LEMMA; keep the playable lengths
        entries = {w: set(lems.split(",")) for w, lems in _SHIPPED_LINE.findall(text)}
        return Lexicon(entries, "data/octoverso/" + DEFAULT_LEXICON)
    p = Path(path)
    if not p.exists():
        fail(f"lexicon not found: {p}")
    if p.suffix == ".gz" and p.is_file():
        lines = _read_gz(p)
    else:
        lines = read_lines(p, "lexicon")
    return Lexicon(parse_entries(lines), str(p))
