"""Explain a deck against a word list: why each lost word is lost, what each card is worth, and
what every single-card change would gain and lose.

A word is solvable when its 8 positions can take 8 distinct numbers, each position a number whose
card carries its letter: a perfect matching of positions to numbers. By Hall's theorem it fails
exactly when some set of positions sees fewer numbers than it has positions; positions with the
same letter see the same numbers, so the failing set can be taken as the positions of a group T of
the word's letters. The reasons, in the order they are looked for:

- ``short``: one letter (T of one letter) fills more positions than there are numbers carrying it
  (REFERRER has four R: the deck must carry R on four numbers);
- ``crowded``: a group of two or more letters fills more positions than the numbers carrying any
  of them (TOMORROW: T, O, M, R fill 7 positions; only 6 numbers carry one of them), the smallest
  such group;
- ``empty_number``: a number carries none of the word's letters (Hall's condition from the numbers'
  side: the 8 positions have only 7 numbers; EVERYONE when no card 8 has E, V, R, Y, O or N).

The least number of card changes (one card's letter replaced, its number kept) that makes a lost
word solvable is 8 minus its maximum matching, which is also the number of Treatment Cards it
needs: a change moves one number, so it raises the matching by at most one, and changing a card
of a number the matching leaves free to the letter of a position it leaves free always does.

Coverage is counted by the numba kernel :func:`kernels.solve_words`; a change (card L on n becomes
L' on n) can only lose words holding L that the deck solves and gain words holding L' that it does
not, so only those are solved again.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np

from ..core.errors import fail
from .kernels import POPCOUNT8, encode_words, solve_words
from .rules import LETTERS, NUMBERS, Deck

__all__ = ["explain_deck", "word_reason", "explain_text", "load_any_deck", "REASONS"]

REASONS = {"short": "one letter's count is short",
           "crowded": "letters crowd onto too few numbers",
           "empty_number": "a number carries none of the word's letters"}


def _nums(mask: int) -> list[int]:
    return [n + 1 for n in range(NUMBERS) if mask >> n & 1]


def _join(xs) -> str:
    xs = [str(x) for x in xs]
    return ", ".join(xs[:-1]) + " and " + xs[-1] if len(xs) > 1 else "".join(xs)


def word_reason(word: str, masks) -> dict | None:
    """Why ``word`` is not solvable by the deck with letter masks ``masks`` (uint8 [26], bit n-1:
    a card (letter, n)); None when it is solvable. {"reason": "short" | "crowded" | "empty_number",
    "letters": T, "positions": positions of T, "numbers": the numbers carrying a letter of T (for
    ``empty_number``: the number carrying none), "text"}."""
    masks = [int(m) for m in masks]
    cnt = Counter(word)
    ls = sorted(cnt)
    found = None
    for r in range(1, len(ls) + 1):          # the smallest failing group, most short first
        for t in combinations(ls, r):
            u = 0
            for c in t:
                u |= masks[ord(c) - 65]
            p = sum(cnt[c] for c in t)
            q = int(POPCOUNT8[u])
            if p > q and (found is None or p - q > found[1] - found[2]):
                found = (t, p, q, u)
        if found is not None:
            break
    if found is None:
        return None
    t, p, q, u = found
    letters = "".join(t)
    if len(t) == 1:
        ch = t[0]
        text = (f"{word} has {p} {ch}, the deck has no {ch}" if q == 0 else
                f"{word} has {p} {ch} but only {q} number{'s' if q != 1 else ''} carr"
                f"{'y' if q != 1 else 'ies'} {ch} ({_join(_nums(u))})")
        return {"reason": "short", "letters": letters, "positions": p, "numbers": _nums(u),
                "text": text}
    if len(t) < len(ls):
        return {"reason": "crowded", "letters": letters, "positions": p, "numbers": _nums(u),
                "text": f"{word} needs {p} positions from {_join(list(t))}, which only {q} "
                        f"numbers carry ({_join(_nums(u))})"}
    missing = _nums(0xFF & ~u)
    return {"reason": "empty_number", "letters": letters, "positions": p, "numbers": missing,
            "text": f"no card numbered {_join(missing)} carries a letter of {word} "
                    f"({_join(list(t))})"}


def _matching(word: str, masks) -> list[int]:
    """A maximum matching: for each position its number 1-8, or 0 when left free."""
    rows = [int(masks[ord(c) - 65]) for c in word]
    match_num = [-1] * NUMBERS               # number -> position

    def augment(i, seen):
        for n in range(NUMBERS):
            if rows[i] >> n & 1 and not seen[n]:
                seen[n] = True
                if match_num[n] < 0 or augment(match_num[n], seen):
                    match_num[n] = i
                    return True
        return False

    for i in range(8):
        augment(i, [False] * NUMBERS)
    out = [0] * 8
    for n, i in enumerate(match_num):
        if i >= 0:
            out[i] = n + 1
    return out


def _solved(words_enc, masks) -> np.ndarray:
    if len(words_enc) == 0:
        return np.zeros(0, dtype=bool)
    return solve_words(words_enc, np.asarray(masks, dtype=np.uint8), POPCOUNT8)[0] > 0


def explain_deck(deck: Deck, words, weights=None, top: int = 10) -> dict:
    """The explanation of ``deck`` against ``words`` (8-letter words A-Z), a JSON-ready dict:
    covered/lost counts, per lost word its reason, Treatment Cards and smallest change; per card
    the words that need it; the ``top`` single-card changes by net words (weighted, when
    ``weights`` gives a weight a word); the near misses (lost words one Treatment Card saves)."""
    words = list(dict.fromkeys(words))
    if not words:
        fail("no words to explain the deck against")
    w8 = np.array([1.0] * len(words)) if weights is None else np.asarray(
        [float(weights.get(w, 0.0)) for w in words])
    enc = encode_words(words)
    counts = deck.counts
    masks = deck.masks.astype(np.uint8)
    ok = _solved(enc, masks)
    has = np.zeros((26, len(words)), dtype=bool)
    for i, w in enumerate(words):
        for c in set(w):
            has[ord(c) - 65, i] = True

    # each card: the solved words that need it (not solved with one copy removed)
    need: dict[tuple[int, int], np.ndarray] = {}
    cards = []
    for l in range(26):
        for n in range(NUMBERS):
            if counts[l, n] == 0:
                continue
            idx = np.nonzero(ok & has[l])[0]
            m2 = masks.copy()
            if counts[l, n] == 1:
                m2[l] &= ~np.uint8(1 << n)
            lost = idx[~_solved(enc[idx], m2)]
            need[(l, n)] = lost
            cards.append({"card": f"{LETTERS[l]}{n + 1}", "copies": int(counts[l, n]),
                          "needed_by": len(lost), "weight": round(float(w8[lost].sum()), 3),
                          "examples": [words[i] for i in lost[:5]]})
    cards.sort(key=lambda c: (-c["weight"], -c["needed_by"], c["card"]))

    # every single-card change (L on n -> L' on n, L' not already on n)
    unsolved = np.nonzero(~ok)[0]
    changes = []
    gainers: dict[int, list] = {}
    for (l, n), lost_all in need.items():
        m_rm = masks.copy()
        if counts[l, n] == 1:
            m_rm[l] &= ~np.uint8(1 << n)
        for l2 in range(26):
            if l2 == l or counts[l2, n]:
                continue
            m2 = m_rm.copy()
            m2[l2] |= np.uint8(1 << n)
            back = lost_all[has[l2, lost_all]] if len(lost_all) else lost_all
            back = back[_solved(enc[back], m2)] if len(back) else back
            lost = np.setdiff1d(lost_all, back)
            cand = unsolved[has[l2, unsolved]]
            gained = cand[_solved(enc[cand], m2)] if len(cand) else cand
            if len(gained) == 0 and len(lost) == 0:
                continue
            ch = {"from": f"{LETTERS[l]}{n + 1}", "to": f"{LETTERS[l2]}{n + 1}",
                  "gained": len(gained), "lost": len(lost), "net": len(gained) - len(lost),
                  "weight": round(float(w8[gained].sum() - w8[lost].sum()), 3),
                  "gained_words": [words[i] for i in gained],
                  "lost_words": [words[i] for i in lost]}
            changes.append(ch)
            for i in gained:
                gainers.setdefault(int(i), []).append(ch)
    key = (lambda c: (-c["weight"], -c["net"], c["from"], c["to"]))
    changes.sort(key=key)

    # each lost word: reason, Treatment Cards, smallest change
    need_count = {c["card"]: c["needed_by"] for c in cards}
    lost_words = []
    for i in unsolved:
        w = words[i]
        r = word_reason(w, masks)
        if r is None:           # cannot happen: the kernel and Hall's theorem disagree
            raise RuntimeError(f"{w}: not solved, yet no Hall violation found")
        matched = _matching(w, masks)
        treatments = matched.count(0)
        if treatments == 1 and gainers.get(int(i)):
            best = sorted(gainers[int(i)], key=key)[0]
            fix = [{"from": best["from"], "to": best["to"]}]
            fix_net = best["net"]
        else:
            fix, fix_net = _constructed_fix(w, matched, deck, need_count), None
        lost_words.append({"word": w, **r, "treatment_cards": treatments, "changes": len(fix),
                           "fix": fix, "fix_net": fix_net,
                           "weight": round(float(w8[i]), 3)})
    reasons = Counter(x["reason"] for x in lost_words)
    near = [x["word"] for x in lost_words if x["treatment_cards"] == 1]
    return {"deck": deck.to_json(), "words": len(words), "covered": int(ok.sum()),
            "lost": len(lost_words), "weighted": weights is not None,
            "covered_weight": round(float(w8[ok].sum()), 3),
            "reasons": {k: reasons.get(k, 0) for k in REASONS},
            "near_misses": near, "lost_words": lost_words, "cards": cards,
            "changes_considered": len(changes), "top_changes": changes[:top],
            "top": top}


def _constructed_fix(word, matched, deck, need_count):
    """8 - nu changes: for each position the matching leaves free, a card of a number it leaves
    free (the one fewest words need) becomes the position's letter."""
    free_nums = [n for n in range(1, NUMBERS + 1) if n not in matched]
    free_pos = [i for i, n in enumerate(matched) if n == 0]
    out = []
    for i, n in zip(free_pos, free_nums):
        on = deck.letters_of(n)
        if on:
            src = min(on, key=lambda c: (need_count.get(f"{c}{n}", 0), c))
            out.append({"from": f"{src}{n}", "to": f"{word[i]}{n}"})
        else:
            out.append({"from": None, "to": f"{word[i]}{n}"})
    return out


