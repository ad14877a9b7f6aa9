"""Tic-tac-toe's manifest: the one registration of the test suite's sixth game. ``tests/conftest.py``
registers it (``octosolve.games.register(MANIFEST)``) as it registers every
``tests/games/<name>/manifest.py``; nothing outside this folder names the game."""

from __future__ import annotations

from octosolve.core.manifest import GameManifest, Level, OpenSpielHook, Preset, Preview, RulesCard

__all__ = ["MANIFEST"]


def _rules():
    from . import rules
    return rules


def _players():
    from . import players
    return players


def _cli():
    from . import cli
    return cli


def _render():
    from . import render
    return render


MANIFEST = GameManifest(
    "tictactoe", "Tic-tac-toe",
    "Tic-tac-toe: the test suite's sixth game - three in a row on a 3x3 board.",
    rooms={"rules": _rules, "players": _players, "cli": _cli, "render": _render},
    package_name="tests.games.tictactoe",
    presets=(Preset("2 players"), Preset("Misère (three in a row loses)", {"misere": True})),
    levels=(Level("easy", "random"), Level("medium", "greedy"), Level("hard", "mcts", {"simulations": 200})),
    rules_card=RulesCard("tests/games/tictactoe/rules.py",
                         ("Two players take turns to mark a free cell of a 3x3 board, X first.",
                          "Three marks in a row, column or diagonal win (misère: lose); a full board "
                          "without one is a draw."),
                         (("a1 ... c3", "the cell marked: column a-c, row 1-3 from the top"),)),
    preview=Preview({}, 3, "position"),
    menu=50,
    openspiel=OpenSpielHook("OpenSpiel's MCTS bot (needs pyspiel)", 50),
    test_params=({"misere": True},),
    cli_cases={"play": (["--seed", "1", "--players", "greedy,greedy"],
                        {"--out": "p.json", "--position-out": "pp.json", "--svg": "p.svg"}),
               "show": ([], {"--svg": "s.svg"})},
)
