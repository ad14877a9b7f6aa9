"""The pages that are not play pages (the home page, the Octiles editor and gallery, the Octagion
designer) in Debian's chromium, used as a newcomer would, mostly on a phone (390 x 844, touch
emulated): every control a finger can hit is 44 px tall (the editor's and designer's buttons were
33 px, their menus 20-22 px, number boxes 26 px, checkboxes 13 px, the gallery's "how it is proved"
18 px, the home page's games 15 px), the pages say "tap" to a finger (a mouse is still told
"click"), and a refused Octagion check does not leave the last check's table beside its error."""

from __future__ import annotations

import pytest

from .test_browser import By, load, read  # noqa: F401
from .conftest import site_games
from .test_browser_games import no_js_errors, phone  # noqa: F401

pytestmark = pytest.mark.integration

from octosolve.games import GAMES  # noqa: E402

# the games' own pages (GameManifest.pages: the Octiles editor and gallery, the Octagion designer)
GAME_PAGES = [p.path for g in GAMES for p in g.pages]


# what a finger taps: buttons, menus, boxes, disclosure lines, a checkbox's label (the checkbox in
# it counts by its label), links set apart from a sentence, sortable column titles
SMALL = r"""
const vis = e => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
const boxed = e => e.type === 'checkbox' && e.parentElement.tagName === 'LABEL';
return [...document.querySelectorAll('main button, main select, main summary, main textarea, main a.cert,'
          + ' main input:not(.visually-hidden):not([type=range]), main label:has(> input[type=checkbox]),'
          + ' main th[data-key]')]
  .filter(vis).filter(e => !boxed(e))
  .map(e => [e.id || e.textContent.trim().slice(0, 30), Math.round(e.getBoundingClientRect().height * 10) / 10])
  .filter(x => x[1] < 43.9);
"""


@pytest.fixture(scope="module")
def url(site):
    return site


@pytest.fixture
def touch_phone(browser):
    phone(browser)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    yield browser
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("page", GAME_PAGES)
def test_every_control_takes_a_finger(touch_phone, url, page):
    d = touch_phone
    d.get("about:blank")
    load(d, url + page)
    d.execute_script("for (const x of document.querySelectorAll('details')) x.open = true")
    small = read(d, lambda d: d.execute_script(SMALL))
    assert small == [], small
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390


def test_a_phone_is_told_to_tap(touch_phone, url):
    # the editor said "Pick a tile from the tray, then click a space ... click it again (or R)" to
    # a phone, the designer "Click a column's title"
    d = touch_phone
    d.get("about:blank")
    load(d, url + "/octiles")
    hint = d.find_element(By.ID, "hint").text
    assert "then tap a space" in hint and "click" not in hint.lower() and "(or R)" not in hint, hint
    assert "Tap a tile in the tray" in d.find_element(By.ID, "help").get_attribute("textContent")
    d.find_element(By.ID, "rot-left").click()  # nothing selected
    assert "tap a tile on the board first" in d.find_element(By.ID, "hint").text
    d.find_element(By.CSS_SELECTOR, "#tray [data-tile='3']").click()
    assert d.find_element(By.ID, "tray-note").text.endswith(": tap a space")
    d.get("about:blank")
    load(d, url + "/octagion")
    assert "Tap a column's title" in d.find_element(By.ID, "help").get_attribute("textContent")
    assert "tap again" in d.find_element(By.CSS_SELECTOR, "table.sortable th[data-key]").get_attribute("title")


def test_a_mouse_is_still_told_to_click(browser, url):
    d = browser
    d.get("about:blank")
    load(d, url + "/octiles")
    hint = d.find_element(By.ID, "hint").text
    assert "then click a space" in hint and "(or R)" in hint, hint


def test_a_refused_check_takes_the_last_table_away(browser, url):
    # an emptied word list (or a bad deck) said "no words: ..." in red while the last check's table
    # and "5 of 6 words spelled ..." stayed beside it, as if they were this list's
    from .test_browser import settle

    d = browser
    d.get("about:blank")
    load(d, url + "/octagion")
    assert d.find_elements(By.CSS_SELECTOR, "#rows tr")  # the example list, checked on opening
    d.find_element(By.ID, "words").clear()
    settle(d, lambda d: d.find_element(By.ID, "check").click())
    assert d.find_element(By.ID, "error").text.startswith("no words")
    assert d.find_element(By.ID, "summary").text.startswith("Not checked: no words")
    assert d.find_elements(By.CSS_SELECTOR, "#rows tr") == []
    assert not d.find_element(By.ID, "csv").is_enabled() and not d.find_element(By.ID, "json").is_enabled()
    severe = [e["message"] for e in d.get_log("browser") if e.get("level") == "SEVERE"]
    assert severe and all("/api/octagion/" in m and "400" in m for m in severe), severe  # the refusal only
    d.find_element(By.ID, "words").send_keys("OCTAGONS\n")  # a good list: the table again
    settle(d, lambda d: d.find_element(By.ID, "check").click())
    assert d.find_element(By.ID, "error").text == "" and len(d.find_elements(By.CSS_SELECTOR, "#rows tr")) == 1
    assert d.find_element(By.ID, "csv").is_enabled()


