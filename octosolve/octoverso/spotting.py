"""Spotting an OCTO (docs/rules/octoverso.md, "Interaction"): after a word of fewer than 8 letters,
the next player may show an OCTO the mover could have laid from their letters, and return a tile.

Two readings, a game parameter (``make_game(spotting=...)``):

* ``"auto"`` (the default; the CLI and the report): the engine grants the bonus whenever such an
  OCTO exists, as computer players, who always look, would claim it (the first one alphabetically).
* ``"claim"`` (the web app's games with a person): the next player must name the OCTO. After every
  word of fewer than 8 letters (whether or not an OCTO exists, so the position does not tell) the
  next player is in the CLAIM phase: ``claim the OCTO W`` for each word W that is an OCTO of the
  mover's letters in the position before the move (the same OCTOs the automatic reading finds), or
  ``no OCTO claimed``. A wrong claim is no action at all (the page answers it with a reason and it
  costs nothing). Computer players claim as in the automatic reading (:func:`claim_choice`) and
  search on the automatic reading's copy of the position (:func:`auto_view`), so they play the
  same games in both readings.

The functions take an ``OctoversoState`` (rules.py calls them; they do not import it).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import fail
from ..core.game import Player
from .moves import CLAIM, DISCARD, JOKER, PLAY, RAIL_SIZE, kernel_moves

__all__ = ["SPOTTINGS", "check_spotting", "after_short_word", "claim_actions", "apply_claim",
           "claim_choice", "check_claim", "letters_before", "auto_view", "Spotter"]

SPOTTINGS = ("auto", "claim")


def check_spotting(value) -> str:
    """The reading named ``value`` (``auto`` or ``claim``); a one-line error for anything else."""
    if not isinstance(value, str) or value.lower() not in SPOTTINGS:
        fail(f"spotting must be one of {', '.join(SPOTTINGS)}, got {str(value)[:40]!r}")
    return value.lower()


def _octo_words(st, rail: np.ndarray, hand: np.ndarray) -> list[int]:
    """Ids of the OCTO words (8 letters) ``hand`` can lay on ``rail`` (words not blocked), sorted."""
    arr = kernel_moves(st.lex, rail, hand, st.blocked)
    arr = arr[st.lex.lens[arr[:, 0]] == RAIL_SIZE]
    return sorted({int(w) for w in arr[:, 0]})


def after_short_word(st, before_rail: np.ndarray, before_hand: np.ndarray) -> None:
    """After the mover's word of fewer than 8 letters (laid, its family blocked): the interaction
    rule in the game's reading. Automatic: the next player shows the first OCTO and returns a tile
    (or play goes on); claim: the next player's CLAIM phase, the OCTOs kept in ``st.claims``."""
    o = st.next_seat(st.player)
    octos = _octo_words(st, before_rail, before_hand)
    if st.game.spotting == "claim":
        st.claims = octos
        st.phase, st.player = CLAIM, o
        return
    if octos:
        _grant(st, o, octos[0])
        if st.phase == DISCARD:
            return
    st._next_turn()


def _grant(st, o: int, wid: int) -> None:
    """Seat ``o`` shows the OCTO ``wid``: it is blocked (as played) and ``o`` returns a tile."""
    st._block(wid)
    claimed = {"claimed": True} if st.game.spotting == "claim" else {}
    st.log.append({"event": "interaction", "player": o, "octo": st.lex.words[wid], **claimed})
    if st.hands[o].sum() > 0:
        st.phase, st.player, st.after_discard = DISCARD, o, o


def claim_actions(st) -> list[int]:
    """The CLAIM phase's legal actions: a claim of each OCTO the last mover could have laid, then
    ``NO_CLAIM``."""
    A = st.game.actions
    return [A.CLAIM + w for w in st.claims] + [A.NO_CLAIM]


