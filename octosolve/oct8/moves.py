"""Oct8's moves as a user sees them: the notation of a decision (:func:`notation`, what
``action_to_string``, the game records and the web app's move list say, for every seat), the line of
a whole turn (:func:`turn_notation`: the web move list and ``play``'s printed game write one line a
turn) and the notation of earlier versions that old records hold (:func:`older_notation`).
docs/rules/oct8.md, "Notation", has the forms with examples.

A turn is a series of small decisions (:mod:`octosolve.oct8.deck`); each has its own text, read on
the state before it, and every text is public: all of Oct8's decisions are made in the open but for
which cards a draw takes from the deck, which the notation never names. Seats are absolute (``P2``),
octopus slots and shared heads count from 0 as on the board, and a card is its colour letter and
arms (``r3``).

>>> from octosolve.oct8.rules import make_game
>>> st = make_game(players=2).new_initial_state(5)
>>> [notation(st, a) for a in st.legal_actions()][:2]
['g2 (turn draw) -> shared head 0 (blue)', 'g2 (turn draw) -> shared head 1 (red)']
>>> st.apply_action(st.legal_actions()[0]); notation(st, A_DRAW + 1)
'draw 1 from the deck and b4 from the discard pile'
>>> turn_notation([(A_ATTACH + 1, "attach to shared head 1 (red)"), (A_ADD, "r1"),
...                (A_DONE, "attach r1 -> shared head 1 (red)"), (A_SHIP, "ship P0's octopus 0 (red)")])
"attach r1 -> shared head 1 (red), ship P0's octopus 0 (red)"
"""

from __future__ import annotations

from ..core.game import as_action, out_of_range
from .deck import (A_ADD, A_ATTACH, A_DISCARD, A_DONE, A_DRAW, A_PASS, A_PLACE, A_SHIP, A_STOP, A_TARGET,
                   A_XFIELD, A_XHAND, COLOURS, DRAW_NAMES, HEADS_PER_COLOUR, MAX_FIELD, MODE_ATTACH,
                   MODE_XHAND, NUM_ACTIONS, NUM_TYPES, PH_PLACE, PH_SEL, PH_SHIP,
                   action_name, type_name)

__all__ = ["notation", "turn_notation", "older_notation", "PARTIAL"]

# the decisions that open or go on with an attach or an exchange: its DONE says it all
PARTIAL = range(A_ATTACH, A_DONE)


def _octopus(st, h: int) -> str:
    q = st.owner_of(h)
    return f"P{q}'s octopus {st.fields[q].index(h)} ({COLOURS[h // HEADS_PER_COLOUR]})"


def _octopus_at(st, q: int, slot: int) -> str:
    f = st.fields[q]
    colour = f" ({COLOURS[f[slot] // HEADS_PER_COLOUR]})" if 0 <= slot < len(f) else ""
    return f"P{q}'s octopus {slot}{colour}"


def _shared(st, s: int) -> str:
    h = st.shared[s] if 0 <= s < len(st.shared) else -1
    return f"shared head {s}" + (f" ({COLOURS[h // HEADS_PER_COLOUR]})" if h >= 0 else "")


def _draw(st, kind: str) -> str:
    deck = kind.count("D")
    tops = [st.card_str(c) for c in st.discard[::-1][:kind.count("X")]]
    parts = ([f"{deck} from the deck"] if deck else []) + (
        [f"{' '.join(tops)} from the discard pile"] if tops else [])
    return "draw " + " and ".join(parts or [kind])


def notation(st, action: int) -> str:
    """The notation of decision ``action`` in ``st`` (the state before it), the same for every
    seat: ``r3 (turn draw) -> shared head 1 (red)``, ``draw 1 from the deck and g2 from the discard
    pile``, ``attach r3 g2 -> shared head 1 (red)`` (said by the attach's last decision, ``done``;
    the ones before it: ``attach to shared head 1 (red)``, ``r3``, ``g2``), ``swap b5 of P0's
    octopus 1 (green) for hand cards r2 r3``, ``swap b5 of P1's octopus 0 (red) for g1 g4 of P2's
    octopus 2 (blue)``, ``pass``, ``end the turn (keep baby chips)``, ``ship P0's octopus 1
    (green)``, ``discard r3``."""
    a = as_action(action)
    if out_of_range(a, NUM_ACTIONS):
        return out_of_range(a, NUM_ACTIONS)
    p, ph = st.cur, st.phase
    if A_PLACE <= a < A_DRAW:
        card = st.card_str(st.drawn) if ph == PH_PLACE and st.drawn >= 0 else "the turn-draw card"
        return f"{card} (turn draw) -> {_shared(st, a - A_PLACE)}"
    if a < A_PASS:
        return _draw(st, DRAW_NAMES[a - A_DRAW])
    if a == A_PASS:
        return "pass"
    if a == A_STOP:
        return "end the turn (keep baby chips)"
    if a < A_XHAND:
        return f"attach to {_shared(st, a - A_ATTACH)}"
    if a < A_XFIELD:
        slot, t = divmod(a - A_XHAND, NUM_TYPES)
        return f"swap {type_name(t)} of {_octopus_at(st, p, slot)} for hand cards"
    if a < A_TARGET:
        k, t = divmod(a - A_XFIELD, NUM_TYPES)
        rel, slot = divmod(k, MAX_FIELD)
        return f"swap {type_name(t)} of {_octopus_at(st, (p + rel) % st.n, slot)}"
    if a < A_ADD:
        rel, slot = divmod(a - A_TARGET, MAX_FIELD)
        return f"with {_octopus_at(st, (p + rel) % st.n, slot)}"
    if a < A_DONE:
        return type_name(a - A_ADD)
    if a == A_DONE:
        if ph != PH_SEL:
            return "done"
        cards = " ".join(type_name(t) for t in st.sel)
        if st.mode == MODE_ATTACH:
            return f"attach {cards} -> {_shared(st, st.src)}"
        src = f"swap {type_name(st.src_type)} of {_octopus(st, st.src)}"
        if st.mode == MODE_XHAND:
            return f"{src} for hand cards {cards}"
        return f"{src} for {cards} of {_octopus(st, st.tgt)}"
    if a < A_DISCARD:
        return f"ship {_octopus_at(st, p, a - A_SHIP)}" if ph == PH_SHIP else f"ship octopus {a - A_SHIP}"
    return f"discard {type_name(a - A_DISCARD)}"


def turn_notation(steps) -> str:
    """One line for a turn's decisions, ``steps`` = ``[(action, text), ...]`` in order (``text``:
    each one's :func:`notation`, or what a seat was shown of it): the texts joined by commas, but
    an attach's or exchange's opening decisions and chosen cards left out when its ``done`` follows
    (``done`` names them all), so a turn still being played shows how far it got."""
    out, closed = [], False
    for a, text in reversed(list(steps)):
        if a == A_DONE:
            closed = True
        elif a in PARTIAL:
            if closed:
                continue
        else:
            closed = False
        out.append(text)
    return ", ".join(reversed(out))


def older_notation(action: int) -> str:
    """The notation before 2026-11-29 (``deck.action_name``: ``exchange r3 of octopus 0 of player
    +1``, ``card r3``, ``done``): the game records written then hold it, and ``octosolve replay``
    still reads them."""
    return action_name(action)
