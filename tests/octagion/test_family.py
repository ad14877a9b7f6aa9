"""Issue 11 for Octagion: a family word list, plain word lists of any length, impossible rows
refused, and Zeta set-ups within the teams' Treatment Cards - each against a hand-worked example or
brute force."""

import itertools
import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from octosolve.core.errors import OctoError
from octosolve.core.paths import data_path
from octosolve.octagion.mutations import generate_setup
from octosolve.octagion.rules import Card, Deck, load_deck, parse_variant, score_variant
from octosolve.octagion.solve import solve_word
from octosolve.octagion.wordcards import (generate_wordcards, load_lexicon, load_wordcards,
                                          zeta_candidates)


def family_filter():
    block, allow = {}, {}
    for ln in data_path("octagion", "family_filter.tsv").read_text(encoding="utf-8").splitlines():
        if ln.strip() and not ln.startswith("#"):
            action, word, why = ln.split("\t")
            if action in ("block", "allow"):                  # (root and stem: test_family_filter.py)
                (block if action == "block" else allow)[word] = why
    return block, allow


# ------------------------------------------------------------------------------------------------
# (a) the family filter
# ------------------------------------------------------------------------------------------------
def test_listed_words_are_gone_everywhere():
    block, allow = family_filter()
    assert len(block) >= 100 and {"RETARDED", "MURDERED", "SEXUALLY"} <= set(block)
    banned = set(block) | {"BULLSHIT", "SHITTING", "DICKHEAD", "ERECTION"}   # the last: better-profanity's
    lex = set(load_lexicon()[0])
    assert not banned & lex
    deck = load_deck()
    cards = generate_wordcards(deck, cards=26, seed=1)         # the issue's `wordcards --cards 26`
    assert not banned & {w for ws in cards.values() for w in ws}
    assert not banned & {w for ws in load_wordcards().values() for w in ws}
    assert not banned & {w for w, _ in zeta_candidates(deck)}
    assert set(allow) <= lex                                   # kept on purpose, documented


def test_lexicon_header_counts_the_removals():
    head = [ln for ln in data_path("octagion", "words8.tsv").read_text().splitlines()[:6]
            if ln.startswith("# Family filter")]
    assert head == ["# Family filter: 37683 words, 24 removed by better-profanity, 152 more by "
                    "data/octagion/family_filter.tsv (118 listed, 5 inflections of listed words and "
                    "roots, 29 containing a stem), 37507 kept."]
    assert len(load_lexicon()[0]) == 37507 == 37683 - 24 - 152


def test_no_proper_names():
    lex = set(load_lexicon()[0])
    assert not {"DECEMBER", "MICHIGAN", "PORTUGAL", "JENNIFER"} & lex    # capitalised in SCOWL


@pytest.mark.integration
def test_better_profanity_finds_nothing_in_familiar_words():
    bp = pytest.importorskip("better_profanity")
    bp.profanity.load_censor_words()
    _, allow = family_filter()
    words, zipf = load_lexicon()
    familiar = [w for w, z in zip(words, zipf) if z >= 3.0]
    assert [w for w in familiar if w not in allow and bp.profanity.contains_profanity(w.lower())] == []


