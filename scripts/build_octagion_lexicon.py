"""Build data/octagion/words8.tsv: the English 8-letter challenge-word lexicon.

Source: SCOWL word lists as packaged by Debian (`apt-get install wamerican-huge wbritish-huge`,
files /usr/share/dict/american-english-huge and /usr/share/dict/british-english-huge).
Kept: entries of exactly 8 lower-case letters a-z (this drops proper nouns, which SCOWL capitalises,
possessives and words with accents or hyphens). Ranked by familiarity with wordfreq's
``zipf_frequency(word, "en")`` (wordfreq is needed only here, not at run time).

Output: one word a line, upper case, tab, Zipf frequency (2 decimals), sorted by decreasing Zipf then
alphabetically. Run:  python scripts/build_octagion_lexicon.py
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

SOURCES = ["/usr/share/dict/american-english-huge", "/usr/share/dict/british-english-huge"]
OUT = Path(__file__).resolve().parent.parent / "data" / "octagion" / "words8.tsv"


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
    rows = sorted(((round(zipf_frequency(w, "en"), 2), w) for w in words), key=lambda t: (-t[0], t[1]))
    lines = ["# Octagion 8-letter English lexicon: word<TAB>zipf (wordfreq), most familiar first.",
             "# Built by scripts/build_octagion_lexicon.py from SCOWL (Debian wamerican-huge,",
             "# wbritish-huge); see data/octagion/SOURCES.md for sources and licences."]
    lines += [f"{w.upper()}\t{z:.2f}" for z, w in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(rows)} words")


if __name__ == "__main__":
    main()
