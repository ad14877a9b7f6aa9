"""Octoverso position documents: ``State.to_json()`` and ``Game.state_from_json()``.

A document is plain JSON::

    {"game": "octoverso", "params": {"jokers": false, "teams": false, "max_turns": 200, "lexicon": null},
     "phase": "play", "player": 0, "first": 0, "rail": "AMISDUOS", "hands": ["...", "..."],
     "pool": "AAB...", "announced": [null, null], "played": ["AMIS", "DUOS"], "streak": 0,
     "rotated": false, "pending": null, "after_discard": null, "turn": 0, "passes": 0,
     "winner": null, "history": [[0, 123], ...], "log": [{"event": "announce", ...}, ...]}

A game in the claim reading of spotting (``params`` ``"spotting": "claim"``) also has ``"claims"``:
the OCTOs the player in the ``claim`` phase may claim (``[]`` in other phases).

Tiles are strings of letters (``?`` a joker). The reader refuses, with a one-line error, anything a
real game cannot reach: tiles the box (88 letters, 2 jokers in the variant) cannot make, a word not
in the lexicon, a phase, seat or count out of range, a type that is not the one written.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import fail
from ..core.words import counted
from . import moves as R
from .moves import CLAIM, DISCARD, DRAW, OPENING, OVER, PHASES, PLAY, opening_words  # noqa: F401 (the phases' home was here)

__all__ = ["state_to_json", "state_from_json", "FORMAT", "OPENING", "PLAY", "DISCARD", "DRAW", "OVER",
           "CLAIM", "PHASES"]

FORMAT = "octoverso"
_KEYS = ("game", "params", "phase", "player", "first", "rail", "hands", "pool", "announced", "played",
         "streak", "rotated", "pending", "after_discard", "turn", "passes", "winner", "history", "log")


def _opt(x: int):
    return None if x < 0 else int(x)


def state_to_json(s) -> dict:
    """The document of an ``OctoversoState``."""
    words = s.lex.words
    claims = {"claims": [words[w] for w in s.claims]} if s.game.spotting == "claim" else {}
    return {
        "game": FORMAT, "params": s.game.params(), "phase": PHASES[s.phase],
        "player": int(s.player), "first": _opt(s.first), "rail": R.rail_string(s.rail),
        "hands": [R.hand_string(h) for h in s.hands], "pool": R.hand_string(s.pool),
        "announced": [words[a] if a >= 0 else None for a in s.announced],
        "played": [words[w] for w in s.played], "streak": int(s.streak), "rotated": bool(s.rotated),
        "pending": R.tile_char(s.pending) if s.pending >= 0 else None,
        "after_discard": _opt(s.after_discard), "turn": int(s.turn), "passes": int(s.passes),
        "winner": _opt(s.winner), "history": [[int(p), int(a)] for p, a in s.history],
        "log": [dict(e) for e in s.log], **claims,
    }


def _int(doc: dict, key: str, lo: int, hi: int, optional: bool = False) -> int:
    v = doc[key]
    if v is None and optional:
        return -1
    if isinstance(v, bool) or not isinstance(v, int):
        fail(f"position: {key!r} must be an integer{' or null' if optional else ''}, got {v!r}")
    if not lo <= v <= hi:
        fail(f"position: {key!r} must be from {lo} to {hi}, got {v}")
    return v


def _tiles(text, what: str) -> np.ndarray:
    if not isinstance(text, str):
        fail(f"position: {what} must be a string of letters, got {text!r}")
    if len(text) > R.N_LETTERS + R.N_JOKERS:
        fail(f"position: {what} has {len(text)} tiles; the box has {R.N_LETTERS + R.N_JOKERS}")
    bad = sorted({c for c in text if c not in R.GAME_LETTERS and c != R.JOKER_CHAR})
    if bad:
        fail(f"position: {what} {text!r} has tiles outside the set ({R.GAME_LETTERS} and ?): {''.join(bad)}")
    return R.tile_counts([R.JOKER if c == R.JOKER_CHAR else ord(c) - 65 for c in text])


def _word(lex, w, what: str) -> int:
    if not isinstance(w, str) or w not in lex.index:
        fail(f"position: {what} {w!r} is not a word of the lexicon")
    return lex.index[w]


def state_from_json(game, doc, s):
    """Fill ``s``, an empty opening state of ``game`` (``OctoversoState.blank``), from a document
    written by :func:`state_to_json`; checked (see the module docstring). Returns ``s``."""
    if not isinstance(doc, dict):
        fail(f"an Octoverso position is a JSON object, got {type(doc).__name__}")
    if doc.get("game") != FORMAT:
        fail(f"not an Octoverso position (\"game\" is {doc.get('game')!r}, expected {FORMAT!r})")
    keys = _KEYS + (("claims",) if game.spotting == "claim" else ())
    missing = [k for k in keys if k not in doc]
    if missing:
        fail(f"position: {counted(len(missing), 'missing key')}: {', '.join(missing)}")
    extra = sorted(set(doc) - set(keys))
    if extra:
        fail(f"position: {counted(len(extra), 'unknown key')}: {', '.join(map(str, extra))}")
    if doc["params"] != game.params():
        fail(f"position: it is for the game {doc['params']!r}, not {game.params()!r}")
    n = game.num_players
    lex = game.lex
    if doc["phase"] not in PHASES:
        fail(f"position: phase must be one of {', '.join(PHASES)}, got {doc['phase']!r}")
    s.phase = PHASES.index(doc["phase"])
    if s.phase == CLAIM and game.spotting != "claim":
        fail("position: a claim phase only in the claim reading of spotting (\"spotting\": \"claim\")")
    s.player = _int(doc, "player", 0, n - 1)
    s.first = _int(doc, "first", 0, n - 1, optional=True)
    s.turn = _int(doc, "turn", 0, game.max_turns)
    s.passes = _int(doc, "passes", 0, n)
    s.streak = _int(doc, "streak", 0, game.max_turns)
    s.winner = _int(doc, "winner", 0, n - 1, optional=True)
    s.after_discard = _int(doc, "after_discard", 0, n - 1, optional=True)
    if not isinstance(doc["rotated"], bool):
        fail(f"position: 'rotated' must be true or false, got {doc['rotated']!r}")
    s.rotated = doc["rotated"]
    # tiles
    rail = doc["rail"]
    rc = _tiles(rail, "rail")
    s.rail = np.array([R.JOKER if c == R.JOKER_CHAR else ord(c) - 65 for c in rail], np.int8)
    if not isinstance(doc["hands"], list) or len(doc["hands"]) != n:
        fail(f"position: 'hands' must be a list of {n} strings")
    s.hands = np.stack([_tiles(h, f"hand {q}") for q, h in enumerate(doc["hands"])]).astype(np.int32)
    s.pool = _tiles(doc["pool"], "pool")
    total = s.hands.sum(axis=0) + s.pool + rc
    bag = R.full_bag(game.jokers)
    if not np.array_equal(total, bag):
        diff = [f"{R.tile_char(t)} {int(total[t])} (the box has {int(bag[t])})"
                for t in range(27) if total[t] != bag[t]]
        fail("impossible position: rail, hands and pool hold " + ", ".join(diff))
    if s.phase == OPENING:
        if len(s.rail):
            fail("position: the rail is empty during the opening")
    elif not R.MIN_RAIL <= len(s.rail) <= R.RAIL_SIZE:
        fail(f"position: the rail holds {R.MIN_RAIL} to {R.RAIL_SIZE} tiles after the opening, "
             f"got {len(s.rail)}")
    pend = doc["pending"]
    if pend is None:
        s.pending = -1
    else:
        pc = _tiles(pend, "pending tile")
        if len(pend) != 1:
            fail(f"position: 'pending' is one tile, got {pend!r}")
        s.pending = int(np.flatnonzero(pc)[0])
    if (s.phase == DRAW) != (s.pending >= 0):
        fail("position: a pending exchange tile goes with the draw phase, and only with it")
    if s.phase == DRAW and s.hands[s.player, s.pending] < 1:
        fail("position: the pending exchange tile is not in the player's hand")
    if s.phase == DRAW and s.pool.sum() == 0:
        fail("position: an exchange draw needs tiles in the pool")
    if s.phase != OVER and s.winner >= 0:
        fail("position: only a finished game has a winner")
    if s.winner >= 0 and s.phase == OVER and s.hands[s.winner].sum() != 0:
        fail("position: the winner still holds tiles")
    # words
    ann = doc["announced"]
    if not isinstance(ann, list) or len(ann) != n:
        fail(f"position: 'announced' must be a list of {n} words or nulls")
    for q, w in enumerate(ann):
        if w is None:
            continue
        if s.phase != OPENING:
            fail("position: announcements are only pending during the opening")
        wid = _word(lex, w, "announced word")
        if wid not in opening_words(lex, s.hands[q]):
            fail(f"position: player {q} cannot announce {w} from their hand")
        s.announced[q] = wid
    if s.phase == OPENING and any(a < 0 for a in s.announced[:s.player]):
        fail("position: the players before the one to move have not all announced")
    if not isinstance(doc["played"], list):
        fail("position: 'played' must be a list of words")
    for w in doc["played"]:
        s._block(_word(lex, w, "played word"))
    hist = doc["history"]
    if not isinstance(hist, list) or not all(
            isinstance(h, list) and len(h) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in h)
            for h in hist):
        fail("position: 'history' must be a list of [player, action] pairs of integers")
    s.history = [(int(p), int(a)) for p, a in hist]
    if not isinstance(doc["log"], list) or not all(isinstance(e, dict) for e in doc["log"]):
        fail("position: 'log' must be a list of event objects")
    s.log = [dict(e) for e in doc["log"]]
    if game.spotting == "claim":
        _claims(s, doc["claims"])
    return s


def _claims(s, claims) -> None:
    if not isinstance(claims, list) or len(claims) > 1000:
        fail("position: 'claims' must be a list of OCTO words")
    if claims and s.phase != CLAIM:
        fail("position: OCTOs to claim only in the claim phase")
    for w in claims:
        wid = _word(s.lex, w, "OCTO to claim")
        if len(w) != R.RAIL_SIZE:
            fail(f"position: an OCTO to claim has {R.RAIL_SIZE} letters, got {w!r}")
        if wid not in s.claims:
            s.claims.append(wid)
    s.claims.sort()
