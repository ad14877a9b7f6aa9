"""Octagion's family filter, as data: which 8-letter words no default word list may hold.

``data/octagion/family_filter.tsv`` has lines ``action<TAB>WORD<TAB>why`` with four actions:

* ``block``: this 8-letter word, and every other inflection of its lemma (MURDERED blocks MURDERER,
  STRIPPER blocks STRIPPED unless allowed);
* ``root``: this word (3..8 letters) and its inflections: -S, -ES, -ED, -ING, -ER(S), -EST, with the
  silent E dropped (TORTURE: TORTURED, TORTURING), the final consonant doubled (STAB: STABBED) and
  Y turned to I (CRAPPY: CRAPPIER);
* ``stem``: every word that contains this stem (3..8 letters) anywhere: its inflections and its
  compounds (SHIT: SHITHEAD, DIPSHITS; ASSHOLE: ASSHOLES);
* ``allow``: this 8-letter word is kept although a rule above (or, when the lexicon is built, the
  better-profanity package) would drop it: ASSEMBLE is no compound of anything, SNIGGERS is innocent.

A word listed twice (blocked and allowed, say) is an error. The lexicon's build (scripts/build_octagion_lexicon.py)
applies this filter on top of better-profanity; at run time `load_lexicon` applies it again (a
guard: the shipped lexicon passes it) and the shipped word cards are checked against it.

>>> f = FamilyFilter(block={"MURDERED": "violent death"}, roots={"CRAP": "profanity"},
...                  stems={"TWAT": "profanity", "ASSHOLE": "profanity"}, allow={"CUTWATER": "a ship's stem"})
>>> [f.reason(w) for w in ("ASSHOLES", "MURDERER", "CRAPPING", "SCRAPPED", "CUTWATER", "ASSEMBLE")]
['contains ASSHOLE', 'inflection of MURDERED', 'inflection of CRAP', None, None, None]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from ..core.errors import fail

__all__ = ["ACTIONS", "FamilyFilter", "inflections", "lemmas", "parse_family_filter", "load_family_filter",
           "filter_path"]

ACTIONS = ("block", "root", "stem", "allow")
_VOWELS = set("AEIOU")
_MIN_LEMMA = 4          # shorter lemma guesses of a blocked word are not used (SEX, GUN, ...)


def _doubles(word: str) -> bool:
    """True when ``word`` ends consonant-vowel-consonant and doubles its last letter before -ED,
    -ING, -ER (STAB, CRAP, SLAP; not TORTURE, PISS, BOMB, FLOW, BOX)."""
    return (len(word) >= 3 and word[-1] not in _VOWELS and word[-1] not in "WXY"
            and word[-2] in _VOWELS and word[-3] not in _VOWELS)


def inflections(root: str) -> set[str]:
    """``root`` and its regular inflections -S, -ES, -ED, -ING, -ER, -ERS, -EST (E dropped, last
    consonant doubled, Y to I as English spells them; no check that they are words).

    >>> sorted(inflections("STAB"))[:6]
    ['STAB', 'STABBED', 'STABBER', 'STABBERS', 'STABBEST', 'STABBING']
    >>> sorted(inflections("TORTURE"))
    ['TORTURE', 'TORTURED', 'TORTURER', 'TORTURERS', 'TORTURES', 'TORTUREST', 'TORTURING']
    """
    r = root.upper()
    if r.endswith("E"):
        return {r, r + "S", r + "D", r + "R", r + "RS", r + "ST", r[:-1] + "ING"}
    if r.endswith("Y") and len(r) >= 2 and r[-2] not in _VOWELS:
        return {r, r + "ING"} | {r[:-1] + s for s in ("IES", "IED", "IER", "IERS", "IEST")}
    out = {r, r + ("ES" if r.endswith(("S", "X", "Z", "CH", "SH", "O")) else "S")}
    if not _doubles(r):
        stems = [r]
    elif len(re.findall("[AEIOU]+", r)) == 1:
        stems = [r + r[-1]]                     # one syllable: STRIPPED, never STRIPED
    else:
        stems = [r, r + r[-1]]                  # stress unknown: VISITED, COMPELLED
    for s in stems:
        out |= {s + "ED", s + "ING", s + "ER", s + "ERS", s + "EST"}
    return out


_SUFFIXES = ("IEST", "IERS", "IER", "IED", "IES", "ING", "ERS", "EST", "ER", "ED", "ES", "RS", "ST",
             "S", "D", "R")


def lemmas(word: str) -> set[str]:
    """``word`` and every guess at its lemma (at least 4 letters) of which it is an inflection, as
    :func:`inflections` spells them.

    >>> sorted(lemmas("STRIPPER"))
    ['STRIP', 'STRIPP', 'STRIPPE', 'STRIPPER']
    """
    w = word.upper()
    out = {w}
    for suf in _SUFFIXES:
        if not w.endswith(suf) or len(w) - len(suf) < _MIN_LEMMA - 1:
            continue
        base = w[: len(w) - len(suf)]
        cands = {base, base + "E"}
        if suf.startswith("I"):
            cands.add(base + "Y")
        if len(base) >= 2 and base[-1] == base[-2]:
            cands.add(base[:-1])
        out |= {c for c in cands if len(c) >= _MIN_LEMMA and w in inflections(c)}
    return out


@dataclass(frozen=True)
class FamilyFilter:
    """The filter's four lists, each ``{WORD: category or reason}`` (see the module's docstring)."""

    block: dict = field(default_factory=dict)
    roots: dict = field(default_factory=dict)
    stems: dict = field(default_factory=dict)
    allow: dict = field(default_factory=dict)

    @cached_property
    def _forms(self) -> dict[str, str]:
        """{blocked inflection: the listed word or root it comes from}."""
        out: dict[str, str] = {}
        for root in sorted(self.roots):
            for f in inflections(root):
                out.setdefault(f, root)
        for b in sorted(self.block):
            for lem in lemmas(b):
                for f in inflections(lem):
                    out.setdefault(f, b)
        return out

    @cached_property
    def _stem_re(self):
        if not self.stems:
            return None
        return re.compile("|".join(sorted(map(re.escape, self.stems), key=lambda s: (-len(s), s))))

    def reason(self, word: str) -> str | None:
        """Why the filter drops ``word`` ("listed", "inflection of X", "contains X"), or None."""
        w = word.upper()
        if w in self.block:
            return "listed"
        if w in self.allow:
            return None
        if w in self._forms:
            return f"inflection of {self._forms[w]}"
        m = self._stem_re.search(w) if self._stem_re is not None else None
        return f"contains {m.group(0)}" if m else None

    def blocked(self, words) -> dict[str, str]:
        """{word: reason} for the words of ``words`` that the filter drops."""
        out = {}
        for w in words:
            why = self.reason(w)
            if why is not None:
                out[w] = why
        return out

    def keeps(self, word: str) -> bool:
        return self.reason(word) is None


def filter_path() -> Path:
    from ..core.paths import data_path
    return data_path("octagion", "family_filter.tsv")


def parse_family_filter(text: str, name: str = "family filter") -> FamilyFilter:
    """The four lists of a family-filter file; a malformed line or a word listed twice (in the same
    list or in two) is a one-line error naming the line."""
    lists: dict[str, dict[str, str]] = {a: {} for a in ACTIONS}
    seen: dict[str, str] = {}
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] not in ACTIONS:
            fail(f"{name} line {i}: expected '{'|'.join(ACTIONS)}<TAB>WORD<TAB>why', got {line[:60]!r}")
        action, word, why = parts
        size = r"[A-Z]{3,8}" if action in ("root", "stem") else r"[A-Z]{8}"
        if not re.fullmatch(size, word):
            fail(f"{name} line {i}: {action} word {word!r} must be "
                 + ("3 to 8" if action in ("root", "stem") else "8") + " capital letters A-Z")
        if word in seen:
            fail(f"{name} line {i}: {word} is already listed as {seen[word]}")
        seen[word] = action
        lists[action][word] = why
    return FamilyFilter(block=lists["block"], roots=lists["root"], stems=lists["stem"],
                        allow=lists["allow"])


@lru_cache(maxsize=4)
def load_family_filter(path: str | None = None) -> FamilyFilter:
    """The family filter of ``path`` (default data/octagion/family_filter.tsv)."""
    from ..core.lexicon import read_text
    p = path or str(filter_path())
    return parse_family_filter(read_text(p, "family filter"), p)
