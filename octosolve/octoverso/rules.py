"""Octoverso rules: letters, lexicon, moves on the rail, and the game on the common state API.

Interpretations of the (French) rules are in docs/rules/octoverso.md. In short:

* The rail holds 8 letters once the opening is done; it is read left to right on the ``recto`` side,
  right to left on the ``verso`` side. A move uses ``k >= 2`` letters at one end of the side read:
  at the ``right`` end the word is those last k letters followed by hand letters, at the ``left`` end
  hand letters followed by the first k letters. At least one hand letter, 3..8 letters in all. The
  new letters are slid onto the rail, and the letters beyond 8 fall off the far end into the
  opponent's hand.
* A joker in a hand may stand for any letter; laid on the rail it stays a joker tile that matches any
  letter each time it is used. When a word needs a joker, real letters are spent first and the jokers
  stand for the occurrences farthest from the rail (one canonical way per word, side, end and k).
* A word may be played once: after a word is played, every word sharing a lemma with it is blocked.
* Team game (``make_game(teams=True)``): 4 seats, teams 0 (seats 0, 2) and 1 (seats 1, 3) sitting
  alternately; turns go round the table, pushed letters fall to the next seat (an opponent), and a
  team wins as soon as one of its players empties their hand (docs/rules/octoverso.md, "Teams").
"""

from __future__ import annotations

import functools
import gzip
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..core.errors import fail
from ..core.game import CHANCE, TERMINAL, Game, GameInfo, State
from ..core.lexicon import fold_word, is_az
from ..core.paths import data_path
from ..core.seeding import derive_seed, py_random
from . import kernels as K

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JOKER = K.JOKER
JOKER_CHAR = "?"
RAIL_SIZE = 8
MIN_RAIL = 2
MIN_LEN, MAX_LEN = 3, 8
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


# ----------------------------------------------------------------------------------------- lexicon

class Lexicon:
    """The playable words (3..8 letters, A-Z, sorted), their lemma families and the two tries."""

    def __init__(self, entries: dict[str, set[str]], source: str):
        words = sorted(w for w in entries if MIN_LEN <= len(w) <= MAX_LEN)
        if not words:
            fail(f"lexicon {source} has no word of {MIN_LEN} to {MAX_LEN} letters A-Z")
        self.source = source
        self.words = words
        self.index = {w: i for i, w in enumerate(words)}
        n = len(words)
        padded = "".join(w.ljust(MAX_LEN, "A") for w in words).encode("ascii")
        self.mat = (np.frombuffer(padded, np.uint8).reshape(n, MAX_LEN) - 65).astype(np.int8)
        self.lens = np.array([len(w) for w in words], np.int8)
        lemma_ids: dict[str, int] = {}
        wl: list[list[int]] = []
        for w in words:
            wl.append([lemma_ids.setdefault(lem, len(lemma_ids)) for lem in sorted(entries[w] or {w})])
        self.n_lemmas = len(lemma_ids)
        self.lemma_names = sorted(lemma_ids, key=lemma_ids.get)
        self.word_lemmas = wl
        fam: list[list[int]] = [[] for _ in range(self.n_lemmas)]
        for i, ls in enumerate(wl):
            for lid in ls:
                fam[lid].append(i)
        self.lemma_words = [np.array(f, np.int32) for f in fam]
        self.fwd = K.compact_trie(*K.build_trie(self.mat, self.lens, False))
        self.rev = K.compact_trie(*K.build_trie(self.mat, self.lens, True))

    def __len__(self) -> int:
        return len(self.words)

    def family(self, wid: int) -> np.ndarray:
        """Ids of every word sharing a lemma with word ``wid`` (itself included)."""
        parts = [self.lemma_words[lid] for lid in self.word_lemmas[wid]]
        return np.unique(np.concatenate(parts + [np.array([wid], np.int32)]))

    def lemmas(self, wid: int) -> list[str]:
        return [self.lemma_names[lid] for lid in self.word_lemmas[wid]]


def _fold(w: str) -> str:
    w = w.strip()
    if w.isascii() and w.isalpha() and w.isupper():  # already A-Z (the shipped lexicon): fast path
        return w
    return fold_word(w)


