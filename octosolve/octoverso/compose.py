"""Octoverso's word builder for the play page (the manifest's ``compose`` room, docs/web.md): the
player builds the word from the letters of their hand instead of picking it from a list.

The letters typed are the **hand part** of the word, in reading order: at a right end the word is
the rail's last letters followed by them (``RES`` + ``TE`` = RESTE), at a left end they come first
and the rail's first letters end the word. A lower-case letter is a joker standing for that letter
(a letter the hand lacks uses a joker by itself). In the opening they are the whole 4-letter word.

* :func:`composer`: what the page needs to offer the builder for the seat to move (which board
  clicks type a letter or choose an end, how many words fit), or None.
* :func:`check`: a partial or complete word checked for the position, without the list of words:
  a word (the moves it makes, each with its place and points), the start of one, or neither (and
  why: a letter the hand lacks, a word whose family was played).
* :func:`best_words`: after a move of the player, the best words that turn allowed, with points.
* :func:`compose_text`: the letters to type for a legal move (the hint's, the tests' and the study
  list's); the view lists no move that has them (a word, an announcement, an OCTO claim).
* :func:`study`: every word move with its letters, for the page's "show every word I could play".
* The claim reading of spotting (``spotting.py``): after the other side's word of fewer than 8
  letters the builder takes an OCTO to claim, 8 letters typed (any letters: the OCTO was the other
  player's to lay), checked only once complete, so it never tells whether an OCTO exists.

Points are the tiles a word takes out of the mover's hand: the letters laid, +1 for an OCTO (the
tile it returns): the greedy player's score (``players.greedy_score``); the rules count no points.

>>> from octosolve.octoverso.rules import OctoversoState, make_game
>>> st = OctoversoState.from_position(make_game(), "IMAGERAS", ("OCTAVES", "EEEE"))
>>> check(st, "TO")["state"]          # TOSSA, MITOSE, AMITOSE start so
'prefix'
>>> r = check(st, "TOSE")
>>> r["state"], [(m["word"], m["where"], m["points"]) for m in r["moves"]]
('word', [('AMITOSE', 'verso, right end', 4), ('MITOSE', 'verso, right end', 4)])
>>> check(st, "TOSE", "recto:right")["message"]
'No word you can lay at the recto, right end goes on from TOSE.'
>>> check(st, "XQ")["message"]
'XQ: you have no X.'
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.words import counted
from .moves import (ENDS, JOKER, LETTERS, RAIL_SIZE, SIDES, Move, apply_to_rail, kernel_moves, spell_tiles,
                    tile_char)
from .position import CLAIM, OPENING, PLAY
from .spotting import check_claim

__all__ = ["composer", "check", "best_words", "compose_text", "study", "hint_refused", "MAX_TEXT", "PLACES"]

MAX_TEXT = RAIL_SIZE - 2     # a word lays at most 6 hand letters (it uses 2 rail letters or more)
OPENING_TEXT = 4
PLACES = tuple(f"{s}:{e}" for s in SIDES for e in ENDS)   # "recto:right", ...
BEST_SHOWN = 5


def _place_name(side: int, end: int) -> str:
    return f"{SIDES[side]}, {ENDS[end]} end"


def _rows(st):
    """(word id, side, end, k, jmask) of every legal word move of the player to move."""
    return kernel_moves(st.lex, st.rail, st.hands[st.player], st.blocked).tolist()


def _hand_part(word: str, end: int, k: int) -> str:
    return word[k:] if ENDS[end] == "right" else word[:len(word) - k]


def _points(word: str, k: int) -> int:
    return len(word) - k + (len(word) == RAIL_SIZE)


def _move(st, row) -> dict:
    """A legal word move as the page shows it: its action, word, place, letters and points."""
    wid, side, end, k, jm = (int(x) for x in row)
    w = st.lex.words[wid]
    m = Move(w, side, end, k, jm)
    _, pushed = apply_to_rail(st.rail, m)
    jokers = [w[i] for i in m.played_positions() if jm >> i & 1]
    return {"action": st.game.actions.word_action(wid, side, end, k), "word": w,
            "place": f"{SIDES[side]}:{ENDS[end]}", "where": _place_name(side, end), "rail_letters": k,
            "laid": m.played(), "pushed": "".join(tile_char(t) for t in pushed), "jokers": jokers,
            "points": _points(w, k), "octo": len(w) == RAIL_SIZE}


def compose_text(st, action: int) -> str | None:
    """The letters to type for legal ``action`` of the player to move (the word's hand part, a joker
    as its letter in lower case), or None for a move the builder does not make."""
    A = st.game.actions
    a = int(action)
    if st.phase == CLAIM and a != A.NO_CLAIM:   # an OCTO claimed: the word
        return st.lex.words[a - A.CLAIM]
    if st.phase == OPENING and A.ANNOUNCE <= a < A.EXCHANGE:  # a joker's letters in lower case
        w = st.lex.words[a - A.ANNOUNCE]
        tiles = spell_tiles(w, st.hands[st.player])
        return "".join(c.lower() if t == JOKER else c for c, t in zip(w, tiles))
    if st.phase != PLAY or not 0 <= a < A.ANNOUNCE:
        return None
    m = st.move_of_action(a)
    return m.played()


def composer(st, viewer: int) -> dict | None:
    """What the play page offers to build a word for ``viewer``, when it is their word to make (the
    opening's announcement, a turn of play), else None: the board's clicks that type a letter (their
    hand's tiles) or choose a rail end, the most letters a word takes, how many words fit."""
    if st.player != viewer or st.phase not in (OPENING, PLAY, CLAIM):
        return None
    if st.phase == CLAIM:
        return _claim_composer(st)
    hand = st.hands[viewer]
    letters = {("tile:joker" if t == JOKER else f"tile:{tile_char(t)}"): ("?" if t == JOKER else tile_char(t))
               for t in range(27) if hand[t] > 0}
    opening = st.phase == OPENING
    if opening:
        count = len(st.legal_actions())
    else:
        count = len({r[0] for r in _rows(st)})
    return {"what": "word to announce" if opening else "word",
            "letters": letters,
            "places": {} if opening else {f"end:{p}": _place_name(*_split_place(p)) for p in PLACES},
            "max": OPENING_TEXT if opening else MAX_TEXT, "joker": "?" if hand[JOKER] > 0 else None,
            "count": count,
            "count_text": (f"{counted(count, 'word')} of your letters you could announce" if opening
                           else f"{counted(count, 'word')} of your letters fit the rail this turn"),
            "help": ("Build a 4-letter word from your letters: click them (or type them), then Announce."
                     if opening else
                     "Click your letters (or type them): they go on at an end of the rail, whose "
                     "letters start or end the word (RES + TE = RESTE); a + end keeps one end. "
                     "Backspace takes a letter back, Enter plays.")}


def _claim_composer(st) -> dict:
    """The builder in the CLAIM phase: an OCTO of the other player's letters, typed (no count: the
    page must not tell whether one exists)."""
    mover = f"P{(st.player - 1) % st.game.num_players}"
    return {"what": "OCTO to claim", "claim": True, "mover": mover, "letters": {}, "places": {},
            "max": RAIL_SIZE, "joker": None, "count": None,
            "count_text": f"Spotted an OCTO {mover} could have laid? Type its 8 letters",
            "help": (f"{mover} laid a word of fewer than 8 letters. If you spotted an OCTO (an 8-letter "
                     f"word) {mover} could have laid instead, from their letters on the rail as it was, "
                     "type it and Claim: you return a tile of your choice. A wrong claim costs nothing. "
                     "Or play on.")}


def study(st) -> list[dict]:
    """Every word move of the player to move, ``{"action", "text" (notation), "compose",
    "targets"}`` (no clicks on the board: the word is built), as the view's moves are: the
    page's study list ("show every word I could play"), asked for on its own (the view lists
    none). Nothing in the CLAIM phase (finding the OCTO is the claim)."""
    if st.phase not in (OPENING, PLAY):
        return []
    return [{"action": a, "text": st.action_to_string(a), "compose": c, "targets": []}
            for a in st.legal_actions() for c in [compose_text(st, a)] if c is not None]


def hint_refused(st) -> str | None:
    """Why no hint is given in this position (the CLAIM phase: a hint would tell whether an OCTO
    exists), or None."""
    if st.phase == CLAIM:
        return ("no hint for a claim: spotting the OCTO is yours to do (claim one, or play on and "
                "ask for a hint for your move)")
    return None


def _check_claim(st, text) -> dict:
    """The builder's answer in the CLAIM phase: nothing said before the 8th letter."""
    if not isinstance(text, str):
        fail(f'"text" must be a string of letters, got {type(text).__name__}')
    if len(text) > RAIL_SIZE or not all("A" <= c <= "Z" or "a" <= c <= "z" for c in text):
        fail(f'"text" must be at most {RAIL_SIZE} letters A-Z (an OCTO to claim), got {text[:20]!r}')
    up = text.upper()
    out = {"text": text, "place": None, "state": "empty", "message": "", "moves": [], "strip": _loose(up),
           "marks": []}
    if not up:
        out["message"] = "Type the 8 letters of the OCTO you spotted, or play on."
        return out
    if len(up) < RAIL_SIZE:
        n = RAIL_SIZE - len(up)
        out.update(state="prefix", message=f"{up}: an OCTO has 8 letters ({n} more to type).")
        return out
    r = check_claim(st, up)
    if not r["ok"]:
        out.update(state="none", message=r["message"])
        return out
    out.update(state="word", message=r["message"],
               moves=[{"action": r["action"], "word": up, "place": None, "where": "claimed", "rail_letters": 0,
                       "laid": "", "pushed": "", "jokers": [], "points": 1, "octo": True}])
    return out


def _split_place(place: str) -> tuple[int, int]:
    s, e = place.split(":")
    return SIDES.index(s), ENDS.index(e)


def _read_text(text, limit: int) -> str:
    if not isinstance(text, str):
        fail(f'"text" must be a string of letters, got {type(text).__name__}')
    if len(text) > limit:
        fail(f'"text" has {len(text)} characters: a word takes at most {limit} letters of your hand')
    bad = [c for c in text if not ("A" <= c <= "Z" or "a" <= c <= "z")]
    if bad:
        fail(f'"text" must be letters A-Z (lower case: a joker as that letter), got {bad[0]!r}')
    return text


def _missing(st, text: str) -> str | None:
    """Why the hand cannot give these letters (a letter it lacks, no joker left), or None."""
    hand = st.hands[st.player]
    jokers = int(hand[JOKER])
    need = {}
    for c in text:
        if c.islower():
            jokers -= 1
        else:
            need[c] = need.get(c, 0) + 1
    if jokers < 0:
        return "you have no joker for a lower-case letter" if hand[JOKER] == 0 else \
            f"you have {int(hand[JOKER])} joker{'s' if hand[JOKER] > 1 else ''} only"
    for c, n in need.items():
        short = n - int(hand[ord(c) - 65])
        if short > 0:
            jokers -= short
            if jokers < 0:
                have = int(hand[ord(c) - 65])
                return f"you have {'no' if not have else f'only {have}'} {c}" + \
                    (" and no joker left" if hand[JOKER] > 0 else "")
    return None


def check(st, text, place=None) -> dict:
    """``text`` (the hand letters typed so far, module docstring) checked for the player to move:
    ``state`` "empty", "word" (``moves``: every move it makes, each with its place, the letters laid
    and pushed, points), "prefix" (no word yet; a word that fits starts so) or "none" (no word fits
    that starts so: ``message`` says why); ``place`` ("recto:right", ...) keeps that end only.
    ``strip``: the letters on the rail side where the word goes, for the page to draw."""
    if st.phase == CLAIM:
        if place is not None:
            fail("a claimed OCTO is not laid: no place")
        return _check_claim(st, text)
    if st.phase not in (OPENING, PLAY):
        fail("there is no word to build now")
    opening = st.phase == OPENING
    text = _read_text(text, OPENING_TEXT if opening else MAX_TEXT)
    if place is not None and (opening or place not in PLACES):
        fail(f'"place" must be one of {", ".join(PLACES)} (a rail end), got {repr(place)[:40]}'
             if not opening else "the opening's word is not laid at an end: no place")
    up = text.upper()
    out = {"text": text, "place": place, "state": "empty", "message": "", "moves": [], "strip": [],
           "marks": [f"end:{place}"] if place else []}
    if not text:
        out["message"] = "Click your letters (or type them) to build a word."
        return out
    rows = [] if opening else _rows(st)
    if place is not None:
        side, end = _split_place(place)
        rows = [r for r in rows if r[1] == side and r[2] == end]
    lack = _missing(st, text)
    # the whole word typed, its rail letters too (MITOSE for TOSE after the rail's MI): that word
    whole = [r for r in rows if st.lex.words[r[0]] == up] if lack else []
    if lack and not whole:
        out.update(state="none", message=f"{up}: {lack}.")
        out["strip"] = _loose(text)
        return out
    if opening:
        return _check_opening(st, text, out)
    exact, longer = list(whole), []
    for r in rows if not whole else ():
        part = _hand_part(st.lex.words[r[0]], r[2], r[3])
        if part == up:
            exact.append(r)
        elif part.startswith(up):
            longer.append(r)
    where = f" at the {_place_name(*_split_place(place))}" if place else ""
    if exact:
        moves = sorted((_move(st, r) for r in exact), key=lambda m: (-m["points"], m["word"], m["place"]))
        out["moves"] = moves
        best = moves[0]
        words = sorted({m["word"] for m in moves})
        more = "" if len(moves) == 1 else f" ({len(moves)} ways to lay it: choose one)"
        extra = " - and a longer word starts so" if longer else ""
        octo = " an OCTO (all 8 letters of the rail): you return a tile after it," if best["octo"] else ""
        joker = f" (your joker as {', '.join(best['jokers'])})" if best["jokers"] else ""
        out.update(state="word", message=f"{' / '.join(words)}: a word{more}:{octo} {best['points']} "
                                         f"point{'s' if best['points'] != 1 else ''}{joker}{extra}.")
        _strip(st, best, out)
        return out
    if longer:
        out.update(state="prefix", message=f"{up}: not a word yet{where} - go on.")
        r = longer[0]
        _strip(st, {"place": f"{SIDES[r[1]]}:{ENDS[r[2]]}", "rail_letters": 0, "laid": text,
                    "pushed": ""}, out)
        return out
    why = _blocked_note(st, up, place)
    out.update(state="none", message=f"No word you can lay{where} goes on from {up}{why}.")
    out["strip"] = _loose(text)
    return out


def _loose(text: str) -> list[dict]:
    """The letters typed, not (yet) on the rail."""
    return [{"ch": c.upper(), "kind": "new", "joker": c.islower()} for c in text]


def _check_opening(st, text: str, out: dict) -> dict:
    up = text.upper()
    A = st.game.actions
    words = {st.lex.words[a - A.ANNOUNCE]: a for a in st.legal_actions()}
    out["strip"] = _loose(text)
    if up in words:
        tiles = spell_tiles(up, st.hands[st.player])
        jokers = [c for c, t in zip(up, tiles) if t == JOKER]
        joker = f" (your joker as {', '.join(jokers)})" if jokers else ""
        out.update(state="word", message=f"{up}: a word you can announce{joker}.",
                   moves=[{"action": words[up], "word": up, "place": None, "where": "announced",
                           "rail_letters": 0, "laid": up, "pushed": "", "jokers": jokers, "points": None,
                           "octo": False}])
    elif len(up) < OPENING_TEXT and any(w.startswith(up) for w in words):
        out.update(state="prefix", message=f"{up}: not a word yet - the opening's word has 4 letters.")
    else:
        known = up in st.lex.index
        out.update(state="none", message=(f"{up} is not a 4-letter word." if len(up) == OPENING_TEXT and not known
                                          else f"No 4-letter word of your letters starts with {up}."))
    return out


def _blocked_note(st, up: str, place) -> str:
    """Where the letters make a dictionary word at an end that cannot be played (its family was
    played): say so, the word named."""
    rail = [int(t) for t in st.rail]
    for side, seq in ((0, rail), (1, rail[::-1])):
        for end in (0, 1):
            if place is not None and place != f"{SIDES[side]}:{ENDS[end]}":
                continue
            for k in range(2, min(len(seq), RAIL_SIZE - len(up)) + 1):
                part = seq[len(seq) - k:] if end == 0 else seq[:k]
                if JOKER in part:
                    continue
                rs = "".join(LETTERS[t] for t in part)
                w = rs + up if end == 0 else up + rs
                wid = st.lex.index.get(w)
                if wid is not None and st.blocked[wid]:
                    return f" ({w} is a word, but one of its family was played: a word is played once)"
    return ""


def _strip(st, m: dict, out: dict) -> None:
    """The rail side where ``m`` goes, as the page draws it: the rail's letters (``used``: in the
    word), the new ones, the ones pushed off; ``marks``: the board's rail letters in the word."""
    side, end = _split_place(m["place"])
    rail = [tile_char(t) for t in st.rail]
    seq = rail if side == 0 else rail[::-1]
    k, new = m["rail_letters"], m["laid"]
    n = len(seq)
    used = range(n - k, n) if end == 0 else range(0, k)
    cells = [{"ch": c, "kind": "used" if i in used else "rail"} for i, c in enumerate(seq)]
    adds = [{"ch": c.upper(), "kind": "new", "joker": c.islower()} for c in new]
    cells = cells + adds if end == 0 else adds + cells
    drop = len(m["pushed"])
    if drop:
        rng = range(0, drop) if end == 0 else range(len(cells) - drop, len(cells))
        for i in rng:
            cells[i]["kind"] = "off"
    out["strip"] = cells
    out["strip_where"] = _place_name(side, end)
    out["marks"] = [f"end:{m['place']}"] + [f"rail:{SIDES[side]}:{i}" for i in used]


def best_words(st, action: int) -> dict | None:
    """After the player's move ``action`` (``st``: the position before it): the best words that turn
    allowed (at most 5, each its best placement, by points) and the player's own, or None in a phase
    without words."""
    if st.phase != PLAY:
        return None
    rows = _rows(st)
    best: dict[str, dict] = {}
    for r in rows:
        m = _move(st, r)
        if m["word"] not in best or m["points"] > best[m["word"]]["points"]:
            best[m["word"]] = m
    ranked = sorted(best.values(), key=lambda m: (-m["points"], m["word"]))
    A = st.game.actions
    a = int(action)
    mine = _move(st, next(r for r in rows if A.word_action(r[0], r[1], r[2], r[3]) == a)) \
        if 0 <= a < A.ANNOUNCE else None
    if mine:
        said = f"You laid {mine['word']}: {mine['points']} point{'s' if mine['points'] != 1 else ''}."
    else:
        said = f"You played {st.action_to_string(a)}: no word, 0 points."
    top = ranked[:BEST_SHOWN]
    if not ranked:
        said += " No word fitted that turn."
    elif mine and mine["points"] >= ranked[0]["points"]:
        said += " The best a word made that turn."
    else:
        said += f" The best that turn: {ranked[0]['points']} points ({len(ranked)} words fitted)."
    return {"summary": said, "columns": ["word", "where", "points"],
            "rows": [[m["word"], f"{m['where']}, lays {m['laid']}", m["points"]] for m in top],
            "mine": next((i for i, m in enumerate(top) if mine and m["word"] == mine["word"]), None)}
