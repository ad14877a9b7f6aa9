"""Screenshots of the web app's pages in headless chromium, at a desktop width (1280 px) and a
phone's (390 px), for docs/web.md and for looking at the pages after a change.

    python scripts/web_screenshots.py --out /tmp/shots           # every shot
    python scripts/web_screenshots.py --out docs/img --only octiles-1280,octagion-390

Each shot waits for the page's states (``data-ready``, ``data-busy``, ``data-settled``, the
design run's ``data-design``), never for a time. Needs chromium, chromedriver and selenium (as the
browser tests).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TIMEOUT = 180

WORDS = """# a designer's list: bare words, word-card lines, and two slips
OCTAGONS
TREASURE
CHILDREN
NOVEMBER
MOUNTAIN
A1 ELEPHANT
A2 QUIZZING
SEPTEMBER
BUTTERFLY
ZZZZZZZZ
"""


def _driver(width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        sys.exit("chromium and chromedriver are needed (apt-get install -y chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
              f"--window-size={width},{height}"):
        opts.add_argument(a)
    opts.binary_location = chromium
    d = webdriver.Chrome(options=opts, service=Service(driver))
    # the page's own width, whatever the window's frame takes
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1,
                       "mobile": width < 600})
    return d


def _wait(d, cond):
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(d, TIMEOUT, ignored_exceptions=(StaleElementReferenceException,
                                                         NoSuchElementException)).until(cond)


def _state(d):
    return d.execute_script("const b = document.body.dataset; return {ready: b.ready || '', "
                            "busy: b.busy || '0', settled: Number(b.settled || 0), "
                            "design: b.design || ''};")


def _load(d, url):
    d.get(url)
    _wait(d, lambda d: (s := _state(d))["ready"] == "1" and s["busy"] == "0")


def _settle(d, action):
    before = _state(d)["settled"]
    action()
    _wait(d, lambda d: (s := _state(d))["busy"] == "0" and s["settled"] > before)


SPLIT = 0  # --split: the whole page in pieces this tall (for looking at a long page)


def _clip(d, y: int, height: int, width: int) -> bytes:
    import base64

    shot = d.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": y, "width": width, "height": height, "scale": 1}})
    return base64.b64decode(shot["data"])


def _save(d, path: Path, full: bool) -> None:
    """The page as a PNG: the whole page (``full``; in pieces with ``--split``) or the window's
    view."""
    from octosolve.core.files import atomic_write_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    if not full:
        atomic_write_bytes(path, d.get_screenshot_as_png())
        print(f"wrote {path}")
        return
    h = min(d.execute_script("return document.documentElement.scrollHeight"), 16000)
    w = d.execute_script("return document.documentElement.clientWidth")
    step = SPLIT or h
    for k, y in enumerate(range(0, h, step)):
        out = path if not SPLIT else path.with_name(f"{path.stem}-part{k + 1}{path.suffix}")
        atomic_write_bytes(out, _clip(d, y, min(step, h - y), w))
        print(f"wrote {out}")


def octiles(d, base, path, full):
    from selenium.webdriver.common.by import By

    _load(d, base + "/octiles")
    _settle(d, lambda: d.find_element(
        By.XPATH, "//div[@data-key='6/points']//button[contains(., 'load')]").click())
    _settle(d, lambda: d.find_element(By.ID, "only-counted").click())
    d.execute_script("window.scrollTo(0, 0)")
    _save(d, path, full)


def octiles_gallery(d, base, path, full):
    _load(d, base + "/octiles")
    d.execute_script("document.getElementById('gallery').scrollIntoView()")
    _save(d, path, full)


def octagion(d, base, path, full):
    from selenium.webdriver.common.by import By

    _load(d, base + "/octagion")
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys(WORDS)
    _settle(d, lambda: d.find_element(By.ID, "check").click())
    d.execute_script("document.getElementById('words').scrollTop = 0")
    if d.execute_script("return window.innerWidth") < 600:  # a phone: the table, below the list
        d.execute_script("document.querySelector('.result-panel').scrollIntoView()")
    else:
        d.execute_script("window.scrollTo(0, 0)")
    _save(d, path, full)


def octagion_design(d, base, path, full):
    from selenium.webdriver.common.by import By

    _load(d, base + "/octagion")
    for id_, value in (("design-top", "200"), ("design-time", "15")):
        d.find_element(By.ID, id_).clear()
        d.find_element(By.ID, id_).send_keys(value)
    d.find_element(By.ID, "design-start").click()
    _wait(d, lambda d: _state(d)["design"] in ("done", "stopped", "failed"))
    _wait(d, lambda d: _state(d)["busy"] == "0")
    d.execute_script("document.getElementById('design').scrollIntoView()")
    _save(d, path, full)


def _help(page):
    def shot(d, base, path, full):
        _load(d, base + page)
        d.execute_script("document.getElementById('help').open = true")
        _save(d, path, full)
    return shot


SHOTS = {"octiles": octiles, "octiles-help": _help("/octiles"), "octagion-help": _help("/octagion"), "octiles-gallery": octiles_gallery, "octagion": octagion,
         "octagion-design": octagion_design}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="directory for the PNG files")
    ap.add_argument("--only", default=None,
                    help="comma-separated shots NAME-WIDTH (e.g. octiles-1280,octagion-390); "
                         f"names: {', '.join(SHOTS)}")
    ap.add_argument("--full", action="store_true", help="the whole page, not only the window")
    ap.add_argument("--split", type=int, default=0, metavar="PX",
                    help="with --full: the page in pieces PX tall")
    args = ap.parse_args(argv)
    global SPLIT
    SPLIT = max(0, args.split)
    todo = [(n, w) for n in SHOTS for w in (1280, 390)]
    if args.only:
        want = set(args.only.split(","))
        todo = [(n, w) for n, w in todo if f"{n}-{w}" in want]
        if not todo:
            sys.exit(f"no shot named {args.only}")
    from octosolve.web.app import create_app, serve_in_thread

    with serve_in_thread(create_app(warm=False)) as base:
        for width in sorted({w for _, w in todo}, reverse=True):
            d = _driver(width, 900 if width > 600 else 844)
            try:
                for name, w in todo:
                    if w == width:
                        SHOTS[name](d, base, args.out / f"serve-{name}-{w}.png", args.full)
                errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
                for e in errors:
                    print("console:", e["message"], file=sys.stderr)
            finally:
                d.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
