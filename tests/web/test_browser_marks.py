"""Resign, the last move's mark and the game-over summary on the play pages (issue 43, item 3), in
Debian's chromium: Resign asks first (a second click of Resign, Esc or "No, play on" take the
question back) and ends the game as a loss, in the address too; the places the last turn changed
ringed on each game's board at a phone's width, the ring around its place and as wide on the
screen as on a desktop; the summary at the end of a game played on the board, its New game
starting the next. The positions are reached through the API (tests/web/test_browser_games.py's
way), the clicks are a person's.
"""

from __future__ import annotations

import pytest

from octosolve.games import GAMES

from .test_browser import TIMEOUT, By, click, load, read, settle, text, texts, wait  # noqa: F401
from .test_browser_games import (  # noqa: F401 (fixtures used by name)
    GAME_TIMEOUT,
    _api,
    with_words,
    _late_moves,
    address,
    heading,
    no_js_errors,
    phone,
    play_on_board,
    url,
    view,
)

pytestmark = pytest.mark.integration


def shown(d, css) -> bool:
    return read(d, lambda d: d.find_element(By.CSS_SELECTOR, css).is_displayed())


def test_resign_asks_first_then_ends_the_game_as_a_loss(browser, url):
    d = browser
    load(d, url + "/play/octagone" + address({}, 5))
    assert shown(d, "#resign") and not shown(d, "#resign-box") and not shown(d, "#game-over")
    # the question, and three ways to take it back: Resign again (a double click), Esc, No
    click(d, "#resign")
    wait(d, lambda d: shown(d, "#resign-box"))
    assert text(d, "resign-q") == "Resign this game? It ends now, as a loss for you."
    assert d.find_element(By.ID, "resign").get_attribute("aria-expanded") == "true"
    click(d, "#resign")
    wait(d, lambda d: not shown(d, "#resign-box"))
    click(d, "#resign")
    wait(d, lambda d: shown(d, "#resign-box"))
    d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")  # Esc
    wait(d, lambda d: not shown(d, "#resign-box"))
    click(d, "#resign")
    click(d, "#resign-no")
    wait(d, lambda d: not shown(d, "#resign-box"))
    assert not view(d)["terminal"] and text(d, "status").startswith("Your move")
    # the yes: over, a loss, said on the status line, in the summary and on the board
    click(d, "#resign")
    settle(d, lambda d: click(d, "#resign-yes"))
    assert text(d, "status") == "Game over: you resigned; P1 (greedy) won."
    assert shown(d, "#game-over") and text(d, "over-result") == "You resigned: P1 (greedy) wins."
    rows = texts(d, "#over-scores tr")
    assert len(rows) == 2 and rows[0].startswith("you") and rows[0].endswith("resigned") \
        and rows[1].startswith("P1 (greedy)") and rows[1].endswith("won"), rows
    assert "Shields left in hand (fewer is better), when the game stopped" in text(d, "over-label")
    for gone in ("#resign", "#undo", "#hint"):
        assert not shown(d, gone), gone
    assert heading(d) == ["Game over: you resigned", "P1 (greedy) wins."]
    assert read(d, lambda d: d.find_element(By.ID, "record").is_enabled())
    where = d.current_url
    assert "&resigned=0" in where
    # the address opened afresh: the same game, over
    d.get("about:blank")
    load(d, where, GAME_TIMEOUT)
    assert text(d, "status") == "Game over: you resigned; P1 (greedy) won."
    assert shown(d, "#game-over") and not shown(d, "#resign")


# every game whose manifest has a marks room: its 2-seat seeded set-up (WebTest.seeding)
MARKED = [(g.name, dict(g.web_test.seeding[0]), g.web_test.seed) for g in GAMES
          if g.web_ready() and "marks" in g.rooms]


def _marked_moves(url, name, params, seed) -> tuple[list, dict]:
    """The moves of a game (you playing the first legal move, the easy computer the others) up to
    your first turn after a computer's turn that changed the board, and that view."""
    v = _api(url, f"/api/{name}/new", {"params": params, "seed": seed, "level": "easy"})
    while not (v["human_turn"] and v["moves"] > 1 and v["last_move"]["marks"]):
        assert not v["terminal"], name
        v = _api(url, f"/api/{name}/{v['id']}/move", {"action": with_words(url, name, v)["legal"][0]["action"]}) \
            if v["human_turn"] else _api(url, f"/api/{name}/{v['id']}/computer", {})
    return v["all_actions"], v


