"""Tiles, rails, hands and word moves of Octoverso (the move generator's Python side).

* The rail holds 8 tiles once the opening is done; it is stored in recto order, the verso side reads
  it right to left. A move uses ``k >= 2`` letters at one end of the side read: at the ``right`` end
  the word is those last k letters followed by hand letters, at the ``left`` end hand letters followed
  by the first k letters. At least one hand letter, 3..8 letters in all. The new letters are slid onto
  the rail, and the letters beyond 8 fall off the far end into the next player's hand.
* The notation of a move (:func:`notation`: ``action_to_string``, the game records, the web app's
  move list and ``play``'s printed game, for every seat; docs/rules/octoverso.md, "Notation"):
  ``IMAGES recto right end, 3 rail letters: lays GES, pushes SOU to P1``.
* A joker in a hand may stand for any letter; laid on the rail it stays a joker tile that matches any
  letter each time it is used. When a word needs a joker, real letters are spent first and the jokers
  stand for the occurrences farthest from the rail (one canonical way per word, side, end and k).

>>> from octosolve.octoverso.lexicon import load_lexicon
>>> rail, hand = parse_rail("SOUDEIMA"), parse_hand("GES")
>>> move_dict(rail, next(m for m in legal_moves(load_lexicon(), rail, hand) if m.word == "IMAGES"))
{'word': 'IMAGES', 'side': 'recto', 'end': 'right', 'rail_used': 3, 'played': 'GES', 'pushed': 'SOU'}
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

import numpy as np

from ..core.errors import fail
from ..core.game import as_action, out_of_range
from ..core.lexicon import fold_word
from ..core.words import counted
from . import kernels as K
from .lexicon import MAX_LEN, MIN_LEN, Lexicon

__all__ = ["LETTERS", "JOKER", "JOKER_CHAR", "RAIL_SIZE", "MIN_RAIL", "HAND_SIZE", "OPENING_LEN",
           "DISTRIBUTION", "N_LETTERS", "N_JOKERS", "GAME_LETTERS", "SIDES", "ENDS", "full_bag",
           "tile_char", "parse_rail", "parse_hand", "check_tiles", "hand_string", "rail_string",
           "tile_counts", "Move", "apply_to_rail", "move_dict", "canonical_jmask", "reference_moves",
           "legal_moves", "kernel_moves", "octos", "opening_words", "spell_tiles", "OPENING", "PLAY",
           "DISCARD", "DRAW", "OVER", "CLAIM", "PHASES", "Actions", "notation", "word_notation",
           "older_notation"]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JOKER = K.JOKER
JOKER_CHAR = "?"
RAIL_SIZE = 8
MIN_RAIL = 2
HAND_SIZE = 12
OPENING_LEN = 4
DISTRIBUTION = {"A": 9, "B": 1, "C": 2, "D": 3, "E": 14, "F": 1, "G": 1, "H": 1, "I": 7, "J": 1,
                "L": 5, "M": 3, "N": 6, "O": 5, "P": 2, "Q": 1, "R": 6, "S": 7, "T": 6, "U": 5, "V": 2}
N_LETTERS = sum(DISTRIBUTION.values())  # 88
N_JOKERS = 2
GAME_LETTERS = "".join(sorted(DISTRIBUTION))
SIDES = ("recto", "verso")
ENDS = ("right", "left")
assert N_LETTERS == 88

# phases of a position (CLAIM: after a word of fewer than 8 letters, the next player may claim an
# OCTO the mover could have laid; only in the "claim" reading of spotting, docs/rules/octoverso.md)
OPENING, PLAY, DISCARD, DRAW, OVER, CLAIM = range(6)
PHASES = ("opening", "play", "return", "draw", "over", "claim")


class Actions:
    """Stable integer action ids (OpenSpiel needs a fixed ``num_distinct_actions``).

    * word move: ``((wid * 2 + side) * 2 + end) * 6 + (k - 2)`` for wid < N words;
    * opening announcement of word ``wid``: ``ANNOUNCE + wid``;
    * exchange tile t (0..25 letters, 26 joker): ``EXCHANGE + t``;
    * return tile t to the pool (after an OCTO, or for the interaction rule): ``DISCARD + t``;
    * move an end letter of the rail to the other end (after two exchanges in a row): ``ROTATE``
      (first letter to last place) and ``ROTATE + 1`` (last letter to first place);
    * pass (only when nothing else is possible): ``PASS``;
    * with ``claims`` (the "claim" reading of spotting) only: claim the OCTO ``wid`` the last mover
      could have laid, ``CLAIM + wid``, or claim none, ``NO_CLAIM`` (ids after all the others, so
      the ids above are the same in both readings).
    Chance outcomes (the tile drawn in an exchange) are tile numbers 0..26.
    """

    def __init__(self, n_words: int, claims: bool = False):
        self.n_words = n_words
        self.ANNOUNCE = n_words * 24
        self.EXCHANGE = self.ANNOUNCE + n_words
        self.DISCARD = self.EXCHANGE + 27
        self.ROTATE = self.DISCARD + 27
        self.PASS = self.ROTATE + 2
        self.CLAIM = self.PASS + 1
        self.NO_CLAIM = self.CLAIM + n_words
        self.N = self.NO_CLAIM + 1 if claims else self.PASS + 1

    @staticmethod
    def word_action(wid: int, side: int, end: int, k: int) -> int:
        return ((wid * 2 + side) * 2 + end) * 6 + (k - 2)

    @staticmethod
    def split_word_action(a: int) -> tuple[int, int, int, int]:
        k = a % 6 + 2
        a //= 6
        end = a % 2
        a //= 2
        return a // 2, a % 2, end, k


def full_bag(jokers: bool) -> np.ndarray:
    """Counts of the 27 tiles (A..Z, joker) in the box: 88 letters, plus 2 jokers in the variant."""
    bag = np.zeros(27, np.int32)
    for ch, n in DISTRIBUTION.items():
        bag[ord(ch) - 65] = n
    if jokers:
        bag[JOKER] = N_JOKERS
    return bag


def tile_char(t: int) -> str:
    return JOKER_CHAR if t == JOKER else LETTERS[t]


# ------------------------------------------------------------------------------------ positions

def parse_rail(text: str) -> np.ndarray:
    """Rail letters in recto order (``?`` or ``*`` for a joker tile): 2..8 letters of the game's set."""
    t = fold_word(text.strip()).replace("*", JOKER_CHAR)
    if not t:
        fail("the rail is empty (give 2 to 8 letters, ? for a joker)")
    bad = sorted({c for c in t if c not in GAME_LETTERS and c != JOKER_CHAR})
    if bad:
        fail(f"rail {text!r} has letters outside the set ({GAME_LETTERS} and ? for a joker): {''.join(bad)}")
    if len(t) > RAIL_SIZE:
        fail(f"rail {text!r} has {len(t)} letters; the rail holds at most {RAIL_SIZE}")
    if len(t) < MIN_RAIL:
        fail(f"rail {text!r} has {counted(len(t), 'letter')}; a move needs at least {MIN_RAIL} on the rail")
    rail = np.array([JOKER if c == JOKER_CHAR else ord(c) - 65 for c in t], np.int8)
    check_tiles(f"rail {text!r}", tile_counts(rail))
    return rail