def test_the_home_page_games_take_a_finger(touch_phone, url):
    # the four games were words of a sentence on the home page, 15 px tall (Oct8: 31 x 15 px)
    d = touch_phone
    d.get(url + "/")
    links = read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('main a')].map(a => [a.getAttribute('href'),"
        " a.getBoundingClientRect().width, a.getBoundingClientRect().height])"))
    games = {h: (w, ht) for h, w, ht in links if h.startswith("/play/")}

    assert sorted(games) == sorted(f"/play/{g.name}" for g in site_games())  # all it offers
    assert all(w >= 44 and h >= 43.9 for w, h in games.values()), games
    assert all(h >= 43.9 for _, _, h in links), links  # and the two tools' titles
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390


def test_the_check_table_says_what_its_columns_hold(browser, url):
    # "one solution" showed "N8 O1 V7 E6 M3 B4 E2 *" beside "solutions 0" with no word on what
    # the pairs or the star are; the card column's own title was overwritten by "sort by ..."
    d = browser
    d.get("about:blank")
    load(d, url + "/octagion")
    help_ = d.find_element(By.ID, "help").get_attribute("textContent")
    assert "O1 is the O of number 1, and * a Treatment Card" in " ".join(help_.split())
    titles = {th.get_attribute("data-key"): th.get_attribute("title")
              for th in d.find_elements(By.CSS_SELECTOR, "#table th[data-key]")}
    assert titles["assignment"].startswith("a card for each letter: O1 is the O of number 1; * a Treatment Card")
    assert titles["solutions"].startswith("the ways to spell the word without Treatment Cards")
    assert titles["label"].startswith("card and position (A1)")
    assert all(t.endswith("sort by this column (click again: the other way)") for t in titles.values()), titles


TEXT_SIZES = r"""
const small = [];
const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  const e = n.parentElement;
  if (!n.data.trim() || e.closest('svg') || !e.getBoundingClientRect().width) continue;
  const size = parseFloat(getComputedStyle(e).fontSize);
  if (size < 12) small.push([n.data.trim().slice(0, 40), size]);
}
return small.slice(0, 10);
"""


@pytest.mark.parametrize("page", GAME_PAGES)
def test_every_word_is_readable_on_a_phone(touch_phone, url, page):
    # the Octiles proofs ("how it is proved": the method, the argument, the witness line) were 11 px
    # on a phone, their code 10.7 px
    d = touch_phone
    d.get("about:blank")
    load(d, url + page)
    d.execute_script("for (const x of document.querySelectorAll('details')) x.open = true")
    small = read(d, lambda d: d.execute_script(TEXT_SIZES))
    assert small == [], small


def test_the_designer_says_what_favour_means(browser, url):
    # "then favour: none / hard / easy" left a designer guessing (hard what?)
    from selenium.webdriver.support.ui import Select

    d = browser
    d.get("about:blank")
    load(d, url + "/octagion")
    sel = Select(d.find_element(By.ID, "design-favour"))
    assert [o.text for o in sel.options] == ["nothing more", "hard words (few solutions)",
                                            "easy words (many solutions)"]
    assert [o.get_attribute("value") for o in sel.options] == ["none", "hard", "easy"]  # the CLI's --favour
    assert sel.first_selected_option.get_attribute("value") == "none"
    label = d.find_element(By.XPATH, "//select[@id='design-favour']/..").text
    assert label.startswith("then, at equal words covered, favour"), label


def test_the_proofs_are_readable_on_a_desktop_too(browser, url):
    # at 1280 px the gallery's proofs were 11 px too (their code 10.7 px), in four columns
    d = browser
    d.get("about:blank")
    load(d, url + "/octiles")
    d.execute_script("for (const x of document.querySelectorAll('details')) x.open = true")
    small = read(d, lambda d: d.execute_script(TEXT_SIZES))
    assert small == [], small


def test_the_deck_facts_are_in_plain_words(browser, url):
    # "Familiar words (Zipf >= 3)" and "Treatment Cards a word needs (words): 0: 25,065, 1: ..."
    # asked a designer to know a word-frequency scale and guess which number counted what
    d = browser
    d.get("about:blank")
    load(d, url + "/octagion")
    facts = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#deck-stats ul.facts li")]
    assert any(f.startswith("Familiar words (met at least once in a million words of English: Zipf \u2265 3): ")
               for f in facts), facts
    assert any(f.startswith("Words by the Treatment Cards they need: none: 25,065; 1: 10,632; ") for f in facts), facts


