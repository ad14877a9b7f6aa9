"""Oct8 on the web board (the contract in ``octosolve/core/game.py`` / BOARDS.md): what one seat sees
as an SVG with click targets, the clicks of each decision, and the text other seats see of a move.

``Oct8State.view_svg``, ``action_targets`` and ``public_move_string`` are these functions; the rules
stay in :mod:`octosolve.oct8.rules`. A turn is a series of small decisions (:mod:`octosolve.oct8.deck`),
so each decision is its own move here and its targets are that step's clicks:

==========================  =====================================================================
decision                    targets
==========================  =====================================================================
turn draw ``PLACE s``       ``shared:s`` (the shared head it goes to)
draw ``DD DX XX D X``       ``pile:deck`` / ``pile:discard``, one click per card (deck first)
``ATTACH s``                ``shared:s``, then the cards one by one (``ADD``), then ``button:done``
``XHAND slot,type``         ``arm:P0:slot:r3`` (an arm of one's own octopus), ``button:xhand``
``XFIELD rel,slot,type``    ``arm:Pq:slot:r3``; on one's own octopus also ``button:xfield``
``TARGET rel,slot``         ``head:Pq:slot`` (the other octopus of the exchange)
``ADD type``                ``card:r3`` (hand), or ``arm:Pq:slot:r3`` of the other octopus
``DONE PASS STOP``          ``button:done`` / ``button:pass`` / ``button:stop``
``SHIP slot``               ``head:Pp:slot``;  ``DISCARD type``: ``card:r3``
==========================  =====================================================================

Shared heads and octopus slots are numbered from 0 on the board and in its texts, as in the moves'
notation (``attach to shared head 0 (red)``, ``swap b8 of P1's octopus 0 (green)``: :mod:`.moves`)
and the command line (the page showed 1-3 over heads the moves called 0-2).

Cards of one type are interchangeable (the rules take the lowest id), so a hand or an octopus shows
each card type once with its count and the target names the type (``card:g2``), seats are absolute
(``P2``) and octopus slots count from 0 as in the action table.

Hidden from the viewer: the other seats' hands (only their sizes) and colours, and the decks' order.
Everything else is public (docs/rules/oct8.md, point 21): the table, the discard pile, the turn-draw
card and the cards being attached or exchanged.
"""

from __future__ import annotations

import drawsvg as draw

from ..core import svg
from ..core.errors import fail
from .deck import (A_ADD, A_ATTACH, A_DISCARD, A_DONE, A_DRAW, A_PASS, A_PLACE, A_SHIP, A_STOP, A_TARGET,
                   A_XFIELD, A_XHAND, ARMS_PER_COLOUR, COLOURS, DRAW_NAMES, HEADS_PER_COLOUR, MAX_FIELD,
                   MODE_ATTACH, MODE_XFIELD, MODE_XHAND, NUM_TYPES, PH_DISCARD, PH_MAIN, PH_OVER, PH_PLACE,
                   PH_SEL, PH_SHIP, PH_TARGET, type_name, type_value)
from .moves import notation
from .render import FILL

__all__ = ["view_svg", "action_targets", "public_move_string"]

WIDTH = 460
OCTO_W = 66  # column of one octopus
ARM_H = 34  # one arm-card row of an octopus (on a phone, 0.82 px a unit: 25 px drawn, 28 px apart)
CARD_W, CARD_H = 46, 64  # a hand card
BUTTONS = {"pass": "Pass", "stop": "End turn (keep chips)", "done": "Done",
           "xhand": "Swap with hand cards", "xfield": "Swap with an octopus"}
HIGHLIGHT = "#f2b01e"


# ---------------------------------------------------------------- targets
def _seat_slot(st, h: int) -> tuple[int, int]:
    q = st.owner_of(h)
    return q, st.fields[q].index(h)


