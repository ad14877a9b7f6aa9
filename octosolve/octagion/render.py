"""SVG and text pictures: the deck, word cards (coloured by difficulty when checked), histograms.

Every picture is a ``drawsvg`` drawing with a viewBox; ``*_svg`` functions return the SVG text (what a
notebook shows through ``_repr_svg_``) and write it to ``path`` when one is given. This module knows
nothing of the rules' classes: a deck is anything with ``letters_of(number)`` and ``name``, so
``rules.Deck`` can draw itself without an import cycle.

>>> class Two:
...     name = "two cards"
...     def letters_of(self, n): return "A" if n == 1 else ("B" if n == 2 else "")
>>> deck_svg(Two()).count("viewBox")
1
"""

from __future__ import annotations

from pathlib import Path

import drawsvg as draw

from ..core.svg import color, svg_text, text

__all__ = ["DIFF_COLOURS", "deck_text", "deck_drawing", "deck_svg", "wordcards_drawing",
           "wordcards_svg", "histogram_svg"]

NUMBERS = 8
DIFF_COLOURS = {"easy": "#3cb44b", "medium": "#f58231", "hard": "#e6194b"}


def _out(d: draw.Drawing, path: Path | str | None) -> str:
    svg = svg_text(d)
    if path is not None:
        from ..core.files import atomic_write_text

        atomic_write_text(Path(path), svg)
    return svg


def deck_text(deck) -> str:
    """One line per number: ``1: A D E F N O``."""
    return "\n".join(f"{n}: {' '.join(deck.letters_of(n))}" for n in range(1, NUMBERS + 1))


def deck_drawing(deck, title: str | None = None) -> draw.Drawing:
    """The deck as 8 columns (numbers) of cards."""
    per = max(1, max(len(deck.letters_of(n)) for n in range(1, NUMBERS + 1)))
    w, h, pad = 46, 56, 8
    W = NUMBERS * (w + pad) + pad
    H = per * (h + pad) + pad + 30
    d = draw.Drawing(W, H)
    d.append(draw.Rectangle(0, 0, W, H, fill="white"))
    if title is None:
        n_cards = sum(len(deck.letters_of(n)) for n in range(1, NUMBERS + 1))
        title = f"Octagion deck: {n_cards} cards"
    d.append(text(title, W / 2, 14, 12))
    for n in range(1, NUMBERS + 1):
        x = pad + (n - 1) * (w + pad)
        for k, letter in enumerate(deck.letters_of(n)):
            y = 30 + pad + k * (h + pad)
            d.append(draw.Rectangle(x, y, w, h, rx=6, fill="#fdfdf6", stroke=color(n - 1),
                                    stroke_width=3))
            d.append(text(letter, x + w / 2, y + h / 2 - 4, 24, font_weight="bold"))
            d.append(text(str(n), x + w - 9, y + h - 9, 11, fill=color(n - 1)))
    return d


def deck_svg(deck, path: Path | str | None = None, title: str | None = None) -> str:
    """SVG text of :func:`deck_drawing` (also written to ``path`` when given)."""
    return _out(deck_drawing(deck, title), path)


def wordcards_drawing(cards: dict[str, list], title: str | None = None) -> draw.Drawing:
    """Word cards side by side. ``cards`` maps a card letter to its words in order; a word is a
    string (drawn black) or a dict with ``word``, ``difficulty`` and ``solutions`` (coloured by
    difficulty, with its solution count)."""
    names = list(cards)
    rows = max([len(ws) for ws in cards.values()] + [1])
    cw, rh = 200, 15
    W = max(1, len(names)) * (cw + 10) + 10
    H = rows * rh + 70
    d = draw.Drawing(W, H)
    d.append(draw.Rectangle(0, 0, W, H, fill="white"))
    if title is None:
        coloured = any(isinstance(w, dict) for ws in cards.values() for w in ws)
        title = ("Word cards (colour = difficulty: green easy, orange medium, red hard; "
                 "number = solutions)" if coloured else "Word cards")
    d.append(text(title, W / 2, 12, 11))
    for j, c in enumerate(names):
        x = 10 + j * (cw + 10)
        d.append(draw.Rectangle(x, 24, cw, rows * rh + 36, rx=8, fill="#eaf7ea", stroke="#2d6a2d"))
        d.append(text(f"Card {c}", x + cw / 2, 36, 12, font_weight="bold"))
        for i, w in enumerate(cards[c], 1):
            y = 50 + (i - 1) * rh
            if isinstance(w, dict):
                word, col = w["word"], DIFF_COLOURS.get(w.get("difficulty"), "#888888")
                i = w.get("index", i)
                y = 50 + (i - 1) * rh
            else:
                word, col = str(w), "#222222"
            d.append(text(f"{c}{i}", x + 8, y, 10, text_anchor="start", fill="#555"))
            d.append(text(word, x + 44, y, 11, text_anchor="start", fill=col,
                          font_family="monospace", font_weight="bold"))
            if isinstance(w, dict) and "solutions" in w:
                d.append(text(str(w["solutions"]), x + cw - 8, y, 10, text_anchor="end", fill=col))
    return d


def wordcards_svg(cards_or_report: dict, path: Path | str | None = None) -> str:
    """SVG text of word cards: either ``{card: [words]}`` or a ``check`` report (``"cards"`` and
    ``"words"`` keys), whose words are coloured by difficulty."""
    if "words" in cards_or_report and "cards" in cards_or_report \
            and isinstance(cards_or_report["cards"], list):
        rep = cards_or_report
        cards = {c["card"]: [r for r in rep["words"] if r["card"] == c["card"]] for c in rep["cards"]}
    else:
        cards = cards_or_report
    return _out(wordcards_drawing(cards), path)


def histogram_svg(hist: dict, path: Path | str | None, title: str, xlabel: str) -> str:
    """A bar chart of ``{label: count}``."""
    keys = list(hist)
    vals = [hist[k] for k in keys]
    bw, H0 = 22, 180
    W = max(300, len(keys) * (bw + 4) + 60)
    H = H0 + 70
    mx = max(vals) if vals else 1
    d = draw.Drawing(W, H)
    d.append(draw.Rectangle(0, 0, W, H, fill="white"))
    d.append(text(title, W / 2, 14, 12))
    for i, (k, v) in enumerate(zip(keys, vals)):
        x = 40 + i * (bw + 4)
        bh = H0 * v / mx if mx else 0
        d.append(draw.Rectangle(x, 30 + H0 - bh, bw, bh, fill=color(2)))
        d.append(text(str(k), x + bw / 2, 40 + H0, 9))
        d.append(text(str(v), x + bw / 2, 24 + H0 - bh, 8))
    d.append(text(xlabel, W / 2, H - 12, 11))
    return _out(d, path)