def apply_claim(st, action: int) -> None:
    """Play a claim (``CLAIM + wid``) or ``NO_CLAIM`` of the player in the CLAIM phase."""
    A = st.game.actions
    o = st.player
    st.claims = []
    st.phase = PLAY
    if action != A.NO_CLAIM:
        _grant(st, o, action - A.CLAIM)
        if st.phase == DISCARD:
            return
    else:
        st.log.append({"event": "no claim", "player": o})
    st.rotated = False   # the claimer's turn starts (as _next_turn starts it)
    if st.turn >= st.game.max_turns:
        st._draw_game()


def claim_choice(st) -> int:
    """A computer player's claim: the first OCTO alphabetically (the one the automatic reading
    shows), or no claim when there is none."""
    A = st.game.actions
    return A.CLAIM + st.claims[0] if st.claims else A.NO_CLAIM


def check_claim(st, word) -> dict:
    """A person's claim ``word`` in the CLAIM phase, checked: ``{"ok", "action" (when ok),
    "message"}``. A wrong claim is answered with its reason and costs nothing; the answer never
    says whether another OCTO exists."""
    from ..core.lexicon import fold_word

    if st.phase != CLAIM:
        fail("there is no OCTO to claim now (a claim follows a word of fewer than 8 letters by the "
             "player before you)")
    if not isinstance(word, str) or len(word) > 40:
        fail('"word" must be the 8-letter word you spotted')
    up = fold_word(word.strip())
    mover = (st.player - 1) % st.game.num_players
    no = {"ok": False, "action": None}
    if len(up) != RAIL_SIZE or not up.isalpha():
        return {**no, "message": f"{up or 'That'}: an OCTO has 8 letters (A-Z), got {len(up)}."}
    wid = st.lex.index.get(up)
    if wid is None:
        return {**no, "message": f"{up} is not a word of the dictionary."}
    if wid in st.claims:
        return {"ok": True, "action": st.game.actions.CLAIM + wid,
                "message": f"{up}: an OCTO P{mover} could have laid. You return a tile of your choice."}
    if st.blocked[wid]:
        return {**no, "message": f"{up} cannot be played any more (it or a word of its family was played)."}
    return {**no, "message": f"{up} is not an OCTO P{mover} could have laid on the rail before their "
                             "move with their letters: no reward (a wrong claim costs nothing)."}


def letters_before(st) -> tuple[str, str] | None:
    """(the rail in recto order, the last mover's hand) before the last word, undone from its log
    event: what an OCTO to claim is made of (the page shows them in the CLAIM phase)."""
    words = [e for e in st.log if e["event"] == "word"]
    if not words or not len(st.rail):
        return None
    e = words[-1]
    rail = "".join("?" if int(t) == JOKER else chr(65 + int(t)) for t in st.rail)
    seq = rail if e["side"] == "recto" else rail[::-1]
    n = len(e["played"])
    seq = e["pushed"] + seq[:len(seq) - n] if e["end"] == "right" else seq[n:] + e["pushed"]
    hand = st.hands[e["player"]]
    tiles = [chr(65 + t) for t in range(26) for _ in range(int(hand[t]))] + ["?"] * int(hand[JOKER])
    tiles += ["?" if c.islower() else c for c in e["played"]]
    return (seq if e["side"] == "recto" else seq[::-1]), "".join(sorted(tiles, key=lambda c: (c == "?", c)))


def auto_view(st):
    """The position in the automatic reading (a copy), for a computer player's search: the same
    position and legal actions outside the CLAIM phase."""
    s = st.clone()
    s.game = st.game.auto_game()
    return s


class Spotter(Player):
    """A computer player of the claim reading: claims as the automatic reading would
    (:func:`claim_choice`), and plays every other move as ``inner`` plays the automatic reading's
    copy of the position, so its games are those of the automatic reading."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.name = getattr(inner, "name", "player")

    def choose(self, state) -> int:
        if state.phase == CLAIM:
            return claim_choice(state)
        return self.inner.choose(auto_view(state))

    def __getattr__(self, name):  # the inner player's extras (a search's ``last_shares``)
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)
