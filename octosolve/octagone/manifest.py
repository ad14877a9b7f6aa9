"""The Octagone manifest: the game as the registry, the CLI, the report, the web app, interop and the
tests read it (:class:`octosolve.core.manifest.GameManifest`; docs/design.md, "One manifest per game").
Nothing of the game is imported here but on use, through the rooms below."""

from __future__ import annotations

from ..core.manifest import GameManifest, Level, OpenSpielHook, Preset, Preview, RulesCard, WebTest

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


def _dfpn():
    from . import dfpn
    return dfpn


def _hint():
    from . import hint
    return hint


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


ROOMS = {"rules": _rules, "players": _players, "kernels": _kernels, "dfpn": _dfpn, "hint": _hint,
         "cli": _cli, "report": _report, "matches": _matches, "render": _render, "marks": _marks,
         "review": _review}

# the play page's "How to play" (the full rules: the file it names)
RULES = RulesCard(
    "docs/rules/octagone.md",
    rules=(
        "The board has 6 rows of 7 cells, one colour a row (from the top: red, orange, yellow, "
        "green, blue, violet).",
        "The first player puts the white Dama Bianca on any cell, its arrow pointing in any of 8 "
        "directions. Then each player in turn puts a shield on the cell the last arrow points to:"
        " a shield of that row's colour or a black jolly, with an arrow of your choice: it tells "
        "the next player where to play.",
        "A coloured shield (and the Dama) sends the next player to the nearest free cell along "
        "its arrow, a jolly to the farthest; an arrow pointing off the board comes back in on the"
        " opposite side. An arrow must point at a line with a free cell.",
        "With neither the colour nor a jolly you pass. The game ends when a player has no shields"
        " left, when the last shield cannot point at a free cell, or when no one can play on the "
        "cell. Fewest shields left wins (4 players: the pairs' totals).",
    ),
    notation=(
        ("r3c2 green shield -> NE",
         "where the shield went (row 3, 0-5 from the top; column 2, 0-6 from the left), which shield "
         "(the cell's colour; Octagone IV adds its syllable: green:TA shield) and its arrow"),
        ("r3c2 jolly -> SW", "a black jolly on the cell to play"),
        ("r2c2 Dama Bianca -> SE", "the first move: the Dama on any cell"),
        ("N NE E SE S SW W NW", "the arrow: N is up (towards row 0), E is right"),
        ("pass", "you hold neither the cell's colour nor a jolly"),
        ("extra jolly to P2", "4 players, before the Dama: who in the pair keeps the pair's extra jolly"),
    ),
)

# the web app's settings and levels (ranked by results/octagone/README.md)
PRESETS = (Preset("2 players"),
           Preset("KIDS (2 players)", {"variant": "kids"}),
           Preset("Octagone IV (2 players)", {"variant": "iv"}),
           Preset("4 players (two pairs)", {"players": 4}),
           Preset("4 players, hidden shields (two pairs)", {"players": 4, "hidden": True}))
# the searches stop at 0.8 s of CPU a move (their best so far; docs/web.md, "Feel"): Octagone IV and 4
# players have no numba playout, and 400 simulations took 1.5 s of CPU there
LEVELS = (Level("easy", "greedy"), Level("medium", "mcts", {"time_limit": 0.8}),
          Level("hard", "alphabeta", {"time_limit": 0.8}))


def _openspiel(game, bot, seed, simulations):
    from ..core.seeding import derive_seed
    return bot(simulations, derive_seed(seed, "os") % 2**31, uct_c=1.4)


MANIFEST = GameManifest(
    "octagone", "Octagone",
    "Octagone: arrow shields on a 6x7 board - rules, exact alpha-beta solver, players.",
    rooms=ROOMS, twin_rooms=("dfpn",), presets=PRESETS, levels=LEVELS, rules_card=RULES,
    preview=Preview({}, 12, "position"), menu=3,
    openspiel=OpenSpielHook("OpenSpiel's MCTS bot (random rollouts, MCTS-Solver), optional extra", 400,
                            ("openspiel",), _openspiel),
    test_params=({"players": 4, "hidden": True},),
    cli_cases={"new": ([], {"--out": "n.json"}),
               "move": (["OCTAGONENEW", "--row", "0", "--col", "0", "--shield", "dama", "--direction", "2"],
                        {"--out": "m.json"}),
               "play": (["--seed", "1", "--players", "greedy,greedy"],
                        {"--out": "p.json", "--position-out": "pp.json", "--svg": "p.svg"}),
               "show": (["OCTAGONENEW"], {"--svg": "s.svg"}),
               "match": (["--games", "2"], {"--out": "m.json"}),
               "advantage": (["--games", "4"], {"--out": "a.json"}),
               "perfect-play": (["--deals", "1", "--free-cells", "12"], {"--out": "pp.json"}),
               "measure": "minutes (tests/octagone/test_cli.py checks its 'wrote' line)"},
    # (a game record of a quick game: the input of the generic `octosolve replay`)
    cli_pooled=("match --players mcts,greedy --games 400", "advantage --games 20000", "perfect-play --deals 2000"),
    cli_fuzz={"play": ["--simulations", "2"], "match": ["--games", "2"], "advantage": ["--games", "2"],
              "perfect-play": ["--deals", "1", "--free-cells", "4"], "measure": "minutes, writes data/"},
    cli_inputs={"OCTAGONENEW": ("octagone.json", ["new", "--out"]),
                "REC": ("rec.json", ["play", "--seed", "2", "--players", "greedy,greedy", "--out"])},
    # the browser tests' whole game (7 moves of yours, 30 in all, against the easy level); on a
    # phone, a move with the board's Pass button to tap
    web_test=WebTest({"players": 4, "hidden": True}, 1, -1,
                     phone=("#params=variant:standard,players:2,hidden:false,wrap:edge&seats=human,greedy"
                            "&level=easy&seed=1&moves=0,339,338,343,340,339,342,341,368,339,371,368,372,"
                            "337,342,343,336,341"),
                     button="button:pass", shot=(11, 3),
                     seeding=({}, "mcts", {"simulations": 30}, 9, 24)),
)
