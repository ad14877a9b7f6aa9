"""Octagone on the board page: ``view_svg(viewer)`` and ``action_targets(action)`` (the contract in
octosolve/core/game.py), checked at every position of random games of every variant."""

import random

import pytest

from octosolve.octagone.rules import JOLLY_PARTNER, JOLLY_SELF, PASS, OctagoneGame
from tests.boardview import check_position, parse, targets

CONFIGS = [dict(), dict(variant="kids"), dict(variant="iv"), dict(wrap="torus"),
           dict(players=4), dict(players=4, hidden=True), dict(variant="iv", players=4, hidden=True)]


def random_games(cfg, seeds):
    """Every position (terminal ones included) of random games of ``cfg``."""
    g = OctagoneGame(**cfg)
    for seed in seeds:
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        yield s.clone()
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
            yield s.clone()


@pytest.mark.integration
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "standard")
def test_every_legal_move_is_clicks_on_the_picture(cfg):
    seen = set()
    n = 0
    for s in random_games(cfg, range(3)):
        if s.is_terminal():
            parse(s.view_svg(0))  # the end is drawn too
            continue
        assert check_position(s) == []  # every move's clicks are its own
        for a in s.legal_actions():
            seen.add(s.action_targets(a)[0].split(":")[0])
        n += 1
    assert n > 20
    # the games went through the Dama (cells), shields (kinds) and, with four players, the jolly choice
    assert {"cell", "kind"} <= seen
    if cfg.get("players") == 4:
        assert "button" in seen


def test_targets_of_each_kind_of_move():
    g = OctagoneGame(players=4)
    s = g.new_initial_state(7)
    assert s.action_targets(JOLLY_SELF) == ["button:jolly-self"]
    assert s.action_targets(JOLLY_PARTNER) == ["button:jolly-partner"]
    s.apply_action(JOLLY_SELF)
    s.apply_action(JOLLY_PARTNER)
    dama = 21 * 8 + 1  # the Dama on row 3, col 0 (cell 21), arrow NE
    assert s.action_targets(dama) == ["cell:r3c0", "dir:NE"]
    s.apply_action(dama)
    colour = ["red", "orange", "yellow", "green", "blue", "violet"][s.target() // 7]
    for a in s.legal_actions():
        tl = s.action_targets(a)
        assert tl[0] in (f"kind:{colour}", "kind:jolly") or tl == ["button:pass"]
        assert len(tl) == (1 if a == PASS else 2)


def test_a_shield_that_ends_the_game_is_one_click():
    # a 2-player position where the shield to place can point at no free cell: its only move is
    # direction 0, chosen by the shield alone
    g = OctagoneGame(variant="kids")
    for seed in range(400):
        s = g.new_initial_state(seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            if s.last >= 0 and s.legal_actions() != [PASS] and not s.answer_dirs():
                tls = [s.action_targets(a) for a in s.legal_actions()]
                assert all(len(tl) == 1 and tl[0].startswith("kind:") for tl in tls)
                assert check_position(s) == []
                return
            s.apply_action(rnd.choice(s.legal_actions()))
    pytest.fail("no position with a game-ending shield found")


@pytest.mark.integration
@pytest.mark.parametrize("variant", ["standard", "iv"])
def test_hidden_shields_are_not_in_the_picture(variant):
    g = OctagoneGame(variant=variant, players=4, hidden=True)
    changed = 0
    # every tenth position of two games (every fifth took 8-11 s a variant: five pictures a seat)
    for s in list(random_games(dict(variant=variant, players=4, hidden=True), range(2)))[::10]:
        for viewer in range(4):
            rnd = random.Random(viewer)
            a, b = s.determinize(viewer, rnd), s.determinize(viewer, rnd)
            mine = s.view_svg(viewer)
            # two redeals of what the viewer cannot see draw the same picture for the viewer...
            assert a.view_svg(viewer) == b.view_svg(viewer) == mine
            # ...while the seat whose hand was redealt sees the difference (the check can fail; one
            # such difference shows it)
            other = (viewer + 1) % 4
            if not changed:
                changed += a.view_svg(other) != b.view_svg(other)
    assert changed > 0
    assert g.info.perfect_information is False


def test_open_hands_show_every_seat_and_only_the_viewer_has_buttons():
    s = OctagoneGame().new_initial_state(1)
    s.apply_action(s.legal_actions()[0])
    for viewer in (0, 1):
        root = parse(s.view_svg(viewer))
        kinds = {t for t in targets(root) if t.startswith("kind:")}
        held = {f"kind:{name}" for name, k in zip(
            ["red", "orange", "yellow", "green", "blue", "violet"],
            [s.hands[viewer][c * 4] for c in range(6)]) if k}
        if s.hands[viewer][24]:
            held.add("kind:jolly")
        assert kinds == held
    # a spectator (no seat) gets the board and the seats' lines, no hand
    assert not any(t.startswith("kind:") for t in targets(parse(s.view_svg(-1))))
