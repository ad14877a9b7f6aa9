"""Pictures of Octoverso positions and moves (SVG with drawsvg, and plain text).

Rails and positions show themselves in notebooks (``_repr_svg_``, as python-chess boards do):

>>> svg = Rail("AMISDUOS")._repr_svg_()
>>> svg.startswith("<?xml") and "viewBox" in svg
True
"""

from __future__ import annotations

from pathlib import Path

import drawsvg as draw

from ..core import svg
from . import kernels as K
from . import moves as R
from .position import DRAW, OVER, PHASES

__all__ = ["Rail", "rail_svg", "position_svg", "move_svg", "position_text", "bar_chart_svg"]

CELL = 40


def _tile(d, x, y, ch: str, fill: str, stroke="#333"):
    d.append(draw.Rectangle(x, y, CELL - 4, CELL - 4, rx=5, fill=fill, stroke=stroke, stroke_width=1.5))
    d.append(svg.text(ch, x + (CELL - 4) / 2, y + (CELL - 4) / 2 + 7, size=20, text_anchor="middle",
                      font_family="monospace", font_weight="bold"))


def move_svg(rail, move: R.Move, path: Path | str, title: str | None = None) -> Path:
    """The rail before and after a move, on the side read: hand letters in green, letters pushed
    off in red, rail letters used in blue."""
    seq = list(rail) if move.side == K.RECTO else list(rail[::-1])
    after, pushed = R.apply_to_rail(rail, move)
    after_seq = list(after) if move.side == K.RECTO else list(after[::-1])
    n_push = len(pushed)
    width = CELL * 15 + 40
    d = svg.new_drawing(width, 3 * CELL + 70)
    d.append(svg.text(title or f"{move.word}: {R.SIDES[move.side]}, {R.ENDS[move.end]} end, "
                      f"{move.k} rail letters", 20, 22, size=15, text_anchor="start"))
    y0, y1 = 40, 40 + CELL + 30
    played = move.tiles_played()
    h = len(played)
    # column of each cell: right end = rail then hand letters; left end = hand letters then rail
    rail_col0 = 0 if move.end == K.RIGHT else h
    hand_col0 = len(seq) if move.end == K.RIGHT else 0
    after_col0 = h + len(seq) - len(after_seq) if move.end == K.RIGHT else 0

    def x(col):
        return 20 + CELL * col

    for i, t in enumerate(seq):
        used = (i >= len(seq) - move.k) if move.end == K.RIGHT else (i < move.k)
        gone = (i < n_push) if move.end == K.RIGHT else (i >= len(seq) - n_push)
        fill = "#cfe0ff" if used else ("#ffc9c9" if gone else "#f4f1e8")
        _tile(d, x(rail_col0 + i), y0, R.tile_char(int(t)), fill)
    for j, t in enumerate(played):
        _tile(d, x(hand_col0 + j), y0, R.tile_char(t), "#c8f0c8", stroke="#2a7")
    d.append(svg.text("before: rail letters used in blue, hand letters in green, pushed off in red",
                      20, y0 + CELL + 14, size=11, text_anchor="start"))
    for i, t in enumerate(after_seq):
        _tile(d, x(after_col0 + i), y1, R.tile_char(int(t)), "#f4f1e8")
    d.append(svg.text(f"after: {R.rail_string(after_seq)}; {''.join(R.tile_char(t) for t in pushed)} "
                      "go to the opponent", 20, y1 + CELL + 14, size=11, text_anchor="start"))
    return svg.save(d, path)


def _svg_text(d) -> str:
    text = svg.svg_text(d)
    if "viewBox" not in text:  # always scalable in a notebook
        text = text.replace("<svg ", f'<svg viewBox="0 0 {d.width} {d.height}" ', 1)
    return text


def _rail_rows(d, rail, y: float, label: str) -> None:
    d.append(svg.text(label, 20, y + (CELL - 4) / 2, size=12, text_anchor="start"))
    for i, t in enumerate(rail):
        _tile(d, 80 + CELL * i, y, R.tile_char(int(t)), "#f4f1e8")


