"""Screenshots of EVERY page of the web app in headless chromium, at a desktop width (1280 px) and
a phone's (390 px, touch emulated: the pages say "tap" there), into docs/img/ (docs/web.md shows them): the home page, each game's play page mid-game (a
fixed deal, a few moves made by clicking the board, the hint asked for and its first target
clicked, the last move ringed), Octagone's best line stepped on the board, a resigned game's
summary, the Octiles editor, a challenge matched in it, the gallery, the Octagion designer's
check, its deck designer, and the help panels.

    python scripts/web_screenshots.py                              # every shot, into docs/img
    python scripts/web_screenshots.py --out /tmp/shots --only play-oct8-390,octiles-1280

Each shot waits for the page's states (``data-ready``, ``data-busy``, ``data-settled``, the
design run's ``data-design``), never for a time. Needs chromium, chromedriver and selenium (as the
browser tests). Files: ``play-GAME-WIDTH.png`` for the play pages, ``serve-NAME-WIDTH.png`` for the
others.
"""

from __future__ import annotations

import argparse
import json
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
        from octosolve.core.errors import fail

        fail("chromium and chromedriver are needed (apt-get install -y chromium chromium-driver)")
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
    if width < 600:  # a phone: a touch screen (a coarse pointer), so the pages say "tap", as a
        # phone user sees them (tests/web/test_browser_phone.py emulates the same)
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return d


def _wait(d, cond):
    from selenium.common.exceptions import (
        NoSuchElementException,
        StaleElementReferenceException,
    )
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
    """The editor: a few tiles placed by clicks (tray, then space), one turned, no challenge."""
    from selenium.webdriver.common.by import By

    _load(d, base + "/octiles")
    for tile, space, turns in ((0, "b3", 0), (5, "c3", 1), (9, "c2", 0), (12, "b4", 2), (3, "d3", 0)):
        d.find_element(By.CSS_SELECTOR, f"#tray [data-tile='{tile}']").click()
        _settle(d, lambda: d.find_element(By.CSS_SELECTOR, f"[data-space='{space}']").click())
        for _ in range(turns):
            _settle(d, lambda: d.find_element(By.CSS_SELECTOR, f"[data-space='{space}']").click())
    d.execute_script("window.scrollTo(0, 0)")
    _save(d, path, full)


def octiles_challenge(d, base, path, full):
    """Challenge mode: a proven answer loaded into the editor, the success message and the hint
    (the idea of the bound; the board is the answer) shown."""
    from selenium.webdriver.common.by import By

    _load(d, base + "/octiles")
    _settle(d, lambda: d.find_element(
        By.XPATH, "//div[@data-key='6/points']//button[contains(., 'load')]").click())
    _settle(d, lambda: d.find_element(By.ID, "only-counted").click())
    _settle(d, lambda: d.find_element(By.ID, "challenge-hint").click())   # the idea of its bound
    if d.execute_script("return window.innerWidth") < 600:  # a phone: the score and its verdict
        d.execute_script("document.getElementById('challenge').scrollIntoView(); window.scrollBy(0, -40)")
    else:
        d.execute_script("window.scrollTo(0, 0)")
    _save(d, path, full)


def _playable() -> list[str]:
    """The games whose play page is shot: every game the web app offers, in its menu's order (each
    manifest's ``web_test.shot``: the seed and your moves made on the board first, against the hard
    level)."""
    from octosolve.games import GAMES

    return [g.name for g in sorted(GAMES, key=lambda g: g.menu) if g.web_ready()]


