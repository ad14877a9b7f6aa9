"""Oct8 cards, decks, rule options and the deal: the pieces below the rules engine.

Cards
-----
Arm cards are ids 0..77: colour ``id // 26`` (0 red, 1 green, 2 blue); within a colour the ids are
sorted by arm count, following the deck distribution (``data/oct8/deck.toml``). A card's *type* is
``colour * 8 + arms - 1`` (24 types), written ``r3`` (red, 3 arms). Head cards are ids 0..29, colour
``id // 10``; the short variant removes heads ``c*10+8`` and ``c*10+9`` of every colour (24 heads).

Rule options (docs/rules/oct8.md says which sentence each reads):

- ``baby_chips``: ``"cap"`` (default: one chip per player, +1 then +2, so at most 2 extra actions
  are held) or ``"each"`` (one baby octopus, one extra action, per octopus taken, no cap);
- ``colour_bonus``: ``"octopus"`` (default: a shipped octopus whose head and every arm are the
  player's colour scores double) or ``"arm"`` (on a shipped octopus whose head is the player's
  colour, each arm of that colour scores double).

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

>>> type_name(parse_arm("red:3")), type_name(parse_arm("g8"))
('r3', 'g8')
>>> Config.make(players=2, variant="short").heads[:9]
[0, 1, 2, 3, 4, 5, 6, 7, 10]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import tomllib

from ..core.errors import fail
from ..core.words import counted

__all__ = ["COLOURS", "NUM_ARMS", "NUM_HEADS", "NUM_TYPES", "BABY_CAP", "BABY_OPTIONS", "BONUS_OPTIONS",
           "VARIANTS", "SplitMix64", "action_name", "type_value", "type_colour", "type_name", "parse_colour", "parse_arm",
           "Deck", "deck_from_dict", "load_deck", "Config", "deal"]

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
MAX_BABIES = 30  # "each": at most one chip per head card
DEAL_HAND = 6
NUM_TYPES = 24
MAX_PLAYERS = 4

BABY_OPTIONS = ("cap", "each")
BONUS_OPTIONS = ("octopus", "arm")
VARIANTS = ("standard", "short")

# action table (see rules.py)
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
MODE_NAMES = ("attach", "exchange_hand", "exchange_field")
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


def action_name(a: int) -> str:
    """What action ``a`` of the action table does, in words (``action N (out of range)`` outside
    the table, never another action's name)."""
    from ..core.game import as_action, out_of_range

    a = as_action(a)
    if out_of_range(a, NUM_ACTIONS):
        return out_of_range(a, NUM_ACTIONS)
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
    return f"discard {type_name(a - A_DISCARD)}"


def parse_colour(word) -> int:
    w = str(word).strip().lower()
    for i, c in enumerate(COLOURS):
        if w in (c, c[0]):
            return i
    fail(f"unknown colour {word!r} (use red, green or blue)")


def _arm_count(arms, text) -> int:
    """A whole arm count 1-8 (``5.9``, ``5.0``, ``"³"`` and booleans are refused, never truncated)."""
    if isinstance(arms, bool) or not isinstance(arms, (int, str)):
        fail(f"bad arm card {text!r}: the arm count must be a whole number 1-8")
    if isinstance(arms, str):
        if not (arms.isascii() and arms.isdigit()):
            fail(f"bad arm card {text!r} (write e.g. r3 or red:3)")
        arms = int(arms)
    if not 1 <= arms <= 8:
        fail(f"arm count {arms} outside 1-8 in card {text!r}")
    return arms


def parse_arm(text) -> int:
    """Card type from 'r3', 'red3', 'red:3' or {'colour': 'red', 'arms': 3}."""
    if isinstance(text, dict):
        col, arms = text.get("colour", text.get("color")), text.get("arms")
    elif isinstance(text, str):
        s = text.strip().lower().replace(":", "").replace(" ", "")
        i = len(s)
        while i > 0 and not s[i - 1].isalpha():
            i -= 1
        col, arms = s[:i], s[i:]
    else:   # a JSON value other than a string or an object: named as JSON writes it (null, not None)
        import json
        fail(f"bad arm card {json.dumps(text, default=str)} (write e.g. r3 or red:3)")
    c = parse_colour(col)
    return c * 8 + _arm_count(arms, text) - 1


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

    def table(self) -> dict:
        """``{colour: {arms: cards}}`` (the TOML layout; :func:`deck_from_dict` reads it back)."""
        return {COLOURS[c]: {str(a + 1): self.counts[c][a] for a in range(8)} for c in range(3)}

    def to_json(self):
        return {"name": self.name, "description": self.description, "counts": self.table()}


def deck_from_dict(d: dict, name: str = "custom", builtin: bool = False, source: str = "this deck") -> Deck:
    """A deck from its table; one that calls itself by a built-in deck's name ('default', 'flat')
    must be that deck (its name is what play, simulate and the records print; ``builtin``: the
    built-in file itself)."""
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
        row, seen = [0] * 8, set()
        for k, v in tab.items():
            a = _arm_count(str(k).strip(), f"{col} {k}")
            if a in seen:  # "1" and "01" (or " 1"): two TOML keys, one arm count
                fail(f"deck [{col}] gives the cards showing {counted(a, 'arm')} twice (key {k!r} and another)")
            seen.add(a)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                fail(f"deck [{col}] {a}: number of cards must be a whole number >= 0, got {v!r}")
            row[a - 1] = v
        if sum(row) != ARMS_PER_COLOUR:
            fail(f"deck [{col}] has {sum(row)} cards; each colour needs {ARMS_PER_COLOUR} (78 in all)")
        counts.append(tuple(row))
    for key in ("name", "description"):
        if key in d and not isinstance(d[key], str):
            fail(f"deck {key} must be a string (name = \"...\"), got a {type(d[key]).__name__}")
    deck = Deck(d.get("name", name), tuple(counts), d.get("description", ""))
    if not builtin and deck.name.lower() in ("default", "flat") and load_deck(deck.name.lower()).counts != deck.counts:
        fail(f"{source} calls itself {deck.name!r} but its counts are not those of the {deck.name.lower()} "
             "deck: give it a name of its own (name = \"...\")")
    return deck


def load_deck(path: str | Path | Deck | dict | None = None) -> Deck:
    """The arm-card distribution: ``data/oct8/deck.toml`` by default (``"default"``), ``"flat"``,
    a TOML file, a ``{colour: {arms: cards}}`` table, or a :class:`Deck`."""
    if isinstance(path, Deck):
        return path
    if isinstance(path, dict):
        return deck_from_dict(path, str(path.get("name", "custom")))
    if path is not None and not isinstance(path, (str, Path)):  # e.g. a record's "deck": 5
        fail(f"deck must be a TOML file, 'default', 'flat' or a table of counts, got {str(path)[:40]!r}")
    if isinstance(path, str) and path.lower() in ("default", "flat") and not Path(path).exists():
        path = path.lower()  # the names, in any case, as every other choice ('FLAT', 'Default')
    builtin = path is None or path in ("default", "flat")
    if path is None or path == "default":
        from ..core.paths import data_path

        path = data_path("oct8", "deck.toml")
    elif path == "flat":
        from ..core.paths import data_path

        path = data_path("oct8", "deck_flat.toml")
    p = Path(path)
    if not p.exists():
        fail(f"deck file not found: {p}")
    if not p.is_file():
        fail(f"deck file {p} is not a file")
    try:
        with open(p, "rb") as f:
            d = tomllib.load(f)
    except UnicodeDecodeError as e:
        fail(f"deck file {p} is not UTF-8 text (byte {e.start})")
    except tomllib.TOMLDecodeError as e:
        fail(f"malformed deck file {p}: {str(e).splitlines()[0] if str(e) else 'not TOML'}")
    except OSError as e:
        fail(f"cannot read deck file {p}: {e.strerror}")
    return deck_from_dict(d, p.stem, builtin=builtin, source=f"deck file {p}")


# ---------------------------------------------------------------- configuration
def _choice(value, choices, what: str) -> str:
    v = str(value).strip().lower()
    if v not in choices:
        fail(f"unknown {what} {value!r} (choose from {', '.join(choices)})")
    return v


@dataclass
class Config:
    players: int = 4
    short: bool = False
    deck: Deck = None  # type: ignore[assignment]
    values: list[int] = field(default_factory=list)  # arm count per arm id
    types: list[int] = field(default_factory=list)  # type per arm id
    heads: list[int] = field(default_factory=list)  # head ids in the game
    baby_chips: str = "cap"
    colour_bonus: str = "octopus"

    @property
    def variant(self) -> str:
        return "short" if self.short else "standard"

    @property
    def baby_cap(self) -> int:
        return BABY_CAP if self.baby_chips == "cap" else MAX_BABIES

    @staticmethod
    def make(players: int = 4, short: bool = False, deck=None, *, variant: str | None = None,
             baby_chips: str = "cap", colour_bonus: str = "octopus") -> "Config":
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
            fail(f"Oct8 takes 2, 3 or 4 players, got {players!r}")
        if variant is not None:
            short = _choice(variant, VARIANTS, "variant") == "short"
        dk = load_deck(deck)
        values = dk.values
        types = [(i // ARMS_PER_COLOUR) * 8 + values[i] - 1 for i in range(NUM_ARMS)]
        heads = [h for h in range(NUM_HEADS) if not (short and h % HEADS_PER_COLOUR >= 8)]
        return Config(players, bool(short), dk, values, types, heads,
                      _choice(baby_chips, BABY_OPTIONS, "baby-chips rule"),
                      _choice(colour_bonus, BONUS_OPTIONS, "colour-bonus rule"))

    def deck_param(self):
        """The deck as a ``make_game`` parameter: its name for the shipped decks, else its table."""
        if self.deck.name in ("default", "flat") and load_deck(self.deck.name).counts == self.deck.counts:
            return self.deck.name
        return dict(self.deck.table(), name=self.deck.name)

    def params(self) -> dict:
        return {"players": self.players, "variant": self.variant, "deck": self.deck_param(),
                "baby_chips": self.baby_chips, "colour_bonus": self.colour_bonus}


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
