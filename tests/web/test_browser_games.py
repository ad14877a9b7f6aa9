"""Every game the play page offers (the four real games and the test suite's sixth) played in
Debian's chromium on their BOARD (clicks on the SVG elements that carry ``data-target``, never the
text list of moves): a game of each against the easy computer
(its start shown, then opened from its address a few moves of yours before the end and played to
the end on the board), undo and replay, a game's address opened in a fresh browser after a server restart, a
hint that is a legal move; the Octiles editor's challenge matched by placing tiles on the board;
and no JavaScript error in the console of any page (checked after every test).

Every wait is for a state of the page (``body[data-busy]``, ``data-settled``, the game's view),
never for a time (tests/web/test_browser.py explains the helpers). The games are the presets and
deals that end soonest against the easy level (counted with the server's own Session: 7 to 36 moves
of yours), the moves picked by a fixed rule (the first or the last legal move) so each run plays
the same game: each game's manifest declares them (GameManifest.web_test).
"""

from __future__ import annotations

import json

import pytest

from .test_browser import (  # noqa: F401 (the fixture is used by name)
    GAME_TIMEOUT,
    TIMEOUT,
    By,
    Service,
    attr,
    click,
    keys,
    load,
    open_advanced,
    page_state,
    placement,
    read,
    settle,
    text,
    texts,
    wait,
    webdriver,
)

pytestmark = pytest.mark.integration

from octosolve.games import GAMES as REGISTRY  # noqa: E402
from octosolve.web.app import create_app, serve_in_thread  # noqa: E402

# the games the play page offers (every registry game with a state and players, the test suite's own too)
PLAYABLE = [g.name for g in REGISTRY if g.web_ready()]


def _games():
    from octosolve.games import GAMES

    return [g for g in GAMES if g.has_state]


@pytest.fixture(scope="module")
def url(site):
    return site


@pytest.fixture(autouse=True)
def no_js_errors(browser):
    """No SEVERE entry (an uncaught script error, a failed request) in the console of any page the
    test visits: the log is emptied before the test and read after it."""
    browser.get_log("browser")
    yield
    severe = [e["message"] for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert severe == [], severe


def sel(target: str) -> str:
    return f"#board [data-target={json.dumps(target)}]"


def view(d) -> dict:
    """The live game's view as the page holds it (what the server last answered); ``legal`` with
    the moves made by building a word (Octoverso's), which the view does not list, asked for as the
    study box asks (POST .../words), in the order of their actions."""
    from .test_browser import legal_with_words

    out = read(d, lambda d: d.execute_script(
        "const v = pg.view; return {terminal: v.terminal, human: v.human_turn, legal: v.legal,"
        " moves: v.moves, viewer: v.viewer, history: v.history, busy: pg.busy};"))
    out["legal"] = read(d, legal_with_words)
    return out


def with_words(url, name, v) -> dict:
    """The API's view ``v`` with the moves made by building a word (the words call), which the
    view does not list, in the order of their actions."""
    if v.get("composer") and v["human_turn"]:
        words = _api(url, f"/api/{name}/{v['id']}/words", {})["moves"]
        v = {**v, "legal": sorted(v["legal"] + words, key=lambda m: m["action"])}
    return v


def overlay(d, cls):
    """The targets outlined over the board with class ``cls`` (next, picked, hinted), read in one
    call (a board may outline hundreds)."""
    return sorted(read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board g.octo-overlay rect.' + arguments[0])]"
        ".map(r => r.getAttribute('data-for'));", cls)))


def board(d) -> str:
    """The board as drawn, without the page's highlights (the overlay and the t-next classes)."""
    return read(d, lambda d: d.execute_script("""
        const s = document.querySelector('#board svg').cloneNode(true);
        s.querySelectorAll('g.octo-overlay, rect.octo-hit').forEach(e => e.remove());
        s.querySelectorAll('.t-next').forEach(e => e.classList.remove('t-next'));
        s.querySelectorAll('[class=""]').forEach(e => e.removeAttribute('class'));
        s.querySelectorAll('text.octo-heading').forEach(e => e.textContent = '');  // (replay: its own)
        return s.outerHTML;"""))


def heading(d) -> list:
    """The texts of the board's heading (Octagone's: who plays, what to click)."""
    return read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board svg text.octo-heading')].map(e => e.textContent);"))


