"""Oct8 on the web board (octosolve/oct8/board.py, BOARDS.md): over random positions of random games,
every legal decision's clicks are drawn in the mover's view, no two decisions share their clicks, the
view parses as SVG, a seat's view and the public text of a move are the same in every determinization
from that seat (so nothing hidden leaks), and the hand shown is the viewer's own."""

import random
import xml.etree.ElementTree as ET

import pytest

from octosolve.core.errors import OctoError
from octosolve.oct8 import rules as R


def targets_in(svg_text: str) -> set[str]:
    root = ET.fromstring(svg_text)  # also: the view is well-formed XML
    assert root.tag.endswith("svg") and root.get("viewBox") and root.get("width") is None
    ids = [e.get("data-target") for e in root.iter() if e.get("data-target")]
    assert len(ids) == len(set(ids)), "every target is one element"
    return set(ids)


def random_positions(players: int, seed: int, every: int):
    """Every ``every``-th position of a random game (and the final one)."""
    st = R.make_game(players=players).new_initial_state(seed)
    rng = random.Random(seed)
    i = 0
    while not st.is_terminal():
        if i % every == 0:
            yield st
        st.apply_action(rng.choice(st.legal_actions()))
        i += 1
    yield st


CASES = [(2, 1, 3), (3, 2, 4), (4, 3, 5), (4, 4, 7)]


@pytest.mark.integration
@pytest.mark.parametrize("players,seed,every", CASES)
def test_every_legal_decision_is_clickable_and_unique(players, seed, every):
    phases = set()
    for st in random_positions(players, seed, every):
        if st.is_terminal():
            targets_in(st.view_svg(0))
            continue
        drawn = targets_in(st.view_svg(st.cur))
        seen = {}
        for a in st.legal_actions():
            clicks = st.action_targets(a)
            assert clicks and all(isinstance(t, str) for t in clicks)
            assert set(clicks) <= drawn, (st.action_to_string(a), clicks)
            assert tuple(clicks) not in seen, (st.action_to_string(a), seen.get(tuple(clicks)))
            seen[tuple(clicks)] = st.action_to_string(a)
        phases.add(st.phase)
    assert {R.PH_MAIN, R.PH_PLACE, R.PH_SEL} <= phases  # the sample reaches the multi-step decisions


@pytest.mark.integration
@pytest.mark.parametrize("players,seed,every", CASES[:3])
def test_nothing_hidden_leaks_into_a_view_or_a_public_move(players, seed, every):
    # every third of the positions above (a view is drawn three times a seat, about 10 ms each: all
    # of them took 16-20 s a case), still in the multi-step phases (asserted below)
    rng = random.Random(seed)
    differed = 0  # determinizations that really moved hidden cards (so the equalities below can fail)
    phases = set()
    for st in random_positions(players, seed, 3 * every):
        if st.is_terminal():  # the end shows every colour (test_the_end_shows_every_colour_and_the_points)
            continue
        phases.add(st.phase)
        for v in range(players):
            view = st.view_svg(v)
            for _ in range(2):
                d = st.determinize(v, rng)
                differed += any(sorted(d.hands[q]) != sorted(st.hands[q]) for q in range(players) if q != v)
                assert d.view_svg(v) == view
                if not st.is_terminal() and v != st.cur:
                    for a in st.legal_actions():
                        assert d.public_move_string(a) == st.public_move_string(a)
    assert differed > 10
    assert {R.PH_MAIN, R.PH_PLACE, R.PH_SEL} <= phases


def test_the_view_shows_the_own_hand_and_colour_only():
    st = R.make_game(players=3).new_initial_state(5)
    for v in range(3):
        root = ET.fromstring(st.view_svg(v))
        cards = {e.get("data-target") for e in root.iter() if (e.get("data-target") or "").startswith("card:")}
        assert cards == {f"card:{st.card_str(c)}" for c in st.hands[v]}
        text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
        assert f"colour {R.COLOURS[st.colour(v)]}" in text and text.count("colour ?") == 2