def _parse_entries(lines: list[str]) -> dict[str, set[str]]:
    """word -> lemmas, for the words of 3..8 letters A-Z (others are never playable)."""
    entries: dict[str, set[str]] = {}
    for ln in lines:
        cols = ln.split("\t")
        w = _fold(cols[0])
        if not (MIN_LEN <= len(w) <= MAX_LEN) or not is_az(w):
            continue
        lems = set()
        if len(cols) > 1:
            for lem in cols[1].split(","):
                lem = _fold(lem)
                if is_az(lem):
                    lems.add(lem)
        entries.setdefault(w, set()).update(lems or {w})
    return entries


DEFAULT_LEXICON = "lexicon.tsv.gz"
_SHIPPED_LINE = re.compile(r"^([A-Z]{%d,%d})\t([A-Z,]+)$" % (MIN_LEN, MAX_LEN), re.M)


@functools.lru_cache(maxsize=4)
def load_lexicon(path: str | None = None) -> Lexicon:
    """The shipped lexicon (``None``), or any plain word list (one word a line; an optional
    tab-separated second column gives comma-separated lemmas, otherwise each word is its own lemma)."""
    if path is None:
        p = data_path("octoverso", DEFAULT_LEXICON)
        with gzip.open(p, "rt", encoding="utf-8") as f:
            text = f.read()
        # the shipped file is already folded: WORD<TAB>LEMMA,LEMMA; keep the playable lengths
        entries = {w: set(lems.split(",")) for w, lems in _SHIPPED_LINE.findall(text)}
        return Lexicon(entries, "data/octoverso/" + DEFAULT_LEXICON)
    from ..core.lexicon import read_lines

    p = Path(path)
    if p.suffix == ".gz" and p.is_file():
        try:
            with gzip.open(p, "rt", encoding="utf-8") as f:
                lines = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
        except (OSError, UnicodeDecodeError) as e:
            fail(f"cannot read lexicon {p}: {e}")
    else:
        lines = read_lines(p, "lexicon")
    return Lexicon(_parse_entries(lines), str(p))


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
        fail(f"rail {text!r} has {len(t)} letter(s); a move needs at least {MIN_RAIL} on the rail")
    return np.array([JOKER if c == JOKER_CHAR else ord(c) - 65 for c in t], np.int8)


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
    bag = full_bag(True)
    over = [LETTERS[i] for i in range(26) if hand[i] > bag[i]]
    if over:
        fail(f"hand {text!r} has more {', '.join(over)} than the game's {N_LETTERS} letters hold")
    if hand.sum() == 0:
        fail("the hand is empty")
    return hand


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


def _canonical_jmask(word: str, end: int, k: int, hand: np.ndarray) -> int | None:
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
                    jm = _canonical_jmask(w, K.RIGHT, k, hand)
                    if jm is not None:
                        out.append(Move(w, side, K.RIGHT, k, jm))
                head = seq[:k]
                if all(t == JOKER or t == ord(w[n - k + i]) - 65 for i, t in enumerate(head)):
                    jm = _canonical_jmask(w, K.LEFT, k, hand)
                    if jm is not None:
                        out.append(Move(w, side, K.LEFT, k, jm))
    return out


_BUF: dict[int, np.ndarray] = {}


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
        buf = _BUF.get(cap)
        if buf is None:
            buf = _BUF[cap] = np.empty((cap, 5), np.int32)
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


# ------------------------------------------------------------------------------ the game (state API)

# phases
OPENING, PLAY, DISCARD, DRAW, OVER = range(5)
MAX_TURNS = 200
TEAM_PLAYERS = 4
TEAM_MAX_TURNS = 400


def team_of(player: int) -> int:
    """Team of a seat: seats alternate between the teams (0, 1, 0, 1); in the 2-player game each
    player is their own team."""
    return player % 2


class Actions:
    """Stable integer action ids (OpenSpiel needs a fixed ``num_distinct_actions``).

    * word move: ``((wid * 2 + side) * 2 + end) * 6 + (k - 2)`` for wid < N words;
    * opening announcement of word ``wid``: ``ANNOUNCE + wid``;
    * exchange tile t (0..25 letters, 26 joker): ``EXCHANGE + t``;
    * return tile t to the pool (after an OCTO, or for the interaction rule): ``DISCARD + t``;
    * move an end letter of the rail to the other end (after two exchanges in a row): ``ROTATE``
      (first letter to last place) and ``ROTATE + 1`` (last letter to first place);
    * pass (only when nothing else is possible): ``PASS``.
    Chance outcomes (the tile drawn in an exchange) are tile numbers 0..26.
    """

    def __init__(self, n_words: int):
        self.n_words = n_words
        self.ANNOUNCE = n_words * 24
        self.EXCHANGE = self.ANNOUNCE + n_words
        self.DISCARD = self.EXCHANGE + 27
        self.ROTATE = self.DISCARD + 27
        self.PASS = self.ROTATE + 2
        self.N = self.PASS + 1

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