def parse_hand(text: str, jokers: int = 0) -> np.ndarray:
    """Hand counts (27: A..Z and jokers). ``?`` in the text also counts as a joker."""
    t = fold_word(text.strip()).replace("*", JOKER_CHAR)
    bad = sorted({c for c in t if c not in GAME_LETTERS and c != JOKER_CHAR})
    if bad:
        fail(f"hand {text!r} has letters outside the set ({GAME_LETTERS}): {''.join(bad)}")
    if jokers < 0 or jokers > N_JOKERS:
        fail(f"--jokers must be between 0 and {N_JOKERS}, got {jokers}")
    hand = np.zeros(27, np.int32)
    for c in t:
        hand[JOKER if c == JOKER_CHAR else ord(c) - 65] += 1
    hand[JOKER] += jokers
    if hand[JOKER] > N_JOKERS:
        fail(f"hand has {hand[JOKER]} jokers; the game has {N_JOKERS}")
    check_tiles(f"hand {text!r}", hand)
    if hand.sum() == 0:
        fail("the hand is empty")
    return hand


def tile_counts(tiles) -> np.ndarray:
    """Counts (27) of a sequence of tile numbers."""
    c = np.zeros(27, np.int32)
    for t in tiles:
        c[int(t)] += 1
    return c


def check_tiles(what: str, *counts: np.ndarray) -> None:
    """Fail (one line) when the tiles of a position together need more copies of a letter, or more
    jokers, than the box holds (88 letters and 2 jokers): a position nobody can lay out."""
    total = np.sum(np.stack([np.asarray(c, np.int64) for c in counts]), axis=0)
    bag = full_bag(True)
    over = [f"{tile_char(t)} {int(total[t])} times (the box has {int(bag[t])})"
            for t in range(27) if total[t] > bag[t]]
    if over:
        fail(f"impossible position: {what} holds " + ", ".join(over) if what.startswith(("rail ", "hand "))
             else f"impossible position: {what} hold " + ", ".join(over))


