"""The play pages on a phone (390 x 844, touch emulated), measured in Debian's chromium: every
control a finger can hit (44 px tall: the page's buttons, lists and boxes, and the boards' own
buttons, Octagone's Pass and Oct8's End turn, which were 25-27 px), the boards' instructions
saying "tap" (they said "click"), the title and menu compact enough that the board starts within
the first quarter of the screen (it started 255-285 px down) and a board not drawn as a column
(Octagone's) whole on the first screen, arm cards (Oct8's) at least 24 px tall (they were 18.5 px),
the word builder's buttons (Octoverso's) 44 px tall as every other. Every game the play page offers is measured, at the address its manifest declares
(``GameManifest.web_test``); what is checked follows what its board shows."""

from __future__ import annotations

import pytest

from .test_browser import GAME_TIMEOUT, By, load, read, wait  # noqa: F401
from .test_browser_games import no_js_errors, phone  # noqa: F401

pytestmark = pytest.mark.integration

from octosolve.games import GAMES  # noqa: E402


def page(name: str) -> str:
    """The play page of game ``name`` where the phone tests measure it: the address its manifest
    declares (GameManifest.web_test.phone: your move, with a board button to tap where the game has
    one, e.g. Octagone's Pass and Oct8's End turn, keep chips)."""
    from octosolve.games import get_game

    return f"/play/{name}" + get_game(name).web_test.phone


# every game the play page offers (the test suite's own included)
PLAYABLE = [g.name for g in GAMES if g.web_ready()]

MEASURE = r"""
const vis = e => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
const svg = document.querySelector('#board svg');
const box = svg.getBoundingClientRect();
return {
  small: [...document.querySelectorAll('.play-layout button, .play-layout select, .play-layout summary,'
            + ' .play-layout label.button, .play-layout input:not(.visually-hidden), #history li.jump')]
    .filter(vis).map(e => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
    .filter(x => x[1] < 43.9),
  menu: document.querySelector('header').getBoundingClientRect().height,
  top: box.top + scrollY, bottom: box.bottom + scrollY,
  ratio: svg.viewBox.baseVal.height / svg.viewBox.baseVal.width,
  tells: /\bclick\b/i.test(pg.view.board),
  buttons: [...svg.querySelectorAll('[data-target^="button:"]')].map(e => [e.getAttribute('data-target'),
            e.getBoundingClientRect().height]),
  arms: [...svg.querySelectorAll('[data-target^="arm:"] > rect:not(.octo-hit)')].map(e => e.getBoundingClientRect().height),
  words: [...svg.querySelectorAll('text')].map(t => t.textContent).join(' | '),
  width: document.documentElement.scrollWidth,
};
"""


@pytest.fixture(scope="module")
def url(site):
    return site


@pytest.mark.parametrize("name", PLAYABLE)
def test_phone_controls_take_a_finger_and_the_board_comes_first(browser, url, name):
    from octosolve.games import get_game

    d = browser
    path, button = page(name), get_game(name).web_test.button
    phone(d)
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        d.get("about:blank")
        load(d, url + path, GAME_TIMEOUT)
        m = read(d, lambda d: d.execute_script(MEASURE))
        assert m["small"] == [], m["small"]
        assert m["menu"] <= 48 and m["width"] <= 390, m
        assert m["top"] <= 211, m["top"]  # a quarter of the 844 px screen
        if m["ratio"] <= 1.75:  # a board not drawn as a column (boardfit.js): whole on the first screen
            assert m["bottom"] <= 844, m
        if button:
            got = dict(m["buttons"])
            assert got[button] >= 43.9, m["buttons"]  # 44 px, to rounding
        if m["arms"]:  # Oct8's arm cards (18.5 px)
            assert min(m["arms"]) >= 24, m["arms"]
        assert "click" not in m["words"].lower(), m["words"]
        if m["tells"]:  # the board's instructions name the gesture (the server draws "click")
            assert "tap " in m["words"], m["words"]
    finally:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_mouse_is_still_told_to_click(browser, url):
    d = browser
    d.get("about:blank")
    load(d, url + page("octiles"), GAME_TIMEOUT)
    words = read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board svg text')].map(t => t.textContent).join(' ')"))
    assert "click a space, then a turn of the tile" in words