def action_targets(st, action: int) -> list[str]:
    """The clicks of a legal decision of the player to move (ids drawn by :func:`view_svg`)."""
    a, p, ph = int(action), st.cur, st.phase
    if ph == PH_PLACE:
        return [f"shared:{a - A_PLACE}"]
    if ph == PH_TARGET:
        rel, slot = divmod(a - A_TARGET, MAX_FIELD)
        return [f"head:P{(p + rel) % st.n}:{slot}"]
    if ph == PH_SEL:
        if a == A_DONE:
            return ["button:done"]
        t = type_name(a - A_ADD)
        if st.mode == MODE_XFIELD:
            q, slot = _seat_slot(st, st.tgt)
            return [f"arm:P{q}:{slot}:{t}"]
        return [f"card:{t}"]
    if ph == PH_SHIP:
        return [f"head:P{p}:{a - A_SHIP}"]
    if ph == PH_DISCARD:
        return [f"card:{type_name(a - A_DISCARD)}"]
    # the octopus action
    if a < A_PASS:
        return ["pile:deck" if c == "D" else "pile:discard" for c in DRAW_NAMES[a - A_DRAW]]
    if a in (A_PASS, A_STOP):
        return ["button:pass" if a == A_PASS else "button:stop"]
    if a < A_XHAND:
        return [f"shared:{a - A_ATTACH}"]
    if a < A_XFIELD:
        slot, t = divmod(a - A_XHAND, NUM_TYPES)
        return [f"arm:P{p}:{slot}:{type_name(t)}", "button:xhand"]
    k, t = divmod(a - A_XFIELD, NUM_TYPES)
    rel, slot = divmod(k, MAX_FIELD)
    arm = f"arm:P{(p + rel) % st.n}:{slot}:{type_name(t)}"
    return [arm, "button:xfield"] if rel == 0 else [arm]


# ---------------------------------------------------------------- public text
def _octopus_name(st, h: int, viewer: int = -1) -> str:
    q, slot = _seat_slot(st, h)
    whose = "your" if q == viewer else f"P{q}'s"
    return f"{whose} octopus {slot} ({COLOURS[h // HEADS_PER_COLOUR]})"


def _shared_name(st, s: int) -> str:
    return f"shared head {s} ({COLOURS[st.shared[s] // HEADS_PER_COLOUR]})"


def public_move_string(st, action: int) -> str:
    """What every seat sees of a decision (read before it is played): its notation
    (:func:`.moves.notation`), which is public: every Oct8 decision is made in the open except
    which deck cards a draw takes, which the notation does not name."""
    return notation(st, action)


# ---------------------------------------------------------------- drawing
def _target(tid: str, title: str = "") -> draw.Group:
    g = draw.Group(data_target=tid, cursor="pointer")
    if title:
        g.append_title(title)
    return g


def _counts(types: list[int]) -> list[tuple[int, int]]:
    """(type, count) of a list of card types, sorted by type."""
    out: dict[int, int] = {}
    for t in sorted(types):
        out[t] = out.get(t, 0) + 1
    return list(out.items())


def _minus(types: list[int], taken: list[int]) -> list[int]:
    rest = list(types)
    for t in taken:
        rest.remove(t)
    return rest


def _pending(st) -> dict:
    """The octopuses of the decision being made: ``{head: {"mark", "out", "plus", "taken"}}`` - marked
    (outlined), the arm type it gives (``out``), the chosen cards about to join it (``plus``) or to
    leave it (``taken``)."""
    look: dict[int, dict] = {}
    if st.phase not in (PH_TARGET, PH_SEL):
        return look
    if st.mode == MODE_ATTACH:
        look[st.shared[st.src]] = {"plus": list(st.sel)}
        return look
    look[st.src] = {"out": st.src_type, "plus": list(st.sel) if st.phase == PH_SEL else []}
    if st.phase == PH_SEL and st.mode == MODE_XFIELD:
        look[st.tgt] = {"taken": list(st.sel)}
    return look


def _arm_groups(st, h: int, look: dict | None) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    look = look or {}
    return (_counts(_minus([st.cfg.types[c] for c in st.arms[h]], look.get("taken", []))),
            _counts(look.get("plus", [])))


def _octopus_height(st, h: int, look: dict | None) -> float:
    arms, plus = _arm_groups(st, h, look)
    return 44 + ARM_H * (len(arms) + len(plus))