RINGS = """
const out = [];
for (const r of document.querySelectorAll('#board g.octo-lastmove rect.lm-outer')) {
  const id = r.getAttribute('data-for');
  const e = document.querySelector(`#board [data-target="${id}"], #board [data-mark="${id}"]`);
  const a = r.getBoundingClientRect();  // the place itself, not the area grown around it for taps
  const kids = [...e.children].filter(c => !c.matches('rect.octo-hit, title')).map(c => c.getBoundingClientRect());
  const b = e.querySelector(':scope > rect.octo-hit') && kids.length
    ? {left: Math.min(...kids.map(k => k.left)), right: Math.max(...kids.map(k => k.right)),
       top: Math.min(...kids.map(k => k.top)), bottom: Math.max(...kids.map(k => k.bottom))}
    : e.getBoundingClientRect();
  out.push({id, around: a.left <= b.left + 0.5 && a.right >= b.right - 0.5 && a.top <= b.top + 0.5
                         && a.bottom >= b.bottom - 0.5,
            px: parseFloat(getComputedStyle(r).strokeWidth)});
}
return out;
"""


@pytest.mark.parametrize("name,params,seed", MARKED, ids=[g[0] for g in MARKED])
def test_the_last_move_is_ringed_on_every_board(browser, url, name, params, seed):
    d = browser
    moves, v = _marked_moves(url, name, params, seed)
    phone(d)
    load(d, url + f"/play/{name}" + address(params, seed, ",".join(map(str, moves))), GAME_TIMEOUT)
    rings = read(d, lambda d: d.execute_script(RINGS))
    assert sorted(r["id"] for r in rings) == sorted(v["last_move"]["marks"]), rings
    assert all(r["around"] and r["px"] >= 4 for r in rings), rings  # 5 px at any board's size
    p = v["last_move"]["player"]  # (Octiles: your tile placed, your runner to move: yours)
    who = "you" if p == v["viewer"] else f"P{p} ({v['seats'][p]})"
    turn = []  # the turn's moves: its player's in a row, chance left out (the last three said)
    for h in reversed([h for h in v["history"] if not h["chance"]]):
        if h["player"] != p:
            break
        turn.insert(0, h["text"])
    said = ("..., " if len(turn) > 3 else "") + ", ".join(turn[-3:])
    if v.get("turns"):  # a game that says a turn in one line (Oct8): that line, whole
        said = [t["text"] for t in v["turns"] if not t["chance"]][-1]
    assert text(d, "last-note") == f"Ringed: the last move, {who}: {said}."


def test_a_move_on_the_board_then_the_computer_s_reply_ringed(browser, url):
    d = browser
    load(d, url + "/play/octagone" + address({}, 5))
    v = view(d)
    play_on_board(d, v["legal"][len(v["legal"]) // 3])
    marks = d.execute_script("return pg.view.last_move")
    assert marks["player"] == 1 and len(marks["marks"]) >= 1
    rings = read(d, lambda d: d.execute_script(RINGS))
    assert sorted(r["id"] for r in rings) == sorted(marks["marks"]) and all(r["around"] for r in rings)
    # the replay of your own move rings your move's cell
    mine = view(d)["moves"] - 1
    settle(d, lambda d: click(d, f"#history li[data-ply='{mine}']"))
    at = d.execute_script("return pg.replay.last_move")
    assert at["player"] == 0
    assert sorted(r["id"] for r in read(d, lambda d: d.execute_script(RINGS))) == sorted(at["marks"])
    assert text(d, "last-note").startswith("Ringed: the last move, you: ")


def test_the_game_over_summary_and_its_new_game(browser, url):
    d = browser
    late = _late_moves("octagone", {}, 5, -1, last=1)
    load(d, url + "/play/octagone" + address({}, 5, ",".join(map(str, late))), GAME_TIMEOUT)
    assert not shown(d, "#game-over")
    v = view(d)
    play_on_board(d, v["legal"][-1])
    end = d.execute_script("return pg.view")
    assert end["terminal"] and end["resigned"] is None
    assert shown(d, "#game-over")
    w = end["winners"]
    assert text(d, "over-result") == ("A draw." if not w else "You won!" if w == [0] else "P1 (greedy) won.")
    t = end["score_table"]
    rows = texts(d, "#over-scores tr")
    assert [r.split()[-2 if p in w else -1] for p, r in enumerate(rows)] == [str(x) for x in t["values"]], rows
    assert [r.endswith("won") for r in rows] == [p in w for p in range(2)], rows
    assert text(d, "over-label") == "Shields left in hand (fewer is better):"
    assert text(d, "over-reason").endswith(f"{end['moves']} moves.")
    # "Change the settings" goes to the form; the panel's New game starts the next game
    click(d, "#over-settings")
    assert d.execute_script("return document.activeElement.id") == "preset"
    settle(d, lambda d: click(d, "#again"), GAME_TIMEOUT)
    assert not view(d)["terminal"] and not shown(d, "#game-over") and shown(d, "#resign")