# ------------------------------------------------------------------------------------------------
# (b) check reads a plain word list of any length
# ------------------------------------------------------------------------------------------------
@pytest.mark.integration
def test_check_long_plain_list(tmp_path, cli_runner, monkeypatch):
    words = list(load_lexicon()[0][:2000])
    f = tmp_path / "designer.txt"
    f.write_text("\n".join(w.lower() for w in words) + "\n")
    monkeypatch.setenv("OCTOSOLVE_PROGRESS", "1")
    monkeypatch.delenv("OCTOSOLVE_NO_PROGRESS", raising=False)
    r = cli_runner(["octagion", "check", str(f), "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    assert [x["word"] for x in rows] == words and [x["index"] for x in rows] == list(range(1, 2001))
    assert "checking words" in r.stderr                       # progress on long lists
    deck = load_deck()
    for x in rows[::97]:                                      # the single-word solver agrees
        assert {k: v for k, v in x.items() if k not in ("card", "index", "repeated_at")} == solve_word(x["word"], deck)
    r = cli_runner(["octagion", "check", str(f)])
    assert r.stdout.splitlines()[-1].startswith(f"all words: {sum(x['solvable'] for x in rows)}/2000")


def test_plain_list_is_dealt_40_a_card_for_setups(tmp_path):
    f = tmp_path / "w.txt"
    words = list(load_lexicon()[0][:80])
    f.write_text("\n".join(words))
    wc = load_wordcards(f)
    assert list(wc) == ["A", "B"] and wc["B"][0] == words[40]
    f.write_text("\n".join(words[:50]))
    with pytest.raises(OctoError, match="40, 80"):
        load_wordcards(f)


# ------------------------------------------------------------------------------------------------
# (c) score refuses rows that cannot be on the table
# ------------------------------------------------------------------------------------------------
def test_score_impossible_rows_by_hand(cli_runner):
    ok = ["octagion", "score", "--sequence", "TREASURE", "--laid", "T5 R6 E1 A2 S4 U3 R8 E7"]
    assert cli_runner(ok).exit_code == 0
    for cards, extra, msg in [("T5 T5 E1 A2 S4 U3 R8 E7", [], "card T5 is laid 2 times"),
                              ("Q1 R6 E1 A2 S4 U3 R8 E7", [], "no card Q1"),
                              ("* * * * S4 U3 R8 E7", ["--treatments", "3"], "4 Treatment Cards"),
                              ("* * * * * * S4 U3", [], "6 Treatment Cards but the team has 5"),
                              ("T5 R6 E1 A2 S4 U3 R8 E7 T5", [], "card T5 is laid 2 times")]:
        r = cli_runner(ok[:4] + ["--laid", cards] + extra)
        assert r.exit_code == 2 and msg in r.output and len(r.output.strip().splitlines()) == 1


def _possible_brute(tokens, deck_cards, treatments):
    """Independent check: the row's cards can be given distinct physical cards of the deck (an
    injective map found by trying every ordered choice) and the Treatment Cards suffice."""
    if sum(t == "*" for t in tokens) > treatments:
        return False
    laid = [t for t in tokens if isinstance(t, Card)]
    if len(laid) > len(deck_cards):
        return False
    return any(all(deck_cards[j] == c for j, c in zip(pick, laid))
               for pick in itertools.permutations(range(len(deck_cards)), len(laid)))


tok = st.sampled_from(["A1", "A2", "B1", "B2", "*", "_"])


@settings(max_examples=150, deadline=None)
@given(st.lists(tok, min_size=1, max_size=5), st.lists(st.sampled_from(["A1", "A2", "B1"]),
                                                       min_size=1, max_size=4), st.integers(0, 2))
def test_score_possible_equals_brute_force(row, deck_cards, treatments):
    deck = Deck.parse("letter,number\n" + "".join(f"{c[0]},{c[1]}\n" for c in deck_cards))
    tokens = parse_variant(" ".join(row))
    expect = _possible_brute(tokens, [Card(c[0], int(c[1])) for c in deck_cards], treatments)
    try:
        score_variant("ABABABAB", " ".join(row), deck=deck, treatments=treatments)
        got = True
    except OctoError:
        got = False
    assert got == expect


# ------------------------------------------------------------------------------------------------
# (d) Zeta set-ups respect each team's Treatment Cards over the game
# ------------------------------------------------------------------------------------------------
def test_zeta_budget_by_brute_force():
    """Words A (needs 3), B (0), C (2); 3 Treatment Cards, 2 rounds: the possible games are exactly
    the ordered pairs of distinct words needing at most 3 in all."""
    zw = [("AAAAAAAA", 3), ("BBBBBBBB", 0), ("CCCCCCCC", 2)]
    need = dict(zw)
    expect = {(a, b) for a, b in itertools.permutations(need, 2) if need[a] + need[b] <= 3}
    assert expect == {("AAAAAAAA", "BBBBBBBB"), ("BBBBBBBB", "AAAAAAAA"), ("BBBBBBBB", "CCCCCCCC"),
                      ("CCCCCCCC", "BBBBBBBB")}
    seen = set()
    for seed in range(200):
        s = generate_setup("zeta", 2, seed, rounds=2, deck=load_deck(), zeta_words=zw)
        game = tuple(r["sequence"] for r in s["rounds"])
        assert game in expect
        assert s["rounds"][-1]["treatment_cards_left"] == {"P0": 3 - sum(need[w] for w in game),
                                                           "P1": 3 - sum(need[w] for w in game)}
        seen.add(game)
    assert seen == expect


@pytest.mark.parametrize("treatments", ["3", "5,1", "0"])
def test_zeta_setups_on_the_lexicon(treatments):
    deck = load_deck()
    zw = zeta_candidates(deck)
    budget = min(int(x) for x in treatments.split(","))
    for seed in range(5):
        s = generate_setup("zeta", 2, seed, treatments=treatments, deck=deck, zeta_words=zw)
        words = [r["sequence"] for r in s["rounds"]]
        assert len(set(words)) == len(words)
        assert sum(r["min_wildcards"] for r in s["rounds"]) <= budget
        for r in s["rounds"][:3]:
            assert r["min_wildcards"] == solve_word(r["sequence"], deck)["min_wildcards"]


def test_zeta_cli(cli_runner):
    r = cli_runner(["octagion", "setup", "--variant", "zeta", "--teams", "2", "--seed", "3",
                    "--treatments", "2", "--json"])
    j = json.loads(r.stdout)
    assert sum(rd["min_wildcards"] for rd in j["rounds"]) <= 2
    assert Counter(j["rounds"][-1]["treatment_cards_left"].values()) == \
        Counter([2 - sum(rd["min_wildcards"] for rd in j["rounds"])] * 2)
    assert np.all([rd["treatment_cards_left"]["P0"] >= 0 for rd in j["rounds"]])


def test_zeta_round_reading_is_the_option():
    """--zeta-budget round: each word within a team's allocation, the total unbounded (brute force
    over the same three words: every ordered pair of distinct words, each needing at most 3)."""
    zw = [("AAAAAAAA", 3), ("BBBBBBBB", 0), ("CCCCCCCC", 2)]
    seen = {tuple(r["sequence"] for r in generate_setup("zeta", 1, seed, rounds=2, deck=load_deck(),
                                                         zeta_words=zw, zeta_budget="ROUND")["rounds"])
            for seed in range(200)}
    assert seen == set(itertools.permutations([w for w, _ in zw], 2))