def _octopus(root, st, h: int, x: float, y: float, look: dict | None, *, head_id: str = "",
             arm_prefix: str = "", label: str = "") -> float:
    """An octopus at (x, y): its head (circle in its colour, total arms inside), then one card row
    per arm type, then (dashed) the chosen cards about to join it. Returns its height."""
    hc = h // HEADS_PER_COLOUR
    cx = x + OCTO_W / 2
    g = _target(head_id, f"{COLOURS[hc]} head, {st.total(h)}/8 arms") if head_id else draw.Group()
    g.append(draw.Rectangle(x + 3, y, OCTO_W - 6, 40, fill="white", fill_opacity=0.01))
    if look is not None:
        g.append(draw.Circle(cx, y + 20, 20, fill="none", stroke=HIGHLIGHT, stroke_width=4))
    g.append(draw.Circle(cx, y + 20, 16, fill=FILL[hc], stroke="black"))
    g.append(svg.text(f"{st.total(h)}/8", cx, y + 20, 11, fill="white", font_weight="bold"))
    root.append(g)
    if label:
        root.append(svg.text(label, x + 7, y + 5, 10, text_anchor="start", fill="#444"))
    if st.blocked(h) and st.arms[h]:
        g = draw.Group()
        g.append_title("blocked: every arm has the head's colour (other players cannot exchange with it)")
        # a padlock drawn, not the emoji (a browser without an emoji font shows a blank box)
        lx, ly = x + OCTO_W - 14, y + 4
        g.append(draw.Path(d=f"M{lx + 2},{ly + 4} v-2 a3,3 0 0 1 6,0 v2", fill="none", stroke="#444",
                           stroke_width=1.5))
        g.append(draw.Rectangle(lx, ly + 4, 10, 7, rx=1, fill="#444"))
        root.append(g)
    arms, plus = _arm_groups(st, h, look)
    out = (look or {}).get("out", -1)
    yy = y + 44
    for t, k in arms:
        name = type_name(t)
        a = _target(f"{arm_prefix}:{name}", f"{COLOURS[t // 8]} arm card, {t % 8 + 1} arms") \
            if arm_prefix else draw.Group()
        a.append(draw.Rectangle(x + 5, yy, OCTO_W - 10, ARM_H - 3, rx=4, fill=FILL[t // 8],
                                stroke=HIGHLIGHT if t == out else "white", stroke_width=4 if t == out else 1))
        a.append(svg.text(name + (f" \u00d7{k}" if k > 1 else ""), cx, yy + ARM_H / 2 - 1, 12, fill="white",
                          font_weight="bold"))
        root.append(a)
        yy += ARM_H
    for t, k in plus:
        root.append(draw.Rectangle(x + 5, yy, OCTO_W - 10, ARM_H - 3, rx=4, fill=FILL[t // 8], fill_opacity=0.55,
                                   stroke=HIGHLIGHT, stroke_width=2, stroke_dasharray="4,2"))
        root.append(svg.text(f"+{type_name(t)}" + (f" \u00d7{k}" if k > 1 else ""), cx, yy + ARM_H / 2 - 1, 12,
                             fill="black", font_weight="bold"))
        yy += ARM_H
    return yy - y


def _card(g, t: int, x: float, y: float, count: int = 1, w: float = CARD_W, h: float = CARD_H,
          colour_word: bool = True):
    """An arm card face up: its colour, its arm count large, the type name small (not on a card
    mostly hidden under another: the page draws every word at least 11 px, and it would show)."""
    g.append(draw.Rectangle(x, y, w, h, rx=5, fill=FILL[t // 8], stroke="#222", stroke_width=1.2))
    g.append(svg.text(str(type_value(t)), x + w / 2, y + h / 2 - 2, 24, fill="white", font_weight="bold"))
    if colour_word:
        g.append(svg.text(COLOURS[t // 8], x + w / 2, y + h - 9, 9, fill="white"))
    if count > 1:
        _badge(g, f"\u00d7{count}", x + w - 4, y + 4)


def _badge(g, text: str, x: float, y: float) -> None:
    """A count in a white disc (a card's copies, the discard pile's size), room for 14 px text."""
    g.append(draw.Circle(x, y, 7 + 3.5 * len(text), fill="white", stroke="#222"))
    g.append(svg.text(text, x, y, 10, font_weight="bold"))


def _card_back(g, x: float, y: float, text: str, w: float = CARD_W, h: float = CARD_H):
    g.append(draw.Rectangle(x, y, w, h, rx=5, fill="#5b4a7a", stroke="#222", stroke_width=1.2))
    g.append(draw.Rectangle(x + 5, y + 5, w - 10, h - 10, rx=3, fill="none", stroke="#b9a8d9"))
    g.append(svg.text(text, x + w / 2, y + h / 2, 14, fill="white", font_weight="bold"))


BUTTON_H, BUTTON_PITCH = 40, 58  # on a phone 33 px drawn; the page makes each 44 px to tap


def _button(root, name: str, x: float, y: float) -> float:
    label = BUTTONS[name]
    w = 16 + 7.4 * len(label)
    g = _target(f"button:{name}", label)
    g.append(draw.Rectangle(x, y, w, BUTTON_H, rx=6, fill="#eef3fb", stroke="#3b5b8c", stroke_width=1.5))
    g.append(svg.text(label, x + w / 2, y + BUTTON_H / 2, 13))
    root.append(g)
    return w


def _wrap(text: str, size: float, width: float) -> list[str]:
    per_line = max(10, int(width / (0.5 * size)))
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    return lines + ([cur] if cur else [])


def _prompt(st, viewer: int) -> str:
    ph, p = st.phase, st.cur
    if ph == PH_OVER:  # the points behind the result, every colour now shown (it said only "over")
        pts = ", ".join(f"P{q}{' (you)' if q == viewer else ''} {st.scores()[q]}" for q in range(st.n))
        return f"The game is over. Points: {pts}."
    you = viewer == p
    sel = " ".join(type_name(t) for t in st.sel)
    total = sum(type_value(t) for t in st.sel)
    chosen = f" Chosen so far: {sel} ({total} arm{'s' if total > 1 else ''})." if st.sel else ""
    if ph == PH_PLACE:
        head = f"Turn draw {st.card_str(st.drawn)}: "
        return head + ("click a shared head of another colour to attach it to." if you else f"P{p} attaches it to a shared head.")
    if ph == PH_MAIN:
        extra = "Extra action with a baby chip, or end the turn. " if st.extra else ""
        if not you:
            return f"{extra}P{p} chooses an action."
        return (extra + "Draw 2 (click the deck or the discard pile, once per card), attach (click a shared "
                "head), or exchange (click an arm of an octopus on a field).")
    if ph == PH_TARGET:
        what = f"{type_name(st.src_type)} of {_octopus_name(st, st.src, viewer)}"
        return (f"Exchange {what}: " + ("click the octopus that gives arms for it." if you
                                         else f"P{p} chooses the other octopus."))
    if ph == PH_SEL:
        if st.mode == MODE_ATTACH:
            what = f"Attach to {_shared_name(st, st.src)}: " + ("click hand cards, then Done." if you else
                                                                 f"P{p} chooses cards.")
        elif st.mode == MODE_XHAND:
            what = (f"Exchange {type_name(st.src_type)} of {_octopus_name(st, st.src, viewer)} for hand cards "
                    f"totalling {st.need}: " + ("click them, then Done." if you else f"P{p} chooses them."))
        else:
            what = (f"Exchange {type_name(st.src_type)} of {_octopus_name(st, st.src, viewer)} for arms of "
                    f"{_octopus_name(st, st.tgt, viewer)} totalling {st.need}: "
                    + ("click them, then Done." if you else f"P{p} chooses them."))
        return what + chosen
    if ph == PH_SHIP:
        return "More than 3 octopuses: " + ("click one of yours to ship." if you else f"P{p} ships one.")
    return "More than 8 cards: " + ("click a card to discard." if you else f"P{p} discards.")


def view_svg(st, viewer: int) -> str:
    """What seat ``viewer`` sees, as an SVG document (viewBox, no fixed size) whose clickable parts
    carry ``data-target`` ids (module docstring): the piles, the shared octopuses, every field (heads
    and arm cards), the viewer's own hand and colour, the other seats' hand sizes and chips only."""
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < st.n:
        fail(f"viewer must be a seat from 0 to {st.n - 1}, got {viewer!r}")
    root = draw.Group(font_family="sans-serif")
    you = viewer == st.cur and st.phase != PH_OVER
    legal = st.legal_actions() if you else []
    ids = {t for a in legal for t in action_targets(st, a)}
    # the decision being made: the chosen cards leave the hand (or the other octopus) and are drawn
    # dashed under the octopus they join
    hand_taken = st.sel if st.phase == PH_SEL and st.mode != MODE_XFIELD and viewer == st.cur else []
    look = _pending(st)

    # title and prompt
    title = "Game over" if st.phase == PH_OVER else \
        f"Turn {st.turns + 1}: " + ("your move" if you else f"P{st.cur} to move")
    # the heading (octo-heading): the play page's replay and game over say theirs there
    root.append(svg.text(title, 12, 16, 16, text_anchor="start", font_weight="bold", class_="octo-heading"))
    y = 38
    for line in _wrap(_prompt(st, viewer), 14, WIDTH - 24):
        root.append(svg.text(line, 12, y, 14, text_anchor="start", class_="octo-heading"))
        y += 18
    y += 6

    # piles and the turn-draw card
    g = _target("pile:deck", f"arm deck: {len(st.arm_deck)} cards")
    _card_back(g, 12, y + 14, str(len(st.arm_deck)))
    root.append(g)
    root.append(svg.text("deck", 12 + CARD_W / 2, y + 6, 11))
    g = _target("pile:discard", "discard pile (face up): " + " ".join(st.card_str(c) for c in st.discard))
    if st.discard:
        tops = [st.cfg.types[c] for c in st.discard[-2:]]
        for i, t in enumerate(tops):
            _card(g, t, 70 + 14 * i, y + 14 + 4 * i, colour_word=i == len(tops) - 1)
    else:
        g.append(draw.Rectangle(70, y + 14, CARD_W, CARD_H, rx=5, fill="white", stroke="#888",
                                stroke_dasharray="4,3"))
    _badge(g, str(len(st.discard)), 68 + 14 + CARD_W, y + 18 + CARD_H / 2)  # its size, under no label
    root.append(g)
    root.append(svg.text("discard", 70 + CARD_W / 2 + 7, y + 6, 11))
    root.append(svg.text(f"heads left: {len(st.head_deck)}", 12, y + CARD_H + 30, 12, text_anchor="start"))
    if st.phase == PH_PLACE:
        g = draw.Group()
        _card(g, st.cfg.types[st.drawn], 148, y + 14)
        g.append(draw.Rectangle(145, y + 11, CARD_W + 6, CARD_H + 6, rx=6, fill="none", stroke=HIGHLIGHT,
                                stroke_width=3))
        root.append(g)
        root.append(svg.text("turn draw", 148 + CARD_W / 2, y + 6, 11, font_weight="bold"))

    # shared octopuses
    sx = 196
    root.append(svg.text("shared octopuses", sx + 1.5 * (OCTO_W + 10), y + 2, 12, fill="#444"))
    tallest = CARD_H + 40
    for s, h in enumerate(st.shared):
        x = sx + s * (OCTO_W + 10) + 5
        if h < 0:
            root.append(draw.Circle(x + OCTO_W / 2, y + 34, 16, fill="none", stroke="#999",
                                    stroke_dasharray="3,3"))
            continue
        hgt = _octopus(root, st, h, x, y + 14, look.get(h), head_id=f"shared:{s}", label=str(s))
        tallest = max(tallest, hgt + 20)
    y += tallest + 8

    # the players: the others in seat order after the viewer, the viewer last (above the hand)
    order = [(viewer + i) % st.n for i in range(1, st.n)] + [viewer]
    for q in order:
        y = _player_panel(root, st, q, viewer, y, look)

    # the viewer's hand
    hand = _minus([st.cfg.types[c] for c in st.hands[viewer]], hand_taken)
    root.append(svg.text(f"Your hand ({len(st.hands[viewer])} cards" + (f", {len(hand_taken)} chosen)" if hand_taken
                                                                       else ")"),
                         12, y + 8, 13, text_anchor="start", font_weight="bold"))
    y += 20
    x = 12
    for t, k in _counts(hand):
        if x + CARD_W > WIDTH - 8:
            x, y = 12, y + CARD_H + 10
        g = _target(f"card:{type_name(t)}", f"{COLOURS[t // 8]} {type_value(t)} arms" + (f", {k} cards" if k > 1
                                                                                      else ""))
        _card(g, t, x, y + 6, k)
        root.append(g)
        x += CARD_W + 8
    if not hand:
        root.append(svg.text("(empty)", 12, y + 20, 12, text_anchor="start", fill="#666"))
    y += CARD_H + 18

    # buttons of the decisions that need one
    x = 12
    for name in BUTTONS:
        if f"button:{name}" in ids:
            if x + 16 + 7.4 * len(BUTTONS[name]) > WIDTH - 8:
                x, y = 12, y + BUTTON_PITCH
            x += _button(root, name, x, y) + 10
    if x > 12:
        y += BUTTON_PITCH
    d = draw.Drawing(WIDTH, y + 4)
    d.append(draw.Rectangle(0, 0, WIDTH, y + 4, fill="#fbfaf6"))
    d.append(root)
    d.svg_args["width"] = None
    d.svg_args["height"] = None
    return svg.svg_text(d, header="")


def _player_panel(root, st, q: int, viewer: int, y: float, look: dict) -> float:
    """One seat's row: name, colour (the viewer's own only), hand size, chips; field octopuses with
    their targets; shipped octopuses small. Returns the next y."""
    to_move = q == st.cur and st.phase != PH_OVER
    name = f"P{q}" + (" (you)" if q == viewer else "")
    colour = COLOURS[st.colour(q)] if q == viewer or st.phase == PH_OVER else "?"
    fields, shipped = st.fields[q], st.shipped[q]
    body = max(_octopus_height(st, h, look.get(h)) for h in fields) if fields else 16
    top = y
    root.append(draw.Rectangle(6, top, WIDTH - 12, body + 40 + (30 if shipped else 0), rx=8,
                               fill="#fff7df" if to_move else "white",
                               stroke=HIGHLIGHT if to_move else "#bbb", stroke_width=2 if to_move else 1))
    info = f"{name} \u00b7 colour {colour} \u00b7 hand {len(st.hands[q])} \u00b7 baby chips {st.babies[q]}"
    root.append(svg.text(info, 14, top + 14, 14, text_anchor="start", font_weight="bold" if to_move else "normal"))
    if q == viewer:
        root.append(draw.Circle(WIDTH - 26, top + 14, 8, fill=FILL[st.colour(q)], stroke="black"))
    y = top + 28
    if not fields:
        root.append(svg.text("no octopus yet", 16, y + 6, 12, text_anchor="start", fill="#777"))
    for slot, h in enumerate(fields):
        x = 12 + slot * (OCTO_W + 6)
        _octopus(root, st, h, x, y, look.get(h), head_id=f"head:P{q}:{slot}", arm_prefix=f"arm:P{q}:{slot}",
                 label=str(slot))
    y += body + 8
    if shipped:
        root.append(svg.text("shipped:", 16, y + 10, 12, text_anchor="start", fill="#444"))
        for i, h in enumerate(shipped):
            hc = h // HEADS_PER_COLOUR
            m = sum(1 for c in st.arms[h] if c // ARMS_PER_COLOUR == hc)
            g = draw.Group()
            g.append_title(f"shipped {COLOURS[hc]} octopus: {' '.join(sorted(st.card_str(c) for c in st.arms[h]))}"
                           f"; {m} arm cards of its colour")
            g.append(draw.Circle(82 + 26 * i, y + 10, 10, fill=FILL[hc], stroke="black"))
            g.append(svg.text(str(m), 82 + 26 * i, y + 10, 10, fill="white", font_weight="bold"))
            root.append(g)
        y += 30
    return y + 10

