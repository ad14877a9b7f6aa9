"""One browser and one web server per test session (per xdist worker), shared by every browser
test module: starting Chromium and the app once instead of once per module.

``browser``: Debian's chromium driven headless by selenium (the test skips, with the reason, when
chromium, chromedriver or selenium is missing). After every test that used it, the window is put back
to the desktop size and any device emulation is cleared, so no test inherits another's phone.
``site``: the app with every game of the registry (and the Nim toy game) served by uvicorn on
127.0.0.1 in a thread, without the warm-up of the games' engines; modules name it ``url``.
"""

from __future__ import annotations

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")
TIMEOUT = 120
WINDOW = (1400, 1000)


def new_browser():
    """A fresh headless Chromium (the caller quits it)."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    if not CHROMIUM or not DRIVER:
        pytest.skip("chromium and chromedriver are not installed "
                    "(apt-get install -y chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
              f"--window-size={WINDOW[0]},{WINDOW[1]}"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console, for js_errors
    d = webdriver.Chrome(options=opts, service=Service(DRIVER))
    d.set_page_load_timeout(TIMEOUT)
    return d


@pytest.fixture(scope="session")
def browser():
    d = new_browser()
    yield d
    d.quit()


@pytest.fixture(autouse=True)
def _reset_browser(request):
    """Put a shared browser back as a desktop window after each test that used it."""
    yield
    if "browser" not in request.fixturenames:
        return
    d = request.getfixturevalue("browser")
    try:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        if tuple(d.get_window_size().values())[:2] != WINDOW:
            d.set_window_size(*WINDOW)
    except Exception:  # a browser that died is the failing test's story, not the next one's
        pass


def site_games() -> list:
    """The games the session's app offers: the Nim toy game and every game of the registry with a
    state (the sixth game that tests/conftest.py registers included)."""
    from octosolve.games import GAMES

    from .toygame import NimEntry

    return [NimEntry()] + [g for g in GAMES if g.has_state]


@pytest.fixture(scope="session")
def site():
    """The address of one app serving :func:`site_games`, without the warm-up: a game's first
    page would start its default (strongest) player on three moves of a scratch game in the
    background, holding the game's engine, which the tests' own requests then waited for (Oct8's
    mcts: minutes of CPU on a loaded machine, until the page's request gave up with a 503); the
    warm-up itself is tests/web/test_api.py's test_warm_up_once_per_game."""
    from octosolve.web.app import create_app, serve_in_thread

    with serve_in_thread(create_app(games=site_games(), warm=False)) as u:
        yield u
