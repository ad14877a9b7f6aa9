"""A notebook user's pass over the State API of every game of the registry (after python-chess and
OpenSpiel): readable reprs, a picture, moves named and read back as text, copies that are copies, and
a one-line ``OctoError`` for every kind of bad input from Python (never a TypeError, an IndexError,
or a wrong answer)."""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.game import CHANCE, sample_chance
from octosolve.games import GAMES, get_game

STATE_GAMES = [g.name for g in GAMES if g.has_state]


@pytest.fixture(scope="module", params=STATE_GAMES)
def game(request):
    return get_game(request.param).make_game()


def _played(game, moves, seed=1):
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply_action(sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions()))
    while s.current_player() == CHANCE:
        s.apply_action(sample_chance(s, rng))
    return s


def _finished(game):
    s = _played(game, 5000)
    assert s.is_terminal()
    return s


def test_game_repr_names_the_game(game):
    r = repr(game)
    assert "object at" not in r and "\n" not in r
    assert r.startswith(f"<{type(game).__name__}: {game.info.short_name}, {game.info.num_players} players")


def test_state_displays_as_svg_with_a_viewbox(game):
    s = _played(game, 4)
    root = ET.fromstring(s._repr_svg_().encode())
    assert root.tag.endswith("svg") and len(root.get("viewBox").split()) == 4


def test_moves_as_text_and_back(game):
    s = _played(game, 4)
    named = s.legal_action_strings()
    assert list(named) == s.legal_actions()
    texts = list(named.values())
    for a, text in named.items():
        if texts.count(text) == 1:
            assert s.string_to_action(text) == a
            assert s.string_to_action(f"  {text.upper()} ") == a   # case and spacing ignored
        assert s.string_to_action(str(a)) == a and s.string_to_action(a) == a
    with pytest.raises(OctoError, match="not legal here"):
        s.string_to_action("no such move")
    t = s.clone()
    t.apply_action(t.string_to_action(texts[0]))
    assert len(t.history) == len(s.history) + 1


def test_copy_copy_is_a_clone(game):
    s = _played(game, 4)
    doc, n = s.to_json(), len(s.history)
    c = copy.copy(s)
    c.apply_action(c.legal_actions()[-1])
    assert s.to_json() == doc and len(s.history) == n, "playing on copy.copy(state) changed the state"


@pytest.mark.parametrize("bad", ["0", "pass", 1.0, None, True, [1]])
def test_an_action_that_is_not_an_integer_is_refused(game, bad):
    s = _played(game, 4)
    doc = s.to_json()
    with pytest.raises(OctoError, match="an action is an integer"):
        s.apply_action(bad)
    assert s.to_json() == doc


def test_out_of_range_actions_are_named_so(game):
    s = _played(game, 4)
    for a in (-1, game.info.num_distinct_actions, 10**9):
        assert s.action_to_string(a) == f"action {a} (out of range)"
        with pytest.raises(OctoError, match="out of range|not an Octiles action"):
            s.apply_action(a)
    with pytest.raises(OctoError, match="an action is an integer"):
        s.action_to_string("x")


@pytest.mark.parametrize("bad", [-1, 9, "a", None, 0.5])
def test_a_bad_observer_is_refused(game, bad):
    s = _played(game, 4)
    with pytest.raises(OctoError, match="player must be a seat number"):
        s.observation_string(bad)


@pytest.mark.parametrize("bad", ["a", 1.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused(game, bad):
    with pytest.raises(OctoError, match="a seed is a whole number"):
        game.new_initial_state(bad)
    assert game.new_initial_state(3.0).to_json() == game.new_initial_state(3).to_json()


def test_unknown_game_parameter_is_refused(game):
    with pytest.raises(OctoError, match="nonsense"):
        get_game(game.info.short_name).make_game(nonsense=1)


def test_a_finished_game_refuses_moves_and_players(game):
    s = _finished(game)
    with pytest.raises(OctoError, match="the game is over"):   # Oct8 said 'illegal action 0 (...) in phase over'
        s.apply_action(0)
    with pytest.raises(OctoError, match="the game is over"):
        s.string_to_action("pass")
    entry = get_game(game.info.short_name)
    for name in ("random", "greedy"):
        with pytest.raises(OctoError, match="no move to choose, the game is over"):
            entry.make_player(name, game, seed=1).choose(s)


def test_every_game_draws_its_state_with_render_position_svg(game):
    """The same name in every game's package: ``<game>.render.position_svg(state)`` is the picture
    a notebook shows (``_repr_svg_``)."""
    s = _played(game, 4)
    render = get_game(game.info.short_name).module("render")
    assert render.position_svg(s) == s._repr_svg_()
    assert "position_svg" in render.__all__


@pytest.mark.parametrize("options", [{"simulations": "a"}, {"simulations": 2.5}, {"simulations": 0},
                                     {"simulations": -5}, {"simulations": True}])
def test_bad_player_options_are_refused(game, options):
    """``simulations="a"`` was a ValueError, ``2.5`` was rounded and ``-5`` played as if searched."""
    with pytest.raises(OctoError, match="simulations must be a whole number >= 1"):
        get_game(game.info.short_name).make_player("mcts", game, seed=1, **options)


def test_a_player_is_given_a_state(game):
    player = get_game(game.info.short_name).make_player("random", game, seed=1)
    with pytest.raises(OctoError, match="choose takes a game state, got str"):
        player.choose("x")


@pytest.mark.parametrize("name", STATE_GAMES)
def test_state_from_document_reads_any_position_of_the_game(name):
    """One call for every game: ``games.state_from_document(name, doc)`` (``rules.state_from_document``
    of each package) rebuilds the game from the document's own parameters; a record is replayed."""
    from octosolve.core.record import make_record
    from octosolve.games import state_from_document

    entry = get_game(name)
    assert entry.module("rules").state_from_document
    for params in ({},) + tuple(entry.test_params):  # the manifest's variants worth a test
        game = entry.make_game(**params)
        s = _played(game, 12, seed=2)
        doc = s.to_json()
        back = state_from_document(name, doc)
        assert back.to_json() == doc and back.legal_actions() == s.legal_actions()
        rec = make_record(name, game, 2, ["random"] * game.info.num_players, s.history)
        assert state_from_document(name, rec).to_json() == doc
    other = next(g for g in STATE_GAMES if g != name)
    with pytest.raises(OctoError):
        state_from_document(other, doc)
    for bad in (None, [], "x", {}):
        with pytest.raises(OctoError):
            state_from_document(name, bad)
