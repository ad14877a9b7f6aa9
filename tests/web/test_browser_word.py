"""Octoverso as a word game in the browser (issue #43, item 1): a whole game played by building
each word from the hand (clicks on the hand's tiles, as a person makes them, never the list of
moves), with no list of the words to play on the page; the word checked as it is built ("not a
word yet", "a word: N points", "no word ... goes on from ..."); the hint's word put in the builder;
after each move of yours the best words that turn allowed.

The deal: seed 1 against the easy level ends after 5 moves of yours (USEE announced, the OCTOs
CAMIONNA and MONNAIES, each followed by a tile returned: you win), counted with the server's own
Session. Integration: 31 s of wall time at a load average of 15 on the shared 2-core machine (14 s
at 6), most of it the browser's clicks and redraws (a word's check takes 0.3 ms of the server's
CPU, the hint 0.2 s).
"""

from __future__ import annotations

import json

import pytest

from .test_browser import TIMEOUT, By, click, load, read, settle, wait  # noqa: F401

pytestmark = pytest.mark.integration

GAME = "/play/octoverso#level=easy&seed=1"


@pytest.fixture(scope="module")
def url(site):
    return site


def sel(target: str) -> str:
    return f"#board [data-target={json.dumps(target)}]"


def composer(d) -> dict:
    return read(d, lambda d: d.execute_script(
        "return {hidden: document.getElementById('composer').hidden,"
        " msg: document.getElementById('compose-msg').textContent,"
        " state: document.getElementById('compose-msg').dataset.state,"
        " strip: [...document.querySelectorAll('#compose-strip .ltile')].map(e => e.textContent + ':' + e.className),"
        " play: !document.getElementById('compose-play').disabled, text: cp.text};"))


def no_word_list(d):
    """No list of words to play anywhere on the page: no word on the board to click, none in the
    list of legal moves (which keeps the exchanges), none in the view the page holds (issue #43:
    the server sends none), the study box not ticked; returns how many words the server counts."""
    got = read(d, lambda d: d.execute_script(
        "return {board: document.querySelectorAll('#board [data-target^=\"word:\"]').length,"
        " listed: [...document.querySelectorAll('#legal button')].map(b => b.textContent),"
        " words: pg.view.legal.filter(m => m.compose !== undefined || / rail letters|^announce /.test(m.text)).length,"
        " count: pg.view.composer.count,"
        " study: document.getElementById('compose-study').checked};"))
    assert got["board"] == 0 and not got["study"] and got["words"] == 0, got
    assert not any(t.startswith("announce") or " rail letters" in t for t in got["listed"]), got["listed"]
    return got["count"]


def build(d, letters: str):
    """Click the hand's tile of each letter in turn (each click checked by the server)."""
    for ch in letters:
        settle(d, lambda d: click(d, sel(f"tile:{ch}")))


def legal_move(d, letters: str) -> dict:
    return read(d, lambda d: d.execute_script(
        "return pg.view.legal.find(m => m.compose === arguments[0])", letters))


def test_a_whole_octoverso_game_built_word_by_word(browser, url):
    d = browser
    load(d, url + GAME)
    # the opening: a 4-letter word built from the hand, checked letter by letter
    assert not composer(d)["hidden"]
    assert no_word_list(d) > 100  # the server knows the 139 words; the page shows none
    click(d, sel("tile:U"))
    wait(d, lambda d: composer(d)["state"] == "prefix")
    assert "not a word yet" in composer(d)["msg"]
    build(d, "SE")
    build(d, "E")
    c = composer(d)
    assert c["state"] == "word" and "USEE" in c["msg"] and c["play"], c
    settle(d, lambda d: click(d, "#compose-play"), TIMEOUT)
    wait(d, lambda d: read(d, lambda d: d.execute_script("return pg.view.human_turn")))
    # the first turn of play: a letter no word goes on from, taken back with Backspace
    no_word_list(d)
    build(d, "MN")
    wait(d, lambda d: composer(d)["state"] == "none")
    assert "goes on from MN" in composer(d)["msg"]
    settle(d, lambda d: click(d, "#compose-back"))
    assert composer(d)["text"] == "M"
    settle(d, lambda d: click(d, "#compose-back"))
    assert composer(d)["text"] == ""
    # the hint: the computer's best move, a word, put in the builder by its button
    settle(d, lambda d: click(d, "#hint"), TIMEOUT)
    hinted = read(d, lambda d: d.execute_script("return pg.hint.compose;"))
    assert hinted, "the hard level's move here is a word"
    assert hinted in d.find_element(By.ID, "hint-box").text.replace(" ", "")
    settle(d, lambda d: click(d, "#compose-hinted"))
    c = composer(d)
    assert c["state"] == "word" and "point" in c["msg"], c
    assert [s for s in c["strip"] if "used" in s], c["strip"]  # the rail letters of the word shown
    settle(d, lambda d: click(d, "#compose-clear"))
    # ... and built again by clicking the hand: CAMION before the verso's RA: CAMIONNA, an OCTO
    build(d, "CAMION")
    c = composer(d)
    assert c["state"] == "word" and "CAMIONNA" in c["msg"] and "OCTO" in c["msg"], c
    assert sum("new" in s for s in c["strip"]) == 6, c["strip"]
    outlined = read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board g.compose-overlay rect')].map(r => r.getAttribute('data-for'))"))
    assert "end:verso:left" in outlined and "rail:verso:0" in outlined, outlined
    settle(d, lambda d: click(d, "#compose-play"), TIMEOUT)
    # the OCTO's reward: return a tile (the board's click), and the best words of that turn shown
    best = d.find_element(By.ID, "best-words")
    assert best.is_displayed() and "CAMIONNA" in best.text and "7 points" in best.text, best.text
    assert "CAMIONNA" in d.find_element(By.CSS_SELECTOR, "#best-words .mine").text
    assert d.find_element(By.ID, "composer").is_displayed() is False  # no word to build now
    settle(d, lambda d: click(d, sel("tile:I")), TIMEOUT)
    wait(d, lambda d: read(d, lambda d: d.execute_script("return pg.view.human_turn")))
    # the last word, built and played: MONNAI before the verso's ES: MONNAIES; its tile; the game won
    no_word_list(d)
    build(d, "MONNAI")
    assert "MONNAIES" in composer(d)["msg"]
    settle(d, lambda d: click(d, "#compose-play"), TIMEOUT)
    assert "MONNAIES" in d.find_element(By.ID, "best-words").text
    settle(d, lambda d: click(d, sel("tile:A")), TIMEOUT)
    v = read(d, lambda d: d.execute_script("return {over: pg.view.terminal, winners: pg.view.winners}"))
    assert v == {"over": True, "winners": [0]}, v
    assert not d.find_element(By.ID, "composer").is_displayed()


