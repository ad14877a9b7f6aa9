"""Checks of the board contract (``State.view_svg`` / ``State.action_targets``, see
``octosolve/core/game.py``) shared by the games' ``test_board_view.py``: the SVG parses as XML with a
viewBox and no fixed size, every target of every legal move is a ``data-target`` of the mover's
picture and is large enough to click, and the full target lists of the legal moves are told apart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

SVG_NS = "{http://www.w3.org/2000/svg}"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
MIN_SIZE = 24.0  # px at the default size: the contract's smallest click target


def parse(svg_text: str) -> ET.Element:
    """The root of the SVG document, checked: an <svg> with a viewBox and no width/height."""
    root = ET.fromstring(svg_text)
    assert root.tag == SVG_NS + "svg", root.tag
    assert len(root.get("viewBox", "").split()) == 4, "no viewBox"
    assert root.get("width") is None and root.get("height") is None, "a fixed pixel size"
    return root


def targets(root: ET.Element) -> dict[str, list[ET.Element]]:
    """``data-target`` id -> the elements carrying it."""
    out: dict[str, list[ET.Element]] = {}
    for el in root.iter():
        t = el.get("data-target")
        if t is not None:
            out.setdefault(t, []).append(el)
    return out


def extent(el: ET.Element) -> tuple[float, float]:
    """Width and height of the bounding box of the shapes in ``el`` (rectangles, circles, paths;
    a rotation is ignored, so a rotated square counts its side)."""
    xs: list[float] = []
    ys: list[float] = []
    for sh in el.iter():
        tag = sh.tag.replace(SVG_NS, "")
        if tag == "rect":
            x, y, w, h = (float(sh.get(k)) for k in ("x", "y", "width", "height"))
            xs += [x, x + w]
            ys += [y, y + h]
        elif tag == "circle":
            cx, cy, r = (float(sh.get(k)) for k in ("cx", "cy", "r"))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif tag == "path":
            nums = [float(v) for v in NUMBER.findall(sh.get("d", ""))]
            xs += nums[0::2]
            ys += nums[1::2]
    if not xs:
        return 0.0, 0.0
    return max(xs) - min(xs), max(ys) - min(ys)


def check_position(state) -> list[tuple[str, ...]]:
    """Check the mover's picture against the legal moves' targets (asserts); return the full target
    lists shared by two or more legal moves (the contract allows them; a test decides)."""
    p = state.current_player()
    root = parse(state.view_svg(p))
    have = targets(root)
    lists = []
    for a in state.legal_actions():
        tl = state.action_targets(a)
        assert tl and all(isinstance(t, str) and t for t in tl), (a, tl)
        missing = [t for t in tl if t not in have]
        assert not missing, f"{state.action_to_string(a)}: {missing} not in the picture"
        lists.append(tuple(tl))
    for t in {t for tl in lists for t in tl}:
        w, h = max(extent(el) for el in have[t])
        assert w >= MIN_SIZE and h >= MIN_SIZE, f"target {t} is {w:.0f} x {h:.0f} px"
    return [tl for tl, k in Counter(lists).items() if k > 1]
