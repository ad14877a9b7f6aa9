"""Octoverso on the web board (the contract in ``octosolve/core/game.py`` / BOARDS.md): what one seat
sees as an SVG with click targets, the clicks of each move, and the text other seats see of a move.

``OctoversoState.view_svg``, ``action_targets`` and ``public_move_string`` are these functions; the
rules stay in :mod:`octosolve.octoverso.rules`.

=======================  ==========================================================================
move                     targets
=======================  ==========================================================================
word (side, end, k)      none: the word is built from the hand (the play page's word builder, the
                         manifest's ``compose`` room: a click on a hand tile ``tile:E`` types its
                         letter, a click on a rail end ``end:recto:right`` keeps that end)
opening announcement     none: built the same way (4 letters of the hand)
exchange a tile          ``button:exchange``, then ``tile:E`` (``tile:joker`` for a joker)
return a tile            ``tile:E`` (after an OCTO, or the interaction rule)
rotate the rail          ``rotate:first`` (first letter to the last place) / ``rotate:last``
pass                     ``button:pass``
claim an OCTO            none: typed in the word builder (the claim reading of spotting)
no OCTO claimed          ``button:no-claim``
=======================  ==========================================================================

No list of words is drawn: finding the word is the game (the page lists them only when asked, as a
study aid).

Hidden: only the opening announcements of the other seats until every seat has announced. The hands
are public ("de façon à ce qu'elles soient visibles par les 2 joueurs", docs/rules/octoverso.md) and
drawn for every seat; after the opening everything played is public.
"""

from __future__ import annotations

import drawsvg as draw

from ..core import svg
from ..core.errors import fail
from .moves import ENDS, JOKER, RAIL_SIZE, SIDES, notation, tile_char
from .position import CLAIM, DISCARD, DRAW, OPENING, OVER, PLAY
from .spotting import letters_before

__all__ = ["action_targets", "public_move_string", "view_svg"]

WIDTH = 480
CELL = 40  # a rail tile
HAND = 38  # a tile of the viewer's hand
SMALL = 26  # a tile of another hand
HIGHLIGHT = "#f2b01e"
TILE_FILL = "#f4ecd6"


def _tile_id(t: int) -> str:
    return "tile:joker" if t == JOKER else f"tile:{tile_char(t)}"


def _tile_name(t: int) -> str:
    return "a joker" if t == JOKER else tile_char(t)


def _end_id(side: int, end: int) -> str:
    return f"end:{SIDES[side]}:{ENDS[end]}"


# ---------------------------------------------------------------- targets
def action_targets(st, action: int) -> list[str]:
    """The clicks of a legal move of the player to move (ids drawn by :func:`view_svg`); a chance
    outcome has none."""
    A = st.game.actions
    a = int(action)
    if st.phase in (DRAW, OVER):
        return []
    if st.phase == DISCARD:
        return [_tile_id(a - A.DISCARD)]
    if st.phase == CLAIM:   # a claim is typed (compose.py); no claim is a button
        return ["button:no-claim"] if a == A.NO_CLAIM else []
    if a < A.EXCHANGE:  # a word, an announcement: built from the hand (compose.py), no clicks
        return []
    if a < A.DISCARD:
        return ["button:exchange", _tile_id(a - A.EXCHANGE)]
    if a < A.PASS:
        return ["rotate:first" if a == A.ROTATE else "rotate:last"]
    return ["button:pass"]


# ---------------------------------------------------------------- public text
def public_move_string(st, action: int) -> str:
    """What every seat sees of a move (read before it is played): its notation (the hands are
    public), but for an opening announcement, told without its word until every player has
    announced."""
    if st.phase == OPENING:
        return "announce a word (shown when every player has announced)"
    return notation(st, action)


# ---------------------------------------------------------------- drawing
def _target(tid: str, title: str = "") -> draw.Group:
    g = draw.Group(data_target=tid, cursor="pointer")
    if title:
        g.append_title(title)
    return g


