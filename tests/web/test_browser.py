"""Real-browser tests: Debian's chromium driven headless by selenium against the app served by
uvicorn on 127.0.0.1 in a thread. They skip (with the reason) when chromium, chromedriver or
selenium is missing."""

from __future__ import annotations

import json
import shutil

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

from octosolve.octiles import rules as R  # noqa: E402
from octosolve.web import octiles_api  # noqa: E402
from octosolve.web.app import create_app, serve_in_thread  # noqa: E402

from .toygame import NimEntry  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM or not DRIVER:
        pytest.skip("chromium and chromedriver are not installed "
                    "(apt-get install -y chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for SEVERE errors
    d = webdriver.Chrome(options=opts, service=Service(DRIVER))
    d.set_page_load_timeout(TIMEOUT)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def url():
    games = [NimEntry()]
    from octosolve.games import GAMES
    games += [g for g in GAMES if g.has_state]
    with serve_in_thread(create_app(games=games)) as u:
        yield u


# Every wait is for a STATE of the page, never for a time: the timeouts below are only ceilings
# (generous, for a busy machine) and a test goes on as soon as the state is reached. The pages set
# <body data-ready="1"> when set up, data-busy "1"/"0" around each request and its redraw, and
# data-settled, a count of the times they became idle (octosolve/web/static/common.js, busyWhile).
TIMEOUT = 120
GAME_TIMEOUT = 300  # a computer move of a real game on a loaded machine
IGNORED = (StaleElementReferenceException, NoSuchElementException)


def wait(d, cond, timeout=TIMEOUT):
    """Re-run ``cond(d)`` until it is truthy; it finds its elements afresh each time, and an
    element redrawn between the find and the read (stale) or not there yet counts as "not yet"."""
    return WebDriverWait(d, timeout, ignored_exceptions=IGNORED).until(cond)


def read(d, fn, timeout=TIMEOUT):
    """``fn(d)``, a find and a read in one go, retried when the page redraws in between (the value
    may be falsy: an empty text is a value)."""
    return wait(d, lambda d: (fn(d),), timeout)[0]


def text(d, id_):
    return read(d, lambda d: d.find_element(By.ID, id_).text)


def texts(d, css):
    return read(d, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, css)])


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
    assert summary.startswith("1 tiles"), summary
    expected = R.trace(R.placement_from_json({"a2": {"tile": 0, "rotation": 0}}))
    sm = expected.to_json()["summary"]
    assert f"{sm['paths']} paths, {sm['loops']} loops, {sm['open']} open" in summary
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
    assert f"{turned['paths']} paths" in text(d, "summary-text")
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
    assert summary.startswith("17 tiles") and f"{ans['verified_value']} loops" in summary, summary
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


@pytest.fixture
def console(browser):
    """The page's console: emptied before the test, and no SEVERE entry (a script error, a failed
    request) may be left after it."""
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
    assert text(d, "summary-text").startswith("1 tiles")
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
    assert text(d, "score-best") == "best known: 23, bound 36"
    assert "matches the best known answer, 23" in text(d, "verdict")
    # one step away from the optimum: no success message
    settle(d, lambda d: click(d, "//div[@data-key='6/points']//button[contains(., 'load')]", By.XPATH))
    click(d, "[data-space='c3']")                                   # select c3 (no request)
    wait(d, lambda d: "selected" in d.find_element(By.CSS_SELECTOR, "[data-space='c3']").get_attribute("class"))
    settle(d, lambda d: click(d, "#remove"))
    assert int(text(d, "score-value")) < 128
    assert "Solved" not in text(d, "verdict") and "to go" in text(d, "verdict")
    href = attr(d, "div[data-key='6/points'] a.cert", "href")
    assert href.endswith("/api/octiles/certificates/challenge06-points.json")


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
    assert not enabled(d, "design-csv") and enabled(d, "design-start")
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


def test_play_a_game_with_clicks(browser, url):
    d = browser
    load(d, url + "/play/nim")
    click(d, "#opponent option[value='perfect']")
    d.find_element(By.ID, "seed").send_keys("4")
    settle(d, lambda d: click(d, "#new"))
    moves = 0
    while True:
        # idle after a move: the computer has answered, so it is the human's turn or the end
        status = text(d, "status")
        assert status.startswith(("Your move", "Game over")), status
        if status.startswith("Game over"):
            break
        obs = text(d, "observation")
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


@pytest.mark.parametrize("name", ["octagone", "octiles", "oct8", "octoverso"])
def test_play_real_game(browser, url, name):
    from .test_api import _playable

    _playable(name)  # skips a game not on the contract yet
    d = browser
    load(d, url + f"/play/{name}")
    if read(d, lambda d: d.find_element(By.ID, "simulations").is_displayed()):
        d.find_element(By.ID, "simulations").send_keys("30")
    d.find_element(By.ID, "seed").send_keys("1")
    settle(d, lambda d: click(d, "#new"), GAME_TIMEOUT)
    for _ in range(3):
        status = text(d, "status")
        assert status.startswith(("Your move", "Game over")), status
        if status.startswith("Game over"):
            break
        n = len(texts(d, "#history li"))
        settle(d, lambda d: click(d, "#legal button"), GAME_TIMEOUT)
        assert len(texts(d, "#history li")) > n
    assert text(d, "observation")
