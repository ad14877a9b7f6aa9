"""Oct8 rules engine: the game's truth (pure Python). Interpretations: docs/rules/oct8.md.

Cards, decks, rule options, the deal and the action table (one fixed table of ``NUM_ACTIONS`` ids: a
turn is a series of small decisions) are in :mod:`octosolve.oct8.deck`; positions as JSON in
:mod:`octosolve.oct8.position`; the moves' notation in :mod:`octosolve.oct8.moves`. An octopus is
named by its head id (each head makes at most one octopus).

Chance: the whole deal (both decks' order) is drawn at the start from the seed with SplitMix64, the same
generator the numba playout uses, so the same seed gives the same game in both engines.
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.seeding import whole_seed
from ..core.game import TERMINAL, Game, GameInfo, State, as_action, check_params
from . import board, position
from .moves import notation, older_notation
from .deck import (A_ADD, A_ATTACH, A_DISCARD, A_DONE, A_DRAW, A_PASS, A_PLACE, A_SHIP, A_STOP,  # noqa: F401
                   A_TARGET, A_XFIELD, A_XHAND, ARMS_PER_COLOUR, BABY_CAP, BABY_OPTIONS, BONUS_OPTIONS,
                   CAT_ATTACH, CAT_BABY, CAT_DRAW, CAT_PASS, CAT_XFIELD, CAT_XHAND, CATEGORIES, COLOUR_LETTER,
                   COLOURS, DEAL_HAND, DRAW_NAMES, FIELD_LIMIT, HAND_LIMIT, HEADS_PER_COLOUR, MASK64, MAX_FIELD,
                   MODE_ATTACH, MODE_NAMES, MODE_XFIELD, MODE_XHAND, NUM_ACTIONS, NUM_ARMS, NUM_HEADS, NUM_TYPES,
                   PH_DISCARD, PH_MAIN, PH_OVER, PH_PLACE, PH_SEL, PH_SHIP, PH_TARGET, PHASE_NAMES,
                   PLAYOUT_SALT, VARIANTS, Config, action_name, Deck, SplitMix64, deal, deck_from_dict, load_deck,
                   parse_arm, parse_colour, type_colour, type_name, type_value)

__all__ = ["Oct8Game", "Oct8State", "make_game", "state_from_document", "Config", "Deck",
           "load_deck", "NUM_ACTIONS", "CATEGORIES"]


class Oct8Game(Game):
    """Oct8 for 2-4 players. ``variant``: ``standard`` or ``short`` (2 heads of each colour removed);
    ``deck``: ``default``, ``flat``, a TOML file or a ``{colour: {arms: cards}}`` table;
    ``baby_chips``: ``cap`` or ``each``; ``colour_bonus``: ``octopus`` or ``arm`` (docs/rules/oct8.md).

    >>> g = make_game(players=2, variant="short")
    >>> g.params()["variant"], g.info.num_players
    ('short', 2)
    """

    def __init__(self, players: int = 4, variant: str = "standard", deck=None, baby_chips: str = "cap",
                 colour_bonus: str = "octopus", short: bool | None = None):
        if short is not None:  # the engine's own spelling (Config.make(players, short, deck))
            variant = "short" if short else "standard"
        self.cfg = Config.make(players, deck=deck, variant=variant, baby_chips=baby_chips,
                               colour_bonus=colour_bonus)
        n = self.cfg.players
        self.info = GameInfo(
            short_name="oct8", long_name="Oct8", num_players=n, num_distinct_actions=NUM_ACTIONS,
            max_game_length=4000, perfect_information=False, utility="zero_sum",
            min_utility=-1.0 / n, max_utility=1.0 - 1.0 / n, random_start=True)

    def new_initial_state(self, seed: int | None = None) -> "Oct8State":
        return Oct8State.new(self.cfg, 0 if seed is None else whole_seed(seed))

    def params(self) -> dict:
        return self.cfg.params()

    def state_from_json(self, obj) -> "Oct8State":
        """Read a document written by ``Oct8State.to_json`` (see :mod:`octosolve.oct8.position`)."""
        if isinstance(obj, dict) and "params" in obj:
            theirs = make_game(**_params(obj["params"])).params()
            if theirs != self.params():
                diff = [k for k in theirs if theirs[k] != self.params()[k]]
                fail(f"bad position: it is for another game ({', '.join(f'{k} {theirs[k]!r}' for k in diff)})")
        s = Oct8State(self.cfg)
        s.__dict__.update(position.decode(self.cfg, obj))
        if not s.is_terminal() and not s.legal_actions():
            fail("impossible position: the player to move has no legal decision")
        return s


def _params(p) -> dict:
    if not isinstance(p, dict) or set(p) - {"players", "variant", "deck", "baby_chips", "colour_bonus"}:
        fail("bad position: params must be {players, variant, deck, baby_chips, colour_bonus}")
    return p


def make_game(**params) -> Oct8Game:
    return Oct8Game(**check_params("Oct8", Oct8Game, params))


def state_from_document(doc) -> "Oct8State":
    """A position document read with the game its ``params`` name (defaults: 4 players... or as many
    players as the document's hands)."""
    if not isinstance(doc, dict):
        fail("bad position: the document must be a JSON object")
    params = dict(_params(doc.get("params", {})))
    if "players" not in params and isinstance(doc.get("hands"), list):
        params["players"] = position.players_of_hands(doc["hands"])
    return make_game(**params).state_from_json(doc)


class Oct8State(State):
    """A position. ``arms[h]`` lists the arm-card ids on the octopus with head ``h``; ``history``
    every ``(player, action)`` applied since the deal."""

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
        s.fields, s.shipped, s.babies = [[] for _ in range(n)], [[] for _ in range(n)], [0] * n
        s.cur, s.phase, s.extra, s.drawn = 0, PH_MAIN, False, -1
        # the choice being made: mode, shared slot (attach) / source octopus head (exchanges), source
        # card type, source owner (seats after the mover), arm total needed, target head, chosen types
        s.mode, s.src, s.src_type, s.src_owner, s.need, s.tgt, s.sel = 0, -1, -1, -1, 0, -1, []
        s.triggered, s.remaining, s.turns, s.decisions = False, 0, 0, 0
        s.action_counts = [0] * len(CATEGORIES)
        s.history: list[tuple[int, int]] = []
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

    view_svg = board.view_svg  # the web board (BOARDS.md): a seat's view, each decision's clicks, public text
    action_targets = board.action_targets
    public_move_string = board.public_move_string

    def to_json(self) -> dict:
        """The position as a JSON document (:mod:`.position`); ``state_from_json`` reads it back."""
        return position.encode(self)

    def _repr_svg_(self) -> str:
        from .render import position_svg

        return position_svg(self)

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
            self.babies[p] = min(self.cfg.baby_cap, self.babies[p] + 1)

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
        masks = [[(slot, h, self._reach(self._type_counts(self.arms[h]))) for slot, h in  # once an octopus
                  enumerate(self.fields[(p + r) % self.n]) if not (r and self.blocked(h))] for r in range(self.n)]
        for rel in range(self.n):
            for slot, h, _ in masks[rel]:  # the octopuses _targets would try, their reachable totals:
                give = [m for ms in (masks if rel == 0 else masks[:1]) for _, h2, m in ms if h2 != h]
                for t, k in enumerate(self._type_counts(self.arms[h])):
                    if k and any(m >> (t % 8 + 1) & 1 for m in give):
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
        action = as_action(action)
        legal = self.legal_actions()
        if action not in legal:
            fail("the game is over" if self.phase == PH_OVER else  # as every game says it
                 f"illegal action {action} ({self.action_to_string(action)}) in phase {PHASE_NAMES[self.phase]}")
        self.history.append((self.cur, action))
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
        if shipped and hc == self.colour(p) and (self.cfg.colour_bonus == "arm" or m == len(self.arms[h])):
            pts *= 2  # the colour bonus: the whole octopus in the player's colour (or, "arm": each arm)
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

    def leaders(self) -> list[int]:
        """The players ahead by (score, octopuses made, scoring arms), all of them if all tie (the
        statistics count a k-way tie 1/k to each)."""
        keys = [tuple(self.score_detail(p).values()) for p in range(self.n)]
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def winners(self) -> list[int]:
        """The winners once the game is over; empty before the end and when every player ties."""
        if not self.is_terminal():
            return []
        w = self.leaders()
        return [] if len(w) == self.n else w

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        w = self.leaders()
        return [(1.0 / len(w) if p in w else 0.0) - 1.0 / self.n for p in range(self.n)]

    def check_invariants(self) -> None:
        """Card conservation and rule invariants (raises AssertionError)."""
        position.check_invariants(self)

    # ------------------------------------------------------------ text
    def card_str(self, c: int) -> str:
        return type_name(self.cfg.types[c])

    def octopus_str(self, h: int) -> str:
        from .render import octopus_str
        return octopus_str(self, h)

    def action_to_string(self, a: int) -> str:
        return notation(self, a)  # the same for every seat: "attach r3 g2 -> shared head 1 (red)"

    def older_notations(self, a: int) -> tuple[str, ...]:
        return (older_notation(a),)  # before 2026-11-29: "exchange r3 of octopus 0 of player +1"

    def observation_string(self, player: int) -> str:
        """What ``player`` sees: their colour and hand, and the public table (every octopus, the
        discard pile, the turn-draw card and the cards being played, which go face up); of the other
        players only hand sizes and chips, never their cards or colours."""
        lines = [f"you are P{player}, colour {COLOURS[self.colour(self.check_player(player))]}",
                 f"hand: {' '.join(sorted(self.card_str(c) for c in self.hands[player]))}"]
        return "\n".join(lines + self._public_lines())

    def _public_lines(self) -> list[str]:
        from .render import public_lines

        return public_lines(self)

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
        # cards being played from the mover's hand are on the table: they stay in that hand
        shown = []
        if self.cur != player and self.phase == PH_SEL and self.mode != MODE_XFIELD:
            rest = list(s.hands[self.cur])
            shown = [s._take_min(rest, t) for t in self.sel]
        arm_pool = list(s.arm_deck) + [c for q in others for c in s.hands[q] if c not in shown]
        head_pool = list(s.head_deck) + [s.colour_head[q] for q in others]
        rng.shuffle(arm_pool)
        rng.shuffle(head_pool)
        k = len(s.arm_deck)
        s.arm_deck = arm_pool[:k]
        i = k
        for q in others:
            keep = shown if q == self.cur else []
            m = len(s.hands[q]) - len(keep)
            s.hands[q] = keep + arm_pool[i:i + m]
            i += m
        k = len(s.head_deck)
        s.head_deck = head_pool[:k]
        for j, q in enumerate(others):
            s.colour_head[q] = head_pool[k + j]
        return s