def test_the_challenge_menu_shows_the_variant_on_a_phone(touch_phone, url):
    # the closed menu showed "15. Routes between circles with the same number of st..." for every
    # one of 15's variants (shared-9 ... shared-16): the variant, last, was cut off at 390 px
    d = touch_phone
    d.get("about:blank")
    load(d, url + "/octiles")
    got = read(d, lambda d: d.execute_script("""
        const sel = document.getElementById('challenge');
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(sel).font;
        return {room: sel.clientWidth - 24, options: [...sel.options].filter(o => o.value).map(o => {
          const [n, variant] = o.value.split('/');
          const end = o.text.indexOf(variant) + variant.length;  // the text up to the variant's end
          return [o.text, o.text.indexOf(variant) >= 0 ? ctx.measureText(o.text.slice(0, end)).width : 1e9];
        })};"""))
    assert len(got["options"]) > 30
    cut = [t for t, w in got["options"] if w > got["room"]]
    assert cut == [], (got["room"], cut[:5])
    names = [t for t, _ in got["options"]]
    assert "15 (shared-9): Routes between circles with the same number of stops" in names, names[:5]


def test_the_paths_table_says_it_scrolls_sideways_on_a_phone(browser, url):
    # at 390 px the paths table scrolls sideways (582 px in 363): the points, crossings and the rest
    # were out of sight with nothing saying so
    from .test_browser import settle

    d = browser
    d.get("about:blank")
    load(d, url + "/octiles#board=a2.9.6,b3.0.1&challenge=6/points")
    assert not d.find_element(By.ID, "paths-more").is_displayed()  # 1400 px: the whole table shows
    try:
        # at 1280 px only the last column's padding (7 px) is out of view: the note said the table
        # was wider than the screen under a table shown whole (docs/img/serve-octiles-challenge-1280)
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        d.get("about:blank")
        load(d, url + "/octiles#board=a2.9.6,b3.0.1&challenge=6/points")
        assert not d.find_element(By.ID, "paths-more").is_displayed(), d.execute_script(
            "const t = document.getElementById('paths-table'); return [innerWidth, t.scrollWidth, "
            "t.clientWidth, [...t.querySelectorAll('th')].map(h => h.getBoundingClientRect().right)]")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    phone(d)
    try:
        d.get("about:blank")
        load(d, url + "/octiles#board=a2.9.6,b3.0.1&challenge=6/points")
        more = d.find_element(By.ID, "paths-more")
        assert more.is_displayed() and "swipe it sideways" in more.text and "crossings" in more.text
        t = d.execute_script("const t = document.getElementById('paths-table'); return [t.scrollWidth, t.clientWidth]")
        assert t[0] > t[1], t
        settle(d, lambda d: d.find_element(By.ID, "clear").click())  # no path: nothing to swipe for
        assert not d.find_element(By.ID, "paths-more").is_displayed()
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


CARDS = r"""
const look = e => { const s = getComputedStyle(e); return [s.fontFamily, s.backgroundColor, s.fontWeight]; };
return [...document.querySelectorAll(arguments[0])].map(box => ({
  text: box.textContent.trim().replace(/\s+/g, ' '),
  code: box.querySelectorAll('code').length,
  cards: [...box.querySelectorAll('.card-code:not(.wild)')].map(c => ({
    letter: c.querySelector('b').textContent, number: c.querySelector('.n').textContent,
    whole: look(c), l: look(c.querySelector('b')), n: look(c.querySelector('.n'))}))}));
"""


def test_octagion_card_codes_do_not_read_as_zero_one(browser, url):
    # "one solution" showed "O1 C6 T3 ..." and the help "O1 is the O of number 1" in a code font,
    # where the letter O reads as a zero: the letter bold in the text's font, the number in a tile
    from .test_browser import click, settle

    d = browser
    d.get("about:blank")
    load(d, url + "/octagion")
    box = d.find_element(By.ID, "words")
    box.clear()
    box.send_keys("OCTAGONS\nNOVEMBER\n")
    settle(d, lambda d: click(d, "#check"))
    cells = read(d, lambda d: d.execute_script(CARDS, "#rows td.wide"))
    assert [c["text"].split()[0] for c in cells] == ["O1", "N8"], cells  # the CSV's text, spaces kept
    assert cells[1]["text"].endswith("*")  # NOVEMBER needs a Treatment Card
    helps = d.execute_script(CARDS, "#help p")
    cards = [k for c in cells + helps for k in c["cards"]]
    assert {"O", "N", "C"} <= {k["letter"] for k in cards}
    assert any(k["letter"] == "O" and k["number"] == "1" for c in helps for k in c["cards"]), helps
    assert all(c["code"] == 0 for c in cells), cells  # no code element around the cards
    for k in cards:
        assert "mono" not in k["whole"][0].lower() and "mono" not in k["l"][0].lower(), k
        assert k["n"][1] != k["l"][1] and k["l"][2] != k["n"][2], k  # the number set apart, the letter bold