def play_on_board(d, move, timeout=GAME_TIMEOUT):
    """Make ``move`` by clicking its targets on the board in order; the click that leaves one
    candidate plays it (or the chooser does, when moves share every click), and the page then
    plays the computer's replies: this returns when it is idle again."""
    legal = read(d, lambda d: d.execute_script("return pg.view.legal"))
    tg = move["targets"]
    if not tg and "compose" in move:  # a word built from the hand (Octoverso's)
        build_word(d, move, timeout)
        return
    assert tg, f"a legal move without targets: {move}"
    for k, t in enumerate(tg):
        left = [m for m in legal if m.get("targets", [])[:k + 1] == tg[:k + 1]]
        assert t in overlay(d, "next"), (t, overlay(d, "next"))  # outlined before the click
        if len(left) == 1:
            settle(d, lambda d: click(d, sel(t)), timeout)
            return
        click(d, sel(t))
        wait(d, lambda d: d.execute_script("return pg.picked.length") == k + 1)
    settle(d, lambda d: click(d, f"#chooser button[data-action='{move['action']}']"), timeout)


def build_word(d, move, timeout=GAME_TIMEOUT):
    """Make a move the page builds from the hand (``compose``: Octoverso's words, compose.js): a
    click on the hand's tile of each letter (a joker: its tile, then the letter it stands for),
    then Play, or the move's place when its letters make several moves."""
    for ch in move["compose"]:
        if ch.islower():
            settle(d, lambda d: click(d, sel("tile:joker")))
            settle(d, lambda d: click(d, f"#compose-jokers button[data-letter='{ch.upper()}']"))
        else:
            settle(d, lambda d: click(d, sel(f"tile:{ch}")))
    wait(d, lambda d: d.execute_script("return document.getElementById('compose-msg').dataset.state") == "word")
    if d.find_element(By.ID, "compose-play").is_displayed():
        settle(d, lambda d: click(d, "#compose-play"), timeout)
    else:
        settle(d, lambda d: click(d, f"#compose-choices button[data-action='{move['action']}']"), timeout)


