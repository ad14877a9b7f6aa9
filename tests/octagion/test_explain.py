"""`explain`: every lost word's reason and smallest change, every card's need count and the
single-card changes, checked against brute force (all 8! assignments) and full recounts."""

import json
from itertools import permutations

import numpy as np
import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.octagion.explain import explain_deck, load_any_deck, word_reason
from octosolve.octagion.kernels import solve_word_list
from octosolve.octagion.rules import Card, Deck, load_deck
from octosolve.octagion.wordcards import design_words

PERMS = np.array(list(permutations(range(8))), dtype=np.int64)      # 40,320 x 8
BEST_2000 = "data/octagion/best_deck_top2000.json"


def carries(deck: Deck, letters) -> set[int]:
    """The numbers of the cards whose letter is in ``letters`` (read off the cards)."""
    return {c.number for c in deck.cards if c.letter in letters}


def most_placed(word: str, deck: Deck) -> int:
    """Brute force: the most positions of ``word`` that distinct numbers can take, over all 8!
    assignments of numbers to positions."""
    a = np.zeros((8, 8), dtype=bool)
    for i, ch in enumerate(word):
        for n in carries(deck, ch):
            a[i, n - 1] = True
    return int(a[np.arange(8), PERMS].sum(axis=1).max())


def changed(deck: Deck, fix) -> Deck:
    cards = list(deck.cards)
    for f in fix:
        if f["from"]:
            cards.remove(Card(f["from"][0], int(f["from"][1:])))
        cards.append(Card(f["to"][0], int(f["to"][1:])))
    return Deck(cards)


def confirm(x: dict, deck: Deck) -> None:
    """A lost word's explanation, re-derived from the cards and by brute force."""
    w = x["word"]
    placed = most_placed(w, deck)
    assert placed < 8                                     # not solvable
    assert x["treatment_cards"] == 8 - placed == x["changes"] == len(x["fix"])
    t = x["letters"]
    if x["reason"] == "short":
        assert len(t) == 1 and w.count(t) > len(carries(deck, t))
        assert sorted(carries(deck, t)) == x["numbers"]
    elif x["reason"] == "crowded":
        assert 2 <= len(t) < len(set(w)) and set(t) <= set(w)
        p = sum(1 for ch in w if ch in t)
        assert p == x["positions"] > len(carries(deck, t))
        assert sorted(carries(deck, t)) == x["numbers"]
        assert all(w.count(ch) <= len(carries(deck, ch)) for ch in set(w))   # no short letter
    else:
        assert x["reason"] == "empty_number" and set(t) == set(w)
        assert x["numbers"] == sorted(set(range(1, 9)) - carries(deck, w))
        assert x["numbers"]
    assert most_placed(w, changed(deck, x["fix"])) == 8   # the smallest change covers it


@pytest.mark.integration
def test_reasons_small_list_brute_force():
    deck = load_deck()
    words = design_words(None, 300)[0] + ["REFERRER", "TOMORROW", "EVERYONE", "QUIZZING"]
    r = explain_deck(deck, words, top=5)
    brute = {w: most_placed(w, deck) == 8 for w in words}
    assert r["covered"] == sum(brute.values())
    assert {x["word"] for x in r["lost_words"]} == {w for w, ok in brute.items() if not ok}
    for x in r["lost_words"]:
        confirm(x, deck)
    assert sum(r["reasons"].values()) == r["lost"]
    assert r["near_misses"] == [x["word"] for x in r["lost_words"] if x["treatment_cards"] == 1]


def test_word_reason_kinds():
    deck = Deck([Card(c, n) for n in range(1, 9) for c in "ABCDEF"])
    assert word_reason("ABCDEFAB", deck.masks) is None
    one = Deck([Card("A", n) for n in range(1, 9)] + [Card("B", 1), Card("C", 2)])
    r = word_reason("AAAAAABB", one.masks)
    assert r["reason"] == "short" and r["letters"] == "B" and r["numbers"] == [1]
    r = word_reason("AAAAAABC", Deck([Card("A", n) for n in range(1, 8)] + [Card("B", 1),
                                                                          Card("C", 1)]).masks)
    assert r["reason"] == "crowded" and r["letters"] == "BC" and r["positions"] == 2
    r = word_reason("AAAAAAAB", Deck([Card("A", n) for n in range(1, 8)] + [Card("B", 1),
                                                                          Card("C", 8)]).masks)
    assert r["reason"] == "empty_number" and r["numbers"] == [8]


@pytest.fixture(scope="module")
def best2000():
    deck = load_any_deck(BEST_2000)
    words = design_words(None, 2000)[0]
    return deck, words, explain_deck(deck, words, top=10)


@pytest.mark.integration
def test_2000_every_lost_word_confirmed(best2000):
    deck, words, r = best2000
    assert (r["covered"], r["lost"]) == (1642, 358)
    for x in r["lost_words"]:
        confirm(x, deck)
    assert sum(r["reasons"].values()) == 358


def test_2000_card_needs_recounted(best2000):
    deck, words, r = best2000
    base = solve_word_list(words, deck.masks)[0] > 0
    for c in r["cards"]:
        rest = list(deck.cards)
        rest.remove(Card(c["card"][0], int(c["card"][1:])))
        now = solve_word_list(words, Deck(rest).masks)[0] > 0
        assert c["needed_by"] == int((base & ~now).sum()), c["card"]
    need = {c["card"]: c["needed_by"] for c in r["cards"]}
    assert need["H7"] == 218 and need["X4"] == 40          # the figures of issue #46


def test_2000_changes_recounted(best2000):
    deck, words, r = best2000
    base = solve_word_list(words, deck.masks)[0] > 0
    assert (r["top_changes"][0]["from"], r["top_changes"][0]["to"]) == ("U5", "H5")
    for c in r["top_changes"]:
        now = solve_word_list(words, changed(deck, [c]).masks)[0] > 0
        assert c["gained"] == int((now & ~base).sum()) and c["lost"] == int((base & ~now).sum())
        assert set(c["gained_words"]) == {w for w, a, b in zip(words, base, now) if b and not a}
    u5h5 = r["top_changes"][0]
    assert (u5h5["gained"], u5h5["lost"]) == (24, 40)


def test_cli_explain(tmp_path):
    res = CliRunner().invoke(cli, ["octagion", "explain", "--top", "200", "--changes", "3",
                                   "--json"])
    assert res.exit_code == 0, res.output
    j = json.loads(res.output)
    assert j["words"] == 200 and len(j["top_changes"]) <= 3 and j["lost"] == len(j["lost_words"])
    res = CliRunner().invoke(cli, ["octagion", "explain", "--top", "200", "--deck", BEST_2000])
    assert res.exit_code == 0 and "why the lost words are lost" in res.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"deck": 3}')
    res = CliRunner().invoke(cli, ["octagion", "explain", "--deck", str(bad)])
    assert res.exit_code == 2 and "not a design record" in res.output
