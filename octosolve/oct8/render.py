"""Oct8 pictures and text: positions as SVG (``Oct8State._repr_svg_``) and as text, bar charts with
95% intervals (drawsvg via octosolve.core.svg)."""

from __future__ import annotations

from pathlib import Path

import drawsvg as draw

from ..core import svg
from ..core.words import counted
from .deck import (COLOURS, HEADS_PER_COLOUR, MODE_ATTACH, PH_MAIN, PH_PLACE, PH_SEL, PH_TARGET, PHASE_NAMES,
                   type_name)

__all__ = ["octopus_str", "public_lines", "game_record", "position_svg", "bar_chart"]

OCTO_COLOURS = {"red": "#d62728", "green": "#2ca02c", "blue": "#1f77b4"}
FILL = ("#d62728", "#2ca02c", "#1f77b4")


# ---------------------------------------------------------------- text
def octopus_str(st, h: int) -> str:
    """``red*[r3 r5]=8``: head colour (``*`` = blocked, every arm the head's colour), arms, total."""
    arms = sorted(st.arms[h], key=lambda c: st.cfg.types[c])
    tag = "*" if st.arms[h] and st.total(h) == 8 and st.blocked(h) else ""
    return f"{COLOURS[h // HEADS_PER_COLOUR]}{tag}[{' '.join(st.card_str(c) for c in arms)}]={st.total(h)}"


def _pending_str(st) -> str:
    if st.phase == PH_PLACE:
        return f" (turn-draw card {st.card_str(st.drawn)})"
    if st.phase not in (PH_TARGET, PH_SEL):
        return ""
    what = (f"attach to shared head {st.src}" if st.mode == MODE_ATTACH else
            f"exchange {type_name(st.src_type)} of {COLOURS[st.src // HEADS_PER_COLOUR]} octopus")
    return f" ({what}; cards chosen: {' '.join(type_name(t) for t in st.sel) or 'none yet'})"


def public_lines(st) -> list[str]:
    """What every player sees: the table, piles, hand sizes and chips (no hidden card)."""
    # turns are counted from 1, as the game record's "-- turn N" headers count them
    lines = [f"turn {st.turns + 1}, P{st.cur}, phase {PHASE_NAMES[st.phase]}" + _pending_str(st)
             + (" (extra action)" if st.extra and st.phase == PH_MAIN else ""),
             f"arm deck {len(st.arm_deck)}, head deck {len(st.head_deck)}, discard "
             f"{' '.join(st.card_str(c) for c in st.discard) or '-'}",   # was 'discard ' when empty
             "shared: " + "; ".join(octopus_str(st, h) if h >= 0 else "-" for h in st.shared)]
    for p in range(st.n):
        lines.append(f"P{p}: hand {len(st.hands[p])} babies {st.babies[p]} field "
                     + ("; ".join(octopus_str(st, h) for h in st.fields[p]) or "-")
                     + " | shipped " + ("; ".join(octopus_str(st, h) for h in st.shipped[p]) or "-"))
    return lines


def game_record(final, names, seed) -> list[str]:
    """A readable record of the game that led to ``final`` (replayed from its deal ``seed``)."""
    st = type(final).new(final.cfg, seed)
    n = st.n
    lines = [f"Oct8, {n} players ({', '.join(names)}), seed {seed}, deck {st.cfg.deck.name}"
             + (", short variant" if st.cfg.short else "")
             + (f", baby chips {st.cfg.baby_chips}" if st.cfg.baby_chips != "cap" else "")
             + (f", colour bonus {st.cfg.colour_bonus}" if st.cfg.colour_bonus != "octopus" else ""),
             "secret colours: " + ", ".join(f"P{p} {COLOURS[st.colour(p)]}" for p in range(n))]
    from .moves import turn_notation

    turn, steps, took = -1, [], []

    def flush():  # the turn's decisions in one line (the notation), then the octopuses taken
        if steps:
            lines.append(f"   P{steps[0][0]}: " + turn_notation([(a, t) for _p, a, t in steps]))
            lines.extend(took)
        steps.clear()
        took.clear()

    for p, a in final.history:
        if st.turns != turn:
            flush()
            turn = st.turns
            lines.append(f"-- turn {turn + 1}, P{st.cur}; shared: "
                         + "; ".join(octopus_str(st, h) if h >= 0 else "-" for h in st.shared))
        steps.append((p, a, st.action_to_string(a)))
        before = len(st.fields[p])
        st.apply_action(a)
        if len(st.fields[p]) > before:
            took.append(f"   P{p} takes octopus {octopus_str(st, st.fields[p][-1])} (babies {st.babies[p]})")
    flush()
    if not st.is_terminal():
        return lines + [f"-- stopped after {len(final.history)} decisions"] + public_lines(st)
    lines.append("-- end")
    for p in range(n):
        d = st.score_detail(p)
        lines.append(f"P{p} ({COLOURS[st.colour(p)]}, {names[p]}): score {d['score']}, {counted(d['octopuses'], 'octopus', 'octopuses')}, "
                     f"{counted(d['scoring_arms'], 'scoring arm')}; field "
                     + ("; ".join(octopus_str(st, h) for h in st.fields[p]) or "-") + " | shipped "
                     + ("; ".join(octopus_str(st, h) for h in st.shipped[p]) or "-"))
    w = st.leaders()
    lines.append("winner: " + (f"P{w[0]}" if len(w) == 1 else "tie between " + ", ".join(f"P{q}" for q in w)))
    return lines


