"""Set-up generator for the rule mutations, and the exact odds checked against simulation."""

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from octosolve.core.errors import OctoError
from octosolve.octagion.mutations import (CountdownCard, collision_odds, generate_setup,
                                          load_countdown, parse_countdown, parse_levels,
                                          position_distribution, simulate_redraws)
from octosolve.octagion.rules import Deck

CARDS = {c: [f"{c}WORD{i:03d}"[:8].ljust(8, "X") for i in range(1, 41)] for c in "ABCDEF"}
# distinct 8-letter "words" (letters only) for the generator tests
CARDS = {c: ["".join(chr(65 + (k // 26 ** j) % 26) for j in range(8)) for k in
             range(1000 * (ord(c) - 64), 1000 * (ord(c) - 64) + 40)] for c in "ABCDEF"}


def uniform_deck():
    t = np.zeros((26, 8), dtype=np.int64)
    for n in range(8):
        for l in range(6):
            t[(l + 6 * n) % 26, n] = 1
    return Deck.from_counts(t)


def test_countdown_cards_file():
    cd = load_countdown()
    assert min(c.time_s for c in cd) == 45 and max(c.time_s for c in cd) == 115
    assert {c.level for c in cd} == {1, 2, 3}
    # each offset equally often, so word positions are uniform with a 6-per-number deck
    assert len(set(Counter(c.offset for c in cd).values())) == 1
    for bad in ["time_s,level,offset\n30,1,0\n", "time_s,level,offset\n60,4,0\n",
                "time_s,level,offset\n60,1,5\n", "t,l,o\n", "time_s,level,offset\nx,1,0\n"]:
        with pytest.raises(OctoError):
            parse_countdown(bad)


def test_levels():
    assert parse_levels("easy") == (1, 2) and parse_levels("hard") == (2, 3)
    assert parse_levels(None) == (1, 2, 3) and parse_levels("3,1") == (1, 3)
    with pytest.raises(OctoError):
        parse_levels("4")


def test_alpha_clock():
    s = generate_setup("alpha", 2, 1, deck=uniform_deck(), wordcards=CARDS)
    assert [r["time_s"] for r in s["rounds"]] == [120, 115, 110, 105, 100, 95, 90, 85]
    assert s["rounds"][-1]["time"] == "1:25"


def test_setups_reproducible_and_valid():
    deck = uniform_deck()
    for v in ["standard", "beta", "gamma", "delta", "epsilon", "virulent"]:
        a = generate_setup(v, 3, 7, deck=deck, wordcards=CARDS)
        b = generate_setup(v, 3, 7, deck=deck, wordcards=CARDS)
        assert a == b
        for rd in a["rounds"]:
            if "teams" in rd:
                seqs = [p["sequence"] for p in rd["teams"]]
                assert len(set(seqs)) == len(seqs)            # Epsilon: no two teams share a word
                for p in rd["teams"]:
                    assert CARDS[p["word_card"]][p["position"] - 1] == p["sequence"]
                    assert p["position"] == int(p["letter_card"][1:]) + rd["countdown"]["offset"]
            if v in ("gamma", "virulent"):
                assert rd["time_s"] == rd["countdown"]["time_s"]
    assert generate_setup("virulent", 3, 7, deck=deck, wordcards=CARDS)["treatment_cards"] == \
        {"P0": 3, "P1": 3, "P2": 3}
    s = generate_setup("beta", 3, 7, deck=deck, wordcards=CARDS, treatments="5,2,0")
    assert s["treatment_cards"] == {"P0": 5, "P1": 2, "P2": 0}
    for bad in [dict(treatments="6"), dict(treatments="1,2"), dict(levels="9")]:
        with pytest.raises(OctoError):
            generate_setup("beta", 3, 7, deck=deck, wordcards=CARDS, **bad)
    with pytest.raises(OctoError):
        generate_setup("alpha", 2, 1, rounds=9, deck=deck, wordcards=CARDS)


def test_positions_uniform_for_default_design():
    pos = position_distribution(uniform_deck(), load_countdown())
    assert pos == [Fraction(1, 40)] * 40


def test_positions_skewed_deck_by_hand():
    # deck: numbers 1 and 2 only (1 card each); countdown offsets 0 and 8
    deck = Deck.parse("letter,number\nA,1\nB,2\n")
    cd = [CountdownCard(60, 1, 0), CountdownCard(60, 1, 8), CountdownCard(60, 1, 8)]
    pos = position_distribution(deck, cd)
    assert pos[0] == pos[1] == Fraction(1, 6) and pos[8] == pos[9] == Fraction(1, 3)
    assert sum(pos) == 1


def test_redraw_rule_by_hand():
    assert simulate_redraws([1, 2, 3]) == 0
    assert simulate_redraws([1, 1]) == 1
    assert simulate_redraws([1, 1, 1]) == 2      # team 3 reads the new card, meets team 2 there
    assert simulate_redraws([1, 1, 2]) == 1
    assert simulate_redraws([1, 2, 1]) == 1      # team 3 meets team 1 on the first card


def test_collision_exact_two_teams():
    o = collision_odds(2, uniform_deck())
    assert o["p_collision_exact"] == "1/8"
    o3 = collision_odds(3, uniform_deck())
    # all distinct numbers: 8*7*6/8^3
    assert abs(o3["p_collision"] - (1 - 8 * 7 * 6 / 512)) < 1e-12


@pytest.mark.slow
def test_odds_match_simulation(full):
    """The exact position and collision odds against the set-up generator itself."""
    deck = uniform_deck()
    games = 400 if full else 60
    teams = 3
    pos = Counter()
    redraws = Counter()
    n_rounds = 0
    for g in range(games):
        s = generate_setup("virulent", teams, g, deck=deck, wordcards=CARDS)
        for rd in s["rounds"]:
            n_rounds += 1
            redraws[sum(p["redraws"] for p in rd["teams"])] += 1
            pos[rd["teams"][0]["position"]] += 1
    exact = collision_odds(teams, deck)
    p_hat = 1 - redraws[0] / n_rounds
    se = (exact["p_collision"] * (1 - exact["p_collision"]) / n_rounds) ** 0.5
    assert abs(p_hat - exact["p_collision"]) < 4 * se + 1e-9
    # positions: chi-square-ish bound on the max deviation from 1/40
    dev = max(abs(pos[i] / n_rounds - 1 / 40) for i in range(1, 41))
    assert dev < 4 * (1 / 40 * 39 / 40 / n_rounds) ** 0.5 + 0.01


@pytest.mark.parametrize("teams", [1, 2, 3, 4])
def test_collision_dp_equals_enumeration(teams):
    from octosolve.octagion.mutations import collision_odds_enumerated
    skew = Deck.parse("letter,number\nA,1\nA,1\nA,1\nB,2\nC,3\nD,3\nE,8\n")
    for deck in (uniform_deck(), skew):
        assert collision_odds(teams, deck) == collision_odds_enumerated(teams, deck)


def test_collision_eight_teams_fast():
    o = collision_odds(8, uniform_deck())
    assert abs(sum(o["redraws"].values()) - 1) < 1e-12 and o["p_collision"] > 0.99