class OctoversoGame(Game):
    def __init__(self, jokers: bool = False, lexicon: str | None = None, max_turns: int | None = None,
                 teams: bool = False):
        self.lex = load_lexicon(lexicon)
        self._lexicon_arg = lexicon
        self.jokers = bool(jokers)
        self.teams = bool(teams)
        self.num_players = TEAM_PLAYERS if self.teams else 2
        if max_turns is None:
            max_turns = TEAM_MAX_TURNS if self.teams else MAX_TURNS
        self.max_turns = int(max_turns)
        self.actions = Actions(len(self.lex))
        n = self.num_players
        # a turn is at most 3 actions (rotate, exchange, draw; or word, return); passes do not count
        # as turns, and n passes in a row end the game
        length = 2 + 3 * self.max_turns + 2 if n == 2 else n + (3 + n) * self.max_turns + n
        self.info = GameInfo(
            short_name="octoverso_teams" if self.teams else "octoverso",
            long_name="Octoverso" + (" teams 2v2" if self.teams else "") + (" (jokers)" if jokers else ""),
            num_players=n, num_distinct_actions=self.actions.N,
            max_game_length=length, perfect_information=True,
            max_chance_outcomes=27, utility="zero_sum", min_utility=-1.0, max_utility=1.0,
            random_start=True)

    def new_initial_state(self, seed: int | None = None) -> "OctoversoState":
        return OctoversoState.deal(self, seed)

    def __reduce__(self):
        # pickled by its parameters (OpenSpiel clones Python states by pickling them): the lexicon
        # and tries are rebuilt once per process, not copied with every state
        return (_cached_game, (self.jokers, self._lexicon_arg, self.max_turns, self.teams))


_GAMES: dict[tuple, OctoversoGame] = {}


def _cached_game(jokers: bool, lexicon: str | None, max_turns: int, teams: bool = False) -> OctoversoGame:
    key = (bool(jokers), lexicon, int(max_turns), bool(teams))
    if key not in _GAMES:
        _GAMES[key] = OctoversoGame(jokers, lexicon, max_turns, teams)
    return _GAMES[key]


def make_game(**params) -> OctoversoGame:
    """Game factory for the OpenSpiel adapter: ``make_game(jokers=False, lexicon=None, teams=False)``
    (``teams=True``: the 4-player game, 2 teams of 2)."""
    return OctoversoGame(**params)


