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
from selenium.webdriver.common.by import By  # noqa: E402
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
    assert "Best known" in text(d, "score")


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