def address(params: dict, seed: int, moves: str = "") -> str:
    p = ",".join(f"{k}:{str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return f"#params={p}&level=easy&seed={seed}&moves={moves}"


# The board's words as a player sees them: each text's size on the screen (its font size times the
# board's scale), whether it lies inside the board, and the pairs of words drawn over each other (a
# token on a place, an Octiles runner on its stop, covers the place's label: same centre, left out)
BOARD_TEXT = """
const svg = document.querySelector('#board svg');
const sb = svg.getBoundingClientRect();
const ts = [];
for (const t of svg.querySelectorAll('text')) {
  const m = t.getScreenCTM(), r = t.getBoundingClientRect();
  if (!m || !r.width || !t.textContent.trim()) continue;
  ts.push({s: t.textContent.trim().slice(0, 40), x0: r.left, x1: r.right, y0: r.top, y1: r.bottom,
           px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)});
}
const over = [];
for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
  const a = ts[i], b = ts[j];
  if (Math.abs(a.x0 + a.x1 - b.x0 - b.x1) < 4 && Math.abs(a.y0 + a.y1 - b.y0 - b.y1) < 4) continue;
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w > 2 && h > 0.35 * Math.min(a.y1 - a.y0, b.y1 - b.y0)) over.push(a.s + ' / ' + b.s);
}
return {n: ts.length,
        small: ts.filter(t => t.px < 10.95).map(t => t.s + ' ' + t.px.toFixed(1) + ' px'),
        out: ts.filter(t => t.x0 < sb.left - 0.5 || t.x1 > sb.right + 0.5 || t.y0 < sb.top - 0.5
                            || t.y1 > sb.bottom + 0.5).map(t => t.s),
        over};
"""


def board_text_problems(d) -> dict:
    """What is wrong with the words on the board: smaller than 11 px on the screen, outside the
    board, or drawn over another word (empty lists: nothing)."""
    r = read(d, lambda d: d.execute_script(BOARD_TEXT))
    assert r["n"] > 0, "no text on the board"
    return {k: r[k] for k in ("small", "out", "over") if r[k]}


def phone(d):
    """A phone's screen, 390 x 844 (emulated: a headless window cannot be narrower than 500 px)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})


@pytest.mark.parametrize("name", PLAYABLE)
def test_full_game_on_the_board(browser, url, name):
    # every game the play page offers, played whole as its manifest says (GameManifest.web_test:
    # the preset, deal and rule that end soonest against the easy level, measured)
    # played on a phone's screen: at 390 px the boards' labels, counts and hands were 6-9 px high
    # (Octiles' stop names 7 px, its runners' numbers 6 px), and with them made larger Oct8's
    # "discard (N)" ran into "turn draw": after every move each word of the board is at least
    # 11 px, inside the board, and over no other word
    from octosolve.games import get_game

    t = get_game(name).web_test
    d = browser
    phone(d)
    try:
        _full_game(d, url, name, dict(t.params), t.seed, t.pick)
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


LAST_DECISIONS = 3  # your moves played on the board at the end of each game


def _api(url, path, body):
    import urllib.request

    req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=GAME_TIMEOUT) as r:
        return json.loads(r.read())


def _late_moves(name, params, seed, pick, last=LAST_DECISIONS):
    """The moves of the game (you playing the ``pick``-th legal move, the easy computer the
    others) up to your ``last``-th decision before the end: the address's ``moves`` that opens the
    game there. Played on the server's own game store in this process (``Sessions``: the moves its
    API would play, the legal moves in the order of its view), without asking a view at each move:
    through the API, the views (each with its board's clicks) were most of the test's CPU (Octiles'
    107 moves: 8 of its 13 s). The page then replays them from the address, each checked."""
    from octosolve.web.play import Sessions

    from .conftest import site_games

    s = Sessions(games=site_games(), warm=False).new(name, {"params": params, "seed": seed, "level": "easy"})
    before = []  # the game's moves when each of your decisions came
    while not s.over:
        if s.state.current_player() in s.humans:
            before.append([m["action"] for m in s.moves])
            s.human_move(s.state.legal_actions()[pick])
        else:
            s.computer_move()
    return before[-last] if len(before) > last else []


def _full_game(d, url, name, params, seed, pick):
    from octosolve.games import get_game

    # the start of the game on the page: what it says before any move, and its board's words
    load(d, url + f"/play/{name}" + address(params, seed), GAME_TIMEOUT)
    assert d.execute_script("return window.innerWidth") == 390
    # with hidden information the record waits for the end, and the note says why without naming
    # cards (it said "Hidden cards" for Octoverso, whose hands are open and whose hidden part is
    # the announced word, and for Octagone's shields)
    note = text(d, "record-note")
    if not d.execute_script("return pg.view.record_available"):
        assert note.startswith("This game hides something from you") and "card" not in note, note
    else:
        assert note == "", note
    assert d.execute_script("return pg.view.seats.slice(1)") == \
        [d.execute_script("return pg.info.levels.find(l => l.name === 'easy').player")] * \
        (d.execute_script("return pg.view.seats.length") - 1)
    assert board_text_problems(d) == {}, (name, "the start")
    # then the game opened from its address a few moves of yours before the end (the game's
    # whole length is played on the server's game store, not on the page: each board of the way
    # drawn cost a second or more), and
    # played to the end on the board
    late = _late_moves(name, params, seed, pick)
    if late:
        d.get("about:blank")
        load(d, url + f"/play/{name}" + address(params, seed, ",".join(map(str, late))), GAME_TIMEOUT)
        assert view(d)["moves"] == len(late) and view(d)["human"], (name, view(d)["moves"], len(late))
    mine = 0
    while True:
        v = view(d)
        if v["terminal"]:
            break
        assert v["human"] and not v["busy"], v
        assert v["legal"] and all(m.get("targets") or m.get("compose") for m in v["legal"])
        assert board_text_problems(d) == {}, (name, v["moves"])
        move = v["legal"][pick]
        play_on_board(d, move)
        mine += 1
        after = view(d)
        played = [h for h in after["history"] if h["ply"] > v["moves"]]
        assert played and played[0]["player"] == v["viewer"] and played[0]["text"] == move["text"], \
            (move, played[:2])
        assert mine < 200, "the game does not end"
    status = text(d, "status")
    assert status.startswith("Game over"), status
    # the points behind the result where the game counts them (State.scores: Oct8's said only who won)
    if callable(getattr(get_game(name).make_game(**params).new_initial_state(seed), "scores", None)):
        assert " Points: you " in status and status.endswith("."), status
    assert attr(d, "#status", "data-terminal") == "1"
    assert not read(d, lambda d: d.find_element(By.ID, "hint").is_displayed())
    assert read(d, lambda d: d.find_element(By.ID, "record").is_enabled())  # every card shown now
    assert text(d, "record-note") == ""
    turns = read(d, lambda d: d.execute_script("return pg.view.turns"))  # Oct8: one line a turn
    assert len(texts(d, "#history li")) == (len(turns) if turns else view(d)["moves"])
    assert mine >= 2
    assert board_text_problems(d) == {}, (name, "the end")
    assert d.execute_script("return document.documentElement.scrollWidth "
                            "<= document.documentElement.clientWidth")  # nothing wider than the phone
    # a new game from the game-over summary right under the status line (on a phone the form is a
    # screen below the board): there in every game (below one line per seat: 4 in a 4-player game),
    # and started in one (the page's code is the same for all; a new game costs a request and a board)
    gap = d.execute_script("const y = id => document.getElementById(id).getBoundingClientRect().top;"
                           " return [y('game-over') - y('status'), y('again') - y('game-over'),"
                           " !!document.getElementById('again').closest('#game-over')]")
    assert 0 <= gap[0] < 120 and 0 <= gap[1] < 300 and gap[2], gap
    if name == PLAYABLE[-1]:
        settle(d, lambda d: click(d, "#again"), GAME_TIMEOUT)
        assert not view(d)["terminal"] and not read(d, lambda d: d.find_element(By.ID, "again").is_displayed())


@pytest.mark.parametrize("name", PLAYABLE)
def test_board_words_readable_at_desktop_width(browser, url, name):
    # the words made readable on a phone stay in their places on a desktop's board
    d = browser
    d.set_window_size(1280, 1000)
    try:
        load(d, f"{url}/play/{name}#level=easy&seed=4")
        assert board_text_problems(d) == {}
    finally:
        d.set_window_size(1400, 1000)


OCTAGONE = ({}, 5)  # 2 players, perfect information: every position can be replayed


def _start_octagone(d, url, moves: int):
    """An Octagone game with ``moves`` of your moves made on the board; the boards seen on your
    turns by move number."""
    params, seed = OCTAGONE
    load(d, url + "/play/octagone" + address(params, seed))
    seen = {view(d)["moves"]: board(d)}
    for _ in range(moves):
        v = view(d)
        play_on_board(d, v["legal"][len(v["legal"]) // 3])
        seen[view(d)["moves"]] = board(d)
    return seen


def test_undo_and_replay_on_the_board(browser, url):
    d = browser
    seen = _start_octagone(d, url, 3)
    plies = sorted(seen)
    last, before = plies[-1], plies[-2]
    assert view(d)["moves"] == last and len(texts(d, "#history li")) == last
    # undo: back to your previous turn, the board as it was then
    settle(d, lambda d: click(d, "#undo"))
    assert view(d)["moves"] == before and board(d) == seen[before]
    assert len(texts(d, "#history li")) == before
    assert d.current_url.endswith("&moves=" + ",".join(map(str, d.execute_script("return pg.view.all_actions"))))
    # the replay slider: the start, then each of your turns, shows that move's board
    slider = d.find_element(By.ID, "replay-slider")
    settle(d, lambda d: slider.send_keys("\ue011"))  # Home
    assert text(d, "status") == "Replay: the start; you to move."
    assert board(d) == seen[0]
    # the board's heading says it is a past position (it asked 'You: play on ...' as if live)
    assert heading(d) == ["Replay: the start", "a past position: the board plays in the live game"]
    for ply in [p for p in plies if 0 < p < before]:
        while int(attr(d, "#replay-slider", "value")) < ply:
            settle(d, lambda d: d.find_element(By.ID, "replay-slider").send_keys("\ue014"))  # Right
        assert text(d, "status").startswith(f"Replay: after move {ply} of {before}")
        assert board(d) == seen[ply]
        assert heading(d)[0] == f"Replay: after move {ply} of {before}"
        assert "at=" + str(ply) in d.current_url
    assert overlay(d, "next") == []  # a past position is read-only: nothing outlined to click
    # on to the last move: the live game again, the board of your turn
    while int(attr(d, "#replay-slider", "value")) < before:
        settle(d, lambda d: d.find_element(By.ID, "replay-slider").send_keys("\ue014"))
    assert text(d, "status").startswith("Your move") and board(d) == seen[before]
    assert heading(d)[0].startswith("You: play"), heading(d)
    # a move of the list jumps there; "Back to the game" returns to the live board
    settle(d, lambda d: click(d, "#history li[data-ply='1']"))
    assert text(d, "status").startswith(f"Replay: after move 1 of {before}")
    settle(d, lambda d: click(d, "#replay-live"))
    assert text(d, "status").startswith("Your move") and board(d) == seen[before]


def test_address_after_a_server_restart_in_a_fresh_browser(browser, url):
    d = browser
    _start_octagone(d, url, 2)
    where = d.current_url
    assert "&seed=" in where and "&moves=" in where
    shown, hist, status = board(d), texts(d, "#history li"), text(d, "status")
    path = where[len(url):]
    first_id = d.execute_script("return pg.view.id")
    # another server (a new app in a new thread: no game in its memory), the address opened in a
    # fresh page of another origin (its port): the pages keep nothing in the browser (no cookie,
    # no storage), so all the new page has is the address, as in a new browser, which the session's
    # one Chromium serves without starting a second (a Chromium is seconds of CPU)
    with serve_in_thread(create_app(games=_games(), warm=False)) as other:
        assert other != url
        d.get("about:blank")
        load(d, other + path)
        assert d.execute_script("return pg.view.id") != first_id
        assert board(d) == shown
        assert texts(d, "#history li") == hist and text(d, "status") == status
        assert text(d, "error") == ""
        # and the game goes on there, on the board
        v = view(d)
        play_on_board(d, v["legal"][0])
        assert view(d)["moves"] > v["moves"]
        # leave the page before its server stops: a late request of the page's (its favicon, on a
        # loaded machine) would otherwise meet a closed port and log an error
        d.get("about:blank")


@pytest.mark.parametrize("params,preset,seat", [
    ("players:4", "Move Over (4 players)", "2"),
    ("variant:team-up", "Team Up (2 players)", "1"),
    ("", "Move Over (2 players)", "1"),
])
def test_the_form_shows_the_octiles_game_opened_from_its_address(browser, url, params, preset, seat):
    # Octiles reports only the parameters that differ from its defaults (Move Over for 2 players
    # is params={}): the New game form must still show the game's preset and the seat played
    d = browser
    n = int(preset.split("(")[1][0])
    seats = ["greedy"] * n
    seats[int(seat)] = "human"
    load(d, f"{url}/play/octiles#params={params}&seats={','.join(seats)}&level=easy&seed=3&moves=")
    assert read(d, lambda d: d.execute_script("return pg.view.seats.length")) == n
    shown = read(d, lambda d: d.execute_script(
        "return [preset.options[preset.selectedIndex].text, seat.value, seat.options.length]"))
    assert shown == [preset, seat, n]


@pytest.mark.parametrize("name", PLAYABLE)
def test_rules_and_notation_fit_beside_the_board(browser, url, name):
    # at 1280 px the notation table (its first column kept on one line) stuck out of the side
    # column and the window: Oct8's and Octagone's explanations were cut off at the right edge
    d = browser
    d.set_window_size(1280, 1000)
    try:
        load(d, f"{url}/play/{name}#level=easy&seed=4")
        click(d, "#rules-details summary")
        out = read(d, lambda d: d.execute_script("""
            const panel = document.getElementById('rules-panel').getBoundingClientRect();
            const t = document.querySelector('#rules table.notation').getBoundingClientRect();
            return [t.width > 0, t.right <= panel.right + 0.5,
                    document.documentElement.scrollWidth <= document.documentElement.clientWidth];"""))
        assert out == [True, True, True]
    finally:
        d.set_window_size(1400, 1000)


def test_hint_is_a_legal_move_outlined_on_the_board(browser, url):
    d = browser
    _start_octagone(d, url, 1)
    v = view(d)
    settle(d, lambda d: click(d, "#hint"))
    box = text(d, "hint-box")
    assert box.startswith("The computer (hard: alphabeta) would play "), box
    move = read(d, lambda d: d.find_element(By.CSS_SELECTOR, "#hint-box strong").text)
    hinted = [m for m in v["legal"] if m["text"] == move]
    assert len(hinted) == 1, (move, [m["text"] for m in v["legal"]][:20])
    # its clicks are outlined (dashed) on the board; playing them plays the hinted move
    assert overlay(d, "hinted") == sorted(set(hinted[0]["targets"]))
    play_on_board(d, hinted[0])
    assert [h["text"] for h in view(d)["history"] if h["ply"] == v["moves"] + 1] == [move]


def test_octiles_challenge_matched_on_the_editor_board(browser, url):
    from selenium.webdriver.common.keys import Keys

    from octosolve.web import octiles_api

    d = browser
    ans = json.loads((octiles_api.ANSWERS_DIR / "challenge06-points.json").read_text())
    # the answer's board but three of its tiles, from the address (placing the 14 others one by
    # one showed the same thing 14 times more, a request each); the three, turned 0, 1 and 2
    # steps, placed on the board: picked in the tray, turned with Shift+R, put on their spaces
    every = sorted(ans["placement"].items())
    items = [next((sp, v) for sp, v in every if v["rotation"] == r) for r in (0, 1, 2)]
    first = [(sp, v) for sp, v in every if (sp, v) not in items]
    board = ",".join(f"{sp}.{v['tile']}.{v['rotation']}" for sp, v in first)
    load(d, url + f"/octiles#board={board}&challenge=6/points")
    assert len(placement(d)) == len(first) and attr(d, "#challenge", "value") == "6/points"
    assert text(d, "score-best") == f"proven optimum: {ans['verified_value']}"
    assert "Solved" not in text(d, "verdict")
    for k, (space, v) in enumerate(items):
        click(d, f"#tray [data-tile='{v['tile']}']")
        wait(d, lambda d: "selected" in d.find_element(By.CSS_SELECTOR, f"#tray [data-tile='{v['tile']}']")
             .get_attribute("class"))
        for _ in range(v["rotation"]):  # Shift+R turns the picked tile a step counter-clockwise
            keys(d, Keys.SHIFT, "R")
        wait(d, lambda d: d.execute_script("return ed.selRot") == v["rotation"])
        settle(d, lambda d: click(d, f"[data-space='{space}']"))
        if k < len(items) - 1:
            assert "Solved" not in text(d, "verdict")
    assert d.execute_script("return JSON.parse(JSON.stringify(ed.placement))") == ans["placement"]
    assert text(d, "score-value") == str(ans["verified_value"])
    assert text(d, "verdict") == \
        f"\u2713 Solved: your board reaches the proven optimum, {ans['verified_value']}."
    assert "ok" in attr(d, "#verdict", "class")


def test_every_page_opens_without_a_console_error(browser, url):
    """The home page and the two tool pages (the play pages are opened by the games above): each
    is set up (or, the home page, loaded) with no SEVERE console entry (the autouse fixture)."""
    d = browser
    d.get(url + "/")
    wait(d, lambda d: d.execute_script("return document.readyState") == "complete")
    # every picture of the home page drawn (a proven Octiles answer, the deck, each game a few moves in)
    pics = read(d, lambda d: d.execute_script(
        "return [...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])"))
    assert len(pics) >= 6 and all(ok for _src, ok in pics), pics
    links = read(d, lambda d: [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "header a")])
    # every game's own pages (GameManifest.pages: the Octiles editor, the Octagion designer) and
    # every play page are in the menu
    pages = [p.path for g in REGISTRY for p in g.pages]
    assert pages and all(url + page in links for page in pages + [f"/play/{n}" for n in PLAYABLE]), links
    for page in pages:
        load(d, url + page)
        assert text(d, "error") == ""


@pytest.mark.parametrize("name", PLAYABLE)
def test_one_name_for_each_player_on_the_page_and_the_board(browser, url, name):
    # the page said "seat 0" while the boards said "P0", "Player 0" (Octiles) or "player 0" (the
    # Octagone hand): a newcomer saw two or three names for one player. Now it is P0, P1, ...
    # everywhere: the You play list, the status line, the list of moves and the board
    import re

    d = browser
    load(d, f"{url}/play/{name}#level=easy&seed=4")
    n = d.execute_script("return pg.view.seats.length")
    assert texts(d, "#seat option") == [f"P{i}" for i in range(n)]
    assert text(d, "status").startswith("Your move (P0).")
    play_on_board(d, view(d)["legal"][0])
    shown = "\n".join([text(d, "status")] + texts(d, "#history li") + read(d, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board svg text')].map(t => t.textContent)")))
    assert re.findall(r"\b(?:seat|[Pp]layer) \d", shown) == [], shown
    assert re.search(r"\bP[01]\b", shown), shown
    # a computer's moves in the list and its turn in the status line
    assert d.execute_script("return seatName(1, pg.view)") == \
        "P1 (" + d.execute_script("return pg.view.seats[1]") + ")"


def test_new_game_form_refuses_a_seed_it_cannot_send(browser, url):
    # a seed above 2^53 was rounded by the page (99999999999999999 started the deal
    # 100000000000000000, silently), and a box holding no number ("1e": the box reads "") silently
    # meant a random deal or the player's default simulations
    from selenium.webdriver.support.ui import Select

    d = browser
    load(d, f"{url}/play/octagone#level=easy&seed=4")
    open_advanced(d)

    def start(box, typed):
        e = d.find_element(By.ID, box)
        d.execute_script("arguments[0].value = ''", e)
        e.send_keys(typed)
        settle(d, lambda d: click(d, "#new"))
        return text(d, "error")

    assert start("seed", "99999999999999999") == \
        "Seed must be a whole number from 0 to 9007199254740991 (empty: a random deal), got 99999999999999999"
    assert d.execute_script("return pg.view.seed") == 4  # the game goes on
    assert start("seed", "1e") == "Seed: what is typed is not a number"
    assert start("seed", "1.5").startswith("Seed must be a whole number")
    assert start("seed", "9007199254740991") == "" and d.execute_script("return pg.view.seed") == 9007199254740991
    d.execute_script("document.getElementById('seed').value = ''")
    Select(d.find_element(By.ID, "opponent")).select_by_value("mcts")
    assert start("simulations", "1e") == "Simulations: what is typed is not a number"
    assert start("simulations", "30") == "" and d.execute_script("return pg.view.options.simulations") == 30


def test_the_jokers_opening_lists_no_words_and_is_built_with_the_joker(browser, url):
    # Octoverso with jokers opened with 500-1000 words to announce drawn as buttons on the board
    # (480 x 2320, a column the page scrolled); the words are now built from the hand: the board
    # keeps its usual shape, and the alphabetically last word (its joker a letter) is built by taps
    d = browser
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        load(d, url + "/play/octoverso" + address({"jokers": True}, 5))
        v = view(d)
        assert len(v["legal"]) > 400 and v["human"]
        assert not d.find_elements(By.CSS_SELECTOR, "#board [data-target^='word:']")
        assert "tall" not in attr(d, "#board", "class").split()  # not drawn as a tall column
        assert d.execute_script("return document.documentElement.scrollWidth "
                                "<= document.documentElement.clientWidth")
        move = max((m for m in v["legal"] if any(c.islower() for c in m["compose"])),
                   key=lambda m: m["compose"].upper())
        play_on_board(d, move)  # its joker's tile, then the letter it stands for
        assert view(d)["moves"] > v["moves"]
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone_a_tap_that_makes_no_move_says_why_and_the_link_to_the_game(browser, url):
    # on a phone a tap on the board that made no move did nothing at all: a cell no move starts on,
    # the board of a past position (replay) or of a finished game; a newcomer could not tell a miss
    # from a refusal. And the game's address (the way to share it) was nowhere on a phone's screen:
    # the address bar shows the site, not the game
    d = browser
    phone(d)
    try:
        seen = _start_octagone(d, url, 1)
        v = view(d)
        starts = {t for m in v["legal"] for t in m["targets"][:1]}
        cells = read(d, lambda d: d.execute_script(
            "return [...document.querySelectorAll('#board [data-target^=\"cell:\"]')]"
            ".map(e => e.getAttribute('data-target'))"))
        dead = next(c for c in cells if c not in starts)
        click(d, sel(dead))
        note = text(d, "pick-text")
        assert note.startswith("No move starts on row ") and "click one of the outlined" in note, note
        assert view(d)["moves"] == v["moves"]  # nothing played
        # a move started, then a tap that does not go on from it
        first = v["legal"][0]["targets"][0]
        click(d, sel(first))
        wait(d, lambda d: d.execute_script("return pg.picked.length") == 1)
        click(d, sel(dead))
        note = text(d, "pick-text")
        assert " does not go on from " in note and "Chosen: " in note, note
        click(d, "#pick-clear")
        wait(d, lambda d: not d.find_element(By.ID, "pick").is_displayed())
        # the link to this game: in a box, the page's own address; opened, the same game
        click(d, "#share")
        link = read(d, lambda d: d.find_element(By.ID, "share-link").get_attribute("value"))
        assert link == d.current_url and "&moves=" in link, (link, d.current_url)
        assert "opens this game at this move" in text(d, "share-note")
        # the slider is named on a phone too ("Replay": it was hidden to give the slider the width)
        assert read(d, lambda d: d.find_element(By.CSS_SELECTOR, "#replay-bar > span.muted").is_displayed())
        # a past position: the board says it does not play there
        settle(d, lambda d: click(d, "#replay-first"))
        assert d.execute_script("return pg.replay.ply") == 0
        assert read(d, lambda d: d.find_element(By.ID, "share-link").get_attribute("value")).endswith("&at=0")
        click(d, sel(cells[0]))
        assert text(d, "pick-text").startswith("This is a past position (replay)")
        settle(d, lambda d: click(d, "#replay-live"))
        assert not read(d, lambda d: d.find_element(By.ID, "pick").is_displayed())
        d.get("about:blank")
        load(d, link)
        assert view(d)["moves"] == v["moves"] and board(d) == seen[v["moves"]]
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone_small_places_to_tap_take_a_finger(browser, url):
    # at 390 px Octiles' runners were 16 px across and its stops 21 px: a tap beside one missed
    # it; a place to tap smaller than 28 px now takes taps 28 px across (its outline shows it)
    from selenium.webdriver.common.action_chains import ActionChains

    d = browser
    phone(d)
    try:
        load(d, url + "/play/octiles" + address({"variant": "move-over", "players": 2}, 2), GAME_TIMEOUT)
        for _ in range(10):  # place tiles until a runner can move
            v = view(d)
            if any(m["targets"][0].startswith("runner:") for m in v["legal"]):
                break
            play_on_board(d, v["legal"][0])
        runners = sorted({m["targets"][0] for m in v["legal"] if m["targets"][0].startswith("runner:")})
        assert runners, "no runner to move"
        sizes = read(d, lambda d: d.execute_script("""
            return arguments[0].map(id => {
              const e = [...document.querySelectorAll('#board [data-target]')].find(x => x.getAttribute('data-target') === id);
              const r = e.getBoundingClientRect(), c = e.querySelector(':scope > circle').getBoundingClientRect();
              return [r.width, r.height, c.width];});""", runners))
        for w, h, drawn in sizes:
            assert drawn < 24 and w >= 27.9 and h >= 27.9, sizes  # a small runner, a finger's target
        assert min(read(d, lambda d: d.execute_script(
            "return [...document.querySelectorAll('#board g.octo-overlay rect.next')]"
            ".map(r => Math.min(r.getBoundingClientRect().width, r.getBoundingClientRect().height))"))) >= 27.9
        # a tap 12 px right of the runner's centre (beside its disc) takes the runner: its one
        # move is played
        mine = [m for m in v["legal"] if m["targets"][0] == runners[0]]
        e = read(d, lambda d: d.find_element(By.CSS_SELECTOR, sel(runners[0])))
        if len(mine) == 1:
            settle(d, lambda d: ActionChains(d).move_to_element_with_offset(e, 12, 0).click().perform(), GAME_TIMEOUT)
            played = [h for h in view(d)["history"] if h["ply"] > v["moves"]]
            assert played[0]["text"] == mine[0]["text"], played[:2]
        else:
            ActionChains(d).move_to_element_with_offset(e, 12, 0).click().perform()
            wait(d, lambda d: d.execute_script("return pg.picked") == [runners[0]])
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_status_line_while_the_server_draws(browser, url):
    # between two moves of Octiles the server draws the next tile (a chance move): the status line
    # said "chance is thinking..."
    d = browser
    load(d, url + "/play/octiles" + address({"variant": "move-over", "players": 2}, 2), GAME_TIMEOUT)
    line = d.execute_script("return statusText({...pg.view, human_turn: false, current_player: -1})")
    assert line.startswith("A chance move: the server draws") and "thinking" not in line, line
    line = d.execute_script("return statusText({...pg.view, human_turn: false, current_player: 1})")
    assert line == "P1 (greedy) is thinking...", line


def test_a_phone_is_told_to_tap_and_not_to_press_esc(browser, url):
    # on a phone the page said "Click on the board" and offered "start the move again (Esc)":
    # there is no mouse and no Esc key
    d = browser
    phone(d)
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        _start_octagone(d, url, 1)
        assert "Tap the board (highlighted: where a move starts)." in text(d, "status")
        assert "(tap one to see" in text(d, "history-note")
        v = view(d)
        click(d, sel(v["legal"][0]["targets"][0]))
        wait(d, lambda d: d.execute_script("return pg.picked.length") == 1)
        assert text(d, "pick-clear") == "start the move again"
    finally:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    load(d, url + "/play/octagone" + address(*OCTAGONE))  # a mouse: as before
    assert "Click on the board (highlighted" in text(d, "status")


def test_phone_octoverso_teams_words_played_stay_on_the_board(browser, url):
    # in a 4-player Octoverso game the "Words played" lines, wrapped for 12-unit text, ran off the
    # board's right edge once the page drew them at 11 px on a phone (15 units)
    d = browser
    phone(d)
    try:
        load(d, url + "/play/octoverso" + address({"teams": True}, 3), GAME_TIMEOUT)
        for n in range(14):
            v = view(d)
            if v["terminal"]:
                break
            assert board_text_problems(d) == {}, v["moves"]
            play_on_board(d, v["legal"][(n * 7) % len(v["legal"])])
        assert board_text_problems(d) == {}
        assert "Words played: " in read(d, lambda d: d.find_element(By.ID, "board").get_attribute("textContent"))
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
