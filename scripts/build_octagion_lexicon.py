"""Build data/octagion/words8.tsv: the English 8-letter challenge-word lexicon, family-filtered.

Source: SCOWL word lists as packaged by Debian (`apt-get install wamerican-huge wbritish-huge`,
files /usr/share/dict/american-english-huge and /usr/share/dict/british-english-huge).
Kept: entries of exactly 8 lower-case letters a-z (this drops proper nouns, which SCOWL capitalises,
possessives and words with accents or hyphens). Ranked by familiarity with wordfreq's
``zipf_frequency(word, "en")``.

Family filter (Octagion is "the ultimate family-friendly speed-spelling game"): a word is dropped
when the better-profanity package finds profanity in it, or when data/octagion/family_filter.tsv
drops it (octosolve/octagion/family.py reads it): a word listed as "block" (slurs, sexual and
violent-death words the package misses) and the other inflections of its lemma, a "root" and its
inflections (-S, -ES, -ED, -ING, -ER(S), -EST), and every word containing a "stem" (inflections and
compounds: ASSHOLES, SHITLOAD, DIPSHITS); words that file lists as "allow" are kept even when the
package or a root or stem flags them (SNIGGERS, CUTWATER). The counts are printed and written in the
lexicon's header; ``--show`` prints every dropped word with its reason.

wordfreq and better-profanity are needed only here (`pip install -e ".[build]"`), not at run time.
Output: one word a line, upper case, tab, Zipf frequency (2 decimals), sorted by decreasing Zipf then
alphabetically. Run:  python scripts/build_octagion_lexicon.py
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from octosolve.core.errors import OctoError  # noqa: E402
from octosolve.core.files import atomic_write_text  # noqa: E402
from octosolve.octagion.family import FamilyFilter, load_family_filter  # noqa: E402

SOURCES = ["/usr/share/dict/american-english-huge", "/usr/share/dict/british-english-huge"]
DATA = REPO / "data" / "octagion"
OUT = DATA / "words8.tsv"
FILTER = DATA / "family_filter.tsv"


def family_filter(words: set[str], ff: FamilyFilter):
    """Split lower-case ``words`` into (kept, dropped by better-profanity, {dropped by the file: reason})."""
    from better_profanity import profanity

    profanity.load_censor_words()
    by_package = {w for w in words if w.upper() not in ff.allow and profanity.contains_profanity(w)}
    by_list = {w.lower(): why for w, why in ff.blocked(w.upper() for w in sorted(words - by_package)).items()}
    return words - by_package - set(by_list), by_package, by_list


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--show", action="store_true", help="print every dropped word and why")
    args = ap.parse_args()
    from wordfreq import zipf_frequency

    pat = re.compile(r"^[a-z]{8}$")
    words: set[str] = set()
    for src in SOURCES:
        p = Path(src)
        if not p.exists():
            raise SystemExit(f"missing {src}: apt-get install wamerican-huge wbritish-huge")
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines():
            w = line.strip()
            if pat.match(w):
                words.add(w)
    try:
        ff = load_family_filter(str(FILTER))
    except OctoError as e:
        raise SystemExit(str(e))
    kept, by_package, by_list = family_filter(words, ff)
    kinds = Counter(why.split()[0] for why in by_list.values())   # listed / inflection / contains
    if args.show:
        for w in sorted(by_package):
            print(f"{w.upper()}\tbetter-profanity")
        for w, why in sorted(by_list.items()):
            print(f"{w.upper()}\t{why}")
    missing = sorted(w for w in ff.block if w.lower() not in words)
    rows = sorted(((round(zipf_frequency(w, "en"), 2), w) for w in kept), key=lambda t: (-t[0], t[1]))
    detail = (f"{kinds['listed']} listed, {kinds['inflection']} inflections of listed words and roots, "
              f"{kinds['contains']} containing a stem")
    lines = ["# Octagion 8-letter English lexicon: word<TAB>zipf (wordfreq), most familiar first.",
             "# Built by scripts/build_octagion_lexicon.py from SCOWL (Debian wamerican-huge,",
             "# wbritish-huge); see data/octagion/SOURCES.md for sources and licences.",
             f"# Family filter: {len(words)} words, {len(by_package)} removed by better-profanity, "
             f"{len(by_list)} more by data/octagion/family_filter.tsv ({detail}), {len(rows)} kept."]
    lines += [f"{w.upper()}\t{z:.2f}" for z, w in rows]
    atomic_write_text(args.out, "\n".join(lines) + "\n")
    print(f"{len(words)} 8-letter words; family filter: {len(by_package)} removed by better-profanity, "
          f"{len(by_list)} by family_filter.tsv ({detail}; {len(ff.block)} blocked, {len(ff.roots)} "
          f"roots, {len(ff.stems)} stems listed"
          + (f", {len(missing)} blocked words not in the sources: {missing}" if missing else "") + "); "
          f"{len(ff.allow)} allowed")
    print(f"wrote {args.out}: {len(rows)} words")


if __name__ == "__main__":
    main()
