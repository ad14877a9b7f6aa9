"""The proven best line on the Octagone play page, opened by clicks in Debian's chromium: the hint
offers "Show best play", the line lists both sides' moves to the end and its margin, and its steps
preview the board ahead (the next move dashed, nothing to click) while the game, its moves list,
replay slider and address stay as they were; "Back to your game" returns to the live board. At
1280 px and on a phone's 390 px."""

from __future__ import annotations

import pytest

from .test_browser import GAME_TIMEOUT, By, attr, click, load, read, settle, text, texts  # noqa: F401
from .test_browser_games import board, no_js_errors, overlay, phone, sel, view  # noqa: F401

pytestmark = pytest.mark.integration


# a game against the hard level, 20 free cells, your move: a proven win by one shield in 21 moves
LATE = ("#params=variant:standard,players:2,hidden:false,wrap:edge&seats=human,alphabeta&level=hard"
        "&seed=11&moves=1,341,340,369,339,340,342,341,339,342,337,343,371,370,343,341,337,342,342,"
        "341,374,336,338,369")


@pytest.fixture(scope="module")
def url(site):
    return site


def heading(d):
    return read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board svg text.octo-heading')].map(t => t.textContent)"))


@pytest.mark.parametrize("width", [1280, 390])
def test_best_play_is_shown_and_previewed_without_touching_the_game(browser, url, width):
    d = browser
    if width == 390:
        phone(d)
    try:
        d.get("about:blank")
        load(d, url + "/play/octagone" + LATE, GAME_TIMEOUT)
        live = {"url": d.current_url, "board": board(d), "history": texts(d, "#history li"),
                "moves": view(d)["moves"], "next": overlay(d, "next")}
        assert live["next"]
        settle(d, lambda d: click(d, "#hint"))
        assert "Exact: with best play this position is a win for you" in text(d, "hint-box")
        # while the server works the line out (up to about 2 s) the button says so
        waiting = d.execute_script("pg.lineWait = true; drawHint(); const b = document.getElementById('line-show');"
                                   " const out = [b.textContent, b.disabled]; pg.lineWait = false; drawHint(); return out;")
        assert waiting == ["Working out the best play\u2026", True], waiting
        settle(d, lambda d: click(d, "#line-show"))
        head = text(d, "line-box")
        assert "Best play from here (proven, both sides playing perfectly): 21 moves to the end; " \
               "you win by 1 shield (nobody holds a shield of the colour red or a jolly)." in head, head
        moves = texts(d, "#line-moves li")
        assert len(moves) == 21 and moves[0].startswith("you: ") and moves[1].startswith("P1 (alphabeta): ")
        assert "arrow " in moves[0] or "passes" in moves[0]
        # step on: the board after the first move, read-only, the line's next move dashed
        settle(d, lambda d: click(d, "#line-next"))
        assert text(d, "status").startswith("Best play, after move 1 of 21 (a preview: your game is not changed). Next: P1 (alphabeta)")
        assert board(d) != live["board"] and overlay(d, "next") == []
        # the board's own heading names the line's move it shows made, and asks nothing of you
        # (it said "You: play on row 2, col 3 (yellow) / click a shield, then an arrow")
        line = read(d, lambda d: d.execute_script("return pg.line.data.moves"))
        said = [("You" if m["player"] == 0 else f"P{m['player']}") + ": " + m["words"] for m in line]
        assert heading(d) == ["Best play, move 1 of 21 (a preview)", said[0]], heading(d)
        assert said[0].startswith("You: ") and "play on" not in " ".join(heading(d))
        dashed = read(d, lambda d: d.execute_script("return pg.line.view.next_targets"))
        assert dashed and overlay(d, "hinted") == sorted(set(dashed))
        assert d.find_element(By.ID, "hint").is_displayed() is False
        # a tap on the board says why it plays nothing
        click(d, sel(live["next"][0]))
        assert "best line's preview, not your game" in text(d, "pick-text")
        # a move of the list: the board after it; the last one: the end
        settle(d, lambda d: click(d, "#line-moves li[data-step='21']"))
        assert text(d, "status").endswith("The end: you win by 1 shield."), text(d, "status")
        assert heading(d) == ["Best play, move 21 of 21: the end", said[20]], heading(d)
        assert not d.find_element(By.ID, "line-next").is_enabled()
        # the game did not move: its moves, its address, the replay slider
        assert d.current_url == live["url"] and texts(d, "#history li") == live["history"]
        assert view(d)["moves"] == live["moves"]
        assert attr(d, "#replay-slider", "value") == str(live["moves"])
        if width == 390:  # nothing wider than the phone; the line's words readable
            assert d.execute_script("return document.documentElement.scrollWidth") <= 390
            size = d.execute_script("return parseFloat(getComputedStyle(document.querySelector('#line-moves li')).fontSize)")
            assert size >= 12, size
            tall = d.execute_script("return Math.min(...[...document.querySelectorAll('#line-moves li')]"
                                    ".map(e => e.getBoundingClientRect().height))")
            assert tall >= 43.9, tall  # each move a finger's height to tap
        # back to the game: its own board, yours to play
        settle(d, lambda d: click(d, "#line-back"))
        assert text(d, "status").startswith("Your move (P0)")
        assert heading(d)[0].startswith("You: play on row "), heading(d)
        assert board(d) == live["board"] and overlay(d, "next") == live["next"]
        assert d.current_url == live["url"]
        # the list stays open to step again; playing a move closes it (it was this position's)
        assert d.find_element(By.ID, "line-box").is_displayed()
        settle(d, lambda d: click(d, "#line-hide"))
        assert not d.find_element(By.ID, "line-box").is_displayed()
    finally:
        if width == 390:
            d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
