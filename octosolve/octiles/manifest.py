"""The Octiles manifest: the game as the registry, the CLI, the report, the web app, interop and the
tests read it (:class:`octosolve.core.manifest.GameManifest`; docs/design.md, "One manifest per game").
Nothing of the game is imported here but on use, through the rooms below."""

from __future__ import annotations

from ..core.manifest import GameManifest, Level, OpenSpielHook, Preset, Preview, RulesCard, WebPage

__all__ = ["MANIFEST"]


def _rules():
    from . import rules
    return rules


def _players():
    from . import players
    return players


def _kernels():
    from . import kernels
    return kernels


def _cli():
    from . import cli
    return cli


def _report():
    from . import report
    return report


def _matches():
    from . import matches
    return matches


def _render():
    from . import render
    return render


def _marks():  # the play page's last-move mark and game-over counts (docs/web.md)
    from . import marks
    return marks


ROOMS = {"rules": _rules, "players": _players, "kernels": _kernels, "cli": _cli,
         "report": _report, "matches": _matches, "render": _render, "marks": _marks}

# the play page's "How to play" (the full rules: the file it names)
RULES = RulesCard(
    "docs/rules/octiles-games.md",
    rules=(
        "Tiles printed with path segments go on the 17 spaces of the board (a1, b2, ...); runners"
        " stand on stops and circles (A1, B3, ...) and travel along the paths the tiles make, "
        "always to the first stop or circle on the way; an occupied one blocks.",
        "Move Over: bring your runners from the circles of your side to the circles of the "
        "opposite side. A turn: place the top tile of the stack (turned as you like) on an empty "
        "space or over a placed tile, then move one of your runners along a path through that "
        "tile. The first player with every runner home wins.",
        "Team Up: choose any tile from the pool, place it (or exchange it for a placed one "
        "without breaking the others' paths), then move a runner; the first player whose runners "
        "are all joined by paths wins. The full game: on a turn place a tile, move a runner, or "
        "(board full) replace or rotate a tile.",
    ),
    notation=(
        ("reveal tile T", "chance: tile T (0-17) comes up on the stack"),
        ("place tile T rR on s", "tile T turned R eighths of a turn (r0-r7) onto space s"),
        ("replace tile T rR on s", "the same, over the tile on s (or exchanged for it)"),
        ("move P->Q (via s)", "a runner from stop or circle P to Q, along the path through space s"),
        ("rotate s to rR", "the full game: turn the tile on s"),
        ("pass", "nothing legal this turn"),
    ),
)

# the web app's settings: the default strength keeps a computer move within about 2 s of CPU on one
# core (scripts/bench_web.py; Team Up's MCTS at the game's 200 simulations took up to 5.3 s of CPU
# on a move, at 50 about 1.4 s); levels ranked by results/octiles/README.md
PRESETS = (Preset("Move Over (2 players)", {"variant": "move-over", "players": 2}),
           Preset("Team Up (2 players)", {"variant": "team-up", "players": 2}, {"simulations": 50}),
           Preset("Octiles, the full game (2 players)", {"variant": "octiles", "players": 2}),
           Preset("Move Over (3 players)", {"variant": "move-over", "players": 3}),
           Preset("Move Over (4 players)", {"variant": "move-over", "players": 4}),
           Preset("Move Over in teams (4 players, partners opposite)",
                  {"variant": "move-over", "players": 4, "teams": True}))
LEVELS = (Level("easy", "greedy"), Level("medium", "mcts", {"simulations": 20}), Level("hard", "mcts"))

MANIFEST = GameManifest(
    "octiles", "Octiles",
    "Octiles: octagonal path tiles - path tracer, the 30 challenges (CP-SAT), games and players.",
    rooms=ROOMS, presets=PRESETS, levels=LEVELS, rules_card=RULES,
    preview=Preview({}, 10, "position"),
    pages=(WebPage("/octiles", "Octiles challenges & editor"),), menu=1,
    openspiel=OpenSpielHook("OpenSpiel's generic MCTS bot (optional: needs pyspiel)", 200),
    test_params=({"variant": "team-up", "players": 3},),
)
