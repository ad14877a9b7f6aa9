"""Game and round set-up for the rule mutations (Countdown Cards, Treatment Cards, Alpha..Zeta,
Virulent Octagion), and the exact odds a designer wants (word positions under Delta/Epsilon, team
collisions). Readings of the rules: docs/rules/octagion.md, "Rule mutations".
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..core.errors import fail
from ..core.lexicon import csv_rows
from ..core.seeding import py_random
from .rules import NUMBERS, WORDS_PER_CARD, Deck
from .wordcards import (  # parse_wordcards: re-exported (old path)
    load_wordcards,
    parse_wordcards,
)

__all__ = ["VARIANTS", "ZETA_BUDGETS", "load_wordcards", "parse_wordcards", "STANDARD_TIME", "OFFSETS", "CountdownCard", "fmt_time", "parse_countdown",
           "load_countdown", "parse_levels", "levels_text", "parse_treatments", "generate_setup",
           "number_distribution", "offset_distribution", "position_distribution", "collision_odds",
           "collision_odds_enumerated", "simulate_redraws", "odds"]

VARIANTS = ("standard", "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "virulent")
ZETA_BUDGETS = ("game", "round")   # Treatment Cards a Zeta word may need: left over the game / per round
STANDARD_TIME = 120
OFFSETS = (0, 8, 16, 24, 32)


@dataclass(frozen=True)
class CountdownCard:
    time_s: int
    level: int
    offset: int

    def to_json(self) -> dict:
        return {"time_s": self.time_s, "time": fmt_time(self.time_s), "level": self.level,
                "offset": self.offset}


def fmt_time(s: int) -> str:
    return f"{s // 60}:{s % 60:02d}"


def parse_countdown(text: str, name: str = "countdown cards") -> list[CountdownCard]:
    rows = csv_rows(text, name)
    if not rows or [h.strip() for h in rows[0]] != ["time_s", "level", "offset"]:
        fail(f"{name}: the header must be 'time_s,level,offset'")
    out = []
    for i, r in enumerate(rows[1:], 2):
        if len(r) != 3 or not all(re.fullmatch(r"[0-9]{1,4}", x.strip()) for x in r):
            fail(f"{name} line {i}: expected three integers time_s,level,offset")
        t, lv, off = (int(x) for x in r)
        if not 45 <= t <= 115:
            fail(f"{name} line {i}: time {t} s is outside 45 s .. 1:55")
        if lv not in (1, 2, 3):
            fail(f"{name} line {i}: level {lv} is not 1, 2 or 3")
        if off not in OFFSETS:
            fail(f"{name} line {i}: offset {off} is not one of +0/+8/+16/+24/+32")
        out.append(CountdownCard(t, lv, off))
    if not out:
        fail(f"{name}: no cards")
    return out


def load_countdown(path: Path | str | None = None) -> list[CountdownCard]:
    if path is None:
        from ..core.paths import data_path
        path = data_path("octagion", "countdown.csv")
    from ..core.lexicon import read_text
    return parse_countdown(read_text(path, "countdown file"), str(path))


def parse_levels(text: str | None) -> tuple[int, ...]:
    if text is None or text.strip().lower() in ("all", "standard"):
        return (1, 2, 3)
    if not text.strip():    # an empty --levels '' is a mistake, not 'all' (it was read as all, silently)
        fail(f"--levels {text!r} is empty: give 'all', 'easy' (1,2), 'hard' (2,3) or a list like 1,2")
    key = text.strip().lower()
    if key == "easy":
        return (1, 2)
    if key == "hard":
        return (2, 3)
    try:
        lv = tuple(sorted({int(x) for x in key.replace(" ", "").split(",")}))
    except ValueError:
        fail(f"--levels {text!r}: expected 'all', 'easy' (1,2), 'hard' (2,3) or a list like 1,2")
    if not lv or any(x not in (1, 2, 3) for x in lv):
        fail(f"--levels {text!r}: levels are 1, 2 and 3")
    return lv


def levels_text(lv) -> str:
    """Countdown levels in words: 'level 2', 'levels 1, 3' (not Python's '(2,)')."""
    return f"level{'s' if len(lv) > 1 else ''} {', '.join(map(str, lv))}"


def parse_treatments(text: str | None, teams: int, default: int) -> list[int]:
    if text is None:
        return [default] * teams
    try:
        vals = [int(x) for x in str(text).replace(" ", "").split(",")]
    except ValueError:
        fail(f"--treatments {text!r}: expected a number 0-5 or one per team like 3,1,0")
    if len(vals) == 1:
        vals = vals * teams
    if len(vals) != teams:
        fail(f"--treatments gives {len(vals)} values for {teams} team{'' if teams == 1 else 's'}")
    if any(not 0 <= v <= 5 for v in vals):
        fail("--treatments: each team has 0 to 5 Treatment Cards")
    return vals


# ----------------------------------------------------------------------------------------------
# set-up generator
# ----------------------------------------------------------------------------------------------
class _Stack:
    """A face-down stack: draw from the top, used cards go to the bottom."""

    def __init__(self, items, rnd):
        self.items = list(items)
        rnd.shuffle(self.items)

    def draw(self):
        return self.items.pop(0)

    def bottom(self, item):
        self.items.append(item)


def generate_setup(variant: str, teams: int, seed: int | None, *, rounds: int = 8,
                   treatments: str | None = None, levels: str | None = None,
                   deck: Deck | None = None, wordcards: dict[str, list[str]] | None = None,
                   countdown: list[CountdownCard] | None = None,
                   zeta_words: list[tuple[str, int]] | None = None,
                   zeta_budget: str = "game") -> dict:
    """A whole game's set-up, round by round, reproducible from ``seed``.

    Rule Zeta draws its words from ``zeta_words``, pairs (word, minimum Treatment Cards), without
    repeating a word, and never a word needing more Treatment Cards than the teams have left over
    the game (``zeta_budget="game"``, the default reading), or, under the other reading
    (``"round"``), more than a team's allocation in any one round (see docs/rules/octagion.md)."""
    zeta_reading = str(zeta_budget).lower()
    if zeta_reading not in ZETA_BUDGETS:
        fail(f"unknown Zeta budget {zeta_budget!r} (choose from {', '.join(ZETA_BUDGETS)})")
    variant = variant.lower()
    if variant not in VARIANTS:
        fail(f"unknown variant {variant!r} (choose from {', '.join(VARIANTS)})")
    if not 1 <= teams <= 8:
        fail(f"--teams must be 1..8, not {teams}")
    if not 1 <= rounds <= 40:
        fail(f"--rounds must be 1..40, not {rounds}")
    if variant == "alpha" and rounds > 8:
        fail("Rule Alpha reduces the clock from 2:00 by 5 s a round to 1:25 in round 8: at most 8 rounds")
    rnd = py_random(seed, "octagion-setup", variant, teams)
    uses_countdown = variant in ("gamma", "delta", "epsilon", "virulent")
    uses_random_word = variant in ("delta", "epsilon", "virulent")
    per_team_words = variant in ("epsilon", "virulent")
    default_tr = {"standard": 0, "alpha": 0, "gamma": 0, "delta": 0, "epsilon": 0,
                  "beta": 3, "zeta": 3, "virulent": 3}[variant]
    tr = parse_treatments(treatments, teams, default_tr)
    lv = parse_levels(levels)
    if deck is None:
        from .rules import load_deck
        deck = load_deck()
    if countdown is None:
        countdown = load_countdown()
    cd_cards = [c for c in countdown if c.level in lv]
    if uses_countdown and not cd_cards:
        fail(f"no Countdown Cards of {levels_text(lv)}")
    if wordcards is None and variant != "zeta":
        wordcards = load_wordcards()
    if variant == "zeta":
        if not zeta_words:
            fail("Rule Zeta needs a word list of non-conforming words")
        # pairs (word, Treatment Cards it needs with this deck)
        zeta = [(w, int(k)) for w, k in zeta_words]
        zeta_budget, zeta_used = min(tr), set()
    cd_stack = _Stack(cd_cards, rnd) if uses_countdown else None
    wc_stack = _Stack(sorted(wordcards), rnd) if wordcards else None
    team_decks = [list(deck.cards) for _ in range(teams)]
    out_rounds = []
    for r in range(1, rounds + 1):
        rd: dict = {"round": r}
        cd = None
        if cd_stack is not None:
            cd = cd_stack.draw()
            rd["countdown"] = cd.to_json()
        if variant == "alpha":
            rd["time_s"] = STANDARD_TIME - 5 * (r - 1)
        elif variant in ("gamma", "virulent"):
            rd["time_s"] = cd.time_s
        else:
            rd["time_s"] = STANDARD_TIME
        rd["time"] = fmt_time(rd["time_s"])
        if variant == "zeta":
            # the Treatment Cards are "good for just one use during the game": a word needing k of
            # them is drawn only while every team still has k (all teams spell the same word)
            cap = zeta_budget if zeta_reading == "game" else min(tr)
            eligible = [(w, k) for w, k in zeta if k <= cap and w not in zeta_used]
            if not eligible:
                fail("Rule Zeta: no word left that the teams' Treatment Cards can still complete")
            word, k = rnd.choice(eligible)
            zeta_used.add(word)
            zeta_budget -= k if zeta_reading == "game" else 0
            rd["sequence"] = word
            rd["min_wildcards"] = k
            if zeta_reading == "game":
                rd["treatment_cards_left"] = {f"P{t}": tr[t] - (min(tr) - zeta_budget)
                                              for t in range(teams)}
        elif not uses_random_word:
            card = wc_stack.draw()
            idx = rnd.randint(1, WORDS_PER_CARD)
            rd["word_card"] = card
            rd["sequence"] = wordcards[card][idx - 1]
            rd["position"] = idx
            rd["chosen_by"] = "a player (picked at random here)"
            wc_stack.bottom(card)
        else:
            card = wc_stack.draw()
            used_cards = [card]      # the Word Cards flipped this round, in order (shown)
            pending = [card]         # those not yet back at the bottom of the stack
            picks = []
            nteams = teams if per_team_words else 1
            for t in range(nteams):
                # each team shuffles its deck and draws a card at random (Delta: one draw)
                lc = rnd.choice(team_decks[t])
                idx = lc.number + cd.offset
                word = wordcards[card][idx - 1]
                redraws = letter_redraws = 0
                if per_team_words:
                    tried = {card}
                    while word in [p["sequence"] for p in picks]:
                        if len(tried) >= len(wordcards):
                            # the word at this number is taken on every Word Card: "select again"
                            # read as Rule Delta's selection, which Epsilon repeats: the team draws
                            # a new Letter Card (8 numbers x the cards' words outnumber the other
                            # teams' 7 words at most, so a free word exists) on the face-up card
                            letter_redraws += 1
                            if letter_redraws > 1000:   # (a free word exists: never reached)
                                fail(f"Rule Epsilon: no free word for team P{t} on {len(wordcards)} "
                                     "Word Cards: give more Word Cards (--wordcards) or fewer teams")
                            lc = rnd.choice(team_decks[t])
                            idx = lc.number + cd.offset
                            word = wordcards[card][idx - 1]
                            tried = {card}
                            continue
                        if not wc_stack.items:
                            # every Word Card is face up this round and the rules say no more than
                            # "draw a new Word Card": the round's flipped cards go to the bottom of
                            # the stack now (as step 10 puts used cards), and the draw goes on
                            # (docs/rules/octagion.md, Epsilon)
                            for c in pending:
                                wc_stack.bottom(c)
                            pending = []
                        card = wc_stack.draw()
                        tried.add(card)
                        used_cards.append(card)
                        pending.append(card)
                        word = wordcards[card][idx - 1]
                        redraws += 1
                picks.append({"team": t, "letter_card": str(lc), "position": idx,
                              "word_card": card, "sequence": word, "redraws": redraws,
                              **({"letter_redraws": letter_redraws} if letter_redraws else {})})
            for c in pending:
                wc_stack.bottom(c)
            rd["word_cards_flipped"] = used_cards
            if per_team_words:
                rd["teams"] = picks
            else:
                rd.update({k: picks[0][k] for k in ("letter_card", "position", "word_card",
                                                    "sequence")})
        if cd_stack is not None:
            cd_stack.bottom(cd)
        out_rounds.append(rd)
    return {"variant": variant, "teams": teams, "seed": seed, "rounds": out_rounds,
            "treatment_cards": {f"P{t}": tr[t] for t in range(teams)},
            "countdown_levels": list(lv) if uses_countdown else None}


# ----------------------------------------------------------------------------------------------
# exact odds (Delta / Epsilon)
# ----------------------------------------------------------------------------------------------
def number_distribution(deck: Deck) -> list[Fraction]:
    per = deck.per_number()
    tot = sum(per)
    return [Fraction(c, tot) for c in per]


def offset_distribution(countdown: list[CountdownCard]) -> dict[int, Fraction]:
    out = {o: Fraction(0) for o in OFFSETS}
    for c in countdown:
        out[c.offset] += Fraction(1, len(countdown))
    return out


def position_distribution(deck: Deck, countdown: list[CountdownCard]) -> list[Fraction]:
    """P(word position p), p = 1..40, for one team's Delta draw (number + offset)."""
    pn = number_distribution(deck)
    po = offset_distribution(countdown)
    out = [Fraction(0)] * WORDS_PER_CARD
    for n in range(1, NUMBERS + 1):
        for o, q in po.items():
            out[n + o - 1] += pn[n - 1] * q
    return out


def collision_odds(teams: int, deck: Deck) -> dict:
    """Exact odds of Word Card redraws in one Epsilon/Virulent round with ``teams`` teams.

    Teams select clockwise; a team whose word equals an earlier team's word draws the next Word
    Card and selects again at the same position, and later teams read the newest face-up card (see
    docs/rules/octagion.md). All words of all cards are distinct, so a team collides exactly when an
    earlier team reading the same card drew the same number, and the new card then holds only that
    team. A dynamic programme over (numbers taken on the face-up card, redraws so far), with exact
    fractions; ``collision_odds_enumerated`` is the brute-force reference over all 8^teams tuples."""
    if not 1 <= teams <= 8:
        fail(f"--teams must be 1..8, not {teams}")
    pn = number_distribution(deck)
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(teams):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (taken, k), p in states.items():
            for n in range(NUMBERS):
                if pn[n] == 0:
                    continue
                key = (taken | 1 << n, k) if not taken >> n & 1 else (1 << n, k + 1)
                nxt[key] = nxt.get(key, Fraction(0)) + p * pn[n]
        states = nxt
    dist: dict[int, Fraction] = {}
    for (_, k), p in states.items():
        dist[k] = dist.get(k, Fraction(0)) + p
    return _collision_json(teams, dist)


def collision_odds_enumerated(teams: int, deck: Deck) -> dict:
    """The same odds by enumerating every tuple of numbers and replaying the redraw rule."""
    pn = number_distribution(deck)
    dist: dict[int, Fraction] = {}
    for tup in itertools.product(range(NUMBERS), repeat=teams):
        p = Fraction(1)
        for n in tup:
            p *= pn[n]
        if p == 0:
            continue
        k = simulate_redraws(tup)
        dist[k] = dist.get(k, Fraction(0)) + p
    return _collision_json(teams, dist)


def _collision_json(teams: int, dist: dict[int, Fraction]) -> dict:
    exp = sum(k * p for k, p in dist.items())
    return {"teams": teams,
            "p_collision": float(1 - dist.get(0, Fraction(0))),
            "expected_redraws": float(exp),
            "redraws": {str(k): float(p) for k, p in sorted(dist.items())},
            "p_collision_exact": str(1 - dist.get(0, Fraction(0)))}


def simulate_redraws(numbers) -> int:
    """Redraws for one round given the teams' letter-card numbers in clockwise order."""
    card = 0
    taken: list[tuple[int, int]] = []   # (card, number) of earlier teams
    redraws = 0
    for n in numbers:
        while (card, n) in taken:
            card += 1
            redraws += 1
        taken.append((card, n))
    return redraws


def odds(deck: Deck, countdown: list[CountdownCard], teams: int) -> dict:
    pos = position_distribution(deck, countdown)
    return {"position_probability": {str(i + 1): float(p) for i, p in enumerate(pos)},
            "position_probability_exact": {str(i + 1): str(p) for i, p in enumerate(pos)},
            "number_probability": {str(i + 1): float(p)
                                   for i, p in enumerate(number_distribution(deck))},
            "offset_probability": {str(o): float(p)
                                   for o, p in offset_distribution(countdown).items()},
            "collisions": collision_odds(teams, deck),
            "countdown_cards": len(countdown)}