def hand_string(hand: np.ndarray) -> str:
    return "".join(LETTERS[i] * int(hand[i]) for i in range(26)) + JOKER_CHAR * int(hand[JOKER])


def rail_string(rail) -> str:
    return "".join(tile_char(int(t)) for t in rail)


@dataclass(frozen=True)
class Move:
    word: str
    side: int  # 0 recto, 1 verso
    end: int  # 0 right, 1 left
    k: int  # rail letters used
    jmask: int  # bit i set: word letter i is a joker from the hand

    @property
    def n_played(self) -> int:
        return len(self.word) - self.k

    def played_positions(self) -> range:
        return range(self.k, len(self.word)) if self.end == K.RIGHT else range(0, len(self.word) - self.k)

    def played(self) -> str:
        """Hand letters laid, in rail order on the side read; jokers lower-case."""
        return "".join(self.word[i].lower() if self.jmask >> i & 1 else self.word[i]
                       for i in self.played_positions())

    def tiles_played(self) -> list[int]:
        return [JOKER if self.jmask >> i & 1 else ord(self.word[i]) - 65 for i in self.played_positions()]


def apply_to_rail(rail: np.ndarray, move: Move) -> tuple[np.ndarray, list[int]]:
    """(new rail in recto order, tiles pushed off in the order they stood on the side read)."""
    seq = list(rail) if move.side == K.RECTO else list(rail[::-1])
    new = move.tiles_played()
    if move.end == K.RIGHT:
        full = seq + new
        cut = max(0, len(full) - RAIL_SIZE)
        pushed, seq2 = full[:cut], full[cut:]
    else:
        full = new + seq
        pushed, seq2 = full[RAIL_SIZE:], full[:RAIL_SIZE]
    out = np.array(seq2 if move.side == K.RECTO else seq2[::-1], np.int8)
    return out, [int(t) for t in pushed]


def move_dict(rail: np.ndarray, move: Move) -> dict:
    _, pushed = apply_to_rail(rail, move)
    return {"word": move.word, "side": SIDES[move.side], "end": ENDS[move.end], "rail_used": move.k,
            "played": move.played(), "pushed": "".join(tile_char(t) for t in pushed)}


def canonical_jmask(word: str, end: int, k: int, hand: np.ndarray) -> int | None:
    """Joker mask for laying the hand part of ``word``: real letters first, from the rail outwards."""
    h = hand.copy()
    n = len(word)
    positions = range(k, n) if end == K.RIGHT else range(n - k - 1, -1, -1)
    jm = 0
    for i in positions:
        c = ord(word[i]) - 65
        if h[c] > 0:
            h[c] -= 1
        elif h[JOKER] > 0:
            h[JOKER] -= 1
            jm |= 1 << i
        else:
            return None
    return jm


