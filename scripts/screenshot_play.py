#!/usr/bin/env python3
"""Screenshots of the play page (/play/GAME) for docs/web.md, taken by headless chromium against
the app served on 127.0.0.1: a game in progress (a fixed seed, a few moves made by clicking the
board), the hint asked for, and the hinted move's first target clicked, so that the board shows
the picked target, the next targets and the hinted move. One PNG per width.

    python scripts/screenshot_play.py                       # docs/img/play-octagone-1280.png, -390.png
    python scripts/screenshot_play.py --game oct8 --widths 390 --out /tmp/shots

Needs selenium, chromium and chromedriver (Debian: apt-get install -y chromium chromium-driver).
Every wait is for a state of the page (data-ready, data-busy, data-settled), never for a time.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEIGHTS = {1280: 1210, 390: 844}  # window sizes: a laptop screen, a phone


def main(argv=None) -> int:
    from octosolve.core.errors import fail

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="octagone")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--moves", type=int, default=3, help="your moves made on the board first")
    ap.add_argument("--widths", default="1280,390", help="window widths in CSS pixels, comma-separated")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args(argv)
    try:
        widths = [int(w) for w in args.widths.split(",")]
    except ValueError:
        fail(f"--widths must be numbers such as 1280,390, got {args.widths!r}")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        fail("chromium and chromedriver are needed (apt-get install -y chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from octosolve.core.files import atomic_write_bytes
    from octosolve.web.app import create_app, serve_in_thread

    def state(d):
        return d.execute_script("const b = document.body.dataset; "
                                "return [b.ready || '', b.busy || '0', Number(b.settled || 0)];")

    def idle(d, before=-1):
        WebDriverWait(d, 600).until(lambda d: (s := state(d))[0] == "1" and s[1] == "0" and s[2] > before)

    def act(d, fn):
        before = state(d)[2]
        fn()
        idle(d, before)

    def click_target(d, t):
        d.find_element(By.CSS_SELECTOR, f"#board [data-target='{t}']").click()

    def board_move(d, move):
        legal = d.execute_script("return pg.view.legal")
        tg = move["targets"]
        for k, t in enumerate(tg):
            if len([m for m in legal if m.get("targets", [])[:k + 1] == tg[:k + 1]]) == 1:
                act(d, lambda: click_target(d, t))
                return
            click_target(d, t)
        act(d, lambda: d.find_element(By.CSS_SELECTOR, f"#chooser button[data-action='{move['action']}']").click())

    written = []
    with serve_in_thread(create_app()) as url:
        for w in widths:
            opts = webdriver.ChromeOptions()
            for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                      "--force-device-scale-factor=1", f"--window-size={w},{HEIGHTS.get(w, 1000)}"):
                opts.add_argument(a)
            opts.binary_location = chromium
            d = webdriver.Chrome(options=opts, service=Service(driver))
            # the exact width (a headless window is at least 500 px wide)
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": w, "height": HEIGHTS.get(w, 1000), "deviceScaleFactor": 1, "mobile": False})
            try:
                d.get(f"{url}/play/{args.game}#level=hard&seed={args.seed}")
                idle(d)
                if d.execute_script("return pg.view === null || pg.view.board === null"):
                    fail(f"{args.game} has no board (State.view_svg) to show, or the game did not start: "
                         + d.find_element(By.ID, "error").text)
                for _ in range(args.moves):
                    legal = d.execute_script("return pg.view.legal")
                    if not legal:
                        break
                    board_move(d, legal[len(legal) // 3])
                if d.execute_script("return pg.view.human_turn"):
                    act(d, lambda: d.find_element(By.ID, "hint").click())
                    first = d.execute_script("return (pg.hint.targets || [])[0] || null")
                    if first:
                        click_target(d, first)
                        WebDriverWait(d, 60).until(lambda d: d.execute_script("return pg.picked.length") == 1)
                d.execute_script("window.scrollTo(0, 0)")
                if w < 600:  # a phone: the whole page, one long picture (a screen that tall)
                    for _ in range(5):  # the board's height follows the screen's: until it settles
                        h = d.execute_script("return document.documentElement.scrollHeight")
                        if d.execute_script("return document.documentElement.clientHeight") >= h:
                            break
                        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                          {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False})
                png = d.get_screenshot_as_png()
                path = args.out / f"play-{args.game}-{w}.png"
                atomic_write_bytes(path, png)
                written.append(path)
            finally:
                d.quit()
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    from octosolve.core.errors import OctoError

    try:
        sys.exit(main())
    except OctoError as err:
        print(f"error: {err.format_message()}", file=sys.stderr)
        sys.exit(2)
