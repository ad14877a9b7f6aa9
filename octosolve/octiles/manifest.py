"""The Octiles manifest: the game as the registry, the CLI, the report, the web app, interop and the
tests read it (:class:`octosolve.core.manifest.GameManifest`; docs/design.md, "One manifest per game").
Nothing of the game is imported here but on use, through the rooms below."""

from __future__ import annotations

from ..core.manifest import GameManifest, Level, OpenSpielHook, Preset, Preview, RulesCard, WebPage, WebTest

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


def _review():  # the play page's post-game review: how a move is valued (docs/web.md)
    from . import review
    return review


ROOMS = {"rules": _rules, "players": _players, "kernels": _kernels, "cli": _cli,
         "report": _report, "matches": _matches, "render": _render, "marks": _marks,
         "review": _review}

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
# hard: at most 0.8 s of CPU a move (the search plays its best so far; docs/web.md, "Feel")
LEVELS = (Level("easy", "greedy"), Level("medium", "mcts", {"simulations": 20}),
          Level("hard", "mcts", {"time_limit": 0.8}))

MANIFEST = GameManifest(
    "octiles", "Octiles",
    "Octiles: octagonal path tiles - path tracer, the 30 challenges (CP-SAT), games and players.",
    rooms=ROOMS, presets=PRESETS, levels=LEVELS, rules_card=RULES,
    preview=Preview({}, 10, "position"),
    pages=(WebPage("/octiles", "Octiles challenges & editor", api="octiles_api"),), menu=1,
    openspiel=OpenSpielHook("OpenSpiel's generic MCTS bot (optional: needs pyspiel)", 200),
    test_params=({"variant": "team-up", "players": 3},),
    cli_cases={"tiles": ([], {"--svg": "t.svg"}),
               "trace": (["OCTILESPOS"], {"--svg": "t.svg"}),
               "play": (["--seed", "1", "--players", "greedy,greedy"],
                        {"--out": "p.json", "--position-out": "pp.json", "--svg": "p.svg"}),
               "position": (["OCTILESPOS"], {"--svg": "p.svg"}),
               "challenge": (["2"], {"--svg": "c.svg"}),
               "match": (["--games", "2", "--players", "greedy,random"], {"--out": "m.json"}),
               "measure": "minutes",
               "prove": "a proof (its lines say 'wrote' or 'kept' per certificate)"},
    cli_pooled=("match --players greedy,random --games 2000",),
    cli_fuzz={"verify": ["--no-cross", "--certificates", "{certs}"],  # two stored certificates
              "play": ["--max-turns", "4"], "match": ["--games", "2", "--max-turns", "4"],
              "prove": "a proof that writes the certificates", "measure": "minutes, writes data/",
              "match-suite": "the deprecated old name of measure"},
    cli_inputs={"OCTILESPOS": ("octiles.json", ["play", "--seed", "1", "--players", "greedy,greedy",
                                                "--position-out"])},
    # the browser tests' whole game (11 moves of yours, 94 in all, against the easy level)
    web_test=WebTest({"variant": "move-over", "players": 4}, 2, -1, phone="#level=easy&seed=3", shot=(3, 2),
                     seeding=({"variant": "move-over", "players": 2}, "mcts", {"simulations": 10}, 4, 30)),
)
