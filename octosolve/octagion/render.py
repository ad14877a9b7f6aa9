"""SVG and text pictures: the deck, word cards coloured by difficulty, histograms."""

from __future__ import annotations

from pathlib import Path

import drawsvg as draw

from ..core.svg import color, text
from .rules import NUMBERS, Deck

DIFF_COLOURS = {"easy": "#3cb44b", "medium": "#f58231", "hard": "#e6194b"}


def deck_text(deck: Deck) -> str:
    return "\n".join(f"{n}: {' '.join(deck.letters_of(n))}" for n in range(1, NUMBERS + 1))


def deck_svg(deck: Deck, path: Path) -> Path:
    """The deck as 8 columns (numbers) of cards."""
    per = max(len(deck.letters_of(n)) for n in range(1, NUMBERS + 1))
    w, h, pad = 46, 56, 8
    W = NUMBERS * (w + pad) + pad
    H = per * (h + pad) + pad + 30
    d = draw.Drawing(W, H)
    d.append(draw.Rectangle(0, 0, W, H, fill="white"))
    d.append(text("Octagion default deck (ours): 6 cards per number", W / 2, 14, 12))
    for n in range(1, NUMBERS + 1):
        x = pad + (n - 1) * (w + pad)
        for k, letter in enumerate(deck.letters_of(n)):
            y = 30 + pad + k * (h + pad)
            d.append(draw.Rectangle(x, y, w, h, rx=6, fill="#fdfdf6", stroke=color(n - 1),
                                    stroke_width=3))
            d.append(text(letter, x + w / 2, y + h / 2 - 4, 24, font_weight="bold"))
            d.append(text(str(n), x + w - 9, y + h - 9, 11, fill=color(n - 1)))
    d.save_svg(str(path))
    return path


def wordcards_svg(report: dict, path: Path) -> Path:
    """Each word card as 40 numbered words, coloured by difficulty, with its solution count."""
    cards = [c["card"] for c in report["cards"]]
    by_card = {c: [r for r in report["words"] if r["card"] == c] for c in cards}
    cw, rh = 200, 15
    W = len(cards) * (cw + 10) + 10
    H = 40 * rh + 70
    d = draw.Drawing(W, H)
    d.append(draw.Rectangle(0, 0, W, H, fill="white"))
    d.append(text("Word cards (colour = difficulty: green easy, orange medium, red hard; "
                  "number = solutions)", W / 2, 12, 11))
    for j, c in enumerate(cards):
        x = 10 + j * (cw + 10)
        d.append(draw.Rectangle(x, 24, cw, 40 * rh + 36, rx=8, fill="#eaf7ea", stroke="#2d6a2d"))
        d.append(text(f"Card {c}", x + cw / 2, 36, 12, font_weight="bold"))
        for r in by_card[c]:
            y = 50 + (r["index"] - 1) * rh
            col = DIFF_COLOURS.get(r["difficulty"], "#888888")
            d.append(text(f"{c}{r['index']}", x + 8, y, 10, text_anchor="start", fill="#555"))
            d.append(text(r["word"], x + 44, y, 11, text_anchor="start", fill=col,
                          font_family="monospace", font_weight="bold"))
            d.append(text(str(r["solutions"]), x + cw - 8, y, 10, text_anchor="end", fill=col))
    d.save_svg(str(path))
    return path


def histogram_svg(hist: dict, path: Path, title: str, xlabel: str) -> Path:
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
    d.save_svg(str(path))
    return path
