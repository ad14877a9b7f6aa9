"""One readable notation per game (issue #43, item 3): every legal move's text names one move and
parses back to it, in random games of every game of the registry; the game records written in the
notation before it changed (tests/data/old_records: Octagone's 'coloured>NE', Oct8's 'exchange r3 of
octopus 0 of player +1', Octoverso's 'IMAGES recto right k=3') still replay, and a tampered one is
refused."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.game import CHANCE, _norm, sample_chance
from octosolve.core.record import game_from_record, move_text, names_action, replay
from octosolve.games import GAMES, get_game

STATE_GAMES = [g.name for g in GAMES if g.has_state]
OLD = sorted((Path(__file__).parent / "data" / "old_records").glob("*.json"))


def _positions(game, seed: int, limit: int = 150):
    """The states of a random game (the state itself, mutated in place), at most ``limit`` moves."""
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    for _ in range(limit):
        if s.is_terminal():
            return
        yield s
        p = s.current_player()
        s.apply_action(sample_chance(s, rng) if p == CHANCE else rng.choice(s.legal_actions()))


@pytest.mark.parametrize("name", STATE_GAMES)
def test_every_move_written_in_the_notation_parses_back_to_it(name):
    game = get_game(name).make_game()
    rng = random.Random(7)
    seen = 0
    for seed in (1, 2):
        for s in _positions(game, seed):
            texts = s.legal_action_strings()
            norm = [_norm(t) for t in texts.values()]
            assert len(set(norm)) == len(norm), [t for t in texts.values() if norm.count(_norm(t)) > 1][:3]
            for a in rng.sample(list(texts), min(3, len(texts))):
                text = texts[a]
                assert text and not text.startswith("action "), (a, text)
                assert s.string_to_action(text) == a and names_action(s, text, a)
                seen += 1
            # what the other seats see of a move (hidden-information games) is a text too
            public = getattr(s, "public_move_string", None)
            if public is not None and s.current_player() != CHANCE:
                assert all(isinstance(public(a), str) and public(a) for a in list(texts)[:5])
    assert seen > 20


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_records_in_the_notation_before_the_change_still_replay(path):
    rec = json.loads(path.read_text())
    game = game_from_record(rec, rec["game"], get_game(rec["game"]).make_game)
    final = replay(rec, game)  # every move checked, its old text against its action
    assert final.is_terminal() == rec["outcome"]["terminal"]
    # the old texts are not today's: the record really tests the older notation
    s = game.new_initial_state(rec["seed"])
    changed = 0
    for m in rec["moves"]:
        changed += _norm(m["move"]) != _norm(move_text(s, m["action"]))
        s.apply_action(m["action"])
    assert changed > len(rec["moves"]) // 3


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_a_tampered_old_record_is_refused(path):
    rec = json.loads(path.read_text())
    game = game_from_record(rec, rec["game"], get_game(rec["game"]).make_game)
    s = game.new_initial_state(rec["seed"])
    for i, m in enumerate(rec["moves"]):  # the first move with another legal choice: swap its action
        other = [a for a in s.legal_actions() if a != m["action"]] if s.current_player() >= 0 else []
        if other:
            bad = copy.deepcopy(rec)
            bad["moves"][i]["action"] = other[0]
            with pytest.raises(OctoError, match=f"record: move {i + 1} says"):
                replay(bad, game)
            bad = copy.deepcopy(rec)  # or its text: today's notation of another move
            bad["moves"][i]["move"] = s.action_to_string(other[0])
            with pytest.raises(OctoError, match=f"record: move {i + 1} says"):
                replay(bad, game)
            return
        s.apply_action(m["action"])
    pytest.fail("no move with a choice")
