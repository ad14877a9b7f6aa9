"""Real-browser tests: Debian's chromium driven headless by selenium against the app served by
uvicorn on 127.0.0.1 in a thread. They skip (with the reason) when chromium, chromedriver or
selenium is missing."""

from __future__ import annotations

import json
import shutil

import pytest

pytestmark = pytest.mark.integration

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
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
    d.set_page_load_timeout(30)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def url():
    games = [NimEntry()]
    from octosolve.games import GAMES
    games += [g for g in GAMES if g.has_state]
    with serve_in_thread(create_app(games=games)) as u:
        yield u


def wait(d, cond, timeout=20):
    return WebDriverWait(d, timeout).until(lambda d: cond(d))


def ready(d):
    return d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1"


def text(d, id_):
    return d.find_element(By.ID, id_).text


def test_octiles_place_turn_and_score(browser, url):
    d = browser
    d.get(url + "/octiles")
    wait(d, ready)
    assert d.find_element(By.ID, "challenge").get_attribute("value") == "2/path-tiles"
    assert text(d, "score-value") == "0"  # the empty board has no path
    # tile 0 (segments 0-1, 2-3, 4-5, 6-7) on space a2: its segment 0-1 joins circles A3 and A2
    d.find_element(By.CSS_SELECTOR, "#tray [data-tile='0']").click()
    d.find_element(By.CSS_SELECTOR, "[data-space='a2']").click()
    wait(d, lambda d: text(d, "summary-text").startswith("1 tiles"))
    expected = R.trace(R.placement_from_json({"a2": {"tile": 0, "rotation": 0}}))
    sm = expected.to_json()["summary"]
    assert f"{sm['paths']} paths, {sm['loops']} loops, {sm['open']} open" in text(d, "summary-text")
    rows = d.find_elements(By.CSS_SELECTOR, "#paths tr")
    assert len(rows) == len(expected.paths)
    assert any("A3 - A2" in r.text or "A2 - A3" in r.text for r in rows)
    wait(d, lambda d: text(d, "score-value") == "1")  # the longest path crosses one tile
    # the traced paths are drawn: coloured strokes over the board picture
    assert d.find_elements(By.CSS_SELECTOR, "#board path[stroke-width='6']")
    # click the placed tile again: it turns (clockwise: rotation 7) and the board is traced again
    d.find_element(By.CSS_SELECTOR, "[data-space='a2']").click()
    wait(d, lambda d: d.execute_script("return ed.placement.a2.rotation") == 7
         and "rotation 7" in d.find_element(By.CSS_SELECTOR, "[data-space='a2'] title")
         .get_attribute("textContent"))
    turned = R.trace(R.placement_from_json({"a2": {"tile": 0, "rotation": 7}})).to_json()["summary"]
    wait(d, lambda d: f"{turned['paths']} paths" in text(d, "summary-text"))
    # another challenge for the same board: 27 (no path between neighbouring stops) is met
    d.find_element(By.CSS_SELECTOR, "#challenge option[value='27/whole-board']").click()
    wait(d, lambda d: "condition met" in text(d, "score"))


def test_octiles_load_stored_answer(browser, url):
    d = browser
    d.get(url + "/octiles")
    wait(d, ready)
    ans = json.loads((octiles_api.ANSWERS_DIR / "challenge03-count.json").read_text())
    d.find_element(By.XPATH, "//div[@data-key='3/count']//button[contains(., 'load')]").click()
    wait(d, lambda d: text(d, "summary-text").startswith("17 tiles"))
    assert f"{ans['verified_value']} loops" in text(d, "summary-text")
    wait(d, lambda d: text(d, "score-value") == str(ans["verified_value"]))
    assert "Best known" in text(d, "score")


def test_octagion_check_table(browser, url):
    d = browser
    d.get(url + "/octagion")
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("OCTAGONS\nZZZZZZZZ\n")
    d.find_element(By.ID, "check").click()
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#rows tr")) == 2)
    rows = [r.text for r in d.find_elements(By.CSS_SELECTOR, "#rows tr")]
    assert "OCTAGONS" in rows[0] and "yes" in rows[0]
    assert "ZZZZZZZZ" in rows[1] and "no" in rows[1]
    assert d.find_element(By.ID, "csv").is_enabled()


def test_play_a_game_with_clicks(browser, url):
    d = browser
    d.get(url + "/play/nim")
    wait(d, ready)
    d.find_element(By.CSS_SELECTOR, "#opponent option[value='perfect']").click()
    d.find_element(By.ID, "seed").send_keys("4")
    d.find_element(By.ID, "new").click()
    moves = 0
    while True:
        wait(d, lambda d: text(d, "status").startswith(("Your move", "Game over")))
        if text(d, "status").startswith("Game over"):
            break
        obs = text(d, "observation")
        assert obs.startswith("pile ") and "your secret card" in obs
        if moves:  # during the game the other seat's moves are hidden, and so is the record
            hist = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#history li")]
            assert hist[0].startswith("you: take") and all("moved" in h for h in hist[1::2])
            assert not d.find_element(By.ID, "record").is_enabled()
        d.find_elements(By.CSS_SELECTOR, "#legal button")[0].click()
        moves += 1
        wait(d, lambda d, m=moves: len(d.find_elements(By.CSS_SELECTOR, "#history li")) >= 2 * m - 1
             and text(d, "status").startswith(("Your move", "Game over")))
    assert moves >= 2
    assert "won" in text(d, "status")
    hist = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#history li")]
    assert all(": take " in h for h in hist)  # over: every move shown
    assert d.find_element(By.ID, "record").is_enabled()


@pytest.mark.parametrize("name", ["octagone", "octiles", "oct8", "octoverso"])
def test_play_real_game(browser, url, name):
    from .test_api import _playable

    _playable(name)  # skips a game not on the contract yet
    d = browser
    d.get(url + f"/play/{name}")
    wait(d, ready)
    sims = d.find_element(By.ID, "simulations")
    if sims.is_displayed():
        sims.send_keys("30")
    d.find_element(By.ID, "seed").send_keys("1")
    d.find_element(By.ID, "new").click()
    for _ in range(3):
        wait(d, lambda d: text(d, "status").startswith(("Your move", "Game over")), timeout=60)
        if text(d, "status").startswith("Game over"):
            break
        n = len(d.find_elements(By.CSS_SELECTOR, "#history li"))
        d.find_elements(By.CSS_SELECTOR, "#legal button")[0].click()
        wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history li")) > n, timeout=60)
    assert text(d, "observation")
