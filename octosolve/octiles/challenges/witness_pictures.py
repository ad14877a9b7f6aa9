"""Bound witnesses drawn on the board (issue 19, "the witnesses are shown"; issue 43 item 6, a
picture for every question whose bound has a witness): the report writes
``challenges/challengeNN-VARIANT-witness.svg`` for every question whose certificate's bound witness
has a part checked without a solver, drawn from the numbers stored in that certificate (nothing is
recomputed by a solver):

* a **counting** witness: the facts it counts, marked on the board (the spaces shaded and numbered,
  the stop squares or circles ringed, the printed segments, the ports facing a stop or circle as
  dots, each stop's number of ports ...);
* an **LP dual** (or a leaf of an LP branch and bound): its multipliers where their rows sit (a
  space shaded, a board link as a bar, a port as a dot, a tile segment drawn on its space, each
  with its number), the tiles' multipliers as a row of tiles under the board;
* a **multicut**: the weight of each port.

What is drawn, and the words under it, follow the question's declaration: its ``witness`` (the kind
of witness it has; none, a yes/no question's placement or a solver's word alone, draws nothing) and
optionally its ``witness_picture`` ``(where the drawn part sits in the witness (keys), a short
title, a caption)``. A witness made of several checked parts (a case split, a solver's word with a
checked relaxation beside it) has its first part drawn and the others named under the board.

>>> d = witness_drawing(3, "count", {"kind": "lp-dual", "lp": "cycle-packing", "value": "1",
...     "multipliers": {"space:c3": "1/2", "link:b2.4-c2.0": "1/2"}, "bound": 1})
>>> "1/2" in d.as_svg()
True
>>> [label for label, _ in checked_parts({"kind": "solver", "partial": {"kind": "counting",
...     "argument": "spaces", "facts": {"spaces": 17}, "bound": 17}})]
['checked beside the solvers']
"""

from __future__ import annotations

import drawsvg as draw

from octosolve.core import svg

from .. import render
from .. import tiles as T
from .witness_show import _leaves, describe, mixed

__all__ = ["drawn", "drawn_witness", "witness_drawing", "checked_parts"]

COLOUR = "#c0392b"
SPACE_FILL = "#f5b041"
# the gallery shows a picture about 280 px wide for its 612 at 1280 px (and 330 px at 390 px): the
# words under the board at 26 are 12 px there (the board's own numbers are read at full size: a
# click on the gallery's picture opens it)
TITLE_SIZE = 26.0
TEXT_SIZE = 26.0
LINE = 32.0
WRAP = 43              # characters a line of TEXT_SIZE holds in the picture's width
TILE_CELL = 68.0

# what the marks of a counting witness are, by the fact they count (not by question)
FACT_MARKS = {"spaces": "the {n} spaces shaded and numbered (one tile each)",
              "stops": "the {n} stop squares ringed and numbered",
              "printed_links": "the {n} segments printed on the board, in red and numbered",
              "circle_stubs": "the {n} circles ringed and numbered (one port each)",
              "circles": "the {n} circles ringed and numbered",
              "stubs": "the {n} ports facing a stop square or a circle, as red dots",
              "tile_segments": "{n} tile segments: 4 on each space (the number on it)",
              "stops_with_2_stubs": "{n} stop squares with 2 ports",
              "stops_with_3_stubs": "{n} stop squares with 3 ports",
              "stops_with_4_stubs": "{n} stop squares with 4 ports (each stop's number of ports "
                                    "on it)",
              "fewest_circles_of_a_colour": "{n} circles of the rarest colour (the circles in "
                                            "their group's colour)",
              "group_types": "{n} types of two-stop group",
              "one_segment_path_shapes": "{n} shapes a one-tile path can have"}


def drawn(number: int, variant: str) -> tuple | None:
    """What a question declares of its witness picture: ``(keys, short title, caption)``: its
    ``witness_picture`` when it declares one, else ``((), None, None)`` (the first checked part,
    the words of its kind) when it declares a ``witness`` (the kind of its bound witness); None
    when it declares neither (a yes/no question, challenge 1)."""
    from .catalogue import CHALLENGES

    ch = CHALLENGES.get(number)
    var = ch.variant(variant) if ch is not None and ch.variants else None
    if var is None:
        return None
    if getattr(var, "witness_picture", None) is not None:
        return var.witness_picture
    return ((), None, None) if getattr(var, "witness", None) else None


