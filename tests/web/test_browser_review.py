"""The post-game review on the play page, in Debian's chromium (#43 item 4): a seeded Octagone game
in which you turn a proven win into a draw at move 27 (tests/web/test_review.py's), opened from
its address, over; "Review the game" in the summary lists every move of yours rated, names the
mistake in words, and a click on it shows the position before it on the board, the winning move
dashed; Close returns to the game. Then the same page on a phone's 390 px.

Integration: the review rates the game's 16 moves of yours within its default budget (about 3 s
of CPU, most of it the hard player's estimates of the first moves)."""

from __future__ import annotations

import pytest

from .test_browser import GAME_TIMEOUT, By, attr, click, load, read, settle, text, texts, wait  # noqa: F401
from .test_browser_games import board, no_js_errors, overlay, phone, view  # noqa: F401
from .test_review import MISTAKE, MOVES, SEED

pytestmark = pytest.mark.integration

ADDRESS = ("#params=variant:standard,players:2,hidden:false,wrap:edge&seats=human,alphabeta&level=hard"
           f"&seed={SEED}&moves={','.join(map(str, MOVES))}")


@pytest.fixture(scope="module")
def url(site):
    return site


def heading(d):
    return read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board svg text.octo-heading')].map(t => t.textContent)"))


def test_review_names_the_proven_mistake_and_shows_it_on_the_board(browser, url):
    d = browser
    try:
        d.get("about:blank")
        load(d, url + "/play/octagone" + ADDRESS, GAME_TIMEOUT)
        assert view(d)["terminal"] and d.find_element(By.ID, "game-over").is_displayed()
        live = {"url": d.current_url}
        assert not d.find_element(By.ID, "review-box").is_displayed()
        settle(d, lambda d: click(d, "#review"))
        # the ratings come as they are made, the last moves first; then the summary
        wait(d, lambda d: attr(d, "#review-box", "data-state") == "done", GAME_TIMEOUT)
        status = text(d, "review-status")
        assert status.startswith("16 moves of yours: 1 proven mistake"), status
        items = texts(d, "#review-moves li")
        assert len(items) == 16 and all(t.startswith(("best", "good", "forced", "inaccuracy", "mistake",
                                                      "proven mistake")) for t in items), items
        li = f'#review-moves li[data-ply="{MISTAKE}"]'
        said = text(d, "review-moves").split("\n")
        mistake = next(t for t in items if f"Move {MISTAKE} " in t)
        assert mistake.startswith(f"proven mistake Move {MISTAKE} ") and \
            "This move turned a win into a draw (proven); the winning move was yellow on row 2, col 3, arrow S" \
            in mistake, (mistake, said)
        assert attr(d, li, "data-grade") == "mistake" and attr(d, li, "data-kind") == "exact"
        # the moment on the board: the position before move 27, the winning move dashed
        settle(d, lambda d: click(d, li))
        assert text(d, "status").startswith(f"Replay: after move {MISTAKE - 1} of {len(MOVES)}; you to move.")
        better = read(d, lambda d: d.execute_script(
            "return pg.review.data.items.find(it => it.ply === arguments[0]).better", MISTAKE))
        assert better["targets"] and overlay(d, "hinted") == sorted(set(better["targets"]))
        assert heading(d) == [f"Review: before your move {MISTAKE}", f"dashed: {better['words']}"], heading(d)
        assert "current" in attr(d, li, "class")
        # another position of the replay: no dashes (they were that move's)
        settle(d, lambda d: click(d, "#replay-prev"))
        assert overlay(d, "hinted") == [] and not heading(d)[0].startswith("Review:")
        settle(d, lambda d: click(d, li))
        assert overlay(d, "hinted")
        # on a phone: nothing wider than the screen, each move a finger's height to tap
        phone(d)
        wait(d, lambda d: d.execute_script("return window.innerWidth") == 390)
        assert d.execute_script("return document.documentElement.scrollWidth") <= 390
        tall = d.execute_script("return Math.min(...[...document.querySelectorAll('#review-moves li')]"
                                ".map(e => e.getBoundingClientRect().height))")
        assert tall >= 43.9, tall
        # Close: back to the game, as it was
        settle(d, lambda d: click(d, "#review-close"))
        assert not d.find_element(By.ID, "review-box").is_displayed()
        assert text(d, "status").startswith("Game over") and d.current_url == live["url"]
        assert attr(d, "#replay-slider", "value") == str(len(MOVES))
        assert d.find_element(By.ID, "review").is_displayed()
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
