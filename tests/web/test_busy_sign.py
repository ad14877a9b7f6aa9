"""The play page's busy sign (issue 43, item 2): a click that starts work shows "thinking..." with a
spinner in the same frame, before the request returns, and the sign goes once the page is idle."""

from __future__ import annotations

import pytest

from .test_browser import click, load, settle  # noqa: F401 (skips without selenium)

pytestmark = pytest.mark.integration   # a browser test (the session's shared browser and server)

SIGN = "return getComputedStyle(document.getElementById('busy-sign')).visibility"


def test_busy_sign_shows_from_the_click_that_starts_work(browser, site):
    d = browser
    load(d, site + "/play/nim")
    assert d.execute_script(SIGN) == "hidden"
    # read in the click's own dispatch (a listener on the document runs after the button's):
    # no request can have returned by then
    d.execute_script("""window.feelSign = null;
      document.addEventListener('click', () => {
        window.feelSign = getComputedStyle(document.getElementById('busy-sign')).visibility;
      }, {once: true});""")
    settle(d, lambda d: click(d, "#hint"))
    assert d.execute_script("return window.feelSign") == "visible"
    assert d.execute_script(SIGN) == "hidden"   # idle again: the sign is gone
    assert "thinking" in d.execute_script("return document.getElementById('busy-sign').textContent")
