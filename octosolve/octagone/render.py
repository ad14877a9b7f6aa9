"""Text and SVG pictures of an Octagone position (any object with the state's fields: ``board``,
``arrows``, ``hands``, ``params``, ``over``, ``target()``, ...; this module imports no rules code, so
the rules module can use it for ``__str__``, ``_repr_svg_`` and the board page's ``view_svg`` /
``action_targets``).

The board page's picture (:func:`view_drawing`, the contract in ``octosolve/core/game.py``): the
board (every cell a click target ``cell:r2c3``), the viewer's shields as buttons (``kind:red``,
``kind:red:OC`` in IV, ``kind:jolly``), the 8 arrows (``dir:N`` ... ``dir:NW``) and the buttons
``button:pass``, ``button:jolly-self``, ``button:jolly-partner``; :func:`action_targets` lists the
clicks of a move: ``["cell:r2c3", "dir:NE"]`` for the Dama, ``["kind:red", "dir:NE"]`` for a shield
(only ``["kind:red"]`` when no arrow can point at a free cell: the shield ends the game)."""

from __future__ import annotations

import math
from pathlib import Path

from ..core import svg
from ..core.words import counted
from .geometry import (COLOURS, COLS, DAMA, DAMA_ACTIONS, DIR_NAMES, JOLLY, JOLLY_KIND, JOLLY_PARTNER,
                    JOLLY_SELF, PASS, PLACE_BASE, ROWS, SYLLABLES, cell_of, colour_of_cell, rc,
                    type_name)

__all__ = ["text_board", "board_drawing", "svg_string", "position_svg", "draw_svg", "direction_name", "ARROW_CHARS",
           "view_drawing", "view_svg", "action_targets", "cell_target", "kind_target", "dir_target"]

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
            lines.append(f"P{p}: {counted(sum(h), 'shield')} ({h[JOLLY]} jolly, the others hidden)")
            continue
        parts = [f"{type_name(t, iv)}x{n}" for t, n in enumerate(h) if n]
        lines.append(f"P{p}: {counted(sum(h), 'shield')}: " + (", ".join(parts) or "none"))
    if state.over:
        w = state.winners()
        who = "tie" if not w else (f"winner: P{w[0]}" if state.n == 2
                                   else f"winners: pair P{w[0]}+P{w[1]}")
        lines.append(f"game over ({state.end_reason}); {who}")
    elif state.choosing_jolly():
        p = state.to_move
        lines.append(f"to move: P{p}, chooses who of pair P{p % 2}+P{p % 2 + 2} holds the extra jolly")
    else:
        t = state.target()
        where = "anywhere (Dama Bianca)" if t < 0 else f"row {rc(t)[0]}, col {rc(t)[1]} ({COLOURS[t // COLS]})"
        lines.append(f"to move: P{state.to_move}, plays {where}"
                     + (f", {counted(state.extra, 'extra turn')} owed" if state.extra else ""))
    return "\n".join(lines)


def _draw_board(d, state, bx: float, by: float, size: int, targets: bool = False) -> None:
    """The 6 x 7 board at (bx, by): row colours, shields as octagons with their arrows, the forced
    cell ringed, the last shield framed, row and column numbers. ``targets``: every cell is a group
    with its ``data-target``."""
    iv = state.params.variant == "iv"
    t_forced = -1 if state.over else state.target()
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0 = bx + c * size, by + r * size
            x = cell_of(r, c)
            g = d
            if targets:
                t = state.board[x]
                what = "" if t < 0 else f": {type_name(t, iv)} shield pointing {DIR_NAMES[state.arrows[x]]}"
                g = svg.target_group(cell_target(x), f"row {r}, col {c} ({COLOURS[r]}){what}")
                d.append(g)
            g.append(svg.draw.Rectangle(x0, y0, size, size, fill=FILL[COLOURS[r]], fill_opacity=0.35,
                                        stroke="#555", stroke_width=1))
            cx, cy = x0 + size / 2, y0 + size / 2
            if x == t_forced:
                g.append(svg.draw.Circle(cx, cy, size * 0.42, fill="white", fill_opacity=0.6,
                                         stroke="black", stroke_width=3, stroke_dasharray="5,3"))
            t = state.board[x]
            if t < 0:
                continue
            _shield(g, cx, cy, size * 0.4, t, state.arrows[x], iv)
            if x == state.last:
                g.append(svg.draw.Rectangle(x0 + 2, y0 + 2, size - 4, size - 4, fill="none",
                                            stroke="black", stroke_width=2))
    for c in range(COLS):
        d.append(svg.text(str(c), bx + c * size + size / 2, by - 12, size=11))
    for r in range(ROWS):
        d.append(svg.text(str(r), bx - 12, by + r * size + size / 2, size=11))