def test_how_to_play_brings_the_rules_beside_the_first_move(browser, url):
    # a newcomer on a phone met "place the Dama Bianca" with the rules three screens down, folded
    # under the form and the moves: "How to play", beside Undo and Hint, opens them in view
    d = browser
    phone(d)
    try:
        d.get("about:blank")
        load(d, url + page("octagone"), GAME_TIMEOUT)
        before = d.current_url
        assert d.find_element(By.ID, "rules-details").get_attribute("open") is None
        btn = d.find_element(By.ID, "how-to")
        assert btn.is_displayed() and btn.rect["y"] < 300 and btn.rect["height"] >= 43.9
        btn.click()
        wait(d, lambda d: d.find_element(By.ID, "rules-details").get_attribute("open") is not None)
        top = read(d, lambda d: d.execute_script(
            "return document.getElementById('rules-panel').getBoundingClientRect().top"))
        assert -2 <= top < 100, top  # at the top of the screen
        assert "Dama Bianca" in d.find_element(By.ID, "rules").text
        assert d.current_url == before  # the address still holds the game
        d.find_element(By.ID, "rules-back").click()
        wait(d, lambda d: abs(d.execute_script(
            "return document.getElementById('game').getBoundingClientRect().top")) < 5)
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_phone_screenshots_emulate_a_touch_phone(url):
    # scripts/web_screenshots.py took its 390 px shots with a mouse: the docs' phone pictures said
    # "Click" where a phone user reads "Tap". Its phone driver is a touch screen now.
    import importlib.util
    from pathlib import Path

    from .test_browser import CHROMIUM, DRIVER
    if not CHROMIUM or not DRIVER:
        pytest.skip("chromium and chromedriver are not installed")
    path = Path(__file__).resolve().parents[2] / "scripts" / "web_screenshots.py"
    spec = importlib.util.spec_from_file_location("web_screenshots", path)
    shots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shots)
    d = shots._driver(390, 844)
    try:
        load(d, url + page("octiles"), GAME_TIMEOUT)
        assert d.execute_script("return window.innerWidth") == 390
        assert d.execute_script("return matchMedia('(pointer: coarse)').matches")
        words = read(d, lambda d: d.execute_script(
            "return [...document.querySelectorAll('#board svg text')].map(t => t.textContent).join(' ')"))
        assert "tap " in words and "click" not in words.lower(), words
    finally:
        d.quit()
    d = shots._driver(1280, 900)  # a desktop's shots keep the mouse
    try:
        d.get(url + "/")
        assert not d.execute_script("return matchMedia('(pointer: coarse)').matches")
    finally:
        d.quit()


RETURN_A_TILE = ("/play/octoverso#params=jokers:false,teams:false,max_turns:200&seats=human,flat-mc"
                 "&level=hard&seed=2&moves=2521243,2489480,1912992")
HAND_TAPS = r"""
const out = [];
for (const g of document.querySelectorAll('#board [data-target^="tile:"].t-next')) {
  const id = g.getAttribute('data-target'), r = g.querySelector(':scope > rect:not(.octo-hit)').getBoundingClientRect();
  const at = (x, y) => { const e = document.elementFromPoint(x, y), t = e && e.closest('[data-target]');
                         return t && t.getAttribute('data-target'); };
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  out.push([id, r.height, g.getBoundingClientRect().height, at(cx, cy), at(cx, cy - 20), at(cx, cy + 20)]);
}
return out;
"""


def test_phone_hand_tiles_take_a_finger(browser, url):
    # Octoverso's hand tiles, tapped to return one to the pool, are 26 px on a phone and 3.5 px
    # apart: growTargets grew a small place both ways or not at all, so they stayed 26 px to tap;
    # now each grows up and down to 44 px, and across up to its neighbours' drawing
    d = browser
    phone(d)
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        d.get("about:blank")
        load(d, url + RETURN_A_TILE, GAME_TIMEOUT)
        d.execute_script("document.querySelector('#board [data-target^=\"tile:\"]').scrollIntoView({block: 'center'})")
        taps = read(d, lambda d: d.execute_script(HAND_TAPS))
        assert len(taps) >= 5, taps
        for tid, drawn, area, centre, above, below in taps:
            assert drawn < 30 and area >= 43.9, taps  # a small tile, a finger's height to tap
            assert centre == above == below == tid, taps  # 20 px above or below it is still it
    finally:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
