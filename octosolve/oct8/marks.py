"""The web play page's last-move mark and game-over counts for Oct8 (the manifest's ``marks`` room,
docs/web.md): the shared heads and octopuses a turn changed, and each seat's points."""

from __future__ import annotations

from collections import Counter

from .deck import type_name

__all__ = ["changed_places", "score_table"]


def _table(st) -> dict:
    """Each place of the table (public: docs/rules/oct8.md, point 21) as its board id -> (its head
    card, the cards of its arms)."""
    out = {f"shared:{s}": (h, sorted(st.arms[h])) for s, h in enumerate(st.shared)}
    for q, field in enumerate(st.fields):
        for slot, h in enumerate(field):
            out[f"head:P{q}:{slot}"] = (h, sorted(st.arms[h]))
    return out


def _kinds(st, h) -> Counter:
    """How many arm cards of each type the octopus of head ``h`` has (none: not on the table)."""
    return Counter(st.cfg.types[c] for c in st.arms.get(h, ()))


def changed_places(before, after) -> list[str]:
    """The ``data-target`` ids of ``after``'s table that differ from ``before``'s: a turn-draw card
    placed on a shared head, cards attached, an octopus made, and on the players' octopuses each
    arm card new or taken away (a shipped octopus leaves the table and is not marked)."""
    was = _table(before)
    out = [k for k, v in _table(after).items() if was.get(k) != v]
    for q, field in enumerate(after.fields):
        for slot, h in enumerate(field):
            old, new = _kinds(before, h), _kinds(after, h)
            out += [f"arm:P{q}:{slot}:{type_name(t)}" for t in sorted(new) if new[t] != old[t]]
    return out


def score_table(state) -> dict:
    """The counts behind the result: each seat's points (the most wins; ties broken by octopuses
    made, then scoring arms)."""
    return {"label": "points", "values": [int(x) for x in state.scores()], "better": "higher",
            "reason": None}
