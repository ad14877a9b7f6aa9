"""Real-browser tests: Debian's chromium driven headless by selenium against the app served by
uvicorn on 127.0.0.1 in a thread. They skip (with the reason) when chromium, chromedriver or
selenium is missing."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from octosolve.core.words import counted  # noqa: E402
from octosolve.octiles import rules as R  # noqa: E402
from octosolve.web import octiles_api  # noqa: E402
from octosolve.games import GAMES as REGISTRY  # noqa: E402
from octosolve.web.app import create_app, serve_in_thread  # noqa: E402

# the games the play page offers (every registry game with a state and players, the test suite's own too)
PLAYABLE = [g.name for g in REGISTRY if g.web_ready()]

from .toygame import NimEntry  # noqa: E402

from .conftest import CHROMIUM, DRIVER, TIMEOUT, new_browser  # noqa: E402,F401 (imported by the other modules)


@pytest.fixture(scope="module")
def url(site):
    return site


# Every wait is for a STATE of the page, never for a time: the timeouts below are only ceilings
# (generous, for a busy machine) and a test goes on as soon as the state is reached. The pages set
# <body data-ready="1"> when set up, data-busy "1"/"0" around each request and its redraw, and
# data-settled, a count of the times they became idle (octosolve/web/static/common.js, busyWhile).
GAME_TIMEOUT = 300  # a computer move of a real game on a loaded machine
IGNORED = (StaleElementReferenceException, NoSuchElementException)
POLL = 0.1  # seconds between two looks (selenium's default, 0.5 s, was most of a short wait)


def wait(d, cond, timeout=TIMEOUT):
    """Re-run ``cond(d)`` until it is truthy; it finds its elements afresh each time, and an
    element redrawn between the find and the read (stale) or not there yet counts as "not yet"."""
    return WebDriverWait(d, timeout, poll_frequency=POLL, ignored_exceptions=IGNORED).until(cond)


def read(d, fn, timeout=TIMEOUT):
    """``fn(d)``, a find and a read in one go, retried when the page redraws in between (the value
    may be falsy: an empty text is a value)."""
    return wait(d, lambda d: (fn(d),), timeout)[0]


def text(d, id_):
    return read(d, lambda d: d.find_element(By.ID, id_).text)


def texts(d, css):
    return read(d, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, css)])


def row_texts(d, css):
    """The texts of many elements (a table's rows) read in one script call, each with its white
    space (the tabs between cells) made single spaces, as the element's ``.text`` reads: a call
    per element cost a round trip to the driver each."""
    return [" ".join(t.split()) for t in read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText);", css))]


def attr(d, css, name):
    return read(d, lambda d: d.find_element(By.CSS_SELECTOR, css).get_attribute(name))


def page_state(d):
    return d.execute_script("const b = document.body.dataset; "
                            "return {ready: b.ready || '', busy: b.busy || '0', settled: Number(b.settled || 0)};")


def load(d, address, timeout=TIMEOUT):
    """Open a page and wait until its script has set it up and no request is under way."""
    d.get(address)
    wait(d, lambda d: (s := page_state(d))["ready"] == "1" and s["busy"] == "0", timeout)


def click(d, css, by=By.CSS_SELECTOR):
    """Click the element found afresh (a stale find is retried; a click either lands or raises)."""
    wait(d, lambda d: d.find_element(by, css).click() is None)


def settle(d, action, timeout=TIMEOUT):
    """Do ``action(d)`` (a click that starts requests), then wait until the page has become idle
    again after it: more idle moments than before and no request under way."""
    before = page_state(d)["settled"]
    action(d)
    wait(d, lambda d: (s := page_state(d))["busy"] == "0" and s["settled"] > before, timeout)


def js_errors(d):
    """The page's console errors since the last call (SEVERE: uncaught exceptions, failed loads)."""
    return [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]


def open_moves(d):
    """Unfold "All legal moves" (the text list under the board) when it is folded."""
    if read(d, lambda d: d.find_element(By.ID, "moves-details").get_attribute("open")) is None:
        click(d, "#moves-details > summary")
    wait(d, lambda d: d.find_element(By.ID, "moves-details").get_attribute("open") is not None)


def open_advanced(d):
    if read(d, lambda d: d.find_element(By.ID, "advanced").get_attribute("open")) is None:
        click(d, "#advanced > summary")
    wait(d, lambda d: d.find_element(By.ID, "advanced").get_attribute("open") is not None)


def content(d, id_):
    """An element's text even when it is folded away (a closed <details>)."""
    return read(d, lambda d: d.find_element(By.ID, id_).get_attribute("textContent"))


def test_octiles_place_turn_and_score(browser, url):
    d = browser
    load(d, url + "/octiles")
    assert attr(d, "#challenge", "value") == "2/path-tiles"
    assert text(d, "score-value") == "0"  # the empty board has no path
    # tile 0 (segments 0-1, 2-3, 4-5, 6-7) on space a2: its segment 0-1 joins circles A3 and A2
    click(d, "#tray [data-tile='0']")  # the tray is redrawn at once with the tile selected
    wait(d, lambda d: "selected" in d.find_element(By.CSS_SELECTOR, "#tray [data-tile='0']")
         .get_attribute("class"))
    settle(d, lambda d: click(d, "[data-space='a2']"))
    summary = text(d, "summary-text")
    assert summary.startswith("1 tile: "), summary
    expected = R.trace(R.placement_from_json({"a2": {"tile": 0, "rotation": 0}}))
    sm = expected.to_json()["summary"]
    assert (f"{counted(sm['paths'], 'path')}, {counted(sm['loops'], 'loop')}, {sm['open']} open"
            in summary)
    rows = texts(d, "#paths tr")
    assert len(rows) == len(expected.paths)
    assert any("A3 - A2" in r or "A2 - A3" in r for r in rows), rows
    assert text(d, "score-value") == "1"  # the longest path crosses one tile
    # the traced paths are drawn: coloured strokes over the board picture
    assert read(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board path[stroke-width='6']"))) > 0
    # click the placed tile again: it turns (clockwise: rotation 7) and the board is traced again
    settle(d, lambda d: click(d, "[data-space='a2']"))
    assert d.execute_script("return ed.placement.a2.rotation") == 7
    assert "rotation 7" in attr(d, "[data-space='a2'] title", "textContent")
    turned = R.trace(R.placement_from_json({"a2": {"tile": 0, "rotation": 7}})).to_json()["summary"]
    assert f"{counted(turned['paths'], 'path')}, " in text(d, "summary-text")
    # another challenge for the same board: 27 (no path between neighbouring stops) is met
    settle(d, lambda d: click(d, "#challenge option[value='27/whole-board']"))
    assert attr(d, "#challenge", "value") == "27/whole-board"
    assert "condition met" in text(d, "score")


def test_octiles_load_stored_answer(browser, url):
    d = browser
    load(d, url + "/octiles")
    ans = json.loads((octiles_api.ANSWERS_DIR / "challenge03-count.json").read_text())
    settle(d, lambda d: click(d, "//div[@data-key='3/count']//button[contains(., 'load')]", By.XPATH))
    summary = text(d, "summary-text")
    assert summary.startswith("17 tiles") and counted(ans["verified_value"], "loop") in summary, summary
    assert text(d, "score-value") == str(ans["verified_value"])
    assert f"proven optimum: {ans['verified_value']}" in text(d, "score")


def test_octagion_check_table(browser, url):
    d = browser
    load(d, url + "/octagion")
    box = d.find_element(By.ID, "words")  # a static element: the page never redraws it
    box.clear()
    box.send_keys("OCTAGONS\nZZZZZZZZ\n")
    settle(d, lambda d: click(d, "#check"))
    rows = texts(d, "#rows tr")
    assert len(rows) == 2, rows
    assert "OCTAGONS" in rows[0] and "yes" in rows[0]
    assert "ZZZZZZZZ" in rows[1] and "no" in rows[1]
    assert read(d, lambda d: d.find_element(By.ID, "csv").is_enabled())


@pytest.fixture(autouse=True)
def console(browser):
    """The page's console: emptied before the test, and no SEVERE entry (a script error, a failed
    request) may be left after it (every test: no JavaScript error on any page; a test that expects
    one reads it with :func:`js_errors`, which empties the log)."""
    browser.get_log("browser")
    yield browser
    severe = [e["message"] for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert severe == []


def placement(d):
    return d.execute_script("return JSON.parse(JSON.stringify(ed.placement))")


def enabled(d, id_):
    return read(d, lambda d: d.find_element(By.ID, id_).is_enabled())


def keys(d, *chord):
    """Press a key chord on the page (Ctrl+Z ...): the keys go down in order and up in reverse."""
    a = ActionChains(d)
    for k in chord[:-1]:
        a = a.key_down(k)
    a = a.send_keys(chord[-1])
    for k in reversed(chord[:-1]):
        a = a.key_up(k)
    a.perform()


def test_octiles_undo_redo(browser, url, console):
    d = browser
    load(d, url + "/octiles")
    assert not enabled(d, "undo") and not enabled(d, "redo")
    click(d, "#tray [data-tile='0']")
    settle(d, lambda d: click(d, "[data-space='a2']"))            # placed: rotation 0
    settle(d, lambda d: click(d, "[data-space='a2']"))            # turned: rotation 7
    assert placement(d) == {"a2": {"tile": 0, "rotation": 7}}
    click(d, "#tray [data-tile='5']")
    settle(d, lambda d: click(d, "[data-space='c3']"))
    assert text(d, "summary-text").startswith("2 tiles")
    settle(d, lambda d: click(d, "#undo"))                        # c3 goes back to the tray
    assert placement(d) == {"a2": {"tile": 0, "rotation": 7}}
    assert text(d, "summary-text").startswith("1 tile: ")
    settle(d, lambda d: keys(d, Keys.CONTROL, "z"))               # the turn is taken back
    assert placement(d) == {"a2": {"tile": 0, "rotation": 0}}
    assert "rotation 0" in attr(d, "[data-space='a2'] title", "textContent")
    settle(d, lambda d: keys(d, Keys.CONTROL, "z"))               # and the placement
    assert placement(d) == {} and text(d, "summary-text").startswith("0 tiles")
    assert not enabled(d, "undo") and enabled(d, "redo")
    settle(d, lambda d: keys(d, Keys.CONTROL, "y"))
    assert placement(d) == {"a2": {"tile": 0, "rotation": 0}}
    settle(d, lambda d: keys(d, Keys.CONTROL, Keys.SHIFT, "z"))
    assert placement(d) == {"a2": {"tile": 0, "rotation": 7}}
    settle(d, lambda d: click(d, "#redo"))
    assert placement(d) == {"a2": {"tile": 0, "rotation": 7}, "c3": {"tile": 5, "rotation": 0}}
    assert not enabled(d, "redo")
    # a new change after an undo forgets what was undone
    settle(d, lambda d: click(d, "#undo"))
    click(d, "#tray [data-tile='9']")
    settle(d, lambda d: click(d, "[data-space='e4']"))
    assert not enabled(d, "redo") and "c3" not in placement(d)


def test_octiles_line_under_the_board_follows_the_clicks(browser, url, console):
    # the line under the board says what a click needs next, and never outlives it: "Space b3 is
    # empty" went on showing after a tile was put there; turn and remove with nothing selected
    # said nothing at all
    d = browser
    load(d, url + "/octiles")
    how_to = text(d, "hint")
    assert how_to.startswith("Pick a tile from the tray")
    click(d, "#rot-right")
    assert text(d, "hint").startswith("No tile is selected")
    click(d, "#remove")
    assert text(d, "hint").startswith("No tile is selected")
    click(d, "[data-space='b3']")
    assert text(d, "hint") == "Space b3 is empty: pick a tile from the tray to put there."
    settle(d, lambda d: click(d, "#tray [data-tile='4']"))        # the tile goes to b3
    assert placement(d) == {"b3": {"tile": 4, "rotation": 0}}
    assert text(d, "hint") == how_to
    click(d, "[data-space='c3']")
    assert text(d, "hint").startswith("Space c3 is empty")
    click(d, "[data-space='b3']")                                 # a placed tile: selected
    assert text(d, "hint") == how_to
    settle(d, lambda d: click(d, "#rot-right"))                   # it turns
    assert placement(d) == {"b3": {"tile": 4, "rotation": 7}} and text(d, "hint") == how_to


def test_octiles_address_restores_the_board(browser, url, console):
    d = browser
    load(d, url + "/octiles")
    click(d, "#tray [data-tile='3']")
    settle(d, lambda d: click(d, "[data-space='b4']"))
    click(d, "#tray [data-tile='17']")
    settle(d, lambda d: click(d, "[data-space='d2']"))
    settle(d, lambda d: click(d, "[data-space='d2']"))            # turned: rotation 7
    settle(d, lambda d: click(d, "#challenge option[value='27/whole-board']"))
    address = d.current_url
    assert address.endswith("#board=b4.3.0,d2.17.7&challenge=27/whole-board"), address
    summary, score = text(d, "summary-text"), text(d, "score-value")
    d.get("about:blank")                                          # a fresh page load
    load(d, address)
    assert placement(d) == {"b4": {"tile": 3, "rotation": 0}, "d2": {"tile": 17, "rotation": 7}}
    assert attr(d, "#challenge", "value") == "27/whole-board"
    assert text(d, "summary-text") == summary and text(d, "score-value") == score
    assert text(d, "error") == ""
    # an address edited by hand: its board becomes the editor's, and Undo takes it back
    settle(d, lambda d: d.execute_script("location.hash = '#board=c3.0.0'"))
    assert placement(d) == {"c3": {"tile": 0, "rotation": 0}}
    settle(d, lambda d: click(d, "#undo"))
    assert placement(d) == {"b4": {"tile": 3, "rotation": 0}, "d2": {"tile": 17, "rotation": 7}}
    # an address naming a space that is not on the board: said under the board, the board empty
    d.get("about:blank")
    load(d, url + "/octiles#board=z9.1.0")
    assert "z9" in text(d, "error") and placement(d) == {}


def test_octiles_challenge_matched(browser, url, console):
    d = browser
    load(d, url + "/octiles")
    settle(d, lambda d: click(d, "//div[@data-key='6/points']//button[contains(., 'load')]", By.XPATH))
    assert text(d, "score-value") == "128"
    assert text(d, "score-best") == "proven optimum: 128"
    assert text(d, "verdict") == "\u2713 Solved: your board reaches the proven optimum, 128."
    assert "ok" in attr(d, "#verdict", "class")
    assert d.current_url.endswith("&challenge=6/points")
    # a yes/no question settled by a checked certificate: green, and 0 is its answer
    settle(d, lambda d: click(d, "//div[@data-key='27/whole-board']//button[contains(., 'load')]", By.XPATH))
    assert text(d, "score-value") == "0"
    assert "Solved: your board meets the condition" in text(d, "verdict")
    assert attr(d, "#score .badge", "class") == "badge proven"
    assert attr(d, "#score .badge", "textContent") == "settled: yes"
    card = text(d, "gallery").split("28. ")[0].split("27. ")[-1]
    assert "settled: yes" in card and "not proven" not in card, card
    # an open one: best known with its bound
    settle(d, lambda d: click(d, "//div[@data-key='20/count']//button[contains(., 'load')]", By.XPATH))
    from octosolve.octiles.challenges.certificates import load_certificate

    c20 = load_certificate(20, "count")
    assert c20["status"] == "best+bound"
    assert text(d, "score-best") == f"best known: {c20['value']}, bound {c20['bound']}"
    assert f"matches the best known answer, {c20['value']}" in text(d, "verdict")
    # one step away from the optimum: no success message
    settle(d, lambda d: click(d, "//div[@data-key='6/points']//button[contains(., 'load')]", By.XPATH))
    click(d, "[data-space='c3']")                                   # select c3 (no request)
    wait(d, lambda d: "selected" in d.find_element(By.CSS_SELECTOR, "[data-space='c3']").get_attribute("class"))
    settle(d, lambda d: click(d, "#remove"))
    assert int(text(d, "score-value")) < 128
    assert "Solved" not in text(d, "verdict") and "to go" in text(d, "verdict")
    href = attr(d, "div[data-key='6/points'] a.cert", "href")
    assert href.endswith("/api/octiles/certificates/challenge06-points.json")


def test_octiles_gallery_shows_the_witness(browser, url, console):
    """A gallery card's "how it is proved" opens the method, the argument and the bound witness's
    line (what is in it, re-checked by ``octosolve octiles verify``), with its picture when drawn."""
    d = browser
    load(d, url + "/octiles")
    card = "div.card[data-key='13/self-crossing']"
    line = octiles_api.challenge_rows()
    line = next(r["witness_line"] for r in line if (r["challenge"], r["variant"]) == (13, "self-crossing"))
    assert attr(d, f"{card} details.proof", "open") is None             # folded at first
    assert "Bound witness" not in read(d, lambda d: d.find_element(By.CSS_SELECTOR, card).text)
    click(d, f"{card} details.proof summary")
    shown = read(d, lambda d: d.find_element(By.CSS_SELECTOR, f"{card} .witness").text)
    # the command set as <code>; 13's witness is drawn (#43.6: every checked witness), linked
    assert shown == line.replace("`", "") + " witness drawn", shown
    assert shown.startswith("Bound witness: case argument") and "LP branch and bound" in shown
    assert shown.endswith("re-checked without a solver by octosolve octiles verify: \u2713 witness drawn")
    assert "How:" in read(d, lambda d: d.find_element(By.CSS_SELECTOR, card).text)
    # 3's witness is drawn: the card links its picture
    click(d, "div.card[data-key='3/count'] details.proof summary")
    href = attr(d, "div.card[data-key='3/count'] a.witness-pic", "href")
    assert href.endswith("/api/octiles/challenges/3/count/witness.svg")


def test_octagion_summary_counts_in_good_english(browser, url, console):
    # the example list checked when the page opens said "1 need them (1 Treatment Cards in all)"
    d = browser
    load(d, url + "/octagion")
    first = text(d, "summary")
    assert "1 need them" not in first and "1 Treatment Cards" not in first, first
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("ZZZZZZZZ\n")                                   # one word, one Treatment Card short or more
    settle(d, lambda d: click(d, "#check"))
    shown = text(d, "summary")
    assert shown.startswith("0 of 1 word spelled without Treatment Cards; 1 needs them ("), shown
    n = int(shown.split("needs them (")[1].split(" ")[0])
    assert f"({n} Treatment Card{'' if n == 1 else 's'} in all)" in shown, shown


def test_octagion_repeated_word_counted_once(browser, url, console):
    """A word given twice is one word in the summary (as `octagion check` counts it); its second
    line is shown, marked 'again (line N): counted once', and the note says so."""
    d = browser
    load(d, url + "/octagion")
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("OCTAGONS\nTREASURE\nOCTAGONS\n")
    settle(d, lambda d: click(d, "#check"))
    rows = texts(d, "#rows tr")
    assert len(rows) == 3 and "again (line 1): counted once" in rows[2], rows
    assert text(d, "summary").startswith("2 of 2 words"), text(d, "summary")
    assert "1 line repeats a word given above: each word is counted once." in text(d, "problems-note")


def test_octagion_bad_line_flagged_rest_checked(browser, url, console):
    d = browser
    load(d, url + "/octagion")
    assert len(texts(d, "#rows tr")) == 6  # the example list, checked when the page opens
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("OCTAGONS\nSEPTEMBER\nA1 TREASURE\nZZZZZZZZ\n")
    settle(d, lambda d: click(d, "#check"))
    bad = texts(d, "#rows tr.badline")
    assert len(bad) == 1 and "SEPTEMBER" in bad[0] and "9 letters" in bad[0], bad
    assert attr(d, "#rows tr.badline", "data-line") == "2"
    good = read(d, lambda d: [(e.get_attribute("data-word"), e.text)
                              for e in d.find_elements(By.CSS_SELECTOR, "#rows tr:not(.badline)")])
    assert [w for w, _ in good] == ["OCTAGONS", "TREASURE", "ZZZZZZZZ"]
    assert " yes " in good[0][1] and " no " in good[2][1]
    assert "1 line is not a word" in text(d, "problems-note")
    assert text(d, "summary").startswith("2 of 3 words")
    # sort by solutions (a click on the title), the other way with a second click; the flagged
    # line stays last
    click(d, "#table th[data-key='solutions']")
    order = read(d, lambda d: [e.get_attribute("data-word") or "bad"
                               for e in d.find_elements(By.CSS_SELECTOR, "#rows tr")])
    assert order[0] == "ZZZZZZZZ" and order[-1] == "bad"
    click(d, "#table th[data-key='solutions']")
    order2 = read(d, lambda d: [e.get_attribute("data-word") or "bad"
                                for e in d.find_elements(By.CSS_SELECTOR, "#rows tr")])
    assert order2[:3] == order[:3][::-1] and order2[-1] == "bad"
    assert attr(d, "#table th[data-key='solutions']", "aria-sort") == "descending"
    assert read(d, lambda d: d.find_element(By.ID, "csv").is_enabled())
    # the deck's statistics: the project's deck against the lexicon, as `octagion deck` counts
    from octosolve.octagion.rules import load_deck
    from octosolve.octagion.wordcards import deck_stats

    assert text(d, "deck-solvable") == f"{deck_stats(load_deck())['solvable']:,}"


def test_octagion_files_opened_into_the_boxes(browser, url, console, tmp_path):
    d = browser
    load(d, url + "/octagion")
    words = tmp_path / "my words.txt"
    words.write_text("A1 OCTAGONS\nA2 TREASURE\n")
    deck = tmp_path / "deck.csv"
    deck.write_text("letter,number\n" + "\n".join(f"{c},{i % 8 + 1}" for i, c in enumerate("OCTAGNS" * 3)))
    d.find_element(By.ID, "words-file").send_keys(str(words))
    wait(d, lambda d: d.find_element(By.ID, "words").get_attribute("value") == words.read_text())
    d.find_element(By.ID, "deck-file").send_keys(str(deck))
    wait(d, lambda d: d.find_element(By.ID, "deck").get_attribute("value") == deck.read_text())
    assert d.find_element(By.ID, "deck-box").get_attribute("open") is not None  # shown
    settle(d, lambda d: click(d, "#check"))
    rows = texts(d, "#rows tr")
    assert len(rows) == 2 and "A1" in rows[0] and "OCTAGONS" in rows[0]
    assert "21 cards" in text(d, "deck-stats") and "the deck in the box" in text(d, "deck-stats")


def test_octagion_design_progress_and_stop(browser, url, console):
    d = browser
    load(d, url + "/octagion")
    click(d, "#design-words option[value='lexicon']")
    for id_, value in (("design-top", "400"), ("design-time", "120")):
        d.find_element(By.ID, id_).clear()
        d.find_element(By.ID, id_).send_keys(value)
    before = page_state(d)["settled"]
    click(d, "#design-start")
    wait(d, lambda d: d.execute_script("return document.body.dataset.design") == "running"
         and d.find_elements(By.ID, "design-phase"))
    assert "Running on 400 words" in text(d, "design-progress")
    assert enabled(d, "design-stop") and not enabled(d, "design-start")
    click(d, "#design-stop")
    wait(d, lambda d: d.execute_script("return document.body.dataset.design") == "stopped")
    wait(d, lambda d: (s := page_state(d))["busy"] == "0" and s["settled"] > before)
    assert text(d, "design-state") == "Stopped"
    # the best deck found before the stop: its covered count, the bound, the deck to download
    assert "best deck found before the stop" in text(d, "design-progress")
    covered = text(d, "design-covered")
    assert covered.startswith("Covered: ") and "of 400 words" in covered and "pressed Stop" in covered
    assert int(covered.split()[1]) > 0
    bound = text(d, "design-bound")
    assert bound.startswith("Proved bound: no deck of 6 letters a number spells more than ")
    assert int(bound.split("more than ")[1].split()[0]) >= int(covered.split()[1])
    # the gap is not promised to close with more seconds (the bound may be loose)
    assert "more seconds may close it" not in bound and "the bound itself may be loose" in bound
    # the solver's own end in words, not "CP-SAT's own bound: 400 (status FEASIBLE)"
    proof = text(d, "design-proof")
    assert "(status" not in proof and "(The search's solver, CP-SAT, " in proof, proof
    assert enabled(d, "design-csv") and enabled(d, "design-use") and enabled(d, "design-start")
    # a short run on the list above: covered, bound and gap, and the deck to download
    click(d, "#design-words option[value='list']")
    d.find_element(By.ID, "design-time").clear()
    d.find_element(By.ID, "design-time").send_keys("5")
    settle(d, lambda d: click(d, "#design-start"))
    assert d.execute_script("return document.body.dataset.design") == "done"
    assert text(d, "design-covered").startswith("Covered: ") and "of 6 words" in text(d, "design-covered")
    assert "gap" in text(d, "design-result")
    assert enabled(d, "design-csv")
    settle(d, lambda d: click(d, "#design-use"))  # the designed deck checks the list
    assert read(d, lambda d: d.find_element(By.ID, "deck").get_attribute("value")).startswith("letter,number")
    assert "the deck in the box" in text(d, "deck-stats")
    # the free split: 48 cards shared between the numbers as the search likes, sizes shown
    click(d, "#design-split option[value='free']")
    d.find_element(By.ID, "design-time").clear()
    d.find_element(By.ID, "design-time").send_keys("2")
    settle(d, lambda d: click(d, "#design-start"))
    assert d.execute_script("return document.body.dataset.design") == "done"
    assert text(d, "design-bound").startswith("Proved bound: no deck of 48 cards, however shared "
                                               "between the numbers, spells more than ")
    sizes = text(d, "design-sizes")
    assert sizes.startswith("Cards per number: ")
    assert sum(int(x) for x in sizes.rstrip(".").split(": ")[1].split()) == 48
    # the 'reproducible' box sends "deterministic" (design-deck --deterministic)
    assert d.execute_script("return designSettings().deterministic") is False
    click(d, "#design-deterministic")
    assert d.execute_script("return designSettings().deterministic") is True


def test_play_a_game_with_clicks(browser, url):
    d = browser
    load(d, url + "/play/nim")
    open_advanced(d)
    click(d, "#opponent option[value='perfect']")
    d.find_element(By.ID, "seed").send_keys("4")
    settle(d, lambda d: click(d, "#new"))
    open_moves(d)
    moves = 0
    while True:
        # idle after a move: the computer has answered, so it is the human's turn or the end
        status = text(d, "status")
        assert status.startswith(("Your move", "Game over")), status
        if status.startswith("Game over"):
            break
        obs = content(d, "observation")
        assert obs.startswith("pile ") and "your secret card" in obs
        if moves:  # during the game the other seat's moves are hidden, and so is the record
            hist = texts(d, "#history li")
            assert len(hist) >= 2 * moves
            assert hist[0].startswith("you: take") and all("moved" in h for h in hist[1::2])
            assert not read(d, lambda d: d.find_element(By.ID, "record").is_enabled())
        settle(d, lambda d: click(d, "#legal button"))
        moves += 1
        assert len(texts(d, "#history li")) >= 2 * moves - 1
    assert moves >= 2
    assert "won" in text(d, "status")
    hist = texts(d, "#history li")
    assert hist and all(": take " in h for h in hist)  # over: every move shown
    assert read(d, lambda d: d.find_element(By.ID, "record").is_enabled())


def easy_level(d):
    """Choose the easy level in the New game form when the game has levels: these tests are about
    the page playing a game, not the computer's strength, and the default (the strongest: Oct8's
    mcts of 1,000 simulations, Octagone's alphabeta) took most of their time."""
    if d.execute_script("return pg.info.levels.length"):
        click(d, "#level option[value='easy']")
        assert d.execute_script("return document.getElementById('level').value") == "easy"


@pytest.mark.parametrize("name", PLAYABLE)
def test_play_real_game(browser, url, name):
    from .test_api import _playable

    _playable(name)  # skips a game not on the contract yet
    d = browser
    load(d, url + f"/play/{name}", GAME_TIMEOUT)  # a fresh page starts a game at once
    assert text(d, "status").startswith(("Your move", "Game over")), text(d, "status")
    easy_level(d)
    open_advanced(d)
    if read(d, lambda d: d.find_element(By.ID, "simulations").is_displayed()):
        d.find_element(By.ID, "simulations").send_keys("30")
    d.find_element(By.ID, "seed").send_keys("1")
    settle(d, lambda d: click(d, "#new"), GAME_TIMEOUT)
    open_moves(d)
    # a game whose words are built from the hand (Octoverso) lists them with its study box ticked
    study = d.find_elements(By.ID, "compose-study")
    if study and study[0].is_displayed() and not study[0].is_selected():
        study[0].click()
    for _ in range(3):
        status = text(d, "status")
        assert status.startswith(("Your move", "Game over")), status
        if status.startswith("Game over"):
            break
        n = len(texts(d, "#history li"))
        settle(d, lambda d: click(d, "#legal button"), GAME_TIMEOUT)
        assert len(texts(d, "#history li")) > n
    assert content(d, "observation")
    assert js_errors(d) == []


# ---------------------------------------------------------------------------------------------
# the play page: the board, the address, undo, replay, hints, records (on the toy game, which has
# a board: tests/web/toygame.py)

NIM = "/play/nim#params=stones:{stones}&seats=human,perfect&seed={seed}&moves={moves}"


def overlay(d, cls):
    """The targets highlighted over the board with class ``cls`` (next, picked, hinted, hover)."""
    return sorted(read(d, lambda d: [e.get_attribute("data-for") for e in
                                     d.find_elements(By.CSS_SELECTOR, f"#board g.octo-overlay rect.{cls}")]))


def history(d):
    return texts(d, "#history li")


def test_board_clicks_narrow_the_moves(browser, url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    d = browser
    load(d, url + NIM.format(stones=10, seed=4, moves=""))
    assert text(d, "status").startswith("Your move")
    assert read(d, lambda d: d.find_element(By.ID, "moves-details").get_attribute("open")) is None
    assert overlay(d, "next") == ["pile"]  # every move starts on the pile
    ActionChains(d).move_to_element(d.find_element(By.CSS_SELECTOR, "#board [data-target='pile']")).perform()
    wait(d, lambda d: overlay(d, "hover") == ["pile"])
    click(d, "#board [data-target='pile']")  # no request: the page narrows the moves itself
    wait(d, lambda d: overlay(d, "picked") == ["pile"])
    assert overlay(d, "next") == ["take:1", "take:more"]
    assert "take 1, take 2, take 3" in text(d, "pick-text")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)  # starts the move again
    wait(d, lambda d: overlay(d, "picked") == [] and overlay(d, "next") == ["pile"])
    assert not read(d, lambda d: d.find_element(By.ID, "pick").is_displayed())
    # "take more" is two moves: a chooser asks which
    click(d, "#board [data-target='pile']")
    click(d, "#board [data-target='take:more']")
    wait(d, lambda d: d.find_element(By.ID, "chooser").is_displayed())
    assert texts(d, "#chooser button") == ["take 2", "take 3"]
    assert history(d) == []
    settle(d, lambda d: click(d, "//div[@id='chooser']/button[.='take 2']", By.XPATH))
    h = history(d)
    assert h[0] == "you: take 2" and len(h) == 2 and "moved" in h[1]
    # one click left to one move: it is played at once
    settle(d, lambda d: (click(d, "#board [data-target='pile']"),
                         click(d, "#board [data-target='take:1']")))
    assert history(d)[2] == "you: take 1"
    played = d.execute_script("return pg.view.all_actions")
    assert played[0] == 2 and played[2] == 1
    assert content(d, "observation").startswith(f"pile {10 - sum(played)};")
    assert js_errors(d) == []


def test_address_rebuilds_the_game_on_a_fresh_server(browser, url):
    d = browser
    load(d, url + NIM.format(stones=20, seed=7, moves=""))
    open_moves(d)
    for _ in range(2):
        settle(d, lambda d: click(d, "#legal button[data-action='1']"))
    address = d.current_url
    assert "#params=stones:20&seats=human,perfect" in address and "&seed=7&moves=" in address
    moves = address.split("&moves=")[1].split("&")[0].split(",")
    assert len(moves) == 4 and moves[0] == "1"
    before, obs = history(d), content(d, "observation")
    app = create_app(games=[NimEntry()], warm=False, max_games=1)
    with serve_in_thread(app) as other:  # "after a restart"
        load(d, other + address[len(url):])
        assert history(d) == before and content(d, "observation") == obs
        assert text(d, "status").startswith("Your move")
        assert js_errors(d) == []
        # the server forgets the game (one game kept, another started): the next move rebuilds it
        import urllib.request

        req = urllib.request.Request(other + "/api/nim/new", data=b"{}", headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=TIMEOUT).read()
        gid = d.execute_script("return pg.view.id")
        open_moves(d)
        settle(d, lambda d: click(d, "#legal button[data-action='1']"))
        assert history(d)[:4] == before and history(d)[4] == "you: take 1"
        # the move carried the page's copy of the game: the server rebuilt it under the same id
        # first (as a second server process would), no 404 on the way (it was a 404, then a new id)
        assert d.execute_script("return pg.view.id") == gid and text(d, "error") == ""
        assert js_errors(d) == []


def test_undo_button_and_ctrl_z(browser, url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    d = browser
    load(d, url + NIM.format(stones=15, seed=3, moves=""))
    assert not read(d, lambda d: d.find_element(By.ID, "undo").is_displayed())  # nothing to undo
    open_moves(d)
    settle(d, lambda d: click(d, "#legal button[data-action='2']"))
    settle(d, lambda d: click(d, "#legal button[data-action='3']"))
    assert len(history(d)) == 4 and history(d)[2] == "you: take 3"
    settle(d, lambda d: click(d, "#undo"))  # back before "take 3" (and the reply)
    assert history(d) == ["you: take 2", history(d)[1]] and text(d, "status").startswith("Your move")
    assert d.current_url.endswith("&moves=" + ",".join(map(str, d.execute_script("return pg.view.all_actions"))))
    body = d.find_element(By.TAG_NAME, "body")
    settle(d, lambda d: ActionChains(d).click(body).key_down(Keys.CONTROL).send_keys("z")
           .key_up(Keys.CONTROL).perform())
    assert history(d) == []
    assert content(d, "observation").startswith("pile 15;")
    assert not read(d, lambda d: d.find_element(By.ID, "undo").is_displayed())
    assert js_errors(d) == []


def _finish(d):
    """Play "take 1" until the game is over."""
    open_moves(d)
    while not text(d, "status").startswith("Game over"):
        settle(d, lambda d: click(d, "#legal button[data-action='1']"))


def test_replay_slider_steps_and_jumps(browser, url):
    from selenium.webdriver.common.keys import Keys

    d = browser
    load(d, url + NIM.format(stones=6, seed=2, moves=""))
    assert not read(d, lambda d: d.find_element(By.ID, "replay-bar").is_displayed())  # hidden card
    _finish(d)
    actions = d.execute_script("return pg.view.actions")
    total = len(actions)
    assert read(d, lambda d: d.find_element(By.ID, "replay-bar").is_displayed())
    assert attr(d, "#replay-slider", "max") == str(total) and attr(d, "#replay-slider", "value") == str(total)
    slider = d.find_element(By.ID, "replay-slider")
    settle(d, lambda d: slider.send_keys(Keys.HOME))  # the keyboard on the slider: to the start
    assert text(d, "status") == "Replay: the start; you to move."
    assert content(d, "observation").startswith("pile 6;")
    settle(d, lambda d: slider.send_keys(Keys.ARROW_RIGHT))
    assert text(d, "status").startswith(f"Replay: after move 1 of {total}")
    assert content(d, "observation").startswith(f"pile {6 - actions[0]};")
    settle(d, lambda d: click(d, "#replay-next"))
    assert content(d, "observation").startswith(f"pile {6 - actions[0] - actions[1]};")
    settle(d, lambda d: click(d, "#replay-prev"))
    assert attr(d, "#replay-slider", "value") == "1"
    assert "at=1" in d.current_url  # the replayed position is in the address too
    settle(d, lambda d: click(d, f"#history li[data-ply='{total - 1}']"))  # a move of the list
    assert text(d, "status").startswith(f"Replay: after move {total - 1} of {total}")
    assert read(d, lambda d: d.find_element(By.CSS_SELECTOR, "#history li.current").get_attribute("data-ply")) \
        == str(total - 1)
    assert not read(d, lambda d: d.find_element(By.ID, "moves-details").is_displayed())  # read-only
    settle(d, lambda d: click(d, "#replay-live"))
    assert text(d, "status").startswith("Game over")
    assert js_errors(d) == []


def test_hint_is_a_legal_move_and_is_shown_on_the_board(browser, url):
    d = browser
    load(d, url + NIM.format(stones=10, seed=5, moves=""))
    legal = d.execute_script("return pg.view.legal.map(m => m.text)")
    settle(d, lambda d: click(d, "#hint"))
    box = text(d, "hint-box")
    assert box.startswith("The computer (perfect) would play "), box
    move = read(d, lambda d: d.find_element(By.CSS_SELECTOR, "#hint-box strong").text)
    assert move in legal and move == "take 2"  # 10 stones: the perfect player leaves 8
    assert overlay(d, "hinted") == ["pile", "take:more"]
    open_moves(d)
    assert texts(d, "#legal button.hinted") == [move]
    settle(d, lambda d: click(d, "#legal button.hinted"))
    assert history(d)[0] == "you: take 2"
    assert not read(d, lambda d: d.find_element(By.ID, "hint-box").is_displayed())  # a new position
    assert js_errors(d) == []


def test_record_download_then_upload_replays_it(browser, url, tmp_path):
    d = browser
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    load(d, url + NIM.format(stones=7, seed=8, moves=""))
    _finish(d)
    final = history(d)
    click(d, "#record")
    saved = wait(d, lambda d: [p for p in tmp_path.glob("nim-*.json")
                               if p.stat().st_size and json.loads(p.read_text() or "null")])
    doc = json.loads(saved[0].read_text())
    assert doc["format"] == "octosolve-record/1" and doc["seed"] == 8
    # a fresh page (another game), then the record file is opened: it replays from the start
    load(d, url + "/play/nim")
    settle(d, lambda d: d.find_element(By.ID, "upload").send_keys(str(saved[0])))
    assert text(d, "status") == "Replay: the start; you to move."
    assert attr(d, "#replay-slider", "max") == str(len(doc["moves"]))
    assert history(d) == final
    settle(d, lambda d: click(d, "#replay-last"))
    assert text(d, "status").startswith("Game over") and history(d) == final
    assert f"seed=8&moves={','.join(str(m['action']) for m in doc['moves'])}" in d.current_url
    # a file that is not a record: one sentence, the page goes on
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    settle(d, lambda d: d.find_element(By.ID, "upload").send_keys(str(bad)))
    assert "not a game record" in text(d, "error")
    assert js_errors(d) == []


def legal_with_words(d) -> list:
    """The view's legal moves and, in a game whose moves are built from letters (Octoverso's
    words, which the view does not list: issue #43), those too, asked as the page's study box asks
    (POST .../words), in the order of their actions."""
    return d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const v = pg.view;
        if (!(v.composer && v.human_turn)) { done(v.legal); return; }
        api(`/api/${GAME}/${v.id}/words`, {game: rebuildBody(v)}).then(
          r => done(v.legal.concat(r.moves).sort((a, b) => a.action - b.action)), err => done(String(err)));""")


def play_on_board(d, move, timeout=GAME_TIMEOUT):
    """Make ``move`` (a legal move of the view, with its targets) by clicking its targets on the
    board in order; the last click plays it (or the chooser does, when moves share all targets)."""
    legal = d.execute_script("return pg.view.legal")
    tg = move["targets"]
    if not tg and "compose" in move:  # a word built from the hand in the word panel (Octoverso's)
        from .test_browser_games import build_word

        build_word(d, move, timeout)
        return
    for k, t in enumerate(tg):
        left = [m for m in legal if m.get("targets", [])[:k + 1] == tg[:k + 1]]
        css = f"#board [data-target='{t}']"
        assert t in overlay(d, "next"), (t, overlay(d, "next"))  # highlighted before the click
        if len(left) == 1:
            settle(d, lambda d: click(d, css), timeout)
            return
        click(d, css)
        wait(d, lambda d: d.execute_script("return pg.picked.length") == k + 1)
    settle(d, lambda d: click(d, f"#chooser button[data-action='{move['action']}']"), timeout)


@pytest.mark.parametrize("name", PLAYABLE)
def test_play_real_game_on_the_board(browser, url, name):
    from .test_api import _playable

    _playable(name)
    d = browser
    load(d, url + f"/play/{name}", GAME_TIMEOUT)
    easy_level(d)
    open_advanced(d)
    if read(d, lambda d: d.find_element(By.ID, "simulations").is_displayed()):
        d.find_element(By.ID, "simulations").send_keys("30")
    d.find_element(By.ID, "seed").send_keys("3")
    settle(d, lambda d: click(d, "#new"), GAME_TIMEOUT)
    if d.execute_script("return pg.view.board") is None:
        pytest.skip(f"{name} has no board yet (State.view_svg)")
    for turn in range(3):
        if text(d, "status").startswith("Game over"):
            break
        legal = legal_with_words(d)
        # each move made on the board, or built in the word panel (Octoverso's words: "compose")
        assert legal and all(m.get("targets") or m.get("compose") for m in legal), \
            f"{name}: a legal move neither on the board nor built"
        # a move of the middle of the list, not always the first
        move = legal[(len(legal) * (turn + 1)) // 4]
        n = d.execute_script("return pg.view.moves")
        play_on_board(d, move)
        h = d.execute_script("return pg.view.history")
        mine = [x for x in h if x["ply"] > n and x["player"] == d.execute_script("return pg.view.viewer")]
        assert mine and mine[0]["text"] == move["text"], (move, h[-4:])
    assert js_errors(d) == []


def test_phone_width_board_above_the_controls(browser, url):
    d = browser
    # a 390 px wide screen (a headless window cannot be narrower than 500 px: the screen is emulated)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        load(d, url + NIM.format(stones=10, seed=4, moves=""))
        m = d.execute_script(
            "const r = id => document.getElementById(id).getBoundingClientRect();"
            "return {width: window.innerWidth, client: document.documentElement.clientWidth,"
            " scroll: document.documentElement.scrollWidth,"
            " board: r('board'), setup: r('setup'), status: r('status')};")
        assert m["width"] == 390 and m["scroll"] <= m["client"], m  # nothing wider than the screen
        assert m["board"]["bottom"] <= m["setup"]["top"], m  # the board above the New game form
        assert 300 <= m["board"]["width"] <= 390, m
        assert m["board"]["top"] < 844, m  # the board starts on the first screen
        settle(d, lambda d: (click(d, "#board [data-target='pile']"), click(d, "#board [data-target='take:1']")))
        assert history(d)[0] == "you: take 1"  # and it plays by touch-sized clicks
        assert js_errors(d) == []
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_octiles_phone_tray_under_the_board_and_score_in_view(browser, url):
    # at 390 px the tray was in the side column, 300 px below the board's foot: the board and the
    # tray never fitted on one 844 px screen, so every tile meant scrolling down to pick it and up
    # to place it; and "score the editor's board" scrolled to the page's top, where the score is
    # not (it is below the board and the tray on a phone)
    d = browser
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        load(d, url + "/octiles")
        r = ("const r = id => document.getElementById(id).getBoundingClientRect();"
             "return {board: r('board-wrap'), tray: r('tray'), undo: r('undo'),"
             " scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth};")
        m = d.execute_script(r)
        assert m["scroll"] <= m["client"], m
        assert m["board"]["bottom"] <= m["tray"]["top"] <= m["board"]["bottom"] + 80, m  # right under it
        assert m["tray"]["bottom"] - m["board"]["top"] <= 844 - 20, m  # both on one screen
        assert m["tray"]["bottom"] <= m["undo"]["top"], m
        # picked and placed without scrolling in between
        d.execute_script("document.getElementById('board-wrap').scrollIntoView()")
        y = d.execute_script("return window.scrollY")
        click(d, "#tray [data-tile='4']")
        settle(d, lambda d: click(d, "[data-space='c3']"))
        assert d.execute_script("return ed.placement.c3.tile") == 4
        assert d.execute_script("return window.scrollY") == y
        # a gallery card's "score the editor's board": the score is in view
        key = "6/points"
        card = f"#gallery .card[data-key='{key}']"
        d.execute_script("document.querySelector(arguments[0]).scrollIntoView()", card)
        settle(d, lambda d: click(d, "//div[@data-key='6/points']//button[starts-with(., 'score')]", By.XPATH))
        wait(d, lambda d: 0 <= d.execute_script(
            "return document.getElementById('verdict').getBoundingClientRect().bottom") <= 844)
        assert d.execute_script("return document.getElementById('challenge').value") == key
        assert d.execute_script("return document.getElementById('challenge').getBoundingClientRect().top") >= 0
        assert js_errors(d) == []
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # a wide screen: the tray heads the side column, beside the board
    load(d, url + "/octiles")
    assert d.execute_script("return document.getElementById('tray-panel').parentElement.className") == "side-column"


@pytest.mark.parametrize("box,label", [("design-time", "seconds"), ("design-top", "how many"),
                                       ("design-seed", "seed")])
def test_octagion_design_box_holding_no_number_is_refused(browser, url, console, box, label):
    # "3e" in a number box reads "": the run started with the server's default (30 s, 1000 words,
    # seed 0) as if the box were empty
    d = browser
    load(d, url + "/octagion")
    d.find_element(By.ID, box).clear()
    d.find_element(By.ID, box).send_keys("3e")
    settle(d, lambda d: click(d, "#design-start"))
    assert text(d, "design-error") == f"{label}: what is typed is not a number"
    assert d.execute_script("return document.body.dataset.design") == "failed"
    assert text(d, "design-progress") == ""  # no run started


def test_octiles_gallery_keeps_room_for_pictures_not_yet_loaded(browser, url, console):
    # the gallery's pictures load when scrolled near (loading=lazy); until then they took no room,
    # so on a phone the cards below jumped down by a picture's height as each one came in
    d = browser
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        load(d, url + "/octiles")
        wait(d, lambda d: d.execute_script("return document.querySelectorAll('#gallery img').length") > 20)
        far = d.execute_script("const i = [...document.querySelectorAll('#gallery img')].pop();"
                               "return [i.complete && i.naturalWidth > 0, i.getBoundingClientRect().width,"
                               " i.getBoundingClientRect().height];")
        assert far[2] >= 0.9 * far[1], far  # the pictures are taller than wide (612 x 666-858)
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_octagion_explain_the_deck(browser, url, console):
    """The designer explains a deck: the 1,642-word deck of data/octagion/best_deck_top2000.json
    against the 2,000 most familiar words shows 358 lost words, each with its reason, the cards
    by the words that need them (H7: 218) and the best single-card change (U5 -> H5: +24 -40),
    as `octosolve octagion explain` counts them."""
    from octosolve.octagion.explain import load_any_deck

    d = browser
    load(d, url + "/octagion")
    csv = load_any_deck("data/octagion/best_deck_top2000.json").to_csv()
    d.execute_script("document.getElementById('deck').value = arguments[0]", csv)
    top = d.find_element(By.ID, "explain-top")
    top.clear()
    top.send_keys("2000")
    settle(d, lambda d: click(d, "#explain-run"))
    assert text(d, "explain-covered") == "1,642 of 2,000"
    lost = row_texts(d, "#explain-lost tbody tr")  # 358 rows: one call, not one per row
    assert len(lost) == 358 and any("EVERYONE" in r and "no card numbered 8" in r for r in lost)
    assert row_texts(d, "#explain-cards tbody tr")[0].startswith("H7 218")
    assert row_texts(d, "#explain-changes tbody tr")[0].startswith("U5 \u2192 H5 24 40 -16")
