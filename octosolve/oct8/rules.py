"""Oct8 rules engine: the game's truth (pure Python). Interpretations: docs/rules/oct8.md.

Cards
-----
Arm cards are ids 0..77: colour ``id // 26`` (0 red, 1 green, 2 blue); within a colour the ids are
sorted by arm count, following the deck distribution (``data/oct8/deck.toml``). A card's *type* is
``colour * 8 + arms - 1`` (24 types). Head cards are ids 0..29, colour ``id // 10``; the short
variant removes heads ``c*10+8`` and ``c*10+9`` of every colour (24 heads). An octopus is named by its
head id (each head makes at most one octopus).

Turn structure as decisions (one fixed action table, ``NUM_ACTIONS`` ids)
-----------------------------------------------------------------------
A turn is split into small decisions so the action space is fixed and small:

* ``PLACE s`` (0-2): where the turn-draw card goes when it can go to more than zero shared heads.
* octopus action (main, or extra with a baby chip): ``DRAW_DD, DRAW_DX, DRAW_XX, DRAW_D, DRAW_X``
  (3-7; D = arm deck, X = discard top), ``PASS`` (8, only when nothing is possible), ``STOP`` (9, end the
  turn instead of spending a baby chip), ``ATTACH s`` (10-12, then choose the cards),
  ``XHAND slot,type`` (13-156: action 3, the own octopus at field ``slot`` gives one arm of ``type``;
  then choose the hand cards), ``XFIELD rel,slot,type`` (157-732: action 4, source arm on the octopus
  at ``slot`` of the player ``rel`` seats after the mover; then the target octopus and its cards).
* ``TARGET rel,slot`` (733-756): the other octopus of action 4.
* ``ADD type`` (757-780) / ``DONE`` (781): choose the cards of an attach or exchange, one card type at a
  time in non-decreasing type order (so every multiset of cards has exactly one sequence); only
  additions that can still be completed are legal; ``DONE`` needs the exact arm total (exchanges) or
  at least one card (attach).
* ``SHIP slot`` (782-787) at the end of the turn while more than 3 octopuses are on the field;
  ``DISCARD type`` (788-811) while more than 8 cards are in hand.

Chance: the whole deal (both decks' order) is drawn at the start from the seed with SplitMix64, the same
generator the numba playout uses, so the same seed gives the same game in both engines.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import fail
from ..core.game import TERMINAL, Game, GameInfo, State

COLOURS = ("red", "green", "blue")
COLOUR_LETTER = "rgb"
ARMS_PER_COLOUR = 26
NUM_ARMS = 78
HEADS_PER_COLOUR = 10
NUM_HEADS = 30
HAND_LIMIT = 8
FIELD_LIMIT = 3
MAX_FIELD = 6  # 3 kept + at most 3 taken in one turn (shared heads are refilled only at turn end)
BABY_CAP = 2  # the chip has a +1 and a +2 face
DEAL_HAND = 6
NUM_TYPES = 24

# action table
A_PLACE = 0
A_DRAW = 3  # DD, DX, XX, D, X
DRAW_NAMES = ("DD", "DX", "XX", "D", "X")
A_PASS = 8
A_STOP = 9
A_ATTACH = 10
A_XHAND = 13
A_XFIELD = A_XHAND + MAX_FIELD * NUM_TYPES  # 157
A_TARGET = A_XFIELD + 4 * MAX_FIELD * NUM_TYPES  # 733
A_ADD = A_TARGET + 4 * MAX_FIELD  # 757
A_DONE = A_ADD + NUM_TYPES  # 781
A_SHIP = A_DONE + 1  # 782
A_DISCARD = A_SHIP + MAX_FIELD  # 788
NUM_ACTIONS = A_DISCARD + NUM_TYPES  # 812

# phases
PH_PLACE, PH_MAIN, PH_TARGET, PH_SEL, PH_SHIP, PH_DISCARD, PH_OVER = range(7)
PHASE_NAMES = ("place", "action", "target", "select", "ship", "discard", "over")
# selection modes
MODE_ATTACH, MODE_XHAND, MODE_XFIELD = range(3)
# action categories counted in statistics (index into State.action_counts)
CATEGORIES = ("draw", "attach", "exchange_hand", "exchange_field", "pass", "baby_used")
CAT_DRAW, CAT_ATTACH, CAT_XHAND, CAT_XFIELD, CAT_PASS, CAT_BABY = range(6)

MASK64 = (1 << 64) - 1
PLAYOUT_SALT = 0x5DEECE66D


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014): tiny, and identical in the numba playout."""

    __slots__ = ("s",)

    def __init__(self, seed: int):
        self.s = int(seed) & MASK64

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def type_value(t: int) -> int:
    return t % 8 + 1