def _play(game):
    def shot(d, base, path, full):
        from selenium.webdriver.common.by import By

        from octosolve.core.errors import fail

        from octosolve.games import get_game

        seed, moves = get_game(game).web_test.shot
        _load(d, f"{base}/play/{game}#level=hard&seed={seed}")
        if d.execute_script("return pg.view === null || pg.view.board === null"):
            fail(f"{game} has no board (State.view_svg) to show, or the game did not start: "
                 + d.find_element(By.ID, "error").text)

        def click_target(t):
            d.find_element(By.CSS_SELECTOR, f"#board [data-target={json.dumps(t)}]").click()

        for _ in range(moves):
            # the view's moves, and the words a person builds (Octoverso's: not in the view), asked
            # as the page's study box asks them
            legal = d.execute_async_script("""
                const done = arguments[arguments.length - 1], v = pg.view;
                if (!(v.composer && v.human_turn)) { done(v.legal); return; }
                api(`/api/${GAME}/${v.id}/words`, {game: rebuildBody(v)}).then(
                  r => done(v.legal.concat(r.moves).sort((a, b) => a.action - b.action)), e => done([]));""")
            if not legal:
                break
            move = legal[len(legal) // 3]
            tg = move["targets"]
            if not tg and "compose" in move:  # a word built from the hand (Octoverso's, compose.js)
                _build(d, move, click_target)
                continue
            for k, t in enumerate(tg):
                if len([m for m in legal if m.get("targets", [])[:k + 1] == tg[:k + 1]]) == 1:
                    _settle(d, lambda: click_target(t))
                    break
                click_target(t)
            else:
                _settle(d, lambda: d.find_element(
                    By.CSS_SELECTOR, f"#chooser button[data-action='{move['action']}']").click())
        if d.execute_script("return pg.view.human_turn"):
            _settle(d, lambda: d.find_element(By.ID, "hint").click())
            built = d.find_elements(By.ID, "compose-hinted")
            if built:  # the hinted word put in the word builder: its placement drawn
                _settle(d, lambda: built[0].click())
            first = d.execute_script("return (pg.hint.targets || [])[0] || null")
            if first and d.execute_script("return pg.view.legal.filter(m => m.targets[0] === arguments[0]).length > 1", first):
                click_target(first)
                _wait(d, lambda d: d.execute_script("return pg.picked.length") == 1)
        d.execute_script("window.scrollTo(0, 0)")
        w = d.execute_script("return window.innerWidth")
        if w < 600 and not full:  # a phone: the whole page as one long picture (a screen that tall)
            for _ in range(5):  # the board's height follows the screen's: until it settles
                h = d.execute_script("return document.documentElement.scrollHeight")
                if d.execute_script("return document.documentElement.clientHeight") >= h:
                    break
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": True})
        _save(d, path, full)
        if w < 600:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": w, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    return shot


def _build(d, move, click_target):
    """A word built as a person builds it (compose.js): the hand's tile of each letter clicked (a
    joker: its tile, then its letter), then Play or the move's place."""
    from selenium.webdriver.common.by import By

    for ch in move["compose"]:
        if ch.islower():
            _settle(d, lambda: click_target("tile:joker"))
            _settle(d, lambda: d.find_element(By.CSS_SELECTOR, f"#compose-jokers button[data-letter='{ch.upper()}']").click())
        else:
            _settle(d, lambda: click_target(f"tile:{ch}"))
    play = d.find_element(By.ID, "compose-play")
    _settle(d, lambda: (play if play.is_displayed() else d.find_element(
        By.CSS_SELECTOR, f"#compose-choices button[data-action='{move['action']}']")).click())


# a game against the hard level at 20 free cells, your move: a proven win by one shield in 21 moves
LATE_OCTAGONE = ("#params=variant:standard,players:2,hidden:false,wrap:edge&seats=human,alphabeta"
                 "&level=hard&seed=11&moves=1,341,340,369,339,340,342,341,339,342,337,343,371,370,"
                 "343,341,337,342,342,341,374,336,338,369")


def _phone_whole_page(d, w):
    """On a phone: the screen made as tall as the page (the board's height follows the screen's:
    until it settles), for one long picture."""
    for _ in range(5):
        h = d.execute_script("return document.documentElement.scrollHeight")
        if d.execute_script("return document.documentElement.clientHeight") >= h:
            break
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": True})


def play_octagone_line(d, base, path, full):
    """Octagone's best line: the hint, "Show best play", two steps of its preview on the board."""
    from selenium.webdriver.common.by import By

    _load(d, f"{base}/play/octagone{LATE_OCTAGONE}")
    _settle(d, lambda: d.find_element(By.ID, "hint").click())
    _settle(d, lambda: d.find_element(By.ID, "line-show").click())
    for _ in range(2):
        _settle(d, lambda: d.find_element(By.ID, "line-next").click())
    w = d.execute_script("return window.innerWidth")
    if w < 600 and not full:
        d.execute_script("window.scrollTo(0, 0)")
        _phone_whole_page(d, w)
    else:
        d.execute_script("document.getElementById('status').scrollIntoView()")
    _save(d, path, full)
    if w < 600:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": w, "height": 844, "deviceScaleFactor": 1, "mobile": True})


def octiles_gallery(d, base, path, full):
    _load(d, base + "/octiles")
    # the first cards' "how it is proved" opened: the method, the argument and the witness line
    d.execute_script("for (const x of [...document.querySelectorAll('#gallery details.proof')].slice(0, 6))"
                     " x.open = true; document.getElementById('gallery').scrollIntoView()")
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


def home(d, base, path, full):
    """The home page (no script: loaded when the document is)."""
    d.get(base + "/")
    _wait(d, lambda d: d.execute_script("return document.readyState") == "complete")
    _save(d, path, full)


def _help(page):
    def shot(d, base, path, full):
        _load(d, base + page)
        d.execute_script("document.getElementById('help').open = true")
        _save(d, path, full)
    return shot


def play_octagone_over(d, base, path, full):
    """The game-over summary after Resign (its question answered yes) in a late Octagone game: the
    result, the shields left, the buttons for a new game, the computer's last move ringed."""
    from selenium.webdriver.common.by import By

    _load(d, base + "/play/octagone" + LATE_OCTAGONE)
    d.find_element(By.ID, "resign").click()
    _wait(d, lambda d: d.find_element(By.ID, "resign-yes").is_displayed())
    _settle(d, lambda: d.find_element(By.ID, "resign-yes").click())
    _wait(d, lambda d: d.find_element(By.ID, "game-over").is_displayed())
    d.execute_script("window.scrollTo(0, 0)")
    w = d.execute_script("return window.innerWidth")
    if w < 600 and not full:
        _phone_whole_page(d, w)
    _save(d, path, full)
    if w < 600:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": w, "height": 844, "deviceScaleFactor": 1, "mobile": True})


# a seeded game (tests/web/test_review.py's) in which you (P0) turn a proven win into a draw at move 27
REVIEW_OCTAGONE = ("#params=variant:standard,players:2,hidden:false,wrap:edge&seats=human,alphabeta"
                   "&level=hard&seed=12&moves=235,342,339,343,343,337,339,336,339,373,338,341,343,343,"
                   "340,370,336,340,338,340,337,338,337,368,373,338,337,339,374,336,372")


def play_octagone_review(d, base, path, full):
    """The post-game review of a seeded Octagone game: every move of yours rated, the proven
    mistake (move 27: a win turned into a draw) clicked, its position shown on the board with the
    winning move dashed."""
    from selenium.webdriver.common.by import By

    _load(d, base + "/play/octagone" + REVIEW_OCTAGONE)
    _settle(d, lambda: d.find_element(By.ID, "review").click())
    _wait(d, lambda d: d.find_element(By.ID, "review-box").get_attribute("data-state") == "done")
    _settle(d, lambda: d.find_element(By.CSS_SELECTOR, '#review-moves li[data-ply="27"]').click())
    # at 1280 px the whole page (the board, the move dashed, the review under it); on a phone the
    # review's screen (its list scrolled to the move shown)
    if d.execute_script("return window.innerWidth") < 600:
        d.execute_script("document.getElementById('review-box').scrollIntoView()")
        _save(d, path, full)
    else:
        _save(d, path, True)


def _api(base, path, body):
    import urllib.request

    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
        return json.loads(r.read())


def play_octoverso_claim(d, base, path, full):
    """Octoverso's claim (the claim reading of spotting): the game of tests/web/test_browser_word.py
    (seed 3 against the medium level, your first announcement), after P1's short word when P1 had
    the OCTO ARCHIPEL; the OCTO typed in the word panel, ready to Claim."""
    v = _api(base, "/api/octoverso/new", {"params": {"spotting": "claim"}, "level": "medium", "seed": 3})
    words = _api(base, f"/api/octoverso/{v['id']}/words", {})["moves"]
    v = _api(base, f"/api/octoverso/{v['id']}/move", {"action": min(m["action"] for m in words)})
    while not v["human_turn"]:
        v = _api(base, f"/api/octoverso/{v['id']}/computer", {})
    _load(d, f"{base}/play/octoverso#params=spotting:claim&level=medium&seed=3&moves="
          + ",".join(map(str, v["all_actions"])))
    from selenium.webdriver.common.by import By

    body = d.find_element(By.TAG_NAME, "body")
    for ch in "ARCHIPEL":
        _settle(d, lambda: body.send_keys(ch))
    d.execute_script("window.scrollTo(0, 0)")
    w = d.execute_script("return window.innerWidth")
    if w < 600 and not full:  # a phone: the page down to the panel's Claim, as one picture
        h = d.execute_script("return Math.ceil(document.getElementById('composer').getBoundingClientRect().bottom) + 8")
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": w, "height": max(h, 844), "deviceScaleFactor": 1, "mobile": True})
    _save(d, path, full)
    if w < 600:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": w, "height": 844, "deviceScaleFactor": 1, "mobile": True})


SHOTS = {"home": home, **{f"play-{g}": _play(g) for g in _playable()}, "play-octoverso-claim": play_octoverso_claim,
         "play-octagone-line": play_octagone_line,
         "play-octagone-over": play_octagone_over, "play-octagone-review": play_octagone_review,
         "octiles": octiles, "octiles-challenge": octiles_challenge, "octiles-gallery": octiles_gallery,
         "octiles-help": _help("/octiles"), "octagion": octagion, "octagion-design": octagion_design,
         "octagion-help": _help("/octagion")}


def _file(name: str, width: int) -> str:
    return f"{name}-{width}.png" if name.startswith("play-") else f"serve-{name}-{width}.png"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img",
                    help="directory for the PNG files (default: docs/img)")
    ap.add_argument("--only", default=None,
                    help="comma-separated shots NAME-WIDTH (e.g. octiles-1280,octagion-390); "
                         f"names: {', '.join(SHOTS)}")
    ap.add_argument("--full", action="store_true", help="the whole page, not only the window")
    ap.add_argument("--split", type=int, default=0, metavar="PX",
                    help="with --full: the page in pieces PX tall")
    args = ap.parse_args(argv)
    from octosolve.core.errors import fail

    global SPLIT
    SPLIT = max(0, args.split)
    todo = [(n, w) for n in SHOTS for w in (1280, 390)]
    if args.only:
        want = set(args.only.split(","))
        todo = [(n, w) for n, w in todo if f"{n}-{w}" in want]
        if not todo:
            fail(f"no shot named {args.only} (names: {', '.join(f'{n}-{w}' for n in SHOTS for w in (1280, 390))})")
    from octosolve.web.app import create_app, serve_in_thread

    with serve_in_thread(create_app()) as base:
        for width in sorted({w for _, w in todo}, reverse=True):
            d = _driver(width, 900 if width > 600 else 844)
            try:
                for name, w in todo:
                    if w == width:
                        SHOTS[name](d, base, args.out / _file(name, w), args.full)
                errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
                for e in errors:
                    print("console:", e["message"], file=sys.stderr)
            finally:
                d.quit()
    return 0


if __name__ == "__main__":
    from octosolve.core.errors import OctoError

    try:
        sys.exit(main())
    except OctoError as err:
        print(f"error: {err.format_message()}", file=sys.stderr)
        sys.exit(2)