def reference_moves(lex_words, rail: np.ndarray, hand: np.ndarray, blocked=None) -> list[Move]:
    """Brute force: scan every word of the lexicon against every side, end and k. The independent
    reference the kernel is tested against, and the 'plain Python scan' of the benchmark."""
    n_rail = len(rail)
    sides = [[int(t) for t in rail], [int(t) for t in rail[::-1]]]
    out = []
    for wid, w in enumerate(lex_words):
        if blocked is not None and blocked[wid]:
            continue
        n = len(w)
        if not (MIN_LEN <= n <= MAX_LEN):
            continue
        for side in (0, 1):
            seq = sides[side]
            for k in range(2, min(n_rail, n - 1) + 1):
                # right end: w starts with the last k letters of seq
                tail = seq[n_rail - k:]
                if all(t == JOKER or t == ord(w[i]) - 65 for i, t in enumerate(tail)):
                    jm = canonical_jmask(w, K.RIGHT, k, hand)
                    if jm is not None:
                        out.append(Move(w, side, K.RIGHT, k, jm))
                head = seq[:k]
                if all(t == JOKER or t == ord(w[n - k + i]) - 65 for i, t in enumerate(head)):
                    jm = canonical_jmask(w, K.LEFT, k, hand)
                    if jm is not None:
                        out.append(Move(w, side, K.LEFT, k, jm))
    return out


_LOCAL = threading.local()  # one output buffer per thread: the web app searches in several threads


def legal_moves(lex: Lexicon, rail: np.ndarray, hand: np.ndarray, blocked: np.ndarray | None = None,
                min_k: int = 2) -> list[Move]:
    """Every legal move (numba kernel), in a canonical order (word, side, end, k)."""
    arr = kernel_moves(lex, rail, hand, blocked, min_k)
    words = lex.words
    return [Move(words[r[0]], int(r[1]), int(r[2]), int(r[3]), int(r[4])) for r in arr.tolist()]


def kernel_moves(lex: Lexicon, rail: np.ndarray, hand: np.ndarray, blocked: np.ndarray | None = None,
                 min_k: int = 2) -> np.ndarray:
    """The raw kernel result: int32 rows (word id, side, end, k, joker mask), sorted."""
    if blocked is None:
        blocked = _no_block(len(lex))
    cap = 4096
    while True:
        bufs = _LOCAL.__dict__.setdefault("bufs", {})
        buf = bufs.get(cap)
        if buf is None:
            buf = bufs[cap] = np.empty((cap, 5), np.int32)
        n = K.gen_moves(*lex.fwd, *lex.rev, blocked,
                        np.ascontiguousarray(rail, np.int8), np.ascontiguousarray(hand, np.int32),
                        min_k, MAX_LEN, buf)
        if n <= cap:
            arr = buf[:n].copy()
            break
        cap = 1 << int(n).bit_length()
    order = np.lexsort((arr[:, 3], arr[:, 2], arr[:, 1], arr[:, 0]))
    return arr[order]


@functools.lru_cache(maxsize=4)
def _no_block(n: int) -> np.ndarray:
    return np.zeros(n, np.uint8)


def octos(lex: Lexicon, rail, hand, blocked=None) -> list[Move]:
    """Every OCTO (8-letter move) of a position."""
    return [m for m in legal_moves(lex, rail, hand, blocked) if len(m.word) == RAIL_SIZE]


def opening_words(lex: Lexicon, hand: np.ndarray, blocked: np.ndarray | None = None) -> list[int]:
    """Ids of the 4-letter words a hand can announce (jokers allowed), sorted."""
    if blocked is None:
        blocked = _no_block(len(lex))
    out = np.empty(len(lex), np.int32)
    n = K.can_spell(*lex.fwd, blocked, lex.lens, np.ascontiguousarray(hand, np.int32),
                    OPENING_LEN, out)
    return sorted(int(x) for x in out[:n])


def spell_tiles(word: str, hand: np.ndarray) -> list[int] | None:
    """Tiles spent to spell ``word`` from ``hand`` alone (real letters first, left to right)."""
    h = hand.copy()
    tiles = []
    for ch in word:
        c = ord(ch) - 65
        if h[c] > 0:
            h[c] -= 1
            tiles.append(c)
        elif h[JOKER] > 0:
            h[JOKER] -= 1
            tiles.append(JOKER)
        else:
            return None
    return tiles



