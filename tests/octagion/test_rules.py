"""Rules: deck files, sequences and the Scoring section's worked examples (docs/rules/octagion.md)."""

import pytest

from octosolve.core.errors import OctoError
from octosolve.octagion.rules import Card, Deck, load_deck, parse_variant, score_variant

SEQ = "QUESTION"
PERFECT = "Q1 U2 E3 S4 T5 I6 O7 N8"

# (variant, got_it, expected score) - each worked by hand in docs/rules/octagion.md
WORKED = [
    (PERFECT, False, 8),                              # nothing to subtract
    (PERFECT, True, 10),                              # +2 Got it!
    ("Q1 U2 E3 S4 T5 I6 O7 _", False, 7),             # one empty position
    ("Q1 U2 E3 S4 T5 I6 O7 _", True, 5),              # empty: not correct, Got it! -2
    ("Q1 U2 E3 S4 T5 I6 O7", False, 7),               # a missing 8th card is an empty position
    ("Q1 * E3 S4 T5 I6 O7 N8", True, 10),             # Treatment Card: no penalty, still correct
    ("Q1 A2 E3 S4 T5 I6 O7 N8", False, 7),            # incorrect letter
    ("Q1 U1 E3 S4 T5 I6 O7 N8", False, 7),            # number 1 repeated once
    ("Q1 U1 E3 S4 T5 I6 O7 N8", True, 5),             # ... and a wrong Got it!
    ("Q1 X1 E3 S4 T5 I6 O7 N8", False, 7),            # X1 is wrong AND a repeat: penalised once
    ("Q1 U1 E1 S4 T5 I6 O7 N8", False, 6),            # three 1s: two repeated numbers
    ("A3 B3 E5 S4 T6 I7 O8 N2", False, 6),            # two wrong letters sharing a number: -2 only
    ("Q1 U2 E3 S4 T5 I6 O7 N8 X1", True, 10),         # trailing 9th card removed first
    ("_ _ _ _ _ _ _ _", False, 0),
    ("_ _ _ _ _ _ _ _", True, -2),
    ("* * * * * * * *", True, 10),
]


@pytest.mark.parametrize("variant,got_it,expected", WORKED)
def test_worked_examples(variant, got_it, expected):
    assert score_variant(SEQ, variant, got_it=got_it)["score"] == expected


def test_score_details():
    r = score_variant(SEQ, "Q1 U1 X3 _ T5 I6 O7 N8 Z2", got_it=True)
    assert r["trailing_removed"] == 1
    assert r["penalties"] == {"empty_position": 1, "incorrect_letter": 1, "repeated_number": 1,
                              "total": 3}
    assert r["got_it_points"] == -2 and r["score"] == 3
    assert [p["status"] for p in r["positions"]][:4] == ["correct", "repeated_number",
                                                         "incorrect_letter", "empty"]


def test_score_never_penalises_a_card_twice():
    # every card wrong and every number the same: 8 cards penalised once each
    r = score_variant(SEQ, "A1 A1 A1 A1 A1 A1 A1 A1")
    assert r["score"] == 0 and r["penalties"]["total"] == 8


def test_parse_variant():
    assert parse_variant("c3 _ *") == [Card("C", 3), "_", "*"]
    for bad in ["C9", "C0", "3C", "CC", "", "C3 ?"]:
        with pytest.raises(OctoError):
            parse_variant(bad)


def test_deck_parse_and_roundtrip(tmp_path):
    d = Deck.parse("letter,number\nA,1\nb,2\nA,1\n")
    assert len(d) == 3 and d.counts[0, 0] == 2 and d.masks[1] == 0b10
    assert Deck.parse(d.to_csv()) == d
    for bad in ["", "letter,num\nA,1\n", "letter,number\nAB,1\n", "letter,number\nA,9\n",
                "letter,number\nA,x\n", "letter,number\n", "letter,number\nA,1,2\n", "letter,number\n1,1\n"]:
        with pytest.raises(OctoError):
            Deck.parse(bad)


def test_default_deck_is_48_cards_6_per_number():
    d = load_deck()
    assert len(d) == 48 and d.per_number() == [6] * 8


# --- property test: the max(b, k - 1) rule equals a brute-force reading of "not penalised twice" ---
from hypothesis import given, settings, strategies as st  # noqa: E402

token = st.one_of(st.just("_"), st.just("*"),
                  st.tuples(st.sampled_from("QUESTAX"), st.integers(1, 8)).map(lambda t: f"{t[0]}{t[1]}"))


def brute_score(seq, toks, got_it):
    """Every number shown by k cards has one 'original' and k - 1 repeats; try every choice of
    originals and keep the fewest penalised cards (a card is penalised once at most)."""
    toks = (toks[:8] + ["_"] * 8)[:8]
    empties = sum(t == "_" for t in toks)
    cards = [(i, t[0], int(t[1:])) for i, t in enumerate(toks) if t not in ("_", "*")]
    wrong = {i for i, l, _ in cards if l != seq[i]}
    groups = {}
    for i, _, n in cards:
        groups.setdefault(n, []).append(i)
    best = None
    for originals in __import__("itertools").product(*groups.values()):
        pen = set(wrong)
        for g, o in zip(groups.values(), originals):
            pen |= set(g) - {o}
        best = len(pen) if best is None else min(best, len(pen))
    best = best or 0
    correct = empties == 0 and not wrong and all(len(g) == 1 for g in groups.values())
    return 8 - empties - best + ((2 if correct else -2) if got_it else 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(token, min_size=0, max_size=10), st.booleans())
def test_score_matches_brute_force(toks, got_it):
    if not toks:
        toks = ["_"]
    assert score_variant(SEQ, " ".join(toks), got_it)["score"] == brute_score(SEQ, toks, got_it)
