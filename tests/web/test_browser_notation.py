"""The play page's move list, one line a turn where the game joins a turn's moves (issue #43, item 3:
Oct8 wrote a line per decision, 303 in a game), in Debian's chromium: a game opened from its
address, its list read as a person sees it."""

from __future__ import annotations

import random

import pytest

from octosolve.games import GAMES

from .test_browser import load, read, texts, wait  # noqa: F401
from .test_browser_games import address, no_js_errors, url  # noqa: F401 (fixtures used by name)

pytestmark = pytest.mark.integration

# the web games that say a turn in one line (their moves room's turn_notation)
TURN_GAMES = [g for g in GAMES if g.web_ready() and g.has_room("moves")
              and hasattr(g.module("moves"), "turn_notation")]


@pytest.mark.parametrize("entry", TURN_GAMES[:1], ids=[g.name for g in TURN_GAMES[:1]])
def test_the_move_list_says_one_line_a_turn(browser, url, entry):
    from octosolve.web.play import presets

    params = presets(entry)[0][1]
    s, rng, actions = entry.make_game(**params).new_initial_state(11), random.Random(11), []
    while len(actions) < 40 and not s.is_terminal():
        actions.append(rng.choice(s.legal_actions()))
        s.apply_action(actions[-1])
    d = browser
    load(d, url + f"/play/{entry.name}" + address(params, 11, ",".join(map(str, actions))))
    turns = read(d, lambda d: d.execute_script("return pg.view.turns"))
    moves = read(d, lambda d: d.execute_script("return pg.view.moves"))
    shown = texts(d, "#history li")
    assert moves >= 40 and len(shown) == len(turns) < moves / 2  # Oct8's turns: several decisions
    for li, t in zip(shown, turns):
        assert li.endswith(": " + t["text"]) and (li.startswith("you: ") == (t["player"] == 0)), (li, t)
    assert sum(", " in t["text"] for t in turns) >= len(turns) // 2  # the decisions of a turn, joined