def type_colour(t: int) -> int:
    return t // 8


def type_name(t: int) -> str:
    return f"{COLOUR_LETTER[t // 8]}{t % 8 + 1}"


def parse_colour(word: str) -> int:
    w = str(word).strip().lower()
    for i, c in enumerate(COLOURS):
        if w in (c, c[0]):
            return i
    fail(f"unknown colour {word!r} (use red, green or blue)")


def parse_arm(text: str) -> int:
    """Card type from 'r3', 'red3', 'red:3' or {'colour': 'red', 'arms': 3}."""
    if isinstance(text, dict):
        col, arms = text.get("colour", text.get("color")), text.get("arms")
    else:
        s = str(text).strip().lower().replace(":", "").replace(" ", "")
        i = len(s)
        while i > 0 and (s[i - 1].isdigit() or s[i - 1] == "-"):
            i -= 1
        col, arms = s[:i], s[i:]
    c = parse_colour(col)
    try:
        a = int(arms)
    except (TypeError, ValueError):
        fail(f"bad arm card {text!r} (write e.g. r3 or red:3)")
    if not 1 <= a <= 8:
        fail(f"arm count {a} outside 1-8 in card {text!r}")
    return c * 8 + a - 1


# ---------------------------------------------------------------- deck distribution
@dataclass(frozen=True)
class Deck:
    name: str
    counts: tuple[tuple[int, ...], ...]  # counts[colour][arms-1]
    description: str = ""

    @property
    def values(self) -> list[int]:
        """Arm count of each arm card id 0..77."""
        out = []
        for c in range(3):
            for a in range(8):
                out += [a + 1] * self.counts[c][a]
        return out

    def to_json(self):
        return {"name": self.name, "description": self.description,
                "counts": {COLOURS[c]: {str(a + 1): self.counts[c][a] for a in range(8)} for c in range(3)}}


def deck_from_dict(d: dict, name: str = "custom") -> Deck:
    if not isinstance(d, dict):
        fail("deck must be a table of colours")
    counts = []
    for key in d:
        if key in ("name", "description"):
            continue
        if key not in COLOURS:
            fail(f"unknown colour {key!r} in deck (use red, green, blue)")
    for col in COLOURS:
        if col not in d:
            fail(f"deck has no [{col}] table")
        tab = d[col]
        if not isinstance(tab, dict):
            fail(f"deck [{col}] must be a table arms = cards")
        row = [0] * 8
        for k, v in tab.items():
            try:
                a = int(k)
            except (TypeError, ValueError):
                fail(f"deck [{col}]: bad arm count {k!r}")
            if not 1 <= a <= 8:
                fail(f"deck [{col}]: arm count {a} outside 1-8")
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                fail(f"deck [{col}] {a}: number of cards must be a whole number >= 0, got {v!r}")
            row[a - 1] = v
        if sum(row) != ARMS_PER_COLOUR:
            fail(f"deck [{col}] has {sum(row)} cards; each colour needs {ARMS_PER_COLOUR} (78 in all)")
        counts.append(tuple(row))
    return Deck(str(d.get("name", name)), tuple(counts), str(d.get("description", "")))


