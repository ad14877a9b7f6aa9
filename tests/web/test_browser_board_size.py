"""The board's size on the play pages (boardfit.js), measured in Debian's chromium: a board much
taller than wide is drawn at least 600 px wide where the page has room (Oct8's board with 4 players
was 360 px wide at 1280 px, the rest of the screen empty), still inside a phone's 390 px with the
page's controls above it."""

from __future__ import annotations

import contextlib

import pytest

from .test_browser import GAME_TIMEOUT, load, read  # noqa: F401
from .test_browser_games import phone

pytestmark = pytest.mark.integration


def _phone_page(name: str) -> str:
    """The game's play page where you have a move, as its manifest declares it (WebTest.phone)."""
    from octosolve.games import get_game

    return f"/play/{name}" + get_game(name).web_test.phone


DRAWN = r"""
const svg = document.querySelector('#board svg'), vb = svg.viewBox.baseVal, m = svg.getScreenCTM();
const b = svg.getBoundingClientRect(), undo = document.getElementById('hint').getBoundingClientRect();
return {width: vb.width * m.a, height: vb.height * m.d, left: b.left + (b.width - vb.width * m.a) / 2,
        page: document.documentElement.scrollWidth, window: innerWidth, hint: [undo.top, undo.height]};
"""


@pytest.fixture(scope="module")
def url(site):
    return site


def screen(d, width, height, mobile):
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


@contextlib.contextmanager
def desktop_page(d, page):
    """The page loaded in a 1280 x 900 desktop window (the window put back afterwards)."""
    try:
        screen(d, 1280, 900, False)
        d.get("about:blank")
        load(d, page, GAME_TIMEOUT)
        yield d
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_oct8_four_players_uses_the_width(browser, url):
    d = browser
    try:
        screen(d, 1280, 900, False)
        d.get("about:blank")
        load(d, url + _phone_page("oct8"), GAME_TIMEOUT)
        m = read(d, lambda d: d.execute_script(DRAWN))
        assert m["height"] > 1.5 * m["width"], m  # the 4 players' board: tall
        assert m["width"] >= 600, m  # it was 360 px
        assert m["page"] <= m["window"], m  # no sideways scrolling
        assert 0 < m["hint"][0] < 300, m  # the controls above the board, in view
        phone(d)
        d.get("about:blank")
        load(d, url + _phone_page("oct8"), GAME_TIMEOUT)
        m = read(d, lambda d: d.execute_script(DRAWN))
        assert m["page"] <= 390 and m["left"] >= 0 and m["left"] + m["width"] <= 390.5, m
        assert m["width"] >= 350, m  # the phone's width
        assert 0 < m["hint"][0] < 300, m
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_wide_board_keeps_its_size(browser, url):
    # Octagone's board (wider than tall) on a desktop: as before, the window's height or 720 px
    with desktop_page(browser, url + "/play/octagone#level=easy&seed=1") as d:
        m = read(d, lambda d: d.execute_script(DRAWN))
        assert m["height"] <= 760.5 and m["width"] <= 720.5, m


STICKY = r"""
const ns = 'http://www.w3.org/2000/svg';
const make = (w, h) => { const s = document.createElementNS(ns, 'svg');
                         s.setAttribute('viewBox', `0 0 ${w} ${h}`); return s; };
const floor = s => s.style.getPropertyValue('--board-min-h');
const out = {};
out.short_first = floor((() => { const s = make(100, 160); fitBoard(s, 'g1'); return s; })());
fitBoard(make(100, 190), 'g1');             // the board grows past COLUMN
out.short_after = floor((() => { const s = make(100, 160); fitBoard(s, 'g1'); return s; })());
out.other_game = floor((() => { const s = make(100, 160); fitBoard(s, 'g2'); return s; })());
return out;
"""


def test_a_board_drawn_wide_stays_wide_for_its_game(browser, url):
    # Oct8's board grows taller as the game goes on; it jumped from about 430 to 600 px wide the
    # move it crossed boardfit.js's COLUMN ratio, and back when it shrank
    d = browser
    d.get("about:blank")
    load(d, url + _phone_page("oct8"), GAME_TIMEOUT)
    m = d.execute_script(STICKY)
    assert m["short_first"] == "", m  # 1.6 times taller than wide: fits the window, as before
    assert m["short_after"] == "960px", m  # the same game, once wide: stays 600 px wide
    assert m["other_game"] == "", m  # a new game starts afresh
