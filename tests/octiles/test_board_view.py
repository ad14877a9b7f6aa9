"""The Octiles games on the board page: ``view_svg(viewer)`` and ``action_targets(action)`` (the
contract in octosolve/core/game.py), checked at every position of random games of each game."""

import random
from collections import Counter

import pytest

from octosolve.core.game import CHANCE
from octosolve.octiles.game import MOVE_BASE, PASS, RESIGN, ROTATE_BASE, make_game
from tests.boardview import check_position, parse, targets

CONFIGS = [dict(variant="move-over", max_turns=60), dict(variant="move-over", players=3, max_turns=60),
           dict(variant="move-over", players=4, teams=True, allow_resign=True, max_turns=60),
           dict(variant="octiles", max_turns=100), dict(variant="octiles", players=4, max_turns=100),
           dict(variant="team-up", max_turns=60),
           dict(variant="team-up", players=3, runners=4, allow_resign=True, max_turns=60)]


def random_games(cfg, seeds):
    """Every position (chance and terminal ones included) of random games of ``cfg``."""
    g = make_game(**cfg)
    for seed in seeds:
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        yield s.clone()
        while not s.is_terminal():
            acts = s.legal_actions()
            if s.current_player() != CHANCE and RESIGN in acts and len(acts) > 1:
                acts.remove(RESIGN)  # keep the games going (resigning is checked as a target)
            s.apply_action(rnd.choice(acts))
            yield s.clone()


def kind(a):
    return ("pass" if a == PASS else "resign" if a == RESIGN else "turn" if a >= ROTATE_BASE
            else "move" if a >= MOVE_BASE else "place")


@pytest.mark.integration
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_every_legal_move_is_clicks_on_the_picture(cfg):
    kinds = Counter()
    shared = []
    n = 0
    sample = random.Random(1)
    for s in random_games(cfg, range(2)):
        if s.current_player() < 0:  # chance or the end: drawn for anyone
            if s.is_terminal():
                parse(s.view_svg(0))
            continue
        if sample.random() > 0.35:  # a third of the positions (a picture takes ~50 ms)
            continue
        shared += check_position(s)
        kinds.update(kind(a) for a in s.legal_actions())
        n += 1
    assert n > 20
    assert shared == []  # every move's clicks are its own
    assert kinds["place"] and kinds["move"]
    if cfg["variant"] == "octiles":
        assert kinds["turn"]  # the games filled the board
    if cfg.get("allow_resign"):
        assert kinds["resign"]


def test_targets_of_each_kind_of_move():
    s = make_game(variant="move-over").new_initial_state()
    s.apply_action(4)  # the stack shows tile 4
    place = [a for a in s.legal_actions() if s.action_to_string(a) == "place tile 4 r5 on a2"][0]
    assert s.action_targets(place) == ["space:a2", "rot:5"]
    s.apply_action(place)
    for a in s.legal_actions():  # a runner move across a2: the runner, then where it ends
        text = s.action_to_string(a)  # "move A1->B2 (via a2)"
        src, dest = text.split()[1].split("->")
        tl = s.action_targets(a)
        assert tl[0] == f"runner:{src}"
        assert tl[1] in (f"stop:{dest}", f"circle:{dest}", f"back:{dest}")
    t = make_game(variant="team-up").new_initial_state()
    a = t.legal_actions()[0]  # "place tile 0 r0 on a2"
    assert t.action_targets(a) == ["tile:0", "space:a2", "rot:0"]


def test_runner_moves_back_home_and_twin_paths():
    """A runner that comes back to its place: its runner, then the button beside it (clicking the
    runner again lets it go); two paths between the same places are told apart by the first space
    crossed. Both happen in random games; each list stays unique."""
    seen = Counter()
    for cfg in (dict(variant="team-up"), dict(variant="octiles", max_turns=120)):
        for s in random_games(cfg, range(6)):
            if s.current_player() < 0:
                continue
            lists = [s.action_targets(a) for a in s.legal_actions()]
            for tl in lists:
                if tl[0].startswith("runner:"):
                    home = tl[1] == "back:" + tl[0].split(":")[1]
                    seen["home" if home else "away"] += 1
                    assert home or not tl[1].startswith("back:")
                    seen["twin" if len(tl) == 3 else "single"] += 1
            assert len({tuple(tl) for tl in lists}) == len(lists)
            if seen["home"] and seen["twin"]:
                return
    pytest.fail(f"not seen in these games: {seen}")


def test_the_picture_is_the_same_for_every_viewer_but_the_you():
    s = make_game(variant="move-over").new_initial_state()
    s.apply_action(7)
    a, b = s.view_svg(0), s.view_svg(1)
    assert a != b  # "You: place tile 7" for the mover only
    assert targets(parse(a)).keys() == targets(parse(b)).keys()
    # nothing is hidden: a determinization (a clone) draws the same picture
    assert s.determinize(1, random.Random(0)).view_svg(1) == b