def test_the_end_shows_every_colour_and_the_points():
    # the web page's last board said "The game is over." with the others' colours still "?": a
    # player could not see why they had lost (the scores double for octopuses of one's colour)
    st = list(random_positions(3, 2, 1000))[-1]
    assert st.is_terminal()
    root = ET.fromstring(st.view_svg(0))
    text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    assert "colour ?" not in text
    for q in range(3):
        assert f"P{q}{' (you)' if q == 0 else ''} \u00b7 colour {R.COLOURS[st.colour(q)]}" in text
    pts = ", ".join(f"P{q}{' (you)' if q == 0 else ''} {st.scores()[q]}" for q in range(3))
    assert f"Points: {pts}." in text  # the prompt's lines (wrapped at spaces) joined by spaces


def test_clicks_of_a_hand_worked_turn():
    st = R.make_game(players=2).new_initial_state(5)
    rng = random.Random(2)
    while st.phase != R.PH_MAIN or not any(R.A_ATTACH <= a < R.A_XHAND for a in st.legal_actions()):
        st.apply_action(rng.choice(st.legal_actions()))
    p = st.cur
    a = next(a for a in st.legal_actions() if R.A_ATTACH <= a < R.A_XHAND)
    s = a - R.A_ATTACH
    assert st.action_targets(a) == [f"shared:{s}"]
    assert st.public_move_string(a).startswith(f"attach to shared head {s} (")
    assert st.action_targets(R.A_DRAW + 1) == ["pile:deck", "pile:discard"]
    top = st.card_str(st.discard[-1])
    assert st.public_move_string(R.A_DRAW + 1) == f"draw 1 from the deck and {top} from the discard pile"
    st.apply_action(a)
    add = min(x for x in st.legal_actions() if x != R.A_DONE)
    t = R.type_name(add - R.A_ADD)
    assert st.action_targets(add) == [f"card:{t}"] and st.public_move_string(add) == t
    st.apply_action(add)
    assert st.action_targets(R.A_DONE) == ["button:done"]
    assert st.public_move_string(R.A_DONE).startswith(f"attach {t} -> shared head {s} (")
    assert st.public_move_string(R.A_DONE) == st.action_to_string(R.A_DONE)  # one text for every seat
    assert "button:done" in targets_in(st.view_svg(p)) and "button:done" not in targets_in(st.view_svg(1 - p))


def test_a_bad_viewer_is_a_clean_error():
    st = R.make_game(players=2).new_initial_state(1)
    for bad in (2, -1, "0", True):
        with pytest.raises(OctoError):
            st.view_svg(bad)


def _head_label(svg_text: str, target: str) -> str:
    """The number drawn at the top left of the octopus whose head is ``target`` (its label)."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg_text)
    g = next(e for e in root.iter() if e.get("data-target") == target)
    box = next(e for e in g.iter(ns + "rect") if e.get("class") != "octo-hit")
    x, y = float(box.get("x")) + 4, float(box.get("y")) + 5  # _octopus: the box at x + 3, the label at x + 7
    return next(t.text for t in root.iter(ns + "text")
                if abs(float(t.get("x", -99)) - x) < 0.01 and abs(float(t.get("y", -99)) - y) < 0.01)


def test_the_board_numbers_heads_and_octopuses_as_the_notation_does():
    # the notation said "attach hand cards to shared head 0" of the head the board labelled 1 and
    # the other seats' moves called "shared head 1": one number for one head everywhere
    for seed in range(1, 6):
        st = R.make_game(players=3).new_initial_state(seed)
        rng = random.Random(seed)
        seen = 0
        while not st.is_terminal() and seen < 12:
            p = st.cur
            for a in st.legal_actions():
                text = st.action_to_string(a)
                if a == R.A_DONE:  # names what the attach or exchange did: its click is Done
                    continue
                if "shared head " in text:
                    s = int(text.rsplit("shared head ", 1)[1].split()[0])
                    assert st.action_targets(a) == [f"shared:{s}"]
                    assert f"shared head {s} (" in st.public_move_string(a)
                    assert _head_label(st.view_svg(p), f"shared:{s}") == str(s)  # its number, drawn over it
                    seen += 1
                elif "'s octopus " in text:
                    slot = int(text.split("octopus ", 1)[1].split()[0])
                    assert any(t.endswith(f":{slot}") or f":{slot}:" in t for t in st.action_targets(a))
            st.apply_action(rng.choice(st.legal_actions()))
        assert seen