def test_study_box_lists_the_words_only_when_ticked(browser, url):
    d = browser
    load(d, url + GAME)
    assert no_word_list(d) > 100
    click(d, "#compose-study")   # the words asked for on their own (POST .../words)
    wait(d, lambda d: d.execute_script("return document.querySelectorAll('#legal button').length") >= 100)
    listed = read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#legal button')].map(b => b.textContent)"))
    assert "announce USEE" in listed and len(listed) >= 100, len(listed)
    # typed on the keyboard: a word the hand cannot make is refused with the letter it lacks
    body = d.find_element(By.TAG_NAME, "body")
    settle(d, lambda d: body.send_keys("q"))
    c = composer(d)
    assert c["state"] == "none" and "you have no Q" in c["msg"], c


def test_an_octo_claimed_in_the_word_panel(browser, url):
    # the claim reading of spotting (the web app's presets; issue #43): after the computer's word
    # of fewer than 8 letters the panel asks for an OCTO to claim, whether or not one exists; the
    # person types it (the keyboard or the A-Z row); the server checks it; a wrong one costs nothing
    from .test_browser_games import _api

    v = _api(url, "/api/octoverso/new", {"params": {"spotting": "claim"}, "level": "medium", "seed": 3})
    words = _api(url, f"/api/octoverso/{v['id']}/words", {})["moves"]
    v = _api(url, f"/api/octoverso/{v['id']}/move", {"action": min(m["action"] for m in words)})
    while not v["human_turn"]:
        v = _api(url, f"/api/octoverso/{v['id']}/computer", {})
    d = browser
    load(d, url + "/play/octoverso#params=spotting:claim&level=medium&seed=3&moves="
         + ",".join(map(str, v["all_actions"])))
    assert d.find_element(By.ID, "compose-noclaim").is_displayed()
    assert not d.find_element(By.ID, "hint").is_displayed()      # a hint would give it away
    assert "ARCHIPEL" not in d.find_element(By.TAG_NAME, "body").text
    body = d.find_element(By.TAG_NAME, "body")
    for ch in "absolues":
        settle(d, lambda d: body.send_keys(ch))
    c = composer(d)
    assert c["state"] == "none" and "costs nothing" in c["msg"] and not c["play"], c
    settle(d, lambda d: click(d, "#compose-clear"))
    for ch in "ARCHIPE":
        settle(d, lambda d: click(d, f"#compose-jokers button[data-letter='{ch}']"))
    settle(d, lambda d: body.send_keys("l"))
    c = composer(d)
    assert c["state"] == "word" and c["play"] and "could have laid" in c["msg"], c
    assert d.find_element(By.ID, "compose-play").text == "Claim"
    settle(d, lambda d: click(d, "#compose-play"), TIMEOUT)
    hist = read(d, lambda d: d.execute_script("return pg.view.history.map(h => h.text)"))
    assert hist[-1] == "claim the OCTO ARCHIPEL", hist[-3:]
    assert read(d, lambda d: d.execute_script("return pg.view.legal[0].targets[0]")).startswith("tile:")
