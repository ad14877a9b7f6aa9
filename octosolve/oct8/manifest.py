"""The Oct8 manifest: the game as the registry, the CLI, the report, the web app, interop and the
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


def _twins_search():
    from . import twins_search
    return twins_search


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


def _moves():  # the notation; turn_notation: the play page's move list says one line a turn
    from . import moves
    return moves


def _review():  # the play page's post-game review: how a move is valued (docs/web.md)
    from . import review
    return review


ROOMS = {"rules": _rules, "players": _players, "kernels": _kernels, "twins_search": _twins_search,
         "cli": _cli, "report": _report, "matches": _matches, "render": _render, "marks": _marks,
         "moves": _moves, "review": _review}

# the play page's "How to play" (the full rules: the file it names)
RULES = RulesCard(
    "docs/rules/oct8.md",
    rules=(
        "Arm cards (red, green, blue, with 1 to 8 arms) are attached to octopus heads; your own "
        "colour is a secret head card.",
        "A turn: the drawn arm card goes on a shared head of another colour (if one fits), then "
        "one action: draw 2 cards, attach cards from your hand to a shared head, or exchange "
        "cards. A head with exactly 8 arms is yours, and a baby octopus chip gives you an extra "
        "action.",
        "When a deck runs out each other player plays once more. Arms matching their head's "
        "colour score 1 each; shipped octopuses all of your secret colour score double. The "
        "highest score wins.",
    ),
    notation=(
        ("r3, g1, b8", "an arm card: colour (red, green, blue) and number of arms"),
        ("one line a turn", "its decisions joined by commas, e.g. \"g2 (turn draw) -> shared head 1 "
         "(red), attach r3 g2 -> shared head 0 (blue), discard b8\""),
        ("g2 (turn draw) -> shared head 1 (red)", "the card you drew goes on shared head 1 (0-2)"),
        ("draw 1 from the deck and r3 from the discard pile", "the draws (2 cards, or 1)"),
        ("attach r3 g2 -> shared head 0 (blue)", "hand cards onto a shared head"),
        ("swap b5 of P0's octopus 1 (green) for hand cards r2 r3",
         "an arm of your octopus for hand cards (another's: \"... for g1 g4 of P2's octopus 2 (blue)\")"),
        ("ship P0's octopus 1 (green), discard r3", "the end of a turn: at most 3 octopuses and 8 cards"),
    ),
)

# the web app's settings and levels: the hard level is the tree search, mcts (docs/oct8.md, equal
# time, 200 games each: 0.870 of the points against flat-mc, 0.955 against greedy), with a counted
# budget: 1000 iterations a decision, about 0.05 s of CPU (scripts/bench_web.py)
PRESETS = (Preset("2 players", {"players": 2}),
           Preset("3 players", {"players": 3}),
           Preset("4 players", {"players": 4}),
           Preset("Short game (2 players)", {"players": 2, "variant": "short"}))
LEVELS = (Level("easy", "random"), Level("medium", "greedy"), Level("hard", "mcts", {"simulations": 1000}))


def _openspiel(game, bot, seed, simulations):
    # it searches the true state (the usual baseline for hidden information)
    from ..core.players import OneLegalAtOnce
    return OneLegalAtOnce(bot(simulations, (seed or 0) % 2**31))


MANIFEST = GameManifest(
    "oct8", "Oct8",
    "Oct8: octopus card game - rules engine, swap enumeration, players, balance simulations.",
    rooms=ROOMS, aliases=("october8", "october-8"), twin_rooms=("twins_search",),
    presets=PRESETS, levels=LEVELS, rules_card=RULES,
    # its position picture says little at a glance: the play page's view of the seat to move
    preview=Preview({"players": 2}, 30, "view"), menu=4,
    openspiel=OpenSpielHook("OpenSpiel's MCTS bot (sees the true state; needs open_spiel)", 100,
                            build=_openspiel),
    test_params=({"players": 2},),
    cli_cases={"play": (["--seed", "1", "--players", "greedy,greedy"],
                        {"--out": "p.json", "--position-out": "pp.json", "--svg": "p.svg"}),
               "swaps": (["OCT8POS"], {"--svg": "s.svg"}),
               "match": (["--games", "2", "--players", "greedy,random"], {"--out": "m.json"}),
               "simulate": (["--games", "4", "--players", "greedy,random"], {"--out": "s.json"}),
               "tournament": (["--games", "2", "--players", "greedy,random"], {"--out": "t.json"}),
               "measure": "minutes"},
    cli_pooled=("simulate --games 2000000", "tournament --players greedy,random --games 4000"),
    cli_fuzz={"play": ["--simulations", "2"], "match": ["--games", "1", "--simulations", "2"],
              "tournament": ["--games", "1", "--simulations", "2"], "simulate": ["--games", "10"],
              "measure": "minutes, writes data/"},
    cli_inputs={"OCT8POS": ("oct8.json", ["play", "--seed", "1", "--stop-after", "10", "--position-out"])},
    # the browser tests' whole game (33 decisions of yours, 152 in all, against the easy level); on a
    # phone, a move with the board's End turn button (keep chips) to tap
    web_test=WebTest({"players": 4}, 2, 0,
                     phone=("#params=players:4,variant:standard,deck:default,baby_chips:cap,"
                            "colour_bonus:octopus&seats=human,random,random,random&level=easy&seed=2"
                            "&moves=0,4,12,767,768,781,1,11,775,781,0,3,3,800,809,0,5"),
                     button="button:stop", shot=(4, 3),
                     seeding=({"players": 2}, "mcts", {"simulations": 30}, 5, 60)),
)