# ------------------------------------------------------------------------------------ notation

def word_notation(word: str, side: str, end: str, k: int, played: str, pushed: str = "",
                  to: int | None = None) -> str:
    """A word move in the notation: the word, where it went (the side and the end of the rail),
    how many rail letters it uses, the hand letters laid (a joker in lower case: the letter it
    stands for) and the letters pushed off (to seat ``to``, who receives them).

    >>> word_notation("IMAGES", "recto", "right", 3, "GES", "SOU", 1)
    'IMAGES recto right end, 3 rail letters: lays GES, pushes SOU to P1'
    """
    out = f"{word} {side} {end} end, {k} rail letters: lays {played}"
    if pushed:
        out += f", pushes {pushed}" + ("" if to is None else f" to P{to}")
    return out


def notation(state, action: int) -> str:
    """The notation of ``action`` in ``state`` (the state before the move), the same for every
    seat: a word (:func:`word_notation`), ``announce MAIS`` (the opening; the other seats see
    ``announce a word`` until every player has announced), ``exchange Q with the pool``, ``return
    E to the pool``, ``rotate: first letter S goes last`` / ``rotate: last letter A goes first``,
    ``pass``, the pool's draws ``draw E`` (``?`` a joker), and in the claim reading of spotting
    ``claim the OCTO OCTOBRES`` / ``no OCTO claimed``."""
    A, action = state.game.actions, as_action(action)
    if out_of_range(action, A.N):
        return out_of_range(action, A.N)
    if state.phase == DRAW:
        return f"draw {tile_char(action)}" if 0 <= action < 27 else f"action {action} (not a tile)"
    if action < A.ANNOUNCE:
        wid, side, end, k = A.split_word_action(action)
        word = state.lex.words[wid]
        if state.phase == PLAY:
            try:
                d = move_dict(state.rail, state.move_of_action(action))
            except Exception:  # not a move of this hand (a notebook's question): where it would go
                d = None
            if d is not None:
                return word_notation(d["word"], d["side"], d["end"], d["rail_used"], d["played"],
                                     d["pushed"], state.next_seat(state.player))
        return f"{word} {SIDES[side]} {ENDS[end]} end, {k} rail letters"
    if action < A.EXCHANGE:
        return f"announce {state.lex.words[action - A.ANNOUNCE]}"
    if action < A.DISCARD:
        return f"exchange {tile_char(action - A.EXCHANGE)} with the pool"
    if action < A.ROTATE:
        return f"return {tile_char(action - A.DISCARD)} to the pool"
    if action < A.PASS:
        first, last = tile_char(int(state.rail[0])), tile_char(int(state.rail[-1]))
        return (f"rotate: first letter {first} goes last" if action == A.ROTATE
                else f"rotate: last letter {last} goes first")
    return _claim_or_pass(state, action)


def _claim_or_pass(state, action: int) -> str:
    A = state.game.actions
    if action == A.PASS:
        return "pass"
    if action == A.NO_CLAIM:
        return "no OCTO claimed"
    return f"claim the OCTO {state.lex.words[action - A.CLAIM]}"


def older_notation(state, action: int) -> str:
    """The notation before 2026-11-29 (``IMAGES recto right k=3``, ``rotate first->last``): the
    game records written then hold it, and ``octosolve replay`` still reads them."""
    A = state.game.actions
    if state.phase == DRAW:
        return f"draw {tile_char(action)}"
    if action < A.ANNOUNCE:
        wid, side, end, k = A.split_word_action(action)
        return f"{state.lex.words[wid]} {SIDES[side]} {ENDS[end]} k={k}"
    if action < A.EXCHANGE:
        return f"announce {state.lex.words[action - A.ANNOUNCE]}"
    if action < A.DISCARD:
        return f"exchange {tile_char(action - A.EXCHANGE)}"
    if action < A.ROTATE:
        return f"return {tile_char(action - A.DISCARD)}"
    if action < A.PASS:
        return "rotate first->last" if action == A.ROTATE else "rotate last->first"
    return _claim_or_pass(state, action)  # claims came later: their one notation
