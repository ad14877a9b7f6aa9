"""#43 items 5 and 6 in a real browser: the proof drawn on every gallery card whose question has a
checked witness, legends legible at 1280 and 390 px, an open question in plain words, the editor's
hint, a wrong game-name case and a pasted lone surrogate handled."""

from __future__ import annotations

import re

import pytest

from octosolve.web import octiles_api

from .test_browser import By, attr, click, console, load, read, settle, text, wait, url  # noqa: F401

pytestmark = pytest.mark.integration


def _rows():
    return {(r["challenge"], r["variant"]): r for r in octiles_api.challenge_rows()}


def _legend_px(d, css, path):
    """The smallest font of a picture's words under its board (text-anchor start), as shown."""
    svg = (octiles_api.ANSWERS_DIR / path).read_text(encoding="utf-8")
    sizes = [float(x) for x in re.findall(r'<text[^>]*font-size="([0-9.]+)"[^>]*text-anchor="start"', svg)]
    width = float(re.search(r'<svg[^>]*width="([0-9.]+)"', svg).group(1))
    shown = d.execute_script("const i = document.querySelector(arguments[0]); i.scrollIntoView();"
                             "return i.getBoundingClientRect().width;", css)
    return min(sizes) * shown / width


@pytest.mark.parametrize("width", [1280, 390])
def test_gallery_shows_the_proof_drawn_legibly(browser, url, console, width):
    d = browser
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
    load(d, url + "/octiles")
    rows = _rows()
    drawn = sorted(k for k, r in rows.items() if r["witness"] and r["witness"]["picture"])
    assert len(drawn) == 61
    shown = read(d, lambda d: sorted(
        tuple(e.get_attribute("data-key").split("/")) for e in
        d.find_elements(By.CSS_SELECTOR, "div.card")
        if e.find_elements(By.CSS_SELECTOR, "a.proof-pic img")))
    assert sorted((int(n), v) for n, v in shown) == drawn
    card = "div.card[data-key='15/shared-3']"
    src = attr(d, f"{card} a.proof-pic img", "src")
    assert src.endswith("/api/octiles/challenges/15/shared-3/witness.svg")
    px = _legend_px(d, f"{card} a.proof-pic img", "challenge15-shared-3-witness.svg")
    wait(d, lambda d: d.execute_script(
        "return document.querySelector(arguments[0]).naturalWidth > 0", f"{card} a.proof-pic img"))
    assert px >= 11.5, px                     # was about 4 px high at 1280 px
    px = _legend_px(d, "div.card[data-key='24/count'] a.answer-pic img", "challenge24-count.svg")
    assert px >= 11.5, px


def test_open_questions_say_what_is_known_in_words(browser, url, console):
    d = browser
    load(d, url + "/octiles")
    for key in ("14/cross", "26/with-29", "7/with-9"):
        card = f"div.card[data-key='{key}']"
        click(d, f"{card} details.proof summary")
        words = read(d, lambda d: d.find_element(By.CSS_SELECTOR, card).text)
        assert "`" not in words and "UNKNOWN" not in words, (key, words)
        assert "To help:" in words and "Open" in words, words
    head = read(d, lambda d: d.find_element(By.CSS_SELECTOR, "div.card[data-key='14/cross'] .head").text)
    assert head.startswith("Open. Known: a placement scoring 8") and "more than 9" in head, head
    assert "witness checked without a solver" in head
    assert "CP-SAT and HiGHS" in read(
        d, lambda d: d.find_element(By.CSS_SELECTOR, "div.card[data-key='7/with-9'] .head").text)
    codes = d.find_elements(By.CSS_SELECTOR, "div.card[data-key='26/with-29'] details.proof code")
    assert codes and codes[-1].text.startswith("octosolve octiles prove 26")   # a command, as code


def test_editor_hint_gives_the_next_tile(browser, url, console):
    d = browser
    load(d, url + "/octiles")
    from selenium.webdriver.support.ui import Select

    settle(d, lambda d: Select(d.find_element(By.ID, "challenge")).select_by_value("6/points"))
    settle(d, lambda d: click(d, "#challenge-hint"))
    goal = octiles_api.stored_answers()[(6, "points")]["placement"]
    spaces = list(octiles_api.board_geometry()["spaces"])
    from octosolve.octiles.challenges.catalogue import get_variant
    from octosolve.octiles.challenges.ideas import idea

    assert text(d, "hint-idea") == "The idea: " + idea(get_variant(6, "points")[1])
    hint = text(d, "hint-tile")
    m = re.match(r"Next tile: the best known answer has tile (\d+) on (\w+), (not turned|turned (\d+) eighth)", hint)
    assert m, hint
    sp = m.group(2)
    assert goal[sp] == {"tile": int(m.group(1)), "rotation": int(m.group(4) or 0)}
    assert sp == next(s for s in spaces if s in goal)     # the first space, in the board's order


def test_play_page_in_capitals_and_a_pasted_surrogate(browser, url, console):
    d = browser
    load(d, url + "/play/OCTAGONE")
    wait(d, lambda d: d.execute_script("return document.body.dataset.busy") == "0")
    assert "thinking" not in text(d, "status").lower()
    load(d, url + "/octagion")
    d.execute_script("const b = document.getElementById('words');"
                     "b.value = 'OCTAGONS\\nAB\\uD800CDEFG\\nTREA\\u0007SURE\\n';")
    settle(d, lambda d: click(d, "#check"))
    assert text(d, "error") == ""
    bad = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#rows tr.badline")]
    assert len(bad) == 2 and "A-Z" in bad[0], bad
    assert [e.get_attribute("data-word") for e in
            d.find_elements(By.CSS_SELECTOR, "#rows tr:not(.badline)")] == ["OCTAGONS"]