def _tile(g, x: float, y: float, t: int, size: float, fill: str = TILE_FILL):
    g.append(draw.Rectangle(x, y, size - 4, size - 4, rx=5, fill=fill, stroke="#7a6a44", stroke_width=1.3))
    ch = "\u2605" if t == JOKER else tile_char(t)
    g.append(svg.text(ch, x + (size - 4) / 2, y + (size - 4) / 2 + 1, size * 0.5, font_family="monospace",
                      font_weight="bold", fill="#b5121b" if t == JOKER else "#222"))


def _button(root, tid: str, label: str, x: float, y: float) -> float:
    w = 16 + 7.4 * len(label)
    g = _target(tid, label)
    g.append(draw.Rectangle(x, y, w, 30, rx=6, fill="#eef3fb", stroke="#3b5b8c", stroke_width=1.5))
    g.append(svg.text(label, x + w / 2, y + 15, 13))
    root.append(g)
    return w


def _wrap(text: str, size: float, width: float, em: float = 0.5) -> list[str]:
    per_line = max(10, int(width / (em * size)))
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    return lines + ([cur] if cur else [])


def _seat(st, q: int, viewer: int) -> str:
    if q == viewer:
        return "you"
    if st.game.teams:
        return f"P{q} (partner)" if q % 2 == viewer % 2 else f"P{q} (opponent)"
    return f"P{q}"


def _prompt(st, viewer: int, you: bool) -> tuple[str, str]:
    """(title, prompt) of the position for ``viewer``."""
    p = st.player
    if st.phase == OVER:
        if st.winner < 0:
            return "Game over: a draw", ""
        team = " and partner" if st.game.teams else ""
        who = "You" if st.winner == viewer else f"P{st.winner}"
        return (f"Game over: {_seat(st, st.winner, viewer)}{team} won",
                f"{who} emptied {'your' if st.winner == viewer else 'their'} hand.")
    if st.phase == OPENING:
        mine = st.announced[viewer]
        told = [q for q in range(st.num_players()) if st.announced[q] >= 0 and q != viewer]
        parts = ([f"You announced {st.lex.words[mine]}."] if mine >= 0 else []) + \
            ([f"{', '.join(f'P{q}' for q in told)} announced (hidden until everyone has)."] if told else [])
        ask = ("Announce a 4-letter word of your hand: click its letters (or type them), then Announce. The "
               "alphabetically first word is laid first and its player starts." if you
               else f"P{p} is choosing a word to announce.")
        return "Opening: " + ("your announcement" if you else f"P{p} announces"), " ".join(parts + [ask])
    if st.phase == DRAW:
        return f"P{p} exchanges", f"P{p} returns {_tile_name(st.pending)} and draws a new tile."
    if st.phase == DISCARD:
        shown = [e["octo"] for e in st.log if e["event"] == "interaction"]
        laid = [e.get("player") for e in st.log if e["event"] == "word"]
        mover = f"P{laid[-1]}" if laid and laid[-1] is not None else "the last player"
        why = "You laid an OCTO (a word filling all 8 letters of the rail)" \
            if st.after_discard != p or not shown else \
            (f"{mover} could have laid the OCTO {shown[-1]} (all 8 letters of the rail) from their "
             f"letters instead of a shorter word, and you showed it")
        if not you:
            return f"P{p} returns a tile", f"P{p} returns a tile of their choice to the pool."
        return "Your move: return a tile", (f"{why}: as your reward, click a tile of your hand to "
                                            "return it to the pool.")
    if st.phase == CLAIM:
        return _claim_prompt(st, p, you)
    title = "Your move" if you else f"P{p} to move"
    if not you:
        return title, f"P{p} lays a word at an end of the rail, or exchanges a tile."
    text = "Build a word: click your letters (or type them), or Exchange a tile."
    if st.can_rotate():
        text += " Every player exchanged in a row: you may first move an end letter to the other end."
    return title, text