class OctoversoState(State):
    """A position. Tiles are counted per player (``hands[p]``, 27 counts), in the ``pool`` and on
    the ``rail`` (recto order); their total is always 88 (+2 jokers in the variant). The team game
    has 4 hands; ``winner`` is the seat that emptied its hand, its team (``team_of``) wins."""

    __slots__ = ("game", "lex", "hands", "pool", "rail", "phase", "player", "first", "announced",
                 "blocked", "streak", "rotated", "pending", "after_discard", "turn", "passes",
                 "winner", "history", "discard_owner", "ann_tiles")

    @classmethod
    def deal(cls, game: OctoversoGame, seed: int | None) -> "OctoversoState":
        bag = full_bag(game.jokers)
        n = game.num_players
        # the box has 2 jokers: in the variant the first N_JOKERS seats (one per team in the team
        # game) get 11 letters and a joker, the others 12 letters
        jokered = [game.jokers and p < N_JOKERS for p in range(n)]
        for attempt in range(100):
            rnd = py_random(derive_seed(seed, "octoverso-deal", attempt))
            tiles = [i for i in range(26) for _ in range(int(bag[i]))]
            rnd.shuffle(tiles)
            hands = np.zeros((n, 27), np.int32)
            at = 0
            for p in range(n):
                n_letters = HAND_SIZE - 1 if jokered[p] else HAND_SIZE
                for t in tiles[at:at + n_letters]:
                    hands[p, t] += 1
                at += n_letters
                if jokered[p]:
                    hands[p, JOKER] = 1
            pool = bag - hands.sum(axis=0)
            if all(opening_words(game.lex, hands[p]) for p in range(n)):
                break
        else:
            fail("no deal gives every player a 4-letter word to announce with this lexicon")
        s = cls.__new__(cls)
        s.game, s.lex = game, game.lex
        s.hands, s.pool = hands, pool.astype(np.int32)
        s.rail = np.zeros(0, np.int8)
        s.phase, s.player, s.first = OPENING, 0, -1
        s.announced = [-1] * n
        s.ann_tiles = [[] for _ in range(n)]
        s.blocked = np.zeros(len(game.lex), np.uint8)
        s.streak, s.rotated, s.pending = 0, False, -1
        s.after_discard, s.discard_owner = -1, -1
        s.turn, s.passes, s.winner = 0, 0, -1
        s.history = []
        return s

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__ if k != "lex"}

    def __setstate__(self, d):
        for k, v in d.items():
            setattr(self, k, v)
        self.lex = self.game.lex

    @classmethod
    def from_position(cls, game: OctoversoGame, rail: str, hands: tuple[str, ...], player: int = 0,
                      streak: int = 0) -> "OctoversoState":
        """A PLAY-phase position from a rail (recto, ``?`` = joker) and one hand per player (2, or 4
        in the team game); the pool holds the rest of the box. Fails if the tiles are more than the
        box holds."""
        if len(hands) != game.num_players:
            fail(f"this game has {game.num_players} players, got {len(hands)} hands")
        s = cls.deal(game, 0)
        s.rail = parse_rail(rail)
        s.hands = np.stack([parse_hand(h) if h else np.zeros(27, np.int32) for h in hands]).astype(np.int32)
        bag = full_bag(True) if game.jokers or "?" in rail + "".join(hands) else full_bag(False)
        pool = bag - s.hands.sum(axis=0) - s._count([int(t) for t in s.rail])
        if (pool < 0).any():
            fail("this position uses more tiles than the box holds")
        s.pool = pool.astype(np.int32)
        s.phase, s.player, s.first = PLAY, player, player
        s.streak = streak
        return s

    # ---------------------------------------------------------------- API
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == DRAW:
            return CHANCE
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def next_seat(self, p: int) -> int:
        """The seat that plays after ``p`` (and receives the letters ``p`` pushes off)."""
        return (p + 1) % self.game.num_players

    @property
    def winning_team(self) -> int:
        """The winner's team (-1 while running or for a draw); the seat in the 2-player game."""
        return team_of(self.winner) if self.winner >= 0 else -1

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != OVER or self.winner < 0:
            return [0.0] * n
        wt = team_of(self.winner)
        return [1.0 if team_of(p) == wt else -1.0 for p in range(n)]

    def clone(self) -> "OctoversoState":
        s = OctoversoState.__new__(OctoversoState)
        s.game, s.lex = self.game, self.lex
        s.hands, s.pool, s.rail = self.hands.copy(), self.pool.copy(), self.rail.copy()
        s.phase, s.player, s.first = self.phase, self.player, self.first
        s.announced = list(self.announced)
        s.ann_tiles = [list(x) for x in self.ann_tiles]
        s.blocked = self.blocked.copy()
        s.streak, s.rotated, s.pending = self.streak, self.rotated, self.pending
        s.after_discard, s.discard_owner = self.after_discard, self.discard_owner
        s.turn, s.passes, s.winner = self.turn, self.passes, self.winner
        s.history = list(self.history)
        return s

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != DRAW:
            return []
        total = int(self.pool.sum())
        return [(t, int(self.pool[t]) / total) for t in range(27) if self.pool[t] > 0]

    def moves(self) -> list[Move]:
        """Word moves of the player to move (PLAY phase)."""
        if self.phase != PLAY:
            return []
        return legal_moves(self.lex, self.rail, self.hands[self.player], self.blocked)

    def legal_actions(self) -> list[int]:
        A = self.game.actions
        p = self.player
        if self.phase == OPENING:
            return [A.ANNOUNCE + w for w in opening_words(self.lex, self.hands[p], self.blocked)]
        if self.phase == DISCARD:
            return [A.DISCARD + t for t in range(27) if self.hands[p, t] > 0]
        if self.phase == DRAW:
            return [t for t, _ in self.chance_outcomes()]
        if self.phase != PLAY:
            return []
        arr = kernel_moves(self.lex, self.rail, self.hands[p], self.blocked)
        acts = (((arr[:, 0].astype(np.int64) * 2 + arr[:, 1]) * 2 + arr[:, 2]) * 6 + (arr[:, 3] - 2)).tolist()
        if self.pool.sum() > 0:
            acts += [A.EXCHANGE + t for t in range(27) if self.hands[p, t] > 0]
        if self.streak >= self.game.num_players and not self.rotated:
            acts += [A.ROTATE, A.ROTATE + 1]
        if not acts:
            acts = [A.PASS]
        return sorted(acts)

    def action_to_string(self, action: int) -> str:
        A = self.game.actions
        if self.phase == DRAW:
            return f"draw {tile_char(action)}"
        if action < A.ANNOUNCE:
            wid, side, end, k = A.split_word_action(action)
            return f"{self.lex.words[wid]} {SIDES[side]} {ENDS[end]} k={k}"
        if action < A.EXCHANGE:
            return f"announce {self.lex.words[action - A.ANNOUNCE]}"
        if action < A.DISCARD:
            return f"exchange {tile_char(action - A.EXCHANGE)}"
        if action < A.ROTATE:
            return f"return {tile_char(action - A.DISCARD)}"
        if action < A.PASS:
            return "rotate first->last" if action == A.ROTATE else "rotate last->first"
        return "pass"

    def move_of_action(self, action: int) -> Move:
        """The Move (with its canonical jokers) of a word action for the player to move."""
        wid, side, end, k = self.game.actions.split_word_action(action)
        w = self.lex.words[wid]
        jm = _canonical_jmask(w, end, k, self.hands[self.player])
        if jm is None:
            fail(f"{w} cannot be laid from this hand")
        return Move(w, side, end, k, jm)

    def action_of_move(self, move: Move) -> int:
        return Actions.word_action(self.lex.index[move.word], move.side, move.end, move.k)

    def apply_action(self, action: int) -> None:
        action = int(action)
        if self.phase == OVER:
            fail("the game is over")
        if not self._is_legal(action):
            fail(f"illegal action {action} ({self._safe_str(action)}) in this position")
        A = self.game.actions
        p = self.player
        if self.phase == DRAW:
            self._draw(action)
        elif self.phase == OPENING:
            self._announce(action - A.ANNOUNCE)
        elif self.phase == DISCARD:
            t = action - A.DISCARD
            self.hands[p, t] -= 1
            self.pool[t] += 1
            self.history.append(("return", p, tile_char(t)))
            if self.hands[p].sum() == 0:
                self._win(p)
                return
            self.phase, self.player = PLAY, self.after_discard
        elif action < A.ANNOUNCE:
            self._word(self.move_of_action(action))
        elif A.EXCHANGE <= action < A.DISCARD:
            self.pending = action - A.EXCHANGE
            self.phase = DRAW
        elif A.ROTATE <= action < A.PASS:
            r = list(self.rail)
            r = r[1:] + r[:1] if action == A.ROTATE else r[-1:] + r[:-1]
            self.rail = np.array(r, np.int8)
            self.rotated = True
            self.history.append(("rotate", p, rail_string(self.rail)))
        else:  # pass
            self.history.append(("pass", p))
            self.passes += 1
            self.streak = 0
            self._next_turn()
            if self.passes >= self.game.num_players:
                self._draw_game()

    def _is_legal(self, action: int) -> bool:
        A = self.game.actions
        if self.phase == PLAY and 0 <= action < A.ANNOUNCE:  # direct check, no full generation
            wid, side, end, k = A.split_word_action(action)
            if wid >= len(self.lex) or self.blocked[wid] or k >= self.lex.lens[wid]:
                return False
            w = self.lex.words[wid]
            if k > len(self.rail):
                return False
            seq = self.rail if side == K.RECTO else self.rail[::-1]
            part = seq[len(seq) - k:] if end == K.RIGHT else seq[:k]
            off = 0 if end == K.RIGHT else len(w) - k
            if any(t != JOKER and t != ord(w[off + i]) - 65 for i, t in enumerate(part)):
                return False
            return _canonical_jmask(w, end, k, self.hands[self.player]) is not None
        return action in self.legal_actions()

    def _safe_str(self, action):
        try:
            return self.action_to_string(action)
        except Exception:  # noqa: BLE001 - only for the error message
            return "?"

    # ---------------------------------------------------------------- transitions
    def _announce(self, wid: int) -> None:
        p = self.player
        word = self.lex.words[wid]
        tiles = spell_tiles(word, self.hands[p])
        for t in tiles:
            self.hands[p, t] -= 1
        self.announced[p] = wid
        self.ann_tiles[p] = tiles
        self._block(wid)
        self.history.append(("announce", p, word))
        n = self.game.num_players
        if p < n - 1:
            self.player = p + 1
            return
        words = [self.lex.words[self.announced[q]] for q in range(n)]
        # the alphabetically first word is laid first (tie: the lower seat), then the word of the
        # next seat (the other player of the 2-player game; the next opponent in the team game)
        first = min(range(n), key=lambda q: (words[q], q))
        second = self.next_seat(first)
        self.first = first
        self.rail = np.array(self.ann_tiles[first] + self.ann_tiles[second], np.int8)
        if n > 2:
            # the other announcements are taken back: their letters return to the hands and only
            # the two words laid count as played
            for q in range(n):
                if q not in (first, second):
                    for t in self.ann_tiles[q]:
                        self.hands[q, t] += 1
            self.ann_tiles = [[] for _ in range(n)]
            self.blocked[:] = 0
            self._block(self.announced[first])
            self._block(self.announced[second])
            self.history.append(("opening", first, second, rail_string(self.rail)))
        self.phase, self.player = PLAY, first

    @staticmethod
    def _count(tiles):
        c = np.zeros(27, np.int32)
        for t in tiles:
            c[t] += 1
        return c

    def _block(self, wid: int) -> None:
        self.blocked[self.lex.family(wid)] = 1

    def _word(self, m: Move) -> None:
        p = self.player
        o = self.next_seat(p)
        before_rail, before_hand = self.rail.copy(), self.hands[p].copy()
        for t in m.tiles_played():
            self.hands[p, t] -= 1
        self.rail, pushed = apply_to_rail(self.rail, m)
        for t in pushed:
            self.hands[o, t] += 1
        self._block(self.lex.index[m.word])
        self.history.append(("word", p, move_dict(before_rail, m)))
        self.streak, self.passes, self.rotated = 0, 0, False
        self.turn += 1
        if self.hands[p].sum() == 0:
            self._win(p)
            return
        if len(m.word) == RAIL_SIZE:  # OCTO: return one tile of choice to the pool
            self.phase, self.after_discard = DISCARD, o
            return
        # interaction: the opponent shows an OCTO the mover could have formed with their letters
        arr = kernel_moves(self.lex, before_rail, before_hand, self.blocked)
        arr = arr[self.lex.lens[arr[:, 0]] == RAIL_SIZE]
        if len(arr):
            w = self.lex.words[int(arr[0, 0])]
            self._block(self.lex.index[w])
            self.history.append(("interaction", o, w))
            if self.hands[o].sum() > 0:
                self.phase, self.player, self.after_discard = DISCARD, o, o
                return
        self._next_turn()

    def _draw(self, t: int) -> None:
        p = self.player
        # the new tile is drawn before the old one goes back, so it is never the same tile
        self.pool[t] -= 1
        self.hands[p, t] += 1
        old = self.pending
        self.hands[p, old] -= 1
        self.pool[old] += 1
        self.history.append(("exchange", p, tile_char(old), tile_char(t)))
        self.pending = -1
        self.phase = PLAY
        self.streak += 1
        self.passes = 0
        self.turn += 1
        self._next_turn()

    def _next_turn(self) -> None:
        self.player = self.next_seat(self.player)
        self.rotated = False
        if self.turn >= self.game.max_turns:
            self._draw_game()

    def _win(self, p: int) -> None:
        self.phase, self.winner = OVER, p
        self.history.append(("win", p))

    def _draw_game(self) -> None:
        self.phase, self.winner = OVER, -1
        self.history.append(("draw",))

    # ---------------------------------------------------------------- display
    def tiles_total(self) -> np.ndarray:
        total = self.hands.sum(axis=0) + self.pool + self._count([int(t) for t in self.rail])
        if self.phase == OPENING:  # announced, not yet laid
            total += self._count([t for tiles in self.ann_tiles for t in tiles])
        return total

    def __str__(self) -> str:
        ph = {OPENING: "opening", PLAY: "play", DISCARD: "return a tile", DRAW: "exchange draw",
              OVER: "over"}[self.phase]
        hands = " | ".join(f"hand{p} {hand_string(h)}" for p, h in enumerate(self.hands))
        return (f"rail {rail_string(self.rail) or '-'} | {hands} | pool {int(self.pool.sum())} | {ph}, "
                f"player {self.player}")

    def observation_string(self, player: int) -> str:
        return str(self)
