"""Build data/octagion/words8.tsv: the English 8-letter challenge-word lexicon, family-filtered.

Source: SCOWL word lists as packaged by Debian (`apt-get install wamerican-huge wbritish-huge`,
files /usr/share/dict/american-english-huge and /usr/share/dict/british-english-huge).
Kept: entries of exactly 8 lower-case letters a-z (this drops proper nouns, which SCOWL capitalises,
possessives and words with accents or hyphens). Ranked by familiarity with wordfreq's
``zipf_frequency(word, "en")``.

Family filter (Octagion is "the ultimate family-friendly speed-spelling game"): a word is dropped
when the better-profanity package finds profanity in it, or when data/octagion/family_filter.tsv
lists it as "block" (slurs, sexual and violent-death words the package misses); words that file lists
as "allow" are kept even when the package flags them. The counts are printed and written in the
lexicon's header.

wordfreq and better-profanity are needed only here (`pip install -e ".[build]"`), not at run time.
Output: one word a line, upper case, tab, Zipf frequency (2 decimals), sorted by decreasing Zipf then
alphabetically. Run:  python scripts/build_octagion_lexicon.py
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

SOURCES = ["/usr/share/dict/american-english-huge", "/usr/share/dict/british-english-huge"]
DATA = Path(__file__).resolve().parent.parent / "data" / "octagion"
OUT = DATA / "words8.tsv"
FILTER = DATA / "family_filter.tsv"


def read_family_filter(path: Path = FILTER) -> tuple[dict[str, str], dict[str, str]]:
    """({blocked word: category}, {allowed word: reason}) from family_filter.tsv."""
    block, allow = {}, {}
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] not in ("block", "allow") or not re.fullmatch(r"[A-Z]{8}", parts[1]):
            raise SystemExit(f"{path} line {i}: expected 'block|allow<TAB>WORD<TAB>why', got {line!r}")
        (block if parts[0] == "block" else allow)[parts[1]] = parts[2]
    both = set(block) & set(allow)
    if both:
        raise SystemExit(f"{path}: both blocked and allowed: {sorted(both)}")
    return block, allow


def family_filter(words: set[str], block: dict[str, str], allow: dict[str, str]):
    """Split lower-case ``words`` into (kept, dropped by better-profanity, dropped by the list)."""
    from better_profanity import profanity

    profanity.load_censor_words()
    by_package = {w for w in words if w.upper() not in allow and profanity.contains_profanity(w)}
    by_list = {w for w in words if w.upper() in block} - by_package
    return words - by_package - by_list, by_package, by_list


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
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
    block, allow = read_family_filter()
    kept, by_package, by_list = family_filter(words, block, allow)
    missing = sorted(w for w in block if w.lower() not in words)
    rows = sorted(((round(zipf_frequency(w, "en"), 2), w) for w in kept), key=lambda t: (-t[0], t[1]))
    lines = ["# Octagion 8-letter English lexicon: word<TAB>zipf (wordfreq), most familiar first.",
             "# Built by scripts/build_octagion_lexicon.py from SCOWL (Debian wamerican-huge,",
             "# wbritish-huge); see data/octagion/SOURCES.md for sources and licences.",
             f"# Family filter: {len(words)} words, {len(by_package)} removed by better-profanity, "
             f"{len(by_list)} more by data/octagion/family_filter.tsv, {len(rows)} kept."]
    lines += [f"{w.upper()}\t{z:.2f}" for z, w in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    from octosolve.core.files import atomic_write_text

    atomic_write_text(args.out, "\n".join(lines) + "\n")
    print(f"{len(words)} 8-letter words; family filter: {len(by_package)} removed by better-profanity, "
          f"{len(by_list)} by family_filter.tsv ({len(block)} listed"
          + (f", {len(missing)} not in the sources: {missing}" if missing else "") + "); "
          f"{len(allow)} allowed despite the package")
    print(f"wrote {args.out}: {len(rows)} words")


if __name__ == "__main__":
    main()
