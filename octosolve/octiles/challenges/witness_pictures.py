"""Bound witnesses drawn on the board (issue 19, "the witnesses are shown"): the multipliers of an
LP dual whose rows are the board's links and spaces (3: the cycle-packing LP that bounds the
loops), and the port weights of a multicut (10, 16: every route between two paired circles
crosses weight 1). The report writes ``challenges/challengeNN-VARIANT-witness.svg`` for each variant
that declares a ``witness_picture``; the pictures show exactly the numbers stored in the
certificate.

>>> d = witness_drawing(3, "count", {"kind": "lp-dual", "lp": "cycle-packing", "value": "1",
...     "multipliers": {"space:c3": "1/2", "link:b2.4-c2.0": "1/2"}, "bound": 1})
>>> "1/2" in d.as_svg()
True
"""

from __future__ import annotations

import drawsvg as draw

from octosolve.core import svg

from .. import render
from .. import tiles as T
from .witness_show import mixed

__all__ = ["drawn", "drawn_witness", "witness_drawing"]

COLOUR = "#c0392b"
SPACE_FILL = "#f5b041"

def drawn(number: int, variant: str) -> tuple | None:
    """What a question declares of its witness picture (``witness_picture``: where the drawn
    witness sits, the short title, the caption), None when it has none."""
    from .catalogue import CHALLENGES

    ch = CHALLENGES.get(number)
    var = ch.variant(variant) if ch is not None else None
    return getattr(var, "witness_picture", None)


def drawn_witness(number: int, variant: str, bound_witness: dict | None) -> dict | None:
    """The part of a certificate's bound witness that :func:`witness_drawing` draws (None when the
    variant has no picture or the witness is not where its declaration says)."""
    spec = drawn(number, variant)
    w = bound_witness
    if spec is None or not isinstance(w, dict):
        return None
    for key in spec[0]:
        w = w.get(key) if isinstance(w, dict) else None
    if not isinstance(w, dict) or w.get("kind") not in ("lp-dual", "multicut"):
        return None
    return w


def _weights(w: dict) -> dict:
    return w.get("multipliers") or w.get("weights") or {}


def _port(text: str) -> tuple[str, int]:
    sp, e = text.split(".")
    return sp, int(e)


def _label(d, text, x, y):
    wdt = 6.5 * len(text) + 6
    d.append(draw.Rectangle(x - wdt / 2, y - 8, wdt, 16, fill="#ffffff", stroke=COLOUR,
                            stroke_width=1, rx=3))
    d.append(svg.text(text, x, y, size=11, fill=COLOUR, font_weight="bold"))


def _link(d, geo, p, q, text):
    (ax, ay), (bx, by) = render.edge_mid(*p), render.edge_mid(*q)
    if abs(ax - bx) + abs(ay - by) < 1e-6:          # two octagons sharing an edge: a bar along it
        nx, ny = T.EDGE_DIR[p[1]]
        h = 0.22
        d.append(draw.Line(*geo.pt(ax - h * ny, ay + h * nx), *geo.pt(ax + h * ny, ay - h * nx),
                           stroke=COLOUR, stroke_width=9, stroke_linecap="round", opacity=0.85))
        _label(d, text, *geo.pt(ax, ay))
    else:                                           # a printed link across a square
        d.append(render._printed_path(geo, p, q, stroke=COLOUR, stroke_width=7, opacity=0.85))
        _label(d, text, *geo.pt((ax + bx) / 2, (ay + by) / 2))


def witness_drawing(number: int, variant: str, w: dict) -> draw.Drawing:
    """The board (no tiles) with the numbers of ``w`` (from :func:`drawn_witness`): spaces shaded
    with their multiplier, links drawn as red bars, ports as red dots; a caption under the board
    says what they prove."""
    weights = _weights(w)
    total = mixed(w.get("value"))
    _, short, what = drawn(number, variant) or ((), f"the bound witness ({w.get('kind')})", "")
    title = f"#{number} {variant}: {short}, total {total}: at most {w.get('bound')}"
    base = render.board_svg({}, (), title)
    geo = render._Geo(title_h=30.0)
    lines = _wrap(f"{what} Every number is the certificate's, re-checked in exact fractions by "
                  "`octosolve octiles verify`.", 95)
    d = svg.new_drawing(geo.width, geo.height + 16 * len(lines) + 10)
    for el in base.elements[1:]:
        d.append(el)
    spaces = {k.split(":", 1)[1]: v for k, v in weights.items() if k.startswith("space:")}
    for sp, v in sorted(spaces.items()):
        cx, cy = geo.pt(*T.board().space_xy[sp])
        d.append(svg.octagon(cx, cy, render.R_OCT * render.UNIT * 0.93, fill=SPACE_FILL,
                             fill_opacity=0.45, stroke=COLOUR, stroke_width=2))
        _label(d, mixed(v), cx, cy)
    for k, v in sorted(weights.items()):
        kind, _, name = k.partition(":")
        if kind == "link":
            a, b = name.split("-")
            _link(d, geo, _port(a), _port(b), mixed(v))
        elif kind == "port":
            p = _port(name)
            x, y = render.edge_mid(*p)
            nx, ny = T.EDGE_DIR[p[1]]
            px, py = geo.pt(x, y)
            d.append(draw.Circle(px, py, 6, fill=COLOUR, stroke="#ffffff", stroke_width=1.5))
            _label(d, mixed(v), *geo.pt(x - 0.2 * nx, y - 0.2 * ny))
    y = geo.height + 12
    for line in lines:
        d.append(svg.text(line, 12, y, size=11, text_anchor="start"))
        y += 16
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