def checked_parts(w, label: str = "") -> list[tuple[str, dict]]:
    """The parts of a bound witness checked without a solver that can be drawn, in the order they
    are stored, each with a label saying where it sits (a case, a class, beside a solver's word):
    counting, LP duals (an LP branch and bound: each leaf, with the splits above it) and
    multicuts."""
    if not isinstance(w, dict):
        return []
    kind = w.get("kind")
    if kind == "counting":
        return [(label, w)] if w.get("facts") else []
    if kind in ("lp-dual", "multicut"):
        return [(label, w)] if w.get("multipliers") or w.get("weights") else []
    if kind == "lp-branch":
        leaves = _leaves(w.get("tree") or {})
        return [(f"{label}{', ' if label else ''}leaf {i + 1} of {len(leaves)}",
                 {"kind": "lp-dual", "lp": w.get("lp"), "multipliers": leaf.get("multipliers") or {},
                  "value": leaf.get("value"), "bound": w.get("bound"), "leaf": True})
                for i, leaf in enumerate(leaves) if leaf.get("multipliers")]
    if kind == "solver":
        return checked_parts(w.get("partial"), label or "checked beside the solvers")
    if kind == "relaxation":
        of = w.get("of") or ["?", "?"]
        return checked_parts(w.get("witness"), f"the bound of {of[0]} {of[1]}")
    if kind == "cases":
        out = []
        for key, words in (("packing", "the cycle packing"), ("one_tile", "the one-tile paths"),
                           ("counting", "the counting part"),
                           ("long", "the paths of more than 3 segments")):
            out += checked_parts(w.get(key), words)
        for c in w.get("cases") or []:
            if isinstance(c, dict):
                out += checked_parts(c.get("witness"), f"case: {c.get('case') or c.get('kinds') or '?'}")
        for name, c in (w.get("classes") or {}).items():
            out += checked_parts(c, f"shape {name}")
        return out
    return []


def drawn_witness(number: int, variant: str, bound_witness: dict | None) -> dict | None:
    """The part of a certificate's bound witness that :func:`witness_drawing` draws: where the
    declaration's keys point, or the first checked part (None when the question declares no
    witness or nothing in it is checked without a solver)."""
    spec = drawn(number, variant)
    if spec is None or not isinstance(bound_witness, dict):
        return None
    w = bound_witness
    for key in spec[0]:
        w = w.get(key) if isinstance(w, dict) else None
    parts = checked_parts(w)
    if not parts:
        return None
    label, part = parts[0]
    rest = [p for p in checked_parts(bound_witness) if p[1] != part]   # by content: a leaf is rebuilt
    unchecked = [c for c in bound_witness.get("cases") or [] if isinstance(c, dict)
                 and not checked_parts(c.get("witness"))] if bound_witness.get("kind") == "cases" else []
    return {**part, "part": label, "others": [lab or describe(p, 1) for lab, p in rest],
            "solver_cases": len(unchecked), "question_bound": bound_witness.get("bound")}


def _weights(w: dict) -> dict:
    return w.get("multipliers") or w.get("weights") or {}


def _port(text: str) -> tuple[str, int]:
    sp, e = text.replace(":", ".").split(".")
    return sp, int(e)


def _label(d, text, x, y, size=13):
    wdt = 0.6 * size * len(text) + 6
    d.append(draw.Rectangle(x - wdt / 2, y - size / 2 - 2, wdt, size + 4, fill="#ffffff",
                            stroke=COLOUR, stroke_width=1, rx=3))
    d.append(svg.text(text, x, y, size=size, fill=COLOUR, font_weight="bold"))


def _link(d, geo, p, q, text):
    (ax, ay), (bx, by) = render.edge_mid(*p), render.edge_mid(*q)
    if abs(ax - bx) + abs(ay - by) < 1e-6:          # two octagons sharing an edge: a bar along it
        nx, ny = T.EDGE_DIR[p[1]]
        h = 0.22
        d.append(draw.Line(*geo.pt(ax - h * ny, ay + h * nx), *geo.pt(ax + h * ny, ay - h * nx),
                           stroke=COLOUR, stroke_width=9, stroke_linecap="round", opacity=0.85))
        if text:
            _label(d, text, *geo.pt(ax, ay))
    else:                                           # a printed link across a square
        d.append(render._printed_path(geo, p, q, stroke=COLOUR, stroke_width=7, opacity=0.85))
        if text:
            _label(d, text, *geo.pt((ax + bx) / 2, (ay + by) / 2))


def _space(d, geo, sp, text):
    cx, cy = geo.pt(*T.board().space_xy[sp])
    d.append(svg.octagon(cx, cy, render.R_OCT * render.UNIT * 0.93, fill=SPACE_FILL,
                         fill_opacity=0.45, stroke=COLOUR, stroke_width=2))
    if text:
        _label(d, text, cx, cy, 15)