def _shield(g, cx: float, cy: float, rad: float, t: int, arrow: int | None, iv: bool) -> None:
    """A shield of type ``t``: an octagon (white Dama, black jolly, else its colour), its arrow, and
    in IV its syllable."""
    fill = "white" if t == DAMA else "#222" if t == JOLLY else FILL[COLOURS[t // 4]]
    g.append(svg.octagon(cx, cy, rad, fill=fill, stroke="black", stroke_width=1.5))
    ink = "white" if t == JOLLY else "black"
    syllable = iv and t < JOLLY
    if arrow is not None:
        a = math.radians(-90 + 45 * arrow)
        ca, sa = math.cos(a), math.sin(a)
        if syllable:  # the syllable in the middle, the arrow a wedge on the rim
            g.append(svg.draw.Lines(cx + rad * 1.15 * ca, cy + rad * 1.15 * sa,
                                    cx + rad * (0.6 * ca - 0.35 * sa), cy + rad * (0.6 * sa + 0.35 * ca),
                                    cx + rad * (0.6 * ca + 0.35 * sa), cy + rad * (0.6 * sa - 0.35 * ca),
                                    close=True, fill=ink, stroke="white", stroke_width=1))
        else:
            g.append(svg.arrow(cx - rad * 0.55 * ca, cy - rad * 0.55 * sa, cx + rad * 0.75 * ca,
                               cy + rad * 0.75 * sa, stroke=ink, width=2.5, head=rad * 0.28))
    if syllable:
        g.append(svg.text(SYLLABLES[t % 4], cx, cy, size=max(11.0, rad * 0.6), font_weight="bold"))


def board_drawing(state, size: int = 60):
    """A drawsvg Drawing of the board: row colours, shields as octagons with their arrows, the forced
    cell ringed, the last shield framed, and each player's number of shields."""
    m = 30
    w, h = m * 2 + COLS * size, m * 2 + ROWS * size + 20 * state.n + 10
    d = svg.new_drawing(w, h)
    _draw_board(d, state, m, m, size)
    y = m + ROWS * size + 16
    for p, hand in enumerate(state.hands):
        d.append(svg.text(f"P{p}: {sum(hand)} shields ({hand[JOLLY]} jolly)", w / 2, y, size=12))
        y += 20
    return d


def svg_string(state, size: int = 60) -> str:
    """The SVG document (with a viewBox) of :func:`board_drawing`, for ``_repr_svg_``."""
    return svg.svg_text(board_drawing(state, size))


position_svg = svg_string  # every game's render.position_svg(state): the picture _repr_svg_ shows


def draw_svg(state, path: Path | str, size: int = 60) -> Path:
    """Write the SVG of the board to ``path``."""
    return svg.save(board_drawing(state, size), path)


def direction_name(d: int) -> str:
    return DIR_NAMES[d]


# ---------------------------------------------------------------------------------------------
# the board page: view_svg(viewer) and action_targets(action)
# ---------------------------------------------------------------------------------------------

def cell_target(cell: int) -> str:
    r, c = rc(cell)
    return f"cell:r{r}c{c}"


def kind_target(t: int, iv: bool) -> str:
    """``kind:red`` (``kind:red:OC`` in IV), ``kind:jolly``: a shield type of the hand."""
    return f"kind:{type_name(t, iv)}"


def dir_target(d: int) -> str:
    return f"dir:{DIR_NAMES[d]}"


BUTTONS = {PASS: ("button:pass", "Pass"), JOLLY_SELF: ("button:jolly-self", "Keep the extra jolly"),
           JOLLY_PARTNER: ("button:jolly-partner", "Give it to my partner")}


def action_targets(state, action: int) -> list[str]:
    """The clicks that make the legal ``action`` of the player to move (see the module docstring)."""
    action = int(action)
    if action in BUTTONS:
        return [BUTTONS[action][0]]
    if 0 <= action < DAMA_ACTIONS:
        return [cell_target(action // 8), dir_target(action % 8)]
    k, d = divmod(action - PLACE_BASE, 8)
    colour = colour_of_cell(state.target())
    t = JOLLY if k == JOLLY_KIND else colour * 4 + k
    kind = kind_target(t, state.params.variant == "iv")
    return [kind, dir_target(d)] if state.answer_dirs() else [kind]


def _status(state, viewer: int) -> tuple[str, str]:
    """Two lines over the board: who is to move and what to click; the end and its result."""
    def who(p):
        return "you" if p == viewer else f"P{p}"

    if state.over:
        w = state.winners()
        if not w:
            res = "a draw"
        elif state.n == 2:
            res = f"{who(w[0])} won".replace("you won", "you won!")
        else:
            res = f"pair P{w[0]}+P{w[1]} won" + (" (your pair)" if viewer in w else "")
        return f"Game over: {res}", state.end_reason
    p = state.to_move
    mine = p == viewer
    Who = "You" if mine else f"P{p}"
    extra = f"{counted(state.extra, 'extra turn')} owed" if state.extra else ""
    if state.choosing_jolly():
        return (f"{Who}: who of pair P{p % 2}+P{p % 2 + 2} holds the extra jolly?",
                "click a button" if mine else "")
    if state.last < 0:
        return f"{Who}: place the Dama Bianca", "click a cell, then an arrow" if mine else ""
    r, c = rc(state.target())
    colour = COLOURS[r]
    if (mine or not state.params.hidden) and state.legal_actions() == [PASS]:
        return (f"{Who}: no {colour} shield nor jolly - pass", extra)
    how = "click a shield, then an arrow" if mine else ""
    return f"{Who}: play on row {r}, col {c} ({colour})", ", ".join(x for x in (how, extra) if x)


BUTTON_H, BUTTON_PITCH = 46, 60  # on a phone (0.78 px a unit) 36 px drawn, 44 px to tap, none overlapping


def _button(d, target: str, label: str, x: float, y: float, w: float, h: float = BUTTON_H) -> None:
    g = svg.target_group(target, label)
    g.append(svg.draw.Rectangle(x, y, w, h, rx=8, fill="#eef2f7", stroke="#222", stroke_width=2))
    g.append(svg.text(label, x + w / 2, y + h / 2, size=14))
    d.append(g)


def view_drawing(state, viewer: int, size: int = 60):
    """The board page's picture for seat ``viewer`` (see the module docstring). With hidden shields
    another seat's hand is only its number of shields and of jollies (public)."""
    iv = state.params.variant == "iv"
    n = state.n
    mover = -1 if state.over else state.to_move
    live = set()  # the targets of the viewer's legal moves (drawn bold; the others dimmed)
    if viewer == mover:
        for a in state.legal_actions():
            live.update(action_targets(state, a))

    def sees(q):
        return not state.params.hidden or q == viewer

    bx, by = 30, 70
    w = 2 * bx + COLS * size
    line1, line2 = _status(state, viewer)
    parts = []  # (callable drawing at y, height) stacked below the board
    y = by + ROWS * size + 14
    hand_rows = 0
    if 0 <= viewer < n:
        kinds = [t for t, k in enumerate(state.hands[viewer]) if k]
        hand_rows = max(1, -(-len(kinds) // 7))
    h_hand = 26 + hand_rows * 62 if hand_rows else 0
    h_mid = 160
    h_players = 10 + 24 * n
    d = svg.new_drawing(w, y + h_hand + h_mid + h_players + 6)
    # the heading (class octo-heading: the play page puts the best line's move there in a preview)
    d.append(svg.text(line1, w / 2, 18, size=16, font_weight="bold", class_="octo-heading"))
    d.append(svg.text(line2, w / 2, 40, size=12, fill="#444", class_="octo-heading"))
    _draw_board(d, state, bx, by, size, targets=True)

    # the viewer's hand: one button per shield type held
    if hand_rows:
        hand = state.hands[viewer]
        d.append(svg.text(f"Your shields (P{viewer}): {sum(hand)}", bx, y + 10, size=13,
                          text_anchor="start", font_weight="bold"))
        for i, t in enumerate(kinds):
            x0, y0 = bx + (i % 7) * 60, y + 24 + (i // 7) * 62
            tid = kind_target(t, iv)
            on = tid in live
            g = svg.target_group(tid, f"{type_name(t, iv)} x{hand[t]}", opacity=1 if on or not live else 0.45)
            g.append(svg.draw.Rectangle(x0, y0, 56, 58, rx=6, fill="#fafafa",
                                        stroke="black" if on else "#999", stroke_width=3 if on else 1))
            _shield(g, x0 + 28, y0 + 22, 17, t, None, iv)
            if t == JOLLY:
                g.append(svg.text("J", x0 + 28, y0 + 22, size=13, fill="white", font_weight="bold"))
            g.append(svg.text(f"\u00d7{hand[t]}", x0 + 28, y0 + 50, size=13))
            d.append(g)
        y += h_hand

    # the 8 arrows, and the buttons of the moves that have one
    cx0, cy0, pitch = bx + 66, y + 22 + 66, 46
    d.append(svg.text("arrow", cx0, y + 6, size=12, fill="#444"))
    d.append(svg.octagon(cx0, cy0, 14, fill="#eee", stroke="#999"))
    for k in range(8):
        a = math.radians(-90 + 45 * k)
        dx, dy = round(math.cos(a)), round(math.sin(a))
        x, yy = cx0 + dx * pitch, cy0 + dy * pitch
        tid = dir_target(k)
        on = tid in live
        g = svg.target_group(tid, f"arrow {DIR_NAMES[k]}", opacity=1 if on or not live else 0.3)
        g.append(svg.draw.Rectangle(x - 21, yy - 21, 42, 42, rx=6, fill="#fafafa",
                                    stroke="black" if on else "#999", stroke_width=3 if on else 1))
        g.append(svg.arrow(x - 13 * math.cos(a), yy - 13 * math.sin(a), x + 13 * math.cos(a),
                           yy + 13 * math.sin(a), width=3, head=7))
        d.append(g)
    bxr, yb = bx + 160, y + 20
    for a in (JOLLY_SELF, JOLLY_PARTNER, PASS):
        if BUTTONS[a][0] in live:
            _button(d, *BUTTONS[a], bxr, yb, COLS * size - 160)
            yb += BUTTON_PITCH
    legend = ["dashed ring: the cell to play", "framed: the last shield placed",
              "black: jolly; white: the Dama Bianca"]
    if state.dama >= 0 and not state.over:
        legend.append("the Dama leaves once answered")
    for i, text in enumerate(legend if yb == y + 20 else legend[3:]):  # below any button: the Dama
        d.append(svg.text(text, bxr, yb + 8 + 18 * i, size=12, fill="#555", text_anchor="start"))
    y += h_mid

    # every seat: shields left; the hands one may see
    for q in range(n):
        yy = y + 10 + 24 * q
        hand = state.hands[q]
        label = ("\u25b6 " if q == mover else "") + f"P{q}" + (" (you)" if q == viewer else "")
        pair = f", pair P{q % 2}+P{q % 2 + 2}" if n == 4 else ""
        d.append(svg.text(f"{label}{pair}: {sum(hand)} left", bx, yy, size=12, text_anchor="start",
                          font_weight="bold" if q == mover else "normal"))
        x = bx + COLS * size - 7 * 32
        if not sees(q):
            d.append(svg.text(f"{hand[JOLLY]} jolly, the others hidden", x, yy, size=12,
                              text_anchor="start", fill="#444"))
            continue
        per_colour = [sum(hand[c * 4:c * 4 + 4]) for c in range(6)] + [hand[JOLLY]]
        for i, k in enumerate(per_colour):
            if k:
                d.append(svg.octagon(x + 7, yy, 7, fill="#222" if i == 6 else FILL[COLOURS[i]],
                                     stroke="black", stroke_width=1))
                d.append(svg.text(str(k), x + 18, yy, size=11, text_anchor="start"))
            x += 32
    return d


def view_svg(state, viewer: int, size: int = 60) -> str:
    """The SVG text (viewBox, no fixed size) of :func:`view_drawing`."""
    return svg.scalable_svg(view_drawing(state, viewer, size))
