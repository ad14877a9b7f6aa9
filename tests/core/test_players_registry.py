"""Players registered from above the games (issue 21): no game imports octosolve/interop; the
OpenSpiel adapter adds its player to each game through core/players.py's registry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.players import (RANDOM, PlayerSpec, find_spec, player_available, player_list,
                                    register_player)
from octosolve.games import GAMES as REGISTRY
from octosolve.games import get_game

ROOT = Path(__file__).resolve().parents[2] / "octosolve"
# the game packages of octosolve/ (the registry's games that live there)
GAMES = tuple(g.name for g in REGISTRY if (ROOT / g.name / "manifest.py").is_file())


def test_no_game_or_core_imports_interop_web_or_cli():
    pat = re.compile(r"^\s*(from\s+(\.{2,}|octosolve\.)(interop|web|cli)\b|import\s+octosolve\.(interop|web|cli)\b)",
                     re.M)
    hits = []
    for pkg in GAMES + ("core",):
        for path in (ROOT / pkg).rglob("*.py"):
            for m in pat.finditer(path.read_text(encoding="utf-8")):
                hits.append(f"{path.relative_to(ROOT.parent)}: {m.group(0).strip()}")
    assert hits == []


@pytest.mark.parametrize("game", [g.name for g in REGISTRY if g.openspiel is not None])
def test_openspiel_player_is_registered_for_the_game(game):
    specs = get_game(game).players()
    spec = find_spec(specs, "openspiel-mcts")
    assert spec.name == "openspiel-mcts" and "simulations" in spec.options
    assert specs[-1] is spec  # after the game's own players


def test_registered_player_is_listed_and_replaced_by_name():
    mine = player_list("toy-registry-game", (RANDOM,))
    assert [s.name for s in mine] == ["random"]
    register_player("toy-registry-game", PlayerSpec("extra", "v1", lambda g, seed=None: None))
    register_player("toy-registry-game", PlayerSpec("extra", "v2", lambda g, seed=None: None,
                                                    available=lambda: False))
    assert [s.name for s in mine] == ["random", "extra"] and mine[1].help == "v2"
    assert player_available(mine, "random") and not player_available(mine, "extra")
    assert not player_available(mine, "nobody")


def test_openspiel_player_builds_or_says_what_is_missing():
    from octosolve.interop import openspiel as osp

    game = get_game("octagone")
    if osp.available():
        p = game.make_player("openspiel-mcts", seed=1, simulations=5)
        assert hasattr(p, "choose")
    else:
        with pytest.raises(OctoError, match="needs OpenSpiel"):
            game.make_player("openspiel-mcts", seed=1)


def test_time_limit_option_is_checked():
    from octosolve.core.errors import OctoError
    from octosolve.core.players import PlayerSpec, make_player

    spec = PlayerSpec("slow", "a player with a time limit", lambda game, seed=None, time_limit=1.0: time_limit,
                      options=("time_limit",))
    assert make_player((spec,), "slow", None, time_limit=0.5) == 0.5
    for bad in (0, -1, float("inf"), float("nan"), "1", True):
        with pytest.raises(OctoError, match="time_limit must be a number of seconds > 0"):
            make_player((spec,), "slow", None, time_limit=bad)