def _ring(d, geo, loc, text, size=13):
    cx, cy = geo.pt(*render.location_xy(loc))
    d.append(draw.Circle(cx, cy, 0.2 * render.UNIT, fill="none", stroke=COLOUR, stroke_width=3))
    if text:
        _label(d, text, cx + 0.2 * render.UNIT, cy - 0.2 * render.UNIT, size)


def _dot(d, geo, p, text=None):
    x, y = render.edge_mid(*p)
    nx, ny = T.EDGE_DIR[p[1]]
    px, py = geo.pt(x, y)
    d.append(draw.Circle(px, py, 6, fill=COLOUR, stroke="#ffffff", stroke_width=1.5))
    if text:
        _label(d, text, *geo.pt(x - 0.2 * nx, y - 0.2 * ny))


def _segment(d, geo, name, text):
    """``a2.46``: the segment of space a2 between its edges 4 and 6, with its number."""
    sp, ends = name.split(".")
    a, b = int(ends[0]), int(ends[1])
    d.append(render._segment_path(geo, sp, a, b, stroke=COLOUR, stroke_width=4, opacity=0.7))
    (ax, ay), (bx, by) = render.edge_mid(sp, a), render.edge_mid(sp, b)
    cx, cy = T.board().space_xy[sp]
    mx, my = 0.25 * (ax + bx) + 0.5 * cx, 0.25 * (ay + by) + 0.5 * cy   # the curve's middle
    _label(d, text, *geo.pt(mx, my), 11)


def _draw_counting(d, geo, w) -> list[str]:
    """The facts of a counting witness marked on the board; returns the legend's lines."""
    b = T.board()
    facts = w.get("facts") or {}
    by_ports = any(k.startswith("stops_with_") for k in facts)
    if "spaces" in facts or "tile_segments" in facts:
        for i, sp in enumerate(sorted(b.spaces), 1):
            _space(d, geo, sp, str(i) if "spaces" in facts else "4")
    if "printed_links" in facts:
        for i, (p, q) in enumerate(b.printed_links, 1):
            _link(d, geo, _port(p), _port(q), str(i))
    if "stubs" in facts:
        for loc in list(b.stops) + list(b.ring):
            for p in b.location_ports.get(loc, []):
                _dot(d, geo, tuple(p))
    if "stops" in facts or by_ports:
        for i, s in enumerate(b.stops, 1):
            _ring(d, geo, s, str(len(b.location_ports[s])) if by_ports else str(i), 15)
    if "circles" in facts or "circle_stubs" in facts:
        for i, c in enumerate(b.ring, 1):
            _ring(d, geo, c, str(i))
    return [FACT_MARKS.get(k, k.replace("_", " ") + ": {n}").format(n=v) for k, v in facts.items()]


def _draw_weights(d, geo, w) -> tuple[list[str], list[tuple[int, str]]]:
    """The multipliers (or port weights) drawn where their rows sit; returns the legend's lines
    and the tiles' multipliers (drawn under the board)."""
    counts: dict = {}
    tiles, other = [], []
    apart = (w.get("params") or {}).get("two_ends_not_on") or []    # 12's case: its spaces ringed
    for sp in apart:
        cx, cy = geo.pt(*T.board().space_xy[sp])
        d.append(svg.octagon(cx, cy, render.R_OCT * render.UNIT * 0.93, fill="none",
                             stroke="#2e86c1", stroke_width=5, stroke_dasharray="8,5"))
    for k, v in sorted(_weights(w).items()):
        kind, _, name = k.partition(":")
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "space":
            _space(d, geo, name, mixed(v))
        elif kind == "link":
            a, b = name.split("-")
            _link(d, geo, _port(a), _port(b), mixed(v))
        elif kind == "port":
            _dot(d, geo, _port(name), mixed(v))
        elif kind == "seg":
            _segment(d, geo, name, mixed(v))
        elif kind == "tile":
            tiles.append((int(name), mixed(v)))
        else:
            what = {"ends": "the end count", "split": f"split {name} on the way to this leaf"}.get(kind, k)
            other.append(f"{what}: {mixed(v)}")
    words = {"space": "spaces shaded", "link": "board links as red bars", "port": "ports as red dots",
             "seg": "tile segments drawn on their space", "tile": "tiles in the row under the board"}
    shown = [f"{c} {words.get(k, k)}" for k, c in counts.items() if k in words]
    lines = ([f"Multipliers: {', '.join(shown)}, each with its number"] if shown else [])
    if apart:
        lines.append(f"In blue: {', '.join(apart)}, where this case puts one end at most")
    if other:
        lines.append("; ".join(other))
    return lines, sorted(tiles)


