"""Text and SVG pictures of an Octagone position (any object with the state's fields: ``board``,
``arrows``, ``hands``, ``params``, ``over``, ``target()``, ...; this module imports no rules code, so
the rules module can use it for ``__str__`` and ``_repr_svg_``)."""

from __future__ import annotations

import math
from pathlib import Path

from ..core import svg
from .board import COLOURS, COLS, DAMA, DIR_NAMES, JOLLY, ROWS, SYLLABLES, cell_of, rc, type_name

__all__ = ["text_board", "board_drawing", "svg_string", "draw_svg", "direction_name", "ARROW_CHARS"]

ARROW_CHARS = "↑↗→↘↓↙←↖"
FILL = {"red": "#e74c3c", "orange": "#f39c12", "yellow": "#f1c40f", "green": "#27ae60",
        "blue": "#2e86de", "violet": "#8e44ad"}


def _cell_text(state, x: int) -> str:
    t = state.board[x]
    if t < 0:
        return " . " if x != state.target() or state.over else " * "
    a = ARROW_CHARS[state.arrows[x]]
    if t == DAMA:
        return f"D{a} "
    if t == JOLLY:
        return f"J{a} "
    if state.params.variant == "iv":
        return f"{SYLLABLES[t % 4]}{a}"
    return f"{COLOURS[t // 4][0].upper()}{a} "


def text_board(state, viewer: int | None = None) -> str:
    """The board (``R→`` = red shield pointing E, ``J`` jolly, ``D`` Dama, ``*`` the forced cell)
    and the hands; with ``viewer`` (hidden shields) the other players' coloured shields are not shown
    (their number and their jollies are public: the jollies are dealt openly)."""
    iv = state.params.variant == "iv"
    lines = ["      " + " ".join(f"{c:^3}" for c in range(COLS))]
    for r in range(ROWS):
        lines.append(f"{r} {COLOURS[r][:3]:<3} " + "|".join(_cell_text(state, cell_of(r, c))
                                                    for c in range(COLS)))
    for p, h in enumerate(state.hands):
        if viewer is not None and p != viewer:
            lines.append(f"player {p}: {sum(h)} shields ({h[JOLLY]} jolly, the others hidden)")
            continue
        parts = [f"{type_name(t, iv)}x{n}" for t, n in enumerate(h) if n]
        lines.append(f"player {p}: {sum(h)} shields: " + (", ".join(parts) or "none"))
    if state.over:
        w = state.winners()
        who = "tie" if not w else (f"winner: player {w[0]}" if state.n == 2
                                   else f"winners: pair {w[0]} (players {w[0]} and {w[1]})")
        lines.append(f"game over ({state.end_reason}); {who}")
    elif state.choosing_jolly():
        p = state.to_move
        lines.append(f"to move: player {p}, chooses who of pair {p % 2} (players {p % 2} and "
                     f"{p % 2 + 2}) holds the extra jolly")
    else:
        t = state.target()
        where = "anywhere (Dama Bianca)" if t < 0 else f"row {rc(t)[0]}, col {rc(t)[1]} ({COLOURS[t // COLS]})"
        lines.append(f"to move: player {state.to_move}, plays {where}"
                     + (f", {state.extra} extra turn(s) owed" if state.extra else ""))
    return "\n".join(lines)


def board_drawing(state, size: int = 60):
    """A drawsvg Drawing of the board: row colours, shields as octagons with their arrows, the forced
    cell ringed, the last shield framed, and each player's number of shields."""
    m = 30
    w, h = m * 2 + COLS * size, m * 2 + ROWS * size + 20 * state.n + 10
    d = svg.new_drawing(w, h)
    t_forced = -1 if state.over else state.target()
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0 = m + c * size, m + r * size
            d.append(svg.draw.Rectangle(x0, y0, size, size, fill=FILL[COLOURS[r]], fill_opacity=0.35,
                                        stroke="#555", stroke_width=1))
            x = cell_of(r, c)
            cx, cy = x0 + size / 2, y0 + size / 2
            if x == t_forced:
                d.append(svg.draw.Circle(cx, cy, size * 0.42, fill="none", stroke="black",
                                         stroke_width=3, stroke_dasharray="5,3"))
            t = state.board[x]
            if t < 0:
                continue
            fill = "white" if t == DAMA else "#222" if t == JOLLY else FILL[COLOURS[t // 4]]
            d.append(svg.octagon(cx, cy, size * 0.4, fill=fill, stroke="black", stroke_width=1.5))
            a = math.radians(-90 + 45 * state.arrows[x])
            ink = "white" if t == JOLLY else "black"
            d.append(svg.arrow(cx - size * 0.22 * math.cos(a), cy - size * 0.22 * math.sin(a),
                               cx + size * 0.3 * math.cos(a), cy + size * 0.3 * math.sin(a),
                               stroke=ink, width=2, head=6))
            if state.params.variant == "iv" and t < JOLLY:
                d.append(svg.text(SYLLABLES[t % 4], cx + size * 0.28, cy + size * 0.32, size=10))
            if x == state.last:
                d.append(svg.draw.Rectangle(x0 + 2, y0 + 2, size - 4, size - 4, fill="none",
                                            stroke="black", stroke_width=2))
    for c in range(COLS):
        d.append(svg.text(str(c), m + c * size + size / 2, m - 12, size=11))
    for r in range(ROWS):
        d.append(svg.text(str(r), m - 12, m + r * size + size / 2, size=11))
    y = m + ROWS * size + 16
    for p, hand in enumerate(state.hands):
        d.append(svg.text(f"player {p}: {sum(hand)} shields ({hand[JOLLY]} jolly)", w / 2, y, size=12))
        y += 20
    return d


def svg_string(state, size: int = 60) -> str:
    """The SVG document (with a viewBox) of :func:`board_drawing`, for ``_repr_svg_``."""
    return board_drawing(state, size).as_svg()


def draw_svg(state, path: Path | str, size: int = 60) -> Path:
    """Write the SVG of the board to ``path``."""
    return svg.save(board_drawing(state, size), path)


def direction_name(d: int) -> str:
    return DIR_NAMES[d]
