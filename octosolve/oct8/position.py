"""Oct8 positions as JSON documents: ``Oct8State.to_json`` writes them, ``Oct8Game.state_from_json``
reads them back (through :func:`encode` / :func:`decode` here), and they are the position files the
CLI reads and writes.

A document names cards, never internal ids: arm cards as ``r3`` (colour letter and arm count), head
cards as ``red``. Cards of one type are interchangeable, so reading assigns ids in a fixed order and
``to_json`` of what was read is the document again. Hands and each octopus's arms are written
sorted; piles are written bottom to top (``arm_deck[-1]`` is drawn next, ``discard[-1]`` is the top
card)::

    {"game": "oct8", "params": {"players": 2, "variant": "standard", "deck": "default",
                                "baby_chips": "cap", "colour_bonus": "octopus"},
     "to_move": 0, "phase": "action", "extra": false, "turn_draw": null, "pending": null,
     "colours": ["red", "blue"], "hands": [["g2", "r1", "r4"], []], "babies": [0, 0],
     "fields": [[{"head": "red", "arms": ["b5", "r3"]}], []], "shipped": [[], []],
     "shared": [{"head": "green", "arms": []}, ...], "discard": [...], "arm_deck": [...],
     "head_deck": [...], "turns": 0, "decisions": 0, "end": null, "action_counts": {...},
     "history": [[player, action], ...]}

Only ``hands`` and ``fields`` are required (a hand-written position for ``oct8 swaps``): the other
keys default to an empty start-of-turn state, the colours not given are drawn from the heads left,
and the cards not placed anywhere form the decks (in id order). Every inconsistency (a card more
times than the deck has it, an unfinished octopus on a field, a phase without its pending choice,
...) is a one-line :class:`~octosolve.core.errors.OctoError`.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import fail
from ..core.words import counted
from . import deck as D

__all__ = ["encode", "decode", "read_document", "check_invariants", "players_of_hands"]

MAX_BYTES = 5_000_000
_KEYS = {"game", "params", "to_move", "phase", "extra", "turn_draw", "pending", "colours", "hands",
         "babies", "fields", "shipped", "shared", "discard", "arm_deck", "head_deck", "turns",
         "decisions", "end", "action_counts", "history"}


# ---------------------------------------------------------------- reading a file
def players_of_hands(hands: list) -> int:
    """The number of players of a document that names none: one a hand, 2 to 4 (one hand or five
    said 'Oct8 takes 2, 3 or 4 players, got 1', naming no key)."""
    if not 2 <= len(hands) <= 4:
        fail(f"bad position: 'hands' holds {counted(len(hands), 'hand')}: Oct8 takes 2, 3 or 4 players, "
             f"one hand each")
    return len(hands)


def read_document(path: str | Path, what: str = "position file"):
    """The JSON document in ``path``: UTF-8, no duplicate keys, not absurdly nested or large."""
    p = Path(path)
    if not p.exists():
        fail(f"{what} not found: {p}")
    if not p.is_file():
        fail(f"{what} {p} is not a file")
    try:
        raw = p.read_bytes()
    except OSError as e:
        fail(f"cannot read {what} {p}: {e.strerror}")
    if len(raw) > MAX_BYTES:
        fail(f"{what} {p} is larger than {MAX_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{what} {p} is not UTF-8 text")
    from ..core.jsonout import parse_json   # strict: duplicate keys, NaN / Infinity, too deep
    return parse_json(text, f"{what} {p}")


# ---------------------------------------------------------------- writing
def _octopus(state, h: int) -> dict:
    types = state.cfg.types
    return {"head": D.COLOURS[h // D.HEADS_PER_COLOUR],
            "arms": [D.type_name(t) for t in sorted(types[c] for c in state.arms[h])]}


def _slot_of(state, h: int) -> list[int]:
    """[rel, slot] of field octopus ``h``, ``rel`` seats after the mover."""
    for p in range(state.n):
        if h in state.fields[p]:
            return [(p - state.cur) % state.n, state.fields[p].index(h)]
    raise AssertionError(h)


def _pending(state):
    if state.phase not in (D.PH_TARGET, D.PH_SEL):
        return None
    out = {"mode": D.MODE_NAMES[state.mode]}
    if state.mode == D.MODE_ATTACH:
        out["source"] = state.src
    else:
        out["source"] = _slot_of(state, state.src)
        out["card"] = D.type_name(state.src_type)
    if state.mode == D.MODE_XFIELD:
        out["target"] = _slot_of(state, state.tgt) if state.phase == D.PH_SEL else None
    out["chosen"] = [D.type_name(t) for t in state.sel]
    return out


def encode(state) -> dict:
    """The JSON document of an ``Oct8State`` (see the module docstring)."""
    types = state.cfg.types
    names = lambda cards: [D.type_name(types[c]) for c in cards]  # noqa: E731
    return {
        "game": "oct8", "params": state.cfg.params(),
        "to_move": state.cur, "phase": D.PHASE_NAMES[state.phase], "extra": bool(state.extra),
        "turn_draw": D.type_name(types[state.drawn]) if state.drawn >= 0 else None,
        "pending": _pending(state),
        "colours": [D.COLOURS[h // D.HEADS_PER_COLOUR] for h in state.colour_head],
        "hands": [[D.type_name(t) for t in sorted(types[c] for c in h)] for h in state.hands],
        "babies": list(state.babies),
        "fields": [[_octopus(state, h) for h in f] for f in state.fields],
        "shipped": [[_octopus(state, h) for h in f] for f in state.shipped],
        "shared": [_octopus(state, h) if h >= 0 else None for h in state.shared],
        "discard": names(state.discard), "arm_deck": names(state.arm_deck),
        "head_deck": [D.COLOURS[h // D.HEADS_PER_COLOUR] for h in state.head_deck],
        "turns": state.turns, "decisions": state.decisions,
        "end": {"turns_left": state.remaining} if state.triggered else None,
        "action_counts": dict(zip(D.CATEGORIES, state.action_counts)),
        "history": [[int(p), int(a)] for p, a in state.history],
    }


# ---------------------------------------------------------------- reading
def _int(v, what: str, lo: int = 0, hi: int = 10**9) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        fail(f"bad position: {what} must be a whole number, got {v!r}")
    if not lo <= v <= hi:
        fail(f"bad position: {what} must be {lo}-{hi}, got {v}")
    return v


def _list(v, what: str, n: int | None = None) -> list:
    if not isinstance(v, list):
        fail(f"bad position: {what} must be a list")
    if n is not None and len(v) != n:
        fail(f"bad position: {what} must have {n} entries (one per player), got {len(v)}")
    return v


class _Ids:
    """Hands out card ids of each type (arms) / colour (heads) in reading order."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.arm_pool = {t: [i for i in range(D.NUM_ARMS) if cfg.types[i] == t] for t in range(D.NUM_TYPES)}
        self.head_pool = {c: [h for h in cfg.heads if h // D.HEADS_PER_COLOUR == c] for c in range(3)}

    def arm(self, text) -> int:
        t = D.parse_arm(text)
        pool = self.arm_pool[t]
        if not pool:
            fail(f"impossible position: more {D.type_name(t)} cards than the deck "
                 f"'{self.cfg.deck.name}' has ({self.cfg.deck.counts[t // 8][t % 8]})")
        return pool.pop(0)

    def arms(self, cards, what: str) -> list[int]:
        return [self.arm(c) for c in _list(cards, what)]

    def head(self, text) -> int:
        c = D.parse_colour(text) if isinstance(text, str) else fail(f"bad position: head {text!r} must be "
                                                                     "a colour name")
        pool = self.head_pool[c]
        if not pool:
            fail(f"impossible position: more {D.COLOURS[c]} heads than the game has "
                 f"({len([h for h in self.cfg.heads if h // D.HEADS_PER_COLOUR == c])})")
        return pool.pop(0)

    def octopus(self, o, what: str, arms: dict, finished: bool) -> int:
        if not isinstance(o, dict) or set(o) - {"head", "arms"} or "head" not in o:
            fail(f"bad position: {what} must be {{\"head\": colour, \"arms\": [cards]}}")
        h = self.head(o["head"])
        arms[h] = self.arms(o.get("arms", []), f"{what} arms")
        tot = sum(self.cfg.values[c] for c in arms[h])
        if finished and tot != 8:
            fail(f"impossible position: {what} has {tot} arms (a finished octopus has exactly 8)")
        if not finished and tot >= 8:
            fail(f"impossible position: {what} has {tot} arms (a shared octopus has fewer than 8)")
        return h


def decode(cfg, doc) -> dict:
    """The attributes of an ``Oct8State`` for ``cfg`` from a document (ids assigned in order)."""
    if not isinstance(doc, dict):
        fail("bad position: the document must be a JSON object")
    if doc.get("game", "oct8") != "oct8":
        fail(f"bad position: this is a {doc.get('game')!r} document, not an oct8 one")
    fmt = doc.get("format")
    if isinstance(fmt, str) and "-position/" in fmt:  # another game's position ("octagone-position/2")
        fail(f"bad position: this is a position of {fmt.split('-position/')[0][:40]!r}, not of oct8")
    unknown = set(doc) - _KEYS
    if unknown:
        fail(f"bad position: {counted(len(unknown), 'unknown key')}: {', '.join(sorted(map(str, unknown)))}")
    for key in ("hands", "fields"):
        if key not in doc:
            fail(f"bad position: no {key!r} (every player's hand and field are needed)")
    n = cfg.players
    ids = _Ids(cfg)
    s: dict = {}
    s["cur"] = _int(doc.get("to_move", 0), "to_move", 0, n - 1)
    phase = doc.get("phase", "action")
    if phase not in D.PHASE_NAMES:
        fail(f"bad position: unknown phase {phase!r} (one of {', '.join(D.PHASE_NAMES)})")
    s["phase"] = D.PHASE_NAMES.index(phase)
    s["extra"] = doc.get("extra", False)
    if not isinstance(s["extra"], bool):
        fail("bad position: extra must be true or false")
    hands = _list(doc["hands"], "hands", n)
    s["hands"] = [ids.arms(h, f"hand of P{p}") for p, h in enumerate(hands)]
    s["arms"] = {}
    shared = _list(doc.get("shared", []), "shared")
    if len(shared) > 3:
        fail("bad position: at most 3 shared octopuses")
    s["shared"] = [ids.octopus(o, f"shared octopus {i}", s["arms"], False) if o is not None else -1
                   for i, o in enumerate(shared)]
    s["shared"] += [-1] * (3 - len(s["shared"]))
    fields = _list(doc["fields"], "fields", n)
    s["fields"] = [[ids.octopus(o, f"octopus {i} of P{p}", s["arms"], True)
                    for i, o in enumerate(_list(f, f"field of P{p}"))] for p, f in enumerate(fields)]
    shipped = _list(doc.get("shipped", [[] for _ in range(n)]), "shipped", n)
    s["shipped"] = [[ids.octopus(o, f"shipped octopus {i} of P{p}", s["arms"], True)
                     for i, o in enumerate(_list(f, f"shipped of P{p}"))] for p, f in enumerate(shipped)]
    s["discard"] = ids.arms(doc.get("discard", []), "discard")
    td = doc.get("turn_draw")
    s["drawn"] = ids.arm(td) if td is not None else -1
    if "arm_deck" in doc:
        s["arm_deck"] = ids.arms(doc["arm_deck"], "arm_deck")
        left = sum(len(v) for v in ids.arm_pool.values())
        if left:
            fail(f"impossible position: {counted(left, 'arm card')} {'is' if left == 1 else 'are'} nowhere (hands, octopuses, discard, "
                 "turn draw and arm deck must hold all 78)")
    else:
        s["arm_deck"] = sorted(c for v in ids.arm_pool.values() for c in v)
    colours = _list(doc["colours"], "colours", n) if "colours" in doc else None
    if colours is not None:
        s["colour_head"] = [ids.head(c) for c in colours]
    if "head_deck" in doc:
        s["head_deck"] = [ids.head(c) for c in _list(doc["head_deck"], "head_deck")]
    if colours is None:
        rest = sorted(h for v in ids.head_pool.values() for h in v)
        if len(rest) < n:
            fail("impossible position: not enough heads left for the players' colours")
        s["colour_head"], rest = rest[:n], rest[n:]
        for h in s["colour_head"]:
            ids.head_pool[h // D.HEADS_PER_COLOUR].remove(h)
    if "shared" not in doc:  # a hand-written position: three fresh shared heads
        for _ in range(3):
            rest = sorted(h for v in ids.head_pool.values() for h in v)
            if rest:
                ids.head_pool[rest[0] // D.HEADS_PER_COLOUR].remove(rest[0])
                s["shared"][s["shared"].index(-1) if -1 in s["shared"] else len(s["shared"])] = rest[0]
                s["arms"][rest[0]] = []
    left = sorted(h for v in ids.head_pool.values() for h in v)
    if "head_deck" in doc:
        if left:
            fail(f"impossible position: {counted(len(left), 'head card')} {'is' if len(left) == 1 else 'are'} "
                 "nowhere")
    else:
        s["head_deck"] = left
    cap = cfg.baby_cap
    s["babies"] = [_int(b, f"babies of P{p}", 0, cap)
                   for p, b in enumerate(_list(doc.get("babies", [0] * n), "babies", n))]
    for p in range(n):
        if p != s["cur"]:
            if len(s["fields"][p]) > D.FIELD_LIMIT:
                fail(f"impossible position: P{p} has {len(s['fields'][p])} octopuses on the field "
                     f"(more than {D.FIELD_LIMIT} only during the mover's turn)")
            if len(s["hands"][p]) > D.HAND_LIMIT:
                fail(f"impossible position: P{p} holds {len(s['hands'][p])} cards (more than "
                     f"{D.HAND_LIMIT} only during the mover's turn)")
        elif len(s["fields"][p]) > D.MAX_FIELD:
            fail(f"impossible position: P{p} has {len(s['fields'][p])} octopuses on the field")
    s["turns"] = _int(doc.get("turns", 0), "turns")
    s["decisions"] = _int(doc.get("decisions", 0), "decisions")
    end = doc.get("end")
    if end is None:
        s["triggered"], s["remaining"] = False, 0
    elif isinstance(end, dict) and set(end) == {"turns_left"}:
        s["triggered"], s["remaining"] = True, _int(end["turns_left"], "end.turns_left", 0, n - 1)
    else:
        fail("bad position: end must be null or {\"turns_left\": k}")
    if (s["phase"] == D.PH_OVER) != (s["triggered"] and s["remaining"] == 0):
        fail("bad position: phase 'over' goes with end {\"turns_left\": 0} and only with it")
    counts = doc.get("action_counts", {})
    if not isinstance(counts, dict) or set(counts) - set(D.CATEGORIES):
        fail(f"bad position: action_counts must map {', '.join(D.CATEGORIES)} to counts")
    s["action_counts"] = [_int(counts.get(c, 0), f"action_counts.{c}") for c in D.CATEGORIES]
    hist = _list(doc.get("history", []), "history")
    s["history"] = []
    for i, e in enumerate(hist):
        if not isinstance(e, list) or len(e) != 2:
            fail(f"bad position: history entry {i} must be [player, action]")
        s["history"].append((_int(e[0], f"history[{i}] player", 0, n - 1),
                             _int(e[1], f"history[{i}] action", 0, D.NUM_ACTIONS - 1)))
    _decode_phase(cfg, doc, s)
    return s


def _decode_phase(cfg, doc, s) -> None:
    """The pending choice and the turn draw, checked against the phase."""
    ph = s["phase"]
    nf, nh = len(s["fields"][s["cur"]]), len(s["hands"][s["cur"]])
    # the end of a turn ships while the field is over its limit, then discards while the hand is
    if ph == D.PH_SHIP and nf <= D.FIELD_LIMIT:
        fail(f"impossible position: phase 'ship' comes only while the mover has more than {D.FIELD_LIMIT} "
             f"octopuses on the field; P{s['cur']} has {nf}")
    if ph == D.PH_DISCARD and (nf > D.FIELD_LIMIT or nh <= D.HAND_LIMIT):
        fail(f"impossible position: phase 'discard' comes only while the mover holds more than "
             f"{D.HAND_LIMIT} cards (and has shipped down to {D.FIELD_LIMIT} octopuses); player "
             f"{s['cur']} holds {nh} cards and has {nf} octopuses")
    if (ph == D.PH_PLACE) != (s["drawn"] >= 0):
        fail("bad position: a turn_draw card goes with phase 'place' and only with it")
    s.update(mode=0, src=-1, src_type=-1, src_owner=-1, need=0, tgt=-1, sel=[])
    pend = doc.get("pending")
    if ph not in (D.PH_TARGET, D.PH_SEL):
        if pend is not None:
            fail(f"bad position: pending is null in phase {D.PHASE_NAMES[ph]!r}")
        return
    if not isinstance(pend, dict) or pend.get("mode") not in D.MODE_NAMES:
        fail(f"bad position: phase {D.PHASE_NAMES[ph]!r} needs pending {{\"mode\": "
             f"{' | '.join(D.MODE_NAMES)}, ...}}")
    mode = D.MODE_NAMES.index(pend["mode"])
    allowed = {"mode", "source", "chosen"} | ({"card"} if mode else set()) | ({"target"} if mode == 2 else set())
    if set(pend) - allowed:
        extra = sorted(map(str, set(pend) - allowed))
        fail(f"bad position: pending has {counted(len(extra), 'unknown key')}: {', '.join(extra)}")
    if (ph == D.PH_TARGET) != (mode == D.MODE_XFIELD and pend.get("target") is None):
        fail("bad position: phase 'target' is an exchange between octopuses whose target is not chosen yet")
    n, cur = cfg.players, s["cur"]

    def at(loc, what):
        loc = _list(loc, what)
        if len(loc) != 2:
            fail(f"bad position: {what} must be [seats after the mover, slot]")
        rel, slot = _int(loc[0], what, 0, n - 1), _int(loc[1], what, 0, D.MAX_FIELD - 1)
        f = s["fields"][(cur + rel) % n]
        if slot >= len(f):
            fail(f"bad position: {what} names no octopus")
        return rel, f[slot]

    s["mode"] = mode
    if mode == D.MODE_ATTACH:
        s["src"] = _int(pend.get("source"), "pending.source", 0, 2)
        if s["shared"][s["src"]] < 0:
            fail("bad position: pending.source names an empty shared slot")
    else:
        rel, s["src"] = at(pend.get("source"), "pending.source")
        if mode == D.MODE_XHAND and rel != 0:
            fail("bad position: an exchange with the hand takes an arm of the mover's own octopus")
        s["src_owner"] = rel if mode == D.MODE_XFIELD else 0
        t = D.parse_arm(pend.get("card"))
        if t not in [cfg.types[c] for c in s["arms"][s["src"]]]:
            fail(f"bad position: the source octopus has no {D.type_name(t)} arm")
        s["src_type"], s["need"] = t, t % 8 + 1
        if ph == D.PH_SEL and mode == D.MODE_XFIELD:
            s["tgt"] = at(pend.get("target"), "pending.target")[1]
    s["sel"] = [D.parse_arm(c) for c in _list(pend.get("chosen", []), "pending.chosen")]
    if s["sel"] != sorted(s["sel"]):
        fail("bad position: pending.chosen lists card types in order (r1 ... b8)")
    if ph == D.PH_TARGET and s["sel"]:
        fail("bad position: no card is chosen before the target octopus")
    pool = s["arms"][s["tgt"]] if mode == D.MODE_XFIELD and ph == D.PH_SEL else s["hands"][cur]
    have = [cfg.types[c] for c in pool]
    for t in set(s["sel"]):
        if s["sel"].count(t) > have.count(t):
            fail(f"bad position: pending.chosen has more {D.type_name(t)} than its source holds")


# ---------------------------------------------------------------- invariants
def check_invariants(self) -> None:
    """Card conservation and rule invariants of a state ``self`` (raises AssertionError)."""
    arms = list(self.arm_deck) + list(self.discard) + [c for h in self.hands for c in h]
    arms += [c for h, a in self.arms.items() for c in a]
    if self.drawn >= 0:
        arms.append(self.drawn)
    assert sorted(arms) == list(range(D.NUM_ARMS)), "arm cards not conserved"
    heads = list(self.head_deck) + list(self.colour_head) + [h for h in self.shared if h >= 0]
    heads += [h for f in self.fields for h in f] + [h for f in self.shipped for h in f]
    assert sorted(heads) == sorted(self.cfg.heads), "head cards not conserved"
    # octopuses in arms dict are exactly the shared + field + shipped heads
    assert set(self.arms) == {h for h in heads if h not in self.head_deck and h not in self.colour_head}
    for p in range(self.n):
        for h in self.fields[p] + self.shipped[p]:
            assert self.total(h) == 8, "a finished octopus must have exactly 8 arms"
        assert 0 <= self.babies[p] <= self.cfg.baby_cap
        if p != self.cur:  # the limits hold for the players not moving

            assert len(self.fields[p]) <= D.FIELD_LIMIT
            assert len(self.hands[p]) <= D.HAND_LIMIT
    for h in self.shared:
        if h >= 0:
            assert self.total(h) < 8
    assert len(self.fields[self.cur]) <= D.MAX_FIELD
