"""#43.5 in a real browser: a wrong address is a page with the site's menu, and the Octagion
designer's table keeps its columns in view beside a very long pasted line and says on a word's line
that its accents were folded."""

from __future__ import annotations

import os

import pytest

from .test_browser import By, console, load, settle, click, url  # noqa: F401 (fixtures)

pytestmark = pytest.mark.integration
SHOTS = os.environ.get("OCTOSOLVE_SHOTS")  # a directory: save screenshots there to look at


def _shot(d, name):
    if SHOTS:
        d.save_screenshot(os.path.join(SHOTS, name))


@pytest.mark.parametrize("path", ["/play/chess", "/nonexistent", "/api/octiles/challenges/99/x"])
def test_a_wrong_address_shows_the_menu(browser, url, path):
    d = browser
    d.get(url + path)
    assert d.find_element(By.TAG_NAME, "h1").text == "Page not found"
    links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "header a")]
    assert url + "/octagion" in links and url + "/play/octagone" in links
    assert path in d.find_element(By.CSS_SELECTOR, ".not-found-path").text
    _shot(d, "404" + path.replace("/", "_") + ".png")
    logged = [e["message"] for e in d.get_log("browser") if e.get("level") == "SEVERE"]
    assert all("404" in m for m in logged), logged   # the page's own status, nothing else


def test_designer_long_line_wraps_and_folding_is_said(browser, url, console):
    d = browser
    load(d, url + "/octagion")
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("éléphant\n" + "X" * 300 + "\nTREASURE\n")
    settle(d, lambda d: click(d, "#check"))
    rows = d.find_elements(By.CSS_SELECTOR, "#rows tr:not(.badline)")
    assert "from éléphant: accents folded" in rows[0].text
    assert "accents folded" not in rows[1].text
    table = d.find_element(By.ID, "table")
    wrap = d.execute_script("return arguments[0].closest('.tablewrap') || arguments[0].parentElement", table)
    # every column in view: the table is no wider than its box (nothing to scroll sideways)
    width, room = d.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", wrap)
    d.execute_script("arguments[0].scrollIntoView()", table)
    _shot(d, "designer_long_line.png")
    assert width <= room + 1, (width, room)
