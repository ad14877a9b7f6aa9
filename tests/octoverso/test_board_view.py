"""Octoverso on the web board (octosolve/octoverso/board.py, BOARDS.md): over random positions of
random games (two players, jokers, teams), every legal move but the words is clicked on the board,
its clicks drawn in the mover's view and no two moves sharing them; a word (an announcement) has no
clicks and no list of words is drawn: it is built from the hand (compose.py), its letters checked
as a word that makes that move, the hand's tiles and the rail's ends drawn to build it; the view
parses as SVG, and a seat's view and the public text of a move are
the same in every determinization from that seat: the opening announcements stay hidden."""

import random
import xml.etree.ElementTree as ET

import pytest

from octosolve.core.errors import OctoError
from octosolve.octoverso import compose as C
from octosolve.octoverso import rules as R


def targets_in(svg_text: str) -> set[str]:
    root = ET.fromstring(svg_text)  # also: the view is well-formed XML
    assert root.tag.endswith("svg") and root.get("viewBox") and root.get("width") is None
    ids = [e.get("data-target") for e in root.iter() if e.get("data-target")]
    assert len(ids) == len(set(ids)), "every target is one element"
    return set(ids)


def random_positions(game, seed: int, every: int, max_moves: int = 400):
    """The opening positions, then every ``every``-th position of a random game, and its last one."""
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    for i in range(max_moves):
        if st.is_terminal():
            break
        if st.phase != R.PLAY or i % every == 0:
            yield st
        if st.phase == R.DRAW:
            outcomes = st.chance_outcomes()
            st.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    yield st


GAMES = [({}, 1, 3), ({}, 2, 4), ({"jokers": True}, 3, 3), ({"teams": True}, 4, 5)]


@pytest.mark.parametrize("params,seed,every", GAMES)
def test_every_legal_move_is_clickable_and_unique(params, seed, every):
    game = R.make_game(**params)
    A = game.actions
    phases = set()
    for st in random_positions(game, seed, every):
        if st.current_player() < 0:  # chance or over: a view for every seat, no clicks
            for v in range(st.num_players()):
                targets_in(st.view_svg(v))
            assert all(st.action_targets(a) == [] for a in st.legal_actions())
            continue
        phases.add(st.phase)
        drawn = targets_in(st.view_svg(st.player))
        assert not any(t.startswith("word:") for t in drawn)  # no list of words to pick from
        seen, built = set(), []
        for a in st.legal_actions():
            clicks = tuple(st.action_targets(a))
            if a < A.EXCHANGE:  # a word or an announcement: built from the hand, not clicked
                assert clicks == () and C.compose_text(st, a), st.action_to_string(a)
                built.append(a)
                continue
            assert clicks and set(clicks) <= drawn, (st.action_to_string(a), clicks)
            assert clicks not in seen, clicks
            seen.add(clicks)
        builder = C.composer(st, st.player)
        assert (builder is not None) == (st.phase in (R.OPENING, R.PLAY))
        if builder:  # what builds a word is on the board: the hand's tiles, the rail's ends
            assert set(builder["letters"]) | set(builder["places"]) <= drawn
        for a in built[::max(1, len(built) // 4)]:  # a few words, typed as the page types them
            r = C.check(st, C.compose_text(st, a))
            assert r["state"] == "word" and a in [m["action"] for m in r["moves"]], r
    assert {R.OPENING, R.PLAY} <= phases


@pytest.mark.integration
@pytest.mark.parametrize("params,seed,every", GAMES[::3])
def test_the_opening_announcements_stay_hidden(params, seed, every):
    game = R.make_game(**params)
    rng = random.Random(seed)
    differed = 0  # determinizations that really changed a hidden announcement (the check can fail)
    for st in random_positions(game, seed, every, max_moves=120):
        # three determinizations a seat in the opening, where the announcements change (in these
        # games only there), one later (the hidden racks and bag still change)
        tries = 3 if st.phase == R.OPENING else 1
        for v in range(st.num_players()):
            view = st.view_svg(v)
            for _ in range(tries):
                d = st.determinize(v, rng)
                differed += d.announced != st.announced
                assert d.view_svg(v) == view
                if st.current_player() >= 0 and v != st.player:
                    for a in st.legal_actions():
                        assert d.public_move_string(a) == st.public_move_string(a)
    assert differed > 0


def test_an_announcement_is_public_only_as_a_fact():
    game = R.make_game()
    st = game.new_initial_state(3)
    a = st.legal_actions()[0]
    word = game.lex.words[a - game.actions.ANNOUNCE]
    assert st.action_targets(a) == [] and C.compose_text(st, a) == word  # built from the hand
    text = st.public_move_string(a)
    assert word not in text and text.startswith("announce a word")
    st.apply_action(a)
    # the next seat's view names neither the word nor lists it as its own announcement
    view = st.view_svg(1)
    assert f"You announced {word}" not in view and "P0 announced (hidden" in view
    assert f"You announced {word}" in st.view_svg(0)


def test_a_word_move_is_told_in_full_and_built_from_the_hand():
    game = R.make_game()
    st = R.OctoversoState.from_position(game, "SOUDEIMA", ("GESTEN", "ABC"))
    m = next(m for m in st.moves() if m.word == "IMAGES")
    a = st.action_of_move(m)
    assert st.action_targets(a) == [] and C.compose_text(st, a) == "GES"
    # the notation, the same for every seat (issue #43: the computer's moves were told in words)
    assert st.public_move_string(a) == st.action_to_string(a) \
        == "IMAGES recto right end, 3 rail letters: lays GES, pushes SOU to P1"
    ex = game.actions.EXCHANGE + ord("G") - 65
    assert st.action_targets(ex) == ["button:exchange", "tile:G"] and st.public_move_string(ex) == "exchange G with the pool"
    drawn = targets_in(st.view_svg(0))
    assert {"end:recto:right", "end:verso:left", "tile:G", "button:exchange"} <= drawn
    assert "IMAGES" not in st.view_svg(0)  # no list of the words to play
    assert not any(t.startswith(("word:", "button:")) for t in targets_in(st.view_svg(1)))


def test_a_bad_viewer_is_a_clean_error():
    st = R.make_game().new_initial_state(1)
    for bad in (2, -1, "0", None):
        with pytest.raises(OctoError):
            st.view_svg(bad)