def rail_svg(rail) -> str:
    """The rail (recto, then verso) as an SVG string."""
    rail = R.parse_rail(rail) if isinstance(rail, str) else rail
    d = svg.new_drawing(80 + CELL * R.RAIL_SIZE + 20, 2 * CELL + 30)
    _rail_rows(d, list(rail), 10, "recto")
    _rail_rows(d, list(rail)[::-1], 20 + CELL, "verso")
    return _svg_text(d)


class Rail:
    """A rail in recto order (``Rail("AMISDUOS")``) that draws itself in a notebook."""

    def __init__(self, rail):
        self.tiles = R.parse_rail(rail) if isinstance(rail, str) else rail

    def __str__(self) -> str:
        return R.rail_string(self.tiles)

    def __repr__(self) -> str:
        return f"Rail({str(self)!r})"

    def _repr_svg_(self) -> str:
        return rail_svg(self.tiles)


def position_svg(state) -> str:
    """A position as an SVG string: the rail (recto), every hand, the pool size and the phase."""
    n = state.num_players()
    longest = max([R.RAIL_SIZE] + [len(R.hand_string(h)) for h in state.hands])   # every tile drawn
    width = 80 + CELL * max(14, longest) + 20
    d = svg.new_drawing(width, 50 + CELL * (n + 1) + 10 * n + 20)
    if state.phase == OVER:     # no one is to move (current_player() is the TERMINAL code)
        head = ("game over: a draw" if state.winner < 0 else
                f"game over: P{state.winner}{' and partner' if state.game.teams else ''} won")
    elif state.phase == DRAW:
        head = f"{PHASES[state.phase]}: P{state.player} draws a tile"
    else:
        head = f"{PHASES[state.phase]}, to move: P{state.player}"
    d.append(svg.text(f"{head}, pool {int(state.pool.sum())} tiles", 20, 20, size=14,
                      text_anchor="start"))
    y = 40
    if len(state.rail):
        _rail_rows(d, list(state.rail), y, "rail")
    else:
        d.append(svg.text("rail empty (opening)", 20, y + 16, size=12, text_anchor="start"))
    for q in range(n):
        y += CELL + 10
        d.append(svg.text(f"P{q}", 20, y + (CELL - 4) / 2, size=12, text_anchor="start"))
        for i, ch in enumerate(R.hand_string(state.hands[q])):
            _tile(d, 80 + CELL * i, y, ch, "#c8f0c8" if q == state.player else "#eeeeee")
    return _svg_text(d)


def position_text(state) -> str:
    lines = [f"rail (recto) {R.rail_string(state.rail)}  verso {R.rail_string(state.rail[::-1])}"]
    lines += [f"P{q}: {R.hand_string(h)}" for q, h in enumerate(state.hands)]
    lines.append(f"pool: {int(state.pool.sum())} tiles")
    return "\n".join(lines)


def bar_chart_svg(rows: list[tuple[str, float, float, float]], path: Path | str, title: str) -> Path:
    """Horizontal bars with 95% intervals: (label, value, low, high), values in [0, 1]."""
    w, left, bar_w = 640, 230, 360
    h = 50 + 34 * len(rows)
    d = svg.new_drawing(w, h)
    d.append(svg.text(title, 20, 24, size=15, text_anchor="start"))
    x50 = left + bar_w * 0.5
    d.append(draw.Line(x50, 36, x50, h - 8, stroke="#999", stroke_dasharray="4,3"))
    for i, (label, v, lo, hi) in enumerate(rows):
        y = 44 + 34 * i
        d.append(svg.text(label, 20, y + 16, size=12, text_anchor="start"))
        d.append(draw.Rectangle(left, y, bar_w * v, 22, fill=svg.color(i)))
        d.append(draw.Line(left + bar_w * lo, y + 11, left + bar_w * hi, y + 11, stroke="black", stroke_width=2))
        d.append(svg.text(f"{v:.3f}", left + bar_w + 8, y + 16, size=12, text_anchor="start"))
    return svg.save(d, path)
