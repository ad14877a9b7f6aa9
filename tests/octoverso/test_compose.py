"""The play page's word builder (octosolve/octoverso/compose.py): a partial or complete word checked
for a position without the list of words (a word and the moves it makes, the start of one, or
neither and why), jokers, the place kept, bad input as one line, and the best words of a turn
shown after the player's move (the web API's: tests/web/test_play_api.py)."""

from __future__ import annotations

import pytest

from octosolve.core.errors import OctoError
from octosolve.octoverso import compose as C
from octosolve.octoverso import rules as R

# recto IMAGERAS, verso SAREGAMI; the hand OCTAVES: 54 word moves (compose.py's docstring)
RAIL, HAND = "IMAGERAS", "OCTAVES"


@pytest.fixture(scope="module")
def st():
    return R.OctoversoState.from_position(R.make_game(), RAIL, (HAND, "EEEE"))


def actions(r):
    return sorted(m["action"] for m in r["moves"])


def test_a_word_its_start_and_neither(st):
    assert C.check(st, "")["state"] == "empty"
    assert C.check(st, "TO")["state"] == "prefix"
    r = C.check(st, "TOSE")
    assert r["state"] == "word" and [m["word"] for m in r["moves"]] == ["AMITOSE", "MITOSE"]
    assert {m["laid"] for m in r["moves"]} == {"TOSE"} and r["moves"][0]["points"] == 4
    # the moves are the legal moves of that word, nothing else
    legal = {st.action_to_string(a): a for a in st.legal_actions()}
    assert actions(r) == sorted([legal["AMITOSE verso right k=3"], legal["MITOSE verso right k=2"]])
    # the strip: the verso (SAREGAMI) with its AMI in the word, TOSE laid, SARE pushed off
    assert "".join(c["ch"] for c in r["strip"]) == "SAREGAMITOSE"
    assert [c["kind"] for c in r["strip"]] == ["off"] * 4 + ["rail"] + ["used"] * 3 + ["new"] * 4
    assert r["marks"][0] == "end:verso:right" and "rail:verso:7" in r["marks"]
    none = C.check(st, "OC")
    assert none["state"] == "none" and none["message"] == "No word you can lay goes on from OC."


def test_the_place_keeps_one_end_and_the_whole_word_may_be_typed(st):
    assert C.check(st, "TOSE", "recto:right")["state"] == "none"
    assert C.check(st, "TE", "recto:right")["moves"][0]["word"] == "ERASTE"
    r = C.check(st, "MITOSE")  # the rail's MI typed too: the word itself
    assert r["state"] == "word" and [m["word"] for m in r["moves"]] == ["MITOSE"]


def test_a_letter_the_hand_lacks_and_the_joker():
    assert C.check(R.OctoversoState.from_position(R.make_game(), RAIL, (HAND, "E")), "TOX")["message"] \
        == "TOX: you have no X."
    st = R.OctoversoState.from_position(R.make_game(jokers=True), RAIL, ("OCTAVE?", "E"))
    for typed in ("TOSE", "TOsE"):  # S: the joker's, by itself or chosen
        r = C.check(st, typed)
        assert r["state"] == "word" and "your joker as S" in r["message"], r["message"]
        assert r["moves"][0]["jokers"] == ["S"]
    assert C.check(st, "TOsa")["message"] == "TOSA: you have 1 joker only."
    assert C.check(st, "TOXS")["message"] == "TOXS: you have no S and no joker left."


def test_a_word_whose_family_was_played_is_named(st):
    s = st.clone()
    for w in ("MITOSE", "AMITOSE"):
        s._block(s.lex.index[w])
    r = C.check(s, "TOSE", "verso:right")
    assert r["state"] == "none" and "(MITOSE is a word, but one of its family was played" in r["message"]


@pytest.mark.parametrize("text,place,words", [
    (5, None, "must be a string"), ("A" * 7, None, "at most 6 letters"), ("A1", None, "letters A-Z"),
    ("\u00c9", None, "letters A-Z"), ("A", "recto:middle", '"place" must be one of'),
    ("A", "x" * 10_000, '"place" must be one of'), ("A" * 1_000_000, None, "at most 6")],
    ids=["number", "7 letters", "digit", "accent", "place", "long place", "1 MB"])
def test_bad_input_is_one_short_line(st, text, place, words):
    with pytest.raises(OctoError) as e:
        C.check(st, text, place)
    msg = e.value.format_message()
    assert words in msg and "\n" not in msg and len(msg) < 200, msg


def test_the_opening_word():
    st = R.make_game().new_initial_state(1)
    word = C.compose_text(st, st.legal_actions()[-1])
    assert C.composer(st, 0)["max"] == 4 and C.composer(st, 1) is None
    r = C.check(st, word)
    assert r["state"] == "word" and actions(r) == [st.legal_actions()[-1]]
    assert C.check(st, word[:2])["state"] == "prefix"
    with pytest.raises(OctoError):
        C.check(st, word, "recto:right")


def test_the_best_words_of_the_turn_after_the_move(st):
    legal = {st.action_to_string(a): a for a in st.legal_actions()}
    small = C.best_words(st, legal["AIMA recto left k=3"])
    assert small["summary"] == "You laid AIMA: 1 point. The best that turn: 4 points (54 words fitted)."
    assert [row[0] for row in small["rows"]] == ["AMITOSE", "COASSA", "ECOSSA", "MITOSE", "RASATES"]
    assert small["rows"][0] == ["AMITOSE", "verso, right end, lays TOSE", 4] and small["mine"] is None
    best = C.best_words(st, legal["MITOSE verso right k=2"])
    assert best["summary"].endswith("The best a word made that turn.") and best["mine"] == 3
    ex = C.best_words(st, st.game.actions.EXCHANGE + ord("V") - 65)
    assert ex["summary"].startswith("You played exchange V: no word, 0 points.")
    assert C.compose_text(st, st.game.actions.EXCHANGE + ord("V") - 65) is None
