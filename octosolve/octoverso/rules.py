"""Octoverso on the common state API: the game, its positions, and their JSON documents.

The readings of the (French) rules are in docs/rules/octoverso.md. In short:

* Opening: every player announces a 4-letter word without seeing the others' (a simultaneous
  choice, played in seat order: an announcement is hidden from the other players until all have
  announced, and no announcement limits another). The alphabetically first word is laid, then the
  word of the next seat; the player of the first word moves first.
* A move lays hand letters at one end of the rail (``moves.py``); the letters beyond 8 fall to the
  next player. An 8-letter word (OCTO) returns one tile to the pool; a move of fewer letters when
  the mover had an OCTO lets the next player show it and return a tile (interaction; in the
  ``spotting="claim"`` reading the next player must name it: ``spotting.py``).
* An exchange is a turn (a chance node draws the new tile); after an exchange by every player in a
  row, the player to move may move an end letter of the rail to the other end once, then play.
* A word may be played once: after a word is played, every word sharing a lemma with it is blocked.
* Team game (``make_game(teams=True)``): 4 seats, teams 0 (seats 0, 2) and 1 (seats 1, 3) sitting
  alternately; a team wins as soon as one of its players empties their hand.

History is the list of ``(player, action)`` pairs; ``log`` keeps the readable events (JSON dicts).

>>> g = make_game()
>>> s = g.new_initial_state(1)
>>> s.phase == OPENING and s.current_player() == 0
True
>>> g.state_from_json(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

import numpy as np

from ..core.errors import fail
from ..core.game import CHANCE, TERMINAL, Game, GameInfo, State, as_action, out_of_range
from ..core.lexicon import fold_word, is_az
from ..core.seeding import derive_seed, py_random
from ..core.words import counted
from . import board
from . import kernels as K
from .lexicon import MAX_LEN, MIN_LEN, Lexicon, load_lexicon
from .render import position_svg
from . import spotting as spot
from .position import CLAIM, DISCARD, DRAW, OPENING, OVER, PHASES, PLAY, state_from_json, state_to_json
from .moves import Actions, notation, older_notation
from .moves import (MIN_RAIL, ENDS, GAME_LETTERS, HAND_SIZE, JOKER, JOKER_CHAR, LETTERS, N_JOKERS, N_LETTERS,
                    OPENING_LEN, RAIL_SIZE, SIDES, Move, apply_to_rail, canonical_jmask, check_tiles,
                    full_bag, hand_string, kernel_moves, legal_moves, move_dict, octos, opening_words,
                    parse_hand, parse_rail, rail_string, reference_moves, spell_tiles, tile_char,
                    tile_counts)

__all__ = ["state_from_document", "OPENING", "PLAY", "DISCARD", "DRAW", "OVER", "CLAIM", "PHASES", "MAX_TURNS", "TEAM_PLAYERS",
           "TEAM_MAX_TURNS", "team_of", "Actions", "OctoversoGame", "OctoversoState", "make_game",
           # re-exported from lexicon.py and moves.py (one import for scripts and tests)
           "Lexicon", "load_lexicon", "MIN_LEN", "MAX_LEN", "fold_word", "is_az", "ENDS", "SIDES",
           "GAME_LETTERS", "HAND_SIZE", "JOKER", "JOKER_CHAR", "LETTERS", "N_JOKERS", "N_LETTERS",
           "OPENING_LEN", "RAIL_SIZE", "MIN_RAIL", "Move", "apply_to_rail", "canonical_jmask", "check_tiles",
           "full_bag", "hand_string", "kernel_moves", "legal_moves", "move_dict", "octos",
           "opening_words", "parse_hand", "parse_rail", "rail_string", "reference_moves",
           "spell_tiles", "tile_char", "tile_counts"]

MAX_TURNS = 200
TEAM_PLAYERS = 4
TEAM_MAX_TURNS = 400
MAX_TURNS_LIMIT = 100_000


def team_of(player: int) -> int:
    """Team of a seat: seats alternate between the teams (0, 1, 0, 1); in the 2-player game each
    player is their own team."""
    return player % 2


class OctoversoGame(Game):
    """Octoverso with fixed options: ``jokers`` (the joker variant), ``teams`` (4 seats, 2 teams),
    ``max_turns`` (a draw after that many turns), ``lexicon`` (a word list path, None = shipped),
    ``spotting`` (``auto``: an OCTO the last mover missed is shown by the engine; ``claim``: the
    next player must name it; :mod:`.spotting`)."""

    def __init__(self, jokers: bool = False, lexicon: str | None = None, max_turns: int | None = None,
                 teams: bool = False, spotting: str = "auto"):
        self.lex = load_lexicon(lexicon)
        self._lexicon_arg = lexicon
        self.jokers = bool(jokers)
        self.teams = bool(teams)
        self.num_players = TEAM_PLAYERS if self.teams else 2
        if max_turns is None:
            max_turns = TEAM_MAX_TURNS if self.teams else MAX_TURNS
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) \
                or not 1 <= max_turns <= MAX_TURNS_LIMIT:
            fail(f"max_turns must be an integer from 1 to {MAX_TURNS_LIMIT}, got {max_turns!r}")
        self.max_turns = int(max_turns)
        self.spotting = spot.check_spotting(spotting)
        claims = self.spotting == "claim"
        self.actions = Actions(len(self.lex), claims)
        n = self.num_players
        # a turn is at most 3 actions (rotate, exchange, draw; or word, return), 5 with a claim and
        # its return; passes do not count as turns, and n passes in a row end the game
        per = 3 + 2 * claims
        length = 2 + per * self.max_turns + 2 if n == 2 else n + (per + n) * self.max_turns + n
        self.info = GameInfo(
            short_name="octoverso",
            long_name="Octoverso" + (" teams 2v2" if self.teams else "") + (" (jokers)" if jokers else ""),
            num_players=n, num_distinct_actions=self.actions.N,
            max_game_length=length, perfect_information=False,  # the opening words are hidden
            max_chance_outcomes=27, utility="zero_sum", min_utility=-1.0, max_utility=1.0,
            random_start=True)

    def params(self) -> dict:
        # the automatic reading of spotting is not written (documents and records written before
        # the claim reading stay the same)
        extra = {"spotting": self.spotting} if self.spotting != "auto" else {}
        return {"jokers": self.jokers, "teams": self.teams, "max_turns": self.max_turns,
                "lexicon": self._lexicon_arg, **extra}

    def auto_game(self) -> "OctoversoGame":
        """This game in the automatic reading of spotting (itself when it is that already)."""
        if self.spotting == "auto":
            return self
        return _cached_game(self.jokers, self._lexicon_arg, self.max_turns, self.teams)

    def new_initial_state(self, seed: int | None = None) -> "OctoversoState":
        return OctoversoState.deal(self, seed)

    def state_from_json(self, obj) -> "OctoversoState":
        return state_from_json(self, obj, OctoversoState.blank(self))

    def __reduce__(self):
        # pickled by its parameters (OpenSpiel clones Python states by pickling them): the lexicon
        # and tries are rebuilt once per process, not copied with every state
        return (_cached_game, (self.jokers, self._lexicon_arg, self.max_turns, self.teams, self.spotting))


_GAMES: dict[tuple, OctoversoGame] = {}


def _cached_game(jokers: bool, lexicon: str | None, max_turns: int, teams: bool = False,
                 spotting: str = "auto") -> OctoversoGame:
    key = (bool(jokers), lexicon, int(max_turns), bool(teams), spotting)
    if key not in _GAMES:
        _GAMES[key] = OctoversoGame(jokers, lexicon, max_turns, teams, spotting)
    return _GAMES[key]


def make_game(**params) -> OctoversoGame:
    """``make_game(jokers=False, lexicon=None, max_turns=None, teams=False, spotting="auto")``
    (``teams=True``: the 4-player game, 2 teams of 2; ``spotting="claim"``: an OCTO the last mover
    missed must be named, :mod:`.spotting`). Unknown parameters are an error."""
    allowed = {"jokers", "lexicon", "max_turns", "teams", "spotting"}
    extra = sorted(set(params) - allowed)
    if extra:
        fail(f"{counted(len(extra), 'unknown Octoverso parameter')}: {', '.join(extra)} (choose from {', '.join(sorted(allowed))})")
    return OctoversoGame(**params)


def state_from_document(doc) -> "OctoversoState":
    """The state of a position document (``State.to_json``), its game rebuilt from the document's
    ``params`` (every game's rules module has this reader)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("params"), dict):
        fail("not an Octoverso position (a JSON object with a \"params\" object)")
    return make_game(**doc["params"]).state_from_json(doc)


class OctoversoState(State):
    """A position. Tiles are counted per player (``hands[p]``, 27 counts), in the ``pool`` and on
    the ``rail`` (recto order); their total is always 88 (+2 jokers in the variant). During the
    opening an announced word stays in its player's hand until every player has announced.
    ``winner`` is the seat that emptied its hand; its team (``team_of``) wins."""

    __slots__ = ("game", "lex", "hands", "pool", "rail", "phase", "player", "first", "announced",
                 "blocked", "played", "streak", "rotated", "pending", "after_discard", "turn",
                 "passes", "winner", "history", "log", "claims")

    @classmethod
    def blank(cls, game: OctoversoGame) -> "OctoversoState":
        """An empty opening position (no tiles dealt): filled by ``deal`` and by the JSON reader."""
        n = game.num_players
        s = cls.__new__(cls)
        s.game, s.lex = game, game.lex
        s.hands = np.zeros((n, 27), np.int32)
        s.pool = full_bag(game.jokers)
        s.rail = np.zeros(0, np.int8)
        s.phase, s.player, s.first = OPENING, 0, -1
        s.announced = [-1] * n
        s.blocked = np.zeros(len(game.lex), np.uint8)
        s.played = []
        s.streak, s.rotated, s.pending = 0, False, -1
        s.after_discard = -1
        s.turn, s.passes, s.winner = 0, 0, -1
        s.history, s.log = [], []
        s.claims = []   # the CLAIM phase's OCTOs (word ids): spotting.py
        return s

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
            if all(opening_words(game.lex, hands[p]) for p in range(n)):
                break
        else:
            fail("no deal gives every player a 4-letter word to announce with this lexicon")
        s = cls.blank(game)
        s.hands = hands
        s.pool = (bag - hands.sum(axis=0)).astype(np.int32)
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
        in the team game); the pool holds the rest of the box. A position the box cannot make (88
        letters, and 2 jokers in the variant) is an error."""
        if len(hands) != game.num_players:
            fail(f"this game has {game.num_players} players, got {len(hands)} hands")
        if not (isinstance(player, (int, np.integer)) and 0 <= player < game.num_players):
            fail(f"player must be a seat from 0 to {game.num_players - 1}, got {player!r}")
        s = cls.blank(game)
        s.rail = parse_rail(rail)
        s.hands = np.stack([parse_hand(h) if h else np.zeros(27, np.int32) for h in hands]).astype(np.int32)
        check_tiles("rail and hands", tile_counts(s.rail), *s.hands)
        bag = full_bag(game.jokers)
        pool = bag - s.hands.sum(axis=0) - tile_counts(s.rail)
        if pool[JOKER] < 0:
            fail("impossible position: jokers are used but this game has none (use the joker variant)")
        s.pool = pool.astype(np.int32)
        s.phase, s.player, s.first = PLAY, int(player), int(player)
        s.streak = int(streak)
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

    def winners(self) -> list[int]:
        if self.phase != OVER or self.winner < 0:
            return []
        return [p for p in range(self.game.num_players) if team_of(p) == team_of(self.winner)]

    def clone(self) -> "OctoversoState":
        s = OctoversoState.__new__(OctoversoState)
        s.game, s.lex = self.game, self.lex
        s.hands, s.pool, s.rail = self.hands.copy(), self.pool.copy(), self.rail.copy()
        s.phase, s.player, s.first = self.phase, self.player, self.first
        s.announced = list(self.announced)
        s.blocked = self.blocked.copy()
        s.played = list(self.played)
        s.streak, s.rotated, s.pending = self.streak, self.rotated, self.pending
        s.after_discard = self.after_discard
        s.turn, s.passes, s.winner = self.turn, self.passes, self.winner
        s.history = list(self.history)
        s.log = list(self.log)  # events are never mutated once logged
        s.claims = list(self.claims)
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

    def can_rotate(self) -> bool:
        """True when the player to move may move an end letter to the other end (after an
        exchange by every player in a row, once in the turn)."""
        return self.phase == PLAY and self.streak >= self.game.num_players and not self.rotated

    def legal_actions(self) -> list[int]:
        A = self.game.actions
        p = self.player
        if self.phase == OPENING:
            # the hand alone decides: an announcement never depends on another player's
            return [A.ANNOUNCE + w for w in opening_words(self.lex, self.hands[p])]
        if self.phase == DISCARD:
            return [A.DISCARD + t for t in range(27) if self.hands[p, t] > 0]
        if self.phase == DRAW:
            return [t for t, _ in self.chance_outcomes()]
        if self.phase == CLAIM:
            return spot.claim_actions(self)
        if self.phase != PLAY:
            return []
        arr = kernel_moves(self.lex, self.rail, self.hands[p], self.blocked)
        acts = (((arr[:, 0].astype(np.int64) * 2 + arr[:, 1]) * 2 + arr[:, 2]) * 6 + (arr[:, 3] - 2)).tolist()
        if self.pool.sum() > 0:
            acts += [A.EXCHANGE + t for t in range(27) if self.hands[p, t] > 0]
        if self.can_rotate():
            acts += [A.ROTATE, A.ROTATE + 1]
        if not acts:
            acts = [A.PASS]
        return sorted(acts)

    def action_to_string(self, action: int) -> str:
        """The move's notation (:func:`.moves.notation`): ``IMAGES recto right end, 3 rail letters:
        lays GES, pushes SOU to P1``."""
        return notation(self, action)

    def older_notations(self, action: int) -> tuple[str, ...]:
        """The notation of records written before 2026-11-29 (``IMAGES recto right k=3``)."""
        return (older_notation(self, as_action(action)),) if not out_of_range(action, self.game.actions.N) else ()

    def move_of_action(self, action: int) -> Move:
        """The Move (with its canonical jokers) of a word action for the player to move."""
        wid, side, end, k = self.game.actions.split_word_action(action)
        w = self.lex.words[wid]
        jm = canonical_jmask(w, end, k, self.hands[self.player])
        if jm is None:
            fail(f"{w} cannot be laid from this hand")
        return Move(w, side, end, k, jm)

    def action_of_move(self, move: Move) -> int:
        return Actions.word_action(self.lex.index[move.word], move.side, move.end, move.k)

    def apply_action(self, action: int) -> None:
        action = as_action(action)
        if self.phase == OVER:
            fail("the game is over")
        if not self._is_legal(action):
            fail(f"illegal action {action} ({self._safe_str(action)}) in this position")
        A = self.game.actions
        p = self.current_player()
        self.history.append((p, action))
        p = self.player
        if self.phase == DRAW:
            self._draw(action)
        elif self.phase == OPENING:
            self._announce(action - A.ANNOUNCE)
        elif self.phase == CLAIM:
            spot.apply_claim(self, action)
        elif self.phase == DISCARD:
            t = action - A.DISCARD
            self.hands[p, t] -= 1
            self.pool[t] += 1
            self.log.append({"event": "return", "player": p, "tile": tile_char(t)})
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
            self.log.append({"event": "rotate", "player": p, "rail": rail_string(self.rail)})
        else:  # pass
            self.log.append({"event": "pass", "player": p})
            self.passes += 1
            self.streak = 0
            self._next_turn()
            if self.passes >= self.game.num_players and self.phase != OVER:
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
            return canonical_jmask(w, end, k, self.hands[self.player]) is not None
        return action in self.legal_actions()

    def _safe_str(self, action):
        try:
            return self.action_to_string(action)
        except Exception:  # noqa: BLE001 - only for the error message
            return "?"

    # ---------------------------------------------------------------- transitions
    def _announce(self, wid: int) -> None:
        p = self.player
        self.announced[p] = wid
        self.log.append({"event": "announce", "player": p, "word": self.lex.words[wid]})
        n = self.game.num_players
        if p < n - 1:
            self.player = p + 1
            return
        words = [self.lex.words[self.announced[q]] for q in range(n)]
        # the alphabetically first word is laid first (equal words: the lower seat), then the word
        # of the next seat (the other player of the 2-player game; the next opponent in the team
        # game); the other announcements of the team game are taken back (never left the hands)
        first = min(range(n), key=lambda q: (words[q], q))
        second = self.next_seat(first)
        rail = []
        for q in (first, second):
            tiles = spell_tiles(words[q], self.hands[q])
            for t in tiles:
                self.hands[q, t] -= 1
            rail += tiles
        self.first = first
        self.rail = np.array(rail, np.int8)
        self._block(self.announced[first])
        self._block(self.announced[second])
        self.log.append({"event": "opening", "player": first, "second": second,
                         "words": [words[first], words[second]], "rail": rail_string(self.rail)})
        self.announced = [-1] * n  # laid or taken back: nothing is pending any more
        self.phase, self.player = PLAY, first

    def _block(self, wid: int) -> None:
        self.played.append(int(wid))
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
        self.log.append({"event": "word", "player": p, **move_dict(before_rail, m)})
        self.streak, self.passes, self.rotated = 0, 0, False
        self.turn += 1
        if self.hands[p].sum() == 0:
            self._win(p)
            return
        if len(m.word) == RAIL_SIZE:  # OCTO: return one tile of choice to the pool
            self.phase, self.after_discard = DISCARD, o
            return
        # interaction: the next player shows (or, in the claim reading, may claim) an OCTO the
        # mover could have formed with their letters
        spot.after_short_word(self, before_rail, before_hand)

    def _draw(self, t: int) -> None:
        p = self.player
        # the new tile is drawn before the old one goes back, so it is never the same tile
        self.pool[t] -= 1
        self.hands[p, t] += 1
        old = self.pending
        self.hands[p, old] -= 1
        self.pool[old] += 1
        self.log.append({"event": "exchange", "player": p, "returned": tile_char(old), "drew": tile_char(t)})
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
        self.log.append({"event": "win", "player": p})

    def _draw_game(self) -> None:
        self.phase, self.winner = OVER, -1
        self.log.append({"event": "draw", "player": -1})

    # ---------------------------------------------------------------- hidden information
    def observation_string(self, player: int) -> str:
        """What ``player`` sees: the rail, every hand (hands are public: "visibles par les 2
        joueurs"), the words played; during the opening only their own announcement."""
        head = f"phase {PHASES[self.phase]}, to move: {self.current_player()}"
        lines = [f"observer {self.check_player(player)}; {head}", f"rail {rail_string(self.rail) or '-'}"]
        lines += [f"hand{q} {hand_string(self.hands[q])}" for q in range(self.num_players())]
        lines.append(f"pool {hand_string(self.pool)}")
        lines.append("played " + (" ".join(self.lex.words[w] for w in self.played) or "-"))
        if self.phase == OPENING:
            for q in range(self.num_players()):
                a = self.announced[q]
                shown = "-" if a < 0 else (self.lex.words[a] if q == player else "(hidden)")
                lines.append(f"announced{q} {shown}")
        return "\n".join(lines)

    def determinize(self, player: int, rng) -> "OctoversoState":
        """A copy in which the other players' hidden opening announcements are drawn again at random
        from the words their hands can announce (after the opening everything is public)."""
        s = self.clone()
        if s.phase == OPENING:
            for q in range(self.num_players()):
                if q != player and s.announced[q] >= 0:
                    s.announced[q] = rng.choice(opening_words(self.lex, s.hands[q]))
        return s

    # ---------------------------------------------------------------- documents and display
    # the web board (BOARDS.md): board.py draws a seat's view, names each move's clicks and its public text
    def sides(self) -> list[list[int]]:
        """The seats that win or lose together: the teams (``team_of``) in the team game."""
        return [[0, 2], [1, 3]] if self.game.teams else [[0], [1]]

    view_svg = board.view_svg
    action_targets = board.action_targets
    public_move_string = board.public_move_string

    def to_json(self) -> dict:
        return state_to_json(self)

    def tiles_total(self) -> np.ndarray:
        return self.hands.sum(axis=0) + self.pool + tile_counts(self.rail)

    def __str__(self) -> str:
        hands = " | ".join(f"hand{p} {hand_string(h)}" for p, h in enumerate(self.hands))
        ann = ""
        if self.phase == OPENING:
            ann = " | announced " + ",".join(self.lex.words[a] if a >= 0 else "-" for a in self.announced)
        return (f"rail {rail_string(self.rail) or '-'} | {hands} | pool {int(self.pool.sum())}{ann} | "
                f"{PHASES[self.phase]}, P{self.player}")

    def _repr_svg_(self) -> str:
        return position_svg(self)