def _claim_prompt(st, p: int, you: bool) -> tuple[str, str]:
    """The CLAIM phase (whether an OCTO exists is not said: finding it is the claimer's)."""
    words = [e for e in st.log if e["event"] == "word"]
    mover = (p - 1) % st.num_players()
    laid = f" ({words[-1]['word']}, {len(words[-1]['word'])} letters)" if words else ""
    if not you:
        return f"P{p} may claim an OCTO", f"P{p} may claim an OCTO P{mover} could have laid instead."
    before = letters_before(st)
    was = f" (the rail was {before[0]}, P{mover} held {before[1]})" if before else ""
    return "Your move: an OCTO to claim?", (
        f"P{mover} laid a word of fewer than 8 letters{laid}. Spotted an OCTO P{mover} could have laid "
        f"instead{was}? Type it in the word panel and Claim (you return a tile); or play on.")


def view_svg(st, viewer: int) -> str:
    """What seat ``viewer`` sees, as an SVG document (viewBox, no fixed size) whose clickable parts
    carry ``data-target`` ids (module docstring): the rail (recto and verso, four ends), every hand,
    the pool, the words played (no list of the words to play: the page builds them from the hand)."""
    n = st.num_players()
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n:
        fail(f"viewer must be a seat from 0 to {n - 1}, got {viewer!r}")
    you = viewer == st.player and st.phase in (OPENING, PLAY, DISCARD, CLAIM)
    legal = st.legal_actions() if you else []
    ids = {t for a in legal for t in action_targets(st, a)}
    root = draw.Group(font_family="sans-serif")
    title, prompt = _prompt(st, viewer, you)
    # the heading (octo-heading): the play page's replay and game over say theirs there
    root.append(svg.text(title, 12, 16, 16, text_anchor="start", font_weight="bold", class_="octo-heading"))
    pool = int(st.pool.sum())
    root.append(svg.text(f"pool: {pool} tile{'s' if pool != 1 else ''}", WIDTH - 12, 16, 12, text_anchor="end",
                         fill="#444"))
    y = 38
    for line in _wrap(prompt, 14, WIDTH - 24):
        root.append(svg.text(line, 12, y, 14, text_anchor="start", class_="octo-heading"))
        y += 18
    y = _rail(root, st, y + 6)
    y = _hands(root, st, viewer, y, you)
    # buttons
    x = 12
    first, last = (tile_char(int(st.rail[0])), tile_char(int(st.rail[-1]))) if len(st.rail) else ("", "")
    for tid, label in (("button:exchange", "Exchange a tile"), ("rotate:first", f"Move {first} to the end"),
                       ("rotate:last", f"Move {last} to the front"), ("button:pass", "Pass"),
                       ("button:no-claim", "No OCTO: play on")):
        if tid in ids:
            if x + 16 + 7.4 * len(label) > WIDTH - 8:
                x, y = 12, y + 40
            x += _button(root, tid, label, x, y) + 10
    if x > 12:
        y += 42
    if st.phase == PLAY and legal and not any(a < st.game.actions.ANNOUNCE for a in legal):
        root.append(svg.text("No word fits the rail: exchange a tile.", 12, y + 8, 13, text_anchor="start"))
        y += 24
    y = _played(root, st, y)
    d = draw.Drawing(WIDTH, y + 6)
    d.append(draw.Rectangle(0, 0, WIDTH, y + 6, fill="#fbfaf6"))
    d.append(root)
    d.svg_args["width"] = None
    d.svg_args["height"] = None
    return svg.svg_text(d, header="")