# ---------------------------------------------------------------- position picture
def _octopus_svg(d, st, h, x, y, label=""):
    """A head (circle in its colour) above its arm cards (boxes in their colour, height ~ arms)."""
    hc = h // HEADS_PER_COLOUR
    d.append(draw.Circle(x + 30, y + 14, 12, fill=FILL[hc], stroke="black"))
    if label:
        d.append(svg.text(label, x + 30, y - 4, 9))
    yy = y + 30
    for c in sorted(st.arms[h], key=lambda c: st.cfg.types[c]):
        t = st.cfg.types[c]
        hgt = 6 * (t % 8 + 1)
        d.append(draw.Rectangle(x + 14, yy, 32, hgt, fill=FILL[t // 8], stroke="white", fill_opacity=0.85))
        d.append(svg.text(type_name(t), x + 30, yy + hgt / 2 + 3, 8, fill="white"))
        yy += hgt
    d.append(svg.text(f"{st.total(h)}/8", x + 30, y + 30 + 52, 9))


def position_svg(st) -> str:
    """An SVG picture of the public table: shared octopuses, then each player's field and shipped
    octopuses, hand size and baby chips (hands and colours are hidden, as at the table)."""
    cols = max([3] + [len(st.fields[p]) + len(st.shipped[p]) for p in range(st.n)])
    width, row = 110 + cols * 64, 100
    height = 30 + row * (st.n + 1)
    d = svg.new_drawing(width, height)
    d.append(svg.text(f"Oct8, turn {st.turns + 1}, P{st.cur} to move ({PHASE_NAMES[st.phase]})",
                      width / 2, 16, 12, font_weight="bold"))
    y = 34
    d.append(svg.text("shared", 40, y + 40, 10))
    for i, h in enumerate(st.shared):
        if h >= 0:
            _octopus_svg(d, st, h, 90 + i * 64, y)
    for p in range(st.n):
        y = 34 + row * (p + 1)
        d.append(svg.text(f"P{p}", 40, y + 34, 11, font_weight="bold"))
        d.append(svg.text(f"hand {len(st.hands[p])}, chips {st.babies[p]}", 40, y + 50, 8))
        for i, h in enumerate(st.fields[p]):
            _octopus_svg(d, st, h, 90 + i * 64, y)
        for i, h in enumerate(st.shipped[p]):
            _octopus_svg(d, st, h, 90 + (len(st.fields[p]) + i) * 64, y, "shipped")
    return svg.svg_text(d)


def bar_chart(path: Path, title: str, labels: list[str], values: list[float],
              intervals: list[tuple[float, float]] | None = None, *, ylabel: str = "",
              reference: float | None = None, colours: list[str] | None = None) -> Path:
    """Vertical bars with optional 95% interval whiskers and a dashed reference line."""
    n = len(values)
    bw, gap, left, top, h = 56, 22, 70, 50, 260
    width = left + n * (bw + gap) + 30
    height = top + h + 90
    tops = [hi for _, hi in intervals] if intervals else list(values)
    vmax = max(tops + [reference or 0, 1e-9]) * 1.12
    d = svg.new_drawing(width, height)
    d.append(svg.text(title, width / 2, 22, 15, font_weight="bold"))
    y0 = top + h

    def y(v):
        return y0 - h * v / vmax

    d.append(draw.Line(left, y0, width - 20, y0, stroke="black"))
    d.append(draw.Line(left, top, left, y0, stroke="black"))
    for k in range(5):
        v = vmax * k / 4
        d.append(draw.Line(left - 4, y(v), left, y(v), stroke="black"))
        d.append(svg.text(f"{v:.3g}", left - 8, y(v), 10, text_anchor="end"))
    if ylabel:
        d.append(svg.text(ylabel, 16, top + h / 2, 11, transform=f"rotate(-90 16 {top + h / 2})"))
    for i, v in enumerate(values):
        x = left + gap / 2 + i * (bw + gap)
        col = colours[i] if colours else svg.color(2)
        d.append(draw.Rectangle(x, y(v), bw, y0 - y(v), fill=col, fill_opacity=0.8))
        if intervals:
            lo, hi = intervals[i]
            cx = x + bw / 2
            d.append(draw.Line(cx, y(lo), cx, y(hi), stroke="black", stroke_width=1.5))
            for yy in (y(lo), y(hi)):
                d.append(draw.Line(cx - 6, yy, cx + 6, yy, stroke="black", stroke_width=1.5))
        d.append(svg.text(f"{v:.3g}", x + bw / 2, y(v) - 10 if not intervals else y(intervals[i][1]) - 9, 10))
        for j, part in enumerate(str(labels[i]).split("\n")):
            d.append(svg.text(part, x + bw / 2, y0 + 14 + 13 * j, 10))
    if reference is not None:
        d.append(draw.Line(left, y(reference), width - 20, y(reference), stroke="#555", stroke_dasharray="5,4"))
    return svg.save(d, path)