def _tiles_row(d, tiles, y0: float, width: float) -> float:
    """The tiles' multipliers: each tile drawn with its multiplier under it; returns the height."""
    per_row = max(1, int((width - 12) // TILE_CELL))
    for i, (t, v) in enumerate(tiles):
        x0 = 6 + (i % per_row) * TILE_CELL
        y = y0 + (i // per_row) * (TILE_CELL + 22)
        g = render.tile_svg(t, 0, size=TILE_CELL)
        grp = draw.Group(transform=f"translate({x0},{y})")
        for el in g.elements[1:]:
            grp.append(el)
        d.append(grp)
        d.append(svg.text(f"\u00d7 {v}", x0 + TILE_CELL / 2, y + TILE_CELL + 10, size=20, fill=COLOUR,
                          font_weight="bold"))
    rows = (len(tiles) + per_row - 1) // per_row
    return rows * (TILE_CELL + 22)


def witness_drawing(number: int, variant: str, w: dict) -> draw.Drawing:
    """The board (no tiles) with what ``w`` (from :func:`drawn_witness`) counts or weighs; the
    title says the bound it proves, the lines under the board what the marks are and what the
    other checked parts of the witness are."""
    _, short, caption = drawn(number, variant) or ((), None, None)
    kind = w.get("kind")
    if short is None:
        short = {"counting": f"the facts counted ({w.get('argument')})",
                 "multicut": "the bound witness (multicut)"}.get(
            kind, f"the {w.get('lp')} LP's dual" + (" (a leaf)" if w.get("leaf") else ""))
    total = f", total {mixed(w.get('value'))}" if kind != "counting" else ""
    whole = w.get("question_bound", w.get("bound"))
    title = _wrap(f"#{number} {variant}: {short}{total}: at most {w.get('bound')}"
                  if whole == w.get("bound") else f"#{number} {variant}: at most {whole}", 40)
    head = 14 + LINE * len(title)
    base = render.board_svg({}, ())
    geo = render._Geo(title_h=head)
    board = draw.Drawing(geo.width, geo.height)           # the board's marks, drawn in place
    if kind == "counting":
        legend, tiles = _draw_counting(board, geo, w), []
    else:
        legend, tiles = _draw_weights(board, geo, w)
    words = []
    if whole != w.get("bound"):
        words.append(f"Drawn: {w.get('part') or 'a part'}: {short}{total}, proving at most "
                     f"{w.get('bound')}.")
    elif w.get("part"):
        words.append(f"Drawn: {w['part']}.")
    words += [s[0].upper() + s[1:] + "." for s in legend]
    if caption:
        words.append(caption)
    elif kind == "multicut":
        words.append(f"Every route between two {w.get('pairs')} circles passes ports weighing at "
                     "least 1 in total, so such paths are at most the total.")
    elif kind == "counting":
        words.append("The argument under \u201chow it is proved\u201d turns these counts into the "
                     f"bound {w.get('bound')}.")
    else:
        words.append("Any such multipliers bound the LP (weak duality), so the puzzle too.")
    words.append("Every number is the certificate's, re-checked by octosolve octiles verify.")
    if w.get("solver_cases"):
        n = w["solver_cases"]
        words.append(f"The other {n} case{'s rest' if n > 1 else ' rests'} on a solver's word "
                     "(how it is proved).")
    if w.get("others"):
        n = len(w["others"])
        words.append(f"Also checked, not drawn: {n} more part{'s' if n > 1 else ''} ("
                     + "; ".join(w["others"][:3]) + ("; ..." if n > 3 else "") + ").")
    lines = [ln for text in words for ln in _wrap(text, WRAP)]
    h_tiles = _tiles_row(draw.Drawing(1, 1), tiles, 0, geo.width) if tiles else 0
    d = svg.new_drawing(geo.width, geo.height + h_tiles + LINE * len(lines) + 16)
    y = 8
    for line in title:
        d.append(svg.text(line, geo.width / 2, y + LINE / 2, size=TITLE_SIZE, font_weight="bold"))
        y += LINE
    grp = draw.Group(transform=f"translate(0,{head})")
    for el in base.elements[1:]:
        grp.append(el)
    d.append(grp)
    for el in board.elements:
        d.append(el)
    y = geo.height + 6
    if tiles:
        _tiles_row(d, tiles, y, geo.width)
        y += h_tiles
    for line in lines:
        d.append(svg.text(line, 10, y + LINE / 2, size=TEXT_SIZE, text_anchor="start"))
        y += LINE
    return d


def _wrap(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return out + ([line] if line else [])