def _rail(root, st, y: float) -> float:
    """The rail, recto then verso (the same tiles read backwards), with a + tab at each end."""
    rail = [int(t) for t in st.rail]
    x0 = 66 + CELL
    for side, seq in ((0, rail), (1, rail[::-1])):
        root.append(svg.text(SIDES[side], 12, y + CELL / 2 - 2, 13, text_anchor="start", font_weight="bold"))
        for end, x in ((1, x0 - CELL), (0, x0 + RAIL_SIZE * CELL + 2)) if st.phase == PLAY else ():
            g = _target(_end_id(side, end), f"{SIDES[side]}, {ENDS[end]} end")
            g.append(draw.Rectangle(x + 2, y + 2, CELL - 8, CELL - 8, rx=8, fill="#e5f2e5", stroke="#3a8a3a",
                                    stroke_width=1.5, stroke_dasharray="4,2"))
            g.append(svg.text("+", x + CELL / 2 - 2, y + CELL / 2 - 2, 22, fill="#2a6a2a", font_weight="bold"))
            root.append(g)
        for i in range(RAIL_SIZE):
            if i < len(seq):  # each letter named for the last move's mark (marks.py)
                g = draw.Group(data_mark=f"rail:{SIDES[side]}:{i}")
                _tile(g, x0 + i * CELL, y, seq[i], CELL)
                root.append(g)
            else:
                root.append(draw.Rectangle(x0 + i * CELL, y, CELL - 4, CELL - 4, rx=5, fill="none", stroke="#bbb",
                                           stroke_dasharray="3,3"))
        y += CELL + 4
    note = "the rail fills with the two opening words" if not rail else \
        "\u2605 = joker (any letter)" if JOKER in rail or st.hands[:, JOKER].any() else ""
    if note:
        root.append(svg.text(note, x0 + RAIL_SIZE * CELL / 2, y + 4, 11, fill="#666"))
        y += 12
    return y + 10


def _hand_tiles(hand) -> list[int]:
    return [t for t in range(27) for _ in range(int(hand[t]))]


def _hands(root, st, viewer: int, y: float, you: bool) -> float:
    """The other seats' hands small (public), then the viewer's own large, one target per letter."""
    n = st.num_players()
    for q in [(viewer + i) % n for i in range(1, n)]:
        tiles = _hand_tiles(st.hands[q])
        mark = "\u25b6 " if q == st.player and st.phase != OVER else ""
        root.append(svg.text(f"{mark}{_seat(st, q, viewer)}: {len(tiles)} tiles", 12, y + 8, 13, text_anchor="start",
                             font_weight="bold" if mark else "normal"))
        y += 18
        per_row = int((WIDTH - 24) // SMALL)
        for i, t in enumerate(tiles):
            _tile(root, 12 + (i % per_row) * SMALL, y + (i // per_row) * SMALL, t, SMALL, fill="#ece8df")
        y += SMALL * max(1, -(-len(tiles) // per_row)) + 8
    tiles = _hand_tiles(st.hands[viewer])
    mark = "\u25b6 " if viewer == st.player and st.phase != OVER else ""
    root.append(svg.text(f"{mark}Your hand: {len(tiles)} tiles", 12, y + 8, 13, text_anchor="start",
                         font_weight="bold"))
    y += 20
    per_row = int((WIDTH - 24) // HAND)
    i = 0
    for t in range(27):
        k = int(st.hands[viewer][t])
        if not k:
            continue
        g = _target(_tile_id(t), ("joker" if t == JOKER else tile_char(t)) + (f" \u00d7{k}" if k > 1 else ""))
        if k > 1 and i // per_row == (i + k - 1) // per_row:
            # the gaps between tiles of one letter are part of its target (a click there counts)
            x0 = 12 + (i % per_row) * HAND
            g.append(draw.Rectangle(x0, y + (i // per_row) * HAND, k * HAND - 4, HAND - 4,
                                    fill="#000", fill_opacity=0))
        for _ in range(k):
            _tile(g, 12 + (i % per_row) * HAND, y + (i // per_row) * HAND, t, HAND)
            i += 1
        root.append(g)
    return y + HAND * -(-i // per_row) + 10


def _played(root, st, y: float) -> float:
    if not st.played:
        return y
    text = "Words played: " + " ".join(st.lex.words[w] for w in st.played)
    # wrapped for 15 units: on a phone (the board 355 px wide) the page draws no word under 11 px,
    # 15 units, and lines wrapped for 12 ran off the board's right edge
    for line in _wrap(text, 15, WIDTH - 24, em=0.66):
        root.append(svg.text(line, 12, y + 9, 15, text_anchor="start", fill="#444"))
        y += 19
    return y + 6