def load_deck(path: str | Path | None = None) -> Deck:
    """The arm-card distribution: ``data/oct8/deck.toml`` by default, or a TOML file."""
    if path is None or path == "default":
        from ..core.paths import data_path

        path = data_path("oct8", "deck.toml")
    elif path == "flat":
        from ..core.paths import data_path

        path = data_path("oct8", "deck_flat.toml")
    p = Path(path)
    if not p.is_file():
        fail(f"deck file not found: {p}")
    try:
        with open(p, "rb") as f:
            d = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        fail(f"malformed deck file {p}: {e}")
    return deck_from_dict(d, p.stem)


# ---------------------------------------------------------------- game
@dataclass
class Config:
    players: int = 4
    short: bool = False
    deck: Deck = None  # type: ignore[assignment]
    values: list[int] = field(default_factory=list)  # arm count per arm id
    types: list[int] = field(default_factory=list)  # type per arm id
    heads: list[int] = field(default_factory=list)  # head ids in the game

    @staticmethod
    def make(players: int = 4, short: bool = False, deck: Deck | str | Path | None = None) -> "Config":
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            fail(f"players must be 2, 3 or 4, got {players!r}")
        dk = deck if isinstance(deck, Deck) else load_deck(deck)
        values = dk.values
        types = [(i // ARMS_PER_COLOUR) * 8 + values[i] - 1 for i in range(NUM_ARMS)]
        heads = [h for h in range(NUM_HEADS) if not (short and h % HEADS_PER_COLOUR >= 8)]
        return Config(players, bool(short), dk, values, types, heads)


def deal(cfg: Config, seed: int):
    """(head deck, arm deck) orders for ``seed`` (draw = pop from the end)."""
    rng = SplitMix64(seed)
    heads = list(cfg.heads)
    for i in range(len(heads) - 1, 0, -1):
        j = rng.below(i + 1)
        heads[i], heads[j] = heads[j], heads[i]
    arms = list(range(NUM_ARMS))
    for i in range(len(arms) - 1, 0, -1):
        j = rng.below(i + 1)
        arms[i], arms[j] = arms[j], arms[i]
    return heads, arms


class Oct8Game(Game):
    def __init__(self, players: int = 4, short: bool = False, deck: Deck | str | Path | None = None):
        self.cfg = Config.make(players, short, deck)
        n = self.cfg.players
        self.info = GameInfo(
            short_name="oct8", long_name="Oct8", num_players=n, num_distinct_actions=NUM_ACTIONS,
            max_game_length=4000, perfect_information=False, utility="zero_sum",
            min_utility=-1.0 / n, max_utility=1.0 - 1.0 / n, random_start=True)

    def new_initial_state(self, seed: int | None = None) -> "Oct8State":
        return Oct8State.new(self.cfg, 0 if seed is None else int(seed))


def make_game(**params) -> Oct8Game:
    return Oct8Game(**params)


class Oct8State(State):
    """A position. ``arms[h]`` lists the arm-card ids on the octopus with head ``h``."""

    def __init__(self, cfg: Config):
        self.cfg = cfg
        self.n = cfg.players

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, cfg: Config, seed: int) -> "Oct8State":
        heads, arms = deal(cfg, seed)
        return cls.from_deal(cfg, heads, arms)

    @classmethod
    def from_deal(cls, cfg: Config, head_deck: list[int], arm_deck: list[int]) -> "Oct8State":
        s = cls(cfg)
        n = s.n
        s.head_deck = list(head_deck)
        s.arm_deck = list(arm_deck)
        s.colour_head = [s.head_deck.pop() for _ in range(n)]
        s.arms = {}
        s.shared = []
        for _ in range(3):
            h = s.head_deck.pop()
            s.shared.append(h)
            s.arms[h] = []
        s.hands = [[s.arm_deck.pop() for _ in range(DEAL_HAND)] for _ in range(n)]
        s.discard = [s.arm_deck.pop()]
        s.fields = [[] for _ in range(n)]
        s.shipped = [[] for _ in range(n)]
        s.babies = [0] * n
        s.cur = 0
        s.phase = PH_MAIN
        s.extra = False
        s.drawn = -1
        s.mode = 0
        s.src = -1  # shared slot (attach) / source octopus head (exchanges)
        s.src_type = -1
        s.src_owner = -1
        s.need = 0
        s.tgt = -1
        s.sel: list[int] = []
        s.triggered = False
        s.remaining = 0
        s.turns = 0
        s.decisions = 0
        s.action_counts = [0] * len(CATEGORIES)
        s.log: list[tuple[int, int]] = []
        s._start_turn()
        return s

    def clone(self) -> "Oct8State":
        s = Oct8State(self.cfg)
        for k, v in self.__dict__.items():
            if k in ("cfg", "n"):
                continue
            if k == "arms":
                v = {h: list(a) for h, a in v.items()}
            elif k in ("hands", "fields", "shipped"):
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            setattr(s, k, v)
        return s

    # ------------------------------------------------------------ helpers
    def colour(self, p: int) -> int:
        return self.colour_head[p] // HEADS_PER_COLOUR

    def total(self, h: int) -> int:
        v = self.cfg.values
        return sum(v[c] for c in self.arms[h])

    def blocked(self, h: int) -> bool:
        hc = h // HEADS_PER_COLOUR
        return all(c // ARMS_PER_COLOUR == hc for c in self.arms[h])

    def _type_counts(self, cards) -> list[int]:
        cnt = [0] * NUM_TYPES
        for c in cards:
            cnt[self.cfg.types[c]] += 1
        return cnt

    @staticmethod
    def _reach(cnt, start: int = 0) -> int:
        """Bit mask of the arm totals 0..8 reachable with the counted card types >= start."""
        r = 1
        for t in range(start, NUM_TYPES):
            v = t % 8 + 1
            for _ in range(cnt[t]):
                r = (r | (r << v)) & 0x1FF
        return r

    def _take_min(self, cards: list[int], t: int) -> int:
        """Remove and return the lowest-id card of type ``t`` from ``cards``."""
        types = self.cfg.types
        best = min(c for c in cards if types[c] == t)
        cards.remove(best)
        return best

    def _octopus_at(self, rel: int, slot: int) -> int:
        owner = (self.cur + rel) % self.n
        f = self.fields[owner]
        return f[slot] if slot < len(f) else -1

    def owner_of(self, h: int) -> int:
        for p in range(self.n):
            if h in self.fields[p]:
                return p
        return -1

    # ------------------------------------------------------------ turn flow
    def _start_turn(self):
        p = self.cur
        if self.arm_deck:
            card = self.arm_deck.pop()
            if self._place_slots(card):
                self.phase = PH_PLACE
                self.drawn = card
                return
            self.hands[p].append(card)
        self._enter_main(False)

    def _place_slots(self, card: int) -> list[int]:
        col = card // ARMS_PER_COLOUR
        val = self.cfg.values[card]
        out = []
        for s, h in enumerate(self.shared):
            if h >= 0 and h // HEADS_PER_COLOUR != col and self.total(h) + val <= 8:
                out.append(s)
        return out

    def _enter_main(self, extra: bool):
        if extra and self.babies[self.cur] == 0:
            self._end_of_turn()
            return
        self.phase = PH_MAIN
        self.extra = extra

    def _complete_check(self, slot: int):
        h = self.shared[slot]
        if self.total(h) == 8:
            p = self.cur
            self.fields[p].append(h)
            self.shared[slot] = -1
            self.babies[p] = min(BABY_CAP, self.babies[p] + 1)

    def _end_of_turn(self):
        p = self.cur
        if len(self.fields[p]) > FIELD_LIMIT:
            self.phase = PH_SHIP
            return
        if len(self.hands[p]) > HAND_LIMIT:
            self.phase = PH_DISCARD
            return
        for s in range(3):
            if self.shared[s] < 0 and self.head_deck:
                h = self.head_deck.pop()
                self.shared[s] = h
                self.arms[h] = []
        self.turns += 1
        if self.triggered:
            self.remaining -= 1
            if self.remaining == 0:
                self.phase = PH_OVER
                return
        elif not self.arm_deck or not self.head_deck:
            self.triggered = True
            self.remaining = self.n - 1
        self.cur = (p + 1) % self.n
        self._start_turn()

    # ------------------------------------------------------------ legal actions
    def current_player(self) -> int:
        return TERMINAL if self.phase == PH_OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_OVER:
            return []
        if ph == PH_PLACE:
            return [A_PLACE + s for s in self._place_slots(self.drawn)]
        if ph == PH_MAIN:
            return self._main_actions()
        if ph == PH_TARGET:
            return [A_TARGET + rel * MAX_FIELD + slot for rel, slot, _ in self._targets(self.src, self.src_owner,
                                                                                         self.need)]
        if ph == PH_SEL:
            return self._sel_actions()
        if ph == PH_SHIP:
            return [A_SHIP + i for i in range(len(self.fields[self.cur]))]
        if ph == PH_DISCARD:
            cnt = self._type_counts(self.hands[self.cur])
            return [A_DISCARD + t for t in range(NUM_TYPES) if cnt[t]]
        raise AssertionError(ph)

    def _main_actions(self) -> list[int]:
        p = self.cur
        acts = []
        dk, dc = len(self.arm_deck), len(self.discard)
        if dk >= 2:
            acts.append(A_DRAW + 0)
        if dk >= 1 and dc >= 1:
            acts.append(A_DRAW + 1)
        if dc >= 2:
            acts.append(A_DRAW + 2)
        if dk + dc == 1:
            acts.append(A_DRAW + (3 if dk else 4))
        hand = self.hands[p]
        hcnt = self._type_counts(hand)
        minv = min((self.cfg.values[c] for c in hand), default=99)
        for s, h in enumerate(self.shared):
            if h >= 0 and minv <= 8 - self.total(h):
                acts.append(A_ATTACH + s)
        reach = self._reach(hcnt)
        for slot, h in enumerate(self.fields[p]):
            for t, k in enumerate(self._type_counts(self.arms[h])):
                if k and reach >> (t % 8 + 1) & 1:
                    acts.append(A_XHAND + slot * NUM_TYPES + t)
        for rel in range(self.n):
            owner = (p + rel) % self.n
            for slot, h in enumerate(self.fields[owner]):
                if rel and self.blocked(h):
                    continue
                cnt = self._type_counts(self.arms[h])
                for t in range(NUM_TYPES):
                    if cnt[t] and self._targets(h, rel, t % 8 + 1, any_=True):
                        acts.append(A_XFIELD + (rel * MAX_FIELD + slot) * NUM_TYPES + t)
        if self.extra:
            acts.append(A_STOP)
        elif not acts:
            acts.append(A_PASS)
        return sorted(acts)

    def _targets(self, src: int, src_rel: int, v: int, any_: bool = False):
        """Octopuses that can give arms totalling ``v`` in exchange for an arm of ``src``."""
        out = []
        for rel in range(self.n):
            if src_rel != 0 and rel != 0:
                continue
            owner = (self.cur + rel) % self.n
            for slot, h in enumerate(self.fields[owner]):
                if h == src or (rel and self.blocked(h)):
                    continue
                if self._reach(self._type_counts(self.arms[h])) >> v & 1:
                    out.append((rel, slot, h))
                    if any_:
                        return out
        return out

    def _sel_pool(self) -> list[int]:
        if self.mode == MODE_XFIELD:
            return self.arms[self.tgt]
        return self.hands[self.cur]

    def _sel_actions(self) -> list[int]:
        cnt = self._type_counts(self._sel_pool())
        for t in self.sel:
            cnt[t] -= 1
        last = self.sel[-1] if self.sel else 0
        ssum = sum(t % 8 + 1 for t in self.sel)
        acts = []
        if self.mode == MODE_ATTACH:
            cap = 8 - self.total(self.shared[self.src]) - ssum
            for t in range(last, NUM_TYPES):
                if cnt[t] and t % 8 + 1 <= cap:
                    acts.append(A_ADD + t)
            if self.sel:
                acts.append(A_DONE)
            return acts
        need = self.need - ssum
        if need == 0:
            return [A_DONE]
        for t in range(last, NUM_TYPES):
            v = t % 8 + 1
            if cnt[t] and v <= need:
                if v == need:
                    acts.append(A_ADD + t)
                    continue
                cnt[t] -= 1
                if self._reach(cnt, t) >> (need - v) & 1:
                    acts.append(A_ADD + t)
                cnt[t] += 1
        return acts

    # ------------------------------------------------------------ apply
    def apply_action(self, action: int) -> None:
        action = int(action)
        legal = self.legal_actions()
        if action not in legal:
            fail(f"illegal action {action} ({self.action_to_string(action)}) in phase "
                 f"{PHASE_NAMES[self.phase]}")
        self.log.append((self.cur, action))
        self.decisions += 1
        p = self.cur
        ph = self.phase
        if ph == PH_PLACE:
            s = action - A_PLACE
            self.arms[self.shared[s]].append(self.drawn)
            self.drawn = -1
            self._complete_check(s)
            self._enter_main(False)
        elif ph == PH_MAIN:
            self._apply_main(action)
        elif ph == PH_TARGET:
            rel, slot = divmod(action - A_TARGET, MAX_FIELD)
            self.tgt = self._octopus_at(rel, slot)
            self.phase = PH_SEL
            self.sel = []
        elif ph == PH_SEL:
            if action == A_DONE:
                self._execute_selection()
                self._enter_main(True)
            else:
                self.sel.append(action - A_ADD)
        elif ph == PH_SHIP:
            h = self.fields[p].pop(action - A_SHIP)
            self.shipped[p].append(h)
            self._end_of_turn()
        elif ph == PH_DISCARD:
            self.discard.append(self._take_min(self.hands[p], action - A_DISCARD))
            self._end_of_turn()

    def _apply_main(self, a: int):
        p = self.cur
        if a == A_PASS:
            self.action_counts[CAT_PASS] += 1
            self._end_of_turn()
            return
        if a == A_STOP:
            self._end_of_turn()
            return
        if self.extra:
            self.babies[p] -= 1
            self.action_counts[CAT_BABY] += 1
        if a < A_PASS:
            self.action_counts[CAT_DRAW] += 1
            kind = DRAW_NAMES[a - A_DRAW]
            for src in kind:
                pile = self.arm_deck if src == "D" else self.discard
                self.hands[p].append(pile.pop())
            self._enter_main(True)
            return
        self.sel = []
        if a < A_XHAND:
            self.action_counts[CAT_ATTACH] += 1
            self.mode = MODE_ATTACH
            self.src = a - A_ATTACH
            self.phase = PH_SEL
        elif a < A_XFIELD:
            self.action_counts[CAT_XHAND] += 1
            slot, t = divmod(a - A_XHAND, NUM_TYPES)
            self.mode = MODE_XHAND
            self.src = self.fields[p][slot]
            self.src_type = t
            self.src_owner = 0
            self.need = t % 8 + 1
            self.phase = PH_SEL
        else:
            self.action_counts[CAT_XFIELD] += 1
            k, t = divmod(a - A_XFIELD, NUM_TYPES)
            rel, slot = divmod(k, MAX_FIELD)
            self.mode = MODE_XFIELD
            self.src = self._octopus_at(rel, slot)
            self.src_type = t
            self.src_owner = rel
            self.need = t % 8 + 1
            self.phase = PH_TARGET

    def _execute_selection(self):
        p = self.cur
        hand = self.hands[p]
        if self.mode == MODE_ATTACH:
            h = self.shared[self.src]
            for t in self.sel:
                self.arms[h].append(self._take_min(hand, t))
            self._complete_check(self.src)
        elif self.mode == MODE_XHAND:
            octo = self.arms[self.src]
            given = [self._take_min(hand, t) for t in self.sel]
            hand.append(self._take_min(octo, self.src_type))
            octo.extend(given)
        else:
            a_arms, b_arms = self.arms[self.src], self.arms[self.tgt]
            given = [self._take_min(b_arms, t) for t in self.sel]
            b_arms.append(self._take_min(a_arms, self.src_type))
            a_arms.extend(given)
        self.sel = []
        self.tgt = -1
        self.src = -1

    # ------------------------------------------------------------ scoring
    def octopus_points(self, h: int, p: int, shipped: bool) -> tuple[int, int]:
        """(points, scoring arm cards) of octopus ``h`` for player ``p``."""
        hc = h // HEADS_PER_COLOUR
        m = sum(1 for c in self.arms[h] if c // ARMS_PER_COLOUR == hc)
        pts = m
        if shipped and hc == self.colour(p) and m == len(self.arms[h]):
            pts *= 2
        return pts, m

    def score_detail(self, p: int) -> dict:
        pts = arms = 0
        for h in self.fields[p]:
            a, b = self.octopus_points(h, p, False)
            pts += a
            arms += b
        for h in self.shipped[p]:
            a, b = self.octopus_points(h, p, True)
            pts += a
            arms += b
        return {"score": pts, "octopuses": len(self.fields[p]) + len(self.shipped[p]), "scoring_arms": arms}

    def scores(self) -> list[int]:
        return [self.score_detail(p)["score"] for p in range(self.n)]

    def winners(self) -> list[int]:
        keys = [tuple(self.score_detail(p).values()) for p in range(self.n)]
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        w = self.winners()
        return [(1.0 / len(w) if p in w else 0.0) - 1.0 / self.n for p in range(self.n)]

    # ------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Card conservation and rule invariants (raises AssertionError)."""
        arms = list(self.arm_deck) + list(self.discard) + [c for h in self.hands for c in h]
        arms += [c for h, a in self.arms.items() for c in a]
        if self.drawn >= 0:
            arms.append(self.drawn)
        assert sorted(arms) == list(range(NUM_ARMS)), "arm cards not conserved"
        heads = list(self.head_deck) + list(self.colour_head) + [h for h in self.shared if h >= 0]
        heads += [h for f in self.fields for h in f] + [h for f in self.shipped for h in f]
        assert sorted(heads) == sorted(self.cfg.heads), "head cards not conserved"
        # octopuses in arms dict are exactly the shared + field + shipped heads
        assert set(self.arms) == {h for h in heads if h not in self.head_deck and h not in self.colour_head}
        for p in range(self.n):
            for h in self.fields[p] + self.shipped[p]:
                assert self.total(h) == 8, "a finished octopus must have exactly 8 arms"
            assert 0 <= self.babies[p] <= BABY_CAP
            if self.phase in (PH_PLACE,) or (self.phase == PH_MAIN and not self.extra):
                # start of the mover's turn / other players: limits hold for players not moving
                pass
            if p != self.cur:
                assert len(self.fields[p]) <= FIELD_LIMIT
                assert len(self.hands[p]) <= HAND_LIMIT
        for h in self.shared:
            if h >= 0:
                assert self.total(h) < 8
        assert len(self.fields[self.cur]) <= MAX_FIELD

    # ------------------------------------------------------------ text
    def card_str(self, c: int) -> str:
        return type_name(self.cfg.types[c])

    def octopus_str(self, h: int) -> str:
        arms = sorted(self.arms[h], key=lambda c: self.cfg.types[c])
        tag = "*" if self.arms[h] and self.total(h) == 8 and self.blocked(h) else ""
        return f"{COLOURS[h // HEADS_PER_COLOUR]}{tag}[{' '.join(self.card_str(c) for c in arms)}]={self.total(h)}"

    def action_to_string(self, a: int) -> str:
        a = int(a)
        if A_PLACE <= a < A_DRAW:
            return f"place turn-draw card on shared head {a - A_PLACE}"
        if a < A_PASS:
            return f"draw {DRAW_NAMES[a - A_DRAW]}"
        if a == A_PASS:
            return "pass"
        if a == A_STOP:
            return "stop (keep baby chips)"
        if a < A_XHAND:
            return f"attach hand cards to shared head {a - A_ATTACH}"
        if a < A_XFIELD:
            slot, t = divmod(a - A_XHAND, NUM_TYPES)
            return f"exchange hand cards for {type_name(t)} of own octopus {slot}"
        if a < A_TARGET:
            k, t = divmod(a - A_XFIELD, NUM_TYPES)
            rel, slot = divmod(k, MAX_FIELD)
            return f"exchange {type_name(t)} of octopus {slot} of player +{rel}"
        if a < A_ADD:
            rel, slot = divmod(a - A_TARGET, MAX_FIELD)
            return f"with octopus {slot} of player +{rel}"
        if a < A_DONE:
            return f"card {type_name(a - A_ADD)}"
        if a == A_DONE:
            return "done"
        if a < A_DISCARD:
            return f"ship octopus {a - A_SHIP}"
        if a < NUM_ACTIONS:
            return f"discard {type_name(a - A_DISCARD)}"
        return f"action {a}"

    def observation_string(self, player: int) -> str:
        lines = [f"you are player {player}, colour {COLOURS[self.colour(player)]}",
                 f"hand: {' '.join(sorted(self.card_str(c) for c in self.hands[player]))}"]
        lines += self._public_lines()
        if self.phase == PH_PLACE and self.cur == player:
            lines.append(f"turn draw: {self.card_str(self.drawn)}")
        return "\n".join(lines)

    def _public_lines(self) -> list[str]:
        lines = [f"turn {self.turns} player {self.cur} phase {PHASE_NAMES[self.phase]}"
                 + (f" selecting {' '.join(type_name(t) for t in self.sel)}" if self.phase == PH_SEL else ""),
                 f"arm deck {len(self.arm_deck)}, head deck {len(self.head_deck)}, discard "
                 f"{' '.join(self.card_str(c) for c in self.discard)}",
                 "shared: " + "; ".join(self.octopus_str(h) if h >= 0 else "-" for h in self.shared)]
        for p in range(self.n):
            lines.append(f"P{p}: hand {len(self.hands[p])} babies {self.babies[p]} field "
                         + ("; ".join(self.octopus_str(h) for h in self.fields[p]) or "-")
                         + " | shipped " + ("; ".join(self.octopus_str(h) for h in self.shipped[p]) or "-"))
        return lines

    def __str__(self) -> str:
        lines = self._public_lines()
        for p in range(self.n):
            lines.append(f"P{p} ({COLOURS[self.colour(p)]}) hand: "
                         + " ".join(sorted(self.card_str(c) for c in self.hands[p])))
        return "\n".join(lines)

    # ------------------------------------------------------------ hidden information
    def determinize(self, player: int, rng) -> "Oct8State":
        """A copy where everything ``player`` cannot see (decks' order, other hands, other players'
        colours) is reshuffled uniformly, keeping every pile's size."""
        s = self.clone()
        others = [q for q in range(self.n) if q != player]
        arm_pool = list(s.arm_deck) + [c for q in others for c in s.hands[q]]
        head_pool = list(s.head_deck) + [s.colour_head[q] for q in others]
        rng.shuffle(arm_pool)
        rng.shuffle(head_pool)
        k = len(s.arm_deck)
        s.arm_deck = arm_pool[:k]
        i = k
        for q in others:
            m = len(s.hands[q])
            s.hands[q] = arm_pool[i:i + m]
            i += m
        k = len(s.head_deck)
        s.head_deck = head_pool[:k]
        for j, q in enumerate(others):
            s.colour_head[q] = head_pool[k + j]
        return s


def random_playout(state: Oct8State, seed: int) -> Oct8State:
    """Play ``state`` to the end choosing uniformly among the legal actions with SplitMix64 (the
    numba playout does the same with the same seed)."""
    rng = SplitMix64(seed ^ PLAYOUT_SALT)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state