def explain_text(r: dict, show_words: int = 40) -> str:
    """The explanation as readable lines."""
    n, cov = r["words"], r["covered"]
    lines = [f"{n:,} words: the deck covers {cov:,}, loses {r['lost']:,}"
             + (f" (weight covered {r['covered_weight']:g})" if r["weighted"] else ""),
             "why the lost words are lost:"]
    for k, v in r["reasons"].items():
        lines.append(f"  {v:5,}  {REASONS[k]}")
    lines.append(f"  {len(r['near_misses']):,} of them need only one Treatment Card (one card "
                 "change covers each)")
    lines.append("")
    lines.append(f"cards by the words that need them (lost without the card), top {r['top']}:")
    for c in r["cards"][:r["top"]]:
        lines.append(f"  {c['card']:<3} {c['needed_by']:5,}  e.g. {', '.join(c['examples'][:3])}")
    weak = sorted(r["cards"], key=lambda c: (c["weight"], c["card"]))[:5]
    lines.append("  least needed: " + ", ".join(f"{c['card']} {c['needed_by']}" for c in weak))
    lines.append("")
    lines.append(f"best single-card changes (of {r['changes_considered']:,} that change anything):")
    for c in r["top_changes"]:
        lines.append(f"  {c['from']} -> {c['to']}: +{c['gained']} -{c['lost']} = {c['net']:+d}"
                     + (f" (weight {c['weight']:+g})" if r["weighted"] else "")
                     + (f"  gains {', '.join(c['gained_words'][:4])}" if c["gained_words"] else ""))
    lines.append("")
    lines.append(f"lost words (first {min(show_words, r['lost'])} of {r['lost']:,}; --json has all):")
    for x in r["lost_words"][:show_words]:
        fix = ", ".join(f"{f['from'] or '(new)'} -> {f['to']}" for f in x["fix"])
        lines.append(f"  {x['text']}; fix: {fix}")
    return "\n".join(lines)


def load_any_deck(path) -> Deck:
    """A deck from a CSV deck file (letter,number) or from a design record (``design-deck
    --record``, ``data/octagion/best_deck_top*.json``: its ``deck.by_number``); our default deck
    when ``path`` is None."""
    from .rules import Card, load_deck
    if path is None or not str(path).lower().endswith(".json"):
        return load_deck(path)
    from ..core.jsonout import read_json
    rec = read_json(path, "design record")
    try:
        by = rec["deck"]["by_number"]
        cards = [Card(c, int(n)) for n, ls in by.items() for c in ls]
    except (KeyError, TypeError, ValueError, AttributeError):
        fail(f"{path}: not a design record (expected deck.by_number: number -> letters)")
    return Deck(cards, str(path))
